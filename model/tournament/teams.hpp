// Team competitions of the 1985 Codex (chapter II art. 2 note 2, art. 5 §4): board points,
// match points, the team coefficient, and where a team that won every match stands.
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
};

TeamStanding team_standing(const TeamTable& t);

// Where the team that won every match stands on board points: the input of the table
// ru-go-1985.decisions.team-first-place, which decides first place and the extra match of
// Art. 5 §4 (queries/queries_go1985_admin.cpp consults it).
enum class UndefeatedPlace { None, First, SharesFirst, Second, ThirdOrLower };
UndefeatedPlace undefeated_place(const TeamStanding& s);

}  // namespace rulespec::tournament
