#include "mine/questions.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>

#include "model/renju/board.hpp"
#include "model/renju/random_position.hpp"

namespace rulespec::mine {
namespace {

// ---------------------------------------------------------------- renju: foul maps
constexpr int kRenjuSize = 15;

std::vector<int> renju_points(const Value& input, const char* colour) {
  std::vector<int> out;
  if (const Value* list = input.find(colour))
    for (const Value& v : list->as_list()) out.push_back(*renju::parse_point(v.as_string(), kRenjuSize));
  std::sort(out.begin(), out.end());
  return out;
}

Value renju_input(const std::vector<int>& black, const std::vector<int>& white) {
  auto names = [](std::vector<int> points) {
    std::sort(points.begin(), points.end());
    Value list = Value::list();
    for (int p : points) list.push(Value::string(renju::point_name(p, kRenjuSize)));
    return list;
  };
  Value v = Value::map();
  v.set("black", names(black));
  v.set("white", names(white));
  return v;
}

// The eight symmetries of the square board.
int renju_transform(int p, int t) {
  const int n = kRenjuSize - 1;
  int c = p % kRenjuSize, r = p / kRenjuSize;
  if (t & 1) c = n - c;
  if (t & 2) r = n - r;
  if (t & 4) std::swap(c, r);
  return r * kRenjuSize + c;
}


// The exhaustive space: every position of Black's stones alone, first in the 5x5 window at the
// centre with four to six stones, then on the row and on the column of nine points through the
// centre (where overlines and fives along one line live). By index; a position that is not the
// canonical one of its class is skipped.
constexpr int kWindow = 5, kLine = 9, kFewest = 4, kMost = 6;

std::uint64_t choose(int n, int k) {
  if (k < 0 || k > n) return 0;
  std::uint64_t out = 1;
  for (int i = 1; i <= k; ++i) out = out * static_cast<std::uint64_t>(n - k + i) / static_cast<std::uint64_t>(i);
  return out;
}

// The index-th set of k cells of n (in the combinatorial number system).
std::vector<int> combination(int n, int k, std::uint64_t index) {
  std::vector<int> out;
  for (int cell = 0; cell < n && static_cast<int>(out.size()) < k; ++cell) {
    const std::uint64_t with = choose(n - cell - 1, k - static_cast<int>(out.size()) - 1);
    if (index < with) out.push_back(cell);
    else index -= with;
  }
  return out;
}

std::uint64_t window_space() {
  std::uint64_t n = 0;
  for (int k = kFewest; k <= kMost; ++k) n += choose(kWindow * kWindow, k);
  return n;
}

std::vector<int> window_position(std::uint64_t index) {
  for (int k = kFewest; k <= kMost; ++k) {
    const std::uint64_t here = choose(kWindow * kWindow, k);
    if (index >= here) {
      index -= here;
      continue;
    }
    std::vector<int> out;
    const int corner = kRenjuSize / 2 - kWindow / 2;
    for (int cell : combination(kWindow * kWindow, k, index)) out.push_back((corner + cell / kWindow) * kRenjuSize + corner + cell % kWindow);
    return out;
  }
  return {};
}

// A row (even index) or a column (odd) of nine points through the centre, its stones the bits.
std::vector<int> line_position(std::uint64_t index) {
  const bool column = index & 1;
  const std::uint64_t bits = index >> 1;
  std::vector<int> out;
  const int centre = kRenjuSize / 2, first = centre - kLine / 2;
  for (int i = 0; i < kLine; ++i)
    if (bits >> i & 1) out.push_back(column ? (first + i) * kRenjuSize + centre : centre * kRenjuSize + first + i);
  return out;
}

}  // namespace

Question renju_fouls() {
  Question q;
  q.game = "renju";
  q.name = "fouls";
  q.query = "fouls";
  q.summary = "the foul map of Black to move (every foul point and its kind)";
  q.compared = {"fouls", "count"};
  q.part_name = "stones";
  q.fallback_clauses = {"rif-renju.foul.black-list"};
  q.generate = [](common::XorShift64& rng) {
    renju::PositionShape shape;
    shape.region = 7 + static_cast<int>(rng.below(9));
    shape.stones = 10 + static_cast<int>(rng.below(50));
    const renju::Board b = renju::random_position(kRenjuSize, shape, rng.next());
    std::vector<int> black, white;
    for (int p = 0; p < b.points(); ++p) {
      if (b.at(p) == renju::Colour::Black) black.push_back(p);
      if (b.at(p) == renju::Colour::White) white.push_back(p);
    }
    return renju_input(black, white);
  };
  q.shrink = [](const Value& input) {
    const auto black = renju_points(input, "black"), white = renju_points(input, "white");
    std::vector<Value> out;
    for (std::size_t i = 0; i < black.size(); ++i) {
      auto fewer = black;
      fewer.erase(fewer.begin() + static_cast<long>(i));
      out.push_back(renju_input(fewer, white));
    }
    for (std::size_t i = 0; i < white.size(); ++i) {
      auto fewer = white;
      fewer.erase(fewer.begin() + static_cast<long>(i));
      out.push_back(renju_input(black, fewer));
    }
    return out;
  };
  q.parts = [](const Value& input) {
    return static_cast<int>(renju_points(input, "black").size() + renju_points(input, "white").size());
  };
  q.shape = [](const Value& input) {
    const auto black = renju_points(input, "black"), white = renju_points(input, "white");
    std::string best;
    for (int t = 0; t < 8; ++t) {
      std::vector<std::pair<int, int>> b, w;
      int c0 = kRenjuSize, r0 = kRenjuSize;
      auto add = [&](int p, std::vector<std::pair<int, int>>& to) {
        const int image = renju_transform(p, t);
        to.emplace_back(image / kRenjuSize, image % kRenjuSize);
        c0 = std::min(c0, image % kRenjuSize);
        r0 = std::min(r0, image / kRenjuSize);
      };
      for (int p : black) add(p, b);
      for (int p : white) add(p, w);
      std::string text;
      for (auto* list : {&b, &w}) {
        for (auto& [r, c] : *list) r -= r0, c -= c0;
        std::sort(list->begin(), list->end());
        for (const auto& [r, c] : *list) text += std::to_string(100 * r + c + 1000);
        text += "/";
      }
      if (best.empty() || text < best) best = text;
    }
    return best;
  };
  q.canonical = [](const Value& input) {
    const auto black = renju_points(input, "black"), white = renju_points(input, "white");
    Value best;
    std::string best_text;
    for (int t = 0; t < 8; ++t) {
      std::vector<int> b, w;
      for (int p : black) b.push_back(renju_transform(p, t));
      for (int p : white) w.push_back(renju_transform(p, t));
      std::sort(b.begin(), b.end());
      std::sort(w.begin(), w.end());
      // Compared as point indices, so that the order does not depend on how names sort.
      std::string text;
      for (int p : b) text += std::to_string(1000 + p);
      text += "/";
      for (int p : w) text += std::to_string(1000 + p);
      if (best_text.empty() || text < best_text) {
        best_text = text;
        best = renju_input(b, w);
      }
    }
    return best;
  };
  q.space = window_space() + (2ull << kLine);
  q.space_summary = "every position of Black's stones alone: four to six in the 5x5 window at the centre, then any on the row or the column of nine points through it, one per class under the board's symmetries";
  q.enumerate = [canonical = q.canonical](std::uint64_t index) -> std::optional<Value> {
    const std::uint64_t window = window_space();
    const auto black = index < window ? window_position(index) : line_position(index - window);
    if (black.empty()) return std::nullopt;
    // A line's stones that the window already held are not asked twice.
    const int low = kRenjuSize / 2 - kWindow / 2, high = low + kWindow - 1;
    const bool in_window = std::all_of(black.begin(), black.end(), [&](int p) {
      return p % kRenjuSize >= low && p % kRenjuSize <= high && p / kRenjuSize >= low && p / kRenjuSize <= high;
    });
    if (index >= window && in_window && static_cast<int>(black.size()) >= kFewest && static_cast<int>(black.size()) <= kMost) return std::nullopt;
    Value v = renju_input(black, {});
    if (!(canonical(v) == v)) return std::nullopt;
    return v;
  };
  return q;
}

}  // namespace rulespec::mine
