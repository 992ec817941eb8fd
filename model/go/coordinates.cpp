#include "model/go/coordinates.hpp"

namespace rulespec::go {

char column_letter(int index) { return static_cast<char>('A' + index - 1 + (index >= 9 ? 1 : 0)); }

std::string ing_point_name(int column, int row) { return std::string(1, column_letter(column)) + std::to_string(row); }

std::string codex1985_point_name(int column, int row, int size) {
  return std::string(1, column_letter(size + 1 - row)) + "-" + std::to_string(column);
}

std::optional<std::pair<int, int>> parse_codex1985_point(const std::string& name, int size) {
  if (name.size() < 3 || name[1] != '-') return std::nullopt;
  const char letter = name[0];
  if (letter < 'A' || letter > 'T' || letter == 'I') return std::nullopt;
  const int from_top = letter - 'A' + 1 - (letter > 'I' ? 1 : 0);
  int column = 0;
  for (size_t i = 2; i < name.size(); ++i) {
    if (name[i] < '0' || name[i] > '9') return std::nullopt;
    column = column * 10 + (name[i] - '0');
    if (column > size) return std::nullopt;  // also keeps a long number from overflowing
  }
  if (column < 1 || column > size || from_top > size) return std::nullopt;
  return std::make_pair(column, size + 1 - from_top);
}

}  // namespace rulespec::go
