// The clauses the models can switch off. Where a model applies a clause, the rules builder of the
// query layer asks clause_applies(); without the clause (an amendment's remove_clauses, or a
// decisive check's ClauseSwitchedOff, spec/spec.hpp) the rules object it builds behaves as if the
// text lacked it: the ko article gone, the recapture is legal. A case, a property sample or a
// certify probe is decisive for a clause when its answer changes without it (docs/design.md,
// "Decisive evidence"); a clause no model can switch off says why in its `not_decisive:`.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "spec/spec.hpp"

namespace rulespec {

struct ClauseSwitch {
  std::string clause;
  std::string without;  // what the models do without it, as a committee would say it
};

// Every registered switch, in a fixed order (by codex, then as the models meet them).
const std::vector<ClauseSwitch>& clause_switches();
const ClauseSwitch* find_clause_switch(std::string_view clause);

// rs.applies(clause) for a registered switch. Asking about a clause that is not registered is a
// logic error: the registry is the list of what the models can switch off, and a test keeps it so.
bool clause_applies(const Ruleset& rs, std::string_view clause);

}  // namespace rulespec
