// rulespec repair: the proposal of least cost is right, not just produced. Applied with the
// amendment workbench it removes the finding at the cost repair reported; the AXF conflict's
// cheapest repair is the one the source proposes; a finding no setting can remove names what the
// fix needs.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "cases/case.hpp"
#include "tests/repo.hpp"
#include "reports/repair.hpp"
#include "spec/amendment.hpp"

using namespace rulespec;
namespace fs = std::filesystem;

namespace {

using testing::repo_cases;
using testing::repo_spec;
SuiteOptions options() {
  SuiteOptions opt;
  opt.jobs = 2;
  return opt;
}

RepairResult repair(const std::string& codex, const std::string& finding, const fs::path& dir) {
  const RepairBase before = repair_base(repo_spec(), repo_cases(), options(), codex);
  return repair_finding(repo_spec(), repo_cases(), options(), before, finding, 2, (dir / "proposal-").string());
}

fs::path temp_dir(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("rulespec-repair-" + name + "-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

}  // namespace

TEST_CASE("repair finds the source's own fix for the AXF perpetual-check conflict, and the file proves it with amend") {
  const fs::path dir = temp_dir("axf");
  const RepairResult r = repair("axf-1982", "F-axf-1982-perpetual-check-conflict", dir);
  REQUIRE_FALSE(r.proposals.empty());
  const RepairProposal& best = r.proposals.front();
  REQUIRE(best.changes.size() == 1);
  CHECK(best.changes[0].clause == "axf-1982.perpetual-check");
  CHECK(best.changes[0].to == "by-any-one-side");  // the CCI column's "by any one side" (line 48)
  CHECK(best.broken == 0);
  CHECK(best.appear == 0);
  CHECK(best.settled_moved == 0);
  CHECK(best.proof.find("enumeration") == 0);
  // The other reading also removes the conflict, at a higher cost: as printed, one side's
  // perpetual check becomes a draw and settled verdicts move.
  const auto printed = std::find_if(r.proposals.begin(), r.proposals.end(),
                                    [](const RepairProposal& p) { return p.changes.size() == 1 && p.changes[0].to == "draw-as-printed"; });
  REQUIRE(printed != r.proposals.end());
  CHECK(best.cheaper_than(*printed));

  // The proposal file is an amendment the workbench accepts unchanged, and it removes the finding
  // at the cost reported.
  const fs::path file = dir / "proposal-1.yaml";
  std::ofstream(file) << best.yaml;
  const Amendment a = load_amendment(file.string(), repo_spec());
  const AmendmentEvaluation e = evaluate_amendment(repo_spec(), a, repo_cases(), options(), false);
  CHECK(std::any_of(e.resolved.begin(), e.resolved.end(), [](const auto& f) { return f.id == "F-axf-1982-perpetual-check-conflict"; }));
  CHECK(e.inconsistencies.empty());
  CHECK(e.appear.empty());
  CHECK(e.cases.size() == static_cast<std::size_t>(best.settled_moved));
  fs::remove_all(dir);
}

TEST_CASE("a finding no reading or param can remove names the rule its fix needs") {
  const fs::path dir = temp_dir("flags");
  const RepairResult r = repair("ru-go-1985", "F-ru-go-1985-both-flags-down", dir);
  CHECK(r.proposals.empty());
  CHECK(r.missing.find("decision table ru-go-1985.decisions.game-end") != std::string::npos);
  CHECK(r.missing.find("both-flags-found-down") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("every defect and wording finding gets a proposal or what its fix needs, and each top proposal applied from its file "
          "removes the finding at the reported cost") {
  const fs::path dir = temp_dir("all");
  int proposed = 0, missing = 0;
  for (const Codex& cx : repo_spec().codices()) {
    const RepairBase before = repair_base(repo_spec(), repo_cases(), options(), cx.id);
    for (const auto& f : before.result.findings) {
      if (f.severity != "defect" && f.severity != "wording") continue;
      if (f.rulesets.empty() || repo_spec().ruleset(f.rulesets.front()).codex != cx.id) continue;
      INFO(f.id);
      const RepairResult r = repair_finding(repo_spec(), repo_cases(), options(), before, f.id, 1, (dir / "proposal-").string());
      if (r.proposals.empty()) {
        CHECK_FALSE(r.missing.empty());
        ++missing;
        continue;
      }
      ++proposed;
      const RepairProposal& best = r.proposals.front();
      for (const auto& other : r.proposals) CHECK_FALSE(other.cheaper_than(best));
      if (!f.corrections.empty()) CHECK(best.proof.find("Z3 Optimize") != std::string::npos);
      const fs::path file = dir / (f.id + ".yaml");
      std::ofstream(file) << best.yaml;
      INFO(best.yaml);
      const Amendment a = load_amendment(file.string(), repo_spec());
      const AmendmentEvaluation e = evaluate_amendment(repo_spec(), a, repo_cases(), options(), false, &before.run);
      CHECK(std::any_of(e.resolved.begin(), e.resolved.end(), [&](const auto& x) { return x.id == f.id; }));
      CHECK(static_cast<int>(e.inconsistencies.size()) <= best.broken);
      CHECK(static_cast<int>(e.appear.size()) == best.appear);
    }
  }
  CHECK(proposed >= 8);
  CHECK(missing >= 8);
  fs::remove_all(dir);
}
