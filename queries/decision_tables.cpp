#include "queries/decision_tables.hpp"

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

rules::CompiledTable compile_table(const DecisionTable& written, const Ruleset& rs) {
  const DecisionTable t = resolved_for(written, rs);
  rules::CompiledTable c;
  c.id = t.id;
  c.policy = t.policy == "first"      ? rules::HitPolicy::First
             : t.policy == "priority" ? rules::HitPolicy::Priority
             : t.policy == "unique"   ? rules::HitPolicy::Unique
                                      : rules::HitPolicy::Any;
  c.order = t.order;
  for (const auto& in : t.inputs) {
    c.inputs.push_back({in.name, in.values, in.min, in.max});
    if (!in.reading.empty()) c.fixed[in.name] = {rs.reading(in.reading), 0};
  }
  for (const auto& row : t.rows) {
    if (find_clause_switch(row.clause) && !clause_applies(rs, row.clause)) continue;
    rules::TableRow r{row.id, row.outcome, row.clause, row.line, {}};
    for (const auto& w : row.when) r.when.push_back({w.input, w.values, w.min, w.max});
    c.rows.push_back(std::move(r));
  }
  return c;
}

rules::CompiledTable compile_table(const Spec& spec, const Ruleset& rs, const std::string& table_id) {
  const DecisionTable* t = find_decision_table(spec, rs, table_id);
  if (!t) throw std::logic_error("codex " + rs.codex + " has no decision table " + table_id);
  return compile_table(*t, rs);
}

}  // namespace rulespec
