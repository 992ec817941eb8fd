// The 1985 Codex's rulings on irregularities, time and competitions that need no board: protests,
// ko and set-up errors, clock corrections, judges, team quorum, collective ranks and the level
// system.
#pragma once
#include <string>
#include <vector>

namespace rulespec::go::codex1985 {

inline bool protest_in_time(int minutes_after_game) { return minutes_after_game <= 30; }
// An illegal ko capture found k moves later: annul it (and what followed) while k <= 3.
inline bool ko_error_annulled(int moves_after) { return moves_after <= 3; }
// Colours, handicap size or a handicap stone mixed up: restart while only the first move is made.
inline bool setup_error_restarts(int moves_made) { return moves_made <= 1; }
// A wrongly oriented board is corrected within the first two moves; later it stays.
inline bool orientation_corrected(int moves_made) { return moves_made <= 2; }
inline bool resumption_allowed(int minutes_left_in_session) { return minutes_left_in_session >= 60; }
inline bool interruption_allowed(int minutes_a, int minutes_b) { return minutes_a >= 5 && minutes_b >= 5; }

// Clock corrections (Art. 17 §4): seconds left on each clock, moves still due before the control.
struct ClockCorrection {
  long black_left = 0, white_left = 0;
};
// One clock is known to be wrong by `error` seconds (positive: it shows too little time left).
// Increases are made in full; decreases stop at one minute per move still to be made.
long correct_known(long left, long error, int moves_due);
// Unknown culprit: each clock is corrected by half the discrepancy, with the same floor.
ClockCorrection correct_unknown(long black_left, long white_left, long discrepancy, int black_moves_due,
                                int white_moves_due);

// Lateness (Art. 20 c) and withdrawal (Art. 24 §§3-4) are the catalog's tables
// ru-go-1985.decisions.lateness and .withdrawal, executed by queries/queries_go1985_admin.cpp.

// Judges (Ch. II Art. 4 a): at most k pairs per judge by category.
enum class Category { AllUnionIndividual, TeamOrRepublic, Regional, Other };
int pairs_per_judge(Category c);
inline int judges_needed(int pairs, Category c) { return (pairs + pairs_per_judge(c) - 1) / pairs_per_judge(c); }

// Team quorum (Ch. II Art. 5 §2): the table ru-go-1985.decisions.team-appearance; the penalty for
// unregistered players here.
inline int unregistered_penalty(int team_size) { return team_size <= 5 ? 1 : team_size <= 10 ? 2 : 3; }

// Collective rank (Ch. II Art. 6 §8): the members' mean, truncated or rounded to nearest.
int collective_rank(const std::vector<int>& ranks, bool nearest);

// Level system (Ch. II Art. 14): (level, minus) after a sequence of results (true = win).
struct LevelState {
  int level = 0;
  int minus = 0;
};
LevelState level_after(LevelState start, const std::vector<bool>& wins);

// System II (Art. 17 §7): a byo-yomi period runs out before the move. Clause a) passes the turn
// to the partner; clause b) lets the player think on with main time banked on the control clock,
// and the control flag's fall loses.
enum class ByoyomiExpiry { TurnLost, ThinksOnBankedTime, LosesOnTime };
ByoyomiExpiry expiry_under_a(long banked_seconds);
ByoyomiExpiry expiry_under_b(long banked_seconds);
const char* to_string(ByoyomiExpiry e);

// Early adjournment (Art. 18 §1 note 5): system I after the control moves; system II with at
// least 10 minutes of main time left before byo-yomi.
inline bool early_adjournment_allowed(bool system_one, bool control_moves_made, int minutes_before_byoyomi) {
  return system_one ? control_moves_made : minutes_before_byoyomi >= 10;
}
// System I (Art. 17 §6 notes 4-5): the flag falls before the control move is completed -> loss.
inline bool control_flag_loses(int moves_made, int control_moves, bool button_pressed_on_last) {
  return moves_made < control_moves || (moves_made == control_moves && !button_pressed_on_last);
}

}  // namespace rulespec::go::codex1985
