// The deterministic generator behind every generated game, loop and playout: the same seed
// gives the same sequence on every machine, so a failure replays.
#pragma once
#include <cstdint>

namespace rulespec::common {

struct XorShift64 {
  std::uint64_t state;
  std::uint64_t next() {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  }
  // A value in [0, n).
  std::uint64_t below(std::uint64_t n) { return next() % n; }
};

}  // namespace rulespec::common
