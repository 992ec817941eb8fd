// Renju opening arithmetic: the canonical openings (move 1 at the centre, move 2 next to it,
// move 3 in the central square) counted up to the board symmetries that keep the first two stones.
#pragma once
#include <cstddef>
#include <optional>
#include <span>
#include <vector>

namespace rulespec::renju {

struct OpeningCount {
  int direct = 0;    // move 2 orthogonally adjacent to the centre
  int indirect = 0;  // move 2 diagonally adjacent
  int total() const { return direct + indirect; }
};

// `square` is the side of the central square for move 3 (5 in the RIF rules).
OpeningCount canonical_openings(int square);

// One of the 26 canonical openings, in the frame where move 1 is the centre and move 2 is just
// above it (direct, "В") or above and to the right (indirect, "Д"). The numbering of the third
// points is not in the codex (its diagrams are missing; line 75 only says the number is the variant
// of the third move); it follows the usual opening diagrams, row by row from the top, see the
// citation on clause rif-renju.opening.variant-numbering.
struct CanonicalOpening {
  int number;          // 1..13
  bool direct;         // move 2 orthogonally next to move 1
  int third_x, third_y;  // move 3 as an offset from the centre
  const char* name;      // the codex's Russian name (lines 80-105)
  const char* japanese;  // the codex's Japanese name
};
std::span<const CanonicalOpening> canonical_opening_table();

// The canonical opening of a game's first three moves (offsets from the centre), up to the eight
// board symmetries; nullopt when move 2 is not next to move 1 = centre or move 3 lies outside the
// central 5x5 square or on an occupied point.
std::optional<CanonicalOpening> classify_opening(std::pair<int, int> second, std::pair<int, int> third);

// The pass rule and the draws of lines 32-33 are the table rif-renju.decisions.pass-and-draw,
// executed by queries/renju_rules.hpp (RenjuPassRules).

}  // namespace rulespec::renju
