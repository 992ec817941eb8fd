// Ing's end of play (lines 95-100) as the table ing-1996.decisions.end-of-play decides it: the
// machine keeps the state and counts the passes in a row; each event is the table's to decide,
// at the combination (state, event, passes before it, whether a neutral point is open). The
// abstract events have no board: a move or a pass is made with no neutral point open (a move
// after the stop then challenges a group's status), a neutral move fills one (line 96) and a
// mistaken pass leaves one open (line 168).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "model/common/decision_table.hpp"
#include "model/go/ending.hpp"

namespace rulespec::go {

struct TableEndState {
  // The table's state (playing, one-pass, stopped, agreed, one-pass-to-end, play-out,
  // play-out-one-pass, over), or "resigned" once a resignation gave the opponent the game.
  std::string state = "playing";
  int consecutive_passes = 0;
  int total_passes = 0;
  bool claim_adjudicated = false;  // a claim after the end is to be settled at counting
  std::string row;                 // the row that decided the last event ("" where a judged gap answered)
};

struct TableEndRun {
  std::optional<TableEndState> end;  // nullopt: the event at `rejected_at` is refused
  size_t rejected_at = 0;
  // Rows of an amended table that decide one combination differently (their ids), or an outcome
  // the procedure has no state for: the run stops there, with no answer.
  std::string conflict;
};

// `rules` gives what the table's combinations do not: the reading of the claim after the end
// (the gap the table reports as F-ing-1996-claim-after-fourth-pass), whether two stones placed
// at once resign (line 95) and whether a turn can be lost (never under Ing: line 159 loses the
// game instead).
TableEndRun run_ending_by_table(const std::vector<EndEvent>& events, const rules::CompiledTable& table, const EndingRules& rules);

// The coarse phase of model/go/ending.hpp the query has always answered, for a table state.
const char* phase_of_table_state(const std::string& state);

}  // namespace rulespec::go
