// Forks counted by their threats (fours and threes a move creates at once): multiplicity and
// whether the fork is a foul for Black under the parameters of a ruleset. Which threats a move
// makes is the renju board model's business; this is the counting the rules do on top of it.
#pragma once

namespace rulespec::renju {

struct ForkRules {
  // Line 53's three bans, set together by the query layer (renju_foul_rules) from the params and
  // switches of rif-renju.foul.black-double-three, rif-renju.foul.black-double-four and
  // rif-renju.foul.black-multi-fork.
  bool double_three = true;  // two or more threes
  bool double_four = true;   // two or more fours
  bool multi_fork = true;    // more than two threats of any kind
};

inline int fork_multiplicity(int fours, int threes) { return fours + threes; }

// Whether a Black move creating `fours` fours and `threes` threes is a foul (White has none).
inline bool black_fork_foul(int fours, int threes, const ForkRules& r) {
  return (r.double_three && threes >= 2) || (r.double_four && fours >= 2) ||
         (r.multi_fork && fork_multiplicity(fours, threes) > 2);
}

}  // namespace rulespec::renju
