// Every setting a catalog declares, tried: each value of each param (an enum's values, both
// booleans, a number's domain bounds) and each reading of each clause must change at least one
// case, property or analysis outcome of its codex against a ruleset that takes another value, or
// be declared equivalent to another (ParamDecl::equivalent, Reading::equivalent_to), and then
// change nothing against it. A setting that changes nothing is one we accept and do not honour.
#pragma once
#include <string>
#include <vector>

#include "suite/suite.hpp"

namespace rulespec {

struct SettingCheck {
  std::string codex, setting;  // "param komi = 0", "reading immediate-only of ing-1996.move.no-repetition"
  // Refused: every ruleset tried refuses the value with a positioned error (another choice fixes it).
  enum class Status { Honoured, Fixed, Equivalent, Refused, Silent, EquivalenceBroken, Untried } status = Status::Untried;
  std::string evidence;  // what changed (ruleset and item), or why nothing could be tried
};

// The checks of one codex (all codices when `codex` is empty). Items run in this process, so that
// the search for a change stops at the first one.
std::vector<SettingCheck> sweep_settings(const Spec& spec, const std::vector<Case>& cases, SuiteOptions opt,
                                         const std::string& codex = {});

const char* to_string(SettingCheck::Status s);

}  // namespace rulespec
