// What a result was computed by: rulespec's version and the git commit of the tree it was built
// from, which every output a paper might cite carries (report.json, certificates, mined cases and
// slices, explain --json, oracle answers asked with "stamp").
#pragma once
#include <string>

namespace rulespec {

// The commit built (cmake/build_info.cmake): 40 hex digits, "-dirty" after them when tracked
// files differed from it, or "unknown" outside a git checkout.
extern const char* const kRulespecCommit;

inline std::string rulespec_version() { return RULESPEC_VERSION; }
inline std::string rulespec_commit() { return kRulespecCommit; }
// "rulespec 0.1.0 (commit 0123abc...)".
inline std::string rulespec_version_line() { return "rulespec " + rulespec_version() + " (commit " + rulespec_commit() + ")"; }

}  // namespace rulespec
