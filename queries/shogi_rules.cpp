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
  return r;
}

}  // namespace rulespec
