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
  // Berger tables, numbers 1..n with n even (an odd field adds a phantom n): in round r the last
  // number meets p (p = (r+1)/2 for odd r, n/2 + r/2 for even r) with colours alternating by round;
  // the others pair as p+k (White) against p-k, counted round the circle of 1..n-1.
  const int n = players % 2 ? players + 1 : players, m = n - 1, r = round + 1;
  const int p = r % 2 ? (r + 1) / 2 : n / 2 + r / 2;
  auto wrap = [m](int x) { return ((x - 1) % m + m) % m + 1; };
  std::vector<std::pair<int, int>> out;
  out.emplace_back(r % 2 ? p - 1 : n - 1, r % 2 ? n - 1 : p - 1);
  for (int k = 1; k < n / 2; ++k) out.emplace_back(wrap(p + k) - 1, wrap(p - k) - 1);
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
