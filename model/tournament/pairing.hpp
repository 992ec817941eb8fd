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
  const std::string after = colours + next;
  std::string played;
  for (char x : after)
    if (x != '-') played += x;
  const size_t n = played.size();
  if (n >= 3 && played[n - 1] == played[n - 2] && played[n - 2] == played[n - 3]) return false;
  const int d = std::abs(colour_imbalance(after));
  const int rounds = static_cast<int>(after.size());
  if (running) return d <= (rounds % 2 ? 1 : 2);
  return d <= (total_rounds % 2 ? 1 : 2) + (total_rounds - rounds);
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
