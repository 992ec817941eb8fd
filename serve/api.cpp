#include "serve/api.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "queries/query.hpp"
#include "spec/amendment.hpp"
#include "spec/suggest.hpp"
#include "spec/yaml_load.hpp"

namespace rulespec::serve {
namespace {

// parse_json places a body on one line, a byte offset as the column: the line and column in the
// body as its sender wrote it.
SourcePos in_body(const std::string& body, const SourcePos& pos, const std::string& source) {
  SourcePos out{std::make_shared<const std::string>(source), pos.line, pos.col};
  if (pos.line != 1 || pos.col < 1) return out;
  const std::size_t offset = std::min(static_cast<std::size_t>(pos.col - 1), body.size());
  out.line = 1;
  out.col = 1;
  for (std::size_t i = 0; i < offset; ++i) {
    if (body[i] == '\n') {
      ++out.line;
      out.col = 1;
    } else if ((static_cast<unsigned char>(body[i]) & 0xC0) != 0x80) {
      ++out.col;  // a character, not a UTF-8 continuation byte
    }
  }
  return out;
}

Json error_json(const std::string& code, const std::string& message, const SourcePos& pos) {
  Json e{{"code", code}, {"message", message}};
  if (pos.line > 0) {
    e["where"] = (pos.file ? *pos.file : std::string("request")) + ":" + std::to_string(pos.line) + ":" + std::to_string(pos.col);
    e["line"] = pos.line;
    e["col"] = pos.col;
  }
  return e;
}

Value parse_body_json(const std::string& body, const std::string& source) {
  try {
    check_utf8(body, source, 1);
    return parse_json(body, source, 1);
  } catch (const InputError& e) {
    throw InputError(e.pos().file && *e.pos().file == source && e.pos().line == 1 ? in_body(body, e.pos(), source) : e.pos(),
                     e.message());
  }
}

Json param_json(const ParamDecl& p) {
  Json j{{"id", p.id}, {"type", p.type}, {"statement", p.statement}};
  if (!p.unit.empty()) j["unit"] = p.unit;
  if (!p.values.empty()) j["values"] = p.values;
  if (p.domain) j["domain"] = {{"min", p.domain->min}, {"max", p.domain->max}, {"step", p.domain->step}};
  return j;
}

Json readings_json(const Clause& c) {
  Json out = Json::array();
  for (const auto& r : c.readings) {
    Json j{{"id", r.id}, {"statement", r.statement}};
    if (!r.unusual.empty()) j["unusual"] = r.unusual;
    if (!r.proposal.empty()) j["proposal"] = r.proposal;
    out.push_back(std::move(j));
  }
  return out;
}

Json clause_summary(const Clause& c) {
  Json j{{"id", c.id}, {"ref", c.ref}, {"topic", c.topic}, {"kind", c.kind}, {"statement", c.statement}, {"status", c.status}};
  if (!c.readings.empty()) j["readings"] = readings_json(c);
  if (c.first_line > 0) j["lines"] = {c.first_line, c.last_line};
  return j;
}

std::vector<std::string> clause_ids(const Spec& spec) {
  std::vector<std::string> ids;
  for (const auto& cx : spec.codices())
    for (const auto& c : cx.clauses) ids.push_back(c.id);
  return ids;
}

// A value as YAML flow text, as the catalogs write a row ({ended-by: both-flags-found-down},
// {min: 27, max: 27}): the decision-table editor shows and edits it as text.
std::string flow_yaml(const Value& v) {
  switch (v.kind()) {
    case Value::Kind::Map: {
      std::string out;
      for (const auto& e : v.as_map()) out += (out.empty() ? "" : ", ") + flow_yaml(Value::string(e.key)) + ": " + flow_yaml(e.value);
      return "{" + out + "}";
    }
    case Value::Kind::List: {
      std::string out;
      for (const auto& x : v.as_list()) out += (out.empty() ? "" : ", ") + flow_yaml(x);
      return "[" + out + "]";
    }
    case Value::Kind::String: {
      const std::string& text = v.as_string();
      // A plain scalar where YAML reads it back as the same string (not a boolean, a number or null).
      static const std::regex plain("^[A-Za-z][A-Za-z0-9_.+ -]*[A-Za-z0-9_.]$|^[A-Za-z]$");
      static const std::regex special("^(true|false|null|yes|no|on|off|y|n|~)$", std::regex::icase);
      if (std::regex_match(text, plain) && !std::regex_match(text, special)) return text;
      return Value::string(text).dump();
    }
    default:
      return v.dump();
  }
}

// A codex's decision tables for the page's table editor: each row as the catalog writes it.
Json decisions_json(const Codex& cx) {
  Json out = Json::array();
  for (const auto& t : cx.decisions) {
    Json inputs = Json::array();
    for (const auto& in : t.inputs) {
      Json j{{"name", in.name}};
      if (!in.values.empty()) j["values"] = in.values;
      else j["range"] = {in.min, in.max};
      if (!in.reading.empty()) j["reading"] = in.reading;
      if (!in.param.empty()) j["param"] = in.param;
      inputs.push_back(std::move(j));
    }
    Json rows = Json::array();
    if (const Value* written = t.node.find("rows"))
      for (const Value& r : written->as_list()) {
        const Value* line = r.find("line");
        rows.push_back({{"id", r.find("id")->as_string()},
                        {"when", flow_yaml(*r.find("when"))},
                        {"outcome", flow_yaml(*r.find("outcome"))},
                        {"clause", r.find("clause")->as_string()},
                        {"line", line && line->is_numeric() ? line->as_int() : 0}});
      }
    Json j{{"id", t.id}, {"topic", t.topic}, {"policy", t.policy}, {"order", t.order}, {"inputs", inputs}, {"rows", rows},
           {"consulted_by", t.consulted_by}, {"executed_through", t.executed_through}};
    out.push_back(std::move(j));
  }
  return out;
}

// An amendment's `decisions:` entry as the page's table editor holds it: rows as flow text.
Json decision_edit_json(const Value& entry) {
  auto rows = [](const Value* list) {
    Json out = Json::array();
    if (list)
      for (const Value& r : list->as_list()) {
        const Value* line = r.find("line");
        out.push_back({{"id", r.find("id") ? r.find("id")->as_string() : std::string()},
                       {"when", r.find("when") ? flow_yaml(*r.find("when")) : std::string("{}")},
                       {"outcome", r.find("outcome") ? flow_yaml(*r.find("outcome")) : std::string()},
                       {"clause", r.find("clause") ? r.find("clause")->as_string() : std::string()},
                       {"line", line && line->is_numeric() ? line->as_int() : 0}});
      }
    return out;
  };
  Json j{{"id", entry.find("id")->as_string()}, {"add_rows", rows(entry.find("add_rows"))}, {"replace_rows", rows(entry.find("replace_rows"))}};
  Json removed = Json::array();
  if (const Value* list = entry.find("remove_rows"))
    for (const Value& id : list->as_list()) removed.push_back(id.as_string());
  j["remove_rows"] = removed;
  // New values of enum inputs, by input: the table view offers them in its inputs and rows.
  Json added_values = Json::object();
  if (const Value* added = entry.find("add_values"))
    for (const auto& e : added->as_map()) {
      Json values = Json::array();
      for (const Value& v : e.value.as_list()) values.push_back(v.as_string());
      added_values[e.key] = values;
    }
  j["add_values"] = added_values;
  if (const Value* policy = entry.find("policy")) j["policy"] = policy->as_string();
  if (const Value* order = entry.find("order")) {
    Json o = Json::array();
    for (const Value& x : order->as_list()) o.push_back(x.as_string());
    j["order"] = o;
  }
  return j;
}

}  // namespace

Answer error_answer(int status, const std::string& code, const std::string& message) {
  return {status, Json{{"error", error_json(code, message, {})}}};
}

Answer input_error_answer(const InputError& e, const std::string& source) {
  auto named = [&](const InputError& one) {
    SourcePos p = one.pos();
    p.file = std::make_shared<const std::string>(source);
    return error_json("bad-request", one.message(), p);
  };
  Json body{{"error", named(e)}};
  if (const auto* all = dynamic_cast<const InputErrors*>(&e)) {
    body["errors"] = Json::array();
    for (const auto& one : all->all()) body["errors"].push_back(named(one));
  }
  return {400, body};
}

Answer codices(const Spec& spec) {
  Json out = Json::array();
  for (const auto& cx : spec.codices()) {
    Json params = Json::array();
    for (const auto& p : cx.params) params.push_back(param_json(p));
    Json rulesets = Json::array();
    for (const auto& decl : cx.rulesets) {
      const Ruleset& rs = spec.ruleset(decl.id);
      Json values = Json::object();
      for (const auto& [name, v] : rs.all_params()) values[name] = to_json(v);
      Json readings = Json::object();
      for (const auto& c : cx.clauses)
        if (!c.readings.empty()) readings[c.id] = rs.reading(c.id);
      Json j{{"id", decl.id}, {"title", decl.title}, {"params", values}, {"readings", readings}};
      if (!decl.base.empty()) j["base"] = decl.base;
      rulesets.push_back(std::move(j));
    }
    Json clauses = Json::array();
    for (const auto& c : cx.clauses) clauses.push_back(clause_summary(c));
    out.push_back({{"id", cx.id},
                   {"game", cx.game},
                   {"title", cx.title},
                   {"source", cx.source},
                   {"params", params},
                   {"rulesets", rulesets},
                   {"clauses", clauses},
                   {"decisions", decisions_json(cx)}});
  }
  return {200, Json{{"codices", out}}};
}

Answer clause(const Spec& spec, const std::string& id) {
  const Clause* c = spec.clause(id);
  if (!c) return error_answer(404, "not-found", "no clause '" + id + "': " + suggestion(id, clause_ids(spec), "see /api/codices"));
  const Codex& cx = *spec.codex(c->codex);
  Json j = clause_summary(*c);
  j["codex"] = cx.id;
  if (!c->why.empty()) j["why"] = c->why;
  if (!c->note.empty()) j["note"] = c->note;
  Json params = Json::array();
  for (const auto& p : cx.params) params.push_back(param_json(p));
  j["params"] = params;
  Json lines = Json::array();
  if (const auto* source = source_lines(cx); source && c->first_line > 0)
    for (int n = c->first_line; n <= c->last_line && n <= static_cast<int>(source->size()); ++n)
      lines.push_back({{"line", n}, {"text", (*source)[static_cast<std::size_t>(n - 1)]}});
  j["source"] = {{"file", cx.source}, {"lines", lines}};
  return {200, j};
}

Answer oracle(const Spec& spec, const std::string& body) {
  Value doc;
  try {
    doc = parse_body_json(body, "request");
  } catch (const InputError& e) {
    return input_error_answer(e, "request");
  }
  if (!doc.is_map() && !doc.is_list()) return error_answer(400, "bad-request", "expected a request (a JSON object) or a list of them");
  const bool many = doc.is_list();
  std::vector<Value> requests = many ? doc.as_list() : std::vector<Value>{doc};
  if (requests.size() > kMaxOracleRequests)
    return error_answer(413, "too-large", std::to_string(requests.size()) + " requests in one body; at most " + std::to_string(kMaxOracleRequests));
  std::map<std::string, Spec> amended;  // by the amendment's text: a list under one amendment applies it once
  Json answers = Json::array();
  for (const Value& request : requests) {
    Value answer;
    try {
      Value rest = request;
      const Spec* under = &spec;
      if (const Value* a = request.is_map() ? request.find("amendment") : nullptr) {
        if (!a->is_map())
          throw InputError(a->pos(), "amendment: give the amendment itself as an object (a request names no file)");
        rest = Value::map(request.pos());
        for (const auto& e : request.as_map())
          if (e.key != "amendment") rest.set(e.key, e.value, e.key_pos);
        const std::string key = a->dump();
        auto it = amended.find(key);
        if (it == amended.end()) it = amended.emplace(key, apply_amendment(spec, parse_amendment(*a, "request", spec))).first;
        under = &it->second;
      }
      answer = run_query(*under, rest);
    } catch (const InputError& e) {
      answer = error_value("bad-request", e.message(), in_body(body, e.pos(), "request"));
    } catch (const QueryError& e) {
      answer = error_value(e.code, e.what(), in_body(body, e.pos, "request"));
    } catch (const std::exception& e) {
      answer = error_value("internal", e.what());
    }
    if (request.is_map() && request.find("id") && answer.is_map()) answer.set("id", *request.find("id"));
    answers.push_back(to_json(answer));
  }
  return {200, many ? answers : answers.front()};
}

AmendmentCheck check_amendment(const Spec& spec, const std::string& body) {
  AmendmentCheck out;
  try {
    const Value doc = parse_yaml(body, "amendment");
    const Amendment a = parse_amendment(doc, "amendment", spec);
    out.ok = true;
    out.codex = a.codex;
    out.yaml = body;
  } catch (const InputError& e) {
    out.error = input_error_answer(e, "amendment");
  }
  return out;
}

namespace {

// The text of each top-level section of a YAML document ("params:" and the lines under it), by key,
// in order; comments and blank lines go with the section above them.
std::vector<std::pair<std::string, std::string>> yaml_sections(const std::string& text) {
  std::vector<std::pair<std::string, std::string>> out;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find('\n', at);
    end = end == std::string::npos ? text.size() : end + 1;
    const std::string line = text.substr(at, end - at);
    const bool top = !line.empty() && line[0] != ' ' && line[0] != '\t' && line[0] != '#' && line[0] != '\n' && line[0] != '-' &&
                     line.find(':') != std::string::npos;
    if (top) out.emplace_back(line.substr(0, line.find(':')), std::string());
    if (!out.empty()) out.back().second += line;
    at = end;
  }
  return out;
}

}  // namespace

Answer amendment_form(const Spec& spec, const std::string& body) {
  Amendment a;
  try {
    a = parse_amendment(parse_yaml(body, "amendment"), "amendment", spec);
  } catch (const InputError& e) {
    return input_error_answer(e, "amendment");
  }
  Json params = Json::object();
  for (const auto& [id, v] : a.params) params[id] = to_json(v);
  Json readings = Json::object();
  for (const auto& [clause, reading] : a.readings) readings[clause] = reading;
  // A replacement of the statement alone is the form's; one that sets more stays as written.
  Json statements = Json::object();
  bool replacements_in_form = true;
  for (const auto& r : a.replace_clauses) {
    const Value* id = r.find("id");
    const Value* statement = r.find("statement");
    if (!id || !statement || !statement->is_string() || r.as_map().size() != 2) replacements_in_form = false;
  }
  if (replacements_in_form)
    for (const auto& r : a.replace_clauses) statements[r.find("id")->as_string()] = r.find("statement")->as_string();
  // Table edits go to the table editor (rows, the hit policy and order, new input values), unless
  // one says more than it holds: then the section stays as written.
  Json decisions = Json::array();
  bool decisions_in_form = true;
  for (const Value& entry : a.decisions)
    for (const auto& e : entry.as_map())
      if (e.key != "id" && e.key != "policy" && e.key != "order" && e.key != "add_rows" && e.key != "replace_rows" && e.key != "remove_rows" &&
          e.key != "add_values")
        decisions_in_form = false;
  if (decisions_in_form)
    for (const Value& entry : a.decisions) decisions.push_back(decision_edit_json(entry));
  std::string extra;
  for (const auto& [key, text] : yaml_sections(body))
    if (key != "amendment" && key != "params" && key != "readings" && (key != "decisions" || !decisions_in_form) &&
        (key != "replace_clauses" || !replacements_in_form))
      extra += text;
  return {200, Json{{"id", a.id}, {"codex", a.codex}, {"title", a.title}, {"rationale", a.rationale}, {"source", a.source},
                    {"rulesets", a.rulesets}, {"params", params}, {"readings", readings}, {"replace_statements", statements},
                    {"decisions", decisions}, {"extra", extra}}};
}

Answer shipped_amendments(const Spec& spec, const std::string& dir) {
  std::vector<std::filesystem::path> files;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec))
    if (entry.path().extension() == ".yaml") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  Json out = Json::array();
  for (const auto& file : files) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    try {
      const Amendment a = parse_amendment(parse_yaml(text.str(), file.filename().string()), file.filename().string(), spec);
      out.push_back({{"id", a.id}, {"codex", a.codex}, {"title", a.title}, {"file", "spec/amendments/" + file.filename().string()},
                     {"yaml", text.str()}});
    } catch (const InputError&) {
      // A shipped amendment that no longer loads is lint's to report, not the page's to offer.
    }
  }
  return {200, Json{{"amendments", out}}};
}

RepairCheck check_repair(const Spec& spec, const std::string& body) {
  RepairCheck out;
  try {
    const Value doc = parse_body_json(body, "request");
    if (!doc.is_map()) throw InputError(doc.pos(), "expected {\"finding\": \"F-...\"}");
    Fields f(doc, "repair request");
    out.finding = f.string("finding");
    f.done();
  } catch (const InputError& e) {
    out.error = input_error_answer(e, "request");
    return out;
  }
  std::vector<std::string> known;
  for (const auto& n : spec.findings_register().notes)
    if (n.severity == "defect" || n.severity == "wording") known.push_back(n.id);
  if (std::find(known.begin(), known.end(), out.finding) == known.end()) {
    out.error = error_answer(404, "not-found", "no defect or wording finding '" + out.finding + "': " +
                                                   suggestion(out.finding, known, "see /api/findings"));
    return out;
  }
  out.ok = true;
  return out;
}

}  // namespace rulespec::serve
