// The special positions of 1985 Art. 9 decided on their features, not on a board: bent four in
// the corner (§1 b, sub-items 1-3, and the EGF note) and long cycles (§3 and the EGF replay).
// Which features a real board has (is there a bent four, does anyone have unlimited ko threats)
// is a judgement the codex leaves to the players, so they are the inputs here.
#pragma once

namespace rulespec::go {

struct BentFourSituation {
  bool other_ko_positions = false;      // seki-like positions that answering ko threats changes (b.2)
  bool unlimited_threats_both = false;  // both partners have positions with unlimited ko threats (b.3)
  bool long_cycle = false;              // a §3 position (triple ko, round-robin ko, eternal life...)
  bool surrounder_is_white = false;     // who owns the group around the bent four
  bool surrounder_wins_ko = false;      // outcome of the ko fight, which decides under b.2
};

enum class Art9Verdict { SurrounderAlive, SurrounderDead };
const char* to_string(Art9Verdict v);

// egf: the EGF note (surrounding group alive regardless); else sub-items 1)-3): 3) whenever both
// partners have unlimited threats, a §3 long cycle included (line 85); else 2) when seki-like
// positions change with ko threats; else 1).
Art9Verdict bent_four_verdict(const BentFourSituation& s, bool egf);

enum class CycleVerdict { WhiteFavoured, Replay };
CycleVerdict long_cycle_verdict(bool egf);

}  // namespace rulespec::go
