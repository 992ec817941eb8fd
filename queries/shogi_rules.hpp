// The jishogi rules a ruleset executes (its params), shared by the shogi queries and the shogi
// properties so that each reads the catalog the same way.
#pragma once
#include <string>
#include <vector>

#include "model/common/decision_table.hpp"
#include "model/shogi/jishogi.hpp"
#include "spec/spec.hpp"

namespace rulespec {

shogi::PointValues shogi_point_values(const Ruleset& rs);
// The ruleset whose impasse rule (impasse_rule, thresholds, replay) decides the point count: the
// ruleset itself, or, for a try-rule ruleset without jishogi.try.replaces-jishogi, the nearest base
// it adds the try to (the point adjudication is then not abolished).
const Ruleset& shogi_impasse_ruleset(const Spec& spec, const Ruleset& rs);
// The declaration conditions of a ruleset with `declaration: true`.
shogi::DeclarationRules shogi_declaration_rules(const Ruleset& rs);

// A declaration (lines 27-38) as the table jishogi.decisions.declaration states it, compiled for
// the ruleset: the facts of a declaration made on the declarer's turn, the points condition 2
// counts (condition 3's scope, the model's arithmetic) and his pieces in the camp are the inputs;
// the rows give the verdict (policy first: each failed condition's row, then the win). `failed`
// holds the clause of every row that makes the declarer lose, in table order. The draw band of
// the rulesets not in the source (param declare_draw_points: 24-30 points jishogi) is no row of
// the text's table; it turns the table's loss for condition 2 alone into a draw.
struct DeclarationOutcome {
  std::string verdict = "undecided";  // win, lose, draw, undecided (no row), conflicting
  int points = 0, pieces_in_camp = 0;
  std::vector<std::string> failed;
};
DeclarationOutcome shogi_declaration_verdict(const Spec& spec, const Ruleset& rs, const shogi::DeclarationFacts& facts);
// The clause of declaration condition 1-6 (jishogi.declaration.cond1-king-in-camp, ...).
const char* declaration_condition_clause(int condition);

// Who wins a 27-point tie (27:27): sente, gote, or nobody (jishogi).
std::optional<shogi::Side> shogi_tie_winner(const Ruleset& rs);
// The verdict of the ruleset's point rule on two totals, as the catalog's tables state it
// (jishogi.decisions.points-27 for line 21, jishogi.decisions.points-24 for line 11, compiled for
// the ruleset: queries/decision_tables.hpp): "sente-wins" / "gote-wins" (27-point system),
// "sente-may-claim" / "gote-may-claim" / "either-may-claim" (24-point rule; "-wins" when the claim
// is read as automatic), "jishogi", "conflicting" (rows give both sides the win: both lose),
// "undecided" or "no-point-rule"; a jishogi verdict also says whether the game is replayed and with
// which colours (params replay_on_jishogi, replay_swap_colours; line 11).
void shogi_point_rule_verdict(const Spec& spec, const Ruleset& rs, int sente_points, int gote_points, Value& out);
// The two tables' verdicts alone (Black is sente: jishogi.result.colour-names).
std::string points27_verdict(const rules::CompiledTable& points27, int sente_points, int gote_points);
std::string points24_verdict(const rules::CompiledTable& points24, const Ruleset& rs, int sente_points, int gote_points);

}  // namespace rulespec
