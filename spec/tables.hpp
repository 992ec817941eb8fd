// A decision table under one ruleset: the bounds and outcomes its rows take from params
// (spec/catalog.hpp ParamBound, DecisionRow::outcome_param) given the ruleset's values.
#pragma once
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "spec/spec.hpp"

namespace rulespec {

// The table with every param bound and param outcome set from `rs` (a bound is clamped to its
// input's range: a row "below the threshold" with threshold 0 holds for nothing). A param `rs`
// does not set keeps the value it has (Spec resolves every table for the first ruleset of its
// codex that sets all its params).
DecisionTable resolved_for(const DecisionTable& t, const Ruleset& rs);
void resolve_in_place(DecisionTable& t, const Ruleset& rs);
// The value a ruleset fixes for an input bound to a reading or a param (DecisionInput::reading,
// ::param): the reading it takes, or the param's value as the input names it ("true"/"false" for
// a bool); empty for an input the combination gives.
std::string ruleset_input_value(const DecisionInput& in, const Ruleset& rs);
// The params a table's rows and judgements take their bounds and outcomes from.
std::vector<std::string> table_params(const DecisionTable& t);

// A combination of a table's inputs as written: input -> (enum value, integer).
using WrittenCombination = std::map<std::string, std::pair<std::string, int>>;
// Whether every condition holds at the combination (an input it lacks throws std::out_of_range).
bool conditions_hold(const std::vector<DecisionCondition>& when, const WrittenCombination& at);

// A condition as a reader sees it: "black-points = 0..points_threshold - 1", "claim = by-white".
std::string condition_text(const DecisionCondition& c);
// A row's outcome as written: "white-wins", or "by tie_winner (gote: white-wins, ...)".
std::string outcome_text(const DecisionRow& r);

}  // namespace rulespec
