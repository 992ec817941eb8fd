#include "spec/amendment.hpp"

#include "spec/crossref.hpp"
#include "spec/suggest.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "spec/yaml_load.hpp"

namespace rulespec {
namespace {

Codex& codex_of(Spec& s, const std::string& id) {
  for (auto& cx : s.mutable_codices())
    if (cx.id == id) return cx;
  throw std::logic_error("codex vanished: " + id);
}

Value overlay(const Value& base, const Value& patch) {
  Value out = base;
  for (const auto& e : patch.as_map()) out.set(e.key, e.value, e.key_pos);
  return out;
}

}  // namespace

const std::vector<std::string>& amendment_keys() {
  static const std::vector<std::string> keys = {
      "amendment",        "amendment.id",         "amendment.codex",       "amendment.title",
      "amendment.rationale", "amendment.source",  "amendment.rulesets",    "params",
      "readings",         "replace_clauses",      "add_readings",          "add_readings.clause",
      "add_readings.id",  "add_readings.statement", "add_readings.source", "add_readings.unusual", "add_readings.proposal",
      "add_readings.equivalent_to", "add_clauses", "remove_clauses", "decisions", "decisions.id", "decisions.policy",
      "decisions.order", "decisions.add_values", "decisions.add_rows", "decisions.replace_rows", "decisions.remove_rows"};
  return keys;
}

Amendment load_amendment(const std::string& path, const Spec& base) { return parse_amendment(load_yaml_file(path), path, base); }

namespace {

// Where clause `id` is still named by a clause the amendment keeps: "clause X (relation
// exception_to) at file:line:col", or "" when nowhere.
std::string still_named(const Codex& cx, const std::string& id, const std::vector<std::pair<std::string, SourcePos>>& removed) {
  auto gone = [&](const std::string& c) {
    return std::any_of(removed.begin(), removed.end(), [&](const auto& r) { return r.first == c; });
  };
  for (const auto& c : cx.clauses) {
    if (gone(c.id)) continue;
    for (const auto& rel : c.relations)
      if (rel.target == id) return "clause " + c.id + " still refers to it (" + rel.kind + ") at " + rel.pos.str();
  }
  for (const auto& x : cx.crossrefs)
    if (x.from == id) return "the cross-reference at " + x.pos.str() + " is made by it";
  return {};
}

}  // namespace

Amendment parse_amendment(const Value& doc, const std::string& path, const Spec& base) {
  Fields top(doc, "amendment file");
  Amendment a;
  a.file = path;
  ErrorList errors;
  const Value& head = top.required("amendment");
  {
    Fields f(head, "amendment");
    errors.check([&] { a.id = f.string("id"); });
    const Value& cv = f.required("codex");
    a.codex = cv.as_string("codex");
    if (!base.codex(a.codex)) {
      std::string known;
      for (const auto& cx : base.codices()) known += (known.empty() ? "" : ", ") + cx.id;
      throw InputError(cv.pos(), "unknown codex '" + excerpt(a.codex) + "' (the codices: " + known + ")");
    }
    errors.check([&] { a.title = f.string("title"); });
    errors.check([&] { a.rationale = f.string("rationale"); });
    errors.check([&] { a.source = f.optional_string("source"); });
    if (const Value* rs = f.optional("rulesets")) {
      errors.check([&] {
        for (const Value& r : rs->as_list("rulesets"))
          errors.check([&] {
            const std::string& id = r.as_string("ruleset");
            if (!base.has_ruleset(id) || base.ruleset(id).codex != a.codex) {
              std::string known;
              for (const auto& x : base.codex(a.codex)->rulesets) known += (known.empty() ? "" : ", ") + x.id;
              throw InputError(r.pos(), "unknown ruleset '" + excerpt(id) + "' of codex " + a.codex + " (its rulesets: " + known + ")");
            }
            a.rulesets.push_back(id);
          });
      });
    }
    errors.check([&] { f.done(); });
  }
  const Codex& cx = *base.codex(a.codex);
  if (a.rulesets.empty())
    for (const auto& r : cx.rulesets) a.rulesets.push_back(r.id);

  if (const Value* pm = top.optional("params"))
    errors.check([&] {
      for (const auto& e : pm->as_map("params"))
        errors.check([&] {
          const ParamDecl* decl = cx.param(e.key);
          if (!decl) throw InputError(e.key_pos, "undeclared param '" + excerpt(e.key) + "' of codex " + cx.id + " (see rulespec amend --template " + cx.id + ")");
          check_param_value(*decl, e.value);
          a.params.emplace_back(e.key, e.value);
        });
    });
  if (const Value* rm = top.optional("remove_clauses"))
    errors.check([&] {
      for (const Value& v : rm->as_list("remove_clauses"))
        errors.check([&] {
          const std::string& id = v.as_string("clause id");
          if (!cx.clause(id)) throw InputError(v.pos(), "unknown clause id '" + excerpt(id) + "' of codex " + cx.id + did_you_mean(id, clause_ids(cx)));
          a.remove_clauses.emplace_back(id, v.pos());
        });
      // A pair, not a structured binding: clang 14 (make fuzz) cannot capture bindings in a lambda.
      for (const auto& removed : a.remove_clauses)
        errors.check([&] {
          const auto& [id, pos] = removed;
          const std::string where = still_named(cx, id, a.remove_clauses);
          if (!where.empty()) throw InputError(pos, "cannot remove clause " + id + ": " + where + "; remove or replace that too");
        });
    });
  if (const Value* rp = top.optional("replace_clauses"))
    errors.check([&] {
      for (const Value& v : rp->as_list("replace_clauses"))
        errors.check([&] {
          const Value* id = v.find("id");
          if (!id) throw InputError(v.pos(), "replace_clauses: each entry needs the 'id' it replaces");
          if (!cx.clause(id->as_string("clause id")))
            throw InputError(id->pos(), "unknown clause id '" + excerpt(id->as_string()) + "' of codex " + cx.id + did_you_mean(id->as_string(), clause_ids(cx)));
          a.replace_clauses.push_back(v);
        });
    });
  if (const Value* ad = top.optional("add_clauses"))
    errors.check([&] {
      for (const Value& v : ad->as_list("add_clauses")) errors.check([&] {
          parse_clause(v, cx.id);
          a.add_clauses.push_back(v);
        });
    });
  if (const Value* ar = top.optional("add_readings"))
    errors.check([&] {
      for (const Value& v : ar->as_list("add_readings"))
        errors.check([&] {
          Fields f(v, "add_readings entry");
          const Value& cid = f.required("clause");
          if (!cx.clause(cid.as_string("clause")))
            throw InputError(cid.pos(), "unknown clause id '" + excerpt(cid.as_string()) + "' of codex " + cx.id + did_you_mean(cid.as_string(), clause_ids(cx)));
          Value reading = Value::map(v.pos());
          for (const char* key : {"id", "statement", "source", "unusual", "proposal", "equivalent_to"})
            if (const Value* x = f.optional(key)) reading.set(key, *x);
          f.done();
          a.add_readings.emplace_back(cid.as_string(), reading);
        });
    });
  if (const Value* dt = top.optional("decisions"))
    errors.check([&] {
      for (const Value& v : dt->as_list("decisions"))
        errors.check([&] {
          Fields f(v, "decisions entry");
          const Value& id = f.required("id");
          const auto table = std::find_if(cx.decisions.begin(), cx.decisions.end(), [&](const DecisionTable& t) { return t.id == id.as_string("table id"); });
          if (table == cx.decisions.end()) {
            std::vector<std::string> known;
            for (const auto& t : cx.decisions) known.push_back(t.id);
            throw InputError(id.pos(), "codex " + cx.id + " has no decision table '" + excerpt(id.as_string()) + "'" + did_you_mean(id.as_string(), known));
          }
          std::set<std::string> rows;
          for (const auto& r : table->rows) rows.insert(r.id);
          for (const char* key : {"replace_rows", "remove_rows"})
            if (const Value* list = f.optional(key))
              for (const Value& r : list->as_list(key)) {
                const Value& rid = r.is_map() && r.find("id") ? *r.find("id") : r;
                if (!rows.count(rid.as_string("row id")))
                  throw InputError(rid.pos(), std::string(key) + ": table " + table->id + " has no row '" + excerpt(rid.as_string()) + "'" +
                                                  did_you_mean(rid.as_string(), std::vector<std::string>(rows.begin(), rows.end())));
              }
          if (const Value* list = f.optional("add_rows"))
            for (const Value& r : list->as_list("add_rows"))
              if (const Value* rid = r.find("id"); rid && rows.count(rid->as_string("row id")))
                throw InputError(rid->pos(), "add_rows: table " + table->id + " already has a row '" + rid->as_string() + "' (replace_rows changes it)");
          // New values of enum inputs: {input: [value, ...]}, for rows to decide.
          if (const Value* added = f.optional("add_values"))
            for (const auto& e : added->as_map("add_values")) {
              const auto in = std::find_if(table->inputs.begin(), table->inputs.end(), [&](const DecisionInput& i) { return i.name == e.key; });
              if (in == table->inputs.end()) {
                std::vector<std::string> names;
                for (const auto& i : table->inputs) names.push_back(i.name);
                throw InputError(e.key_pos, "add_values: table " + table->id + " has no input '" + excerpt(e.key) + "'" + did_you_mean(e.key, names));
              }
              if (in->values.empty() || in->from_ruleset())
                throw InputError(e.key_pos, "add_values: input " + in->name + " is not an enum input of its own (" +
                                                (in->values.empty()        ? "an integer range"
                                                 : !in->param.empty() ? "the declared values of param " + in->param
                                                                      : "the readings of " + in->reading) +
                                                ")");
              for (const Value& x : e.value.as_list("values")) {
                const std::string& value = x.as_string("input value");
                if (std::find(in->values.begin(), in->values.end(), value) != in->values.end())
                  throw InputError(x.pos(), "add_values: input " + in->name + " already has the value '" + value + "'");
              }
            }
          f.optional("policy");
          f.optional("order");
          f.done();
          a.decisions.push_back(v);
        });
    });
  if (const Value* rd = top.optional("readings"))
    errors.check([&] {
      for (const auto& e : rd->as_map("readings"))
        errors.check([&] {
          const std::string& rid = e.value.as_string("reading");
          const Clause* c = cx.clause(e.key);
          if (!c) throw InputError(e.key_pos, "unknown clause id '" + excerpt(e.key) + "' of codex " + cx.id + did_you_mean(e.key, clause_ids(cx)));
          const bool added = std::any_of(a.add_readings.begin(), a.add_readings.end(), [&](const auto& r) {
            return r.first == e.key && r.second.find("id") && r.second.find("id")->is_string() && r.second.find("id")->as_string() == rid;
          });
          if (!c->reading(rid) && !added) {
            std::string known;
            for (const auto& r : c->readings) known += (known.empty() ? "" : ", ") + r.id;
            throw InputError(e.value.pos(), "clause " + e.key + " has no reading '" + excerpt(rid) + "'" +
                                                (known.empty() ? " (it has no readings; add one with add_readings)" : " (its readings: " + known + ")"));
          }
          a.readings.emplace_back(e.key, rid);
        });
    });
  errors.check([&] { top.done(); });
  errors.throw_if_any();
  // Resolve everything once so that errors surface at load time with positions; an error found in
  // a catalog because of this amendment is reported at the amendment.
  try {
    apply_amendment(base, a);
  } catch (const InputError& e) {
    if (e.pos().file && *e.pos().file == path) throw;
    throw InputError(head.pos(), "amendment " + a.id + " makes the spec inconsistent: " + e.message() + " (at " +
                                     e.pos().str() + ")");
  }
  return a;
}

Spec apply_amendment(const Spec& base, const Amendment& a) {
  Spec out = base;
  Codex& cx = codex_of(out, a.codex);
  for (const auto& removal : a.remove_clauses) {
    const std::string& id = removal.first;  // named, not a structured binding: lambdas capture it
    auto it = std::find_if(cx.clauses.begin(), cx.clauses.end(), [&](const Clause& c) { return c.id == id; });
    if (it != cx.clauses.end()) cx.clauses.erase(it);
    cx.removed_clauses.push_back(id);
    for (auto& rs : cx.rulesets)
      rs.readings.erase(std::remove_if(rs.readings.begin(), rs.readings.end(), [&](const auto& r) { return r.first == id; }),
                        rs.readings.end());
  }
  for (const Value& patch : a.replace_clauses) {
    Clause* c = cx.clause(patch.find("id")->as_string());
    if (!c) throw InputError(patch.pos(), "clause '" + patch.find("id")->as_string() + "' was removed by this amendment");
    const std::string before = c->statement;
    *c = parse_clause(overlay(c->node, patch), cx.id);
    reread_crossrefs(cx, c->id, before, c->statement);
  }
  for (const auto& [clause_id, reading] : a.add_readings) {
    Clause* c = cx.clause(clause_id);
    if (!c) throw InputError(reading.pos(), "clause '" + clause_id + "' was removed by this amendment");
    Value node = c->node;
    Value readings = node.find("readings") ? *node.find("readings") : Value::list();
    readings.push(reading);
    node.set("readings", readings);
    if (readings.as_list().size() == 1) throw InputError(reading.pos(), "a clause with readings needs at least two; add both");
    *c = parse_clause(node, cx.id);
  }
  for (const Value& v : a.add_clauses) {
    Clause c = parse_clause(v, cx.id);
    if (cx.clause(c.id)) throw InputError(v.pos(), "clause id '" + c.id + "' already exists");
    std::erase(cx.removed_clauses, c.id);  // removed and written anew: the new clause is what applies
    cx.clauses.push_back(std::move(c));
  }
  for (const Value& change : a.decisions) {
    const std::string& id = change.find("id")->as_string();
    auto t = std::find_if(cx.decisions.begin(), cx.decisions.end(), [&](const DecisionTable& x) { return x.id == id; });
    if (t == cx.decisions.end()) throw InputError(change.pos(), "decision table '" + id + "' is not in codex " + cx.id);
    Value node = t->node;
    for (const char* key : {"policy", "order"})
      if (const Value* x = change.find(key)) node.set(key, *x);
    if (const Value* added = change.find("add_values")) {
      Value inputs = Value::list();
      for (Value in : node.find("inputs")->as_list()) {
        if (const Value* more = added->find(in.find("name")->as_string())) {
          Value values = *in.find("values");
          for (const Value& x : more->as_list()) values.push(x);
          in.set("values", values);
        }
        inputs.push(in);
      }
      node.set("inputs", inputs);
    }
    // The rows: removed and replaced by id, added at the end (under policy first, order matters).
    std::set<std::string> removed;
    if (const Value* list = change.find("remove_rows"))
      for (const Value& r : list->as_list("remove_rows")) removed.insert(r.as_string("row id"));
    std::map<std::string, Value> replacing;
    if (const Value* list = change.find("replace_rows"))
      for (const Value& r : list->as_list("replace_rows")) replacing[r.find("id")->as_string("row id")] = r;
    Value rows = Value::list();
    for (const Value& r : node.find("rows")->as_list()) {
      const std::string rid = r.find("id")->as_string();
      if (removed.count(rid)) continue;
      rows.push(replacing.count(rid) ? replacing.at(rid) : r);
    }
    if (const Value* list = change.find("add_rows"))
      for (const Value& r : list->as_list("add_rows")) rows.push(r);
    node.set("rows", rows);
    // A judgement of a removed row has nothing left to judge.
    if (const Value* judged = node.find("judged")) {
      Value kept = Value::list();
      for (const Value& j : judged->as_list()) {
        bool names_removed = false;
        if (const Value* jr = j.find("rows"))
          for (const Value& r : jr->as_list()) names_removed = names_removed || removed.count(r.as_string());
        if (!names_removed) kept.push(j);
      }
      node.set("judged", kept);
    }
    *t = parse_decision_table(node, cx);
    t->amended = true;
  }
  for (auto& rs : cx.rulesets) {
    if (std::find(a.rulesets.begin(), a.rulesets.end(), rs.id) == a.rulesets.end()) continue;
    for (const auto& param : a.params) {
      const std::string& name = param.first;
      auto it = std::find_if(rs.params.begin(), rs.params.end(), [&](const auto& p) { return p.first == name; });
      if (it != rs.params.end()) it->second = param.second;
      else rs.params.emplace_back(name, param.second);
    }
    for (const auto& choice : a.readings) {
      const std::string& clause_id = choice.first;
      auto it = std::find_if(rs.readings.begin(), rs.readings.end(), [&](const auto& r) { return r.first == clause_id; });
      if (it != rs.readings.end()) it->second = choice.second;
      else rs.readings.emplace_back(clause_id, choice.second);
    }
  }
  out.rebuild();
  return out;
}

}  // namespace rulespec
