#include "engines/xshogi.hpp"

#include <cctype>

namespace rulespec::engines {
namespace {

constexpr char kLetters[] = "plnsgbrk";  // Pawn .. King, as shogi::Kind orders them

char letter(shogi::Kind k) { return kLetters[shogi::unpromoted(k)]; }

}  // namespace

std::vector<std::string> xshogi_setup(const shogi::Position& p) {
  std::vector<std::string> out = {"edit", "#"};
  for (int side = 0; side < 2; ++side) {
    const auto colour = side == 0 ? shogi::Colour::Sente : shogi::Colour::Gote;
    if (side == 1) out.push_back("c");
    for (int sq = 0; sq < shogi::kSquares; ++sq) {
      const shogi::Piece& piece = p.at(sq);
      if (piece.empty() || piece.colour != colour) continue;
      out.push_back(std::string(1, letter(piece.kind)) + shogi::square_name(sq) + (piece.kind != shogi::unpromoted(piece.kind) ? "+" : ""));
    }
    for (int k = 0; k < shogi::kHandKinds; ++k)
      for (int n = 0; n < p.in_hand(colour, static_cast<shogi::Kind>(k)); ++n) out.push_back(std::string(1, kLetters[k]) + "*");
  }
  out.push_back(".");
  return out;
}

XshogiEditor::XshogiEditor() : board_(shogi::kSquares) {}

bool XshogiEditor::take(const std::string& line) {
  if (line == "#") {
    board_.assign(shogi::kSquares, "");
    hands_[0].clear();
    hands_[1].clear();
    return true;
  }
  if (line == "c") {
    colour_ = 1 - colour_;
    return true;
  }
  if (line.size() < 2) return false;
  const char l = static_cast<char>(std::tolower(static_cast<unsigned char>(line[0])));
  const std::string_view known(kLetters);
  if (known.find(l) == std::string_view::npos) return false;
  const char sfen = static_cast<char>(colour_ == 0 ? std::toupper(l) : l);
  if (line == std::string(1, line[0]) + "*") {
    if (l == 'k') return false;
    hands_[colour_] += sfen;
    return true;
  }
  const bool promote = line.size() == 4 && line[3] == '+';
  if (line.size() != 3 && !promote) return false;
  const auto sq = shogi::parse_square(line.substr(1, 2));
  if (!sq) return false;
  board_[static_cast<std::size_t>(*sq)] = (promote ? "+" : "") + std::string(1, sfen);
  return true;
}

std::optional<shogi::Position> XshogiEditor::position() const {
  std::string sfen;
  for (int rank = 0; rank < 9; ++rank) {
    int empty = 0;
    for (int file = 0; file < 9; ++file) {
      const std::string& s = board_[static_cast<std::size_t>(shogi::square(file, rank))];
      if (s.empty()) {
        ++empty;
        continue;
      }
      if (empty > 0) sfen += std::to_string(empty);
      empty = 0;
      sfen += s;
    }
    if (empty > 0) sfen += std::to_string(empty);
    if (rank < 8) sfen += '/';
  }
  const std::string hand = hands_[0] + hands_[1];
  return shogi::Position::from_sfen(sfen + " b " + (hand.empty() ? "-" : hand) + " 1");
}

XshogiAnswer xshogi_answer(const std::string& line, const std::string& move) {
  if (line.rfind("Illegal move", 0) == 0) return XshogiAnswer::Refused;
  // "12. 7g7f 299990" or "12. ... 3c3d 299990"
  std::size_t i = 0;
  while (i < line.size() && std::isdigit(static_cast<unsigned char>(line[i]))) ++i;
  if (i == 0 || line.compare(i, 2, ". ") != 0) return XshogiAnswer::Other;
  std::string rest = line.substr(i + 2);
  if (rest.rfind("... ", 0) == 0) rest = rest.substr(4);
  return rest.rfind(move + " ", 0) == 0 || rest == move ? XshogiAnswer::Accepted : XshogiAnswer::Other;
}

}  // namespace rulespec::engines
