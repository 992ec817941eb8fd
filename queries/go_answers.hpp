// Answers shared by the board-free and the board Go queries, so that a count read off a board
// is reported exactly like the same count given as numbers.
#pragma once
#include "queries/query.hpp"
#include "model/go/counting.hpp"
#include "model/go/rules.hpp"

namespace rulespec {

// Ing fill-in counting on final counts, with the winner awarded by the ruleset's tie rules.
Value fill_in_answer(const Ruleset& rs, const go::FinalCounts& c, int handicap_stones);

// The 1985 komi (Art. 7 §2 and note; Art. 13 §3): komi on 19x19, komi_13x13 on 13x13, none on
// other boards (the Codex gives none for 9x9); a handicap game has only White's conditional half
// point for a tie.
double codex1985_komi(const Ruleset& rs, int size, bool handicap_game);

// The rules a Go ruleset executes (params, then the readings that change move legality).
go::Rules go_rules(const Spec& spec, const Ruleset& rs);

}  // namespace rulespec
