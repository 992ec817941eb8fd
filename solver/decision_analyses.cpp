// Decision tables (spec: Codex::decisions), checked by Z3 over their declared input space: input
// combinations no row decides (gap), two rows that decide one combination differently (overlap),
// rows that add nothing to the other rows with their outcome (dead). A candidate the table judges
// with a finding is reported with that finding's text and a witness combination; one judged
// `not_a_finding` is said in the detail; one not judged at all fails the analysis, so that a new
// candidate is never passed over.
#include <algorithm>
#include <map>

#include "spec/tables.hpp"
#include "solver/finding.hpp"
#include "solver/harness.hpp"

namespace rulespec {
namespace {

struct Encoded {
  ClauseModel m;
  std::map<std::string, z3::expr> vars;
  // The inputs bound to a clause's reading, fixed to the reading the ruleset takes.
  std::vector<z3::expr> fixed;
  std::vector<z3::expr> under_ruleset(std::vector<z3::expr> extra) const {
    extra.insert(extra.end(), fixed.begin(), fixed.end());
    return extra;
  }
};

// The clauses whose readings the conditions depend on.
std::vector<std::string> reading_clauses(const DecisionTable& t, const std::vector<DecisionCondition>& when) {
  std::vector<std::string> out;
  for (const auto& c : when)
    for (const auto& in : t.inputs)
      if (in.name == c.input && !in.reading.empty() && std::find(out.begin(), out.end(), in.reading) == out.end()) out.push_back(in.reading);
  return out;
}

z3::expr condition(Encoded& e, const DecisionTable& t, const std::vector<DecisionCondition>& when) {
  z3::expr all = e.m.ctx().bool_val(true);
  for (const auto& c : when) {
    const z3::expr& x = e.vars.at(c.input);
    const auto in = std::find_if(t.inputs.begin(), t.inputs.end(), [&](const DecisionInput& i) { return i.name == c.input; });
    if (!in->values.empty()) {
      z3::expr any = e.m.ctx().bool_val(false);
      for (const auto& v : c.values) {
        const auto k = std::find(in->values.begin(), in->values.end(), v) - in->values.begin();
        any = any || x == e.m.num(static_cast<int>(k));
      }
      all = all && any;
    } else {
      all = all && x >= e.m.num(c.min) && x <= e.m.num(c.max);
    }
  }
  return all;
}

// The combination a model gives, as {input: value}.
Value combination(Encoded& e, const DecisionTable& t, const z3::model& model) {
  Value out = Value::map();
  for (const auto& in : t.inputs) {
    const int v = ClauseModel::value(model, e.vars.at(in.name));
    out.set(in.name, in.values.empty() ? Value::integer(v) : Value::string(in.values.at(static_cast<std::size_t>(v))));
  }
  return out;
}

std::string text(const Value& combo) {
  std::string out;
  for (const auto& entry : combo.as_map()) {
    const Value& v = entry.value;
    out += (out.empty() ? "" : ", ") + entry.key + " = " + (v.is_string() ? v.as_string() : v.dump());
  }
  return out;
}

// Gaps and overlaps are those of the codex's default ruleset (an input bound to a clause's reading
// takes the reading it takes); dead rows and stale judgements are judged over every reading, so
// that a row or a judgement for another reading stays in the table.
void check_table(const Codex& cx, const Ruleset& rs, const DecisionTable& t, AnalysisOutcome& out, std::vector<std::string>& unjudged,
                 std::map<std::string, int>& judged_not) {
  Encoded e;
  for (const auto& in : t.inputs) {
    z3::expr x = e.m.int_var(t.id + "." + in.name);
    e.vars.emplace(in.name, x);
    if (in.values.empty()) e.m.assume(x >= e.m.num(in.min) && x <= e.m.num(in.max));
    else e.m.assume(x >= e.m.num(0) && x < e.m.num(static_cast<int>(in.values.size())));
    if (!in.from_ruleset()) continue;
    const std::string taken = ruleset_input_value(in, rs);
    const auto k = std::find(in.values.begin(), in.values.end(), taken) - in.values.begin();
    if (k == static_cast<long>(in.values.size()))
      throw std::runtime_error(t.id + ": ruleset " + rs.id + " takes " + (in.reading.empty() ? "the value '" + taken + "' of param " + in.param
                                                                                        : "reading '" + taken + "' of " + in.reading) +
                               ", which input " + in.name + " does not list");
    e.fixed.push_back(x == e.m.num(static_cast<int>(k)));
  }
  std::vector<z3::expr> rows;
  for (const auto& r : t.rows) rows.push_back(condition(e, t, r.when));
  auto row_of = [&](const std::string& id) {
    return std::find_if(t.rows.begin(), t.rows.end(), [&](const DecisionRow& r) { return r.id == id; });
  };
  // A candidate nobody judged: an error of the catalog as written; in a table an amendment changed,
  // a finding the amendment makes appear (no register entry: amend lists it as new).
  int fresh = 0;
  auto candidate = [&](const std::string& kind, const std::string& what, const Value& witness, const std::vector<std::string>& clauses) {
    if (!t.amended) {
      unjudged.push_back(t.id + ": " + what);
      return;
    }
    std::string id = "F-" + t.id + "-" + kind + "-" + std::to_string(++fresh);
    std::replace(id.begin(), id.end(), '.', '-');
    Finding f{.id = id, .kind = kind == "gap" ? "gap" : kind == "overlap" ? "conflict" : "redundancy",
              .summary = "The amended table " + t.id + " has a new " + kind + ": " + what,
              .explanation = "A candidate the table as written did not have; the amendment makes it. Witness: " + text(witness) + ".",
              .clauses = clauses, .witness = witness};
    f.rulesets = {cx.rulesets.front().id};
    out.findings.push_back(std::move(f));
  };
  std::vector<std::string> row_clauses;
  for (const auto& r : t.rows)
    if (std::find(row_clauses.begin(), row_clauses.end(), r.clause) == row_clauses.end()) row_clauses.push_back(r.clause);
  // A decision point's gap is about the clause where the choice falls, whatever rows it has.
  if (!t.point.empty() && std::find(row_clauses.begin(), row_clauses.end(), t.point) == row_clauses.end()) row_clauses.insert(row_clauses.begin(), t.point);
  auto report = [&](const DecisionJudgement& j, const Value& witness, const std::vector<std::string>& clauses) {
    if (!j.not_a_finding.empty()) {
      ++judged_not[j.kind];
      return;
    }
    Finding f{.id = j.finding, .kind = j.kind == "gap" ? "gap" : j.kind == "overlap" ? "conflict" : "redundancy",
              .summary = j.summary, .explanation = j.explanation + " Witness: " + text(witness) + ".", .clauses = clauses,
              .witness = witness};
    f.rulesets = {cx.rulesets.front().id};
    f.case_id = j.case_id;
    out.findings.push_back(std::move(f));
  };

  // Gaps: combinations no row decides, less those a judgement covers. Every candidate is judged,
  // under any reading; it is reported only under the ruleset's.
  {
    z3::expr covered = e.m.ctx().bool_val(false);
    for (const auto& r : rows) covered = covered || r;
    std::vector<z3::expr> extra = {!covered};
    for (const auto& j : t.judged)
      if (j.kind == "gap") {
        // A judged region is one candidate: report it once, with a witness inside it.
        if (auto model = e.m.model(e.under_ruleset({!covered, condition(e, t, j.when)}))) {
          std::vector<std::string> clauses;
          if (!t.point.empty()) clauses.push_back(t.point);
          for (const auto& r : t.rows) clauses.push_back(r.clause);
          for (const auto& in : t.inputs)
            if (!in.reading.empty()) clauses.push_back(in.reading);
          std::sort(clauses.begin(), clauses.end());
          clauses.erase(std::unique(clauses.begin(), clauses.end()), clauses.end());
          report(j, combination(e, t, *model), clauses);
        }
        extra.push_back(!condition(e, t, j.when));
      }
    if (auto model = e.m.model(extra)) candidate("gap", "gap at " + text(combination(e, t, *model)), combination(e, t, *model), row_clauses);
  }
  // Overlaps: two rows with different outcomes that one combination satisfies (under `unique`, any
  // two rows); under `first` and `priority` the policy decides them.
  const bool ordered = t.policy == "first" || t.policy == "priority";
  for (std::size_t a = 0; a < t.rows.size() && !ordered; ++a)
    for (std::size_t b = a + 1; b < t.rows.size(); ++b) {
      if (t.rows[a].outcome == t.rows[b].outcome && t.policy != "unique") continue;
      const auto anywhere = e.m.model({rows[a], rows[b]});
      if (!anywhere) continue;
      const auto j = std::find_if(t.judged.begin(), t.judged.end(), [&](const DecisionJudgement& x) {
        return x.kind == "overlap" && std::find(x.rows.begin(), x.rows.end(), t.rows[a].id) != x.rows.end() &&
               std::find(x.rows.begin(), x.rows.end(), t.rows[b].id) != x.rows.end();
      });
      if (j == t.judged.end()) {
        candidate("overlap", "rows " + t.rows[a].id + " (" + t.rows[a].outcome + ") and " + t.rows[b].id + " (" + t.rows[b].outcome +
                                 ") overlap at " + text(combination(e, t, *anywhere)),
                  combination(e, t, *anywhere), {t.rows[a].clause, t.rows[b].clause});
        continue;
      }
      const auto model = e.m.model(e.under_ruleset({rows[a], rows[b]}));
      if (!model) continue;  // only under a reading the ruleset does not take
      std::vector<std::string> clauses = {t.rows[a].clause};
      if (t.rows[b].clause != t.rows[a].clause) clauses.push_back(t.rows[b].clause);
      for (const auto& row : {t.rows[a], t.rows[b]})
        for (const auto& c : reading_clauses(t, row.when))
          if (std::find(clauses.begin(), clauses.end(), c) == clauses.end()) clauses.push_back(c);
      report(*j, combination(e, t, *model), clauses);
    }
  // Dead rows: every combination of the row is decided the same way by the other rows (under
  // `first`, by the rows before it; under `priority`, by rows of its outcome or a more important one).
  auto rank = [&](const std::string& outcome) { return std::find(t.order.begin(), t.order.end(), outcome) - t.order.begin(); };
  for (std::size_t a = 0; a < t.rows.size(); ++a) {
    z3::expr others = e.m.ctx().bool_val(false);
    for (std::size_t b = 0; b < t.rows.size(); ++b) {
      const bool covers = t.policy == "first"      ? b < a
                          : t.policy == "priority" ? b != a && rank(t.rows[b].outcome) <= rank(t.rows[a].outcome)
                                                   : b != a && t.rows[b].outcome == t.rows[a].outcome;
      if (covers) others = others || rows[b];
    }
    if (e.m.model({rows[a], !others})) continue;
    const auto j = std::find_if(t.judged.begin(), t.judged.end(), [&](const DecisionJudgement& x) {
      return x.kind == "dead" && x.rows.front() == t.rows[a].id;
    });
    if (j == t.judged.end()) {
      candidate("dead", "row " + t.rows[a].id +
                            (t.policy == "first"      ? " is never reached: the rows before it decide every combination it covers"
                             : t.policy == "priority" ? " never decides: rows of its outcome or a more important one cover every combination it covers"
                                                      : " decides nothing the other rows with outcome " + t.rows[a].outcome + " do not"),
                Value::map(), {t.rows[a].clause});
      continue;
    }
    const auto model = e.m.model({rows[a]});
    report(*j, model ? combination(e, t, *model) : Value::map(), {t.rows[a].clause});
  }
  // A judgement whose candidate no longer exists is stale.
  for (const auto& j : t.judged) {
    bool exists = false;
    if (j.kind == "gap") {
      z3::expr covered = e.m.ctx().bool_val(false);
      for (const auto& r : rows) covered = covered || r;
      exists = e.m.model({!covered, condition(e, t, j.when)}).has_value();
    } else if (j.kind == "overlap") {
      const auto a = row_of(j.rows[0]), b = row_of(j.rows[1]);
      exists = !ordered && (a->outcome != b->outcome || t.policy == "unique") &&
               e.m.model({rows[static_cast<std::size_t>(a - t.rows.begin())],
                                                      rows[static_cast<std::size_t>(b - t.rows.begin())]}).has_value();
    } else {
      exists = std::any_of(out.findings.begin(), out.findings.end(), [&](const Finding& f) { return f.id == j.finding; }) ||
               !j.not_a_finding.empty();
    }
    // Under an amendment a judged candidate that is gone is what the amendment resolved.
    if (!exists && !t.amended) unjudged.push_back(t.id + ": the judged " + j.kind + " no longer occurs; remove its judgement");
  }
}

void decision_tables(const Spec& spec, const std::string& codex, AnalysisOutcome& out) {
  const Codex* cx = spec.codex(codex);
  if (!cx || cx->decisions.empty()) return not_applicable(out, "no decision tables");
  std::vector<std::string> unjudged;
  std::map<std::string, int> judged_not;  // candidates judged not a finding, by kind
  out.clauses.clear();
  for (const auto& t : cx->decisions) {
    check_table(*cx, spec.ruleset(cx->rulesets.front().id), t, out, unjudged, judged_not);
    for (const auto& r : t.rows)
      if (std::find(out.clauses.begin(), out.clauses.end(), r.clause) == out.clauses.end()) out.clauses.push_back(r.clause);
  }
  if (!unjudged.empty()) {
    std::string all;
    for (const auto& u : unjudged) all += (all.empty() ? "" : "; ") + u;
    throw std::runtime_error("candidates not yet judged (give each a finding or a not_a_finding): " + all);
  }
  std::string judged;
  for (const auto& [kind, n] : judged_not)
    judged += (judged.empty() ? "" : ", ") + std::to_string(n) + " " + (kind == "dead" ? "dead row" : kind) + (n == 1 ? "" : "s");
  out.detail = std::to_string(cx->decisions.size()) + " tables: " + std::to_string(out.findings.size()) + " findings" +
               (judged.empty() ? "" : "; judged not a finding, with the line that answers each: " + judged);
}


// The glossary (spec: Codex::glossary): every use of a term whose situation does not fit the
// definition, and every term used and never defined, is judged in the catalog; those judged a
// finding are reported here with their text, the use's line as the witness.
void glossary(const Spec& spec, const std::string& codex, AnalysisOutcome& out) {
  const Codex* cx = spec.codex(codex);
  if (!cx || cx->glossary.empty()) return not_applicable(out, "no glossary");
  int uses = 0, misfits = 0, undefined = 0, answered = 0;
  out.clauses.clear();
  for (const auto& t : cx->glossary) {
    if (!t.defined_by.empty() && std::find(out.clauses.begin(), out.clauses.end(), t.defined_by) == out.clauses.end())
      out.clauses.push_back(t.defined_by);
    auto emit = [&](const std::string& id, const std::string& kind, const std::string& summary, const std::string& explanation, int line) {
      Finding f{.id = id, .kind = kind, .summary = summary, .explanation = explanation, .witness = Value::map()};
      if (!t.defined_by.empty()) f.clauses.push_back(t.defined_by);
      f.rulesets = {cx->rulesets.front().id};
      f.witness.set("term", Value::string(t.term));
      f.witness.set("line", Value::integer(line));
      out.findings.push_back(std::move(f));
    };
    if (t.defined_by.empty()) {
      ++undefined;
      if (!t.finding.empty()) emit(t.finding, "underspecified", t.summary, t.explanation, t.uses.empty() ? 0 : t.uses.front().line);
    }
    for (const auto& u : t.uses) {
      ++uses;
      if (u.fits != "no") continue;
      // Judged to fit under a reading the ruleset now takes (an amendment's): answered.
      if (!u.fits_under_clause.empty() && spec.ruleset(cx->rulesets.front().id).reading(u.fits_under_clause) == u.fits_under_reading) {
        ++answered;
        continue;
      }
      ++misfits;
      if (u.finding.empty()) continue;
      emit(u.finding, u.finding_kind, u.summary, u.explanation, u.line);
      if (!u.fits_under_clause.empty() && std::find(out.findings.back().clauses.begin(), out.findings.back().clauses.end(), u.fits_under_clause) ==
                                              out.findings.back().clauses.end())
        out.findings.back().clauses.push_back(u.fits_under_clause);
    }
  }
  out.detail = std::to_string(cx->glossary.size()) + " terms, " + std::to_string(uses) + " uses: " + std::to_string(misfits) +
               " where the situation does not fit the definition, " + std::to_string(undefined) + " terms used and never defined; " +
               std::to_string(out.findings.size()) + " of them findings" +
               (answered ? "; " + std::to_string(answered) + " answered by the reading the ruleset takes" : "");
}

// One analysis per codex for the catalog data every codex may carry (its decision tables, its
// glossary): the registry is fixed before the catalogs load. `generated` is the codex id reserved
// for catalogs the suite generates to check its own methods (amend/repair_check.hpp); it is
// planned only where a spec holds it.
void register_per_codex(std::vector<AnalysisInfo>& out, const std::string& prefix, const std::string& summary,
                        void (*run)(const Spec&, const std::string&, AnalysisOutcome&)) {
  for (const char* codex : {"ing-1996", "ru-go-1985", "axf-1982", "cxa", "rif-renju", "jishogi", kGeneratedCodex})
    out.push_back({prefix + codex, summary + codex, {}, [c = std::string(codex), run](const Spec& spec, AnalysisOutcome& o) { run(spec, c, o); },
                   codex});
}

}  // namespace

void register_decision_analyses(std::vector<AnalysisInfo>& out) {
  register_per_codex(out, "decisions.", "gaps, overlaps and dead rows in the decision tables of ", decision_tables);
}

void register_glossary_analyses(std::vector<AnalysisInfo>& out) {
  register_per_codex(out, "glossary.", "the terms where the text uses them, and the uses that do not fit, in ", glossary);
}

}  // namespace rulespec
