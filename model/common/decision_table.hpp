// A decision table as the models execute it: a plain object of the rules (no catalog, no YAML),
// compiled from a codex's table for one ruleset by queries/decision_tables.hpp. A model consults
// it at the point where it decides the outcome the table gives, so that the catalog's rows are the
// rule: a row an amendment adds, removes or changes changes the model's verdict.
#pragma once
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace rulespec::rules {

// DMN's hit policies: `Any` lets rows overlap where they agree (two outcomes conflict),
// `Unique` lets no rows overlap, `First` takes the first matching row, `Priority` the matching
// outcome that comes first in the table's order.
enum class HitPolicy { Any, Unique, First, Priority };

struct TableInput {
  std::string name;
  std::vector<std::string> values;  // an enum input; empty: an integer in [min, max]
  int min = 0, max = 0;
  bool operator==(const TableInput&) const = default;
};
struct TableCondition {
  std::string input;
  std::vector<std::string> values;  // enum: one of these
  int min = 0, max = 0;             // integer: min <= x <= max
  bool operator==(const TableCondition&) const = default;
};
struct TableRow {
  std::string id, outcome, clause;
  int line = 0;
  std::vector<TableCondition> when;  // all must hold
  bool operator==(const TableRow&) const = default;
};

// One input's value in a combination: `text` for an enum input, `number` for an integer one.
struct TableValue {
  std::string text;
  int number = 0;
  bool operator==(const TableValue&) const = default;
};
using TableCombination = std::map<std::string, TableValue>;

struct CompiledTable {
  std::string id;
  HitPolicy policy = HitPolicy::Any;
  std::vector<std::string> order;  // Priority: outcomes, most important first
  std::vector<TableInput> inputs;
  std::vector<TableRow> rows;      // only the rows in force under the ruleset
  TableCombination fixed;          // inputs the ruleset fixes (the reading it takes of a clause)
  // The text's own precedence between rows (the catalog's relation `overrides`): a row whose
  // clause overrides the clause of every other matching row with another outcome decides, under
  // the policy `any` (a variant's rule over the rule it replaces, line 127 over line 113).
  std::vector<std::pair<std::string, std::string>> overrides;  // (clause, clause it overrides)
  bool operator==(const CompiledTable&) const = default;
};

enum class TableVerdict { Undecided, Decided, Conflicting };
struct TableDecision {
  TableVerdict verdict = TableVerdict::Undecided;
  std::string outcome;                   // Decided: the outcome
  std::vector<const TableRow*> rows;     // every matching row, in table order
  std::vector<std::string> outcomes;     // their distinct outcomes, in row order
  bool settled_by_policy = false;        // several outcomes, one chosen by First or Priority
  const TableRow* overriding = nullptr;  // several outcomes, one given by a row that overrides the others
};

// The table's answer for a combination of its inputs (the fixed ones are taken from the table;
// an input missing from both throws std::invalid_argument naming it).
TableDecision decide(const CompiledTable& table, const TableCombination& at);

}  // namespace rulespec::rules
