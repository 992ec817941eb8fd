// Xiangqi queries on a position: perft and legal_moves (the oracle contract of DESIGN.md), and
// `moves` to replay a sequence given in traditional notation or ICCS, detected per move.
#include <algorithm>

#include "queries/query.hpp"
#include "queries/xiangqi_rules.hpp"
#include "model/xiangqi/notation.hpp"
#include "model/xiangqi/position.hpp"
#include "model/xiangqi/search.hpp"

namespace rulespec {

xiangqi::Position read_xiangqi_fen(QueryRequest& q) {
  const Value* fen = q.fields.optional("fen");
  if (!fen) return xiangqi::Position::start();
  const auto parsed = xiangqi::Position::from_fen(fen->as_string("fen"), optional_bool_field(q.fields, "lenient", false));
  if (!parsed.position) {
    std::string all;
    for (const auto& p : parsed.problems)
      all += (all.empty() ? "" : "; ") + std::string("column ") + std::to_string(p.column) + " '" + excerpt(p.token) + "': " + p.message;
    throw InputError(fen->pos(), "fen: " + all);
  }
  return *parsed.position;
}

namespace {

xiangqi::Position read_position(QueryRequest& q, std::vector<std::string>* played = nullptr) {
  auto& f = q.fields;
  xiangqi::Position pos = read_xiangqi_fen(q);
  const bool lenient = optional_bool_field(f, "lenient", false);
  if (const Value* moves = f.optional("moves")) {
    size_t i = 0;
    for (const Value& v : moves->as_list("moves")) {
      ++i;
      const auto m = xiangqi::parse_move(pos, v.as_string("moves"), lenient);
      if (!m.move) throw QueryError("illegal-move", "move " + std::to_string(i) + ": " + m.error, v.pos());
      if (played) played->push_back(xiangqi::to_wxf(pos, *m.move));
      pos.make(*m.move);
    }
  }
  return pos;
}

Value perft_query(QueryRequest& q) {
  xiangqi::Position pos = read_position(q);
  const int depth = int_field(q.fields, "depth", 0, 6);
  Value out = Value::map();
  out.set("nodes", Value::integer(static_cast<std::int64_t>(pos.perft(depth))));
  return out;
}

Value legal_moves_query(QueryRequest& q) {
  const xiangqi::Position pos = read_position(q);
  Value iccs = Value::list(), wxf = Value::list();
  auto moves = pos.legal_moves();
  std::sort(moves.begin(), moves.end(), [](const xiangqi::Move& a, const xiangqi::Move& b) {
    return xiangqi::to_iccs(a) < xiangqi::to_iccs(b);
  });
  for (const auto& m : moves) {
    iccs.push(Value::string(xiangqi::to_iccs(m)));
    wxf.push(Value::string(xiangqi::to_wxf(pos, m)));
  }
  Value out = Value::map();
  out.set("moves", iccs);
  out.set("wxf", wxf);
  out.set("in_check", Value::boolean(pos.in_check()));
  if (moves.empty()) out.set("result", Value::string(pos.side_to_move() == xiangqi::Colour::Red ? "red-loses" : "black-loses"));
  return out;
}

Value position_query(QueryRequest& q) {
  std::vector<std::string> played;
  const xiangqi::Position pos = read_position(q, &played);
  Value out = Value::map();
  out.set("fen", Value::string(pos.fen()));
  Value moves = Value::list();
  for (const auto& m : played) moves.push(Value::string(m));
  out.set("moves", moves);
  out.set("in_check", Value::boolean(pos.in_check()));
  return out;
}

// A book's claim about a position: does the side to move (or, with `threat`, the side that just
// moved, moving again) force a mate within `within` moves; and with `escapes`, which moves of the
// side to move parry every mate within `within`.
Value mate_query(QueryRequest& q) {
  xiangqi::Position pos = read_position(q);
  const int within = int_field(q.fields, "within", 1, 5);
  const bool threat = optional_bool_field(q.fields, "threat", false);
  const bool escapes = optional_bool_field(q.fields, "escapes", false);
  if (threat && escapes) throw InputError(q.fields.node().pos(), "mate: 'threat' and 'escapes' cannot be combined");
  if (threat) {
    if (pos.in_check()) throw QueryError("bad-request", "threat: the side that just moved gives check; a threat needs a quiet position", q.fields.node().pos());
    pos = pos.null_move();
  }
  Value out = Value::map();
  // The search's budget (xiangqi::kMateBudget positions) is part of the answer when it runs out.
  auto undecided = [&](long long nodes) {
    return QueryError("budget-exhausted",
                      "mate: the search visited " + std::to_string(nodes) + " positions, its budget, without deciding; ask for fewer moves ('within')",
                      q.fields.node().pos());
  };
  if (escapes) {
    xiangqi::MateResult stats;
    auto moves = xiangqi::mate_escapes(pos, within, &stats);
    if (stats.exhausted) throw undecided(stats.nodes);
    Value wxf = Value::list();
    std::vector<std::string> names;
    for (const auto& m : moves) names.push_back(xiangqi::to_wxf(pos, m));
    std::sort(names.begin(), names.end());
    for (const auto& n : names) wxf.push(Value::string(n));
    out.set("escapes", wxf);
    return out;
  }
  // `first`: does this particular move start a forced mate (all its replies mated within N-1)?
  if (const Value* first = q.fields.optional("first")) {
    const auto m = xiangqi::parse_move(pos, first->as_string("first"), optional_bool_field(q.fields, "lenient", false));
    if (!m.move) throw QueryError("illegal-move", "first: " + m.error, first->pos());
    const std::string name = xiangqi::to_wxf(pos, *m.move);
    pos.make(*m.move);
    xiangqi::MateResult stats;
    const bool mates = xiangqi::mate_escapes(pos, within - 1, &stats).empty();
    if (stats.exhausted) throw undecided(stats.nodes);
    out.set("mates", Value::boolean(mates));
    if (mates) out.set("first", Value::string(name));
    return out;
  }
  const auto r = xiangqi::forced_mate(pos, within);
  if (r.exhausted) throw undecided(r.nodes);
  out.set("mates", Value::boolean(r.mates));
  if (r.mates) out.set("first", Value::string(xiangqi::to_wxf(pos, r.first)));
  return out;
}

}  // namespace

void register_xiangqi_board_queries(std::vector<QueryInfo>& out) {
  out.push_back({"xiangqi", "perft", "leaf nodes of the legal move tree to a depth", false, perft_query});
  out.push_back({"xiangqi", "legal_moves", "legal moves (ICCS and traditional notation); no move is a loss, mate or stalemate", false,
                 legal_moves_query});
  out.push_back({"xiangqi", "position", "the FEN after a move sequence, and the moves in traditional notation", false, position_query});
  out.push_back({"xiangqi", "mate", "forced mate within N moves (full width), a threat (the last mover again), or the moves that parry it", false,
                 mate_query});
}

}  // namespace rulespec
