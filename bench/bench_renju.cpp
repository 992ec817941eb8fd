// Renju full-board foul maps (every empty point, Black to move) on 1000 random mid-game positions
// of 20-80 stones: the median time per map of the fast pattern-table implementation, and of the
// one read from the definitions for comparison. The foul total is a signature: any change in the
// foul verdicts changes it. No renju engine is installed to run beside it; the reference
// is 20-30 us per scan for published engines, the target 10 us.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <vector>

#include "model/renju/fouls.hpp"
#include "model/renju/random_position.hpp"

namespace {

std::vector<rulespec::renju::Board> mid_game_positions() {
  std::vector<rulespec::renju::Board> out;
  rulespec::common::XorShift64 rng{20261125};
  for (int i = 0; i < 1000; ++i) {
    rulespec::renju::PositionShape shape;
    shape.region = 9 + static_cast<int>(rng.below(7));
    shape.stones = 20 + static_cast<int>(rng.below(61));
    out.push_back(rulespec::renju::random_position(15, shape, rng.next()));
  }
  return out;
}

void foul_map_median(benchmark::State& state, bool fast) {
  using clock = std::chrono::steady_clock;
  auto positions = mid_game_positions();
  const rulespec::renju::FoulRules rules;
  std::vector<double> micros;
  std::size_t fouls = 0;
  for (auto _ : state) {
    micros.clear();
    fouls = 0;
    for (auto& b : positions) {
      const auto t0 = clock::now();
      const auto map = rulespec::renju::foul_map(b, rules, fast);
      micros.push_back(std::chrono::duration<double, std::micro>(clock::now() - t0).count());
      fouls += map.size();
    }
  }
  std::nth_element(micros.begin(), micros.begin() + static_cast<long>(micros.size() / 2), micros.end());
  state.counters["median_us"] = micros[micros.size() / 2];
  state.counters["fouls_signature"] = static_cast<double>(fouls);
}

void BM_RenjuFoulMapFast(benchmark::State& state) { foul_map_median(state, true); }
void BM_RenjuFoulMapDefinition(benchmark::State& state) { foul_map_median(state, false); }
BENCHMARK(BM_RenjuFoulMapFast)->Iterations(3)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_RenjuFoulMapDefinition)->Iterations(1)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
