// Four-move cycles on small boards, found by exhaustive search: every legal position of a
// width x height board, every sequence of four moves (no passes) that brings the board back, with
// no earlier repetition inside. What 1985 Art. 9 §3 calls round-robin ko is such a cycle; the
// search shows what the mechanism allows.
#pragma once
#include <array>
#include <map>
#include <vector>

#include "model/go/board.hpp"

namespace rulespec::go {

struct FourMoveCycle {
  Board start;
  Stone first = Stone::Black;  // who plays the first move
  std::array<int, 4> moves{};
  std::array<int, 4> captured{};  // stones each move removes
};

struct CycleCensus {
  long positions = 0;   // legal positions searched (each with either side to move)
  long sequences = 0;   // move sequences followed to their end
  long cycles = 0;      // four-move cycles found
  std::map<std::array<int, 4>, long> by_captures;  // cycles by the stones each move takes
  std::vector<FourMoveCycle> examples;  // the first few, in the search's order
};

struct CycleSearch {
  // Only sequences in which each of the four moves removes a stone (the search then follows
  // capturing moves only).
  bool every_move_captures = false;
  // Only cycles that neither side can leave by passing: at each of the four positions, a pass
  // by the side to move would let the other side take at least two stones with one move.
  bool leaving_loses = false;
  int min_empty = 0, max_empty = 1000;  // positions with other numbers of empty points are skipped
};

CycleCensus four_move_cycles(int width, int height, const MoveRules& rules, const CycleSearch& search);
// The four-move cycles from one position with `first` to move.
CycleCensus cycles_from(const Board& start, Stone first, const MoveRules& rules, const CycleSearch& search);
// Whether, at each of the cycle's four positions, a pass by the side to move would let the other
// side take two stones or more with one move (what makes a cycle one that neither side leaves).
bool cycle_cannot_be_left(const FourMoveCycle& cycle, const MoveRules& rules);

}  // namespace rulespec::go
