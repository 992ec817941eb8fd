// mine --engine over GTP: a Go engine's legal moves for the go/legal question, set up on the
// engine's own board, in the model's order, so that the miner compares them as a ruleset's.
#pragma once
#include <chrono>
#include <functional>
#include <optional>

#include "engines/process.hpp"
#include "spec/value.hpp"

namespace rulespec::mine {

// The engine must answer boardsize, clear_board, play, list_stones and all_legal (GNU Go does);
// `supports_gtp_legal_moves` says whether it lists them. The answer is nullopt for a board GTP
// cannot hold (not square) or one the engine would not set up as given (a stone refused, or a
// capture while placing them); an engine failure throws std::runtime_error with the exchange.
bool supports_gtp_legal_moves(engines::EngineProcess& engine, std::chrono::milliseconds timeout);
std::function<std::optional<Value>(const Value&)> gtp_legal_moves(engines::EngineProcess& engine, std::chrono::milliseconds timeout);

}  // namespace rulespec::mine
