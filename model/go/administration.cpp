#include "model/go/administration.hpp"

#include <algorithm>
#include <cmath>

namespace rulespec::go::codex1985 {

long correct_known(long left, long error, int moves_due) {
  const long floor = 60L * moves_due;
  if (error >= 0) return left + error;
  return std::max(left + error, std::min(left, floor));
}

ClockCorrection correct_unknown(long black_left, long white_left, long discrepancy, int black_moves_due,
                                int white_moves_due) {
  // Half the discrepancy each: the clock that ran ahead gets half back (an odd second included),
  // the other loses the rest.
  const long back = discrepancy >= 0 ? (discrepancy + 1) / 2 : discrepancy / 2;
  const long off = discrepancy - back;
  return {correct_known(black_left, back, black_moves_due), correct_known(white_left, -off, white_moves_due)};
}

int pairs_per_judge(Category c) {
  switch (c) {
    case Category::AllUnionIndividual: return 2;
    case Category::TeamOrRepublic: return 3;
    case Category::Regional: return 4;
    case Category::Other: return 5;
  }
  return 5;
}

int collective_rank(const std::vector<int>& ranks, bool nearest) {
  if (ranks.empty()) return 0;
  double sum = 0;
  for (int r : ranks) sum += r;
  const double mean = sum / static_cast<double>(ranks.size());
  return static_cast<int>(nearest ? std::floor(mean + 0.5) : std::floor(mean));
}

LevelState level_after(LevelState s, const std::vector<bool>& wins) {
  for (bool win : wins) {
    if (win) ++s.level;
    else if (s.minus == 0) s.minus = 1;
    else {
      --s.level;
      s.minus = 0;
    }
  }
  return s;
}

ByoyomiExpiry expiry_under_a(long) { return ByoyomiExpiry::TurnLost; }

ByoyomiExpiry expiry_under_b(long banked_seconds) {
  return banked_seconds > 0 ? ByoyomiExpiry::ThinksOnBankedTime : ByoyomiExpiry::LosesOnTime;
}

const char* to_string(ByoyomiExpiry e) {
  switch (e) {
    case ByoyomiExpiry::TurnLost: return "turn-lost";
    case ByoyomiExpiry::ThinksOnBankedTime: return "thinks-on-banked-time";
    case ByoyomiExpiry::LosesOnTime: return "loses-on-time";
  }
  return "?";
}

}  // namespace rulespec::go::codex1985
