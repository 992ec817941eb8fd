#include "model/go/timing.hpp"

#include <algorithm>

namespace rulespec::go {

bool pp_past_extra_time(long basic_time, long overtime, const PenaltyPointRules& r) {
  return overtime > 0 && overtime * r.step_divisor > static_cast<long>(r.steps_allowed) * basic_time;
}

OvertimeVerdict pp_overtime(long basic_time, long overtime, const PenaltyPointRules& r) {
  OvertimeVerdict v;
  if (overtime <= 0) return v;
  // Compare in units of basic_time/step_divisor without rounding: overtime*divisor vs k*BT.
  const long scaled = overtime * r.step_divisor;
  const bool past = pp_past_extra_time(basic_time, overtime, r);
  // Step 0 is exceeding the basic time; further step k (k/6 BT) counts when its mark is reached,
  // or only when passed, per its reading. Each step charges its own points, if its rule holds.
  int charged = 0;
  for (long k = 0; k < r.steps_allowed; ++k) {
    bool reached = true;
    if (k > 0) {
      const bool at_threshold = k == 1 ? r.second_step_at_threshold : r.third_step_at_threshold;
      const long mark = k * basic_time;
      reached = past || scaled > mark || (at_threshold && scaled == mark);
    }
    const bool holds = k == 0 ? r.first_step : k == 1 ? r.second_step : k == 2 ? r.third_step : true;
    if (reached && holds) ++charged;
  }
  v.penalty_points = r.points_per_step * charged;
  v.loses_on_time = past && r.loss;
  return v;
}

BothOvertime pp_both(long basic_time, long black_overtime, long white_overtime, int first_to_exceed,
                     const PenaltyPointRules& r) {
  BothOvertime out;
  const auto b = pp_overtime(basic_time, black_overtime, r);
  const auto w = pp_overtime(basic_time, white_overtime, r);
  const int common = r.both_over_cancel ? std::min(b.penalty_points, w.penalty_points) : 0;
  out.black_penalty = b.penalty_points - common;
  out.white_penalty = w.penalty_points - common;
  const bool b_past = pp_past_extra_time(basic_time, black_overtime, r), w_past = pp_past_extra_time(basic_time, white_overtime, r);
  if (black_overtime > 0 && white_overtime > 0 && (b_past || w_past)) out.loser = b_past && w_past ? first_to_exceed : b_past ? +1 : -1;
  else if (b.loses_on_time) out.loser = +1;
  else if (w.loses_on_time) out.loser = -1;
  return out;
}

LatenessVerdict lateness(long basic_time, long late_by, int deduction_factor, long limit) {
  LatenessVerdict v;
  const long deducted = static_cast<long>(deduction_factor) * std::max(0L, late_by);
  v.basic_time_left = std::max(0L, basic_time - deducted);
  v.forfeit = 2 * late_by >= limit;
  return v;
}

int byoyomi_overrun(long period, int moves_per_period, const std::vector<long>& move_seconds) {
  long used = 0;
  int in_period = 0;
  for (size_t i = 0; i < move_seconds.size(); ++i) {
    used += move_seconds[i];
    if (used > period) return static_cast<int>(i) + 1;
    if (++in_period == moves_per_period) {
      used = 0;
      in_period = 0;
    }
  }
  return 0;
}

}  // namespace rulespec::go
