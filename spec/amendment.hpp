// Amendments: YAML overlays on one codex that a rules committee proposes. Applying one yields a
// new Spec in which the amended rulesets keep their ids, so base and amended runs line up.
// docs/amendments.md documents every key (tests/test_amendments.cpp keeps the two equal).
#pragma once
#include <string>
#include <vector>

#include "spec/spec.hpp"

namespace rulespec {

struct Amendment {
  std::string id, codex, title, rationale, source, file;
  std::vector<std::string> rulesets;  // rulesets whose params/readings change (default: all of the codex)
  std::vector<std::pair<std::string, Value>> params;
  std::vector<std::pair<std::string, std::string>> readings;
  std::vector<Value> replace_clauses;  // partial clause maps keyed by id
  std::vector<Value> add_clauses;      // full clause maps
  std::vector<std::pair<std::string, SourcePos>> remove_clauses;
  std::vector<std::pair<std::string, Value>> add_readings;  // clause id -> reading map
  // Changes of decision tables: {id, policy?, order?, add_rows?, replace_rows?, remove_rows?}.
  std::vector<Value> decisions;
};

// Every key the loader accepts, as "section.key" ("amendment.id", "params", "add_readings.clause").
const std::vector<std::string>& amendment_keys();

// Parses and checks an amendment against `base`: unknown codex, clause, reading, param or ruleset
// ids, values outside a param's declaration, removals that other clauses still refer to. Every
// error of the file is reported at once (InputErrors, each at its position).
Amendment load_amendment(const std::string& path, const Spec& base);
// The same from an already parsed document (an oracle request's inline amendment); `path` names
// it in errors.
Amendment parse_amendment(const Value& doc, const std::string& path, const Spec& base);
Spec apply_amendment(const Spec& base, const Amendment& a);

}  // namespace rulespec
