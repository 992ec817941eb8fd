// Bounded work: every oracle request the case files make, with its numbers made huge (10^6, 10^9)
// and its lists made long (100,000 items), must come back as an answer or an error object within
// a second, never hang or exhaust memory. The bound is a hang guard, not a performance target.
#include <catch2/catch.hpp>

#include <chrono>
#include <algorithm>
#include <functional>
#include <set>

#include "cases/case.hpp"
#include "queries/query.hpp"
#include "reports/json_value.hpp"
#include "spec/spec.hpp"

using namespace rulespec;

namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr double kSecondsEach = 10;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr double kSecondsEach = 10;
#else
constexpr double kSecondsEach = 1;
#endif
#else
constexpr double kSecondsEach = 1;
#endif

// Every variant of `request` with one number or one list of scalars replaced, each after its
// name (the path of what was replaced and how). `wanted(name)` says whether to make it: building
// a 100,000-item list to throw it away was most of this test's time.
void hostile_variants(const Value& request, const std::function<bool(const std::string&)>& wanted, std::vector<Value>& out) {
  Value copy = request;
  std::function<void(Value&, const std::string&)> walk = [&](Value& v, const std::string& path) {
    if (v.is_map()) {
      for (auto& e : v.entries()) walk(e.value, path + "." + e.key);
    } else if (v.is_list()) {
      auto& items = v.items();
      const bool scalars = !items.empty() && std::all_of(items.begin(), items.end(), [](const Value& x) { return x.is_string() || x.kind() == Value::Kind::Int; });
      if (scalars && wanted(path + " x100000")) {
        const auto saved = items;
        while (items.size() < 100000) items.push_back(saved[items.size() % saved.size()]);
        out.push_back(copy);
        items = saved;
      }
      for (std::size_t i = 0; i < items.size() && i < 3; ++i) walk(items[i], path + "[" + std::to_string(i) + "]");
    } else if (v.kind() == Value::Kind::Int) {
      const Value saved = v;
      for (std::int64_t big : {std::int64_t{1000000}, std::int64_t{1000000000}}) {
        if (!wanted(path + " = " + std::to_string(big))) continue;
        v = Value::integer(big);
        out.push_back(copy);
      }
      v = saved;
    }
  };
  walk(copy, "");
}

}  // namespace

TEST_CASE("hostile sizes in oracle requests end in an answer or an error object, never a hang") {
  const Spec spec = Spec::load_dir(source_root() + "/spec");
  std::set<std::string> seen;  // one variant per game, query and field replaced (and how)
  std::vector<Value> variants;
  for (const Case& c : load_cases(source_root() + "/cases", spec)) {
    if (c.expect.empty()) continue;
    hostile_variants(case_request(c, c.expect.front().first),
                     [&](const std::string& name) { return seen.insert(c.game + "/" + c.query + name).second; }, variants);
  }
  REQUIRE(variants.size() > 100);
  int errors = 0;
  double slowest = 0;
  std::string slowest_request;
  for (const Value& request : variants) {
    const std::string text = request.dump();
    INFO(text.substr(0, 300));
    const auto start = std::chrono::steady_clock::now();
    Value answer;
    try {
      answer = run_query(spec, request);
    } catch (const QueryError&) {
      ++errors;
      answer = Value::map();
    } catch (const InputError&) {
      ++errors;
      answer = Value::map();
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CHECK(answer.is_map());
    if (seconds > slowest) slowest = seconds, slowest_request = text.substr(0, 300);
  }
  CHECK(errors > 0);  // the huge sizes are refused, not silently clipped
  // A second each (ten under the sanitizers, which slow everything down several times).
  INFO("slowest: " << slowest << " s for " << slowest_request);
  CHECK(slowest < kSecondsEach);
}

// A search that stops at its budget says which search, what budget and what it counted, instead
// of answering as if it had searched everything.
TEST_CASE("a search that runs out of its budget says so in its answer") {
  const Spec spec = Spec::load_dir(source_root() + "/spec");
  auto error_of = [&](const std::string& json) -> std::string {
    try {
      run_query(spec, parse_json(json, "request", 1));
    } catch (const QueryError& e) {
      return e.code + ": " + e.what();
    }
    return "answered";
  };
  // Life and death of a lone corner stone over sixteen open points: far past 400,000 situations.
  CHECK(error_of(R"({"game":"go","query":"life","ruleset":"ru-go-1985","target":"A8",
      "rows":["X.......","........","........","........","........","........","........","........"],
      "region":["B8","C8","D8","E8","A7","B7","C7","D7","A6","B6","C6","D6","A5","B5","C5","D5"]})") ==
        "budget-exhausted: life: the search visited 400000 situations, its budget, without deciding; ask a smaller question");
  // A level draw whose pairing search stopped: the draw fell back, and the answer says so.
  const Value levels = run_query(spec, parse_json(R"({"game":"go","query":"level-tournament","ruleset":"ru-go-1985",
      "initial_levels":[2,1,1,1,2,2,2,1,2,2,2,1,2,2,2,2,2,1,1,2,1,2,2,1,1,1,2,2,2,2,1,1,1,2,2,2,1],"rounds":9,"seed":234239})",
                                                  "request", 1));
  const Value* stopped = levels.find("pairing_budget_exhausted");
  REQUIRE(stopped);
  CHECK(stopped->find("searches_stopped")->as_int() >= 1);
  CHECK(stopped->find("budget_nodes")->as_int() == 200000);
  // The xiangqi mate search stops at 10^6 positions (test_xiangqi_search.cpp), Z3 at its rlimit
  // (solver/harness.cpp): both name their budget too.
}
