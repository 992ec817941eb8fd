// Queries about the source text itself, for every game: `crossref` answers whether the reference
// the text makes at a line to another of its articles lands on an article about that topic.
#include "queries/query.hpp"
#include "spec/crossref.hpp"

namespace rulespec {
namespace {

Value crossref_query(QueryRequest& q) {
  const Codex* cx = q.spec.codex(q.ruleset->codex);
  const Value& at = q.fields.required("line");
  const int line = int_field(q.fields, "line", 1, 100000);
  const CrossRef* ref = crossref_at(*cx, line);
  if (!ref) throw QueryError("no-crossref", "the catalog of " + cx->id + " records no cross-reference at line " + std::to_string(line), at.pos());
  const auto check = check_crossref(*cx, *ref);
  if (!check.source_read)
    throw QueryError("no-source", "the source text " + cx->source + " cannot be read from " + codices_dir() + " (set RULESPEC_CODICES)");
  Value out = Value::map();
  out.set("printed", Value::string(ref->printed));
  out.set("from", Value::string(ref->from));
  out.set("to", Value::string(ref->to));
  out.set("topic", Value::string(ref->topic));
  out.set("about", Value::string(ref->about));
  out.set("article_found", Value::boolean(check.article_found));
  if (check.article_found) {
    Value lines = Value::list();
    lines.push(Value::integer(check.first_line));
    lines.push(Value::integer(check.last_line));
    out.set("article_lines", lines);
  }
  out.set("topic_found", Value::boolean(check.topic_found));
  out.set("resolves", Value::boolean(check.resolves()));
  return out;
}

}  // namespace

void register_source_queries(std::vector<QueryInfo>& out) {
  for (const char* game : {"go", "xiangqi", "renju", "shogi"})
    out.push_back({game, "crossref", "a reference the source text makes to another of its articles: found, and about its topic?", true,
                   crossref_query});
}

}  // namespace rulespec
