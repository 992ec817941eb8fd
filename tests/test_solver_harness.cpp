// ClauseModel's minimum correction sets (the Z3 method behind `rulespec repair`) against brute
// force: on random conflicting clause sets, the size Optimize finds is the least size of any set of
// clauses whose removal restores satisfiability, every set it returns does restore it, and the
// certificate (nothing of one size less works) holds.
#include <catch2/catch.hpp>

#include "tests/repo.hpp"

#include <random>

#include "solver/harness.hpp"

using namespace rulespec;

namespace {

// A clause: lo <= a*x + b*y <= hi, over x, y in 0..9.
struct Linear {
  int a, b, lo, hi;
};

void build(ClauseModel& m, const std::vector<Linear>& clauses, unsigned skip_mask) {
  auto x = m.int_var("x"), y = m.int_var("y");
  m.assume(x >= 0 && x <= 9 && y >= 0 && y <= 9);
  for (std::size_t i = 0; i < clauses.size(); ++i) {
    if (skip_mask & (1u << i)) continue;
    const auto& c = clauses[i];
    const z3::expr v = c.a * x + c.b * y;
    m.clause("c" + std::to_string(i), v >= c.lo && v <= c.hi);
  }
}

// By enumeration of the hundred points, not by Z3: the brute force is an oracle of its own.
bool satisfiable_without(const std::vector<Linear>& clauses, unsigned mask) {
  for (int x = 0; x <= 9; ++x)
    for (int y = 0; y <= 9; ++y) {
      bool all = true;
      for (std::size_t i = 0; i < clauses.size() && all; ++i) {
        if (mask & (1u << i)) continue;
        const int v = clauses[i].a * x + clauses[i].b * y;
        all = clauses[i].lo <= v && v <= clauses[i].hi;
      }
      if (all) return true;
    }
  return false;
}

}  // namespace

TEST_CASE("minimum correction sets are the least sets of clauses whose removal restores satisfiability", "[deep]") {
  // 150 generated clause sets under make test-deep, the first 60 of them otherwise.
  const int runs = rulespec::testing::deep_tests() ? 150 : 60;
  std::mt19937 rng(20261126);
  int conflicts = 0;
  for (int run = 0; run < runs; ++run) {
    std::uniform_int_distribution<int> coef(-3, 3), bound(-10, 30), count(2, 6);
    std::vector<Linear> clauses(static_cast<std::size_t>(count(rng)));
    for (auto& c : clauses) {
      c.a = coef(rng);
      c.b = coef(rng);
      c.lo = bound(rng);
      c.hi = c.lo + std::uniform_int_distribution<int>(0, 8)(rng);
    }
    ClauseModel m;
    build(m, clauses, 0);
    const auto sets = m.minimum_corrections();
    CHECK((m.check() == z3::sat) == satisfiable_without(clauses, 0));
    if (m.check() == z3::sat) {
      CHECK(sets.empty());
      continue;
    }
    ++conflicts;
    // Brute force: the least number of clauses to drop.
    const unsigned n = static_cast<unsigned>(clauses.size());
    int least = -1;
    for (unsigned mask = 0; mask < (1u << n); ++mask)
      if (satisfiable_without(clauses, mask) && (least < 0 || __builtin_popcount(mask) < least)) least = __builtin_popcount(mask);
    REQUIRE_FALSE(sets.empty());
    for (const auto& s : sets) {
      CHECK(static_cast<int>(s.size()) == least);
      unsigned mask = 0;
      for (const auto& id : s) mask |= 1u << std::stoi(id.substr(1));
      CHECK(satisfiable_without(clauses, mask));
    }
    CHECK_FALSE(m.correctable_within({}, least - 1));
    CHECK(m.correctable_within({}, least));
  }
  CHECK(conflicts >= runs / 5);  // the generator makes enough conflicts to mean something
}

TEST_CASE("the AXF perpetual-check conflict needs one clause changed, either of the two") {
  // Rule No. 1 read as a ban under any circumstances against Principle No. 2 on diagram 4.
  ClauseModel m;
  auto red_checks = m.bool_var("red_checks"), black_checks = m.bool_var("black_checks"), draw = m.bool_var("draw");
  m.clause("axf-1982.perpetual-check", z3::implies(red_checks || black_checks, !draw));
  m.clause("axf-1982.mutual-violation-draw", z3::implies(red_checks && black_checks, draw));
  const std::vector<z3::expr> diagram4 = {red_checks, black_checks};
  const auto sets = m.minimum_corrections(diagram4);
  REQUIRE(sets.size() == 2);
  CHECK(sets[0] == std::vector<std::string>{"axf-1982.mutual-violation-draw"});
  CHECK(sets[1] == std::vector<std::string>{"axf-1982.perpetual-check"});
  CHECK_FALSE(m.correctable_within(diagram4, 0));
}

TEST_CASE("a conflict injected into a consistent clause set is repaired by changing the injected clause back, at least cost", "[deep]") {
  // 200 runs under make test-deep, the first 80 otherwise: a satisfiable set of clauses; one
  // clause's reading replaced by one that contradicts the rest. Putting it back is a correction
  // of one clause, so the least correction has size one and the injected clause is among the
  // minimum correction sets.
  const int wanted = rulespec::testing::deep_tests() ? 200 : 80;
  std::mt19937 rng(7);
  int injected = 0;
  for (int run = 0; injected < wanted && run < 5000; ++run) {
    std::uniform_int_distribution<int> coef(-3, 3), count(2, 6), value(0, 9);
    const int x0 = value(rng), y0 = value(rng);  // a point every original clause holds at
    std::vector<Linear> clauses(static_cast<std::size_t>(count(rng)));
    for (auto& c : clauses) {
      c.a = coef(rng);
      c.b = coef(rng);
      const int at = c.a * x0 + c.b * y0;
      c.lo = at - std::uniform_int_distribution<int>(0, 6)(rng);
      c.hi = at + std::uniform_int_distribution<int>(0, 6)(rng);
    }
    const std::size_t victim = std::uniform_int_distribution<std::size_t>(0, clauses.size() - 1)(rng);
    std::vector<Linear> broken = clauses;
    // The other reading: the same sum pushed to a range the original clause excludes.
    broken[victim].lo = clauses[victim].hi + 1 + std::uniform_int_distribution<int>(0, 10)(rng);
    broken[victim].hi = broken[victim].lo + std::uniform_int_distribution<int>(0, 4)(rng);
    ClauseModel m;
    build(m, broken, 0);
    if (m.check() == z3::sat) continue;  // the new reading happens to fit: no conflict injected
    ++injected;
    const auto sets = m.minimum_corrections({}, 64);
    REQUIRE_FALSE(sets.empty());
    CHECK(sets.front().size() == 1);
    const std::string id = "c" + std::to_string(victim);
    CHECK(std::any_of(sets.begin(), sets.end(), [&](const auto& s) { return s == std::vector<std::string>{id}; }));
  }
  CHECK(injected == wanted);
}
