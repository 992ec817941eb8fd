#include "model/go/special_positions.hpp"

namespace rulespec::go {

const char* to_string(Art9Verdict v) {
  switch (v) {
    case Art9Verdict::SurrounderAlive: return "surrounding-group-alive";
    case Art9Verdict::SurrounderDead: return "surrounding-group-dead";
    case Art9Verdict::Conflict: return "conflict";
    case Art9Verdict::Undecided: return "undecided";
  }
  return "?";
}

Art9Verdict bent_four_verdict(const BentFourSituation& s, bool egf) {
  if (egf) return Art9Verdict::SurrounderAlive;
  // Each applicable sub-item votes; more than one vote that disagree is a conflict.
  int alive_votes = 0, dead_votes = 0;
  const bool no_other = !s.other_ko_positions && !s.unlimited_threats_both && !s.long_cycle;
  if (no_other) ++dead_votes;                                             // b.1
  if (s.other_ko_positions) ++(s.surrounder_wins_ko ? alive_votes : dead_votes);   // b.2
  if (s.unlimited_threats_both) ++(s.surrounder_is_white ? alive_votes : dead_votes);  // b.3
  if (alive_votes && dead_votes) return Art9Verdict::Conflict;
  if (alive_votes) return Art9Verdict::SurrounderAlive;
  if (dead_votes) return Art9Verdict::SurrounderDead;
  return Art9Verdict::Undecided;
}

CycleVerdict long_cycle_verdict(bool egf) { return egf ? CycleVerdict::Replay : CycleVerdict::WhiteFavoured; }

}  // namespace rulespec::go
