// Every registered property under every ruleset it applies to, every analysis, and every case,
// as separate Catch2 sections, with the suite's fixed seed.
#include <catch2/catch.hpp>

#include <functional>

#include "cases/case.hpp"
#include "queries/query.hpp"
#include "suite/suite.hpp"
#include "suite/suite_io.hpp"

#include <algorithm>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "tests/repo.hpp"

using namespace rulespec;

namespace {
using rulespec::testing::repo_spec;
}  // namespace

TEST_CASE("properties hold under every ruleset they apply to") {
  // The suite's seed and runs. Under ctest the whole verify run (the fixture suite_report) has
  // run every one of them already: its report.json is read instead of running them again.
  const Spec& spec = repo_spec();
  std::map<std::string, nlohmann::json> reported;  // "id@ruleset" -> the report's entry
  const std::string shared = rulespec::testing::suite_report_dir();
  if (!shared.empty()) {
    std::ifstream in(shared + "/report.json");
    REQUIRE(in);
    const auto report = nlohmann::json::parse(in);
    for (const auto& p : report.at("properties"))
      reported[p.at("id").get<std::string>() + "@" + p.value("ruleset", std::string())] = p;
  }
  int ran = 0;
  for (const auto& p : properties())
    for (const auto& rs : spec.rulesets()) {
      if (!p.applies(rs)) continue;
      for (const auto& c : p.clauses) {
        INFO(p.id << " names " << c);
        CHECK(spec.clause(c));
      }
      ++ran;
      if (!shared.empty()) {
        const auto it = reported.find(p.id + "@" + rs.id);
        INFO(p.id << " [" << rs.id << "] in " << shared << "/report.json");
        REQUIRE(it != reported.end());
        INFO(it->second.dump());
        CHECK(it->second.at("pass").get<bool>());
        CHECK(it->second.at("runs").get<int>() == 100);
        // A property whose clauses have switches holds only on samples one of them decided.
        CHECK(it->second.value("status", std::string()) != "vacuous");
        continue;
      }
      const auto o = run_property(spec, p, rs, 1, 100);
      INFO(p.id << " [" << rs.id << "] " << o.failure << " " << o.assertion << " " << reproduce_command(o));
      CHECK(o.pass);
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

TEST_CASE("a failing property says what fails in the codex's terms, never its C++ condition") {
  const Spec& spec = repo_spec();
  const Ruleset& ing = spec.ruleset("ing-1996");
  auto failing = [&](std::function<void(int)> check) {
    PropertyInfo p{"test.fails", "an integer below 10", {"ing-1996.komi.even-game"}, codex_is("ing-1996"),
                   [check](const Spec&, const Ruleset&) { return rc::detail::toProperty([check] { check(*rc::gen::inRange(0, 1000)); }); }};
    return run_property(spec, p, ing, 7, 100);
  };
  const auto worded = failing([](int n) { rules_require(n < 10, "the number " + std::to_string(n) + " is 10 or more"); });
  REQUIRE_FALSE(worded.pass);
  CHECK(worded.failure == "the number 10 is 10 or more");  // shrunk to the smallest counterexample
  const auto bare = failing([](int n) { RC_ASSERT(n < 10); });
  REQUIRE_FALSE(bare.pass);
  CHECK(bare.failure == "its check fails on the counterexample shown");
  CHECK(bare.assertion.find("RC_ASSERT") != std::string::npos);  // kept for developers
  const auto message = failing([](int n) { if (n >= 10) RC_FAIL("too big"); });
  CHECK(message.failure == "too big");
}

TEST_CASE("every property, made to fail by switching off one of its clauses, says why in the codex's terms") {
  // Each failure path a switched-off clause reaches must carry its sentence: no property falls
  // back to the bare "its check fails" nor shows C++.
  const Spec& spec = repo_spec();
  int failures = 0;
  for (const auto& p : properties()) {
    const Ruleset* under = nullptr;
    for (const auto& cx : spec.codices())
      for (const auto& decl : cx.rulesets)
        if (!under && p.applies(spec.ruleset(decl.id))) under = &spec.ruleset(decl.id);
    if (!under) continue;
    for (const auto& clause : p.clauses) {
      ClauseSwitchedOff off(clause);
      const auto o = run_property(spec, p, *under, 1, 20);
      if (o.pass || o.gave_up || o.failure.rfind("error: ", 0) == 0) continue;
      ++failures;
      INFO(p.id << " [" << under->id << "] without " << clause << ": " << o.failure << " / " << o.assertion);
      CHECK(o.failure != "its check fails on the counterexample shown");
      for (const char* marker : {"RC_", "Expands to", ".cpp:", ".hpp:"}) CHECK(o.failure.find(marker) == std::string::npos);
    }
  }
  CHECK(failures > 10);
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
      // explain replays a finding from the analyses about the codex its id names only.
      CHECK(analysis_about(a, finding_codex(spec, f.id)));
      CHECK(std::find(finding_kinds().begin(), finding_kinds().end(), f.kind) != finding_kinds().end());
      CHECK_FALSE(f.clauses.empty());
      CHECK_FALSE(f.witness.is_null());
      for (const auto& c : f.clauses) {
        INFO(f.id << " names " << c);
        REQUIRE(spec.clause(c));
        // explain looks for a clause's findings among the analyses about its codex only.
        CHECK(analysis_about(a, spec.clause(c)->codex));
      }
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

// What a worker of verify --jobs or a slice of --shard sends back must be the outcome itself:
// written and read back, every kind of item gives the same JSON, and a slice of another plan,
// a doubled item or a wrong field is refused with the file's name.
TEST_CASE("suite outcomes survive the trip through a slice file") {
  const Spec spec = Spec::load_dir(source_root() + "/spec");
  const auto cases = load_cases(source_root() + "/cases", spec);
  SuiteOptions opt;
  const auto plan = plan_suite(spec, cases, opt);
  const int n = static_cast<int>(plan.size());
  std::vector<std::size_t> picked;
  for (auto kind : {SuiteItem::Kind::Case, SuiteItem::Kind::Property, SuiteItem::Kind::Analysis, SuiteItem::Kind::Mutant,
                    SuiteItem::Kind::Engine}) {
    const auto it = std::find_if(plan.begin(), plan.end(), [&](const SuiteItem& i) { return i.kind == kind; });
    REQUIRE(it != plan.end());
    picked.push_back(static_cast<std::size_t>(it - plan.begin()));
  }
  for (std::size_t index : picked) {
    const SuiteItem& item = plan[index];
    INFO(item.key);
    ItemOutcome o;
    if (item.kind == SuiteItem::Kind::Mutant) {
      o.mutant = SuiteResult::Mutant{"go", "ko", "ru-go-1985.art4.p2", true};
      o.reference_certified = false;
    } else if (item.kind == SuiteItem::Kind::Engine) {
      certify::Result c;
      c.engine_id = "GNU Go 3.8";
      c.protocol = "gtp";
      c.ruleset = "ru-go-1985";
      c.seed = 7;
      certify::ClauseTally ko;
      ko.tested = 3, ko.passed = 2, ko.measured = 3, ko.decisive = 3, ko.log10_blind_pass = -300.5;
      ko.shadowed_by = {"ru-go-1985.art4.p1"}, ko.without_switch = 1;
      ko.failures = {{"B C3", "play W D4", "illegal (ko)", "accepted", "rulespec certify --replay 2"}};
      c.clauses["ru-go-1985.art4.p2"] = ko;
      c.measures_decisiveness = true;
      c.not_observable = {"ru-go-1985.art9.p3: no GTP command"};
      c.games = 8;
      c.probes = 120;
      c.seconds = 1.25;
      o.certificate = c;
    } else {
      o = run_item(spec, cases, opt, item);
    }
    const int k = static_cast<int>(index) + 1;
    const std::string text = shard_text("abc", opt, k, n, plan, {index}, {o});
    const Shard s = parse_shard(text, "slice.json", spec, cases, plan, "abc");
    REQUIRE(s.outcomes.size() == 1);
    CHECK(s.outcomes[0].first == index);
    CHECK(outcome_to_json(s.outcomes[0].second) == outcome_to_json(o));
    CHECK(s.outcomes[0].second.failed() == o.failed());
    // Another tree's slice, and a slice whose item is not the one planned there.
    CHECK_THROWS_WITH(parse_shard(text, "slice.json", spec, cases, plan, "abd"), Catch::Contains("slice.json:1:1: fingerprint abc"));
    if (index + 1 < plan.size())
      CHECK_THROWS_WITH(parse_shard(shard_text("abc", opt, k + 1, n, plan, {index}, {o}), "slice.json", spec, cases, plan, "abc"),
                        Catch::Contains("this tree plans"));
  }
  // An analysis's findings get their register entry back, looked up by id.
  const auto analysis = std::find_if(plan.begin(), plan.end(), [](const SuiteItem& i) { return i.key == "analysis:ru1985.art9-bent-four"; });
  REQUIRE(analysis != plan.end());
  const auto index = static_cast<std::size_t>(analysis - plan.begin());
  const ItemOutcome o = run_item(spec, cases, opt, *analysis);
  REQUIRE_FALSE(o.analysis->findings.empty());
  const Shard s = parse_shard(shard_text("x", opt, static_cast<int>(index) + 1, n, plan, {index}, {o}), "s.json", spec, cases, plan, "x");
  CHECK(s.outcomes[0].second.analysis->findings[0].note == o.analysis->findings[0].note);
  CHECK(s.outcomes[0].second.analysis->findings[0].note != nullptr);
  // Not JSON: the position of the offending byte.
  CHECK_THROWS_WITH(parse_shard("{\"rulespec-shard\": 1,\n  oops}", "bad.json", spec, cases, plan, "x"), Catch::Contains("bad.json:2:3: not JSON"));
}
