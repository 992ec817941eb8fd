#include "queries/decision_tables.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>

#include "queries/switches.hpp"
#include "spec/tables.hpp"

namespace rulespec {

const DecisionTable* find_decision_table(const Spec& spec, const Ruleset& rs, const std::string& table_id) {
  const Codex* cx = spec.codex(rs.codex);
  if (!cx) return nullptr;
  for (const auto& t : cx->decisions)
    if (t.id == table_id) return &t;
  return nullptr;
}

namespace {

bool row_clause_in_force(const Clause* c, const Ruleset& rs, const std::string& clause) {
  if (find_clause_switch(clause) && !clause_applies(rs, clause)) return false;
  if (!c) return true;
  return std::all_of(c->applied_through.begin(), c->applied_through.end(),
                     [&](const std::string& through) { return !find_clause_switch(through) || clause_applies(rs, through); });
}

// Whether `c` overrides `o`: it names it, or a clause `o` restates or refines.
bool clause_overrides(const Clause& c, const Clause& o) {
  for (const auto& rel : c.relations) {
    if (rel.kind != "overrides") continue;
    if (rel.target == o.id) return true;
    if (std::find(o.applied_through.begin(), o.applied_through.end(), rel.target) != o.applied_through.end()) return true;
    for (const auto& orel : o.relations)
      if (orel.kind == "refines" && orel.target == rel.target) return true;
  }
  return false;
}

}  // namespace

rules::CompiledTable compile_table(const Spec& spec, const DecisionTable& written, const Ruleset& rs) {
  // What the models execute: the rows and inputs, their params resolved (not the judgements, nor
  // the table as written, which an amendment reads).
  DecisionTable t;
  t.id = written.id;
  t.policy = written.policy;
  t.order = written.order;
  t.inputs = written.inputs;
  t.rows = written.rows;
  resolve_in_place(t, rs);
  rules::CompiledTable c;
  c.id = t.id;
  c.policy = t.policy == "first"      ? rules::HitPolicy::First
             : t.policy == "priority" ? rules::HitPolicy::Priority
             : t.policy == "unique"   ? rules::HitPolicy::Unique
                                      : rules::HitPolicy::Any;
  c.order = t.order;
  for (const auto& in : t.inputs) {
    c.inputs.push_back({in.name, in.values, in.min, in.max});
    if (in.from_ruleset()) c.fixed[in.name] = {ruleset_input_value(in, rs), 0};
  }
  // Each clause the rows cite, looked up once (the table reads it: an amendment of it reaches here).
  std::map<std::string, const Clause*> cited;
  for (const auto& row : t.rows)
    if (!cited.count(row.clause)) cited[row.clause] = spec.clause(row.clause);
  for (const auto& row : t.rows) {
    if (!row_clause_in_force(cited[row.clause], rs, row.clause)) continue;
    rules::TableRow r{row.id, row.outcome, row.clause, row.line, {}};
    for (const auto& w : row.when) r.when.push_back({w.input, w.values, w.min, w.max});
    c.rows.push_back(std::move(r));
  }
  for (const auto& [a, ca] : cited)
    for (const auto& [b, cb] : cited)
      if (a != b && ca && cb && clause_overrides(*ca, *cb)) c.overrides.emplace_back(a, b);
  return c;
}

rules::CompiledTable compile_table(const Spec& spec, const Ruleset& rs, const std::string& table_id) {
  const DecisionTable* t = find_decision_table(spec, rs, table_id);
  if (!t) throw std::logic_error("codex " + rs.codex + " has no decision table " + table_id);
  return compile_table(spec, *t, rs);
}

}  // namespace rulespec
