// rulespec amend: a codex against itself with an amendment applied, told to the committee that
// wrote it. The first lines are the verdict and the news (findings that appear or are resolved,
// inconsistencies, how many verdicts change and where); then what the amendment sets, each
// changed case as a sentence of what differs, and every command that replays a claim. With
// --out DIR the same answer is written as DIR/amend.html (self-contained, diagrams inline).
#include <chrono>
#include <filesystem>
#include <iostream>
#include <map>
#include <sstream>
#include <thread>

#include "cli/commands.hpp"
#include "spec/suggest.hpp"
#include "amend/amend_eval.hpp"
#include "amend/amend_words.hpp"
#include "reports/json_value.hpp"
#include "reports/report.hpp"

namespace rulespec::cli {
namespace {

using Eval = AmendmentEvaluation;

std::string plural(std::size_t n, const std::string& one, const std::string& many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// "scoring 12, notation 1", most first.
std::string per_topic(const std::vector<Eval::ChangedCase>& cases) {
  std::map<std::string, int> count;
  for (const auto& c : cases) ++count[c.topic.empty() ? "other" : c.topic];
  std::vector<std::pair<std::string, int>> rows(count.begin(), count.end());
  std::stable_sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  std::string out;
  for (const auto& [t, n] : rows) out += (out.empty() ? "" : ", ") + t + " " + std::to_string(n);
  return out;
}

// The changed cases whose outcome moved (or, with outcomes false, only their labels).
std::vector<Eval::ChangedCase> outcome_cases(const Eval& e, bool outcomes) {
  std::vector<Eval::ChangedCase> out;
  for (const auto& c : e.cases)
    if (c.label_only != outcomes) out.push_back(c);
  return out;
}

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : ", ") + i;
  return out;
}

// "under ing-1996" or "under ing-1996 and 5 more rulesets (...)".
std::string under(const std::vector<std::string>& rulesets) {
  if (rulesets.size() == 1) return "under " + rulesets.front();
  return "under " + std::to_string(rulesets.size()) + " rulesets (" + joined(rulesets) + ")";
}

// The paragraph a committee member reads first, one sentence a line.
std::vector<std::string> summary(const Eval& e) {
  std::vector<std::string> s;
  for (const auto& line : e.headline()) s.push_back(line);
  if (!e.appear.empty()) {
    s.push_back(plural(e.appear.size(), "finding appears", "findings appear") + ":");
    for (const auto& f : e.appear) s.push_back("  + [" + f.kind + "] " + f.summary + " (" + f.id + ")");
  }
  if (!e.resolved.empty()) {
    s.push_back(plural(e.resolved.size(), "finding is resolved", "findings are resolved") + ":");
    for (const auto& f : e.resolved) s.push_back("  - [" + f.kind + "] " + f.summary + " (" + f.id + ")");
  }
  if (e.appear.empty() && e.resolved.empty()) s.push_back("No finding appears and none is resolved.");
  for (const auto& i : e.inconsistencies) s.push_back("  ! no longer holds: " + i.sentence + " (" + i.property + ", " + under(i.rulesets) + ")");
  if (e.cases.empty()) {
    s.push_back("No case verdict changes.");
  } else {
    std::size_t broken = 0, labels = 0;
    for (const auto& c : e.cases) {
      labels += c.label_only;
      broken += !c.expected_after && !c.label_only;
    }
    const std::size_t outcomes = e.cases.size() - labels;
    if (outcomes)
      s.push_back(plural(outcomes, "case outcome changes", "case outcomes change") + " (" + per_topic(outcome_cases(e, true)) + "); " +
                  std::to_string(broken) + " of them no longer give what the codex as written expects.");
    else
      s.push_back("No case outcome changes.");
    if (labels)
      s.push_back(plural(labels, "case keeps its outcome and only changes a label", "cases keep their outcome and only change a label") +
                  " (the reason, the clause or the table row cited).");
  }
  if (!e.reword.empty())
    s.push_back(plural(e.reword.size(), "article of the codex as written says", "articles of the codex as written say") +
                " something the amendment makes false and must be reworded (listed below).");
  if (!e.unexercised.empty())
    s.push_back(plural(e.unexercised.size(), "property finds", "properties find") +
                " nothing left to test under the amendment (not a failure; listed below).");
  if (!e.unhandled.empty())
    s.push_back(plural(e.unhandled.size(), "item meets", "items meet") + " a setting the models do not execute (listed below).");
  if (!e.not_switchable.empty())
    s.push_back(plural(e.not_switchable.size(), "removed clause is", "removed clauses are") +
                " still applied by the models, which cannot switch them off (listed below).");
  if (!e.unexercised_settings.empty())
    s.push_back(plural(e.unexercised_settings.size(), "setting changes", "settings change") +
                " no answer of any case, property or analysis: nothing shows what it decides (listed below).");
  if (!e.executed_as.empty()) s.push_back("The models execute some of its settings as others (listed below).");
  return s;
}

std::string case_sentence(const Eval::ChangedCase& c) {
  return c.case_id + " under " + c.ruleset + (c.topic.empty() ? "" : " (" + c.topic + ")") + ": " + c.sentence +
         (c.label_only ? "" : c.expected_after ? " The expectation written for the codex as written still holds."
                                                : " The codex as written expected otherwise.");
}

void print_text(const Eval& e, std::ostream& os) {
  os << "Amendment " << e.id << " to " << e.codex << ": " << e.title << "\n\n";
  for (const auto& line : summary(e)) os << line << "\n";
  os << "\nWhat it sets\n";
  for (const auto& r : e.rulesets) {
    os << "  " << r.ruleset << " (" << r.why << "):";
    for (const auto& c : r.changes) os << (r.changes.size() > 1 ? "\n    " : " ") << c;
    os << "\n";
  }
  if (e.rulesets.empty()) os << "  no param or reading of any ruleset\n";
  for (const auto& c : e.clauses_changed) os << "  " << c << "\n";
  os << "  why: " << e.rationale << "\n";
  if (!e.source.empty()) os << "  source: " << e.source << "\n";
  for (const auto& x : e.executed_as) os << "  note: " << x << "\n";

  auto findings = [&](const char* heading, const std::vector<Eval::FindingChange>& list) {
    if (list.empty()) return;
    os << "\n" << heading << "\n";
    for (const auto& f : list) {
      os << "  " << f.id << " (" << f.kind << (f.severity == "unreviewed" ? ", not yet reviewed" : ", " + f.severity) << "): " << f.summary << "\n";
      for (const auto& [id, statement] : f.clauses) os << "    " << id << ": " << statement << "\n";
      if (!f.why_not_evaluated.empty()) os << "    not evaluated: " << f.why_not_evaluated << "\n";
      if (!f.replay.empty()) os << "    replay: " << f.replay << "\n";
    }
  };
  if (!e.replaced.empty()) {
    os << "\nStatements it replaces\n";
    for (const auto& r : e.replaced)
      os << "  " << r.clause << " (" << r.ref << ")\n    as written: " << r.before << "\n    amended:    " << r.after << "\n";
  }
  if (!e.reword.empty()) {
    os << "\nArticles you must reword (their words the amendment makes false)\n";
    for (const auto& r : e.reword) {
      os << "  " << r.ref << " (" << r.clause << (r.first_line ? ", " + lines_text(r.first_line, r.last_line) : std::string()) << "): " << r.statement << "\n";
      for (const auto& why : r.why) os << "    - " << why << "\n";
    }
  }
  findings("Findings that appear", e.appear);
  findings("Conflicts of the codex as written that remain", e.conflicts);
  findings("Findings resolved", e.resolved);
  findings("Findings not evaluated on the amended codex", e.not_evaluated);

  if (!e.inconsistencies.empty()) {
    os << "\nInconsistencies (a property that held on the codex as written fails on the amended one)\n";
    for (const auto& i : e.inconsistencies) {
      os << "  " << i.property << " " << under(i.rulesets) << " no longer holds: " << i.sentence << "\n";
      os << "    clauses:";
      for (const auto& c : i.clauses) os << " " << c;
      os << "\n";
      if (!i.counterexample.empty()) os << "    counterexample: " << i.counterexample << "\n";
      if (!i.because.empty()) os << "    why it fails: " << i.because << "\n";
      os << "    replay: " << i.replay << "\n";
    }
  }
  for (const bool outcomes : {true, false}) {
    const auto list = outcome_cases(e, outcomes);
    if (list.empty()) continue;
    os << (outcomes ? "\nCases whose outcome changes\n" : "\nCases whose outcome stays and only a label changes\n");
    for (const auto& c : list) os << "  " << case_sentence(c) << "\n    replay: " << c.replay << "\n";
  }
  if (!e.unexercised.empty()) {
    os << "\nProperties with nothing left to test under the amendment\n";
    for (const auto& u : e.unexercised) os << "  " << u.property << " " << under(u.rulesets) << ": " << u.detail << "\n";
  }
  if (!e.restored.empty()) {
    os << "\nProperties that failed on the base codex and hold now\n";
    for (const auto& r : e.restored) os << "  " << r << "\n";
  }
  if (!e.unhandled.empty()) {
    os << "\nSettings the models do not execute (give the value or reading `equivalent_to:` one they do, or leave it out)\n";
    for (const auto& u : e.unhandled) os << "  " << u << "\n";
  }
  if (!e.not_switchable.empty()) {
    os << "\nRemoved clauses the models still apply (no switch: what depends on them is answered as if they were there)\n";
    for (const auto& u : e.not_switchable) os << "  " << u << "\n";
  }
  if (!e.unexercised_settings.empty()) {
    os << "\nSettings no case exercises\n";
    for (const auto& u : e.unexercised_settings) os << "  " << u << "\n";
  }
  if (!e.problems.empty()) {
    os << "\nProblems\n";
    for (const auto& p : e.problems) os << "  " << p << "\n";
  }
  os << "\nWhole run: rulespec verify --codex " << e.codex << " --amendment " << e.file << "\n";
}

// The same answer as data: the text's verdict and every list it prints, keyed as the evaluation
// names them (docs/amendments.md, "The JSON answer"); the diagrams are left to the page.
Json amend_json(const Eval& e) {
  auto finding_changes = [](const std::vector<Eval::FindingChange>& list) {
    Json out = Json::array();
    for (const auto& f : list) {
      Json clauses = Json::array();
      for (const auto& [id, statement] : f.clauses) clauses.push_back({{"id", id}, {"statement", statement}});
      Json j = {{"id", f.id}, {"kind", f.kind}, {"severity", f.severity}, {"summary", f.summary}, {"clauses", clauses}, {"replay", f.replay}};
      if (!f.why_not_evaluated.empty()) j["why_not_evaluated"] = f.why_not_evaluated;
      out.push_back(std::move(j));
    }
    return out;
  };
  Json rulesets = Json::array();
  for (const auto& r : e.rulesets) rulesets.push_back({{"ruleset", r.ruleset}, {"why", r.why}, {"changes", r.changes}});
  Json cases = Json::array();
  for (const auto& c : e.cases) {
    Json fields = Json::array();
    for (const auto& f : c.fields) fields.push_back({{"path", f.path}, {"before", f.before}, {"after", f.after}});
    Json one = {{"case", c.case_id}, {"ruleset", c.ruleset}, {"topic", c.topic}, {"before", to_json(c.before)}, {"after", to_json(c.after)},
                {"fields", fields}, {"sentence", c.sentence}, {"label_only", c.label_only}, {"expected_after", c.expected_after}, {"replay", c.replay}};
    if (!c.svg.empty()) one["svg"] = c.svg;  // the position, as amend.html draws it
    if (!c.svg_result_before.empty()) one["svg_result_before"] = c.svg_result_before;
    if (!c.svg_result_after.empty()) one["svg_result_after"] = c.svg_result_after;
    cases.push_back(std::move(one));
  }
  Json inconsistencies = Json::array();
  for (const auto& i : e.inconsistencies)
    inconsistencies.push_back({{"property", i.property}, {"sentence", i.sentence}, {"rulesets", i.rulesets}, {"clauses", i.clauses},
                               {"counterexample", i.counterexample}, {"because", i.because}, {"witness", to_json(i.witness)}, {"replay", i.replay}});
  Json replaced = Json::array();
  for (const auto& r : e.replaced) replaced.push_back({{"clause", r.clause}, {"ref", r.ref}, {"before", r.before}, {"after", r.after}});
  Json reword = Json::array();
  for (const auto& r : e.reword)
    reword.push_back({{"clause", r.clause}, {"ref", r.ref}, {"statement", r.statement}, {"lines", {r.first_line, r.last_line}}, {"why", r.why}, {"claims", r.claims}});
  Json unexercised = Json::array();
  for (const auto& u : e.unexercised) unexercised.push_back({{"property", u.property}, {"detail", u.detail}, {"rulesets", u.rulesets}});
  return {{"amendment", {{"id", e.id}, {"codex", e.codex}, {"title", e.title}, {"rationale", e.rationale}, {"source", e.source}, {"file", e.file}}},
          {"headline", e.headline()},
          {"amendment_verdict", e.amendment_verdict},
          {"not_fully_evaluated_because", e.not_fully_evaluated_because},
          {"verdict", e.verdict},
          {"adds_inconsistency", e.adds_inconsistency},
          {"summary", summary(e)},
          {"replaced", replaced},
          {"reword", reword},
          {"rulesets", rulesets},
          {"clauses_changed", e.clauses_changed},
          {"executed_as", e.executed_as},
          {"cases", cases},
          {"inconsistencies", inconsistencies},
          {"unexercised", unexercised},
          {"restored", e.restored},
          {"appear", finding_changes(e.appear)},
          {"resolved", finding_changes(e.resolved)},
          {"not_evaluated", finding_changes(e.not_evaluated)},
          {"conflicts", finding_changes(e.conflicts)},
          {"unhandled", e.unhandled},
          {"not_switchable", e.not_switchable},
          {"unexercised_settings", e.unexercised_settings},
          {"problems", e.problems},
          {"items", e.items},
          {"items_run", e.items_run}};
}

std::string amend_html(const Eval& e) {
  std::ostringstream os;
  os << "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>rulespec: amendment " << html_escape(e.id)
     << "</title>\n<style>"
        "body{font-family:sans-serif;margin:1.5em auto;max-width:1300px;padding:0 1em;line-height:1.35}"
        "h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.4em}"
        "#summary{background:#f4f6fa;border:1px solid #ccd;padding:.6em 1em}#summary p{margin:.25em 0}"
        ".verdict{font-weight:bold}.adds-inconsistency{color:#a00}.adds-no-inconsistency{color:#070}.not-fully-evaluated{color:#8a5a00}"
        ".codex-as-written{font-weight:normal;color:#333}.old{background:#fbf3f3}.new{background:#f1f8f1}td.pos{width:340px}td.pos svg{width:320px}"
        "@media print{body{max-width:none;margin:0}.replay{display:none}tr{break-inside:avoid}}"
        "table{border-collapse:collapse;width:100%;table-layout:fixed}"
        "td,th{border:1px solid #ccc;padding:4px 6px;font-size:13px;vertical-align:top;overflow-wrap:anywhere}"
        "th{background:#eee;text-align:left}td svg{max-width:100%;height:auto}"
        "code{font-size:12px}ul{padding-left:1.4em}.replay{color:#555;font-size:12px}"
        "</style></head><body>\n";
  os << "<h1>Amendment <code>" << html_escape(e.id) << "</code> to " << html_escape(e.codex) << ": " << html_escape(e.title) << "</h1>\n";
  os << "<div id=\"summary\">\n";
  std::size_t k = 0;
  for (const auto& line : summary(e)) {
    const std::string cls = k == 0   ? " class=\"verdict " + e.amendment_verdict + "\""
                            : k == 1 ? " class=\"verdict codex-as-written\""
                                     : std::string();
    os << "<p" << cls << ">" << html_escape(line) << "</p>\n";
    ++k;
  }
  os << "</div>\n<h2>What it sets</h2>\n<ul>\n";
  for (const auto& r : e.rulesets) {
    os << "<li><b>" << html_escape(r.ruleset) << "</b> (" << html_escape(r.why) << "): ";
    for (std::size_t i = 0; i < r.changes.size(); ++i) os << (i ? "; " : "") << html_escape(r.changes[i]);
    os << "</li>\n";
  }
  for (const auto& c : e.clauses_changed) os << "<li>" << html_escape(c) << "</li>\n";
  for (const auto& x : e.executed_as) os << "<li>note: " << html_escape(x) << "</li>\n";
  os << "</ul>\n<p>" << html_escape(e.rationale) << "</p>\n";
  if (!e.source.empty()) os << "<p>Source: " << html_escape(e.source) << "</p>\n";

  auto findings = [&](const char* heading, const std::vector<Eval::FindingChange>& list) {
    if (list.empty()) return;
    os << "<h2>" << heading << "</h2>\n<ul>\n";
    for (const auto& f : list) {
      os << "<li><code>" << html_escape(f.id) << "</code> (" << html_escape(f.kind) << "): " << html_escape(f.summary) << "<ul>";
      for (const auto& [id, st] : f.clauses) os << "<li><code>" << html_escape(id) << "</code>: " << html_escape(st) << "</li>";
      os << "</ul>";
      if (!f.why_not_evaluated.empty()) os << "<div>not evaluated: " << html_escape(f.why_not_evaluated) << "</div>";
      if (!f.replay.empty()) os << "<div class=\"replay\">replay: <code>" << html_escape(f.replay) << "</code></div>";
      os << "</li>\n";
    }
    os << "</ul>\n";
  };
  if (!e.replaced.empty()) {
    os << "<h2 id=\"replaced\">Statements it replaces</h2>\n<table><tr><th>clause</th><th>as written</th><th>amended</th></tr>\n";
    for (const auto& r : e.replaced)
      os << "<tr><td><code>" << html_escape(r.clause) << "</code><br>" << html_escape(r.ref) << "</td><td class=\"old\">" << html_escape(r.before)
         << "</td><td class=\"new\">" << html_escape(r.after) << "</td></tr>\n";
    os << "</table>\n";
  }
  os << "<h2 id=\"reword\">Articles you must reword (" << e.reword.size() << ")</h2>\n";
  if (e.reword.empty()) os << "<p>None: no claim or example of the codex as written is made false by the amendment.</p>\n";
  else {
    os << "<ul>\n";
    for (const auto& r : e.reword) {
      os << "<li><b>" << html_escape(r.ref) << "</b> (<code>" << html_escape(r.clause) << "</code>"
         << (r.first_line ? ", " + lines_text(r.first_line, r.last_line) : std::string()) << "): " << html_escape(r.statement) << "<ul>";
      for (const auto& why : r.why) os << "<li>" << html_escape(why) << "</li>";
      os << "</ul></li>\n";
    }
    os << "</ul>\n";
  }
  findings("Findings that appear", e.appear);
  findings("Conflicts of the codex as written that remain", e.conflicts);
  findings("Findings resolved", e.resolved);
  findings("Findings not evaluated on the amended codex", e.not_evaluated);

  if (!e.inconsistencies.empty()) {
    os << "<h2 id=\"inconsistencies\">Inconsistencies</h2>\n<table><colgroup><col style=\"width:30%\"><col style=\"width:45%\"><col style=\"width:25%\"></colgroup>"
          "<tr><th>property</th><th>what no longer holds</th><th>counterexample</th></tr>\n";
    for (const auto& i : e.inconsistencies)
      os << "<tr><td><code>" << html_escape(i.property) << "</code> " << html_escape(under(i.rulesets)) << "</td><td>" << html_escape(i.sentence)
         << (i.because.empty() ? std::string() : "<div>why it fails: " + html_escape(i.because) + "</div>")
         << "<div class=\"replay\">replay: <code>" << html_escape(i.replay) << "</code></div></td><td>"
         << i.svg << html_escape(i.counterexample) << "</td></tr>\n";
    os << "</table>\n";
  }
  for (const bool outcomes : {true, false}) {
    const auto cases = outcome_cases(e, outcomes);
    if (!outcomes && cases.empty()) continue;
    os << (outcomes ? "<h2 id=\"cases\">Cases whose outcome changes (" : "<h2 id=\"label-cases\">Cases whose outcome stays, only a label changes (")
       << cases.size() << ")</h2>\n";
    if (cases.empty()) {
      os << "<p>None.</p>\n";
      continue;
    }
    os << "<table><colgroup><col style=\"width:20%\"><col><col style=\"width:11%\"><col style=\"width:340px\"></colgroup>"
          "<tr><th>case</th><th>what changes</th><th>the codex as written expected</th><th>position</th></tr>\n";
    for (const auto& c : cases) {
      os << "<tr id=\"case-" << html_escape(c.case_id) << "-" << html_escape(c.ruleset) << "\"><td><code>" << html_escape(c.case_id)
         << "</code><br>under " << html_escape(c.ruleset) << (c.topic.empty() ? "" : "<br>topic: " + html_escape(c.topic)) << "</td><td>"
         << html_escape(c.sentence) << "<div class=\"replay\">replay: <code>" << html_escape(c.replay) << "</code></div></td><td>"
         << (c.label_only ? "the same outcome" : c.expected_after ? "this, still" : "otherwise") << "</td><td class=\"pos\">" << c.svg
         << (c.svg_result_before.empty() ? std::string() : "<div>as written:</div>" + c.svg_result_before)
         << (c.svg_result_after.empty() ? std::string() : "<div>under the amendment:</div>" + c.svg_result_after) << "</td></tr>\n";
    }
    os << "</table>\n";
  }
  auto list = [&](const char* heading, const std::vector<std::string>& items) {
    if (items.empty()) return;
    os << "<h2>" << heading << "</h2>\n<ul>\n";
    for (const auto& i : items) os << "<li>" << html_escape(i) << "</li>\n";
    os << "</ul>\n";
  };
  std::vector<std::string> unexercised;
  for (const auto& u : e.unexercised) unexercised.push_back(u.property + " " + under(u.rulesets) + ": " + u.detail);
  list("Properties with nothing left to test under the amendment", unexercised);
  list("Properties that failed on the base codex and hold now", e.restored);
  list("Settings the models do not execute", e.unhandled);
  list("Removed clauses the models still apply", e.not_switchable);
  list("Settings no case exercises", e.unexercised_settings);
  list("Problems", e.problems);
  os << "<p class=\"replay\">Whole run: <code>rulespec verify --codex " << html_escape(e.codex) << " --amendment " << html_escape(e.file)
     << "</code></p>\n</body></html>\n";
  return os.str();
}

// The clause whose readings fix a param (Reading::sets), or "".
std::string fixed_by(const Codex& cx, const std::string& param) {
  for (const auto& c : cx.clauses)
    for (const auto& r : c.readings)
      for (const auto& [name, value] : r.sets)
        if (name == param) return c.id;
  return {};
}

// A YAML scalar as the template writes it.
std::string yaml_scalar(const Value& v) { return v.is_string() ? v.as_string() : v.dump(); }

}  // namespace

int amend_template(const std::string& codex_id) {
  const Spec spec = Spec::load_dir(spec_dir());
  const Codex* cx = spec.codex(codex_id);
  if (!cx) {
    std::cerr << "amend --template: unknown codex '" << codex_id << "': " << suggestion(codex_id, codex_ids(spec), "") << "\n";
    return 2;
  }
  const Ruleset& def = spec.ruleset(cx->rulesets.front().id);
  std::ostream& os = std::cout;
  os << "# A starting amendment to " << cx->id << " (" << cx->title << ").\n"
     << "# Uncomment what you change and delete the rest; docs/amendments.md explains every key.\n"
     << "# Check it:    rulespec lint FILE\n# Evaluate it: rulespec amend FILE [--out DIR]\n"
     << "amendment:\n  id: my-proposal                # lowercase letters, digits and '-'\n  codex: " << cx->id
     << "\n  title: \"What the proposal does, in one line\"\n  rationale: >-\n    Why the committee proposes it.\n"
     << "  source: \"Where the proposal comes from (optional)\"\n"
     << "  # The rulesets it changes (default: all of the codex); rulesets built on them follow unless they set the value themselves.\n"
     << "  rulesets: [" << cx->rulesets.front().id << "]\n";
  os << "\n# params: new values. Each line: the value of the default ruleset " << def.id << ", then what the catalog allows.\n# params:\n";
  for (const auto& p : cx->params) {
    const auto& all = def.all_params();
    os << "#   " << p.id << ": " << (all.count(p.id) ? yaml_scalar(all.at(p.id)) : std::string("~")) << "    # " << p.type;
    if (p.type == "enum") {
      std::string values;
      for (const auto& v : p.values) values += (values.empty() ? "" : " | ") + v;
      os << ": " << values;
    }
    if (p.domain) os << " in " << Value::number(p.domain->min).dump() << ".." << Value::number(p.domain->max).dump()
                     << (p.domain->step > 0 ? " by " + Value::number(p.domain->step).dump() : std::string());
    os << (p.unit.empty() ? "" : " (" + p.unit + ")");
    for (const auto& [from, eq] : p.equivalent) os << "; " << from << " is executed as " << eq.to;
    if (const std::string clause = fixed_by(*cx, p.id); !clause.empty()) os << "; set by the reading of " << clause << ", choose that instead";
    os << "\n";
  }
  os << "\n# readings: which reading the rulesets take of a clause whose text admits several.\n# readings:\n";
  for (const auto& c : cx->clauses) {
    if (c.readings.empty()) continue;
    std::string values;
    for (const auto& r : c.readings)
      values += (values.empty() ? "" : " | ") + r.id + (r.equivalent_to ? " (executed as " + r.equivalent_to->to + ")" : std::string());
    os << "#   " << c.id << ": " << def.reading(c.id) << "    # " << values << "\n";
  }
  os << "\n# replace_clauses: a clause's new text (any field of the clause; 'id' names it).\n"
     << "# replace_clauses:\n#   - id: " << cx->clauses.front().id << "\n#     statement: \"The clause as the committee would word it.\"\n"
     << "\n# add_readings: a reading the text admits that the catalog lacks; choose it under readings:.\n"
     << "# 'equivalent_to' says which existing reading the models execute it as, until they implement it.\n"
     << "# add_readings:\n#   - clause: CLAUSE-ID\n#     id: new-reading\n#     statement: \"What the text means under this reading.\"\n"
     << "#     equivalent_to: {reading: EXISTING-READING, why: \"Why the verdicts are those of that reading.\"}\n"
     << "\n# add_clauses: a new clause, written as in the catalog (id, ref, topic, kind, board, statement, status).\n"
     << "# add_clauses:\n#   - id: " << cx->id << ".new-rule\n#     ref: \"Proposal\"\n#     topic: " << cx->clauses.front().topic
     << "\n#     kind: procedure\n#     board: false\n#     statement: \"...\"\n#     status: judgment\n#     why: \"No model executes it yet.\"\n"
     << "\n# remove_clauses: clauses the amendment deletes (no other clause may still refer to them).\n"
     << "# remove_clauses: [CLAUSE-ID]\n";
  if (!cx->decisions.empty())
    os << "\n# decisions: change a decision table (its rows: spec/" << cx->id << ".yaml, decisions:): its hit policy\n"
       << "# (unique | any | first | priority with order: [...]), new values of its enum inputs, rows to add, replace or\n"
       << "# remove.\n"
       << "# decisions:\n#   - id: " << cx->decisions.front().id << "\n#     add_values: {INPUT: [NEW-VALUE]}\n#     add_rows:\n"
       << "#       - {id: new-row, when: {INPUT: VALUE}, outcome: OUTCOME, clause: CLAUSE-ID, line: N}\n";
  return 0;
}

int amend(const AmendArgs& args) {
  const auto start = std::chrono::steady_clock::now();
  const Spec base = Spec::load_dir(spec_dir());
  const Amendment a = load_amendment(args.file, base);
  const auto cases = load_cases(cases_dir(), base);
  SuiteOptions opt;
  opt.seed = args.seed;
  opt.jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  // The codex as written is run once per build and sources, and kept beside the executable; --full
  // runs it again too.
  const std::string cache_dir = args.full ? std::string() : amend_cache_dir();
  const BaseRun before = run_base(base, cases, opt, a.codex, cache_dir);
  const Eval e = evaluate_amendment(base, a, cases, opt, args.full, &before);
  const std::string json = amend_json(e).dump(2) + "\n";
  if (args.json) std::cout << json;
  else print_text(e, std::cout);
  if (!args.out.empty()) {
    std::filesystem::create_directories(args.out);
    const std::string path = (std::filesystem::path(args.out) / "amend.html").string();
    write_file_atomic(path, amend_html(e));
    write_file_atomic((std::filesystem::path(args.out) / "amend.json").string(), json);
    if (!args.json) std::cout << "page: " << path << "\n";
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::ostringstream timing;
  timing.precision(2);
  timing << std::fixed << seconds;
  std::cerr << "amend: " << e.items << " items of " << e.codex << ", " << e.items_run
            << " run again under the amendment (the rest cannot see it"
            << (e.items_run_kept ? "; their outcomes kept from an earlier evaluation of the same change, --full runs all afresh" : "")
            << "), " << timing.str() << " s\n";
  return 0;
}

}  // namespace rulespec::cli
