// The repository's own catalogs and cases, loaded once per test process.
#pragma once
#include <cstdlib>
#include <string>
#include <vector>

#include "cases/case.hpp"
#include "spec/spec.hpp"

namespace rulespec::testing {

inline const Spec& repo_spec() {
  static const Spec spec = Spec::load_dir(source_root() + "/spec");
  return spec;
}
inline const std::vector<Case>& repo_cases() {
  static const auto cases = load_cases(source_root() + "/cases", repo_spec());
  return cases;
}

// The sweeps over every finding, amendment or setting run whole under RULESPEC_DEEP_TESTS=1
// (`make test-deep`, which CI runs after `make test`); `make test` checks each on a fixed sample,
// with the same assertions per item, so that it stays quick.
inline bool deep_tests() {
  const char* v = std::getenv("RULESPEC_DEEP_TESTS");
  return v && *v && std::string(v) != "0";
}

// The reports of ctest's one whole `rulespec verify` run (the fixture suite_report), for the tests
// that check what it already computed; "" when the test binary runs without it.
inline std::string suite_report_dir() {
  const char* v = std::getenv("RULESPEC_SUITE_REPORT");
  return v ? std::string(v) : std::string();
}

}  // namespace rulespec::testing
