// Board-free xiangqi queries: repetition counting. Loops, perft and adjudication come with the
// xiangqi model (issue 4).
#include "queries/query.hpp"
#include "queries/switches.hpp"
#include "model/xiangqi/repetition_count.hpp"
#include "model/xiangqi/verdict.hpp"

namespace rulespec {
namespace {

std::string counting_clause(const Ruleset& rs) { return rs.codex + ".repetition.counting"; }

Value repetition_index_query(QueryRequest& q) {
  const int c = int_field(q.fields, "moves_per_cycle", 1, 20);
  const int limit = static_cast<int>(q.ruleset->int_param("repetition_limit"));
  const auto counting = reading_choice<xiangqi::RepetitionCounting>(
      q, counting_clause(*q.ruleset),
      {{"complete-cycles", xiangqi::RepetitionCounting::CompleteCycles},
       {"position-occurrences", xiangqi::RepetitionCounting::PositionOccurrences}},
      xiangqi::RepetitionCounting::CompleteCycles);
  Value out = Value::map();
  out.set("move_index", Value::integer(xiangqi::repetition_move_index(c, limit, counting)));
  out.set("limit", Value::integer(limit));
  return out;
}

Value combine_query(QueryRequest& q) {
  xiangqi::LoopFacts f;
  f.repeats = optional_bool_field(q.fields, "repeats", true);
  f.red_violates = optional_bool_field(q.fields, "red_violates", false);
  f.black_violates = optional_bool_field(q.fields, "black_violates", false);
  f.violator_varies = optional_bool_field(q.fields, "violator_varies", false);
  const bool at_once = reading_flag(q, "cxa.sanction.loss", "loss-awarded", "loss-if-not-varied", false);
  // Both codices rule a repetition nobody violates a draw by a clause of their own; without it
  // (queries/switches.hpp) such a repetition ends nothing.
  const Ruleset& rs = *q.ruleset;
  const bool no_violation_draw =
      (rs.codex != "axf-1982" && rs.codex != "cxa") || clause_applies(rs, rs.codex + ".repetition.no-violation-draw");
  Value out = Value::map();
  out.set("verdict", Value::string(xiangqi::to_string(xiangqi::combine(f, at_once, no_violation_draw))));
  return out;
}

}  // namespace

void register_xiangqi_queries(std::vector<QueryInfo>& out) {
  out.push_back({"xiangqi", "combine-violations", "game verdict from which side violates in a loop", true, combine_query});
  out.push_back({"xiangqi", "repetition-index", "which move of a loop completes the threefold repetition", true,
                 repetition_index_query});
}

}  // namespace rulespec
