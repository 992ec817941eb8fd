// What to say when a command is given an id or value it does not know: the nearest valid ones
// ("did you mean ru-go-1985.art4.p1, ru-go-1985.art4.p2?"), or, when nothing is near, every valid
// value if there are few, or where to list them.
#pragma once
#include <string>
#include <vector>

#include "spec/spec.hpp"

namespace rulespec {

// The valid values nearest `wrong`, best first, at most `max`: those that extend it (a prefix
// given, "ru-go-1985.art4" for its paragraphs), then those that contain it, then those within a
// small edit distance (a typo). Empty when none is near.
std::vector<std::string> nearest(const std::string& wrong, const std::vector<std::string>& valid, std::size_t max = 6);

// One clause for an error message: "did you mean A, B?" when something is near; otherwise "the
// valid ones: A, B, C" when there are at most a dozen; otherwise `where` ("see 'rulespec list
// clauses'").
std::string suggestion(const std::string& wrong, const std::vector<std::string>& valid, const std::string& where);

// " (did you mean 'A'?)" with the nearest valid value, or "" when none is near: the tail of a
// one-line error about an unknown id.
std::string did_you_mean(const std::string& wrong, const std::vector<std::string>& valid);
// The clause ids of one codex, or of every codex.
std::vector<std::string> clause_ids(const Codex& cx);
std::vector<std::string> clause_ids(const std::vector<Codex>& codices);

// The codices' ids, in catalog order.
std::vector<std::string> codex_ids(const Spec& spec);

}  // namespace rulespec
