// mine --engine over UCI and USI: an engine's `go perft 1` list as its legal moves, for the
// shogi/legal question (USI: SFEN positions, USI moves) and xiangqi/legal (UCI with the xiangqi
// variant: FEN positions, ICCS moves or fairy-stockfish's ranks 1-10), written in the model's
// notation and order so that the miner compares them as a ruleset's answer.
#pragma once
#include <functional>
#include <optional>
#include <set>
#include <string>

#include "spec/value.hpp"

namespace rulespec::mine {

// The engine's move list of a position given in the protocol's own text (SFEN or FEN).
using MoveLister = std::function<std::set<std::string>(const std::string& position)>;

// The answer is nullopt for an input whose position does not parse; a move the engine lists that
// is not written as a move is kept as the engine wrote it, so the lists differ.
std::function<std::optional<Value>(const Value&)> shogi_usi_legal_moves(MoveLister list);
std::function<std::optional<Value>(const Value&)> xiangqi_uci_legal_moves(MoveLister list, bool ranks_from_one);

}  // namespace rulespec::mine
