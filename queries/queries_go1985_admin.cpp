// Queries for the 1985 Codex's rulings that need no board (irregularities, time, competitions).
#include "queries/query.hpp"
#include "queries/switches.hpp"
#include "model/go/administration.hpp"
#include "model/tournament/teams.hpp"

namespace rulespec {
namespace {

namespace c85 = go::codex1985;

// These rulings exist only in the 1985 Codex; other rulesets are told so.
void require_codex(const QueryRequest& q) {
  if (q.ruleset->codex != "ru-go-1985")
    throw QueryError("not-in-codex", "ruleset " + q.ruleset->id + " has no such ruling (1985 Codex only)");
}

Value lateness_query(QueryRequest& q) {
  require_codex(q);
  const int b = int_field(q.fields, "black_minutes", 0, 100000), w = int_field(q.fields, "white_minutes", 0, 100000);
  const bool bl = c85::lateness_loses(b), wl = c85::lateness_loses(w);
  Value out = Value::map();
  out.set("black_loses", Value::boolean(bl));
  out.set("white_loses", Value::boolean(wl));
  out.set("record", Value::string(bl && wl ? "-/-" : bl ? "-/+" : wl ? "+/-" : "play"));
  return out;
}

Value protest_query(QueryRequest& q) {
  require_codex(q);
  Value out = Value::map();
  out.set("admissible", Value::boolean(c85::protest_in_time(int_field(q.fields, "minutes_after", 0, 100000))));
  return out;
}

Value irregularity_query(QueryRequest& q) {
  require_codex(q);
  const std::string kind = one_of(q.fields.required("kind"), {"ko-error", "setup-error", "orientation"}, "kind");
  const int moves = int_field(q.fields, "moves", 0, 1000);
  std::string remedy;
  if (kind == "ko-error") remedy = clause_applies(*q.ruleset, "ru-go-1985.art14.p4") && c85::ko_error_annulled(moves) ? "annul" : "continue";
  else if (kind == "setup-error") remedy = c85::setup_error_restarts(moves) ? "restart" : "continue";
  else remedy = c85::orientation_corrected(moves) ? "reorient" : "continue";
  Value out = Value::map();
  out.set("remedy", Value::string(remedy));
  return out;
}

Value clock_query(QueryRequest& q) {
  require_codex(q);
  auto& f = q.fields;
  const int black = int_field(f, "black_left", 0, 100000), white = int_field(f, "white_left", 0, 100000);
  const int error = int_field(f, "error", -100000, 100000);
  const int bd = int_field(f, "black_moves_due", 0, 1000), wd = int_field(f, "white_moves_due", 0, 1000);
  const std::string culprit = one_of(f.required("culprit"), {"black", "white", "unknown"}, "culprit");
  c85::ClockCorrection c{black, white};
  if (culprit == "black") c.black_left = c85::correct_known(black, error, bd);
  else if (culprit == "white") c.white_left = c85::correct_known(white, error, wd);
  else c = c85::correct_unknown(black, white, error, bd, wd);
  Value out = Value::map();
  out.set("black_left", Value::integer(c.black_left));
  out.set("white_left", Value::integer(c.white_left));
  return out;
}

Value withdrawal_query(QueryRequest& q) {
  require_codex(q);
  const int played = int_field(q.fields, "played", 0, 1000), scheduled = int_field(q.fields, "scheduled", 1, 1000);
  Value out = Value::map();
  out.set("treatment", Value::string(c85::withdrawal(played, scheduled) == c85::Withdrawal::ResultsStandUnranked
                                         ? "results-stand-unranked"
                                         : "rest-forfeited-ranked"));
  return out;
}

Value judges_query(QueryRequest& q) {
  require_codex(q);
  const int pairs = int_field(q.fields, "pairs", 1, 10000);
  const std::string cat = one_of(q.fields.required("category"), {"all-union-individual", "team-or-republic", "regional", "other"},
                                 "category");
  const auto c = cat == "all-union-individual" ? c85::Category::AllUnionIndividual
                 : cat == "team-or-republic"   ? c85::Category::TeamOrRepublic
                 : cat == "regional"           ? c85::Category::Regional
                                               : c85::Category::Other;
  Value out = Value::map();
  out.set("judges", Value::integer(c85::judges_needed(pairs, c)));
  out.set("pairs_per_judge", Value::integer(c85::pairs_per_judge(c)));
  return out;
}

Value quorum_query(QueryRequest& q) {
  require_codex(q);
  const int present = int_field(q.fields, "present", 0, 1000), main = int_field(q.fields, "main_lineup", 1, 1000);
  Value out = Value::map();
  out.set("removed", Value::boolean(c85::team_removed(present, main)));
  out.set("penalty_per_unregistered", Value::integer(c85::unregistered_penalty(main)));
  return out;
}

Value collective_rank_query(QueryRequest& q) {
  require_codex(q);
  std::vector<int> ranks;
  for (const Value& v : q.fields.required("ranks").as_list("ranks")) ranks.push_back(int_item(v, "rank", 1, 40));
  if (ranks.empty()) throw InputError(q.fields.node().pos(), "ranks: at least one member");
  Value out = Value::map();
  out.set("rank", Value::integer(c85::collective_rank(ranks, reading_flag(q, "ru-go-1985.ch2.art6.p8", "nearest", "integer-part", false))));
  return out;
}

Value level_query(QueryRequest& q) {
  require_codex(q);
  c85::LevelState s{int_field(q.fields, "start_level", -100, 100), 0};
  std::vector<bool> wins;
  const Value& results = q.fields.required("results");
  for (char c : results.as_string("results")) {
    if (c != 'W' && c != 'L') throw InputError(results.pos(), "results: a string of W and L");
    wins.push_back(c == 'W');
  }
  const auto end = c85::level_after(s, wins);
  Value out = Value::map();
  out.set("level", Value::integer(end.level));
  out.set("minus", Value::integer(end.minus));
  return out;
}

Value resumption_query(QueryRequest& q) {
  require_codex(q);
  Value out = Value::map();
  out.set("resumption_allowed", Value::boolean(c85::resumption_allowed(int_field(q.fields, "minutes_left", 0, 100000))));
  if (q.fields.node().find("black_to_control"))
    out.set("interruption_allowed", Value::boolean(c85::interruption_allowed(int_field(q.fields, "black_to_control", 0, 100000),
                                                                             int_field(q.fields, "white_to_control", 0, 100000))));
  return out;
}

Value byoyomi_expiry_query(QueryRequest& q) {
  require_codex(q);
  const long banked = int_field(q.fields, "banked_seconds", 0, 100000);
  Value out = Value::map();
  out.set("under_a", Value::string(c85::to_string(c85::expiry_under_a(banked))));
  out.set("under_b", Value::string(c85::to_string(c85::expiry_under_b(banked))));
  return out;
}

Value early_adjournment_query(QueryRequest& q) {
  require_codex(q);
  const bool system_one = one_of(q.fields.required("system"), {"I", "II"}, "system") == "I";
  const bool made = optional_bool_field(q.fields, "control_moves_made", false);
  const int minutes = optional_int_field(q.fields, "minutes_before_byoyomi", 0, 0, 10000);
  Value out = Value::map();
  out.set("allowed", Value::boolean(c85::early_adjournment_allowed(system_one, made, minutes)));
  return out;
}

Value control_flag_query(QueryRequest& q) {
  require_codex(q);
  const int made = int_field(q.fields, "moves_made", 0, 1000), control = int_field(q.fields, "control_moves", 1, 1000);
  Value out = Value::map();
  out.set("loses", Value::boolean(c85::control_flag_loses(made, control, optional_bool_field(q.fields, "button_pressed", true))));
  return out;
}

Value team_standing_query(QueryRequest& q) {
  require_codex(q);
  tournament::TeamTable t;
  t.teams = int_field(q.fields, "teams", 2, 64);
  t.boards = int_field(q.fields, "boards", 1, 20);
  for (const Value& m : q.fields.required("matches").as_list("matches")) {
    const auto& v = m.as_list("match");
    if (v.size() != 3) throw InputError(m.pos(), "match: expected [team_a, team_b, board_points_of_a]");
    const auto a = v[0].as_int("team"), b = v[1].as_int("team"), p = v[2].as_int("points");
    if (a < 1 || b < 1 || a > t.teams || b > t.teams || a == b || p < 0 || p > t.boards)
      throw InputError(m.pos(), "match: teams are 1.." + std::to_string(t.teams) + " and points 0.." + std::to_string(t.boards));
    for (const auto& earlier : t.matches)
      if ((earlier.a == a - 1 && earlier.b == b - 1) || (earlier.a == b - 1 && earlier.b == a - 1))
        throw InputError(m.pos(), "match: teams " + std::to_string(a) + " and " + std::to_string(b) + " meet twice");
    t.matches.push_back({static_cast<int>(a) - 1, static_cast<int>(b) - 1, static_cast<int>(p)});
  }
  const auto s = tournament::team_standing(t);
  auto ints = [](const std::vector<int>& xs) {
    Value l = Value::list();
    for (int x : xs) l.push(Value::integer(x));
    return l;
  };
  Value mp = Value::list();
  for (double x : s.match_points) mp.push(Value::number(x));
  Value out = Value::map();
  out.set("board_points", ints(s.board_points));
  out.set("match_points", mp);
  out.set("coefficient", ints(s.coefficient));
  out.set("rank_by_board_points", ints(s.rank_by_board_points));
  out.set("undefeated", Value::integer(s.undefeated + 1));
  if (s.undefeated >= 0) out.set("undefeated_rank", Value::integer(s.rank_by_board_points[static_cast<size_t>(s.undefeated)]));
  out.set("extra_match", Value::boolean(s.extra_match));
  return out;
}

// Art. 17 §2 and its note 1: Black's clock starts at the set time; the game only with both present.
Value clock_start_query(QueryRequest& q) {
  require_codex(q);
  const bool black = optional_bool_field(q.fields, "black_present", true);
  const bool white = optional_bool_field(q.fields, "white_present", true);
  Value out = Value::map();
  out.set("black_clock_runs", Value::boolean(true));  // §2: at the set time, whoever is there
  out.set("game_may_start", Value::boolean(black && white));
  out.set("judge_decides", Value::boolean(!(black && white)));  // note 2
  return out;
}

// Art. 6: when a move is complete (hand released, or, under the EGF note, the board touched; a
// capture only once the captured stones are off), and whether it may still be changed.
Value move_complete_query(QueryRequest& q) {
  require_codex(q);
  const bool touched = optional_bool_field(q.fields, "touched", false);
  const bool released = optional_bool_field(q.fields, "released", false);
  const bool captures = optional_bool_field(q.fields, "captures", false);
  const bool removed = optional_bool_field(q.fields, "captures_removed", false);
  const bool placed = reading_flag(q, "ru-go-1985.art6.p1.a", "egf-touch", "release", false) ? touched || released : released;
  const bool complete = placed && (!captures || removed);
  Value out = Value::map();
  out.set("complete", Value::boolean(complete));
  out.set("may_change", Value::boolean(!placed));  // note 1: until released the stone may go elsewhere
  // Art. 17 §7 note 2: against the clock only the placing counts, even for a capture that is not
  // complete until the captured stones are off (Art. 6 §1 b).
  if (const Value* in_time = q.fields.optional("placed_in_time")) out.set("in_time", Value::boolean(placed && in_time->as_bool("placed_in_time")));
  return out;
}

// Art. 16 §3 and its EGF note: an untidy record is rewritten; under the EGF note 4 or more
// unreadable moves lose the game (Art. 20 b).
Value record_legibility_query(QueryRequest& q) {
  require_codex(q);
  const int unreadable = int_field(q.fields, "unreadable_moves", 0, 1000);
  const bool egf = reading_flag(q, "ru-go-1985.art16.p3", "egf-illegible-loss", "rewrite", false);
  Value out = Value::map();
  out.set("ruling", Value::string(unreadable == 0 ? "none" : egf && unreadable >= 4 ? "loss" : "rewrite"));
  return out;
}

// System II options (Art. 17 §7 notes 4-5) and the extras around adjournment and resumption.
Value time_control_ii_query(QueryRequest& q) {
  require_codex(q);
  const double hours = number_field(q.fields, "main_hours", 0, 24);
  const int period = int_field(q.fields, "byoyomi_seconds", 1, 3600);
  const bool main_ok = hours == 1.5 || hours == 2 || hours == 2.5 || hours == 3 || hours == 3.5 || hours == 4;
  const bool period_ok = period == 30 || period == 45 || period == 60;
  Value out = Value::map();
  out.set("valid", Value::boolean(main_ok && period_ok));
  out.set("sealed_move_extra_seconds", Value::integer(30));   // Art. 18 §1 note 4, when in byo-yomi
  out.set("rest_between_resumptions_minutes", Value::integer(15));  // Art. 19 §4 note 3
  return out;
}

// Chapter II art. 8: a match for the majority of N games, decided once one side has more than N/2.
Value match_query(QueryRequest& q) {
  require_codex(q);
  const int games = int_field(q.fields, "games", 1, 100);
  const double a = number_field(q.fields, "points_a", 0, 100), b = number_field(q.fields, "points_b", 0, 100);
  if (a + b > games) throw InputError(q.fields.node().pos(), "points: more than " + std::to_string(games) + " games' worth");
  Value out = Value::map();
  out.set("decided", Value::boolean(2 * a > games || 2 * b > games || a + b == games));
  out.set("winner", Value::string(2 * a > games ? "a" : 2 * b > games ? "b" : a + b == games && a == b ? "tie" : "open"));
  return out;
}

}  // namespace

void register_go1985_admin_queries(std::vector<QueryInfo>& out) {
  out.push_back({"go", "lateness", "1985: loss for lateness over an hour (both late: both lose)", true, lateness_query});
  out.push_back({"go", "protest", "1985: whether a protest is in time", true, protest_query});
  out.push_back({"go", "irregularity", "1985: remedy for a ko error, a set-up error or a misoriented board", true, irregularity_query});
  out.push_back({"go", "clock-correction", "1985: corrected clock readings", true, clock_query});
  out.push_back({"go", "withdrawal", "1985: treatment of a withdrawn participant's games", true, withdrawal_query});
  out.push_back({"go", "judges", "1985: judges needed for a number of pairs", true, judges_query});
  out.push_back({"go", "team-quorum", "1985: team removal and penalties", true, quorum_query});
  out.push_back({"go", "collective-rank", "1985: rank of a collective player", true, collective_rank_query});
  out.push_back({"go", "level-system", "1985: level after a sequence of results", true, level_query});
  out.push_back({"go", "byoyomi-expiry", "1985 system II: what a byo-yomi expiry does under clauses a) and b)", true, byoyomi_expiry_query});
  out.push_back({"go", "early-adjournment", "1985: whether a game may be adjourned early", true, early_adjournment_query});
  out.push_back({"go", "control-flag", "1985 system I: whether a flag fall loses", true, control_flag_query});
  out.push_back({"go", "team-standing", "1985: team board points, match points, coefficient and the extra match", true,
                 team_standing_query});
  out.push_back({"go", "clock-start", "1985: Black's clock at the set time against starting only with both present", true,
                 clock_start_query});
  out.push_back({"go", "move-complete", "1985: when a move is complete and may no longer change", true, move_complete_query});
  out.push_back({"go", "record-legibility", "1985: ruling on an untidy or illegible record", true, record_legibility_query});
  out.push_back({"go", "time-control-ii", "1985 system II: allowed main times and byo-yomi periods", true, time_control_ii_query});
  out.push_back({"go", "match", "1985: state of an individual match for the majority of N games", true, match_query});
  out.push_back({"go", "resumption", "1985: whether an adjourned game may be resumed or interrupted", true, resumption_query});
}

}  // namespace rulespec
