#include "model/shogi/impasse_board.hpp"

namespace rulespec::shogi {

bool in_camp_of(int sq, Colour owner, int camp_ranks) {
  if (sq < 0) return false;  // no such piece (a side without a king)
  const int rank = sq / 9;   // 0 = rank a, Gote's side
  return owner == Colour::Gote ? rank < camp_ranks : rank >= 9 - camp_ranks;
}

namespace {
void add(PieceCounts& c, Kind k, int n = 1) {
  switch (unpromoted(k)) {
    case Pawn: c.pawn += n; break;
    case Lance: c.lance += n; break;
    case Knight: c.knight += n; break;
    case Silver: c.silver += n; break;
    case Gold: c.gold += n; break;
    case Bishop: c.bishop += n; break;
    case Rook: c.rook += n; break;
    default: break;
  }
}
}  // namespace

PieceCounts pieces_on_board(const Position& p, Colour c, bool enemy_camp_only, int camp_ranks) {
  PieceCounts out;
  for (int sq = 0; sq < kSquares; ++sq) {
    const Piece& pc = p.at(sq);
    if (pc.empty() || pc.colour != c || pc.kind == King) continue;
    if (enemy_camp_only && !in_camp_of(sq, opponent(c), camp_ranks)) continue;
    add(out, pc.kind);
  }
  return out;
}

PieceCounts pieces_in_hand(const Position& p, Colour c) {
  PieceCounts out;
  for (int k = 0; k < kHandKinds; ++k) add(out, static_cast<Kind>(k), p.in_hand(c, static_cast<Kind>(k)));
  return out;
}

DeclarationFacts declaration_facts(const Position& p, bool within_time, int camp_ranks) {
  const Colour us = p.to_move();
  DeclarationFacts f;
  f.declarer = side_of(us);
  f.king_in_enemy_camp = in_camp_of(p.king_square(us), opponent(us), camp_ranks);
  f.in_enemy_camp = pieces_on_board(p, us, true, camp_ranks);
  for (int sq = 0; sq < kSquares; ++sq) {
    const Piece& pc = p.at(sq);
    if (!pc.empty() && pc.colour == us && pc.kind != King && !in_camp_of(sq, opponent(us), camp_ranks)) add(f.elsewhere_on_board, pc.kind);
  }
  f.in_hand = pieces_in_hand(p, us);
  f.within_time = within_time;
  f.in_check = p.in_check();
  return f;
}

}  // namespace rulespec::shogi
