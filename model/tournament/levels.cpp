#include "model/tournament/levels.hpp"

#include "model/tournament/pairing.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace rulespec::tournament {
namespace {

std::uint64_t splitmix(std::uint64_t& x) { return lot_draw(x); }
int imbalance(const std::string& c) { return colour_imbalance(c); }

// The level system states the Swiss colour bounds for the whole event (art. 14 g).
bool colour_ok(const LevelState& s, const std::string& colours, char next) {
  return !s.rules.colour_rules || colour_within_bounds(colours, next, s.total_rounds, false);
}

// White for the first of the pair when only that fits, or when it is due White; nullopt if neither fits.
std::optional<bool> first_gets_white(const LevelState& s, int a, int b, std::uint64_t& lot) {
  const auto& ca = s.players[static_cast<size_t>(a)].colours;
  const auto& cb = s.players[static_cast<size_t>(b)].colours;
  const bool w = colour_ok(s, ca, 'W') && colour_ok(s, cb, 'B');
  const bool bl = colour_ok(s, ca, 'B') && colour_ok(s, cb, 'W');
  if (w != bl) return w;
  if (!w) return std::nullopt;
  if (!s.rules.colour_rules) return (splitmix(lot) & 1) != 0;  // no colour rule: the lot (Art. 7 §1)
  if (imbalance(ca) != imbalance(cb)) return imbalance(ca) < imbalance(cb);
  return (splitmix(lot) & 1) != 0;
}

bool met(const LevelPlayer& p, int other) {
  return std::find(p.opponents.begin(), p.opponents.end(), other) != p.opponents.end();
}

// A perfect matching of `group` (no rematches, colours within bounds when `strict`): the first one
// found when each unpaired player tries partners in the order of priority (lot order on ties).
struct Matcher {
  const LevelState& s;
  std::vector<int> group;
  bool strict;
  std::vector<bool> used;
  std::vector<std::pair<int, int>> current, best;
  int best_cost = 1 << 30, cost = 0;
  long budget = kPairingBudget, nodes = 0;
  bool exhausted = false;  // stopped at the budget: "not found" means "not found in time"

  bool run(size_t from) {
    if (++nodes > budget) {
      exhausted = true;
      return false;
    }
    while (from < group.size() && used[from]) ++from;
    if (from == group.size()) {
      best_cost = cost;
      best = current;
      return true;
    }
    used[from] = true;
    const int a = group[from];
    std::vector<std::pair<int, size_t>> options;
    for (size_t k = from + 1; k < group.size(); ++k) {
      if (used[k]) continue;
      const int b = group[k];
      if (s.rules.no_rematch && met(s.players[static_cast<size_t>(a)], b)) continue;
      std::uint64_t scratch = 1;
      if (strict && !first_gets_white(s, a, b, scratch)) continue;
      // Within a level, the art. 14 b) priority; across levels (a redraw), ten per level apart.
      const int apart = std::abs(s.players[static_cast<size_t>(a)].level - s.players[static_cast<size_t>(b)].level);
      const int priority = s.rules.priorities ? pair_priority(s.players[static_cast<size_t>(a)].last, s.players[static_cast<size_t>(b)].last) : 0;
      options.emplace_back(priority + 10 * apart, k);
    }
    std::stable_sort(options.begin(), options.end());
    for (auto [priority, k] : options) {
      used[k] = true;
      current.emplace_back(a, group[k]);
      cost += priority;
      if (run(from + 1)) return true;
      cost -= priority;
      current.pop_back();
      used[k] = false;
    }
    used[from] = false;
    return false;
  }
};

}  // namespace

int pair_priority(Move a, Move b) {
  if (a > b) std::swap(a, b);  // order: Stayed < Descended < Ascended
  if (a == Move::Stayed && b == Move::Descended) return 1;
  if (a == Move::Descended && b == Move::Descended) return 2;
  if (a == Move::Descended && b == Move::Ascended) return 3;
  if (a == Move::Stayed && b == Move::Ascended) return 4;
  if (a == Move::Stayed && b == Move::Stayed) return 5;
  return 6;  // ascended vs ascended
}

std::optional<LevelPairing> pair_level_round(const LevelState& s, std::uint64_t lot_seed) {
  const int n = static_cast<int>(s.players.size());
  std::uint64_t lot = lot_seed;
  LevelPairing out;
  // Levels from the highest down; within a level, lot order.
  std::vector<int> order(static_cast<size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  for (int i = n - 1; i > 0; --i) std::swap(order[static_cast<size_t>(i)], order[splitmix(lot) % static_cast<std::uint64_t>(i + 1)]);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return s.players[static_cast<size_t>(a)].level > s.players[static_cast<size_t>(b)].level;
  });
  // The bye for an odd field: someone from the lowest level who has not had one.
  if (n % 2 && s.rules.bye.who == ByeChoice::ByLot) {
    out.bye = order[splitmix(lot) % static_cast<std::uint64_t>(n)];
    order.erase(std::find(order.begin(), order.end(), out.bye));
  } else if (n % 2) {
    for (auto it = order.rbegin(); it != order.rend(); ++it)
      if (!s.players[static_cast<size_t>(*it)].had_bye) {
        out.bye = *it;
        break;
      }
    if (out.bye < 0) return std::nullopt;
    order.erase(std::find(order.begin(), order.end(), out.bye));
  }
  std::vector<int> carried;  // players descending conditionally into the next level
  size_t i = 0;
  while (i < order.size() || !carried.empty()) {
    const int level = i < order.size() ? s.players[static_cast<size_t>(order[i])].level : -1000000;
    std::vector<int> group = carried;
    carried.clear();
    while (i < order.size() && s.players[static_cast<size_t>(order[i])].level == level) group.push_back(order[i++]);
    if (group.empty()) break;
    // An odd level (or one that cannot be paired) sends its last player down, conditionally.
    std::optional<std::vector<std::pair<int, int>>> pairs;
    for (bool strict : {true, false}) {
      std::vector<int> trial = group;
      std::vector<int> down;
      while (!trial.empty()) {
        if (trial.size() % 2 == 0) {
          Matcher m{s, trial, strict, std::vector<bool>(trial.size(), false), {}, {}};
          m.run(0);
          out.budget_stops += m.exhausted;
          if (!m.best.empty() || trial.empty()) {
            pairs = m.best;
            out.priority_sum += m.best_cost;
            break;
          }
        }
        if (i >= order.size() || !s.rules.odd_descends) break;  // nowhere lower to send anyone (or no rule to)
        down.insert(down.begin(), trial.back());
        trial.pop_back();
      }
      if (pairs) {
        carried = down;
        out.conditional_descents += static_cast<int>(down.size());
        break;
      }
    }
    if (!pairs) {
      // The levels cannot be paired one by one: redraw everyone left, levels apart costing most.
      std::vector<int> rest = group;
      rest.insert(rest.end(), order.begin() + static_cast<long>(i), order.end());
      for (const auto& [a, b] : out.boards) rest.push_back(a), rest.push_back(b);
      out.boards.clear();
      out.priority_sum = 0;
      ++out.redraws;
      for (bool strict : {true, false}) {
        Matcher m{s, rest, strict, std::vector<bool>(rest.size(), false), {}, {}};
        m.budget = 10 * kPairingBudget;
        m.run(0);
        out.budget_stops += m.exhausted;
        if (!m.best.empty()) {
          pairs = m.best;
          out.priority_sum = m.best_cost;
          break;
        }
      }
      if (!pairs) return std::nullopt;
      i = order.size();
      carried.clear();
    }
    for (auto [a, b] : *pairs) {
      const auto white = first_gets_white(s, a, b, lot);
      if (!white) ++out.colour_rule_breaks;
      const bool a_white = white.value_or(true);
      out.boards.emplace_back(a_white ? a : b, a_white ? b : a);
    }
  }
  return out;
}

void apply_level_round(LevelState& s, const LevelPairing& p, const std::vector<bool>& white_wins) {
  for (size_t i = 0; i < p.boards.size(); ++i) {
    const auto [w, b] = p.boards[i];
    auto& pw = s.players[static_cast<size_t>(w)];
    auto& pb = s.players[static_cast<size_t>(b)];
    // Different levels: the higher one records a descent, the lower an ascent (art. 14 v).
    if (pw.level > pb.level) ++pw.descents, ++pb.ascents;
    if (pb.level > pw.level) ++pb.descents, ++pw.ascents;
    pw.opponents.push_back(b);
    pb.opponents.push_back(w);
    pw.colours += 'W';
    pb.colours += 'B';
  }
  for (size_t i = 0; i < p.boards.size() && s.rules.levels_move; ++i) {
    const auto [w, b] = p.boards[i];
    auto& winner = s.players[static_cast<size_t>(white_wins[i] ? w : b)];
    auto& loser = s.players[static_cast<size_t>(white_wins[i] ? b : w)];
    ++winner.level;
    winner.last = Move::Ascended;
    if (loser.minus == 0) {
      loser.minus = 1;
      loser.last = Move::Stayed;
    } else {
      --loser.level;
      loser.minus = 0;
      loser.last = Move::Descended;
    }
  }
  if (p.bye >= 0) {
    auto& x = s.players[static_cast<size_t>(p.bye)];
    x.opponents.push_back(-1);
    x.colours += '-';
    if (s.rules.levels_move && s.rules.bye.scores_a_win) {
      ++x.level;  // a '+' counts as a win
      x.last = Move::Ascended;
    }
    x.had_bye = true;
  }
}

int level_coefficient(const LevelState& s, int player) {
  return coefficient_of(s.players, player, s.rules.credits, [&](int i) { return s.players[static_cast<size_t>(i)].level; });
}

std::vector<int> level_ranking(const LevelState& s) {
  std::vector<int> order(s.players.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    const auto& pa = s.players[static_cast<size_t>(a)];
    const auto& pb = s.players[static_cast<size_t>(b)];
    if (pa.level != pb.level) return pa.level > pb.level;
    return s.rules.coefficient && level_coefficient(s, a) > level_coefficient(s, b);
  });
  return order;
}

LevelRun simulate_levels(const std::vector<int>& initial_levels, int rounds, std::uint64_t seed, const LevelRules& rules) {
  LevelRun run;
  run.state.total_rounds = rounds;
  run.state.rules = rules;
  for (int l : initial_levels) {
    LevelPlayer p;
    p.level = l;
    run.state.players.push_back(p);
  }
  std::uint64_t results = seed ^ 0xA5A5A5A5ULL;
  for (int r = 0; r < rounds; ++r) {
    const auto p = pair_level_round(run.state, seed * 7919ULL + static_cast<std::uint64_t>(r));
    if (!p) return run;
    run.players_before.push_back(run.state.players);
    std::vector<bool> white_wins;
    for (size_t i = 0; i < p->boards.size(); ++i) white_wins.push_back((splitmix(results) & 1) != 0);
    apply_level_round(run.state, *p, white_wins);
    run.rounds.push_back(*p);
  }
  run.complete = true;
  return run;
}

}  // namespace rulespec::tournament
