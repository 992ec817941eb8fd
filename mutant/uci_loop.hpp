// The UCI side of a mutant engine: uci, isready, position fen ... [moves ...], go perft 1 (the
// moves, one node each), go depth|movetime (the game's best move, else the first), quit. The game
// supplies the position (with the moves played from it) and move list.
// The same loop answers the dialects that start with `usi` (shogi: position sfen ..., USI move
// text) and `ucci` (xiangqi), as fairy-stockfish does; `usi()` tells the game which one it is in.
#pragma once
#include <functional>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace rulespec::mutant {

// `set_position` takes the FEN text of "position fen ..." and the moves after "moves" (true when
// it was read); `moves` lists the legal moves of the current position in the engine's notation;
// `best`, when given, chooses the move of `go depth|movetime`.
inline int uci_loop(const std::string& name, const std::string& variant,
                    const std::function<bool(const std::string&, const std::vector<std::string>&)>& set_position,
                    const std::function<std::vector<std::string>()>& moves, bool* usi = nullptr,
                    const std::function<std::string()>& best = {}, bool perft = true) {
  for (std::string line; std::getline(std::cin, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::istringstream in(line);
    std::string cmd;
    in >> cmd;
    if (cmd == "uci" || cmd == "usi" || cmd == "ucci") {
      if (usi) *usi = cmd == "usi";
      std::cout << "id name " << name << "\nid author rulespec\n";
      if (cmd == "uci") std::cout << "option name UCI_Variant type combo default " << variant << " var " << variant << "\n";
      std::cout << cmd << "ok\n" << std::flush;
    } else if (cmd == "isready") {
      std::cout << "readyok\n" << std::flush;
    } else if (cmd == "position") {
      std::string kind, fen;
      in >> kind;
      for (std::string w; in >> w && w != "moves";) fen += (fen.empty() ? "" : " ") + w;
      std::vector<std::string> played;
      for (std::string w; in >> w;) played.push_back(w);
      if (kind == "fen" || kind == "sfen") set_position(fen, played);
    } else if (cmd == "go") {
      std::string what;
      in >> what;
      const auto list = moves();
      // Without perft (an engine that has only the protocol's own commands) `go perft 1` is a
      // search like any other `go`.
      if (what == "perft" && perft) {
        for (const auto& m : list) std::cout << m << ": 1\n";
        std::cout << "\nNodes searched: " << list.size() << "\n" << std::flush;
      } else {
        const std::string move = best ? best() : list.empty() ? std::string() : list.front();
        std::cout << "bestmove " << (move.empty() ? std::string("(none)") : move) << "\n" << std::flush;
      }
    } else if (cmd == "quit") {
      break;
    }
  }
  return 0;
}

}  // namespace rulespec::mutant
