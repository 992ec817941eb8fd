#include "reports/report.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

#include "reports/diagrams.hpp"
#include "spec/build_info.hpp"
#include "spec/tables.hpp"
#include "reports/json_value.hpp"
#include "reports/mined.hpp"

namespace rulespec {

void write_file_atomic(const std::string& path, const std::string& content) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw std::runtime_error("cannot write " + tmp);
    out << content;
    if (!out.flush()) throw std::runtime_error("cannot write " + tmp);
  }
  std::filesystem::rename(tmp, path);
}

void write_reports(const std::string& dir, const Spec& spec, const SuiteResult& r) {
  namespace fs = std::filesystem;
  // Render everything first, write the set into a fresh directory, then swap it in: readers see
  // either the old reports or the new ones, never a mixture.
  const std::string json = report_json(spec, r), md = findings_markdown(spec, r), html = report_html(spec, r),
                    junit = junit_xml(r);
  const fs::path target = fs::path(dir).lexically_normal();
  const fs::path staging = target.string() + ".new", previous = target.string() + ".old";
  fs::remove_all(staging);
  fs::create_directories(staging);
  write_file_atomic((staging / "report.json").string(), json);
  write_file_atomic((staging / "findings.md").string(), md);
  write_file_atomic((staging / "index.html").string(), html);
  write_file_atomic((staging / "junit.xml").string(), junit);
  for (const auto& [id, repair] : r.repairs)
    for (const auto& [path, text] : repair.files) {
      fs::create_directories((staging / path).parent_path());
      write_file_atomic((staging / path).string(), text);
    }
  fs::remove_all(previous);
  // The browser test's screenshots (make test) belong to the page, not to one run: keep them.
  if (fs::is_directory(target / "screenshots")) fs::rename(target / "screenshots", staging / "screenshots");
  if (fs::exists(target)) fs::rename(target, previous);
  fs::rename(staging, target);
  fs::remove_all(previous);
}

std::string cites_text(const std::vector<SourceCite>& cites) {
  std::string out;
  for (const auto& c : cites) out += (out.empty() ? "" : ", ") + c.text();
  return out;
}

namespace {

Json cites_json(const std::vector<SourceCite>& cites) {
  Json j = Json::array();
  for (const auto& c : cites) j.push_back(c.text());
  return j;
}

}  // namespace

Json finding_json(const Finding& f, const SuiteResult& r) {
  Json j;
  j["id"] = f.id;
  j["kind"] = f.kind;
  j["severity"] = f.severity;
  j["clauses"] = f.clauses;
  j["rulesets"] = f.rulesets;
  j["summary"] = f.summary;
  j["explanation"] = f.explanation;
  j["witness"] = to_json(f.witness);
  if (!f.case_id.empty()) j["case"] = f.case_id;
  j["analysis"] = f.analysis;
  j["reproduce"] = f.reproduce();
  if (!f.oracle_requests.empty()) {
    Json requests = Json::array();
    for (const auto& request : f.oracle_requests) requests.push_back(Json::parse(request));
    j["oracle_requests"] = requests;
  }
  j["found_by"] = finding_method(f);
  if (!f.corrections.empty()) j["corrections"] = f.corrections;
  if (f.note) {
    j["cites"] = cites_json(f.note->cites);
    j["best_defence"] = {{"reading", f.note->best_defence.reading},
                         {"lines", cites_json(f.note->best_defence.lines)},
                         {"answer", f.note->best_defence.answer}};
    Json shows = Json::array();
    for (const auto& c : f.note->shows)
      shows.push_back({{"case", c.case_id}, {"ruleset", c.ruleset}, {"actual", to_json(c.actual)}});
    j["shows"] = shows;
    if (!f.note->review.empty()) j["review"] = f.note->review;
  }
  if (auto it = r.repairs.find(f.id); it != r.repairs.end()) {
    const auto& p = it->second;
    j["repair"] = p.proposals ? Json{{"proposals", p.proposals}, {"best", p.best}, {"cost", p.cost}, {"file", p.file}}
                              : Json{{"proposals", 0}, {"needs", p.missing}};
  }
  return j;
}

namespace {

const char* severity_heading(const std::string& severity) {
  if (severity == "defect") return "Defects";
  if (severity == "wording") return "Wording";
  if (severity == "difference") return "Differences between codices and rulesets";
  return "Not yet reviewed";
}

const char* severity_meaning(const std::string& severity) {
  if (severity == "defect")
    return "The text contradicts itself, computes wrongly, or leaves a case that no careful reader can decide.";
  if (severity == "wording") return "A slip whose intent is clear from the text: a misprint, a wrong cross-reference, a loose summary.";
  if (severity == "difference") return "Two codices or rulesets decide differently: a fact, not a defect of either.";
  return "Candidates with no entry in the findings register.";
}


std::string pct(int a, int b) {
  if (b == 0) return "-";
  char buf[16];
  std::snprintf(buf, sizeof buf, "%d%%", 100 * a / b);
  return buf;
}

}  // namespace

std::string report_json(const Spec& spec, const SuiteResult& r) {
  Json j;
  j["schema"] = 2;  // 2: a clause is exercised by decisive evidence only; cited_by is what names it
  j["seed"] = r.seed;
  j["rulespec_version"] = RULESPEC_VERSION;
  j["rulespec_commit"] = rulespec_commit();
  Json codices = Json::array();
  for (const auto& cx : spec.codices()) {
    Json c;
    c["id"] = cx.id;
    c["game"] = cx.game;
    c["title"] = cx.title;
    c["source"] = cx.source;
    c["provenance"] = cx.provenance;
    const auto cov = coverage(cx, r);
    c["coverage"] = {{"clauses", cov.clauses},
                     {"cited", cov.cited},
                     {"exercised", cov.exercised},
                     {"board_free", cov.board_free},
                     {"board_free_exercised", cov.board_free_exercised},
                     {"encoded", cov.encoded},
                     {"encoded_uncited", cov.encoded_uncited},
                     {"not_decisive", cov.not_decisive},
                     {"to_do", cov.to_do},
                     {"decisive_case_runs", cov.decisive_case_runs},
                     {"decisive_property_runs", cov.decisive_property_runs}};
    const auto lines = line_coverage(spec, cx);
    c["lines"] = {{"nonblank", lines.nonblank}, {"cited", lines.cited}, {"prose", lines.prose}, {"unaccounted", lines.unaccounted}};
    Json claims = Json::array();
    for (const auto& cl : cx.claims) {
      Json k = {{"id", cl.id}, {"lines", {cl.first_line, cl.last_line}}, {"says", cl.says}, {"checked_by", cl.checked_by}, {"expect", cl.expect}};
      if (!cl.finding.empty()) k["finding"] = cl.finding;
      for (const auto& check : r.claim_checks)
        if (check.claim == cl.id) k["observed"] = check.observed, k["detail"] = check.detail;
      claims.push_back(k);
    }
    c["claims"] = claims;
    Json tables = Json::array();
    auto conditions = [](const std::vector<DecisionCondition>& when) {
      Json w = Json::object();
      for (const auto& k : when) {
        if (!k.values.empty()) {
          w[k.input] = Json(k.values);
          continue;
        }
        Json range = {{"min", k.min}, {"max", k.max}};
        // A bound a param gives: its expression beside the default ruleset's value.
        if (!k.min_param.param.empty()) range["min_param"] = k.min_param.text();
        if (!k.max_param.param.empty()) range["max_param"] = k.max_param.text();
        w[k.input] = range;
      }
      return w;
    };
    for (const auto& t : cx.decisions) {
      Json inputs = Json::array(), rows = Json::array(), judged = Json::array();
      for (const auto& in : t.inputs)
        inputs.push_back(in.values.empty() ? Json{{"name", in.name}, {"min", in.min}, {"max", in.max}} : Json{{"name", in.name}, {"values", in.values}});
      for (const auto& row : t.rows) {
        Json row_json = {{"id", row.id}, {"when", conditions(row.when)}, {"outcome", row.outcome}, {"clause", row.clause}, {"line", row.line}};
        if (!row.outcome_param.empty()) row_json["outcome_from"] = outcome_text(row);
        rows.push_back(row_json);
      }
      for (const auto& judgement : t.judged) {
        Json k = {{"kind", judgement.kind}};
        if (!judgement.when.empty()) k["when"] = conditions(judgement.when);
        if (!judgement.rows.empty()) k["rows"] = judgement.rows;
        if (!judgement.finding.empty()) k["finding"] = judgement.finding;
        if (!judgement.not_a_finding.empty()) k["not_a_finding"] = judgement.not_a_finding;
        judged.push_back(k);
      }
      Json table = {{"id", t.id}, {"topic", t.topic}, {"inputs", inputs}, {"rows", rows}, {"judged", judged}};
      if (!t.consulted_by.empty()) table["consulted_by"] = t.consulted_by;
      if (!t.inputs_from_none.empty()) table["inputs_from_none"] = t.inputs_from_none;
      if (!t.executed_through.empty()) table["executed_through"] = t.executed_through, table["executed_why"] = t.executed_why;
      tables.push_back(table);
    }
    c["decisions"] = tables;
    Json glossary = Json::array();
    for (const auto& t : cx.glossary) {
      Json uses = Json::array();
      for (const auto& u : t.uses) {
        Json k = {{"line", u.line}, {"fits", u.fits}};
        if (!u.finding.empty()) k["finding"] = u.finding;
        if (!u.not_a_finding.empty()) k["not_a_finding"] = u.not_a_finding;
        uses.push_back(k);
      }
      glossary.push_back({{"term", t.term}, {"stem", t.stem}, {"defined_by", t.defined_by}, {"uses", uses}});
    }
    c["glossary"] = glossary;
    // The second reading, pair by pair (spec/pairs/<codex>.yaml): what was compared and judged.
    for (const auto& reading : spec.pair_readings()) {
      if (reading.codex != cx.id) continue;
      long pairs = 0;
      Json tensions = Json::array();
      for (const auto& t : reading.topics) {
        pairs += t.pairs();
        for (const auto& p : t.tensions) {
          Json k = {{"topic", t.topic}, {"pair", {p.first, p.second}}, {"lines", p.lines}, {"question", p.question}};
          if (!p.finding.empty()) k["finding"] = p.finding;
          else k["not_a_finding"] = p.not_a_finding;
          tensions.push_back(k);
        }
      }
      for (const auto& p : reading.cross_topic) {
        Json k = {{"topic", "(across topics)"}, {"pair", {p.first, p.second}}, {"lines", p.lines}, {"question", p.question}};
        if (!p.finding.empty()) k["finding"] = p.finding;
        else k["not_a_finding"] = p.not_a_finding;
        tensions.push_back(k);
      }
      c["pair_reading"] = {{"by", reading.by}, {"date", reading.date}, {"method", reading.method}, {"topics", reading.topics.size()}, {"pairs", pairs},
                           {"not_read", pair_reading_gaps(reading, cx)}, {"tensions", tensions}};
    }
    Json clauses = Json::array();
    for (const auto& cl : cx.clauses) {
      Json k;
      k["id"] = cl.id;
      k["ref"] = cl.ref;
      k["kind"] = cl.kind;
      k["status"] = cl.status;
      k["board"] = cl.board;
      // Why a clause is not checked (judgment, out of scope, partial): by design or not yet.
      if (!cl.why.empty()) k["why"] = cl.why;
      auto it = r.cited_by.find(cl.id);
      k["cited_by"] = it == r.cited_by.end() ? std::vector<std::string>{} : it->second;
      // The evidence that could have failed: what changes with the clause switched off.
      auto d = r.decisive_by.find(cl.id);
      const std::vector<std::string> decisive = d == r.decisive_by.end() ? std::vector<std::string>{} : d->second;
      k["exercised"] = !decisive.empty();
      std::vector<std::string> case_runs, property_runs;
      for (const auto& e : decisive) (e.rfind("case:", 0) == 0 ? case_runs : property_runs).push_back(e);
      k["decisive"] = {{"case_runs", case_runs}, {"property_runs", property_runs}};
      if (!cl.not_decisive.empty()) k["not_decisive"] = cl.not_decisive;
      if (!cl.applied_through.empty()) k["applied_through"] = cl.applied_through;
      clauses.push_back(k);
    }
    c["clauses"] = clauses;
    codices.push_back(c);
  }
  j["codices"] = codices;
  Json cases = Json::array();
  for (const auto& c : r.cases)
    cases.push_back({{"id", c.case_id}, {"ruleset", c.ruleset}, {"expected", to_json(c.expected)},
                     {"actual", to_json(c.actual)}, {"pass", c.pass}});
  j["cases"] = cases;
  Json props = Json::array();
  for (const auto& p : r.properties) {
    Json k = {{"id", p.id},       {"ruleset", p.ruleset}, {"clauses", p.clauses},
              {"pass", p.pass},   {"runs", p.runs},       {"status", p.status()},
              {"decisive_samples", p.decisive_samples}, {"decisive_runs", p.decisive_runs}};
    if (!p.pass) {
      k["failure"] = p.failure;
      k["reproduce"] = reproduce_command(p);
    }
    props.push_back(k);
  }
  j["properties"] = props;
  Json an = Json::array();
  for (const auto& a : r.analyses)
    an.push_back({{"id", a.id}, {"clauses", a.clauses}, {"ok", a.ok}, {"detail", a.detail},
                  {"findings", static_cast<int>(a.findings.size())}});
  j["analyses"] = an;
  Json peers = Json::array();
  for (const auto& p : r.peers) {
    Json notes = Json::array();
    for (const auto& n : p.notes)
      notes.push_back({{"id", n.id}, {"from", n.from}, {"status", to_string(n.status)}, {"reading", n.reading},
                       {"agrees_under", n.agrees_under}, {"detail", n.detail}});
    peers.push_back({{"suite", p.suite}, {"game", p.game}, {"file", p.path}, {"repo", p.repo}, {"commit", p.commit},
                     {"ruleset", p.ruleset}, {"assumes", p.assumes}, {"items", p.items}, {"agree", p.agree},
                     {"reading_differences", p.reading_differences}, {"unexplained", p.unexplained()},
                     {"heavy_not_run", p.heavy_skipped}, {"notes", notes}});
  }
  j["peers"] = peers;
  Json mined = Json::array();
  for (const auto& g : mined_groups(spec, r))
    mined.push_back({{"game", g.game}, {"question", g.question}, {"between", g.pair}, {"cases", g.cases}, {"smallest", g.case_id},
                     {"parts", g.parts}, {"clauses", g.clauses}, {"pass", g.pass}});
  j["mined"] = mined;
  Json certs = Json::array();
  for (const auto& c : r.certificates) certs.push_back(to_json(c));
  j["certificates"] = certs;
  Json mutants = Json::array();
  int killed = 0;
  for (const auto& m : r.mutants) {
    mutants.push_back({{"game", m.game}, {"flip", m.flip}, {"clause", m.clause}, {"killed", m.killed}});
    killed += m.killed;
  }
  j["certify_mutants"] = {{"mutants", mutants}, {"killed", killed}, {"references_certified", r.references_certified}};
  Json findings = Json::array();
  for (const auto& f : r.findings) findings.push_back(finding_json(f, r));
  j["findings"] = findings;
  Json checks = Json::array();
  for (const auto& c : r.finding_checks)
    checks.push_back({{"property", c.property}, {"finding", c.finding}, {"pass", c.pass}, {"detail", c.detail}});
  j["finding_properties"] = checks;
  Json withdrawn = Json::array();
  for (const auto& w : spec.findings_register().withdrawn)
    withdrawn.push_back({{"id", w.id}, {"reason", w.reason}, {"review", w.review}});
  j["withdrawn_findings"] = withdrawn;
  j["problems"] = r.problems;
  return j.dump(1) + "\n";
}

std::string coverage_table(const Spec& spec, const SuiteResult& r) {
  std::ostringstream os;
  char line[200];
  std::snprintf(line, sizeof line, "%-12s %8s %6s %11s %9s %6s %13s %6s %9s %14s\n", "codex", "clauses", "cited", "exercised",
                "decisive", "props", "not-decisive", "to-do", "findings", "source lines");
  os << line;
  for (const auto& cx : spec.codices()) {
    if (!r.codex.empty() && cx.id != r.codex) continue;  // verify --codex: only the codex run
    const auto c = coverage(cx, r);
    int findings = 0;
    for (const auto& f : r.findings)
      for (const auto& cl : f.clauses)
        if (cl.rfind(cx.id + ".", 0) == 0) {
          ++findings;
          break;
        }
    // Source lines accounted for: cited by a clause or listed as prose with a reason.
    const auto l = line_coverage(spec, cx);
    // exercised: clauses with decisive evidence; decisive: the case runs that are that evidence.
    std::snprintf(line, sizeof line, "%-12s %8d %6d %6d %4s %9d %6d %13d %6d %9d %8d %4s\n", cx.id.c_str(), c.clauses, c.cited,
                  c.exercised, pct(c.exercised, c.clauses).c_str(), c.decisive_case_runs, c.decisive_property_runs, c.not_decisive, c.to_do,
                  findings, l.cited + l.prose, pct(l.cited + l.prose, l.nonblank).c_str());
    os << line;
  }
  return os.str();
}

std::string findings_markdown(const Spec& spec, const SuiteResult& r) {
  std::ostringstream os;
  os << "# rulespec findings\n\n"
     << "Generated by `rulespec verify` (seed " << r.seed << "); a test keeps this file identical to what verify "
     << "writes. Replay any finding with the command under it.\n\n";
  // What each text is: the findings are claims about these texts, not about the federations'
  // official rules where the text is an article, a column or a translation.
  os << "## Sources\n\nThe findings are about these texts as they stand (spec/sources/), not about the rules they report.\n\n"
     << "| codex | text | what it is |\n|---|---|---|\n";
  for (const auto& cx : spec.codices())
    os << "| " << cx.id << " | " << cx.source << " | " << (cx.provenance.empty() ? "(not said)" : cx.provenance) << " |\n";
  os << "\n";
  os << "## Coverage\n\nA clause is exercised when some case's answer, or some property's samples, change with the clause "
        "switched off; cited when a case, property or analysis names it.\n\n"
     << "| codex | clauses | cited | exercised | decisive case runs | decisive property runs | not decisive (why given) | to do | source lines: cited + prose of non-blank |\n"
     << "|---|---|---|---|---|---|---|---|---|\n";
  for (const auto& cx : spec.codices()) {
    const auto c = coverage(cx, r);
    const auto l = line_coverage(spec, cx);
    os << "| " << cx.id << " | " << c.clauses << " | " << c.cited << " | " << c.exercised << " | " << c.decisive_case_runs << " | "
       << c.decisive_property_runs << " | " << c.not_decisive << " | " << c.to_do << " | " << l.cited << " + " << l.prose << " of " << l.nonblank << " |\n";
  }
  std::map<std::string, int> per_severity;
  for (const auto& f : r.findings) ++per_severity[f.severity];
  os << "\n" << r.findings.size() << " findings:";
  for (const auto& sev : finding_severities()) os << " " << per_severity[sev] << " " << (sev == "wording" ? sev : sev + "s") << ",";
  os << " and " << spec.findings_register().withdrawn.size() << " candidates withdrawn after review.\n";
  std::string section;
  for (const auto& f : r.findings) {
    if (f.severity != section) {
      section = f.severity;
      os << "\n## " << severity_heading(section) << " (" << per_severity[section] << ")\n\n" << severity_meaning(section) << "\n";
    }
    os << "\n### " << f.id << " — " << f.severity << ", " << f.kind << "\n\n" << f.summary << "\n\n" << f.explanation << "\n\n";
    if (f.note) {
      const auto& d = f.note->best_defence;
      os << "**Best defence** (" << cites_text(d.lines) << "): " << d.reading << "\n\n**Why it stands:** " << d.answer << "\n\n";
      os << "- cites: " << cites_text(f.note->cites) << "\n";
    }
    os << "- clauses: ";
    for (size_t i = 0; i < f.clauses.size(); ++i) os << (i ? ", " : "") << "`" << f.clauses[i] << "`";
    os << "\n- rulesets: ";
    for (size_t i = 0; i < f.rulesets.size(); ++i) os << (i ? ", " : "") << f.rulesets[i];
    os << "\n- witness: `" << f.witness.dump() << "`\n";
    if (!f.case_id.empty()) os << "- case: `" << f.case_id << "`\n";
    os << "- found by: " << finding_method(f) << "\n";
    os << "- reproduce: `" << f.reproduce() << "`\n";
    for (const auto& request : f.oracle_requests) os << "- oracle: `" << oracle_command(request) << "`\n";
    if (auto it = r.repairs.find(f.id); it != r.repairs.end()) {
      const auto& p = it->second;
      if (p.proposals) os << "- repair: " << p.best << " (" << p.cost << "; `" << p.file << "`, " << p.proposals << " proposals)\n";
      else os << "- repair: none within the catalogs; the fix needs " << p.missing << "\n";
    }
  }
  const auto& withdrawn = spec.findings_register().withdrawn;
  if (!withdrawn.empty()) {
    os << "\n## Withdrawn after review (" << withdrawn.size() << ")\n\nCandidates that did not survive the text's best defence; "
       << "their ids are not reused.\n\n";
    for (const auto& w : withdrawn) os << "- **" << w.id << "**: " << w.reason << "\n";
  }
  return os.str();
}

std::string junit_xml(const SuiteResult& r) {
  std::ostringstream os;
  auto suite = [&](const std::string& name, int tests, int failures) {
    os << " <testsuite name=\"" << name << "\" tests=\"" << tests << "\" failures=\"" << failures << "\">\n";
  };
  int cf = 0, pf = 0, af = 0;
  for (const auto& c : r.cases) cf += !c.pass;
  for (const auto& p : r.properties) pf += !p.pass;
  for (const auto& a : r.analyses) af += !a.ok;
  os << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n";
  suite("cases", static_cast<int>(r.cases.size()), cf);
  for (const auto& c : r.cases) {
    os << "  <testcase classname=\"case\" name=\"" << html_escape(c.case_id + " [" + c.ruleset + "]") << "\">";
    if (!c.pass)
      os << "<failure message=\"expected " << html_escape(c.expected.dump()) << " got " << html_escape(c.actual.dump())
         << "\"/>";
    os << "</testcase>\n";
  }
  os << " </testsuite>\n";
  suite("properties", static_cast<int>(r.properties.size()), pf);
  for (const auto& p : r.properties) {
    os << "  <testcase classname=\"property\" name=\"" << html_escape(p.id + " [" + p.ruleset + "]") << "\">";
    if (!p.pass)
      os << "<failure message=\"" << html_escape(p.failure) << "\">" << html_escape(reproduce_command(p)) << "</failure>";
    os << "</testcase>\n";
  }
  os << " </testsuite>\n";
  suite("analyses", static_cast<int>(r.analyses.size()), af);
  for (const auto& a : r.analyses) {
    os << "  <testcase classname=\"analysis\" name=\"" << html_escape(a.id) << "\">";
    if (!a.ok) os << "<failure message=\"" << html_escape(a.detail) << "\"/>";
    os << "</testcase>\n";
  }
  os << " </testsuite>\n";
  int peer_failures = 0;
  for (const auto& p : r.peers) peer_failures += !p.pass();
  suite("peer-suites", static_cast<int>(r.peers.size()), peer_failures);
  for (const auto& p : r.peers) {
    os << "  <testcase classname=\"peer\" name=\"" << html_escape(p.game + "/" + p.suite + " [" + p.ruleset + "]") << "\">";
    if (!p.pass()) {
      std::string why;
      for (const auto& n : p.notes)
        if (n.status != PeerItemOutcome::Status::ReadingDifference) why += (why.empty() ? "" : "; ") + n.id + ": " + n.detail;
      os << "<failure message=\"" << html_escape(why) << "\"/>";
    }
    os << "</testcase>\n";
  }
  os << " </testsuite>\n";
  int qf = 0;
  for (const auto& c : r.finding_checks) qf += !c.pass;
  suite("finding-properties", static_cast<int>(r.finding_checks.size()), qf);
  for (const auto& c : r.finding_checks) {
    os << "  <testcase classname=\"" << c.property << "\" name=\"" << html_escape(c.finding) << "\">";
    if (!c.pass) os << "<failure message=\"" << html_escape(c.detail) << "\"/>";
    os << "</testcase>\n";
  }
  os << " </testsuite>\n";
  suite("consistency", static_cast<int>(r.problems.size()), static_cast<int>(r.problems.size()));
  for (const auto& p : r.problems)
    os << "  <testcase classname=\"consistency\" name=\"" << html_escape(p) << "\"><failure message=\"" << html_escape(p)
       << "\"/></testcase>\n";
  os << " </testsuite>\n</testsuites>\n";
  return os.str();
}

}  // namespace rulespec
