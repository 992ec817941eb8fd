#include "amend/repair.hpp"

#include "amend/amend_words.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <sstream>

#include "solver/harness.hpp"
#include "spec/reads.hpp"
#include "spec/tables.hpp"

namespace rulespec {
namespace {

std::string shown(const Value& v) {
  if (v.is_numeric()) return Value::number(v.as_number()).dump();  // 8 and 8.0 are one value
  return v.is_string() ? v.as_string() : v.dump();
}

std::string joined(const std::vector<std::string>& items, const std::string& sep = ", ") {
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : sep) + s;
  return out;
}

// The values a param may take besides `now`: an enum's values, the other boolean, a numeric
// domain's steps (all of them when there are at most 13, else the bounds, the middle and two steps
// either side of the current value).
std::vector<Value> other_values(const ParamDecl& p, const Value& now) {
  std::vector<Value> out;
  auto differs = [&](const Value& v) { return shown(v) != shown(now); };
  if (p.type == "enum") {
    for (const auto& v : p.values)
      if (differs(Value::string(v))) out.push_back(Value::string(v));
  } else if (p.type == "bool") {
    out.push_back(Value::boolean(!now.as_bool(p.id)));
  } else if ((p.type == "int" || p.type == "number") && p.domain && p.domain->step > 0) {
    const auto& d = *p.domain;
    const int steps = static_cast<int>(std::floor((d.max - d.min) / d.step + 1e-9));
    auto at = [&](int k) { return p.type == "int" ? Value::integer(static_cast<std::int64_t>(std::llround(d.min + k * d.step)))
                                                   : Value::number(d.min + k * d.step); };
    std::set<int> ks;
    if (steps <= 12) {
      for (int k = 0; k <= steps; ++k) ks.insert(k);
    } else {
      const int here = now.is_numeric() ? static_cast<int>(std::llround((now.as_number() - d.min) / d.step)) : 0;
      ks = {0, steps / 2, steps};
      for (int k = here - 2; k <= here + 2; ++k)
        if (k >= 0 && k <= steps) ks.insert(k);
    }
    for (int k : ks)
      if (differs(at(k))) out.push_back(at(k));
  }
  return out;
}

// "a, b and c" for prose.
std::string listed(const std::vector<std::string>& items) {
  if (items.size() <= 1) return joined(items);
  std::vector<std::string> head(items.begin(), items.end() - 1);
  return joined(head) + " and " + items.back();
}

std::string yaml_string(const std::string& s) { return json_quote(s); }

// A statement inside a longer sentence: without its final full stop.
std::string without_stop(std::string s) {
  while (!s.empty() && (s.back() == '.' || s.back() == ' ')) s.pop_back();
  return s;
}

std::string yaml_value(const Value& v) { return v.is_string() ? json_quote(v.as_string()) : shown(v); }

}  // namespace

namespace {

// The judgements that report a table's finding. A finding an amended table makes appear
// (F-<table>-gap-<n>, F-<table>-overlap-<n>) has none: it gets one made from its witness, the
// gap at the witness's combination, or the two rows with different outcomes that meet there.
std::vector<DecisionJudgement> judgements_reporting(const DecisionTable& t, const Finding& f) {
  std::vector<DecisionJudgement> out;
  // A candidate judged "Reported as F-..." is folded into that finding: changing the table there
  // is a repair of it too.
  for (const auto& j : t.judged)
    if (j.finding == f.id || j.not_a_finding.rfind("Reported as " + f.id, 0) == 0) out.push_back(j);
  if (!out.empty() || !t.amended || !f.witness.is_map()) return out;
  std::string prefix = "F-" + t.id + "-";
  std::replace(prefix.begin(), prefix.end(), '.', '-');
  if (f.id.rfind(prefix, 0) != 0) return out;
  const std::string rest = f.id.substr(prefix.size());
  DecisionJudgement j;
  j.kind = rest.rfind("gap-", 0) == 0 ? "gap" : rest.rfind("overlap-", 0) == 0 ? "overlap" : "";
  j.finding = f.id;
  if (j.kind.empty()) return out;
  WrittenCombination at;
  for (const auto& in : t.inputs) {
    const Value* v = f.witness.find(in.name);
    if (!v) return out;
    DecisionCondition c;
    c.input = in.name;
    if (in.values.empty()) {
      c.min = c.max = static_cast<int>(v->as_int(in.name));
      at[in.name] = {"", c.min};
    } else {
      c.values = {v->as_string(in.name)};
      at[in.name] = {c.values.front(), 0};
    }
    j.when.push_back(std::move(c));
  }
  if (j.kind == "overlap") {
    const DecisionRow* first = nullptr;
    for (const auto& row : t.rows) {
      if (!conditions_hold(row.when, at)) continue;
      if (!first) first = &row, j.rows.push_back(row.id);
      else if (row.outcome != first->outcome) {
        j.rows.push_back(row.id);
        break;
      }
    }
    if (j.rows.size() != 2) return out;
  }
  out.push_back(std::move(j));
  return out;
}

// Statement-only replacements for what an amendment's settings make the text say: a reading's
// statement for the clause it reads, a changed number in each clause of the param's topic or
// article that gives the old one. Clauses the amendment already replaces keep their replacement.
void add_rule_texts(const Codex& cx, const Spec& base, Amendment& a) {
  std::set<std::string> replaced;
  for (const auto& r : a.replace_clauses)
    if (const Value* id = r.find("id")) replaced.insert(id->as_string());
  auto replace = [&](const Clause& c, const std::string& statement) {
    if (statement.empty() || statement == c.statement || !replaced.insert(c.id).second) return;
    Value patch = Value::map();
    patch.set("id", Value::string(c.id));
    patch.set("statement", Value::string(statement));
    a.replace_clauses.push_back(std::move(patch));
  };
  for (const auto& [clause, reading] : a.readings)
    if (const Clause* c = cx.clause(clause))
      if (const Reading* r = c->reading(reading)) replace(*c, r->statement);
  for (const auto& [name, value] : a.params) {
    const ParamDecl* p = cx.param(name);
    if (!p || (p->type != "number" && p->type != "int") || a.rulesets.empty()) continue;
    const auto& now = base.ruleset(a.rulesets.front()).all_params();
    if (!now.count(name)) continue;
    for (const auto& c : cx.clauses)
      if (c.topic == name || statement_names_article(p->statement, c.ref))
        replace(c, with_number_replaced(c.statement, shown(now.at(name)), shown(value)));
  }
}

}  // namespace

std::string RepairChange::describe() const {
  if (!restated.empty()) return "reword " + restated + ": " + because;
  if (!widened_rows.is_null()) {
    std::vector<std::string> ids;
    for (const Value& r : widened_rows.as_list()) ids.push_back(r.find("id")->as_string());
    return "table " + table + ": the rows " + joined(ids) + " (" + widened_input + " = " + widened_from + ") also for " + widened_input + " = " +
           widened_value;
  }
  if (!table.empty() && !row.is_null()) return "table " + table + ": add the row " + row.dump();
  if (!table.empty() && !remove_row.empty()) return "table " + table + ": remove the row " + remove_row;
  if (!table.empty()) return "table " + table + ": hit policy " + policy + ", order [" + joined(order) + "]";
  if (settle) return "settle " + clause + " on reading " + to + " (its statement becomes the text; the other readings excluded)";
  if (!clause.empty()) return "reading of " + clause + " in " + ruleset + ": " + from + " -> " + to;
  return "param " + param + " in " + ruleset + ": " + from + " -> " + to;
}

bool RepairProposal::cheaper_than(const RepairProposal& o) const {
  const auto key = [](const RepairProposal& p) {
    return std::tuple(p.broken, p.appear, p.settled_moved, p.changes.size(), p.evaluation.cases.size());
  };
  return key(*this) < key(o);
}

RepairBase repair_base(const Spec& base, const std::vector<Case>& cases, const SuiteOptions& opt, const std::string& codex,
                       const std::string& cache_dir) {
  RepairBase b;
  b.codex = codex;
  b.run = run_base(base, cases, opt, codex, cache_dir);
  SuiteOptions o = opt;
  o.codex = codex;
  o.engines = false;
  o.decisive = false;
  b.result = finish_suite(base, cases, o, b.run.plan, b.run.outcomes);
  return b;
}

const std::set<std::string>& RepairBase::reading_dependent(const Spec& base, const std::vector<Case>& cases, const SuiteOptions& opt) const {
  if (reading_dependent_) return *reading_dependent_;
  std::set<std::string> dependent;
  SuiteOptions o = opt;
  o.codex = codex;
  o.engines = false;
  o.decisive = false;
  const Codex* cx = base.codex(codex);
  const std::string& default_ruleset = cx->rulesets.front().id;
  for (const auto& c : cx->clauses) {
    const auto natural = base.natural_readings(c);
    if (natural.size() < 2) continue;
    for (const Reading* r : natural) {
      if (r->id == base.ruleset(default_ruleset).reading(c.id)) continue;
      Amendment a;
      a.id = "reading-dependence";
      a.codex = codex;
      a.rulesets = {default_ruleset};
      a.readings.emplace_back(c.id, r->id);
      // Only the verdicts of cases are asked: the case items that read the reading run again
      // (as amend would run them), not the properties and analyses an evaluation adds.
      try {
        const Spec amended = apply_amendment(base, a);
        const std::set<std::string> changed = changed_keys(base, amended);
        std::vector<std::size_t> reached;
        for (std::size_t i = 0; i < run.plan.size(); ++i)
          if (run.plan[i].kind == SuiteItem::Kind::Case && reaches(run.outcomes[i].reads, changed)) reached.push_back(i);
        SuiteOptions after = o;
        after.record_reads = false;
        const auto fresh = run_items(amended, cases, after, run.plan, reached);
        for (std::size_t k = 0; k < reached.size(); ++k) {
          std::map<std::string, const Value*> before;
          for (const auto& cr : run.outcomes[reached[k]].cases) before[cr.ruleset] = &cr.actual;
          for (const auto& cr : fresh[k].cases)
            if (auto it = before.find(cr.ruleset); it == before.end() || !(*it->second == cr.actual)) dependent.insert(cr.case_id);
        }
      } catch (const std::exception&) {
        // A reading the catalog refuses in the default ruleset settles nothing either way.
      }
    }
  }
  return *(reading_dependent_ = std::move(dependent));
}

RepairResult repair_finding(const Spec& base, const std::vector<Case>& cases, const SuiteOptions& opt, const RepairBase& before,
                            const std::string& finding_id, int max_changes, const std::string& out_prefix, bool every_setting) {
  const auto start = std::chrono::steady_clock::now();
  const auto found = std::find_if(before.result.findings.begin(), before.result.findings.end(),
                                  [&](const Finding& f) { return f.id == finding_id; });
  if (found == before.result.findings.end()) throw std::runtime_error("finding " + finding_id + " is not reported by the codex as written");
  const Finding& f = *found;
  RepairResult r{.finding = f.id, .severity = f.severity, .kind = f.kind, .analysis = f.analysis, .summary = f.summary};
  const FindingNote* note = base.findings_register().note(f.id);

  // The codex: that of the finding's first ruleset, else of its first clause.
  const Codex* cx = nullptr;
  for (const auto& id : f.rulesets)
    if (base.has_ruleset(id)) cx = base.codex(base.ruleset(id).codex);
  if (!cx)
    for (const auto& id : f.clauses)
      if (const Clause* c = base.clause(id)) cx = base.codex(c->codex);
  if (!cx) throw std::runtime_error("finding " + f.id + " names no ruleset or clause of a loaded codex");
  r.codex = cx->id;

  // The evidence: the analysis that emits the finding and the cases that replay it.
  std::set<std::string> evidence = {"analysis:" + f.analysis};
  if (!f.case_id.empty()) evidence.insert("case:" + f.case_id);
  if (note)
    for (const auto& s : note->shows) evidence.insert("case:" + s.case_id);
  std::set<std::string> reads;
  for (std::size_t i = 0; i < before.run.plan.size(); ++i)
    if (evidence.count(before.run.plan[i].key)) reads.insert(before.run.outcomes[i].reads.begin(), before.run.outcomes[i].reads.end());

  // Candidate single changes, each setting once (the order is below).
  std::vector<RepairChange> candidates;
  std::set<std::string> seen;
  auto add_reading_changes = [&](const std::string& ruleset, const std::string& clause_id) {
    const Clause* c = cx->clause(clause_id);
    if (!c || c->readings.size() < 2 || !base.has_ruleset(ruleset) || base.ruleset(ruleset).codex != cx->id) return;
    if (!seen.insert("reading:" + ruleset + ":" + clause_id).second) return;
    const std::string now = base.ruleset(ruleset).reading(clause_id);
    r.space.push_back("reading of " + clause_id + " in " + ruleset + " (" + std::to_string(c->readings.size() - 1) + " other)");
    for (const auto& rd : c->readings)
      if (rd.id != now) candidates.push_back({.ruleset = ruleset, .clause = clause_id, .from = now, .to = rd.id});
  };
  auto add_param_changes = [&](const std::string& ruleset, const std::string& param) {
    const ParamDecl* p = nullptr;
    for (const auto& d : cx->params)
      if (d.id == param) p = &d;
    if (!p || !base.has_ruleset(ruleset) || base.ruleset(ruleset).codex != cx->id) return;
    if (!seen.insert("param:" + ruleset + ":" + param).second) return;
    const auto& all = base.ruleset(ruleset).all_params();
    if (!all.count(param)) return;
    const Value now = all.at(param);
    const auto values = other_values(*p, now);
    if (values.empty()) return;
    r.space.push_back("param " + param + " in " + ruleset + " (" + std::to_string(values.size()) + " other values)");
    for (const auto& v : values) candidates.push_back({.ruleset = ruleset, .param = param, .from = shown(now), .to = shown(v), .value = v});
  };
  // The core first: the readings of the clauses the finding names, then of the clauses related
  // to them; then every other setting the evidence reads. Only in the finding's rulesets: the
  // rulesets built on them inherit the change.
  std::vector<std::string> rulesets = f.rulesets;
  if (rulesets.empty()) rulesets.push_back(cx->rulesets.front().id);
  const std::set<std::string> in_scope(rulesets.begin(), rulesets.end());
  std::vector<std::string> related;
  for (const auto& id : f.clauses)
    if (const Clause* c = cx->clause(id))
      for (const auto& rel : c->relations) related.push_back(rel.target);
  // A Z3 analysis names the smallest sets of clauses that must change (minimum correction sets):
  // their readings come first.
  for (const auto& set : f.corrections)
    for (const auto& rs : rulesets)
      for (const auto& c : set) add_reading_changes(rs, c);
  for (const auto& rs : rulesets)
    for (const auto& c : f.clauses) add_reading_changes(rs, c);
  for (const auto& rs : rulesets)
    for (const auto& c : related) add_reading_changes(rs, c);
  // An ambiguity is removed by saying which reading the text means; a figure the text gets wrong,
  // by the reading that corrects it, its statement written into the text (the check that found
  // the figure reads the statement).
  if (f.kind == "ambiguity" || f.kind == "numeric")
    for (const auto& id : f.clauses) {
      const Clause* c = cx->clause(id);
      if (!c || base.natural_readings(*c).size() < 2) continue;
      r.space.push_back("the wording of " + id + " (settled on one of its " + std::to_string(base.natural_readings(*c).size()) + " readings)");
      for (const Reading* rd : base.natural_readings(*c))
        candidates.push_back({.ruleset = cx->rulesets.front().id, .clause = id, .from = base.ruleset(cx->rulesets.front().id).reading(id),
                              .to = rd->id, .settle = true});
    }
  // A figure or reference the text gets wrong: the statement the check that found it recomputed.
  if (!f.restatements.empty()) {
    r.space.push_back("the wording of " + listed([&] {
      std::vector<std::string> ids;
      for (const auto& x : f.restatements)
        if (std::find(ids.begin(), ids.end(), x.clause) == ids.end()) ids.push_back(x.clause);
      return ids;
    }()) + " (" + std::to_string(f.restatements.size()) + " correction" + (f.restatements.size() == 1 ? "" : "s") + " the check recomputed)");
    for (const auto& x : f.restatements)
      if (cx->clause(x.clause))
        candidates.push_back({.ruleset = rulesets.front(), .restated = x.clause, .statement = x.statement, .because = x.why});
  }
  // A finding a decision table reports is changed by the table itself: a gap by a row that
  // decides it, one candidate per outcome the table gives (the row cites the clause of the first
  // row with that outcome: the rule that gives it elsewhere); an overlap by a priority order that
  // puts either row's outcome first.
  for (const auto& t : cx->decisions)
    for (const auto& j : judgements_reporting(t, f)) {
      std::vector<std::string> outcomes;
      std::vector<const DecisionRow*> giving;  // the first row with each outcome (none: a decision point's outcome no row gives)
      for (const auto& row : t.rows) {
        std::vector<std::string> of = {row.outcome};
        for (const auto& [value, outcome] : row.outcome_by_value) of.push_back(outcome);
        for (const auto& o : of)
          if (std::find(outcomes.begin(), outcomes.end(), o) == outcomes.end()) outcomes.push_back(o), giving.push_back(&row);
      }
      for (const auto& o : t.outcomes)
        if (std::find(outcomes.begin(), outcomes.end(), o) == outcomes.end()) outcomes.push_back(o), giving.push_back(nullptr);
      if (j.kind == "gap") {
        r.space.push_back("a row of " + t.id + " for the gap (" + std::to_string(outcomes.size()) + " outcomes)");
        Value when = Value::map();
        for (const auto& c : j.when) {
          if (!c.values.empty()) {
            Value values = Value::list();
            for (const auto& v : c.values) values.push(Value::string(v));
            when.set(c.input, c.values.size() == 1 ? Value::string(c.values.front()) : values);
          } else {
            Value range = Value::map();
            range.set("min", Value::integer(c.min));
            range.set("max", Value::integer(c.max));
            when.set(c.input, range);
          }
        }
        // Equal in cost, the outcome of the rows most like the gap comes first, citing the most
        // like of them: the words of the enum values they share on the same input ("both" of
        // both-flags-found-down and both-refuse).
        auto words = [](const std::string& value) {
          std::set<std::string> out;
          for (std::size_t at = 0; at <= value.size();) {
            const std::size_t end = std::min(value.find('-', at), value.size());
            out.insert(value.substr(at, end - at));
            at = end + 1;
          }
          return out;
        };
        auto likeness = [&](const DecisionRow& row) {
          int shared = 0;
          for (const auto& g : j.when)
            for (const auto& c : row.when)
              if (c.input == g.input)
                for (const auto& gv : g.values)
                  for (const auto& cv : c.values)
                    for (const auto& word : words(gv)) shared += words(cv).count(word) > 0;
          return shared;
        };
        std::vector<std::pair<int, std::size_t>> ranked;  // (-likeness, outcome index)
        for (std::size_t k = 0; k < outcomes.size(); ++k) {
          int best = -1;
          for (const auto& row : t.rows)
            if (row.outcome == outcomes[k] && likeness(row) > best) best = likeness(row), giving[k] = &row;
          ranked.emplace_back(-best, k);
        }
        std::stable_sort(ranked.begin(), ranked.end());
        for (const auto& [negated, k] : ranked) {
          Value row = Value::map();
          row.set("id", Value::string("gap-" + outcomes[k]));
          row.set("when", when);
          row.set("outcome", Value::string(outcomes[k]));
          // An outcome no row gives yet is the decision point's: the row cites its clause.
          const Clause* point = giving[k] ? nullptr : cx->clause(t.point);
          if (!giving[k] && !point) continue;
          row.set("clause", Value::string(giving[k] ? giving[k]->clause : point->id));
          row.set("line", Value::integer(giving[k] ? giving[k]->line : point->first_line));
          candidates.push_back({.ruleset = rulesets.front(), .to = outcomes[k], .table = t.id, .row = row});
        }
      }
      // Or, for a gap at values of one input, the rows that decide a neighbouring value of it
      // widened to the gap's (the extra match of a team second, also for one third or lower): one
      // candidate per set of values the rows share, all of them changed at once.
      if (j.kind == "gap" && j.when.size() == 1 && !j.when.front().values.empty() && t.node.find("rows")) {
        const DecisionCondition& gap = j.when.front();
        std::vector<std::pair<std::vector<std::string>, std::vector<std::string>>> groups;  // values -> row ids
        for (const auto& row : t.rows)
          for (const auto& c : row.when)
            if (c.input == gap.input && !c.values.empty()) {
              auto g = std::find_if(groups.begin(), groups.end(), [&](const auto& x) { return x.first == c.values; });
              if (g == groups.end()) groups.push_back({c.values, {row.id}});
              else g->second.push_back(row.id);
            }
        // Only the rows of a value next to the gap's in the input's order (second beside
        // third-or-lower), and only a group that decides more than one outcome: a group with one
        // outcome widened is the row with that outcome, proposed above.
        const auto input = std::find_if(t.inputs.begin(), t.inputs.end(), [&](const DecisionInput& in) { return in.name == gap.input; });
        auto index_of = [&](const std::string& v) {
          return input == t.inputs.end() ? -10 : static_cast<int>(std::find(input->values.begin(), input->values.end(), v) - input->values.begin());
        };
        std::erase_if(groups, [&](const auto& g) {
          bool next_to = false;
          for (const auto& v : g.first)
            for (const auto& w : gap.values) next_to = next_to || std::abs(index_of(v) - index_of(w)) == 1;
          std::set<std::string> outcomes_given;
          for (const auto& id : g.second)
            for (const auto& row : t.rows)
              if (row.id == id) outcomes_given.insert(row.outcome);
          return !next_to || outcomes_given.size() < 2;
        });
        for (const auto& [values, ids] : groups) {
          Value replaced = Value::list();
          for (const auto& id : ids)
            for (const Value& node : t.node.find("rows")->as_list())
              if (node.find("id")->as_string() == id) {
                Value row = node, when = *node.find("when"), widened = Value::list();
                for (const auto& v : values) widened.push(Value::string(v));
                for (const auto& v : gap.values) widened.push(Value::string(v));
                when.set(gap.input, widened);
                row.set("when", when);
                replaced.push(row);
              }
          std::vector<std::string> outcomes_of;
          for (const auto& id : ids)
            for (const auto& row : t.rows)
              if (row.id == id && std::find(outcomes_of.begin(), outcomes_of.end(), row.outcome) == outcomes_of.end())
                outcomes_of.push_back(row.outcome);
          candidates.push_back({.ruleset = rulesets.front(), .to = joined(outcomes_of, " or "), .table = t.id, .widened_rows = replaced,
                                .widened_input = gap.input, .widened_value = joined(gap.values, ", "), .widened_from = joined(values, ", ")});
        }
        if (!groups.empty()) r.space.push_back("the rows of " + t.id + " for other values of " + gap.input + ", widened to the gap (" +
                                               std::to_string(groups.size()) + ")");
      }
      if (j.kind == "overlap" && j.rows.size() == 2) {
        r.space.push_back("a priority order for " + t.id + " (either row of the overlap first)");
        for (const auto& first_row : j.rows) {
          const auto row = std::find_if(t.rows.begin(), t.rows.end(), [&](const DecisionRow& x) { return x.id == first_row; });
          if (row == t.rows.end()) continue;
          std::vector<std::string> order = {row->outcome};
          for (const auto& o : outcomes)
            if (o != row->outcome) order.push_back(o);
          candidates.push_back({.ruleset = rulesets.front(), .to = row->outcome, .table = t.id, .policy = "priority", .order = order});
        }
        // Or the overlap is one row too many: without either row the other decides where they met.
        for (const auto& removed : j.rows) {
          const auto other = std::find_if(t.rows.begin(), t.rows.end(), [&](const DecisionRow& x) {
            return x.id != removed && std::find(j.rows.begin(), j.rows.end(), x.id) != j.rows.end();
          });
          if (other != t.rows.end())
            candidates.push_back({.ruleset = rulesets.front(), .to = other->outcome, .table = t.id, .remove_row = removed});
        }
      }
    }
  const std::size_t core_count = candidates.size();
  // Then the other settings the evidence reads: first the params the finding involves (one that a
  // reading of its clauses sets, or whose statement names the article of the clause it is about,
  // its first, or whose topic that clause is), then the rest. The other clauses a finding cites
  // are its context (the definitions it rules out, the article it is not), not what it is about.
  auto involved = [&](const std::string& param) {
    const ParamDecl* p = cx->param(param);
    for (const auto& id : f.clauses) {
      const Clause* c = cx->clause(id);
      if (!c) continue;
      if (id == f.clauses.front() && (c->topic == param || (p && statement_names_article(p->statement, c->ref)))) return true;
      for (const auto& rd : c->readings)
        for (const auto& [name, value] : rd.sets)
          if (name == param) return true;
    }
    return false;
  };
  std::vector<std::pair<std::string, std::string>> involved_params, other_settings;  // ruleset, "param:NAME" / "reading:CLAUSE"
  for (const auto& key : reads) {
    // "reading:RULESET:CLAUSE", "param:RULESET:NAME"
    const auto a = key.find(':'), b = key.find(':', a == std::string::npos ? 0 : a + 1);
    if (a == std::string::npos || b == std::string::npos) continue;
    const std::string kind = key.substr(0, a), ruleset = key.substr(a + 1, b - a - 1), name = key.substr(b + 1);
    if (!in_scope.count(ruleset) || (kind != "reading" && kind != "param")) continue;
    // Only what this codex can set: a clause of its own with readings, a param it declares.
    if (kind == "reading" && (!cx->clause(name) || cx->clause(name)->readings.size() < 2)) continue;
    if (kind == "param" && !cx->param(name)) continue;
    (kind == "param" && involved(name) ? involved_params : other_settings).emplace_back(ruleset, kind + ":" + name);
  }
  auto add_setting = [&](const std::pair<std::string, std::string>& s) {
    const std::string kind = s.second.substr(0, s.second.find(':')), name = s.second.substr(s.second.find(':') + 1);
    if (kind == "reading") add_reading_changes(s.first, name);
    else add_param_changes(s.first, name);
  };
  for (const auto& s : involved_params) add_setting(s);
  // Nothing the finding's clauses involve can be set: what it lacks is new content, and the
  // settings its evidence happens to read (a komi, a ko rule) concern other articles. Said at once;
  // every_setting tries them anyway.
  if (candidates.empty() && !other_settings.empty() && !every_setting) {
    std::set<std::string> names;
    for (const auto& [ruleset, setting] : other_settings) names.insert(setting.substr(setting.find(':') + 1));
    std::vector<std::string> cited(f.clauses.begin(), f.clauses.end());
    r.missing = "a new rule: " + without_stop(f.summary) + ". No reading of the clauses it cites (" + listed(cited) +
                ") and no param its article names can change that; the settings its evidence reads (" +
                listed(std::vector<std::string>(names.begin(), names.end())) +
                ") concern other articles and were not tried (repair --every-setting tries them)";
    r.untried = other_settings.size();
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r;
  }
  // The settings of other articles come last, and only when needed (below).
  const std::size_t own_count = candidates.size();
  for (const auto& s : other_settings) add_setting(s);

  // The cases the text settles (derived; see docs/repair.md): those that witness no finding and
  // on which every reading of the default ruleset agrees.
  std::optional<std::set<std::string>> unsettled_cases;
  auto unsettled = [&]() -> const std::set<std::string>& {
    if (unsettled_cases) return *unsettled_cases;
    std::set<std::string> u = before.reading_dependent(base, cases, opt);
    for (const auto& c : cases)
      if (!c.finding.empty()) u.insert(c.id);
    for (const auto& x : before.result.findings)
      if (!x.case_id.empty()) u.insert(x.case_id);
    for (const auto& n : base.findings_register().notes)
      for (const auto& s : n.shows) u.insert(s.case_id);
    return *(unsettled_cases = std::move(u));
  };

  auto evaluate = [&](const std::vector<RepairChange>& changes) -> std::optional<RepairProposal> {
    RepairProposal p;
    p.changes = changes;
    Amendment& a = p.amendment;
    a.id = "repair-" + f.id.substr(2) + "-" + std::to_string(r.tried + 1);
    a.codex = cx->id;
    a.rulesets = {changes.front().ruleset};
    std::vector<std::string> what;
    for (const auto& c : changes) {
      if (!c.restated.empty()) {
        Value patch = Value::map();
        patch.set("id", Value::string(c.restated));
        patch.set("statement", Value::string(c.statement));
        a.replace_clauses.push_back(patch);
        what.push_back(c.describe());
        continue;
      }
      if (!c.table.empty()) {
        Value entry = Value::map();
        entry.set("id", Value::string(c.table));
        if (!c.policy.empty()) {
          entry.set("policy", Value::string(c.policy));
          Value order = Value::list();
          for (const auto& o : c.order) order.push(Value::string(o));
          entry.set("order", order);
        }
        if (!c.row.is_null()) {
          Value rows = Value::list();
          rows.push(c.row);
          entry.set("add_rows", rows);
        }
        if (!c.remove_row.empty()) {
          Value rows = Value::list();
          rows.push(Value::string(c.remove_row));
          entry.set("remove_rows", rows);
        }
        if (!c.widened_rows.is_null()) entry.set("replace_rows", c.widened_rows);
        a.decisions.push_back(entry);
        what.push_back(c.describe());
        continue;
      }
      if (c.settle) {
        const Clause* cl = cx->clause(c.clause);
        const Reading* chosen = cl->reading(c.to);
        Value patch = Value::map(), readings = Value::list();
        patch.set("id", Value::string(c.clause));
        patch.set("statement", Value::string(chosen->statement));
        std::vector<Value> nodes = cl->node.find("readings")->as_list();
        std::stable_partition(nodes.begin(), nodes.end(), [&](const Value& n) { return n.find("id")->as_string() == c.to; });
        for (Value n : nodes) {
          if (n.find("id")->as_string() != c.to && !n.find("unusual") && !n.find("proposal"))
            n.set("unusual", Value::string("excluded by the amended text, which states reading " + c.to));
          readings.push(n);
        }
        patch.set("readings", readings);
        a.replace_clauses.push_back(patch);
      }
      if (!c.clause.empty()) a.readings.emplace_back(c.clause, c.to);
      else a.params.emplace_back(c.param, c.value);
      what.push_back(c.describe());
    }
    a.title = "Repair of " + f.id + ": " + joined(what, "; ");
    a.file = out_prefix + std::to_string(r.tried + 1) + ".yaml";
    ++r.tried;
    try {
      p.evaluation = evaluate_amendment(base, a, cases, opt, false, &before.run);
    } catch (const std::exception& e) {
      r.refused.push_back(joined(what, "; ") + ": " + e.what());
      return std::nullopt;
    }
    const auto& e = p.evaluation;
    const bool resolved = std::any_of(e.resolved.begin(), e.resolved.end(), [&](const auto& x) { return x.id == f.id; });
    if (!e.unhandled.empty()) {
      r.unevaluated.push_back(joined(what, "; ") + ": " + e.unhandled.front());
      return std::nullopt;
    }
    // The register's replays that no longer show what they claimed.
    if (note)
      for (const auto& s : note->shows)
        for (const auto& c : e.cases)
          if (c.case_id == s.case_id && c.ruleset == s.ruleset && !c.after.contains(s.actual))
            p.witness_cleared.push_back(s.case_id + " [" + s.ruleset + "]");
    if (!resolved) {
      r.kept.push_back(joined(what, "; "));
      return std::nullopt;
    }
    p.broken = static_cast<int>(e.inconsistencies.size()) +
               static_cast<int>(std::count_if(e.appear.begin(), e.appear.end(), [](const auto& x) { return x.kind == "conflict"; }));
    p.appear = static_cast<int>(e.appear.size());
    // A case whose answer keeps its outcome and only names another clause or row moved nothing.
    for (const auto& c : e.cases)
      if (!unsettled().count(c.case_id) && !c.label_only) p.settled_cases_moved.push_back(c.case_id + " [" + c.ruleset + "]");
    p.settled_moved = static_cast<int>(p.settled_cases_moved.size());
    for (const auto& x : e.resolved)
      if (x.id != f.id) p.also_resolved.push_back(x.id);
    return p;
  };

  // A single change that breaks nothing and moves no settled verdict cannot be beaten: once the
  // core has one, the other settings the evidence reads are not tried.
  // Nor are the settings of other articles once the finding's own (its clauses, its table, the
  // params its article names) give a single change that breaks nothing, adds no finding and moves
  // no verdict the text settles: a setting of another article could beat it only on the verdicts
  // it moves in all (repair --every-setting tries them).
  std::size_t skipped = 0;
  bool skipped_other_articles = false;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    const bool free_found = std::any_of(r.proposals.begin(), r.proposals.end(), [](const RepairProposal& p) {
      return p.broken == 0 && p.appear == 0 && p.changes.size() == 1 && p.evaluation.cases.empty();
    });
    const bool clean_found = std::any_of(r.proposals.begin(), r.proposals.end(), [](const RepairProposal& p) {
      return p.broken == 0 && p.appear == 0 && p.settled_moved == 0 && p.changes.size() == 1;
    });
    if (i >= core_count && free_found) {
      skipped = candidates.size() - i;
      break;
    }
    if (i >= own_count && clean_found && !every_setting) {
      skipped = candidates.size() - i;
      skipped_other_articles = true;
      break;
    }
    if (auto p = evaluate({candidates[i]})) r.proposals.push_back(std::move(*p));
  }
  // One defect the text states in several articles (the Swiss and the level draw): the corrections
  // the check recomputed for each, together. They are the check's one correction, not a search over
  // combinations, so they are tried even where only single changes are asked for.
  if (r.proposals.empty()) {
    std::vector<RepairChange> together;
    for (const auto& c : candidates)
      if (!c.restated.empty()) together.push_back(c);
    if (together.size() >= 2)
      if (auto p = evaluate(together)) r.proposals.push_back(std::move(*p));
  }
  // Pairs within one ruleset, only when no single change removes the finding.
  if (r.proposals.empty() && max_changes >= 2) {
    constexpr int kPairBudget = 60;
    int pairs = 0;
    for (std::size_t i = 0; i < candidates.size() && pairs < kPairBudget; ++i)
      for (std::size_t j = i + 1; j < candidates.size() && pairs < kPairBudget; ++j) {
        const auto &x = candidates[i], &y = candidates[j];
        if (x.ruleset != y.ruleset || (x.clause == y.clause && x.param == y.param)) continue;
        ++pairs;
        if (auto p = evaluate({x, y})) r.proposals.push_back(std::move(*p));
      }
  }
  std::stable_sort(r.proposals.begin(), r.proposals.end(), [](const auto& a, const auto& b) { return a.cheaper_than(b); });

  // The certificate of least size, to re-check outside rulespec.
  const std::string certificate_file = out_prefix.substr(0, out_prefix.rfind('/') + 1) + "certificate.smt2";
  if (!f.corrections.empty() && !f.correction_problem.empty()) {
    std::vector<std::string> ids;
    for (const auto& set : f.corrections)
      for (const auto& id : set)
        if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
    // Every clause the problem tracks, not only those of the least sets.
    for (std::size_t at = f.correction_problem.find("|keep:"); at != std::string::npos; at = f.correction_problem.find("|keep:", at + 1)) {
      const std::size_t end = f.correction_problem.find('|', at + 1);
      const std::string id = f.correction_problem.substr(at + 6, end - at - 6);
      if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
    }
    const int least = static_cast<int>(f.corrections.front().size());
    r.certificate = "; " + f.id + ": no correction of fewer than " + std::to_string(least) + " clause" + (least == 1 ? "" : "s") +
                    " removes the conflict.\n; Each clause's formulas hold under |keep:CLAUSE-ID|; at most " + std::to_string(least - 1) +
                    " of them dropped, the problem is unsatisfiable (expected: unsat).\n; Check: z3 certificate.smt2\n" +
                    f.correction_problem + correction_bound(ids, least - 1);
  }

  // Each proposal's file, renumbered by rank; its rationale says what it changes and moves.
  for (std::size_t k = 0; k < r.proposals.size(); ++k) {
    RepairProposal& p = r.proposals[k];
    const std::size_t searched = r.tried;
    p.proof = "enumeration: " + std::to_string(searched) + " amendment" + (searched == 1 ? "" : "s") + " evaluated; " +
              (k == 0 ? std::string("none that removes the finding costs less") : "proposal 1 costs less or the same") +
              (skipped && skipped_other_articles
                   ? "; " + std::to_string(skipped) + (skipped == 1 ? " change" : " changes") +
                         " of settings of other articles the evidence reads not tried, since a single change of the finding's own that breaks "
                         "nothing, adds no finding and moves no settled verdict is beaten only on verdicts moved in all (repair "
                         "--every-setting tries them)"
               : skipped ? "; " + std::to_string(skipped) + (skipped == 1 ? " change" : " changes") +
                               " of other settings the evidence reads not tried, since a single change that moves nothing cannot be beaten"
                         : "");
    if (!f.corrections.empty()) {
      std::vector<std::string> sets;
      for (const auto& set : f.corrections) sets.push_back("{" + joined(set) + "}");
      const std::size_t least = f.corrections.front().size();
      p.proof += "; Z3 Optimize over the clauses of the conflict: no correction of fewer than " + std::to_string(least) + " clause" +
                 (least == 1 ? "" : "s") + " exists (re-solved with at most " + std::to_string(least - 1) +
                 " dropped: unsatisfiable" + (r.certificate.empty() ? "" : ", re-checkable with any SMT solver: " + certificate_file) +
                 "); the minimum correction sets are " + listed(sets);
    }
    std::vector<std::string> why;
    for (const auto& c : p.changes) {
      if (!c.restated.empty()) {
        why.push_back("Reword " + c.restated + " with " + c.because + ": \"" + c.statement + "\"");
        continue;
      }
      if (!c.table.empty() && !c.row.is_null()) {
        const DecisionTable* table = nullptr;
        for (const auto& t : cx->decisions)
          if (t.id == c.table) table = &t;
        const bool at_point = table && !table->point.empty() && c.row.find("clause")->as_string() == table->point &&
                              std::none_of(table->rows.begin(), table->rows.end(), [&](const DecisionRow& row) { return row.outcome == c.to; });
        why.push_back("Add to the table " + c.table + " the row " + c.row.dump() + ": the combination the text leaves undecided gets the outcome " +
                      c.to + (at_point ? ", one of the choices of the decision point at " + table->point + " (line " + c.row.find("line")->dump() + ")"
                                       : ", as " + c.row.find("clause")->as_string() + " (line " + c.row.find("line")->dump() + ") gives it elsewhere") +
                      ".");
        continue;
      }
      if (!c.table.empty() && !c.widened_rows.is_null()) {
        why.push_back("Extend the rows of the table " + c.table + " that decide " + c.widened_input + " = " + c.widened_from + " to " +
                      c.widened_input + " = " + c.widened_value + " as well: the combinations the text leaves undecided get what they give (" +
                      c.to + "), as for " + c.widened_from + ".");
        continue;
      }
      if (!c.table.empty() && !c.remove_row.empty()) {
        why.push_back("Remove from the table " + c.table + " the row " + c.remove_row + ": where it met the other row of the overlap, " + c.to +
                      " decides.");
        continue;
      }
      if (!c.table.empty()) {
        why.push_back("Give the table " + c.table + " the hit policy priority, outcomes in the order " + joined(c.order) + ": where its rows overlap, " +
                      c.to + " decides.");
        continue;
      }
      if (c.settle) {
        const Clause* cl = cx->clause(c.clause);
        const Reading* rd = cl ? cl->reading(c.to) : nullptr;
        why.push_back("Reword " + c.clause + " to say what its reading " + c.to + " says" +
                      (rd ? ": " + without_stop(rd->statement) : std::string()) + "; the other readings no longer fit the text.");
      } else if (!c.clause.empty()) {
        const Clause* cl = cx->clause(c.clause);
        const Reading* rd = cl ? cl->reading(c.to) : nullptr;
        why.push_back("Take reading " + c.to + " of " + c.clause + (rd ? ": " + without_stop(rd->statement) : std::string()) +
                      (rd && !rd->proposal.empty() ? " (proposed by the source, " + without_stop(rd->proposal) + ")" : "") + ".");
      } else {
        why.push_back("Set " + c.param + " to " + c.to + " (now " + c.from + ").");
      }
    }
    std::string rationale = joined(why, " ") + " It removes " + f.id + " (" + f.summary + ")";
    rationale += p.also_resolved.empty() ? "" : " and also " + listed(p.also_resolved);
    rationale += "; it breaks " + std::to_string(p.broken) + " propert" + (p.broken == 1 ? "y" : "ies") + ", makes " +
                 std::to_string(p.appear) + " finding" + (p.appear == 1 ? "" : "s") + " appear and moves " +
                 std::to_string(p.settled_moved) + " verdict" + (p.settled_moved == 1 ? "" : "s") + " of cases the text settles.";
    Amendment& a = p.amendment;
    a.id = "repair-" + f.id.substr(2) + "-" + std::to_string(k + 1);
    a.file = out_prefix + std::to_string(k + 1) + ".yaml";
    a.rationale = rationale;
    std::vector<std::string> sources;
    if (note)
      for (const auto& c : note->cites) sources.push_back(c.text());
    a.source = "rulespec repair " + f.id + (sources.empty() ? "" : "; the finding cites " + joined(sources));
    std::ostringstream y;
    y << "# Proposed by `rulespec repair " << f.id << "` (proposal " << k + 1 << " of " << r.proposals.size() << ", least cost first).\n"
      << "# Cost: " << p.broken << " properties broken, " << p.appear << " findings appearing, " << p.settled_moved
      << " settled verdicts moved, " << p.changes.size() << " change" << (p.changes.size() == 1 ? "" : "s") << ", "
      << p.evaluation.cases.size() << " verdicts moved in all.\n"
      << "# Least cost: " << p.proof << ".\n"
      << "amendment:\n  id: " << a.id << "\n  codex: " << a.codex << "\n  title: " << yaml_string(a.title) << "\n  rationale: "
      << yaml_string(a.rationale) << "\n  source: " << yaml_string(a.source) << "\n  rulesets: [" << joined(a.rulesets) << "]\n";
    if (!a.params.empty()) {
      y << "params:\n";
      for (const auto& [name, v] : a.params) y << "  " << name << ": " << yaml_value(v) << "\n";
    }
    if (!a.readings.empty()) {
      y << "readings:\n";
      for (const auto& [clause, reading] : a.readings) y << "  " << clause << ": " << reading << "\n";
    }
    if (!a.decisions.empty()) {
      y << "decisions:\n";
      for (const auto& entry : a.decisions) y << "  - " << entry.dump() << "\n";
    }
    // The text a committee adopts with it: the statement of the reading it takes, or the figure
    // it changes written into the articles that give it (Art. 7 §2's "5.5 points" as "6.5").
    add_rule_texts(*cx, base, a);
    if (!a.replace_clauses.empty()) {
      y << "replace_clauses:\n";
      for (const auto& patch : a.replace_clauses) y << "  - " << patch.dump() << "\n";
    }
    p.yaml = y.str();
  }

  if (r.proposals.empty()) {
    std::string method = f.analysis.rfind("decisions.", 0) == 0 ? "decision table"
                         : f.analysis.rfind("glossary.", 0) == 0 ? "glossary"
                         : f.analysis.rfind("crossref", 0) == 0  ? "cross-reference"
                                                                 : "";
    if (method == "decision table") {
      std::string table = f.analysis;
      for (const auto& t : cx->decisions)
        if (!judgements_reporting(t, f).empty()) table = t.id;
      r.missing = "a new rule: a row of decision table " + table + " (or a changed row) that decides " + f.witness.dump() +
                  " with one outcome; the catalogs hold no reading or param that changes the table (query decide shows its rows)";
    } else if (method == "glossary") {
      r.missing = "a change of wording: the term is used where its definition does not fit, which no reading or param of the "
                  "catalogs changes; amend the definition or the sentence that uses it (replace_clauses)";
    } else if (method == "cross-reference" || f.kind == "reference") {
      r.missing = "a corrected reference in the text (replace_clauses with the right article); no setting changes a reference";
    } else if (f.kind == "numeric") {
      r.missing = "a corrected figure or statement in the text (replace_clauses on " + listed(f.clauses) +
                  "): the finding is about what the text asserts, which no reading or param varies";
    } else if (!f.corrections.empty()) {
      std::vector<std::string> sets;
      for (const auto& set : f.corrections) sets.push_back("{" + joined(set) + "}");
      r.missing = "a new reading of the clauses of one of its minimum correction sets (Z3 Optimize: " + listed(sets) +
                  "), since no setting the catalogs hold for them removes the conflict";
    } else if (r.tried == 0) {
      r.missing = "a change of wording: the clauses it names (" + listed(f.clauses) + ") have no readings and its evidence reads no " +
                  "param, so no setting varies what it rests on; amend the statement itself (replace_clauses)";
    } else {
      std::vector<std::string> cited;
      for (const auto& c : f.clauses) cited.push_back(c);
      r.missing = "a new reading or param: none of the " + std::to_string(r.tried) + " changes of the " + std::to_string(r.space.size()) +
                  " settings the finding's evidence reads removes it. A fix needs a reading of " +
                  (cited.empty() ? std::string("the clauses it cites") : listed(cited)) +
                  " that decides the witness otherwise, or a param the models honour for it";
    }
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

}  // namespace rulespec
