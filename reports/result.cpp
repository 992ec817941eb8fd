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

bool clause_exercised(const SuiteResult& r, const std::string& clause_id) {
  const auto it = r.decisive_by.find(clause_id);
  return it != r.decisive_by.end() && !it->second.empty();
}

bool clause_applied(const Clause& cl) { return cl.status == "encoded" || cl.status == "partial"; }

Coverage coverage(const Codex& cx, const SuiteResult& r) {
  Coverage c;
  for (const auto& cl : cx.clauses) {
    const bool cited = r.cited_by.count(cl.id) > 0;
    const bool exercised = clause_exercised(r, cl.id);
    ++c.clauses;
    c.cited += cited;
    c.exercised += exercised;
    c.encoded += cl.status == "encoded";
    c.encoded_uncited += cl.status == "encoded" && !cited;
    if (clause_applied(cl) && !exercised) {
      if (cl.not_decisive.empty() && cl.applied_through.empty()) ++c.to_do;
      else ++c.not_decisive;
    }
    if (exercised)
      for (const auto& e : r.decisive_by.at(cl.id)) (e.rfind("case:", 0) == 0 ? c.decisive_case_runs : c.decisive_property_runs) += 1;
    if (!cl.board) {
      ++c.board_free;
      c.board_free_exercised += exercised;
    }
  }
  return c;
}

}  // namespace rulespec
