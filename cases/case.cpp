#include "cases/case.hpp"

#include <algorithm>
#include <filesystem>
#include <set>

#include "queries/query.hpp"
#include "spec/parse_cache.hpp"
#include "spec/reads.hpp"
#include "spec/suggest.hpp"
#include "spec/yaml_load.hpp"

namespace rulespec {

std::vector<Case> load_case_file(const std::string& path, const Spec& spec) {
  Value doc = load_repository_yaml(path);
  std::vector<Case> out;
  for (const Value& node : doc.as_list("case file")) {
    Fields f(node, "case");
    Case c;
    c.file = path;
    c.pos = node.pos();
    c.id = f.string("id");
    c.source = f.string("source");
    c.note = f.optional_string("note");
    c.finding = f.optional_string("finding");
    const Value& game = f.required("game");
    c.game = one_of(game, games(), "game");
    const Value& query = f.required("query");
    c.query = query.as_string("query");
    bool known = false;
    for (const auto& q : queries()) known = known || (q.game == c.game && q.name == c.query);
    if (!known) {
      std::vector<std::string> names;
      for (const auto& q : queries())
        if (q.game == c.game) names.push_back(q.name);
      one_of(query, names, "query");
    }
    for (const Value& cl : f.required("clauses").as_list("clauses")) {
      const std::string& id = cl.as_string("clause id");
      // A clause, or a rule of a ruleset's own source that a refusal cites (a mined case's).
      if (!spec.clause(id) && !spec.source_rule(id))
        throw InputError(cl.pos(), "unknown clause id '" + excerpt(id) + "'" + did_you_mean(id, clause_ids(spec.codices())));
      c.clauses.push_back(id);
    }
    if (c.clauses.empty()) throw InputError(node.pos(), "case " + c.id + ": 'clauses' must name at least one clause");
    c.input = Value::map(node.pos());
    if (const Value* in = f.optional("input"))
      for (const auto& e : in->as_map("input")) {
        if (e.key == "game" || e.key == "query" || e.key == "ruleset")
          throw InputError(e.key_pos, "input: '" + e.key + "' is set by the case itself");
        c.input.set(e.key, e.value, e.key_pos);
      }
    for (const char* key : {"position", "moves"})
      if (const Value* v = f.optional(key)) c.input.set(key, *v);
    for (const auto& e : f.required("expect").as_map("expect")) {
      if (!spec.has_ruleset(e.key)) throw InputError(e.key_pos, "unknown ruleset '" + e.key + "'" + did_you_mean(e.key, spec.ruleset_ids()));
      if (spec.ruleset(e.key).game != c.game)
        throw InputError(e.key_pos, "ruleset '" + e.key + "' is not a " + c.game + " ruleset");
      e.value.as_map("expected answer");
      c.expect.emplace_back(e.key, e.value);
    }
    if (c.expect.empty()) throw InputError(node.pos(), "case " + c.id + ": 'expect' names no ruleset");
    if (const Value* mined = f.optional("mined")) {
      Fields m(*mined, "mined");
      m.required("seed").as_int("seed");
      for (const Value& rs : m.required("between").as_list("between")) {
        if (!spec.has_ruleset(rs.as_string("ruleset")))
          throw InputError(rs.pos(), "unknown ruleset '" + excerpt(rs.as_string()) + "'" + did_you_mean(rs.as_string(), spec.ruleset_ids()));
        c.mined_between.push_back(rs.as_string());
      }
      if (c.mined_between.size() != 2) throw InputError(mined->pos(), "mined.between: the two rulesets the case parts");
      c.mined_question = m.string("question");
      m.done();
    }
    f.done();
    out.push_back(std::move(c));
  }
  return out;
}

std::vector<Case> load_cases(const std::string& cases_dir, const Spec& spec) {
  std::vector<std::string> files;
  if (std::filesystem::exists(cases_dir))
    for (const auto& e : std::filesystem::recursive_directory_iterator(cases_dir))
      if (e.is_regular_file() && e.path().extension() == ".yaml") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  std::vector<Case> all;
  std::set<std::string> ids;
  for (const auto& file : files)
    for (auto& c : load_case_file(file, spec)) {
      if (!ids.insert(c.id).second) throw InputError(c.pos, "duplicate case id '" + c.id + "'");
      all.push_back(std::move(c));
    }
  return all;
}

Value case_request(const Case& c, const std::string& ruleset) {
  Value req = Value::map(c.pos);
  req.set("game", Value::string(c.game));
  req.set("query", Value::string(c.query));
  req.set("ruleset", Value::string(ruleset));
  for (const auto& e : c.input.as_map()) req.set(e.key, e.value, e.key_pos);
  return req;
}

CaseResult run_case(const Spec& spec, const Case& c, const std::string& ruleset) {
  CaseResult r;
  r.case_id = c.id;
  r.ruleset = ruleset;
  for (const auto& [rs, expected] : c.expect)
    if (rs == ruleset) r.expected = expected;
  try {
    r.actual = run_query(spec, case_request(c, ruleset));
  } catch (const QueryError& e) {
    r.actual = error_value(e.code, e.what());
  } catch (const std::out_of_range& e) {  // a ruleset (e.g. an amended one) lacks a parameter
    r.actual = error_value("ruleset", e.what());
  } catch (const InputError& e) {  // an amended ruleset can make a case's input wrong (a point off a smaller board)
    r.actual = error_value("bad-request", e.message(), e.pos());
  } catch (const UnhandledSetting& e) {  // a setting no model executes: shown, never guessed
    r.actual = error_value("unhandled-setting", e.what());
  }
  r.pass = r.actual.contains(r.expected);
  return r;
}

Value checked_fields(const Value& expected) {
  if (!expected.is_map()) return expected;
  Value out = Value::map(expected.pos());
  for (const auto& e : expected.as_map()) {
    if (e.key == "clause" || e.key == "clauses") continue;
    out.set(e.key, checked_fields(e.value), e.key_pos);
  }
  return out;
}

std::vector<std::string> decisive_clauses(const Spec& spec, const Case& c, const CaseResult& r,
                                          const std::vector<std::string>& switches) {
  std::vector<std::string> out;
  if (!r.pass) return out;  // a run that fails is no evidence for anything
  const Value checked = checked_fields(r.expected);
  if (checked.is_map() && checked.as_map().empty()) return out;  // it checks a citation only
  for (const auto& clause : switches) {
    ClauseSwitchedOff off(clause);
    if (!run_case(spec, c, r.ruleset).actual.contains(checked)) out.push_back(clause);
  }
  return out;
}

DecidedRun run_case_deciding(const Spec& spec, const Case& c, const std::string& rs, const std::vector<std::string>& switched_off) {
  DecidedRun out;
  std::set<std::string> reads;
  {
    ReadLog log;
    out.result = run_case(spec, c, rs);
    reads = log.take();
  }
  std::vector<std::string> switches;
  for (const auto& k : reads)
    if (k.rfind("switch:", 0) == 0 && std::find(switched_off.begin(), switched_off.end(), k.substr(7)) == switched_off.end())
      switches.push_back(k.substr(7));
  out.decisive = decisive_clauses(spec, c, out.result, switches);
  return out;
}

}  // namespace rulespec
