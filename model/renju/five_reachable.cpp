#include "model/renju/five_reachable.hpp"

#include <algorithm>
#include <string>
#include <unordered_set>

#include "model/renju/rows.hpp"

namespace rulespec::renju {
namespace {

// A stone of `c` on the empty point p: whether it ends the game with c's mate (a five; for White
// also an overline), and for Black whether it is allowed at all.
struct StoneEffect {
  bool legal = true;
  bool mate = false;
};

StoneEffect effect(Board& b, int p, Colour c, const FoulRules& rules) {
  StoneEffect e;
  if (c == Colour::Black) e.legal = foul_fast(b, p, rules) == Foul::None;
  b.set(p, c);
  const auto rows = rows_made(b, p, c);
  b.set(p, Colour::Empty);
  e.mate = rows.five || (rows.overline && (c == Colour::White ? rules.white_overline_wins : rules.long_row_is_five));
  return e;
}

std::string key(const Board& b) {
  std::string k(static_cast<std::size_t>(b.points()), '.');
  for (int p = 0; p < b.points(); ++p) k[static_cast<std::size_t>(p)] = static_cast<char>(b.at(p));
  return k;
}

// Every order of stones, both colours, from this position: true when one ends in Black's five.
struct Exhaustive {
  Exhaustive(const FoulRules& r, long b) : rules(r), budget(b) {}
  const FoulRules& rules;
  long budget;
  long nodes = 0;
  bool exhausted = false;
  std::unordered_set<std::string> seen;
  std::vector<int> line;
  std::vector<Colour> line_colours;

  bool black_five_reachable(Board& b) {
    if (!seen.insert(key(b)).second) return false;
    if (++nodes > budget) {
      exhausted = true;
      return false;
    }
    for (Colour c : {Colour::Black, Colour::White})
      for (int p = 0; p < b.points(); ++p) {
        if (b.at(p) != Colour::Empty) continue;
        const auto e = effect(b, p, c, rules);
        if (!e.legal) continue;  // a Black foul ends the game with Black's loss
        if (e.mate) {
          if (c == Colour::White) continue;  // White's five ends the game first
          line.push_back(p), line_colours.push_back(c);
          return true;
        }
        b.set(p, c);
        line.push_back(p), line_colours.push_back(c);
        const bool found = black_five_reachable(b);
        b.set(p, Colour::Empty);
        if (found) return true;
        line.pop_back(), line_colours.pop_back();
        if (exhausted) return false;
      }
    return false;
  }
};

// Fill one free line of five with Black stones, in a given order; before each stone White fills
// the empty points next to it on its other three lines (never one that gives White a mate), which
// takes away the threes and fours a fork would need. Replayed with the model: true when every
// Black stone is legal and the last makes the five.
bool replay_fill(Board b, const std::vector<int>& order, const FoulRules& rules, ReachAnswer& out) {
  out.sequence.clear(), out.colours.clear();
  const int n = b.size();
  for (std::size_t i = 0; i < order.size(); ++i) {
    const int p = order[i];
    if (b.at(p) != Colour::Empty) return false;
    auto e = effect(b, p, Colour::Black, rules);
    if (!e.legal) {
      // White helps: block the lines through p other than the one being filled.
      for (int d = 0; d < 4; ++d)
        for (int sign : {1, -1})
          for (int k = 1; k <= 4; ++k) {
            const int c = p % n + sign * k * kDirections[d][0], r = p / n + sign * k * kDirections[d][1];
            if (!b.on_board(c, r)) break;
            const int q = b.point(c, r);
            if (std::find(order.begin(), order.end(), q) != order.end()) break;  // the line being filled
            if (b.at(q) != Colour::Empty) continue;
            if (effect(b, q, Colour::White, rules).mate) continue;
            b.set(q, Colour::White);
            out.sequence.push_back(q), out.colours.push_back(Colour::White);
            break;  // the nearest empty point on this side
          }
      e = effect(b, p, Colour::Black, rules);
      if (!e.legal) return false;
    }
    out.sequence.push_back(p), out.colours.push_back(Colour::Black);
    if (e.mate) return true;  // a five, perhaps before the line is full
    b.set(p, Colour::Black);
  }
  return false;
}

bool constructed(const Board& b, const FoulRules& rules, ReachAnswer& out) {
  const int n = b.size();
  for (int p = 0; p < b.points(); ++p)
    for (const auto& d : kDirections) {
      std::vector<int> empties;
      bool free = true;
      for (int k = 0; k < 5 && free; ++k) {
        const int c = p % n + k * d[0], r = p / n + k * d[1];
        free = b.on_board(c, r) && b.at(b.point(c, r)) != Colour::White;
        if (free && b.at(b.point(c, r)) == Colour::Empty) empties.push_back(b.point(c, r));
      }
      if (!free || empties.empty()) continue;
      std::sort(empties.begin(), empties.end());
      do {
        if (replay_fill(b, empties, rules, out)) return true;
      } while (std::next_permutation(empties.begin(), empties.end()));
    }
  return false;
}

}  // namespace

ReachAnswer five_reachable(const Board& board, Colour colour, const FoulRules& rules, int exhaustive_empties, long node_budget) {
  ReachAnswer out;
  if (!five_possible(board, colour)) {
    out.reach = Reach::No;
    return out;
  }
  if (colour == Colour::White) {
    out.reach = Reach::Yes;
    return out;
  }
  if (board.points() - board.stones() <= exhaustive_empties) {
    Board b = board;
    Exhaustive search(rules, node_budget);
    const bool found = search.black_five_reachable(b);
    out.nodes = search.nodes;
    out.reach = found ? Reach::Yes : search.exhausted ? Reach::Undecided : Reach::No;
    if (!found && search.exhausted) out.node_budget = node_budget;
    if (found) out.sequence = search.line, out.colours = search.line_colours;
    return out;
  }
  out.reach = constructed(board, rules, out) ? Reach::Yes : Reach::Undecided;
  if (out.reach != Reach::Yes) out.sequence.clear(), out.colours.clear();
  return out;
}

bool sequence_makes_black_five(const Board& board, const ReachAnswer& answer, const FoulRules& rules) {
  if (answer.sequence.empty() || answer.sequence.size() != answer.colours.size()) return false;
  Board b = board;
  for (std::size_t i = 0; i < answer.sequence.size(); ++i) {
    const int p = answer.sequence[i];
    const Colour c = answer.colours[i];
    if (p < 0 || p >= b.points() || b.at(p) != Colour::Empty) return false;
    const auto e = effect(b, p, c, rules);
    if (!e.legal) return false;
    const bool last = i + 1 == answer.sequence.size();
    if (e.mate != (last && c == Colour::Black) || (last && c != Colour::Black)) return false;
    b.set(p, c);
  }
  return true;
}

}  // namespace rulespec::renju
