#include "reports/result.hpp"

namespace rulespec {

bool SuiteResult::all_pass() const { return failures() == 0; }

int SuiteResult::failures() const {
  int n = static_cast<int>(problems.size());
  for (const auto& c : cases) n += !c.pass;
  for (const auto& p : properties) n += !p.pass;
  for (const auto& a : analyses) n += !a.ok;
  for (const auto& m : mutants) n += !m.killed;  // certify has lost its teeth
  for (const auto& p : peers) n += !p.pass();
  n += !references_certified;
  return n;
}

Coverage coverage(const Codex& cx, const SuiteResult& r) {
  Coverage c;
  for (const auto& cl : cx.clauses) {
    const bool hit = r.exercised_by.count(cl.id) > 0;
    ++c.clauses;
    c.exercised += hit;
    c.encoded += cl.status == "encoded";
    c.encoded_unexercised += cl.status == "encoded" && !hit;
    if (!cl.board) {
      ++c.board_free;
      c.board_free_exercised += hit;
    }
  }
  return c;
}

}  // namespace rulespec
