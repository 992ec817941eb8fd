// What the impasse rules read off a real position: the declarer's king and pieces in the enemy
// camp, the pieces in hand, check, and each side's pieces for the point counts. The arithmetic
// on these facts is jishogi.hpp's.
#pragma once
#include "model/shogi/jishogi.hpp"
#include "model/shogi/position.hpp"

namespace rulespec::shogi {

// Whether a square lies in the camp of `owner` (the `camp_ranks` ranks nearest that side).
bool in_camp_of(int sq, Colour owner, int camp_ranks = 3);

// The pieces of one colour other than the king, promoted ones counted as their base kind.
PieceCounts pieces_on_board(const Position& p, Colour c, bool enemy_camp_only, int camp_ranks = 3);
PieceCounts pieces_in_hand(const Position& p, Colour c);

// The declaration facts of the side to move (the declaration is its act, before a move).
DeclarationFacts declaration_facts(const Position& p, bool within_time, int camp_ranks = 3);

inline Side side_of(Colour c) { return c == Colour::Sente ? Side::Sente : Side::Gote; }

}  // namespace rulespec::shogi
