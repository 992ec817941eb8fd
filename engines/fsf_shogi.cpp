#include "engines/fsf_shogi.hpp"

#include <cctype>
#include <sstream>

namespace rulespec::engines {

std::string fsf_square(const std::string& usi_square) {
  return std::string(1, static_cast<char>('a' + 9 - (usi_square[0] - '0'))) + std::to_string(9 - (usi_square[1] - 'a'));
}

std::string fsf_move(const shogi::Move& m) {
  const std::string u = shogi::usi(m);
  if (m.from < 0) return u.substr(0, 1) + "@" + fsf_square(u.substr(2, 2));
  return fsf_square(u.substr(0, 2)) + fsf_square(u.substr(2, 2)) + (m.promote ? "+" : "");
}

std::string fsf_fen(const shogi::Position& p) {
  std::istringstream parts(p.sfen());
  std::string board, side, hand, pieces;
  parts >> board >> side >> hand;
  int count = 0;
  for (char c : hand == "-" ? std::string() : hand) {
    if (std::isdigit(static_cast<unsigned char>(c))) {
      count = count * 10 + (c - '0');
      continue;
    }
    pieces += std::string(static_cast<std::size_t>(count == 0 ? 1 : count), c);
    count = 0;
  }
  return board + "[" + pieces + "] " + (side == "b" ? "w" : "b") + " - - 0 1";
}

namespace {
std::optional<std::string> usi_square(char file, char rank) {
  if (file < 'a' || file > 'i' || rank < '1' || rank > '9') return std::nullopt;
  return std::string(1, static_cast<char>('0' + 9 - (file - 'a'))) + std::string(1, static_cast<char>('a' + 9 - (rank - '0')));
}
}  // namespace

std::optional<std::string> usi_from_fsf(const std::string& t) {
  if (t.size() == 4 && t[1] == '@') {
    const auto sq = usi_square(t[2], t[3]);
    if (!sq) return std::nullopt;
    return std::string(1, static_cast<char>(std::toupper(static_cast<unsigned char>(t[0])))) + "*" + *sq;
  }
  if (t.size() < 4 || t.size() > 5 || (t.size() == 5 && t[4] != '+')) return std::nullopt;
  const auto from = usi_square(t[0], t[1]), to = usi_square(t[2], t[3]);
  if (!from || !to) return std::nullopt;
  return *from + *to + (t.size() == 5 ? "+" : "");
}

}  // namespace rulespec::engines
