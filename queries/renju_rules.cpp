#include "queries/renju_rules.hpp"

#include <limits>

#include "queries/switches.hpp"

namespace rulespec {
renju::FoulRules renju_foul_rules(const Spec&, const Ruleset& rs) {
  renju::FoulRules r;
  // Each foul without the clause that states it (queries/switches.hpp) is no foul: the lists of
  // line 30 restate lines 41 and 53, which hold the switches.
  r.forks = {rs.bool_param("foul_double_three") && clause_applies(rs, "rif-renju.foul.black-double-three"),
             rs.bool_param("foul_double_four") && clause_applies(rs, "rif-renju.foul.black-double-four"),
             rs.bool_param("foul_multi_fork")};
  r.overline = rs.choice<bool>("overline_black", {{"foul", true}, {"win", false}, {"no-win", false}}) &&
               clause_applies(rs, "rif-renju.overline.black-foul");
  r.white_overline_wins = rs.choice<bool>("overline_white", {{"win", true}, {"no-win", false}}) &&
                          clause_applies(rs, "rif-renju.overline.white-wins-basic");
  // A clause an amendment removed reads as its default reading, except where the clause holds a
  // switch: without line 29's precedence the five and the foul both stand (the literal reading).
  r.same_line_fours = rs.reading_choice<bool>("rif-renju.foul.fork-definition",
                                              {{"same-line-counts", true}, {"distinct-lines-only", false}}, true);
  r.recursive_threes = rs.reading_choice<bool>("rif-renju.three.definition", {{"recursive-legality", true}, {"structural", false}}, true);
  r.five_point_no_three = rs.reading_choice<bool>("rif-renju.three.five-point", {{"no-three", true}, {"counts", false}}, true);
  r.five_exempts = rs.reading_choice<bool>("rif-renju.result.five-with-foul", {{"five-wins", true}, {"foul-loses", false}}, true) &&
                   clause_applies(rs, "rif-renju.result.five-with-foul");
  r.long_row_is_five = rs.reading_choice<bool>("rif-renju.five.definition", {{"exactly-five", false}, {"at-least-five", true}}, false);
  return r;
}

std::string renju_foul_consequence(const Spec&, const Ruleset& rs) {
  // Without the consequence (lines 41, 58, 69) a foul is only forbidden (line 30): the move is refused.
  if (!clause_applies(rs, "rif-renju.foul.consequence")) return "move-refused";
  return rs.reading_choice<std::string>(
      "rif-renju.foul.consequence",
      {{"immediate-loss", "black-loses"}, {"claim-required", "white-may-claim"}, {"illegal-move", "move-refused"}}, "black-loses");
}

int renju_pass_min_stones(const Ruleset& rs) {
  return clause_applies(rs, "rif-renju.pass.not-before-sixth-stone") ? static_cast<int>(rs.int_param("pass_min_stones")) : 0;
}

int renju_passes_to_draw(const Ruleset& rs) {
  return clause_applies(rs, "rif-renju.pass.two-consecutive-draw") ? static_cast<int>(rs.int_param("passes_to_draw"))
                                                                  : std::numeric_limits<int>::max();
}

bool renju_tengen(const Ruleset& rs) {
  return rs.choice<bool>("first_move", {{"tengen", true}, {"any", false}}) && clause_applies(rs, "rif-renju.opening.tengen");
}

}  // namespace rulespec
