// Ing time control arithmetic: PP penalty points in sixths of the basic time, both players over
// time, and the lateness deduction. Times are in seconds.
#pragma once
#include <vector>

namespace rulespec::go {

struct PenaltyPointRules {
  // Line 158's figures, the text's own for every Ing ruleset (no param states them): 2 points
  // (ing-1996.time.pp-first-penalty), steps of 1/6 BT (ing-1996.time.pp-second-penalty), the loss
  // past 3/6 BT (ing-1996.time.pp-loss).
  int points_per_step = 2;   // charged on exceeding the basic time and at each further step
  int steps_allowed = 3;     // extra time is steps_allowed / step_divisor of the basic time
  int step_divisor = 6;      // one step is 1/6 of the basic time
  // Per further step (1/6, 2/6): charged once the mark is reached (true) or only once passed.
  bool second_step_at_threshold = true;
  bool third_step_at_threshold = true;
  // Which of line 158's rules hold (a text may lack any of them): the 2 points for exceeding the
  // basic time, the 2 more at 1/6 and at 2/6 BT (each step adds its own points), the loss past
  // the additional time of one player, and the cancelling of equal penalties when both exceed.
  bool first_step = true;
  bool second_step = true;
  bool third_step = true;
  bool loss = true;
  bool both_over_cancel = true;
};

struct OvertimeVerdict {
  int penalty_points = 0;
  bool loses_on_time = false;
};

// One player's verdict for `overtime` seconds beyond `basic_time`. A step is charged when it is
// reached: overtime in (0, BT/6) costs 2, [BT/6, 2BT/6) costs 4, [2BT/6, 3BT/6] costs 6, beyond
// 3BT/6 loses.
OvertimeVerdict pp_overtime(long basic_time, long overtime, const PenaltyPointRules& r = {});

// Whether `overtime` goes past the additional time (steps_allowed / step_divisor of the basic time).
bool pp_past_extra_time(long basic_time, long overtime, const PenaltyPointRules& r = {});

struct BothOvertime {
  int black_penalty = 0, white_penalty = 0;  // after equal penalties cancel
  int loser = 0;                             // +1 Black lost on time, -1 White, 0 none
};
// Both players' overtime; `first_to_exceed` (+1 Black, -1 White) breaks the tie when both pass
// the extra time (the source: whoever exceeds first loses, whatever the other's overtime). When
// both are over their basic time, the one past the additional time loses even without `loss`
// (line 158's last sentence says so for two players).
BothOvertime pp_both(long basic_time, long black_overtime, long white_overtime, int first_to_exceed,
                     const PenaltyPointRules& r = {});

struct LatenessVerdict {
  long basic_time_left = 0;  // basic time after the deduction (>= 0)
  bool forfeit = false;      // recorded as a no-show
};
// Lateness costs twice its length from the basic time; lateness of half the limit is a no-show.
// `limit` is the time limit whose half makes a no-show (the basic time, or basic plus additional).
LatenessVerdict lateness(long basic_time, long late_by, int deduction_factor, long limit);

// RS byo-yomi: after the basic time each period of `period` seconds must hold `moves_per_period`
// moves. Returns the 1-based index of the move that overran its period, or 0 if none did.
int byoyomi_overrun(long period, int moves_per_period, const std::vector<long>& move_seconds);

}  // namespace rulespec::go
