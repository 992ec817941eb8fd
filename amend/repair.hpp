// `rulespec repair`: the smallest amendment that removes a finding. The search space is what the
// catalogs already hold: the readings of each clause (proposed changes of the text included) and
// the declared values of each param. The settings searched first are those the finding's evidence
// reads (the analysis that emits it and the cases that replay it note every param and reading they
// read, spec/reads.hpp), then the readings of the clauses it cites and their relations. Each change
// is an amendment evaluated like any other (amend/amend_eval.hpp), so a proposal is never
// claimed on evidence `amend` would not give.
#pragma once
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "amend/amend_eval.hpp"

namespace rulespec {

// One change of one setting in one ruleset (and the rulesets built on it). `settle` removes an
// ambiguity instead: the clause's statement becomes that of reading `to`, which comes first, and
// the other readings are marked as excluded by the amended text (kept for comparison rulesets).
struct RepairChange {
  std::string ruleset, clause, param;  // a reading of `clause`, or a value of `param`
  std::string from, to;                // reading ids or values as text
  Value value;                         // the param's new value
  bool settle = false;
  // A change of a decision table: a row added (`row`, as the catalog writes it) for a gap, or for
  // an overlap a hit policy with an order of outcomes (`policy`, `order`) or one of the two rows
  // removed (`remove_row`, where the other covers what it decides); `to` says which outcome.
  std::string table, policy, remove_row;
  std::vector<std::string> order;
  Value row;
  // For a gap at one value of one input: the rows that decide another value of it, each with the
  // gap's value added to its condition (replace_rows), so the gap gets what they give.
  Value widened_rows;
  std::string widened_input, widened_value, widened_from;
  // A statement rewritten: the figure or reference the check that found it recomputed, written
  // into clause `restated` (replace_clauses); `because` says what it writes.
  std::string restated, statement, because;
  // "reading of C in R: a -> b", "param P in R: 8 -> 7", "settle C on b", "table T: a row ... -> O",
  // "reword C: ..."
  std::string describe() const;
};

struct RepairProposal {
  std::vector<RepairChange> changes;
  Amendment amendment;
  AmendmentEvaluation evaluation;
  // Cost, compared in this order: properties that start to fail and conflicts that appear, other
  // findings that appear, verdicts that move among the cases the text settles, changes made, and
  // last every verdict that moves.
  int broken = 0, appear = 0, settled_moved = 0;
  std::vector<std::string> settled_cases_moved;  // "CASE [RULESET]"
  std::vector<std::string> witness_cleared;      // the register's replays that no longer show the claim
  std::vector<std::string> also_resolved;        // other findings the change removes
  std::string proof;  // how the proposal is known to be of least cost among those searched
  std::string yaml;   // the amendment file, loadable by `rulespec amend`
  bool cheaper_than(const RepairProposal& o) const;
};

struct RepairResult {
  std::string finding, severity, kind, analysis, codex, summary;
  std::vector<std::string> space;      // the settings searched, in words
  int tried = 0;                       // amendments evaluated
  std::vector<RepairProposal> proposals;  // those that remove the finding, least cost first
  std::vector<std::string> kept;       // changes tried that leave the finding in place
  std::vector<std::string> refused;    // changes the catalogs refuse, with why
  std::vector<std::string> unevaluated;  // changes that met a setting no model executes
  std::string missing;                 // no proposal: what a fix needs that the catalogs lack
  std::size_t untried = 0;             // settings its evidence reads that concern other articles, not tried
  // For a Z3 conflict: the certificate that no smaller correction exists, as an SMT-LIB 2 problem
  // (the conflict with at most least-1 clauses dropped) that any solver finds unsatisfiable;
  // written beside the proposals as certificate.smt2.
  std::string certificate;
  double seconds = 0;
};

// The base run of the finding's codex (run_base with record_reads) and its finished result.
struct RepairBase {
  BaseRun run;
  SuiteResult result;
  std::string codex;
  // Cases whose verdict changes when the codex's default ruleset takes another reading a careful
  // reader may take of one clause: the text does not settle them. One evaluation per such
  // reading, so computed when a proposal's cost first needs it (a finding nothing removes never
  // does), then kept.
  const std::set<std::string>& reading_dependent(const Spec& base, const std::vector<Case>& cases, const SuiteOptions& opt) const;

 private:
  mutable std::optional<std::set<std::string>> reading_dependent_;
};
RepairBase repair_base(const Spec& base, const std::vector<Case>& cases, const SuiteOptions& opt, const std::string& codex,
                       const std::string& cache_dir = {});

// Searches changes of up to `max_changes` settings (pairs only when no single change removes it,
// within one ruleset). `out_prefix` names the proposal files in replay commands
// ("DIR/F-ID/proposal-"): proposal N is written to out_prefix + N + ".yaml" by the caller.
// The finding's own settings come first (the readings of its clauses and of the clauses related
// to them, the params their articles name); when there are none, what it lacks is a new rule and
// the answer says so at once, unless `every_setting` asks for every setting its evidence reads.
RepairResult repair_finding(const Spec& base, const std::vector<Case>& cases, const SuiteOptions& opt, const RepairBase& before,
                            const std::string& finding_id, int max_changes, const std::string& out_prefix,
                            bool every_setting = false);

}  // namespace rulespec
