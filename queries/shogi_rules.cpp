#include "queries/shogi_rules.hpp"

#include <algorithm>

#include "queries/decision_tables.hpp"
#include "queries/switches.hpp"

namespace rulespec {

// Each rule without its clause (removed by an amendment, or off in a decisive check) is gone; a
// point split no rule then decides is "undecided" (queries/switches.hpp).
shogi::PointValues shogi_point_values(const Ruleset& rs) {
  const int other = static_cast<int>(rs.int_param("points_other"));
  // Line 23 without its first half: every piece but the king is worth one point.
  const bool majors_five = clause_applies(rs, "jishogi.points.rook-bishop-5");
  return {majors_five ? static_cast<int>(rs.int_param("points_rook_bishop")) : other, other};
}

const Ruleset& shogi_impasse_ruleset(const Spec& spec, const Ruleset& rs) {
  if (rs.codex != "jishogi" || !rs.has_param("try_rule") || !rs.bool_param("try_rule")) return rs;
  // Line 54 without its replacement: the try is added to the rules it was proposed for, whose
  // point adjudication stays.
  if (clause_applies(rs, "jishogi.try.replaces-jishogi")) return rs;
  for (size_t i = 1; i < rs.chain.size(); ++i) {
    const Ruleset& base = spec.ruleset(rs.chain[i]);
    if (!base.has_param("try_rule") || !base.bool_param("try_rule")) return base;
  }
  return rs;
}

shogi::DeclarationRules shogi_declaration_rules(const Ruleset& rs) {
  shogi::DeclarationRules r;
  // Lines 31, 33 and 36 without their sentence: the king may stand anywhere, condition 2 counts
  // every piece of the declarer, and a declarer in check may declare.
  r.condition_1 = clause_applies(rs, "jishogi.declaration.cond1-king-in-camp");
  r.count_camp_and_hand_only = clause_applies(rs, "jishogi.declaration.cond3-count-scope");
  r.condition_6 = clause_applies(rs, "jishogi.declaration.cond6-not-in-check");
  r.values = shogi_point_values(rs);
  // Thresholds of 0 (the JSA of line 40, reading no-point-condition) leave condition 2 nothing to ask.
  r.condition_2 = clause_applies(rs, "jishogi.declaration.cond2-points");
  r.points_sente = static_cast<int>(rs.int_param("declare_points_sente"));
  r.points_gote = static_cast<int>(rs.int_param("declare_points_gote"));
  r.min_pieces_in_camp = clause_applies(rs, "jishogi.declaration.cond4-ten-pieces") ? static_cast<int>(rs.int_param("min_pieces_in_camp")) : 0;
  if (rs.has_param("declare_draw_points")) r.draw_points = static_cast<int>(rs.int_param("declare_draw_points"));
  return r;
}

const char* declaration_condition_clause(int condition) {
  static const char* kConditions[7] = {"", "jishogi.declaration.cond1-king-in-camp", "jishogi.declaration.cond2-points",
                                       "jishogi.declaration.cond3-count-scope", "jishogi.declaration.cond4-ten-pieces",
                                       "jishogi.declaration.cond5-time", "jishogi.declaration.cond6-not-in-check"};
  return condition >= 1 && condition <= 6 ? kConditions[condition] : "";
}

DeclarationOutcome shogi_declaration_verdict(const Spec& spec, const Ruleset& rs, const shogi::DeclarationFacts& f) {
  const shogi::DeclarationRules r = shogi_declaration_rules(rs);
  // The counts only (condition 3's scope, the line 23 values); the verdict is the table's.
  const auto counted = shogi::declare(f, r);
  DeclarationOutcome out;
  out.points = counted.points;
  out.pieces_in_camp = counted.pieces_in_camp;
  const rules::CompiledTable table = compile_table(spec, rs, "jishogi.decisions.declaration");  // the decision's rows point into it
  const auto d = rules::decide(table,
                               {{"declarer", {f.declarer == shogi::Side::Sente ? "black" : "white", 0}},
                                {"turn", {"own-before-move", 0}},
                                {"king-in-camp", {f.king_in_enemy_camp ? "yes" : "no", 0}},
                                {"points", {"", std::min(out.points, 54)}},
                                {"pieces-in-camp", {"", std::min(out.pieces_in_camp, 26)}},
                                {"time", {f.within_time ? "main-or-byoyomi" : "expired", 0}},
                                {"in-check", {f.in_check ? "yes" : "no", 0}}});
  for (const rules::TableRow* row : d.rows)
    if (row->outcome == "declarer-loses") out.failed.push_back(row->clause);
  if (d.verdict == rules::TableVerdict::Conflicting) out.verdict = "conflicting";
  if (d.verdict == rules::TableVerdict::Decided)
    out.verdict = d.outcome == "declarer-wins" ? "win" : d.outcome == "declarer-loses" ? "lose" : d.outcome;
  const bool points_alone = out.failed.size() == 1 && out.failed.front() == declaration_condition_clause(2);
  if (out.verdict == "lose" && points_alone && r.draw_points > 0 && out.points >= r.draw_points) out.verdict = "draw";
  return out;
}

std::optional<shogi::Side> shogi_tie_winner(const Ruleset& rs) {
  if (!clause_applies(rs, "jishogi.points27.tie-27-gote-wins")) return std::nullopt;
  return rs.choice<std::optional<shogi::Side>>("tie_winner",
                                               {{"sente", shogi::Side::Sente}, {"gote", shogi::Side::Gote}, {"none", std::nullopt}});
}

namespace {

std::string sente_gote(const std::string& outcome) {
  return outcome == "black-wins" ? "sente-wins" : outcome == "white-wins" ? "gote-wins" : outcome;
}

}  // namespace

std::string points27_verdict(const rules::CompiledTable& points27, int sente, int gote) {
  const auto d = rules::decide(points27, {{"black-points", {"", sente}}, {"white-points", {"", gote}}});
  if (d.verdict == rules::TableVerdict::Conflicting) return "conflicting";
  return d.verdict == rules::TableVerdict::Decided ? sente_gote(d.outcome) : "undecided";
}

// Line 11 lets the opponent of a side below 24 claim the win: the table has the claim as an input,
// so the model asks it with each claim and says who may claim (or, read as automatic, who wins).
std::string points24_verdict(const rules::CompiledTable& points24, const Ruleset& rs, int sente, int gote) {
  auto outcome = [&](const char* claim) {
    const auto d = rules::decide(points24, {{"black-points", {"", sente}}, {"white-points", {"", gote}}, {"claim", {claim, 0}}});
    return d.verdict == rules::TableVerdict::Decided ? d.outcome : d.verdict == rules::TableVerdict::Conflicting ? "conflicting" : "";
  };
  const std::string unclaimed = outcome("none"), by_black = outcome("by-black"), by_white = outcome("by-white");
  if (unclaimed == "jishogi-replayed") return "jishogi";
  if (!unclaimed.empty()) return unclaimed == "conflicting" ? "conflicting" : sente_gote(unclaimed);
  const bool black_may = by_black == "black-wins", white_may = by_white == "white-wins";
  const bool automatic = rs.reading_choice<bool>("jishogi.points24.claim-below-24", {{"claim-required", false}, {"automatic", true}}, false);
  if (black_may && white_may) return automatic ? "conflicting" : "either-may-claim";
  if (black_may) return automatic ? "sente-wins" : "sente-may-claim";
  if (white_may) return automatic ? "gote-wins" : "gote-may-claim";
  return "undecided";
}

void shogi_point_rule_verdict(const Spec& spec, const Ruleset& rs, int sente, int gote, Value& out) {
  enum class Rule { Points27, Points24, None };
  const Rule rule = rs.choice<Rule>("impasse_rule", {{"points-27", Rule::Points27}, {"points-24", Rule::Points24}, {"none", Rule::None}});
  std::string verdict = "no-point-rule";
  if (rule == Rule::Points27) verdict = points27_verdict(compile_table(spec, rs, "jishogi.decisions.points-27"), sente, gote);
  if (rule == Rule::Points24) verdict = points24_verdict(compile_table(spec, rs, "jishogi.decisions.points-24"), rs, sente, gote);
  out.set("verdict", Value::string(verdict));
  if (verdict != "jishogi") return;
  const bool replayed = rs.bool_param("replay_on_jishogi") && clause_applies(rs, "jishogi.points24.replay");
  out.set("replayed", Value::boolean(replayed));
  if (replayed)
    out.set("colours_swapped", Value::boolean(rs.bool_param("replay_swap_colours") && clause_applies(rs, "jishogi.points24.replay-swap")));
}

}  // namespace rulespec
