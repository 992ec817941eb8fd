#include "reports/suite.hpp"

#include <algorithm>
#include <set>

#include "reports/diagrams.hpp"

namespace rulespec {

bool SuiteResult::all_pass() const { return failures() == 0; }

int SuiteResult::failures() const {
  int n = static_cast<int>(problems.size());
  for (const auto& c : cases) n += !c.pass;
  for (const auto& p : properties) n += !p.pass;
  for (const auto& a : analyses) n += !a.ok;
  for (const auto& m : mutants) n += !m.killed;  // certify has lost its teeth
  n += !references_certified;
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
    if (std::string svg = witness_svg(c.input); !svg.empty() && !c.clauses.empty()) {
      std::string clauses;
      for (const auto& cl : c.clauses) clauses += (clauses.empty() ? "" : ", ") + cl;
      r.case_diagrams[c.id] = {codex_of(c.clauses.front()), clauses, std::move(svg)};
    }
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
  std::sort(r.findings.begin(), r.findings.end(), report_order);

  certify_engines(spec, opt, r);

  // The register: every candidate needs its entry before it is reported, a withdrawn finding
  // must stay withdrawn, and an entry whose finding no analysis emits is stale.
  const FindingRegister& reg = spec.findings_register();
  for (const auto& f : r.findings) {
    if (const WithdrawnFinding* w = reg.withdrawn_entry(f.id))
      r.problems.push_back("finding " + f.id + " was withdrawn (" + w->reason + ") but analysis " + f.analysis +
                           " emits it again");
    else if (!f.note)
      r.problems.push_back("finding " + f.id + " (analysis " + f.analysis +
                           ") is not in the findings register spec/findings/: give it a severity, the lines it cites, "
                           "its best defence and what its replay shows");
  }
  for (const auto& n : reg.notes) {
    const bool scoped = opt.codex.empty() || n.id.rfind("F-" + opt.codex + "-", 0) == 0;
    const bool emitted = std::any_of(r.findings.begin(), r.findings.end(), [&](const Finding& f) { return f.id == n.id; });
    if (scoped && !emitted) r.problems.push_back("registered finding " + n.id + ", which no analysis emitted");
  }
  for (const auto& f : r.findings)
    if (f.note)
      for (auto& c : check_finding(spec, cases, f)) r.finding_checks.push_back(std::move(c));

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

namespace {

// The lines of one cite, checked: they exist in the source and the range does not start or end
// on a blank line. Empty when fine, else what is wrong.
std::string cite_problem(const Spec& spec, const std::string& codex, int first, int last, const std::string& label) {
  const Codex* cx = spec.codex(codex);
  if (!cx) return label + ": unknown codex " + codex;
  const auto* lines = source_lines(*cx);
  if (!lines) return label + ": source text " + codices_dir() + "/" + cx->source + " cannot be read (set RULESPEC_CODICES)";
  if (first < 1 || last > static_cast<int>(lines->size()))
    return label + ": lines " + std::to_string(first) + "-" + std::to_string(last) + " are outside " + cx->source + " (" +
           std::to_string(lines->size()) + " lines)";
  auto blank = [&](int n) { return (*lines)[n - 1].find_first_not_of(" \t") == std::string::npos; };
  if (blank(first) || blank(last)) return label + ": line " + std::to_string(blank(first) ? first : last) + " of " + cx->source + " is blank";
  return {};
}

}  // namespace

std::vector<FindingCheck> check_finding(const Spec& spec, const std::vector<Case>& cases, const Finding& f) {
  std::vector<FindingCheck> out;
  if (!f.note) return out;
  // The replay: every claim of the register entry, by running its case again.
  FindingCheck replay{"finding.replay-shows-claim", f.id, true, ""};
  for (const auto& claim : f.note->shows) {
    auto c = std::find_if(cases.begin(), cases.end(), [&](const Case& k) { return k.id == claim.case_id; });
    std::string line = claim.case_id + " [" + claim.ruleset + "]";
    if (c == cases.end()) {
      replay.pass = false;
      line += ": no such case";
    } else {
      const auto result = run_case(spec, *c, claim.ruleset);
      const bool shows = result.actual.contains(claim.actual);
      replay.pass = replay.pass && shows;
      line += shows ? " shows " + claim.actual.dump() : " should show " + claim.actual.dump() + ", replay gives " + result.actual.dump();
    }
    replay.detail += (replay.detail.empty() ? "" : "; ") + line;
  }
  out.push_back(std::move(replay));
  // The lines: the entry's own cites, its best defence, and the lines of every clause it names.
  FindingCheck cites{"finding.cites-source-lines", f.id, true, ""};
  int checked = 0;
  auto check = [&](const std::string& codex, int first, int last, const std::string& label) {
    ++checked;
    const std::string problem = cite_problem(spec, codex, first, last, label);
    if (problem.empty()) return;
    cites.pass = false;
    cites.detail += (cites.detail.empty() ? "" : "; ") + problem;
  };
  for (const auto& c : f.note->cites) check(c.codex, c.first, c.last, "cite " + c.text());
  for (const auto& c : f.note->best_defence.lines) check(c.codex, c.first, c.last, "best defence " + c.text());
  for (const auto& id : f.clauses)
    if (const Clause* cl = spec.clause(id)) {
      if (cl->first_line) check(cl->codex, cl->first_line, cl->last_line, "clause " + id);
      else {
        cites.pass = false;
        cites.detail += (cites.detail.empty() ? "" : "; ") + ("clause " + id + " gives no source lines");
      }
    }
  if (cites.pass) cites.detail = std::to_string(checked) + " cited ranges exist and are not blank";
  out.push_back(std::move(cites));
  return out;
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
