// Swiss-system pairing as the 1985 Codex describes it (chapter II art. 12): round 1 by numbers,
// later rounds by lot within score groups, no rematches, descents when a group cannot be paired,
// alternating colours within hard bounds, a bye for someone from the lowest group (never twice),
// and the Buchholz coefficient. The "lot" is a seeded generator, so every draw is reproducible.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/tournament/pairing.hpp"

namespace rulespec::tournament {

enum class ColourBound { FinalTally, RunningTally };

struct SwissPlayer {
  double score = 0;
  std::vector<int> opponents;  // -1 for a bye
  std::string colours;         // 'W', 'B' or '-' (bye) per round
  bool had_bye = false;
};

struct SwissPairing {
  std::vector<std::pair<int, int>> boards;  // (white, black)
  int bye = -1;
  int descents = 0;             // pairs across score groups
  int colour_rule_breaks = 0;   // pairs where no colour satisfied the hard bounds
  // Pairing searches that stopped at their budget (kPairingBudget nodes) and were taken as "no
  // pairing this way", so the draw fell back (relaxed colours, another bye) as when none exists.
  int budget_stops = 0;
};

// The principles the draw and the coefficient obey: all true in the Codex; off, the rule is gone.
struct SwissRules {
  bool no_rematch = true;         // a): no two participants meet twice
  bool colour_rules = true;       // b): colours alternate within the bounds; off, colours by lot, no pairing refused for them
  ByeRules bye;                   // note 1: the bye goes to the lowest score group, once each, and scores a point
  // note 3: what a game and a bye add to the coefficient (a bye: the lowest final score).
  CoefficientCredits coefficient{RoundCredit::OpponentsFinal, RoundCredit::LowestFinal};
};

struct SwissState {
  int total_rounds = 0;
  ColourBound bound = ColourBound::FinalTally;
  SwissRules rules;
  std::vector<SwissPlayer> players;
  int rounds_played() const { return players.empty() ? 0 : static_cast<int>(players[0].colours.size()); }
};

// Pairs the next round; nullopt when no pairing without rematches exists at all.
std::optional<SwissPairing> pair_round(const SwissState& s, std::uint64_t lot_seed);
// Records results: white_wins[i] for boards[i]; a bye scores one point (SwissRules::bye).
void apply_round(SwissState& s, const SwissPairing& p, const std::vector<bool>& white_wins);
// Whether a player's colour sequence keeps the hard bounds (no colour three times in a row;
// |W - B| within the bound for the given number of rounds).
bool colours_within_bounds(const std::string& colours, int rounds_for_bound);
// Whether a player with these colours may receive `next` under the state's bound reading.
bool colour_allowed(const SwissState& s, const std::string& colours, char next);
// Buchholz: the sum of the final scores of a player's opponents, each round credited as
// SwissRules::coefficient says (by default a bye counts as the lowest final score in the event).
double buchholz(const SwissState& s, int player);

// A whole tournament with results drawn from `seed` (White wins when the generator says so).
struct SwissRun {
  SwissState state;
  std::vector<SwissPairing> rounds;
  std::vector<std::vector<SwissPlayer>> players_before;  // the participants as each paired round found them
  bool complete = false;  // every round could be paired
};
// `single_draw`: one drawing of lots for the whole event (note 4): every round reuses the first
// round's lot order instead of drawing again.
SwissRun simulate_swiss(int players, int rounds, std::uint64_t seed, ColourBound bound, bool single_draw = false,
                        const SwissRules& rules = {});

}  // namespace rulespec::tournament
