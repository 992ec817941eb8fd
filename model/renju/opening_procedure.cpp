#include "model/renju/opening_procedure.hpp"

namespace rulespec::renju {
namespace {

// The placements of one opening as they happen; `black_player` is who ends up with Black.
struct PlacementLog {
  int black_player;
  std::vector<Placement> steps;
  int appeared = 0, on_board = 0;

  void place(const char* step, int player, char colour, bool colours_chosen) {
    Placement p;
    p.step = step;
    p.player = player;
    p.colour = colour;
    p.player_colour = colours_chosen ? (player == black_player ? 'B' : 'W') : '?';
    p.appeared = ++appeared;
    p.on_board = ++on_board;
    steps.push_back(p);
  }
};

}  // namespace

std::vector<Placement> rif_old_opening(char second_player_takes, bool two_fifth_proposals) {
  const int black_player = second_player_takes == 'B' ? 2 : 1, white_player = 3 - black_player;
  PlacementLog log{black_player, {}};
  const auto place = [&log](const char* step, int player, char colour, bool chosen) { log.place(step, player, colour, chosen); };
  // Step 1: the first-listed player places black, white, black (colours not yet chosen).
  place("1", 1, 'B', false);
  place("2", 1, 'W', false);
  place("3", 1, 'B', false);
  // Step 2-3: the second-listed player chooses; White plays move 4.
  place("4", white_player, 'W', true);
  // Step 4-5: Black proposes two fifth moves; White keeps one, the other leaves the board.
  if (two_fifth_proposals) {
    place("5a", black_player, 'B', true);
    place("5b", black_player, 'B', true);
    --log.on_board;  // the proposal White does not keep
  } else {
    place("5", black_player, 'B', true);
  }
  // Step 5-6: White plays move 6.
  place("6", white_player, 'W', true);
  return log.steps;
}

std::vector<Placement> swap_opening(bool swap2, char second_player_takes, char first_player_takes) {
  const bool added = swap2 && second_player_takes == 'A';
  const int black_player = added ? (first_player_takes == 'B' ? 1 : 2) : (second_player_takes == 'B' ? 2 : 1);
  PlacementLog log{black_player, {}};
  const auto place = [&log](const char* step, int player, char colour, bool chosen) { log.place(step, player, colour, chosen); };
  place("1", 1, 'B', false);
  place("2", 1, 'W', false);
  place("3", 1, 'B', false);
  if (added) {
    place("4", 2, 'W', false);
    place("5", 2, 'B', false);
    place("6", 3 - black_player, 'W', true);
  } else {
    place("4", 3 - black_player, 'W', true);
  }
  return log.steps;
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
