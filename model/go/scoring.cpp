#include "model/go/scoring.hpp"

#include <algorithm>

namespace rulespec::go {
namespace {

// Maximal connected sets of points satisfying `inside`, with the callback seeing each border.
template <typename Inside>
std::vector<std::vector<int>> components(const Board& b, Inside inside) {
  std::vector<std::vector<int>> out;
  std::vector<char> seen(static_cast<size_t>(b.array_size()), 0);
  for (int p : b.all_points()) {
    if (seen[static_cast<size_t>(p)] || !inside(p)) continue;
    std::vector<int> members = {p};
    seen[static_cast<size_t>(p)] = 1;
    for (size_t i = 0; i < members.size(); ++i)
      for (int n : b.neighbours(members[i]))
        if (b.on_board(n) && !seen[static_cast<size_t>(n)] && inside(n)) {
          seen[static_cast<size_t>(n)] = 1;
          members.push_back(n);
        }
    out.push_back(std::move(members));
  }
  return out;
}

// Marks every stone of the chains that `points` name (empty points are ignored).
std::vector<char> chains_of(const Board& b, const std::vector<int>& points) {
  std::vector<char> marked(static_cast<size_t>(b.array_size()), 0);
  for (int p : points)
    if (b.at(p) == Stone::Black || b.at(p) == Stone::White)
      for (int s : b.chain_stones(p)) marked[static_cast<size_t>(s)] = 1;
  return marked;
}

}  // namespace

namespace {

// What happens when `colour` fills the region point by point while the opponent passes: it
// captures something (a race still open), is stopped (the next stone would be suicide or put its
// own chain in atari, so the liberties are shared for good), or fills it all (dame).
enum class Fill { Captures, Stopped, Fills };

Fill fill_region(Board b, const Region& r, Stone colour) {
  for (int p : r.points) {
    const MovePreview m = b.preview(p, colour);
    if (m.captured > 0) return Fill::Captures;
    if (m.self_captured > 0) return Fill::Stopped;
    b.play_unchecked(p, colour);
    if (b.liberties(p) <= 1) return Fill::Stopped;
  }
  return Fill::Fills;
}

}  // namespace

bool provable_seki_region(const Board& b, const Region& r) {
  if (!(r.borders_black && r.borders_white)) return false;
  // Shared liberties only: a point one side alone touches belongs to a race or a territory, which
  // the fill below cannot judge.
  for (int p : r.points) {
    bool black = false, white = false;
    for (int n : b.neighbours(p)) {
      black |= b.at(n) == Stone::Black;
      white |= b.at(n) == Stone::White;
    }
    if (!black || !white) return false;
  }
  return fill_region(b, r, Stone::Black) == Fill::Stopped && fill_region(b, r, Stone::White) == Fill::Stopped;
}

std::vector<Region> empty_regions(const Board& b) {
  std::vector<Region> out;
  for (auto& points : components(b, [&](int p) { return b.at(p) == Stone::Empty; })) {
    Region r;
    for (int p : points)
      for (int n : b.neighbours(p)) {
        r.borders_black |= b.at(n) == Stone::Black;
        r.borders_white |= b.at(n) == Stone::White;
      }
    r.points = std::move(points);
    out.push_back(std::move(r));
  }
  return out;
}

AreaCount area_count(const Board& b) {
  AreaCount c;
  c.black_stones = b.stones(Stone::Black);
  c.white_stones = b.stones(Stone::White);
  for (const auto& r : empty_regions(b)) {
    const int n = static_cast<int>(r.points.size());
    if (r.borders_black && !r.borders_white) c.black_territory += n;
    else if (r.borders_white && !r.borders_black) c.white_territory += n;
    else c.shared += n;
  }
  return c;
}

TerritoryCount territory_count(const Board& b, const std::vector<int>& declared_seki, bool seki_points_neutral, bool infer_seki) {
  TerritoryCount c;
  const auto regions = empty_regions(b);
  std::vector<int> alive = unconditionally_alive(b, Stone::Black);
  const auto white_alive = unconditionally_alive(b, Stone::White);
  alive.insert(alive.end(), white_alive.begin(), white_alive.end());
  std::sort(alive.begin(), alive.end());
  // Chains that share a provable seki region with the opponent and are not independently alive.
  std::vector<char> in_seki = chains_of(b, declared_seki);
  for (const auto& r : regions) {
    if (!infer_seki || !provable_seki_region(b, r)) continue;
    for (int p : r.points)
      for (int n : b.neighbours(p))
        if ((b.at(n) == Stone::Black || b.at(n) == Stone::White) && !std::binary_search(alive.begin(), alive.end(), n))
          for (int s : b.chain_stones(n)) in_seki[static_cast<size_t>(s)] = 1;
  }
  for (const auto& r : regions) {
    const int n = static_cast<int>(r.points.size());
    bool seki_border = false;
    for (int p : r.points)
      for (int q : b.neighbours(p)) seki_border |= b.on_board(q) && in_seki[static_cast<size_t>(q)];
    if ((seki_border && seki_points_neutral) || r.borders_black == r.borders_white) c.neutral += n;
    else if (r.borders_black) c.black_territory += n;
    else c.white_territory += n;
  }
  for (int p : b.all_points())
    if (in_seki[static_cast<size_t>(p)]) c.seki_stones.push_back(p);
  return c;
}

std::vector<int> unfilled_neutral_points(const Board& b, const std::vector<int>& seki_stones) {
  const std::vector<char> in_seki = chains_of(b, seki_stones);
  std::vector<int> out;
  for (const auto& r : empty_regions(b)) {
    if (!(r.borders_black && r.borders_white)) continue;
    bool touches_seki = false;
    for (int p : r.points)
      for (int n : b.neighbours(p)) touches_seki |= b.on_board(n) && in_seki[static_cast<size_t>(n)];
    if (!touches_seki) out.insert(out.end(), r.points.begin(), r.points.end());
  }
  std::sort(out.begin(), out.end());
  return out;
}

FinalCounts final_counts(const Board& b, double komi, int black_penalty, int white_penalty, int aga_handicap) {
  const AreaCount a = area_count(b);
  FinalCounts c;
  c.points = b.points();
  c.stones_per_player = bowl_stones_for(c.points);
  c.black_stones = a.black_stones;
  c.white_stones = a.white_stones;
  c.black_territory = a.black_territory;
  c.white_territory = a.white_territory;
  c.seki_points = a.shared;
  c.komi = komi;
  c.black_penalty = black_penalty;
  c.white_penalty = white_penalty;
  c.aga_handicap = aga_handicap;
  return c;
}

std::vector<int> unconditionally_alive(const Board& b, Stone colour, bool opponent_may_suicide) {
  // Chains of `colour` (by head) and the regions they enclose (points not of `colour`).
  std::vector<int> heads;
  for (int p : b.all_points())
    if (b.at(p) == colour && b.chain_id(p) == p) heads.push_back(p);
  struct EnclosedRegion {
    std::vector<int> bordering;  // chain heads next to the region
    std::vector<int> vital_to;   // chains every empty point of the region is a liberty of
    bool active = true;
  };
  std::vector<EnclosedRegion> regions;
  for (const auto& points : components(b, [&](int p) { return b.at(p) != colour; })) {
    EnclosedRegion r;
    for (int p : points)
      for (int n : b.neighbours(p))
        if (b.at(n) == colour) r.bordering.push_back(b.chain_id(n));
    std::sort(r.bordering.begin(), r.bordering.end());
    r.bordering.erase(std::unique(r.bordering.begin(), r.bordering.end()), r.bordering.end());
    for (int h : r.bordering) {
      bool vital = true;
      for (int p : points) {
        if (b.at(p) != Stone::Empty && !opponent_may_suicide) continue;
        bool liberty = false;
        for (int n : b.neighbours(p)) liberty |= b.at(n) == colour && b.chain_id(n) == h;
        if (!liberty) {
          vital = false;
          break;
        }
      }
      if (vital) r.vital_to.push_back(h);
    }
    regions.push_back(std::move(r));
  }
  std::vector<int> alive = heads;
  for (bool changed = true; changed;) {
    changed = false;
    std::vector<int> kept;
    for (int h : alive) {
      int vital = 0;
      for (const auto& r : regions)
        if (r.active && std::find(r.vital_to.begin(), r.vital_to.end(), h) != r.vital_to.end()) ++vital;
      if (vital >= 2) kept.push_back(h);
      else changed = true;
    }
    alive = std::move(kept);
    for (auto& r : regions) {
      if (!r.active) continue;
      for (int h : r.bordering)
        if (std::find(alive.begin(), alive.end(), h) == alive.end()) {
          r.active = false;
          changed = true;
          break;
        }
    }
  }
  std::vector<int> out;
  for (int h : alive)
    for (int s : b.chain_stones(h)) out.push_back(s);
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<int> unconditionally_dead(const Board& b, Stone colour, bool suicide_legal) {
  const Stone enclosing = opponent(colour);
  // The enclosing side is the one whose life must hold whatever `colour` plays, suicides included
  // where the rules allow them.
  std::vector<int> alive = unconditionally_alive(b, enclosing, suicide_legal);
  std::sort(alive.begin(), alive.end());
  std::vector<int> out;
  for (const auto& points : components(b, [&](int p) { return b.at(p) != enclosing; })) {
    bool small_and_sealed = true, holds_stones = false;
    for (int p : points) {
      holds_stones |= b.at(p) == colour;
      bool touches_enclosing = false;
      for (int n : b.neighbours(p)) {
        if (b.at(n) != enclosing) continue;
        touches_enclosing = true;
        if (!std::binary_search(alive.begin(), alive.end(), n)) small_and_sealed = false;
      }
      if (b.at(p) == Stone::Empty && !touches_enclosing) small_and_sealed = false;
    }
    if (small_and_sealed && holds_stones)
      for (int p : points)
        if (b.at(p) == colour) out.push_back(p);
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace rulespec::go
