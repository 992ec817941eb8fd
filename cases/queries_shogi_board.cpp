// Shogi queries on a position: perft, legal_moves and position (the oracle contract of DESIGN.md),
// positions in SFEN (default the start position) and moves in USI.
#include <algorithm>

#include "cases/query.hpp"
#include "model/shogi/position.hpp"

namespace rulespec {
namespace {

shogi::Position read_position(QueryRequest& q) {
  auto& f = q.fields;
  shogi::Position pos = shogi::Position::start();
  if (const Value* sfen = f.optional("sfen")) {
    std::string error;
    const auto parsed = shogi::Position::from_sfen(sfen->as_string("sfen"), &error);
    if (!parsed) throw InputError(sfen->pos(), "sfen: " + error);
    pos = *parsed;
  }
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

}  // namespace

void register_shogi_board_queries(std::vector<QueryInfo>& out) {
  out.push_back({"shogi", "perft", "leaf nodes of the legal move tree to a depth", false, perft_query});
  out.push_back({"shogi", "legal_moves", "legal moves in USI, with drops, promotions, nifu and uchifuzume", false, legal_moves_query});
  out.push_back({"shogi", "position", "the SFEN after a sequence of USI moves", false, position_query});
}

}  // namespace rulespec
