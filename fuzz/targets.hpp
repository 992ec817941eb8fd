// Fuzz targets: one function per kind of untrusted text rulespec reads. Each takes arbitrary
// bytes and must return normally: malformed input ends in the reader's own error (InputError,
// QueryError, an error value), never in a crash, a sanitizer report or another exception. The
// same functions run under libFuzzer (`make fuzz`, fuzz/fuzz_main.cpp) and in ctest over the seed
// inputs and every input that ever crashed (tests/fuzz-regressions/<target>/).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace rulespec::fuzz {

struct Target {
  std::string name;
  int (*run)(const std::uint8_t* data, std::size_t size);
  std::vector<std::string> (*seeds)();  // inputs taken from the repository's own files
};

const std::vector<Target>& targets();
const Target* target(const std::string& name);

}  // namespace rulespec::fuzz
