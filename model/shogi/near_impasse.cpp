#include "model/shogi/near_impasse.hpp"

#include <iterator>
#include <string>

namespace rulespec::shogi {

// SFEN ranks a..i from Gote's side.
std::optional<Position> near_impasse(common::XorShift64& rng, Aim aim) {
  std::string board[81];
  auto place_at = [&](int sq, const std::string& piece) {
    if (sq < 0 || sq >= 81 || !board[sq].empty()) return false;
    board[sq] = piece;
    return true;
  };
  auto place = [&](int lo_rank, int hi_rank, const std::string& piece) {
    for (int tries = 0; tries < 200; ++tries)
      if (place_at(lo_rank * 9 + static_cast<int>(rng.below(static_cast<std::uint64_t>((hi_rank - lo_rank + 1) * 9))), piece)) return true;
    return false;
  };
  if (aim == Aim::KingOutside) place(3, 5, "K");
  else if (aim == Aim::InCheck) {
    // The king on rank b or c, a Gote gold straight in front of it (from Sente's side): check.
    const int file = static_cast<int>(rng.below(9)), rank = 1 + static_cast<int>(rng.below(2));
    place_at(rank * 9 + file, "K");
    place_at((rank - 1) * 9 + file, "g");
  } else
    place(0, 2, "K");
  place(6, 8, "k");
  // Pieces in the camp: promoted where an unpromoted one could never move again. Too few points:
  // ten or so one-point pieces and little in hand; too few pieces: fewer than ten, majors among them.
  static const char* camp_pieces[] = {"+P", "+P", "+P", "G", "S", "+S", "+N", "+L", "+R", "+B", "R", "B", "G"};
  static const char* minor_pieces[] = {"+P", "G", "S", "+S", "+N", "+L"};
  static const char* major_pieces[] = {"+R", "+B"};
  if (aim == Aim::FewPoints)
    for (int i = 0, n = 10 + static_cast<int>(rng.below(3)); i < n; ++i) place(0, 2, minor_pieces[rng.below(std::size(minor_pieces))]);
  else if (aim == Aim::FewPieces)
    for (int i = 0, n = 5 + static_cast<int>(rng.below(5)); i < n; ++i)
      place(0, 2, i < 2 ? major_pieces[i] : minor_pieces[rng.below(std::size(minor_pieces))]);
  else
    for (int i = 0, n = (aim == Aim::AllMet ? 6 : 10) + static_cast<int>(rng.below(aim == Aim::AllMet ? 10 : 5)); i < n; ++i)
      place(0, 2, camp_pieces[rng.below(std::size(camp_pieces))]);
  static const char* gote_pieces[] = {"p", "g", "s", "p", "l"};
  for (int i = 0, n = static_cast<int>(rng.below(5)); i < n; ++i) place(5, 7, gote_pieces[rng.below(std::size(gote_pieces))]);
  const std::string sfen = board_sfen(board);
  std::string hand;
  if (aim == Aim::FewPieces)  // the other rook and bishop, and pawns, make up the points
    hand = "RB" + std::string(rng.below(2) ? "G" : "") + (rng.below(2) ? "S" : "") + std::to_string(2 + rng.below(7)) + "P";
  else
    for (const char* h : {"R", "B", "G", "S", "P"}) {
      // Too few points: at most a pawn in hand.
      const auto n = aim == Aim::FewPoints ? rng.below(2) * (h[0] == 'P' ? 1 : 0) : rng.below(3);
      if (n > 0) hand += (n > 1 ? std::to_string(n) : "") + h;
    }
  auto p = Position::from_sfen(sfen + " b " + (hand.empty() ? "-" : hand) + " 1");
  // Gote, not to move, must not stand in check.
  if (!p || p->attacked(p->king_square(Colour::Gote), Colour::Sente)) return std::nullopt;
  return p;
}

}  // namespace rulespec::shogi
