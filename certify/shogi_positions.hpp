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

// The board part of an SFEN from 81 squares (shogi::board_sfen).
inline std::string board_sfen(const std::string (&board)[81]) { return shogi::board_sfen(board); }

}  // namespace rulespec::certify
