#include "properties/property.hpp"

#include <rapidcheck/detail/Configuration.h>
#include <rapidcheck/detail/TestListener.h>

#include <algorithm>
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

std::string why_not_applies(const Spec& spec, const PropertyInfo& p, const Ruleset& rs) {
  if (p.why_not) {
    std::string why = p.why_not(rs);
    if (!why.empty()) return why;
  }
  std::string under;
  for (const auto& other : spec.rulesets())
    if (p.applies(other)) under += (under.empty() ? "" : ", ") + other.id;
  return under.empty() ? "no ruleset of this catalog is one it speaks about" : "it speaks about " + under;
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
    out.assertion = os.str();
    out.failure = failure_in_rules_terms(fail->description);
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

void rules_require(bool holds, const std::string& meaning) {
  if (!holds) throw rc::detail::CaseResult(rc::detail::CaseResult::Type::Failure, meaning);
}

std::string failure_in_rules_terms(const std::string& description) {
  const bool source_text = description.find("RC_") != std::string::npos || description.find("Expands to") != std::string::npos ||
                           description.find(".cpp:") != std::string::npos || description.find(".h:") != std::string::npos;
  if (!source_text) return description;
  // RC_FAIL("message") prints its place, the macro, then the message after a blank line.
  if (description.find("RC_FAIL") != std::string::npos) {
    const auto blank = description.find("\n\n");
    if (blank != std::string::npos) {
      std::string message = description.substr(blank + 2);
      while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) message.pop_back();
      if (!message.empty() && message.find("Expands to") == std::string::npos) return message;
    }
  }
  return "its check fails on the counterexample shown";
}

std::string PropertyOutcome::status() const {
  if (!pass) return gave_up ? "gave up" : "fails";
  if (!switches_read) return "holds (not measured)";
  for (const auto& [clause, n] : decisive_samples)
    if (n > 0) return "holds";
  return "vacuous";
}

namespace {

// What one sample did: failed, and the answers it noted.
struct SampleRecord {
  bool failed = false;
  std::string answers;
};

thread_local std::string* answer_sink = nullptr;  // open while samples are recorded

// The first `runs` samples of `p` under `rs` (built and run under the switches now in force), each
// run to the end: failures recorded, not shrunk. Empty when the property cannot be built.
std::vector<SampleRecord> record_samples(const Spec& spec, const PropertyInfo& p, const Ruleset& rs, std::uint64_t seed,
                                         int runs, const std::string& label) {
  std::optional<rc::detail::Property> property;
  try {
    property.emplace(p.make(spec, rs));
  } catch (const std::exception&) {
    return {};  // no property to run: nothing shown
  }
  auto records = std::make_shared<std::vector<SampleRecord>>();
  auto sink = std::make_shared<std::string>();
  const rc::detail::Property recording = rc::gen::map(*property, [records, sink](rc::detail::CaseDescription d) {
    records->push_back({d.result.type == rc::detail::CaseResult::Type::Failure, std::move(*sink)});
    sink->clear();
    if (d.result.type == rc::detail::CaseResult::Type::Failure) d.result.type = rc::detail::CaseResult::Type::Success;
    return d;
  });
  rc::detail::TestMetadata meta;
  meta.id = p.id + "@" + rs.id + label;
  rc::detail::TestParams params;
  params.seed = seed;
  params.maxSuccess = runs;
  params.maxSize = 100;
  SilentListener listener;
  std::string* outer = answer_sink;
  answer_sink = sink.get();
  try {
    rc::detail::checkProperty(recording, meta, params, listener, {});
  } catch (const std::exception&) {
    // A model that cannot run without the clause shows nothing either way.
  }
  answer_sink = outer;
  return std::move(*records);
}

}  // namespace

void note_answer(std::string answer) {
  if (!answer_sink) return;
  *answer_sink += answer;
  *answer_sink += '\n';
}

std::map<std::string, int> decisive_sample_counts(const Spec& spec, const PropertyInfo& p, const Ruleset& rs,
                                                  std::uint64_t seed, int runs, const std::vector<std::string>& clauses) {
  std::map<std::string, int> out;
  if (clauses.empty()) return out;
  const auto with = record_samples(spec, p, rs, seed, runs, "");
  for (const auto& clause : clauses) {
    ClauseSwitchedOff off(clause);
    const auto without = record_samples(spec, p, rs, seed, runs, "-without-" + clause);
    int decisive = 0;
    for (std::size_t i = 0; i < without.size(); ++i)
      decisive += without[i].failed || (i < with.size() && !with[i].failed && without[i].answers != with[i].answers);
    out[clause] = decisive;
  }
  return out;
}

int decisive_sample_count(const Spec& spec, const PropertyInfo& p, const Ruleset& rs, std::uint64_t seed, int runs,
                          const std::string& clause) {
  return decisive_sample_counts(spec, p, rs, seed, runs, {clause})[clause];
}

void measure_decisive(const Spec& spec, const PropertyInfo& p, const Ruleset& rs, const std::set<std::string>& reads,
                      PropertyOutcome& o) {
  o.decisive_runs = std::min(kDecisiveRuns, o.runs);
  std::vector<std::string> own;
  const std::string prefix = "switch:";
  for (const auto& key : reads) {
    if (key.rfind(prefix, 0) != 0) continue;
    const std::string clause = key.substr(prefix.size());
    if (std::find(p.clauses.begin(), p.clauses.end(), clause) != p.clauses.end()) own.push_back(clause);
  }
  o.switches_read = !own.empty();
  if (o.pass) o.decisive_samples = decisive_sample_counts(spec, p, rs, o.seed, o.decisive_runs, own);
}

std::string decisive_summary(const PropertyOutcome& o) {
  std::string s = o.status();
  if (!o.pass || !o.switches_read) return s;
  s += " (of its first " + std::to_string(o.decisive_runs) + " samples, decided by";
  bool first = true;
  for (const auto& [clause, n] : o.decisive_samples) {
    s += std::string(first ? " " : ", ") + clause + " " + std::to_string(n);
    first = false;
  }
  return s + ")";
}

std::string reproduce_command(const PropertyOutcome& o) {
  std::string cmd = "rulespec property " + o.id + " --ruleset " + o.ruleset + " --seed " + std::to_string(o.seed);
  if (!o.reproduce.empty()) cmd += " --reproduce '" + o.reproduce + "'";
  return cmd;
}

}  // namespace rulespec
