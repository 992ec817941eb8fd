#include "spec/catalog.hpp"
#include "spec/suggest.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <set>
#include <tuple>

namespace rulespec {

const Reading* Clause::reading(std::string_view rid) const {
  for (const auto& r : readings)
    if (r.id == rid) return &r;
  return nullptr;
}
const Clause* Codex::clause(std::string_view cid) const {
  for (const auto& c : clauses)
    if (c.id == cid) return &c;
  return nullptr;
}
Clause* Codex::clause(std::string_view cid) {
  for (auto& c : clauses)
    if (c.id == cid) return &c;
  return nullptr;
}
const ParamDecl* Codex::param(std::string_view pid) const {
  for (const auto& p : params)
    if (p.id == pid) return &p;
  return nullptr;
}
const RulesetDecl* Codex::ruleset(std::string_view rid) const {
  for (const auto& r : rulesets)
    if (r.id == rid) return &r;
  return nullptr;
}

std::string one_of(const Value& v, const std::vector<std::string>& allowed, std::string_view what) {
  // A request field read as one of a list: the list is its domain (help query, docs/oracle.md).
  if (FieldRecorder* r = FieldRecorder::active())
    if (FieldUse* use = r->last(what); use && allowed.size() <= 40) {
      std::string list;
      for (const auto& a : allowed) list += (list.empty() ? "" : "|") + a;
      use->type = "string";
      use->domain = list;
    }
  const std::string& s = v.as_string(what);
  if (std::find(allowed.begin(), allowed.end(), s) != allowed.end()) return s;
  std::string list;
  for (const auto& a : allowed) list += (list.empty() ? "" : "|") + a;
  throw InputError(v.pos(), std::string(what) + ": '" + excerpt(s) + "'" + did_you_mean(s, allowed) + " is not one of " + list);
}

namespace {

bool lower_or_digit(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); }

// [a-z0-9][a-z0-9_-]*  (hyphen only when `underscore` is false)
bool is_segment(std::string_view s, bool underscore) {
  if (s.empty() || !lower_or_digit(s[0])) return false;
  for (char c : s)
    if (!lower_or_digit(c) && c != '-' && !(underscore && c == '_')) return false;
  return true;
}

// <segment>(.<segment>)+
bool is_clause_id(std::string_view s) {
  int segments = 0;
  while (true) {
    const auto dot = s.find('.');
    if (!is_segment(s.substr(0, dot), false)) return false;
    ++segments;
    if (dot == std::string_view::npos) break;
    s.remove_prefix(dot + 1);
  }
  return segments >= 2;
}

std::string slug(const Value& v, std::string_view what) {
  const std::string& s = v.as_string(what);
  if (!is_segment(s, true))
    throw InputError(v.pos(), std::string(what) + ": '" + excerpt(s) + "' must be lowercase letters, digits, '-' or '_'");
  return s;
}

// `lines: [first, last]` of a clause, a prose entry or a claim.
std::pair<int, int> line_range(const Value& lines) {
  const auto& l = lines.as_list("lines");
  if (l.size() != 2) throw InputError(lines.pos(), "lines: expected [first, last]");
  const auto first = static_cast<int>(l[0].as_int("lines[0]")), last = static_cast<int>(l[1].as_int("lines[1]"));
  if (first < 1 || last < first) throw InputError(lines.pos(), "lines: expected 1 <= first <= last");
  return {first, last};
}

Reading parse_reading(const Value& node, const std::string& clause_id) {
  Fields f(node, "reading of " + clause_id);
  Reading r;
  r.pos = node.pos();
  r.id = slug(f.required("id"), "reading id");
  r.statement = f.string("statement");
  r.source = f.optional_string("source");
  r.unusual = f.optional_string("unusual");
  r.proposal = f.optional_string("proposal");
  if (!r.unusual.empty() && !r.proposal.empty())
    throw InputError(node.pos(), "reading " + r.id + " of " + clause_id + ": a proposal of the source is not also an unusual reading");
  if (const Value* sets = f.optional("sets"))
    for (const auto& e : sets->as_map("sets")) r.sets.emplace_back(e.key, e.value);
  if (const Value* eq = f.optional("equivalent_to")) {
    Fields e(*eq, "equivalent_to of reading " + r.id);
    r.equivalent_to = Equivalence{slug(e.required("reading"), "reading id"), e.string("why"), eq->pos()};
    e.done();
  }
  f.done();
  return r;
}

// An equivalence must name another declared value that is not itself declared equivalent (one
// step, so that what a value executes as is read off at once).
void check_equivalences(const std::map<std::string, const Equivalence*>& eqs, const std::vector<std::string>& values,
                        const std::string& what) {
  for (const auto& [from, eq] : eqs) {
    if (std::find(values.begin(), values.end(), eq->to) == values.end())
      throw InputError(eq->pos, what + ": '" + from + "' is declared equivalent to '" + excerpt(eq->to) + "', which is not declared");
    if (eq->to == from) throw InputError(eq->pos, what + ": '" + from + "' is declared equivalent to itself");
    if (eqs.count(eq->to))
      throw InputError(eq->pos, what + ": '" + from + "' is declared equivalent to '" + eq->to + "', which is itself declared equivalent to '" +
                                    eqs.at(eq->to)->to + "'; name that one");
  }
}

}  // namespace

Clause parse_clause(const Value& node, const std::string& codex_id) {
  node.as_map("clause");
  Clause c;
  c.pos = node.pos();
  c.node = node;
  c.codex = codex_id;
  const Value* idv = node.find("id");
  if (!idv) throw InputError(node.pos(), "clause: missing required key 'id'");
  c.id = idv->as_string("clause id");
  if (!is_clause_id(c.id))
    throw InputError(idv->pos(), "clause id '" + excerpt(c.id) + "' must look like <codex>.<segment>[.<segment>...]");
  if (c.id.rfind(codex_id + ".", 0) != 0)
    throw InputError(idv->pos(), "clause id '" + c.id + "' must start with '" + codex_id + ".'");
  Fields named(node, "clause " + c.id);
  named.required("id");
  c.ref = named.string("ref");
  c.topic = slug(named.required("topic"), "topic");
  c.kind = one_of(named.required("kind"), clause_kinds(), "kind");
  c.board = named.required("board").as_bool("board");
  c.statement = named.string("statement");
  c.status = one_of(named.required("status"), clause_statuses(), "status");
  c.why = named.optional_string("why");
  c.note = named.optional_string("note");
  c.not_a_finding = named.optional_string("not_a_finding");
  c.not_decisive = named.optional_string("not_decisive");
  if (const Value* through = named.optional("applied_through")) {
    for (const Value& v : through->as_list("applied_through")) c.applied_through.push_back(v.as_string("clause id"));
    if (c.applied_through.empty()) throw InputError(through->pos(), "clause " + c.id + ": applied_through names at least one clause");
    if (!c.not_decisive.empty())
      throw InputError(through->pos(), "clause " + c.id + ": applied_through says how the models apply it; not_decisive says they cannot: give one");
  }
  if (!c.not_decisive.empty() && c.status != "encoded" && c.status != "partial")
    throw InputError(named.optional("not_decisive")->pos(), "clause " + c.id + ": not_decisive is for encoded and partial clauses (status is '" + c.status + "')");
  if (c.status != "encoded" && c.why.empty())
    throw InputError(named.required("status").pos(), "clause " + c.id + ": status '" + c.status + "' needs a 'why'");
  if (const Value* lines = named.optional("lines")) std::tie(c.first_line, c.last_line) = line_range(*lines);
  if (const Value* rs = named.optional("readings")) {
    std::set<std::string> seen;
    for (const Value& r : rs->as_list("readings")) {
      Reading reading = parse_reading(r, c.id);
      if (!seen.insert(reading.id).second)
        throw InputError(r.pos(), "clause " + c.id + ": duplicate reading '" + reading.id + "'");
      c.readings.push_back(std::move(reading));
    }
    if (c.readings.size() == 1)
      throw InputError(rs->pos(), "clause " + c.id + ": a single reading is not an ambiguity; state it in the statement");
    std::map<std::string, const Equivalence*> eqs;
    std::vector<std::string> ids;
    for (const auto& r : c.readings) {
      ids.push_back(r.id);
      if (r.equivalent_to) eqs[r.id] = &*r.equivalent_to;
    }
    check_equivalences(eqs, ids, "clause " + c.id);
    if (!c.readings.front().unusual.empty() || !c.readings.front().proposal.empty())
      throw InputError(c.readings.front().pos, "clause " + c.id + ": the first reading is the default and must be one a careful "
                                               "reader takes; reading '" + c.readings.front().id + "' is marked " +
                                               (c.readings.front().unusual.empty() ? "as a proposal" : "unusual"));
  }
  if (const Value* rels = named.optional("relations")) {
    for (const Value& r : rels->as_list("relations")) {
      const auto& entries = r.as_map("relation");
      if (entries.size() != 1) throw InputError(r.pos(), "relation: expected one 'kind: clause-id' pair");
      Relation rel;
      rel.kind = entries[0].key;
      rel.pos = entries[0].key_pos;
      if (std::find(relation_kinds().begin(), relation_kinds().end(), rel.kind) == relation_kinds().end())
        throw InputError(rel.pos, "unknown relation '" + rel.kind + "'");
      rel.target = entries[0].value.as_string("relation target");
      rel.pos = entries[0].value.pos();
      c.relations.push_back(std::move(rel));
    }
  }
  named.done();
  return c;
}

ParamDecl parse_param(const Value& node) {
  Fields f(node, "param");
  ParamDecl p;
  p.pos = node.pos();
  p.id = slug(f.required("id"), "param id");
  p.type = one_of(f.required("type"), {"int", "number", "bool", "enum", "string"}, "param type");
  p.statement = f.string("statement");
  p.unit = f.optional_string("unit");
  if (const Value* vals = f.optional("values")) {
    for (const Value& v : vals->as_list("values")) p.values.push_back(slug(v, "enum value"));
  }
  if (p.type == "enum" && p.values.empty())
    throw InputError(node.pos(), "param " + p.id + ": an enum needs 'values'");
  if (p.type != "enum" && !p.values.empty())
    throw InputError(f.required("values").pos(), "param " + p.id + ": only an enum has 'values'");
  if (const Value* d = f.optional("domain")) {
    if (p.type != "int" && p.type != "number") throw InputError(d->pos(), "param " + p.id + ": only an int or a number has a 'domain'");
    Fields df(*d, "domain of param " + p.id);
    ParamDecl::Domain dom;
    const auto bound = [&](const Value& v, const char* what) { return p.type == "int" ? static_cast<double>(v.as_int(what)) : v.as_number(what); };
    dom.min = bound(df.required("min"), "min");
    dom.max = bound(df.required("max"), "max");
    if (const Value* st = df.optional("step")) dom.step = bound(*st, "step");
    df.done();
    if (!(dom.min <= dom.max) || dom.step < 0) throw InputError(d->pos(), "param " + p.id + ": a domain needs min <= max and step >= 0");
    p.domain = dom;
  }
  if ((p.type == "int" || p.type == "number") && !p.domain)
    throw InputError(node.pos(), "param " + p.id + ": an " + p.type + " needs a 'domain' ({min: .., max: ..}): the values a ruleset or an amendment may give");
  if (const Value* eqs = f.optional("equivalent")) {
    if (p.type != "enum" && p.type != "bool")
      throw InputError(eqs->pos(), "param " + p.id + ": 'equivalent' is for an enum's or a bool's values");
    std::vector<std::string> values = p.type == "bool" ? std::vector<std::string>{"true", "false"} : p.values;
    for (const Value& e : eqs->as_list("equivalent")) {
      Fields ef(e, "equivalent of param " + p.id);
      const Value& from = ef.required("value");
      const Value& to = ef.required("to");
      const std::string key = from.is_string() ? from.as_string() : from.dump();
      if (std::find(values.begin(), values.end(), key) == values.end())
        throw InputError(from.pos(), "param " + p.id + ": '" + excerpt(key) + "' is not one of its values");
      if (p.equivalent.count(key)) throw InputError(from.pos(), "param " + p.id + ": '" + key + "' is declared equivalent twice");
      p.equivalent[key] = Equivalence{to.is_string() ? to.as_string() : to.dump(), ef.string("why"), to.pos()};
      ef.done();
    }
    std::map<std::string, const Equivalence*> view;
    for (const auto& [k, v] : p.equivalent) view[k] = &v;
    check_equivalences(view, values, "param " + p.id);
  }
  f.done();
  return p;
}

std::vector<Value> ParamDecl::declared_values() const {
  std::vector<Value> out;
  if (type == "enum")
    for (const auto& v : values) out.push_back(Value::string(v));
  if (type == "bool") out = {Value::boolean(false), Value::boolean(true)};
  if (domain && type == "int") out = {Value::integer(static_cast<std::int64_t>(domain->min)), Value::integer(static_cast<std::int64_t>(domain->max))};
  if (domain && type == "number") out = {Value::number(domain->min), Value::number(domain->max)};
  if (domain && domain->min == domain->max) out.resize(1);
  return out;
}

namespace {

// A candidate judged in a catalog (a decision table's, a glossary's): either the finding with the
// text the analysis reports, or the reason it is none.
void check_judged(const SourcePos& pos, const std::string& what, const std::string& finding, const std::string& summary,
                  const std::string& explanation, const std::string& not_a_finding) {
  if (finding.empty() == not_a_finding.empty())
    throw InputError(pos, what + ": name the finding (with summary and explanation) or say why it is none (not_a_finding)");
  if (!finding.empty() && (summary.empty() || explanation.empty()))
    throw InputError(pos, what + ": finding " + finding + " needs its summary and explanation");
}

// A range bound: an integer, or an int param of the codex plus or minus a constant
// ("points_threshold - 1"); a param's bound takes the value of the param's domain edge here and
// the ruleset's value once resolved (spec/tables.hpp).
int parse_bound(const Value& v, const Codex& cx, const std::string& what, ParamBound& bound, int fallback) {
  if (!v.is_string()) return static_cast<int>(v.as_int(what));
  const std::string& text = v.as_string(what);
  std::size_t i = 0;
  while (i < text.size() && (std::islower(static_cast<unsigned char>(text[i])) || std::isdigit(static_cast<unsigned char>(text[i])) || text[i] == '_')) ++i;
  bound.param = text.substr(0, i);
  const ParamDecl* decl = cx.param(bound.param);
  if (bound.param.empty() || !decl)
    throw InputError(v.pos(), what + ": '" + excerpt(text) + "' is neither a number nor a param of " + cx.id + did_you_mean(bound.param, [&] {
                                std::vector<std::string> ids;
                                for (const auto& p : cx.params) ids.push_back(p.id);
                                return ids;
                              }()));
  if (decl->type != "int") throw InputError(v.pos(), what + ": param " + decl->id + " is of type " + decl->type + ", not int");
  while (i < text.size() && text[i] == ' ') ++i;
  if (i < text.size()) {
    const char sign = text[i++];
    while (i < text.size() && text[i] == ' ') ++i;
    std::size_t digits = i;
    while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
    if ((sign != '+' && sign != '-') || digits == i || digits != text.size() || digits - i > 6)
      throw InputError(v.pos(), what + ": '" + excerpt(text) + "' must be a param, or a param + or - a whole number (" + decl->id + " - 1)");
    bound.offset = std::stoi(text.substr(i)) * (sign == '-' ? -1 : 1);
  }
  return fallback;
}

// {input: value | [values] | {min, max}} against the table's inputs.
std::vector<DecisionCondition> parse_conditions(const Value& when, const std::vector<DecisionInput>& inputs, const Codex& cx,
                                                const std::string& what) {
  std::vector<DecisionCondition> out;
  for (const auto& e : when.as_map(what)) {
    auto in = std::find_if(inputs.begin(), inputs.end(), [&](const DecisionInput& i) { return i.name == e.key; });
    if (in == inputs.end()) throw InputError(e.key_pos, what + ": unknown input '" + excerpt(e.key) + "'");
    DecisionCondition c;
    c.input = e.key;
    if (!in->values.empty()) {
      std::vector<Value> items = e.value.is_list() ? e.value.as_list() : std::vector<Value>{e.value};
      for (const Value& x : items) {
        // An input bound to a bool param: its values are the booleans, written as YAML writes them.
        if (!in->param.empty() && x.kind() == Value::Kind::Bool) c.values.push_back(x.as_bool() ? "true" : "false");
        else c.values.push_back(one_of(x, in->values, "value of input " + in->name));
      }
    } else {
      Fields r(e.value, "range of input " + in->name);
      const Value* lo = r.optional("min");
      const Value* hi = r.optional("max");
      c.min = lo ? parse_bound(*lo, cx, "min of input " + in->name, c.min_param, in->min) : in->min;
      c.max = hi ? parse_bound(*hi, cx, "max of input " + in->name, c.max_param, in->max) : in->max;
      r.done();
      if (c.min > c.max || c.min < in->min || c.max > in->max)
        throw InputError(e.value.pos(), "range of input " + in->name + ": expected " + std::to_string(in->min) + " <= min <= max <= " +
                                            std::to_string(in->max));
    }
    out.push_back(std::move(c));
  }
  return out;
}

// outcome: a name, or {param: <enum param>, values: {<each value of the param>: <outcome>}}.
void parse_outcome(const Value& v, const Codex& cx, DecisionRow& row) {
  if (!v.is_map()) {
    row.outcome = v.as_string("outcome");
    return;
  }
  Fields f(v, "outcome");
  const Value& param = f.required("param");
  row.outcome_param = param.as_string("param");
  const ParamDecl* decl = cx.param(row.outcome_param);
  if (!decl || decl->type != "enum")
    throw InputError(param.pos(), "outcome: '" + excerpt(row.outcome_param) + "' is no enum param of " + cx.id);
  const Value& values = f.required("values");
  for (const auto& e : values.as_map("values")) {
    if (std::find(decl->values.begin(), decl->values.end(), e.key) == decl->values.end())
      throw InputError(e.key_pos, "outcome: '" + excerpt(e.key) + "' is no value of param " + decl->id);
    row.outcome_by_value.emplace_back(e.key, e.value.as_string("outcome"));
  }
  for (const auto& value : decl->values)
    if (std::none_of(row.outcome_by_value.begin(), row.outcome_by_value.end(), [&](const auto& p) { return p.first == value; }))
      throw InputError(values.pos(), "outcome: give the outcome for every value of param " + decl->id + " ('" + value + "' is missing)");
  f.done();
  row.outcome = row.outcome_by_value.front().second;  // until resolved for the default ruleset
}

}  // namespace

DecisionTable parse_decision_table(const Value& v, const Codex& cx) {
  Fields f(v, "decision table");
  DecisionTable t;
  t.pos = v.pos();
  t.node = v;
  const Value& id = f.required("id");
  t.id = id.as_string("decision table id");
  if (!is_clause_id(t.id) || t.id.rfind(cx.id + ".", 0) != 0)
    throw InputError(id.pos(), "decision table id '" + excerpt(t.id) + "' must look like " + cx.id + ".<segment>...");
  t.topic = f.string("topic");
  t.note = f.optional_string("note");
  if (const Value* by = f.optional("consulted_by"))
    for (const Value& q : by->as_list("consulted_by")) t.consulted_by.push_back(slug(q, "query name"));
  if (const Value* from = f.optional("inputs_from")) {
    one_of(*from, {"none"}, "inputs_from");
    t.inputs_from_none = f.string("inputs_why");
    if (!t.consulted_by.empty()) throw InputError(from->pos(), "inputs_from: none, yet queries consult the table (consulted_by)");
  }
  if (const Value* through = f.optional("executed_through")) {
    for (const Value& other : through->as_list("executed_through")) {
      t.executed_through.push_back(other.as_string("executed_through"));
      if (t.executed_through.back().rfind(cx.id + ".decisions.", 0) != 0)
        throw InputError(other.pos(), "executed_through: '" + excerpt(t.executed_through.back()) + "' is no decision table id of " + cx.id);
    }
    t.executed_why = f.string("executed_why");
    if (!t.consulted_by.empty() || !t.inputs_from_none.empty())
      throw InputError(through->pos(), "executed_through: the table is consulted, or no model computes its inputs; say one of the three");
  }
  if (const Value* point = f.optional("point")) {
    t.point = point->as_string("point");
    if (!cx.clause(t.point)) throw InputError(point->pos(), "point: unknown clause id '" + excerpt(t.point) + "'");
  }
  if (const Value* outcomes = f.optional("outcomes"))
    for (const Value& o : outcomes->as_list("outcomes")) {
      t.outcomes.push_back(slug(o, "outcome"));
      if (std::count(t.outcomes.begin(), t.outcomes.end(), t.outcomes.back()) > 1)
        throw InputError(o.pos(), "outcomes: '" + t.outcomes.back() + "' twice");
    }
  for (const Value& in : f.required("inputs").as_list("inputs")) {
    Fields i(in, "input");
    DecisionInput input;
    input.name = slug(i.required("name"), "input name");
    if (const Value* vals = i.optional("values"))
      for (const Value& x : vals->as_list("values")) input.values.push_back(slug(x, "input value"));
    if (const Value* lo = i.optional("min")) input.min = static_cast<int>(lo->as_int("min"));
    if (const Value* hi = i.optional("max")) input.max = static_cast<int>(hi->as_int("max"));
    if (const Value* rd = i.optional("reading")) {
      input.reading = rd->as_string("reading");
      const Clause* c = cx.clause(input.reading);
      if (!c) throw InputError(rd->pos(), "input " + input.name + ": unknown clause id '" + excerpt(input.reading) + "'");
      if (c->readings.size() < 2) throw InputError(rd->pos(), "input " + input.name + ": clause " + input.reading + " has no readings");
      if (!input.values.empty() || i.optional("min") || i.optional("max"))
        throw InputError(in.pos(), "input " + input.name + ": an input bound to a clause's reading takes its values from the readings");
      for (const auto& r : c->readings) input.values.push_back(r.id);
    }
    if (const Value* pm = i.optional("param")) {
      input.param = pm->as_string("param");
      const auto decl = std::find_if(cx.params.begin(), cx.params.end(), [&](const ParamDecl& p) { return p.id == input.param; });
      if (decl == cx.params.end()) throw InputError(pm->pos(), "input " + input.name + ": unknown param '" + excerpt(input.param) + "' of " + cx.id);
      if (decl->type != "enum" && decl->type != "bool")
        throw InputError(pm->pos(), "input " + input.name + ": param " + input.param + " is of type " + decl->type + "; an input takes an enum or bool param");
      if (!input.reading.empty()) throw InputError(pm->pos(), "input " + input.name + ": bound to a reading and to a param; say one");
      if (!input.values.empty() || i.optional("min") || i.optional("max"))
        throw InputError(in.pos(), "input " + input.name + ": an input bound to a param takes its values from the param's declaration");
      input.values = decl->type == "bool" ? std::vector<std::string>{"true", "false"} : decl->values;
    }
    i.done();
    if (input.values.empty() && input.min > input.max) throw InputError(in.pos(), "input " + input.name + ": needs values, or min <= max");
    t.inputs.push_back(std::move(input));
  }
  if (const Value* policy = f.optional("policy")) t.policy = one_of(*policy, {"unique", "any", "first", "priority"}, "hit policy");
  const Value* order = f.optional("order");
  if (order)
    for (const Value& o : order->as_list("order")) t.order.push_back(o.as_string("outcome"));
  if (t.policy == "priority" && !order) throw InputError(f.required("policy").pos(), "policy priority: give the outcomes' order (order: [...])");
  if (t.policy != "priority" && order) throw InputError(order->pos(), "order: only a table of policy priority orders its outcomes");
  std::set<std::string> row_ids;
  for (const Value& r : f.required("rows").as_list("rows")) {
    Fields rf(r, "decision row");
    DecisionRow row;
    row.pos = r.pos();
    row.id = slug(rf.required("id"), "row id");
    if (!row_ids.insert(row.id).second) throw InputError(r.pos(), "duplicate row id '" + row.id + "'");
    row.when = parse_conditions(rf.required("when"), t.inputs, cx, "row " + row.id);
    parse_outcome(rf.required("outcome"), cx, row);
    for (const auto& [value, outcome] : row.outcome_by_value.empty() ? std::vector<std::pair<std::string, std::string>>{{"", row.outcome}}
                                                                      : row.outcome_by_value)
      if (t.policy == "priority" && std::find(t.order.begin(), t.order.end(), outcome) == t.order.end())
        throw InputError(rf.required("outcome").pos(), "row " + row.id + ": outcome '" + excerpt(outcome) + "' is not in the table's order");
    const Value& cl = rf.required("clause");
    row.clause = cl.as_string("clause");
    if (!cx.clause(row.clause)) throw InputError(cl.pos(), "unknown clause id '" + excerpt(row.clause) + "'");
    row.line = static_cast<int>(rf.required("line").as_int("line"));
    rf.done();
    t.rows.push_back(std::move(row));
  }
  if (!t.outcomes.empty())
    for (const auto& row : t.rows)
      for (const auto& [value, outcome] : row.outcome_by_value.empty() ? std::vector<std::pair<std::string, std::string>>{{"", row.outcome}}
                                                                        : row.outcome_by_value)
        if (std::find(t.outcomes.begin(), t.outcomes.end(), outcome) == t.outcomes.end())
          throw InputError(row.pos, "row " + row.id + ": outcome '" + excerpt(outcome) + "' is not among the table's outcomes");
  if (t.rows.empty() && (t.point.empty() || t.outcomes.empty()))
    throw InputError(f.required("rows").pos(), "a table without rows is a decision point: give its point (the clause) and its outcomes");
  for (const auto& o : t.order)
    if (std::none_of(t.rows.begin(), t.rows.end(), [&](const DecisionRow& r) {
          return r.outcome == o || std::any_of(r.outcome_by_value.begin(), r.outcome_by_value.end(), [&](const auto& p) { return p.second == o; });
        }))
      throw InputError(order->pos(), "order: '" + excerpt(o) + "' is no row's outcome");
  if (const Value* judged = f.optional("judged"))
    for (const Value& j : judged->as_list("judged")) {
      Fields jf(j, "judgement");
      DecisionJudgement d;
      d.pos = j.pos();
      d.kind = one_of(jf.required("kind"), {"gap", "overlap", "dead"}, "judgement kind");
      if (const Value* when = jf.optional("when")) d.when = parse_conditions(*when, t.inputs, cx, "judgement");
      if (const Value* rows = jf.optional("rows"))
        for (const Value& r : rows->as_list("rows")) {
          d.rows.push_back(r.as_string("row"));
          if (!row_ids.count(d.rows.back())) throw InputError(r.pos(), "unknown row '" + excerpt(d.rows.back()) + "'");
        }
      d.finding = jf.optional_string("finding");
      d.summary = jf.optional_string("summary");
      d.explanation = jf.optional_string("explanation");
      d.not_a_finding = jf.optional_string("not_a_finding");
      d.case_id = jf.optional_string("case");
      if (!d.case_id.empty() && d.finding.empty()) throw InputError(j.pos(), "case: only a judgement with a finding names the case that replays it");
      jf.done();
      check_judged(j.pos(), "a " + d.kind + " judgement", d.finding, d.summary, d.explanation, d.not_a_finding);
      if (d.kind == "gap" && d.when.empty()) throw InputError(j.pos(), "a gap judgement says which combinations it covers (when)");
      if (d.kind == "overlap" && d.rows.size() != 2) throw InputError(j.pos(), "an overlap judgement names its two rows");
      if (d.kind == "dead" && d.rows.size() != 1) throw InputError(j.pos(), "a dead-row judgement names its row");
      t.judged.push_back(std::move(d));
    }
  f.done();
  return t;
}

void check_param_value(const ParamDecl& decl, const Value& v) {
  const std::string what = "param " + decl.id;
  if (decl.type == "bool") v.as_bool(what);
  else if (decl.type == "string") v.as_string(what);
  else if (decl.type == "enum") one_of(v, decl.values, what);
  else {
    const double x = decl.type == "int" ? static_cast<double>(v.as_int(what)) : v.as_number(what);
    if (!decl.domain) return;
    const auto& d = *decl.domain;
    const auto text = [](double n) { return Value::number(n).dump(); };
    if (x < d.min || x > d.max)
      throw InputError(v.pos(), what + ": " + v.dump() + " is outside its domain " + text(d.min) + ".." + text(d.max));
    if (d.step > 0) {
      const double k = (x - d.min) / d.step;
      if (std::abs(k - std::round(k)) > 1e-9)
        throw InputError(v.pos(), what + ": " + v.dump() + " is not on its domain's steps (" + text(d.min) + ", " + text(d.min + d.step) + ", ...)");
    }
  }
}

Codex parse_codex(const Value& doc, const std::string& file) {
  Fields top(doc, "catalog");
  Codex cx;
  cx.file = file;
  {
    Fields f(top.required("codex"), "codex");
    cx.id = slug(f.required("id"), "codex id");
    cx.game = one_of(f.required("game"), games(), "game");
    cx.title = f.string("title");
    cx.source = f.string("source");
    cx.edition = f.optional_string("edition");
    cx.provenance = f.optional_string("provenance");
    cx.note = f.optional_string("note");
    f.done();
  }
  if (const Value* ps = top.optional("params")) {
    for (const Value& p : ps->as_list("params")) {
      ParamDecl decl = parse_param(p);
      if (cx.param(decl.id)) throw InputError(p.pos(), "duplicate param '" + decl.id + "'");
      cx.params.push_back(std::move(decl));
    }
  }
  for (const Value& c : top.required("clauses").as_list("clauses")) {
    Clause clause = parse_clause(c, cx.id);
    if (cx.clause(clause.id)) throw InputError(c.pos(), "duplicate clause id '" + clause.id + "'");
    cx.clauses.push_back(std::move(clause));
  }
  for (const auto& c : cx.clauses)
    for (const auto& r : c.readings)
      for (const auto& [name, value] : r.sets) {
        const ParamDecl* decl = cx.param(name);
        if (!decl) throw InputError(value.pos(), "reading " + r.id + " of " + c.id + " sets undeclared param '" + excerpt(name) + "'");
        check_param_value(*decl, value);
      }
  if (const Value* prose = top.optional("prose"))
    for (const Value& p : prose->as_list("prose")) {
      Fields f(p, "prose");
      Prose entry;
      entry.pos = p.pos();
      const Value& lines = f.required("lines");
      std::tie(entry.first_line, entry.last_line) = line_range(lines);
      entry.kind = one_of(f.required("kind"), prose_kinds(), "prose kind");
      entry.why = f.string("why");
      f.done();
      for (const auto& c : cx.clauses)
        if (c.first_line && c.first_line <= entry.last_line && entry.first_line <= c.last_line)
          throw InputError(lines.pos(), "prose lines [" + std::to_string(entry.first_line) + ", " + std::to_string(entry.last_line) +
                                            "] overlap the lines clause " + c.id + " cites; a line is either cited or prose");
      cx.prose.push_back(std::move(entry));
    }
  if (const Value* claims = top.optional("claims"))
    for (const Value& v : claims->as_list("claims")) {
      Fields f(v, "claim");
      Claim c;
      c.pos = v.pos();
      const Value& id = f.required("id");
      c.id = id.as_string("claim id");
      if (!is_clause_id(c.id) || c.id.rfind(cx.id + ".", 0) != 0)
        throw InputError(id.pos(), "claim id '" + excerpt(c.id) + "' must look like " + cx.id + ".<segment>...");
      if (cx.clause(c.id) || std::any_of(cx.claims.begin(), cx.claims.end(), [&](const Claim& o) { return o.id == c.id; }))
        throw InputError(id.pos(), "claim id '" + c.id + "' is already used");
      std::tie(c.first_line, c.last_line) = line_range(f.required("lines"));
      c.says = f.string("says");
      for (const Value& by : f.required("checked_by").as_list("checked_by")) {
        const std::string& ref = by.as_string("checked_by");
        if (ref.rfind("case:", 0) != 0 && ref.rfind("property:", 0) != 0 && ref.rfind("analysis:", 0) != 0)
          throw InputError(by.pos(), "checked_by: '" + excerpt(ref) + "' is not case:ID, property:ID or analysis:ID");
        c.checked_by.push_back(ref);
      }
      if (c.checked_by.empty()) throw InputError(v.pos(), "claim " + c.id + ": checked_by names nothing");
      c.expect = one_of(f.required("expect"), {"holds", "fails"}, "expect");
      c.finding = f.optional_string("finding");
      c.not_a_finding = f.optional_string("not_a_finding");
      c.note = f.optional_string("note");
      if (c.expect == "fails" && c.finding.empty() == c.not_a_finding.empty())
        throw InputError(v.pos(), "claim " + c.id + ": a claim that fails names its finding or says why it is not one (not_a_finding), not both");
      if (c.expect == "holds" && (!c.finding.empty() || !c.not_a_finding.empty()))
        throw InputError(v.pos(), "claim " + c.id + ": a claim that holds has no finding");
      f.done();
      cx.claims.push_back(std::move(c));
    }
  if (const Value* terms = top.optional("glossary"))
    for (const Value& v : terms->as_list("glossary")) {
      Fields f(v, "glossary term");
      GlossaryTerm t;
      t.pos = v.pos();
      t.term = f.string("term");
      t.stem = f.string("stem");
      t.defined_by = f.optional_string("defined_by");
      if (!t.defined_by.empty() && !cx.clause(t.defined_by))
        throw InputError(f.required("defined_by").pos(), "unknown clause id '" + excerpt(t.defined_by) + "'");
      t.note = f.optional_string("note");
      t.finding = f.optional_string("finding");
      t.summary = f.optional_string("summary");
      t.explanation = f.optional_string("explanation");
      t.not_a_finding = f.optional_string("not_a_finding");
      if (t.defined_by.empty())
        check_judged(v.pos(), "term '" + t.term + "' has no defining clause", t.finding, t.summary, t.explanation, t.not_a_finding);
      else if (!t.finding.empty() || !t.not_a_finding.empty())
        throw InputError(v.pos(), "term '" + t.term + "': a judgement on the term is for a term with no defining clause");
      for (const Value& u : f.required("uses").as_list("uses")) {
        Fields uf(u, "use of " + t.term);
        TermUse use;
        use.pos = u.pos();
        use.line = static_cast<int>(uf.required("line").as_int("line"));
        use.fits = one_of(uf.required("fits"), {"yes", "no", "other-sense"}, "fits");
        use.note = uf.optional_string("note");
        use.finding = uf.optional_string("finding");
        use.summary = uf.optional_string("summary");
        use.explanation = uf.optional_string("explanation");
        use.not_a_finding = uf.optional_string("not_a_finding");
        if (const Value* kind = uf.optional("kind")) {
          use.finding_kind = one_of(*kind, {"ambiguity", "gap"}, "kind");
          if (use.finding.empty()) throw InputError(kind->pos(), "kind: only a use judged a finding has a kind");
        }
        if (const Value* under = uf.optional("fits_under")) {
          Fields ff(*under, "fits_under");
          const Value& clause = ff.required("clause");
          use.fits_under_clause = clause.as_string("clause");
          use.fits_under_reading = ff.required("reading").as_string("reading");
          ff.done();
          const Clause* c = cx.clause(use.fits_under_clause);
          if (!c) throw InputError(clause.pos(), "fits_under: unknown clause id '" + excerpt(use.fits_under_clause) + "'");
          if (!c->reading(use.fits_under_reading))
            throw InputError(ff.required("reading").pos(), "fits_under: clause " + c->id + " has no reading '" + excerpt(use.fits_under_reading) + "'");
          if (use.finding.empty()) throw InputError(under->pos(), "fits_under: only a use judged a finding says under which reading it fits");
        }
        uf.done();
        if (use.fits == "no")
          check_judged(u.pos(), "use of '" + t.term + "' at line " + std::to_string(use.line), use.finding, use.summary, use.explanation,
                       use.not_a_finding);
        else if (!use.finding.empty() || !use.not_a_finding.empty())
          throw InputError(u.pos(), "only a use that does not fit is judged");
        t.uses.push_back(std::move(use));
      }
      f.done();
      cx.glossary.push_back(std::move(t));
    }
  if (const Value* tables = top.optional("decisions")) {
    for (const Value& v : tables->as_list("decisions")) cx.decisions.push_back(parse_decision_table(v, cx));
    // A table set beside others names tables of this catalog that the models consult.
    for (const auto& t : cx.decisions)
      for (size_t i = 0; i < t.executed_through.size(); ++i) {
        const auto other = std::find_if(cx.decisions.begin(), cx.decisions.end(), [&](const DecisionTable& x) { return x.id == t.executed_through[i]; });
        const Value& at = (*t.node.find("executed_through")).as_list("executed_through")[i];
        if (other == cx.decisions.end()) throw InputError(at.pos(), "executed_through: no decision table '" + excerpt(t.executed_through[i]) + "' in " + cx.id);
        if (other->consulted_by.empty())
          throw InputError(at.pos(), "executed_through: " + t.executed_through[i] + " is consulted by no query (consulted_by)");
      }
  }
  if (const Value* refs = top.optional("crossrefs")) {
    for (const Value& r : refs->as_list("crossrefs")) {
      Fields f(r, "crossref");
      CrossRef x;
      x.pos = r.pos();
      x.line = static_cast<int>(f.required("line").as_int("line"));
      if (x.line < 1) throw InputError(f.required("line").pos(), "line: expected a positive line number");
      const Value& from = f.required("from");
      x.from = from.as_string("from");
      if (!cx.clause(x.from)) throw InputError(from.pos(), "unknown clause id '" + excerpt(x.from) + "'");
      x.to = f.string("to");
      x.topic = f.string("topic");
      x.printed = f.string("printed");
      x.about = f.string("about");
      f.done();
      cx.crossrefs.push_back(std::move(x));
    }
  }
  for (const Value& r : top.required("rulesets").as_list("rulesets")) {
    Fields f(r, "ruleset");
    RulesetDecl rs;
    rs.pos = r.pos();
    rs.id = slug(f.required("id"), "ruleset id");
    if (cx.ruleset(rs.id)) throw InputError(r.pos(), "duplicate ruleset '" + rs.id + "'");
    rs.title = f.optional_string("title");
    rs.note = f.optional_string("note");
    if (const Value* al = f.optional("aliases"))
      for (const Value& a : al->as_list("aliases")) {
        // As the engine spells it (YaneuraOu's CSARule24): letters of either case, digits, '-', '_'.
        const std::string& name = a.as_string("alias");
        if (name.empty() || !std::all_of(name.begin(), name.end(), [](char ch) {
              return std::isalnum(static_cast<unsigned char>(ch)) || ch == '-' || ch == '_';
            }))
          throw InputError(a.pos(), "alias: '" + excerpt(name) + "' must be letters, digits, '-' or '_'");
        if (cx.ruleset(name) || std::any_of(cx.rulesets.begin(), cx.rulesets.end(), [&](const RulesetDecl& o) {
              return std::find(o.aliases.begin(), o.aliases.end(), name) != o.aliases.end();
            }))
          throw InputError(a.pos(), "alias '" + name + "' already names a ruleset of " + cx.id);
        rs.aliases.push_back(name);
      }
    if (const Value* b = f.optional("base")) {
      rs.base = b->as_string("base");
      if (!cx.ruleset(rs.base))
        throw InputError(b->pos(), "base '" + rs.base + "' is not a ruleset defined earlier in " + cx.id);
    }
    if (const Value* rd = f.optional("readings")) {
      for (const auto& e : rd->as_map("readings")) {
        const Clause* clause = cx.clause(e.key);
        if (!clause) throw InputError(e.key_pos, "unknown clause id '" + excerpt(e.key) + "'" + did_you_mean(e.key, clause_ids(cx)));
        const std::string& rid = e.value.as_string("reading");
        const Reading* reading = clause->reading(rid);
        if (!reading) throw InputError(e.value.pos(), "clause " + e.key + " has no reading '" + rid + "'");
        if (cx.rulesets.empty() && !reading->unusual.empty())  // the first ruleset is the default
          throw InputError(e.value.pos(), "ruleset " + rs.id + " is the codex's default and takes the natural reading; '" +
                                              rid + "' of " + e.key + " is marked unusual (" + excerpt(reading->unusual, 80) + ")");
        if (cx.rulesets.empty() && !reading->proposal.empty())
          throw InputError(e.value.pos(), "ruleset " + rs.id + " is the codex's default and takes the text as written; '" + rid +
                                              "' of " + e.key + " is a proposed change (" + excerpt(reading->proposal, 80) + ")");
        rs.readings.emplace_back(e.key, rid);
      }
    }
    if (const Value* ru = f.optional("rules")) {
      if (refusal_reasons(cx.game).empty())
        throw InputError(ru->pos(), "ruleset " + rs.id + ": rulesets of " + cx.game + " declare no rules of their own yet");
      for (const Value& node : ru->as_list("rules")) {
        Fields rf(node, "rule");
        SourceRule rule;
        rule.pos = node.pos();
        const Value& id = rf.required("id");
        rule.id = id.as_string("rule id");
        if (!is_clause_id(rule.id))
          throw InputError(id.pos(), "rule id: '" + excerpt(rule.id) + "' must be dotted lowercase segments, as a clause id");
        if (rule.id.rfind(rs.id + ".", 0) != 0 && std::none_of(rs.aliases.begin(), rs.aliases.end(), [&](const std::string& a) {
              return rule.id.rfind(a + ".", 0) == 0;
            }))
          throw InputError(node.pos(), "rule id '" + rule.id + "' must start with its ruleset's id or an alias ('" + rs.id + ".')");
        if (cx.clause(rule.id)) throw InputError(node.pos(), "rule id '" + rule.id + "' is a clause id of " + cx.id);
        rule.ref = rf.required("ref").as_string("ref");
        rule.statement = rf.required("statement").as_string("statement");
        for (const Value& reason : rf.required("forbids").as_list("forbids"))
          rule.forbids.push_back(one_of(reason, refusal_reasons(cx.game), "refusal reason"));
        if (rule.ref.empty() || rule.statement.empty() || rule.forbids.empty())
          throw InputError(node.pos(), "rule " + rule.id + ": 'ref', 'statement' and 'forbids' must not be empty");
        rf.done();
        rs.rules.push_back(std::move(rule));
      }
    }
    if (const Value* pm = f.optional("params")) {
      for (const auto& e : pm->as_map("params")) {
        const ParamDecl* decl = cx.param(e.key);
        if (!decl) throw InputError(e.key_pos, "undeclared param '" + e.key + "' (declare it under params:)");
        check_param_value(*decl, e.value);
        rs.params.emplace_back(e.key, e.value);
      }
    }
    f.done();
    cx.rulesets.push_back(std::move(rs));
  }
  if (cx.rulesets.empty()) throw InputError(doc.pos(), "codex " + cx.id + ": at least one ruleset is required");
  top.done();
  return cx;
}

}  // namespace rulespec
