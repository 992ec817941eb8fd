// One run of the whole suite: cases under each ruleset they name, properties under each ruleset
// they apply to, every analysis; then findings, coverage and the cross-references between them.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "cases/case.hpp"
#include "certify/certify.hpp"
#include "properties/property.hpp"
#include "solver/finding.hpp"

namespace rulespec {

struct SuiteOptions {
  std::uint64_t seed = 1;
  bool deep = false;       // more property runs
  std::string codex;       // restrict to one codex (empty: all)
  std::string mutant;      // path of rulespec-mutant, if built: its mutants are certified too (kill rate)
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

  bool all_pass() const;
  int failures() const;
};

using Progress = std::function<void(const std::string& stage, int done, int total)>;

SuiteResult run_suite(const Spec& spec, const std::vector<Case>& cases, const SuiteOptions& opt,
                      const Progress& progress = {});

// certify's mutants and the installed real engines, into r.mutants and r.certificates.
void certify_engines(const Spec& spec, const SuiteOptions& opt, SuiteResult& r);

// The finding-quality properties for one finding (both of them).
std::vector<FindingCheck> check_finding(const Spec& spec, const std::vector<Case>& cases, const Finding& f);

// Coverage of one codex: clauses in all, board-free ones, and how many of each are exercised.
struct Coverage {
  int clauses = 0, exercised = 0, board_free = 0, board_free_exercised = 0, encoded = 0;
  int encoded_unexercised = 0;  // status says encoded, yet nothing names the clause
};
Coverage coverage(const Codex& cx, const SuiteResult& r);

}  // namespace rulespec
