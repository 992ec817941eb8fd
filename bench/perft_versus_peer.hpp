// Our perft beside fairy-stockfish's on the same position, in one benchmark run: nodes per second
// of both and the ratio (peer time / our time; above 1 means ours is faster).
#pragma once
#include <benchmark/benchmark.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <string>

#include "engines/uci.hpp"

namespace bench {

inline void perft_versus_peer(benchmark::State& state, const std::function<std::uint64_t()>& ours, const std::string& variant,
                              const std::string& peer_fen, int depth, std::uint64_t expected) {
  using clock = std::chrono::steady_clock;
  constexpr const char* kPeer = "/usr/games/fairy-stockfish";
  double ours_seconds = 0, peer_seconds = 0;
  std::uint64_t nodes = 0, peer_nodes = 0;
  for (auto _ : state) {
    const auto t0 = clock::now();
    nodes = ours();
    ours_seconds += std::chrono::duration<double>(clock::now() - t0).count();
    if (std::filesystem::exists(kPeer)) {
      rulespec::engines::UciEngine peer(kPeer, variant);
      const auto t1 = clock::now();
      peer_nodes = peer.perft(peer_fen, depth, std::chrono::minutes(5)).nodes;
      peer_seconds += std::chrono::duration<double>(clock::now() - t1).count();
    }
  }
  if (nodes != expected) state.SkipWithError(("perft is not " + std::to_string(expected)).c_str());
  const double n = static_cast<double>(state.iterations());
  state.counters["ours_Mnps"] = static_cast<double>(nodes) * n / ours_seconds / 1e6;
  if (peer_seconds > 0) {
    if (peer_nodes != nodes) state.SkipWithError("fairy-stockfish disagrees on perft");
    state.counters["peer_Mnps"] = static_cast<double>(peer_nodes) * n / peer_seconds / 1e6;
    state.counters["ratio"] = peer_seconds / ours_seconds;
  }
}

}  // namespace bench
