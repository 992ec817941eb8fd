// rulespec repair: for a finding, the amendments within the catalogs' readings and params that
// remove it, least cost first, each written as a file `rulespec amend` accepts; or what a fix
// needs that the catalogs lack. docs/repair.md explains the search and the cost.
#include <chrono>
#include <filesystem>
#include <iostream>
#include <map>
#include <sstream>
#include <thread>

#include "cli/commands.hpp"
#include "spec/suggest.hpp"
#include "amend/repair.hpp"
#include "reports/report.hpp"

namespace rulespec::cli {
namespace {

std::string first_of(const std::vector<std::string>& items, std::size_t n) {
  std::string out;
  for (std::size_t i = 0; i < items.size() && i < n; ++i) out += (i ? ", " : "") + items[i];
  if (items.size() > n) out += " and " + std::to_string(items.size() - n) + " more";
  return out;
}

std::string seconds_text(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", s);
  return buf;
}

std::string cost_text(const RepairProposal& p) {
  return std::to_string(p.broken) + " properties broken, " + std::to_string(p.appear) + " findings appear, " +
         std::to_string(p.settled_moved) + " settled verdicts move, " + std::to_string(p.changes.size()) + " change" +
         (p.changes.size() == 1 ? "" : "s") + ", " + std::to_string(p.evaluation.cases.size()) + " verdicts move in all";
}

std::string changes_text(const RepairProposal& p) {
  std::string out;
  for (std::size_t i = 0; i < p.changes.size(); ++i) out += (i ? "; " : "") + p.changes[i].describe();
  return out;
}

// Writes DIR/proposal-N.yaml for every proposal, replacing what a previous run left there.
void write_proposals(const RepairResult& r, const std::string& dir) {
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  for (std::size_t k = 0; k < r.proposals.size(); ++k)
    write_file_atomic((std::filesystem::path(dir) / ("proposal-" + std::to_string(k + 1) + ".yaml")).string(), r.proposals[k].yaml);
  if (!r.certificate.empty()) write_file_atomic((std::filesystem::path(dir) / "certificate.smt2").string(), r.certificate);
}

// One column per proposal: what it changes, its cost, the findings it removes and adds, the
// verdicts it moves (drawn where the case has a board), and its amendment file.
// The settings searched, the first `n` named; or why none was.
std::string searched(const RepairResult& r, std::size_t n) {
  if (!r.space.empty()) return first_of(r.space, n);
  if (r.untried)
    return "nothing: no setting concerns what the finding is about (" + std::to_string(r.untried) +
           " settings its evidence reads concern other articles)";
  return "no setting (the finding's evidence reads no reading or param)";
}

std::string proposals_html(const RepairResult& r) {
  std::ostringstream os;
  os << "<section id=\"" << html_escape(r.finding) << "\"><h2>" << html_escape(r.finding) << " (" << html_escape(r.kind) << ", "
     << html_escape(r.severity) << ")</h2>\n<p>" << html_escape(r.summary) << "</p>\n<p class=\"meta\">Searched: "
     << html_escape(searched(r, 12)) << "; " << r.tried << " amendments evaluated in " << seconds_text(r.seconds) << " s.</p>\n";
  if (r.proposals.empty()) {
    os << "<p class=\"none\">No change within the catalogs removes it. The fix needs " << html_escape(r.missing) << ".</p></section>\n";
    return os.str();
  }
  os << "<div class=\"cols\">\n";
  for (std::size_t k = 0; k < r.proposals.size(); ++k) {
    const auto& p = r.proposals[k];
    const auto& e = p.evaluation;
    os << "<div class=\"col" << (k == 0 ? " best" : "") << "\"><h3>" << k + 1 << (k == 0 ? ". least cost" : ".") << "</h3><p><b>"
       << html_escape(changes_text(p)) << "</b></p><p class=\"cost\">" << html_escape(cost_text(p)) << "</p>";
    os << "<p>Removes " << html_escape(r.finding);
    for (const auto& id : p.also_resolved) os << ", " << html_escape(id);
    os << ".";
    if (!e.appear.empty()) {
      os << " Adds";
      for (const auto& f : e.appear) os << " " << html_escape(f.id) << " (" << html_escape(f.summary) << ")";
      os << ".";
    }
    for (const auto& i : e.inconsistencies) os << " Breaks " << html_escape(i.property) << ": " << html_escape(i.sentence) << ".";
    os << "</p>";
    if (!e.cases.empty()) {
      os << "<details" << (e.cases.size() <= 4 ? " open" : "") << "><summary>" << e.cases.size() << " verdict" << (e.cases.size() == 1 ? "" : "s")
         << " move (" << p.settled_moved << " of cases the text settles, the others of the findings' witnesses)</summary>";
      for (const auto& c : e.cases) {
        os << "<div class=\"case\"><code>" << html_escape(c.case_id) << "</code> [" << html_escape(c.ruleset) << "]";
        for (const auto& f : c.fields) os << "<br>" << html_escape(f.path) << ": " << html_escape(f.before) << " &rarr; " << html_escape(f.after);
        if (!c.svg.empty()) os << "<div class=\"diagram\">" << c.svg << "</div>";
        os << "</div>";
      }
      os << "</details>";
    }
    if (k == 0) os << "<p class=\"meta\">" << html_escape(p.proof) << "</p>";
    os << "<p><a href=\"" << html_escape(r.finding) << "/proposal-" << k + 1 << ".yaml\">proposal-" << k + 1
       << ".yaml</a> · <code>rulespec amend " << html_escape(p.amendment.file) << "</code></p></div>\n";
  }
  os << "</div></section>\n";
  return os.str();
}

std::string repair_page(const std::vector<RepairResult>& results) {
  std::ostringstream os;
  os << "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>rulespec repair</title>\n<style>"
        "body{font-family:sans-serif;margin:1.5em auto;max-width:1400px;padding:0 1em;line-height:1.35}"
        "h1{font-size:1.4em}h2{font-size:1.1em;margin-top:1.6em;border-bottom:1px solid #ccd}h3{font-size:1em;margin:.2em 0}"
        ".cols{display:flex;gap:12px;overflow-x:auto}.col{flex:0 0 330px;min-width:0;border:1px solid #ccc;padding:6px 8px;font-size:13px;"
        "overflow-wrap:anywhere}"
        ".best{border:2px solid #070;background:#f5fbf5}.cost{color:#333;font-style:italic}.meta{color:#555;font-size:12px}"
        ".none{background:#fbf5f0;border:1px solid #dcb;padding:.5em}.case{margin:.3em 0}.diagram svg{max-width:100%;height:auto}"
        "code{font-size:12px;overflow-wrap:anywhere}"
        "</style></head><body>\n<h1>rulespec repair: amendments that remove findings, least cost first</h1>\n"
        "<p>Cost, compared in order: properties broken and conflicts added, findings that appear, verdicts moved among the cases "
        "the text settles, settings changed (docs/repair.md). Each proposal is an amendment file that <code>rulespec amend</code> "
        "accepts.</p>\n<ul>";
  for (const auto& r : results)
    os << "<li><a href=\"#" << html_escape(r.finding) << "\">" << html_escape(r.finding) << "</a>: "
       << (r.proposals.empty() ? "no change within the catalogs" : html_escape(changes_text(r.proposals.front()))) << "</li>";
  os << "</ul>\n";
  for (const auto& r : results) os << proposals_html(r);
  os << "</body></html>\n";
  return os.str();
}

void print_result(const RepairResult& r, const std::string& dir, std::ostream& os) {
  os << "repair " << r.finding << " (" << r.kind << ", " << r.severity << "): " << r.summary << "\n";
  os << "Searched: " << searched(r, 8)
     << "; " << r.tried << " amendment" << (r.tried == 1 ? "" : "s") << " evaluated in " << seconds_text(r.seconds) << " s.\n";
  if (r.proposals.empty()) {
    os << "No change within the catalogs removes it. The fix needs " << r.missing << ".\n";
  } else {
    os << r.proposals.size() << " proposal" << (r.proposals.size() == 1 ? " removes" : "s remove") << " it, least cost first:\n";
    if (r.proposals.front().broken > 0)
      os << "  Every proposal adds an inconsistency (a property that held fails, or a conflict appears): the catalogs hold no "
            "clean fix; read each one's amend answer before adopting it.\n";
    for (std::size_t k = 0; k < r.proposals.size(); ++k) {
      const auto& p = r.proposals[k];
      const std::string file = (std::filesystem::path(dir) / ("proposal-" + std::to_string(k + 1) + ".yaml")).string();
      os << "  " << k + 1 << ". " << changes_text(p) << "\n     cost: " << cost_text(p) << "\n";
      if (!p.settled_cases_moved.empty()) os << "     verdicts moved: " << first_of(p.settled_cases_moved, 4) << "\n";
      if (!p.also_resolved.empty()) os << "     also removes: " << first_of(p.also_resolved, 4) << "\n";
      if (!p.witness_cleared.empty()) os << "     replays that no longer show the claim: " << first_of(p.witness_cleared, 4) << "\n";
      if (k == 0) os << "     " << p.proof << "\n";
      os << "     amendment: " << file << " (check: rulespec amend " << file << ")\n";
    }
  }
  if (!r.kept.empty()) os << "Left the finding in place: " << first_of(r.kept, 6) << ".\n";
  if (!r.refused.empty()) os << "Refused by the catalogs: " << first_of(r.refused, 3) << ".\n";
  if (!r.unevaluated.empty()) os << "Not evaluated (a setting no model executes): " << first_of(r.unevaluated, 3) << ".\n";
}

}  // namespace

void attach_repairs(const Spec& spec, const std::vector<Case>& cases, const SuiteOptions& opt, const std::string& out_dir,
                    bool cache, SuiteResult& result) {
  std::map<std::string, std::vector<const Finding*>> by_codex;
  for (const auto& f : result.findings)
    if (f.severity == "defect" || f.severity == "wording")
      for (const auto& rs : f.rulesets)
        if (spec.has_ruleset(rs)) {
          by_codex[spec.ruleset(rs).codex].push_back(&f);
          break;
        }
  const std::string cache_dir = cache ? amend_cache_dir() : std::string();
  for (const auto& [codex, findings] : by_codex) {
    const RepairBase before = repair_base(spec, cases, opt, codex, cache_dir);
    for (const Finding* f : findings) {
      const std::string rel = "repair/" + f->id;
      const std::string dir = (std::filesystem::path(out_dir) / rel).string();
      const RepairResult r = repair_finding(spec, cases, opt, before, f->id, 2, (std::filesystem::path(dir) / "proposal-").string());
      SuiteResult::Repair summary{.missing = r.missing, .proposals = static_cast<int>(r.proposals.size())};
      for (std::size_t k = 0; k < r.proposals.size(); ++k)
        summary.files.emplace_back(rel + "/proposal-" + std::to_string(k + 1) + ".yaml", r.proposals[k].yaml);
      if (!r.certificate.empty()) summary.files.emplace_back(rel + "/certificate.smt2", r.certificate);
      if (!r.proposals.empty()) {
        summary.best = changes_text(r.proposals.front());
        summary.cost = cost_text(r.proposals.front());
        summary.file = rel + "/proposal-1.yaml";
      }
      result.repairs[f->id] = summary;
    }
  }
}

int repair(const RepairArgs& args) {
  const auto start = std::chrono::steady_clock::now();
  const Spec base = Spec::load_dir(spec_dir());
  const auto cases = load_cases(cases_dir(), base);
  SuiteOptions opt;
  opt.seed = args.seed;
  opt.jobs = args.jobs;

  // The findings to repair, grouped by codex so that each codex is run once as written.
  std::vector<std::string> ids = args.ids;
  std::map<std::string, std::string> codex_of;
  auto codex_of_id = [&](const std::string& id) { return finding_codex(base, id); };
  if (!args.codex.empty() && !base.codex(args.codex)) {
    std::cerr << "repair: unknown codex '" << args.codex << "': " << suggestion(args.codex, codex_ids(base), "") << "\n";
    return 2;
  }
  if (args.all) {
    for (const auto& n : base.findings_register().notes)
      if ((n.severity == "defect" || n.severity == "wording") && (args.codex.empty() || codex_of_id(n.id) == args.codex))
        ids.push_back(n.id);
  }
  if (ids.empty()) {
    std::cerr << "repair: name a finding (rulespec list findings), or --all\n";
    return 2;
  }
  for (const auto& id : ids) {
    const std::string cx = codex_of_id(id);
    if (cx.empty() || !base.findings_register().note(id)) {
      std::vector<std::string> known;
      for (const auto& n : base.findings_register().notes)
        if (n.severity == "defect" || n.severity == "wording") known.push_back(n.id);
      std::cerr << "repair: unknown finding '" << id << "' (repair takes defect and wording findings): "
                << suggestion(id, known, "see 'rulespec list findings'") << "\n";
      return 2;
    }
    codex_of[id] = cx;
  }
  const std::string cache_dir = amend_cache_dir();

  std::map<std::string, RepairBase> bases;
  std::vector<RepairResult> results;
  int exit_code = 0;
  for (const auto& id : ids) {
    const std::string& cx = codex_of[id];
    if (!bases.count(cx)) bases.emplace(cx, repair_base(base, cases, opt, cx, cache_dir));
    const auto& before = bases.at(cx);
    const std::string dir = (std::filesystem::path(args.out) / id).string();
    RepairResult r;
    try {
      r = repair_finding(base, cases, opt, before, id, args.max_changes, (std::filesystem::path(dir) / "proposal-").string(), args.every_setting);
    } catch (const std::runtime_error& e) {
      std::cout << "repair " << id << ": " << e.what() << "\n\n";
      exit_code = 1;
      continue;
    }
    write_proposals(r, dir);
    print_result(r, dir, std::cout);
    std::cout << "\n";
    results.push_back(std::move(r));
  }
  if (!results.empty()) {
    const std::string page = (std::filesystem::path(args.out) / "index.html").string();
    write_file_atomic(page, repair_page(results));
    std::cout << "page: " << page << "\n";
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cerr << "repair: " << ids.size() << " finding" << (ids.size() == 1 ? "" : "s") << " in " << seconds_text(seconds) << " s\n";
  return exit_code;
}

}  // namespace rulespec::cli
