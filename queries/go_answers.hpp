// Answers shared by the board-free and the board Go queries, so that a count read off a board
// is reported exactly like the same count given as numbers.
#pragma once
#include "queries/query.hpp"
#include "model/go/counting.hpp"
#include "model/go/rules.hpp"

namespace rulespec {

// Ing fill-in counting on final counts, with the winner awarded by the ruleset's tie rules.
// `reduced_komi`: the game's komi is not the even game's (a handicap game of less than one move,
// line 131), which reading any-handicap-game of ing-1996.aga.tie-white counts as a handicap game.
// The handicap stones White is compensated for under the AGA variant (param handicap_compensation):
// none, or N of line 121, which reading stones-before-white of ing-1996.aga.compensation-points
// counts with Black's first stone.
int aga_compensated_stones(const Ruleset& rs, int handicap_moves);
Value fill_in_answer(const Ruleset& rs, const go::FinalCounts& c, int handicap_stones, bool reduced_komi = false);

// The 1985 komi (Art. 7 §2 and note; Art. 13 §3): komi on 19x19, komi_13x13 on 13x13, none on
// other boards (the Codex gives none for 9x9); a handicap game has only White's conditional half
// point for a tie.
double codex1985_komi(const Ruleset& rs, int size, bool handicap_game);

// The rules a Go ruleset executes (params, then the readings that change move legality).
go::Rules go_rules(const Spec& spec, const Ruleset& rs);

}  // namespace rulespec
