// Every registered property under every ruleset it applies to, every analysis, and every case,
// as separate Catch2 sections, with the suite's fixed seed.
#include <catch2/catch.hpp>

#include "cases/case.hpp"
#include "queries/query.hpp"
#include "reports/suite.hpp"

#include <algorithm>
#include <set>

using namespace rulespec;

namespace {
const Spec& repo_spec() {
  static const Spec spec = Spec::load_dir(source_root() + "/spec");
  return spec;
}
}  // namespace

TEST_CASE("properties hold under every ruleset they apply to") {
  const Spec& spec = repo_spec();
  int ran = 0;
  for (const auto& p : properties())
    for (const auto& rs : spec.rulesets()) {
      if (!p.applies(rs)) continue;
      for (const auto& c : p.clauses) {
        INFO(p.id << " names " << c);
        CHECK(spec.clause(c));
      }
      const auto o = run_property(spec, p, rs, 1, 100);
      INFO(p.id << " [" << rs.id << "] " << o.failure << " " << reproduce_command(o));
      CHECK(o.pass);
      ++ran;
    }
  CHECK(ran >= 20);
}

TEST_CASE("a failing property prints a token that replays the same counterexample") {
  const Spec& spec = repo_spec();
  PropertyInfo always_small{"test.always-small", "an integer below 10", {"ing-1996.komi.even-game"}, codex_is("ing-1996"),
                            [](const Spec&, const Ruleset&) {
                              return rc::detail::toProperty([] { RC_ASSERT(*rc::gen::inRange(0, 1000) < 10); });
                            }};
  const auto first = run_property(spec, always_small, spec.ruleset("ing-1996"), 7, 100);
  REQUIRE_FALSE(first.pass);
  REQUIRE_FALSE(first.reproduce.empty());
  const auto replay = run_property(spec, always_small, spec.ruleset("ing-1996"), 99, 100, first.reproduce);
  CHECK_FALSE(replay.pass);
  CHECK(replay.failure == first.failure);
}

TEST_CASE("analyses run and their findings name known clauses and carry witnesses") {
  const Spec& spec = repo_spec();
  std::set<std::string> ids;
  for (const auto& a : analyses()) {
    const auto out = run_analysis(spec, a);
    INFO(a.id << ": " << out.detail);
    CHECK(out.ok);
    for (const auto& f : out.findings) {
      CHECK(ids.insert(f.id).second);
      CHECK(std::find(finding_kinds().begin(), finding_kinds().end(), f.kind) != finding_kinds().end());
      CHECK_FALSE(f.clauses.empty());
      CHECK_FALSE(f.witness.is_null());
      for (const auto& c : f.clauses) CHECK(spec.clause(c));
    }
  }
  // The analyses emit exactly what the findings register keeps, and nothing it has withdrawn.
  const auto& reg = spec.findings_register();
  CHECK(reg.notes.size() >= 20);
  for (const auto& n : reg.notes) {
    INFO(n.id << " is registered but not emitted");
    CHECK(ids.count(n.id));
  }
  for (const auto& w : reg.withdrawn) {
    INFO(w.id << " was withdrawn but is emitted");
    CHECK_FALSE(ids.count(w.id));
  }
  for (const auto& id : ids) {
    INFO(id << " is emitted but not registered");
    CHECK(reg.note(id));
  }
}

TEST_CASE("every case meets its expectation under every ruleset it names") {
  const Spec& spec = repo_spec();
  const auto cases = load_cases(source_root() + "/cases", spec);
  CHECK(cases.size() >= 40);
  for (const auto& c : cases)
    for (const auto& [rs, expected] : c.expect) {
      const auto r = run_case(spec, c, rs);
      INFO(c.id << " [" << rs << "] expected " << expected.dump() << " got " << r.actual.dump());
      CHECK(r.pass);
    }
}

TEST_CASE("queries answer bad requests with positioned errors") {
  const Spec& spec = repo_spec();
  Value req = Value::map();
  req.set("game", Value::string("go"));
  req.set("query", Value::string("ing-handicap"));
  req.set("ruleset", Value::string("ing-1996"));
  req.set("ranks", Value::string("3 chi"));
  CHECK_THROWS_AS(run_query(spec, req), InputError);
  req.set("ranks", Value::list());
  CHECK_THROWS_WITH(run_query(spec, req), Catch::Contains("expected two ranks"));
  req.set("ruleset", Value::string("jishogi-amateur-27"));
  CHECK_THROWS_WITH(run_query(spec, req), Catch::Contains("not go"));
  req.set("ruleset", Value::string("ing-1996"));
  Value ranks = Value::list();
  ranks.push(Value::string("3 chi"));
  ranks.push(Value::string("1 chi"));
  req.set("ranks", ranks);
  req.set("colour", Value::string("red"));
  CHECK_THROWS_WITH(run_query(spec, req), Catch::Contains("unknown key 'colour'"));
}

TEST_CASE("the stated Go equipment fits: grid inside the board, stones between the lines") {
  const auto* a = find_analysis("go.equipment-fit");
  REQUIRE(a);
  const auto out = run_analysis(repo_spec(), *a);
  CHECK(out.ok);
  CHECK(out.findings.empty());
  CHECK(out.detail.find("does not fit") == std::string::npos);
}

TEST_CASE("every clause whose status says encoded is exercised by a case, a property or an analysis") {
  const Spec& spec = repo_spec();
  const auto cases = load_cases(source_root() + "/cases", spec);
  const auto result = run_suite(spec, cases, SuiteOptions{});
  for (const auto& cx : spec.codices())
    for (const auto& c : cx.clauses)
      if (c.status == "encoded") {
        INFO(c.id << " is marked encoded but nothing exercises it");
        CHECK(result.exercised_by.count(c.id) == 1);
      }
  CHECK(result.all_pass());
}
