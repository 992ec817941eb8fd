#include "model/renju/opening_procedure.hpp"

namespace rulespec::renju {

std::vector<Placement> rif_old_opening(char second_player_takes) {
  std::vector<Placement> steps;
  int appeared = 0, on_board = 0;
  const int black_player = second_player_takes == 'B' ? 2 : 1, white_player = 3 - black_player;
  auto place = [&](const char* step, int player, char colour, bool colours_chosen) {
    Placement p;
    p.step = step;
    p.player = player;
    p.colour = colour;
    p.player_colour = colours_chosen ? (player == black_player ? 'B' : 'W') : '?';
    p.appeared = ++appeared;
    p.on_board = ++on_board;
    steps.push_back(p);
  };
  // Step 1: the first-listed player places black, white, black (colours not yet chosen).
  place("1", 1, 'B', false);
  place("2", 1, 'W', false);
  place("3", 1, 'B', false);
  // Step 2-3: the second-listed player chooses; White plays move 4.
  place("4", white_player, 'W', true);
  // Step 4-5: Black proposes two fifth moves; White keeps one, the other leaves the board.
  place("5a", black_player, 'B', true);
  place("5b", black_player, 'B', true);
  // Step 5-6: White keeps one proposal (the other leaves the board) and plays move 6.
  --on_board;
  place("6", white_player, 'W', true);
  return steps;
}

int own_colour_violations(const std::vector<Placement>& steps) {
  int n = 0;
  for (const auto& p : steps) n += p.player_colour != p.colour;
  return n;
}

bool white_may_pass_at_move_six(const std::vector<Placement>& steps, bool count_appearances) {
  // State just before move 6: after the fifth-move proposals. Counting appearances, six stones
  // have appeared; counting the third white stone (the parenthesis), only two white ones have.
  int white = 0;
  for (const auto& p : steps) {
    if (p.step == "6") break;
    white += p.colour == 'W';
    if (p.step == "5b") return count_appearances ? p.appeared >= 6 : white >= 3;
  }
  return false;
}

}  // namespace rulespec::renju
