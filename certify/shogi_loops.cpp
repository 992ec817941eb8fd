#include "certify/shogi_loops.hpp"

#include <map>
#include <mutex>
#include <utility>

#include "certify/shogi_positions.hpp"
#include "model/common/xorshift.hpp"
#include "model/shogi/game.hpp"

namespace rulespec::certify {
namespace {

using shogi::Move;
using shogi::Position;

// A sparse position with Sente to move: both kings, one or two Sente attackers, perhaps a Gote
// guard, empty hands. Mostly golds and silvers attack, and Sente's king is often in a corner: the
// fewer moves Sente has, the less likely an engine without the rule varies by chance. Squares: file 9..1 across a rank, ranks a..i from Gote's side (SFEN order).
std::optional<Position> sparse(common::XorShift64& rng) {
  std::string board[81];
  auto free_square = [&](int lo_rank, int hi_rank) {
    for (int tries = 0; tries < 100; ++tries) {
      const int sq = lo_rank * 9 + static_cast<int>(rng.below(static_cast<std::uint64_t>((hi_rank - lo_rank + 1) * 9)));
      if (board[sq].empty()) return sq;
    }
    return -1;
  };
  board[free_square(0, 2)] = "k";
  if (rng.below(2) == 0) board[rng.below(2) == 0 ? 72 : 80] = "K";
  else board[free_square(6, 8)] = "K";
  static const char* attackers[] = {"R", "B", "G", "S", "+R", "+B", "G", "S", "G", "S"};
  for (int i = 0, n = 1 + static_cast<int>(rng.below(2)); i < n; ++i)
    if (const int sq = free_square(0, 8); sq >= 0) board[sq] = attackers[rng.below(std::size(attackers))];
  if (rng.below(2) == 0)
    if (const int sq = free_square(0, 3); sq >= 0) board[sq] = rng.below(2) == 0 ? "g" : "s";
  const std::string sfen = board_sfen(board);
  auto p = Position::from_sfen(sfen + " b - 1");
  if (!p || p->in_check()) return std::nullopt;
  return p;
}

// A cycle of four moves from `p`: Sente checks, the king steps, Sente checks again, the king steps
// back, and the position is p again.
std::optional<std::vector<Move>> checking_cycle(const Position& p) {
  const std::string key = shogi::position_key(p);
  for (const Move& c1 : p.legal_moves()) {
    Position a = p;
    a.make(c1);
    if (!a.in_check()) continue;
    for (const Move& k1 : a.legal_moves()) {
      Position b = a;
      b.make(k1);
      for (const Move& c2 : b.legal_moves()) {
        Position c = b;
        c.make(c2);
        if (!c.in_check()) continue;
        for (const Move& k2 : c.legal_moves()) {
          Position d = c;
          d.make(k2);
          if (shogi::position_key(d) == key) return std::vector<Move>{c1, k1, c2, k2};
        }
      }
    }
  }
  return std::nullopt;
}

std::vector<ShogiLoopProbe> find_loop_probes(std::uint64_t seed, int count) {
  std::vector<ShogiLoopProbe> out;
  common::XorShift64 rng{seed * 2246822519ull + 7};
  // At least `count`, and on until an engine without the rule would pass them all with a chance
  // ten times below the bound a certificate needs (at most four times `count`).
  double blind_pass_all = 1.0;
  auto enough = [&] {
    const int n = static_cast<int>(out.size());
    return n >= 4 * count || (n >= count && blind_pass_all < kBlindPassBound / 10);
  };
  for (int tries = 0; tries < 400 * count && !enough(); ++tries) {
    const auto sente_to_move = sparse(rng);
    if (!sente_to_move) continue;
    const auto found = checking_cycle(*sente_to_move);
    if (!found) continue;
    // Started after the first check, the position that repeats is one Sente's check makes, so
    // that its fourth time comes with a move of the checking side.
    auto start = sente_to_move;
    start->make((*found)[0]);
    const std::vector<Move> cycle_moves = {(*found)[1], (*found)[2], (*found)[3], (*found)[0]};
    const auto* cycle = &cycle_moves;
    ShogiLoopProbe probe{.start = *start, .source = "checking cycle " + std::to_string(out.size() + 1) + " of seed " + std::to_string(seed)};
    std::vector<std::string> history;
    Position end = *start;
    // Carry the cycle on until Sente's next check would lose by perpetual check.
    for (std::size_t ply = 0; ply < 20; ++ply) {
      const Move next = (*cycle)[ply % 4];
      const std::string text = shogi::usi(next);
      auto with = history;
      with.push_back(text);
      const auto g = shogi::play_game(*start, with);
      if (g.ending == shogi::Ending::PerpetualCheck) {
        if (g.loser != end.to_move() || shogi::play_game(*start, history).ending != shogi::Ending::None) break;
        probe.history = history;
        probe.continuation = text;
        bool alternative = false;
        const auto legal = end.legal_moves();
        for (const Move& m : legal) {
          auto tried = history;
          tried.push_back(shogi::usi(m));
          const auto after = shogi::play_game(*start, tried);
          if (after.ending == shogi::Ending::PerpetualCheck && after.loser == end.to_move()) probe.losing.insert(shogi::usi(m));
          else alternative = true;
        }
        probe.blind_pass = static_cast<double>(legal.size() - probe.losing.size()) / static_cast<double>(legal.size());
        if (alternative) {
          blind_pass_all *= probe.blind_pass;
          out.push_back(probe);
        }
        break;
      }
      if (g.ending != shogi::Ending::None) break;
      history.push_back(text);
      end.make(next);
    }
  }
  return out;
}

}  // namespace

// Found once per process for each seed and count: they depend on nothing else, and the
// conformance matrix certifies each engine under every shogi ruleset with the same seed.
std::vector<ShogiLoopProbe> shogi_loop_probes(std::uint64_t seed, int count) {
  static std::mutex guard;
  static std::map<std::pair<std::uint64_t, int>, std::vector<ShogiLoopProbe>> found;
  std::lock_guard<std::mutex> lock(guard);
  const auto key = std::make_pair(seed, count);
  auto it = found.find(key);
  if (it == found.end()) it = found.emplace(key, find_loop_probes(seed, count)).first;
  return it->second;
}

}  // namespace rulespec::certify
