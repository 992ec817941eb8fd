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
// The pass rules (lines 58-59): the stones that must be on the board before a pass (0: any time)
// and the consecutive passes that draw (none: a large number), each without its clause as if the
// text lacked it.
int renju_pass_min_stones(const Ruleset& rs);
int renju_passes_to_draw(const Ruleset& rs);
// Whether Black's first move must be on the centre point (line 36, param first_move).
bool renju_tengen(const Ruleset& rs);

}  // namespace rulespec
