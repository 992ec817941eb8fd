// The simple structures of renju-rif.ru.txt lines 40-48, line by line through one stone: five,
// overline, four (open or closed, and two fours on one line), three (open or not) and pseudo-three,
// each for the stone's own colour: a black four whose second completion would be an overline is
// closed (line 45), a black three whose four point is a foul is a pseudo-three (line 55).
#pragma once
#include <array>
#include <vector>

#include "model/renju/fouls.hpp"

namespace rulespec::renju {

enum class Shape { None, Five, Overline, OpenFour, DoubleFour, Four, OpenThree, Three, PseudoThree };
const char* shape_name(Shape s);  // "none", "five", "overline", "open-four", ...

struct LineShape {
  Shape shape = Shape::None;
  std::vector<int> points;  // completions of a four, straight-four points of a three, four points of a pseudo-three
};

// The shapes through `point`, which holds a stone of `colour`, in the four directions (horizontal,
// vertical, rising, falling). Fouls (for a black three's four point) follow `rules`.
std::array<LineShape, 4> line_shapes(Board& board, int point, Colour colour, const FoulRules& rules);

}  // namespace rulespec::renju
