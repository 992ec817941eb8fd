// The line format of the perft data files (tests/data/*-perft.txt): a position, then
// "; D<depth> <nodes>" items; '#' starts a comment line. One generic reader for every game.
#pragma once
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

struct PerftLine {
  std::string position;
  std::vector<std::pair<int, std::uint64_t>> counts;  // depth, nodes
};

// The lines of `path`; an empty vector if it cannot be read. A malformed item has depth 0.
inline std::vector<PerftLine> read_perft_data(const std::string& path) {
  std::vector<PerftLine> out;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    PerftLine entry;
    std::getline(fields, entry.position, ';');
    while (!entry.position.empty() && entry.position.back() == ' ') entry.position.pop_back();
    for (std::string item; std::getline(fields, item, ';');) {
      int depth = 0;
      unsigned long long nodes = 0;
      if (std::sscanf(item.c_str(), " D%d %llu", &depth, &nodes) != 2) depth = 0;
      entry.counts.push_back({depth, nodes});
    }
    out.push_back(entry);
  }
  return out;
}
