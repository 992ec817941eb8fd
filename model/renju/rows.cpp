#include "model/renju/rows.hpp"

#include <charconv>

namespace rulespec::renju {

std::optional<int> parse_point(std::string_view text, int size) {
  if (text.size() < 2) return std::nullopt;
  const int column = text[0] - 'a';
  int row = 0;
  const auto [end, ec] = std::from_chars(text.data() + 1, text.data() + text.size(), row);
  if (ec != std::errc() || end != text.data() + text.size() || column < 0 || column >= size || row < 1 || row > size)
    return std::nullopt;
  return (row - 1) * size + column;
}

std::string point_name(int point, int size) {
  return std::string(1, static_cast<char>('a' + point % size)) + std::to_string(point / size + 1);
}

std::array<int, 4> rows_through(const Board& b, int point, Colour colour) {
  static constexpr int kDirections[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
  const int column = point % b.size(), row = point / b.size();
  std::array<int, 4> out{};
  for (int d = 0; d < 4; ++d) {
    int length = 1;
    for (int sign : {1, -1}) {
      int c = column + sign * kDirections[d][0], r = row + sign * kDirections[d][1];
      while (b.on_board(c, r) && b.at(b.point(c, r)) == colour) {
        ++length;
        c += sign * kDirections[d][0];
        r += sign * kDirections[d][1];
      }
    }
    out[static_cast<std::size_t>(d)] = length;
  }
  return out;
}

RowsMade rows_made(const Board& b, int point, Colour colour, int win_length) {
  RowsMade out;
  for (int length : rows_through(b, point, colour)) {
    out.five = out.five || length == win_length;
    out.overline = out.overline || length > win_length;
  }
  return out;
}

}  // namespace rulespec::renju
