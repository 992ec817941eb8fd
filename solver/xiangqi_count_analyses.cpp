// The two ways of counting "threefold repetition" against the text's own example (the 6th check
// of a two-check loop) and its printed loops (stopped at the 5th check).
#include "model/xiangqi/repetition_count.hpp"
#include "solver/finding.hpp"
#include "solver/harness.hpp"

namespace rulespec {
namespace {

void repetition_counting(const Spec& spec, AnalysisOutcome& out) {
  if (!readings_both_natural(spec, "axf-1982.repetition.counting", "complete-cycles", "position-occurrences", out)) return;
  const int limit = static_cast<int>(spec.ruleset("axf-1982").int_param("repetition_limit"));
  // The text's example: a loop with two checks reaches the repetition at the 6th check. Check it
  // against each way of counting.
  auto consistent_with = [&](xiangqi::RepetitionCounting how) {
    ClauseModel m;
    auto c = m.int_var("moves_per_cycle"), index = m.int_var("repetition_index");
    m.assume(index == (how == xiangqi::RepetitionCounting::CompleteCycles ? limit * c : (limit - 1) * c + 1));
    m.clause("axf-1982.repetition.two-check-cycle-sixth-check", c == 2 && index == 6);
    return m.check() == z3::sat;
  };
  const bool cycles_ok = consistent_with(xiangqi::RepetitionCounting::CompleteCycles);
  const bool positions_ok = consistent_with(xiangqi::RepetitionCounting::PositionOccurrences);
  if (cycles_ok == positions_ok) {
    out.detail = "both counts agree with the example";
    return;
  }
  const int moves = 2;
  const int by_cycles = xiangqi::repetition_move_index(moves, limit, xiangqi::RepetitionCounting::CompleteCycles);
  const int by_positions = xiangqi::repetition_move_index(moves, limit, xiangqi::RepetitionCounting::PositionOccurrences);
  Finding f{
      .id = "F-axf-1982-repetition-counting",
      .kind = "ambiguity",
      .summary = "'Threefold repetition' of a two-check loop is check " + std::to_string(by_cycles) + " by the text's example but check " +
          std::to_string(by_positions) + " by the way its printed loops are cut",
      .explanation = "Neither code defines whether repetitions are counted as complete cycles or as occurrences of one position. The "
          "column says a loop of two checks is repeated three times only at the 6th check (cycles); the loops it prints "
          "for diagrams 4, 7 and 18 stop at the 5th move of the repeating side, the third occurrence of the position after "
          "its first move (occurrences). For a loop of " + std::to_string(moves) + " moves the rule bites at move " +
          std::to_string(by_cycles) + " or " + std::to_string(by_positions) + "; together with the open question whether it "
          "bites before or after that move, the last legal repetition is uncertain by up to two moves.",
      .clauses = {"axf-1982.repetition.counting", "axf-1982.repetition.two-check-cycle-sixth-check", "axf-1982.example.diagram-4",
          "cxa.repetition.counting"},
      .rulesets = {"axf-1982", "cxa"},
      .witness = Value::map(),
  };
  f.witness.set("moves_per_cycle", Value::integer(moves));
  f.witness.set("complete-cycles", Value::integer(by_cycles));
  f.witness.set("position-occurrences", Value::integer(by_positions));
  f.case_id = "axf.repetition.two-check-loop";
  out.findings.push_back(f);
  out.detail = "counts differ for " + std::to_string(moves) + "-move loops";
}

}  // namespace

void register_xiangqi_analyses(std::vector<AnalysisInfo>& out) {
  out.push_back({"axf.repetition-counting", "complete cycles against position occurrences",
                 {"axf-1982.repetition.counting", "axf-1982.repetition.two-check-cycle-sixth-check", "cxa.repetition.counting"},
                 repetition_counting});
}

}  // namespace rulespec
