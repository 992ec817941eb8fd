// rulespec mine (mine/miner.hpp): the mined cases in cases/mined/ are witnesses of what they
// claim (their two rulesets answer differently), minimal (removing any one part makes the two
// agree), canonical (their own canonical form) and unique; a search is a function of its seed.
#include <catch2/catch.hpp>

#include <map>

#include "mine/miner.hpp"
#include "tests/repo.hpp"

using namespace rulespec;
using rulespec::testing::repo_cases;
using rulespec::testing::repo_spec;

TEST_CASE("mine: every mined case parts its two rulesets, and no smaller position does") {
  std::map<std::string, int> per_game;
  std::map<std::string, std::string> keys;
  for (const Case& c : repo_cases()) {
    if (c.mined_between.empty()) continue;
    INFO(c.id);
    const mine::Question* q = mine::find_question(c.game, c.mined_question);
    REQUIRE(q);
    ++per_game[c.game];
    const auto& a = c.mined_between[0];
    const auto& b = c.mined_between[1];
    CHECK(mine::disagree(repo_spec(), *q, c.input, a, b));
    for (const Value& fewer : q->shrink(c.input)) {
      INFO("without one part: " << fewer.dump());
      CHECK_FALSE(mine::disagree(repo_spec(), *q, fewer, a, b));
    }
    CHECK(q->canonical(c.input) == c.input);
    const std::string key = mine::key_of(*q, c.input) + " " + a + "/" + b;
    CHECK(keys.emplace(key, c.id).second);
  }
  CHECK(per_game["renju"] >= 20);
  CHECK(per_game["xiangqi"] >= 20);
}

TEST_CASE("mine: the same seed finds the same witnesses, each minimal and canonical") {
  mine::Options o;
  o.game = "renju";
  o.question = "fouls";
  o.between = {"rif-renju", "rif-renju-distinct-lines", "rif-renju-structural-threes"};
  o.seed = 7;
  o.positions = 300;
  const auto one = mine::mine(repo_spec(), o);
  const auto two = mine::mine(repo_spec(), o);
  REQUIRE(one.witnesses.size() == two.witnesses.size());
  CHECK_FALSE(one.witnesses.empty());
  for (std::size_t i = 0; i < one.witnesses.size(); ++i) {
    const auto& w = one.witnesses[i];
    CHECK(w.key == two.witnesses[i].key);
    CHECK(mine::disagree(repo_spec(), *mine::find_question("renju", "fouls"), w.input, w.first, w.second));
    CHECK(mine::find_question("renju", "fouls")->canonical(w.input) == w.input);
    if (i > 0) CHECK(one.witnesses[i - 1].parts <= w.parts);
  }
}
