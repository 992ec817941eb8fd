// rulespec-fuzz-seeds DIR: writes each target's seed inputs to DIR/<target>/seed-N, the starting
// corpus of `make fuzz`.
#include <filesystem>
#include <fstream>
#include <iostream>

#include "fuzz/targets.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: rulespec-fuzz-seeds DIR\n";
    return 2;
  }
  for (const auto& t : rulespec::fuzz::targets()) {
    const auto dir = std::filesystem::path(argv[1]) / t.name;
    std::filesystem::create_directories(dir);
    int n = 0;
    for (const auto& seed : t.seeds()) std::ofstream(dir / ("seed-" + std::to_string(++n)), std::ios::binary) << seed;
  }
  return 0;
}
