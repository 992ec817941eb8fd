// A shogi game from a position and its moves: how it ended, if it did. No legal move loses
// (checkmate, and in shogi also a position without a move); the same position with the same side
// to move and the same hands a fourth time is sennichite, a draw, unless one side gave check with
// every one of its moves since the position first stood, and then that side loses. A move limit
// (the JSA's 500 moves of October 2019, not in the codex) ends the game as jishogi once that many
// moves are played and a king stands in the opponent's camp, but not while one side keeps giving
// check: then it ends at the first move at or past the limit that neither gives check nor answers
// one, and a mate in that run still counts.
#pragma once
#include <string>
#include <vector>

#include "model/shogi/position.hpp"

namespace rulespec::shogi {

enum class Ending { None, NoLegalMove, Sennichite, PerpetualCheck, MoveLimit };

struct GameState {
  Position position;
  Ending ending = Ending::None;
  Colour loser = Colour::Sente;  // for NoLegalMove and PerpetualCheck
  int occurrences = 1;           // how often the final position has stood
  int ended_at = 0;              // the ply after which the game ended (0: not ended)
};

// Plays the USI `moves` from `start` and stops when the game ends. At an illegal move it stops
// before it and sets *illegal_at to its index (-1 when every move was legal). `limit.moves` counts
// the moves of the whole game (start's move number says how many came before); 0 = none.
struct MoveLimit {
  int moves = 0;       // 0 = no limit
  int camp_ranks = 3;  // how deep a camp is, for "a king has entered"
};
GameState play_game(const Position& start, const std::vector<std::string>& moves, int* illegal_at = nullptr, MoveLimit limit = {});

// The position without its move number, so that repetitions compare equal.
std::string position_key(const Position& p);

}  // namespace rulespec::shogi
