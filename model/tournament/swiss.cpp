#include "model/tournament/swiss.hpp"

#include "model/tournament/pairing.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace rulespec::tournament {
namespace {

std::uint64_t splitmix(std::uint64_t& x) { return lot_draw(x); }
int imbalance(const std::string& c) { return colour_imbalance(c); }

bool allowed_impl(const SwissState& s, const std::string& colours, char next) {
  return !s.rules.colour_rules || colour_within_bounds(colours, next, s.total_rounds, s.bound == ColourBound::RunningTally);
}

// Colour for (a, b): a gets White when that is the only way, or a is due White; nullopt if no
// assignment keeps both players within the bounds.
std::optional<bool> a_gets_white(const SwissState& s, int a, int b, std::uint64_t& lot) {
  const auto& ca = s.players[static_cast<size_t>(a)].colours;
  const auto& cb = s.players[static_cast<size_t>(b)].colours;
  const bool white_ok = allowed_impl(s, ca, 'W') && allowed_impl(s, cb, 'B');
  const bool black_ok = allowed_impl(s, ca, 'B') && allowed_impl(s, cb, 'W');
  if (white_ok != black_ok) return white_ok;
  if (!white_ok) return std::nullopt;
  if (!s.rules.colour_rules) return (splitmix(lot) & 1) != 0;  // no colour rule: the lot (Art. 7 §1)
  // Alternation: the player with the stronger claim to White (more Blacks) gets it; else by lot.
  const int pa = -imbalance(ca), pb = -imbalance(cb);
  if (pa != pb) return pa > pb;
  const char la = ca.empty() ? '-' : ca.back(), lb = cb.empty() ? '-' : cb.back();
  if (la != lb && la != '-' && lb != '-') return la == 'B';
  return (splitmix(lot) & 1) != 0;
}

bool met(const SwissPlayer& p, int other) {
  return std::find(p.opponents.begin(), p.opponents.end(), other) != p.opponents.end();
}

struct Search {
  const SwissState& s;
  std::vector<int> order;  // players by score (desc), lot within a score
  std::vector<bool> used;
  std::vector<std::pair<int, int>> pairs;
  bool strict_colours = true;
  long budget = kPairingBudget, nodes = 0;
  bool exhausted = false;  // stopped at the budget: "not found" means "not found in time"

  bool colour_ok(int a, int b) {
    std::uint64_t scratch = 1;
    return !strict_colours || a_gets_white(s, a, b, scratch).has_value();
  }
  bool run(size_t from) {
    if (++nodes > budget) {
      exhausted = true;
      return false;
    }
    while (from < order.size() && used[static_cast<size_t>(order[from])]) ++from;
    if (from == order.size()) return true;
    const int a = order[from];
    used[static_cast<size_t>(a)] = true;
    for (size_t k = from + 1; k < order.size(); ++k) {
      const int b = order[k];
      if (used[static_cast<size_t>(b)] || (s.rules.no_rematch && met(s.players[static_cast<size_t>(a)], b)) || !colour_ok(a, b)) continue;
      used[static_cast<size_t>(b)] = true;
      pairs.emplace_back(a, b);
      if (run(from + 1)) return true;
      pairs.pop_back();
      used[static_cast<size_t>(b)] = false;
    }
    used[static_cast<size_t>(a)] = false;
    return false;
  }
};

}  // namespace

bool colour_allowed(const SwissState& s, const std::string& colours, char next) { return allowed_impl(s, colours, next); }

bool colours_within_bounds(const std::string& colours, int rounds_for_bound) {
  std::string played;
  for (char x : colours)
    if (x != '-') played += x;
  for (size_t i = 2; i < played.size(); ++i)
    if (played[i] == played[i - 1] && played[i - 1] == played[i - 2]) return false;
  return std::abs(imbalance(colours)) <= (rounds_for_bound % 2 ? 1 : 2);
}

std::optional<SwissPairing> pair_round(const SwissState& s, std::uint64_t lot_seed) {
  const int n = static_cast<int>(s.players.size());
  std::uint64_t lot = lot_seed;
  SwissPairing out;
  std::vector<int> order(static_cast<size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  if (s.rounds_played() == 0) {
    // Round 1: 1-2, 3-4, ...; the odd number of each pair plays Black; an odd field's last sits out.
    for (int i = 0; i + 1 < n; i += 2) out.boards.emplace_back(i + 1, i);
    if (n % 2) out.bye = n - 1;
    return out;
  }
  // Lot within score groups: shuffle, then a stable sort by score.
  for (int i = n - 1; i > 0; --i) std::swap(order[static_cast<size_t>(i)], order[splitmix(lot) % static_cast<std::uint64_t>(i + 1)]);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return s.players[static_cast<size_t>(a)].score > s.players[static_cast<size_t>(b)].score;
  });
  // Bye: someone from the lowest score group who has not had one (tried in lot order, lowest first).
  std::vector<int> bye_candidates = {-1};
  if (n % 2 && s.rules.bye.who == ByeChoice::ByLot) {
    bye_candidates = order;
    std::swap(bye_candidates[0], bye_candidates[splitmix(lot) % static_cast<std::uint64_t>(n)]);
  } else if (n % 2) {
    bye_candidates.clear();
    double lowest = -1;
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
      const auto& p = s.players[static_cast<size_t>(*it)];
      if (p.had_bye) continue;
      if (lowest < 0) lowest = p.score;
      if (p.score == lowest) bye_candidates.push_back(*it);
    }
    if (bye_candidates.empty()) return std::nullopt;
  }
  std::optional<std::vector<std::pair<int, int>>> found;
  for (bool strict : {true, false}) {
    for (int bye : bye_candidates) {
      std::vector<int> rest = order;
      if (bye >= 0) rest.erase(std::find(rest.begin(), rest.end(), bye));
      Search search{s, rest, std::vector<bool>(static_cast<size_t>(n), false), {}, strict};
      if (search.run(0)) {
        found = search.pairs;
        out.bye = bye;
        break;
      }
      out.budget_stops += search.exhausted;
    }
    if (found) break;
  }
  if (!found) return std::nullopt;
  for (auto [a, b] : *found) {
    if (s.players[static_cast<size_t>(a)].score != s.players[static_cast<size_t>(b)].score) ++out.descents;
    const auto white = a_gets_white(s, a, b, lot);
    if (!white) ++out.colour_rule_breaks;
    const bool a_white = white.value_or(-imbalance(s.players[static_cast<size_t>(a)].colours) >=
                                        -imbalance(s.players[static_cast<size_t>(b)].colours));
    out.boards.emplace_back(a_white ? a : b, a_white ? b : a);
  }
  return out;
}

void apply_round(SwissState& s, const SwissPairing& p, const std::vector<bool>& white_wins) {
  for (size_t i = 0; i < p.boards.size(); ++i) {
    auto [w, b] = p.boards[i];
    auto& pw = s.players[static_cast<size_t>(w)];
    auto& pb = s.players[static_cast<size_t>(b)];
    pw.opponents.push_back(b);
    pb.opponents.push_back(w);
    pw.colours += 'W';
    pb.colours += 'B';
    (white_wins[i] ? pw : pb).score += 1;
  }
  if (p.bye >= 0) {
    auto& x = s.players[static_cast<size_t>(p.bye)];
    x.opponents.push_back(-1);
    x.colours += '-';
    if (s.rules.bye.scores_a_win) x.score += 1;
    x.had_bye = true;
  }
}

SwissRun simulate_swiss(int players, int rounds, std::uint64_t seed, ColourBound bound, bool single_draw, const SwissRules& rules) {
  SwissRun run;
  run.state.total_rounds = rounds;
  run.state.bound = bound;
  run.state.rules = rules;
  run.state.players.assign(static_cast<size_t>(players), SwissPlayer{});
  std::uint64_t results = seed ^ 0x5DEECE66DULL;
  for (int r = 0; r < rounds; ++r) {
    const auto p = pair_round(run.state, seed * 1000003ULL + (single_draw ? 0 : static_cast<std::uint64_t>(r)));
    if (!p) return run;
    run.players_before.push_back(run.state.players);
    std::vector<bool> white_wins;
    for (size_t i = 0; i < p->boards.size(); ++i) white_wins.push_back((splitmix(results) & 1) != 0);
    apply_round(run.state, *p, white_wins);
    run.rounds.push_back(*p);
  }
  run.complete = true;
  return run;
}

double buchholz(const SwissState& s, int player) {
  if (s.players.empty()) return 0;
  return coefficient_of(s.players, player, s.rules.coefficient, [&](int i) { return s.players[static_cast<size_t>(i)].score; });
}

}  // namespace rulespec::tournament
