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
