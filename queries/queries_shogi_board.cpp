// Shogi queries on a position: perft, legal_moves and position (the oracle contract of DESIGN.md),
// positions in SFEN (default the start position) and moves in USI.
#include <algorithm>

#include "queries/decision_tables.hpp"
#include "queries/query.hpp"
#include "queries/shogi_rules.hpp"
#include "queries/switches.hpp"
#include "model/shogi/game.hpp"
#include "model/shogi/impasse_board.hpp"
#include "model/shogi/position.hpp"
#include "model/shogi/procedure.hpp"

namespace rulespec {
namespace {

// A side's points under the ruleset's point rule, over the pieces that rule counts: every piece
// (line 21), or (readings camp-and-hand) only those in the opponent's camp and in hand.
int counted_points(const Ruleset& rs, const shogi::Position& pos, shogi::Colour c) {
  const bool rule_24 = rs.is("impasse_rule", "points-24");
  const bool camp_only = rule_24 ? rs.reading_choice<bool>("jishogi.points24.draw-both-24", {{"all-pieces", false}, {"camp-and-hand", true}}, false)
                                 : rs.reading_choice<bool>("jishogi.points27.below-27-loses", {{"all-pieces", false}, {"camp-and-hand", true}}, false);
  const int camp = static_cast<int>(rs.int_param("camp_ranks"));
  return shogi::points(shogi::pieces_on_board(pos, c, camp_only, camp) + shogi::pieces_in_hand(pos, c), shogi_point_values(rs));
}

// The request's `sfen`, or the start position.
// The request's `sfen` (default: the start position); with `lenient: true` a composed position
// (a tsume problem, a book diagram: dead pieces, more pieces than the set) is accepted.
shogi::Position read_start(QueryRequest& q) {
  const bool lenient = optional_bool_field(q.fields, "lenient", false);
  if (const Value* sfen = q.fields.optional("sfen")) {
    std::string error;
    const auto parsed = shogi::Position::from_sfen(sfen->as_string("sfen"), &error, lenient);
    if (!parsed) throw InputError(sfen->pos(), "sfen: " + error);
    return *parsed;
  }
  return shogi::Position::start();
}

shogi::Position read_position(QueryRequest& q) {
  auto& f = q.fields;
  shogi::Position pos = read_start(q);
  if (const Value* moves = f.optional("moves")) {
    std::size_t i = 0;
    for (const Value& v : moves->as_list("moves")) {
      ++i;
      const auto m = pos.parse_usi(v.as_string("moves"));
      if (!m) throw QueryError("illegal-move", "move " + std::to_string(i) + " '" + excerpt(v.as_string()) + "' is not a legal USI move here", v.pos());
      pos.make(*m);
    }
  }
  return pos;
}

// The impasse count is about both kings (an impasse is their double entry); a tsume problem's
// position has one.
void require_both_kings(const shogi::Position& pos, const std::string& query) {
  for (const shogi::Colour c : {shogi::Colour::Sente, shogi::Colour::Gote})
    if (pos.king_square(c) < 0)
      throw QueryError("needs-both-kings", query + " needs both kings; this position has no " +
                                               (c == shogi::Colour::Sente ? "Sente" : "Gote") + " king (a tsume problem's position)");
}

Value perft_query(QueryRequest& q) {
  const shogi::Position pos = read_position(q);
  const int depth = int_field(q.fields, "depth", 0, 6);
  Value out = Value::map();
  out.set("nodes", Value::integer(static_cast<std::int64_t>(pos.perft(depth))));
  return out;
}

Value legal_moves_query(QueryRequest& q) {
  const shogi::Position pos = read_position(q);
  std::vector<std::string> names;
  for (const auto& m : pos.legal_moves()) names.push_back(shogi::usi(m));
  std::sort(names.begin(), names.end());
  Value moves = Value::list();
  for (const auto& n : names) moves.push(Value::string(n));
  Value out = Value::map();
  out.set("moves", moves);
  out.set("in_check", Value::boolean(pos.in_check()));
  // No legal move loses in shogi, whether mated or not (there is no stalemate draw).
  if (names.empty()) out.set("result", Value::string(pos.to_move() == shogi::Colour::Sente ? "sente-loses" : "gote-loses"));
  return out;
}

Value position_query(QueryRequest& q) {
  const shogi::Position pos = read_position(q);
  Value out = Value::map();
  out.set("sfen", Value::string(pos.sfen()));
  out.set("in_check", Value::boolean(pos.in_check()));
  return out;
}

// The impasse verdict on a real position for the side to move: under a declaration ruleset its
// declaration (conditions 1-6 read off the board, time left as an input), under the 24-point rule
// the point count over every piece.
Value declare_query(QueryRequest& q) {
  const Ruleset& rs = shogi_impasse_ruleset(q.spec, *q.ruleset);
  // A declaration is one side's act: with no king of its own the declarer fails condition 1, and
  // the opponent's king is not needed (a composed position may lack it).
  const shogi::Position pos = read_position(q);
  const bool within_time = optional_bool_field(q.fields, "within_time", true);
  const int camp = static_cast<int>(rs.int_param("camp_ranks"));
  Value out = Value::map();
  const shogi::Colour us = pos.to_move(), them = shogi::opponent(us);
  out.set("double_entry", Value::boolean(shogi::in_camp_of(pos.king_square(us), them, camp) &&
                                         shogi::in_camp_of(pos.king_square(them), us, camp)));
  if (rs.bool_param("declaration")) {
    const auto facts = shogi::declaration_facts(pos, within_time, camp);
    // Lines 27-38 as the table jishogi.decisions.declaration states them (queries/shogi_rules.hpp).
    const DeclarationOutcome v = shogi_declaration_verdict(q.spec, rs, facts);
    // With no legal move, the ruleset's reading decides whether the loss comes first.
    const bool no_move = pos.legal_moves().empty();
    out.set("no_legal_move", Value::boolean(no_move));
    if (no_move && reading_flag(q, "jishogi.declaration.no-legal-move", "no-move-loses-first", "declare-first", false)) {
      out.set("verdict", Value::string("lose"));
      out.set("reason", Value::string("no-legal-move"));
      out.set("failed", Value::list());
      out.set("points", Value::integer(v.points));
      out.set("pieces_in_camp", Value::integer(v.pieces_in_camp));
      return out;
    }
    Value failed = Value::list();
    for (const auto& clause : v.failed) failed.push(Value::string(clause));
    out.set("verdict", Value::string(v.verdict));
    out.set("failed", failed);
    out.set("points", Value::integer(v.points));
    out.set("pieces_in_camp", Value::integer(v.pieces_in_camp));
    out.set("king_in_camp", Value::boolean(facts.king_in_enemy_camp));
    out.set("in_check", Value::boolean(facts.in_check));
    return out;
  }
  if (rs.is("impasse_rule", "points-24")) {
    const int mine = counted_points(rs, pos, us), theirs = counted_points(rs, pos, them);
    const int sente = us == shogi::Colour::Sente ? mine : theirs, gote = us == shogi::Colour::Sente ? theirs : mine;
    // Line 11 as jishogi.decisions.points-24 states it: the declarer wins where he may claim.
    const std::string verdict = points24_verdict(compile_table(q.spec, rs, "jishogi.decisions.points-24"), rs, sente, gote);
    const std::string we = us == shogi::Colour::Sente ? "sente" : "gote", they = us == shogi::Colour::Sente ? "gote" : "sente";
    const bool win = verdict == we + "-wins" || verdict == we + "-may-claim" || verdict == "either-may-claim";
    const bool lose = verdict == they + "-wins" || verdict == they + "-may-claim";
    out.set("verdict", Value::string(win ? "win" : lose ? "lose" : verdict == "jishogi" ? "draw" : "undecided"));
    out.set("failed", Value::list());
    out.set("points", Value::integer(mine));
    out.set("opponent_points", Value::integer(theirs));
    return out;
  }
  throw QueryError("no-declaration", "ruleset " + rs.id + " has neither a declaration nor a point rule");
}

// The point count of a real position (line 21, and line 11 for the 24-point rule): every piece of
// each side, on the board and in hand, and the verdict of the ruleset's point rule.
Value impasse_count_query(QueryRequest& q) {
  const Ruleset& rs = shogi_impasse_ruleset(q.spec, *q.ruleset);
  const shogi::Position pos = read_position(q);
  require_both_kings(pos, "impasse-count");
  const int sente = counted_points(rs, pos, shogi::Colour::Sente), gote = counted_points(rs, pos, shogi::Colour::Gote);
  Value out = Value::map();
  out.set("sente_points", Value::integer(sente));
  out.set("gote_points", Value::integer(gote));
  // The 27-point system is for an impasse (line 21): both kings entered, or (reading own-entry)
  // either.
  if (rs.is("impasse_rule", "points-27")) {
    const int camp = static_cast<int>(rs.int_param("camp_ranks"));
    const bool sente_in = shogi::in_camp_of(pos.king_square(shogi::Colour::Sente), shogi::Colour::Gote, camp);
    const bool gote_in = shogi::in_camp_of(pos.king_square(shogi::Colour::Gote), shogi::Colour::Sente, camp);
    const bool both = rs.reading_choice<bool>("jishogi.points27.prerequisite", {{"double-entry", true}, {"own-entry", false}}, true);
    if (both ? !(sente_in && gote_in) : !(sente_in || gote_in)) {
      out.set("verdict", Value::string("no-impasse"));
      return out;
    }
  }
  shogi_point_rule_verdict(q.spec, rs, sente, gote, out);
  return out;
}

// A try (lines 52-60): the king moves onto the opponent king's starting square (5a for Sente, 5i
// for Gote) where it is not attacked, which a legal king move guarantees. Whether it wins depends
// on the ruleset's reading (at any time, or only once both kings have entered).
Value try_move_query(QueryRequest& q) {
  const Ruleset& rs = *q.ruleset;
  const shogi::Position pos = read_position(q);
  const Value& text = q.fields.required("move");
  const auto move = pos.parse_usi(text.as_string("move"));
  if (!move) throw QueryError("illegal-move", "move '" + excerpt(text.as_string()) + "' is not legal here", text.pos());
  const shogi::Colour us = pos.to_move(), them = shogi::opponent(us);
  const int camp = static_cast<int>(rs.int_param("camp_ranks"));
  const bool double_entry = shogi::in_camp_of(pos.king_square(us), them, camp) && shogi::in_camp_of(pos.king_square(them), us, camp);
  const int throne = *shogi::parse_square(us == shogi::Colour::Sente ? "5a" : "5i");
  const bool is_try = move->from == pos.king_square(us) && move->to == throne;
  Value out = Value::map();
  out.set("try", Value::boolean(is_try));
  out.set("double_entry", Value::boolean(double_entry));
  if (!rs.has_param("try_rule") || !rs.bool_param("try_rule")) out.set("verdict", Value::string("no-try-rule"));
  else if (!is_try) out.set("verdict", Value::string("no-effect"));
  else {
    // Without line 54's win a try decides nothing.
    const bool only_at_impasse = reading_flag(q, "jishogi.try.win", "only-at-ai-nyugyoku", "any-time", false);
    const bool wins = clause_applies(rs, "jishogi.try.win") && shogi::try_wins(only_at_impasse, double_entry);
    out.set("verdict", Value::string(wins ? "win" : "no-effect"));
  }
  return out;
}

// A game from a position (default the start) through USI moves: how it ended, if it did.
Value play_query(QueryRequest& q) {
  auto& f = q.fields;
  const shogi::Position start = read_start(q);
  std::vector<std::string> moves;
  const Value& list = f.required("moves");
  for (const Value& v : list.as_list("moves")) moves.push_back(v.as_string("moves"));
  int illegal = -1;
  shogi::MoveLimit limit;
  if (q.ruleset && q.ruleset->has_param("move_limit"))
    limit = {static_cast<int>(q.ruleset->int_param("move_limit")), static_cast<int>(q.ruleset->int_param("camp_ranks"))};
  const auto g = shogi::play_game(start, moves, &illegal, limit);
  if (illegal >= 0)
    throw QueryError("illegal-move", "move " + std::to_string(illegal + 1) + " '" + excerpt(moves[static_cast<std::size_t>(illegal)]) + "' is not legal here",
                     list.as_list("moves")[static_cast<std::size_t>(illegal)].pos());
  const char* side[2] = {"sente", "gote"};
  Value out = Value::map();
  out.set("sfen", Value::string(g.position.sfen()));
  out.set("occurrences", Value::integer(g.occurrences));
  switch (g.ending) {
    case shogi::Ending::None: out.set("result", Value::string("none")); break;
    case shogi::Ending::NoLegalMove:
      out.set("result", Value::string(std::string(side[static_cast<int>(g.loser)]) + "-loses"));
      out.set("reason", Value::string(g.position.in_check() ? "checkmate" : "no-legal-move"));
      break;
    case shogi::Ending::Sennichite:
      out.set("result", Value::string("draw"));
      out.set("reason", Value::string("sennichite"));
      break;
    case shogi::Ending::PerpetualCheck:
      out.set("result", Value::string(std::string(side[static_cast<int>(g.loser)]) + "-loses"));
      out.set("reason", Value::string("perpetual-check"));
      break;
    case shogi::Ending::MoveLimit:
      out.set("result", Value::string("jishogi"));
      out.set("reason", Value::string("move-limit"));
      break;
  }
  if (g.ended_at > 0) out.set("ply", Value::integer(g.ended_at));
  return out;
}

}  // namespace

void register_shogi_board_queries(std::vector<QueryInfo>& out) {
  out.push_back({"shogi", "perft", "leaf nodes of the legal move tree to a depth", false, perft_query});
  out.push_back({"shogi", "legal_moves", "legal moves in USI, with drops, promotions, nifu and uchifuzume", false, legal_moves_query});
  out.push_back({"shogi", "declare", "the impasse verdict of the side to move on a position (declaration or 24-point count)", true, declare_query});
  out.push_back({"shogi", "impasse-count", "both sides' points over every piece of a position, and the point rule's verdict", true, impasse_count_query});
  out.push_back({"shogi", "try-move", "whether a king move is a try (usurpation of the throne) and whether it wins", true, try_move_query});
  out.push_back({"shogi", "play", "a game through USI moves: checkmate, no legal move, sennichite or perpetual check", false, play_query});
  out.push_back({"shogi", "position", "the SFEN after a sequence of USI moves", false, position_query});
}

}  // namespace rulespec
