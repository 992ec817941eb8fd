// Xiangqi loop adjudication (the oracle's `adjudicate`): a position and a move sequence that
// ends in a repeating cycle, judged under a ruleset; the answer names the clauses that decide.
#include <algorithm>

#include "queries/decision_tables.hpp"
#include "queries/query.hpp"
#include "queries/xiangqi_rules.hpp"
#include "queries/switches.hpp"
#include "model/xiangqi/notation.hpp"

namespace rulespec {

xiangqi::LoopRules xiangqi_loop_rules(const Spec& spec, const Ruleset& rs) {
  // Both codices name their clauses alike (axf-1982.X, cxa.X); a clause a codex does not have (or
  // whose text admits one reading only) takes the value given last.
  auto reading = [&rs]<class T>(const std::string& suffix, std::initializer_list<std::pair<std::string_view, T>> handled, T absent) {
    return rs.reading_choice<T>(rs.codex + "." + suffix, handled, absent);
  };
  xiangqi::LoopRules r;
  r.repetition_limit = static_cast<int>(rs.int_param("repetition_limit"));
  r.counting = reading("repetition.counting",
                       {std::pair<std::string_view, xiangqi::RepetitionCounting>{"complete-cycles", xiangqi::RepetitionCounting::CompleteCycles},
                        {"position-occurrences", xiangqi::RepetitionCounting::PositionOccurrences}},
                       xiangqi::RepetitionCounting::CompleteCycles);
  using Flag = std::pair<std::string_view, bool>;
  r.bites_before_limit = reading("repetition.threefold", {Flag{"before-third", true}, {"after-third", false}}, true);
  r.perpetual_check_forbidden = reading("perpetual-check", {Flag{"forbidden", true}, {"draw-as-printed", false}, {"by-any-one-side", true}}, true);
  // A perpetual check met by a strike: AXF's same-rule and CXA's checker-varies make the checker
  // vary. Without AXF's Principle No. 2 (removed by an amendment) Rule No. 1 still holds "under
  // any circumstances": no draw is left for a check met by a strike.
  r.checker_varies_against_strike = rs.codex == "cxa" ? reading("mutual-violation-draw", {Flag{"checker-varies", true}, {"any-two-violations", false}}, false)
                                                       : reading("mutual-violation-draw", {Flag{"same-rule", true}, {"any-two-violations", false}}, true);
  r.mate_threat_forbidden = rs.choice<bool>("perpetual_mate_threat", {{"forbidden", true}, {"allowed", false}});
  r.one_chases_two_forbidden = rs.choice<bool>("one_chases_two", {{"forbidden", true}, {"allowed", false}});
  r.combinations_forbidden = rs.has_param("mixed_strikes") && rs.choice<bool>("mixed_strikes", {{"forbidden", true}, {"allowed", false}});
  r.loss_awarded_at_once = reading("sanction.loss", {Flag{"loss-if-not-varied", false}, {"loss-awarded", true}}, false);
  r.chase.king_pawn_privilege = rs.bool_param("king_pawn_privilege");
  r.chase.rook_privilege = rs.bool_param("rook_privilege");
  r.chase.material_gain = rs.choice<bool>("protection_test", {{"material-gain", true}, {"recapture", false}});
  r.chase.combined_any_attacker =
      reading("privilege.king-pawn.combined", {Flag{"any-simultaneous-attacker", true}, {"created-by-the-move", false}}, true);
  r.chase.renewed_attacks = reading("chase.unprotected-forbidden", {Flag{"new-attack", false}, {"every-attacking-move", true}}, false);
  // The AXF code's two exceptions (axf-1982.chase.exchange-offer, axf-1982.chase.answering-check);
  // a codex without these clauses (cxa: the source says nothing of offers or of attacks made while
  // answering a check, and the cxa catalog keeps out what the source does not report) keeps the
  // plain definition.
  r.chase.exchange_offers_exempt = reading("chase.exchange-offer", {Flag{"not-a-chase", true}, {"counts", false}}, false);
  r.chase.check_answers_exempt = reading("chase.answering-check", {Flag{"uncovered-exempt", true}, {"counts", false}}, false);
  enum class NewAttack { StoodNever, RemovedCounts, RemovedUnlessDefending };
  const NewAttack new_attack = reading("chase.new-attack",
                                       {std::pair<std::string_view, NewAttack>{"stood-attacks-never-new", NewAttack::StoodNever},
                                        {"protection-removed-counts", NewAttack::RemovedCounts},
                                        {"protection-removed-unless-defending", NewAttack::RemovedUnlessDefending}},
                                       NewAttack::StoodNever);
  r.chase.protection_removed_counts = new_attack != NewAttack::StoodNever;
  r.chase.protection_removed_by_defence_exempt = new_attack == NewAttack::RemovedUnlessDefending;

  // Without a clause (removed by an amendment, or off in a decisive check) its rule is gone; a
  // reading's default does not say that, so each field is set here (queries/switches.hpp).
  const std::string& cx = rs.codex;
  auto on = [&](const char* suffix) { return clause_applies(rs, cx + "." + suffix); };
  r.perpetual_check_draws = reading("perpetual-check", {Flag{"forbidden", false}, {"draw-as-printed", true}, {"by-any-one-side", false}}, false);
  if (!on("perpetual-check")) r.perpetual_check_forbidden = r.perpetual_check_draws = false;
  if (!on("privilege.king-pawn")) r.chase.king_pawn_privilege = false;
  // Without line 80's sentence the privilege is never lost to another attacker.
  if (!on("privilege.king-pawn.combined")) r.chase.combined_loses_privilege = false;
  // A repetition nobody violates is a draw only by this clause: without it nothing ends the game.
  if (!on("repetition.no-violation-draw")) r.no_violation_draw = false;
  // AXF: a horse or cannon may chase a protected rook. CXA: only the material-gain test decides
  // an attack on a protected rook, as on any other protected piece.
  if (!on("privilege.rook")) r.chase.rook_privilege = false;
  if (cx == "axf-1982") {
    if (!on("chase.exchange-offer")) r.chase.exchange_offers_exempt = false;
    if (!on("chase.answering-check")) r.chase.check_answers_exempt = false;
    // Without the new-attack rule a standing attack is never a new chase.
    if (!on("chase.new-attack")) r.chase.protection_removed_counts = r.chase.protection_removed_by_defence_exempt = false;
    // The prohibition gone, only the rook rule makes an attack a chase.
    if (!on("chase.unprotected-forbidden")) r.chase.unprotected_forbidden = false;
    // Without the false root, a protector whose recapture would be illegal still protects.
    if (!on("chase.false-protection")) r.chase.false_roots_unprotected = false;
    // Without rule 36, rule 24 stands alone: a move that offers an exchange chases nothing.
    if (!on("chase.offer-with-chase")) r.chase.offer_excuses_only_offered = false;
    // Without rule 25's exemption a pawn at home is chased like any other piece.
    if (!on("chase.uncrossed-pawn")) r.chase.uncrossed_pawns_exempt = false;
  } else if (cx == "cxa") {
    // What only the general ban forbids goes with it: a mixed cycle, and a chase that is a strike
    // by the material-gain test alone (that clause defines, the ban forbids).
    if (!on("perpetual-attack.forbidden")) r.combinations_forbidden = r.chase.material_gain = false;
    if (!on("chase.material-gain-test")) r.chase.material_gain = false;
    if (!on("one-chases-two")) r.one_chases_two_forbidden = false;
  }
  // The verdict is the tables' (the rows in force under the ruleset and its switches). Diagram 4,
  // both sides checking perpetually, is drawn by the book (line 46): where Rule No. 1 is read as a
  // ban its rows conflict with Principle No. 2's (F-axf-1982-perpetual-check-conflict), and the
  // model takes the book's verdict, Principle No. 2 over Rule No. 1.
  const DecisionTable* part = find_decision_table(spec, rs, cx + ".decisions.cycle-part");
  const DecisionTable* cycle = find_decision_table(spec, rs, cx + ".decisions.repetition-cycle");
  if (part && cycle) {
    auto tables = std::make_shared<xiangqi::CycleTables>();
    tables->part = compile_table(spec, *part, rs);
    tables->cycle = compile_table(spec, *cycle, rs);
    if (cx == "axf-1982") tables->cycle.overrides.emplace_back(cx + ".mutual-violation-draw", cx + ".perpetual-check");
    r.tables.tables = std::move(tables);
  }
  return r;
}

// The clauses behind one side's part of the loop.
void xiangqi_side_clauses(const Spec& spec, const Ruleset& rs, const xiangqi::Adjudication& a, xiangqi::Colour side,
                          std::vector<std::string>& out) {
  const xiangqi::SideReport& r = side == xiangqi::Colour::Red ? a.red : a.black;
  auto add = [&](const std::string& suffix) {
    const std::string id = rs.codex + "." + suffix;
    if (spec.clause(id) && std::find(out.begin(), out.end(), id) == out.end()) out.push_back(id);
  };
  bool rook_rule = false, privileged = false, combined = false, gain = false;
  for (size_t i = static_cast<size_t>(a.loop_start); i < static_cast<size_t>(a.loop_start + a.loop_length); ++i) {
    const auto& m = a.moves[i];
    if (m.side != side) continue;
    for (const auto& at : m.facts.new_attacks) {
      rook_rule |= at.rule == xiangqi::AttackRule::RookRule;
      gain |= at.rule == xiangqi::AttackRule::MaterialGain;
      privileged |= at.privileged;
      combined |= at.rule == xiangqi::AttackRule::UnprotectedCombined;
    }
  }
  switch (r.kind) {
    case xiangqi::SideLoop::PerpetualCheck: add("perpetual-check"); break;
    case xiangqi::SideLoop::PerpetualChase:
      add(rook_rule ? "privilege.rook" : gain ? "chase.material-gain-test" : "chase.unprotected-forbidden");
      if (rs.codex == "cxa") add("perpetual-attack.forbidden");
      break;
    case xiangqi::SideLoop::ChasesDifferent: add("one-chases-two"); break;
    case xiangqi::SideLoop::PerpetualMateThreat: add(r.violates ? "mate-threat.perpetual-forbidden" : "mate-threat.perpetual-allowed"); break;
    case xiangqi::SideLoop::MixedStrikes: add(r.violates ? "perpetual-attack.forbidden" : "combination.chase-and-check-allowed"); break;
    case xiangqi::SideLoop::Idle: break;
  }
  if (privileged) add("privilege.king-pawn");
  if (combined) add("privilege.king-pawn.combined");
}

namespace {

std::string square_name(int sq) { return xiangqi::to_iccs({static_cast<std::uint8_t>(sq), static_cast<std::uint8_t>(sq)}).substr(0, 2); }

Value attack_value(int move_number, const xiangqi::MoveReport& m, const xiangqi::Attack& at) {
  const char* origin = at.origin == xiangqi::AttackOrigin::MovedPiece ? "by the moved piece"
                       : at.origin == xiangqi::AttackOrigin::Uncovered ? "uncovered by the move"
                       : at.origin == xiangqi::AttackOrigin::ProtectionRemoved ? "the move took away the target's protection"
                                                                               : "the move made the target's protection false";
  const char* protection = at.protection == xiangqi::Protection::Protected ? "protected"
                           : at.protection == xiangqi::Protection::FalselyProtected ? "falsely protected (the recapture is illegal)"
                                                                                    : "unprotected";
  Value v = Value::map();
  v.set("move", Value::integer(move_number));
  v.set("wxf", Value::string(m.wxf));
  v.set("attacker", Value::string(std::string(xiangqi::piece_name(at.attacker_type)) + " " + square_name(at.attacker_square)));
  v.set("target", Value::string(std::string(xiangqi::piece_name(at.target_type)) + " " + square_name(at.target_square)));
  v.set("made", Value::string(origin));
  v.set("target_is", Value::string(protection));
  v.set("chase", Value::boolean(at.forbidden));
  v.set("because", Value::string(at.why));
  if (at.origin == xiangqi::AttackOrigin::ProtectionMadeFalse) v.set("protection_made_false", Value::string(at.undermined));
  Value tried = Value::list();
  for (const auto& t : at.exceptions_checked) tried.push(Value::string(t));
  v.set("exceptions_not_applying", tried);
  return v;
}

Value adjudicate_query(QueryRequest& q) {
  const Ruleset& rs = *q.ruleset;
  if (rs.codex != "axf-1982" && rs.codex != "cxa")
    throw QueryError("not-in-codex", "ruleset " + rs.id + " has no xiangqi repetition rules");
  auto& f = q.fields;
  const xiangqi::Position start = read_xiangqi_fen(q);
  const bool lenient = optional_bool_field(f, "lenient", false);
  std::vector<xiangqi::Move> moves;
  xiangqi::Position p = start;
  size_t i = 0;
  for (const Value& v : f.required("moves").as_list("moves")) {
    ++i;
    const auto m = xiangqi::parse_move(p, v.as_string("moves"), lenient);
    if (!m.move) throw QueryError("illegal-move", "move " + std::to_string(i) + ": " + m.error, v.pos());
    moves.push_back(*m.move);
    p.make(*m.move);
  }
  const auto a = xiangqi::adjudicate(start, moves, xiangqi_loop_rules(q.spec, rs));
  if (!a.unexecuted_outcome.empty())
    throw QueryError("unexecuted-setting", "ruleset " + rs.id + ": " + rs.codex + ".decisions.repetition-cycle gives this loop the outcome '" +
                                               a.unexecuted_outcome + "', which the xiangqi model cannot execute (draw, red-loses, black-loses)");
  std::vector<std::string> clauses;
  if (a.loop && (a.red.reached_limit || a.black.reached_limit)) {
    // A strike met by a perpetual check decides nothing: only the checker's part is named.
    const bool red_decides = !a.check_outranks_strike || a.red.kind == xiangqi::SideLoop::PerpetualCheck;
    if (red_decides) xiangqi_side_clauses(q.spec, rs, a, xiangqi::Colour::Red, clauses);
    if (!a.check_outranks_strike || !red_decides) xiangqi_side_clauses(q.spec, rs, a, xiangqi::Colour::Black, clauses);
    const std::string outcome = a.check_outranks_strike                   ? "sanction.must-vary"
                                : a.red.violates && a.black.violates ? "mutual-violation-draw"
                                : a.red.violates || a.black.violates ? "sanction.must-vary"
                                                                     : "repetition.no-violation-draw";
    // Principle No. 2's reading is what keeps that loop from a draw: it decides too.
    if (a.check_outranks_strike && spec_has(q.spec, rs.codex + ".mutual-violation-draw")) clauses.push_back(rs.codex + ".mutual-violation-draw");
    // A repetition nobody violates is named a draw only while that clause applies (without it the
    // verdict is none and nothing decides it).
    const bool named = spec_has(q.spec, rs.codex + "." + outcome) &&
                       (outcome != "repetition.no-violation-draw" || clause_applies(rs, rs.codex + "." + outcome));
    if (named) clauses.push_back(rs.codex + "." + outcome);
  }
  Value out = Value::map();
  out.set("verdict", Value::string(xiangqi::to_string(a.verdict)));
  Value cl = Value::list();
  for (const auto& c : clauses) cl.push(Value::string(c));
  out.set("clauses", cl);
  out.set("reason", Value::string(a.reason));
  // The rows of the codex's tables that gave each side's part and the verdict.
  if (!a.rows.empty()) {
    Value rows = Value::list();
    for (const auto& row : a.rows) {
      Value v = Value::map();
      v.set("table", Value::string(row.table));
      v.set("row", Value::string(row.row));
      v.set("clause", Value::string(row.clause));
      v.set("line", Value::integer(row.line));
      rows.push(v);
    }
    out.set("rows", rows);
  }
  if (a.loop) {
    out.set("red", Value::string(xiangqi::to_string(a.red.kind)));
    out.set("black", Value::string(xiangqi::to_string(a.black.kind)));
    out.set("cycle", Value::integer(a.loop_length));
  }
  Value per_move = Value::list();
  for (const auto& m : a.moves) per_move.push(Value::string(m.wxf + " " + m.label()));
  out.set("moves", per_move);
  // Every attack a move made, as a referee would follow it: who attacks what, how the move made
  // the attack, how the target stands, whether it counts, and the exceptions that were tried.
  Value attacks = Value::list();
  for (std::size_t k = 0; k < a.moves.size(); ++k)
    for (const auto& at : a.moves[k].facts.new_attacks) attacks.push(attack_value(static_cast<int>(k) + 1, a.moves[k], at));
  out.set("attacks", attacks);
  return out;
}

}  // namespace

void register_xiangqi_loop_queries(std::vector<QueryInfo>& out) {
  out.push_back({"xiangqi", "adjudicate", "verdict on a move sequence ending in a repeated cycle: each move classified, each side judged",
                 true, adjudicate_query});
}

}  // namespace rulespec
