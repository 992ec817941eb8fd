// Board-free queries of the 1985 Codex: stone sets, territory totals with komi, the fixed
// handicap order, time-control system I; and the competition arithmetic of chapter II.
#include "queries/go_answers.hpp"
#include "queries/query.hpp"
#include "queries/switches.hpp"

#include <algorithm>
#include <cmath>
#include "model/go/coordinates.hpp"
#include "model/go/counting.hpp"
#include "model/go/special_positions.hpp"
#include "model/go/territory.hpp"
#include "model/tournament/levels.hpp"
#include "model/tournament/pairing.hpp"
#include "model/tournament/swiss.hpp"
#include "model/tournament/tiebreak.hpp"

namespace rulespec {
namespace {

// Whether a 1985 clause applies to the request: asked only under the codex's own rulesets (a
// switch holds for every ruleset by clause id), so another ruleset, or none, keeps today's rule.
bool applies85(const QueryRequest& q, std::string_view clause) {
  return !(q.ruleset && q.ruleset->codex == "ru-go-1985") || clause_applies(*q.ruleset, clause);
}

Value stones_query(QueryRequest& q) {
  const Value& sv = q.fields.required("size");
  const int size = int_field(q.fields, "size", 2, 25);
  Value out = Value::map();
  int black = 0, white = 0;
  if (q.ruleset->codex == "ru-go-1985") {
    if (size != 19 && size != 13 && size != 9)
      throw QueryError("bad-size", "the 1985 Codex allows 19x19, 13x13 and 9x9 boards", sv.pos());
    // Without the permission of Art. 2 §4 the standard board of §1 is the only one.
    if (size != 19 && !applies85(q, "ru-go-1985.art2.p4.small-boards"))
      throw QueryError("bad-size", "ruleset " + q.ruleset->id + " allows the 19x19 board only", sv.pos());
    const auto set = go::codex1985_stone_set(size);
    black = set.black;
    white = set.white;
    // Art. 2 §4 prints the 13x13 set as "85 and 34".
    if (size == 13 && reading_flag(q, "ru-go-1985.art2.p4.stone-counts", "as-printed", "corrected-84", true)) white = 34;
  } else {
    black = white = go::bowl_stones_for(size * size);
  }
  out.set("black", Value::integer(black));
  out.set("white", Value::integer(white));
  out.set("total", Value::integer(black + white));
  out.set("points", Value::integer(size * size));
  return out;
}

}  // namespace

double codex1985_komi(const Ruleset& rs, int size, bool handicap_game) {
  // Art. 13 §3: a handicap game's equal totals go to White by half a point, the conditional half
  // point of an even game's komi (without the article, nothing breaks the tie).
  if (handicap_game) return clause_applies(rs, "ru-go-1985.art13.p3") ? 0.5 : 0.0;
  // Art. 7 §2 gives the komi for every even game; its note sets another for 13x13 only.
  double komi = 0;
  if (size == 13 && rs.has_param("komi_13x13") && clause_applies(rs, "ru-go-1985.art7.p2.note")) komi = rs.number_param("komi_13x13");
  else if (clause_applies(rs, "ru-go-1985.art7.p2")) komi = rs.number_param("komi");
  // The half point is only the conditional one of Art. 12 §3: without it, whole points only.
  if (!clause_applies(rs, "ru-go-1985.art12.p3")) komi = std::floor(komi);
  return komi;
}

bool codex1985_margin_recorded(const Ruleset& rs, bool handicap_game, double margin) {
  return clause_applies(rs, "ru-go-1985.art13.p2.note") || (handicap_game && margin == 0.5);
}

go::TerritoryScore codex1985_totals(const Ruleset& rs, int black_territory, int black_prisoners, int white_territory,
                                    int white_prisoners, double komi, bool conditional_half_point) {
  const bool territory_counts = clause_applies(rs, "ru-go-1985.art12.p2.a");
  const bool prisoners_count = clause_applies(rs, "ru-go-1985.art12.p2.b");
  if (!prisoners_count) komi -= std::floor(komi);  // the whole points of komi are five prisoner stones (Art. 7 §2)
  return go::codex1985_score(territory_counts ? black_territory : 0, prisoners_count ? black_prisoners : 0,
                             territory_counts ? white_territory : 0, prisoners_count ? white_prisoners : 0, komi,
                             conditional_half_point);
}

namespace {

Value territory_query(QueryRequest& q) {
  const Ruleset& rs = *q.ruleset;
  if (rs.codex != "ru-go-1985")
    throw QueryError("not-in-codex", "ruleset " + rs.id + " does not score by territory and prisoners (1985 Codex only)");
  if (go_rules(q.spec, rs).scoring == go::Scoring::Area)
    throw QueryError("not-in-ruleset", "ruleset " + rs.id + " scores by area (param scoring: area): territory and prisoners make no total; "
                                       "ask query score with the board");
  auto& f = q.fields;
  const int size = optional_int_field(f, "size", 19, 9, 19);
  const bool handicap = optional_bool_field(f, "handicap", false);
  // A handicap game has no komi, but Art. 13 §3 gives White a tie by half a point: the same
  // conditional half point as the komi of an even game.
  const double komi = codex1985_komi(rs, size, handicap);
  const bool conditional = reading_flag(q, "ru-go-1985.art12.p3", "conditional-half-point", "arithmetic-komi", true);
  const int bt = int_field(f, "black_territory", 0, 361), bp = int_field(f, "black_prisoners", 0, 400);
  const int wt = int_field(f, "white_territory", 0, 361), wp = int_field(f, "white_prisoners", 0, 400);
  const auto s = codex1985_totals(rs, bt, bp, wt, wp, komi, conditional);
  Value out = Value::map();
  out.set("black_total", Value::number(s.black_total));
  out.set("white_total", Value::number(s.white_total));
  out.set("winner", Value::string(s.winner > 0 ? "B" : s.winner < 0 ? "W" : "tie"));
  if (codex1985_margin_recorded(rs, handicap, s.margin)) out.set("margin", Value::number(s.margin));
  return out;
}

Value handicap_points_query(QueryRequest& q) {
  const int size = optional_int_field(q.fields, "size", 19, 9, 19);
  const Value& sv = q.fields.required("stones");
  const int stones = int_field(q.fields, "stones", 2, 9);
  // Without Art. 8 note 2 the 13x13 handicap has §3's 2 to 9 stones; without the small boards of
  // Art. 2 §4 there is no 13x13 game to give a handicap in.
  if (q.ruleset->codex == "ru-go-1985" && size == 13 && stones > 5 && applies85(q, "ru-go-1985.art8.p3.note2"))
    throw QueryError("too-many-stones", "on 13x13 the handicap is 2 to 5 stones (Art. 8 note 2)", sv.pos());
  if (q.ruleset->codex == "ru-go-1985" && size != 19 && size != 13)
    throw QueryError("no-handicap-table", "the 1985 Codex gives handicaps for 19x19 and 13x13 only", sv.pos());
  if (q.ruleset->codex == "ru-go-1985" && size == 13 && !applies85(q, "ru-go-1985.art2.p4.small-boards"))
    throw QueryError("no-handicap-table", "ruleset " + q.ruleset->id + " has the 19x19 board only", sv.pos());
  Value out = Value::map();
  if (q.ruleset->has_param("handicap_placement") && q.ruleset->is("handicap_placement", "free")) {
    out.set("placement", Value::string("free"));
    return out;
  }
  // Without Art. 8 §3's second sentence no points are prescribed on 19x19 either.
  if (size == 13 || !applies85(q, "ru-go-1985.art8.p3.placement")) {
    // Art. 8 note 2 allows 2-5 stones on 13x13, but the hoshi order of Art. 2 §1 is for 19x19 only.
    out.set("placement", Value::string("unspecified"));
    return out;
  }
  out.set("placement", Value::string("fixed"));
  Value points = Value::list();
  for (const auto& p : go::codex1985_handicap_points(stones)) points.push(Value::string(p));
  out.set("points", points);
  return out;
}

Value time_control_query(QueryRequest& q) {
  auto& f = q.fields;
  go::ControlPlan plan;
  plan.rate = int_field(f, "rate", 1, 200);
  plan.first_hours = number_field(f, "first_hours", 0, 24);
  plan.second_hours = number_field(f, "second_hours", 0, 24);
  const int per_player = plan.moves_per_player();
  const bool per_player_reading = reading_flag(q, "ru-go-1985.art17.p6.note2", "per-player", "game-total", false);
  Value out = Value::map();
  out.set("moves_per_player", Value::integer(per_player));
  out.set("moves_in_game", Value::integer(2 * per_player));
  // The checks of Art. 17 §6 notes 1 and 2, each only while its note is in the text.
  if (applies85(q, "ru-go-1985.art17.p6.note1")) {
    const int rate = plan.rate;
    out.set("rate_listed", Value::boolean(rate == 80 || rate == 60 || rate == 50 || rate == 40 || rate == 30));
  }
  if (applies85(q, "ru-go-1985.art17.p6.note2"))
    out.set("meets_300", Value::boolean((per_player_reading ? per_player : 2 * per_player) >= 300));
  return out;
}

tournament::ResultTable table_field(const Value& v) {
  tournament::ResultTable t;
  const auto& rows = v.as_list("results");
  for (const Value& row : rows) {
    std::vector<int> r;
    const std::string& s = row.as_string("results row");
    for (char c : s) {
      if (c == '1') r.push_back(1);
      else if (c == '0') r.push_back(0);
      else if (c == '.' || c == 'x' || c == '-') r.push_back(-1);
      else throw InputError(row.pos(), "results row '" + s + "': use 1 (win), 0 (loss), . (not played)");
    }
    if (r.size() != rows.size()) throw InputError(row.pos(), "results row '" + s + "' must have one entry per player");
    t.push_back(r);
  }
  for (size_t i = 0; i < t.size(); ++i)
    for (size_t j = 0; j < t.size(); ++j)
      if (i != j && (t[i][j] == -1) != (t[j][i] == -1))
        throw QueryError("asymmetric", "results: player " + std::to_string(i + 1) + " vs " + std::to_string(j + 1) +
                                           " is played on one side only", v.pos());
      else if (i != j && t[i][j] != -1 && t[i][j] == t[j][i])
        throw QueryError("asymmetric", "results: players " + std::to_string(i + 1) + " and " + std::to_string(j + 1) +
                                           " cannot both win or both lose", v.pos());
  return t;
}

Value tie_break_query(QueryRequest& q) {
  const auto t = table_field(q.fields.required("results"));
  const int n = static_cast<int>(t.size());
  const int a = int_field(q.fields, "a", 1, n) - 1, b = int_field(q.fields, "b", 1, n) - 1;
  Value out = Value::map();
  const auto s = tournament::scores(t);
  auto verdict = [&](int cmp) { return Value::string(cmp < 0 ? "a" : cmp > 0 ? "b" : "tied"); };
  out.set("score_a", Value::integer(s[static_cast<size_t>(a)]));
  out.set("score_b", Value::integer(s[static_cast<size_t>(b)]));
  // Without Ch. II Art. 2 note 1 b) the Codex defines no coefficient: the scores alone.
  if (!applies85(q, "ru-go-1985.ch2.art2.note1.b")) return out;
  out.set("w_a", Value::integer(tournament::coefficient_wins(t, a)));
  out.set("w_b", Value::integer(tournament::coefficient_wins(t, b)));
  out.set("by_w", verdict(tournament::compare_by_w(t, a, b)));
  out.set("by_w_minus_l", verdict(tournament::compare_by_w_minus_l(t, a, b)));
  return out;
}

Value swiss_query(QueryRequest& q) {
  const int n = int_field(q.fields, "players", 2, 10000);
  // Without the round table of Ch. II Art. 12 no bracket holds any field (as below 13 now).
  const auto brackets = applies85(q, "ru-go-1985.ch2.art12.text") ? tournament::swiss_round_brackets(n)
                                                                  : std::vector<tournament::RoundRange>{};
  Value out = Value::map();
  Value list = Value::list();
  for (const auto& b : brackets) {
    Value r = Value::list();
    r.push(Value::integer(b.lo));
    r.push(Value::integer(b.hi));
    list.push(r);
  }
  out.set("brackets", list);
  out.set("decided", Value::boolean(brackets.size() == 1));
  return out;
}

// The name a codex gives the point at (column from Black's left, row from Black's edge).
Value point_name_query(QueryRequest& q) {
  const int column = int_field(q.fields, "column", 1, 19), row = int_field(q.fields, "row", 1, 19);
  Value out = Value::map();
  out.set("name", Value::string(q.ruleset->codex == "ru-go-1985" ? go::codex1985_point_name(column, row)
                                                                 : go::ing_point_name(column, row)));
  out.set("gtp", Value::string(go::ing_point_name(column, row)));
  return out;
}

// Ing's nigiri: the senior grabs white stones, the junior shows one (odd) or two (even) black ones.
Value nigiri_query(QueryRequest& q) {
  const int grabbed = int_field(q.fields, "grabbed", 1, 180), shown = int_field(q.fields, "shown", 1, 2);
  const bool right = (grabbed % 2 == 1) == (shown == 1);
  Value out = Value::map();
  out.set("guessed", Value::boolean(right));
  out.set("chooses_colour", Value::string(right ? "junior" : "senior"));
  return out;
}

// When a pairing search stopped at its budget the draw fell back as if no pairing existed: the
// answer says how often and what the budget was, so that nobody takes it for a proof.
void set_budget_stops(Value& out, int stops, bool level_redraws = false) {
  if (stops == 0) return;
  Value b = Value::map();
  b.set("searches_stopped", Value::integer(stops));
  b.set("budget_nodes", Value::integer(tournament::kPairingBudget));
  if (level_redraws) b.set("redraw_budget_nodes", Value::integer(10 * tournament::kPairingBudget));
  out.set("pairing_budget_exhausted", b);
}

Value swiss_tournament_query(QueryRequest& q) {
  const int n = int_field(q.fields, "players", 4, 200), rounds = int_field(q.fields, "rounds", 1, 30);
  const auto seed = static_cast<std::uint64_t>(int_field(q.fields, "seed", 0, 1000000000));
  const auto bound = reading_choice<tournament::ColourBound>(
      q, "ru-go-1985.ch2.art12.b",
      {{"final-tally", tournament::ColourBound::FinalTally}, {"running-tally", tournament::ColourBound::RunningTally}},
      tournament::ColourBound::FinalTally);
  const bool single_draw = optional_bool_field(q.fields, "single_draw", false);
  // Without note 4 one drawing of lots for the whole event is not admissible.
  if (single_draw && !applies85(q, "ru-go-1985.ch2.art12.note4"))
    throw QueryError("not-admissible", "ruleset " + q.ruleset->id + " admits no single drawing of lots (Ch. II Art. 12 note 4 is not in its text)",
                     q.fields.node().find("single_draw")->pos());
  const tournament::SwissRules rules = codex1985_swiss_rules(q.spec, *q.ruleset);
  const auto run = tournament::simulate_swiss(n, rounds, seed, bound, single_draw, rules);
  Value breaks = Value::list();
  int descents = 0, budget_stops = 0;
  for (size_t r = 0; r < run.rounds.size(); ++r) {
    if (run.rounds[r].colour_rule_breaks) breaks.push(Value::integer(static_cast<std::int64_t>(r) + 1));
    descents += run.rounds[r].descents;
    budget_stops += run.rounds[r].budget_stops;
  }
  const auto checks = tournament::draw_checks(run.state.players);
  const int rematches = checks.rematches, max_byes = checks.max_byes;
  Value out = Value::map();
  out.set("complete", Value::boolean(run.complete));
  out.set("rounds_paired", Value::integer(static_cast<std::int64_t>(run.rounds.size())));
  out.set("rematches", Value::integer(rematches));
  out.set("max_byes", Value::integer(max_byes));
  // The descents principle c) records (none without it), and the coefficient of note 3.
  if (applies85(q, "ru-go-1985.ch2.art12.v")) out.set("descents", Value::integer(descents));
  out.set("colour_rule_breaks_in_rounds", breaks);
  set_budget_stops(out, budget_stops);
  // Buchholz of each participant (a bye counting as the lowest final score), by participant number,
  // where the tie-break table separates equal scores by it.
  if (!codex1985_swiss_ties_by_coefficient(q.spec, *q.ruleset)) return out;
  Value buchholz = Value::list();
  for (int p = 0; p < n; ++p) buchholz.push(Value::number(tournament::buchholz(run.state, p)));
  out.set("buchholz", buchholz);
  return out;
}

Value level_tournament_query(QueryRequest& q) {
  std::vector<int> levels;
  for (const Value& v : q.fields.required("initial_levels").as_list("initial_levels")) levels.push_back(int_item(v, "level", -20, 20));
  if (levels.size() < 2 || levels.size() > 200)
    throw InputError(q.fields.node().pos(), "initial_levels: 2 to 200 participants");
  const int rounds = int_field(q.fields, "rounds", 1, 20);
  const auto seed = static_cast<std::uint64_t>(int_field(q.fields, "seed", 0, 1000000000));
  // Line 380 sums final levels the text never numbers (F-ru-go-1985-level-coefficient-numbering):
  // the numbers are the request's, unless the ruleset takes the wording that numbers the lowest
  // initial level 1 (a shift changes no pairing, only the coefficient's sums).
  if (q.ruleset->reading("ru-go-1985.ch2.art14.note3.coefficient") == "numbered-from-one") {
    const int shift = 1 - *std::min_element(levels.begin(), levels.end());
    for (int& l : levels) l += shift;
  }
  const tournament::LevelRules rules = codex1985_level_rules(q.spec, *q.ruleset);
  const auto run = tournament::simulate_levels(levels, rounds, seed, rules);
  int descents = 0, ascents = 0, conditional = 0, breaks = 0, redraws = 0, budget_stops = 0;
  Value break_rounds = Value::list();  // the rounds whose draw broke the colour bounds (g)
  for (size_t i = 0; i < run.rounds.size(); ++i) {
    const auto& r = run.rounds[i];
    budget_stops += r.budget_stops;
    conditional += r.conditional_descents;
    breaks += r.colour_rule_breaks;
    redraws += r.redraws;
    if (r.colour_rule_breaks) break_rounds.push(Value::integer(static_cast<std::int64_t>(i) + 1));
  }
  const auto checks = tournament::draw_checks(run.state.players);
  const int rematches = checks.rematches, max_byes = checks.max_byes;
  for (const auto& p : run.state.players) {
    descents += p.descents;
    ascents += p.ascents;
  }
  const auto ranking = tournament::level_ranking(run.state);
  Value top = Value::list(), standing = Value::list();
  // The first three places with what ranks them; a place tied with the next on level and
  // coefficient is one line 380 leaves open (the ranking then keeps participant order; the tie
  // is the witness of F-ru-go-1985-level-coefficient-numbering).
  auto level_and_coefficient = [&](int p) {
    return std::pair{run.state.players[p].level, rules.coefficient ? tournament::level_coefficient(run.state, p) : 0};
  };
  for (size_t k = 0; k < std::min<size_t>(3, ranking.size()); ++k) {
    const int p = ranking[k];
    top.push(Value::integer(p + 1));
    Value row = Value::map();
    row.set("participant", Value::integer(p + 1));
    row.set("level", Value::integer(run.state.players[p].level));
    if (rules.coefficient) row.set("coefficient", Value::integer(tournament::level_coefficient(run.state, p)));
    int games = 0;
    for (int o : run.state.players[p].opponents) games += o >= 0;
    row.set("opponents_met", Value::integer(games));
    row.set("tied_with_next",
            Value::boolean(k + 1 < ranking.size() && level_and_coefficient(p) == level_and_coefficient(ranking[k + 1])));
    standing.push(row);
  }
  Value out = Value::map();
  out.set("complete", Value::boolean(run.complete));
  out.set("rematches", Value::integer(rematches));
  out.set("max_byes", Value::integer(max_byes));
  out.set("conditional_descents", Value::integer(conditional));
  // The descents and ascents principle c) records; the places of note 3 (without it the
  // regulations place the participants, line 271).
  if (applies85(q, "ru-go-1985.ch2.art14.v")) {
    out.set("recorded_descents", Value::integer(descents));
    out.set("recorded_ascents", Value::integer(ascents));
  }
  out.set("colour_rule_breaks", Value::integer(breaks));
  out.set("colour_rule_breaks_in_rounds", break_rounds);
  out.set("redraws", Value::integer(redraws));
  if (applies85(q, "ru-go-1985.ch2.art14.note3")) {
    out.set("top", top);
    out.set("top_standing", standing);
  }
  set_budget_stops(out, budget_stops, true);
  return out;
}

}  // namespace

Value bent_four_query(QueryRequest& q) {
  const Ruleset& rs = *q.ruleset;
  if (rs.codex != "ru-go-1985")
    throw QueryError("not-in-codex", "ruleset " + rs.id + " has no special rule for bent four (life and death by play-out)");
  auto& f = q.fields;
  go::BentFourSituation s;
  s.other_ko_positions = optional_bool_field(f, "other_ko_positions", false);
  s.unlimited_threats_both = optional_bool_field(f, "unlimited_threats_both", false);
  s.long_cycle = optional_bool_field(f, "long_cycle", false);
  s.surrounder_is_white = optional_bool_field(f, "surrounder_is_white", false);
  s.surrounder_wins_ko = optional_bool_field(f, "surrounder_wins_ko", false);
  // The EGF readings are the EGF notes of line 91: without a note its ruleset reads the text as
  // written (Art. 9 §1 b 1-3; §3).
  const bool egf = reading_flag(q, "ru-go-1985.art9.p1.b", "egf-surrounding-alive", "as-written", false) &&
                   clause_applies(rs, "ru-go-1985.art9.p3.note1-egf");
  Value out = Value::map();
  out.set("verdict", Value::string(go::to_string(go::bent_four_verdict(s, egf))));
  if (s.long_cycle) {
    const bool replay = reading_flag(q, "ru-go-1985.art9.p3", "egf-replay", "white-favoured", false) &&
                        clause_applies(rs, "ru-go-1985.art9.p3.note1-egf.replay");
    out.set("long_cycle", Value::string(go::long_cycle_verdict(replay) == go::CycleVerdict::Replay ? "replay" : "white-favoured"));
  }
  return out;
}

void register_go1985_queries(std::vector<QueryInfo>& out) {
  out.push_back({"go", "bent-four", "1985 Art. 9: status of the group around a bent four in the corner, from the position's features", true, bent_four_query});
  out.push_back({"go", "stones", "stones of each colour in a set for a board size", true, stones_query});
  out.push_back({"go", "territory-score", "1985 totals (territory + prisoners) with komi and the half point", true, territory_query});
  out.push_back({"go", "handicap-points", "where the handicap stones go", true, handicap_points_query});
  out.push_back({"go", "time-control-i", "moves after two controls of system I, and the 300-move requirement", true, time_control_query});
  out.push_back({"go", "tie-break", "coefficient W and W - L for two players of a results table", false, tie_break_query});
  out.push_back({"go", "point-name", "how a codex names the point at a column and row", true, point_name_query});
  out.push_back({"go", "nigiri", "Ing's colour choice by guessing the parity of a handful", false, nigiri_query});
  out.push_back({"go", "swiss-tournament", "a Swiss tournament paired by the 1985 principles, results drawn from a seed", true,
                 swiss_tournament_query});
  out.push_back({"go", "level-tournament", "a level-system tournament paired by the 1985 principles, results drawn from a seed",
                 true, level_tournament_query});
  out.push_back({"go", "swiss-rounds", "the Swiss-system round brackets that contain a field size", false, swiss_query});
}

}  // namespace rulespec
