#include "queries/renju_rules.hpp"

namespace rulespec {
renju::FoulRules renju_foul_rules(const Spec&, const Ruleset& rs) {
  renju::FoulRules r;
  r.forks = {rs.bool_param("foul_double_three"), rs.bool_param("foul_double_four"), rs.bool_param("foul_multi_fork")};
  r.overline = rs.choice<bool>("overline_black", {{"foul", true}, {"win", false}, {"no-win", false}});
  r.white_overline_wins = rs.choice<bool>("overline_white", {{"win", true}, {"no-win", false}});
  // A clause an amendment removed reads as its default reading.
  r.same_line_fours = rs.reading_choice<bool>("rif-renju.foul.fork-definition",
                                              {{"same-line-counts", true}, {"distinct-lines-only", false}}, true);
  r.recursive_threes = rs.reading_choice<bool>("rif-renju.three.definition", {{"recursive-legality", true}, {"structural", false}}, true);
  r.five_point_no_three = rs.reading_choice<bool>("rif-renju.three.five-point", {{"no-three", true}, {"counts", false}}, true);
  r.five_exempts = rs.reading_choice<bool>("rif-renju.result.five-with-foul", {{"five-wins", true}, {"foul-loses", false}}, true);
  r.long_row_is_five = rs.reading_choice<bool>("rif-renju.five.definition", {{"exactly-five", false}, {"at-least-five", true}}, false);
  return r;
}

std::string renju_foul_consequence(const Spec&, const Ruleset& rs) {
  return rs.reading_choice<std::string>(
      "rif-renju.foul.consequence",
      {{"immediate-loss", "black-loses"}, {"claim-required", "white-may-claim"}, {"illegal-move", "move-refused"}}, "black-loses");
}

}  // namespace rulespec
