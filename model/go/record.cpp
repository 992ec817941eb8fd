#include "model/go/record.hpp"

#include <set>

namespace rulespec::go {

GameRecord ing_record(int handicap, const std::vector<bool>& moves, bool final_passes_unrecorded) {
  // The full sequence of turns: handicap moves of Black, each answered by a White pass.
  std::vector<bool> turns;
  for (int i = 0; i < handicap; ++i) {
    turns.push_back(true);
    turns.push_back(false);
  }
  turns.insert(turns.end(), moves.begin(), moves.end());
  GameRecord r;
  // Trailing passes (not followed by any board move) are not recorded.
  size_t last_board = turns.size();
  for (size_t i = turns.size(); i-- > 0;)
    if (turns[i]) {
      last_board = i;
      break;
    }
  for (size_t i = 0; i < turns.size(); ++i) {
    if (final_passes_unrecorded && (last_board == turns.size() || i > last_board)) {
      ++r.unrecorded_passes;
      continue;
    }
    RecordEntry e;
    e.number = static_cast<int>(i) + 1;
    e.colour = i % 2 == 0 ? 'B' : 'W';
    e.pass = !turns[i];
    e.beside_diagram = e.pass;
    r.entries.push_back(e);
  }
  return r;
}

bool record_consistent(const GameRecord& r) {
  std::set<int> used;
  int expected = 1;
  for (const auto& e : r.entries) {
    if (!used.insert(e.number).second || e.number != expected++) return false;
    if ((e.number % 2 == 1) != (e.colour == 'B')) return false;
  }
  return true;
}

}  // namespace rulespec::go
