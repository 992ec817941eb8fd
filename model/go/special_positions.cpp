#include "model/go/special_positions.hpp"

namespace rulespec::go {

const char* to_string(Art9Verdict v) {
  switch (v) {
    case Art9Verdict::SurrounderAlive: return "surrounding-group-alive";
    case Art9Verdict::SurrounderDead: return "surrounding-group-dead";
  }
  return "?";
}

Art9Verdict bent_four_verdict(const BentFourSituation& s, bool egf) {
  if (egf) return Art9Verdict::SurrounderAlive;
  const auto alive = [](bool yes) { return yes ? Art9Verdict::SurrounderAlive : Art9Verdict::SurrounderDead; };
  // b.3 is the specific rule: its bracket counts the double kos and cycles of §2 and §3 among the
  // positions with unlimited threats (line 85), and with unlimited threats on both sides the ko
  // fight of b.2 cannot be settled by threats.
  if (s.unlimited_threats_both || s.long_cycle) return alive(s.surrounder_is_white);
  if (s.other_ko_positions) return alive(s.surrounder_wins_ko);  // b.2
  return Art9Verdict::SurrounderDead;                               // b.1
}

CycleVerdict long_cycle_verdict(bool egf) { return egf ? CycleVerdict::Replay : CycleVerdict::WhiteFavoured; }

}  // namespace rulespec::go
