#include "model/renju/structures.hpp"

#include <algorithm>

#include "model/renju/rows.hpp"

namespace rulespec::renju {
namespace {

int step(const Board& b, int p, int d, int k) {
  const int c = p % b.size() + k * kDirections[d][0], r = p / b.size() + k * kDirections[d][1];
  return b.on_board(c, r) ? b.point(c, r) : -1;
}

bool is_mate(int length, Colour colour) { return colour == Colour::White ? length >= 5 : length == 5; }

// Whether every cell from q to the one k steps along line d holds the colour (one unbroken row).
bool joined(const Board& b, int q, int d, int k, Colour colour) {
  for (int m = std::min(0, k); m <= std::max(0, k); ++m)
    if (b.at(step(b, q, d, m)) != colour) return false;
  return true;
}

// The points on line d that complete a mate containing p (a five; for White also an overline).
std::vector<int> completions(Board& b, int p, int d, Colour colour) {
  std::vector<int> out;
  for (int k = -4; k <= 4; ++k) {
    const int q = step(b, p, d, k);
    if (k == 0 || q < 0 || b.at(q) != Colour::Empty) continue;
    b.set(q, colour);
    if (is_mate(row_through(b, q, colour, d), colour)) {
      if (joined(b, q, d, -k, colour)) out.push_back(q);
    }
    b.set(q, Colour::Empty);
  }
  return out;
}

// An open four through p on line d: a solid row of four whose two neighbouring points both
// complete a mate (line 43: only solid fours can be open). Returns the two points, or none.
std::vector<int> open_four(Board& b, int p, int d, Colour colour) {
  if (row_through(b, p, colour, d) != 4) return {};
  int lo = 0, hi = 0;
  while (step(b, p, d, lo - 1) >= 0 && b.at(step(b, p, d, lo - 1)) == colour) --lo;
  while (step(b, p, d, hi + 1) >= 0 && b.at(step(b, p, d, hi + 1)) == colour) ++hi;
  const int left = step(b, p, d, lo - 1), right = step(b, p, d, hi + 1);
  const auto done = completions(b, p, d, colour);
  auto completes = [&](int q) { return q >= 0 && std::find(done.begin(), done.end(), q) != done.end(); };
  if (completes(left) && completes(right)) return {left, right};
  return {};
}

}  // namespace

const char* shape_name(Shape s) {
  switch (s) {
    case Shape::Five: return "five";
    case Shape::Overline: return "overline";
    case Shape::OpenFour: return "open-four";
    case Shape::DoubleFour: return "double-four";
    case Shape::Four: return "four";
    case Shape::OpenThree: return "open-three";
    case Shape::Three: return "three";
    case Shape::PseudoThree: return "pseudo-three";
    case Shape::None: break;
  }
  return "none";
}

std::array<LineShape, 4> line_shapes(Board& b, int p, Colour colour, const FoulRules& rules) {
  std::array<LineShape, 4> out;
  for (int d = 0; d < 4; ++d) {
    LineShape& line = out[static_cast<std::size_t>(d)];
    const int run = row_through(b, p, colour, d);
    if (run == 5) {
      line.shape = Shape::Five;
      continue;
    }
    if (run > 5) {
      line.shape = Shape::Overline;
      continue;
    }
    const auto done = completions(b, p, d, colour);
    if (!done.empty()) {
      const auto open = open_four(b, p, d, colour);
      line.shape = !open.empty() ? Shape::OpenFour : done.size() >= 2 ? Shape::DoubleFour : Shape::Four;
      line.points = done;
      continue;
    }
    // Threes: one more stone makes an open four through p (for Black, a legal stone that does not
    // itself complete a five); pseudo-threes: one more stone makes only a closed four.
    std::vector<int> straight, closed;
    for (int k = -4; k <= 4; ++k) {
      const int q = step(b, p, d, k);
      if (k == 0 || q < 0 || b.at(q) != Colour::Empty) continue;
      b.set(q, colour);
      const bool four = !completions(b, p, d, colour).empty();
      const auto straight_four = open_four(b, q, d, colour);
      bool open = four && !straight_four.empty() && joined(b, q, d, -k, colour);
      if (open && colour == Colour::Black && rules.five_point_no_three && rows_made(b, q, colour).five) open = false;
      b.set(q, Colour::Empty);
      if (open && colour == Colour::Black && rules.recursive_threes && foul_by_definition(b, q, rules) != Foul::None) open = false;
      if (open) straight.push_back(q);
      else if (four) closed.push_back(q);
    }
    if (!straight.empty()) {
      line.shape = straight.size() >= 2 ? Shape::OpenThree : Shape::Three;
      line.points = straight;
    } else if (!closed.empty()) {
      line.shape = Shape::PseudoThree;
      line.points = closed;
    }
  }
  return out;
}

}  // namespace rulespec::renju
