#include <algorithm>
#include <stdexcept>

#include "solver/finding.hpp"

namespace rulespec {

const std::vector<AnalysisInfo>& analyses() {
  static const std::vector<AnalysisInfo> all = [] {
    std::vector<AnalysisInfo> a;
    register_ing_analyses(a);
    register_jishogi_analyses(a);
    register_ru1985_analyses(a);
    register_go_divergence_analyses(a);
    register_go_ending_analyses(a);
    register_go_ending_z3_analyses(a);
    register_go_board_analyses(a);
    register_go_art9_analyses(a);
    register_ru1985_tie_analyses(a);
    register_xiangqi_loop_analyses(a);
    register_xiangqi_example_analyses(a);
    register_xiangqi_analyses(a);
    register_go_equipment_analyses(a);
    register_renju_analyses(a);
    register_bridge_analyses(a);
    register_crossref_analyses(a);
    register_decision_analyses(a);
    register_glossary_analyses(a);
    return a;
  }();
  return all;
}

const AnalysisInfo* find_analysis(std::string_view id) {
  for (const auto& a : analyses())
    if (a.id == id) return &a;
  return nullptr;
}

bool analysis_about(const AnalysisInfo& a, std::string_view codex) {
  if (a.codex == codex) return true;
  return std::any_of(a.clauses.begin(), a.clauses.end(), [&](const std::string& c) {
    return c.size() > codex.size() && c.compare(0, codex.size(), codex) == 0 && c[codex.size()] == '.';
  });
}

std::string finding_codex(const Spec& spec, std::string_view finding_id) {
  std::string codex;
  for (const auto& cx : spec.codices())
    if (finding_id.size() > cx.id.size() + 3 && finding_id.substr(0, cx.id.size() + 3) == "F-" + cx.id + "-" && cx.id.size() > codex.size())
      codex = cx.id;
  return codex;
}

std::string oracle_command(const std::string& request_json) {
  std::string quoted;
  for (char c : request_json) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return "echo '" + quoted + "' | rulespec oracle";
}

std::string finding_method(const Finding& f) {
  if (f.analysis.rfind("decisions.", 0) == 0) return "decision table (" + f.analysis + ")";
  if (f.analysis.find("crossref") != std::string::npos) return "cross-reference check (" + f.analysis + ")";
  if (f.analysis.rfind("glossary.", 0) == 0) return "glossary (" + f.analysis + ")";
  return "analysis " + f.analysis;
}

AnalysisOutcome run_analysis(const Spec& spec, const AnalysisInfo& a) {
  AnalysisOutcome out;
  out.id = a.id;
  out.clauses = a.clauses;
  try {
    a.run(spec, out);
  } catch (const std::exception& e) {
    out.ok = false;
    out.detail = std::string("analysis failed: ") + e.what();
    out.findings.clear();
  }
  for (auto& f : out.findings) {
    f.analysis = a.id;
    if (const FindingNote* n = spec.findings_register().note(f.id)) {
      f.note = n;
      f.severity = n->severity;
    }
  }
  return out;
}

bool readings_both_natural(const Spec& spec, std::string_view clause_id, std::string_view a, std::string_view b,
                           AnalysisOutcome& out) {
  const Clause* c = spec.clause(clause_id);
  if (!c) {
    out.detail = std::string(clause_id) + " is absent";
    return false;
  }
  for (std::string_view id : {a, b}) {
    const Reading* r = c->reading(id);
    if (!r) {
      out.detail = std::string(clause_id) + " has no reading " + std::string(id);
      return false;
    }
    if (!r->unusual.empty()) {
      out.detail = "no ambiguity: reading " + r->id + " of " + c->id + " is one a careful reader does not take (" + r->unusual + ")";
      return false;
    }
    if (!r->proposal.empty()) {
      out.detail = "no ambiguity: reading " + r->id + " of " + c->id + " is a change the source proposes (" + r->proposal + ")";
      return false;
    }
  }
  return true;
}

int severity_rank(const std::string& severity) {
  const auto& all = finding_severities();
  return static_cast<int>(std::find(all.begin(), all.end(), severity) - all.begin());
}

bool report_order(const Finding& a, const Finding& b) {
  const int ra = severity_rank(a.severity), rb = severity_rank(b.severity);
  return ra != rb ? ra < rb : a.id < b.id;
}

}  // namespace rulespec
