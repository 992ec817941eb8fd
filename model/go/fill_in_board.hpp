// Ing's fill-in counting laid out on the board itself (go-ing-rules.ru.txt lines 108-115): the
// stones from the bowls go onto empty points only, never moving a stone already there; seki
// points are shared; compensation and penalty stones go onto the giver's territory; each player
// fills his own territory so that what stays empty is one block in a corner (else on a side),
// with the compensation stones as a group next to it; the loser's losing stones go onto the
// winner's winning points. The counts come from ing_fill_in; this only places them.
#pragma once
#include <vector>

#include "model/go/board.hpp"
#include "model/go/counting.hpp"

namespace rulespec::go {

struct FilledBoard {
  Board board;
  std::vector<int> winning_block;  // the winner's winning points before the losing stones went on
};

// `counted` is the final board with the dead stones removed; `result` is ing_fill_in on its
// counts and must be Done.
FilledBoard lay_fill_in(const Board& counted, const FillInResult& result);

// Points of one colour's territory in laying order: its largest region first, from an anchor (a
// corner of the region, else a point on the edge, else its first point) outwards, then the other
// regions the same way. The first points of the order are the ones left empty, so they form one
// block whenever the largest region can hold them.
std::vector<int> laying_order(const Board& b, const std::vector<int>& territory);

}  // namespace rulespec::go
