// The eight symmetries of a square board about its centre (the dihedral group D4), on offsets
// from the centre. Every board model and every symmetry property uses these.
#pragma once
#include <utility>

namespace rulespec::common {

using Offset = std::pair<int, int>;  // (x, y) from the centre

inline constexpr int kSquareSymmetries = 8;

// Symmetry s in 0..7: bit 2 swaps the axes (transpose), bit 0 mirrors x, bit 1 mirrors y.
inline Offset apply_symmetry(Offset p, int s) {
  auto [x, y] = p;
  if (s & 4) std::swap(x, y);
  if (s & 1) x = -x;
  if (s & 2) y = -y;
  return {x, y};
}

}  // namespace rulespec::common
