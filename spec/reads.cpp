#include "spec/reads.hpp"

#include <algorithm>

#include <atomic>
#include <mutex>
#include <stdexcept>

#include "spec/spec.hpp"

namespace rulespec {

std::string param_key(std::string_view ruleset, std::string_view param) {
  return "param:" + std::string(ruleset) + ":" + std::string(param);
}
std::string reading_key(std::string_view ruleset, std::string_view clause) {
  return "reading:" + std::string(ruleset) + ":" + std::string(clause);
}
std::string clause_key(std::string_view clause) { return "clause:" + std::string(clause); }
std::string codex_key(std::string_view codex) { return "codex:" + std::string(codex); }
std::string switch_key(std::string_view clause) { return "switch:" + std::string(clause); }

namespace {

std::mutex log_guard;
std::set<std::string> log_keys;
std::atomic<bool> log_open{false};

}  // namespace

ReadLog::ReadLog() {
  std::lock_guard<std::mutex> lock(log_guard);
  if (log_open.exchange(true)) throw std::logic_error("ReadLog: one is already open");
  log_keys.clear();
}

ReadLog::~ReadLog() {
  std::lock_guard<std::mutex> lock(log_guard);
  log_keys.clear();
  log_open = false;
}

std::set<std::string> ReadLog::take() {
  std::lock_guard<std::mutex> lock(log_guard);
  return std::exchange(log_keys, {});
}

void ReadLog::note(std::string key) {
  if (!log_open.load(std::memory_order_relaxed)) return;
  std::lock_guard<std::mutex> lock(log_guard);
  log_keys.insert(std::move(key));
}

bool ReadLog::open() { return log_open.load(); }

namespace {

// Everything of a clause an item could read, as one comparable value.
bool same_clause(const Clause& a, const Clause& b) {
  return a.node == b.node && a.first_line == b.first_line && a.last_line == b.last_line;
}

// What a model executing a clause's readings depends on: the readings declared and what each is
// executed as (not their statements or whether they are unusual, which only analyses read).
std::string executed_readings(const Clause* c) {
  if (!c) return "(absent)";
  std::string out;
  for (const auto& r : c->readings) out += r.id + (r.equivalent_to ? "=" + r.equivalent_to->to : std::string()) + ";";
  return out;
}

}  // namespace

std::set<std::string> changed_keys(const Spec& before, const Spec& after) {
  std::set<std::string> out;
  // Rulesets: the same ids on both sides (amendments cannot add or remove one).
  for (const Ruleset& a : after.rulesets()) {
    if (!before.has_ruleset(a.id)) {
      out.insert(std::string(kEverything));
      continue;
    }
    const Ruleset& b = before.ruleset(a.id);
    std::set<std::string> names;
    for (const auto& [k, v] : a.all_params()) names.insert(k);
    for (const auto& [k, v] : b.all_params()) names.insert(k);
    for (const auto& n : names) {
      const bool in_a = a.all_params().count(n) > 0, in_b = b.all_params().count(n) > 0;
      if (in_a != in_b || (in_a && !(a.all_params().at(n) == b.all_params().at(n)))) out.insert(param_key(a.id, n));
    }
  }
  // Clauses, and through them the readings each ruleset takes.
  const auto& cb = before.codices();
  const auto& ca = after.codices();
  for (const Codex& x : ca) {
    const Codex* y = nullptr;
    for (const auto& c : cb)
      if (c.id == x.id) y = &c;
    if (!y) {
      out.insert(std::string(kEverything));
      continue;
    }
    bool codex_changed = false;
    std::set<std::string> ids;
    for (const auto& c : x.clauses) ids.insert(c.id);
    for (const auto& c : y->clauses) ids.insert(c.id);
    for (const auto& id : ids) {
      const Clause* p = x.clause(id);
      const Clause* q = y->clause(id);
      const bool clause_changed = !p || !q || !same_clause(*p, *q);
      if (clause_changed) {
        out.insert(clause_key(id));
        codex_changed = true;
      }
      if (!p != !q) out.insert(switch_key(id));  // removed (or added): the models apply it or not
      // A changed clause may declare other readings or equivalences: what a ruleset executes
      // of it can change even where the reading taken does not.
      const bool readings_changed = clause_changed && executed_readings(p) != executed_readings(q);
      for (const auto& rs : x.rulesets)
        if (readings_changed || after.ruleset(rs.id).reading(id) != before.ruleset(rs.id).reading(id))
          out.insert(reading_key(rs.id, id));
    }
    // A decision table an amendment changed: what reads the codex reads its tables.
    const bool tables_changed = x.decisions.size() != y->decisions.size() ||
                                !std::equal(x.decisions.begin(), x.decisions.end(), y->decisions.begin(), [](const DecisionTable& p, const DecisionTable& q) {
                                  return p.id == q.id && p.amended == q.amended && p.node.dump() == q.node.dump();
                                });
    if (codex_changed || tables_changed) out.insert(codex_key(x.id));
  }
  return out;
}

bool reaches(const std::set<std::string>& reads, const std::set<std::string>& changed) {
  if (changed.empty()) return false;
  if (reads.count(std::string(kEverything)) || changed.count(std::string(kEverything))) return true;
  // Both sets are small next to the spec; walk the smaller one.
  const auto& small = reads.size() < changed.size() ? reads : changed;
  const auto& large = reads.size() < changed.size() ? changed : reads;
  for (const auto& k : small)
    if (large.count(k)) return true;
  return false;
}

}  // namespace rulespec
