// Xiangqi perft(5) from the start position (133,312,995 leaves), ours and fairy-stockfish's in
// the same run: nodes per second of both and the ratio (ours / peer; above 1 means faster).
#include <benchmark/benchmark.h>

#include <chrono>
#include <filesystem>

#include "engines/uci.hpp"
#include "model/xiangqi/position.hpp"

namespace {

constexpr const char* kPeer = "/usr/games/fairy-stockfish";

void BM_XiangqiPerft5VsFairyStockfish(benchmark::State& state) {
  using clock = std::chrono::steady_clock;
  double ours_seconds = 0, peer_seconds = 0;
  std::uint64_t nodes = 0, peer_nodes = 0;
  for (auto _ : state) {
    auto p = rulespec::xiangqi::Position::start();
    const auto t0 = clock::now();
    nodes = p.perft(5);
    ours_seconds += std::chrono::duration<double>(clock::now() - t0).count();
    if (std::filesystem::exists(kPeer)) {
      rulespec::engines::UciEngine peer(kPeer, "xiangqi");
      const auto t1 = clock::now();
      peer_nodes = peer.perft(p.fen(), 5, std::chrono::minutes(5)).nodes;
      peer_seconds += std::chrono::duration<double>(clock::now() - t1).count();
    }
  }
  if (nodes != 133312995ULL) state.SkipWithError("perft(5) is not 133312995");
  const double n = static_cast<double>(state.iterations());
  state.counters["ours_Mnps"] = static_cast<double>(nodes) * n / ours_seconds / 1e6;
  if (peer_seconds > 0) {
    if (peer_nodes != nodes) state.SkipWithError("fairy-stockfish disagrees on perft(5)");
    state.counters["peer_Mnps"] = static_cast<double>(peer_nodes) * n / peer_seconds / 1e6;
    state.counters["ratio"] = peer_seconds / ours_seconds;
  }
}
BENCHMARK(BM_XiangqiPerft5VsFairyStockfish)->Iterations(1)->Unit(benchmark::kSecond)->UseRealTime();

}  // namespace
