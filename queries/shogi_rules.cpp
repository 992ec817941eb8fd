#include "queries/shogi_rules.hpp"

namespace rulespec {

shogi::PointValues shogi_point_values(const Ruleset& rs) {
  return {static_cast<int>(rs.int_param("points_rook_bishop")), static_cast<int>(rs.int_param("points_other"))};
}

shogi::DeclarationRules shogi_declaration_rules(const Ruleset& rs) {
  shogi::DeclarationRules r;
  r.values = shogi_point_values(rs);
  r.condition_2 = rs.bool_param("condition_2");
  r.points_sente = static_cast<int>(rs.int_param("declare_points_sente"));
  r.points_gote = static_cast<int>(rs.int_param("declare_points_gote"));
  r.min_pieces_in_camp = static_cast<int>(rs.int_param("min_pieces_in_camp"));
  if (rs.has_param("declare_draw_points")) r.draw_points = static_cast<int>(rs.int_param("declare_draw_points"));
  return r;
}

std::optional<shogi::Side> shogi_tie_winner(const Ruleset& rs) {
  return rs.choice<std::optional<shogi::Side>>("tie_winner",
                                               {{"sente", shogi::Side::Sente}, {"gote", shogi::Side::Gote}, {"none", std::nullopt}});
}

void shogi_point_rule_verdict(const Ruleset& rs, int sente, int gote, Value& out) {
  enum class Rule { Points27, Points24, None };
  const Rule rule = rs.choice<Rule>("impasse_rule", {{"points-27", Rule::Points27}, {"points-24", Rule::Points24}, {"none", Rule::None}});
  std::string verdict = "no-point-rule";
  if (rule == Rule::Points27) {
    const int threshold = static_cast<int>(rs.int_param("points_threshold"));
    const int w = shogi::adjudicate_27(sente, gote, threshold, shogi_tie_winner(rs));
    verdict = w > 0 ? "sente-wins" : w < 0 ? "gote-wins" : sente == threshold && gote == threshold ? "jishogi" : "undecided";
  } else if (rule == Rule::Points24) {
    const int threshold = static_cast<int>(rs.int_param("draw_threshold"));
    const int w = shogi::adjudicate_24(sente, gote, threshold);
    // Line 11: the side above may claim the win; read as automatic, the count itself decides.
    const bool automatic = rs.reading_choice<bool>("jishogi.points24.claim-below-24", {{"claim-required", false}, {"automatic", true}}, false);
    verdict = w > 0   ? (automatic ? "sente-wins" : "sente-may-claim")
              : w < 0 ? (automatic ? "gote-wins" : "gote-may-claim")
              : sente >= threshold ? "jishogi"
                                   : "undecided";
  }
  out.set("verdict", Value::string(verdict));
  if (verdict != "jishogi") return;
  const bool replayed = rs.bool_param("replay_on_jishogi");
  out.set("replayed", Value::boolean(replayed));
  if (replayed) out.set("colours_swapped", Value::boolean(rs.bool_param("replay_swap_colours")));
}

}  // namespace rulespec
