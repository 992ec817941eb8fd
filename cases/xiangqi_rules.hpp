// The xiangqi loop rules a ruleset executes (params, then readings), shared by the adjudicate
// query and the analyses that bridge the Z3 clause models to the reference model.
#pragma once
#include "model/xiangqi/adjudicate.hpp"
#include "spec/spec.hpp"

namespace rulespec {

xiangqi::LoopRules xiangqi_loop_rules(const Spec& spec, const Ruleset& rs);
inline bool spec_has(const Spec& spec, const std::string& clause_id) { return spec.clause(clause_id) != nullptr; }

}  // namespace rulespec
