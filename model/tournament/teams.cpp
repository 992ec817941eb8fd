#include "model/tournament/teams.hpp"

#include <cstddef>

namespace rulespec::tournament {

TeamStanding team_standing(const TeamTable& t) {
  TeamStanding s;
  const auto n = static_cast<std::size_t>(t.teams);
  s.board_points.assign(n, 0);
  s.match_points.assign(n, 0);
  s.coefficient.assign(n, 0);
  std::vector<int> played(n, 0), won(n, 0);
  for (const auto& m : t.matches) {
    const int bp = t.boards - m.a_points;
    s.board_points[static_cast<std::size_t>(m.a)] += m.a_points;
    s.board_points[static_cast<std::size_t>(m.b)] += bp;
    ++played[static_cast<std::size_t>(m.a)];
    ++played[static_cast<std::size_t>(m.b)];
    if (2 * m.a_points > t.boards) {
      s.match_points[static_cast<std::size_t>(m.a)] += 1;
      ++won[static_cast<std::size_t>(m.a)];
    } else if (2 * m.a_points < t.boards) {
      s.match_points[static_cast<std::size_t>(m.b)] += 1;
      ++won[static_cast<std::size_t>(m.b)];
    } else {
      s.match_points[static_cast<std::size_t>(m.a)] += 0.5;
      s.match_points[static_cast<std::size_t>(m.b)] += 0.5;
    }
  }
  for (const auto& m : t.matches) {
    s.coefficient[static_cast<std::size_t>(m.a)] += m.a_points * s.board_points[static_cast<std::size_t>(m.b)];
    s.coefficient[static_cast<std::size_t>(m.b)] += (t.boards - m.a_points) * s.board_points[static_cast<std::size_t>(m.a)];
  }
  s.rank_by_board_points.assign(n, 1);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j)
      if (s.board_points[j] > s.board_points[i]) ++s.rank_by_board_points[i];
  for (std::size_t i = 0; i < n; ++i)
    if (played[i] > 0 && won[i] == played[i]) s.undefeated = static_cast<int>(i);
  return s;
}

UndefeatedPlace undefeated_place(const TeamStanding& s) {
  if (s.undefeated < 0) return UndefeatedPlace::None;
  const int rank = s.rank_by_board_points[static_cast<std::size_t>(s.undefeated)];
  if (rank >= 3) return UndefeatedPlace::ThirdOrLower;
  if (rank == 2) return UndefeatedPlace::Second;
  int first = 0;
  for (int r : s.rank_by_board_points) first += r == 1;
  return first == 1 ? UndefeatedPlace::First : UndefeatedPlace::SharesFirst;
}

}  // namespace rulespec::tournament
