// explain --json: what `explain` prints of a clause, a ruleset's own rule, a case or a finding, as
// one JSON object per id (a JSON array for several), each stamped with the version and commit
// that computed it, for a paper to cite and a script to read.
#include <algorithm>
#include <iostream>
#include <memory>
#include <set>

#include "cli/commands.hpp"
#include "cases/case.hpp"
#include "properties/property.hpp"
#include "queries/switches.hpp"
#include "reports/report.hpp"
#include "spec/build_info.hpp"
#include "spec/reads.hpp"
#include "suite/suite.hpp"

namespace rulespec::cli {

namespace {

// A path inside the tree as the tree names it (cases/go/...), the same on every machine.
std::string relative_to_tree(const std::string& path) {
  const std::string root = source_root() + "/";
  return path.rfind(root, 0) == 0 ? path.substr(root.size()) : path;
}

Json stamp() { return {{"version", rulespec_version()}, {"commit", rulespec_commit()}}; }

Json clause_json(const Spec& spec, const std::vector<Case>& cases, const Clause& c) {
  const Codex* cx = spec.codex(c.codex);
  Json j{{"entry", "clause"}, {"id", c.id}, {"codex", c.codex}, {"source", cx ? cx->source : ""},
         {"provenance", cx ? cx->provenance : ""}, {"ref", c.ref},
         {"kind", c.kind}, {"status", c.status}, {"board", c.board}, {"statement", c.statement}};
  if (c.first_line) j["lines"] = {c.first_line, c.last_line};
  if (cx && c.first_line)
    if (const auto* lines = source_lines(*cx)) {
      Json text = Json::array();
      for (int l = c.first_line; l <= c.last_line && l <= static_cast<int>(lines->size()); ++l)
        text.push_back(lines->at(static_cast<std::size_t>(l - 1)));
      j["text"] = text;
    }
  if (!c.why.empty()) j["why"] = c.why;
  if (!c.note.empty()) j["note"] = c.note;
  if (!c.not_a_finding.empty()) j["not_a_finding"] = c.not_a_finding;
  if (const ClauseSwitch* sw = find_clause_switch(c.id)) j["switch"] = sw->without;
  if (!c.not_decisive.empty()) j["not_decisive"] = c.not_decisive;
  Json readings = Json::array();
  for (const auto& r : c.readings) {
    Json x{{"id", r.id}, {"statement", r.statement}};
    if (!r.unusual.empty()) x["unusual"] = r.unusual;
    if (!r.proposal.empty()) x["proposal"] = r.proposal;
    readings.push_back(x);
  }
  j["readings"] = readings;
  Json relations = Json::array();
  for (const auto& r : c.relations) relations.push_back({{"kind", r.kind}, {"target", r.target}});
  j["relations"] = relations;
  Json by = Json::array();
  for (const auto& k : cases)
    if (std::find(k.clauses.begin(), k.clauses.end(), c.id) != k.clauses.end()) by.push_back("case:" + k.id);
  for (const auto& p : properties())
    if (std::find(p.clauses.begin(), p.clauses.end(), c.id) != p.clauses.end()) by.push_back("property:" + p.id);
  for (const auto& a : analyses())
    if (std::find(a.clauses.begin(), a.clauses.end(), c.id) != a.clauses.end()) by.push_back("analysis:" + a.id);
  j["exercised_by"] = by;
  return j;
}

Json rule_json(const SourceRule& rule, const RulesetDecl& by) {
  return {{"entry", "ruleset-rule"}, {"id", rule.id}, {"ruleset", by.id}, {"ref", rule.ref}, {"statement", rule.statement},
          {"forbids", rule.forbids}, {"ruleset_title", by.title}};
}

Json case_json(const Spec& spec, const Case& c, const ExplainArgs& a) {
  Json j{{"entry", "case"}, {"id", c.id}, {"game", c.game}, {"query", c.query}, {"file", relative_to_tree(c.file)}, {"clauses", c.clauses},
         {"input", to_json(c.input)}};
  if (!c.source.empty()) j["source"] = c.source;
  if (!c.finding.empty()) j["witness_of"] = c.finding;
  std::vector<std::unique_ptr<ClauseSwitchedOff>> off;
  for (const auto& w : a.without) off.push_back(std::make_unique<ClauseSwitchedOff>(w));
  if (!a.without.empty()) j["without"] = a.without;
  Json runs = Json::array();
  for (const auto& [rs, expected] : c.expect) {
    if (!a.ruleset.empty() && rs != a.ruleset) continue;
    const DecidedRun run = run_case_deciding(spec, c, rs, a.without);
    const CaseResult& r = run.result;
    // The request that shows the answer: what `rulespec oracle` reads, one line.
    const Value request = case_request(c, rs);
    runs.push_back({{"ruleset", rs}, {"expected", to_json(expected)}, {"actual", to_json(r.actual)}, {"holds", r.pass},
                    {"decisive_for", run.decisive}, {"oracle_request", to_json(request)}});
  }
  j["runs"] = runs;
  return j;
}

}  // namespace

// The JSON of one id, or null (with the error on stderr) when it names nothing.
Json explain_json(const Spec& spec, const std::vector<Case>& cases, const std::string& id, const ExplainArgs& args,
                  const std::function<const AnalysisOutcome&(const AnalysisInfo&)>& replayed) {
  Json j;
  for (const auto& c : cases)
    if (c.id == id) j = case_json(spec, c, args);
  if (j.is_null() && id.rfind("F-", 0) == 0) {
    const std::string codex = finding_codex(spec, id);
    for (const auto& a : analyses()) {
      if (!j.is_null() || (!codex.empty() && !analysis_about(a, codex))) continue;
      for (const auto& f : replayed(a).findings)
        if (f.id == id) {
          j = finding_json(f, SuiteResult{});
          j["entry"] = "finding";
          Json checks = Json::array();
          for (const auto& check : check_finding(spec, cases, f))
            checks.push_back({{"property", check.property}, {"holds", check.pass}, {"detail", check.detail}});
          j["checks"] = checks;
          j["reviewed"] = static_cast<bool>(f.note);
        }
    }
  }
  if (j.is_null())
    if (const Clause* c = spec.clause(id)) j = clause_json(spec, cases, *c);
  const RulesetDecl* by = nullptr;
  if (j.is_null())
    if (const SourceRule* rule = spec.source_rule(id, &by)) j = rule_json(*rule, *by);
  if (j.is_null()) {
    std::cerr << "explain: unknown clause, rule, finding or case id '" << id << "' (see 'rulespec list clauses', 'list cases' or 'list findings')\n";
    return j;
  }
  j["rulespec"] = stamp();
  return j;
}

}  // namespace rulespec::cli
