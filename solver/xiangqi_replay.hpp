// Replaying a concrete loop through the oracle's `adjudicate`, so that every verdict a xiangqi
// analysis quotes comes from the reference model exactly as a case would get it.
#pragma once
#include <string>
#include <vector>

#include "spec/spec.hpp"

namespace rulespec {

// The verdict ("draw", "red-loses", ...) of the loop under `ruleset`, or "" if the spec has no
// such ruleset.
// `lenient` accepts book shorthand (upper-case letters for Black's pieces, as the columns print them).
std::string replay_loop(const Spec& spec, const std::string& ruleset, const char* fen, const std::vector<const char*>& moves,
                        bool lenient = false);

}  // namespace rulespec
