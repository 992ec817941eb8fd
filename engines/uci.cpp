#include "engines/uci.hpp"

#include <sstream>
#include <stdexcept>

namespace rulespec::engines {

UciEngine::UciEngine(const std::string& path, const std::string& variant) : process_({path}) {
  process_.send("uci");
  expect("uciok", std::chrono::seconds(10));
  process_.send("setoption name UCI_Variant value " + variant);
  process_.send("isready");
  expect("readyok", std::chrono::seconds(10));
}

void UciEngine::expect(const std::string& reply, std::chrono::milliseconds timeout) {
  while (true) {
    auto line = process_.read_line(timeout);
    if (!line) throw std::runtime_error("engine: no '" + reply + "' before the deadline");
    if (*line == reply) return;
  }
}

UciEngine::Perft UciEngine::perft(const std::string& fen, int depth, std::chrono::milliseconds timeout) {
  process_.send("position fen " + fen);
  process_.send("go perft " + std::to_string(depth));
  Perft out;
  while (true) {
    auto line = process_.read_line(timeout);
    if (!line) throw std::runtime_error("engine: perft " + std::to_string(depth) + " gave no total before the deadline");
    const std::string prefix = "Nodes searched: ";
    if (line->rfind(prefix, 0) == 0) {
      out.nodes = std::stoull(line->substr(prefix.size()));
      return out;
    }
    const auto colon = line->find(": ");
    // Move lines: "<move>: <nodes>", the move in the engine's own coordinates.
    if (colon != std::string::npos && colon >= 4 && colon <= 6 && line->find(' ') == colon + 1 &&
        line->find_first_not_of("0123456789", colon + 2) == std::string::npos)
      out.per_move[line->substr(0, colon)] = std::stoull(line->substr(colon + 2));
  }
}

UciEngine::Score UciEngine::search(const std::string& fen, int depth, std::chrono::milliseconds timeout) {
  process_.send("position fen " + fen);
  process_.send("go depth " + std::to_string(depth));
  Score score;
  while (true) {
    auto line = process_.read_line(timeout);
    if (!line) {
      process_.send("stop");
      throw std::runtime_error("engine: go depth " + std::to_string(depth) + " gave no bestmove before the deadline");
    }
    if (line->rfind("bestmove", 0) == 0) return score;
    const auto at = line->find(" score ");
    if (line->rfind("info", 0) != 0 || at == std::string::npos) continue;
    std::istringstream in(line->substr(at + 7));
    std::string unit;
    int value = 0;
    if (!(in >> unit >> value)) continue;
    if (unit == "mate") score = {value, 0};
    else if (unit == "cp") score = {0, value};
  }
}

}  // namespace rulespec::engines
