// Findings about the codices, and the registry of analyses that produce them.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "spec/spec.hpp"

namespace rulespec {

inline const std::vector<std::string>& finding_kinds() {
  // reference: the text refers to one of its own articles that does not exist or is about
  // something else.
  static const std::vector<std::string> k = {"conflict",   "gap",        "ambiguity", "redundancy", "numeric",
                                             "divergence", "underspecified", "reference"};
  return k;
}

struct Finding {
  std::string id;  // F-<codex>-<slug>, stable
  std::string kind, summary, explanation;
  std::vector<std::string> clauses, rulesets;
  Value witness;          // abstract assignment and/or concrete inputs
  std::string case_id;    // a case that replays the witness, when one exists
  std::string analysis;   // the analysis that emitted it
  // From the findings register (spec/findings/): how much it weighs, what it cites, the text's
  // best defence and what replaying it shows. A candidate without an entry is "unreviewed".
  std::string severity = "unreviewed";
  const FindingNote* note = nullptr;
  // From a Z3 analysis whose clauses conflict: the smallest sets of clauses that must change for
  // the conflict to go (ClauseModel::minimum_corrections), which `rulespec repair` searches first.
  std::vector<std::vector<std::string>> corrections;
  // The same conflict as an SMT-LIB 2 problem (ClauseModel::correction_problem), so that the
  // certificate of least size can be re-checked outside rulespec.
  std::string correction_problem;
  // For a figure or reference the text gets wrong: the clause's statement with the figure the
  // check recomputed (or the article whose content matches) written in, which the same check,
  // reading the amended statement, accepts; `rulespec repair` proposes each as replace_clauses.
  struct Restatement {
    std::string clause, statement, why;
  };
  std::vector<Restatement> restatements;
  std::string reproduce() const { return "rulespec explain " + id; }
  // The raw oracle requests that show the witness, one JSON line per ruleset its case names (filled
  // by the suite from the case): what a reader pipes into `rulespec oracle` without our command.
  std::vector<std::string> oracle_requests;
};
// `echo '<request>' | rulespec oracle`, quoted for a POSIX shell.
std::string oracle_command(const std::string& request_json);

// Which method found it, for the report: a decision table, the cross-reference check, or an
// analysis of its own.
std::string finding_method(const Finding& f);

// Defects first, then wording, then differences, then anything not yet reviewed; by id within.
int severity_rank(const std::string& severity);
bool report_order(const Finding& a, const Finding& b);

struct AnalysisOutcome {
  std::string id;
  std::vector<std::string> clauses;
  bool ok = true;          // the analysis itself ran (a solver "unknown" or a crash is not ok)
  bool applicable = true;  // false when the spec gives it nothing to check (e.g. a fractional komi)
  std::string detail;      // one line: what was checked and the result
  std::vector<Finding> findings;
};

struct AnalysisInfo {
  std::string id, summary;
  std::vector<std::string> clauses;  // what it exercises; an analysis driven by catalog data sets its outcome's instead
  std::function<void(const Spec&, AnalysisOutcome&)> run;
  std::string codex;  // the codex it belongs to when `clauses` cannot say (data-driven analyses)
};

const std::vector<AnalysisInfo>& analyses();
const AnalysisInfo* find_analysis(std::string_view id);
// Whether an analysis is about a codex: it belongs to it, or exercises one of its clauses. Every
// finding's clauses lie in codices its analysis is about (a ctest checks it), so that explain
// runs only those analyses to find the findings of a clause or a finding's replay.
bool analysis_about(const AnalysisInfo& a, std::string_view codex);
// The codex a finding id names (F-<codex>-...), the longest that fits; "" when none does.
std::string finding_codex(const Spec& spec, std::string_view finding_id);
AnalysisOutcome run_analysis(const Spec& spec, const AnalysisInfo& a);

void register_ing_analyses(std::vector<AnalysisInfo>& out);

// Whether readings `a` and `b` of a clause are both ones a careful reader might take. When one is
// marked unusual, the outcome's detail says so and the caller reports no ambiguity: a finding
// built on a reading nobody holds is our artifact, not the text's defect.
bool readings_both_natural(const Spec& spec, std::string_view clause_id, std::string_view a, std::string_view b,
                           AnalysisOutcome& out);

// Marks an outcome as not applicable, with the reason as its detail.
inline void not_applicable(AnalysisOutcome& out, std::string why) {
  out.applicable = false;
  out.detail = "not applicable: " + std::move(why);
}
void register_jishogi_analyses(std::vector<AnalysisInfo>& out);
void register_ru1985_analyses(std::vector<AnalysisInfo>& out);
void register_go_divergence_analyses(std::vector<AnalysisInfo>& out);
void register_go_ending_analyses(std::vector<AnalysisInfo>& out);
void register_go_ending_z3_analyses(std::vector<AnalysisInfo>& out);
void register_xiangqi_analyses(std::vector<AnalysisInfo>& out);
void register_go_equipment_analyses(std::vector<AnalysisInfo>& out);
void register_renju_analyses(std::vector<AnalysisInfo>& out);
void register_bridge_analyses(std::vector<AnalysisInfo>& out);
void register_go_board_analyses(std::vector<AnalysisInfo>& out);
void register_go_art9_analyses(std::vector<AnalysisInfo>& out);
void register_ru1985_tie_analyses(std::vector<AnalysisInfo>& out);
void register_decision_analyses(std::vector<AnalysisInfo>& out);
void register_glossary_analyses(std::vector<AnalysisInfo>& out);
void register_xiangqi_loop_analyses(std::vector<AnalysisInfo>& out);
void register_xiangqi_example_analyses(std::vector<AnalysisInfo>& out);
void register_crossref_analyses(std::vector<AnalysisInfo>& out);

}  // namespace rulespec
