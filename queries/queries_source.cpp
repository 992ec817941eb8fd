// Queries about the source text itself, for every game: `crossref` answers whether the reference
// the text makes at a line to another of its articles lands on an article about that topic;
// `decide` answers what a decision table of the catalog (the text's outcome rules, row by row)
// gives for one combination of its inputs, so a gap or an overlap the analysis reports replays as
// a case.
#include <algorithm>
#include <map>
#include <regex>

#include "queries/decision_tables.hpp"
#include "queries/query.hpp"
#include "spec/crossref.hpp"
#include "spec/tables.hpp"

namespace rulespec {
namespace {

Value crossref_query(QueryRequest& q) {
  const Codex* cx = q.spec.codex(q.ruleset->codex);
  const Value& at = q.fields.required("line");
  const int line = int_field(q.fields, "line", 1, 100000);
  const CrossRef* ref = crossref_at(*cx, line);
  if (!ref) throw QueryError("no-crossref", "the catalog of " + cx->id + " records no cross-reference at line " + std::to_string(line), at.pos());
  const auto check = check_crossref(*cx, *ref);
  if (!check.source_read)
    throw QueryError("no-source", "the source text " + cx->source + " cannot be read from " + codices_dir() + " (set RULESPEC_CODICES)");
  Value out = Value::map();
  out.set("printed", Value::string(ref->printed));
  out.set("from", Value::string(ref->from));
  out.set("to", Value::string(ref->to));
  out.set("topic", Value::string(ref->topic));
  out.set("about", Value::string(ref->about));
  out.set("article_found", Value::boolean(check.article_found));
  if (check.article_found) {
    Value lines = Value::list();
    lines.push(Value::integer(check.first_line));
    lines.push(Value::integer(check.last_line));
    out.set("article_lines", lines);
  }
  out.set("topic_found", Value::boolean(check.topic_found));
  out.set("resolves", Value::boolean(check.resolves()));
  return out;
}

Value decide_query(QueryRequest& q) {
  const Codex* cx = q.spec.codex(q.ruleset->codex);
  const Value& table_field = q.fields.required("table");
  const std::string& table_id = table_field.as_string("table");
  const DecisionTable* table = nullptr;
  for (const auto& t : cx->decisions)
    if (t.id == table_id) table = &t;
  if (!table) {
    std::string known;
    for (const auto& t : cx->decisions) known += (known.empty() ? "" : ", ") + t.id;
    throw QueryError("unknown-table", "codex " + cx->id + " has no decision table '" + excerpt(table_id) + "' (it has: " + known + ")",
                     table_field.pos());
  }
  const Value& inputs = q.fields.required("inputs");
  WrittenCombination at;
  for (const auto& e : inputs.as_map("inputs")) {
    auto in = std::find_if(table->inputs.begin(), table->inputs.end(), [&](const DecisionInput& i) { return i.name == e.key; });
    if (in == table->inputs.end()) throw InputError(e.key_pos, "inputs: table " + table->id + " has no input '" + excerpt(e.key) + "'");
    if (!in->reading.empty())
      throw InputError(e.key_pos, "inputs: '" + in->name + "' is the reading the ruleset takes of " + in->reading +
                                      "; choose it with the ruleset, not in the combination");
    if (!in->param.empty())
      throw InputError(e.key_pos, "inputs: '" + in->name + "' is the ruleset's value of the param " + in->param +
                                      "; set it with the ruleset or an amendment, not in the combination");
    if (!in->values.empty()) {
      const std::string& v = e.value.as_string(in->name);
      if (std::find(in->values.begin(), in->values.end(), v) == in->values.end()) {
        std::string allowed;
        for (const auto& x : in->values) allowed += (allowed.empty() ? "" : ", ") + x;
        throw InputError(e.value.pos(), in->name + ": '" + excerpt(v) + "' is not one of " + allowed);
      }
      at[in->name] = {v, 0};
    } else {
      at[in->name] = {"", int_item(e.value, in->name, in->min, in->max)};
    }
  }
  for (const auto& in : table->inputs)
    if (in.from_ruleset()) at[in.name] = {ruleset_input_value(in, *q.ruleset), 0};
  for (const auto& in : table->inputs)
    if (!at.count(in.name)) throw InputError(inputs.pos(), "inputs: table " + table->id + " needs a value for '" + in.name + "'");

  // The table as the models execute it under this ruleset (queries/decision_tables.hpp): its
  // param bounds resolved, the rows whose clause the ruleset lacks left out, its hit policy.
  const rules::CompiledTable compiled = compile_table(q.spec, *table, *q.ruleset);
  rules::TableCombination combination;
  for (const auto& [name, v] : at) combination[name] = {v.first, v.second};
  const rules::TableDecision decision = rules::decide(compiled, combination);
  Value rows = Value::list(), outcomes = Value::list();
  for (const rules::TableRow* row : decision.rows) {
    Value r = Value::map();
    r.set("row", Value::string(row->id));
    r.set("outcome", Value::string(row->outcome));
    r.set("clause", Value::string(row->clause));
    r.set("line", Value::integer(row->line));
    rows.push(r);
  }
  for (const auto& o : decision.outcomes) outcomes.push(Value::string(o));
  Value out = Value::map();
  out.set("verdict", Value::string(decision.verdict == rules::TableVerdict::Decided       ? "decided"
                                   : decision.verdict == rules::TableVerdict::Conflicting ? "conflicting"
                                                                                          : "undecided"));
  if (decision.verdict == rules::TableVerdict::Decided) out.set("outcome", Value::string(decision.outcome));
  // The table's hit policy settled a combination several rows match.
  if (decision.settled_by_policy) out.set("policy", Value::string(table->policy));
  // The text's own precedence settled it: the row whose clause overrides the others' (relation overrides).
  if (decision.overriding) out.set("overriding", Value::string(decision.overriding->id));
  out.set("outcomes", outcomes);
  out.set("rows", rows);
  Value readings = Value::map();
  for (const auto& in : table->inputs)
    if (!in.reading.empty()) readings.set(in.reading, Value::string(at[in.name].first));
  if (!readings.as_map().empty()) out.set("readings", readings);
  Value params = Value::map();
  for (const auto& in : table->inputs)
    if (!in.param.empty()) params.set(in.param, Value::string(at[in.name].first));
  if (!params.as_map().empty()) out.set("params", params);
  // How the catalog judged this combination when the analysis reported it: the finding that
  // reports the gap or the overlap, or why it is none.
  for (const auto& j : resolved_for(*table, *q.ruleset).judged) {
    bool applies = false;
    if (j.kind == "gap") applies = decision.outcomes.empty() && conditions_hold(j.when, at);
    if (j.kind == "overlap")
      applies = std::all_of(j.rows.begin(), j.rows.end(), [&](const std::string& id) {
        return std::any_of(rows.as_list().begin(), rows.as_list().end(), [&](const Value& r) { return r.find("row")->as_string() == id; });
      });
    if (!applies) continue;
    Value judged = Value::map();
    judged.set("kind", Value::string(j.kind));
    if (!j.finding.empty()) judged.set("finding", Value::string(j.finding));
    else judged.set("not_a_finding", Value::boolean(true));
    // A judgement that folds the combination into a finding says which (docs/findings.md).
    static const std::regex folded(R"(^[Rr]eported as (F-[a-z0-9-]*[a-z0-9]))");
    std::smatch m;
    if (std::regex_search(j.not_a_finding, m, folded)) judged.set("reported_as", Value::string(m[1]));
    out.set("judged", judged);
    break;
  }
  return out;
}

}  // namespace

void register_source_queries(std::vector<QueryInfo>& out) {
  for (const char* game : {"go", "xiangqi", "renju", "shogi"})
    out.push_back({game, "crossref", "a reference the source text makes to another of its articles: found, and about its topic?", true,
                   crossref_query});
  for (const char* game : {"go", "xiangqi", "renju", "shogi"})
    out.push_back({game, "decide", "what one of the codex's decision tables gives for a combination of its inputs: the rows that decide it", true,
                   decide_query});
}

}  // namespace rulespec
