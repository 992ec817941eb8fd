// The renju rules a ruleset executes (params, then readings), shared by the renju queries and the
// analyses and properties that call the renju model directly. Each rule without the clause that
// states it (queries/switches.hpp) as if the text lacked it.
#pragma once
#include <string>

#include "model/common/decision_table.hpp"
#include "model/renju/fouls.hpp"
#include "spec/spec.hpp"

namespace rulespec {

renju::FoulRules renju_foul_rules(const Spec& spec, const Ruleset& rs);
// What a foul does under the ruleset's reading of rif-renju.foul.consequence: "black-loses",
// "white-may-claim" or "move-refused".
std::string renju_foul_consequence(const Spec& spec, const Ruleset& rs);
// Lines 32-33 as the table rif-renju.decisions.pass-and-draw states them, compiled for the
// ruleset (queries/decision_tables.hpp): what a pass does, by the stones on the board and the
// passes made in a row just before it, and what the players' agreement does.
enum class RenjuTurn {
  PlayOn,        // a pass allowed, the game goes on
  Draw,          // the passes in a row, or the agreement, draw
  PassTooEarly,  // a pass before the stones line 32 asks for
  NoSuchMove,    // no row allows it: a move places a stone (line 29); an agreement ends nothing
};
class RenjuPassRules {
 public:
  RenjuPassRules(const Spec& spec, const Ruleset& rs);
  RenjuTurn pass(int stones, int passes_before) const;
  RenjuTurn agreement(int stones) const;
  int min_stones = 0;  // the param pass_min_stones, for messages

 private:
  RenjuTurn decide(const char* action, int stones, int passes_before) const;
  rules::CompiledTable table_;
};
// Whether the game is drawn once no five is possible any more, a full board included (line 33).
bool renju_no_five_possible_draws(const Ruleset& rs);
// Whether Black's first move must be on the centre point (line 36, param first_move; free renju's
// own first move, line 114).
bool renju_tengen(const Ruleset& rs);
// The restrictions on moves 2 and 3 (lines 74, 114): "" when a move is allowed, else where it
// should have been. `n` is the move's number, dc and dr its distance from the centre.
std::string renju_opening_restriction(const Ruleset& rs, int n, int dc, int dr);
// The side of the board (params board_size; gomoku's 19x19 of line 113).
int renju_board_size(const Ruleset& rs);
// The opening procedure the ruleset plays (param opening_rule): "rif-old", "swap", "swap2", or ""
// for one the source does not describe step by step (lines 64-79, 108-116).
std::string renju_opening_procedure(const Ruleset& rs);
// Whether Black offers two fifth moves under the old RIF rule (line 108).
bool renju_two_fifth_proposals(const Ruleset& rs);

}  // namespace rulespec
