// The renju rules a ruleset executes (params, then readings), shared by the renju queries and the
// analyses and properties that call the renju model directly.
#pragma once
#include <string>

#include "model/renju/fouls.hpp"
#include "spec/spec.hpp"

namespace rulespec {

renju::FoulRules renju_foul_rules(const Spec& spec, const Ruleset& rs);
// What a foul does under the ruleset's reading of rif-renju.foul.consequence: "black-loses",
// "white-may-claim" or "move-refused".
std::string renju_foul_consequence(const Spec& spec, const Ruleset& rs);

}  // namespace rulespec
