// The old RIF opening against the basic move rule and the pass rule.
#include "model/renju/opening_procedure.hpp"
#include "solver/finding.hpp"
#include "solver/harness.hpp"

namespace rulespec {
namespace {

void opening_own_colour(const Spec& spec, AnalysisOutcome& out) {
  if (!spec.clause("rif-renju.move.own-colour") || !spec.clause("rif-renju.opening.rif-old.first-three")) {
    out.detail = "clauses absent";
    return;
  }
  // One colour per player (true = Black); own-colour ties every placement to the placer's colour.
  ClauseModel m;
  auto first_is_black = m.bool_var("first_player_black");
  const auto steps = renju::rif_old_opening('W');
  for (const auto& p : steps)
    if (p.player == 1)
      m.clause(p.step <= "3" ? "rif-renju.opening.rif-old.first-three" : "rif-renju.opening.rif-old.fourth-by-first",
               m.bool_var("placed_" + p.step + "_black") == m.ctx().bool_val(p.colour == 'B'));
  for (const auto& p : steps)
    if (p.player == 1)
      m.clause("rif-renju.move.own-colour", m.bool_var("placed_" + p.step + "_black") == first_is_black);
  if (m.check() == z3::sat) {
    out.detail = "consistent";
    return;
  }
  Finding f;
  f.id = "F-rif-renju-opening-vs-own-colour";
  f.kind = "conflict";
  f.clauses = m.minimal_core();
  f.rulesets = {"rif-renju"};
  f.summary = "The old RIF opening has one player place stones of both colours; the basic rule says a move places the mover's own colour";
  f.explanation =
      "Line 29: each move places a stone of the mover's own colour. Line 108: the player listed first places a black, "
      "a white and a black stone before anyone has a colour, and the colours are chosen only afterwards. No exception "
      "is stated, so the opening rule breaks the move rule " + std::to_string(renju::own_colour_violations(steps)) +
      " times; gomoku swap and swap2 (lines 115-116) do the same.";
  f.witness = Value::map();
  f.witness.set("first_player_places", Value::string("B, W, B"));
  f.witness.set("violations", Value::integer(renju::own_colour_violations(steps)));
  f.case_id = "renju.opening.rif-old-white-chosen";
  out.findings.push_back(f);
  out.detail = "conflict";
}

void sixth_stone(const Spec& spec, AnalysisOutcome& out) {
  const Clause* c = spec.clause("rif-renju.pass.not-before-sixth-stone");
  if (!c || !c->reading("after-move-six") || !c->reading("six-stones-present")) {
    out.detail = "one reading";
    return;
  }
  const auto steps = renju::rif_old_opening('W');
  const bool on_board = renju::white_may_pass_at_move_six(steps, false);
  const bool appeared = renju::white_may_pass_at_move_six(steps, true);
  if (on_board == appeared) {
    out.detail = "readings agree";
    return;
  }
  Finding f;
  f.id = "F-rif-renju-sixth-stone";
  f.kind = "ambiguity";
  f.clauses = {"rif-renju.pass.not-before-sixth-stone", "rif-renju.opening.rif-old.two-fifth-proposals",
               "rif-renju.opening.rif-old.white-picks-fifth", "rif-renju.pass.sixth-is-third-white"};
  f.rulesets = {"rif-renju"};
  f.summary = "Under the old RIF opening the sixth stone 'appears' before move 6, so White may or may not pass at move 6";
  f.explanation =
      "A pass is allowed once the sixth (third white) stone has appeared on the board. The old RIF opening puts two "
      "fifth-move proposals on the board, so a sixth stone appears before White's move 6 (it is black, not the third "
      "white stone the parenthesis promises) and one of them is taken off again. Counting stones that have appeared, "
      "White may pass instead of move 6; counting the third white stone, the first pass is Black's move 7.";
  f.witness = Value::map();
  f.witness.set("stones_appeared_before_move_6", Value::integer(6));
  f.witness.set("after-move-six", Value::boolean(on_board));
  f.witness.set("six-stones-present", Value::boolean(appeared));
  f.case_id = "renju.opening.rif-old-white-chosen";
  out.findings.push_back(f);
  out.detail = "readings disagree";
}

}  // namespace

void register_renju_analyses(std::vector<AnalysisInfo>& out) {
  out.push_back({"renju.opening-own-colour", "the old RIF opening against the move rule",
                 {"rif-renju.move.own-colour", "rif-renju.opening.rif-old.first-three"}, opening_own_colour});
  out.push_back({"renju.sixth-stone", "the pass rule under the old RIF opening",
                 {"rif-renju.pass.not-before-sixth-stone", "rif-renju.opening.rif-old.two-fifth-proposals"}, sixth_stone});
}

}  // namespace rulespec
