// Forced-mate search for the claims the books make about positions ("threatens mate", "the only
// reply", "parries the threat"). Full width: every move of both sides, not only checks, because a
// side left without a legal move has lost in xiangqi whether or not it is in check.
#pragma once
#include <optional>
#include <vector>

#include "model/xiangqi/position.hpp"

namespace rulespec::xiangqi {

struct MateResult {
  bool mates = false;
  Move first{};        // a first move of a forced mate, when mates
  long long nodes = 0;  // positions visited, for the bench and for the curious
};

// Does the side to move win within `moves` of its own moves whatever the defence (the opponent
// left with no legal move, checkmate or stalemate)? moves = 1: a move that leaves no reply.
MateResult forced_mate(const Position& p, int moves);

// The side to move's legal moves after which the opponent has no forced mate within `moves`:
// the replies that parry a mate threat.
std::vector<Move> mate_escapes(const Position& p, int moves);

}  // namespace rulespec::xiangqi
