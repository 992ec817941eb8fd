// Jishogi procedures without a board: the declaration as an event, the camp, the try rule and
// FESA's rating of replayed games.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "model/shogi/jishogi.hpp"

namespace rulespec::shogi {

// Events of a game's end: a move by the side to move, or a declaration by `side`.
struct GameEvent {
  bool declaration = false;
  Side side = Side::Sente;  // for a declaration: who declares
};

struct ProcedureState {
  Side to_move = Side::Sente;
  bool stopped = false;      // game and clocks stopped by a declaration
  std::optional<Side> declarer;
  int moves_before = 0;      // the position counted is the one after this many moves
};

struct ProcedureRules {
  bool declare_on_own_turn = true;  // only the side to move may declare (line 27); false: either side, at any moment
};

// Applies events; an event the procedure forbids (a declaration out of turn, anything after a
// declaration) gives nullopt and its 0-based index.
std::optional<ProcedureState> run_declaration_procedure(Side first, const std::vector<GameEvent>& events,
                                                        size_t* rejected_at = nullptr, const ProcedureRules& rules = {});

// Rank r (1..9, counted from the player's own side) lies in the opponent's camp.
inline bool in_enemy_camp(int rank, int camp_ranks = 3) { return rank > 9 - camp_ranks; }

// The try rule: does a try win, given whether both kings have entered?
inline bool try_wins(bool only_at_impasse, bool double_entry) { return !only_at_impasse || double_entry; }

}  // namespace rulespec::shogi
