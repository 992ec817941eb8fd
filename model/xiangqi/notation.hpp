// Xiangqi move notations: ICCS coordinates (h2e2: files a-i from Red's left, ranks 0-9 from Red's
// side) and the traditional notation of the AXF/WXF books (C2=5, H8+7, R++2): the piece, the file
// it stands on counted 1-9 from the mover's own right (or + / - for the front / rear of two on a
// file), then + forward, - backward, = or . sideways, and a step count (straight movers going
// forward or back) or a destination file (sideways, and every move of horse, elephant, advisor).
// Pawns follow the WXF special cases: of three or five on a file the middle one keeps its file
// digit; of four or five, ++ and -- are the foremost and rearmost; with tandem pawns on two files
// the file digit comes first (3+.4, 33.4, 3-.4).
// A lenient mode accepts book shorthand: a missing operator (C25 = C2=5), piece letters in the
// wrong case, G (guard) for the advisor, B for the elephant, N for the horse, trailing ! and ?.
#pragma once
#include <optional>
#include <string>
#include <string_view>

#include "model/xiangqi/position.hpp"

namespace rulespec::xiangqi {

struct ParsedMove {
  std::optional<Move> move;
  std::string error;  // when !move: why, naming the token
};

ParsedMove parse_iccs(const Position& pos, std::string_view text);
std::string to_iccs(Move m);

ParsedMove parse_wxf(const Position& pos, std::string_view text, bool lenient);
std::string to_wxf(const Position& pos, Move m);

// ICCS if the text looks like coordinates, else traditional notation.
ParsedMove parse_move(const Position& pos, std::string_view text, bool lenient);

}  // namespace rulespec::xiangqi
