#include "queries/query.hpp"

#include <algorithm>

#include "model/common/search_budget.hpp"
#include "spec/amendment.hpp"
#include "spec/build_info.hpp"

namespace rulespec {

const std::vector<QueryInfo>& queries() {
  static const std::vector<QueryInfo> all = [] {
    std::vector<QueryInfo> q;
    register_go_queries(q);
    register_shogi_queries(q);
    register_shogi_board_queries(q);
    register_tournament_queries(q);
    register_go1985_queries(q);
    register_xiangqi_queries(q);
    register_renju_queries(q);
    register_renju_board_queries(q);
    register_go1985_admin_queries(q);
    register_goboard_queries(q);
    register_xiangqi_board_queries(q);
    register_xiangqi_loop_queries(q);
    register_source_queries(q);
    return q;
  }();
  return all;
}

Value error_value(const std::string& code, const std::string& message, const SourcePos& at) {
  Value err = Value::map();
  err.set("code", Value::string(code));
  err.set("message", Value::string(message));
  if (at.line > 0) {
    Value where = Value::map();
    where.set("line", Value::integer(at.line));
    where.set("col", Value::integer(at.col));
    err.set("at", where);
  }
  Value out = Value::map();
  out.set("error", err);
  return out;
}

Value run_query(const Spec& spec, const Value& request) {
  Fields f(request, "request");
  const Value& game = f.required("game");
  one_of(game, games(), "game");
  const Value& name = f.required("query");
  const QueryInfo* info = nullptr;
  std::vector<std::string> names;
  for (const auto& q : queries()) {
    if (q.game != game.as_string()) continue;
    names.push_back(q.name);
    if (q.name == name.as_string("query")) info = &q;
  }
  if (!info) one_of(name, names, "query");
  const Ruleset* ruleset = nullptr;
  if (const Value* rs = f.optional("ruleset")) {
    const std::string& id = rs->as_string("ruleset");
    if (!spec.has_ruleset(id)) one_of(*rs, spec.ruleset_ids(game.as_string()), "ruleset");
    ruleset = &spec.ruleset(id);
    if (ruleset->game != game.as_string())
      throw InputError(rs->pos(), "ruleset '" + id + "' is a " + ruleset->game + " ruleset, not " + game.as_string());
  } else if (info->needs_ruleset) {
    throw InputError(request.pos(), "request: query '" + info->name + "' needs a 'ruleset'");
  }
  f.optional("id");  // callers may tag requests; echoed by the oracle
  QueryRequest req{spec, ruleset, f};
  Value answer;
  try {
    answer = info->handler(req);
  } catch (const SearchBudgetExhausted& e) {
    throw QueryError("budget-exhausted", std::string(e.what()) + "; ask a smaller question", request.pos());
  }
  f.done();
  return answer;
}

namespace {
// What a typed reader expects of a field, for FieldRecorder (help query, docs/oracle.md).
void expect(Fields& f, std::string_view key, const char* type, std::string domain, std::string fallback = {}, bool optional = false) {
  FieldRecorder* r = FieldRecorder::active();
  if (!r) return;
  FieldUse& use = r->use(f.what(), key);
  use.type = type;
  use.domain = std::move(domain);
  if (!fallback.empty()) use.fallback = std::move(fallback);
  if (optional) use.required = false;
}
}  // namespace

void describe_field(Fields& f, std::string_view key, const char* type, std::string domain, std::string fallback, bool optional) {
  expect(f, key, type, std::move(domain), std::move(fallback), optional);
}

int int_field(Fields& f, std::string_view key, int lo, int hi) {
  expect(f, key, "integer", std::to_string(lo) + ".." + std::to_string(hi));
  const Value& v = f.required(key);
  const auto i = v.as_int(key);
  if (i < lo || i > hi)
    throw InputError(v.pos(), std::string(key) + ": " + std::to_string(i) + " is outside " + std::to_string(lo) +
                                  ".." + std::to_string(hi));
  return static_cast<int>(i);
}

double number_field(Fields& f, std::string_view key, double lo, double hi) {
  expect(f, key, "number", Value::number(lo).dump() + ".." + Value::number(hi).dump());
  const Value& v = f.required(key);
  const double x = v.as_number(key);
  if (!(x >= lo && x <= hi))
    throw InputError(v.pos(), std::string(key) + ": " + v.dump() + " is outside " + Value::number(lo).dump() + ".." +
                                  Value::number(hi).dump());
  return x;
}

int int_item(const Value& v, std::string_view what, int lo, int hi) {
  const auto i = v.as_int(what);
  if (i < lo || i > hi)
    throw InputError(v.pos(), std::string(what) + ": " + std::to_string(i) + " is outside " + std::to_string(lo) + ".." +
                                  std::to_string(hi));
  return static_cast<int>(i);
}

int optional_int_field(Fields& f, std::string_view key, int fallback, int lo, int hi) {
  const int value = f.node().find(key) ? int_field(f, key, lo, hi) : fallback;
  expect(f, key, "integer", std::to_string(lo) + ".." + std::to_string(hi), std::to_string(fallback), true);
  return value;
}

bool optional_bool_field(Fields& f, std::string_view key, bool fallback) {
  expect(f, key, "boolean", "true|false", fallback ? "true" : "false", true);
  const Value* v = f.optional(key);
  return v ? v->as_bool(key) : fallback;
}

bool reading_flag(const QueryRequest& q, std::string_view clause_id, std::string_view yes, std::string_view no, bool absent) {
  return reading_choice<bool>(q, clause_id, {{yes, true}, {no, false}}, absent);
}

}  // namespace rulespec

namespace rulespec {

namespace {

// The request without one key (a key the oracle reads itself, not the query).
Value without_key(const Value& request, std::string_view key) {
  Value copy = Value::map(request.pos());
  for (const auto& e : request.as_map())
    if (e.key != key) copy.set(e.key, e.value, e.key_pos);
  return copy;
}

// A request's "amendment": a path to an amendment file, or the amendment itself as an object.
const Spec& spec_for(const Spec& base, Value& request, std::map<std::string, Spec>& amended) {
  const Value* a = request.is_map() ? request.find("amendment") : nullptr;
  if (!a) return base;
  if (!a->is_string() && !a->is_map())
    throw InputError(a->pos(), "amendment: expected the path of an amendment file or the amendment as an object");
  const std::string key = a->is_string() ? "file:" + a->as_string() : a->dump();
  auto it = amended.find(key);
  if (it == amended.end()) {
    const Amendment parsed = a->is_string() ? load_amendment(a->as_string(), base) : parse_amendment(*a, "<request amendment>", base);
    it = amended.emplace(key, apply_amendment(base, parsed)).first;
  }
  request = without_key(request, "amendment");
  return it->second;
}

}  // namespace

Value answer_request(const Spec& base, const std::function<Value()>& read, std::map<std::string, Spec>& amended, bool stamp_all) {
  Value answer;
  Value id;
  bool stamp = stamp_all;
  try {
    Value request = read();
    if (request.is_map() && request.find("id")) id = *request.find("id");
    if (const Value* s = request.is_map() ? request.find("stamp") : nullptr) {
      stamp = s->as_bool("stamp");
      request = without_key(request, "stamp");
    }
    const Spec& under = spec_for(base, request, amended);
    answer = run_query(under, request);
  } catch (const InputError& e) {
    answer = error_value("bad-request", e.message(), e.pos());
  } catch (const QueryError& e) {
    answer = error_value(e.code, e.what(), e.pos);
  } catch (const std::exception& e) {
    answer = error_value("internal", e.what());
  }
  if (!id.is_null() && answer.is_map()) answer.set("id", id);
  if (stamp && answer.is_map()) {
    Value by = Value::map();
    by.set("version", Value::string(rulespec_version()));
    by.set("commit", Value::string(rulespec_commit()));
    answer.set("rulespec", by);
  }
  return answer;
}

}  // namespace rulespec
