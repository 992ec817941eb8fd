// The decision tables the models execute: a codex's table compiled for one ruleset into the
// plain object of model/common/decision_table.hpp. Compiling resolves the bounds and outcomes the
// rows take from params (spec/tables.hpp), fixes the inputs bound to a clause's reading to the
// reading the ruleset takes, and leaves out every row whose clause the ruleset lacks (an
// amendment's remove_clauses, a decisive check's switch), for the clauses the models can switch
// off (queries/switches.hpp; a clause not registered there says in the catalog why its row stands
// without it): a row states its
// clause's rule, so without the clause the row is not in the text.
#pragma once
#include <string>

#include "model/common/decision_table.hpp"
#include "spec/spec.hpp"

namespace rulespec {

const DecisionTable* find_decision_table(const Spec& spec, const Ruleset& rs, const std::string& table_id);
// A row whose clause restates another (`applied_through`) goes with that clause, and the rows'
// precedence is the catalog's relation `overrides` between their clauses (a clause overrides the
// ones that restate or refine the clause it names).
rules::CompiledTable compile_table(const Spec& spec, const DecisionTable& table, const Ruleset& rs);
// The table of the ruleset's codex with this id; throws std::logic_error when the codex lacks it
// (a model consults only tables its codex has: a catalog without it is a broken build).
rules::CompiledTable compile_table(const Spec& spec, const Ruleset& rs, const std::string& table_id);

}  // namespace rulespec
