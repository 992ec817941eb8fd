// Fouls by line patterns: the 11 cells of each line through the point (5 each side, off-board cells
// read as White) form a base-3 code, and a table built once from window rules gives the threats of
// the centre stone on that line. Only a possible double three needs the board again (the recursion
// on the straight-four points).
#include <array>
#include <vector>

#include "model/renju/fouls.hpp"

namespace rulespec::renju {
namespace {

constexpr int kReach = 5;                 // cells each side of the centre
constexpr int kCells = 2 * kReach + 1;    // 11
constexpr int kCodes = 177147;            // 3^11
enum Cell : int { kEmpty = 0, kBlack = 1, kBlocked = 2 };

struct LineThreats {
  bool five = false;           // the centre is in an exact five
  bool overline = false;       // the centre is in a row of six or more
  std::uint8_t fours = 0;      // distinct four-stone sets through the centre (0-2)
  std::uint16_t straight = 0;  // offsets (bit k+4, k in -4..4) whose stone makes a straight four with the centre
};

int cell(int code, int i) {
  for (int j = 0; j < i; ++j) code /= 3;
  return code % 3;
}

LineThreats threats_of(int code) {
  std::array<int, kCells + 4> c{};  // two guard cells each side, read as blocked
  c.fill(kBlocked);
  for (int i = 0; i < kCells; ++i) c[static_cast<std::size_t>(i + 2)] = cell(code, i);
  auto at = [&](int offset) { return c[static_cast<std::size_t>(offset + kReach + 2)]; };
  LineThreats t;
  if (at(0) != kBlack) return t;
  int left = 0, right = 0;
  while (left < kReach && at(-left - 1) == kBlack) ++left;
  while (right < kReach && at(right + 1) == kBlack) ++right;
  t.five = left + right + 1 == 5;
  t.overline = left + right + 1 > 5;
  // Fours: windows of five cells through the centre with four black stones and one empty cell,
  // not flanked by black (the completion would be an overline); the two windows of an open four
  // hold the same stones and count once.
  unsigned first = 0;
  int distinct = 0;
  for (int s = -4; s <= 0; ++s) {
    int stones = 0, empties = 0;
    unsigned mask = 0;
    for (int i = s; i < s + 5; ++i) {
      if (at(i) == kBlack) {
        ++stones;
        mask |= 1u << (i + kReach);
      } else if (at(i) == kEmpty) {
        ++empties;
      }
    }
    if (stones != 4 || empties != 1 || at(s - 1) == kBlack || at(s + 5) == kBlack) continue;
    if (distinct == 0 || (distinct == 1 && mask != first)) {
      if (distinct == 0) first = mask;
      ++distinct;
    }
  }
  t.fours = static_cast<std::uint8_t>(distinct);
  // Straight-four points: an empty cell q such that q and the centre lie in four consecutive black
  // cells with empty cells at both ends and no black cell just beyond them.
  for (int q = -3; q <= 3; ++q) {
    if (q == 0 || at(q) != kEmpty) continue;
    for (int s = std::max(-3, q - 3); s <= std::min(0, q); ++s) {
      if (s > 0 || s + 3 < 0) continue;
      bool solid = true;
      for (int i = s; i < s + 4; ++i) solid = solid && (i == q || at(i) == kBlack);
      if (solid && at(s - 1) == kEmpty && at(s + 4) == kEmpty && at(s - 2) != kBlack && at(s + 5) != kBlack)
        t.straight = static_cast<std::uint16_t>(t.straight | (1u << (q + 4)));
    }
  }
  return t;
}

const std::vector<LineThreats>& table() {
  static const std::vector<LineThreats> t = [] {
    std::vector<LineThreats> out(kCodes);
    for (int code = 0; code < kCodes; ++code) out[static_cast<std::size_t>(code)] = threats_of(code);
    return out;
  }();
  return t;
}

class Fast {
 public:
  Fast(Board& b, const FoulRules& r) : b_(b), rules_(r), table_(table()) {}

  Foul foul(int p) {
    b_.set(p, Colour::Black);
    const Foul f = judge(p, lines_of(p));
    b_.set(p, Colour::Empty);
    return f;
  }

  ThreatCount count(int p) {
    b_.set(p, Colour::Black);
    const auto line = lines_of(p);
    ThreatCount n;
    for (const auto& t : line) n.fours += fours_on_line(t);
    n.threes = real_threes(p, line);
    b_.set(p, Colour::Empty);
    return n;
  }

 private:
  Board& b_;
  const FoulRules& rules_;
  const std::vector<LineThreats>& table_;

  int fours_on_line(const LineThreats& t) const { return rules_.same_line_fours ? t.fours : std::min<int>(t.fours, 1); }

  // The threes of a black stone on p: lines without a four whose straight-four point is a legal
  // move for Black (no foul there, under recursive_threes) and completes no five elsewhere (under
  // five_point_no_three).
  int real_threes(int p, const std::array<LineThreats, 4>& line) {
    int threes = 0;
    for (int d = 0; d < 4; ++d) {
      const auto& t = line[static_cast<std::size_t>(d)];
      if (t.fours != 0 || t.straight == 0) continue;
      bool real = false;
      for (int k = -4; k <= 4 && !real; ++k)
        if (t.straight & (1u << (k + 4))) {
          const int q = b_.point(p % b_.size() + k * kDirections[d][0], p / b_.size() + k * kDirections[d][1]);
          real = !(rules_.five_point_no_three && makes_five(q)) && (!rules_.recursive_threes || foul(q) == Foul::None);
        }
      threes += real;
    }
    return threes;
  }

  int code(int p, int d) const {
    const int size = b_.size(), c0 = p % size, r0 = p / size;
    int code = 0;
    for (int i = kReach; i >= -kReach; --i) {
      const int c = c0 + i * kDirections[d][0], r = r0 + i * kDirections[d][1];
      int v = kBlocked;
      if (b_.on_board(c, r)) {
        const Colour s = b_.at(b_.point(c, r));
        v = s == Colour::Empty ? kEmpty : s == Colour::Black ? kBlack : kBlocked;
      }
      code = code * 3 + v;
    }
    return code;
  }

  bool makes_five(int q) {
    b_.set(q, Colour::Black);
    bool five = false;
    for (int d = 0; d < 4; ++d) five = five || table_[static_cast<std::size_t>(code(q, d))].five;
    b_.set(q, Colour::Empty);
    return five;
  }

  // The threats of a black stone on p in each direction, read from the board cell by cell.
  std::array<LineThreats, 4> lines_of(int p) const {
    std::array<LineThreats, 4> line;
    for (int d = 0; d < 4; ++d) line[static_cast<std::size_t>(d)] = table_[static_cast<std::size_t>(code(p, d))];
    return line;
  }

 public:
  // Judges p (a black stone already on it) from its line threats.
  Foul judge(int p, const std::array<LineThreats, 4>& line) {
    if (rules_.five_exempts)
      for (const auto& t : line)
        if (t.five || (rules_.long_row_is_five && t.overline)) return Foul::None;  // a five wins
    if (rules_.overline)
      for (const auto& t : line)
        if (t.overline) return Foul::Overline;
    int fours = 0, candidates = 0;
    for (const auto& t : line) {
      fours += fours_on_line(t);
      candidates += t.fours == 0 && t.straight != 0;
    }
    if (rules_.forks.double_four && fours >= 2) return Foul::DoubleFour;
    // Threes need their straight-four point to be legal; look only when they could matter.
    const bool could_matter = (rules_.forks.double_three && candidates >= 2) ||
                              (rules_.forks.multi_fork && fork_multiplicity(fours, candidates) > 2);
    if (!could_matter) return Foul::None;
    const int threes = real_threes(p, line);
    if (rules_.forks.double_three && threes >= 2) return Foul::DoubleThree;
    if (rules_.forks.multi_fork && fork_multiplicity(fours, threes) > 2) return Foul::MultiFork;
    return Foul::None;
  }
};

// The line codes of every point at once: along each line of the board, the 11-cell window slides
// one cell at a time (drop the lowest base-3 digit, add the new cell as the highest), so that a
// whole-board map costs one table lookup per point and direction unless a double three needs the
// recursion.
void board_codes(const Board& b, std::vector<std::array<int, 4>>& codes) {
  const int n = b.size();
  codes.resize(static_cast<std::size_t>(b.points()));  // every point is written once per direction
  constexpr int kTop = 59049;  // 3^10, the digit of offset +5
  // The cells on a grid padded by kReach + 1 blocked cells each side, so that a window never
  // needs a bounds test.
  constexpr int kPad = kReach + 1;
  const int width = n + 2 * kPad;
  static thread_local std::vector<int> grid;
  grid.assign(static_cast<std::size_t>(width * width), kBlocked);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      const Colour s = b.at(b.point(c, r));
      grid[static_cast<std::size_t>((r + kPad) * width + c + kPad)] = s == Colour::Empty ? kEmpty : s == Colour::Black ? kBlack : kBlocked;
    }
  for (int d = 0; d < 4; ++d) {
    const int dc = kDirections[d][0], dr = kDirections[d][1];
    const int step = dr * width + dc;
    // Every line starts at a point whose predecessor is off the board.
    for (int start = 0; start < b.points(); ++start) {
      const int c0 = start % n, r0 = start / n;
      if (b.on_board(c0 - dc, r0 - dr)) continue;
      const int at0 = (r0 + kPad) * width + c0 + kPad;
      int code = 0;
      for (int i = kReach; i >= -kReach; --i) code = code * 3 + grid[static_cast<std::size_t>(at0 + i * step)];
      int at = at0;
      for (int c = c0, r = r0; b.on_board(c, r); c += dc, r += dr, at += step) {
        codes[static_cast<std::size_t>(b.point(c, r))][static_cast<std::size_t>(d)] = code;
        code = code / 3 + grid[static_cast<std::size_t>(at + (kReach + 1) * step)] * kTop;
      }
    }
  }
}

}  // namespace

std::vector<FoulPoint> foul_map_fast(Board& board, const FoulRules& rules) {
  constexpr int kCentre = 243;  // 3^5: the centre cell's digit, empty (0) becoming black (1)
  static thread_local std::vector<std::array<int, 4>> codes;
  board_codes(board, codes);
  const auto& t = table();
  Fast fast(board, rules);
  std::vector<FoulPoint> out;
  for (int p = 0; p < board.points(); ++p) {
    if (board.at(p) != Colour::Empty) continue;
    std::array<LineThreats, 4> line;
    bool any = false;
    for (std::size_t d = 0; d < 4; ++d) {
      line[d] = t[static_cast<std::size_t>(codes[static_cast<std::size_t>(p)][d] + kCentre)];
      any = any || line[d].overline || line[d].fours || line[d].straight;
    }
    if (!any) continue;  // no threat on any line: nothing to judge
    board.set(p, Colour::Black);
    const Foul f = fast.judge(p, line);
    board.set(p, Colour::Empty);
    if (f != Foul::None) out.push_back({p, f});
  }
  return out;
}

Foul foul_fast(Board& board, int point, const FoulRules& rules) {
  if (board.at(point) != Colour::Empty) return Foul::None;
  return Fast(board, rules).foul(point);
}

ThreatCount threats_made(Board& board, int point, const FoulRules& rules) {
  if (board.at(point) != Colour::Empty) return {};
  return Fast(board, rules).count(point);
}

}  // namespace rulespec::renju
