#include "model/common/decision_table.hpp"

#include <algorithm>
#include <stdexcept>

namespace rulespec::rules {
namespace {

const TableValue& value_of(const CompiledTable& t, const TableCombination& at, const std::string& input) {
  if (auto it = t.fixed.find(input); it != t.fixed.end()) return it->second;
  if (auto it = at.find(input); it != at.end()) return it->second;
  throw std::invalid_argument("table " + t.id + ": no value for input '" + input + "'");
}

bool holds(const CompiledTable& t, const TableCondition& c, const TableCombination& at) {
  const TableValue& v = value_of(t, at, c.input);
  if (!c.values.empty()) return std::find(c.values.begin(), c.values.end(), v.text) != c.values.end();
  return v.number >= c.min && v.number <= c.max;
}

bool overrides(const CompiledTable& t, const std::string& clause, const std::string& other) {
  return std::find(t.overrides.begin(), t.overrides.end(), std::make_pair(clause, other)) != t.overrides.end();
}

}  // namespace

TableDecision decide(const CompiledTable& table, const TableCombination& at) {
  for (const auto& in : table.inputs) value_of(table, at, in.name);  // every input given
  TableDecision d;
  for (const auto& row : table.rows) {
    if (!std::all_of(row.when.begin(), row.when.end(), [&](const TableCondition& c) { return holds(table, c, at); })) continue;
    d.rows.push_back(&row);
    if (std::find(d.outcomes.begin(), d.outcomes.end(), row.outcome) == d.outcomes.end()) d.outcomes.push_back(row.outcome);
  }
  if (d.outcomes.empty()) return d;
  if (d.outcomes.size() == 1) {
    d.verdict = TableVerdict::Decided;
    d.outcome = d.outcomes.front();
    return d;
  }
  if (table.policy == HitPolicy::Any)
    for (const TableRow* row : d.rows) {
      const bool over_all = std::all_of(d.rows.begin(), d.rows.end(), [&](const TableRow* other) {
        return other->outcome == row->outcome || overrides(table, row->clause, other->clause);
      });
      if (!over_all) continue;
      d.verdict = TableVerdict::Decided;
      d.outcome = row->outcome;
      d.overriding = row;
      return d;
    }
  if (table.policy == HitPolicy::First) d.outcome = d.rows.front()->outcome;
  if (table.policy == HitPolicy::Priority)
    for (const auto& o : table.order)
      if (d.outcome.empty() && std::find(d.outcomes.begin(), d.outcomes.end(), o) != d.outcomes.end()) d.outcome = o;
  d.settled_by_policy = !d.outcome.empty();
  d.verdict = d.settled_by_policy ? TableVerdict::Decided : TableVerdict::Conflicting;
  return d;
}

}  // namespace rulespec::rules
