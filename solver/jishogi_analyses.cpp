// Z3 analyses of the jishogi arithmetic: the 27-point rule against the declaration conditions
// under both counting scopes, and the JSA 2013 declaration without a point condition.
#include <optional>

#include "model/shogi/impasse_board.hpp"
#include "model/shogi/jishogi.hpp"
#include "model/shogi/position.hpp"
#include "model/shogi/procedure.hpp"
#include "queries/decision_tables.hpp"
#include "queries/shogi_rules.hpp"
#include "solver/finding.hpp"
#include "solver/harness.hpp"

namespace rulespec {
namespace {

// Sente's and gote's counted points; `all_pieces`: every piece counts (total exactly 54), else
// only pieces in the enemy camp and in hand (total at most 54).
struct PointsModel {
  ClauseModel m;
  z3::expr sente, gote;
  explicit PointsModel(bool all_pieces) : sente(m.int_var("sente_points")), gote(m.int_var("gote_points")) {
    m.assume(sente >= 0 && gote >= 0);
    m.assume(all_pieces ? sente + gote == 54 : sente + gote <= 54);
  }
};

// Under each counting scope, can both players be below the threshold (so that both lose)?
// `points27`: the model's rule to confirm the witness on (none when an amendment changed the table:
// the clause model states line 21 as written).
std::optional<std::pair<int, int>> both_below(bool all_pieces, int threshold, const rules::CompiledTable* points27) {
  PointsModel pm(all_pieces);
  auto& m = pm.m;
  // 27-point rule: below the threshold loses; the claim: never two losers.
  m.clause("jishogi.points27.below-27-loses", z3::implies(pm.sente < threshold, m.bool_var("sente_lost")) &&
                                                   z3::implies(pm.gote < threshold, m.bool_var("gote_lost")));
  m.clause("jishogi.points27.no-draw-purpose", !(m.bool_var("sente_lost") && m.bool_var("gote_lost")));
  ClauseModel probe;
  auto ps = probe.int_var("s"), pg = probe.int_var("g");
  probe.assume(ps >= 0 && pg >= 0 && ps < threshold && pg < threshold && ps >= pg);
  probe.assume(all_pieces ? ps + pg == 54 : ps + pg <= 54);
  auto w = probe.model();
  if (!w) return std::nullopt;
  const int sp = ClauseModel::value(*w, ps), gp = ClauseModel::value(*w, pg);
  if (m.check({pm.sente == sp, pm.gote == gp}) != z3::unsat) throw std::runtime_error("witness not a conflict");
  // Confirm on the model's rule (the table of line 21): both rows apply, each side loses.
  if (points27 && points27_verdict(*points27, sp, gp) != "conflicting") throw std::runtime_error("model disagrees");
  return std::make_pair(sp, gp);
}

void count_scope(const Spec& spec, AnalysisOutcome& out) {
  const Ruleset& rs = spec.ruleset("jishogi-amateur-27");
  const int threshold = static_cast<int>(rs.int_param("points_threshold"));
  const auto points27 = compile_table(spec, rs, "jishogi.decisions.points-27");
  const rules::CompiledTable* confirm = find_decision_table(spec, rs, points27.id)->amended ? nullptr : &points27;
  const auto all = both_below(true, threshold, confirm), camp = both_below(false, threshold, confirm);
  // The camp-and-hand count of line 21 is a reading nobody holds; only a split that leaves both
  // players losing under the natural all-pieces count would be a finding.
  if (!all && !readings_both_natural(spec, "jishogi.points27.below-27-loses", "all-pieces", "camp-and-hand", out)) return;
  if (!camp) {
    out.detail = "no split leaves both players below the threshold";
    return;
  }
  Finding f{
      .clauses = {"jishogi.points27.below-27-loses", "jishogi.points27.no-draw-purpose", "jishogi.declaration.cond3-count-scope"},
      .rulesets = {"jishogi-amateur-27", "jishogi-amateur-27-camp"},
      .witness = Value::map(),
  };
  if (all) {
    f.id = "F-jishogi-both-lose";
    f.kind = "conflict";
    f.summary = "With a threshold of " + std::to_string(threshold) + " both players can be below it, whatever is counted";
    f.explanation = "Even counting every piece (54 points in all), " + std::to_string(all->first) + ":" +
                    std::to_string(all->second) + " leaves both players below " + std::to_string(threshold) +
                    ", so both lose, against the purpose of the system (one winner).";
    f.witness.set("reading", Value::string("all-pieces"));
    f.witness.set("sente_points", Value::integer(all->first));
    f.witness.set("gote_points", Value::integer(all->second));
  } else {
    f.id = "F-jishogi-count-scope";
    f.kind = "ambiguity";
    f.summary = "Which pieces the 27-point rule counts decides whether it can leave both players losing";
    f.explanation =
        "Line 21 says a player with fewer than 27 points loses but not which pieces are counted; the only counting "
        "scope in the text is declaration condition 3 (pieces in the enemy camp and in hand). Counting every piece, the "
        "totals add up to 54 and exactly one player can be below 27 (or 27:27, which goes to White). Counting only camp "
        "and hand, both players can be below 27 (witness: " + std::to_string(camp->first) + ":" +
        std::to_string(camp->second) + "), so both lose, contradicting the purpose of the system (no draws, one winner).";
    f.witness.set("reading", Value::string("camp-and-hand"));
    f.witness.set("sente_points", Value::integer(camp->first));
    f.witness.set("gote_points", Value::integer(camp->second));
  }
  f.case_id = "jishogi.count-scope.both-below-27";
  out.findings.push_back(f);
  out.detail = all ? "both readings leave both players losing" : "camp-and-hand reading: both players can lose";
}

void declaration_vs_rule(const Spec& spec, AnalysisOutcome& out) {
  // The conflict needs line 21 counted over camp and hand, as the declaration counts (line 33).
  if (!readings_both_natural(spec, "jishogi.points27.below-27-loses", "all-pieces", "camp-and-hand", out)) return;
  const Ruleset& rs = spec.ruleset("jishogi-amateur-27");
  const int threshold = static_cast<int>(rs.int_param("points_threshold"));
  const int need_sente = static_cast<int>(rs.int_param("declare_points_sente"));
  PointsModel pm(false);
  auto& m = pm.m;
  // The line-21 verdict "gote loses, sente survives" against condition 2 failing for sente.
  m.clause("jishogi.points27.below-27-loses", pm.gote < threshold && pm.sente >= threshold);
  m.clause("jishogi.declaration.cond2-points", pm.sente < need_sente);
  auto w = m.model({pm.gote >= threshold - 2});  // the closest such split
  if (!w) {
    out.detail = "no split makes the 27-point rule and condition 2 disagree";
    return;
  }
  const int sp = ClauseModel::value(*w, pm.sente), gp = ClauseModel::value(*w, pm.gote);
  // The declaration as the model executes it (the table jishogi.decisions.declaration): sp one-point
  // pieces in the camp stand for sente's counted points (at least ten of them, so condition 4 holds).
  shogi::DeclarationFacts facts;
  facts.in_enemy_camp = shogi::PieceCounts{};
  facts.in_enemy_camp.pawn = sp;
  const bool declaration_wins = shogi_declaration_verdict(spec, rs, facts).verdict == "win";
  const std::string rule_verdict = points27_verdict(compile_table(spec, rs, "jishogi.decisions.points-27"), sp, gp);
  if (declaration_wins || rule_verdict != "sente-wins") throw std::runtime_error("reference model does not confirm the witness");
  Finding f{
      .id = "F-jishogi-declaration-vs-27-rule",
      .kind = "conflict",
      .summary = "Black (sente) with 27 counted points beats a White below 27 by line 21 but loses by declaring",
      .explanation = "Counting camp and hand (condition 3), sente can hold 27 points while gote holds fewer than 27. Line 21 then "
          "makes gote the loser, yet a declaration by sente fails condition 2 (sente needs 28) and so loses. The two "
          "rules agree only when every piece is counted (then sente 27 forces gote 27).",
      .clauses = {"jishogi.points27.below-27-loses", "jishogi.declaration.cond2-points", "jishogi.declaration.cond3-count-scope"},
      .rulesets = {"jishogi-amateur-27"},
      .witness = Value::map(),
  };
  f.witness.set("sente_points", Value::integer(sp));
  f.witness.set("gote_points", Value::integer(gp));
  f.case_id = "jishogi.declaration.sente-27-loses";
  out.findings.push_back(f);
  out.detail = "witness sente " + std::to_string(sp) + " : gote " + std::to_string(gp);
}

void jsa_minimum(const Spec& spec, AnalysisOutcome& out) {
  const Ruleset& rs = spec.ruleset("jishogi-jsa-2013");
  if (rs.int_param("declare_points_sente") > 0 || rs.int_param("declare_points_gote") > 0) {
    out.detail = "condition 2 in force: no minimum-points question";
    return;
  }
  const int min_pieces = static_cast<int>(rs.int_param("min_pieces_in_camp"));
  const int other = static_cast<int>(rs.int_param("points_other"));
  const int major = static_cast<int>(rs.int_param("points_rook_bishop"));
  ClauseModel m;
  auto majors = m.int_var("majors_in_camp"), minors = m.int_var("minors_in_camp"), points = m.int_var("points");
  m.assume(majors >= 0 && majors <= 4 && minors >= 0 && minors <= 34);
  m.assume(points == majors * major + minors * other);
  m.clause("jishogi.declaration.cond4-ten-pieces", majors + minors >= min_pieces);
  // Smallest winning count: enumerate upward.
  int lowest = -1;
  for (int p = 0; p <= 54 && lowest < 0; ++p)
    if (m.check({points == p}) == z3::sat) lowest = p;
  shogi::DeclarationFacts facts;
  facts.in_enemy_camp.pawn = lowest;
  const auto v = shogi_declaration_verdict(spec, rs, facts);
  if (v.verdict != "win" || v.points != lowest) throw std::runtime_error("reference model does not confirm the witness");
  Finding f{
      .id = "F-jishogi-jsa-2013-no-threshold",
      .kind = "underspecified",
      .summary = "Without condition 2 a JSA declaration wins with " + std::to_string(lowest) + " points against " +
          std::to_string(54 - lowest) + ", and its win or loss meets line 11's jishogi at 24 points or more each",
      .explanation = "Line 40 adopts the declaration rules without condition 2. Nothing then compares the players' points: ten "
          "one-point pieces in the enemy camp (condition 4) and a safe king suffice, so the declarer wins with " +
          std::to_string(lowest) + " points while the opponent holds up to " + std::to_string(54 - lowest) +
          ". Condition 3 (what is counted) counts for nothing. The source does not say whether another threshold (the "
          "24-point rule of line 11, or 31 points as later JSA texts state) takes its place. Nor does it say whether line 11 "
          "still holds: it makes a professional impasse with both sides at 24 points or more jishogi, replayed, while the "
          "declaration line 40 brings in gives only a win or a loss (lines 29, 38): a declarer with 30 points but 8 pieces in "
          "the camp against 24 loses by line 38 and draws by line 11 (case jishogi.jsa-2013.eight-pieces-both-24).",
      .clauses = {"jishogi.jsa-2013.adoption", "jishogi.declaration.cond4-ten-pieces", "jishogi.declaration.cond3-count-scope"},
      .rulesets = {"jishogi-jsa-2013"},
      .witness = Value::map(),
  };
  f.witness.set("declarer_points", Value::integer(lowest));
  f.witness.set("pieces_in_camp", Value::integer(min_pieces));
  f.case_id = "jishogi.jsa-2013.ten-pawns-win";
  out.findings.push_back(f);
  out.detail = "lowest winning declaration: " + std::to_string(lowest) + " points";
}

// The try rule: the two readings of when a try wins, and what decides an impasse without a try.
void try_rule(const Spec& spec, AnalysisOutcome& out) {
  if (!readings_both_natural(spec, "jishogi.try.win", "any-time", "only-at-ai-nyugyoku", out)) return;
  ClauseModel m;
  auto double_entry = m.bool_var("double_entry");
  auto w = m.model({!double_entry});
  const bool de = w->eval(double_entry, true).is_true();
  const bool any_time = shogi::try_wins(false, de), at_impasse = shogi::try_wins(true, de);
  if (any_time == at_impasse) throw std::runtime_error("readings agree on the witness");
  Finding f{
      .id = "F-jishogi-try-scope",
      .kind = "ambiguity",
      .summary = "A try before both kings have entered wins under one reading of the try rule and does nothing under the other",
      .explanation = "The try is defined without a precondition (line 52), yet it is proposed as a replacement for jishogi (line 54), "
          "i.e. for double entry only. A king that reaches the opponent king's square while the other king is still at "
          "home wins at once under the first reading and changes nothing under the second. Neither reading says what "
          "decides a double-entry game in which nobody achieves a try, since point adjudication is abolished.",
      .clauses = {"jishogi.try.win", "jishogi.try.definition", "jishogi.try.replaces-jishogi"},
      .rulesets = {"jishogi-try"},
      .witness = Value::map(),
  };
  f.witness.set("double_entry", Value::boolean(de));
  f.witness.set("any-time", Value::string(any_time ? "win" : "no-effect"));
  f.witness.set("only-at-ai-nyugyoku", Value::string(at_impasse ? "win" : "no-effect"));
  f.case_id = "jishogi.try.before-double-entry";
  out.findings.push_back(f);
  out.detail = "readings disagree";
}

// Line 44: six jishogi in 6717 games is 'even less' than the JSA's about 0.2%.
void frequency_claim(const Spec& spec, AnalysisOutcome& out) {
  if (!spec.clause("jishogi.impasse.frequency-pro-sample")) return not_applicable(out, "clause absent");
  ClauseModel m;
  auto jishogi = m.int_var("jishogi"), games = m.int_var("games");
  m.assume(jishogi == 6 && games == 6717);
  m.clause("jishogi.impasse.frequency-pro-sample", jishogi * 1000 < 2 * games);  // 6/6717 < 0.2 %
  if (m.check() != z3::sat) {
    Finding f{
        .id = "F-jishogi-frequency-claim",
        .kind = "numeric",
        .summary = "6 jishogi in 6717 games is not below 0.2%",
        .explanation = "The text calls the sample's rate lower than the JSA's figure; the arithmetic says otherwise.",
        .clauses = {"jishogi.impasse.frequency-pro-sample"},
        .rulesets = {"jishogi-jsa-pro-24"},
        .witness = Value::map(),
    };
    out.findings.push_back(f);
    out.detail = "claim false";
    return;
  }
  out.detail = "6/6717 = 0.089% < 0.2%: the claim holds";
}

// The order of checks the text leaves open: a side to move that meets every declaration condition
// but has no legal move. The position: Sente's 26 pieces packed into ranks a-c around its king, an
// empty hand. Reported as a difference of readings, not a finding (see the clause's
// not_a_finding: nobody reaches such a position).
void declaration_order(const Spec& spec, AnalysisOutcome& out) {
  if (!readings_both_natural(spec, "jishogi.declaration.no-legal-move", "declare-first", "no-move-loses-first", out)) return;
  const auto pos = shogi::Position::from_sfen("RRBBGGGGK/SSSS+N+N+N+N+L/PPPPPPPPP/9/9/9/9/9/4k4 b 3l9p 1");
  if (!pos) throw std::runtime_error("the witness position does not parse");
  shogi::DeclarationRules rules;  // the amateur conditions
  const auto v = shogi::declare(shogi::declaration_facts(*pos, true), rules);
  const bool no_move = pos->legal_moves().empty();
  if (!v.wins || !no_move) throw std::runtime_error("the witness is not a declarable position without a move");
  out.detail = "Sente to move has no legal move yet meets conditions 1-6 (" + std::to_string(v.points) + " points, " +
               std::to_string(v.pieces_in_camp) + " pieces in the camp): declare-first wins, no-move-loses-first loses "
               "(case shogi.declare.no-legal-move)";
}

}  // namespace

void register_jishogi_analyses(std::vector<AnalysisInfo>& out) {
  out.push_back({"jishogi.count-scope", "the 27-point rule under both counting scopes",
                 {"jishogi.points27.below-27-loses", "jishogi.points27.no-draw-purpose", "jishogi.declaration.cond3-count-scope"},
                 count_scope});
  out.push_back({"jishogi.declaration-vs-27-rule", "condition 2 against the line-21 verdict",
                 {"jishogi.points27.below-27-loses", "jishogi.declaration.cond2-points"}, declaration_vs_rule});
  out.push_back({"jishogi.try-scope", "when a try wins", {"jishogi.try.win", "jishogi.try.replaces-jishogi"}, try_rule});
  out.push_back({"jishogi.frequency-claim", "the professional frequency claim against its own sample",
                 {"jishogi.impasse.frequency-pro-sample"}, frequency_claim});
  out.push_back({"shogi.declaration-order", "a declarable position without a legal move under both readings",
                 {"jishogi.declaration.no-legal-move"}, declaration_order});
  out.push_back({"jishogi.jsa-2013-minimum", "smallest winning declaration without condition 2",
                 {"jishogi.jsa-2013.adoption", "jishogi.declaration.cond4-ten-pieces"}, jsa_minimum});
}

}  // namespace rulespec
