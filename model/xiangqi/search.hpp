// Forced-mate search for the claims the books make about positions ("threatens mate", "the only
// reply", "parries the threat"). Full width: every move of both sides, not only checks, because a
// side left without a legal move has lost in xiangqi whether or not it is in check.
#pragma once
#include <optional>
#include <vector>

#include "model/xiangqi/position.hpp"

namespace rulespec::xiangqi {

// Positions a search may visit before it gives up undecided: full width to five moves each can
// otherwise run for hours on a busy middlegame. About 3 s here; the deepest book claim the suite
// checks (diagram 7's parries, five moves) needs 852,000.
inline constexpr long long kMateBudget = 1'000'000;

struct MateResult {
  bool mates = false;
  Move first{};            // a first move of a forced mate, when mates
  long long nodes = 0;     // positions visited, for the bench and for the curious
  bool exhausted = false;  // the budget ran out: `mates` and the escapes mean nothing
};

// Does the side to move win within `moves` of its own moves whatever the defence (the opponent
// left with no legal move, checkmate or stalemate)? moves = 1: a move that leaves no reply.
MateResult forced_mate(const Position& p, int moves, long long budget = kMateBudget);

// The side to move's legal moves after which the opponent has no forced mate within `moves`:
// the replies that parry a mate threat. `stats` (if given) gets the nodes and whether the
// budget ran out, in which case the list means nothing.
std::vector<Move> mate_escapes(const Position& p, int moves, MateResult* stats = nullptr, long long budget = kMateBudget);

}  // namespace rulespec::xiangqi
