// The shogi mutant: the reference model behind UCI (mutant/uci_loop.hpp) in fairy-stockfish's
// notation (engines/fsf_shogi), behind USI (the same loop, SFEN and USI notation), or behind GNU Shogi's xshogi protocol (engines/xshogi.hpp: new,
// force, edit, moves in USI notation echoed or refused).
//   --flip pawn-drop-mate: a pawn may be dropped to mate; nifu: a pawn may be dropped on a file
//   that already holds an unpromoted pawn of its side (when not in check); repeat: its best move
//   returns to a position of the game whenever it can (a perpetual check carried on), where the
//   reference never does when it has another move; declare-always: over USI it answers `bestmove
//   win` whenever its king stands in the enemy camp, where the reference declares only when the
//   six conditions of the amateur 27-point declaration hold (the model's defaults).
#include <algorithm>
#include <iostream>
#include <sstream>

#include "engines/fsf_shogi.hpp"
#include "engines/xshogi.hpp"
#include "model/shogi/game.hpp"
#include "model/shogi/impasse_board.hpp"
#include "model/shogi/jishogi.hpp"
#include "model/shogi/position.hpp"
#include "mutant/mutant.hpp"
#include "mutant/uci_loop.hpp"

namespace rulespec::mutant {
namespace {

// fairy-stockfish's FEN (hand in brackets, Sente 'w') back to SFEN.
std::optional<shogi::Position> from_fsf_fen(const std::string& fen) {
  std::istringstream in(fen);
  std::string board_hand, side;
  in >> board_hand >> side;
  const auto open = board_hand.find('['), close = board_hand.find(']');
  if (open == std::string::npos || close == std::string::npos) return std::nullopt;
  std::string hand = board_hand.substr(open + 1, close - open - 1);
  return shogi::Position::from_sfen(board_hand.substr(0, open) + " " + (side == "w" ? "b" : "w") + " " + (hand.empty() ? "-" : hand) + " 1");
}

std::vector<shogi::Move> mutant_moves(const shogi::Position& p, const std::string& flip) {
  std::vector<shogi::Move> out = p.legal_moves(flip != "pawn-drop-mate");
  if (flip == "nifu" && p.in_hand(p.to_move(), shogi::Pawn) > 0 && !p.in_check()) {
    const bool sente = p.to_move() == shogi::Colour::Sente;
    for (int sq = 0; sq < shogi::kSquares; ++sq) {
      const int rank = sq / 9;
      if (!p.at(sq).empty() || rank == (sente ? 0 : 8)) continue;
      bool own_pawn = false;
      for (int s = sq % 9; s < shogi::kSquares; s += 9) own_pawn |= p.at(s).kind == shogi::Pawn && p.at(s).colour == p.to_move();
      if (own_pawn) out.push_back(shogi::Move{-1, sq, shogi::Pawn, false});
    }
  }
  return out;
}

int xshogi_loop(const std::string& flip) {
  std::cout << "rulespec " << (flip.empty() ? std::string("reference") : "mutant (" + flip + ")") << " (xshogi)\n" << std::flush;
  shogi::Position pos = shogi::Position::start();
  std::optional<engines::XshogiEditor> editing;
  int move_number = 1;
  for (std::string line; std::getline(std::cin, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (editing) {
      if (line == ".") {
        if (const auto p = editing->position()) pos = *p;
        editing.reset();
        move_number = 1;
      } else if (!editing->take(line)) {
        std::cout << "Illegal edit command " << line << "\n" << std::flush;
      }
    } else if (line == "edit") {
      editing.emplace();
      std::cout << "enter piece & location:\n" << std::flush;
    } else if (line == "new") {
      pos = shogi::Position::start();
      move_number = 1;
    } else if (line == "quit" || line == "exit") {
      break;
    } else if (line != "force") {
      const auto moves = mutant_moves(pos, flip);
      const auto m = std::find_if(moves.begin(), moves.end(), [&](const shogi::Move& x) { return shogi::usi(x) == line; });
      if (m == moves.end()) {
        std::cout << "Illegal move (no match) " << line << "\n" << std::flush;
        continue;
      }
      std::cout << move_number << ". " << (pos.to_move() == shogi::Colour::Gote ? "... " : "") << line << " 300000\n" << std::flush;
      if (pos.to_move() == shogi::Colour::Gote) ++move_number;
      pos.make(*m);
    }
  }
  return 0;
}

}  // namespace

int shogi_uci_mutant(const std::string& flip, const std::string& protocol) {
  if (!flip.empty() && flip != "pawn-drop-mate" && flip != "nifu" && flip != "repeat" && flip != "declare-always" && flip != "no-perft") {
    std::cerr << "rulespec-mutant: --flip must be pawn-drop-mate, nifu, repeat, declare-always or no-perft for shogi\n";
    return 2;
  }
  const std::string rule_flip = flip == "repeat" || flip == "declare-always" || flip == "no-perft" ? "" : flip;
  if (protocol == "xshogi") return xshogi_loop(rule_flip);
  shogi::Position pos = shogi::Position::start();
  std::vector<std::string> seen;  // the positions of the game so far
  bool usi = false;  // USI: SFEN and USI move text; UCI: fairy-stockfish's FEN and move text
  auto text = [&](const shogi::Move& m) { return usi ? shogi::usi(m) : engines::fsf_move(m); };
  return uci_loop(
      "rulespec " + (flip.empty() ? std::string("reference") : "mutant (" + flip + ")"), "shogi",
      [&](const std::string& fen, const std::vector<std::string>& played) {
        const auto p = usi ? shogi::Position::from_sfen(fen) : from_fsf_fen(fen);
        if (!p) return false;
        pos = *p;
        seen = {shogi::position_key(pos)};
        for (const auto& t : played) {
          const auto as_usi = usi ? std::optional<std::string>(t) : engines::usi_from_fsf(t);
          const auto m = as_usi ? pos.parse_usi(*as_usi) : std::nullopt;
          if (!m) return false;
          pos.make(*m);
          seen.push_back(shogi::position_key(pos));
        }
        return true;
      },
      [&] {
        std::vector<std::string> out;
        for (const auto& m : mutant_moves(pos, rule_flip)) out.push_back(text(m));
        return out;
      },
      &usi,
      [&]() -> std::string {
        // The first move to a position the game has not had (the reference), or back to one it
        // has (repeat); the first legal move when there is no such move.
        // USI's declaration: `bestmove win`.
        if (usi) {
          const auto facts = shogi::declaration_facts(pos, true, 3);
          if (flip == "declare-always" ? facts.king_in_enemy_camp : shogi::declare(facts, shogi::DeclarationRules{}).wins) return "win";
        }
        const auto all = mutant_moves(pos, rule_flip);
        if (all.empty()) return "";
        for (const auto& m : all) {
          shogi::Position after = pos;
          after.make(m);
          const bool repeats = std::find(seen.begin(), seen.end(), shogi::position_key(after)) != seen.end();
          if (repeats == (flip == "repeat")) return text(m);
        }
        return text(all.front());
      },
      flip != "no-perft");
}

}  // namespace rulespec::mutant
