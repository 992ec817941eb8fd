// Competition-system arithmetic (round robin, Scheveningen, knock-out, Swiss): counts of rounds,
// games and byes, and Berger-table pairings.
#pragma once
#include <utility>
#include <vector>

namespace rulespec::tournament {

struct RoundRobinShape {
  int rounds = 0;           // rounds for a single round robin
  int games = 0;            // games in all
  int games_per_round = 0;  // boards in play each round
  int byes_per_round = 0;   // players idle each round (odd field)
};
RoundRobinShape round_robin(int players, int cycles = 1);

// Berger table pairings (white, black) for round r (0-based) of a single round robin; a player
// paired with `players` (the phantom of an odd field) has a bye. Players are 0..players-1, numbered
// by lot. Every pair meets once; nobody has a colour three times running; colours differ by at most one.
std::vector<std::pair<int, int>> berger_round(int players, int round);

struct KnockOutShape {
  int rounds = 0;  // ceil(log2(players))
  int games = 0;   // one game per eliminated player
  int byes = 0;    // first-round byes to reach a power of two
};
KnockOutShape knock_out(int players);

struct ScheveningenShape {
  int rounds = 0;  // each player meets every member of the other team
  int games = 0;
};
ScheveningenShape scheveningen(int team_size, int cycles = 1);

}  // namespace rulespec::tournament
