// Amendments as a rules committee uses them: every declared setting honoured, the amendment
// format documented, the answer right for the settings that matter.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "cases/case.hpp"
#include "reports/amend_eval.hpp"
#include "reports/settings_sweep.hpp"
#include "spec/amendment.hpp"

using namespace rulespec;

namespace {
const Spec& repo_spec() {
  static const Spec spec = Spec::load_dir(source_root() + "/spec");
  return spec;
}
const std::vector<Case>& repo_cases() {
  static const auto cases = load_cases(source_root() + "/cases", repo_spec());
  return cases;
}
}  // namespace

TEST_CASE("every declared param value and reading changes an outcome, or is declared equivalent", "[settings]") {
  SuiteOptions opt;
  opt.jobs = 2;
  const auto checks = sweep_settings(repo_spec(), repo_cases(), opt);
  std::ostringstream silent;
  int honoured = 0;
  for (const auto& c : checks) {
    if (c.status == SettingCheck::Status::Silent || c.status == SettingCheck::Status::EquivalenceBroken)
      silent << "\n  " << c.codex << ": " << c.setting << ": " << to_string(c.status) << " (" << c.evidence << ")";
    honoured += c.status == SettingCheck::Status::Honoured;
  }
  INFO("settings that are accepted and not honoured:" << silent.str());
  CHECK(silent.str().empty());
  CHECK(honoured > 100);
}
