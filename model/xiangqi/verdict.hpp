// Combining the two sides' repetition verdicts into a game verdict, given which side (if any)
// violates the repetition rules in a loop. The classification of the loop's moves comes with the
// xiangqi model (issue 4); this is the final step both codices share.
#pragma once
#include <string>

namespace rulespec::xiangqi {

enum class Verdict { None, Draw, RedLoses, BlackLoses };
const char* to_string(Verdict v);

struct LoopFacts {
  bool repeats = true;          // the position sequence forms a loop at the repetition limit
  bool red_violates = false;
  bool black_violates = false;
  bool violator_varies = false;  // the single violator changes his moves
};

// `loss_awarded_at_once`: CXA's reading that the violator is awarded a loss instead of being
// made to vary first. `no_violation_draw` false: a repetition in which neither side violates ends
// nothing (no verdict: play goes on).
Verdict combine(const LoopFacts& f, bool loss_awarded_at_once, bool no_violation_draw = true);

}  // namespace rulespec::xiangqi
