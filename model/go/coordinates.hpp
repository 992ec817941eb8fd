// Point names of the two Go codices for a point given as (column from Black's left, row from
// Black's near edge), both 1-based. Ing (like GTP) names column letter + row number from the
// bottom; the 1985 Codex names row letter counted from the top + column number.
#pragma once
#include <optional>
#include <string>
#include <utility>

namespace rulespec::go {

char column_letter(int index);  // 1 -> 'A', ..., 8 -> 'H', 9 -> 'J' (no 'I'), 19 -> 'T'
std::string ing_point_name(int column, int row);
std::string codex1985_point_name(int column, int row, int size = 19);
// Parses a 1985 name "X-n" back to (column, row); nullopt if malformed.
std::optional<std::pair<int, int>> parse_codex1985_point(const std::string& name, int size = 19);

}  // namespace rulespec::go
