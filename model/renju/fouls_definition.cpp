// Fouls read straight from the definitions: put the stone down and try every completion.
#include <array>

#include "model/renju/fouls.hpp"
#include "model/renju/rows.hpp"

namespace rulespec::renju {
namespace {

class Definitional {
 public:
  Definitional(Board& b, const FoulRules& r) : b_(b), rules_(r) {}

  Foul foul(int p) {
    b_.set(p, Colour::Black);
    const Foul f = judge(p);
    b_.set(p, Colour::Empty);
    return f;
  }

 private:
  Board& b_;
  const FoulRules& rules_;

  // The point `k` steps from `p` along direction `d`, or -1 off the board.
  int step(int p, int d, int k) const {
    const int c = p % b_.size() + k * kDirections[d][0], r = p / b_.size() + k * kDirections[d][1];
    return b_.on_board(c, r) ? b_.point(c, r) : -1;
  }

  bool black(int q) const { return q >= 0 && b_.at(q) == Colour::Black; }

  // (stone set, completion offset) pairs: at most one per empty point within four of p. A fixed
  // array, since the foul test asks for them millions of times in a property run.
  struct Completions {
    std::array<std::pair<unsigned, int>, 8> items{};
    int size = 0;
    void push_back(std::pair<unsigned, int> c) { items[static_cast<std::size_t>(size++)] = c; }
    const std::pair<unsigned, int>* begin() const { return items.data(); }
    const std::pair<unsigned, int>* end() const { return items.data() + size; }
  };

  // The four-stone sets (as offsets from p, a bit each) that one more stone on line d completes to
  // an exact five containing p, with the completion points of each.
  Completions completions(int p, int d) {
    Completions out;
    for (int k = -4; k <= 4; ++k) {
      const int q = step(p, d, k);
      if (k == 0 || q < 0 || b_.at(q) != Colour::Empty) continue;
      b_.set(q, Colour::Black);
      if (row_through(b_, q, Colour::Black, d) == 5) {
        // The five through q runs from lo to hi (offsets from q); its stones other than q, as
        // offsets from p, must include p itself (at offset -k from q).
        int lo = 0, hi = 0;
        while (black(step(q, d, lo - 1))) --lo;
        while (black(step(q, d, hi + 1))) ++hi;
        unsigned stones = 0;
        for (int j = lo; j <= hi; ++j)
          if (j != 0) stones |= 1u << (k + j + 8);
        const bool has_p = lo <= -k && -k <= hi;
        if (has_p) out.push_back({stones, k});
      }
      b_.set(q, Colour::Empty);
    }
    return out;
  }

  // The distinct four-stone sets on line d.
  int fours(int p, int d) {
    const Completions c = completions(p, d);
    int n = 0;
    for (int i = 0; i < c.size; ++i) {
      bool seen_before = false;
      for (int j = 0; j < i && !seen_before; ++j) seen_before = c.items[static_cast<std::size_t>(j)].first == c.items[static_cast<std::size_t>(i)].first;
      n += !seen_before;
    }
    return rules_.same_line_fours ? n : std::min(n, 1);
  }

  // A straight four on line d containing both p and the stone just put on q: one four-stone set
  // with two completions.
  bool straight_four(int p, int d, int q_offset) {
    const Completions c = completions(p, d);
    for (int i = 0; i < c.size; ++i) {
      const unsigned stones = c.items[static_cast<std::size_t>(i)].first;
      if (!(stones & (1u << (q_offset + 8)))) continue;
      for (int j = 0; j < i; ++j)
        if (c.items[static_cast<std::size_t>(j)].first == stones) return true;
    }
    return false;
  }

  bool three(int p, int d) {
    for (int k = -4; k <= 4; ++k) {
      const int q = step(p, d, k);
      if (k == 0 || q < 0 || b_.at(q) != Colour::Empty) continue;
      b_.set(q, Colour::Black);
      const bool makes_straight_four = row_through(b_, q, Colour::Black, d) < 5 && straight_four(p, d, k) &&
                                       !(rules_.five_point_no_three && rows_made(b_, q, Colour::Black).five);
      b_.set(q, Colour::Empty);
      if (makes_straight_four && (!rules_.recursive_threes || foul(q) == Foul::None)) return true;
    }
    return false;
  }

  Foul judge(int p) {
    const auto rows = rows_through(b_, p, Colour::Black);
    if (rules_.five_exempts)
      for (int length : rows)
        if (length == 5 || (rules_.long_row_is_five && length > 5)) return Foul::None;  // a five wins
    if (rules_.overline)
      for (int length : rows)
        if (length > 5) return Foul::Overline;
    int four_count = 0, three_count = 0;
    for (int d = 0; d < 4; ++d) {
      const int f = fours(p, d);
      four_count += f;
      if (f == 0 && three(p, d)) ++three_count;
    }
    if (rules_.forks.double_four && four_count >= 2) return Foul::DoubleFour;
    if (rules_.forks.double_three && three_count >= 2) return Foul::DoubleThree;
    if (rules_.forks.multi_fork && fork_multiplicity(four_count, three_count) > 2) return Foul::MultiFork;
    return Foul::None;
  }
};

}  // namespace

const char* foul_name(Foul f) {
  switch (f) {
    case Foul::Overline: return "overline";
    case Foul::DoubleFour: return "double-four";
    case Foul::DoubleThree: return "double-three";
    case Foul::MultiFork: return "multi-fork";
    case Foul::None: break;
  }
  return "";
}

Foul foul_by_definition(Board& board, int point, const FoulRules& rules) {
  if (board.at(point) != Colour::Empty) return Foul::None;
  return Definitional(board, rules).foul(point);
}

std::vector<FoulPoint> foul_map(Board& board, const FoulRules& rules, bool fast) {
  if (fast) return foul_map_fast(board, rules);
  std::vector<FoulPoint> out;
  for (int p = 0; p < board.points(); ++p) {
    if (board.at(p) != Colour::Empty) continue;
    const Foul f = foul_by_definition(board, p, rules);
    if (f != Foul::None) out.push_back({p, f});
  }
  return out;
}

}  // namespace rulespec::renju
