// Unbroken rows through one point: what a stone completes in each of the four directions. This
// is the part of the renju board model the result rules need (a five, an overline).
#pragma once
#include <array>

#include "model/renju/board.hpp"

namespace rulespec::renju {

// The longest unbroken row of `colour` through `point` in each direction (horizontal, vertical,
// and the two diagonals), counting a stone of that colour on `point` itself.
std::array<int, 4> rows_through(const Board& b, int point, Colour colour);
// Inline: the definitional foul test calls it hundreds of times per point it judges.
inline int row_through(const Board& b, int point, Colour colour, int direction) {
  const int column = point % b.size(), row = point / b.size();
  const int dc = kDirections[direction][0], dr = kDirections[direction][1];
  int length = 1;
  for (int sign : {1, -1}) {
    int c = column + sign * dc, r = row + sign * dr;
    while (b.on_board(c, r) && b.at(b.point(c, r)) == colour) {
      ++length;
      c += sign * dc;
      r += sign * dr;
    }
  }
  return length;
}

// What a stone on `point` makes: an exact five somewhere, and a row longer than five somewhere
// (in the same or another direction).
struct RowsMade {
  bool five = false;
  bool overline = false;
};
RowsMade rows_made(const Board& b, int point, Colour colour, int win_length = 5);

// Whether `colour` still has somewhere to make a five: five consecutive points on one line with no
// stone of the other colour (the static reading of "no theoretical possibility to place a five").
bool five_possible(const Board& b, Colour colour);

}  // namespace rulespec::renju
