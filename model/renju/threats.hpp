// Wins by continuous fours (the forced lines of renju-rif.ru.txt lines 57-58: "win by foul"). A
// four must be answered at once on its completion point; if that point is a foul for Black, or
// there are two such points, the side facing the four has lost. Bounded by a number of fours.
#pragma once
#include "model/renju/board.hpp"
#include "model/renju/fouls.hpp"

namespace rulespec::renju {

// `attacker` to move: a five now, or a sequence of fours, each answered by the only defence,
// that ends in a five (the defender's forced reply being a Black foul ends it too).
bool wins_by_fours(Board& b, Colour attacker, const FoulRules& rules, int fours_left);

// The defender to move while the attacker threatens: whatever the defender plays (his own fours
// answered in turn), the attacker then wins by fours. Black's fouls are not his to play.
bool defender_lost(Board& b, Colour attacker, const FoulRules& rules, int fours_left);

// The points where `colour` would complete a mate now (an exact five, which exempts any foul under
// the default reading; for White also a longer row where the rules make it win).
std::vector<int> mate_points(Board& b, Colour colour, const FoulRules& rules);

}  // namespace rulespec::renju
