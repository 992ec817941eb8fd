#include "suite/suite.hpp"

#include <algorithm>
#include <set>
#include <stdexcept>

#include "certify/matrix.hpp"
#include "reports/diagrams.hpp"
#include "spec/reads.hpp"

namespace rulespec {

namespace {
bool in_scope(const SuiteOptions& opt, const std::string& codex) { return opt.codex.empty() || opt.codex == codex; }
std::string codex_of(const std::string& clause_id) { return clause_id.substr(0, clause_id.find('.')); }
// Whether something naming these clauses belongs to the run: any of them in the codex asked for.
bool touches_scope(const SuiteOptions& opt, const std::vector<std::string>& clauses) {
  return std::any_of(clauses.begin(), clauses.end(), [&](const std::string& c) { return in_scope(opt, codex_of(c)); });
}
// The clauses whose switch a run read (spec/reads.hpp): those it could be decisive for.
std::vector<std::string> switches_read(const std::set<std::string>& reads) {
  std::vector<std::string> out;
  for (const auto& k : reads)
    if (k.rfind("switch:", 0) == 0) out.push_back(k.substr(7));
  return out;
}
}  // namespace

const char* SuiteItem::stage() const {
  switch (kind) {
    case Kind::Case: return "cases";
    case Kind::Property: return "properties";
    case Kind::Analysis: return "analyses";
    case Kind::Mutant: return "mutants";
    case Kind::Engine: return "engines";
    case Kind::Peer: return "peer suites";
  }
  return "";
}

bool ItemOutcome::failed() const {
  for (const auto& c : cases)
    if (!c.pass) return true;
  return (property && !property->pass) || (analysis && !analysis->ok) || (mutant && !mutant->killed) ||
         (reference_certified && !*reference_certified) || (peer && !peer->pass());
}

const std::vector<PeerSuite>& peer_suites() {
  static const std::vector<PeerSuite> suites = [] {
    std::vector<PeerSuite> out;
    for (const auto& path : peer_suite_paths(source_root() + "/peers")) out.push_back(load_peer_suite(path, nullptr));
    return out;
  }();
  return suites;
}

std::vector<SuiteItem> plan_suite(const Spec& spec, const std::vector<Case>& cases, const SuiteOptions& opt) {
  std::vector<SuiteItem> plan;
  for (std::size_t i = 0; i < cases.size(); ++i)
    if (touches_scope(opt, cases[i].clauses)) plan.push_back({SuiteItem::Kind::Case, i, nullptr, "case:" + cases[i].id});
  for (std::size_t i = 0; i < properties().size(); ++i) {
    const PropertyInfo& p = properties()[i];
    if (!touches_scope(opt, p.clauses)) continue;
    for (const auto& rs : spec.rulesets())
      if (p.applies(rs)) plan.push_back({SuiteItem::Kind::Property, i, &rs, "property:" + p.id + "@" + rs.id});
  }
  for (std::size_t i = 0; i < analyses().size(); ++i) {
    const AnalysisInfo& a = analyses()[i];
    if (!a.codex.empty() && !spec.codex(a.codex)) continue;  // a codex this spec does not hold (a generated one)
    if (touches_scope(opt, a.clauses) || (!a.codex.empty() && in_scope(opt, a.codex)))
      plan.push_back({SuiteItem::Kind::Analysis, i, nullptr, "analysis:" + a.id});
  }
  const auto& peers = peer_suites();
  for (std::size_t i = 0; i < peers.size(); ++i)
    if (spec.has_ruleset(peers[i].ruleset) && in_scope(opt, spec.ruleset(peers[i].ruleset).codex))
      plan.push_back({SuiteItem::Kind::Peer, i, nullptr, "peer:" + peers[i].game + "/" + peers[i].suite});
  if (!opt.engines) return plan;
  for (std::size_t i = 0; i < mutant_probe_count(); ++i)
    if (mutant_probe_applies(spec, opt, i)) plan.push_back({SuiteItem::Kind::Mutant, i, nullptr, mutant_probe_key(i)});
  for (std::size_t i = 0; i < real_engine_count(); ++i)
    for (const auto& rs : spec.rulesets())
      if (real_engine_applies(spec, opt, i, rs)) plan.push_back({SuiteItem::Kind::Engine, i, &rs, real_engine_key(i, rs)});
  return plan;
}

ItemOutcome run_item(const Spec& spec, const std::vector<Case>& cases, const SuiteOptions& opt, const SuiteItem& item) {
  ItemOutcome out;
  std::optional<ReadLog> log;
  if (opt.record_reads) log.emplace();
  switch (item.kind) {
    case SuiteItem::Kind::Case: {
      const Case& c = cases.at(item.index);
      for (const auto& [rs, expected] : c.expect) {
        // The switches a run reads are the clauses it could be decisive for (spec/reads.hpp).
        std::optional<ReadLog> own;
        if (opt.decisive && !log) own.emplace();
        CaseResult r = run_case(spec, c, rs);
        if (opt.decisive) {
          std::set<std::string> reads = log ? log->take() : own->take();
          r.decisive_for = decisive_clauses(spec, c, r, switches_read(reads));
          if (log) {
            out.reads.insert(reads.begin(), reads.end());
            for (auto& k : log->take()) out.reads.insert(std::move(k));
          }
        }
        out.cases.push_back(std::move(r));
      }
      if (std::string svg = witness_svg(c.input); !svg.empty() && !c.clauses.empty()) {
        std::string clauses;
        for (const auto& cl : c.clauses) clauses += (clauses.empty() ? "" : ", ") + cl;
        out.diagram = SuiteResult::CaseDiagram{codex_of(c.clauses.front()), clauses, std::move(svg)};
      }
      break;
    }
    case SuiteItem::Kind::Property: {
      const PropertyInfo& info = properties().at(item.index);
      std::optional<ReadLog> own;
      if (opt.decisive && !log) own.emplace();
      out.property = run_property(spec, info, *item.ruleset, opt.seed, opt.property_runs());
      if (!opt.decisive) break;
      // Its samples run again with each of its clauses whose switch it read off: how many of them
      // the rule decided (without it the property fails or its model answers otherwise).
      std::set<std::string> reads = log ? log->take() : own->take();
      measure_decisive(spec, info, *item.ruleset, reads, *out.property);
      if (log) out.reads.insert(reads.begin(), reads.end());
      break;
    }
    case SuiteItem::Kind::Analysis: out.analysis = run_analysis(spec, analyses().at(item.index)); break;
    case SuiteItem::Kind::Mutant: run_mutant_probe(spec, opt, item.index, out); break;
    case SuiteItem::Kind::Engine: run_real_engine(spec, opt, item.index, *item.ruleset, out); break;
    case SuiteItem::Kind::Peer: out.peer = run_peer_suite(spec, peer_suites().at(item.index), opt.deep); break;
  }
  if (log)
    for (auto& k : log->take()) out.reads.insert(std::move(k));
  return out;
}

SuiteResult run_suite(const Spec& spec, const std::vector<Case>& cases, const SuiteOptions& opt, const Progress& progress) {
  const auto plan = plan_suite(spec, cases, opt);
  std::vector<std::size_t> all(plan.size());
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
  return finish_suite(spec, cases, opt, plan, run_items(spec, cases, opt, plan, all, progress));
}

SuiteResult finish_suite(const Spec& spec, const std::vector<Case>& cases, const SuiteOptions& opt,
                         const std::vector<SuiteItem>& plan, std::vector<ItemOutcome> outcomes) {
  if (outcomes.size() != plan.size()) throw std::logic_error("finish_suite: one outcome per planned item");
  SuiteResult r;
  r.seed = opt.seed;
  r.codex = opt.codex;
  std::vector<certify::Result> certificates;
  auto note = [&](const std::string& clause, const std::string& what) {
    auto& v = r.cited_by[clause];
    if (std::find(v.begin(), v.end(), what) == v.end()) v.push_back(what);
  };

  // In plan order, so that what exercises a clause is listed in the same order however the
  // items were run.
  for (std::size_t i = 0; i < plan.size(); ++i) {
    const SuiteItem& item = plan[i];
    ItemOutcome& o = outcomes[i];
    switch (item.kind) {
      case SuiteItem::Kind::Case: {
        const Case& c = cases.at(item.index);
        for (auto& cr : o.cases) {
          for (const auto& cl : cr.decisive_for) r.decisive_by[cl].push_back("case:" + cr.case_id + "@" + cr.ruleset);
          r.cases.push_back(std::move(cr));
        }
        for (const auto& cl : c.clauses) note(cl, "case:" + c.id);
        if (o.diagram) r.case_diagrams[c.id] = std::move(*o.diagram);
        break;
      }
      case SuiteItem::Kind::Property:
        if (o.property) {
          for (const auto& cl : properties().at(item.index).clauses) note(cl, "property:" + o.property->id);
          for (const auto& [cl, n] : o.property->decisive_samples)
            if (n > 0)
              r.decisive_by[cl].push_back("property:" + o.property->id + "@" + o.property->ruleset + " (" + std::to_string(n) + " of " +
                                          std::to_string(o.property->decisive_runs) + " samples)");
          r.properties.push_back(std::move(*o.property));
        }
        break;
      case SuiteItem::Kind::Analysis:
        if (o.analysis) {
          for (const auto& cl : o.analysis->clauses) note(cl, "analysis:" + o.analysis->id);
          // An analysis over every codex (the cross-references) finds things in each: a run of one
          // codex reports those that name a clause of it.
          for (const auto& f : o.analysis->findings)
            if (touches_scope(opt, f.clauses)) r.findings.push_back(f);
          r.analyses.push_back(std::move(*o.analysis));
        }
        break;
      case SuiteItem::Kind::Mutant:
        if (o.mutant) r.mutants.push_back(std::move(*o.mutant));
        if (o.reference_certified) r.references_certified = r.references_certified && *o.reference_certified;
        break;
      case SuiteItem::Kind::Engine:
        if (o.certificate) certificates.push_back(std::move(*o.certificate));
        break;
      case SuiteItem::Kind::Peer:
        if (o.peer) r.peers.push_back(std::move(*o.peer));
        break;
    }
  }
  std::sort(r.findings.begin(), r.findings.end(), report_order);
  // The raw requests that show each witness case, under the finding's rulesets that the case
  // names (all it names when none).
  for (auto& f : r.findings)
    for (const auto& c : cases)
      if (c.id == f.case_id) {
        std::vector<std::string> under;
        for (const auto& [rs, expected] : c.expect)
          if (std::find(f.rulesets.begin(), f.rulesets.end(), rs) != f.rulesets.end()) under.push_back(rs);
        if (under.empty())
          for (const auto& [rs, expected] : c.expect) under.push_back(rs);
        for (const auto& rs : under) f.oracle_requests.push_back(case_request(c, rs).dump());
      }
  // And the register's other replays (another case, or another ruleset of it): every witness the
  // finding shows can be asked of the oracle as printed.
  for (auto& f : r.findings) {
    if (!f.note) continue;
    for (const auto& shown : f.note->shows)
      for (const auto& c : cases) {
        if (c.id != shown.case_id ||
            std::none_of(c.expect.begin(), c.expect.end(), [&](const auto& e) { return e.first == shown.ruleset; }))
          continue;
        const std::string request = case_request(c, shown.ruleset).dump();
        if (std::find(f.oracle_requests.begin(), f.oracle_requests.end(), request) == f.oracle_requests.end())
          f.oracle_requests.push_back(request);
      }
  }
  for (const auto& c : certificates) r.certificates.push_back(certify::certificate(c));
  if (!certificates.empty())
    r.certificates_html = std::string("<style>") + certify::kMatrixStyle + "</style>\n" + certify::matrix_html(certificates);

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

  // The text's claims about itself, each against what checks it.
  for (const auto& cx : spec.codices()) {
    if (!in_scope(opt, cx.id)) continue;
    for (const auto& claim : cx.claims) {
      SuiteResult::ClaimCheck check{cx.id, claim.id, "holds", "", false};
      auto fail = [&](const std::string& why) {
        if (check.observed != "unchecked") check.observed = "fails";
        check.detail += (check.detail.empty() ? "" : "; ") + why;
      };
      auto unchecked = [&](const std::string& why) {
        check.observed = "unchecked";
        check.detail += (check.detail.empty() ? "" : "; ") + why;
      };
      for (const auto& ref : claim.checked_by) {
        const auto colon = ref.find(':');
        const std::string kind = ref.substr(0, colon), id = ref.substr(colon + 1);
        if (kind == "property") {
          int ran = 0;
          for (const auto& p : r.properties)
            if (p.id == id) {
              ++ran;
              if (!p.pass) fail("property " + id + " fails under " + p.ruleset);
            }
          if (!ran) unchecked("property " + id + " did not run");
        } else if (kind == "analysis") {
          auto a = std::find_if(r.analyses.begin(), r.analyses.end(), [&](const AnalysisOutcome& x) { return x.id == id; });
          if (a == r.analyses.end() || !a->ok) {
            unchecked("analysis " + id + (a == r.analyses.end() ? " did not run" : " failed: " + a->detail));
            continue;
          }
          const bool emits_own = !claim.finding.empty() &&
                                 std::any_of(a->findings.begin(), a->findings.end(), [&](const Finding& f) { return f.id == claim.finding; });
          if (emits_own) fail("analysis " + id + " reports " + claim.finding);
          else if (claim.finding.empty() && !a->findings.empty()) fail("analysis " + id + " reports " + a->findings.front().id);
        } else {
          int ran = 0;
          for (const auto& c : r.cases)
            if (c.case_id == id) {
              ++ran;
              if (!c.pass) unchecked("case " + id + " does not give its expectation under " + c.ruleset);
            }
          if (!ran) unchecked("case " + id + " did not run");
          // A case states what happens; it shows the claim as the catalog expects when it passes.
          else if (check.observed != "unchecked" && claim.expect == "fails") fail("case " + id + " shows it");
        }
      }
      if (check.detail.empty()) check.detail = "checked by " + std::to_string(claim.checked_by.size()) + " item(s)";
      check.pass = check.observed == claim.expect;
      if (!check.pass)
        r.problems.push_back("claim " + claim.id + " (" + claim.says + ") is expected to " + (claim.expect == "holds" ? "hold" : "fail") +
                             ", but " + (check.observed == "unchecked" ? "it cannot be checked" : "it " + check.observed) + ": " + check.detail);
      r.claim_checks.push_back(std::move(check));
    }
  }

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
    if (!touches_scope(opt, c.clauses)) continue;
    // A case of this codex may witness another codex's finding: that one is checked in its own run.
    const bool finding_in_scope = opt.codex.empty() || c.finding.rfind("F-" + opt.codex + "-", 0) == 0;
    if (!c.finding.empty() && finding_in_scope && !finding_ids.count(c.finding))
      r.problems.push_back("case " + c.id + " is the witness of " + c.finding + ", which no analysis emitted");
    for (const auto& cl : c.clauses)
      if (!spec.clause(cl) && !spec.source_rule(cl))
        r.problems.push_back("case " + c.id + " exercises clause " + cl + ", which the spec does not have");
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

}  // namespace rulespec
