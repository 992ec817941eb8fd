// Game records as the Ing laws prescribe them (recorder's duties): Black's moves odd, White's
// even, passes and ko recaptures noted beside the diagram, a final pass not recorded, no number
// used twice. Handicap moves are Black's consecutive opening moves with White passing.
#pragma once
#include <string>
#include <vector>

namespace rulespec::go {

struct RecordEntry {
  int number = 0;
  char colour = 'B';
  bool pass = false;
  bool beside_diagram = false;  // written next to the diagram (passes)
};

struct GameRecord {
  std::vector<RecordEntry> entries;
  int unrecorded_passes = 0;  // trailing passes not followed by a board move
};

// `moves`: true = board move, false = pass, alternating from Black after `handicap` Black moves
// (each handicap move but the last followed by a White pass... as the laws put it, White passes
// N times and Black then moves once more).
// `final_passes_unrecorded`: line 194's rule that a pass no board move follows is not written
// down; false, such passes are recorded beside the diagram like every other pass.
GameRecord ing_record(int handicap, const std::vector<bool>& moves, bool final_passes_unrecorded = true);

// The record's invariants: Black odd, White even, numbers unique and consecutive.
bool record_consistent(const GameRecord& r);

}  // namespace rulespec::go
