#include "model/renju/rows.hpp"

namespace rulespec::renju {

std::array<int, 4> rows_through(const Board& b, int point, Colour colour) {
  return {row_through(b, point, colour, 0), row_through(b, point, colour, 1), row_through(b, point, colour, 2),
          row_through(b, point, colour, 3)};
}

RowsMade rows_made(const Board& b, int point, Colour colour, int win_length) {
  RowsMade out;
  for (int length : rows_through(b, point, colour)) {
    out.five = out.five || length == win_length;
    out.overline = out.overline || length > win_length;
  }
  return out;
}

bool five_possible(const Board& b, Colour colour) {
  const Colour other = colour == Colour::Black ? Colour::White : Colour::Black;
  for (int p = 0; p < b.points(); ++p)
    for (const auto& d : kDirections) {
      bool free = true;
      for (int k = 0; k < 5 && free; ++k) {
        const int c = p % b.size() + k * d[0], r = p / b.size() + k * d[1];
        free = b.on_board(c, r) && b.at(b.point(c, r)) != other;
      }
      if (free) return true;
    }
  return false;
}

}  // namespace rulespec::renju
