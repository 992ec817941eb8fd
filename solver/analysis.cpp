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
    return a;
  }();
  return all;
}

const AnalysisInfo* find_analysis(std::string_view id) {
  for (const auto& a : analyses())
    if (a.id == id) return &a;
  return nullptr;
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
  for (auto& f : out.findings) f.analysis = a.id;
  return out;
}

}  // namespace rulespec
