// index.html: one self-contained page a rules committee reads offline. Per codex: the coverage
// bar, the findings first (each with its diagram and the clauses it involves, source lines
// collapsed), the clauses grouped by topic as the catalog follows the source, and the board cases
// drawn. A filter box (our own few lines of script, no library) hides what does not match;
// `index.html?filter=words` opens it filtered. Anchors are the ids: #F-..., #clause-id, #case-id.
#include <sstream>

#include "reports/diagrams.hpp"
#include "reports/mined.hpp"
#include "reports/report.hpp"
#include "spec/tables.hpp"

namespace rulespec {
namespace {

constexpr const char* kStyle =
    "body{font-family:sans-serif;margin:2em;max-width:1200px}table{border-collapse:collapse;width:100%}"
    "td,th{border:1px solid #ccc;padding:3px 6px;font-size:13px;vertical-align:top}th{background:#eee}"
    "tr.group th{background:#f6f1e4;text-align:left}"
    ".encoded{color:#060}.partial{color:#a60}.judgment{color:#06a}.out-of-scope{color:#888}"
    ".fail{background:#fdd}.finding{border-left:4px solid #c33;padding-left:1em;margin:1em 0}"
    ".finding.wording{border-color:#e90}.finding.difference{border-color:#36c}"
    "code{background:#f4f4f4}details pre{white-space:pre-wrap;font-size:12px;background:#fafaf4;margin:4px 0}"
    ".diagram svg{margin:4px 0}.bar{display:inline-block;width:240px;height:10px;background:#eee;border:1px solid #aaa;"
    "vertical-align:middle;margin-right:8px}.bar span{display:block;height:100%;background:#5a5}"
    "#filterbox{position:sticky;top:0;background:#fff;padding:6px 0;border-bottom:1px solid #ddd}"
    "table.summary{width:auto}table.summary td,table.summary th{text-align:right;min-width:4em}table.summary td:first-child{text-align:left}"
    "#legend dl{column-width:30em;font-size:13px;margin:4px 0}#legend dt{font-weight:bold;margin-top:6px}#legend dd{margin:0 0 2px 1em}"
    "#filter{width:36em;font-size:14px}details.case{display:inline-block;vertical-align:top;margin:4px 8px}[hidden]{display:none!important}";

// The filter: every element marked data-filter is shown only if it matches every token typed. A
// token `severity:defect`, `kind:conflict`, `codex:ing-1996` or `status:partial` must be one of the
// words of the element's data-severity (data-kind, ...) attribute; any other token must occur in
// its text.
constexpr const char* kScript =
    "(function(){var box=document.getElementById('filter'),shown=document.getElementById('shown');"
    "var items=document.querySelectorAll('[data-filter]'),keys=['severity','kind','codex','status'];"
    "function matches(el,token){var c=token.indexOf(':');if(c>0&&keys.indexOf(token.slice(0,c))>=0){"
    "var want=token.slice(c+1),have=(el.getAttribute('data-'+token.slice(0,c))||'').toLowerCase().split(' ');"
    "return have.indexOf(want)>=0;}return el.textContent.toLowerCase().indexOf(token)>=0;}"
    "function apply(){var words=box.value.toLowerCase().split(/\\s+/).filter(Boolean),n=0;"
    "for(var i=0;i<items.length;i++){var ok=true;"
    "for(var j=0;j<words.length&&ok;j++)ok=matches(items[i],words[j]);items[i].hidden=!ok;if(ok)n++;}"
    "shown.textContent=words.length?n+' of '+items.length+' shown':'';"
    "var groups=document.querySelectorAll('tr.group');for(var g=0;g<groups.length;g++){var row=groups[g].nextElementSibling,any=false;"
    "while(row&&!row.classList.contains('group')){if(!row.hidden)any=true;row=row.nextElementSibling;}groups[g].hidden=!any;}"
    "var blocks=document.querySelectorAll('.block');for(var b=0;b<blocks.length;b++)"
    "blocks[b].hidden=words.length>0&&!blocks[b].querySelector('[data-filter]:not([hidden])');}"
    "box.addEventListener('input',apply);var q=new URLSearchParams(location.search).get('filter');"
    "if(q)box.value=q;apply();})();";

// The codices a finding involves: those of its clauses, or, for an analysis driven by data that
// names none, the codex its id names (F-<codex>-...).
std::vector<std::string> finding_codices(const Spec& spec, const Finding& f) {
  std::vector<std::string> out;
  for (const auto& cl : f.clauses) {
    const std::string cx = cl.substr(0, cl.find('.'));
    if (spec.codex(cx) && std::find(out.begin(), out.end(), cx) == out.end()) out.push_back(cx);
  }
  if (out.empty())
    for (const auto& cx : spec.codices())
      if (f.id.rfind("F-" + cx.id + "-", 0) == 0) out.push_back(cx.id);
  return out;
}

// The cited lines of the codex's source, collapsed; "" when the clause cites none.
std::string source_excerpt(const Codex& cx, int first, int last, const std::string& summary) {
  const auto* source = source_lines(cx);
  if (!source || first <= 0 || last > static_cast<int>(source->size())) return "";
  std::ostringstream os;
  os << "<details><summary>" << summary << "</summary><pre>";
  for (int n = first; n <= last && n - first < 40; ++n) os << n << "  " << html_escape((*source)[static_cast<std::size_t>(n - 1)]) << "\n";
  os << "</pre></details>";
  return os.str();
}
std::string source_excerpt(const Codex& cx, const Clause& cl, const std::string& summary) {
  return source_excerpt(cx, cl.first_line, cl.last_line, summary);
}

std::string conditions_text(const std::vector<DecisionCondition>& when) {
  std::string out;
  for (const auto& c : when) out += (out.empty() ? "" : ", ") + condition_text(c);
  return out.empty() ? "always" : out;
}

// The decision tables of a codex: input space, rows, and what Z3 found in them.
void decisions_html(std::ostream& os, const Codex& cx, const SuiteResult& r) {
  if (cx.decisions.empty()) return;
  const auto run = std::find_if(r.analyses.begin(), r.analyses.end(), [&](const AnalysisOutcome& a) { return a.id == "decisions." + cx.id; });
  os << "<div class=\"block\"><h3>Decision tables</h3>\n<p>" << (run == r.analyses.end() ? std::string("not run") : html_escape(run->detail))
     << "</p>\n";
  for (const auto& t : cx.decisions) {
    os << "<div id=\"" << html_escape(t.id) << "\" data-filter><h4>" << html_escape(t.topic) << " <code>" << html_escape(t.id) << "</code></h4><p>Inputs: ";
    for (std::size_t i = 0; i < t.inputs.size(); ++i) {
      const auto& in = t.inputs[i];
      std::string values;
      for (const auto& v : in.values) values += (values.empty() ? "" : " | ") + v;
      os << (i ? "; " : "") << "<code>" << html_escape(in.name) << "</code> "
         << html_escape(in.values.empty() ? std::to_string(in.min) + ".." + std::to_string(in.max) : values);
    }
    os << "</p>\n<p>";
    if (!t.consulted_by.empty()) {
      std::string queries;
      for (const auto& q : t.consulted_by) queries += (queries.empty() ? "" : ", ") + q;
      os << "Executed by the models: the queries " << html_escape(queries) << " consult this table where they decide.";
    } else if (!t.inputs_from_none.empty()) {
      os << "No model computes its inputs: " << html_escape(t.inputs_from_none);
    } else if (!t.executed_through.empty()) {
      std::string through;
      for (const auto& id : t.executed_through) through += (through.empty() ? "" : ", ") + id;
      os << "Sets executed tables side by side (" << html_escape(through) << "): " << html_escape(t.executed_why);
    } else {
      os << "Not consulted by any model yet: it is stated here and checked by Z3 and the query decide.";
    }
    os << (t.policy != "any" ? " Hit policy: " + html_escape(t.policy) + "." : std::string()) << "</p>\n<table><tr><th>row</th><th>when</th><th>outcome</th><th>clause (line)</th></tr>\n";
    for (const auto& row : t.rows)
      os << "<tr><td>" << html_escape(row.id) << "</td><td>" << html_escape(conditions_text(row.when)) << "</td><td>" << html_escape(outcome_text(row))
         << "</td><td><a href=\"#" << html_escape(row.clause) << "\"><code>" << html_escape(row.clause) << "</code></a> (" << row.line << ")</td></tr>\n";
    os << "</table>\n";
    if (t.judged.empty()) os << "<p>Z3 finds no combination undecided, none decided twice, no row without effect.</p>\n";
    for (const auto& j : t.judged) {
      os << "<p><b>" << html_escape(j.kind) << "</b> " << html_escape(j.kind == "gap" ? conditions_text(j.when) : "rows " + [&] {
        std::string s;
        for (const auto& x : j.rows) s += (s.empty() ? "" : ", ") + x;
        return s;
      }()) << ": ";
      if (!j.finding.empty()) os << "<a href=\"#" << html_escape(j.finding) << "\">" << html_escape(j.finding) << "</a>";
      else os << "not a finding: " << html_escape(j.not_a_finding);
      os << "</p>\n";
    }
    if (!t.note.empty()) os << "<p><small>" << html_escape(t.note) << "</small></p>\n";
    os << "</div>\n";
  }
  os << "</div>\n";
}

// The terms of a codex, their definitions and every use, with the uses that do not fit.
void glossary_html(std::ostream& os, const Codex& cx, const SuiteResult& r) {
  if (cx.glossary.empty()) return;
  const auto run = std::find_if(r.analyses.begin(), r.analyses.end(), [&](const AnalysisOutcome& a) { return a.id == "glossary." + cx.id; });
  os << "<div class=\"block\"><h3>Terms where the text uses them</h3>\n<p>" << (run == r.analyses.end() ? std::string("not run") : html_escape(run->detail))
     << "</p>\n<table><tr><th>term</th><th>defined by</th><th>uses (line: fits)</th></tr>\n";
  for (const auto& t : cx.glossary) {
    os << "<tr data-filter><td>" << html_escape(t.term) << " <small>(" << html_escape(t.stem) << ")</small></td><td>";
    if (t.defined_by.empty()) os << "never defined: " << html_escape(t.finding.empty() ? t.not_a_finding : t.finding);
    else os << "<a href=\"#" << html_escape(t.defined_by) << "\"><code>" << html_escape(t.defined_by) << "</code></a>";
    os << "</td><td>";
    for (const auto& u : t.uses) {
      os << u.line << ": " << html_escape(u.fits);
      if (u.fits == "no") os << " (" << html_escape(u.finding.empty() ? u.not_a_finding : u.finding) << ")";
      os << "<br>";
    }
    os << "</td></tr>\n";
  }
  os << "</table></div>\n";
}

// What the text claims about its own rules, and what the checks show.
void claims_html(std::ostream& os, const Codex& cx, const SuiteResult& r) {
  if (cx.claims.empty()) return;
  os << "<div class=\"block\"><h3>What the text claims about its rules</h3>\n<table><tr><th>claim</th><th>what the text says</th>"
        "<th>checked by</th><th>verdict</th></tr>\n";
  for (const auto& c : cx.claims) {
    const auto check = std::find_if(r.claim_checks.begin(), r.claim_checks.end(), [&](const auto& k) { return k.claim == c.id; });
    os << "<tr id=\"" << html_escape(c.id) << "\" data-filter><td><code>" << html_escape(c.id) << "</code></td><td>" << html_escape(c.says)
       << source_excerpt(cx, c.first_line, c.last_line, html_escape(cx.source) + " lines " + std::to_string(c.first_line) + "-" +
                                                            std::to_string(c.last_line))
       << "</td><td>";
    for (const auto& by : c.checked_by) os << "<code>" << html_escape(by) << "</code><br>";
    os << "</td><td>" << (check == r.claim_checks.end() ? std::string("not run") : html_escape(check->observed));
    if (!c.finding.empty()) os << ": <a href=\"#" << html_escape(c.finding) << "\">" << html_escape(c.finding) << "</a>";
    if (!c.not_a_finding.empty()) os << "<br><small>not a finding: " << html_escape(c.not_a_finding) << "</small>";
    os << "</td></tr>\n";
  }
  os << "</table></div>\n";
}

// The top of the page: findings by severity per codex and in all, each count a link to the
// findings it counts (the filter), and the legend of every term the page uses.
void summary_html(std::ostream& os, const Spec& spec, const SuiteResult& r) {
  const auto& severities = finding_severities();
  std::map<std::string, std::map<std::string, int>> counts;  // codex -> severity -> findings touching it
  std::map<std::string, int> total;
  for (const auto& f : r.findings) {
    ++total[f.severity];
    for (const auto& cx : finding_codices(spec, f)) ++counts[cx][f.severity];
  }
  auto cell = [](int n, const std::string& filter) {
    return n ? "<a href=\"?filter=" + filter + "\">" + std::to_string(n) + "</a>" : std::string("0");
  };
  os << "<section id=\"summary\"><h2>Findings by severity</h2>\n<table class=\"summary\"><tr><th>codex</th>";
  for (const auto& s : severities) os << "<th>" << s << "</th>";
  os << "<th>all</th></tr>\n";
  for (const auto& cx : spec.codices()) {
    if (!r.codex.empty() && cx.id != r.codex) continue;
    os << "<tr data-codex-row=\"" << cx.id << "\"><td><a href=\"#" << cx.id << "\">" << html_escape(cx.id) << "</a></td>";
    int all = 0;
    for (const auto& s : severities) {
      const int n = counts[cx.id][s];
      all += n;
      os << "<td data-severity-count=\"" << s << "\">" << cell(n, "severity:" + s + "+codex:" + cx.id) << "</td>";
    }
    os << "<td>" << cell(all, "codex:" + cx.id) << "</td></tr>\n";
  }
  os << "<tr data-codex-row=\"all\"><th>all codices</th>";
  int all = 0;
  for (const auto& s : severities) {
    all += total[s];
    os << "<th data-severity-count=\"" << s << "\">" << (total[s] ? "<a href=\"#findings-" + s + "\">" + std::to_string(total[s]) + "</a>" : "0")
       << "</th>";
  }
  os << "<th><a href=\"#findings\">" << all << "</a></th></tr>\n</table>\n<p><small>A finding that involves clauses of two codices "
        "counts in both rows and once in the last. Type <code>severity:defect</code>, <code>kind:conflict</code>, <code>codex:ing-1996</code> or "
        "<code>status:partial</code> in the filter, beside any words.</small></p>\n";
  os << "<details id=\"legend\" open><summary><b>Legend</b>: the words this page uses</summary>\n<dl>\n";
  std::string group;
  for (const auto& t : report_legend()) {
    if (t.group != group) {
      group = t.group;
      os << "<dt class=\"legend-group\">" << html_escape(group) << "</dt>\n";
    }
    os << "<dd><b data-term=\"" << html_escape(t.term) << "\">" << html_escape(t.term) << "</b>: " << html_escape(t.meaning) << "</dd>\n";
  }
  os << "</dl></details></section>\n";
}

void finding_html(std::ostream& os, const Spec& spec, const SuiteResult& r, const Finding& f) {
  std::string codices;
  for (const auto& cx : finding_codices(spec, f)) codices += (codices.empty() ? "" : " ") + cx;
  os << "<div class=\"finding " << f.severity << "\" id=\"" << f.id << "\" data-filter data-severity=\"" << f.severity << "\" data-kind=\""
     << f.kind << "\" data-codex=\"" << html_escape(codices) << "\"><b>" << f.id << "</b> (" << f.severity << ", " << f.kind << ") — "
     << html_escape(f.summary) << "<p>" << html_escape(f.explanation) << "</p>";
  if (f.note)
    os << "<p><b>Best defence</b> (" << html_escape(cites_text(f.note->best_defence.lines)) << "): " << html_escape(f.note->best_defence.reading)
       << "</p><p><b>Why it stands:</b> " << html_escape(f.note->best_defence.answer) << "</p><p>cites "
       << html_escape(cites_text(f.note->cites)) << "</p>";
  if (const std::string svg = witness_svg(f.witness); !svg.empty()) os << "<div class=\"diagram\">" << svg << "</div>";
  os << "<p>witness <code>" << html_escape(f.witness.dump()) << "</code>";
  if (!f.case_id.empty()) os << " · case <a href=\"#case-" << html_escape(f.case_id) << "\"><code>" << html_escape(f.case_id) << "</code></a>";
  os << "</p><p>found by " << html_escape(finding_method(f)) << " · reproduce: <code>" << html_escape(f.reproduce()) << "</code></p>";
  for (const auto& request : f.oracle_requests) os << "<p>oracle: <code>" << html_escape(oracle_command(request)) << "</code></p>";
  if (auto it = r.repairs.find(f.id); it != r.repairs.end()) {
    const auto& p = it->second;
    if (p.proposals)
      os << "<p><b>Proposed fix</b> (rulespec repair, least cost of " << p.proposals << "): " << html_escape(p.best) << " — "
         << html_escape(p.cost) << " · <a href=\"" << html_escape(p.file) << "\">amendment</a></p>";
    else
      os << "<p><b>Proposed fix:</b> none within the catalogs' readings and params; the fix needs " << html_escape(p.missing) << "</p>";
  }
  // The clauses it involves, as their rows show them.
  for (const auto& id : f.clauses) {
    const Clause* cl = spec.clause(id);
    if (!cl) continue;
    const Codex* cx = nullptr;
    for (const auto& c : spec.codices())
      if (c.id == cl->codex) cx = &c;
    const std::string summary = "<a href=\"#" + html_escape(id) + "\"><code>" + html_escape(id) + "</code></a> " + html_escape(cl->statement);
    const std::string excerpt = cx ? source_excerpt(*cx, *cl, summary) : "";
    os << (excerpt.empty() ? "<p>" + summary + "</p>" : excerpt);
  }
  os << "</div>\n";
}

void clause_row(std::ostream& os, const Codex& cx, const Clause& cl, const SuiteResult& r) {
  os << "<tr id=\"" << html_escape(cl.id) << "\" data-filter data-codex=\"" << html_escape(cx.id) << "\" data-status=\"" << cl.status
     << "\" data-kind=\"" << cl.kind << "\"><td><code>" << html_escape(cl.id) << "</code></td><td>" << html_escape(cl.ref)
     << "</td><td>" << cl.kind << (cl.board ? " (board)" : "") << "</td><td class=\"" << cl.status << "\">" << cl.status
     << (cl.why.empty() ? "" : "<br><small>" + html_escape(cl.why) + "</small>") << "</td><td>" << html_escape(cl.statement);
  os << source_excerpt(cx, cl, html_escape(cx.source) + " lines " + std::to_string(cl.first_line) + "-" + std::to_string(cl.last_line));
  os << "</td><td>";
  if (const auto it = r.cited_by.find(cl.id); it != r.cited_by.end())
    for (const auto& e : it->second) {
      const std::string id = e.rfind("case:", 0) == 0 ? e.substr(5) : "";
      if (!id.empty() && r.case_diagrams.count(id))
        os << "<a href=\"#case-" << html_escape(id) << "\"><code>" << html_escape(e) << "</code></a><br>";
      else
        os << "<code>" << html_escape(e) << "</code><br>";
    }
  // Exercised only by evidence that could have failed: the case runs whose answer changes with the
  // clause switched off.
  os << "</td><td>";
  const auto d = r.decisive_by.find(cl.id);
  if (d != r.decisive_by.end() && !d->second.empty()) {
    os << "<span class=\"decisive\">yes</span>, " << d->second.size() << " decisive run" << (d->second.size() == 1 ? "" : "s") << "<br>";
    for (std::size_t i = 0; i < d->second.size() && i < 3; ++i) os << "<code>" << html_escape(d->second[i]) << "</code><br>";
    if (d->second.size() > 3) os << "<small>and " << d->second.size() - 3 << " more</small>";
  } else if (!cl.not_decisive.empty()) {
    os << "no<br><small>not decisive: " << html_escape(cl.not_decisive) << "</small>";
  } else if (!cl.applied_through.empty()) {
    os << "no<br><small>applied through";
    for (const auto& t : cl.applied_through) os << " <code>" << html_escape(t) << "</code>";
    os << ": without it alone nothing changes</small>";
  } else if (clause_applied(cl)) {
    os << "<span class=\"to-do\">no</span><br><small>no case changes without it yet</small>";
  } else {
    os << "no";
  }
  os << "</td></tr>\n";
}

void codex_html(std::ostream& os, const Spec& spec, const Codex& cx, const SuiteResult& r) {
  const auto c = coverage(cx, r);
  const int percent = c.clauses ? 100 * c.exercised / c.clauses : 0;
  os << "<section class=\"block\"><h2 id=\"" << cx.id << "\">" << html_escape(cx.id) << " — " << html_escape(cx.title) << "</h2>\n<p><span class=\"bar\" title=\""
     << percent << "% of clauses exercised\"><span style=\"width:" << percent << "%\"></span></span>" << c.exercised << " of " << c.clauses
     << " clauses exercised (" << percent << "%: a case's answer or a property's samples change without them; " << c.decisive_case_runs
     << " decisive case runs, " << c.decisive_property_runs << " property runs with decisive samples); " << c.cited << " cited; " << c.not_decisive << " say why nothing can be decisive, " << c.to_do
     << " to do; board-free " << c.board_free_exercised << "/" << c.board_free << " · source "
     << html_escape(cx.source) << (cx.provenance.empty() ? "" : " (" + html_escape(cx.provenance) + ")");
  const auto lines = line_coverage(spec, cx);
  os << " · " << lines.cited << " of its " << lines.nonblank << " non-blank lines cited by clauses, " << lines.prose
     << " listed as prose (headings, history, commentary, examples)";
  if (!lines.unaccounted.empty()) os << ", " << lines.unaccounted.size() << " not yet accounted for";
  os << "</p>\n";
  // Its findings are in the findings section above, defects first; here, where to find them.
  std::string links;
  for (const auto& f : r.findings) {
    const auto touched = finding_codices(spec, f);
    if (std::find(touched.begin(), touched.end(), cx.id) != touched.end())
      links += std::string(links.empty() ? "" : " · ") + "<a href=\"#" + f.id + "\">" + f.id + "</a> (" + f.severity + ")";
  }
  if (!links.empty()) os << "<p>Findings: " << links << "</p>\n";
  claims_html(os, cx, r);
  decisions_html(os, cx, r);
  glossary_html(os, cx, r);
  os << "<div class=\"block\"><h3>Clauses</h3>\n<table><tr><th>id</th><th>ref</th><th>kind</th><th>status</th><th>statement</th><th>cited by</th><th>exercised</th></tr>\n";
  std::string topic = "\x01";
  for (const auto& cl : cx.clauses) {
    if (cl.topic != topic) {
      topic = cl.topic;
      os << "<tr class=\"group\"><th colspan=\"7\">" << html_escape(topic.empty() ? "(no topic)" : topic) << "</th></tr>\n";
    }
    clause_row(os, cx, cl, r);
  }
  os << "</table></div>\n";
  // The board cases of this codex, drawn (collapsed).
  bool header = false;
  for (const auto& [id, drawn] : r.case_diagrams) {
    if (drawn.codex != cx.id) continue;
    if (!header) os << "<div class=\"block\"><h3>Board cases</h3>\n<div>";
    header = true;
    os << "<details class=\"case\" id=\"case-" << html_escape(id) << "\" data-filter data-codex=\"" << html_escape(cx.id) << "\"><summary><code>"
       << html_escape(id)
       << "</code></summary><div class=\"diagram\">" << drawn.svg << "</div><small>" << html_escape(drawn.clauses) << "</small></details>\n";
  }
  if (header) os << "</div></div>\n";
  os << "</section>\n";
}

}  // namespace

std::string html_escape(std::string_view s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

// Peers' rule tests: one row per suite, then every item that is not a plain agreement.
void peers_html(std::ostringstream& os, const SuiteResult& r) {
  int items = 0, agree = 0, readings = 0, heavy = 0;
  for (const auto& p : r.peers) items += p.items, agree += p.agree, readings += p.reading_differences, heavy += p.heavy_skipped;
  os << "<h2 id=\"peers\">Peers' rule tests</h2>\n<p>The published rule tests of other engines and libraries "
        "(<code>peers/</code>), item by item with the peer's expected answer as its file states it, run under the ruleset of "
        "ours that matches the rules the peer assumes: "
     << r.peers.size() << " suites, " << items << " items, " << agree << " agree, " << readings
     << " differ by a named reading (and agree under the ruleset named), " << items - agree - readings << " unexplained"
     << (heavy ? "; " + std::to_string(heavy) + " heavy items (deep perfts) run only by ctest and <code>verify --deep</code>" : std::string())
     << ".</p>\n";
  if (r.peers.empty()) return;
  os << "<table><tr><th>game</th><th>suite</th><th>source</th><th>ruleset</th><th>items</th><th>agree</th><th>reading differences</th>"
        "<th>unexplained</th></tr>\n";
  for (const auto& p : r.peers)
    os << "<tr data-filter" << (p.pass() ? "" : " class=\"fail\"") << "><td>" << html_escape(p.game) << "</td><td>" << html_escape(p.suite)
       << "</td><td><code>" << html_escape(p.repo) << "@" << html_escape(p.commit.substr(0, 12)) << "</code></td><td><code>" << html_escape(p.ruleset)
       << "</code></td><td>" << p.items << "</td><td>" << p.agree << "</td><td>" << p.reading_differences << "</td><td>" << p.unexplained()
       << "</td></tr>\n";
  os << "</table>\n<ul>\n";
  for (const auto& p : r.peers)
    for (const auto& n : p.notes)
      os << "<li data-filter" << (n.status == PeerItemOutcome::Status::ReadingDifference ? "" : " class=\"fail\"") << "><b>"
         << html_escape(p.suite + "/" + n.id) << "</b> (" << html_escape(n.from) << "): " << to_string(n.status)
         << (n.reading.empty() ? std::string() : ": " + html_escape(n.reading))
         << (n.agrees_under.empty() ? std::string() : "; agrees under <code>" + html_escape(n.agrees_under) + "</code>") << "; "
         << html_escape(n.detail) << "</li>\n";
  os << "</ul>\n";
}

// Mined cases: per game, question and pair of rulesets, the smallest witness the repository holds.
void mined_html(std::ostringstream& os, const Spec& spec, const SuiteResult& r) {
  const auto groups = mined_groups(spec, r);
  int cases = 0;
  for (const auto& g : groups) cases += g.cases;
  os << "<h2 id=\"mined\">Mined witnesses</h2>\n<p>Positions found by <code>rulespec mine</code> (<code>cases/mined/</code>) on which "
        "two rulesets answer differently, each minimal (no stone, piece or part of it can go and the two still part), in canonical "
        "form and unique; every one runs as a case. "
     << cases << " cases in " << groups.size() << " groups; the smallest witness of each game, question and pair of rulesets:</p>\n";
  if (groups.empty()) return;
  os << "<table><tr><th>game / question</th><th>rulesets that part</th><th>cases</th><th>smallest witness</th><th>clauses</th>"
        "<th>input</th></tr>\n";
  for (const auto& g : groups)
    os << "<tr data-filter" << (g.pass ? "" : " class=\"fail\"") << "><td>" << html_escape(g.game + " / " + g.question) << "</td><td>"
       << html_escape(g.pair) << "</td><td>" << g.cases << "</td><td><code>" << html_escape(g.case_id) << "</code>: " << g.parts << " "
       << html_escape(g.part_name) << "</td><td>" << html_escape(g.clauses) << "</td><td><code>" << html_escape(g.input) << "</code></td></tr>\n";
  os << "</table>\n";
}

std::string report_html(const Spec& spec, const SuiteResult& r) {
  std::ostringstream os;
  os << "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>rulespec report</title>\n<style>" << kStyle
     << "</style></head><body>\n";
  os << "<h1>rulespec report</h1>\n<p>seed " << r.seed << " · " << r.cases.size() << " case runs · " << r.properties.size()
     << " property runs · " << r.analyses.size() << " analyses · " << r.findings.size() << " findings · " << r.failures()
     << " failures</p>\n<p>";
  os << "<a href=\"#findings\">findings</a> · ";
  for (const auto& cx : spec.codices())
    if (r.codex.empty() || cx.id == r.codex) os << "<a href=\"#" << cx.id << "\">" << html_escape(cx.id) << "</a> · ";
  os << "<a href=\"#peers\">peers' rule tests</a> · <a href=\"#mined\">mined witnesses</a> · <a href=\"#certificates\">engines</a></p>\n<div id=\"filterbox\"><input id=\"filter\" type=\"search\" "
        "placeholder=\"words, or severity:defect kind:conflict codex:ing-1996 status:partial\" aria-label=\"filter\"> <span id=\"shown\"></span></div>\n";
  summary_html(os, spec, r);
  // Every finding, defects first, then wording, then differences (report_order).
  os << "<section class=\"block\" id=\"findings\"><h2>Findings</h2>\n";
  std::string severity;
  for (const auto& f : r.findings) {
    if (f.severity != severity) {
      os << (severity.empty() ? "" : "</div>\n");
      severity = f.severity;
      os << "<div class=\"block\" id=\"findings-" << severity << "\"><h3>" << severity << "</h3>\n";
    }
    finding_html(os, spec, r, f);
  }
  if (!severity.empty()) os << "</div>\n";
  if (r.findings.empty()) os << "<p>None.</p>\n";
  os << "</section>\n";
  for (const auto& cx : spec.codices())
    if (r.codex.empty() || cx.id == r.codex) codex_html(os, spec, cx, r);
  const auto& withdrawn = spec.findings_register().withdrawn;
  if (!withdrawn.empty()) {
    os << "<section class=\"block\"><h2 id=\"withdrawn\">Withdrawn after review</h2>\n<p>Candidates that did not survive the text's best defence; "
          "their ids are not reused.</p>\n<ul>\n";
    for (const auto& w : withdrawn)
      os << "<li id=\"" << html_escape(w.id) << "\" data-filter><b>" << html_escape(w.id) << "</b>: " << html_escape(w.reason) << "</li>\n";
    os << "</ul></section>\n";
  }
  if (!r.mutants.empty()) {
    int killed = 0;
    for (const auto& m : r.mutants) killed += m.killed;
    os << "<h2 id=\"mutants\">certify's own teeth</h2>\n<p>The reference engines " << (r.references_certified ? "pass every probe" : "FAIL a probe")
       << "; " << killed << " of " << r.mutants.size() << " mutants, each with one rule broken, are rejected on that rule:";
    for (const auto& m : r.mutants)
      os << " " << html_escape(m.game) << "/" << html_escape(m.flip) << " <code>" << html_escape(m.clause) << "</code> " << (m.killed ? "killed" : "SURVIVED") << ";";
    os << "</p>\n";
  }
  peers_html(os, r);
  mined_html(os, spec, r);
  // The conformance matrix: every installed engine under every ruleset of its game.
  int certified = 0;
  for (const auto& c : r.certificates)
    if (const Value* yes = c.find("certified")) certified += yes->as_bool();
  os << "<h2 id=\"certificates\">Engine certificates: the conformance matrix</h2>\n<p>Real engines installed here (and GNU Go "
        "under its rule flags), played over their own protocols against the reference model under every ruleset of their game "
        "(<code>rulespec certify --matrix</code>): "
     << r.certificates.size() << " engine and ruleset pairs, " << certified
     << " certified on what they observed. A clause an engine fails is its certificate, not a failure of the suite.</p>\n";
  if (r.certificates.empty()) os << "<p>None of the known engines is installed here.</p>\n";
  else os << r.certificates_html;
  os << "<h2 id=\"failures\">Failures</h2>\n<ul>\n";
  for (const auto& c : r.cases)
    if (!c.pass)
      os << "<li class=\"fail\">case " << html_escape(c.case_id) << " [" << c.ruleset << "] expected <code>" << html_escape(c.expected.dump())
         << "</code> got <code>" << html_escape(c.actual.dump()) << "</code></li>\n";
  for (const auto& p : r.properties)
    if (!p.pass)
      os << "<li class=\"fail\">property " << html_escape(p.id) << " [" << p.ruleset << "] " << html_escape(p.failure) << " — <code>"
         << html_escape(reproduce_command(p)) << "</code></li>\n";
  for (const auto& a : r.analyses)
    if (!a.ok) os << "<li class=\"fail\">analysis " << html_escape(a.id) << ": " << html_escape(a.detail) << "</li>\n";
  for (const auto& c : r.finding_checks)
    if (!c.pass) os << "<li class=\"fail\">" << html_escape(c.property) << " " << html_escape(c.finding) << ": " << html_escape(c.detail) << "</li>\n";
  for (const auto& p : r.peers)
    if (!p.pass()) os << "<li class=\"fail\">peer suite " << html_escape(p.game + "/" + p.suite) << ": " << p.unexplained() << " items unexplained</li>\n";
  for (const auto& p : r.problems) os << "<li class=\"fail\">" << html_escape(p) << "</li>\n";
  os << "</ul>\n<script>" << kScript << "</script>\n</body></html>\n";
  return os.str();
}

}  // namespace rulespec
