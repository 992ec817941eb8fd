// SGF (FF[4]) for Go, the subset the codices need: SZ (square or w:h), KM, RU, HA, PL, AB/AW/AE
// (with compressed point lists) in the root node, and the main line of B/W moves (B[] and, on
// boards up to 19x19, B[tt] are passes). Other properties are read and ignored; variations past
// the first are skipped. Errors carry a 1-based line and column and the offending token.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "model/go/board.hpp"

namespace rulespec::go {

struct SgfGame {
  int width = 19, height = 19;
  std::optional<double> komi;
  std::string rules;  // RU as written
  int handicap = 0;   // HA
  std::vector<std::pair<int, Stone>> setup;  // points in Board(width, height) indexing; Empty = AE
  std::optional<Stone> to_play;               // PL
  std::vector<std::pair<Stone, int>> moves;   // kPass (-1) for a pass
  std::string comment;                        // the root's C[] (written; read as ignored)
};

struct SgfError {
  int line = 1, column = 1;
  std::string token, message;
};

struct SgfParse {
  std::optional<SgfGame> game;
  SgfError error;  // meaningful when !game
};

SgfParse parse_sgf(std::string_view text);
std::string write_sgf(const SgfGame& game);

}  // namespace rulespec::go
