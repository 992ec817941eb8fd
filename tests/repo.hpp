// The repository's own catalogs and cases, loaded once per test process.
#pragma once
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

}  // namespace rulespec::testing
