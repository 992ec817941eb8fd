// Whether a colour can still make a five under the rules, not just on paper: the "theoretical
// possibility to place a five" of renju-rif.ru.txt line 33 read as reachability (the reading
// legal-continuation of rif-renju.result.no-five-possible-draw). Both players may cooperate and
// either may pass, so the question is whether some sequence of legal stones ends in that colour's
// five with no earlier five of the other colour and no Black foul on the way.
#pragma once
#include <vector>

#include "model/renju/board.hpp"
#include "model/renju/fouls.hpp"

namespace rulespec::renju {

enum class Reach { Yes, No, Undecided };

struct ReachAnswer {
  Reach reach = Reach::Undecided;
  std::vector<int> sequence;    // for Black's Yes: the stones in order (the other side passes between)
  std::vector<Colour> colours;  // the colour of each stone of `sequence`
  long nodes = 0;               // positions the exhaustive search visited
  long node_budget = 0;         // set when the exhaustive search stopped at its budget (Undecided)
};

// White needs no search: a line of five points without a Black stone is enough (White has no
// fouls, and a longer row wins for him too). Black: No when no such line is left; an exhaustive
// search of every order of stones when at most `exhaustive_empties` points are empty (within
// `node_budget` positions); otherwise a constructed sequence (fill one free line, White blocking
// the other lines through each stone first) that the model replays move by move. Undecided when
// neither settles it.
ReachAnswer five_reachable(const Board& board, Colour colour, const FoulRules& rules, int exhaustive_empties = 12,
                           long node_budget = 2'000'000);

// Plays a Yes answer's sequence on `board`: true when every Black stone is legal, no stone before
// the last gives either side a mate, and the last makes Black's five.
bool sequence_makes_black_five(const Board& board, const ReachAnswer& answer, const FoulRules& rules);

}  // namespace rulespec::renju
