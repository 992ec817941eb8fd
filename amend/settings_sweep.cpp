#include "amend/settings_sweep.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "suite/suite_io.hpp"
#include "spec/amendment.hpp"
#include "spec/reads.hpp"

namespace rulespec {

const char* to_string(SettingCheck::Status s) {
  switch (s) {
    case SettingCheck::Status::Honoured: return "honoured";
    case SettingCheck::Status::Fixed: return "fixed";
    case SettingCheck::Status::Refused: return "refused";
    case SettingCheck::Status::Equivalent: return "equivalent";
    case SettingCheck::Status::Silent: return "SILENT";
    case SettingCheck::Status::EquivalenceBroken: return "EQUIVALENCE BROKEN";
    case SettingCheck::Status::Untried: return "untried";
  }
  return "";
}

namespace {

// An outcome as comparable text, without what it read.
std::string signature(const ItemOutcome& o) {
  Json j = outcome_to_json(o);
  j.erase("reads");
  return j.dump();
}

struct BaseRun {
  std::vector<SuiteItem> plan;
  std::vector<ItemOutcome> outcomes;
  std::map<std::string, std::size_t> index;
  std::vector<std::string> signatures;
};

// A value of one setting in one ruleset (and those built on it).
struct Variant {
  std::string ruleset, param, clause;  // param or clause
  Value value;                         // a param's value
  std::string reading;                 // a clause's reading
};

Spec apply_variant(const Spec& base, const std::string& codex, const Variant& v) {
  Amendment a;
  a.id = "sweep";
  a.codex = codex;
  a.rulesets = {v.ruleset};
  if (!v.param.empty()) a.params.emplace_back(v.param, v.value);
  else a.readings.emplace_back(v.clause, v.reading);
  return apply_amendment(base, a);
}

// The first item whose outcome differs between `left` (null: the base run) and `right`, as
// "ITEM-KEY under RULESET"; "" when none does.
std::string first_change(const Spec& base, const BaseRun& run, const Spec* left, const Spec& right, const std::vector<Case>& cases,
                         const SuiteOptions& opt) {
  std::set<std::string> changed = changed_keys(base, right);
  if (left) {
    const auto more = changed_keys(base, *left);
    changed.insert(more.begin(), more.end());
  }
  if (changed.empty()) return {};
  auto plan_keys = [](const std::vector<SuiteItem>& plan) {
    std::set<std::string> keys;
    for (const auto& i : plan) keys.insert(i.key);
    return keys;
  };
  const auto right_plan = plan_suite(right, cases, opt);
  const auto left_plan = left ? plan_suite(*left, cases, opt) : run.plan;
  const auto rk = plan_keys(right_plan), lk = plan_keys(left_plan);
  for (const auto& k : rk)
    if (!lk.count(k)) return k + " applies only with the new value";
  for (const auto& k : lk)
    if (!rk.count(k)) return k + " no longer applies";
  // Cheap items first: a change is usually found among the cases. An analysis is not asked: a
  // setting it only prints (a side-by-side comparison of the codices) is not executed by that.
  std::vector<std::size_t> order;
  for (auto kind : {SuiteItem::Kind::Case, SuiteItem::Kind::Property})
    for (std::size_t i = 0; i < right_plan.size(); ++i)
      if (right_plan[i].kind == kind) order.push_back(i);
  for (std::size_t i : order) {
    const SuiteItem& item = right_plan[i];
    const std::size_t b = run.index.at(item.key);
    if (!reaches(run.outcomes[b].reads, changed)) continue;
    const std::string after = signature(run_item(right, cases, opt, item));
    std::string before = run.signatures[b];
    if (left) {
      const auto l = std::find_if(left_plan.begin(), left_plan.end(), [&](const SuiteItem& x) { return x.key == item.key; });
      before = signature(run_item(*left, cases, opt, *l));
    }
    if (before != after) return item.key;
  }
  return {};
}

std::string text(const Value& v) {
  if (v.is_numeric()) return Value::number(v.as_number()).dump();  // 8 and 8.0 are one value
  return v.is_string() ? v.as_string() : v.dump();
}

}  // namespace

std::vector<SettingCheck> sweep_settings(const Spec& spec, const std::vector<Case>& cases, SuiteOptions opt, const std::string& codex) {
  std::vector<SettingCheck> out;
  opt.engines = false;
  opt.decisive = false;  // a setting's effect is what is compared, not the clauses' switches
  for (const Codex& cx : spec.codices()) {
    if (!codex.empty() && cx.id != codex) continue;
    opt.codex = cx.id;
    opt.record_reads = true;
    BaseRun run;
    run.plan = plan_suite(spec, cases, opt);
    std::vector<std::size_t> all(run.plan.size());
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
    run.outcomes = run_items(spec, cases, opt, run.plan, all);
    for (std::size_t i = 0; i < run.plan.size(); ++i) {
      run.index[run.plan[i].key] = i;
      run.signatures.push_back(signature(run.outcomes[i]));
    }
    SuiteOptions serial = opt;
    serial.jobs = 1;
    serial.record_reads = false;

    // One setting: its values, what the rulesets take now, and its declared equivalences.
    auto sweep = [&](const std::string& label, const std::vector<std::string>& values,
                     const std::function<std::string(const Ruleset&)>& taken, const std::function<Variant(const std::string&, const std::string&)>& make,
                     const std::map<std::string, std::string>& equivalent) {
      std::map<std::string, std::string> honoured;  // value -> evidence
      std::map<std::string, std::string> refused;   // value -> why a ruleset refused it
      for (const auto& rs : cx.rulesets) {
        const std::string now = taken(spec.ruleset(rs.id));
        if (now.empty()) continue;
        for (const auto& v : values) {
          if (v == now || honoured.count(v) || equivalent.count(v)) continue;
          std::optional<Spec> variant;
          try {
            variant.emplace(apply_variant(spec, cx.id, make(rs.id, v)));
          } catch (const InputError& e) {
            refused.emplace(v, rs.id + " refuses it: " + e.message());
            continue;
          }
          const std::string change = first_change(spec, run, nullptr, *variant, cases, serial);
          if (change.empty()) continue;
          const std::string evidence = rs.id + ": " + now + " -> " + v + " changes " + change;
          honoured.emplace(v, evidence);
          honoured.emplace(now, evidence);
        }
      }
      for (const auto& v : values) {
        SettingCheck c{cx.id, label + " = " + v};
        if (auto eq = equivalent.find(v); eq != equivalent.end()) {
          // Declared equivalent: the two values must give the same outcomes wherever they are set.
          c.status = SettingCheck::Status::Equivalent;
          c.evidence = "executed as " + eq->second;
          for (const auto& rs : cx.rulesets) {
            if (taken(spec.ruleset(rs.id)).empty()) continue;
            std::optional<Spec> a, b;
            try {
              a.emplace(apply_variant(spec, cx.id, make(rs.id, v)));
              b.emplace(apply_variant(spec, cx.id, make(rs.id, eq->second)));
            } catch (const InputError&) {
              continue;  // a ruleset whose other choices fix the value: try the next
            }
            const std::string change = first_change(spec, run, &*b, *a, cases, serial);
            if (!change.empty()) {
              c.status = SettingCheck::Status::EquivalenceBroken;
              c.evidence = "declared equivalent to " + eq->second + ", yet under " + rs.id + " " + change + " differs";
            }
            break;
          }
        } else if (values.size() == 1) {
          c.status = SettingCheck::Status::Fixed;
          c.evidence = "the only value its declaration allows";
        } else if (auto h = honoured.find(v); h != honoured.end()) {
          c.status = SettingCheck::Status::Honoured;
          c.evidence = h->second;
        } else if (auto r = refused.find(v); r != refused.end()) {
          c.status = SettingCheck::Status::Refused;
          c.evidence = r->second;
        } else if (std::any_of(equivalent.begin(), equivalent.end(), [&](const auto& e) { return e.second == v; }) &&
                   std::all_of(values.begin(), values.end(), [&](const std::string& w) { return w == v || equivalent.count(w); })) {
          // Every other value is declared to be executed as this one: the setting is declared inert.
          c.status = SettingCheck::Status::Equivalent;
          c.evidence = "every other value is declared equivalent to it";
        } else {
          c.status = SettingCheck::Status::Silent;
          c.evidence = "no outcome of " + cx.id + " changes when a ruleset takes it instead of another value";
        }
        out.push_back(std::move(c));
      }
    };

    for (const ParamDecl& p : cx.params) {
      std::vector<std::string> values;
      for (const Value& v : p.declared_values()) values.push_back(text(v));
      std::map<std::string, std::string> eq;
      for (const auto& [from, e] : p.equivalent) eq[from] = e.to;
      const ParamDecl* decl = &p;
      sweep(
          "param " + p.id, values,
          [decl](const Ruleset& rs) { return rs.all_params().count(decl->id) ? text(rs.all_params().at(decl->id)) : std::string(); },
          [decl, &cx](const std::string& rs, const std::string& v) {
            Variant x{rs, decl->id, "", Value::string(v), ""};
            if (decl->type == "bool") x.value = Value::boolean(v == "true");
            if (decl->type == "int") x.value = Value::integer(std::stoll(v));
            if (decl->type == "number") x.value = Value::number(std::stod(v));
            (void)cx;
            return x;
          },
          eq);
    }
    for (const Clause& c : cx.clauses) {
      if (c.readings.empty()) continue;
      std::vector<std::string> values;
      std::map<std::string, std::string> eq;
      for (const auto& r : c.readings) {
        values.push_back(r.id);
        if (r.equivalent_to) eq[r.id] = r.equivalent_to->to;
      }
      const std::string id = c.id;
      sweep(
          "reading of " + c.id, values, [id](const Ruleset& rs) { return rs.reading(id); },
          [id](const std::string& rs, const std::string& r) { return Variant{rs, "", id, Value(), r}; }, eq);
    }
  }
  return out;
}

}  // namespace rulespec
