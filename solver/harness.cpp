#include "solver/harness.hpp"

#include <algorithm>
#include <stdexcept>

namespace rulespec {

ClauseModel::ClauseModel(unsigned rlimit) : rlimit_(rlimit) {}

void ClauseModel::clause(const std::string& clause_id, const z3::expr& e) {
  clauses_.emplace_back(clause_id, e);
  full_.reset();
}

z3::solver& ClauseModel::full_solver() {
  if (!full_) {
    full_ = std::make_unique<z3::solver>(ctx_);
    z3::params p(ctx_);
    p.set("rlimit", rlimit_);
    full_->set(p);
    for (const auto& e : background_) full_->add(e);
    for (const auto& [id, e] : clauses_) full_->add(e);
  }
  return *full_;
}

std::vector<std::string> ClauseModel::clause_ids() const {
  std::vector<std::string> ids;
  for (const auto& [id, e] : clauses_)
    if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
  return ids;
}

z3::check_result ClauseModel::check_subset(const std::vector<std::string>& ids, const std::vector<z3::expr>& extra) {
  z3::solver s(ctx_);
  z3::params p(ctx_);
  p.set("rlimit", rlimit_);
  s.set(p);
  for (const auto& e : background_) s.add(e);
  for (const auto& [id, e] : clauses_)
    if (std::find(ids.begin(), ids.end(), id) != ids.end()) s.add(e);
  for (const auto& e : extra) s.add(e);
  const auto r = s.check();
  if (r == z3::unknown) throw std::runtime_error(unknown_message(s.reason_unknown()));
  return r;
}

// Z3 gave up: its reason and the budget it had (the resource limit, not a wall clock, so the
// same question gets the same answer on any machine).
std::string ClauseModel::unknown_message(const std::string& reason) const {
  return "solver returned unknown within its rlimit of " + std::to_string(rlimit_) + ": " + reason;
}

z3::check_result ClauseModel::check(const std::vector<z3::expr>& extra) {
  z3::solver& s = full_solver();
  s.push();
  for (const auto& e : extra) s.add(e);
  const auto r = s.check();
  const std::string reason = r == z3::unknown ? s.reason_unknown() : std::string();
  s.pop();
  if (r == z3::unknown) throw std::runtime_error(unknown_message(reason));
  return r;
}

std::vector<std::string> ClauseModel::minimal_core(const std::vector<z3::expr>& extra) {
  std::vector<std::string> core = clause_ids();
  if (check_subset(core, extra) != z3::unsat) return {};
  // Deletion: drop each clause in turn; keep it out if the rest stays unsat.
  for (size_t i = 0; i < core.size();) {
    std::vector<std::string> trial = core;
    trial.erase(trial.begin() + static_cast<long>(i));
    if (check_subset(trial, extra) == z3::unsat) core = trial;
    else ++i;
  }
  return core;
}

namespace {

// One "keep" literal per clause id; a formula holds only where its clause is kept.
struct Relaxed {
  std::vector<std::string> ids;
  z3::expr_vector keep;
  explicit Relaxed(z3::context& c) : keep(c) {}
};

}  // namespace

std::vector<std::vector<std::string>> ClauseModel::minimum_corrections(const std::vector<z3::expr>& extra, int limit) {
  if (check_subset(clause_ids(), extra) != z3::unsat) return {};
  if (check_subset({}, extra) == z3::unsat) return {};
  Relaxed r(ctx_);
  r.ids = clause_ids();
  for (const auto& id : r.ids) r.keep.push_back(ctx_.bool_const(("keep:" + id).c_str()));
  auto index = [&](const std::string& id) { return std::find(r.ids.begin(), r.ids.end(), id) - r.ids.begin(); };
  z3::params p(ctx_);
  p.set("rlimit", rlimit_);
  z3::optimize opt(ctx_);
  opt.set(p);
  for (const auto& e : background_) opt.add(e);
  for (const auto& e : extra) opt.add(e);
  for (const auto& [id, e] : clauses_) opt.add(z3::implies(r.keep[static_cast<unsigned>(index(id))], e));
  for (unsigned i = 0; i < r.keep.size(); ++i) opt.add_soft(r.keep[i], 1);
  const auto first = opt.check();
  if (first == z3::unknown) throw std::runtime_error(unknown_message("the optimizer gave up"));
  if (first != z3::sat) return {};
  auto dropped = [&](const z3::model& m) {
    std::vector<std::string> out;
    for (unsigned i = 0; i < r.keep.size(); ++i)
      if (!m.eval(r.keep[i], true).is_true()) out.push_back(r.ids[i]);
    return out;
  };
  std::vector<std::vector<std::string>> out = {dropped(opt.get_model())};
  const unsigned k = static_cast<unsigned>(out.front().size());
  // The certificate, re-solved: with one clause fewer dropped nothing is satisfiable.
  if (correctable_within(extra, static_cast<int>(k) - 1))
    throw std::runtime_error("Z3 Optimize returned a correction of " + std::to_string(k) + " clauses, but fewer suffice");
  // The other sets of the same size: block each one found and ask again under the bound.
  z3::solver s(ctx_);
  s.set(p);
  for (const auto& e : background_) s.add(e);
  for (const auto& e : extra) s.add(e);
  for (const auto& [id, e] : clauses_) s.add(z3::implies(r.keep[static_cast<unsigned>(index(id))], e));
  z3::expr_vector drops(ctx_);
  for (unsigned i = 0; i < r.keep.size(); ++i) drops.push_back(!r.keep[i]);
  s.add(z3::atmost(drops, k));
  while (static_cast<int>(out.size()) < limit) {
    z3::expr keeps_one = ctx_.bool_val(false);
    for (const auto& id : out.back()) keeps_one = keeps_one || r.keep[static_cast<unsigned>(index(id))];
    s.add(keeps_one);
    const auto res = s.check();
    if (res == z3::unknown) throw std::runtime_error(unknown_message(s.reason_unknown()));
    if (res != z3::sat) break;
    out.push_back(dropped(s.get_model()));
  }
  for (auto& set : out) std::sort(set.begin(), set.end());
  std::sort(out.begin(), out.end());
  return out;
}

bool ClauseModel::correctable_within(const std::vector<z3::expr>& extra, int k) {
  if (k < 0) return false;
  Relaxed r(ctx_);
  r.ids = clause_ids();
  z3::params p(ctx_);
  p.set("rlimit", rlimit_);
  z3::solver s(ctx_);
  s.set(p);
  for (const auto& id : r.ids) r.keep.push_back(ctx_.bool_const(("keep:" + id).c_str()));
  for (const auto& e : background_) s.add(e);
  for (const auto& e : extra) s.add(e);
  for (const auto& [id, e] : clauses_)
    s.add(z3::implies(r.keep[static_cast<unsigned>(std::find(r.ids.begin(), r.ids.end(), id) - r.ids.begin())], e));
  z3::expr_vector drops(ctx_);
  for (unsigned i = 0; i < r.keep.size(); ++i) drops.push_back(!r.keep[i]);
  s.add(z3::atmost(drops, static_cast<unsigned>(k)));
  const auto res = s.check();
  if (res == z3::unknown) throw std::runtime_error(unknown_message(s.reason_unknown()));
  return res == z3::sat;
}

std::string ClauseModel::correction_problem(const std::vector<z3::expr>& extra) {
  z3::solver s(ctx_);
  for (const auto& e : background_) s.add(e);
  for (const auto& e : extra) s.add(e);
  for (const auto& [id, e] : clauses_) s.add(z3::implies(ctx_.bool_const(("keep:" + id).c_str()), e));
  std::string text = s.to_smt2();
  const std::string tail = "(check-sat)\n";
  if (text.size() >= tail.size() && text.compare(text.size() - tail.size(), tail.size(), tail) == 0) text.resize(text.size() - tail.size());
  return text;
}

std::string correction_bound(const std::vector<std::string>& ids, int k) {
  std::string sum;
  for (const auto& id : ids) sum += " (ite |keep:" + id + "| 0 1)";
  return "(assert (<= (+ 0" + sum + ") " + std::to_string(k < 0 ? 0 : k) + "))\n" + (k < 0 ? "(assert false)\n" : "") + "(check-sat)\n";
}

std::optional<z3::model> ClauseModel::model(const std::vector<z3::expr>& extra) {
  z3::solver& s = full_solver();
  s.push();
  for (const auto& e : extra) s.add(e);
  const auto r = s.check();
  std::optional<z3::model> out;
  std::string reason;
  if (r == z3::sat) out = s.get_model();
  if (r == z3::unknown) reason = s.reason_unknown();
  s.pop();
  if (r == z3::unknown) throw std::runtime_error(unknown_message(reason));
  return out;
}

bool ClauseModel::implied(const z3::expr& goal, const std::string& without) {
  std::vector<std::string> ids = clause_ids();
  ids.erase(std::remove(ids.begin(), ids.end(), without), ids.end());
  return check_subset(ids, {!goal}) == z3::unsat;
}

std::vector<std::vector<int>> ClauseModel::enumerate(const std::vector<z3::expr>& vars, int limit,
                                                     const std::vector<z3::expr>& extra) {
  std::vector<std::vector<int>> out;
  std::vector<z3::expr> blocking = extra;
  while (static_cast<int>(out.size()) < limit) {
    auto m = model(blocking);
    if (!m) break;
    std::vector<int> row;
    z3::expr differs = ctx_.bool_val(false);
    for (const auto& v : vars) {
      row.push_back(value(*m, v));
      differs = differs || v != ctx_.int_val(row.back());
    }
    out.push_back(row);
    blocking.push_back(differs);
  }
  return out;
}

int ClauseModel::value(const z3::model& m, const z3::expr& e) {
  return m.eval(e, true).get_numeral_int();
}

}  // namespace rulespec
