// Ing's count as the models execute it (issue 45): who wins the fill-in is the table
// ing-1996.decisions.count (lines 45, 113, 127). The model agrees with the table on every
// combination of its inputs under every ruleset of the codex, with the C++ that decided before it
// (kept here as the oracle) wherever that C++ answered, and an amendment's row for stones that
// find no room moves the case of F-ing-1996-no-room-for-compensation.
#include <catch2/catch.hpp>

#include <set>

#include "amend/amend_eval.hpp"
#include "queries/go_answers.hpp"
#include "queries/query.hpp"
#include "queries/switches.hpp"
#include "reports/json_value.hpp"
#include "spec/amendment.hpp"
#include "spec/yaml_load.hpp"
#include "tests/amend_on_repo.hpp"
#include "tests/repo.hpp"

using namespace rulespec;

namespace {

using testing::repo_cases;
using testing::repo_spec;

// The C++ that awarded the count before the table (queries/queries_go.cpp until issue 45): the
// sign of the count wins; a tie goes by handicap_tie in a handicap game where line 127 is in the
// text, else by tie, and a tie Black would win without line 113 was a draw.
std::string oracle_award(const Ruleset& rs, int sign, bool handicap_game) {
  if (sign != 0) return sign > 0 ? "B" : "W";
  const bool handicap_rule = handicap_game && rs.has_param("handicap_tie") && clause_applies(rs, "ing-1996.aga.tie-white");
  const char* rule = handicap_rule ? "handicap_tie" : "tie";
  if (!rs.has_param(rule)) return "draw";
  const std::string winner = rs.choice<std::string>(rule, {{"black-wins", "B"}, {"white-wins", "W"}, {"draw", "draw"}});
  if (winner == "B" && !clause_applies(rs, "ing-1996.result.tie-black-wins")) return "draw";
  return winner;
}

Value decide(const Spec& spec, const std::string& ruleset, const std::string& inputs) {
  return run_query(spec, parse_json(R"({"game":"go","query":"decide","ruleset":")" + ruleset +
                                        R"(","table":"ing-1996.decisions.count","inputs":)" + inputs + "}",
                                    "request", 1));
}

std::string as_award(const Value& answer) {
  const std::string verdict = answer.find("verdict")->as_string();
  if (verdict != "decided") return verdict;
  const std::string outcome = answer.find("outcome")->as_string();
  return outcome == "black-wins" ? "B" : outcome == "white-wins" ? "W" : outcome;
}

}  // namespace

TEST_CASE("Ing: who wins the count is the table of lines 45, 113 and 127, and agrees with the C++ it replaced") {
  const Spec& spec = repo_spec();
  const std::vector<std::string> left = {"winning-points", "losing-stones", "nothing"};
  int rulesets = 0, aga = 0;
  for (const auto& id : spec.ruleset_ids("go")) {
    const Ruleset& rs = spec.ruleset(id);
    if (rs.codex != "ing-1996") continue;
    ++rulesets;
    const std::string variant = ing_count_variant(rs);
    aga += variant == "aga";
    for (const auto& black : left)
      for (const auto& white : left)
        for (bool fits : {true, false})
          for (bool handicap : {false, true}) {
            const std::string model = ing_count_award(spec, rs, black, white, fits, handicap);
            const std::string table =
                as_award(decide(spec, id, R"({"black-left":")" + black + R"(","white-left":")" + white + R"(","stones-fit":")" +
                                              (fits ? "yes" : "no") + R"(","counting":")" + variant + R"(","game":")" +
                                              (handicap ? "handicap" : "even") + "\"}"));
            INFO(id << " black " << black << " white " << white << " fits " << fits << " handicap " << handicap);
            CHECK(model == table);
            // Where the fill-in (or the direct count) gives a sign, the old C++ answered.
            if (!fits) {
              CHECK(model == "undecided");  // F-ing-1996-no-room-for-compensation: no row
              continue;
            }
            const bool black_ahead = black == "winning-points" || white == "losing-stones";
            const bool white_ahead = white == "winning-points" || black == "losing-stones";
            if (black_ahead && white_ahead) continue;  // cannot occur (the table's judged overlaps)
            if (black == "losing-stones" && white == "losing-stones") continue;
            CHECK(model == oracle_award(rs, black_ahead ? 1 : white_ahead ? -1 : 0, handicap));
          }
  }
  CHECK(rulesets >= 5);
  CHECK(aga >= 1);  // ing-1996-aga: line 127's tie
}

TEST_CASE("Ing: line 127 overrides line 113 in the table, and a switch takes each tie row out") {
  const Spec& spec = repo_spec();
  const std::string tie_handicap = R"({"black-left":"nothing","white-left":"nothing","stones-fit":"yes","counting":"aga","game":"handicap"})";
  const Value aga = decide(spec, "ing-1996-aga", tie_handicap);
  CHECK(as_award(aga) == "W");
  REQUIRE(aga.find("overriding"));
  CHECK(aga.find("overriding")->as_string() == "tie-aga-handicap");
  CHECK(aga.find("outcomes")->as_list().size() == 2);  // both rules match; the text's precedence decides
  // Under the official rules the same tie goes to Black (no AGA variant in the ruleset).
  CHECK(ing_count_award(spec, spec.ruleset("ing-1996"), "nothing", "nothing", true, true) == "B");
  // Without line 113 the tie is decided by no row (line 45 restates it and goes with it).
  ClauseSwitchedOff off("ing-1996.result.tie-black-wins");
  CHECK(ing_count_award(spec, spec.ruleset("ing-1996"), "nothing", "nothing", true, false) == "undecided");
  CHECK(ing_count_award(spec, spec.ruleset("ing-1996"), "winning-points", "nothing", true, false) == "B");
}

TEST_CASE("Ing: an amendment's row for stones that find no room moves the case the count could not decide") {
  const Spec& base = repo_spec();
  // Stones that find no room: the direct count decides.
  const Amendment a = testing::table_amendment(
      "ing-1996", "no-room-direct", "ing-1996", "ing-1996.decisions.count", "add_rows",
      "      - {id: no-room-black, when: {black-left: winning-points, stones-fit: \"no\"}, outcome: black-wins, "
      "clause: ing-1996.result.winner-loser, line: 113}\n"
      "      - {id: no-room-white, when: {white-left: winning-points, stones-fit: \"no\"}, outcome: white-wins, "
      "clause: ing-1996.result.winner-loser, line: 113}\n");
  const Spec after = apply_amendment(base, a);
  CHECK(ing_count_award(after, after.ruleset("ing-1996"), "nothing", "winning-points", false, false) == "W");
  CHECK(ing_count_award(base, base.ruleset("ing-1996"), "nothing", "winning-points", false, false) == "undecided");
  const auto moved = testing::moved_cases(testing::evaluate_on_repo(a), "ing-1996", [](const Value& was, const Value& now) {
    return !was.find("winner") && now.find("winner") && now.find("winner")->as_string() == "W";
  });
  CHECK(moved.count("ing.count.komi-does-not-fit") == 1);
}

TEST_CASE("Ing: a handicap_tie the count's table has no row for is refused only where it would decide") {
  const Amendment a = testing::param_amendment("ing-1996", "handicap-tie-draw", "ing-1996", "handicap_tie", Value::string("draw"));
  const Spec after = apply_amendment(repo_spec(), a);
  const Ruleset& rs = after.ruleset("ing-1996");
  CHECK(ing_count_award(after, rs, "nothing", "nothing", true, false) == "B");        // an even game's tie: line 113
  CHECK(ing_count_award(after, rs, "winning-points", "nothing", true, true) == "B");  // a handicap game won on the board
  CHECK_THROWS_AS(ing_count_award(after, rs, "nothing", "nothing", true, true), QueryError);
}
