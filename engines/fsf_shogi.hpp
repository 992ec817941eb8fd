// fairy-stockfish's shogi notation: squares as files a-i from Sente's left (a = file 9) and ranks
// 1-9 from Sente's side (1 = rank i), drops with '@', a FEN with the hand in brackets listing every
// piece (no counts) and Sente called 'w'. For the differential tests and for certify.
#pragma once
#include <optional>
#include <string>

#include "model/shogi/position.hpp"

namespace rulespec::engines {

std::string fsf_square(const std::string& usi_square);
std::string fsf_move(const shogi::Move& m);
std::string fsf_fen(const shogi::Position& p);
// The USI text of an fsf move ("P@e5" -> "P*5e", "g3g4+" -> "3g3f+"), or nullopt if it is malformed.
std::optional<std::string> usi_from_fsf(const std::string& text);

}  // namespace rulespec::engines
