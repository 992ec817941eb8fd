// The Z3 harness: clauses asserted as tracked formulas named by clause id, deletion-minimised
// unsat cores, model enumeration, and a resource limit (rlimit) instead of wall-clock timeouts so
// that every run gives the same answer.
#pragma once
#include <z3++.h>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace rulespec {

inline constexpr unsigned kDefaultRlimit = 5'000'000;

// SMT-LIB 2 text: at most k of the clauses `ids` dropped (their |keep:ID| literals false), and
// (check-sat).
std::string correction_bound(const std::vector<std::string>& ids, int k);

class ClauseModel {
 public:
  explicit ClauseModel(unsigned rlimit = kDefaultRlimit);

  z3::context& ctx() { return ctx_; }
  z3::expr int_var(const std::string& name) { return ctx_.int_const(name.c_str()); }
  z3::expr bool_var(const std::string& name) { return ctx_.bool_const(name.c_str()); }
  z3::expr num(int v) { return ctx_.int_val(v); }

  // Background facts (domain bounds, definitions): always asserted, never in a core.
  void assume(const z3::expr& e) {
    background_.push_back(e);
    full_.reset();
  }
  // A clause's formula, tracked by the clause id (several formulas may share one id).
  void clause(const std::string& clause_id, const z3::expr& e);

  // Checks background + all clauses (+ extra). Throws std::runtime_error on "unknown".
  z3::check_result check(const std::vector<z3::expr>& extra = {});
  // After an unsat check: the clause ids of a core minimised by deletion (each one is needed).
  std::vector<std::string> minimal_core(const std::vector<z3::expr>& extra = {});
  // After an unsat check: the smallest sets of clause ids whose formulas, dropped, leave background +
  // the other clauses + extra satisfiable (minimum correction sets), found with Z3's Optimize (a
  // soft constraint per clause kept), at most `limit` of them. Empty when nothing is unsat, or when
  // background + extra alone are (no clause can be blamed).
  // The answer is certified before it is returned: correctable_within(extra, size - 1) is false.
  std::vector<std::vector<std::string>> minimum_corrections(const std::vector<z3::expr>& extra = {}, int limit = 8);
  // Whether dropping at most k clauses makes background + the rest + extra satisfiable: the
  // certificate that a correction of size k is the least is correctable_within(extra, k - 1) false.
  bool correctable_within(const std::vector<z3::expr>& extra, int k);
  // The conflict as a self-contained SMT-LIB 2 problem that any solver can re-check: background +
  // extra, and each clause's formulas under a literal |keep:CLAUSE-ID| (dropped when false). With
  // correction_bound(ids, k) appended it is satisfiable exactly when correctable_within(extra, k).
  std::string correction_problem(const std::vector<z3::expr>& extra = {});
  // A model of background + clauses + extra, or nullopt if unsat.
  std::optional<z3::model> model(const std::vector<z3::expr>& extra = {});
  // Is `goal` implied by background + the given clauses (all but `without`)?
  bool implied(const z3::expr& goal, const std::string& without = {});
  // Up to `limit` distinct values of `vars` satisfying everything (+ extra), in solver order.
  std::vector<std::vector<int>> enumerate(const std::vector<z3::expr>& vars, int limit,
                                          const std::vector<z3::expr>& extra = {});

  std::vector<std::string> clause_ids() const;
  static int value(const z3::model& m, const z3::expr& e);

 private:
  z3::check_result check_subset(const std::vector<std::string>& ids, const std::vector<z3::expr>& extra);
  // The solver holding background + every clause, built once and queried incrementally.
  z3::solver& full_solver();

  unsigned rlimit_;
  std::string unknown_message(const std::string& reason) const;
  z3::context ctx_;
  std::vector<z3::expr> background_;
  std::vector<std::pair<std::string, z3::expr>> clauses_;
  std::unique_ptr<z3::solver> full_;  // invalidated when an assumption or a clause is added
};

}  // namespace rulespec
