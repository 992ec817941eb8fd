#include "engines/fsf_xiangqi.hpp"

#include <algorithm>
#include <cctype>

#include "model/xiangqi/notation.hpp"

namespace rulespec::engines {

// Move texts: ICCS ranks 0-9, or fairy-stockfish's 1-10.
std::string xiangqi_engine_move(xiangqi::Move m, bool ranks_from_one) {
  const std::string iccs = xiangqi::to_iccs(m);
  if (!ranks_from_one) return iccs;
  return std::string(1, iccs[0]) + std::to_string(iccs[1] - '0' + 1) + std::string(1, iccs[2]) + std::to_string(iccs[3] - '0' + 1);
}

std::optional<xiangqi::Move> parse_xiangqi_engine_move(const std::string& text, bool ranks_from_one) {
  std::string t = text;
  if (ranks_from_one) {
    // "h10e10" style: letter, number, letter, number
    std::size_t i = 1;
    while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i]))) ++i;
    if (i >= t.size()) return std::nullopt;
    std::size_t j = i + 1;
    while (j < t.size() && std::isdigit(static_cast<unsigned char>(t[j]))) ++j;
    try {
      const int r1 = std::stoi(t.substr(1, i - 1)) - 1, r2 = std::stoi(t.substr(i + 1, j - i - 1)) - 1;
      if (r1 < 0 || r1 > 9 || r2 < 0 || r2 > 9 || j != t.size()) return std::nullopt;
      t = std::string(1, t[0]) + std::to_string(r1) + std::string(1, t[i]) + std::to_string(r2);
    } catch (const std::exception&) {
      return std::nullopt;
    }
  }
  if (t.size() != 4 || t[0] < 'a' || t[0] > 'i' || t[2] < 'a' || t[2] > 'i' || !std::isdigit(static_cast<unsigned char>(t[1])) ||
      !std::isdigit(static_cast<unsigned char>(t[3])))
    return std::nullopt;
  return xiangqi::Move{static_cast<std::uint8_t>(xiangqi::square(t[0] - 'a', t[1] - '0')), static_cast<std::uint8_t>(xiangqi::square(t[2] - 'a', t[3] - '0'))};
}

bool xiangqi_ranks_from_one(const std::set<std::string>& start_moves) {
  const xiangqi::Position initial = xiangqi::Position::start();
  std::set<std::string> iccs, from_one;
  for (const xiangqi::Move& m : initial.legal_moves()) iccs.insert(xiangqi_engine_move(m, false)), from_one.insert(xiangqi_engine_move(m, true));
  return start_moves == from_one ||
         (start_moves != iccs && std::any_of(start_moves.begin(), start_moves.end(), [](const std::string& m) { return m.find("10") != std::string::npos; }));
}

}  // namespace rulespec::engines
