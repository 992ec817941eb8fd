// Team competitions of the 1985 Codex (chapter II art. 2 note 2, art. 5 §4): board points,
// match points, the team coefficient, and the extra match for an undefeated team.
#pragma once
#include <vector>

namespace rulespec::tournament {

struct TeamMatch {
  int a = 0, b = 0;      // team indices
  int a_points = 0;      // board points of a; b scores boards - a_points
};

struct TeamTable {
  int teams = 0, boards = 0;
  std::vector<TeamMatch> matches;
};

struct TeamStanding {
  std::vector<int> board_points;
  std::vector<double> match_points;  // 1 win, 0.5 draw, 0 loss
  std::vector<int> coefficient;      // sum over matches of own board points x opponent's board points
  std::vector<int> rank_by_board_points;  // 1-based competition rank (ties share the better rank)
  int undefeated = -1;                    // a team that won every match it played, or -1
  bool extra_match = false;               // the undefeated team is exactly second on board points
};

TeamStanding team_standing(const TeamTable& t);

}  // namespace rulespec::tournament
