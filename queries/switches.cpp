#include "queries/switches.hpp"

#include <algorithm>
#include <stdexcept>

namespace rulespec {

const std::vector<ClauseSwitch>& clause_switches() {
  static const std::vector<ClauseSwitch> switches = {
      // The 1985 Codex: move legality (queries/queries_goboard.cpp, go_rules).
      {"ru-go-1985.art4.p1", "suicide is legal: a move may leave its own stones without dame (they are removed)"},
      {"ru-go-1985.art4.p2", "no ko restriction: the single stone that has just taken one may be retaken at once"},
      // The 1985 Codex: komi, the count and its prisoners (queries/queries_go1985.cpp, codex1985_komi
      // and codex1985_totals; the board score in queries_goboard.cpp).
      {"ru-go-1985.art7.p2", "no komi in an even game"},
      {"ru-go-1985.art7.p2.note", "13x13 takes the 19x19 komi"},
      {"ru-go-1985.art12.p3", "no conditional half point: equal totals stay equal (komi counts its whole points only)"},
      {"ru-go-1985.art13.p3", "equal totals of a handicap game stay equal: nothing gives White the half point"},
      {"ru-go-1985.art12.p2.a", "territory counts nothing: totals are prisoners (and komi stones) only"},
      {"ru-go-1985.art12.p2.b", "prisoners count nothing, komi's five prisoner stones included: totals are territory only"},
      {"ru-go-1985.art11.p3", "dead stones removed at the end become nobody's prisoners"},
      {"ru-go-1985.art14.p4", "an illegal ko capture found within three moves is not annulled: the game goes on"},
      // The 1985 Codex: passes, the end of the main part and the finishing stage (queries_goboard.cpp
      // go_rules and codex1985_main_part_passes; queries_go.cpp ending_rules).
      {"ru-go-1985.art5.p3", "no pass: every turn places a stone (Art. 5 §1: one move each turn; Art. 3 §1: a move is a stone placed)"},
      {"ru-go-1985.art11.p2", "passes end nothing: the main part goes on after any number of them (the EGF ruleset keeps its note's three)"},
      {"ru-go-1985.art11.p2.note1-egf", "the EGF ruleset ends the main part after two passes, as Art. 11 §2 does"},
      {"ru-go-1985.art11.p2.finishing", "no finishing stage: once the main part is over no stone is placed; the partners only state and agree their territories"},
      // Handicap stones and the board (queries_goboard.cpp read_position; queries_go1985.cpp
      // stones_query, handicap_points_query).
      {"ru-go-1985.art8.p4", "placing the handicap stones is no move: Black, who starts (Art. 5 §1), moves first after them"},
      {"ru-go-1985.art8.p3.placement", "no points are prescribed for handicap stones: their placement is unspecified, as on 13x13"},
      {"ru-go-1985.art8.p3.note2", "no limit of five stones on 13x13: its handicap has Art. 8 §3's two to nine stones, their points unspecified"},
      {"ru-go-1985.art2.p4.small-boards", "no small boards: the standard 19x19 board is the only one (no stone set or handicap for 13x13 or 9x9)"},
      // Art. 9 under the EGF notes, and the count (queries_go1985.cpp bent_four_query, territory_query;
      // queries_goboard.cpp score_query).
      {"ru-go-1985.art9.p3.note1-egf", "the EGF ruleset reads bent four in the corner as written: Art. 9 §1 b 1)-3) decide the surrounding group"},
      {"ru-go-1985.art9.p3.note1-egf.replay", "the EGF ruleset replays no game: a long cycle is decided in White's favour (Art. 9 §3)"},
      {"ru-go-1985.art10.p1.note2", "points a group living in seki alone surrounds are its territory (Art. 10 §1); points both colours border stay neutral"},
      {"ru-go-1985.art13.p2.note", "the margin is not recorded: the result is the winner (only a handicap game's tie keeps Art. 13 §3's 'by 0.5')"},
      {"ru-go-1985.art13.p1", "a resignation decides no winner: nothing gives the game to the partner whose opponent resigned"},
      // Errors during the game (queries_goboard.cpp board_error_*; queries_go1985_admin.cpp
      // irregularity_query): without a remedy play goes on as it stands.
      {"ru-go-1985.art14.p1", "colours, handicap or a handicap stone mixed up are not corrected by a restart: the game goes on"},
      {"ru-go-1985.art14.p2", "a wrongly oriented board is not corrected: the game goes on as it stands"},
      {"ru-go-1985.art14.p4.intent", "after an annulled ko capture the offender moves again, whether or not the judge finds the error intentional"},
      {"ru-go-1985.art14.p5.a", "remedy a) is gone: displaced stones are corrected by b), c) or the judge, even where the record gives the correct position"},
      {"ru-go-1985.art14.p5.b", "remedy b) is gone: where a) cannot be used, c) or the judge corrects the position, even a possible one"},
      {"ru-go-1985.art14.p5.v", "remedy c) is gone: where a) and b) cannot be used, the judge decides (d, e)"},
      {"ru-go-1985.ch2.art6.p7.note.b", "a team move made out of turn stays on the board: the other team moves next, as after any move"},
      // Moves, records, clocks, adjournment and protests (queries_go1985_admin.cpp, queries_go1985.cpp
      // time_control_query).
      {"ru-go-1985.art6.p1.a.note2-egf", "the EGF ruleset completes a move on release, as Art. 6 §1 a) does: a touch makes no move"},
      {"ru-go-1985.art6.p1.b", "a capturing move is complete once the stone is released, like any move (Art. 6 §1 a)"},
      {"ru-go-1985.art6.p2", "a completed move may still be changed (with the partner's consent)"},
      {"ru-go-1985.art16.p3", "an untidy record brings no order to rewrite it (the EGF ruleset keeps its note's loss for four unreadable moves)"},
      {"ru-go-1985.art16.p3.note-egf", "the EGF ruleset orders an illegible record rewritten, as Art. 16 §3 does: no loss"},
      {"ru-go-1985.art17.p2", "nothing starts Black's clock, or the game, at the set time"},
      {"ru-go-1985.art17.p2.note1", "the game may start at the set time with a partner absent"},
      {"ru-go-1985.art17.p4.known-faulty", "a clock found to measure wrongly is not corrected: its reading stands (Art. 17 §4: readings are final)"},
      {"ru-go-1985.art17.p4.unknown-faulty", "when the faulty clock is unknown neither is corrected: the readings stand"},
      {"ru-go-1985.art17.p6.note1", "any rate of moves per hour may set the control time: no rate is checked"},
      {"ru-go-1985.art17.p6.note2", "the controls need not allow 300 moves after two controls: no such check is made"},
      {"ru-go-1985.art17.p6.note4", "the control move is made on release like any other (Art. 6 §1 a): an unpressed clock does not undo it"},
      {"ru-go-1985.art17.p7.b", "no main time is banked on a control clock: a byo-yomi expiry passes the turn, as a) says"},
      {"ru-go-1985.art17.p7.note2", "a capture is in time only when complete, its stones removed (Art. 6 §1 b), within the time allowed"},
      {"ru-go-1985.art17.p7.note4", "any main time is valid for system II"},
      {"ru-go-1985.art17.p7.note5", "any byo-yomi period is valid for system II"},
      {"ru-go-1985.art18.p1.note4", "a player in byo-yomi gets no extra time for the sealed move"},
      {"ru-go-1985.art18.p1.note5", "no early adjournment: a game is adjourned only when the playing time is up"},
      {"ru-go-1985.art19.p4.note3", "no rest between resumptions"},
      {"ru-go-1985.art19.p5", "a game may be put up for resumption however little of the session is left"},
      {"ru-go-1985.art19.p7", "the judge may not interrupt a resumed game to schedule another"},
      {"ru-go-1985.art22.p2", "no protest against a judge's decision is provided for"},
      // Losses and their record (queries_go1985_admin.cpp; the decision tables, queries_source.cpp
      // decide_query, skip the rows of a clause switched off).
      {"ru-go-1985.art20.a", "overstepping the time loses nothing: a flag fall before the control is no loss, and a byo-yomi expiry under b) only passes the turn"},
      {"ru-go-1985.art20.b", "an illegible record loses nothing: the win on the board stands"},
      {"ru-go-1985.art20.v", "a partner more than an hour late, or absent, does not lose (both so late still both lose, by the note)"},
      {"ru-go-1985.art24.p1.forfeit-signs", "a forfeit of a game not played is written 1 and 0 like any result"},
      {"ru-go-1985.art24.p3", "the Codex has no rule for a withdrawal before half the games: the judge decides (Ch. II Art. 3 g)"},
      {"ru-go-1985.art24.p4", "the Codex has no rule for a withdrawal after half the games: the judge decides (Ch. II Art. 3 g)"},
      // Chapter II: teams and tie-breaks (queries_go1985_admin.cpp team_standing_query, quorum_query;
      // queries_go1985.cpp tie_break_query).
      {"ru-go-1985.ch2.art2.note1.b", "no coefficient system for individual ties: the tie-break gives the scores alone"},
      {"ru-go-1985.ch2.art2.note2.b", "no match points for team ties"},
      {"ru-go-1985.ch2.art2.note2.g", "no coefficient for team ties"},
      {"ru-go-1985.ch2.art5.p2.penalty", "no penalty points for an unregistered player"},
      {"ru-go-1985.ch2.art5.p2.quorum", "a team that turns up short is not removed"},
      {"ru-go-1985.ch2.art5.p4", "team round robins are not ranked by board points: the regulations place the teams (line 271)"},
      {"ru-go-1985.ch2.art5.p4.extra-match", "no extra match for a team that won every match but is second on board points"},
      // The Swiss system (queries_go1985.cpp swiss_query, swiss_tournament_query; model/tournament/swiss).
      {"ru-go-1985.ch2.art12.text", "no number of rounds is given for a Swiss: no bracket holds any field size"},
      {"ru-go-1985.ch2.art12.a", "participants may meet twice: the draw may pair them again"},
      {"ru-go-1985.ch2.art12.b", "no colour rules: colours are drawn by lot (Art. 7 §1) and no pairing is refused for them"},
      {"ru-go-1985.ch2.art12.v", "no descents or ascents are recorded"},
      {"ru-go-1985.ch2.art12.note3", "no coefficient by default: a Swiss tie is left to the regulations (line 271)"},
      {"ru-go-1985.ch2.art12.note3.bye", "a bye adds nothing to the coefficient (it has no opponent's score)"},
      {"ru-go-1985.ch2.art12.note4", "a single drawing of lots for the whole event is not admissible"},
      // The level system (queries_go1985.cpp level_tournament_query; queries_go1985_admin.cpp
      // level_query; model/tournament/levels).
      {"ru-go-1985.ch2.art14.movement", "results move nobody: every participant stays at his initial level"},
      {"ru-go-1985.ch2.art14.odd", "an odd level sends nobody down: its draw fails and is redone (principle d)"},
      {"ru-go-1985.ch2.art14.a", "participants may meet twice: the draw may pair them again"},
      {"ru-go-1985.ch2.art14.b", "no order of priority within a level: its pairs are drawn by lot"},
      {"ru-go-1985.ch2.art14.v", "no descents or ascents are recorded"},
      {"ru-go-1985.ch2.art14.g", "no colour rules: colours are drawn by lot (Art. 7 §1)"},
      {"ru-go-1985.ch2.art14.note3", "the Codex places no one in a level tournament: the regulations do (line 271)"},
      {"ru-go-1985.ch2.art14.note3.coefficient", "no coefficient: participants on one final level are tied"},
      // Ing's laws: captures, the ko section and the passes (queries/queries_goboard.cpp go_rules, and
      // queries_go.cpp ending_rules), the count (queries_go.cpp fill_in_answer, even_komi;
      // queries_goboard.cpp score_query), the handicap, the clocks, the errors and the record
      // (queries_go.cpp handicap_query, pp_rules, byoyomi_query, lateness_query, record_query;
      // queries_goboard.cpp board_error_ko).
      {"ing-1996.ko.hot-stone-capture", "a hot stone may be captured at once"},
      {"ing-1996.ko.disturbing-once", "a disturbing-ko cycle may be started again and again"},
      {"ing-1996.ko.twin-hot-stones", "hot stones cool after any other move, a ko capture included"},
      {"ing-1996.ko.single-hot-stone", "a single ko stone that takes a single ko stone is not hot: a simple ko may be retaken at once"},
      {"ing-1996.ko.double-hot-stone", "the pair of ko stones of a double ko is not hot: it may be retaken at once"},
      {"ing-1996.move.no-repetition", "no whole-board ban on repeating a position: only the ko section's rules remain"},
      {"ing-1996.suicide.single-stone", "a lone stone's suicide is an ordinary suicide, legal as a group's is"},
      {"ing-1996.capture.mover-first", "every chain a move leaves without liberties is removed at once: the mover's own stones go with those they capture"},
      {"ing-1996.end.stop-two-passes", "two passes do not stop play: passes run on until the end"},
      {"ing-1996.end.four-passes", "passes never end the game"},
      {"ing-1996.end.after-play-out-passes", "no row ends a play-out on passes: they stand and play goes on"},
      {"ing-1996.end.neutral-points", "a move on a neutral point after the stop is a challenge like any other, played out"},
      {"ing-1996.result.resign-signal", "two stones placed at once are no resignation, and no move either (a move places one stone)"},
      {"ing-1996.seki.equal-share", "points both colours surround are nobody's: each side's area is its stones and the points it alone surrounds"},
      {"ing-1996.counting.remove-dead", "dead stones are counted where they stand"},
      {"ing-1996.counting.compensation-stones", "the count lays no compensation stones (no komi, no AGA handicap points)"},
      {"ing-1996.counting.penalty-stones", "the count lays no penalty stones"},
      {"ing-1996.komi.even-game", "an even game has no komi"},
      {"ing-1996.result.tie-black-wins", "a tie is decided by no rule (line 45, restating it, goes with it): the count names no winner"},
      {"ing-1996.aga.white-compensation", "the AGA variant gives White no points for Black's handicap stones"},
      {"ing-1996.aga.tie-white", "a handicap game's tie follows the tie rule of even games"},
      {"ing-1996.komi.reduced", "a handicap under 8 points is no smaller komi: White gives it as compensation points, and there is no komi"},
      {"ing-1996.handicap.over-8", "nothing is taken off a handicap over 8 points: the whole difference is compensation, in moves and points"},
      {"ing-1996.handicap.moves-per-8", "the compensation is paid in points only: no handicap moves"},
      {"ing-1996.time.pp-first-penalty", "exceeding the basic time costs nothing: only the steps at 1/6 and 2/6 BT charge their 2 points each"},
      {"ing-1996.time.pp-second-penalty", "nothing is charged at 1/6 BT: the 2 points for exceeding the basic time and the 2 at 2/6 BT remain"},
      {"ing-1996.time.pp-third-penalty", "nothing is charged at 2/6 BT: the 2 points for exceeding the basic time and the 2 at 1/6 BT remain"},
      {"ing-1996.time.pp-loss", "a player past 3/6 BT of additional time does not lose, unless both exceeded the basic time (then the first past 1/2 BT loses)"},
      {"ing-1996.time.pp-both-over-cancel", "when both exceed the basic time each keeps all his penalty points"},
      {"ing-1996.time.rs-loss", "an overrun byo-yomi period loses nothing"},
      {"ing-1996.penalties.lateness", "lateness is not doubled: the basic time runs from the start of the game, so lateness costs its own length"},
      {"ing-1996.errors.mistaken-ko-capture", "an illegal ko capture found later has no remedy in the text: the referee decides (line 193)"},
      {"ing-1996.tournament.record-final-pass", "passes at the end of the game are recorded beside the diagram like the others"},
      // Xiangqi: the AXF and CXA loop rules (queries/queries_xiangqi_loop.cpp, xiangqi_loop_rules).
      {"axf-1982.perpetual-check", "no row of the tables sanctions a perpetual check: a cycle in which one side checks perpetually ends nothing (play goes on), unless both sides check (Principle No. 2's draw)"},
      {"axf-1982.privilege.king-pawn", "a king or an uncrossed pawn chasing is a chase like any other"},
      {"axf-1982.privilege.rook", "a horse or cannon may chase a protected rook (the rook rule of 1983 gone)"},
      {"axf-1982.chase.exchange-offer", "an offer of exchange is an attack like any other"},
      {"axf-1982.chase.answering-check", "an attack uncovered while answering a check counts as a chase"},
      {"axf-1982.chase.new-attack", "a standing attack is never a new chase, even when its target loses its protection"},
      {"axf-1982.privilege.king-pawn.combined", "a king or pawn keeps its privilege even when another piece attacks the same target"},
      {"axf-1982.repetition.no-violation-draw", "a repetition in which neither side violates ends nothing: no draw is declared, play goes on"},
      {"axf-1982.chase.unprotected-forbidden", "a perpetual attack on an unprotected piece is no violation: only the rook rule makes an attack a chase"},
      {"axf-1982.chase.false-protection", "no false roots: a protector protects even when its recapture would be illegal (pinned, or taking back into check or the kings facing)"},
      {"axf-1982.chase.offer-with-chase", "an offer of exchange excuses the whole move: a move that offers an exchange chases nothing, whatever else it attacks"},
      {"axf-1982.chase.uncrossed-pawn", "a pawn that has not crossed the river is chased like any other piece"},
      {"cxa.perpetual-check", "no row of the tables sanctions a perpetual check: a cycle in which one side checks perpetually ends nothing (play goes on), unless the other checks or strikes too (line 145's draw)"},
      {"cxa.privilege.king-pawn", "a king or an uncrossed pawn chasing is a chase like any other"},
      {"cxa.perpetual-attack.forbidden", "winning material by force is no chase, and a cycle mixing strikes has no row of the tables: it ends nothing (play goes on)"},
      {"cxa.chase.material-gain-test", "an attack on a defended piece is no chase, whatever it wins by force"},
      {"cxa.one-chases-two", "a cycle of one piece striking two in turn has no row of the tables: it ends nothing (play goes on)"},
      {"cxa.privilege.king-pawn.combined", "a king or pawn keeps its privilege even when another piece attacks the same target"},
      {"cxa.repetition.no-violation-draw", "a repetition in which neither side violates ends nothing: no draw is declared, play goes on"},
      {"cxa.privilege.rook", "a horse or cannon chases a protected rook only when taking it wins material by force: the material-gain test alone decides, as for any protected piece"},
      // Jishogi: the point rules and the declaration (queries/shogi_rules.cpp), the procedure, the
      // try and the rating (queries/queries_shogi.cpp, queries_shogi_board.cpp).
      {"jishogi.points.rook-bishop-5", "a rook or bishop counts one point, as every other piece but the king"},
      {"jishogi.declaration.on-own-turn", "either side may declare at any moment, out of turn too"},
      {"jishogi.declaration.cond1-king-in-camp", "a declaration needs no king in the enemy camp"},
      {"jishogi.declaration.cond2-points", "a declaration needs no number of points"},
      {"jishogi.declaration.cond3-count-scope", "condition 2 counts every piece of the declarer, wherever it stands on the board and in hand"},
      {"jishogi.declaration.cond4-ten-pieces", "a declaration needs no number of pieces in the enemy camp"},
      {"jishogi.declaration.cond6-not-in-check", "a declarer in check may declare"},
      {"jishogi.points27.tie-27-gote-wins", "27 points each is decided by nothing"},
      {"jishogi.points27.below-27-loses", "a side below 27 points does not lose"},
      {"jishogi.points24.claim-below-24", "a side below 24 points does not lose"},
      {"jishogi.points24.draw-both-24", "two sides at 24 points or more do not draw"},
      {"jishogi.points24.replay", "a drawn impasse is not replayed"},
      {"jishogi.points24.replay-swap", "a replayed game keeps the order of moves"},
      {"jishogi.try.win", "a try wins nothing"},
      {"jishogi.try.replaces-jishogi", "the try is added beside the point adjudication, which stays: the impasse rule of the rules it is added to decides (for jishogi-try, the 24-point rule with its replay)"},
      {"jishogi.fesa.replayed-rated-draw", "nothing regulates how FESA rates a replayed game"},
      // Renju (queries/renju_rules.cpp).
      {"rif-renju.foul.black-double-three", "a double three is no foul for Black"},
      {"rif-renju.foul.black-double-four", "a double four is no foul for Black"},
      {"rif-renju.overline.black-foul", "Black's overline is no foul (and, a five being exactly five stones, no win)"},
      {"rif-renju.overline.white-wins-basic", "White's overline wins nothing"},
      {"rif-renju.result.five-with-foul", "a five made together with a foul does not take precedence: the foul stands too (the literal reading)"},
      {"rif-renju.foul.consequence", "a foul is only forbidden (line 30): the move is refused, not lost"},
      {"rif-renju.opening.tengen", "Black's first move may be on any point"},
      {"rif-renju.pass.not-before-sixth-stone", "a pass is legal at any time"},
      {"rif-renju.pass.two-consecutive-draw", "passes never end the game"},
      {"rif-renju.pass.permitted", "no pass is legal: a move places a stone (line 29), and line 32's later sentences only restrict passes and end the game on them"},
      {"rif-renju.pass.sixth-is-third-white", "the sixth stone is the sixth to appear: under the old RIF opening the second fifth-move proposal is it, so White may pass instead of move 6"},
      {"rif-renju.result.five-wins", "a five wins nothing and the game goes on (White's overline still wins, line 30); a five made with a foul no longer exempts it"},
      {"rif-renju.result.draw-by-agreement", "the players cannot agree a draw: an agreement ends nothing and the game goes on"},
      {"rif-renju.result.no-five-possible-draw", "a game in which neither side can make a five any more, a full board included, goes on (to two passes)"},
      {"rif-renju.opening.second-move-adjacent", "White's first stone (move 2) may go on any empty point"},
      {"rif-renju.opening.third-move-5x5", "Black's second stone (move 3) may go on any empty point"},
      {"rif-renju.opening.rif-old.two-fifth-proposals", "under the old RIF opening Black plays one fifth move like any other: no two proposals are offered or judged"},
      // Line 25's clock (queries/queries_renju.cpp, clock_query).
      {"rif-renju.timing.flag-loss", "a fallen flag loses nothing: the clock only measures the time"},
      {"rif-renju.timing.usual-minimum", "tournaments have no usual minimum thinking time: every time control meets the norm"},
      {"rif-renju.timing.title-minimum", "title tournaments have no norm of their own: the usual one (90 minutes) applies"},
      {"rif-renju.timing.fischer", "no Fischer control: a move adds no time to the clock"},
      // The related games (lines 111-116): each ruleset resting on a line falls back to its base.
      {"rif-renju.related.no-fouls", "the related games keep renju's fouls for Black, their base rif-renju's (3x3, 4x4, the multi-fork, and the overline where it does not win); this reaches the engine rulesets gomocup-standard (gomoku-15 itself) and gomocup-freestyle (built on it: the fork fouls)"},
      {"rif-renju.related.gomoku-overline", "gomoku keeps renju's overline rule less the foul: White's overline wins (line 30), Black's stays nothing; this reaches the engine ruleset gomocup-standard (gomoku-15 itself)"},
      {"rif-renju.related.gomoku-board-sizes", "gomoku is played on renju's 15x15 board only: gomoku-19 falls back to 15x15"},
      {"rif-renju.related.free-renju", "free renju is its base gomoku-15: the first move anywhere, no rule on the third"},
      {"rif-renju.related.gomoku-swap", "gomoku swap is its base gomoku-15, with no opening procedure; swap2, written as swap with one more option, has none either"},
      {"rif-renju.related.gomoku-swap2", "gomoku swap2 is its base gomoku swap: the second player only chooses a colour, he cannot add two stones"},
  };
  return switches;
}

const ClauseSwitch* find_clause_switch(std::string_view clause) {
  const auto& all = clause_switches();
  const auto it = std::find_if(all.begin(), all.end(), [&](const ClauseSwitch& s) { return s.clause == clause; });
  return it == all.end() ? nullptr : &*it;
}

bool clause_applies(const Ruleset& rs, std::string_view clause) {
  if (!find_clause_switch(clause)) throw std::logic_error("clause_applies: " + std::string(clause) + " is not a registered switch");
  return rs.applies(clause);
}

}  // namespace rulespec
