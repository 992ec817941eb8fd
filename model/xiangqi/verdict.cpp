#include "model/xiangqi/verdict.hpp"

namespace rulespec::xiangqi {

const char* to_string(Verdict v) {
  switch (v) {
    case Verdict::None: return "none";
    case Verdict::Draw: return "draw";
    case Verdict::RedLoses: return "red-loses";
    case Verdict::BlackLoses: return "black-loses";
  }
  return "?";
}

Verdict combine(const LoopFacts& f, bool loss_awarded_at_once, bool no_violation_draw) {
  if (!f.repeats) return Verdict::None;  // only repetitions are limited, not checks or attacks
  if (!f.red_violates && !f.black_violates && !no_violation_draw) return Verdict::None;  // nothing ends the game
  if (f.red_violates == f.black_violates) return Verdict::Draw;  // neither, or both: a draw
  if (f.violator_varies && !loss_awarded_at_once) return Verdict::None;  // play goes on
  return f.red_violates ? Verdict::RedLoses : Verdict::BlackLoses;
}

}  // namespace rulespec::xiangqi
