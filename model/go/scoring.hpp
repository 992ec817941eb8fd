// Counting a finished board: empty regions and who surrounds them, the direct area count (Ing,
// stones + surrounded points, jointly surrounded points shared), the 1985 territory count
// (territory + prisoners, seki eyes not territory, Art. 10), the board fed to Ing's fill-in
// procedure, and Benson's unconditional life.
#pragma once
#include <vector>

#include "model/go/board.hpp"
#include "model/go/counting.hpp"

namespace rulespec::go {

struct Region {
  std::vector<int> points;
  bool borders_black = false, borders_white = false;
};
// Maximal connected sets of empty points.
std::vector<Region> empty_regions(const Board& b);

struct AreaCount {
  int black_stones = 0, white_stones = 0;
  int black_territory = 0, white_territory = 0;
  int shared = 0;  // empty points bordered by both colours (seki and any neutral point left)
  double black() const { return black_stones + black_territory + shared / 2.0; }
  double white() const { return white_stones + white_territory + shared / 2.0; }
};
// Counts the board as it stands (remove dead stones first).
AreaCount area_count(const Board& b);

struct TerritoryCount {
  int black_territory = 0, white_territory = 0;  // empty points only
  int neutral = 0;                               // dame and seki points, and seki eyes
  std::vector<int> seki_stones;                  // stones of chains living in seki
};
// Whether an empty region is provably a seki's shared liberties: every point of it touches both
// colours, and each side,
// filling it point by point while the other passes, captures nothing and is stopped before it is
// full (its next stone would be suicide or put its own chain in atari), so neither can take the
// shared liberties. Dame between living groups is not: either side fills it safely. A seki this
// does not show (a double-ko seki, Art. 9 §2 a) is named by the caller.
bool provable_seki_region(const Board& b, const Region& r);

// Art. 10: empty points inside a colour's living stones are its territory, except points
// surrounded by groups living in seki; points both colours border are neutral (dame). A chain is
// in seki when `declared_seki` names it or (with `infer_seki`) when it borders a provable seki
// region and is not unconditionally alive. Other seki (double-ko seki, Art. 9 §2 a; long shared
// liberties) are a judgment the board cannot make: the caller names those chains; a caller that
// names the seki chains itself (even none) passes infer_seki false.
// `seki_points_neutral` false: a region one colour alone borders is that colour's territory even
// when a chain in seki surrounds it (1985 Art. 10 §1 note 2 switched off); seki chains are still
// reported, and points both colours border stay neutral.
TerritoryCount territory_count(const Board& b, const std::vector<int>& declared_seki = {}, bool seki_points_neutral = true,
                               bool infer_seki = true);

// Empty points that both colours border and that touch no chain living in seki (the chains of
// `seki_stones`): neutral points the players have not filled yet (Ing line 96; 1985 Art. 11 §2
// finishing). A region that touches a seki chain is taken as a seki region as a whole.
std::vector<int> unfilled_neutral_points(const Board& b, const std::vector<int>& seki_stones);

// The final counts Ing's fill-in procedure starts from, read off the board.
FinalCounts final_counts(const Board& b, double komi, int black_penalty, int white_penalty, int aga_handicap);

// Benson's algorithm: the stones of `colour` that can never be captured, whatever the opponent
// plays and even if `colour` always passes. Benson's theorem assumes the opponent cannot remove
// its own stones; where group suicide is legal (Ing), a region only protects a chain if every
// point of it, stones included, touches the chain, since a suicide can empty any of them.
std::vector<int> unconditionally_alive(const Board& b, Stone colour, bool opponent_may_suicide = false);

// The stones of `colour` that the opponent can capture whenever it wants: those inside a region
// (points not of the opponent) that only unconditionally alive opponent chains border and whose
// every empty point touches them. The opponent can fill each such point safely (the new stone joins
// a chain that cannot be captured), so the region's stones run out of liberties; no eye of
// `colour` can form there, since every empty point touches the opponent.
std::vector<int> unconditionally_dead(const Board& b, Stone colour, bool suicide_legal = false);

}  // namespace rulespec::go
