#include "model/go/cycles.hpp"

#include <algorithm>

namespace rulespec::go {

namespace {

bool every_chain_has_a_liberty(const Board& b) {
  for (int p : b.all_points())
    if (b.at(p) != Stone::Empty && b.liberties(p) == 0) return false;
  return true;
}

// Whether a pass by `colour` on `b` lets the other side take two stones or more at once.
bool passing_loses(const Board& b, Stone colour, const MoveRules& rules) {
  Board passed = b;
  passed.pass();
  for (int p : passed.legal_moves(opponent(colour), rules))
    if (passed.preview(p, opponent(colour)).captured >= 2) return true;
  return false;
}


struct Search {
  const MoveRules& rules;
  const CycleSearch& options;
  CycleCensus& census;
  const Board* start = nullptr;
  Stone first = Stone::Black;
  std::array<std::uint64_t, 4> seen{};  // the start and the positions after moves 1-3
  std::array<int, 4> moves{}, captured{};

  bool cannot_be_left() const { return cycle_cannot_be_left({*start, first, moves, captured}, rules); }

  void follow(const Board& b, Stone colour, int depth) {
    if (depth == 4) {
      ++census.sequences;
      if (b.hash() != start->hash()) return;
      if (options.leaving_loses && !cannot_be_left()) return;
      ++census.cycles;
      ++census.by_captures[captured];
      if (census.examples.size() < 4) census.examples.push_back({*start, first, moves, captured});
      return;
    }
    for (int p : b.legal_moves(colour, rules)) {
      if (options.every_move_captures && b.preview(p, colour).captured == 0) continue;
      Board next = b;
      const PlayResult r = next.play(p, colour, rules);
      if (r.illegal != Illegal::None) continue;
      // A repetition before the fourth move is a shorter cycle (a basic ko), not this one.
      if (depth < 3 && std::find(seen.begin(), seen.begin() + depth + 1, next.hash()) != seen.begin() + depth + 1) continue;
      if (depth < 3) seen[static_cast<std::size_t>(depth) + 1] = next.hash();
      moves[static_cast<std::size_t>(depth)] = p;
      captured[static_cast<std::size_t>(depth)] = r.captured;
      follow(next, opponent(colour), depth + 1);
    }
  }
};

}  // namespace

CycleCensus cycles_from(const Board& start, Stone first, const MoveRules& rules, const CycleSearch& options) {
  CycleCensus census;
  census.positions = 1;
  Search s{rules, options, census, &start, first};
  s.seen[0] = start.hash();
  s.follow(start, first, 0);
  return census;
}

bool cycle_cannot_be_left(const FourMoveCycle& cycle, const MoveRules& rules) {
  Board b = cycle.start;
  Stone colour = cycle.first;
  for (int m : cycle.moves) {
    if (!passing_loses(b, colour, rules)) return false;
    b.play(m, colour, rules);
    colour = opponent(colour);
  }
  return true;
}

CycleCensus four_move_cycles(int width, int height, const MoveRules& rules, const CycleSearch& options) {
  CycleCensus census;
  Board empty(width, height);
  const std::vector<int> points = empty.all_points();
  const int n = static_cast<int>(points.size());
  long total = 1;
  for (int i = 0; i < n; ++i) total *= 3;
  std::vector<std::pair<int, Stone>> stones;
  for (long code = 0; code < total; ++code) {
    stones.clear();
    int empties = 0;
    long rest = code;
    for (int i = 0; i < n; ++i, rest /= 3) {
      const int v = static_cast<int>(rest % 3);
      if (v == 0) ++empties;
      else stones.emplace_back(points[static_cast<std::size_t>(i)], v == 1 ? Stone::Black : Stone::White);
    }
    if (empties < options.min_empty || empties > options.max_empty) continue;
    Board b(width, height);
    b.set_all(stones);
    if (!every_chain_has_a_liberty(b)) continue;
    ++census.positions;
    for (Stone first : {Stone::Black, Stone::White}) {
      Search s{rules, options, census, &b, first};
      s.seen[0] = b.hash();
      s.follow(b, first, 0);
    }
  }
  return census;
}

}  // namespace rulespec::go
