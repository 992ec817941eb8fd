// Tie-breaks of the 1985 Codex, chapter II: the coefficient W (sum of the final scores of the
// opponents a player beat) and the "equivalent" W - L, over a table of decisive games.
#pragma once
#include <vector>

namespace rulespec::tournament {

// results[i][j] = 1 if i beat j, 0 if i lost to j, -1 if they did not play (symmetric: a win of
// i is a loss of j).
using ResultTable = std::vector<std::vector<int>>;

std::vector<int> scores(const ResultTable& t);
int coefficient_wins(const ResultTable& t, int player);    // W
int coefficient_losses(const ResultTable& t, int player);  // L
// -1: a is ahead, +1: b is ahead, 0: the key does not separate them.
int compare_by_w(const ResultTable& t, int a, int b);
int compare_by_w_minus_l(const ResultTable& t, int a, int b);

// Swiss system: the rounds the codex lists for a field of n players (Ch. II Art. 12), as the
// brackets that contain n; none for fewer than 13.
struct RoundRange {
  int lo = 0, hi = 0;
};
std::vector<RoundRange> swiss_round_brackets(int players);

}  // namespace rulespec::tournament
