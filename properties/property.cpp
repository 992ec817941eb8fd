#include "properties/property.hpp"

#include <rapidcheck/detail/Configuration.h>
#include <rapidcheck/detail/TestListener.h>

#include <memory>
#include <mutex>
#include <optional>
#include <sstream>

namespace rulespec {
namespace {

class SilentListener : public rc::detail::TestListener {
 public:
  int discarded = 0;
  void onTestCaseFinished(const rc::detail::CaseDescription& d) override {
    discarded += d.result.type == rc::detail::CaseResult::Type::Discard;
  }
  void onShrinkTried(const rc::detail::CaseDescription&, bool) override {}
  void onTestFinished(const rc::detail::TestMetadata&, const rc::detail::TestResult&) override {}
};

std::mutex witness_guard;
std::optional<Value> witness_slot;  // open while a failure is replayed for its witness

}  // namespace

void show_witness(Value v) {
  std::lock_guard<std::mutex> lock(witness_guard);
  if (witness_slot) *witness_slot = std::move(v);
}

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
  // Building the property reads the ruleset; a setting no model executes fails it here.
  std::optional<rc::detail::Property> property;
  try {
    property.emplace(p.make(spec, rs));
  } catch (const std::exception& e) {
    out.failure = std::string("error: ") + e.what();
    return out;
  }
  const auto result = rc::detail::checkProperty(*property, meta, params, listener, reproduce_map);
  out.discarded = listener.discarded;
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
    // The shrunk counterexample once more, alone, to catch what it shows.
    {
      std::lock_guard<std::mutex> lock(witness_guard);
      witness_slot = Value();
    }
    SilentListener quiet;
    rc::detail::checkProperty(*property, meta, params, quiet, config.reproduce);
    std::lock_guard<std::mutex> lock(witness_guard);
    out.witness = std::move(*witness_slot);
    witness_slot.reset();
  } else if (result.is<rc::detail::GaveUpResult>()) {
    const auto* gave_up = &result.get<rc::detail::GaveUpResult>();
    out.runs = gave_up->numSuccess;
    out.gave_up = true;
    out.failure = "gave up after " + std::to_string(gave_up->numSuccess) + " runs: its precondition discarded " +
                  std::to_string(out.discarded) + " generated situations";
  } else if (result.is<rc::detail::Error>()) {
    const auto* err = &result.get<rc::detail::Error>();
    out.failure = "error: " + err->description;
  }
  return out;
}

std::string PropertyOutcome::status() const {
  if (!pass) return gave_up ? "gave up" : "fails";
  if (!switches_read) return "holds (not measured)";
  for (const auto& [clause, n] : decisive_samples)
    if (n > 0) return "holds";
  return "vacuous";
}

int decisive_sample_count(const Spec& spec, const PropertyInfo& p, const Ruleset& rs, std::uint64_t seed, int runs,
                          const std::string& clause) {
  ClauseSwitchedOff off(clause);
  std::optional<rc::detail::Property> property;
  try {
    property.emplace(p.make(spec, rs));
  } catch (const std::exception&) {
    return 0;  // no property to run without the clause: nothing shown
  }
  // Every failure counted and turned into a success, so that all the samples run unshrunk.
  auto failures = std::make_shared<int>(0);
  const rc::detail::Property counting = rc::gen::map(*property, [failures](rc::detail::CaseDescription d) {
    if (d.result.type == rc::detail::CaseResult::Type::Failure) {
      ++*failures;
      d.result.type = rc::detail::CaseResult::Type::Success;
    }
    return d;
  });
  rc::detail::TestMetadata meta;
  meta.id = p.id + "@" + rs.id + "-without-" + clause;
  rc::detail::TestParams params;
  params.seed = seed;
  params.maxSuccess = runs;
  params.maxSize = 100;
  SilentListener listener;
  try {
    rc::detail::checkProperty(counting, meta, params, listener, {});
  } catch (const std::exception&) {
    // A model that cannot run without the clause shows nothing either way.
  }
  return *failures;
}

std::string reproduce_command(const PropertyOutcome& o) {
  std::string cmd = "rulespec property " + o.id + " --ruleset " + o.ruleset + " --seed " + std::to_string(o.seed);
  if (!o.reproduce.empty()) cmd += " --reproduce '" + o.reproduce + "'";
  return cmd;
}

}  // namespace rulespec
