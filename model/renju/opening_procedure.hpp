// The old RIF opening procedure as a list of placements: who places which colour at each step,
// and how many stones have appeared and stand on the board when. Board-free: where the stones go
// is the renju model's business.
#pragma once
#include <string>
#include <vector>

namespace rulespec::renju {

struct Placement {
  std::string step;     // "1", "2", "3", "4", "5a", "5b", "6"
  int player = 1;       // 1 = listed first, 2 = listed second
  char colour = 'B';    // colour of the stone placed
  char player_colour = '?';  // the placer's colour at that moment ('?' before the colour choice)
  int appeared = 0;     // stones that have appeared on the board so far (removals not subtracted)
  int on_board = 0;     // stones standing on the board after this step
};

// second_player_takes: 'W' or 'B' (the colour the player listed second chooses after step 3).
// two_fifth_proposals: Black offers two fifth moves (5a, 5b) and White keeps one; else Black plays
// one fifth move ("5") like any other.
std::vector<Placement> rif_old_opening(char second_player_takes, bool two_fifth_proposals = true);

// Gomoku swap (line 115) and swap2 (line 116): the first player places two black stones and one
// white one (recorded in playing order B, W, B); the second player takes a colour ('B' or 'W'),
// or under swap2 ('A') adds a white and a black stone and hands the choice to the first player
// (`first_player_takes`). White then plays the next stone.
std::vector<Placement> swap_opening(bool swap2, char second_player_takes, char first_player_takes = 'W');

// Placements whose stone is not of the placer's own colour (or placed before the placer has one).
int own_colour_violations(const std::vector<Placement>& steps);

// May White pass instead of playing move 6, if a pass needs the sixth stone to have appeared
// (appearances) or six stones to stand on the board after move 6 (after_move_six)?
bool white_may_pass_at_move_six(const std::vector<Placement>& steps, bool count_appearances);

}  // namespace rulespec::renju
