// Xiangqi perft(5) from the start position (133,312,995 leaves), ours and fairy-stockfish's in
// the same run.
#include "bench/perft_versus_peer.hpp"
#include "model/xiangqi/position.hpp"

namespace {

void BM_XiangqiPerft5VsFairyStockfish(benchmark::State& state) {
  const auto start = rulespec::xiangqi::Position::start();
  bench::perft_versus_peer(
      state, [&] {
        auto p = start;
        return p.perft(5);
      },
      "xiangqi", start.fen(), 5, 133312995ULL);
}
BENCHMARK(BM_XiangqiPerft5VsFairyStockfish)->Iterations(1)->Unit(benchmark::kSecond)->UseRealTime();

}  // namespace
