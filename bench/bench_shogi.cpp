// Shogi perft(5) from the start position (19,861,490 leaves), ours and fairy-stockfish's in the
// same run.
#include "bench/perft_versus_peer.hpp"
#include "model/shogi/position.hpp"

namespace {

void BM_ShogiPerft5VsFairyStockfish(benchmark::State& state) {
  bench::perft_versus_peer(
      state, [] { return rulespec::shogi::Position::start().perft(5); }, "shogi",
      "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1", 5, 19861490ULL);
}
BENCHMARK(BM_ShogiPerft5VsFairyStockfish)->Iterations(1)->Unit(benchmark::kSecond)->UseRealTime();

}  // namespace
