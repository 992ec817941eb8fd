// The suite runner: one run of the whole suite is cases under each ruleset they name, properties
// under each ruleset they apply to, every analysis, certify's mutants and the installed engines;
// then findings and the cross-references between them (reports/result.hpp), which the reports
// write. Planned as items, run by worker processes, in slices that `merge` puts together.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "certify/certify.hpp"
#include "reports/result.hpp"

namespace rulespec {

struct SuiteOptions {
  std::uint64_t seed = 1;
  bool deep = false;       // more property runs
  std::string codex;       // restrict to one codex (empty: all)
  std::string mutant;      // path of rulespec-mutant, if built: its mutants are certified too (kill rate)
  int jobs = 1;            // worker processes running the suite's items (results do not depend on it)
  bool record_reads = false;  // note what each item reads of the spec (spec/reads.hpp), for amend
  bool engines = true;        // certify mutants and installed engines (amend does not)
  // Each case run is run again with every clause switch it read off, to find the clauses it is
  // decisive for (queries/switches.hpp). amend's evaluations compare two specs and skip it.
  bool decisive = true;
  int property_runs() const { return deep ? 2000 : 100; }
};

using Progress = std::function<void(const std::string& stage, int done, int total)>;

// The whole suite: plan_suite, run_items over every item (opt.jobs worker processes), finish_suite.
SuiteResult run_suite(const Spec& spec, const std::vector<Case>& cases, const SuiteOptions& opt,
                      const Progress& progress = {});

// One unit of the suite's work. The plan is a pure function of the spec, the cases and the
// options (never of what is installed), so that slices run on different machines line up.
struct SuiteItem {
  enum class Kind { Case, Property, Analysis, Mutant, Engine, Peer };
  Kind kind = Kind::Case;
  std::size_t index = 0;            // into cases, properties(), analyses(), the mutant or engine table
  const Ruleset* ruleset = nullptr;  // a property's ruleset
  std::string key;                   // "case:ID", "property:ID@RULESET", "analysis:ID", "mutant:..", "engine:.."
  const char* stage() const;         // for progress lines: "cases", "properties", ...
};
std::vector<SuiteItem> plan_suite(const Spec& spec, const std::vector<Case>& cases, const SuiteOptions& opt);

// What one item produced. A mutant or engine whose program is not here produces nothing.
struct ItemOutcome {
  std::vector<CaseResult> cases;  // a case under each ruleset it names
  std::optional<SuiteResult::CaseDiagram> diagram;
  std::optional<PropertyOutcome> property;
  std::optional<AnalysisOutcome> analysis;
  std::optional<SuiteResult::Mutant> mutant;
  std::optional<bool> reference_certified;  // an unbroken reference engine: was it certified?
  std::optional<certify::Result> certificate;
  std::optional<PeerSuiteResult> peer;
  std::set<std::string> reads;  // with SuiteOptions::record_reads: what the item read of the spec
  bool failed() const;                      // counts in SuiteResult::failures()
};
ItemOutcome run_item(const Spec& spec, const std::vector<Case>& cases, const SuiteOptions& opt, const SuiteItem& item);

// The outcomes of plan[i] for every i in `which`, in that order, computed by opt.jobs worker
// processes (forked; each item's outcome travels back as JSON, see suite_io.hpp) or in this
// process when jobs is 1. The outcomes do not depend on jobs.
std::vector<ItemOutcome> run_items(const Spec& spec, const std::vector<Case>& cases, const SuiteOptions& opt,
                                   const std::vector<SuiteItem>& plan, const std::vector<std::size_t>& which,
                                   const Progress& progress = {});

// The suite's result from every item's outcome (outcomes[i] belongs to plan[i]): findings in
// report order, the findings register checked, finding-quality properties, cross-references.
SuiteResult finish_suite(const Spec& spec, const std::vector<Case>& cases, const SuiteOptions& opt,
                         const std::vector<SuiteItem>& plan, std::vector<ItemOutcome> outcomes);

// certify's mutants of the reference engines and the real engines a report certifies when they
// are installed: how many of each (the items' indices), and one of each run.
// The peer suites a report runs: peers/<game>/*.yaml under the source tree, sorted, loaded once
// (a broken file is an InputError at plan time). A suite whose ruleset the spec does not hold
// (a generated catalog) is not planned.
const std::vector<PeerSuite>& peer_suites();

std::size_t mutant_probe_count();
std::size_t real_engine_count();
std::string mutant_probe_key(std::size_t i);
bool mutant_probe_applies(const Spec& spec, const SuiteOptions& opt, std::size_t i);
void run_mutant_probe(const Spec& spec, const SuiteOptions& opt, std::size_t i, ItemOutcome& out);
// The real engines make the conformance matrix: engine i under every ruleset of its game (and of
// the codex asked for), one item each.
bool real_engine_applies(const Spec& spec, const SuiteOptions& opt, std::size_t i, const Ruleset& rs);
std::string real_engine_key(std::size_t i, const Ruleset& rs);
void run_real_engine(const Spec& spec, const SuiteOptions& opt, std::size_t i, const Ruleset& rs, ItemOutcome& out);

// The finding-quality properties for one finding (both of them).
std::vector<FindingCheck> check_finding(const Spec& spec, const std::vector<Case>& cases, const Finding& f);

}  // namespace rulespec
