// rulespec help query NAME (and the oracle reference, docs/oracle.md): each query's fields, their
// types, domains and defaults, and an example request. Nothing here is written by hand: the fields
// are what the query's own validation reads (FieldRecorder, spec/value.hpp) while it answers the
// query's cases, so the reference says what the oracle accepts and a test keeps docs/oracle.md equal
// to it.
#include <algorithm>
#include <iostream>
#include <map>
#include <sstream>

#include "cases/case.hpp"
#include "cli/commands.hpp"
#include "spec/suggest.hpp"
#include "queries/query.hpp"

namespace rulespec::cli {
namespace {

// The cases of a query answered under at most this many requests: enough to meet every field a
// request of the committed cases uses, and quick.
constexpr int kRequestsPerQuery = 60;

// The fields every request has, which run_query itself reads.
bool common_field(const FieldUse& u) { return u.where == "request" && (u.key == "game" || u.key == "query" || u.key == "ruleset" || u.key == "id"); }

bool typed(const std::string& type) { return type == "integer" || type == "number" || type == "boolean" || type == "string"; }

struct QueryFields {
  const QueryInfo* info = nullptr;
  std::vector<FieldUse> uses;
  int cases = 0, requests = 0;
  Value example;  // the shortest request of its cases that answers (else the shortest, refused)
  std::string example_refused;  // the error code the example answers with, when no case's request answers
};

void merge(std::vector<FieldUse>& into, const FieldUse& u) {
  for (auto& have : into)
    if (have.where == u.where && have.key == u.key) {
      have.required = have.required || u.required;
      if (typed(u.type) && !typed(have.type)) have.type = u.type;
      if (have.type.empty()) have.type = u.type;
      if (have.domain.empty()) have.domain = u.domain;
      if (have.fallback.empty()) have.fallback = u.fallback;
      return;
    }
  into.push_back(u);
}

std::vector<QueryFields> query_fields(const Spec& spec, const std::vector<Case>& cases, const std::vector<const QueryInfo*>& which) {
  std::vector<QueryFields> out;
  for (const QueryInfo* info : which) {
    QueryFields q;
    q.info = info;
    std::string shortest;
    bool shortest_answers = false;
    for (const auto& c : cases) {
      if (c.game != info->game || c.query != info->name) continue;
      ++q.cases;
      for (const auto& [ruleset, expected] : c.expect) {
        if (q.requests == kRequestsPerQuery) break;
        ++q.requests;
        const Value request = case_request(c, ruleset);
        FieldRecorder recorder;
        std::string refused;
        try {
          run_query(spec, request);
        } catch (const QueryError& e) {
          refused = e.code;  // a refusal is an answer too; the fields read before it count
        } catch (const InputError&) {
          refused = "bad-request";
        } catch (const std::exception&) {
          refused = "error";
        }
        for (const auto& u : recorder.uses) merge(q.uses, u);
        // The example: the shortest request that answers; a refused one only while none answers.
        const std::string text = request.dump();
        const bool answers = refused.empty();
        if (shortest.empty() || (answers && !shortest_answers) || (answers == shortest_answers && text.size() < shortest.size())) {
          shortest = text;
          shortest_answers = answers;
          q.example = request;
          q.example_refused = refused;
        }
      }
    }
    out.push_back(std::move(q));
  }
  return out;
}

std::string field_line(const FieldUse& u, bool markdown) {
  const std::string name = (u.where == "request" ? "" : u.where.substr(u.where.find('.') == std::string::npos ? u.where.size() : u.where.find('.') + 1) + ".") + u.key;
  const std::string need = u.required ? "required" : "optional";
  std::string values = u.domain;
  if (!u.fallback.empty()) values += std::string(values.empty() ? "" : ", ") + "default " + u.fallback;
  if (markdown) {
    std::string cell;  // a '|' inside a cell ends it in Markdown: escaped
    for (char c : values) cell += c == '|' ? std::string("\\|") : std::string(1, c);
    return "| `" + name + "` | " + (u.type.empty() ? "-" : u.type) + " | " + need + " | " + cell + " |\n";
  }
  char line[400];
  std::snprintf(line, sizeof line, "  %-22s %-8s %-9s %s\n", name.c_str(), u.type.c_str(), need.c_str(), values.c_str());
  return line;
}

std::string describe(const QueryFields& q, bool markdown) {
  std::ostringstream os;
  const QueryInfo& info = *q.info;
  if (markdown) os << "### `" << info.game << "/" << info.name << "`\n\n" << info.summary << ".\n\n";
  else os << "query " << info.game << "/" << info.name << ": " << info.summary << "\n";
  const std::string ruleset = "a " + info.game + " ruleset (" + (info.needs_ruleset ? "required" : "optional") +
                              "; rulespec list rulesets)";
  if (markdown) os << "Ruleset: " << ruleset << ". ";
  else os << "  ruleset: " << ruleset << "\n";
  std::vector<FieldUse> own;
  for (const auto& u : q.uses)
    if (!common_field(u)) own.push_back(u);
  if (q.requests == 0) {
    os << (markdown ? "No committed case asks this query, so its fields are not listed.\n\n" : "  (no committed case asks this query: its fields are not listed)\n");
    return os.str();
  }
  if (markdown) {
    os << "Fields, as its validation read them on " << q.requests << " requests of its " << q.cases << " cases:\n\n";
    if (own.empty()) os << "none beyond `game`, `query`" << (info.needs_ruleset ? ", `ruleset`" : "") << ".\n\n";
    else {
      os << "| field | type | | values |\n|---|---|---|---|\n";
      for (const auto& u : own) os << field_line(u, true);
      os << "\n";
    }
    if (q.example_refused.empty()) os << "Example:\n\n```json\n" << q.example.dump() << "\n```\n\n";
    else
      os << "Example (every case of it is a refusal: this one answers with the error `" << q.example_refused << "`):\n\n```json\n"
         << q.example.dump() << "\n```\n\n";
  } else {
    os << "  fields (as its validation read them on " << q.requests << " requests of its " << q.cases << " cases):\n";
    if (own.empty()) os << "  none beyond game, query" << (info.needs_ruleset ? ", ruleset" : "") << "\n";
    for (const auto& u : own) os << field_line(u, false);
    os << "  example" << (q.example_refused.empty() ? "" : " (refused with " + q.example_refused + ", as every case of it)") << ":\n    "
       << q.example.dump() << "\n";
  }
  return os.str();
}

}  // namespace

int help_query(const std::string& name, bool markdown) {
  const Spec spec = Spec::load_dir(spec_dir());
  std::vector<const QueryInfo*> which;
  std::vector<std::string> all;
  for (const auto& q : queries()) {
    all.push_back(q.game + "/" + q.name);
    if (name.empty() || name == q.name || name == q.game + "/" + q.name) which.push_back(&q);
  }
  if (which.empty()) {
    std::cerr << "help query: unknown query '" << name << "': " << suggestion(name, all, "see 'rulespec list queries'") << "\n";
    return 2;
  }
  const auto cases = load_cases(cases_dir(), spec);
  if (markdown)
    std::cout << "# The oracle's queries\n\nGenerated by `rulespec help query --all --markdown` from the queries' own validation: each\n"
                 "field is listed as the query's reader read it while answering the committed cases (type, domain,\n"
                 "default), so this page says what `rulespec oracle` accepts; a test keeps it equal to the output.\n"
                 "Every request also has `game`, `query`, the `ruleset` where the query needs one, and may carry an\n"
                 "`id` (echoed) and an `amendment` (a file path, or the amendment as an object). A malformed request\n"
                 "is answered with an error whose code starts with `bad-` (with its line and column) and makes the\n"
                 "command's exit 2; reading goes on.\n\n";
  // One section per game, the games in the order they first come.
  auto queries = query_fields(spec, cases, which);
  std::vector<std::string> games;
  for (const auto& q : queries)
    if (std::find(games.begin(), games.end(), q.info->game) == games.end()) games.push_back(q.info->game);
  std::stable_sort(queries.begin(), queries.end(), [&](const auto& a, const auto& b) {
    return std::find(games.begin(), games.end(), a.info->game) < std::find(games.begin(), games.end(), b.info->game);
  });
  std::string game;
  for (const auto& q : queries) {
    if (markdown && q.info->game != game) {
      game = q.info->game;
      std::cout << "## " << game << "\n\n";
    }
    std::cout << describe(q, markdown) << (markdown ? "" : "\n");
  }
  return 0;
}

}  // namespace rulespec::cli
