#include "mine/engine_uci.hpp"

#include <algorithm>
#include <vector>

#include "engines/fsf_xiangqi.hpp"
#include "model/shogi/position.hpp"
#include "model/xiangqi/notation.hpp"
#include "model/xiangqi/position.hpp"

namespace rulespec::mine {
namespace {

// The moves as the legal_moves queries write them: sorted text.
Value moves_answer(std::vector<std::string> moves) {
  std::sort(moves.begin(), moves.end());
  Value list = Value::list();
  for (auto& m : moves) list.push(Value::string(std::move(m)));
  Value out = Value::map();
  out.set("moves", list);
  return out;
}

}  // namespace

std::function<std::optional<Value>(const Value&)> shogi_usi_legal_moves(MoveLister list) {
  return [list = std::move(list)](const Value& input) -> std::optional<Value> {
    const Value* sfen = input.find("sfen");
    if (!sfen || !shogi::Position::from_sfen(sfen->as_string())) return std::nullopt;
    const auto listed = list(sfen->as_string());
    return moves_answer({listed.begin(), listed.end()});
  };
}

std::function<std::optional<Value>(const Value&)> xiangqi_uci_legal_moves(MoveLister list, bool ranks_from_one) {
  return [list = std::move(list), ranks_from_one](const Value& input) -> std::optional<Value> {
    const Value* fen = input.find("fen");
    if (!fen || !xiangqi::Position::from_fen(fen->as_string()).position) return std::nullopt;
    std::vector<std::string> moves;
    for (const auto& m : list(fen->as_string())) {
      const auto move = engines::parse_xiangqi_engine_move(m, ranks_from_one);
      moves.push_back(move ? xiangqi::to_iccs(*move) : m);
    }
    return moves_answer(std::move(moves));
  };
}

}  // namespace rulespec::mine
