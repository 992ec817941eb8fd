// Benchmarks of the board-free reference arithmetic. The board models bring their own
// (playouts, perft against the peers) with their issues.
#include <benchmark/benchmark.h>

#include "model/go/counting.hpp"
#include "model/go/ranks.hpp"
#include "model/shogi/jishogi.hpp"

namespace {

void BM_IngHandicapTerms(benchmark::State& state) {
  using namespace rulespec::go;
  for (auto _ : state)
    for (int w = 1; w <= 9; ++w)
      for (int b = 1; b <= 9; ++b)
        benchmark::DoNotOptimize(handicap_terms({RankClass::Tuan, w}, {RankClass::Chi, b}, 8, 8));
}
BENCHMARK(BM_IngHandicapTerms);

void BM_IngFillIn(benchmark::State& state) {
  using namespace rulespec::go;
  FinalCounts c;
  c.black_stones = 150;
  c.white_stones = 149;
  c.black_territory = 34;
  c.white_territory = 28;
  c.komi = 8;
  for (auto _ : state) benchmark::DoNotOptimize(ing_fill_in(c));
}
BENCHMARK(BM_IngFillIn);

void BM_JishogiPieceList(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(rulespec::shogi::parse_piece_list("2R 2B 4G 4S 4N 4L 18P"));
}
BENCHMARK(BM_JishogiPieceList);

}  // namespace

BENCHMARK_MAIN();
