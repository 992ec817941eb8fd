// rulespec amend: a codex against itself with an amendment applied: which case verdicts and
// property outcomes change, which findings appear and disappear, whether the amended codex is
// consistent. Printed, and with --out DIR also written as amend.html (self-contained, the changed
// board cases drawn).
#include <filesystem>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <thread>

#include "cli/commands.hpp"
#include "reports/diagrams.hpp"
#include "reports/report.hpp"
#include "reports/suite.hpp"
#include "spec/amendment.hpp"

namespace rulespec::cli {
namespace {

// What the page shows; the terminal text says the same.
struct AmendPage {
  std::string title, changes;
  struct ChangedCase {
    std::string id, ruleset, before, after, svg;
    bool still_holds;
  };
  std::vector<ChangedCase> cases;
  std::vector<std::string> properties, appear, disappear, not_evaluated, consistency;
};

std::string amend_html(const AmendPage& p) {
  std::ostringstream os;
  auto list = [&os](const char* heading, const std::vector<std::string>& items) {
    os << "<h2>" << heading << "</h2>\n<ul>\n";
    for (const auto& i : items) os << "<li>" << html_escape(i) << "</li>\n";
    if (items.empty()) os << "<li>(none)</li>\n";
    os << "</ul>\n";
  };
  os << "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>rulespec amendment</title>\n<style>"
        "body{font-family:sans-serif;margin:2em;max-width:1200px}pre{white-space:pre-wrap;background:#fafaf4}"
        "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:3px 6px;font-size:13px;vertical-align:top}"
        "th{background:#eee}</style></head><body>\n<h1>"
     << html_escape(p.title) << "</h1>\n<h2>Base against amended</h2>\n<pre>" << html_escape(p.changes) << "</pre>\n";
  os << "<h2 id=\"cases\">Case verdicts that change</h2>\n<table><tr><th>case</th><th>ruleset</th><th>before</th><th>after</th>"
        "<th>expectation</th><th>position</th></tr>\n";
  for (const auto& c : p.cases)
    os << "<tr id=\"case-" << html_escape(c.id) << "\"><td><code>" << html_escape(c.id) << "</code></td><td>" << html_escape(c.ruleset)
       << "</td><td><code>" << html_escape(c.before) << "</code></td><td><code>" << html_escape(c.after) << "</code></td><td>"
       << (c.still_holds ? "still holds" : "no longer holds") << "</td><td>" << c.svg << "</td></tr>\n";
  if (p.cases.empty()) os << "<tr><td colspan=\"6\">(none)</td></tr>\n";
  os << "</table>\n";
  list("Property outcomes that change", p.properties);
  list("Findings that appear", p.appear);
  list("Findings that disappear (resolved)", p.disappear);
  if (!p.not_evaluated.empty()) list("Findings not evaluated on the amended codex", p.not_evaluated);
  list("Consistency of the amended codex", p.consistency);
  os << "</body></html>\n";
  return os.str();
}

}  // namespace

int amend(const std::string& file, std::uint64_t seed, const std::string& out_dir) {
  const Spec base = Spec::load_dir(spec_dir());
  const Amendment a = load_amendment(file, base);
  const Spec amended = apply_amendment(base, a);
  const auto cases = load_cases(cases_dir(), base);
  SuiteOptions opt;
  opt.seed = seed;
  opt.codex = a.codex;
  opt.jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  const auto before = run_suite(base, cases, opt);
  const auto after = run_suite(amended, cases, opt);

  AmendPage page;
  page.title = "amendment " + a.id + " to " + a.codex + ": " + a.title;
  std::ostringstream changes;
  changes << a.rationale << "\n  rulesets: ";
  for (const auto& r : a.rulesets) changes << r << " ";
  changes << "\n";
  for (const auto& [k, v] : a.params) changes << "  param " << k << " = " << v.dump() << "\n";
  for (const auto& [c, r] : a.readings) changes << "  reading " << c << " = " << r << "\n";
  for (const auto& v : a.replace_clauses) changes << "  replaces " << v.find("id")->as_string() << "\n";
  for (const auto& v : a.add_clauses) changes << "  adds " << (v.find("id") ? v.find("id")->as_string() : "?") << "\n";
  for (const auto& [id, pos] : a.remove_clauses) changes << "  removes " << id << "\n";
  page.changes = changes.str();
  std::cout << page.title << "\n  " << page.changes;
  std::map<std::string, const Case*> case_by_id;
  for (const auto& c : cases) case_by_id[c.id] = &c;

  std::cout << "\ncase verdicts that change:\n";
  int changed = 0;
  std::map<std::string, const CaseResult*> old_cases;
  for (const auto& c : before.cases) old_cases[c.case_id + "@" + c.ruleset] = &c;
  for (const auto& c : after.cases) {
    auto it = old_cases.find(c.case_id + "@" + c.ruleset);
    if (it == old_cases.end() || it->second->actual == c.actual) continue;
    ++changed;
    const auto input = case_by_id.find(c.case_id);
    page.cases.push_back({c.case_id, c.ruleset, it->second->actual.dump(), c.actual.dump(),
                          input == case_by_id.end() ? "" : witness_svg(input->second->input), c.pass});
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
    page.properties.push_back(p.id + " [" + p.ruleset + "]: " + before_text + " -> " + (p.pass ? "pass" : "FAIL") +
                              (p.pass ? "" : " (" + p.failure + "; reproduce: " + reproduce_command(p) + " with the amendment applied)"));
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
      page.appear.push_back(f.id + " (" + f.kind + "): " + f.summary + " — witness " + f.witness.dump());
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
    page.disappear.push_back(f.id + " (" + f.kind + "): " + f.summary);
    std::cout << "  - " << f.id << " (" << f.kind << "): " << f.summary << "\n";
  }
  if (!changed) std::cout << "  (none)\n";
  page.not_evaluated = not_evaluated;
  if (!not_evaluated.empty()) {
    std::cout << "findings not evaluated on the amended codex:\n";
    for (const auto& line : not_evaluated) std::cout << line << "\n";
  }

  int conflicts = 0;
  for (const auto& f : after.findings) conflicts += f.kind == "conflict";
  int broken = 0;
  for (const auto& x : after.analyses) broken += !x.ok;
  std::cout << "\nconsistency of the amended codex: " << conflicts << " conflict finding(s)";
  page.consistency.push_back(std::to_string(conflicts) + " conflict finding(s)");
  // Witness cases of findings that disappeared are listed above; other dangling references are news.
  for (const auto& p : after.problems)
    if (p.find("which no analysis emitted") == std::string::npos) {
      std::cout << "\n  " << p;
      page.consistency.push_back(p);
    }
  if (broken) page.consistency.push_back("some analyses could not run on the amended codex");
  std::cout << (broken ? "\n  some analyses could not run on the amended codex" : "") << "\n";
  if (!out_dir.empty()) {
    std::filesystem::create_directories(out_dir);
    const std::string path = (std::filesystem::path(out_dir) / "amend.html").string();
    write_file_atomic(path, amend_html(page));
    std::cout << "page: " << path << "\n";
  }
  return 0;
}

}  // namespace rulespec::cli
