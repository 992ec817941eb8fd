// The xshogi protocol that GNU Shogi speaks (not xboard's protover 2): plain lines, moves in USI
// notation ("7g7f", "8h2b+", "P*5e"), `force` to enter moves for both sides, and `edit` to set up a
// position: `#` clears the board and the hands, pieces are a letter and a square ("p3b", "p3b+"
// promoted), a letter and '*' puts one in hand, `c` switches from Black (Sente, first) to White,
// `.` ends. An accepted move is echoed as "1. 7g7f 300000", a refused one as "Illegal move ...".
// After `edit` Black is to move, so a position with White to move is set up turned round
// (shogi::Position::mirrored), which keeps every move's legality.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "model/shogi/position.hpp"

namespace rulespec::engines {

// The `edit` lines for a position with Sente to move, from `edit` to `.`.
std::vector<std::string> xshogi_setup(const shogi::Position& p);

// One `edit` session being read back (for the reference engine behind the protocol).
class XshogiEditor {
 public:
  XshogiEditor();  // an empty board, nothing in hand, placing Black's pieces
  // Takes one line of the session; false if it is not an edit command.
  bool take(const std::string& line);
  // The position set up, Sente to move; nullopt when it is no position (a king missing).
  std::optional<shogi::Position> position() const;

 private:
  std::vector<std::string> board_;  // 81 SFEN piece texts, "" empty
  std::string hands_[2];
  int colour_ = 0;
};

// Whether an engine line answers a move: accepted (the move echoed) or refused ("Illegal move").
enum class XshogiAnswer { Accepted, Refused, Other };
XshogiAnswer xshogi_answer(const std::string& line, const std::string& move);

}  // namespace rulespec::engines
