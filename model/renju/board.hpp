// The renju board: a square grid of points (15x15 in renju), coordinates a1..o15 from the bottom
// left with the letter i in use, and move lists as the codex writes them ("h8 i9" or "h8i9").
#pragma once
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
  int points() const { return size_ * size_; }
  Colour at(int point) const { return cells_[static_cast<std::size_t>(point)]; }
  void set(int point, Colour c) { cells_[static_cast<std::size_t>(point)] = c; }
  bool on_board(int column, int row) const { return column >= 0 && column < size_ && row >= 0 && row < size_; }
  int point(int column, int row) const { return row * size_ + column; }
  int stones() const;

 private:
  int size_;
  std::vector<Colour> cells_;
};

// The four line directions through a point: horizontal, vertical, rising and falling diagonal.
inline constexpr int kDirections[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};

// "h8": a column letter a, b, ... (i included) and a row number from 1 at the bottom.
std::optional<int> parse_point(std::string_view text, int size);
std::string point_name(int point, int size);

// A move list, separated by spaces or commas or written together ("h8i9j10"). `pass` is kPass;
// `draw` (a draw both players agree to, line 33) is kAgreedDraw; `claim` (White points out the
// foul Black just played, no move) is kClaim. On a bad token: nullopt, and `error` names it.
inline constexpr int kPass = -1;
inline constexpr int kAgreedDraw = -2;
inline constexpr int kClaim = -3;
std::optional<std::vector<int>> parse_moves(std::string_view text, int size, std::string* error = nullptr);

}  // namespace rulespec::renju
