// Unbroken rows through one point: what a stone completes in each of the four directions. This
// is the part of the renju board model the result rules need (a five, an overline); threes, fours
// and the recursive foul test build on it.
#pragma once
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rulespec::renju {

enum class Colour : char { Empty = '.', Black = 'X', White = 'O' };

// A square board; points are numbered row by row from the bottom left (a1 = 0).
class Board {
 public:
  explicit Board(int size = 15) : size_(size), cells_(static_cast<std::size_t>(size * size), Colour::Empty) {}
  int size() const { return size_; }
  Colour at(int point) const { return cells_[static_cast<std::size_t>(point)]; }
  void set(int point, Colour c) { cells_[static_cast<std::size_t>(point)] = c; }
  bool on_board(int column, int row) const { return column >= 0 && column < size_ && row >= 0 && row < size_; }
  int point(int column, int row) const { return row * size_ + column; }

 private:
  int size_;
  std::vector<Colour> cells_;
};

// "h8": a column letter a, b, ... (i included) and a row number from 1 at the bottom.
std::optional<int> parse_point(std::string_view text, int size);
std::string point_name(int point, int size);

// The longest unbroken row of `colour` through `point` in each direction (horizontal, vertical,
// and the two diagonals), counting a stone of that colour on `point` itself.
std::array<int, 4> rows_through(const Board& b, int point, Colour colour);

// What a stone on `point` makes: an exact five somewhere, and a row longer than five somewhere
// (in the same or another direction).
struct RowsMade {
  bool five = false;
  bool overline = false;
};
RowsMade rows_made(const Board& b, int point, Colour colour, int win_length = 5);

}  // namespace rulespec::renju
