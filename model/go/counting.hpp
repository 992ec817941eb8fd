// Ing's fill-in counting, executed on counts rather than on a board: how many stones each bowl
// holds, how compensation and penalty stones are laid, who is left with "winning points" or
// "losing stones", and the margin the procedure shows. The direct area count is computed beside
// it so that the two can be compared.
#pragma once
#include <string>

namespace rulespec::go {

struct FinalCounts {
  int points = 361;            // points on the board (odd for every Ing board)
  int stones_per_player = 180; // bowl size before the game
  int black_stones = 0;        // Black's stones on the board after dead stones are removed
  int white_stones = 0;
  int black_territory = 0;     // empty points surrounded by Black alone
  int white_territory = 0;
  int seki_points = 0;         // empty points surrounded jointly (incl. neutral points left open)
  double komi = 0;             // points White receives (negative: reverse komi to Black); may hold a half point
  int black_penalty = 0;       // penalty points charged to Black (lateness, overtime)
  int white_penalty = 0;
  int aga_handicap = 0;        // AGA variant: handicap stones Black received; White gets as many points
};

enum class FillInStatus {
  Done,                  // the procedure ran to the end
  BadInput,              // counts do not add up, or more stones on the board than in the bowl
  OddCompensation,       // compensation points not a multiple of 2: half a stone would be needed
  NoRoomForCompensation, // the opponent's territory is too small for the compensation stones
  Unresolved,            // the procedure's end state is not one the text describes
};

struct FillInResult {
  FillInStatus status = FillInStatus::Done;
  std::string detail;
  int winner = 0;          // +1 Black, -1 White, 0 tie (a tie is then awarded by the tie rule)
  int margin = 0;          // points shown by the procedure (>= 0)
  int winning_points = 0;  // empty territory left to the winner after filling
  int losing_stones = 0;   // stones the loser could not place
  int empty_points_at_end = 0;
  bool free_point_in_seki = false;
  // How the stones were laid, for laying them on a board (model/go/fill_in_board).
  struct Laying {
    int seki_stones_each = 0;             // stones each player put on seki points
    int white_on_black = 0, black_on_white = 0;  // compensation and penalty stones
    bool aga_vacated_point = false;       // AGA: a point of Black's territory left empty
    int black_fill = 0, white_fill = 0;   // stones each put on their own territory
  } laying;
};

struct DirectCount {
  double black = 0, white = 0;  // area (stones + territory + half the seki points) +- compensation
  double margin() const { return black - white; }
};

int bowl_stones_for(int points);  // (N - 1) / 2, the Ing bowl rule
FillInResult ing_fill_in(const FinalCounts& c);
DirectCount ing_direct_count(const FinalCounts& c);
const char* to_string(FillInStatus s);

}  // namespace rulespec::go
