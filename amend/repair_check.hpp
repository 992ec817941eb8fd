// The check of `rulespec repair` itself: on a generated catalog into which a conflict is injected
// (a ruleset switched to a reading of one clause that contradicts the rest of a decision table),
// repair must propose switching it back among its proposals of least cost. The catalog is
// generated at random (codex `generated`, never on disk), loaded through the catalog parser, and
// checked end to end: the decision-table analysis (against brute force over every combination),
// the amendment workbench that evaluates each candidate, and repair's ranking.
#pragma once
#include <cstdint>
#include <string>

#include "properties/property.hpp"

namespace rulespec {

inline constexpr const char* kInjectedConflictProperty = "repair.injected-conflict";
inline constexpr int kInjectedConflictDeepRuns = 200;  // verify --deep

// The property, for `rulespec property repair.injected-conflict` and `verify --deep` (200 runs);
// it applies to no catalog ruleset: it runs under the generated codex's own.
const PropertyInfo& injected_conflict_property();
PropertyOutcome run_injected_conflict_property(std::uint64_t seed, int runs, const std::string& reproduce = {});

// One generated catalog (as YAML) and the injection, for tests and for the failure message.
struct InjectedConflict {
  std::string catalog_yaml;   // the catalog as written: consistent
  std::string injected_yaml;  // the same with the default ruleset switched to the injected reading
  std::string clause, written_reading, injected_reading;
};
InjectedConflict generate_injected_conflict(std::uint64_t seed);

}  // namespace rulespec
