// One libFuzzer executable per target (fuzz/targets.hpp), named by FUZZ_TARGET at compile time.
#include <cstdio>
#include <cstdlib>

#include "fuzz/targets.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const rulespec::fuzz::Target* target = [] {
    const auto* t = rulespec::fuzz::target(FUZZ_TARGET);
    if (!t) {
      std::fprintf(stderr, "no fuzz target '%s'\n", FUZZ_TARGET);
      std::abort();
    }
    return t;
  }();
  return target->run(data, size);
}
