#include "reports/suite.hpp"

#include <algorithm>
#include <set>

namespace rulespec {

bool SuiteResult::all_pass() const { return failures() == 0; }

int SuiteResult::failures() const {
  int n = static_cast<int>(problems.size());
  for (const auto& c : cases) n += !c.pass;
  for (const auto& p : properties) n += !p.pass;
  for (const auto& a : analyses) n += !a.ok;
  return n;
}

namespace {
bool in_scope(const SuiteOptions& opt, const std::string& codex) { return opt.codex.empty() || opt.codex == codex; }
std::string codex_of(const std::string& clause_id) { return clause_id.substr(0, clause_id.find('.')); }
}  // namespace

SuiteResult run_suite(const Spec& spec, const std::vector<Case>& cases, const SuiteOptions& opt, const Progress& progress) {
  SuiteResult r;
  r.seed = opt.seed;
  auto note = [&](const std::string& clause, const std::string& what) {
    auto& v = r.exercised_by[clause];
    if (std::find(v.begin(), v.end(), what) == v.end()) v.push_back(what);
  };
  auto touches_scope = [&](const std::vector<std::string>& clauses) {
    return std::any_of(clauses.begin(), clauses.end(), [&](const std::string& c) { return in_scope(opt, codex_of(c)); });
  };

  int done = 0;
  for (const auto& c : cases) {
    if (!touches_scope(c.clauses)) continue;
    for (const auto& [rs, expected] : c.expect) r.cases.push_back(run_case(spec, c, rs));
    for (const auto& cl : c.clauses) note(cl, "case:" + c.id);
    if (progress) progress("cases", ++done, static_cast<int>(cases.size()));
  }

  std::vector<std::pair<const PropertyInfo*, const Ruleset*>> jobs;
  for (const auto& p : properties()) {
    if (!touches_scope(p.clauses)) continue;
    for (const auto& rs : spec.rulesets())
      if (p.applies(rs)) jobs.emplace_back(&p, &rs);
  }
  done = 0;
  for (const auto& [p, rs] : jobs) {
    r.properties.push_back(run_property(spec, *p, *rs, opt.seed, opt.property_runs()));
    for (const auto& cl : p->clauses) note(cl, "property:" + p->id);
    if (progress) progress("properties", ++done, static_cast<int>(jobs.size()));
  }

  done = 0;
  for (const auto& a : analyses()) {
    if (!touches_scope(a.clauses)) continue;
    r.analyses.push_back(run_analysis(spec, a));
    for (const auto& cl : a.clauses) note(cl, "analysis:" + a.id);
    for (const auto& f : r.analyses.back().findings) r.findings.push_back(f);
    if (progress) progress("analyses", ++done, static_cast<int>(analyses().size()));
  }
  std::sort(r.findings.begin(), r.findings.end(), [](const Finding& a, const Finding& b) { return a.id < b.id; });

  // Cross-references: every clause named must exist (amendments may remove some), a case's
  // `finding:` must be emitted, and a finding's case must exist.
  std::set<std::string> case_ids, finding_ids;
  for (const auto& c : cases) case_ids.insert(c.id);
  for (const auto& f : r.findings) {
    if (!finding_ids.insert(f.id).second) r.problems.push_back("finding " + f.id + " emitted twice");
    if (!f.case_id.empty() && !case_ids.count(f.case_id))
      r.problems.push_back("finding " + f.id + " names case " + f.case_id + ", which does not exist");
    for (const auto& cl : f.clauses)
      if (!spec.clause(cl)) r.problems.push_back("finding " + f.id + " names unknown clause " + cl);
  }
  for (const auto& c : cases) {
    if (!touches_scope(c.clauses)) continue;
    if (!c.finding.empty() && !finding_ids.count(c.finding))
      r.problems.push_back("case " + c.id + " is the witness of " + c.finding + ", which no analysis emitted");
    for (const auto& cl : c.clauses)
      if (!spec.clause(cl)) r.problems.push_back("case " + c.id + " exercises clause " + cl + ", which the spec does not have");
  }
  return r;
}

Coverage coverage(const Codex& cx, const SuiteResult& r) {
  Coverage c;
  for (const auto& cl : cx.clauses) {
    const bool hit = r.exercised_by.count(cl.id) > 0;
    ++c.clauses;
    c.exercised += hit;
    c.encoded += cl.status == "encoded";
    c.encoded_unexercised += cl.status == "encoded" && !hit;
    if (!cl.board) {
      ++c.board_free;
      c.board_free_exercised += hit;
    }
  }
  return c;
}

}  // namespace rulespec
