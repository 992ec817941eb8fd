// The xiangqi loop rules a ruleset executes (params, then readings), shared by the adjudicate
// query and the analyses that bridge the Z3 clause models to the reference model.
#pragma once
#include "queries/query.hpp"
#include "model/xiangqi/adjudicate.hpp"
#include "spec/spec.hpp"

namespace rulespec {

xiangqi::LoopRules xiangqi_loop_rules(const Spec& spec, const Ruleset& rs);
// The request's `fen` (default: the start position); with `lenient: true` a composed book diagram
// is accepted (pieces on squares no game reaches). Every problem of a bad FEN is named at once.
xiangqi::Position read_xiangqi_fen(QueryRequest& q);

// The clauses of the ruleset's codex that decide one side's part of an adjudicated loop (its kind
// of strike, the privileges and rules its attacks fall under), added to `out` once each.
void xiangqi_side_clauses(const Spec& spec, const Ruleset& rs, const xiangqi::Adjudication& a, xiangqi::Colour side,
                          std::vector<std::string>& out);

inline bool spec_has(const Spec& spec, const std::string& clause_id) { return spec.clause(clause_id) != nullptr; }

}  // namespace rulespec
