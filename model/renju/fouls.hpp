// Black's fouls (renju-rif.ru.txt lines 30, 41-48, 52-56): overline, double four, double three, and
// forks of higher multiplicity, with a five made by the same stone never a foul. A three counts
// only if the move that makes it a straight four is itself legal for Black (the recursion of fig. 6 c),
// with no depth limit.
//
// Two independent implementations: `foul_by_definition` places the stone and tries every completion
// on the board (slow, read straight from the definitions); `foul_fast` reads each line through the
// point as a pattern of at most 11 cells and looks its threats up in tables built once from pattern
// rules. A property keeps them in agreement on every point of random positions.
#pragma once
#include <string>
#include <vector>

#include "model/renju/board.hpp"
#include "model/renju/forks.hpp"

namespace rulespec::renju {

enum class Foul { None, Overline, DoubleFour, DoubleThree, MultiFork };
const char* foul_name(Foul f);  // "overline", "double-four", "double-three", "multi-fork"; "" for None

struct FoulRules {
  ForkRules forks;
  bool overline = true;         // a Black row of six or more is a foul (else it is nothing)
  bool same_line_fours = true;  // X.XXX.X completed in the middle is two fours (a 4x4)
  bool recursive_threes = true; // a three needs a legal straight-four point (else shape alone counts)
  bool five_exempts = true;     // a move that completes a five is no foul, whatever else it makes
  bool five_point_no_three = true;  // a straight-four point that also completes a five elsewhere makes no three
  bool long_row_is_five = false;  // a row of six or more also counts as a five (a literal "five in a row")
  bool white_overline_wins = true;  // not a foul rule: whether White's row of six or more is mate (threat search)
  bool five_wins = true;  // not a foul rule: whether a five is mate, a win (else the game goes on past it)
};

// When one move is several fouls at once, the reported kind is the first of: overline, double
// four, double three, multi-fork (an overline is decided by the stone alone; a double four needs no
// recursion; a double three does).
Foul foul_by_definition(Board& board, int point, const FoulRules& rules);
Foul foul_fast(Board& board, int point, const FoulRules& rules);

// The threats one black stone on `point` makes at once, counted by the definitions under the
// ruleset's readings (lines 42-52): its fours (two on one line count twice under same_line_fours)
// and its threes (a three's straight-four point must be legal under recursive_threes, and complete
// no five elsewhere under five_point_no_three). Which counts are fouls is the rules' business:
// the table rif-renju.decisions.move-result (queries/renju_rules.hpp), not this model.
struct ThreatCount {
  int fours = 0;
  int threes = 0;
};
ThreatCount threats_made(Board& board, int point, const FoulRules& rules);

// Every empty point where Black to move would commit a foul, in point order.
struct FoulPoint {
  int point;
  Foul kind;
};
std::vector<FoulPoint> foul_map(Board& board, const FoulRules& rules, bool fast = true);
// The fast map: line codes for the whole board at once (what foul_map(.., true) runs).
std::vector<FoulPoint> foul_map_fast(Board& board, const FoulRules& rules);

}  // namespace rulespec::renju
