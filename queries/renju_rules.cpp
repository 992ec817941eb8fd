#include "queries/renju_rules.hpp"

namespace rulespec {
namespace {

// The reading a ruleset takes of a clause, or `fallback` when an amendment has removed the clause.
std::string reading_or(const Spec& spec, const Ruleset& rs, const char* clause_id, const char* fallback) {
  const Clause* c = spec.clause(clause_id);
  return c ? spec.reading(rs, *c) : fallback;
}

}  // namespace

renju::FoulRules renju_foul_rules(const Spec& spec, const Ruleset& rs) {
  renju::FoulRules r;
  r.forks = {rs.bool_param("foul_double_three"), rs.bool_param("foul_double_four"), rs.bool_param("foul_multi_fork")};
  r.overline = rs.string_param("overline_black") == "foul";
  r.white_overline_wins = rs.string_param("overline_white") == "win";
  r.same_line_fours = reading_or(spec, rs, "rif-renju.foul.fork-definition", "same-line-counts") == "same-line-counts";
  r.recursive_threes = reading_or(spec, rs, "rif-renju.three.definition", "recursive-legality") == "recursive-legality";
  r.five_point_no_three = reading_or(spec, rs, "rif-renju.three.five-point", "no-three") == "no-three";
  r.five_exempts = reading_or(spec, rs, "rif-renju.result.five-with-foul", "five-wins") == "five-wins";
  r.long_row_is_five = reading_or(spec, rs, "rif-renju.five.definition", "exactly-five") == "at-least-five";
  return r;
}

std::string renju_foul_consequence(const Spec& spec, const Ruleset& rs) {
  const std::string reading = reading_or(spec, rs, "rif-renju.foul.consequence", "immediate-loss");
  return reading == "claim-required" ? "white-may-claim" : reading == "illegal-move" ? "move-refused" : "black-loses";
}

}  // namespace rulespec
