// The decision tables the models execute (issue 45): the compiled object's hit policies, the
// tables a model consults agreeing with the C++ that decided before them on every combination of
// their inputs (that C++ lives on here only, as the oracle), param-valued rows following the
// ruleset, and an amendment's row changing the model's verdict and the cases it decides.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "amend/amend_eval.hpp"
#include "queries/decision_tables.hpp"
#include "queries/query.hpp"
#include "queries/shogi_rules.hpp"
#include "reports/json_value.hpp"
#include "spec/amendment.hpp"
#include "spec/yaml_load.hpp"
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
// the threshold (a handicap game, or a count of camp and hand) where line 21 makes each side lose
// (conflicting, F-jishogi-handicap-points) and the C++ was silent.
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
  const std::string yaml =
      "amendment:\n  id: sente-wins-27-27\n  codex: jishogi\n  title: \"27:27 goes to Black\"\n  rationale: \"t\"\n"
      "  rulesets: [jishogi-amateur-27]\ndecisions:\n  - id: jishogi.decisions.points-27\n    replace_rows:\n"
      "      - {id: tie-27-27, when: {black-points: {min: 27, max: 27}, white-points: {min: 27, max: 27}}, outcome: black-wins, "
      "clause: jishogi.points27.tie-27-gote-wins, line: 21}\n";
  const Amendment a = parse_amendment(parse_yaml(yaml, "sente-wins-27-27.yaml"), "sente-wins-27-27.yaml", base);
  const Spec after = apply_amendment(base, a);
  CHECK(model_verdict(after, after.ruleset("jishogi-amateur-27"), 27, 27) == "sente-wins");
  CHECK(model_verdict(after, after.ruleset("jishogi-amateur-27"), 26, 28) == "gote-wins");
  SuiteOptions opt;
  opt.jobs = 2;
  const BaseRun run = run_base(base, repo_cases(), opt, a.codex, amend_cache_dir());
  const auto e = evaluate_amendment(base, a, repo_cases(), opt, false, &run);
  std::set<std::string> moved;
  for (const auto& c : e.cases)
    if (c.ruleset == "jishogi-amateur-27" && c.before.find("verdict") && c.after.find("verdict") &&
        c.before.find("verdict")->as_string() == "gote-wins" && c.after.find("verdict")->as_string() == "sente-wins")
      moved.insert(c.case_id);
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

// A table that says a model consults it has its agreement test above; the rest say why no model
// computes their inputs, or are listed as not consulted yet (the report says which).
TEST_CASE("every decision table a query consults names a query of its game, and has its agreement test") {
  const std::set<std::string> agreement_tested = {"jishogi.decisions.points-27", "jishogi.decisions.points-24", "ru-go-1985.decisions.lateness",
                                                  "ru-go-1985.decisions.withdrawal", "ru-go-1985.decisions.team-appearance",
                                                  "rif-renju.decisions.pass-and-draw"};
  std::set<std::string> consulted;
  for (const auto& cx : repo_spec().codices())
    for (const auto& t : cx.decisions) {
      for (const auto& q : t.consulted_by) {
        INFO(t.id << " consulted_by " << q);
        CHECK(std::any_of(queries().begin(), queries().end(), [&](const QueryInfo& i) { return i.game == cx.game && i.name == q; }));
      }
      if (!t.consulted_by.empty()) consulted.insert(t.id);
    }
  CHECK(consulted == agreement_tested);
}
