// Answers shared by the board-free and the board Go queries, so that a count read off a board
// is reported exactly like the same count given as numbers.
#pragma once
#include "queries/query.hpp"
#include "model/go/counting.hpp"
#include "model/go/ending.hpp"
#include "model/go/rules.hpp"
#include "model/go/territory.hpp"
#include "model/go/ranks.hpp"
#include "model/go/timing.hpp"
#include "model/tournament/levels.hpp"
#include "model/tournament/swiss.hpp"

namespace rulespec {

// Ing's handicap arithmetic (lines 149-151) and penalty points (line 158 and its readings), each
// sentence switched off (queries/switches.hpp) as if the text lacked it; defaults for other codices.
go::HandicapRules ing_handicap_rules(const Ruleset& rs);
go::PenaltyPointRules ing_pp_rules(const Ruleset& rs);
// How many times its length lateness takes off the basic time (line 166; 1 without it).
int ing_lateness_factor(const Ruleset& rs);
// The even game's whole-point komi (none without line 132; a fractional komi is a QueryError) and
// the points one handicap move is worth.
int ing_even_komi(const Ruleset& rs);
int ing_move_points(const Ruleset& rs);

// The end-of-game procedure a ruleset prescribes (the query game-end): Ing stops after two passes
// and ends after agreement and two more (or a play-out); the 1985 Codex ends the main part after
// end_passes. Under Ing the procedure is the table ing-1996.decisions.end-of-play
// (model/go/ending_table.hpp), and these rules give what its combinations do not.
go::EndingRules go_ending_rules(const Ruleset& rs);

// Ing fill-in counting on final counts, with the winner awarded by the ruleset's tie rules.
// `reduced_komi`: the game's komi is not the even game's (a handicap game of less than one move,
// line 131), which reading any-handicap-game of ing-1996.aga.tie-white counts as a handicap game.
// The handicap stones White is compensated for under the AGA variant (param handicap_compensation):
// none, or N of line 121, which reading stones-before-white of ing-1996.aga.compensation-points
// counts with Black's first stone.
int aga_compensated_stones(const Ruleset& rs, int handicap_moves);
// Under Ing's laws who wins the count is the table ing-1996.decisions.count (lines 45, 113, 127),
// compiled for the ruleset (queries/decision_tables.hpp); other codices keep their tie params.
Value fill_in_answer(const Spec& spec, const Ruleset& rs, const go::FinalCounts& c, int handicap_stones, bool reduced_komi = false);
// The count's table as the model asks it: what each player has left once every stone is on the
// board ("winning-points", "losing-stones", "nothing"), whether the compensation and penalty
// stones found room, and whether the game is a handicap game; the ruleset gives the variant
// (ing_count_variant). "B", "W", "draw", "undecided" (no row) or "conflicting".
std::string ing_count_award(const Spec& spec, const Ruleset& rs, const std::string& black_left, const std::string& white_left,
                            bool stones_fit, bool handicap_game);
// The table's input `counting`: "aga" where the ruleset gives handicap games line 127's tie
// (handicap_tie white-wins), else "ing".
std::string ing_count_variant(const Ruleset& rs);

// The principles of the 1985 Swiss and level-system draws (Ch. II Art. 12, 14), each gone without
// its clause (queries/switches.hpp); all on for other codices. Who sits out an odd round and what
// he scores is the table ru-go-1985.decisions.bye's, what a round adds to the
// coefficient is the table ru-go-1985.decisions.coefficient's, and whether the level system
// separates equal levels by it the table ru-go-1985.decisions.tie-break's (queries/tournament_tables.cpp).
tournament::SwissRules codex1985_swiss_rules(const Spec& spec, const Ruleset& rs);
tournament::LevelRules codex1985_level_rules(const Spec& spec, const Ruleset& rs);
// Whether a Swiss separates equal scores by the coefficient: the table ru-go-1985.decisions.tie-break
// for silent regulations (our events have none); true for other codices.
bool codex1985_swiss_ties_by_coefficient(const Spec& spec, const Ruleset& rs);

// The 1985 komi (Art. 7 §2 and note; Art. 13 §3): komi on 19x19, komi_13x13 on 13x13, none on
// other boards (the Codex gives none for 9x9); a handicap game has only White's conditional half
// point for a tie.
// Each part without its clause (queries/switches.hpp) as if the text lacked it.
double codex1985_komi(const Ruleset& rs, int size, bool handicap_game);
// The 1985 totals (Art. 12 §2-3): territory plus prisoners plus komi, as go::codex1985_score, with
// the parts whose clause is switched off counting nothing.
go::TerritoryScore codex1985_totals(const Ruleset& rs, int black_territory, int black_prisoners, int white_territory,
                                    int white_prisoners, double komi, bool conditional_half_point);

// Whether the 1985 result records the margin (Art. 13 §2 note): without the note only a handicap
// game's tie keeps it, Art. 13 §3 giving White the game 'by 0.5'.
bool codex1985_margin_recorded(const Ruleset& rs, bool handicap_game, double margin);

// A number of passes no game reaches: the pass rule of a switched-off clause (not 0, which the 1985
// rules use for "passes never end the game, agreement does").
inline constexpr int kNeverEnds = 1 << 20;

// The rules a Go ruleset executes (params, then the readings that change move legality).
go::Rules go_rules(const Spec& spec, const Ruleset& rs);

// The consecutive passes that end the 1985 main part (Art. 11 §2 and its EGF note, each as if
// the text lacked it when switched off; kNeverEnds when no pass rule is left).
int codex1985_main_part_passes(const Ruleset& rs);

}  // namespace rulespec
