// Queries against the reference models: one request Value in, one answer Value out. The oracle
// (JSON Lines) and the case runner (YAML) both go through here, so a case is just a recorded
// oracle request with the answer it expects per ruleset.
#pragma once
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "spec/spec.hpp"

namespace rulespec {

// A well-formed request the model refuses (e.g. a rank that is not on the ladder). Answered as
// {"error": {"code": ..., "message": ...}}; `pos` points at the offending field when known.
struct QueryError : std::runtime_error {
  QueryError(std::string code_, const std::string& message, SourcePos pos_ = {})
      : std::runtime_error(message), code(std::move(code_)), pos(std::move(pos_)) {}
  std::string code;
  SourcePos pos;
};

struct QueryRequest {
  const Spec& spec;
  const Ruleset* ruleset;  // null when the query takes none
  Fields& fields;          // the request's own fields; common ones already consumed
};

using QueryHandler = std::function<Value(QueryRequest&)>;

struct QueryInfo {
  std::string game, name, summary;
  bool needs_ruleset = true;
  QueryHandler handler;
};

// Runs one request. Bad shape (unknown keys, wrong types) is an InputError; a refusal by the
// model is a QueryError.
Value run_query(const Spec& spec, const Value& request);
const std::vector<QueryInfo>& queries();
// The error object both the oracle and the case runner print.
Value error_value(const std::string& code, const std::string& message, const SourcePos& at = {});

// One oracle request answered as `rulespec oracle` and the Python module answer it: `read` gives
// the request (a syntax error it throws is answered as bad-request); "amendment" (a file path or
// the amendment itself) applies an amendment first, kept in `amended` by its text so that a
// stream of requests loads it once; "stamp": true adds {"rulespec": {version, commit}} (as
// `stamp_all` does for every answer); "id" is echoed. Never throws: every failure is an
// {"error": ...} answer.
Value answer_request(const Spec& base, const std::function<Value()>& read, std::map<std::string, Spec>& amended, bool stamp_all = false);

// Registration, one call per game file (see queries_*.cpp).
void register_go_queries(std::vector<QueryInfo>& out);
void register_shogi_queries(std::vector<QueryInfo>& out);
void register_shogi_board_queries(std::vector<QueryInfo>& out);
void register_tournament_queries(std::vector<QueryInfo>& out);
void register_go1985_queries(std::vector<QueryInfo>& out);
void register_xiangqi_queries(std::vector<QueryInfo>& out);
void register_renju_queries(std::vector<QueryInfo>& out);
void register_renju_board_queries(std::vector<QueryInfo>& out);
void register_go1985_admin_queries(std::vector<QueryInfo>& out);
void register_goboard_queries(std::vector<QueryInfo>& out);
void register_xiangqi_board_queries(std::vector<QueryInfo>& out);
void register_xiangqi_loop_queries(std::vector<QueryInfo>& out);
void register_source_queries(std::vector<QueryInfo>& out);

// Small helpers for handlers.
// What a field accepts, for `rulespec help query` and docs/oracle.md, where the reader alone cannot
// say it (a field read in two shapes, a default that depends on the ruleset).
void describe_field(Fields& f, std::string_view key, const char* type, std::string domain, std::string fallback, bool optional);
int int_field(Fields& f, std::string_view key, int lo, int hi);
int optional_int_field(Fields& f, std::string_view key, int fallback, int lo, int hi);
double number_field(Fields& f, std::string_view key, double lo, double hi);
// An integer list element within [lo, hi].
int int_item(const Value& v, std::string_view what, int lo, int hi);
bool optional_bool_field(Fields& f, std::string_view key, bool fallback);
// The reading the request's ruleset takes of a clause, as the models execute it (see
// Ruleset::reading_choice); `absent` when the clause has no readings in the ruleset's codex (an
// amendment may remove it) or the query has no ruleset.
template <class T>
T reading_choice(const QueryRequest& q, std::string_view clause_id, std::initializer_list<std::pair<std::string_view, T>> handled,
                 T absent) {
  return q.ruleset ? q.ruleset->reading_choice<T>(clause_id, handled, absent) : absent;
}
// A clause with two readings as a flag: true under `yes`, false under `no`.
bool reading_flag(const QueryRequest& q, std::string_view clause_id, std::string_view yes, std::string_view no, bool absent);

}  // namespace rulespec
