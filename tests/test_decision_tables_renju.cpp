// What one renju stone decides, as the models execute it (issue 45): the table
// rif-renju.decisions.move-result. Under every renju ruleset, and with each clause its rows cite
// switched off, the model's answer equals the C++ that decided before it (kept here as the
// oracle, from the foul rules as the foul model reads them) on every combination of the table's
// inputs; the queries play and result answer from the table; an amendment's row moves the cases
// its combination decides.
#include <catch2/catch.hpp>

#include "model/renju/forks.hpp"
#include "queries/decision_tables.hpp"
#include "queries/query.hpp"
#include "queries/renju_rules.hpp"
#include "queries/switches.hpp"
#include "reports/json_value.hpp"
#include "tests/amend_on_repo.hpp"
#include "tests/repo.hpp"

using namespace rulespec;

namespace {

using testing::repo_spec;

struct OldVerdict {
  std::string outcome;
  renju::Foul foul = renju::Foul::None;
};

// The judgement queries/queries_renju_board.cpp made before the table (renju::foul_fast's order of
// fouls, then the win, then line 33's draw), from the stone's counts.
OldVerdict old_judgement(const Ruleset& rs, const renju::FoulRules& r, bool white, bool exact_five, bool overline, int fours, int threes,
                         bool five_possible) {
  const bool five = exact_five || (r.long_row_is_five && overline);
  const bool draws = clause_applies(rs, "rif-renju.result.no-five-possible-draw");
  if (white) {
    if ((five && r.five_wins) || (overline && r.white_overline_wins)) return {"white-wins"};
    return {!five_possible && draws ? "draw" : "play-on"};
  }
  renju::Foul foul = renju::Foul::None;
  if (!(r.five_exempts && five)) {
    if (r.overline && overline) foul = renju::Foul::Overline;
    else if (r.forks.double_four && fours >= 2) foul = renju::Foul::DoubleFour;
    else if (r.forks.double_three && threes >= 2) foul = renju::Foul::DoubleThree;
    else if (r.forks.multi_fork && renju::fork_multiplicity(fours, threes) > 2) foul = renju::Foul::MultiFork;
  }
  if (foul != renju::Foul::None) return {"black-loses", foul};
  if ((five && r.five_wins) || (overline && rs.is("overline_black", "win"))) return {"black-wins"};
  return {!five_possible && draws ? "draw" : "play-on"};
}

// Every combination of the table's inputs under the ruleset as it stands (switches included).
int agree_on_every_combination(const Spec& spec, const Ruleset& rs, const std::string& label) {
  const RenjuMoveRules rules(spec, rs);
  int checked = 0;
  for (bool white : {false, true})
    for (bool five : {false, true})
      for (bool overline : {false, true})
        for (int fours = 0; fours <= 4; ++fours)
          for (int threes = 0; threes <= 4; ++threes)
            for (bool possible : {true, false}) {
              if (white && (fours || threes)) continue;  // White's threats decide nothing and are not counted
              INFO(label << (white ? " white" : " black") << " five " << five << " overline " << overline << " fours " << fours << " threes "
                         << threes << " five-possible " << possible);
              const OldVerdict want = old_judgement(rs, rules.fouls(), white, five, overline, fours, threes, possible);
              ++checked;
              const RenjuStoneResult got = rules.decide_at(rules.facts(white, five, overline, fours, threes), possible);
              CHECK(got.outcome == want.outcome);
              CHECK(renju::foul_name(got.foul) == std::string(renju::foul_name(want.foul)));
              // The lazy question: asked only where the answer depends on it, and then the same.
              bool asked = false;
              const RenjuStoneResult lazy = rules.decide(rules.facts(white, five, overline, fours, threes), [&] {
                asked = true;
                return possible;
              });
              CHECK(lazy.outcome == got.outcome);
              CHECK(asked == lazy.asked_five_possible);
            }
  return checked;
}

// The committee's trial of a renju without the 3x3 ban: the row black-double-three made play-on
// for a stone with at most `fours` fours.
Amendment three_three_allowed(int fours) {
  return testing::table_amendment("rif-renju", "three-three-allowed", "rif-renju", "rif-renju.decisions.move-result", "replace_rows",
                                  "      - {id: black-double-three, when: {mover: black, five: \"no\", overline: \"no\", threes: {min: 2}, fours: {max: " +
                                      std::to_string(fours) + "}, five-possible: \"yes\"}, outcome: play-on, clause: rif-renju.foul.black-double-three, line: 53}\n");
}

}  // namespace

TEST_CASE("renju: what a stone decides is the table move-result, and agrees with the C++ it replaced under every ruleset") {
  const Spec& spec = repo_spec();
  int rulesets = 0, without_fouls = 0, literal = 0, freestyle = 0;
  for (const auto& id : spec.ruleset_ids("renju")) {
    const Ruleset& rs = spec.ruleset(id);
    if (rs.codex != "rif-renju") continue;
    ++rulesets;
    const auto fouls = renju_foul_rules(spec, rs);
    without_fouls += !fouls.overline && !fouls.forks.double_three;
    literal += !fouls.five_exempts;
    freestyle += rs.is("overline_black", "win");
    CHECK(agree_on_every_combination(spec, rs, id) == 2 * 2 * 2 * 5 * 5 * 2 / 2 + 2 * 2 * 2 * 2 / 2);
  }
  CHECK(rulesets >= 10);
  CHECK(without_fouls >= 3);  // gomoku-15 and the rulesets built on it (line 111)
  CHECK(literal == 1);        // rif-renju-literal-foul
  CHECK(freestyle == 1);      // gomocup-freestyle
}

TEST_CASE("renju: each clause the table's rows cite, switched off, takes its rows out as the old model dropped its rule") {
  const Spec& spec = repo_spec();
  for (const char* clause : {"rif-renju.result.five-wins", "rif-renju.overline.black-foul", "rif-renju.foul.black-double-three",
                             "rif-renju.foul.black-double-four", "rif-renju.overline.white-wins-basic", "rif-renju.result.five-with-foul",
                             "rif-renju.result.no-five-possible-draw", "rif-renju.related.no-fouls"}) {
    ClauseSwitchedOff off(clause);
    for (const char* id : {"rif-renju", "gomoku-15", "rif-renju-literal-foul"}) agree_on_every_combination(spec, spec.ruleset(id), std::string(clause) + " off, " + id);
  }
  // Without the 3x3 row a 3x3 plays on, where the table decided a loss before.
  const RenjuMoveRules with(spec, spec.ruleset("rif-renju"));
  CHECK(with.decide_at(with.facts(false, false, false, 0, 2), true).outcome == "black-loses");
  ClauseSwitchedOff off("rif-renju.foul.black-double-three");
  const RenjuMoveRules without(spec, spec.ruleset("rif-renju"));
  CHECK(without.decide_at(without.facts(false, false, false, 0, 2), true).outcome == "play-on");
}

TEST_CASE("renju: the reading of a five made with a foul settles the table's overlap, and a win or a foul comes before line 33's draw") {
  const Spec& spec = repo_spec();
  const RenjuMoveRules intent(spec, spec.ruleset("rif-renju")), literal(spec, spec.ruleset("rif-renju-literal-foul"));
  // A five with an overline in another line, the last window closing.
  const auto stone = intent.facts(false, true, true, 0, 0);
  const auto five_wins = intent.decide_at(stone, false), foul_loses = literal.decide_at(stone, false);
  CHECK(five_wins.outcome == "black-wins");
  CHECK(five_wins.row == "black-five");
  CHECK(foul_loses.outcome == "black-loses");
  CHECK(foul_loses.row == "black-overline");
  // The overlap is the table's, not the model's: without the reading's precedence the rows conflict.
  const rules::CompiledTable written = compile_table(spec, spec.ruleset("rif-renju"), "rif-renju.decisions.move-result");
  const auto d = rules::decide(written, {{"mover", {"black", 0}}, {"five", {"yes", 0}}, {"overline", {"yes", 0}}, {"threes", {"", 0}},
                                         {"fours", {"", 0}}, {"five-possible", {"yes", 0}}});
  CHECK(d.verdict == rules::TableVerdict::Conflicting);
}

TEST_CASE("renju: the queries answer from the table, and an amendment's row moves the cases its combination decides") {
  // The 3x3 of fig. 5 a, as the table's row decides it, then the row changed to play on.
  const std::string request = R"({"game":"renju","query":"play","ruleset":"rif-renju","black":["f8","g8","h6","h7"],)"
                              R"("white":["a1","a2","a3","a4"],"colour":"black","move":"h8"})";
  const Value before = run_query(repo_spec(), parse_json(request, "request", 1));
  CHECK(before.find("result")->as_string() == "black-loses");
  CHECK(before.find("row")->as_string() == "black-double-three");
  const Amendment a = three_three_allowed(1);
  const Spec changed = apply_amendment(repo_spec(), a);
  const Value after = run_query(changed, parse_json(request, "request", 1));
  CHECK(after.find("result")->as_string() == "none");
  CHECK_FALSE(after.find("foul")->as_bool());
  const auto moved = testing::moved_cases(testing::evaluate_on_repo(a), "rif-renju", [](const Value& was, const Value& now) {
    const Value* r0 = was.find("result");
    const Value* r1 = now.find("result");
    return r0 && r1 && r0->dump() != r1->dump();
  });
  CHECK(moved.count("renju.fig5.a-double-three") == 1);
  CHECK(moved.count("renju.game.double-three-loses") == 0);  // under rif-renju-no-opening, not the amended ruleset
  CHECK(moved.count("renju.fig5.b-double-four") == 0);
}

TEST_CASE("renju: line 53's multi-fork rows decide where a committee changes the 3x3 row, as the text's third ban would") {
  // The 3x3 made no foul by an amendment of its row: the 4x3x3 of fig. 5 d stays a foul, by the
  // multi-fork rows (dead under the text, deciding here); under the text the 3x3 row decides it.
  const Spec changed = apply_amendment(repo_spec(), three_three_allowed(0));
  const RenjuMoveRules before(repo_spec(), repo_spec().ruleset("rif-renju")), after(changed, changed.ruleset("rif-renju"));
  CHECK(before.decide_at(before.facts(false, false, false, 0, 2), true).outcome == "black-loses");
  CHECK(after.decide_at(after.facts(false, false, false, 0, 2), true).outcome == "play-on");
  const auto four_three_three = after.decide_at(after.facts(false, false, false, 1, 2), true);
  CHECK(four_three_three.outcome == "black-loses");
  CHECK(four_three_three.row == "black-multi-fork-four-three-three");
  CHECK(four_three_three.foul == renju::Foul::MultiFork);
  CHECK(before.decide_at(before.facts(false, false, false, 1, 2), true).foul == renju::Foul::DoubleThree);
  // Without the third ban's param the fork plays on too.
  const Spec no_multi = apply_amendment(changed, testing::param_amendment("rif-renju", "no-multi-fork", "rif-renju", "foul_multi_fork", Value::boolean(false)));
  const RenjuMoveRules neither(no_multi, no_multi.ruleset("rif-renju"));
  CHECK(neither.decide_at(neither.facts(false, false, false, 1, 2), true).outcome == "play-on");
}

TEST_CASE("renju: rows that conflict only where no five is possible leave a stone that keeps a five possible answered") {
  // An amendment's row that gives Black the win when the last window closes conflicts with line
  // 33's draw there, and nowhere else.
  const Spec changed = apply_amendment(
      repo_spec(), testing::table_amendment("rif-renju", "last-window-black", "rif-renju", "rif-renju.decisions.move-result", "add_rows",
                                            "      - {id: last-window-black, when: {mover: black, five: \"no\", overline: \"no\", threes: {max: 1}, "
                                            "fours: {max: 1}, five-possible: \"no\"}, outcome: black-wins, clause: rif-renju.result.no-five-possible-draw, line: 33}\n"));
  const RenjuMoveRules rules(changed, changed.ruleset("rif-renju"));
  const auto quiet = rules.facts(false, false, false, 0, 0);
  CHECK(rules.decide(quiet, [] { return true; }).outcome == "play-on");
  CHECK_THROWS_AS(rules.decide(quiet, [] { return false; }), QueryError);
}
