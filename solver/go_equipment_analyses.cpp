// Equipment and coordinates of the two Go codices: does each codex's grid fit its board and its
// stones fit the grid, and do the two coordinate systems give one label to different points?
#include "model/go/coordinates.hpp"
#include "solver/finding.hpp"
#include "solver/harness.hpp"

namespace rulespec {
namespace {

// Dimensions in tenths of a millimetre, as the texts state them.
struct Equipment {
  const char* codex;
  int board_long, board_short, spacing_vertical, spacing_horizontal, stone_max;
  std::vector<std::string> clauses;
};

void equipment_fit(const Spec& spec, AnalysisOutcome& out) {
  const Equipment all[] = {
      {"ing-1996", 4500, 4200, 236, 221, 218,
       {"ing-1996.equipment.board-dimensions", "ing-1996.equipment.line-spacing", "ing-1996.equipment.stone-dimensions"}},
      {"ru-go-1985", 4600, 4300, 235, 225, 220,
       {"ru-go-1985.art2.p1", "ru-go-1985.art2.p1.spacing", "ru-go-1985.art2.p3", "ru-go-1985.art2.p3.standard-diameter"}},
  };
  std::string detail;
  for (const auto& e : all) {
    if (!spec.codex(e.codex)) continue;
    ClauseModel m;
    auto grid_v = m.int_var("grid_vertical"), grid_h = m.int_var("grid_horizontal");
    m.assume(grid_v == 18 * e.spacing_vertical && grid_h == 18 * e.spacing_horizontal);
    m.clause(e.clauses[0], grid_v <= e.board_long && grid_h <= e.board_short);
    m.clause(e.clauses[1], grid_v == 18 * e.spacing_vertical);
    m.clause(e.clauses.back(), m.num(e.stone_max) <= e.spacing_horizontal);
    const bool fits = m.check() == z3::sat;
    detail += std::string(e.codex) + (fits ? ": grid and stones fit; " : ": does not fit; ");
    if (!fits) {
      Finding f{
          .id = std::string("F-") + e.codex + "-equipment-does-not-fit",
          .kind = "numeric",
          .summary = "The stated grid or stones do not fit the stated board",
          .explanation = "Eighteen spacings of the grid, or the stone diameter, exceed the board dimensions the text gives.",
          .clauses = m.minimal_core(),
          .rulesets = {e.codex},
          .witness = Value::map(),
      };
      f.corrections = m.minimum_corrections();
      f.correction_problem = m.correction_problem();
      f.witness.set("grid_vertical_mm", Value::number(18 * e.spacing_vertical / 10.0));
      f.witness.set("grid_horizontal_mm", Value::number(18 * e.spacing_horizontal / 10.0));
      out.findings.push_back(f);
    }
  }
  out.detail = detail;
}

void coordinate_divergence(const Spec&, AnalysisOutcome& out) {
  // A label both systems use for different points; the 4-4 point (a hoshi in both codices) first.
  std::vector<std::pair<int, int>> order = {{4, 4}};
  for (int row = 1; row <= 19; ++row)
    for (int col = 1; col <= 19; ++col) order.emplace_back(col, row);
  for (const auto& [col, row] : order) {
      const std::string ing = go::ing_point_name(col, row);
      const std::string ing_as_1985 = ing.substr(0, 1) + "-" + ing.substr(1);
      const auto other = go::parse_codex1985_point(ing_as_1985);
      if (!other || (other->first == col && other->second == row)) continue;
      Finding f{
          .id = "F-ru-go-1985-vs-ing-1996-coordinates",
          .kind = "divergence",
          .summary = "'" + ing + "' (Ing) and '" + ing_as_1985 + "' (1985) are different points",
          .explanation = "Ing letters the columns from the left and numbers the rows from Black's edge; the 1985 Codex letters the "
              "rows from the top (as Black sees the board) and numbers the columns. The same letter-number pair therefore "
              "names two different points: Ing's " + ing + " is the 1985 Codex's " + go::codex1985_point_name(col, row) +
              ", while the 1985 Codex's " + ing_as_1985 + " is Ing's " + go::ing_point_name(other->first, other->second) +
              ". Records and handicap diagrams cannot be copied between the codices without conversion.",
          .clauses = {"ru-go-1985.art2.p1.lines", "ru-go-1985.art2.p1.coordinates", "ing-1996.coordinates.columns",
              "ing-1996.coordinates.rows", "ing-1996.coordinates.point-name"},
          .rulesets = {"ing-1996", "ru-go-1985"},
          .witness = Value::map(),
      };
      f.witness.set("label", Value::string(ing));
      f.witness.set("ing-1996", Value::string(ing));
      f.witness.set("ru-go-1985", Value::string(go::codex1985_point_name(col, row)));
      f.witness.set("ru-go-1985-label-means", Value::string(go::ing_point_name(other->first, other->second)));
      f.case_id = "go.coordinates.d4";
      out.findings.push_back(f);
      out.detail = "first shared label naming two points: " + ing;
      return;
    }
  out.detail = "the systems agree";
}

}  // namespace

void register_go_equipment_analyses(std::vector<AnalysisInfo>& out) {
  out.push_back({"go.equipment-fit", "board, grid and stone dimensions of both codices",
                 {"ing-1996.equipment.board-dimensions", "ing-1996.equipment.line-spacing", "ing-1996.equipment.stone-dimensions",
                  "ru-go-1985.art2.p1", "ru-go-1985.art2.p1.spacing", "ru-go-1985.art2.p3", "ru-go-1985.art2.p3.standard-diameter"},
                 equipment_fit});
  out.push_back({"go.coordinate-divergence", "labels the two coordinate systems give to different points",
                 {"ru-go-1985.art2.p1.coordinates", "ing-1996.coordinates.point-name"}, coordinate_divergence});
}

}  // namespace rulespec
