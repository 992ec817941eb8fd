// The jishogi rules a ruleset executes (its params), shared by the shogi queries and the shogi
// properties so that each reads the catalog the same way.
#pragma once
#include "model/shogi/jishogi.hpp"
#include "spec/spec.hpp"

namespace rulespec {

shogi::PointValues shogi_point_values(const Ruleset& rs);
// The declaration conditions of a ruleset with `declaration: true`.
shogi::DeclarationRules shogi_declaration_rules(const Ruleset& rs);

}  // namespace rulespec
