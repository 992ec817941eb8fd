#include "model/go/territory.hpp"

#include <cmath>

namespace rulespec::go {

StoneSet codex1985_stone_set(int size) {
  const int n = size * size;
  return {(n + 1) / 2, (n - 1) / 2};
}

TerritoryScore codex1985_score(int black_territory, int black_prisoners, int white_territory, int white_prisoners,
                               double komi, bool conditional_half_point) {
  TerritoryScore s;
  const double whole = std::floor(komi), fraction = komi - whole;
  s.black_total = black_territory + black_prisoners;
  s.white_total = white_territory + white_prisoners + whole;
  if (!conditional_half_point || s.black_total == s.white_total) s.white_total += fraction;
  s.margin = std::fabs(s.black_total - s.white_total);
  s.winner = s.black_total > s.white_total ? +1 : s.black_total < s.white_total ? -1 : 0;
  return s;
}

std::vector<std::string> codex1985_handicap_points(int stones) {
  // Hoshi 1..9 of Art. 2 §1 (D-16, Q-4, Q-16, D-4, K-16, K-4, D-10, Q-10, K-10), where the letter
  // counts rows from the top as Black sees the board and the number counts columns from the left.
  static const std::vector<std::string> order = {"Q16", "D4", "Q4", "D16", "Q10", "D10", "K16", "K4", "K10"};
  if (stones < 2 || stones > 9) return {};
  return {order.begin(), order.begin() + stones};
}

int ControlPlan::moves_per_player() const {
  return static_cast<int>(std::floor(rate * (first_hours + second_hours) + 1e-9));
}

}  // namespace rulespec::go
