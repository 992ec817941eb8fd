#include "model/tournament/tiebreak.hpp"

#include <cstddef>

namespace rulespec::tournament {

std::vector<int> scores(const ResultTable& t) {
  std::vector<int> s(t.size(), 0);
  for (std::size_t i = 0; i < t.size(); ++i)
    for (std::size_t j = 0; j < t.size(); ++j)
      if (i != j && t[i][j] == 1) ++s[i];
  return s;
}

namespace {
int sum_over(const ResultTable& t, int player, int result) {
  const auto s = scores(t);
  int sum = 0;
  for (std::size_t j = 0; j < t.size(); ++j)
    if (static_cast<int>(j) != player && t[static_cast<std::size_t>(player)][j] == result) sum += s[j];
  return sum;
}
int sign(int x) { return x > 0 ? 1 : x < 0 ? -1 : 0; }
}  // namespace

int coefficient_wins(const ResultTable& t, int player) { return sum_over(t, player, 1); }
int coefficient_losses(const ResultTable& t, int player) { return sum_over(t, player, 0); }

int compare_by_w(const ResultTable& t, int a, int b) { return sign(coefficient_wins(t, b) - coefficient_wins(t, a)); }

int compare_by_w_minus_l(const ResultTable& t, int a, int b) {
  return sign((coefficient_wins(t, b) - coefficient_losses(t, b)) - (coefficient_wins(t, a) - coefficient_losses(t, a)));
}

std::vector<RoundRange> swiss_round_brackets(int players) {
  std::vector<RoundRange> out;
  if (players >= 13 && players <= 30) out.push_back({6, 9});
  if (players >= 30 && players <= 50) out.push_back({9, 12});
  if (players > 50) out.push_back({12, 15});
  return out;
}

}  // namespace rulespec::tournament
