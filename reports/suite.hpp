// One run of the whole suite: cases under each ruleset they name, properties under each ruleset
// they apply to, every analysis; then findings, coverage and the cross-references between them.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "cases/case.hpp"
#include "cases/peers.hpp"
#include "certify/certify.hpp"
#include "properties/property.hpp"
#include "solver/finding.hpp"

namespace rulespec {

struct SuiteOptions {
  std::uint64_t seed = 1;
  bool deep = false;       // more property runs
  std::string codex;       // restrict to one codex (empty: all)
  std::string mutant;      // path of rulespec-mutant, if built: its mutants are certified too (kill rate)
  int jobs = 1;            // worker processes running the suite's items (results do not depend on it)
  bool record_reads = false;  // note what each item reads of the spec (spec/reads.hpp), for amend
  bool engines = true;        // certify mutants and installed engines (amend does not)
  int property_runs() const { return deep ? 2000 : 100; }
};

// One finding checked by a finding-quality property: its replay shows what it claims
// (finding.replay-shows-claim), or the source lines it cites exist and are not blank
// (finding.cites-source-lines).
struct FindingCheck {
  std::string property, finding;
  bool pass = false;
  std::string detail;  // what was compared, and what differed
};

struct SuiteResult {
  std::uint64_t seed = 1;
  std::vector<CaseResult> cases;
  std::vector<PropertyOutcome> properties;
  std::vector<AnalysisOutcome> analyses;
  std::vector<Finding> findings;                                  // defects, wording, differences; by id within
  std::vector<FindingCheck> finding_checks;
  // The text's claims about its own rules, as the cases, properties and analyses that check them
  // find them: "holds", "fails", or "unchecked" (a checker missing or failing itself).
  struct ClaimCheck {
    std::string codex, claim, observed, detail;
    bool pass = false;  // observed as the catalog expects
  };
  std::vector<ClaimCheck> claim_checks;
  std::map<std::string, std::vector<std::string>> exercised_by;  // clause id -> "case:..", "property:..", "analysis:.."
  std::vector<std::string> problems;                              // dangling references between cases and findings
  // The board cases drawn from their input position (reports/diagrams), by case id.
  struct CaseDiagram {
    std::string codex, clauses, svg;
  };
  std::map<std::string, CaseDiagram> case_diagrams;
  // Real engines installed on this machine, certified over their own protocols (informative:
  // a real engine's failure is its certificate, not a failure of the suite).
  std::vector<certify::Result> certificates;
  // certify's own teeth: each mutant of the reference engines, the clause it breaks, whether
  // certify rejected it on that clause; and whether the unbroken references were certified.
  struct Mutant {
    std::string game, flip, clause;
    bool killed = false;
  };
  std::vector<Mutant> mutants;
  bool references_certified = true;
  // With verify --repair (docs/repair.md): per defect and wording finding, its proposal of least
  // cost (the changes, the cost, the amendment file) or what a fix needs that the catalogs lack.
  struct Repair {
    std::string best, cost, file, missing;
    int proposals = 0;
    std::vector<std::pair<std::string, std::string>> files;  // path under the report directory, content (amendments, certificate.smt2)
  };
  std::map<std::string, Repair> repairs;
  // Peers' rule tests (peers/<game>/<suite>.yaml, cases/peers.hpp): per suite, how many items we
  // answer as the peer does, how many differ by a named reading, and the rest.
  std::vector<PeerSuiteResult> peers;

  bool all_pass() const;
  int failures() const;
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

// Coverage of one codex: clauses in all, board-free ones, and how many of each are exercised.
struct Coverage {
  int clauses = 0, exercised = 0, board_free = 0, board_free_exercised = 0, encoded = 0;
  int encoded_unexercised = 0;  // status says encoded, yet nothing names the clause
};
Coverage coverage(const Codex& cx, const SuiteResult& r);

}  // namespace rulespec
