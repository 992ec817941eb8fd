#include "model/go/fill_in_board.hpp"

#include <algorithm>

#include "model/go/scoring.hpp"

namespace rulespec::go {

namespace {

int off_board_neighbours(const Board& b, int p) {
  int n = 0;
  for (int q : b.neighbours(p)) n += !b.on_board(q);
  return n;
}

// The points of `inside` reachable from `start`, breadth first (marked in `seen`).
std::vector<int> breadth_first(const Board& b, int start, const std::vector<char>& inside, std::vector<char>& seen) {
  std::vector<int> out = {start};
  seen[static_cast<size_t>(start)] = 1;
  for (size_t i = 0; i < out.size(); ++i)
    for (int n : b.neighbours(out[i]))
      if (b.on_board(n) && inside[static_cast<size_t>(n)] && !seen[static_cast<size_t>(n)]) {
        seen[static_cast<size_t>(n)] = 1;
        out.push_back(n);
      }
  return out;
}

}  // namespace

std::vector<int> laying_order(const Board& b, const std::vector<int>& territory) {
  std::vector<char> in_territory(static_cast<size_t>(b.array_size()), 0), reached(static_cast<size_t>(b.array_size()), 0);
  for (int p : territory) in_territory[static_cast<size_t>(p)] = 1;
  // The territory's connected regions, each from its best anchor: the point with the most
  // off-board neighbours (a corner, then an edge), the first such point on ties.
  std::vector<std::vector<int>> regions;
  std::vector<int> sorted = territory;
  std::sort(sorted.begin(), sorted.end());
  for (int seed : sorted) {
    if (reached[static_cast<size_t>(seed)]) continue;
    const std::vector<int> members = breadth_first(b, seed, in_territory, reached);
    int anchor = members.front();
    for (int p : members)
      if (off_board_neighbours(b, p) > off_board_neighbours(b, anchor) ||
          (off_board_neighbours(b, p) == off_board_neighbours(b, anchor) && p < anchor))
        anchor = p;
    // Breadth first from the anchor, so that any first part of the order is connected.
    std::vector<char> seen(static_cast<size_t>(b.array_size()), 0);
    std::vector<int> order = breadth_first(b, anchor, in_territory, seen);
    regions.push_back(std::move(order));
  }
  // The largest region first: it is the one that can hold the block of free points.
  std::stable_sort(regions.begin(), regions.end(), [](const auto& a, const auto& c) { return a.size() > c.size(); });
  std::vector<int> order;
  for (const auto& r : regions) order.insert(order.end(), r.begin(), r.end());
  return order;
}

FilledBoard lay_fill_in(const Board& counted, const FillInResult& result) {
  FilledBoard out{counted, {}};
  Board& b = out.board;
  const auto& lay = result.laying;
  std::vector<int> black_territory, white_territory, seki;
  for (const auto& r : empty_regions(counted)) {
    auto& into = r.borders_black && !r.borders_white ? black_territory : r.borders_white && !r.borders_black ? white_territory : seki;
    into.insert(into.end(), r.points.begin(), r.points.end());
  }
  // Seki points: one stone of each colour at a time; an odd last point stays empty.
  std::sort(seki.begin(), seki.end());
  for (int i = 0; i < 2 * lay.seki_stones_each && i < static_cast<int>(seki.size()); ++i)
    b.set(seki[static_cast<size_t>(i)], i % 2 == 0 ? Stone::Black : Stone::White);

  // One territory: the winner's block first (where the losing stones go), then the opponent's
  // compensation group, then an AGA vacated point, then the owner's own stones.
  auto lay_territory = [&](const std::vector<int>& territory, Stone owner) {
    const Stone other = opponent(owner);
    const bool owner_wins = (result.winner > 0) == (owner == Stone::Black) && result.winner != 0;
    const int block = owner_wins ? result.winning_points : 0;
    const int losing = owner_wins ? result.losing_stones : 0;
    const int compensation = owner == Stone::Black ? lay.white_on_black : lay.black_on_white;
    const int vacated = owner == Stone::Black && lay.aga_vacated_point ? 1 : 0;
    const int own = owner == Stone::Black ? lay.black_fill : lay.white_fill;
    const auto order = laying_order(counted, territory);
    size_t i = 0;
    for (int k = 0; k < block && i < order.size(); ++k, ++i) {
      out.winning_block.push_back(order[i]);
      if (k < losing) b.set(order[i], other);
    }
    for (int k = 0; k < compensation && i < order.size(); ++k, ++i) b.set(order[i], other);
    i += static_cast<size_t>(vacated);
    for (int k = 0; k < own && i < order.size(); ++k, ++i) b.set(order[i], owner);
  };
  lay_territory(black_territory, Stone::Black);
  lay_territory(white_territory, Stone::White);
  return out;
}

}  // namespace rulespec::go
