// The level system of the 1985 Codex (chapter II art. 14): players move between levels by their
// results (a win up, a second loss down), are paired within their current level, highest level
// first, an odd player descending conditionally to the next level, pairs chosen in the order of
// priority of art. 14 b), no rematches, colours within the same bounds as the Swiss system, a bye
// from the lowest level (never twice), and the final ranking by level and coefficient.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/tournament/pairing.hpp"

namespace rulespec::tournament {

enum class Move { Stayed, Descended, Ascended };  // the player's last change of level

struct LevelPlayer {
  int level = 0;
  int minus = 0;
  Move last = Move::Stayed;
  std::vector<int> opponents;  // -1 for a bye
  std::string colours;         // 'W', 'B', '-'
  int descents = 0, ascents = 0;  // recorded when meeting a lower / higher level
  bool had_bye = false;
};

struct LevelPairing {
  std::vector<std::pair<int, int>> boards;  // (white, black)
  int bye = -1;
  int conditional_descents = 0;   // odd players moved down to the next level for the draw
  int priority_sum = 0;           // sum of the art. 14 b) ranks of the pairs (1 is the best)
  int colour_rule_breaks = 0;
  int redraws = 0;                // the level-by-level draw failed and everyone was redrawn
  // Pairing searches that stopped at their budget (kPairingBudget nodes; ten times that for a
  // redraw) and were taken as "no pairing this way", so the draw fell back as when none exists.
  int budget_stops = 0;
};

// The rules of art. 14 the draw, the movements and the ranking obey: all true in the Codex; off,
// the rule is gone.
struct LevelRules {
  bool odd_descends = true;   // an odd (or unpairable) level sends a player down conditionally; off, the draw is redone (d)
  bool levels_move = true;    // results move players between levels; off, everyone stays at his initial level
  bool no_rematch = true;     // a): no two participants meet twice
  bool priorities = true;     // b): pairs within a level in its order of priority; off, by lot
  bool colour_rules = true;   // g): colours alternate within the bounds; off, colours by lot
  bool coefficient = true;    // note 3: ties on level broken by the coefficient; off, by level alone
  ByeRules bye;               // note 1: the bye goes to the lowest level, once each, and counts as a win
  CoefficientCredits credits; // note 3: what a game and a bye add to the coefficient (a bye: nothing)
};

struct LevelState {
  int total_rounds = 0;
  LevelRules rules;
  std::vector<LevelPlayer> players;
};

// Priority rank of a pair by the players' last moves (art. 14 b): 1 D-S, 2 D-D, 3 D-A, 4 S-A,
// 5 S-S, 6 A-A.
int pair_priority(Move a, Move b);

std::optional<LevelPairing> pair_level_round(const LevelState& s, std::uint64_t lot_seed);
void apply_level_round(LevelState& s, const LevelPairing& p, const std::vector<bool>& white_wins);
// Sum of the final levels of a participant's opponents (note 3), each round credited as
// LevelRules::credits says (by default a bye adds nothing).
int level_coefficient(const LevelState& s, int player);
// Final order: level, then coefficient (both highest first; the level alone without
// LevelRules::coefficient); ties keep the lower number first.
std::vector<int> level_ranking(const LevelState& s);

struct LevelRun {
  LevelState state;
  std::vector<LevelPairing> rounds;
  std::vector<std::vector<LevelPlayer>> players_before;  // the participants as each paired round found them
  bool complete = false;
};
// `initial_levels[i]` is participant i's initial level; results come from `seed`.
LevelRun simulate_levels(const std::vector<int>& initial_levels, int rounds, std::uint64_t seed, const LevelRules& rules = {});

}  // namespace rulespec::tournament
