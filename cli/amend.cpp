#include <iostream>
#include <map>
#include <set>

#include "cli/commands.hpp"
#include "reports/suite.hpp"
#include "spec/amendment.hpp"

namespace rulespec::cli {

int amend(const std::string& file, std::uint64_t seed) {
  const Spec base = Spec::load_dir(spec_dir());
  const Amendment a = load_amendment(file, base);
  const Spec amended = apply_amendment(base, a);
  const auto cases = load_cases(cases_dir(), base);
  SuiteOptions opt;
  opt.seed = seed;
  opt.codex = a.codex;
  const auto before = run_suite(base, cases, opt);
  const auto after = run_suite(amended, cases, opt);

  std::cout << "amendment " << a.id << " to " << a.codex << ": " << a.title << "\n  " << a.rationale << "\n  rulesets: ";
  for (const auto& r : a.rulesets) std::cout << r << " ";
  std::cout << "\n";
  for (const auto& [k, v] : a.params) std::cout << "  param " << k << " = " << v.dump() << "\n";
  for (const auto& [c, r] : a.readings) std::cout << "  reading " << c << " = " << r << "\n";
  for (const auto& v : a.replace_clauses) std::cout << "  replaces " << v.find("id")->as_string() << "\n";
  for (const auto& v : a.add_clauses) std::cout << "  adds " << (v.find("id") ? v.find("id")->as_string() : "?") << "\n";
  for (const auto& [id, pos] : a.remove_clauses) std::cout << "  removes " << id << "\n";

  std::cout << "\ncase verdicts that change:\n";
  int changed = 0;
  std::map<std::string, const CaseResult*> old_cases;
  for (const auto& c : before.cases) old_cases[c.case_id + "@" + c.ruleset] = &c;
  for (const auto& c : after.cases) {
    auto it = old_cases.find(c.case_id + "@" + c.ruleset);
    if (it == old_cases.end() || it->second->actual == c.actual) continue;
    ++changed;
    std::cout << "  " << c.case_id << " [" << c.ruleset << "]\n    before: " << it->second->actual.dump()
              << "\n    after:  " << c.actual.dump() << "\n    expectation (written for the base codex) "
              << (c.pass ? "still holds" : "no longer holds") << "\n";
  }
  if (!changed) std::cout << "  (none)\n";

  std::cout << "\nproperty outcomes that change:\n";
  changed = 0;
  std::map<std::string, const PropertyOutcome*> old_props;
  for (const auto& p : before.properties) old_props[p.id + "@" + p.ruleset] = &p;
  for (const auto& p : after.properties) {
    auto it = old_props.find(p.id + "@" + p.ruleset);
    const bool was = it != old_props.end() && it->second->pass;
    if (it != old_props.end() && was == p.pass) continue;
    ++changed;
    const char* before_text = it == old_props.end() ? "not applicable" : was ? "pass" : "fail";
    std::cout << "  " << p.id << " [" << p.ruleset << "]: " << before_text << " -> " << (p.pass ? "pass" : "FAIL");
    if (!p.pass) std::cout << "\n    " << p.failure << "\n    reproduce: " << reproduce_command(p) << " (with the amendment applied)";
    std::cout << "\n";
  }
  if (!changed) std::cout << "  (none)\n";

  std::set<std::string> old_ids, new_ids;
  for (const auto& f : before.findings) old_ids.insert(f.id);
  for (const auto& f : after.findings) new_ids.insert(f.id);
  std::cout << "\nfindings that appear:\n";
  changed = 0;
  for (const auto& f : after.findings)
    if (!old_ids.count(f.id)) {
      ++changed;
      std::cout << "  + " << f.id << " (" << f.kind << "): " << f.summary << "\n    witness " << f.witness.dump() << "\n";
    }
  if (!changed) std::cout << "  (none)\n";
  // A finding is resolved only if its analysis ran on the amended codex and found nothing.
  std::map<std::string, const AnalysisOutcome*> analysis_after;
  for (const auto& x : after.analyses) analysis_after[x.id] = &x;
  std::cout << "findings that disappear (resolved):\n";
  changed = 0;
  std::vector<std::string> not_evaluated;
  for (const auto& f : before.findings) {
    if (new_ids.count(f.id)) continue;
    auto it = analysis_after.find(f.analysis);
    if (it == analysis_after.end() || !it->second->ok || !it->second->applicable) {
      not_evaluated.push_back("  ? " + f.id + ": " + (it == analysis_after.end() ? std::string("analysis not run") : it->second->detail));
      continue;
    }
    ++changed;
    std::cout << "  - " << f.id << " (" << f.kind << "): " << f.summary << "\n";
  }
  if (!changed) std::cout << "  (none)\n";
  if (!not_evaluated.empty()) {
    std::cout << "findings not evaluated on the amended codex:\n";
    for (const auto& line : not_evaluated) std::cout << line << "\n";
  }

  int conflicts = 0;
  for (const auto& f : after.findings) conflicts += f.kind == "conflict";
  int broken = 0;
  for (const auto& x : after.analyses) broken += !x.ok;
  std::cout << "\nconsistency of the amended codex: " << conflicts << " conflict finding(s)";
  // Witness cases of findings that disappeared are listed above; other dangling references are news.
  for (const auto& p : after.problems)
    if (p.find("which no analysis emitted") == std::string::npos) std::cout << "\n  " << p;
  std::cout << (broken ? "\n  some analyses could not run on the amended codex" : "") << "\n";
  return 0;
}

}  // namespace rulespec::cli
