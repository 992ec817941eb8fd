// The decision tables the models execute (issue 45): the compiled object's hit policies, the
// tables a model consults agreeing with the C++ that decided before them on every combination of
// their inputs (that C++ lives on here only, as the oracle), param-valued rows following the
// ruleset, and an amendment's row changing the model's verdict and the cases it decides.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "amend/amend_eval.hpp"
#include "queries/decision_tables.hpp"
#include "queries/go_answers.hpp"
#include "model/tournament/teams.hpp"
#include "model/xiangqi/adjudicate.hpp"
#include "queries/query.hpp"
#include "queries/shogi_rules.hpp"
#include "reports/json_value.hpp"
#include "spec/amendment.hpp"
#include "spec/yaml_load.hpp"
#include "tests/amend_on_repo.hpp"
#include "tests/repo.hpp"

using namespace rulespec;

namespace {

using testing::repo_cases;
using testing::repo_spec;

// The C++ that decided the 27- and 24-point rules before the tables did (model/shogi/jishogi.cpp
// until issue 45), kept as the oracle the tables must agree with. +1 sente wins, -1 gote wins, 0
// nobody; both below the threshold it was silent (0).
int oracle_27(int sente, int gote, int threshold, std::optional<shogi::Side> tie_winner) {
  const bool sente_low = sente < threshold, gote_low = gote < threshold;
  if (sente_low && !gote_low) return -1;
  if (gote_low && !sente_low) return +1;
  if (!sente_low && sente == threshold && gote == threshold) return !tie_winner ? 0 : *tie_winner == shogi::Side::Sente ? +1 : -1;
  return 0;
}
int oracle_24(int sente, int gote, int threshold) {
  const bool sente_low = sente < threshold, gote_low = gote < threshold;
  if (sente_low == gote_low) return 0;
  return sente_low ? -1 : +1;
}

std::string model_verdict(const Spec& spec, const Ruleset& rs, int sente, int gote) {
  Value out = Value::map();
  shogi_point_rule_verdict(spec, rs, sente, gote, out);
  return out.find("verdict")->as_string();
}

// What `decide` answers for the table: its one outcome, "conflicting" or "undecided".
std::string table_outcome(const Spec& spec, const std::string& ruleset, const std::string& table, const std::string& inputs) {
  const Value answer = run_query(spec, parse_json(R"({"game":"shogi","query":"decide","ruleset":")" + ruleset + R"(","table":")" + table +
                                                      R"(","inputs":)" + inputs + "}",
                                                  "request", 1));
  const std::string verdict = answer.find("verdict")->as_string();
  return verdict == "decided" ? answer.find("outcome")->as_string() : verdict;
}

std::string points(int black, int white) {
  return R"({"black-points":)" + std::to_string(black) + R"(,"white-points":)" + std::to_string(white);
}

}  // namespace

TEST_CASE("a compiled decision table decides by its hit policy: any, first, priority") {
  rules::CompiledTable t;
  t.id = "test.table";
  t.inputs = {{"flag", {"black", "white", "both"}, 0, 0}, {"moves", {}, 0, 10}};
  t.rows = {{"black-flag", "white-wins", "c.a", 1, {{"flag", {"black", "both"}, 0, 0}}},
            {"white-flag", "black-wins", "c.b", 2, {{"flag", {"white", "both"}, 0, 0}}},
            {"short-game", "no-result", "c.c", 3, {{"moves", {}, 0, 2}}}};
  auto at = [](const std::string& flag, int moves) { return rules::TableCombination{{"flag", {flag, 0}}, {"moves", {"", moves}}}; };
  CHECK(rules::decide(t, at("black", 5)).outcome == "white-wins");
  const auto both = rules::decide(t, at("both", 5));
  CHECK(both.verdict == rules::TableVerdict::Conflicting);
  CHECK(both.outcomes == std::vector<std::string>{"white-wins", "black-wins"});
  CHECK(both.rows.size() == 2);
  t.policy = rules::HitPolicy::First;
  CHECK(rules::decide(t, at("both", 5)).outcome == "white-wins");
  CHECK(rules::decide(t, at("both", 5)).settled_by_policy);
  t.policy = rules::HitPolicy::Priority;
  t.order = {"no-result", "black-wins", "white-wins"};
  CHECK(rules::decide(t, at("both", 5)).outcome == "black-wins");
  CHECK(rules::decide(t, at("black", 1)).outcome == "no-result");
  // A fixed input (the reading the ruleset takes) needs no value; a missing input is an error.
  t.fixed["moves"] = {"", 7};
  CHECK(rules::decide(t, {{"flag", {"white", 0}}}).outcome == "black-wins");
  CHECK_THROWS_AS(rules::decide(t, {}), std::invalid_argument);
}

// Line 21 (jishogi.decisions.points-27) under every ruleset of the 27-point system: the verdict of
// the model is the table's, and it is the old C++'s on every split but one region: both sides below
// the threshold, which the 54 points of a full set never give (a count of camp and hand can):
// both rows of line 21 apply (conflicting, judged not a finding) and the C++ was silent.
TEST_CASE("jishogi: the 27-point rule the models execute is the table of line 21, and agrees with the C++ it replaced") {
  const Spec& spec = repo_spec();
  int rulesets = 0;
  for (const auto& id : spec.ruleset_ids("shogi")) {
    const Ruleset& rs = spec.ruleset(id);
    if (!rs.has_param("impasse_rule") || !rs.is("impasse_rule", "points-27")) continue;
    ++rulesets;
    const int threshold = static_cast<int>(rs.int_param("points_threshold"));
    const auto tie = shogi_tie_winner(rs);
    int conflicting = 0;
    for (int black = 0; black <= 54; ++black)
      for (int white = 0; white <= 54; ++white) {
        const std::string verdict = model_verdict(spec, rs, black, white);
        const std::string table = table_outcome(spec, id, "jishogi.decisions.points-27", points(black, white) + "}");
        INFO(id << " " << black << ":" << white << " model " << verdict << " table " << table);
        const std::string as_table = table == "black-wins" ? "sente-wins" : table == "white-wins" ? "gote-wins" : table;
        CHECK(verdict == as_table);
        if (black < threshold && white < threshold) {
          CHECK(verdict == "conflicting");
          ++conflicting;
          continue;
        }
        const int oracle = oracle_27(black, white, threshold, tie);
        const bool tied = black == threshold && white == threshold;
        CHECK(verdict == (oracle > 0 ? "sente-wins" : oracle < 0 ? "gote-wins" : tied ? "jishogi" : "undecided"));
      }
    CHECK(conflicting == threshold * threshold);
  }
  CHECK(rulesets >= 2);  // the amateur system, counted over all pieces and over camp and hand
}

// Line 11 (jishogi.decisions.points-24): the model asks the table with each claim. Where one side
// is below 24 the other may claim (the old C++'s winner); both at 24 or more is jishogi; both below
// (a handicap game) lets either claim by his own row, where the C++ was silent.
TEST_CASE("jishogi: the 24-point rule the models execute is the table of line 11, and agrees with the C++ it replaced") {
  const Spec& spec = repo_spec();
  const Ruleset& rs = spec.ruleset("jishogi-jsa-pro-24");
  REQUIRE(rs.is("impasse_rule", "points-24"));
  const int threshold = static_cast<int>(rs.int_param("draw_threshold"));
  int either = 0;
  for (int black = 0; black <= 54; ++black)
    for (int white = 0; white <= 54; ++white) {
      const std::string verdict = model_verdict(spec, rs, black, white);
      auto table = [&](const char* claim) {
        return table_outcome(spec, rs.id, "jishogi.decisions.points-24", points(black, white) + R"(,"claim":")" + claim + "\"}");
      };
      const std::string none = table("none"), by_black = table("by-black"), by_white = table("by-white");
      INFO(black << ":" << white << " model " << verdict << " table " << none << "/" << by_black << "/" << by_white);
      if (black < threshold && white < threshold) {
        CHECK(verdict == "either-may-claim");
        CHECK((none == "undecided" && by_black == "black-wins" && by_white == "white-wins"));
        ++either;
        continue;
      }
      const int oracle = oracle_24(black, white, threshold);
      CHECK(verdict == (oracle > 0 ? "sente-may-claim" : oracle < 0 ? "gote-may-claim" : "jishogi"));
      if (verdict == "jishogi") CHECK((none == "jishogi-replayed" && by_black == none && by_white == none));
      if (verdict == "sente-may-claim") CHECK((none == "undecided" && by_black == "black-wins" && by_white == "undecided"));
      if (verdict == "gote-may-claim") CHECK((none == "undecided" && by_white == "white-wins" && by_black == "undecided"));
    }
  CHECK(either == threshold * threshold);
}

// Rows whose bounds and outcomes are params follow the ruleset an amendment changes: the
// threshold moves the split where a side loses, tie_winner names the winner of the equal split.
TEST_CASE("jishogi: the table's param rows follow an amendment's points_threshold and tie_winner") {
  const Spec& base = repo_spec();
  auto amended = [&](const std::string& params) {
    const std::string yaml = "amendment:\n  id: t\n  codex: jishogi\n  title: \"t\"\n  rationale: \"t\"\n  rulesets: [jishogi-amateur-27]\nparams:\n" + params;
    return apply_amendment(base, parse_amendment(parse_yaml(yaml, "t.yaml"), "t.yaml", base));
  };
  CHECK(model_verdict(base, base.ruleset("jishogi-amateur-27"), 27, 27) == "gote-wins");
  const Spec sente = amended("  tie_winner: sente\n");
  CHECK(model_verdict(sente, sente.ruleset("jishogi-amateur-27"), 27, 27) == "sente-wins");
  const Spec none = amended("  tie_winner: none\n");
  CHECK(model_verdict(none, none.ruleset("jishogi-amateur-27"), 27, 27) == "jishogi");
  const Spec higher = amended("  points_threshold: 28\n");
  CHECK(model_verdict(higher, higher.ruleset("jishogi-amateur-27"), 27, 27) == "conflicting");
  CHECK(model_verdict(higher, higher.ruleset("jishogi-amateur-27"), 28, 26) == "sente-wins");
  CHECK(model_verdict(higher, higher.ruleset("jishogi-amateur-27"), 28, 28) == "gote-wins");
  // The table as the report shows it: the bound as written, the value the default ruleset gives.
  const DecisionTable* t = find_decision_table(base, base.ruleset("jishogi-amateur-27"), "jishogi.decisions.points-27");
  REQUIRE(t);
  CHECK(t->rows[0].when[0].max == 26);
  CHECK(t->rows[0].when[0].max_param.text() == "points_threshold - 1");
  CHECK(t->rows[2].outcome == "white-wins");
}

// The done-when of issue 45: a row changed through an amendment changes the model's verdict, and
// so every case that combination decides.
TEST_CASE("an amendment that changes a row of the 27-point table moves the cases of 27:27") {
  const Spec& base = repo_spec();
  const Amendment a = testing::table_amendment(
      "jishogi", "sente-wins-27-27", "jishogi-amateur-27", "jishogi.decisions.points-27", "replace_rows",
      "      - {id: tie-27-27, when: {black-points: {min: 27, max: 27}, white-points: {min: 27, max: 27}}, outcome: black-wins, "
      "clause: jishogi.points27.tie-27-gote-wins, line: 21}\n");
  const Spec after = apply_amendment(base, a);
  CHECK(model_verdict(after, after.ruleset("jishogi-amateur-27"), 27, 27) == "sente-wins");
  CHECK(model_verdict(after, after.ruleset("jishogi-amateur-27"), 26, 28) == "gote-wins");
  const auto moved = testing::moved_cases(testing::evaluate_on_repo(a), "jishogi-amateur-27", [](const Value& was, const Value& now) {
    return was.find("verdict") && now.find("verdict") && was.find("verdict")->as_string() == "gote-wins" &&
           now.find("verdict")->as_string() == "sente-wins";
  });
  INFO("moved: " << moved.size());
  CHECK(moved.size() >= 2);  // the piece-list adjudication and the board count of 27:27
}

namespace {
Value go_query(const std::string& query, const std::string& fields) {
  return run_query(repo_spec(), parse_json(R"({"game":"go","ruleset":"ru-go-1985","query":")" + query + "\"," + fields + "}", "request", 1));
}
}  // namespace

// Art. 20 c) and its note (ru-go-1985.decisions.lateness) as the lateness query executes them,
// against the C++ that decided before: a partner more than an hour late loses, both so late both
// lose. Every pair of arrivals up to four hours and beyond.
TEST_CASE("1985 Codex: lateness is the table of Art. 20 c), and agrees with the C++ it replaced") {
  auto oracle_loses = [](int minutes) { return minutes > 60; };
  int compared = 0;
  std::vector<int> minutes;
  for (int m = 0; m <= 130; ++m) minutes.push_back(m);
  for (int m : {180, 239, 240, 241, 1000}) minutes.push_back(m);
  for (int b : minutes)
    for (int w : minutes) {
      const Value out = go_query("lateness", R"("black_minutes":)" + std::to_string(b) + R"(,"white_minutes":)" + std::to_string(w));
      INFO(b << "/" << w << ": " << out.dump());
      CHECK(out.find("black_loses")->as_bool() == oracle_loses(b));
      CHECK(out.find("white_loses")->as_bool() == oracle_loses(w));
      ++compared;
    }
  CHECK(compared == 136 * 136);
}

// Art. 24 §§3-4 (ru-go-1985.decisions.withdrawal): before half his games the results stand and he
// is not ranked, from half on the rest is forfeited; every share of up to 40 games.
TEST_CASE("1985 Codex: a withdrawal is the table of Art. 24, and agrees with the C++ it replaced") {
  for (int scheduled = 1; scheduled <= 40; ++scheduled)
    for (int played = 0; played <= scheduled; ++played) {
      const Value out = go_query("withdrawal", R"("played":)" + std::to_string(played) + R"(,"scheduled":)" + std::to_string(scheduled));
      INFO(played << " of " << scheduled);
      CHECK(out.find("treatment")->as_string() == (2 * played < scheduled ? "results-stand-unranked" : "rest-forfeited-ranked"));
    }
}

// Ch. II Art. 5 §2 (ru-go-1985.decisions.team-appearance): a team with fewer than two thirds of
// its main line-up is removed; every turnout of line-ups up to 30.
TEST_CASE("1985 Codex: a team's quorum is the table of Ch. II Art. 5, and agrees with the C++ it replaced") {
  for (int main = 1; main <= 30; ++main)
    for (int present = 0; present <= main; ++present) {
      const Value out = go_query("team-quorum", R"("present":)" + std::to_string(present) + R"(,"main_lineup":)" + std::to_string(main));
      INFO(present << " of " << main);
      CHECK(out.find("removed")->as_bool() == (3 * present < 2 * main));
    }
}

namespace {
Spec amended_1985(const std::string& body) {
  const Spec& base = repo_spec();
  const std::string yaml = "amendment:\n  id: t\n  codex: ru-go-1985\n  title: \"t\"\n  rationale: \"t\"\n  rulesets: [ru-go-1985]\n" + body;
  return apply_amendment(base, parse_amendment(parse_yaml(yaml, "t.yaml"), "t.yaml", base));
}
// The coefficients before ru-go-1985.decisions.coefficient decided them (model/tournament until
// issue 45): the sum of the opponents' final scores, a bye counting the lowest final score of
// the event (nothing without note 3's bye sentence); in the level system the sum of the
// opponents' final levels, a bye adding nothing.
double oracle_buchholz(const tournament::SwissState& s, int player, bool bye_counts_lowest) {
  double lowest = s.players[0].score, sum = 0;
  for (const auto& p : s.players) lowest = std::min(lowest, p.score);
  for (int o : s.players[static_cast<size_t>(player)].opponents) sum += o >= 0 ? s.players[static_cast<size_t>(o)].score : bye_counts_lowest ? lowest : 0;
  return sum;
}
int oracle_level_coefficient(const tournament::LevelState& s, int player) {
  int sum = 0;
  for (int o : s.players[static_cast<size_t>(player)].opponents)
    if (o >= 0) sum += s.players[static_cast<size_t>(o)].level;
  return sum;
}
}  // namespace

// Ch. II Art. 12 note 3 and Art. 14 note 3 (ru-go-1985.decisions.coefficient, .tie-break) as the
// Swiss and level models execute them, against the C++ that decided before, over whole simulated
// events with byes (odd fields); without note 3's bye sentence the bye adds nothing, without the
// level coefficient equal levels stay tied, and an amended row changes both.
TEST_CASE("1985 Codex: the coefficient and tie-break are the tables of Ch. II Arts. 12 and 14, and agree with the C++ they replaced") {
  const Spec& base = repo_spec();
  const Spec no_bye_sentence = amended_1985("remove_clauses: [ru-go-1985.ch2.art12.note3.bye]\n");
  const Spec bye_adds_nothing = amended_1985(
      "decisions:\n  - id: ru-go-1985.decisions.coefficient\n    replace_rows:\n"
      "      - {id: swiss-bye, when: {system: swiss, round: bye}, outcome: nothing, clause: ru-go-1985.ch2.art12.note3.bye, line: 355}\n");
  int byes = 0, differ = 0;
  for (int players : {13, 14, 21}) {
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
      for (const Spec* spec : {&base, &no_bye_sentence, &bye_adds_nothing}) {
        const bool lowest = spec == &base;
        const auto rules = codex1985_swiss_rules(*spec, spec->ruleset("ru-go-1985"));
        const auto run = tournament::simulate_swiss(players, 7, seed, tournament::ColourBound::FinalTally, false, rules);
        REQUIRE(run.complete);
        for (int p = 0; p < players; ++p) {
          INFO(players << " players, seed " << seed << ", participant " << p + 1 << (lowest ? "" : ", amended"));
          CHECK(tournament::buchholz(run.state, p) == oracle_buchholz(run.state, p, lowest));
          byes += lowest && run.state.players[static_cast<size_t>(p)].had_bye;
          differ += oracle_buchholz(run.state, p, true) != oracle_buchholz(run.state, p, false);
        }
      }
    }
  }
  CHECK(byes > 0);
  CHECK(differ > 0);  // the bye's credit decided some coefficients

  const Spec no_level_coefficient = amended_1985("remove_clauses: [ru-go-1985.ch2.art14.note3.coefficient]\n");
  int separated = 0;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    std::vector<int> initial;
    for (int i = 0; i < 33; ++i) initial.push_back(i % 3);
    for (const Spec* spec : {&base, &no_level_coefficient}) {
      const auto rules = codex1985_level_rules(*spec, spec->ruleset("ru-go-1985"));
      CHECK(rules.coefficient == (spec == &base));
      const auto run = tournament::simulate_levels(initial, 9, seed, rules);
      REQUIRE(run.complete);
      const auto ranking = tournament::level_ranking(run.state);
      for (size_t k = 1; k < ranking.size(); ++k) {
        const auto& a = run.state.players[static_cast<size_t>(ranking[k - 1])];
        const auto& b = run.state.players[static_cast<size_t>(ranking[k])];
        if (a.level != b.level) continue;
        const int ca = oracle_level_coefficient(run.state, ranking[k - 1]), cb = oracle_level_coefficient(run.state, ranking[k]);
        INFO("seed " << seed << ", places " << k << " and " << k + 1);
        if (spec == &base) {
          CHECK(ca >= cb);
          separated += ca > cb;
        } else {
          CHECK(ranking[k - 1] < ranking[k]);  // tied: participant order
        }
      }
    }
  }
  CHECK(separated > 0);

  // The tie-break's Swiss row is what puts the coefficient in the answer.
  auto swiss = [](const Spec& spec) {
    return run_query(spec, parse_json(R"({"game":"go","ruleset":"ru-go-1985","query":"swiss-tournament","players":13,"rounds":7,"seed":3})", "request", 1));
  };
  CHECK(swiss(base).find("buchholz"));
  const Spec no_swiss_tie_break = amended_1985("decisions:\n  - id: ru-go-1985.decisions.tie-break\n    remove_rows: [swiss-default]\n");
  CHECK_FALSE(swiss(no_swiss_tie_break).find("buchholz"));
  const Spec unknown_credit = amended_1985(
      "decisions:\n  - id: ru-go-1985.decisions.coefficient\n    replace_rows:\n"
      "      - {id: swiss-bye, when: {system: swiss, round: bye}, outcome: half-a-point, clause: ru-go-1985.ch2.art12.note3.bye, line: 355}\n");
  CHECK_THROWS_WITH(swiss(unknown_credit), Catch::Contains("'half-a-point'"));
}

// Ch. II Art. 12 note 1 and Art. 14 note 1 (ru-go-1985.decisions.bye) as the draws execute them,
// against what the draw did before: the bye goes to someone of the lowest group (level) who has
// not had one and scores a '+' (a point; a step up). Without the row for the score a bye scores
// nothing; without the row for who sits out the lot picks anyone.
TEST_CASE("1985 Codex: the bye is the table of Ch. II Arts. 12 and 14, and agrees with the C++ it replaced") {
  const Spec& base = repo_spec();
  const Spec no_score = amended_1985("decisions:\n  - id: ru-go-1985.decisions.bye\n    remove_rows: [swiss-score, levels-score]\n");
  const Spec no_who = amended_1985("decisions:\n  - id: ru-go-1985.decisions.bye\n    remove_rows: [swiss-who]\n");
  int byes = 0, outside_lowest = 0;
  for (const Spec* spec : {&base, &no_score, &no_who}) {
    const auto rules = codex1985_swiss_rules(*spec, spec->ruleset("ru-go-1985"));
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      tournament::SwissState s;
      s.total_rounds = 7;
      s.rules = rules;
      s.players.assign(15, tournament::SwissPlayer{});
      std::vector<int> wins(15, 0);
      for (int r = 0; r < 7; ++r) {
        const auto p = tournament::pair_round(s, seed * 31 + static_cast<std::uint64_t>(r));
        REQUIRE(p);
        REQUIRE(p->bye >= 0);
        double lowest = 1e9;
        for (const auto& pl : s.players)
          if (!pl.had_bye) lowest = std::min(lowest, pl.score);
        const auto& sitting = s.players[static_cast<size_t>(p->bye)];
        const bool as_before = !sitting.had_bye && sitting.score == lowest;
        INFO("seed " << seed << ", round " << r + 1);
        if (spec != &no_who) CHECK(as_before);
        outside_lowest += spec == &no_who && !as_before;
        std::vector<bool> white_wins;
        for (size_t i = 0; i < p->boards.size(); ++i) white_wins.push_back(((seed >> (i % 5)) & 1) != 0);
        for (size_t i = 0; i < p->boards.size(); ++i) ++wins[static_cast<size_t>(white_wins[i] ? p->boards[i].first : p->boards[i].second)];
        tournament::apply_round(s, *p, white_wins);
      }
      for (size_t i = 0; i < 15; ++i) {
        const int bye_rounds = static_cast<int>(std::count(s.players[i].opponents.begin(), s.players[i].opponents.end(), -1));
        byes += spec == &base ? bye_rounds : 0;
        CHECK(s.players[i].score == wins[i] + (spec == &no_score ? 0 : bye_rounds));
      }
    }
  }
  CHECK(byes == 70);  // one per round: 10 seeds x 7 rounds
  CHECK(outside_lowest > 0);

  // The level system: a bye is a '+', a step up, and nothing without the row.
  for (const Spec* spec : {&base, &no_score}) {
    const auto rules = codex1985_level_rules(*spec, spec->ruleset("ru-go-1985"));
    tournament::LevelState s;
    s.total_rounds = 1;
    s.rules = rules;
    for (int level : {1, 1, 2}) s.players.push_back(tournament::LevelPlayer{level});
    const auto p = tournament::pair_level_round(s, 5);
    REQUIRE(p);
    CHECK(p->bye >= 0);
    CHECK(s.players[static_cast<size_t>(p->bye)].level == 1);  // from the lowest level
    const int before = s.players[static_cast<size_t>(p->bye)].level;
    tournament::apply_level_round(s, *p, std::vector<bool>(p->boards.size(), true));
    CHECK(s.players[static_cast<size_t>(p->bye)].level == before + (spec == &base ? 1 : 0));
  }
}

// Ch. II Art. 5 §4 (ru-go-1985.decisions.team-first-place) as team-standing executes it, against
// the C++ that decided the extra match before (model/tournament/teams.cpp until issue 45: the
// undefeated team exactly second on board points): every result of a four-team round robin on
// three boards, each extra-match result.
TEST_CASE("1985 Codex: team first place is the table of Ch. II Art. 5 §4, and agrees with the C++ it replaced") {
  const int pairs[6][2] = {{1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};
  int extra = 0, undefeated_first = 0, compared = 0;
  for (int code = 0; code < 4096; ++code) {
    std::string matches;
    tournament::TeamTable t{4, 3, {}};
    for (int m = 0, c = code; m < 6; ++m, c /= 4) {
      t.matches.push_back({pairs[m][0] - 1, pairs[m][1] - 1, c % 4});
      matches += std::string(m ? "," : "") + "[" + std::to_string(pairs[m][0]) + "," + std::to_string(pairs[m][1]) + "," + std::to_string(c % 4) + "]";
    }
    const auto s = tournament::team_standing(t);
    const bool oracle_extra = s.undefeated >= 0 && s.rank_by_board_points[static_cast<size_t>(s.undefeated)] == 2;
    int leaders = 0, leader = 0;
    for (int i = 0; i < 4; ++i)
      if (s.rank_by_board_points[static_cast<size_t>(i)] == 1) ++leaders, leader = i + 1;
    for (const std::string result : {"not-yet-played", "undefeated-team-wins", "leader-wins"}) {
      const Value out = go_query("team-standing", R"("teams":4,"boards":3,"extra_match_result":")" + result + R"(","matches":[)" + matches + "]");
      INFO(matches << ", extra match " << result << ": " << out.dump());
      CHECK(out.find("extra_match")->as_bool() == (oracle_extra && result == "not-yet-played"));
      const Value* first = out.find("first_place");
      if (oracle_extra) {
        if (result == "undefeated-team-wins") CHECK((first && first->as_int() == s.undefeated + 1));
        if (result == "leader-wins") CHECK((first && first->as_int() == leader));
        if (result == "not-yet-played") CHECK_FALSE(first);
      } else if (s.undefeated < 0 || s.rank_by_board_points[static_cast<size_t>(s.undefeated)] == 1) {
        if (leaders == 1) CHECK((first && first->as_int() == leader));
        else CHECK_FALSE(first);  // shared first: the regulations' tie-break (line 271)
        undefeated_first += s.undefeated >= 0 && leaders == 1;
      } else {
        CHECK(out.find("first_place_by")->as_string() == "undecided");  // third or lower: F-ru-go-1985-extra-match
      }
      extra += oracle_extra && result == "not-yet-played";
      ++compared;
    }
  }
  CHECK(compared == 3 * 4096);
  CHECK(extra > 0);
  CHECK(undefeated_first > 0);
  // Four teams cannot leave the undefeated one third; five can (case ru1985.teams.undefeated-third).
  const Value third = go_query("team-standing", R"("teams":5,"boards":6,"matches":[[1,2,4],[1,3,4],[1,4,4],[1,5,4],[2,3,3],[2,4,6],[2,5,6],[3,4,6],[3,5,6],[4,5,0]])");
  CHECK(third.find("undefeated_rank")->as_int() == 3);
  CHECK(third.find("first_place_by")->as_string() == "undecided");
  CHECK_FALSE(third.find("extra_match")->as_bool());
}

// Line 32-33 (rif-renju.decisions.pass-and-draw) as the query passes executes them, against the
// C++ that decided before (model/renju/openings.cpp's check_passes until issue 45): a pass is
// legal from the sixth stone on, two passes in a row draw, an agreement draws at once. Every
// sequence of up to nine stones, passes and agreements.
TEST_CASE("renju: passes and the draws are the table of lines 32-33, and agree with the C++ they replaced") {
  struct Verdict {
    bool legal = true;
    int rejected_at = 0;
    bool draw = false;
  };
  auto oracle = [](const std::vector<int>& events) {  // 0 stone, 1 pass, 2 agreement
    Verdict v;
    int stones = 0, passes = 0;
    for (std::size_t i = 0; i < events.size(); ++i) {
      if (events[i] == 2) return v.draw = true, v;
      if (events[i] == 0) {
        ++stones, passes = 0;
        continue;
      }
      if (stones < 6) return v.legal = false, v.rejected_at = static_cast<int>(i) + 1, v;
      if (++passes >= 2) return v.draw = true, v;
    }
    return v;
  };
  const char* names[] = {"stone", "pass", "agree-draw"};
  int compared = 0;
  for (int length = 0; length <= 9; ++length) {
    int count = 1;
    for (int k = 0; k < length; ++k) count *= 3;
    for (int code = 0; code < count; ++code) {
      std::vector<int> events;
      std::string list;
      for (int k = 0, c = code; k < length; ++k, c /= 3) {
        events.push_back(c % 3);
        list += std::string(list.empty() ? "" : ",") + "\"" + names[c % 3] + "\"";
      }
      const Value out = run_query(repo_spec(), parse_json(R"({"game":"renju","ruleset":"rif-renju","query":"passes","events":[)" + list + "]}", "request", 1));
      const Verdict expected = oracle(events);
      INFO(list << ": " << out.dump());
      CHECK(out.find("legal")->as_bool() == expected.legal);
      CHECK(out.find("draw")->as_bool() == expected.draw);
      if (!expected.legal) CHECK(out.find("rejected")->as_int() == expected.rejected_at);
      ++compared;
    }
  }
  CHECK(compared == (59049 - 1) / 2);  // 3^0 + ... + 3^9
}

// The test play of 1985 Art. 11 §2 (ru-go-1985.decisions.test-play-first, a decision point with no
// row in the text): the query's first player and fate agree with the search on who moves first,
// for a black and a white disputed group, with the table as written (no row: the fate under each
// choice) and with each outcome a committee can add as a row. The oracle is the life search itself.
TEST_CASE("1985 test play: who moves first is the decision point's row, and the group's fate follows it") {
  const std::vector<std::string> white_straight_three = {"...OX.", "OOOOX.", "XXXXX.", "......", "......", "......"};
  auto swapped = [](std::vector<std::string> rows) {
    for (auto& r : rows)
      for (auto& c : r) c = c == 'X' ? 'O' : c == 'O' ? 'X' : c;
    return rows;
  };
  const std::vector<std::string> white_two_eyes = {".O.OX.", "OOOOX.", "XXXXX.", "......", "......", "......"};
  struct Position {
    std::vector<std::string> rows;
    std::string owner;
  };
  const std::vector<Position> positions = {{white_straight_three, "white"}, {swapped(white_straight_three), "black"},
                                           {white_two_eyes, "white"}, {swapped(white_two_eyes), "black"}};
  auto rows_json = [](const std::vector<std::string>& rows) {
    std::string out;
    for (const auto& r : rows) out += std::string(out.empty() ? "" : ",") + "\"" + r + "\"";
    return "[" + out + "]";
  };
  for (const std::string& rule : {std::string(), std::string("owner-first"), std::string("opponent-first")}) {
    const Spec spec = rule.empty() ? repo_spec()
                                   : amended_1985("decisions:\n  - id: ru-go-1985.decisions.test-play-first\n    add_rows:\n"
                                                  "      - {id: rule, when: {disputed-group: [black, white]}, outcome: " + rule +
                                                  ", clause: ru-go-1985.art11.p2.disputes, line: 103}\n");
    for (const auto& p : positions) {
      const std::string rows = rows_json(p.rows);
      const Value life = run_query(spec, parse_json(R"({"game":"go","ruleset":"ru-go-1985","query":"life","target":"B5","rows":)" + rows + "}", "request", 1));
      const Value play = run_query(spec, parse_json(R"({"game":"go","ruleset":"ru-go-1985","query":"test-play","target":"B5","rows":)" + rows + "}", "request", 1));
      INFO(rule << " " << rows << ": " << play.dump());
      const std::string if_owner = life.find("owner_first")->as_string() == "survives" ? "alive" : "dead";
      const std::string if_opponent = life.find("attacker_first")->as_string() == "survives" ? "alive" : "dead";
      CHECK(play.find("owner")->as_string() == p.owner);
      if (rule.empty()) {
        CHECK(play.find("first")->as_string() == "not-said");
        CHECK(play.find("group")->as_string() == (if_owner == if_opponent ? if_owner : "unsettled"));
        CHECK(play.find("if_owner_first")->as_string() == if_owner);
        CHECK(play.find("if_opponent_first")->as_string() == if_opponent);
      } else {
        const bool owner_first = rule == "owner-first";
        const std::string opponent = p.owner == "white" ? "black" : "white";
        CHECK(play.find("first")->as_string() == (owner_first ? p.owner : opponent));
        CHECK(play.find("group")->as_string() == (owner_first ? if_owner : if_opponent));
      }
    }
  }
  // The straight three is the position where the choice decides: alive one way, dead the other.
  const Value three = run_query(repo_spec(), parse_json(R"({"game":"go","ruleset":"ru-go-1985","query":"test-play","target":"B5","rows":)" +
                                                            rows_json(white_straight_three) + "}", "request", 1));
  CHECK(three.find("group")->as_string() == "unsettled");
}

// A table that says a model consults it has its agreement test above; the rest say why no model
// computes their inputs, or are listed as not consulted yet (the report says which).
TEST_CASE("every decision table a query consults names a query of its game, and has its agreement test") {
  const std::set<std::string> agreement_tested = {"jishogi.decisions.points-27", "jishogi.decisions.points-24", "ru-go-1985.decisions.lateness",
                                                  "ru-go-1985.decisions.withdrawal", "ru-go-1985.decisions.team-appearance",
                                                  "ru-go-1985.decisions.coefficient", "ru-go-1985.decisions.tie-break",
                                                  "ru-go-1985.decisions.bye", "ru-go-1985.decisions.team-first-place",
                                                  "rif-renju.decisions.pass-and-draw", "ru-go-1985.decisions.test-play-first",
                                                  "ing-1996.decisions.count",                   // tests/test_decision_tables_ing.cpp
                                                  "ing-1996.decisions.end-of-play",             // tests/test_decision_tables_ing_end.cpp
                                                  "jishogi.decisions.declaration",              // tests/test_decision_tables_shogi.cpp
                                                  "rif-renju.decisions.move-result",            // tests/test_decision_tables_renju.cpp
                                                  "axf-1982.decisions.cycle-part",              // tests/test_decision_tables_xiangqi.cpp
                                                  "axf-1982.decisions.repetition-cycle",
                                                  "cxa.decisions.cycle-part",
                                                  "cxa.decisions.repetition-cycle"};
  std::set<std::string> consulted;
  for (const auto& cx : repo_spec().codices())
    for (const auto& t : cx.decisions) {
      for (const auto& q : t.consulted_by) {
        INFO(t.id << " consulted_by " << q);
        CHECK(std::any_of(queries().begin(), queries().end(), [&](const QueryInfo& i) { return i.game == cx.game && i.name == q; }));
      }
      if (!t.consulted_by.empty()) consulted.insert(t.id);
      // A table that juxtaposes consulted tables names consulted tables of its codex, and has its
      // agreement test (jishogi.decisions.jsa-declaration: tests/test_decision_tables_shogi.cpp).
      for (const auto& id : t.executed_through) {
        INFO(t.id << " executed_through " << id);
        const auto other = std::find_if(cx.decisions.begin(), cx.decisions.end(), [&](const DecisionTable& x) { return x.id == id; });
        REQUIRE(other != cx.decisions.end());
        CHECK_FALSE(other->consulted_by.empty());
      }
      if (!t.executed_through.empty()) CHECK(t.id == "jishogi.decisions.jsa-declaration");
    }
  CHECK(consulted == agreement_tested);
}

// The kinds the xiangqi model gives a side's part of a repetition cycle are values of both
// codices' cycle-part tables, so that the model can ask them (issue 45, item 1).
TEST_CASE("the xiangqi model's loop kinds are the cycle-part tables' values") {
  for (const char* id : {"axf-1982", "cxa"}) {
    const DecisionTable* t = find_decision_table(repo_spec(), repo_spec().ruleset(id), std::string(id) + ".decisions.cycle-part");
    REQUIRE(t);
    const auto kind = std::find_if(t->inputs.begin(), t->inputs.end(), [](const DecisionInput& in) { return in.name == "kind"; });
    REQUIRE(kind != t->inputs.end());
    for (const auto& k : xiangqi::cycle_kinds()) {
      INFO(id << " " << k);
      CHECK(std::find(kind->values.begin(), kind->values.end(), k) != kind->values.end());
    }
  }
}
