// Every fuzz target (fuzz/targets.hpp) over its seed inputs and over every input that ever made it
// crash (tests/fuzz-regressions/<target>/, kept when `make fuzz` finds one): each must return
// normally, malformed input ending in the reader's own error.
#include <catch2/catch.hpp>

#include <filesystem>

#include "fuzz/targets.hpp"
#include "spec/spec.hpp"
#include "spec/yaml_load.hpp"

using namespace rulespec;

TEST_CASE("fuzz targets: the seed inputs and the kept crash inputs run without an unexpected error") {
  const auto regressions = std::filesystem::path(source_root()) / "tests" / "fuzz-regressions";
  int inputs = 0;
  for (const auto& t : fuzz::targets()) {
    std::vector<std::pair<std::string, std::string>> all;  // where from, bytes
    int n = 0;
    for (const auto& seed : t.seeds()) all.push_back({"seed " + std::to_string(++n), seed});
    CHECK(n > 0);
    if (std::filesystem::is_directory(regressions / t.name))
      for (const auto& e : std::filesystem::directory_iterator(regressions / t.name))
        if (e.is_regular_file()) all.push_back({e.path().string(), read_text_file(e.path().string())});
    for (const auto& [where, bytes] : all) {
      INFO(t.name << ": " << where);
      CHECK_NOTHROW(t.run(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()));
      ++inputs;
    }
  }
  CHECK(inputs > 100);
}

TEST_CASE("fuzz targets: hostile bytes end in the reader's own error") {
  const std::string hostile[] = {"", "\xff\xfe\x00", "{\"game\":\"go\",\"query\":\"play\",\"size\":1000000}", "[[[[[[[[[[[[[[",
                                 "codex: {id: zz}\n", "- id: x\n  game: go\n", "(;SZ[99999999999];B[zz]", "\n\n\n",
                                 "k5i\np*\np*\n#\nc\nc\n.\n", "9/9/9/9/9/9/9/9/9 b - 1\nP*5e"};
  for (const auto& t : fuzz::targets())
    for (const auto& bytes : hostile) {
      INFO(t.name << ": " << bytes);
      CHECK_NOTHROW(t.run(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()));
    }
}
