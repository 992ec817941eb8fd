#include "spec/tables.hpp"

#include <algorithm>

namespace rulespec {

std::string ParamBound::text() const {
  if (param.empty()) return "";
  return offset == 0 ? param : param + (offset < 0 ? " - " : " + ") + std::to_string(std::abs(offset));
}

namespace {

void resolve_conditions(std::vector<DecisionCondition>& when, const std::vector<DecisionInput>& inputs, const Ruleset& rs) {
  for (auto& c : when) {
    if (c.min_param.param.empty() && c.max_param.param.empty()) continue;
    const auto in = std::find_if(inputs.begin(), inputs.end(), [&](const DecisionInput& i) { return i.name == c.input; });
    auto value = [&](const ParamBound& b, int current) {
      // A ruleset without the param reads the table as the first ruleset that sets it.
      if (b.param.empty() || !rs.has_param(b.param)) return current;
      const auto v = rs.int_param(b.param) + b.offset;
      return static_cast<int>(std::clamp<std::int64_t>(v, in->min - 1, in->max + 1));
    };
    c.min = value(c.min_param, c.min);
    c.max = value(c.max_param, c.max);
    // Outside the input's range a bound matches nothing beyond it; an empty range stays empty.
    if (c.min > c.max) {
      c.min = in->max;
      c.max = in->max - 1;
      continue;
    }
    c.min = std::max(c.min, in->min);
    c.max = std::min(c.max, in->max);
  }
}

}  // namespace

void resolve_in_place(DecisionTable& t, const Ruleset& rs) {
  for (auto& row : t.rows) {
    resolve_conditions(row.when, t.inputs, rs);
    if (!row.outcome_param.empty() && rs.has_param(row.outcome_param))
      for (const auto& [value, outcome] : row.outcome_by_value)
        if (rs.is(row.outcome_param, value)) row.outcome = outcome;
  }
  for (auto& j : t.judged) resolve_conditions(j.when, t.inputs, rs);
}

std::string ruleset_input_value(const DecisionInput& in, const Ruleset& rs) {
  if (!in.reading.empty()) return rs.reading(in.reading);
  if (in.param.empty()) return "";
  const Value& v = rs.param(in.param);
  return v.kind() == Value::Kind::Bool ? (v.as_bool(in.param) ? "true" : "false") : v.as_string(in.param);
}

std::vector<std::string> table_params(const DecisionTable& t) {
  std::vector<std::string> out;
  auto add = [&](const std::string& p) {
    if (!p.empty() && std::find(out.begin(), out.end(), p) == out.end()) out.push_back(p);
  };
  auto add_conditions = [&](const std::vector<DecisionCondition>& when) {
    for (const auto& c : when) add(c.min_param.param), add(c.max_param.param);
  };
  for (const auto& r : t.rows) add_conditions(r.when), add(r.outcome_param);
  for (const auto& j : t.judged) add_conditions(j.when);
  return out;
}

DecisionTable resolved_for(const DecisionTable& t, const Ruleset& rs) {
  DecisionTable out = t;
  resolve_in_place(out, rs);
  return out;
}

std::string condition_text(const DecisionCondition& c) {
  std::string v;
  if (!c.values.empty()) {
    for (const auto& x : c.values) v += (v.empty() ? "" : " or ") + x;
  } else {
    const std::string lo = c.min_param.param.empty() ? std::to_string(c.min) : c.min_param.text();
    const std::string hi = c.max_param.param.empty() ? std::to_string(c.max) : c.max_param.text();
    v = lo == hi ? lo : lo + ".." + hi;
  }
  return c.input + " = " + v;
}

std::string outcome_text(const DecisionRow& r) {
  if (r.outcome_param.empty()) return r.outcome;
  std::string out;
  for (const auto& [value, outcome] : r.outcome_by_value) out += (out.empty() ? "" : ", ") + value + ": " + outcome;
  return "by " + r.outcome_param + " (" + out + ")";
}

bool conditions_hold(const std::vector<DecisionCondition>& when, const WrittenCombination& at) {
  return std::all_of(when.begin(), when.end(), [&](const DecisionCondition& c) {
    const auto& [value, number] = at.at(c.input);
    if (!c.values.empty()) return std::find(c.values.begin(), c.values.end(), value) != c.values.end();
    return number >= c.min && number <= c.max;
  });
}

}  // namespace rulespec
