#include "model/shogi/procedure.hpp"

namespace rulespec::shogi {

std::optional<ProcedureState> run_declaration_procedure(Side first, const std::vector<GameEvent>& events,
                                                        size_t* rejected_at, const ProcedureRules& rules) {
  ProcedureState s;
  s.to_move = first;
  for (size_t i = 0; i < events.size(); ++i) {
    const auto& e = events[i];
    const bool allowed = !s.stopped && (!e.declaration || e.side == s.to_move || !rules.declare_on_own_turn);
    if (!allowed) {
      if (rejected_at) *rejected_at = i;
      return std::nullopt;
    }
    if (e.declaration) {
      // The declaration takes the place of the move; the position before it is counted.
      s.stopped = true;
      s.declarer = e.side;
      continue;
    }
    ++s.moves_before;
    s.to_move = s.to_move == Side::Sente ? Side::Gote : Side::Sente;
  }
  return s;
}

}  // namespace rulespec::shogi
