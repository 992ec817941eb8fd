// The 1985 Codex's board-free arithmetic: stone sets per board size, territory scoring with komi
// handed over as prisoners plus a conditional half point, the fixed handicap order on the hoshi,
// and the feasibility of time-control system I.
#pragma once
#include <string>
#include <vector>

namespace rulespec::go {

struct StoneSet {
  int black = 0, white = 0;
};
// Black gets the odd stone: (N+1)/2 black and (N-1)/2 white for N points.
StoneSet codex1985_stone_set(int size);

// Territory scoring (Art. 12): totals are territory + prisoners; komi K = whole prisoners + a
// fraction that is either added only on a tie (conditional) or plainly (arithmetic).
struct TerritoryScore {
  double black_total = 0, white_total = 0;  // what each side is credited with
  int winner = 0;                           // +1 Black, -1 White (a tie cannot remain)
  double margin = 0;
};
TerritoryScore codex1985_score(int black_territory, int black_prisoners, int white_territory, int white_prisoners,
                               double komi, bool conditional_half_point);

// Handicap stones 2..9 on the hoshi in the order of Art. 2 §1, as GTP points (19x19).
std::vector<std::string> codex1985_handicap_points(int stones);

// Time-control system I: rate r moves per player per hour, controls after T1 and T1+T2 hours.
struct ControlPlan {
  int rate = 0;
  double first_hours = 0, second_hours = 0;
  int moves_per_player() const;  // moves each player has made after two controls
};

}  // namespace rulespec::go
