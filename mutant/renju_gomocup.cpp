// The renju brain over the Gomocup protocol (START, INFO, BEGIN, TURN, BOARD ... DONE, ABOUT, END),
// built on the renju model with the RIF fouls (the default readings): it takes a five when it has
// one, blocks the opponent's five, and otherwise plays a legal point next to the stones, chosen
// from the position so that the same position gives the same move. Its colour follows from the
// stones: with as many own stones as the opponent's it is Black. As a mutant, --flip foul: it
// never checks its own fouls; --flip double-three, double-four or overline: it ignores that one.
#include <algorithm>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "model/renju/board.hpp"
#include "model/renju/fouls.hpp"
#include "model/renju/threats.hpp"
#include "mutant/mutant.hpp"

namespace rulespec::mutant {
namespace {

using renju::Board;
using renju::Colour;

struct Brain {
  std::string flip;
  Board board{15};
  renju::FoulRules rules;

  Colour own() const {
    int black = 0, white = 0;
    for (int p = 0; p < board.points(); ++p) black += board.at(p) == Colour::Black, white += board.at(p) == Colour::White;
    return black == white ? Colour::Black : Colour::White;
  }
  // Gomocup: x is the column, y the row counted from the top.
  int point(int x, int y) const { return board.point(x, board.size() - 1 - y); }
  std::string text(int p) const { return std::to_string(p % board.size()) + "," + std::to_string(board.size() - 1 - p / board.size()); }

  // The fouls it checks: all of them, or (a mutant) all but one kind, or none.
  renju::FoulRules checked() const {
    renju::FoulRules r = rules;
    if (flip == "double-three") r.forks.double_three = false;
    if (flip == "double-four") r.forks.double_four = false;
    if (flip == "overline") r.overline = false;
    return r;
  }
  bool allowed(int p, Colour c) {
    if (board.at(p) != Colour::Empty) return false;
    return c == Colour::White || flip == "foul" || renju::foul_fast(board, p, checked()) == renju::Foul::None;
  }

  int choose() {
    const Colour me = own(), them = me == Colour::Black ? Colour::White : Colour::Black;
    for (int p : renju::mate_points(board, me, rules))
      if (allowed(p, me)) return p;
    for (int p : renju::mate_points(board, them, rules))
      if (allowed(p, me)) return p;
    // Points next to a stone (the centre on an empty board), in an order fixed by the position.
    std::vector<int> near;
    std::uint64_t h = 1469598103934665603ull;
    for (int p = 0; p < board.points(); ++p) {
      h = (h ^ static_cast<std::uint64_t>(board.at(p))) * 1099511628211ull;
      if (board.at(p) != Colour::Empty) continue;
      const int c = p % board.size(), r = p / board.size();
      bool next = false;
      for (int dc = -1; dc <= 1 && !next; ++dc)
        for (int dr = -1; dr <= 1 && !next; ++dr)
          next = board.on_board(c + dc, r + dr) && board.at(board.point(c + dc, r + dr)) != Colour::Empty;
      if (next) near.push_back(p);
    }
    if (near.empty()) near.push_back(board.point(board.size() / 2, board.size() / 2));
    const std::size_t start = static_cast<std::size_t>(h % near.size());
    for (std::size_t i = 0; i < near.size(); ++i)
      if (allowed(near[(start + i) % near.size()], me)) return near[(start + i) % near.size()];
    for (int p = 0; p < board.points(); ++p)
      if (allowed(p, me)) return p;
    return -1;
  }

  void play_reply() {
    const int p = choose();
    if (p < 0) {
      std::cout << "ERROR no move\n" << std::flush;
      return;
    }
    board.set(p, own());
    std::cout << text(p) << "\n" << std::flush;
  }
};

}  // namespace

int renju_gomocup_brain(const std::string& flip) {
  if (!flip.empty() && flip != "foul" && flip != "double-three" && flip != "double-four" && flip != "overline") {
    std::cerr << "rulespec-mutant: --flip must be foul, double-three, double-four or overline for renju\n";
    return 2;
  }
  Brain b;
  b.flip = flip;
  for (std::string line; std::getline(std::cin, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::istringstream in(line);
    std::string cmd;
    in >> cmd;
    std::transform(cmd.begin(), cmd.end(), cmd.begin(), [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    if (cmd == "START") {
      int n = 0;
      in >> n;
      if (n < 5 || n > 25) {
        std::cout << "ERROR unsupported size\n" << std::flush;
        continue;
      }
      b.board = Board(n);
      std::cout << "OK\n" << std::flush;
    } else if (cmd == "RESTART") {
      b.board = Board(b.board.size());
      std::cout << "OK\n" << std::flush;
    } else if (cmd == "BEGIN") {
      b.play_reply();
    } else if (cmd == "TURN") {
      std::string xy;
      in >> xy;
      int x = -1, y = -1;
      if (std::sscanf(xy.c_str(), "%d,%d", &x, &y) == 2 && x >= 0 && y >= 0 && x < b.board.size() && y < b.board.size())
        b.board.set(b.point(x, y), b.own() == Colour::Black ? Colour::White : Colour::Black);
      b.play_reply();
    } else if (cmd == "BOARD") {
      b.board = Board(b.board.size());
      std::vector<std::pair<int, int>> stones;
      for (std::string row; std::getline(std::cin, row);) {
        if (!row.empty() && row.back() == '\r') row.pop_back();
        if (row == "DONE") break;
        int x = -1, y = -1, field = 0;
        if (std::sscanf(row.c_str(), "%d,%d,%d", &x, &y, &field) == 3 && x >= 0 && y >= 0 && x < b.board.size() && y < b.board.size())
          stones.push_back({b.point(x, y), field});
      }
      int own = 0, other = 0;
      for (const auto& [p, field] : stones) own += field == 1, other += field == 2;
      const Colour me = own == other ? Colour::Black : Colour::White, them = me == Colour::Black ? Colour::White : Colour::Black;
      for (const auto& [p, field] : stones) b.board.set(p, field == 1 ? me : them);
      b.play_reply();
    } else if (cmd == "ABOUT") {
      std::cout << "name=\"rulespec " << (flip.empty() ? "reference" : "mutant (" + flip + ")") << "\", version=\"1\", author=\"rulespec\"\n" << std::flush;
    } else if (cmd == "END") {
      break;
    }
    // INFO and anything else: no answer, as the protocol says.
  }
  return 0;
}

}  // namespace rulespec::mutant
