// What one run of the suite found, as the reports write it: case, property and analysis
// outcomes, findings, claims checked, coverage, engine certificates. Plain data; the suite
// (suite/) fills it, the report writers (reports/report.hpp) read it.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "cases/case.hpp"
#include "cases/peers.hpp"
#include "properties/property.hpp"
#include "solver/finding.hpp"
#include "spec/value.hpp"

namespace rulespec {

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
  std::string codex;  // the one codex run (verify --codex), or empty for all
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
  std::map<std::string, std::vector<std::string>> cited_by;  // clause id -> "case:..", "property:..", "analysis:.." (what cites it)
  // The evidence that could have failed: clause id -> the case runs ("case:ID@RULESET") whose
  // answer changes with the clause switched off (queries/switches.hpp), in plan order.
  std::map<std::string, std::vector<std::string>> decisive_by;  // also "property:ID@RULESET (N of M samples)"
  std::vector<std::string> problems;                              // dangling references between cases and findings
  // The board cases drawn from their input position (reports/diagrams), by case id.
  struct CaseDiagram {
    std::string codex, clauses, svg;
  };
  std::map<std::string, CaseDiagram> case_diagrams;
  // Real engines installed on this machine, certified over their own protocols (informative:
  // a real engine's failure is its certificate, not a failure of the suite): each certificate as
  // `rulespec certify` writes it (certificate.json), and the conformance matrix drawn from them
  // (an HTML fragment with its style), both made by the suite.
  std::vector<Value> certificates;
  std::string certificates_html;
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

// Coverage of one codex. A clause is *exercised* only by evidence that could have failed: some
// case run whose answer changes with the clause switched off (SuiteResult::decisive_by); one that
// is merely cited is not.
struct Coverage {
  int clauses = 0, cited = 0, exercised = 0, board_free = 0, board_free_exercised = 0, encoded = 0;
  int encoded_uncited = 0;  // status says encoded, yet nothing names the clause
  int not_decisive = 0;     // encoded or partial, and says why nothing can be decisive for it
  int to_do = 0;            // encoded or partial, not exercised, and no not_decisive reason
  int decisive_case_runs = 0;  // case runs decisive for one of its clauses (a run counted per clause)
  int decisive_property_runs = 0;  // property runs with decisive samples for one of its clauses
};
Coverage coverage(const Codex& cx, const SuiteResult& r);
// Whether a clause is exercised (decisive evidence exists), and whether it is one the models are
// meant to apply (encoded or partial).
bool clause_exercised(const SuiteResult& r, const std::string& clause_id);
bool clause_applied(const Clause& cl);

}  // namespace rulespec
