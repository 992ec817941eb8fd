// Random renju positions of every density, for the foul properties, the soak run and the bench: a
// square region of the board (5x5 up to the whole board) holds a given number of stones, Black
// having as many as White or one more. The same seed gives the same position everywhere.
#pragma once
#include <cstdint>

#include "model/common/symmetry.hpp"
#include "model/common/xorshift.hpp"
#include "model/renju/board.hpp"

namespace rulespec::renju {

struct PositionShape {
  int region = 15;  // side of the square region the stones fall in
  int stones = 40;  // at most region * region
};

inline Board random_position(int size, PositionShape shape, std::uint64_t seed) {
  common::XorShift64 rng{seed | 1};
  Board b(size);
  const int region = shape.region < 1 ? 1 : shape.region > size ? size : shape.region;
  const int stones = shape.stones > region * region ? region * region : shape.stones;
  const int c0 = static_cast<int>(rng.below(static_cast<std::uint64_t>(size - region + 1)));
  const int r0 = static_cast<int>(rng.below(static_cast<std::uint64_t>(size - region + 1)));
  for (int placed = 0; placed < stones;) {
    const int p = b.point(c0 + static_cast<int>(rng.below(static_cast<std::uint64_t>(region))),
                          r0 + static_cast<int>(rng.below(static_cast<std::uint64_t>(region))));
    if (b.at(p) != Colour::Empty) continue;
    b.set(p, placed % 2 == 0 ? Colour::Black : Colour::White);
    ++placed;
  }
  return b;
}

// The board seen through symmetry s (0..7) of the square about its centre.
inline int transform_point(int p, int size, int s) {
  const int half = size / 2;
  const auto [x, y] = common::apply_symmetry({p % size - half, p / size - half}, s);
  return (y + half) * size + (x + half);
}

inline Board transform(const Board& b, int s) {
  Board t(b.size());
  for (int p = 0; p < b.points(); ++p) t.set(transform_point(p, b.size(), s), b.at(p));
  return t;
}

}  // namespace rulespec::renju
