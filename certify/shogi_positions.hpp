// The shogi positions every shogi certifier probes, and the rules it tallies: the perft data's (the start and the pawn-drop
// mates) and every fourth position of `options.games` seeded random games, each with its source.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "certify/certify.hpp"
#include "model/shogi/position.hpp"

namespace rulespec::certify {

// The basic rules the jishogi codex presupposes, as the shogi certifiers tally them.
inline constexpr const char* kShogiMovement = "shogi.rules.piece-movement";
inline constexpr const char* kShogiKingSafety = "shogi.rules.king-safety";
inline constexpr const char* kShogiNifu = "shogi.rules.nifu";
inline constexpr const char* kShogiPawnDropMate = "shogi.rules.pawn-drop-mate";
inline constexpr const char* kShogiBestmove = "shogi.rules.bestmove-legal";

std::vector<std::pair<shogi::Position, std::string>> shogi_probe_positions(const Options& options);

// The board part of an SFEN from 81 squares in SFEN order (ranks a..i from Gote's side, files 9..1
// across), each empty or a piece's SFEN letters ("K", "+R", "p").
inline std::string board_sfen(const std::string (&board)[81]) {
  std::string sfen;
  for (int rank = 0; rank < 9; ++rank) {
    int empty = 0;
    for (int file = 0; file < 9; ++file) {
      const std::string& x = board[rank * 9 + file];
      if (x.empty()) {
        ++empty;
        continue;
      }
      if (empty) sfen += std::to_string(empty), empty = 0;
      sfen += x;
    }
    if (empty) sfen += std::to_string(empty);
    if (rank < 8) sfen += "/";
  }
  return sfen;
}

}  // namespace rulespec::certify
