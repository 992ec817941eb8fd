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
};

// Loads one case file, checking clause and ruleset ids against the spec.
std::vector<Case> load_case_file(const std::string& path, const Spec& spec);
// Every cases/<game>/*.yaml under `cases_dir`, sorted by path; duplicate case ids are errors.
std::vector<Case> load_cases(const std::string& cases_dir, const Spec& spec);

Value case_request(const Case& c, const std::string& ruleset);
CaseResult run_case(const Spec& spec, const Case& c, const std::string& ruleset);

}  // namespace rulespec
