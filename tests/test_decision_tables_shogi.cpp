// The jishogi declaration as the models execute it (issue 45): the verdict of lines 27-38 is the
// table jishogi.decisions.declaration. Under every ruleset with a declaration the model agrees
// with the table and with the C++ that decided before it (shogi::declare, kept as the oracle) on
// every combination of declarer, king, points, pieces in the camp, time and check, and an
// amendment's row changes the verdict and the cases it decides.
#include <catch2/catch.hpp>

#include <algorithm>

#include "queries/decision_tables.hpp"
#include "queries/query.hpp"
#include "queries/shogi_rules.hpp"
#include "queries/switches.hpp"
#include "reports/json_value.hpp"
#include "tests/amend_on_repo.hpp"
#include "tests/repo.hpp"

using namespace rulespec;

namespace {

using testing::repo_spec;

// A declaration with exactly `points` counted and `pieces` in the camp: one-point pieces in the
// camp, the rest in hand (so points >= pieces under the line 23 values).
shogi::DeclarationFacts facts_for(bool sente, bool king, int points, int pieces, bool in_time, bool in_check) {
  shogi::DeclarationFacts f;
  f.declarer = sente ? shogi::Side::Sente : shogi::Side::Gote;
  f.king_in_enemy_camp = king;
  f.in_enemy_camp.pawn = pieces;
  f.in_hand.pawn = points - pieces;
  f.within_time = in_time;
  f.in_check = in_check;
  return f;
}

std::string oracle(const Ruleset& rs, const shogi::DeclarationFacts& f) {
  const auto v = shogi::declare(f, shogi_declaration_rules(rs));
  return v.wins ? "win" : v.draw ? "draw" : "lose";
}

}  // namespace

TEST_CASE("jishogi: the declaration the models execute is the table of lines 27-38, and agrees with the C++ it replaced") {
  const Spec& spec = repo_spec();
  int rulesets = 0, banded = 0, no_minimum = 0;
  for (const auto& id : spec.ruleset_ids("shogi")) {
    const Ruleset& rs = spec.ruleset(id);
    if (rs.codex != "jishogi" || !rs.bool_param("declaration")) continue;
    ++rulesets;
    banded += rs.int_param("declare_draw_points") > 0;
    no_minimum += rs.int_param("declare_points_sente") == 0;
    const rules::CompiledTable table = compile_table(spec, rs, "jishogi.decisions.declaration");
    int checked = 0;
    for (bool sente : {true, false})
      for (bool king : {true, false})
        for (bool in_time : {true, false})
          for (bool in_check : {false, true})
            for (int pieces = 0; pieces <= 26; ++pieces)
              for (int points = pieces; points <= 54; ++points) {
                const auto f = facts_for(sente, king, points, pieces, in_time, in_check);
                const DeclarationOutcome model = shogi_declaration_verdict(spec, rs, f);
                INFO(id << (sente ? " sente" : " gote") << " king " << king << " points " << points << " pieces " << pieces << " time " << in_time
                        << " check " << in_check);
                REQUIRE(model.points == points);
                CHECK(model.verdict == oracle(rs, f));
                // The table alone (the band is no row of it): its outcome is the model's but for the band's draws.
                const auto d = rules::decide(table, {{"declarer", {sente ? "black" : "white", 0}}, {"turn", {"own-before-move", 0}},
                                                     {"king-in-camp", {king ? "yes" : "no", 0}}, {"points", {"", points}},
                                                     {"pieces-in-camp", {"", pieces}}, {"time", {in_time ? "main-or-byoyomi" : "expired", 0}},
                                                     {"in-check", {in_check ? "yes" : "no", 0}}});
                REQUIRE(d.verdict == rules::TableVerdict::Decided);
                CHECK((d.outcome == "declarer-wins") == (model.verdict == "win"));
                // Every failed condition is reported, the ones the oracle finds failed.
                const auto v = shogi::declare(f, shogi_declaration_rules(rs));
                for (int c = 1; c <= 6; ++c)
                  CHECK(v.conditions[c] == (std::find(model.failed.begin(), model.failed.end(), declaration_condition_clause(c)) == model.failed.end()));
                ++checked;
              }
    CHECK(checked > 4000);
  }
  CHECK(rulesets >= 4);
  CHECK(banded >= 1);      // csa-24: 24-30 points jishogi
  CHECK(no_minimum >= 1);  // jishogi-jsa-2013: no condition 2
}

TEST_CASE("jishogi: a declaration condition switched off takes its row out of the table") {
  const Spec& spec = repo_spec();
  const Ruleset& rs = spec.ruleset("jishogi-amateur-27");
  const auto outside = facts_for(true, false, 30, 12, true, false);  // the king outside the camp
  CHECK(shogi_declaration_verdict(spec, rs, outside).verdict == "lose");
  ClauseSwitchedOff off("jishogi.declaration.cond1-king-in-camp");
  CHECK(shogi_declaration_verdict(spec, rs, outside).verdict == "win");
}

TEST_CASE("jishogi: an amendment's row of the declaration moves the verdict of a board the cases declare on") {
  // Condition 4 at eight pieces instead of ten: the declarer with nine pieces in the camp now wins.
  const Amendment a = testing::table_amendment(
      "jishogi", "eight-pieces", "jishogi-amateur-27", "jishogi.decisions.declaration", "replace_rows",
      "      - {id: fails-4-pieces, when: {turn: own-before-move, pieces-in-camp: {max: 7}}, outcome: declarer-loses, "
      "clause: jishogi.declaration.cond4-ten-pieces, line: 34}\n");
  const Spec changed = apply_amendment(repo_spec(), a);
  const auto nine = facts_for(true, true, 30, 9, true, false);
  CHECK(shogi_declaration_verdict(repo_spec(), repo_spec().ruleset("jishogi-amateur-27"), nine).verdict == "lose");
  CHECK(shogi_declaration_verdict(changed, changed.ruleset("jishogi-amateur-27"), nine).verdict == "win");
  const Value answer = run_query(changed, parse_json(R"({"game":"shogi","query":"declare-facts","ruleset":"jishogi-amateur-27",)"
                                                     R"("declarer":"sente","in_camp":"9P","in_hand":"R B 11P"})",
                                                     "request", 1));
  CHECK(answer.find("verdict")->as_string() == "win");
  CHECK(answer.find("conditions")->find("4")->as_bool());
}

// jishogi.decisions.jsa-declaration sets line 11 beside line 40 (executed_through): its rows of
// each line decide as the table the ruleset taking that line executes, on every combination of
// points and a sample of the conditions: line 40's as the declaration under jishogi-jsa-2013,
// line 11's (both kings entered) as points-24 under jishogi-jsa-pro-24 with the declarer claiming.
TEST_CASE("jishogi: the JSA table's rows of lines 11 and 40 decide as the tables the two JSA rulesets execute") {
  const Spec& spec = repo_spec();
  const auto jsa = compile_table(spec, spec.ruleset("jishogi-jsa-2013"), "jishogi.decisions.jsa-declaration");
  const auto declaration = compile_table(spec, spec.ruleset("jishogi-jsa-2013"), "jishogi.decisions.declaration");
  const auto points24 = compile_table(spec, spec.ruleset("jishogi-jsa-pro-24"), "jishogi.decisions.points-24");
  // The outcome of the rows of one line (11, or the declaration's 38 and 40): "" when none matches.
  auto by_line = [](const rules::TableDecision& d, bool line_11) {
    std::string outcome;
    for (const rules::TableRow* row : d.rows)
      if ((row->line == 11) == line_11 && (outcome.empty() || row->outcome == "declarer-loses")) outcome = row->outcome;
    return outcome;
  };
  auto yes = [](bool b) { return std::string(b ? "yes" : "no"); };
  int compared_11 = 0, compared_40 = 0;
  for (bool king : {true, false})
    for (bool opponent_king : {true, false})
      for (int pieces : {0, 9, 10, 26})
        for (bool in_time : {true, false})
          for (bool in_check : {false, true})
            for (int mine = 0; mine <= 54; ++mine)
              for (int theirs = 0; theirs <= 54; ++theirs) {
                const rules::TableCombination conditions = {
                    {"king-in-camp", {yes(king), 0}}, {"pieces-in-camp", {"", pieces}},
                    {"time", {in_time ? "main-or-byoyomi" : "expired", 0}}, {"in-check", {yes(in_check), 0}}};
                auto at = conditions;
                at["opponent-king-in-camp"] = {yes(opponent_king), 0};
                at["declarer-points"] = {"", mine};
                at["opponent-points"] = {"", theirs};
                const auto d = rules::decide(jsa, at);
                INFO("king " << king << " opponent king " << opponent_king << " pieces " << pieces << " time " << in_time << " check "
                              << in_check << " points " << mine << ":" << theirs);
                auto declared = conditions;
                declared["declarer"] = {"black", 0};
                declared["turn"] = {"own-before-move", 0};
                declared["points"] = {"", mine};
                const auto line_40 = rules::decide(declaration, declared);
                REQUIRE(line_40.verdict == rules::TableVerdict::Decided);
                CHECK(by_line(d, false) == line_40.outcome);
                ++compared_40;
                if (!king || !opponent_king) {
                  CHECK(by_line(d, true).empty());  // line 11 is for double entering kings (line 7)
                  continue;
                }
                const auto line_11 = rules::decide(points24, {{"black-points", {"", mine}}, {"white-points", {"", theirs}}, {"claim", {"by-black", 0}}});
                const std::string expected = line_11.verdict != rules::TableVerdict::Decided ? ""
                                             : line_11.outcome == "black-wins"              ? "declarer-wins"
                                                                                            : line_11.outcome;
                CHECK(by_line(d, true) == expected);
                ++compared_11;
              }
  CHECK(compared_40 == 2 * 2 * 4 * 2 * 2 * 55 * 55);
  CHECK(compared_11 == 4 * 2 * 2 * 55 * 55);
}
