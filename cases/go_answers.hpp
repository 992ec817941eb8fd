// Answers shared by the board-free and the board Go queries, so that a count read off a board
// is reported exactly like the same count given as numbers.
#pragma once
#include "cases/query.hpp"
#include "model/go/counting.hpp"
#include "model/go/rules.hpp"

namespace rulespec {

// Ing fill-in counting on final counts, with the winner awarded by the ruleset's tie rules.
Value fill_in_answer(const Ruleset& rs, const go::FinalCounts& c, int handicap_stones);

// The rules a Go ruleset executes (params, then the readings that change move legality).
go::Rules go_rules(const Spec& spec, const Ruleset& rs);

}  // namespace rulespec
