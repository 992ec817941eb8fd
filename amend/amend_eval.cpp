#include "amend/amend_eval.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <tuple>
#include <functional>
#include <map>
#include <set>

#include "amend/amend_words.hpp"
#include "reports/diagrams.hpp"
#include "reports/report.hpp"
#include "queries/switches.hpp"
#include "suite/suite_io.hpp"
#include "spec/parse_cache.hpp"
#include "spec/reads.hpp"

namespace rulespec {
namespace {

void diff_into(const Value& a, const Value& b, const std::string& path, std::vector<FieldChange>& out) {
  if (a == b) return;
  if (a.is_map() && b.is_map()) {
    std::vector<std::string> keys;
    for (const auto& e : a.as_map()) keys.push_back(e.key);
    for (const auto& e : b.as_map())
      if (!a.find(e.key)) keys.push_back(e.key);
    for (const auto& k : keys) {
      const Value* x = a.find(k);
      const Value* y = b.find(k);
      const std::string sub = path.empty() ? k : path + "." + k;
      if (x && y) diff_into(*x, *y, sub, out);
      else out.push_back({sub, x ? one_line(*x) : "(absent)", y ? one_line(*y) : "(absent)"});
    }
    return;
  }
  // Lists are shown whole: a move list or a point list reads better as one value than item by item.
  out.push_back({path.empty() ? "answer" : path, one_line(a), one_line(b)});
}

// "komi: 8 -> 7" for each param and reading a ruleset takes differently.
std::vector<std::string> ruleset_changes(const Ruleset& before, const Ruleset& after, const Codex& cx) {
  std::vector<std::string> out;
  std::set<std::string> names;
  for (const auto& [k, v] : before.all_params()) names.insert(k);
  for (const auto& [k, v] : after.all_params()) names.insert(k);
  for (const auto& n : names) {
    const Value* x = before.all_params().count(n) ? &before.all_params().at(n) : nullptr;
    const Value* y = after.all_params().count(n) ? &after.all_params().at(n) : nullptr;
    if (x && y && *x == *y) continue;
    out.push_back("param " + n + ": " + (x ? one_line(*x) : "(unset)") + " -> " + (y ? one_line(*y) : "(unset)"));
  }
  for (const auto& c : cx.clauses) {
    const std::string r0 = before.reading(c.id), r1 = after.reading(c.id);
    if (r0 != r1) out.push_back("reading of " + c.id + ": " + (r0.empty() ? "(none)" : r0) + " -> " + (r1.empty() ? "(none)" : r1));
  }
  return out;
}

AmendmentEvaluation::FindingChange finding_change(const Spec& spec, const Finding& f, const std::string& amendment_arg) {
  AmendmentEvaluation::FindingChange c{.id = f.id, .kind = f.kind, .severity = f.severity, .summary = f.summary};
  c.replay = "rulespec explain " + f.id + " --amendment " + amendment_arg;
  for (const auto& id : f.clauses) {
    const Clause* cl = spec.clause(id);
    c.clauses.emplace_back(id, cl ? cl->statement : std::string("(not in this spec)"));
  }
  return c;
}

bool unhandled_text(const std::string& s) { return s.find("unhandled value:") != std::string::npos; }

// What an item answered, without what it read or what it was decisive for: the cases' answers, the
// property's verdict and the analysis's findings.
std::string answers_of(const ItemOutcome& o) {
  std::string out;
  for (const auto& c : o.cases) out += c.ruleset + "=" + c.actual.dump() + ";";
  if (o.property) out += "property=" + std::to_string(o.property->pass) + o.property->failure + ";";
  if (o.analysis) {
    out += "analysis=" + std::to_string(o.analysis->ok) + o.analysis->detail;
    for (const auto& f : o.analysis->findings) out += "," + f.id + ":" + f.summary;
  }
  return out;
}

// Why an answer is no verdict at all: an error a model gives when it cannot answer (a missing
// opening procedure, a spent search budget, a ruleset lacking a param), as "code: message"; ""
// for an answer, an error that is a rule's verdict (an illegal move, a claim out of turn) included,
// and for a setting no model executes (listed apart).
std::string unanswerable(const Value& answer) {
  const Value* err = answer.find("error");
  if (!err) return {};
  const Value* code = err->find("code");
  const std::string c = code && code->is_string() ? code->as_string() : std::string();
  static const std::set<std::string> verdicts = {"illegal-move", "occupied", "illegal-claim", "claim-after-end", "out-of-turn", "unhandled-setting"};
  if (verdicts.count(c)) return {};
  const Value* message = err->find("message");
  return c + (message && message->is_string() ? ": " + message->as_string() : std::string());
}

// Items are matched across the two runs by key; `reads` of the base run say which can see the
// amendment.
struct Run {
  std::vector<SuiteItem> plan;
  std::vector<ItemOutcome> outcomes;
  SuiteResult result;
};

}  // namespace

std::vector<FieldChange> value_diff(const Value& before, const Value& after) {
  std::vector<FieldChange> out;
  diff_into(before, after, "", out);
  return out;
}

// Defined by the build (cmake/code_identity.cmake): a hash of the libraries that compute outcomes.
extern const char* const kCodeIdentity;

namespace {

SuiteOptions base_options(SuiteOptions opt, const std::string& codex) {
  opt.codex = codex;
  opt.engines = false;
  opt.record_reads = true;
  opt.decisive = false;  // an amendment compares two specs; what each case is decisive for is verify's
  return opt;
}

// The cache file of a codex's base run and the fingerprint it must carry; empty when there is no cache.
std::pair<std::string, std::string> base_cache_file(const std::vector<SuiteItem>& plan, const SuiteOptions& opt,
                                                    const std::string& codex, const std::string& cache_dir) {
  // What the cached outcomes depend on besides the sources and the options: the code.
  if (cache_dir.empty()) return {};
  std::string fingerprint =
      suite_fingerprint(plan, opt, {source_root() + "/spec", source_root() + "/cases", codices_dir(), source_root() + "/peers"});
  fingerprint += "-" + std::string(kCodeIdentity).substr(0, 16);
  return {(std::filesystem::path(cache_dir) / ("base-" + codex + "-" + std::to_string(opt.seed) + ".json")).string(), fingerprint};
}

void write_base_cache(const std::string& file, const std::string& fingerprint, const std::string& cache_dir,
                      const SuiteOptions& opt, const std::vector<SuiteItem>& plan, const std::vector<ItemOutcome>& outcomes) {
  std::vector<std::size_t> all(plan.size());
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
  try {
    std::filesystem::create_directories(cache_dir);
    write_file_atomic(file, shard_text(fingerprint, opt, 1, 1, plan, all, outcomes));
  } catch (const std::exception&) {
    // A cache that cannot be written is only slower next time.
  }
}

}  // namespace

std::string amend_cache_dir() { return cache_dir_beside_executable("amend-cache"); }

namespace {

// A codex's base plan, its cache file and fingerprint, and its outcomes when that file holds them.
struct BaseLookup {
  SuiteOptions opt;
  BaseRun run;
  std::string file, fingerprint;
  bool found = false;
};

BaseLookup look_up_base(const Spec& base, const std::vector<Case>& cases, SuiteOptions opt, const std::string& codex,
                        const std::string& cache_dir) {
  BaseLookup l;
  l.opt = base_options(opt, codex);
  l.run.plan = plan_suite(base, cases, l.opt);
  std::tie(l.file, l.fingerprint) = base_cache_file(l.run.plan, l.opt, codex, cache_dir);
  if (l.file.empty()) return l;
  l.run.cache_dir = cache_dir;
  l.run.fingerprint = l.fingerprint;
  try {
    Shard s = read_shard(l.file, base, cases, l.run.plan, l.fingerprint);
    l.run.outcomes.resize(l.run.plan.size());
    for (auto& [index, o] : s.outcomes) l.run.outcomes[index] = std::move(o);
    l.found = true;
  } catch (const std::exception&) {
    // Missing, stale or damaged.
  }
  return l;
}

}  // namespace

std::optional<BaseRun> cached_base_run(const Spec& base, const std::vector<Case>& cases, SuiteOptions opt,
                                       const std::string& codex, const std::string& cache_dir) {
  BaseLookup l = look_up_base(base, cases, opt, codex, cache_dir);
  if (!l.found) return std::nullopt;
  return std::move(l.run);
}

BaseRun run_base(const Spec& base, const std::vector<Case>& cases, SuiteOptions opt, const std::string& codex,
                 const std::string& cache_dir, const Progress& progress) {
  BaseLookup l = look_up_base(base, cases, opt, codex, cache_dir);
  if (l.found) return std::move(l.run);
  std::vector<std::size_t> all(l.run.plan.size());
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
  l.run.outcomes = run_items(base, cases, l.opt, l.run.plan, all, progress);
  if (!l.file.empty()) write_base_cache(l.file, l.fingerprint, cache_dir, l.opt, l.run.plan, l.run.outcomes);
  return std::move(l.run);
}

namespace {

// What the amended run's re-run items depend on beyond the base run: each changed key with its
// value in the amended spec, and whether every item was run. Empty when it cannot be said (the
// change reaches everything).
std::string amended_run_key(const Spec& amended, const std::set<std::string>& changed, bool full) {
  std::string key = full ? "full" : "pruned";
  for (const auto& k : changed) {
    key += "\n" + k + "=";
    const auto a = k.find(':'), b = k.find(':', a == std::string::npos ? 0 : a + 1);
    const std::string kind = k.substr(0, a);
    if (kind == "param" && b != std::string::npos) {
      const std::string ruleset = k.substr(a + 1, b - a - 1), name = k.substr(b + 1);
      if (!amended.has_ruleset(ruleset)) return {};
      const auto& params = amended.ruleset(ruleset).all_params();
      if (auto it = params.find(name); it != params.end()) key += exact_dump(it->second);
      else key += "absent";
    } else if (kind == "reading" && b != std::string::npos) {
      const std::string ruleset = k.substr(a + 1, b - a - 1), clause = k.substr(b + 1);
      if (!amended.has_ruleset(ruleset)) return {};
      key += amended.ruleset(ruleset).reading(clause);
    } else if (kind == "clause") {
      if (const Clause* c = amended.clause(k.substr(a + 1))) key += exact_dump(c->node);
      else key += "removed";
    } else if (kind == "codex") {
      // A decision table an amendment changed, as it now reads.
      if (const Codex* cx = amended.codex(k.substr(a + 1)))
        for (const auto& t : cx->decisions)
          if (t.amended) key += "\ntable " + t.id + " " + exact_dump(t.node);
    } else {
      return {};  // kEverything, or a key this does not know
    }
  }
  return key;
}

std::string amended_run_file(const std::string& cache_dir, const SuiteOptions& opt, const std::string& fingerprint) {
  std::uint64_t h = 14695981039346656037ull;
  for (unsigned char c : fingerprint) h = (h ^ c) * 1099511628211ull;
  char name[96];
  std::snprintf(name, sizeof name, "-%d-%016llx.json", static_cast<int>(opt.seed), static_cast<unsigned long long>(h));
  return (std::filesystem::path(cache_dir) / ("amended-" + opt.codex + name)).string();
}

// The newest kAmendedRunsKept stay: repair tries many changes, and each would otherwise stay for good.
void prune_amended_runs(const std::string& cache_dir) {
  std::vector<std::pair<std::filesystem::file_time_type, std::filesystem::path>> files;
  std::error_code ec;
  for (std::filesystem::directory_iterator it(cache_dir, ec), end; !ec && it != end; it.increment(ec))
    if (it->path().filename().string().rfind("amended-", 0) == 0) files.emplace_back(it->last_write_time(ec), it->path());
  if (files.size() <= static_cast<std::size_t>(kAmendedRunsKept)) return;
  std::sort(files.begin(), files.end());
  for (std::size_t i = 0; i + kAmendedRunsKept < files.size(); ++i) std::filesystem::remove(files[i].second, ec);
}

// The re-run items' outcomes: kept in the cache, or run and then kept.
std::vector<ItemOutcome> run_amended_items(const Spec& amended, const std::vector<Case>& cases, const SuiteOptions& opt,
                                           const std::vector<SuiteItem>& plan, const std::vector<std::size_t>& rerun,
                                           const BaseRun* base_run, const std::set<std::string>& changed, bool full,
                                           const Progress& progress, bool& kept_before) {
  kept_before = false;
  const std::string key = base_run && !base_run->fingerprint.empty() ? amended_run_key(amended, changed, full) : std::string();
  if (key.empty()) return run_items(amended, cases, opt, plan, rerun, progress);
  const std::string fingerprint = base_run->fingerprint + "|seed " + std::to_string(opt.seed) + (opt.deep ? " deep|" : "|") + key;
  // Read back through JSON, as the base is: an outcome points into the spec it was read against.
  const std::string file = base_run->cache_dir.empty() ? std::string() : amended_run_file(base_run->cache_dir, opt, fingerprint);
  std::vector<ItemOutcome> outcomes;
  bool found = false;
  if (!file.empty()) {
    try {
      std::ifstream in(file, std::ios::binary);
      if (in) {
        const Json j = Json::parse(in);
        const Json& items = j.at("items");
        found = j.at("rulespec-amended-run").get<int>() == 1 && j.at("fingerprint").get<std::string>() == fingerprint &&
                items.is_array() && items.size() == rerun.size();
        for (std::size_t k = 0; found && k < rerun.size(); ++k) {
          const Json& item = items[k];
          found = item.at("index").get<std::size_t>() == rerun[k] && item.at("key").get<std::string>() == plan[rerun[k]].key;
          if (found) outcomes.push_back(outcome_from_json(item.at("outcome"), amended, cases, plan[rerun[k]]));
        }
      }
    } catch (const std::exception&) {
      found = false;  // damaged: run
    }
    if (!found) outcomes.clear();
  }
  kept_before = found;
  if (!found) {
    outcomes = run_items(amended, cases, opt, plan, rerun, progress);
    if (!file.empty()) {
      try {
        Json items = Json::array();
        for (std::size_t k = 0; k < rerun.size(); ++k)
          items.push_back({{"index", rerun[k]}, {"key", plan[rerun[k]].key}, {"outcome", outcome_to_json(outcomes[k])}});
        write_file_atomic(file, Json{{"rulespec-amended-run", 1}, {"fingerprint", fingerprint}, {"items", items}}.dump(1) + "\n");
        prune_amended_runs(base_run->cache_dir);
      } catch (const std::exception&) {
        // A cache that cannot be written is only slower next time.
      }
    }
  }
  return outcomes;
}

}  // namespace

SuiteOptions with_base_cache_reads(SuiteOptions whole) {
  whole.record_reads = true;
  return whole;
}

int seed_base_caches(const Spec& base, const std::vector<Case>& cases, const SuiteOptions& whole_opt,
                     const std::vector<SuiteItem>& whole_plan, const std::vector<ItemOutcome>& whole_outcomes,
                     const std::string& cache_dir) {
  if (!whole_opt.codex.empty() || !whole_opt.record_reads || cache_dir.empty()) return 0;
  std::map<std::string, const ItemOutcome*> by_key;
  for (std::size_t i = 0; i < whole_plan.size() && i < whole_outcomes.size(); ++i) by_key[whole_plan[i].key] = &whole_outcomes[i];
  int kept = 0;
  for (const auto& cx : base.codices()) {
    const SuiteOptions opt = base_options(whole_opt, cx.id);
    const auto plan = plan_suite(base, cases, opt);
    std::vector<ItemOutcome> outcomes;
    outcomes.reserve(plan.size());
    for (const auto& item : plan) {
      const auto it = by_key.find(item.key);
      if (it == by_key.end()) break;  // an item the whole run did not have: leave this codex to run_base
      outcomes.push_back(*it->second);
    }
    if (outcomes.size() != plan.size()) continue;
    const auto [file, fingerprint] = base_cache_file(plan, opt, cx.id, cache_dir);
    if (file.empty()) return kept;
    write_base_cache(file, fingerprint, cache_dir, opt, plan, outcomes);
    ++kept;
  }
  return kept;
}

AmendmentEvaluation evaluate_amendment(const Spec& base, const Amendment& a, const std::vector<Case>& cases, SuiteOptions opt,
                                       bool full, const BaseRun* base_run, const Progress& progress) {
  const Spec amended = apply_amendment(base, a);
  opt.codex = a.codex;
  opt.engines = false;
  opt.record_reads = true;
  opt.decisive = false;

  Run before;
  if (base_run) {
    before.plan = base_run->plan;
    before.outcomes = base_run->outcomes;
  } else {
    BaseRun fresh = run_base(base, cases, opt, a.codex, {}, progress);
    before.plan = std::move(fresh.plan);
    before.outcomes = std::move(fresh.outcomes);
  }
  // The amended run notes its reads too: a setting may be read only once the amendment has it (a
  // replay rule read only for a result the amendment makes).
  Run after;
  after.plan = plan_suite(amended, cases, opt);
  std::map<std::string, std::size_t> base_index;
  for (std::size_t i = 0; i < before.plan.size(); ++i) base_index[before.plan[i].key] = i;
  const std::set<std::string> changed = changed_keys(base, amended);
  std::vector<std::size_t> rerun;
  after.outcomes.resize(after.plan.size());
  for (std::size_t i = 0; i < after.plan.size(); ++i) {
    auto it = base_index.find(after.plan[i].key);
    if (full || it == base_index.end() || reaches(before.outcomes[it->second].reads, changed)) {
      rerun.push_back(i);
      continue;
    }
    after.outcomes[i] = before.outcomes[it->second];
    // Findings carry their register entry: take it from the amended spec's register.
    if (auto& an = after.outcomes[i].analysis)
      for (auto& f : an->findings) f.note = amended.findings_register().note(f.id);
  }
  bool rerun_kept = false;
  auto fresh = run_amended_items(amended, cases, opt, after.plan, rerun, base_run, changed, full, progress, rerun_kept);
  for (std::size_t k = 0; k < rerun.size(); ++k) after.outcomes[rerun[k]] = std::move(fresh[k]);
  // The settings some answer read and changed with: the evidence that the amendment's values are
  // executed (an item that did not change shows nothing of them).
  std::set<std::string> exercised_keys;
  for (const std::size_t i : rerun) {
    const auto it = base_index.find(after.plan[i].key);
    if (it == base_index.end()) continue;
    const ItemOutcome& b = before.outcomes[it->second];
    if (answers_of(b) == answers_of(after.outcomes[i])) continue;
    const std::set<std::string>* both[] = {&b.reads, &after.outcomes[i].reads};
    for (const auto* reads : both)
      for (const auto& key : *reads)
        if (changed.count(key)) exercised_keys.insert(key);
  }
  before.result = finish_suite(base, cases, opt, before.plan, std::move(before.outcomes));
  after.result = finish_suite(amended, cases, opt, after.plan, std::move(after.outcomes));

  AmendmentEvaluation e{.id = a.id, .codex = a.codex, .title = a.title, .rationale = a.rationale, .source = a.source, .file = a.file};
  e.items = after.plan.size();
  e.items_run = rerun.size();
  e.items_run_kept = rerun_kept;
  const std::string& arg = a.file;

  // What changed in the rulesets, and why each changed.
  const Codex& cx_after = *amended.codex(a.codex);
  for (const auto& rs : cx_after.rulesets) {
    auto changes = ruleset_changes(base.ruleset(rs.id), amended.ruleset(rs.id), cx_after);
    if (changes.empty()) continue;
    std::string why = "named by the amendment";
    if (std::find(a.rulesets.begin(), a.rulesets.end(), rs.id) == a.rulesets.end()) {
      why = "inherits the change";
      for (const auto& link : amended.ruleset(rs.id).chain)
        if (std::find(a.rulesets.begin(), a.rulesets.end(), link) != a.rulesets.end()) {
          why = "inherits it from " + link;
          break;
        }
    }
    e.rulesets.push_back({rs.id, why, std::move(changes)});
  }
  for (const auto& v : a.replace_clauses) e.clauses_changed.push_back("replaces the statement of " + v.find("id")->as_string());
  for (const auto& v : a.add_clauses) e.clauses_changed.push_back("adds clause " + (v.find("id") ? v.find("id")->as_string() : "?"));
  // Each param or reading the amendment sets: exercised when some answer that read it changed.
  {
    std::map<std::string, bool> settings;  // "param komi" or "reading of CLAUSE" -> exercised
    const bool any_param_exercised =
        std::any_of(exercised_keys.begin(), exercised_keys.end(), [](const std::string& k) { return k.rfind("param:", 0) == 0; });
    for (const auto& key : changed) {
      std::string name;
      if (key.rfind("param:", 0) == 0) {
        name = "param " + key.substr(key.find(':', 6) + 1);
      } else if (key.rfind("reading:", 0) == 0) {
        const std::string clause = key.substr(key.find(':', 8) + 1);
        // A removed clause's reading is the removal's, not a setting.
        if (std::any_of(a.remove_clauses.begin(), a.remove_clauses.end(), [&](const auto& r) { return r.first == clause; })) continue;
        name = "the reading of " + clause;
        // A reading that fixes params (`sets:`) is executed through them.
        const Clause* c = amended.clause(clause);
        const Reading* r = c ? c->reading(amended.ruleset(key.substr(8, key.find(':', 8) - 8)).reading(clause)) : nullptr;
        if (r && !r->sets.empty() && any_param_exercised) settings[name] = true;
      } else {
        continue;
      }
      settings[name] = settings[name] || exercised_keys.count(key);
    }
    for (const auto& [name, exercised] : settings)
      if (!exercised)
        e.unexercised_settings.push_back(name + ": no case, property or analysis of " + a.codex +
                                         " answers differently with the amendment's value, so nothing shows what it decides; a case "
                                         "whose answer reads it would (rulespec list settings --codex " + a.codex + " shows what it changes)");
  }
  for (const auto& [id, pos] : a.remove_clauses) {
    e.clauses_changed.push_back("removes clause " + id);
    // A clause the models apply but cannot switch off would go on deciding as if it were there.
    const Clause* c = base.clause(id);
    if (!c || !clause_applied(*c) || find_clause_switch(id)) continue;
    // A clause applied through other clauses' switches changes nothing alone; with them removed too
    // their switches do the work.
    const bool through = !c->applied_through.empty() &&
                         std::all_of(c->applied_through.begin(), c->applied_through.end(), [](const std::string& t) { return find_clause_switch(t) != nullptr; });
    if (through) continue;
    e.not_switchable.push_back(id + (c->not_decisive.empty() ? std::string(": no switch yet") : ": " + c->not_decisive));
  }
  for (const auto& [cid, r] : a.add_readings) e.clauses_changed.push_back("adds reading " + r.find("id")->as_string() + " to " + cid);

  // Settings of the amendment that the models execute as another value.
  std::set<std::string> noted;
  for (const auto& rc : e.rulesets) {
    const Ruleset& rs = amended.ruleset(rc.ruleset);
    for (const auto& p : cx_after.params)
      if (rs.all_params().count(p.id) && std::any_of(a.params.begin(), a.params.end(), [&](const auto& x) { return x.first == p.id; })) {
        const Value& v = rs.all_params().at(p.id);
        auto eq = p.equivalent.find(one_line(v));
        if (eq != p.equivalent.end() && noted.insert("param " + p.id + "=" + eq->first).second)
          e.executed_as.push_back("param " + p.id + " = " + eq->first + " is executed as " + eq->second.to + ": " + eq->second.why);
      }
    for (const auto& c : cx_after.clauses) {
      if (std::none_of(a.readings.begin(), a.readings.end(), [&](const auto& x) { return x.first == c.id; })) continue;
      const Reading* r = c.reading(rs.reading(c.id));
      if (r && r->equivalent_to && noted.insert("reading " + c.id + "=" + r->id).second)
        e.executed_as.push_back("reading " + r->id + " of " + c.id + " is executed as " + r->equivalent_to->to + ": " +
                                r->equivalent_to->why);
    }
  }

  // Cases whose answer changed.
  std::map<std::string, const CaseResult*> old_cases;
  for (const auto& c : before.result.cases) old_cases[c.case_id + "@" + c.ruleset] = &c;
  std::map<std::string, const Case*> case_by_id;
  for (const auto& c : cases) case_by_id[c.id] = &c;
  for (const auto& c : after.result.cases) {
    auto it = old_cases.find(c.case_id + "@" + c.ruleset);
    if (it == old_cases.end() || it->second->actual == c.actual) continue;
    // A query the amended codex cannot answer is a problem of the evaluation, not a new verdict.
    if (const auto why = unanswerable(c.actual); !why.empty() && unanswerable(it->second->actual).empty()) {
      e.problems.push_back("case " + c.case_id + " [" + c.ruleset + "] cannot be answered under the amendment (" + why +
                           "): replay with rulespec explain " + c.case_id + " --ruleset " + c.ruleset + " --amendment " + arg);
      continue;
    }
    AmendmentEvaluation::ChangedCase cc{.case_id = c.case_id, .ruleset = c.ruleset, .before = it->second->actual, .after = c.actual};
    cc.fields = value_diff(cc.before, cc.after);
    cc.expected_after = c.pass;
    if (auto k = case_by_id.find(c.case_id); k != case_by_id.end()) {
      cc.svg = witness_svg(k->second->input);
      if (!k->second->clauses.empty())
        if (const Clause* cl = base.clause(k->second->clauses.front())) cc.topic = cl->topic;
    }
    cc.label_only = only_labels_changed(cc.fields);
    auto result_svg = [](const Value& answer) {
      const Value* board = answer.find("board");
      if (!board || !board->is_list() || board->as_list().empty()) return std::string();
      Value rows = Value::map();
      rows.set("rows", *board);
      return witness_svg(rows);
    };
    if (cc.before.find("board") != cc.after.find("board") &&
        !(cc.before.find("board") && cc.after.find("board") && *cc.before.find("board") == *cc.after.find("board"))) {
      cc.svg_result_before = result_svg(cc.before);
      cc.svg_result_after = result_svg(cc.after);
    }
    {
      auto k = case_by_id.find(c.case_id);
      cc.sentence = case_change_sentence(base, amended, k == case_by_id.end() ? nullptr : k->second, cc.before, cc.after);
    }
    cc.replay = "rulespec explain " + c.case_id + " --ruleset " + c.ruleset + " --amendment " + arg;
    if (const Value* err = c.actual.find("error"); err && err->find("code") && one_line(*err->find("code")) == "unhandled-setting")
      e.unhandled.push_back("case " + c.case_id + " [" + c.ruleset + "]: " + one_line(*err->find("message")));
    e.cases.push_back(std::move(cc));
  }

  // Properties: new failures are inconsistencies; a generator that finds nothing is not.
  std::map<std::string, const PropertyOutcome*> old_props;
  for (const auto& p : before.result.properties) old_props[p.id + "@" + p.ruleset] = &p;
  for (const auto& p : after.result.properties) {
    auto it = old_props.find(p.id + "@" + p.ruleset);
    const bool held = it == old_props.end() || it->second->pass;
    if (p.pass) {
      if (!held) e.restored.push_back(p.id + " [" + p.ruleset + "]");
      continue;
    }
    if (p.gave_up) {
      const std::string detail = "its precondition discarded " + std::to_string(p.discarded) + " generated situations and " +
                                 (p.runs ? "kept only " + std::to_string(p.runs) : std::string("kept none"));
      auto same = std::find_if(e.unexercised.begin(), e.unexercised.end(), [&](const auto& u) { return u.property == p.id; });
      if (same != e.unexercised.end()) same->rulesets.push_back(p.ruleset);
      else e.unexercised.push_back({p.id, detail, {p.ruleset}});
      continue;
    }
    if (unhandled_text(p.failure)) {
      e.unhandled.push_back("property " + p.id + " [" + p.ruleset + "]: " + p.failure);
      continue;
    }
    if (!held) continue;  // failed on the base codex too: verify reports it
    auto same = std::find_if(e.inconsistencies.begin(), e.inconsistencies.end(), [&](const auto& i) { return i.property == p.id; });
    if (same != e.inconsistencies.end()) {
      same->rulesets.push_back(p.ruleset);
      continue;
    }
    const PropertyInfo* info = find_property(p.id);
    AmendmentEvaluation::Inconsistency inc{.property = p.id, .rulesets = {p.ruleset}, .clauses = p.clauses, .witness = p.witness};
    inc.sentence = info ? info->summary : p.id;
    // The position or values the property showed; RapidCheck's own text is for developers.
    inc.counterexample = p.witness.is_null() ? std::string("shown by the replay command") : named_quantities(p.witness);
    inc.because = p.failure;
    inc.svg = p.witness.is_null() ? std::string() : witness_svg(p.witness);
    inc.replay = reproduce_command(p) + " --amendment " + arg;
    e.inconsistencies.push_back(std::move(inc));
  }

  // Findings.
  std::set<std::string> old_ids, new_ids;
  for (const auto& f : before.result.findings) old_ids.insert(f.id);
  for (const auto& f : after.result.findings) new_ids.insert(f.id);
  for (const auto& f : after.result.findings) {
    if (!old_ids.count(f.id)) e.appear.push_back(finding_change(amended, f, arg));
    else if (f.kind == "conflict") e.conflicts.push_back(finding_change(amended, f, arg));
  }
  std::map<std::string, const AnalysisOutcome*> analysis_after;
  for (const auto& x : after.result.analyses) analysis_after[x.id] = &x;
  for (const auto& f : before.result.findings) {
    if (new_ids.count(f.id)) continue;
    auto change = finding_change(base, f, arg);
    change.replay.clear();
    // Resolved only if the analysis that emitted it ran on the amended codex and found nothing.
    auto it = analysis_after.find(f.analysis);
    if (it == analysis_after.end() || !it->second->ok || !it->second->applicable) {
      change.why_not_evaluated = it == analysis_after.end() ? std::string("its analysis did not run") : it->second->detail;
      e.not_evaluated.push_back(std::move(change));
    } else {
      e.resolved.push_back(std::move(change));
    }
  }
  for (const auto& x : after.result.analyses)
    if (!x.ok) {
      if (unhandled_text(x.detail)) e.unhandled.push_back("analysis " + x.id + ": " + x.detail);
      else e.problems.push_back("analysis " + x.id + " could not run on the amended codex: " + x.detail);
    }
  // Dangling references the amendment creates (a case exercising a removed clause, ...); a
  // finding missing from the register is news above, not a problem of the amendment.
  std::set<std::string> old_problems(before.result.problems.begin(), before.result.problems.end());
  for (const auto& p : after.result.problems)
    if (!old_problems.count(p) && p.find("not in the findings register") == std::string::npos &&
        p.find("which no analysis emitted") == std::string::npos)
      e.problems.push_back(p);

  // The codex's words the amendment makes false: a claim that no longer holds is the committee's to
  // reword, not a problem of the evaluation.
  e.replaced = replaced_statements(base, amended, a);
  std::vector<std::string> settled_claims;
  e.reword = articles_to_reword(base, amended, a, cases, before.result, after.result, e, &settled_claims);
  for (const auto& r : e.reword) settled_claims.insert(settled_claims.end(), r.claims.begin(), r.claims.end());
  std::erase_if(e.problems, [&](const std::string& p) {
    return std::any_of(settled_claims.begin(), settled_claims.end(), [&](const std::string& id) { return p.rfind("claim " + id + " (", 0) == 0; });
  });

  const bool new_conflict = std::any_of(e.appear.begin(), e.appear.end(), [](const auto& f) { return f.kind == "conflict"; });
  e.adds_inconsistency = !e.inconsistencies.empty() || new_conflict;
  e.verdict = e.adds_inconsistency || !e.conflicts.empty()                         ? "inconsistent"
              : !e.unhandled.empty() || !e.problems.empty() || !e.not_switchable.empty() || !e.unexercised_settings.empty() ? "not fully evaluated"
                                                                                          : "consistent";
  auto because = [&](std::size_t n, const std::string& one, const std::string& many) {
    if (n) e.not_fully_evaluated_because.push_back(std::to_string(n) + " " + (n == 1 ? one : many));
  };
  because(e.unhandled.size(), "item meets a setting the models do not execute", "items meet a setting the models do not execute");
  because(e.not_switchable.size(), "removed clause is still applied by the models", "removed clauses are still applied by the models");
  because(e.unexercised_settings.size(), "setting changes no answer of any case, property or analysis: nothing shows what it decides",
          "settings change no answer of any case, property or analysis: nothing shows what they decide");
  because(e.problems.size(), "item could not be evaluated (see Problems)", "items could not be evaluated (see Problems)");
  e.amendment_verdict = e.adds_inconsistency                          ? "adds-inconsistency"
                        : e.not_fully_evaluated_because.empty() ? "adds-no-inconsistency"
                                                                : "not-fully-evaluated";
  return e;
}

}  // namespace rulespec
