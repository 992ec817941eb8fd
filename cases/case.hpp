// Cases: recorded queries with the answer expected under each ruleset (cases/<game>/*.yaml).
#pragma once
#include <string>
#include <vector>

#include "spec/spec.hpp"

namespace rulespec {

struct Case {
  std::string id, source, note, finding, game, query, file;
  std::vector<std::string> clauses;
  Value input;  // request fields beyond game/query/ruleset (includes position and moves)
  std::vector<std::pair<std::string, Value>> expect;  // ruleset id -> expected answer (subset)
  // A case `rulespec mine` found (mined: {seed, between, question}): the two rulesets it parts.
  std::vector<std::string> mined_between;
  std::string mined_question;
  SourcePos pos;
};

struct CaseResult {
  std::string case_id, ruleset;
  Value expected, actual;
  bool pass = false;
  // The clauses this run is decisive for: switched off (queries/switches.hpp), the answer no longer
  // gives what the case checks. Only a passing run counts; citations (`clause`, `clauses`) are
  // labels, not what a case decides, and are left out of the comparison.
  std::vector<std::string> decisive_for;
};

// Loads one case file, checking clause and ruleset ids against the spec.
std::vector<Case> load_case_file(const std::string& path, const Spec& spec);
// Every cases/<game>/*.yaml under `cases_dir`, sorted by path; duplicate case ids are errors.
std::vector<Case> load_cases(const std::string& cases_dir, const Spec& spec);

// The oracle request a case makes under a ruleset (game, query, ruleset and its input).
Value case_request(const Case& c, const std::string& ruleset);
CaseResult run_case(const Spec& spec, const Case& c, const std::string& ruleset);

// What a case checks of an answer, without the citations: the expectation less every `clause`
// and `clauses` key (at any depth).
Value checked_fields(const Value& expected);
// The clauses among `switches` (clause ids whose switch the run read, spec/reads.hpp) that `r`,
// a run of `c`, is decisive for: each is switched off in turn and the case run again.
std::vector<std::string> decisive_clauses(const Spec& spec, const Case& c, const CaseResult& r,
                                          const std::vector<std::string>& switches);
// A run of `c` under `rs` and the clauses it is decisive for: those whose switch the run read,
// but the clauses in `switched_off` (which the caller has switched off for it).
struct DecidedRun {
  CaseResult result;
  std::vector<std::string> decisive;
};
DecidedRun run_case_deciding(const Spec& spec, const Case& c, const std::string& rs, const std::vector<std::string>& switched_off = {});

}  // namespace rulespec
