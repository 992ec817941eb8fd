// Figures read from a clause's statement, so that a check of what the text asserts checks the
// text as written or as amended: a committee that corrects a figure in the statement sees the
// same check accept it (rulespec repair proposes such corrections, solver/finding.hpp).
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rulespec {

// The whole numbers written in `text`, in order ("181/180" gives 181 and 180).
std::vector<int> integers_in(std::string_view text);

// The black and white stones a statement gives for the board `size`: the first two numbers after
// its first mention ("13 x 13", "13x13") and before the mention of another size, leaving out
// the size and its number of points. Nothing when the statement does not give two.
std::optional<std::pair<int, int>> stone_split_in(std::string_view statement, int size);

// The sizes of the square boards a statement mentions, in order of first mention.
std::vector<int> board_sizes_in(std::string_view statement);

// Whether a statement asserts that two things are equivalent ("equivalent", "equivalently",
// "равнозначно") without denying it ("not equivalent").
bool asserts_equivalence(std::string_view statement);

}  // namespace rulespec
