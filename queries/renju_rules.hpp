// The renju rules a ruleset executes (params, then readings), shared by the renju queries and the
// analyses and properties that call the renju model directly. Each rule without the clause that
// states it (queries/switches.hpp) as if the text lacked it.
#pragma once
#include <optional>
#include <string>

#include "model/common/decision_table.hpp"
#include "model/renju/fouls.hpp"
#include "queries/query.hpp"
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
// Lines 29, 30, 33, 41 and 53 as the table rif-renju.decisions.move-result states them, compiled
// for the ruleset: what one stone decides, from what it makes. The model counts (the five, the
// overline, the fours and threes of renju::threats_made); the table's rows decide. A row's rule
// is in force where the ruleset's foul rules keep it (the related games of line 111 have no
// fouls; a switched-off clause takes its rows out), and the reading of
// rif-renju.result.five-with-foul settles a five made with a foul: its rows' clauses override the
// others' (five-wins: the five; foul-loses: the foul). A stone no row decides lets play go on
// (line 33: the game goes on until a win or a draw).
struct RenjuStone {
  bool white = false;
  bool five = false, overline = false;  // as the ruleset reads a row of six or more (a five under at-least-five)
  int fours = 0, threes = 0;            // Black's threats; 0 for White
};
struct RenjuStoneResult {
  std::string outcome = "play-on";       // black-wins, white-wins, black-loses, draw, play-on
  renju::Foul foul = renju::Foul::None;  // black-loses: the foul of the rows that decided
  std::string row;                       // the deciding row ("" where no row decided: play goes on)
  bool asked_five_possible = false;      // whether the outcome depended on line 33's input
};
class RenjuMoveRules {
 public:
  RenjuMoveRules(const Spec& spec, const Ruleset& rs);
  // What a stone on `point` makes, counted on `board` before it is placed.
  RenjuStone stone(renju::Board& board, int point, bool white) const;
  // The table's inputs from what the stone makes on the board: an exact five, a row of six or
  // more (a five too where the ruleset reads it so), its fours and threes.
  RenjuStone facts(bool white, bool exact_five, bool overline, int fours, int threes) const;
  // The table's answer; `five_possible` (after the stone) is asked only where the outcome depends
  // on it. Rows that conflict (an amendment's) throw QueryError "table-conflict".
  template <class FivePossible>
  RenjuStoneResult decide(const RenjuStone& s, FivePossible&& five_possible) const {
    // Both answers first, so that the search for line 33's input runs only where they differ; a
    // conflict of rows in the branch the board does not take is no answer's business.
    const auto both = [&](bool possible) -> std::optional<RenjuStoneResult> {
      try {
        return decide_at(s, possible);
      } catch (const QueryError&) {
        return std::nullopt;
      }
    };
    const auto if_possible = both(true), if_not = both(false);
    if (if_possible && if_not && if_possible->outcome == if_not->outcome && if_possible->foul == if_not->foul) return *if_possible;
    const bool possible = five_possible();
    RenjuStoneResult r = possible ? (if_possible ? *if_possible : decide_at(s, true)) : (if_not ? *if_not : decide_at(s, false));
    r.asked_five_possible = true;
    return r;
  }
  const renju::FoulRules& fouls() const { return fouls_; }
  const rules::CompiledTable& table() const { return table_; }
  RenjuStoneResult decide_at(const RenjuStone& s, bool five_possible) const;

 private:
  renju::FoulRules fouls_;
  bool black_overline_is_five_ = false;  // overline_black win (not in the source: Gomocup freestyle)
  int win_length_ = 5;
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
