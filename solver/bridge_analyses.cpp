// Bridge checks (DESIGN, "Solver pattern"): on every concrete situation of a small space, the
// verdict the Z3 clause model forces must equal the reference model's verdict. A mismatch is a
// defect of rulespec (the encoding or the model), not of the codex, so it fails the analysis.
#include <array>
#include <cmath>
#include <map>
#include <optional>

#include "model/go/ranks.hpp"
#include "model/shogi/jishogi.hpp"
#include "solver/finding.hpp"
#include "queries/decision_tables.hpp"
#include "queries/shogi_rules.hpp"
#include "solver/harness.hpp"

namespace rulespec {
namespace {

// Which value of `x` the clauses force, given the situation; nullopt if not forced.
std::optional<int> forced(ClauseModel& m, const z3::expr& x, const std::vector<z3::expr>& situation) {
  auto w = m.model(situation);
  if (!w) return std::nullopt;
  const int v = ClauseModel::value(*w, x);
  auto extra = situation;
  extra.push_back(x != v);
  if (m.check(extra) == z3::sat) return std::nullopt;
  return v;
}

void bridge_jishogi(const Spec& spec, AnalysisOutcome& out) {
  const Ruleset& rs = spec.ruleset("jishogi-amateur-27");
  const int threshold = static_cast<int>(rs.int_param("points_threshold"));
  const std::optional<shogi::Side> tie = shogi_tie_winner(rs);
  // The model's rule: the table of line 21 (jishogi.decisions.points-27) as the ruleset executes it.
  const auto points27 = compile_table(spec, rs, "jishogi.decisions.points-27");
  if (find_decision_table(spec, rs, points27.id)->amended) {
    // The clause model states line 21 as written; the amended table is checked by decisions.jishogi.
    out.detail = "the amendment changes the table of line 21: the clause model states the text as written, so the two are not compared";
    return;
  }
  ClauseModel m;
  auto s = m.int_var("sente_points"), g = m.int_var("gote_points"), winner = m.int_var("winner");  // +1 sente, -1 gote
  m.assume(s + g == 54 && s >= 0 && g >= 0 && (winner == 1 || winner == -1 || winner == 0));
  m.clause("jishogi.points27.below-27-loses", z3::implies(s < threshold && g >= threshold, winner == -1) &&
                                                   z3::implies(g < threshold && s >= threshold, winner == 1));
  m.clause("jishogi.points27.tie-27-gote-wins",
           z3::implies(s == threshold && g == threshold, winner == (!tie ? 0 : *tie == shogi::Side::Sente ? 1 : -1)));
  m.clause("jishogi.points27.no-draw-purpose", winner != 0);
  int checked = 0;
  std::string contradicted;
  for (int sp = 0; sp <= 54; ++sp) {
    // Where the clauses contradict each other (a tie with no winner against line 21's purpose)
    // there is nothing to compare: the property jishogi.27-rule-always-decides reports it.
    if (m.check({s == sp}) == z3::unsat) {
      contradicted += (contradicted.empty() ? "" : ", ") + std::to_string(sp) + ":" + std::to_string(54 - sp);
      continue;
    }
    const auto z3_verdict = forced(m, winner, {s == sp});
    const std::string verdict = points27_verdict(points27, sp, 54 - sp);
    const int model = verdict == "sente-wins" ? 1 : verdict == "gote-wins" ? -1 : 0;
    // Where the clauses force no single winner (both sides below a threshold above 27, say) the
    // model must name none either.
    if (!z3_verdict ? model != 0 : *z3_verdict != model)
      throw std::runtime_error("bridge mismatch at " + std::to_string(sp) + ":" + std::to_string(54 - sp));
    ++checked;
  }
  out.detail = "clause model and reference agree on all " + std::to_string(checked) + " splits of 54 points" +
               (contradicted.empty() ? "" : "; the clauses contradict each other at " + contradicted);
}

void bridge_ing_handicap(const Spec& spec, AnalysisOutcome& out) {
  const Ruleset& rs = spec.ruleset("ing-1996");
  const double komi_value = rs.number_param("komi");
  if (komi_value != std::floor(komi_value) || !rs.has_param("handicap_move_points"))
    return not_applicable(out, "fractional komi or no handicap move value");
  const int komi = static_cast<int>(komi_value), move = static_cast<int>(rs.int_param("handicap_move_points"));
  ClauseModel m;
  auto d = m.int_var("difference"), k = m.int_var("komi"), moves = m.int_var("handicap_moves"), rev = m.int_var("reverse_komi");
  m.assume(d >= 0 && k >= 0 && moves >= 0 && rev >= 0);
  m.clause("ing-1996.komi.even-game", z3::implies(d == 0, k == komi && moves == 0 && rev == 0));
  // The example 1 pin vs 5 pin settles the boundary: a difference of one move is played without komi.
  m.clause("ing-1996.komi.reduced", z3::implies(d > 0 && d <= move, k == move - d && moves == 0 && rev == 0));
  m.clause("ing-1996.handicap.over-8", z3::implies(d > move, k == 0));
  m.clause("ing-1996.handicap.moves-per-8",
           z3::implies(d > move, (d - move) == moves * move + rev && rev >= 0 && rev < move));
  int checked = 0;
  std::map<int, std::array<int, 3>> by_difference;  // the clause model's answer per difference, solved once
  for (int wc = 0; wc < 3; ++wc)
    for (int wl = 1; wl <= 9; ++wl)
      for (int bc = 0; bc < 3; ++bc)
        for (int bl = 1; bl <= 9; ++bl) {
          const go::IngRank a{static_cast<go::RankClass>(wc), wl}, b{static_cast<go::RankClass>(bc), bl};
          if (go::strength_points(a) < go::strength_points(b)) continue;
          const auto t = go::handicap_terms(a, b, move, komi);
          auto it = by_difference.find(t.difference);
          if (it == by_difference.end()) {
            const std::vector<z3::expr> situation = {d == t.difference};
            const auto zk = forced(m, k, situation), zm = forced(m, moves, situation), zr = forced(m, rev, situation);
            if (!zk || !zm || !zr) throw std::runtime_error("clauses do not decide a difference of " + std::to_string(t.difference));
            it = by_difference.emplace(t.difference, std::array<int, 3>{*zk, *zm, *zr}).first;
          }
          if (it->second != std::array<int, 3>{t.komi, t.handicap_moves, t.reverse_komi})
            throw std::runtime_error("bridge mismatch for " + a.str() + " vs " + b.str());
          ++checked;
        }
  out.detail = "clause model and reference agree on all " + std::to_string(checked) + " rank pairings";
}

}  // namespace

void register_bridge_analyses(std::vector<AnalysisInfo>& out) {
  out.push_back({"bridge.jishogi-27", "the 27-point clauses in Z3 against the reference adjudication, every split",
                 {"jishogi.points27.below-27-loses", "jishogi.points27.tie-27-gote-wins", "jishogi.points27.no-draw-purpose"},
                 bridge_jishogi});
  out.push_back({"bridge.ing-handicap", "the handicap clauses in Z3 against the reference arithmetic, every rank pair",
                 {"ing-1996.komi.even-game", "ing-1996.komi.reduced", "ing-1996.handicap.over-8", "ing-1996.handicap.moves-per-8"},
                 bridge_ing_handicap});
}

}  // namespace rulespec
