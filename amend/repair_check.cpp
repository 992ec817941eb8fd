#include "amend/repair_check.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

#include "model/common/xorshift.hpp"
#include "amend/repair.hpp"
#include "spec/amendment.hpp"
#include "spec/yaml_load.hpp"

namespace rulespec {
namespace {

constexpr int kOutcomes = 3;

// A row of the generated table: one cell of the plain inputs, and the readings it holds under
// (clause index -> reading index; empty for the rows that decide the cell under any reading).
struct Row {
  std::string id;
  int cell = 0, outcome = 0;
  std::map<int, int> readings;
};

struct Table {
  std::vector<int> plain;          // values of each plain input
  std::vector<int> reading_count;  // readings of each clause generated.rule-N
  std::vector<Row> rows;
  int cells() const {
    int n = 1;
    for (int v : plain) n *= v;
    return n;
  }
  int reading_combinations() const {
    int n = 1;
    for (int v : reading_count) n *= v;
    return n;
  }
  // The reading each clause takes in reading combination k (mixed radix).
  std::vector<int> readings_of(int k) const {
    std::vector<int> out;
    for (int c : reading_count) {
      out.push_back(k % c);
      k /= c;
    }
    return out;
  }
  static bool holds(const Row& r, int cell, const std::vector<int>& readings) {
    if (r.cell != cell) return false;
    return std::all_of(r.readings.begin(), r.readings.end(), [&](const auto& kv) { return readings[static_cast<std::size_t>(kv.first)] == kv.second; });
  }
  // Brute force over every combination: pairs of rows with different outcomes that one
  // combination satisfies, under the given readings (or under any, when `readings` is null).
  std::set<std::pair<std::string, std::string>> overlaps(const std::vector<int>* readings) const {
    std::set<std::pair<std::string, std::string>> out;
    for (int k = 0; k < reading_combinations(); ++k) {
      const auto rd = readings_of(k);
      if (readings && rd != *readings) continue;
      for (int cell = 0; cell < cells(); ++cell)
        for (std::size_t a = 0; a < rows.size(); ++a)
          for (std::size_t b = a + 1; b < rows.size(); ++b)
            if (rows[a].outcome != rows[b].outcome && holds(rows[a], cell, rd) && holds(rows[b], cell, rd))
              out.insert({rows[a].id, rows[b].id});
    }
    return out;
  }
  // A row every combination of which the other rows with its outcome decide too.
  bool dead(std::size_t a) const {
    for (int k = 0; k < reading_combinations(); ++k) {
      const auto rd = readings_of(k);
      if (!holds(rows[a], rows[a].cell, rd)) continue;
      bool covered = false;
      for (std::size_t b = 0; b < rows.size() && !covered; ++b)
        covered = b != a && rows[b].outcome == rows[a].outcome && holds(rows[b], rows[a].cell, rd);
      if (!covered) return false;
    }
    return true;
  }
};

std::string clause_id(int c) { return "generated.rule-" + std::to_string(c + 1); }
std::string reading_id(int c, int r) { return "r" + std::to_string(c + 1) + "-" + std::string(1, static_cast<char>('a' + r)); }
std::string input_value(int input, int v) { return "v" + std::to_string(input + 1) + "-" + std::string(1, static_cast<char>('a' + v)); }
std::string outcome_name(int o) { return "outcome-" + std::string(1, static_cast<char>('a' + o)); }
std::string finding_id(const std::string& a, const std::string& b) { return "F-generated-" + a + "-" + b; }

struct Generated {
  Table table;
  std::vector<int> written;  // the reading each clause takes in the catalog as written
  int injected_clause = 0, injected_reading = 0;
};

Generated generate(std::uint64_t seed) {
  common::XorShift64 rng{seed * 0x9E3779B97F4A7C15ULL + 0x2545F4914F6CDD1DULL};
  auto below = [&](int n) { return static_cast<int>(rng.below(static_cast<std::uint64_t>(n))); };
  Generated g;
  Table& t = g.table;
  for (int i = 0, n = 1 + below(2); i < n; ++i) t.plain.push_back(2 + below(2));
  for (int c = 0, n = 1 + below(3); c < n; ++c) t.reading_count.push_back(2 + below(2));
  // The rows that decide every cell under any reading: complete and without overlaps.
  std::vector<int> cell_outcome;
  for (int cell = 0; cell < t.cells(); ++cell) {
    cell_outcome.push_back(below(kOutcomes));
    t.rows.push_back({"cell-" + std::to_string(cell + 1), cell, cell_outcome.back(), {}});
  }
  for (int c : t.reading_count) g.written.push_back(below(c));
  // The injection: one clause switched to another of its readings, under which a row decides one
  // cell otherwise than the cell's row (perhaps together with another clause's written reading).
  const int clauses = static_cast<int>(t.reading_count.size());
  g.injected_clause = below(clauses);
  const int n = t.reading_count[static_cast<std::size_t>(g.injected_clause)];
  g.injected_reading = (g.written[static_cast<std::size_t>(g.injected_clause)] + 1 + below(n - 1)) % n;
  Row injected{"under-1", below(t.cells()), 0, {{g.injected_clause, g.injected_reading}}};
  injected.outcome = (cell_outcome[static_cast<std::size_t>(injected.cell)] + 1 + below(kOutcomes - 1)) % kOutcomes;
  if (clauses > 1 && below(2) == 0) {
    const int other = (g.injected_clause + 1 + below(clauses - 1)) % clauses;
    injected.readings[other] = g.written[static_cast<std::size_t>(other)];
  }
  t.rows.push_back(injected);
  // Other rows under other readings, none in force as written.
  for (int k = 0, extra = below(4); k < extra; ++k) {
    Row r{"under-" + std::to_string(t.rows.size() - static_cast<std::size_t>(t.cells()) + 1), below(t.cells()), 0, {}};
    for (int c = 0; c < clauses; ++c)
      if (below(2) == 0 || (c == clauses - 1 && r.readings.empty())) r.readings[c] = below(t.reading_count[static_cast<std::size_t>(c)]);
    r.outcome = (cell_outcome[static_cast<std::size_t>(r.cell)] + 1 + below(kOutcomes - 1)) % kOutcomes;
    const bool in_force = std::all_of(r.readings.begin(), r.readings.end(),
                                      [&](const auto& kv) { return g.written[static_cast<std::size_t>(kv.first)] == kv.second; });
    const bool same_as_injected = r.cell == injected.cell && r.outcome == injected.outcome;
    if (in_force || same_as_injected) continue;
    t.rows.push_back(r);
    // A row another row with its outcome makes redundant (either way round) is not added.
    bool redundant = false;
    for (std::size_t k2 = 0; k2 < t.rows.size() && !redundant; ++k2) redundant = t.dead(k2);
    if (redundant) t.rows.pop_back();
  }
  return g;
}

std::string catalog_yaml(const Generated& g, const std::vector<int>& readings) {
  const Table& t = g.table;
  std::ostringstream y;
  y << "codex: {id: generated, game: go, title: \"A generated codex\", source: generated.txt}\n"
    << "clauses:\n"
    << "  - {id: generated.base, ref: \"row 1\", topic: outcome, kind: adjudication, board: false, status: encoded,"
       " statement: \"Each cell of the plain inputs has one outcome.\"}\n";
  for (std::size_t c = 0; c < t.reading_count.size(); ++c) {
    y << "  - id: " << clause_id(static_cast<int>(c)) << "\n    ref: \"rule " << c + 1
      << "\"\n    topic: outcome\n    kind: adjudication\n    board: false\n    status: encoded\n    statement: \"Rule " << c + 1
      << ", read one of several ways.\"\n    readings:\n";
    for (int r = 0; r < t.reading_count[c]; ++r)
      y << "      - {id: " << reading_id(static_cast<int>(c), r) << ", statement: \"Reading " << r + 1 << " of rule " << c + 1 << ".\"}\n";
  }
  y << "decisions:\n  - id: generated.decisions.outcome\n    topic: \"The outcome of each cell, under the readings of the rules\"\n    inputs:\n";
  for (std::size_t i = 0; i < t.plain.size(); ++i) {
    y << "      - {name: input-" << i + 1 << ", values: [";
    for (int v = 0; v < t.plain[i]; ++v) y << (v ? ", " : "") << input_value(static_cast<int>(i), v);
    y << "]}\n";
  }
  for (std::size_t c = 0; c < t.reading_count.size(); ++c)
    y << "      - {name: rule-" << c + 1 << ", reading: " << clause_id(static_cast<int>(c)) << "}\n";
  y << "    rows:\n";
  for (std::size_t k = 0; k < t.rows.size(); ++k) {
    const Row& r = t.rows[k];
    y << "      - {id: " << r.id << ", when: {";
    int cell = r.cell;
    for (std::size_t i = 0; i < t.plain.size(); ++i) {
      y << (i ? ", " : "") << "input-" << i + 1 << ": " << input_value(static_cast<int>(i), cell % t.plain[i]);
      cell /= t.plain[i];
    }
    for (const auto& [c, rd] : r.readings) y << ", rule-" << c + 1 << ": " << reading_id(c, rd);
    y << "}, outcome: " << outcome_name(r.outcome) << ", clause: " << (r.readings.empty() ? "generated.base" : clause_id(r.readings.begin()->first))
      << ", line: " << k + 1 << "}\n";
  }
  const auto overlaps = t.overlaps(nullptr);
  if (!overlaps.empty()) y << "    judged:\n";
  for (const auto& [a, b] : overlaps)
    y << "      - {kind: overlap, rows: [" << a << ", " << b << "], finding: " << finding_id(a, b) << ", summary: \"Rows " << a << " and " << b
      << " decide one combination differently\", explanation: \"Under the readings named in the witness both rows hold.\"}\n";
  y << "rulesets:\n  - id: generated\n    title: \"The generated codex as written\"\n    readings:\n";
  for (std::size_t c = 0; c < readings.size(); ++c) y << "      " << clause_id(static_cast<int>(c)) << ": " << reading_id(static_cast<int>(c), readings[c]) << "\n";
  return y.str();
}

Spec spec_of(const std::string& yaml) { return Spec::from_codices({parse_codex(parse_yaml(yaml, "generated.yaml"), "generated.yaml")}); }

SuiteOptions check_options() {
  SuiteOptions opt;
  opt.jobs = 1;
  opt.engines = false;
  opt.decisive = false;
  opt.codex = kGeneratedCodex;
  return opt;
}

std::set<std::string> finding_ids(const std::vector<Finding>& findings) {
  std::set<std::string> out;
  for (const auto& f : findings) out.insert(f.id);
  return out;
}

std::string listed(const std::set<std::string>& ids) {
  std::string out;
  for (const auto& id : ids) out += (out.empty() ? "" : ", ") + id;
  return out.empty() ? "none" : out;
}

// One run: the catalog as written is consistent by the analysis and by brute force; injected,
// the analysis reports exactly the overlaps brute force finds; repair of the first proposes the
// injected reading switched back among its proposals of least cost, and its top proposal, read
// back from its YAML as `rulespec amend` reads it, removes the finding.
void check_one(std::uint64_t seed) {
  const Generated g = generate(seed);
  const InjectedConflict ic = generate_injected_conflict(seed);
  show_witness([&] {
    Value w = Value::map();
    w.set("catalog_seed", Value::integer(static_cast<std::int64_t>(seed)));
    w.set("injected", Value::string(ic.clause + ": " + ic.written_reading + " -> " + ic.injected_reading));
    return w;
  }());
  RC_LOG() << "catalog injected with " << ic.clause << ": " << ic.written_reading << " -> " << ic.injected_reading << ":\n"
           << ic.injected_yaml;
  const std::vector<Case> no_cases;
  const SuiteOptions opt = check_options();

  const Spec written = spec_of(ic.catalog_yaml);
  const RepairBase as_written = repair_base(written, no_cases, opt, kGeneratedCodex);
  RC_ASSERT(g.table.overlaps(&g.written).empty());
  RC_ASSERT(listed(finding_ids(as_written.result.findings)) == std::string("none"));

  std::vector<int> injected_readings = g.written;
  injected_readings[static_cast<std::size_t>(g.injected_clause)] = g.injected_reading;
  std::set<std::string> expected;
  for (const auto& [a, b] : g.table.overlaps(&injected_readings)) expected.insert(finding_id(a, b));
  RC_ASSERT(!expected.empty());
  const Spec injected = spec_of(ic.injected_yaml);
  const RepairBase before = repair_base(injected, no_cases, opt, kGeneratedCodex);
  for (const auto& res : {&as_written, &before})
    for (const auto& o : res->result.analyses)
      if (!o.ok) RC_FAIL("analysis " + o.id + " failed: " + o.detail);
  RC_ASSERT(listed(finding_ids(before.result.findings)) == listed(expected));

  const std::string target = *expected.begin();
  const RepairResult r = repair_finding(injected, no_cases, opt, before, target, 1, "generated/proposal-");
  RC_ASSERT(!r.proposals.empty());
  const RepairProposal& best = r.proposals.front();
  bool back_among_least = false;
  for (const auto& p : r.proposals) {
    if (best.cheaper_than(p)) break;
    back_among_least = back_among_least || (p.changes.size() == 1 && p.changes[0].clause == ic.clause && p.changes[0].to == ic.written_reading);
  }
  RC_ASSERT(back_among_least);
  RC_ASSERT(best.broken == 0);
  RC_ASSERT(best.appear == 0);

  const Amendment a = parse_amendment(parse_yaml(best.yaml, "proposal-1.yaml"), "proposal-1.yaml", injected);
  const AmendmentEvaluation e = evaluate_amendment(injected, a, no_cases, opt, false, &before.run);
  RC_ASSERT(std::any_of(e.resolved.begin(), e.resolved.end(), [&](const auto& x) { return x.id == target; }));
  RC_ASSERT(e.appear.empty());
}

}  // namespace

InjectedConflict generate_injected_conflict(std::uint64_t seed) {
  const Generated g = generate(seed);
  std::vector<int> injected = g.written;
  injected[static_cast<std::size_t>(g.injected_clause)] = g.injected_reading;
  return {.catalog_yaml = catalog_yaml(g, g.written),
          .injected_yaml = catalog_yaml(g, injected),
          .clause = clause_id(g.injected_clause),
          .written_reading = reading_id(g.injected_clause, g.written[static_cast<std::size_t>(g.injected_clause)]),
          .injected_reading = reading_id(g.injected_clause, g.injected_reading)};
}

const PropertyInfo& injected_conflict_property() {
  static const PropertyInfo p{
      kInjectedConflictProperty,
      "on a generated catalog, a ruleset switched to a reading of one clause that contradicts a decision table is repaired, at "
      "least cost, by switching it back",
      {},
      [](const Ruleset&) { return false; },
      [](const Spec&, const Ruleset&) {
        return rc::detail::toProperty([] { check_one(*rc::gen::inRange<std::uint64_t>(1, std::uint64_t{1} << 40)); });
      }};
  return p;
}

PropertyOutcome run_injected_conflict_property(std::uint64_t seed, int runs, const std::string& reproduce) {
  // The property runs under the generated codex's own ruleset (any seed's catalog has it).
  const Spec spec = spec_of(generate_injected_conflict(1).catalog_yaml);
  return run_property(spec, injected_conflict_property(), spec.ruleset(kGeneratedCodex), seed, runs, reproduce);
}

}  // namespace rulespec
