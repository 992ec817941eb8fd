// Board diagrams for the report: inline SVG drawn from a finding's or case's witness, with no
// script and no external file. Go from "rows" (top row first, X black, O white; "move" marked),
// xiangqi from "fen" (palace, river, the codex's letters), renju from "black" / "white" point
// lists ("move" and "parry" marked), shogi from "sfen" (Gote's pieces turned, hands written). A witness holding a position deeper down (e.g. under
// "black_first") is found there.
#pragma once
#include <string>

#include "spec/value.hpp"

namespace rulespec {

// The SVG of the first position in `witness`, or "" when it holds none.
std::string witness_svg(const Value& witness);

}  // namespace rulespec
