// The report's section on mined cases (cases/mined/, written by rulespec mine): per game,
// question and pair of rulesets, how many witnesses the repository holds and the smallest of them.
#pragma once
#include <string>
#include <vector>

#include "reports/result.hpp"

namespace rulespec {

struct MinedGroup {
  std::string game, question, pair;  // pair: "R1 vs R2"
  int cases = 0;
  // The smallest witness: fewest parts (stones, pieces), then the case id.
  std::string case_id, clauses, input, part_name;
  int parts = 0;
  bool pass = true;  // every run of every case of the group passed in this suite
};

// From the repository's case files and the suite's case runs; groups none of whose cases ran
// (another --codex) are left out.
std::vector<MinedGroup> mined_groups(const Spec& spec, const SuiteResult& r);

}  // namespace rulespec
