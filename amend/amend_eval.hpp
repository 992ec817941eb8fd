// The answer to a rules committee's amendment: the codex's suite run on the base spec and on the
// amended spec, compared. Only the items that read something the amendment changes are run
// again (spec/reads.hpp); `full` runs every item twice, and gives the same answer.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "suite/suite.hpp"
#include "spec/amendment.hpp"

namespace rulespec {

// One leaf of a query answer that differs: its path ("fill_in.status", "moves[3]"), and its text
// before and after ("(absent)" when missing on one side).
struct FieldChange {
  std::string path, before, after;
};
std::vector<FieldChange> value_diff(const Value& before, const Value& after);

struct AmendmentEvaluation {
  std::string id, codex, title, rationale, source, file;
  std::string verdict;  // of the amended codex as a whole: consistent | inconsistent | not fully evaluated
  bool adds_inconsistency = false;  // a property breaks or a conflict appears (else any conflict is the base codex's)

  // The headline in two parts, kept apart so that a harmless amendment to a codex with conflicts
  // of its own does not read as a bad one. What the amendment does: "adds-no-inconsistency",
  // "adds-inconsistency" or "not-fully-evaluated" (then `not_fully_evaluated_because`, one reason a
  // line); then what the codex as written already has, whatever the amendment: `conflicts` below.
  std::string amendment_verdict;
  std::vector<std::string> not_fully_evaluated_because;
  std::vector<std::string> headline() const;  // the two parts, one sentence each, as the text, page and JSON print them

  // What the amendment sets, per ruleset it reaches, in words: "komi: 8 -> 7".
  struct RulesetChange {
    std::string ruleset, why;          // why it changed: named by the amendment, or inherited from one that is
    std::vector<std::string> changes;  // "param komi: 8 -> 7", "reading of X: a -> b"
  };
  std::vector<RulesetChange> rulesets;
  std::vector<std::string> clauses_changed;  // "replaces X", "adds X", "removes X", "adds reading R to X"
  // Settings the models execute as another one (a declared equivalence), with the reason: the
  // amendment's news can only be as fine as the models.
  std::vector<std::string> executed_as;

  struct ChangedCase {
    std::string case_id, ruleset, topic, svg, replay;
    std::string sentence;  // what happened before and what happens now, in the rules' terms (amend/amend_words.hpp)
    // The board an answer gives (a Go move's result), drawn, under the codex as written and under
    // the amendment; empty where that answer gives none.
    std::string svg_result_before, svg_result_after;
    Value before, after;
    std::vector<FieldChange> fields;
    bool expected_after = false;  // the expectation written for the base codex still holds
    // Only a label moved (the reason's name, the clause cited): the outcome is the same.
    bool label_only = false;
  };
  std::vector<ChangedCase> cases;

  // A property that held on the base codex and fails on the amended one, under one or more
  // rulesets; the counterexample and its replay are those of the first.
  struct Inconsistency {
    std::string property, sentence, counterexample, svg, replay;
    std::string because;  // what failed, in the codex's terms (properties/property.hpp rules_require)
    std::vector<std::string> rulesets, clauses;
    Value witness;
  };
  std::vector<Inconsistency> inconsistencies;
  // Properties whose generator finds nothing to test under the amendment (not a failure).
  struct Unexercised {
    std::string property, detail;
    std::vector<std::string> rulesets;
  };
  std::vector<Unexercised> unexercised;
  std::vector<std::string> restored;  // properties that failed on the base codex and hold now

  struct FindingChange {
    std::string id, kind, severity, summary, replay, why_not_evaluated;
    std::vector<std::pair<std::string, std::string>> clauses;  // id, statement
  };
  std::vector<FindingChange> appear, resolved, not_evaluated;
  std::vector<FindingChange> conflicts;  // conflict findings of the amended codex that the base has too

  std::vector<std::string> unhandled;  // items that met a setting no model executes
  // Removed clauses the models apply but cannot switch off (queries/switches.hpp): what depends on
  // them is answered as if they were there, so the answer is not fully evaluated.
  std::vector<std::string> not_switchable;
  // Settings the amendment changes (a param, a reading) that no case, property or analysis of the
  // codex answers differently with: nothing shows what they decide, so the answer is not fully
  // evaluated; each with what would show it.
  std::vector<std::string> unexercised_settings;
  std::vector<std::string> problems;   // analyses that could not run, dangling references

  // The statements the amendment replaces, old beside new.
  struct Replaced {
    std::string clause, ref, before, after;
  };
  std::vector<Replaced> replaced;
  // "Articles you must reword": a clause of the codex as written whose words the amendment makes
  // false and does not itself replace: a claim its lines make (spec claims:) that held and no
  // longer does, or an example its lines give (a case citing them) whose answer changes against
  // its expectation. Each with the lines and, per claim or example, why.
  struct Reword {
    std::string clause, ref, statement;
    int first_line = 0, last_line = 0;
    std::vector<std::string> why;
    std::vector<std::string> claims;  // the claim ids among the reasons
  };
  std::vector<Reword> reword;

  std::size_t items = 0, items_run = 0;  // the amended codex's items, and those run again
  bool items_run_kept = false;           // ...whose outcomes an earlier evaluation of the same change kept
};

// A codex's items run on the catalogs as written, with what each read of the spec: the "before"
// of every amendment to that codex. With `cache_dir`, kept there as a slice file under a
// fingerprint of everything the outcomes depend on (the sources, the options, the code: kCodeIdentity),
// and read back instead of run when it matches.
//
// An evaluation against a base run that came through a cache keeps its own re-run items there too
// ("amended-*.json", the newest kAmendedRunsKept), under the base's fingerprint, the seed and what
// the amended spec changes, value by value (not the amendment's name or file): the same change
// asked again, by amend, by repair's candidates or by the settled-verdict check, is answered from it.
struct BaseRun {
  std::vector<SuiteItem> plan;
  std::vector<ItemOutcome> outcomes;
  std::string cache_dir, fingerprint;  // set when a cache holds (or now keeps) this run
};
inline constexpr int kAmendedRunsKept = 200;
BaseRun run_base(const Spec& base, const std::vector<Case>& cases, SuiteOptions opt, const std::string& codex,
                 const std::string& cache_dir = {}, const Progress& progress = {});
// The base run as `cache_dir` keeps it, when it is there and current; nothing is run. `base` must
// be the catalogs as written (the fingerprint is of the files, not of an amended spec).
std::optional<BaseRun> cached_base_run(const Spec& base, const std::vector<Case>& cases, SuiteOptions opt,
                                       const std::string& codex, const std::string& cache_dir);

// Where amend and repair keep the base runs: amend-cache/ beside this executable ("" if unknown,
// or when RULESPEC_NO_AMEND_CACHE is set: everything run afresh).
std::string amend_cache_dir();

// The options a whole run needs (reads recorded) so that seed_base_caches can keep its outcomes.
SuiteOptions with_base_cache_reads(SuiteOptions whole);
// After a whole run of the catalogs as written (no codex, no amendment; reads recorded): every
// codex's base run, taken from it item by item, kept in `cache_dir` as run_base would keep it. So
// that the first amend after `rulespec verify` does not run its codex again. Returns how many
// codices were kept.
int seed_base_caches(const Spec& base, const std::vector<Case>& cases, const SuiteOptions& whole_opt,
                     const std::vector<SuiteItem>& whole_plan, const std::vector<ItemOutcome>& whole_outcomes,
                     const std::string& cache_dir);

// `opt.codex` is set to the amendment's codex; engines are not certified. Replay commands name the
// amendment by `a.file`. `full` runs every item of the amended codex again. `base_run` (of the
// same base spec and codex) is used instead of running the base.
AmendmentEvaluation evaluate_amendment(const Spec& base, const Amendment& a, const std::vector<Case>& cases,
                                       SuiteOptions opt, bool full, const BaseRun* base_run = nullptr,
                                       const Progress& progress = {});

}  // namespace rulespec
