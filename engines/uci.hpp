// UCI for the xiangqi peer (fairy-stockfish): variant selection and perft, with the deadlines of
// EngineProcess so a stuck engine fails the caller instead of hanging it.
#pragma once
#include <chrono>
#include <cstdint>
#include <map>
#include <string>

#include "engines/process.hpp"

namespace rulespec::engines {

class UciEngine {
 public:
  // Starts the engine and selects the variant (e.g. "xiangqi"); throws on no "uciok"/"readyok".
  UciEngine(const std::string& path, const std::string& variant);

  struct Perft {
    std::map<std::string, std::uint64_t> per_move;  // the engine's move text -> nodes below it
    std::uint64_t nodes = 0;
  };
  // "position fen F" then "go perft D"; throws if the reply does not end with "Nodes searched".
  Perft perft(const std::string& fen, int depth, std::chrono::milliseconds timeout = std::chrono::seconds(60));

  // "go depth D": the last reported score. mate_in > 0: the side to move mates in that many
  // moves; < 0: it is mated; 0: no mate score (centipawns then in cp).
  struct Score {
    int mate_in = 0, cp = 0;
  };
  Score search(const std::string& fen, int depth, std::chrono::milliseconds timeout = std::chrono::seconds(60));

 private:
  void expect(const std::string& reply, std::chrono::milliseconds timeout);
  EngineProcess process_;
};

}  // namespace rulespec::engines
