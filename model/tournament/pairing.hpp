// What the Swiss and the level systems share: the seeded lot, colour balance, the 1985 Codex's
// hard colour bounds, and the checks every draw must pass (no rematch, at most one bye).
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

namespace rulespec::tournament {

// Nodes one pairing search may visit (swiss and level draws). Past it the search stops, the draw
// counts it in budget_stops and falls back as when no pairing exists.
inline constexpr long kPairingBudget = 200'000;

// The "lot": a reproducible generator (splitmix64).
inline std::uint64_t lot_draw(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// Whites minus Blacks ('-' is a bye).
inline int colour_imbalance(const std::string& colours) {
  int d = 0;
  for (char x : colours) d += x == 'W' ? 1 : x == 'B' ? -1 : 0;
  return d;
}

// May a player with `colours` receive `next`? Never the same colour three games running, and
// |W - B| within 1 (2 with an even number of rounds): after every round when `running`, else only
// as far as the remaining rounds can still restore it by the end.
inline bool colour_within_bounds(const std::string& colours, char next, int total_rounds, bool running) {
  // Without building `colours + next`: the draws ask this for every candidate pair.
  char last[3] = {0, 0, 0};  // the last three colours played (byes skipped), `next` first
  int seen = 0;
  const auto consider = [&](char x) {
    if (x != '-' && seen < 3) last[seen++] = x;
  };
  consider(next);
  for (auto it = colours.rbegin(); it != colours.rend() && seen < 3; ++it) consider(*it);
  if (seen == 3 && last[0] == last[1] && last[1] == last[2]) return false;
  const int d = std::abs(colour_imbalance(colours) + (next == 'W' ? 1 : next == 'B' ? -1 : 0));
  const int rounds = static_cast<int>(colours.size()) + 1;
  if (running) return d <= (rounds % 2 ? 1 : 2);
  return d <= (total_rounds % 2 ? 1 : 2) + (total_rounds - rounds);
}

// Who sits out a round of an odd field and what the round scores him, as the 1985 Codex's table
// ru-go-1985.decisions.bye states it per system (compiled by queries/go_answers.hpp).
enum class ByeChoice {
  LowestGroupNotYetGiven,  // one of the lowest score group (level) who has not had a bye, by lot
  ByLot,                   // no rule: anyone, by lot, a bye again included
};
struct ByeRules {
  ByeChoice who = ByeChoice::LowestGroupNotYetGiven;
  bool scores_a_win = true;  // '+': a point in the Swiss, a step up in the level system
};

// What one round adds to a participant's coefficient, as the 1985 Codex's table
// ru-go-1985.decisions.coefficient states it per kind of round (compiled by queries/go_answers.hpp):
// the opponent's final standing (score in the Swiss, level in the level system), the lowest final
// standing in the event, or nothing.
enum class RoundCredit { Nothing, OpponentsFinal, LowestFinal };
struct CoefficientCredits {
  RoundCredit game = RoundCredit::OpponentsFinal;  // a game played against an opponent of the draw
  RoundCredit bye = RoundCredit::Nothing;          // a round without an opponent, the field being odd
};

// The coefficient of `player`: each round credited by its kind; `standing(i)` is participant i's
// final score or level.
template <typename Players, typename Standing>
auto coefficient_of(const Players& players, int player, const CoefficientCredits& credits, Standing standing) {
  auto lowest = standing(0);
  for (size_t i = 1; i < players.size(); ++i) lowest = std::min(lowest, standing(static_cast<int>(i)));
  decltype(lowest) sum = 0;
  for (int o : players[static_cast<size_t>(player)].opponents) {
    const RoundCredit credit = o >= 0 ? credits.game : credits.bye;
    if (credit == RoundCredit::OpponentsFinal) sum += o >= 0 ? standing(o) : 0;
    if (credit == RoundCredit::LowestFinal) sum += lowest;
  }
  return sum;
}

struct DrawChecks {
  int rematches = 0;  // pairs that met more than once
  int max_byes = 0;   // byes of the player with the most
};

// Over each player's list of opponents (-1 for a bye).
template <typename Players>
DrawChecks draw_checks(const Players& players) {
  DrawChecks c;
  for (const auto& p : players) {
    int byes = 0;
    for (size_t i = 0; i < p.opponents.size(); ++i) {
      byes += p.opponents[i] < 0;
      for (size_t j = i + 1; j < p.opponents.size(); ++j)
        c.rematches += p.opponents[i] >= 0 && p.opponents[i] == p.opponents[j];
    }
    c.max_byes = std::max(c.max_byes, byes);
  }
  return c;
}

}  // namespace rulespec::tournament
