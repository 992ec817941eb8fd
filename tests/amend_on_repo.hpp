// An amendment evaluated over the repository's catalogs and cases the way `rulespec amend` does
// it (two jobs, the codex's base run from amend's cache), and the cases whose answer it moves.
#pragma once
#include <functional>
#include <set>
#include <string>

#include "amend/amend_eval.hpp"
#include "spec/amendment.hpp"
#include "spec/yaml_load.hpp"
#include "tests/repo.hpp"

namespace rulespec::testing {

// An amendment of one decision table for one ruleset: `edit` is its key (add_rows, replace_rows,
// ...) and `rows` the flow-style rows, one per line, each indented as in a file.
inline Amendment table_amendment(const std::string& codex, const std::string& id, const std::string& ruleset, const std::string& table,
                                 const std::string& edit, const std::string& rows) {
  const std::string yaml = "amendment:\n  id: " + id + "\n  codex: " + codex + "\n  title: \"" + id + "\"\n  rationale: \"t\"\n  rulesets: [" +
                           ruleset + "]\ndecisions:\n  - id: " + table + "\n    " + edit + ":\n" + rows;
  return parse_amendment(parse_yaml(yaml, id + ".yaml"), id + ".yaml", repo_spec());
}

// An amendment that sets one param of one ruleset.
inline Amendment param_amendment(const std::string& codex, const std::string& id, const std::string& ruleset, const std::string& param,
                                 const Value& value) {
  Amendment a;
  a.id = id;
  a.codex = codex;
  a.rulesets = {ruleset};
  a.params.push_back({param, value});
  return a;
}

inline AmendmentEvaluation evaluate_on_repo(const Amendment& a) {
  SuiteOptions opt;
  opt.jobs = 2;
  const BaseRun run = run_base(repo_spec(), repo_cases(), opt, a.codex, amend_cache_dir());
  return evaluate_amendment(repo_spec(), a, repo_cases(), opt, false, &run);
}

// The cases under `ruleset` whose answer before and after the amendment `moved` accepts.
inline std::set<std::string> moved_cases(const AmendmentEvaluation& e, const std::string& ruleset,
                                         const std::function<bool(const Value& before, const Value& after)>& moved) {
  std::set<std::string> ids;
  for (const auto& c : e.cases)
    if (c.ruleset == ruleset && moved(c.before, c.after)) ids.insert(c.case_id);
  return ids;
}

}  // namespace rulespec::testing
