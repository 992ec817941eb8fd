// Go playouts on 19x19 with the full bookkeeping of a ruleset (captures, ko or hot stones,
// superko hashes, passes): random legal moves that do not fill the mover's own one-point eyes,
// until the game is over. Reported as moves per second (items/s). Target: 2 million on one core.
#include <benchmark/benchmark.h>

#include <cstdint>

#include "model/common/xorshift.hpp"
#include "model/go/history.hpp"

namespace {

using namespace rulespec::go;

using Rng = rulespec::common::XorShift64;

bool own_eye(const Board& b, int p, Stone colour) {
  for (int n : b.neighbours(p))
    if (b.at(n) != colour && b.at(n) != Stone::Edge) return false;
  return true;
}

// Plays one game to the end; returns the number of moves (passes included).
int playout(const Rules& rules, const std::vector<int>& points, Rng& rng) {
  Game g(Board(19, 19), Stone::Black, rules);
  int moves = 0;
  // Under the 1985 Codex passes never end the game (agreement does); the playout stops where the
  // main part ends.
  const auto finished = [&] { return g.over() || (g.rules().end_passes == 0 && g.stopped()); };
  while (!finished() && moves < 1000) {
    const Board& b = g.board();
    const int n = static_cast<int>(points.size());
    const int start = static_cast<int>(rng.below(static_cast<std::uint64_t>(n)));
    int chosen = kPass;
    // The same cyclic order from `start`, without a division per point.
    for (int i = 0, at = start; i < n; ++i, at = at + 1 == n ? 0 : at + 1) {
      const int p = points[static_cast<size_t>(at)];
      if (b.at(p) != Stone::Empty || own_eye(b, p, g.to_play())) continue;
      // A playout never chooses a suicide (under Ing a single-stone one would be a pass).
      const MovePreview m = b.preview(p, g.to_play());
      if (m.self_captured > 0) continue;
      if (g.check(p, m) == Illegal::None) {
        chosen = p;
        break;
      }
    }
    if (chosen == kPass && !g.pass_legal()) break;
    g.play(chosen);
    ++moves;
  }
  return moves;
}

void run(benchmark::State& state, const Rules& rules) {
  const std::vector<int> points = Board(19, 19).all_points();
  Rng rng{0x1234567ULL};
  std::int64_t total = 0;
  for (auto _ : state) total += playout(rules, points, rng);
  state.SetItemsProcessed(total);
}

void BM_GoPlayout19_Ing(benchmark::State& state) { run(state, Rules::ing_1996()); }
void BM_GoPlayout19_1985(benchmark::State& state) { run(state, Rules::ru_go_1985()); }
void BM_GoPlayout19_PositionalSuperko(benchmark::State& state) { run(state, Rules::positional_superko()); }
void BM_GoPlayout19_SituationalSuperko(benchmark::State& state) { run(state, Rules::situational_superko()); }
BENCHMARK(BM_GoPlayout19_Ing);
BENCHMARK(BM_GoPlayout19_1985);
BENCHMARK(BM_GoPlayout19_PositionalSuperko);
BENCHMARK(BM_GoPlayout19_SituationalSuperko);

}  // namespace
