#include "model/renju/board.hpp"

#include <cctype>
#include <charconv>

namespace rulespec::renju {

int Board::stones() const {
  int n = 0;
  for (Colour c : cells_) n += c != Colour::Empty;
  return n;
}

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

std::optional<std::vector<int>> parse_moves(std::string_view text, int size, std::string* error) {
  std::vector<int> out;
  std::size_t i = 0;
  auto fail = [&](std::size_t from, std::size_t to) -> std::optional<std::vector<int>> {
    if (error) *error = std::string(text.substr(from, to - from));
    return std::nullopt;
  };
  while (i < text.size()) {
    if (text[i] == ' ' || text[i] == ',' || text[i] == '\t') {
      ++i;
      continue;
    }
    if (text.substr(i, 4) == "pass" || text.substr(i, 4) == "draw") {
      out.push_back(text.substr(i, 4) == "pass" ? kPass : kAgreedDraw);
      i += 4;
      continue;
    }
    if (text.substr(i, 5) == "claim") {
      out.push_back(kClaim);
      i += 5;
      continue;
    }
    // A letter and the longest row number that is still on the board ("h1" + "5" is h15, not h1 then 5).
    std::size_t j = i + 1;
    while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j]))) ++j;
    std::size_t end = j;
    std::optional<int> p;
    for (; end > i + 1; --end)
      if ((p = parse_point(text.substr(i, end - i), size))) break;
    if (!p) return fail(i, j == i + 1 ? std::min(text.size(), i + 1) : j);
    out.push_back(*p);
    i = end;
  }
  return out;
}

}  // namespace rulespec::renju
