// Queries for the 1985 Codex's rulings that need no board (irregularities, time, competitions).
#include "queries/query.hpp"
#include "queries/switches.hpp"
#include "model/go/administration.hpp"
#include "queries/decision_tables.hpp"
#include "model/tournament/teams.hpp"

namespace rulespec {
namespace {

namespace c85 = go::codex1985;

// These rulings exist only in the 1985 Codex; other rulesets are told so.
void require_codex(const QueryRequest& q) {
  if (q.ruleset->codex != "ru-go-1985")
    throw QueryError("not-in-codex", "ruleset " + q.ruleset->id + " has no such ruling (1985 Codex only)");
}

// Whether the models apply a clause of the codex (every query here has passed require_codex):
// without it (an amendment, a decisive check) the ruling is made as if the text lacked it.
bool applies(const QueryRequest& q, std::string_view clause) { return clause_applies(*q.ruleset, clause); }

// Lateness for the start of a game (Art. 17 §2 notes, Art. 20 c) and its note) as the table
// ru-go-1985.decisions.lateness states it: a partner over the hour loses, both over it both lose,
// the judge rules on a start up to an hour late. Without c) (an amendment, a decisive check) its
// rows are gone and one late partner loses nothing; both late still both lose, by the note.
Value lateness_query(QueryRequest& q) {
  require_codex(q);
  const int b = int_field(q.fields, "black_minutes", 0, 100000), w = int_field(q.fields, "white_minutes", 0, 100000);
  const rules::CompiledTable table = compile_table(q.spec, *q.ruleset, "ru-go-1985.decisions.lateness");
  // The table counts minutes up to 240: every row beyond the hour holds for any later arrival.
  const auto d = rules::decide(table, {{"session", {"start", 0}},
                                       {"black", {"arrives", 0}},
                                       {"black-minutes-late", {"", std::min(b, 240)}},
                                       {"white", {"arrives", 0}},
                                       {"white-minutes-late", {"", std::min(w, 240)}}});
  const std::string outcome = d.verdict == rules::TableVerdict::Decided ? d.outcome : "";
  const bool bl = outcome == "white-wins" || outcome == "both-lose", wl = outcome == "black-wins" || outcome == "both-lose";
  // Art. 24 §1 writes a forfeit of a game not played as + and -; without that sentence as 1 and 0.
  const bool signs = applies(q, "ru-go-1985.art24.p1.forfeit-signs");
  const std::string win = signs ? "+" : "1", loss = signs ? "-" : "0";
  Value out = Value::map();
  out.set("black_loses", Value::boolean(bl));
  out.set("white_loses", Value::boolean(wl));
  out.set("record", Value::string(bl && wl ? loss + "/" + loss : bl ? loss + "/" + win : wl ? win + "/" + loss : "play"));
  return out;
}

Value protest_query(QueryRequest& q) {
  require_codex(q);
  // Without Art. 22 §2 no protest against a judge's decision is provided for.
  const bool in_time = c85::protest_in_time(int_field(q.fields, "minutes_after", 0, 100000));
  Value out = Value::map();
  out.set("admissible", Value::boolean(in_time && applies(q, "ru-go-1985.art22.p2")));
  return out;
}

Value irregularity_query(QueryRequest& q) {
  require_codex(q);
  const std::string kind = one_of(q.fields.required("kind"), {"ko-error", "setup-error", "orientation"}, "kind");
  const int moves = int_field(q.fields, "moves", 0, 1000);
  std::string remedy;
  // Each remedy only while its paragraph is in the text; without it nothing interrupts play.
  if (kind == "ko-error") remedy = c85::ko_error_annulled(moves) && applies(q, "ru-go-1985.art14.p4") ? "annul" : "continue";
  else if (kind == "setup-error") remedy = c85::setup_error_restarts(moves) && applies(q, "ru-go-1985.art14.p1") ? "restart" : "continue";
  else remedy = c85::orientation_corrected(moves) && applies(q, "ru-go-1985.art14.p2") ? "reorient" : "continue";
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
  // Without the paragraph of Art. 17 §4 for its case the readings stand (§4: they are final).
  c85::ClockCorrection c{black, white};
  if (culprit != "unknown" && applies(q, "ru-go-1985.art17.p4.known-faulty")) {
    if (culprit == "black") c.black_left = c85::correct_known(black, error, bd);
    else c.white_left = c85::correct_known(white, error, wd);
  } else if (culprit == "unknown" && applies(q, "ru-go-1985.art17.p4.unknown-faulty")) {
    c = c85::correct_unknown(black, white, error, bd, wd);
  }
  Value out = Value::map();
  out.set("black_left", Value::integer(c.black_left));
  out.set("white_left", Value::integer(c.white_left));
  return out;
}

// A withdrawal (Art. 24 §§3-4) as the table ru-go-1985.decisions.withdrawal states it: what his
// unplayed games count decides the treatment. Without the paragraph for his share of games its
// rows are gone and the judge decides (Ch. II Art. 3 g, line 289).
Value withdrawal_query(QueryRequest& q) {
  require_codex(q);
  const int played = int_field(q.fields, "played", 0, 1000), scheduled = int_field(q.fields, "scheduled", 1, 1000);
  const rules::CompiledTable table = compile_table(q.spec, *q.ruleset, "ru-go-1985.decisions.withdrawal");
  const std::string share = 2 * played < scheduled ? "fewer-than-half" : "at-least-half";
  const auto unplayed = rules::decide(table, {{"played", {share, 0}}, {"game", {"unplayed", 0}}});
  const std::string counts = unplayed.verdict == rules::TableVerdict::Decided ? unplayed.outcome : "";
  const std::string treatment = counts == "not-marked"                           ? "results-stand-unranked"
                                : counts == "minus-for-him-plus-for-the-opponent" ? "rest-forfeited-ranked"
                                                                                  : "judge";
  Value out = Value::map();
  out.set("treatment", Value::string(treatment));
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

// A team's quorum (Ch. II Art. 5 §2) as the table ru-go-1985.decisions.team-appearance states it,
// its opponent taken as turning up in full: a team with fewer than two thirds of its main line-up
// is removed. Without the quorum sentence its rows are gone and nobody is removed.
Value quorum_query(QueryRequest& q) {
  require_codex(q);
  const int present = int_field(q.fields, "present", 0, 1000), main = int_field(q.fields, "main_lineup", 1, 1000);
  const rules::CompiledTable table = compile_table(q.spec, *q.ruleset, "ru-go-1985.decisions.team-appearance");
  const auto d = rules::decide(table, {{"first-team", {3 * present < 2 * main ? "fewer-than-two-thirds" : "two-thirds-or-more", 0}},
                                       {"second-team", {"two-thirds-or-more", 0}}});
  Value out = Value::map();
  out.set("removed", Value::boolean(d.verdict == rules::TableVerdict::Decided && d.outcome == "first-team-removed-its-matches-annulled"));
  out.set("penalty_per_unregistered",
          Value::integer(applies(q, "ru-go-1985.ch2.art5.p2.penalty") ? c85::unregistered_penalty(main) : 0));
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
  // Without the movements of Ch. II Art. 14 results move nobody: the level stays the initial one.
  const auto end = applies(q, "ru-go-1985.ch2.art14.movement") ? c85::level_after(s, wins) : s;
  Value out = Value::map();
  out.set("level", Value::integer(end.level));
  out.set("minus", Value::integer(end.minus));
  return out;
}

Value resumption_query(QueryRequest& q) {
  require_codex(q);
  // Without Art. 19 §5 a game may be put up for resumption at any time; without §7 the judge may
  // not interrupt a resumption.
  Value out = Value::map();
  out.set("resumption_allowed", Value::boolean(c85::resumption_allowed(int_field(q.fields, "minutes_left", 0, 100000)) ||
                                               !applies(q, "ru-go-1985.art19.p5")));
  if (q.fields.node().find("black_to_control"))
    out.set("interruption_allowed", Value::boolean(c85::interruption_allowed(int_field(q.fields, "black_to_control", 0, 100000),
                                                                             int_field(q.fields, "white_to_control", 0, 100000)) &&
                                                   applies(q, "ru-go-1985.art19.p7")));
  return out;
}

Value byoyomi_expiry_query(QueryRequest& q) {
  require_codex(q);
  const long banked = int_field(q.fields, "banked_seconds", 0, 100000);
  // Without b) no main time is banked on a control clock: the expiry is a)'s. Without Art. 20 a)
  // the control clock's fall loses nothing, and the expiry passes the turn as a) says.
  auto expiry = applies(q, "ru-go-1985.art17.p7.b") ? c85::expiry_under_b(banked) : c85::expiry_under_a(banked);
  if (expiry == c85::ByoyomiExpiry::LosesOnTime && !applies(q, "ru-go-1985.art20.a")) expiry = c85::expiry_under_a(banked);
  Value out = Value::map();
  out.set("under_a", Value::string(c85::to_string(c85::expiry_under_a(banked))));
  out.set("under_b", Value::string(c85::to_string(expiry)));
  return out;
}

Value early_adjournment_query(QueryRequest& q) {
  require_codex(q);
  const bool system_one = one_of(q.fields.required("system"), {"I", "II"}, "system") == "I";
  const bool made = optional_bool_field(q.fields, "control_moves_made", false);
  const int minutes = optional_int_field(q.fields, "minutes_before_byoyomi", 0, 0, 10000);
  Value out = Value::map();
  out.set("allowed", Value::boolean(c85::early_adjournment_allowed(system_one, made, minutes) && applies(q, "ru-go-1985.art18.p1.note5")));
  return out;
}

Value control_flag_query(QueryRequest& q) {
  require_codex(q);
  const int made = int_field(q.fields, "moves_made", 0, 1000), control = int_field(q.fields, "control_moves", 1, 1000);
  // Without note 4 the control move is made on release like any other (Art. 6 §1 a), pressed or
  // not; without Art. 20 a) the time overstepped loses nothing.
  const bool pressed = optional_bool_field(q.fields, "button_pressed", true) || !applies(q, "ru-go-1985.art17.p6.note4");
  Value out = Value::map();
  out.set("loses", Value::boolean(c85::control_flag_loses(made, control, pressed) && applies(q, "ru-go-1985.art20.a")));
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
  describe_field(q.fields, "extra_match_result", "string", "not-yet-played, undefeated-team-wins, leader-wins, drawn", "not-yet-played", true);
  const Value* extra = q.fields.optional("extra_match_result");
  const std::string extra_match_result =
      extra ? one_of(*extra, {"not-yet-played", "undefeated-team-wins", "leader-wins", "drawn"}, "extra_match_result") : "not-yet-played";
  const auto s = tournament::team_standing(t);
  // Without Ch. II Art. 5 §4 nothing ranks the teams by board points; without its second sentence
  // there is no extra match; without note 2 b) or g) of Art. 2 no match points or coefficient.
  // First place and the extra match are the table team-first-place's, asked where the undefeated
  // team stands and how the extra match went.
  static const char* const kPlace[] = {"none", "first", "shares-first", "second", "third-or-lower"};
  const rules::CompiledTable table = compile_table(q.spec, *q.ruleset, "ru-go-1985.decisions.team-first-place");
  const auto d = rules::decide(table, {{"undefeated-team", {kPlace[static_cast<int>(tournament::undefeated_place(s))], 0}},
                                       {"extra-match", {extra_match_result, 0}}});
  const std::string first_place_by = d.verdict == rules::TableVerdict::Decided     ? d.outcome
                                     : d.verdict == rules::TableVerdict::Conflicting ? "conflicting"
                                                                                     : "undecided";
  auto ints = [](const std::vector<int>& xs) {
    Value l = Value::list();
    for (int x : xs) l.push(Value::integer(x));
    return l;
  };
  Value mp = Value::list();
  for (double x : s.match_points) mp.push(Value::number(x));
  const bool ranked = applies(q, "ru-go-1985.ch2.art5.p4");
  Value out = Value::map();
  out.set("board_points", ints(s.board_points));
  if (applies(q, "ru-go-1985.ch2.art2.note2.b")) out.set("match_points", mp);
  if (applies(q, "ru-go-1985.ch2.art2.note2.g")) out.set("coefficient", ints(s.coefficient));
  if (ranked) out.set("rank_by_board_points", ints(s.rank_by_board_points));
  out.set("undefeated", Value::integer(s.undefeated + 1));
  if (ranked && s.undefeated >= 0) out.set("undefeated_rank", Value::integer(s.rank_by_board_points[static_cast<size_t>(s.undefeated)]));
  out.set("extra_match", Value::boolean(first_place_by == "extra-match-for-first-place"));
  out.set("first_place_by", Value::string(first_place_by));
  // The team placed first, where the rule names one team: the undefeated team, or the one team
  // with the most board points (equal points go to the regulations' tie-break, line 271).
  int leaders = 0, leader = 0;
  for (size_t i = 0; i < s.rank_by_board_points.size(); ++i)
    if (s.rank_by_board_points[i] == 1) ++leaders, leader = static_cast<int>(i) + 1;
  if (first_place_by == "undefeated-team-first") out.set("first_place", Value::integer(s.undefeated + 1));
  if (first_place_by == "most-board-points-first" && leaders == 1) out.set("first_place", Value::integer(leader));
  return out;
}

// Art. 17 §2 and its note 1: Black's clock starts at the set time; the game only with both present.
Value clock_start_query(QueryRequest& q) {
  require_codex(q);
  const bool black = optional_bool_field(q.fields, "black_present", true);
  const bool white = optional_bool_field(q.fields, "white_present", true);
  Value out = Value::map();
  // §2: at the set time, whoever is there (without it nothing starts the clock then); note 1:
  // only with both present (without it nothing holds the start back).
  out.set("black_clock_runs", Value::boolean(applies(q, "ru-go-1985.art17.p2")));
  out.set("game_may_start", Value::boolean((black && white) || !applies(q, "ru-go-1985.art17.p2.note1")));
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
  // The EGF reading is the EGF note (line 59): without it the release completes the move.
  const bool egf = reading_flag(q, "ru-go-1985.art6.p1.a", "egf-touch", "release", false) && applies(q, "ru-go-1985.art6.p1.a.note2-egf");
  const bool placed = egf ? touched || released : released;
  // Without §1 b) a capture is complete when placed, like any move (§1 a).
  const bool complete = placed && (!captures || removed || !applies(q, "ru-go-1985.art6.p1.b"));
  Value out = Value::map();
  out.set("complete", Value::boolean(complete));
  // Note 1: until released the stone may go elsewhere; §2: a completed move never changes
  // (without §2 nothing forbids changing it, with the partner's consent).
  out.set("may_change", Value::boolean(!placed || !applies(q, "ru-go-1985.art6.p2")));
  // Art. 17 §7 note 2: against the clock only the placing counts, even for a capture that is not
  // complete until the captured stones are off (Art. 6 §1 b); without the note the whole move.
  if (const Value* in_time = q.fields.optional("placed_in_time"))
    out.set("in_time", Value::boolean((applies(q, "ru-go-1985.art17.p7.note2") ? placed : complete) && in_time->as_bool("placed_in_time")));
  return out;
}

// Art. 16 §3 and its EGF note: an untidy record is rewritten; under the EGF note 4 or more
// unreadable moves lose the game (Art. 20 b).
Value record_legibility_query(QueryRequest& q) {
  require_codex(q);
  const int unreadable = int_field(q.fields, "unreadable_moves", 0, 1000);
  // The EGF reading is the EGF note (line 156); without §3 no rewrite is ordered.
  const bool egf = reading_flag(q, "ru-go-1985.art16.p3", "egf-illegible-loss", "rewrite", false) && applies(q, "ru-go-1985.art16.p3.note-egf");
  const char* untidy = applies(q, "ru-go-1985.art16.p3") ? "rewrite" : "none";
  Value out = Value::map();
  out.set("ruling", Value::string(unreadable == 0 ? "none" : egf && unreadable >= 4 ? "loss" : untidy));
  return out;
}

// System II options (Art. 17 §7 notes 4-5) and the extras around adjournment and resumption.
Value time_control_ii_query(QueryRequest& q) {
  require_codex(q);
  const double hours = number_field(q.fields, "main_hours", 0, 24);
  const int period = int_field(q.fields, "byoyomi_seconds", 1, 3600);
  // Each list only while its note is in the text; without notes 4 and 5 any time is valid.
  const bool main_ok = hours == 1.5 || hours == 2 || hours == 2.5 || hours == 3 || hours == 3.5 || hours == 4 ||
                       !applies(q, "ru-go-1985.art17.p7.note4");
  const bool period_ok = period == 30 || period == 45 || period == 60 || !applies(q, "ru-go-1985.art17.p7.note5");
  Value out = Value::map();
  out.set("valid", Value::boolean(main_ok && period_ok));
  // Art. 18 §1 note 4, when in byo-yomi; Art. 19 §4 note 3 (none without the note).
  out.set("sealed_move_extra_seconds", Value::integer(applies(q, "ru-go-1985.art18.p1.note4") ? 30 : 0));
  out.set("rest_between_resumptions_minutes", Value::integer(applies(q, "ru-go-1985.art19.p4.note3") ? 15 : 0));
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
  out.push_back({"go", "team-standing", "1985: team board points, match points, coefficient, the extra match and first place", true,
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
