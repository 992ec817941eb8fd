// Renju opening arithmetic: the canonical openings (move 1 at the centre, move 2 next to it,
// move 3 in the central square) counted up to the board symmetries that keep the first two stones.
#pragma once
#include <cstddef>
#include <vector>

namespace rulespec::renju {

struct OpeningCount {
  int direct = 0;    // move 2 orthogonally adjacent to the centre
  int indirect = 0;  // move 2 diagonally adjacent
  int total() const { return direct + indirect; }
};

// `square` is the side of the central square for move 3 (5 in the RIF rules).
OpeningCount canonical_openings(int square);

// The pass rule: a pass is legal once `min_stones` stones are on the board; `passes_to_draw`
// consecutive passes end the game as a draw. Events: true = a stone, false = a pass; a draw agreed
// by both players ends the game at any time (`agreed_draw_at`, 1-based event index, 0 = none).
struct PassVerdict {
  bool legal = true;
  int rejected_at = 0;  // 1-based index of the first illegal pass
  bool draw = false;
};
PassVerdict check_passes(const std::vector<bool>& events, int min_stones, int passes_to_draw, std::size_t agreed_draw_at = 0);

}  // namespace rulespec::renju
