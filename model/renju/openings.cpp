#include "model/renju/openings.hpp"

#include "model/common/symmetry.hpp"

#include <algorithm>
#include <array>
#include <set>
#include <utility>

namespace rulespec::renju {
namespace {

using Point = common::Offset;

int count_for(Point second, int square) {
  const int r = square / 2;
  std::set<Point> classes;
  for (int x = -r; x <= r; ++x)
    for (int y = -r; y <= r; ++y) {
      const Point third{x, y};
      if (third == Point{0, 0} || third == second) continue;
      // Canonical representative: the least image of move 3 over the symmetries fixing move 2.
      Point best = third;
      for (int s = 0; s < common::kSquareSymmetries; ++s)
        if (common::apply_symmetry(second, s) == second) best = std::min(best, common::apply_symmetry(third, s));
      classes.insert(best);
    }
  return static_cast<int>(classes.size());
}

}  // namespace

OpeningCount canonical_openings(int square) {
  return {count_for({0, 1}, square), count_for({1, 1}, square)};
}

PassVerdict check_passes(const std::vector<bool>& events, int min_stones, int passes_to_draw, std::size_t agreed_draw_at) {
  PassVerdict v;
  int stones = 0, passes = 0;
  for (size_t i = 0; i < events.size(); ++i) {
    if (agreed_draw_at == i + 1) {
      v.draw = true;
      return v;
    }
    if (events[i]) {
      ++stones;
      passes = 0;
      continue;
    }
    if (stones < min_stones) {
      v.legal = false;
      v.rejected_at = static_cast<int>(i) + 1;
      return v;
    }
    if (++passes >= passes_to_draw) {
      v.draw = true;
      return v;
    }
  }
  return v;
}

}  // namespace rulespec::renju
