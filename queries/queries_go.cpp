// Board-free Go queries: Ing ranks and handicaps, fill-in counting on counts, time penalties.
#include <cmath>

#include "queries/decision_tables.hpp"
#include "queries/go_answers.hpp"
#include "queries/query.hpp"
#include "queries/switches.hpp"
#include "model/go/counting.hpp"
#include "model/go/ending.hpp"
#include "model/go/ending_table.hpp"
#include "model/go/ranks.hpp"
#include "model/go/record.hpp"
#include "model/go/timing.hpp"

namespace rulespec {
namespace {

go::IngRank rank_field(const Value& v) {
  const std::string& text = v.as_string("rank");
  auto r = go::parse_ing_rank(text);
  if (!r) throw QueryError("bad-rank", "'" + text + "' is not an Ing rank (1-9 chi, tuan or pin)", v.pos());
  return *r;
}

// The komi of an even game, which Ing's laws also use as the value of one handicap move.
int even_komi(const Ruleset& rs) {
  // Without line 132 an even game has no komi.
  const double komi = rs.codex == "ing-1996" && !clause_applies(rs, "ing-1996.komi.even-game") ? 0.0 : rs.number_param("komi");
  if (komi != std::floor(komi))
    throw QueryError("fractional-komi", "ruleset " + rs.id + " has komi " + std::to_string(komi) +
                                            ": Ing arithmetic needs whole points");
  return static_cast<int>(komi);
}

// The points one handicap move is worth (and the komi/handicap threshold).
int move_points(const Ruleset& rs) {
  return rs.has_param("handicap_move_points") ? static_cast<int>(rs.int_param("handicap_move_points")) : even_komi(rs);
}

Value rank_query(QueryRequest& q) {
  auto r = rank_field(q.fields.required("rank"));
  Value out = Value::map();
  out.set("rank", Value::string(r.str()));
  out.set("strength", Value::integer(go::strength_points(r)));
  return out;
}

Value handicap_query(QueryRequest& q) {
  const Value& ranks = q.fields.required("ranks");
  const auto& list = ranks.as_list("ranks");
  if (list.size() != 2) throw InputError(ranks.pos(), "ranks: expected two ranks");
  auto a = rank_field(list[0]), b = rank_field(list[1]);
  // The higher rank always takes White.
  const bool a_white = go::strength_points(a) >= go::strength_points(b);
  const auto& white = a_white ? a : b;
  const auto& black = a_white ? b : a;
  const Ruleset& rs = *q.ruleset;
  const int komi = even_komi(rs), move = move_points(rs);
  const go::HandicapRules rules = ing_handicap_rules(rs);
  auto t = go::handicap_terms(white, black, move, komi, {}, rules);
  // The summary (line 44) reads the remainder as a komi to White together with handicap stones.
  if (reading_flag(q, "ing-1996.summary.komi-with-handicap-stones", "white-komi-with-stones", "reverse-komi", false))
    t = go::handicap_terms_white_komi(white, black, move, komi, {}, rules);
  Value out = Value::map();
  out.set("white", Value::string(white.str()));
  out.set("black", Value::string(black.str()));
  out.set("difference", Value::integer(t.difference));
  out.set("komi", Value::integer(t.komi));
  out.set("handicap_moves", Value::integer(t.handicap_moves));
  out.set("reverse_komi", Value::integer(t.reverse_komi));
  out.set("white_passes", Value::integer(t.handicap_moves));
  return out;
}

}  // namespace

go::HandicapRules ing_handicap_rules(const Ruleset& rs) {
  // Lines 149-151, each without its sentence: a handicap under one move is compensation like a
  // larger one (no smaller komi); nothing is taken off a larger one; the compensation is paid in
  // points only.
  go::HandicapRules rules;
  if (rs.codex == "ing-1996") {
    rules.reduced_komi = clause_applies(rs, "ing-1996.komi.reduced");
    rules.first_move_deducted = clause_applies(rs, "ing-1996.handicap.over-8");
    rules.paid_in_moves = clause_applies(rs, "ing-1996.handicap.moves-per-8");
  }
  return rules;
}

go::PenaltyPointRules ing_pp_rules(const Ruleset& rs) {
  go::PenaltyPointRules r;
  r.second_step_at_threshold = rs.reading_choice<bool>("ing-1996.time.pp-second-penalty", {{"at-threshold", true}, {"beyond-threshold", false}}, true);
  r.third_step_at_threshold = rs.reading_choice<bool>("ing-1996.time.pp-third-penalty", {{"at-threshold", true}, {"beyond-threshold", false}}, true);
  // Line 158, each rule without its sentence: no 2 points on exceeding the basic time, none at
  // 1/6 or at 2/6 BT (the other steps keep their own), no loss of one player past 3/6 BT, and no
  // cancelling of equal penalties when both exceed.
  if (rs.codex == "ing-1996") {
    r.first_step = clause_applies(rs, "ing-1996.time.pp-first-penalty");
    r.second_step = clause_applies(rs, "ing-1996.time.pp-second-penalty");
    r.third_step = clause_applies(rs, "ing-1996.time.pp-third-penalty");
    r.loss = clause_applies(rs, "ing-1996.time.pp-loss");
    r.both_over_cancel = clause_applies(rs, "ing-1996.time.pp-both-over-cancel");
  }
  return r;
}

int ing_lateness_factor(const Ruleset& rs) {
  // Without line 166's doubling the basic time still runs from the start of the game (line 156):
  // the lateness costs its own length once.
  return rs.codex == "ing-1996" && !clause_applies(rs, "ing-1996.penalties.lateness") ? 1 : 2;
}

int ing_even_komi(const Ruleset& rs) { return even_komi(rs); }
int ing_move_points(const Ruleset& rs) { return move_points(rs); }

int aga_compensated_stones(const Ruleset& rs, int handicap) {
  if (handicap <= 0 || !rs.has_param("handicap_compensation")) return 0;
  if (rs.codex == "ing-1996" && !clause_applies(rs, "ing-1996.aga.white-compensation")) return 0;
  if (rs.is("handicap_compensation", "n-minus-1")) return handicap - 1;
  if (!rs.is("handicap_compensation", "aga")) return 0;
  return handicap + (rs.reading_choice<bool>("ing-1996.aga.compensation-points",
                                             {{"ing-handicap-moves", false}, {"stones-before-white", true}}, false) ? 1 : 0);
}

std::string ing_count_variant(const Ruleset& rs) { return rs.is("handicap_tie", "white-wins") ? "aga" : "ing"; }

std::string ing_count_award(const Spec& spec, const Ruleset& rs, const std::string& black_left, const std::string& white_left,
                            bool stones_fit, bool handicap_game) {
  const rules::CompiledTable table = compile_table(spec, rs, "ing-1996.decisions.count");
  const auto d = rules::decide(table,
                               {{"black-left", {black_left, 0}},
                                {"white-left", {white_left, 0}},
                                {"stones-fit", {stones_fit ? "yes" : "no", 0}},
                                {"counting", {ing_count_variant(rs), 0}},
                                {"game", {handicap_game ? "handicap" : "even", 0}}});
  // The table has two tie rules for handicap games: line 113's, which a ruleset may set (param
  // tie), and line 127's White. A third (handicap_tie set apart from tie) has no row to execute
  // it: said where it would decide, a tied handicap game.
  auto winner = [&](const char* param) {
    return rs.choice<std::string>(param, {{"black-wins", "black-wins"}, {"white-wins", "white-wins"}, {"draw", "draw"}});
  };
  if (handicap_game && black_left == "nothing" && white_left == "nothing" && rs.has_param("handicap_tie") && rs.has_param("tie") &&
      !rs.is("handicap_tie", "white-wins") && winner("handicap_tie") != winner("tie"))
    throw QueryError("unexecuted-setting", "ruleset " + rs.id + " sets handicap_tie " + winner("handicap_tie") + " apart from tie " +
                                               winner("tie") + ": the count's table (ing-1996.decisions.count) has no row for a tied handicap game under it");
  if (d.verdict == rules::TableVerdict::Undecided) return "undecided";
  if (d.verdict == rules::TableVerdict::Conflicting) return "conflicting";
  return d.outcome == "black-wins" ? "B" : d.outcome == "white-wins" ? "W" : d.outcome;
}

Value fill_in_answer(const Spec& spec, const Ruleset& rs, const go::FinalCounts& counts, int handicap, bool reduced_komi) {
  // Without line 110 (compensation stones) or 111 (penalty stones) the count has none of them.
  go::FinalCounts c = counts;
  const bool ing = rs.codex == "ing-1996";
  if (ing && !clause_applies(rs, "ing-1996.counting.compensation-stones")) c.komi = 0, c.aga_handicap = 0;
  if (ing && !clause_applies(rs, "ing-1996.counting.penalty-stones")) c.black_penalty = c.white_penalty = 0;
  const auto d = go::ing_direct_count(c);
  const double direct_margin = d.margin();
  const int direct_sign = direct_margin > 0 ? 1 : direct_margin < 0 ? -1 : 0;
  // A tie in a handicap game follows its own rule where the ruleset has one (AGA: White).
  const bool handicap_game =
      handicap > 0 || (reduced_komi && rs.reading_choice<bool>("ing-1996.aga.tie-white",
                                                               {{"any-handicap-game", true}, {"handicap-stones-only", false}}, false));
  // Under Ing's laws the table of the count decides, from what each player has left: winning
  // points for the one ahead, losing stones for the one behind (line 113), read off the fill-in
  // or, where the count goes by the direct difference or cannot place its stones, off its sign.
  auto by_table = [&](int sign, const std::string& winner_left, const std::string& loser_left, bool fits) {
    return ing_count_award(spec, rs, sign > 0 ? winner_left : sign < 0 ? loser_left : "nothing",
                           sign < 0 ? winner_left : sign > 0 ? loser_left : "nothing", fits, handicap_game);
  };
  auto award = [&](int sign) -> std::string {
    if (ing) return by_table(sign, "winning-points", "nothing", true);
    if (sign != 0) return sign > 0 ? "B" : "W";
    const char* rule = handicap_game && rs.has_param("handicap_tie") ? "handicap_tie" : "tie";
    if (!rs.has_param(rule)) return "draw";
    return rs.choice<std::string>(rule, {{"black-wins", "B"}, {"white-wins", "W"}, {"draw", "draw"}});
  };
  Value out = Value::map();
  // Counting by the direct difference of areas (param counting: direct) instead of the fill-in
  // procedure of lines 104-115: the result is the one the fill-in would show when it runs through
  // (property ing.fill-in-equals-direct-count), and there is one when it cannot.
  if (rs.has_param("counting") && rs.choice<bool>("counting", {{"direct", true}, {"fill-in", false}})) {
    out.set("status", Value::string("counted-directly"));
    out.set("winner", Value::string(award(direct_sign)));
    out.set("on_board", Value::string(direct_sign > 0 ? "B" : direct_sign < 0 ? "W" : "tie"));
    out.set("margin", Value::number(std::abs(direct_margin)));
    out.set("direct_margin", Value::number(direct_margin));
    return out;
  }
  const auto r = go::ing_fill_in(c);
  out.set("status", Value::string(go::to_string(r.status)));
  if (!r.detail.empty()) out.set("detail", Value::string(r.detail));
  if (r.status == go::FillInStatus::Done) {
    std::string winner = r.winner > 0 ? "B" : r.winner < 0 ? "W" : "tie";
    out.set("winner", Value::string(ing ? by_table(r.winner, r.winning_points > 0 ? "winning-points" : "nothing",
                                                   r.losing_stones > 0 ? "losing-stones" : "nothing", true)
                                        : award(r.winner)));
    out.set("on_board", Value::string(winner));
    out.set("margin", Value::integer(r.margin));
    out.set("winning_points", Value::integer(r.winning_points));
    out.set("losing_stones", Value::integer(r.losing_stones));
    out.set("free_point_in_seki", Value::boolean(r.free_point_in_seki));
    out.set("empty_points", Value::integer(r.empty_points_at_end));
  }
  // Stones that find no room (lines 111, 113): the procedure has no step for them, and the table
  // no row (F-ing-1996-no-room-for-compensation); a row an amendment adds decides, by what the
  // direct count says each side would have left.
  if (ing && r.status == go::FillInStatus::NoRoomForCompensation) {
    const std::string winner = by_table(direct_sign, "winning-points", "losing-stones", false);
    if (winner != "undecided") out.set("winner", Value::string(winner));
  }
  out.set("direct_margin", Value::number(d.margin()));
  return out;
}

namespace {

Value fill_in_query(QueryRequest& q) {
  const Ruleset& rs = *q.ruleset;
  go::FinalCounts c;
  auto& f = q.fields;
  const Value& points = f.required("points");
  c.points = int_field(f, "points", 1, 361);
  if (c.points != 81 && c.points != 121 && c.points != 169 && c.points != 225 && c.points != 289 && c.points != 361)
    throw InputError(points.pos(), "points: " + std::to_string(c.points) + " is not an Ing board (9x9, 11x11, ... 19x19)");
  c.stones_per_player = optional_int_field(f, "stones_per_player", go::bowl_stones_for(c.points), 0, 400);
  c.black_stones = int_field(f, "black_stones", 0, 361);
  c.white_stones = int_field(f, "white_stones", 0, 361);
  c.black_territory = int_field(f, "black_territory", 0, 361);
  c.white_territory = int_field(f, "white_territory", 0, 361);
  c.seki_points = optional_int_field(f, "seki_points", 0, 0, 361);
  c.komi = f.node().find("komi") ? int_field(f, "komi", -400, 400) : even_komi(rs);
  describe_field(f, "komi", "integer", "-400..400", "the ruleset's even-game komi", true);
  const bool reduced_komi = c.komi != even_komi(rs);
  c.black_penalty = optional_int_field(f, "black_penalty", 0, 0, 400);
  c.white_penalty = optional_int_field(f, "white_penalty", 0, 0, 400);
  const int handicap = optional_int_field(f, "handicap_stones", 0, 0, 361);
  c.aga_handicap = aga_compensated_stones(rs, handicap);
  return fill_in_answer(q.spec, rs, c, handicap, reduced_komi);
}

go::PenaltyPointRules pp_rules(const QueryRequest& q) { return q.ruleset ? ing_pp_rules(*q.ruleset) : go::PenaltyPointRules{}; }

Value overtime_query(QueryRequest& q) {
  auto& f = q.fields;
  const long bt = int_field(f, "basic_time", 1, 1000000);
  const auto rules = pp_rules(q);
  Value out = Value::map();
  if (f.node().find("overtime")) {
    const auto v = go::pp_overtime(bt, int_field(f, "overtime", 0, 10000000), rules);
    out.set("penalty_points", Value::integer(v.penalty_points));
    out.set("penalty_stones", Value::integer(v.penalty_points / 2));
    out.set("loses_on_time", Value::boolean(v.loses_on_time));
    return out;
  }
  const int bo = int_field(f, "black_overtime", 0, 10000000), wo = int_field(f, "white_overtime", 0, 10000000);
  const Value* first = f.optional("first_to_exceed");
  const int first_side = first ? (one_of(*first, {"B", "W"}, "first_to_exceed") == "B" ? +1 : -1) : 0;
  const auto both = go::pp_both(bt, bo, wo, first_side, rules);
  if (both.loser == 0 && go::pp_past_extra_time(bt, bo, rules) && go::pp_past_extra_time(bt, wo, rules))
    throw QueryError("needs-first-to-exceed",
                     "both players are past the additional time: say who passed it first (first_to_exceed: B or W)");
  out.set("black_penalty", Value::integer(both.black_penalty));
  out.set("white_penalty", Value::integer(both.white_penalty));
  out.set("loser", Value::string(both.loser > 0 ? "B" : both.loser < 0 ? "W" : "none"));
  return out;
}

Value byoyomi_query(QueryRequest& q) {
  const long period = int_field(q.fields, "period", 1, 3600);
  const int moves = int_field(q.fields, "moves_per_period", 1, 100);
  std::vector<long> times;
  for (const Value& v : q.fields.required("move_seconds").as_list("move_seconds")) times.push_back(int_item(v, "seconds", 0, 86400));
  const int overrun = go::byoyomi_overrun(period, moves, times);
  long total = 0;
  for (long t : times) total += t;
  // Without line 159's last sentence an overrun period loses nothing: the byo-yomi's total being
  // unlimited (the same line), no time runs out for line 174's loss either.
  const bool overrun_loses = !(q.ruleset && q.ruleset->codex == "ing-1996" && !clause_applies(*q.ruleset, "ing-1996.time.rs-loss"));
  Value out = Value::map();
  out.set("loses", Value::boolean(overrun > 0 && overrun_loses));
  if (overrun) out.set("at_move", Value::integer(overrun));
  out.set("total_seconds", Value::integer(total));
  return out;
}

Value record_query(QueryRequest& q) {
  const int handicap = optional_int_field(q.fields, "handicap", 0, 0, 361);
  std::vector<bool> moves;
  for (const Value& v : q.fields.required("moves").as_list("moves")) moves.push_back(one_of(v, {"move", "pass"}, "move") == "move");
  // Without line 194's sentence on the final pass, trailing passes are recorded like the others.
  const bool final_passes_unrecorded =
      !(q.ruleset && q.ruleset->codex == "ing-1996" && !clause_applies(*q.ruleset, "ing-1996.tournament.record-final-pass"));
  const auto r = go::ing_record(handicap, moves, final_passes_unrecorded);
  Value diagram = Value::list(), beside = Value::list();
  for (const auto& e : r.entries) (e.beside_diagram ? beside : diagram).push(Value::string(std::string(1, e.colour) + std::to_string(e.number)));
  Value out = Value::map();
  out.set("diagram", diagram);
  out.set("beside_diagram", beside);
  out.set("unrecorded_passes", Value::integer(r.unrecorded_passes));
  out.set("consistent", Value::boolean(go::record_consistent(r)));
  return out;
}

Value lateness_query(QueryRequest& q) {
  auto& f = q.fields;
  const long bt = int_field(f, "basic_time", 1, 1000000);
  // "Half of the time limit": of the basic time, or of basic plus PP additional time (BT/2).
  const bool total = reading_flag(q, "ing-1996.penalties.lateness-no-show", "half-total-limit", "half-basic-time", false);
  const auto v = go::lateness(bt, int_field(f, "late_by", 0, 1000000), ing_lateness_factor(*q.ruleset), total ? bt + bt / 2 : bt);
  Value out = Value::map();
  out.set("basic_time_left", Value::integer(v.basic_time_left));
  out.set("forfeit", Value::boolean(v.forfeit));
  return out;
}

Value bowl_query(QueryRequest& q) {
  const int size = int_field(q.fields, "size", 2, 25);
  Value out = Value::map();
  out.set("points", Value::integer(size * size));
  out.set("stones_per_player", Value::integer(go::bowl_stones_for(size * size)));
  out.set("half_the_points", Value::number(size * size / 2.0));
  // The standard Ing bowl's counting block: 36 sockets of 5 stones (lines 65-67).
  out.set("count_block", Value::integer(36 * 5));
  return out;
}

}  // namespace

// The end-of-game procedure a ruleset prescribes: Ing stops after two passes and ends after
// agreement and two more (or a play-out); the 1985 Codex ends the main part after end_passes.
go::EndingRules go_ending_rules(const Ruleset& rs) {
  go::EndingRules r;
  if (rs.codex != "ing-1996") {
    // The same switches as go_rules (queries_goboard.cpp): the passes of Art. 11 §2, the right to
    // pass (Art. 5 §3) and the finishing stage, each gone without its clause.
    r.stop_passes = codex1985_main_part_passes(rs);
    r.stop_is_end = true;
    r.turns_can_be_lost = true;
    r.passes_allowed = clause_applies(rs, "ru-go-1985.art5.p3");
    r.finishing_moves = clause_applies(rs, "ru-go-1985.art11.p2.finishing");
    return r;
  }
  const int end_passes = static_cast<int>(rs.int_param("end_passes"));
  r.stop_passes = 2;
  r.final_passes = end_passes - r.stop_passes;
  r.play_out_ends_on_passes = rs.reading_choice<bool>("ing-1996.end.after-play-out-passes", {{"two-passes-end", true}, {"restart-stop-procedure", false}}, true);
  // The same switches as go_rules (queries_goboard.cpp): each pass rule without its line is gone.
  if (!clause_applies(rs, "ing-1996.end.stop-two-passes")) r.stop_passes = end_passes, r.final_passes = 0;
  if (!clause_applies(rs, "ing-1996.end.four-passes")) r.final_passes = kNeverEnds;
  if (!clause_applies(rs, "ing-1996.end.after-play-out-passes")) r.play_out_ends_on_passes = false;
  // Without line 95's sign, two stones placed at once resign nothing, and a move places one stone.
  r.two_stones_resign = clause_applies(rs, "ing-1996.result.resign-signal");
  r.claim_after_end = rs.reading_choice<go::EndingRules::Claim>(
      "ing-1996.end.claims-after-fourth-pass",
      {{"final-position-stands", go::EndingRules::Claim::Rejected},
       {"claim-reopens-play-out", go::EndingRules::Claim::ReopensPlayOut},
       {"status-by-hypothetical-play-out", go::EndingRules::Claim::AdjudicatedAtCount}},
      go::EndingRules::Claim::Rejected);
  return r;
}

namespace {

Value game_end_query(QueryRequest& q) {
  const Value& list = q.fields.required("events");
  std::vector<go::EndEvent> events;
  for (const Value& v : list.as_list("events")) {
    const auto e = go::parse_end_event(one_of(v, {"move", "pass", "agree", "dispute", "claim", "resign", "two-stones", "turn-lost", "neutral-move", "mistaken-pass"}, "event"));
    if (!e) throw std::logic_error("end-of-game event list out of step with the model");
    events.push_back(*e);
  }
  Value out = Value::map();
  if (q.ruleset->codex == "ing-1996") {
    // Ing's procedure is the table ing-1996.decisions.end-of-play (lines 95-100), event by event.
    const auto run = go::run_ending_by_table(events, compile_table(q.spec, *q.ruleset, "ing-1996.decisions.end-of-play"), go_ending_rules(*q.ruleset));
    if (!run.conflict.empty())
      throw QueryError("table-conflict", "ing-1996.decisions.end-of-play cannot answer event " + std::to_string(run.rejected_at + 1) + " (" +
                                             go::to_string(events[run.rejected_at]) + "): " + run.conflict);
    if (!run.end) {
      out.set("rejected", Value::integer(static_cast<std::int64_t>(run.rejected_at) + 1));
      out.set("event", Value::string(go::to_string(events[run.rejected_at])));
      // Where the procedure stood: the events before the refused one, run alone.
      const std::vector<go::EndEvent> before(events.begin(), events.begin() + static_cast<std::ptrdiff_t>(run.rejected_at));
      const auto prior = go::run_ending_by_table(before, compile_table(q.spec, *q.ruleset, "ing-1996.decisions.end-of-play"), go_ending_rules(*q.ruleset));
      const std::string state = prior.end ? prior.end->state : std::string("playing");
      out.set("in_state", Value::string(state));
      out.set("why", Value::string("the procedure (ing-1996.decisions.end-of-play, lines 95-100) takes no " + std::string(go::to_string(events[run.rejected_at])) +
                                   " in state " + state));
      return out;
    }
    out.set("phase", Value::string(go::phase_of_table_state(run.end->state)));
    out.set("state", Value::string(run.end->state));
    out.set("consecutive_passes", Value::integer(run.end->consecutive_passes));
    out.set("total_passes", Value::integer(run.end->total_passes));
    if (run.end->claim_adjudicated) out.set("claim", Value::string("adjudicated-at-count"));
    if (!run.end->row.empty()) out.set("row", Value::string(run.end->row));
    return out;
  }
  size_t rejected = 0;
  const auto s = go::run_ending(events, go_ending_rules(*q.ruleset), &rejected);
  if (!s) {
    out.set("rejected", Value::integer(static_cast<std::int64_t>(rejected) + 1));
    out.set("event", Value::string(go::to_string(events[rejected])));
    const std::vector<go::EndEvent> before(events.begin(), events.begin() + static_cast<std::ptrdiff_t>(rejected));
    const auto prior = go::run_ending(before, go_ending_rules(*q.ruleset));
    const std::string phase = prior ? go::to_string(prior->phase) : "playing";
    out.set("in_phase", Value::string(phase));
    out.set("why", Value::string("the procedure (ru-go-1985.art11.p2, Art. 11) takes no " + std::string(go::to_string(events[rejected])) + " in phase " + phase));
    return out;
  }
  out.set("phase", Value::string(go::to_string(s->phase)));
  out.set("consecutive_passes", Value::integer(s->consecutive_passes));
  out.set("total_passes", Value::integer(s->total_passes));
  if (s->claim_adjudicated) out.set("claim", Value::string("adjudicated-at-count"));
  return out;
}

}  // namespace

void register_go_queries(std::vector<QueryInfo>& out) {
  out.push_back({"go", "ing-rank", "strength of an Ing rank in points above 9 chi", false, rank_query});
  out.push_back({"go", "ing-handicap", "komi / handicap moves / reverse komi between two Ing ranks", true, handicap_query});
  out.push_back({"go", "ing-fill-in", "Ing fill-in counting on final counts, beside the direct area count", true, fill_in_query});
  out.push_back({"go", "ing-overtime", "PP penalty points for overtime (one player or both)", true, overtime_query});
  out.push_back({"go", "ing-byoyomi", "RS byo-yomi: which move, if any, overran its period", false, byoyomi_query});
  out.push_back({"go", "ing-record", "the recorder's numbering of a game under the Ing laws", false, record_query});
  out.push_back({"go", "ing-lateness", "basic time left after lateness, and whether it is a no-show", true, lateness_query});
  out.push_back({"go", "game-end", "phase of the end-of-game procedure after a sequence of events (move, pass, agree, dispute, claim, resign, two-stones, turn-lost, neutral-move, mistaken-pass); under Ing also the state and deciding row of the table end-of-play", true, game_end_query});
  out.push_back({"go", "ing-bowl", "stones per bowl for a board size under the Ing bowl rule", false, bowl_query});
}

}  // namespace rulespec
