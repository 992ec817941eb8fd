// Amendments: YAML overlays on one codex that a rules committee proposes. Applying one yields a
// new Spec in which the amended rulesets keep their ids, so base and amended runs line up.
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
};

// Parses and checks an amendment against `base` (unknown codex, clause, reading, param or
// ruleset ids are InputErrors at their position).
Amendment load_amendment(const std::string& path, const Spec& base);
Spec apply_amendment(const Spec& base, const Amendment& a);

}  // namespace rulespec
