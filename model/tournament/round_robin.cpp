#include "model/tournament/round_robin.hpp"

namespace rulespec::tournament {

RoundRobinShape round_robin(int players, int cycles) {
  RoundRobinShape s;
  if (players < 2) return s;
  const int slots = players % 2 ? players + 1 : players;
  s.rounds = (slots - 1) * cycles;
  s.games = players * (players - 1) / 2 * cycles;
  s.games_per_round = players / 2;
  s.byes_per_round = players % 2;
  return s;
}

std::vector<std::pair<int, int>> berger_round(int players, int round) {
  const int n = players % 2 ? players + 1 : players;  // index n-1 is the phantom for odd fields
  std::vector<std::pair<int, int>> out;
  // Circle method: seat n-1 is fixed, the others rotate by one each round.
  for (int i = 0; i < n / 2; ++i) {
    int a = i == 0 ? n - 1 : (round + i) % (n - 1);
    int b = (round + n - 1 - i) % (n - 1);
    if (i == 0 && round % 2) std::swap(a, b);  // alternate colours of the fixed seat
    out.emplace_back(a == n - 1 && players % 2 ? players : a, b == n - 1 && players % 2 ? players : b);
  }
  return out;
}

KnockOutShape knock_out(int players) {
  KnockOutShape s;
  if (players < 2) return s;
  int bracket = 1;
  while (bracket < players) {
    bracket *= 2;
    ++s.rounds;
  }
  s.games = players - 1;
  s.byes = bracket - players;
  return s;
}

ScheveningenShape scheveningen(int team_size, int cycles) {
  return {team_size * cycles, team_size * team_size * cycles};
}

}  // namespace rulespec::tournament
