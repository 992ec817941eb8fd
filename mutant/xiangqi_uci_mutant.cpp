// The xiangqi mutant: the reference model behind UCI (mutant/uci_loop.hpp) with fairy-stockfish's
// move text (ranks 1-10).
//   --flip flying-general: kings may face each other; pin: a piece other than the king may move
//   even if that leaves its king attacked; horse-leg: a horse jumps over a blocked leg; repeat:
//   its best move returns to a position of the game whenever it can (continuing a cycle the
//   repetition rules may forbid), where the reference never does when it has another move;
//   no-perft: the reference without Stockfish's `go perft` (it searches instead, as UCI engines do).
#include <algorithm>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "model/xiangqi/notation.hpp"
#include "model/xiangqi/position.hpp"
#include "mutant/mutant.hpp"
#include "mutant/uci_loop.hpp"

namespace rulespec::mutant {
namespace {

using xiangqi::Move;
using xiangqi::Position;

std::string text(Move m) {
  const std::string iccs = xiangqi::to_iccs(m);
  return std::string(1, iccs[0]) + std::to_string(iccs[1] - '0' + 1) + std::string(1, iccs[2]) + std::to_string(iccs[3] - '0' + 1);
}

// The mutant's legal moves: the model's, widened by the flipped rule.
std::vector<Move> moves(const Position& p, const std::string& flip) {
  std::vector<Move> out = p.legal_moves();
  if (flip.empty()) return out;
  std::vector<Move> pseudo;
  p.pseudo_legal_moves(pseudo);
  for (const Move& m : pseudo) {
    if (std::find(out.begin(), out.end(), m) != out.end()) continue;
    Position after = p;
    after.make(m);
    const int king = after.king_square(p.side_to_move());
    std::vector<Move> replies;
    after.pseudo_legal_moves(replies);
    bool real_attack = false;
    for (const Move& r : replies) real_attack |= r.to == king && after.at(r.from).type() != xiangqi::PieceType::King;
    if (flip == "flying-general" && !real_attack) out.push_back(m);
    if (flip == "pin" && p.at(m.from).type() != xiangqi::PieceType::King) out.push_back(m);
  }
  if (flip == "horse-leg") {
    // A horse on its own side may also jump two ranks and one file even when the leg is blocked.
    for (int sq = 0; sq < xiangqi::kArraySize; ++sq) {
      const auto piece = p.at(sq);
      if (!piece.is_piece() || piece.type() != xiangqi::PieceType::Horse || piece.colour() != p.side_to_move()) continue;
      for (int df : {-1, 1})
        for (int dr : {-2, 2}) {
          const int f = xiangqi::file_of(sq) + df, r = xiangqi::rank_of(sq) + dr;
          if (f < 0 || f > 8 || r < 0 || r > 9) continue;
          const Move m{static_cast<std::uint8_t>(sq), static_cast<std::uint8_t>(xiangqi::square(f, r))};
          const auto target = p.at(m.to);
          if (target.is_piece() && target.colour() == p.side_to_move()) continue;
          if (std::find(out.begin(), out.end(), m) == out.end() && p.at(xiangqi::square(xiangqi::file_of(sq), xiangqi::rank_of(sq) + dr / 2)).is_piece())
            out.push_back(m);
        }
    }
  }
  return out;
}

}  // namespace

int xiangqi_uci_mutant(const std::string& flip) {
  if (!flip.empty() && flip != "flying-general" && flip != "pin" && flip != "horse-leg" && flip != "repeat" && flip != "no-perft") {
    std::cerr << "rulespec-mutant: --flip must be flying-general, pin, horse-leg, repeat or no-perft for xiangqi\n";
    return 2;
  }
  const std::string rule_flip = flip == "repeat" || flip == "no-perft" ? "" : flip;
  Position pos = Position::start();
  std::vector<std::uint64_t> seen;  // the positions of the game so far
  return uci_loop(
      "rulespec " + (flip.empty() ? std::string("reference") : "mutant (" + flip + ")"), "xiangqi",
      [&](const std::string& fen, const std::vector<std::string>& played) {
        const auto parsed = Position::from_fen(fen);
        if (!parsed.position) return false;
        pos = *parsed.position;
        seen = {pos.hash()};
        for (const auto& t : played) {
          // fairy-stockfish's text (ranks 1-10), else ICCS (0-9): the same text can be a move in
          // each (c7e6 is ICCS c6e5), and the engine's own notation comes first.
          std::optional<Move> m;
          for (const Move& x : pos.legal_moves())
            if (text(x) == t) m = x;
          if (!m)
            for (const Move& x : pos.legal_moves())
              if (xiangqi::to_iccs(x) == t) m = x;
          if (!m) return false;
          pos.make(*m);
          seen.push_back(pos.hash());
        }
        return true;
      },
      [&] {
        std::vector<std::string> out;
        for (const Move& m : moves(pos, rule_flip)) out.push_back(text(m));
        return out;
      },
      nullptr,
      [&]() -> std::string {
        // The first move to a position the game has not had (the reference), or back to one it
        // has (repeat); the first legal move when there is no such move.
        const auto all = moves(pos, rule_flip);
        if (all.empty()) return "";
        for (const Move& m : all) {
          Position after = pos;
          after.make(m);
          const bool repeats = std::find(seen.begin(), seen.end(), after.hash()) != seen.end();
          if (repeats == (flip == "repeat")) return text(m);
        }
        return text(all.front());
      },
      flip != "no-perft");
}

}  // namespace rulespec::mutant
