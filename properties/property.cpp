#include "properties/property.hpp"

#include <rapidcheck/detail/Configuration.h>
#include <rapidcheck/detail/TestListener.h>

#include <sstream>

namespace rulespec {
namespace {

class SilentListener : public rc::detail::TestListener {
 public:
  void onTestCaseFinished(const rc::detail::CaseDescription&) override {}
  void onShrinkTried(const rc::detail::CaseDescription&, bool) override {}
  void onTestFinished(const rc::detail::TestMetadata&, const rc::detail::TestResult&) override {}
};

}  // namespace

const std::vector<PropertyInfo>& properties() {
  static const std::vector<PropertyInfo> all = [] {
    std::vector<PropertyInfo> p;
    register_ing_properties(p);
    register_jishogi_properties(p);
    register_ru1985_properties(p);
    register_go_board_properties(p);
    register_renju_properties(p);
    register_shogi_properties(p);
    register_xiangqi_loop_properties(p);
    return p;
  }();
  return all;
}

const PropertyInfo* find_property(std::string_view id) {
  for (const auto& p : properties())
    if (p.id == id) return &p;
  return nullptr;
}

std::function<bool(const Ruleset&)> codex_is(std::string codex) {
  return [codex](const Ruleset& rs) { return rs.codex == codex; };
}

PropertyOutcome run_property(const Spec& spec, const PropertyInfo& p, const Ruleset& rs, std::uint64_t seed,
                             int runs, const std::string& reproduce) {
  PropertyOutcome out;
  out.id = p.id;
  out.ruleset = rs.id;
  out.clauses = p.clauses;
  out.seed = seed;
  rc::detail::TestMetadata meta;
  meta.id = p.id + "@" + rs.id;
  meta.description = p.summary;
  rc::detail::TestParams params;
  params.seed = seed;
  params.maxSuccess = runs;
  params.maxSize = 100;
  std::unordered_map<std::string, rc::detail::Reproduce> reproduce_map;
  if (!reproduce.empty()) {
    auto config = rc::detail::configFromString("reproduce=" + reproduce);
    reproduce_map = config.reproduce;
  }
  SilentListener listener;
  const auto result = rc::detail::checkProperty(p.make(spec, rs), meta, params, listener, reproduce_map);
  if (result.is<rc::detail::SuccessResult>()) {
    const auto* ok = &result.get<rc::detail::SuccessResult>();
    out.pass = true;
    out.runs = ok->numSuccess;
  } else if (result.is<rc::detail::FailureResult>()) {
    const auto* fail = &result.get<rc::detail::FailureResult>();
    out.runs = fail->numSuccess + 1;
    std::ostringstream os;
    os << fail->description;
    for (const auto& [type, value] : fail->counterExample) os << "; " << type << " = " << value;
    out.failure = os.str();
    rc::detail::Configuration config;
    config.reproduce[meta.id] = fail->reproduce;
    std::string token = rc::detail::configToMinimalString(config);
    const std::string prefix = "reproduce=";
    out.reproduce = token.rfind(prefix, 0) == 0 ? token.substr(prefix.size()) : token;
  } else if (result.is<rc::detail::GaveUpResult>()) {
    const auto* gave_up = &result.get<rc::detail::GaveUpResult>();
    out.runs = gave_up->numSuccess;
    out.failure = "gave up: " + gave_up->description;
  } else if (result.is<rc::detail::Error>()) {
    const auto* err = &result.get<rc::detail::Error>();
    out.failure = "error: " + err->description;
  }
  return out;
}

std::string reproduce_command(const PropertyOutcome& o) {
  std::string cmd = "rulespec property " + o.id + " --ruleset " + o.ruleset + " --seed " + std::to_string(o.seed);
  if (!o.reproduce.empty()) cmd += " --reproduce '" + o.reproduce + "'";
  return cmd;
}

}  // namespace rulespec
