// Xiangqi move text over UCI: ICCS (files a-i, ranks 0-9 from Red's side) or fairy-stockfish's
// variant of it with ranks 1-10. Which one an engine speaks shows in its move list of the start
// position. For certify and for mine --engine.
#pragma once
#include <optional>
#include <set>
#include <string>

#include "model/xiangqi/position.hpp"

namespace rulespec::engines {

std::string xiangqi_engine_move(xiangqi::Move m, bool ranks_from_one);
// The move an engine wrote ("h2e2", or "h3e3" with ranks from one), nullopt if it is malformed.
std::optional<xiangqi::Move> parse_xiangqi_engine_move(const std::string& text, bool ranks_from_one);
// Whether the engine's `go perft 1` list of the start position numbers the ranks from one.
bool xiangqi_ranks_from_one(const std::set<std::string>& start_moves);

}  // namespace rulespec::engines
