#include "cli/commands.hpp"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <thread>

#include "amend/amend_words.hpp"
#include "amend/amend_eval.hpp"
#include "amend/repair_check.hpp"
#include "amend/settings_sweep.hpp"
#include "cases/case.hpp"
#include "spec/suggest.hpp"
#include "mine/slice.hpp"
#include "queries/query.hpp"
#include "queries/switches.hpp"
#include "spec/reads.hpp"
#include "reports/diagrams.hpp"
#include "reports/json_value.hpp"
#include "reports/report.hpp"
#include "spec/amendment.hpp"
#include "spec/yaml_load.hpp"
#include "suite/suite_io.hpp"

namespace rulespec::cli {

std::string spec_dir() { return source_root() + "/spec"; }
std::string cases_dir() { return source_root() + "/cases"; }

Spec load_spec(const std::string& amendment) {
  Spec base = Spec::load_dir(spec_dir());
  if (amendment.empty()) return base;
  return apply_amendment(base, load_amendment(amendment, base));
}

// The engine command as words; double quotes group words.
std::vector<std::string> command_words(const std::string& text) {
  std::vector<std::string> out;
  std::string cur;
  bool quoted = false, any = false;
  for (char c : text) {
    if (c == '"') {
      quoted = !quoted;
      any = true;
    } else if (c == ' ' && !quoted) {
      if (any) out.push_back(cur);
      cur.clear();
      any = false;
    } else {
      cur += c;
      any = true;
    }
  }
  if (any) out.push_back(cur);
  return out;
}

// The directories whose files a sharded run's slices must agree on.
std::vector<std::string> fingerprint_dirs() { return {spec_dir(), cases_dir(), codices_dir(), source_root() + "/peers"}; }

// "K/N" with 1 <= K <= N.
std::pair<int, int> parse_shard(const std::string& text) {
  const auto slash = text.find('/');
  int k = 0, n = 0;
  try {
    std::size_t used_k = 0, used_n = 0;
    if (slash == std::string::npos) throw std::invalid_argument("no slash");
    k = std::stoi(text.substr(0, slash), &used_k);
    n = std::stoi(text.substr(slash + 1), &used_n);
    if (used_k != slash || used_n != text.size() - slash - 1) throw std::invalid_argument("trailing");
  } catch (const std::exception&) {
    throw std::runtime_error("--shard '" + text + "': expected K/N, e.g. 2/3");
  }
  if (n < 1 || k < 1 || k > n) throw std::runtime_error("--shard '" + text + "': needs 1 <= K <= N");
  return {k, n};
}

namespace {

Progress progress_line(bool quiet) {
  if (!isatty(2) || quiet) return {};
  return [](const std::string& stage, int done, int total) {
    std::cerr << "\r" << stage << " " << done << "/" << total << "        " << std::flush;
  };
}

void clear_progress_line(bool quiet) {
  if (isatty(2) && !quiet) std::cerr << "\r" << std::string(40, ' ') << "\r";
}

// The coverage table, every failure with its replay command, and the totals; the exit code.
int summarise(const Spec& spec, const SuiteResult& result, const std::string& out, const std::string& amendment = {});

SuiteOptions suite_options(const VerifyArgs& a) {
  SuiteOptions opt;
  opt.seed = a.seed;
  opt.deep = a.deep;
  opt.codex = a.codex;
  opt.jobs = a.jobs;
  // The mutant engines are built beside this executable.
  std::error_code ec;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) opt.mutant = (self.parent_path() / "rulespec-mutant").string();
  return opt;
}

}  // namespace

int verify(const VerifyArgs& a) {
  const Spec spec = load_spec(a.amendment);
  if (!a.codex.empty() && !spec.codex(a.codex)) {
    std::cerr << "verify: unknown codex '" << a.codex << "': " << suggestion(a.codex, codex_ids(spec), "see 'rulespec list codices'") << "\n";
    return 2;
  }
  // Cases are written for the catalogs as they are; an amendment's removed clauses show up as
  // dangling references in the run, not as a load error.
  const auto cases = load_cases_for(spec, a.amendment);
  const SuiteOptions opt = suite_options(a);
  const Progress progress = progress_line(a.quiet);
  if (!a.shard.empty()) {
    const auto [k, n] = parse_shard(a.shard);
    const auto plan = plan_suite(spec, cases, opt);
    const auto which = shard_items(plan.size(), k, n);
    const auto outcomes = run_items(spec, cases, opt, plan, which, progress);
    clear_progress_line(a.quiet);
    write_shard(a.out, suite_fingerprint(plan, opt, fingerprint_dirs()), opt, k, n, plan, which, outcomes);
    const auto failed = std::count_if(outcomes.begin(), outcomes.end(), [](const ItemOutcome& o) { return o.failed(); });
    std::cout << "shard " << k << "/" << n << ": " << which.size() << " of " << plan.size() << " items, " << failed
              << " failed; join the slices with: rulespec merge DIR...\n"
              << "slice: " << a.out << "/" << shard_file_name(k, n) << "\n";
    return failed ? 1 : 0;
  }
  // A whole run of the catalogs as written also keeps each codex's items for amend and repair
  // (amend-cache/ beside this executable), so that the first amendment after it is answered at once.
  const bool keeps_base = a.codex.empty() && a.amendment.empty() && !opt.deep;
  const SuiteOptions run_opt = keeps_base ? with_base_cache_reads(opt) : opt;
  const auto plan = plan_suite(spec, cases, run_opt);
  std::vector<std::size_t> every(plan.size());
  for (std::size_t i = 0; i < every.size(); ++i) every[i] = i;
  auto outcomes = run_items(spec, cases, run_opt, plan, every, progress);
  if (keeps_base) seed_base_caches(spec, cases, run_opt, plan, outcomes, amend_cache_dir());
  auto result = finish_suite(spec, cases, run_opt, plan, std::move(outcomes));
  // --deep checks repair's own method too, on generated catalogs (not a codex: only in a run of
  // every codex as written).
  if (opt.deep && a.codex.empty() && a.amendment.empty())
    result.properties.push_back(run_injected_conflict_property(opt.seed, kInjectedConflictDeepRuns));
  clear_progress_line(a.quiet);
  if (a.repair) attach_repairs(spec, cases, opt, a.out, a.amendment.empty(), result);
  write_reports(a.out, spec, result);
  return summarise(spec, result, a.out, a.amendment);
}

int merge(const MergeArgs& a) {
  const Spec spec = Spec::load_dir(spec_dir());
  const auto cases = load_cases(cases_dir(), spec);
  // The first slice says which options the run had; every slice must agree with it and with
  // this tree.
  std::vector<std::string> files;
  for (const auto& p : a.paths) {
    if (!std::filesystem::is_directory(p)) {
      files.push_back(p);
      continue;
    }
    std::vector<std::string> found;
    for (const auto& e : std::filesystem::directory_iterator(p)) {
      const std::string name = e.path().filename().string();
      if ((name.rfind("shard-", 0) == 0 && name.size() > 5 && name.substr(name.size() - 5) == ".json") || mine::is_slice_file_name(name))
        found.push_back(e.path().string());
    }
    if (found.empty()) throw InputError(SourcePos{std::make_shared<const std::string>(p), 0, 0}, "no shard-K-of-N.json or mine-K-of-N.json here");
    std::sort(found.begin(), found.end());
    files.insert(files.end(), found.begin(), found.end());
  }
  if (files.empty()) throw std::runtime_error("merge: no slices given");
  // Slices of mine and of verify are different runs: all of one kind, or none merged.
  std::size_t mine_slices = 0;
  for (const auto& f : files) mine_slices += mine::is_slice_file_name(std::filesystem::path(f).filename().string());
  if (mine_slices == files.size()) return merge_mine(files, a.out);
  if (mine_slices > 0) throw std::runtime_error("merge: slices of mine and of verify given together; merge each run on its own");
  const Json head = [&] {
    std::ifstream in(files.front(), std::ios::binary);
    try {
      return Json::parse(in);
    } catch (const std::exception&) {
      return Json();
    }
  }();
  VerifyArgs va;
  va.jobs = 1;
  if (head.is_object()) {
    va.seed = head.value("seed", std::uint64_t{1});
    va.deep = head.value("deep", false);
    va.codex = head.value("codex", std::string());
  }
  const SuiteOptions opt = suite_options(va);
  const auto plan = plan_suite(spec, cases, opt);
  const std::string fingerprint = suite_fingerprint(plan, opt, fingerprint_dirs());
  std::vector<std::optional<ItemOutcome>> outcomes(plan.size());
  int n = 0;
  std::set<int> seen;
  for (const auto& f : files) {
    Shard s = read_shard(f, spec, cases, plan, fingerprint);
    const SourcePos at{std::make_shared<const std::string>(f), 1, 1};
    if (n == 0) n = s.n;
    if (s.n != n) throw InputError(at, "a slice of " + std::to_string(s.n) + ", the others are slices of " + std::to_string(n));
    if (!seen.insert(s.k).second) throw InputError(at, "slice " + std::to_string(s.k) + "/" + std::to_string(n) + " given twice");
    for (auto& [index, o] : s.outcomes) outcomes[index] = std::move(o);
  }
  std::string missing;
  for (int k = 1; k <= n; ++k)
    if (!seen.count(k)) missing += (missing.empty() ? "" : ", ") + std::to_string(k) + "/" + std::to_string(n);
  if (!missing.empty()) throw std::runtime_error("merge: missing slice " + missing);
  std::vector<ItemOutcome> all;
  all.reserve(outcomes.size());
  for (auto& o : outcomes) all.push_back(std::move(*o));
  const auto result = finish_suite(spec, cases, opt, plan, std::move(all));
  write_reports(a.out, spec, result);
  return summarise(spec, result, a.out);
}

namespace {

int summarise(const Spec& spec, const SuiteResult& result, const std::string& out, const std::string& amendment) {
  std::cout << coverage_table(spec, result);
  int case_fail = 0, prop_fail = 0, an_fail = 0;
  for (const auto& c : result.cases) case_fail += !c.pass;
  for (const auto& p : result.properties) prop_fail += !p.pass;
  for (const auto& x : result.analyses) an_fail += !x.ok;
  for (const auto& c : result.cases)
    if (!c.pass)
      std::cout << "FAIL case " << c.case_id << " [" << c.ruleset << "]: expected " << c.expected.dump() << ", got "
                << c.actual.dump() << "\n";
  for (const auto& p : result.properties) {
    if (p.pass) continue;
    const PropertyInfo* info = find_property(p.id);
    std::cout << "FAIL property " << p.id << " [" << p.ruleset << "]: "
              << (p.gave_up ? "nothing to test: " + p.failure : "does not hold: " + (info ? info->summary : p.id)) << "\n";
    if (!p.witness.is_null()) std::cout << "  counterexample: " << named_quantities(p.witness) << "\n";
    if (!p.gave_up) std::cout << "  detail: " << p.failure << "\n";
    std::cout << "  reproduce: " << reproduce_command(p) << (amendment.empty() ? "" : " --amendment " + amendment) << "\n";
  }
  for (const auto& x : result.analyses)
    if (!x.ok) std::cout << "FAIL analysis " << x.id << ": " << x.detail << "\n";
  for (const auto& c : result.finding_checks)
    if (!c.pass) std::cout << "FAIL " << c.property << " " << c.finding << ": " << c.detail << "\n";
  for (const auto& p : result.problems) std::cout << "FAIL " << p << "\n";
  if (!result.claim_checks.empty()) {
    int holds = 0, fails = 0;
    for (const auto& c : result.claim_checks) (c.observed == "holds" ? holds : fails) += c.observed != "unchecked";
    std::cout << result.claim_checks.size() << " claims the texts make about their own rules: " << holds << " hold, " << fails << " fail\n";
  }
  // The tables the models execute (docs/design.md, "Tables the models execute") against those
  // only stated in the catalogs and checked by Z3 and `decide`.
  int tables = 0, consulted = 0, no_inputs = 0, juxtaposing = 0;
  for (const auto& cx : spec.codices())
    for (const auto& t : cx.decisions)
      ++tables, consulted += !t.consulted_by.empty(), no_inputs += !t.inputs_from_none.empty(), juxtaposing += !t.executed_through.empty();
  if (tables > 0)
    std::cout << tables << " decision tables: " << consulted << " executed by the models where they decide, " << juxtaposing
              << " setting executed tables side by side, " << no_inputs << " whose inputs no model computes, "
              << tables - consulted - no_inputs - juxtaposing << " stated and checked only (not consulted yet)\n";
  // The second reading of each codex (issue 46 item 5): pairs of clauses sharing a topic compared,
  // and the tensions among them judged.
  for (const auto& r : spec.pair_readings()) {
    long pairs = 0;
    int tensions = 0, findings = 0;
    for (const auto& t : r.topics) {
      pairs += t.pairs();
      for (const auto& p : t.tensions) ++tensions, findings += !p.finding.empty();
    }
    for (const auto& p : r.cross_topic) ++tensions, findings += !p.finding.empty();
    const auto gaps = pair_reading_gaps(r, *spec.codex(r.codex));
    std::cout << "second reading of " << r.codex << ": " << pairs << " pairs of clauses sharing a topic compared (" << r.topics.size()
              << " topics" << (gaps.empty() ? ", every clause" : ", " + std::to_string(gaps.size()) + " not read") << "), " << tensions
              << " in tension judged (" << r.cross_topic.size() << " of them across topics): " << findings << " reported by a finding, "
              << tensions - findings << " not a finding\n";
  }
  // A property holds only on samples its rule decided: the others are vacuous, or not measured
  // where none of its clauses can be switched off.
  int holds = 0, vacuous = 0, unmeasured = 0;
  for (const auto& p : result.properties) {
    const std::string s = p.status();
    holds += s == "holds", vacuous += s == "vacuous", unmeasured += s == "holds (not measured)";
  }
  std::cout << result.cases.size() << " case runs (" << case_fail << " failed), " << result.properties.size()
            << " property runs (" << prop_fail << " failed; " << holds << " hold on samples their rule decided, " << vacuous
            << " vacuous, " << unmeasured << " not measured), " << result.analyses.size() << " analyses (" << an_fail
            << " failed), " << result.findings.size() << " findings (" << result.finding_checks.size()
            << " finding-property checks, " << std::count_if(result.finding_checks.begin(), result.finding_checks.end(),
                                                             [](const FindingCheck& c) { return !c.pass; })
            << " failed)\n";
  if (!result.mutants.empty()) {
    int killed = 0;
    for (const auto& m : result.mutants) {
      killed += m.killed;
      if (!m.killed) std::cout << "FAIL mutant " << m.game << "/" << m.flip << " survived certify (" << m.clause << ")\n";
    }
    if (!result.references_certified) std::cout << "FAIL a reference engine failed a probe\n";
    std::cout << "certify mutants: " << killed << " of " << result.mutants.size() << " rejected on their clause; references "
              << (result.references_certified ? "pass every probe" : "FAIL a probe") << "\n";
  }
  if (!result.peers.empty()) {
    int items = 0, agree = 0, readings = 0, heavy = 0;
    std::string per_suite;
    for (const auto& p : result.peers) {
      items += p.items, agree += p.agree, readings += p.reading_differences, heavy += p.heavy_skipped;
      per_suite += (per_suite.empty() ? "" : ", ") + p.game + "/" + p.suite + " " + std::to_string(p.agree + p.reading_differences) + "/" +
                   std::to_string(p.items);
      for (const auto& n : p.notes)
        if (n.status != PeerItemOutcome::Status::ReadingDifference)
          std::cout << "FAIL peer " << p.game << "/" << p.suite << " " << n.id << " (" << n.from << "): " << to_string(n.status) << "; " << n.detail << "\n";
    }
    std::cout << "peers' rule tests: " << result.peers.size() << " suites, " << items << " items, " << agree << " agree, " << readings
              << " named reading differences, " << items - agree - readings << " unexplained"
              << (heavy ? "; " + std::to_string(heavy) + " heavy items (deep perfts) left for --deep" : std::string()) << " (" << per_suite << ")\n";
  }
  // One line per engine under its codex's ruleset as written (the whole matrix is in the report).
  for (const auto& c : result.certificates) {
    const std::string& ruleset = c.find("ruleset")->as_string();
    if (!spec.has_ruleset(ruleset) || spec.codex(spec.ruleset(ruleset).codex)->rulesets.front().id != ruleset) continue;
    std::cout << "certificate: " << c.find("command")->as_string() << ": " << c.find("headline")->as_string();
    for (const auto& clause : c.find("clauses")->as_map()) {
      const auto passed = clause.value.find("passed")->as_int(), tested = clause.value.find("tested")->as_int();
      if (passed != tested) std::cout << "; fails " << clause.key << " " << passed << "/" << tested;
    }
    std::cout << "\n";
  }
  std::cout << "reports: " << out << "/{report.json,index.html,junit.xml,findings.md}\n";
  return result.all_pass() ? 0 : 1;
}

}  // namespace

namespace {

// The analyses' outcomes, each run at most once per command. On the catalogs as written they come
// from the base runs a whole `rulespec verify` keeps in amend-cache/ (one file per codex), when
// those are current (the same files, the same code): `explain` and `list findings` then answer at
// once instead of running every analysis again. With an amendment they are run.
class AnalysisOutcomes {
 public:
  // `cases_as_written`: the cases loaded against the catalogs as written, or null (an amendment).
  AnalysisOutcomes(const Spec& spec, const std::vector<Case>* cases_as_written) : spec_(spec), cases_(cases_as_written) {}
  const AnalysisOutcome& operator()(const AnalysisInfo& a) {
    auto it = outcomes_.find(a.id);
    if (it == outcomes_.end()) {
      std::optional<AnalysisOutcome> kept = from_base_runs(a);
      it = outcomes_.emplace(a.id, kept ? std::move(*kept) : run_analysis(spec_, a)).first;
    }
    return it->second;
  }

 private:
  const Spec& spec_;
  const std::vector<Case>* cases_;
  std::map<std::string, AnalysisOutcome> outcomes_;
  std::map<std::string, std::optional<BaseRun>> base_runs_;  // by codex; nullopt: none current

  std::optional<AnalysisOutcome> from_base_runs(const AnalysisInfo& a) {
    for (const auto& cx : spec_.codices()) {
      if (!analysis_about(a, cx.id)) continue;
      const BaseRun* run = kept_run(cx.id);
      if (!run) continue;
      for (std::size_t i = 0; i < run->plan.size() && i < run->outcomes.size(); ++i)
        if (run->plan[i].kind == SuiteItem::Kind::Analysis && run->plan[i].key == "analysis:" + a.id && run->outcomes[i].analysis)
          return run->outcomes[i].analysis;
    }
    return std::nullopt;
  }

 public:
  // The base run of `codex` that verify kept, read once; null when there is none current (or an
  // amendment is applied).
  const BaseRun* kept_run(const std::string& codex) {
    if (!cases_) return nullptr;
    auto [it, fresh] = base_runs_.try_emplace(codex);
    if (fresh) it->second = cached_base_run(spec_, *cases_, SuiteOptions{}, codex, amend_cache_dir());
    return it->second ? &*it->second : nullptr;
  }
};

// What the case files of one lint share: the ids of every case under cases/, loaded once, and the
// finding ids each codex's analyses emit, found only when a case names a finding of that codex.
struct CaseLintContext {
  const Spec& spec;
  std::optional<std::vector<Case>> repository_cases;
  std::map<std::string, std::set<std::string>> findings_by_codex;
  std::optional<AnalysisOutcomes> analysis_outcomes;

  const std::vector<Case>& all_cases() {
    if (!repository_cases) repository_cases = load_cases(cases_dir(), spec);
    return *repository_cases;
  }
  AnalysisOutcomes& outcomes() {
    if (!analysis_outcomes) analysis_outcomes.emplace(spec, &all_cases());
    return *analysis_outcomes;
  }

  // The answer a current base run of `rulespec verify` (amend-cache/) gave to this very request
  // (the same case, ruleset and input), or null. The cases of each codex's base run, read once.
  const CaseResult* answered_before(const Case& c, const std::string& ruleset) {
    if (!base_answers) {
      base_answers.emplace();
      for (const auto& cx : spec.codices()) {
        const BaseRun* run = outcomes().kept_run(cx.id);
        if (!run) continue;
        for (std::size_t i = 0; i < run->plan.size() && i < run->outcomes.size(); ++i)
          if (run->plan[i].kind == SuiteItem::Kind::Case)
            for (const auto& r : run->outcomes[i].cases)
              (*base_answers)[{r.case_id, r.ruleset}] = {&all_cases().at(run->plan[i].index), r};
      }
    }
    const auto it = base_answers->find({c.id, ruleset});
    if (it == base_answers->end() || case_request(*it->second.first, ruleset).dump() != case_request(c, ruleset).dump()) return nullptr;
    return &it->second.second;
  }
  std::optional<std::map<std::pair<std::string, std::string>, std::pair<const Case*, CaseResult>>> base_answers;
  bool emitted(const std::string& finding_id) {
    const std::string codex = finding_codex(spec, finding_id);
    auto [it, fresh] = findings_by_codex.try_emplace(codex);
    if (fresh)
      for (const auto& a : analyses())
        if (codex.empty() || analysis_about(a, codex))
          for (const auto& f : outcomes()(a).findings) it->second.insert(f.id);
    return it->second.count(finding_id) > 0;
  }
};

// A case file must load, its ids must be new across cases/, every expectation must say something,
// every request must have the query's shape, and a `finding:` must name a finding some analysis
// emits (one about the codex the finding id names: every finding's analysis is, a ctest checks).
void lint_case_file(const std::string& file, CaseLintContext& context) {
  const Spec& spec = context.spec;
  const auto cases = load_case_file(file, spec);
  std::set<std::string> ids;
  const auto canonical = [](const std::string& p) {
    std::error_code ec;
    const auto c = std::filesystem::weakly_canonical(p, ec);
    return ec ? p : c.string();
  };
  const std::string this_file = canonical(file);
  for (const auto& other : context.all_cases())
    if (canonical(other.file) != this_file) ids.insert(other.id);
  for (const auto& c : cases) {
    if (!ids.insert(c.id).second) throw InputError(c.pos, "duplicate case id '" + c.id + "'");
    if (!c.finding.empty() && !context.emitted(c.finding))
      throw InputError(c.pos, "case " + c.id + ": no analysis emits finding '" + c.finding + "'");
    for (const auto& [rs, expected] : c.expect) {
      if (expected.as_map().empty()) throw InputError(expected.pos(), "case " + c.id + ": empty expectation for " + rs);
      // The same request answered in the verify run (not refused for its shape) has the shape.
      if (const CaseResult* before = context.answered_before(c, rs)) {
        const Value* error = before->actual.find("error");
        const Value* code = error && error->is_map() ? error->find("code") : nullptr;
        const std::string why = code && code->is_string() ? code->as_string() : "";
        if (why != "bad-request" && why != "ruleset" && why != "unhandled-setting") continue;
      }
      try {
        run_query(spec, case_request(c, rs));
      } catch (const QueryError&) {
        // A refusal is an answer; the expectation decides whether it is the right one.
      }
    }
  }
}

}  // namespace

int lint(const std::vector<std::string>& files) {
  Spec spec = Spec::load_dir(spec_dir());
  CaseLintContext case_context{spec, {}, {}, {}, {}};
  // Every file is checked, and every error reported (an amendment gives all of its own at once):
  // one line each on stderr, "ok" on stdout for the files that pass; exit 2 if any failed.
  int failed = 0;
  for (const auto& file : files) try {
    const Value doc = load_yaml_file(file);
    if (doc.is_map() && doc.find("codex")) {
      Codex cx = parse_codex(doc, file);
      std::vector<Codex> all;
      for (const auto& other : spec.codices())
        if (other.id != cx.id) all.push_back(other);
      all.push_back(std::move(cx));
      Spec::from_codices(std::move(all));
    } else if (doc.is_map() && doc.find("amendment")) {
      load_amendment(file, spec);
    } else if (doc.is_map() && doc.find("register")) {
      // Parsed against the rest of the register (duplicate ids across files are errors).
      const auto same = [&](const std::string& other) {
        std::error_code ec;
        return std::filesystem::weakly_canonical(other, ec) == std::filesystem::weakly_canonical(file, ec);
      };
      FindingRegister reg;
      for (const auto& n : spec.findings_register().notes)
        if (!same(n.file)) reg.notes.push_back(n);
      for (const auto& w : spec.findings_register().withdrawn)
        if (!same(w.file)) reg.withdrawn.push_back(w);
      parse_register(doc, file, reg);
      spec.set_findings_register(std::move(reg));
    } else if (doc.is_map() && doc.find("pairs")) {
      // A second reading, checked against the catalog and the register; what it leaves unread
      // is an error too (the ctest's rule, said where the file is).
      const PairReading r = parse_pair_reading(doc, file);
      const Codex* cx = spec.codex(r.codex);
      if (!cx) throw InputError(doc.find("pairs")->pos(), "pairs: unknown codex '" + r.codex + "'");
      const auto* lines = source_lines(*cx);
      check_pair_reading(r, *cx, spec.findings_register(), lines ? static_cast<int>(lines->size()) : 0);
      const auto gaps = pair_reading_gaps(r, *cx);
      if (!gaps.empty()) throw InputError(doc.pos(), gaps.front() + (gaps.size() > 1 ? " (and " + std::to_string(gaps.size() - 1) + " more)" : ""));
    } else if (doc.is_list()) {
      lint_case_file(file, case_context);
    } else {
      throw InputError(doc.pos(), "not a catalog (codex:), an amendment (amendment:), a findings register (register:), a second reading (pairs:) or a case list");
    }
    std::cout << file << ": ok\n";
  } catch (const InputError& e) {
    std::cerr << e.what() << "\n";
    ++failed;
  }
  if (failed && files.size() > 1) std::cerr << "lint: " << failed << " of " << files.size() << " files have errors\n";
  return failed ? 2 : 0;
}

namespace {

std::string cites_line(const std::vector<SourceCite>& cites) {
  std::string out;
  for (const auto& c : cites) out += (out.empty() ? "" : ", ") + c.text();
  return out;
}

// The source lines citations name, as the text has them, numbered; under the file's name when
// `named` (a finding may cite several texts), else alone (a clause cites its own).
void print_cited_lines(const Spec& spec, const std::vector<SourceCite>& cites, bool named = true) {
  for (const auto& cite : cites) {
    const Codex* cx = spec.codex(cite.codex);
    const auto* source = cx ? source_lines(*cx) : nullptr;
    if (!source || cite.first <= 0 || cite.last > static_cast<int>(source->size())) continue;
    if (named) std::cout << "  " << cx->source << ":\n";
    for (int n = cite.first; n <= cite.last; ++n)
      std::cout << (named ? "    " : "  ") << n << " | " << (*source)[static_cast<std::size_t>(n - 1)] << "\n";
  }
}

void print_finding(const Spec& spec, const Finding& f) {
  std::cout << f.id << " (" << f.severity << ", " << f.kind << ")\n  " << f.summary << "\n\n" << f.explanation << "\n\n";
  if (f.note) {
    std::cout << "  best defence: " << f.note->best_defence.reading << " (" << cites_line(f.note->best_defence.lines)
              << ")\n  answer: " << f.note->best_defence.answer << "\n  cites:    " << cites_line(f.note->cites) << "\n";
    print_cited_lines(spec, f.note->cites);
  }
  std::cout << "  clauses:  ";
  for (const auto& c : f.clauses) std::cout << c << " ";
  std::cout << "\n  rulesets: ";
  for (const auto& r : f.rulesets) std::cout << r << " ";
  std::cout << "\n  witness:  " << f.witness.dump() << "\n";
  if (!f.case_id.empty()) std::cout << "  case:     " << f.case_id << "\n";
  std::cout << "  analysis: " << f.analysis << "\n  reproduce: " << f.reproduce() << "\n";
}

}  // namespace

// A xiangqi adjudication's attacks, one line each, as a referee follows the verdict: which attacks
// counted as chases and why, and which did not (the first cycle only; the rest repeat it).
void print_attacks(const Value& answer) {
  const Value* attacks = answer.find("attacks");
  const Value* cycle = answer.find("cycle");
  if (!attacks || attacks->as_list("attacks").empty()) return;
  const std::int64_t last = cycle ? cycle->as_int() : 1000;
  for (const Value& a : attacks->as_list("attacks")) {
    if (a.find("move")->as_int() > last) break;
    std::cout << "    move " << a.find("move")->as_int() << " " << a.find("wxf")->as_string() << ": "
              << (a.find("chase")->as_bool() ? "CHASE " : "no chase ") << a.find("attacker")->as_string() << " -> "
              << a.find("target")->as_string() << " (" << a.find("made")->as_string() << ", " << a.find("target_is")->as_string()
              << "): " << a.find("because")->as_string();
    std::string tried;
    for (const Value& t : a.find("exceptions_not_applying")->as_list("exceptions")) tried += (tried.empty() ? "" : "; ") + t.as_string();
    if (!tried.empty()) std::cout << " [not applying: " << tried << "]";
    std::cout << "\n";
  }
}

namespace {

// A case: where it comes from, what it asks, and the answer under each ruleset it names (or the one
// asked for), against what it expects.
int explain_case(const Spec& spec, const Case& c, const ExplainArgs& a) {
  if (!a.ruleset.empty() && std::none_of(c.expect.begin(), c.expect.end(), [&](const auto& e) { return e.first == a.ruleset; })) {
    std::cerr << c.id << ": the case names no ruleset '" << a.ruleset << "'\n";
    return 2;
  }
  std::cout << c.id << "  (" << c.game << ", query " << c.query << ")\n";
  if (!c.source.empty()) std::cout << "  source:   " << c.source << "\n";
  std::cout << "  clauses: ";
  for (const auto& cl : c.clauses) std::cout << " " << cl;
  std::cout << "\n  input:    " << c.input.dump() << "\n";
  if (!c.note.empty()) std::cout << "  note:     " << c.note << "\n";
  if (!c.finding.empty()) std::cout << "  witness of " << c.finding << "\n";
  std::vector<std::unique_ptr<ClauseSwitchedOff>> off;
  for (const auto& w : a.without) off.push_back(std::make_unique<ClauseSwitchedOff>(w));
  if (!a.without.empty()) {
    std::cout << "  without:  ";
    for (const auto& w : a.without) std::cout << " " << w;
    std::cout << "  (run as if the text lacked them)\n";
  }
  for (const auto& [rs, expected] : c.expect) {
    if (!a.ruleset.empty() && rs != a.ruleset) continue;
    // The switches the run reads are the clauses it could be decisive for.
    const DecidedRun run = run_case_deciding(spec, c, rs, a.without);
    const CaseResult& r = run.result;
    std::cout << "  under " << rs << ": " << r.actual.dump() << "\n    expected " << expected.dump()
              << (r.pass ? "  (holds)" : "  (does NOT hold)") << "\n";
    print_attacks(r.actual);
    for (const auto& clause : run.decisive) {
      ClauseSwitchedOff without(clause);
      std::cout << "    decisive for " << clause << ": without it the answer is " << run_case(spec, c, rs).actual.dump() << "\n";
    }
  }
  if (!a.svg_file.empty()) {
    const std::string svg = witness_svg(c.input);
    if (svg.empty()) {
      std::cerr << c.id << ": the case holds no board position to draw\n";
      return 2;
    }
    std::ofstream(a.svg_file) << svg << "\n";
    std::cout << "  diagram: " << a.svg_file << "\n";
  }
  return 0;
}

}  // namespace

namespace {

// The analyses that can emit this finding: those about the codex its id names (F-<codex>-...), by
// their codex or their clauses (a ctest checks that every finding's analysis is one of them); all
// of them for an id that names no codex.
std::vector<const AnalysisInfo*> analyses_for_finding(const Spec& spec, const std::string& finding_id) {
  const std::string codex = finding_codex(spec, finding_id);
  std::vector<const AnalysisInfo*> out;
  for (const auto& a : analyses())
    if (codex.empty() || analysis_about(a, codex)) out.push_back(&a);
  return out;
}

}  // namespace

std::vector<Case> load_cases_for(const Spec& spec, const std::string& amendment) {
  // Cases are written for the catalogs as they are: an amendment that removes a clause a case
  // names makes a dangling reference in the run, not a load error.
  return load_cases(cases_dir(), amendment.empty() ? spec : Spec::load_dir(spec_dir()));
}

namespace {

// `replayed`: the analyses run again, for a finding's replay; `kept`: those a verify kept when
// current, for the findings a clause's explanation lists.
int explain_one(const Spec& spec, const std::vector<Case>& cases, const std::string& id, const ExplainArgs& args,
                AnalysisOutcomes& replayed, AnalysisOutcomes& kept) {
  const std::string& svg_file = args.svg_file;
  const std::uint64_t seed = args.seed;
  for (const auto& c : cases)
    if (c.id == id) return explain_case(spec, c, args);
  if (id.rfind("F-", 0) == 0) {
    // Replay: run the analyses again and report this finding with its witness case; those of the
    // finding's own codex first, so that a replay takes the time of its codex's analyses, not of all.
    for (const AnalysisInfo* a : analyses_for_finding(spec, id)) {
      const auto& out = replayed(*a);
      for (const auto& f : out.findings)
        if (f.id == id) {
          print_finding(spec, f);
          if (!svg_file.empty()) {
            const std::string svg = witness_svg(f.witness);
            if (svg.empty()) {
              std::cerr << id << ": the witness holds no board position to draw\n";
              return 2;
            }
            std::ofstream(svg_file) << svg << "\n";
            std::cout << "  diagram: " << svg_file << "\n";
          }
          if (!f.case_id.empty())
            for (const auto& c : cases)
              if (c.id == f.case_id)
                for (const auto& [rs, expected] : c.expect) {
                  const auto r = run_case(spec, c, rs);
                  std::cout << "  replay " << c.id << " [" << rs << "]: " << r.actual.dump()
                            << (r.pass ? "  (as expected)" : "  (NOT as expected)") << "\n";
                  print_attacks(r.actual);
                  std::cout << "    oracle: " << oracle_command(case_request(c, rs).dump()) << "\n";
                }
          // The register's other replays (another case, or another ruleset of it), each with the
          // request a reader pipes to the oracle.
          if (f.note)
            for (const auto& shown : f.note->shows) {
              if (shown.case_id == f.case_id) continue;
              for (const auto& c : cases)
                if (c.id == shown.case_id && std::any_of(c.expect.begin(), c.expect.end(), [&](const auto& e) { return e.first == shown.ruleset; })) {
                  const auto r = run_case(spec, c, shown.ruleset);
                  std::cout << "  replay " << c.id << " [" << shown.ruleset << "]: " << r.actual.dump()
                            << (r.pass ? "  (as expected)" : "  (NOT as expected)") << "\n";
                  std::cout << "    oracle: " << oracle_command(case_request(c, shown.ruleset).dump()) << "\n";
                }
            }
          // What the finding claims its replay shows, compared with the replay itself.
          int failed = 0;
          for (const auto& check : check_finding(spec, cases, f)) {
            std::cout << "  " << check.property << ": " << (check.pass ? "holds" : "FAILS") << " — " << check.detail << "\n";
            failed += !check.pass;
          }
          if (!f.note) std::cout << "  (not in the findings register: unreviewed)\n";
          return failed ? 1 : 0;
        }
    }
    if (const WithdrawnFinding* w = spec.findings_register().withdrawn_entry(id)) {
      std::cout << id << " was withdrawn after review: " << w->reason << "\n";
      if (!w->review.empty()) std::cout << "  review: " << w->review << "\n";
      return 0;
    }
    std::vector<std::string> ids;
    for (const auto& n : spec.findings_register().notes) ids.push_back(n.id);
    std::cerr << "explain: no analysis emits the finding '" << id << "': " << suggestion(id, ids, "see 'rulespec list findings'") << "\n";
    return 2;
  }
  const Clause* c = spec.clause(id);
  const RulesetDecl* declared_by = nullptr;
  if (const SourceRule* rule = !c ? spec.source_rule(id, &declared_by) : nullptr) {
    std::cout << rule->id << "  [rule of ruleset " << declared_by->id << "'s own source, not of a codex]\n  " << rule->ref << "\n\n"
              << rule->statement << "\n\n  ruleset " << declared_by->id << ": " << declared_by->title << "\n";
    std::string reasons;
    for (const auto& r : rule->forbids) reasons += (reasons.empty() ? "" : ", ") + r;
    std::cout << "  cited for the refusals: " << reasons << " (under " << declared_by->id << " and the rulesets based on it)\n";
    if (!declared_by->note.empty()) std::cout << "  note: " << declared_by->note << "\n";
    return 0;
  }
  if (!c) {
    std::vector<std::string> ids;
    for (const auto& cx : spec.codices())
      for (const auto& cl : cx.clauses) ids.push_back(cl.id);
    for (const auto& k : cases) ids.push_back(k.id);
    std::cerr << "explain: unknown clause, finding or case id '" << id << "': "
              << suggestion(id, ids, "see 'rulespec list clauses', 'list cases' or 'list findings'") << "\n";
    return 2;
  }
  std::cout << c->id << "  [" << c->kind << ", " << c->status << (c->board ? ", board" : "") << "]\n  "
            << spec.codex(c->codex)->source << ": " << c->ref;
  if (c->first_line) std::cout << " (lines " << c->first_line << "-" << c->last_line << ")";
  if (const Codex* cx = spec.codex(c->codex); cx && !cx->provenance.empty()) std::cout << "\n  (the source: " << cx->provenance << ")";
  std::cout << "\n\n" << c->statement << "\n";
  // The lines it cites, as the source has them (Russian), numbered as `lines` counts them.
  if (c->first_line > 0) {
    std::cout << "\n";
    print_cited_lines(spec, {SourceCite{c->codex, c->first_line, c->last_line}}, false);
  }
  if (!c->why.empty()) std::cout << "\n  why " << c->status << ": " << c->why << "\n";
  if (!c->note.empty()) std::cout << "  note: " << c->note << "\n";
  if (!c->not_a_finding.empty()) std::cout << "  not a finding: " << c->not_a_finding << "\n";
  if (const ClauseSwitch* sw = find_clause_switch(c->id))
    std::cout << "  switch: without it, " << sw->without << " (rulespec explain CASE --without " << c->id << ")\n";
  if (!c->not_decisive.empty()) std::cout << "  not decisive: " << c->not_decisive << "\n";
  for (const auto& t : c->applied_through) std::cout << "  applied through " << t << " (without it alone nothing the models do changes)\n";
  for (const auto& r : c->readings)
    std::cout << "  reading " << r.id << ": " << r.statement << (r.unusual.empty() ? "" : " [unusual: " + r.unusual + "]")
              << (r.proposal.empty() ? "" : " [proposed change: " + r.proposal + "]") << "\n";
  for (const auto& r : c->relations) std::cout << "  " << r.kind << " " << r.target << "\n";
  std::cout << "\nexercised by:\n";
  int n = 0;
  for (const auto& k : cases)
    if (std::find(k.clauses.begin(), k.clauses.end(), id) != k.clauses.end()) {
      std::cout << "  case:" << k.id << "\n";
      ++n;
    }
  for (const auto& p : properties())
    if (std::find(p.clauses.begin(), p.clauses.end(), id) != p.clauses.end()) {
      for (const auto& rs : spec.rulesets())
        if (p.applies(rs)) {
          const auto o = run_property(spec, p, rs, seed, 100);
          std::cout << "  property:" << p.id << " [" << rs.id << "] " << (o.pass ? "pass" : "FAIL " + o.failure) << "\n";
        }
      ++n;
    }
  std::vector<Finding> related;
  for (const auto& a : analyses())
    if (std::find(a.clauses.begin(), a.clauses.end(), id) != a.clauses.end()) {
      std::cout << "  analysis:" << a.id << "\n";
      ++n;
    }
  // Only the analyses about the clause's codex can name it in a finding (analysis_about).
  for (const auto& a : analyses())
    if (analysis_about(a, c->codex))
      for (const auto& f : kept(a).findings)
        if (std::find(f.clauses.begin(), f.clauses.end(), id) != f.clauses.end()) related.push_back(f);
  if (n == 0) std::cout << "  (nothing yet)\n";
  if (!related.empty()) {
    std::cout << "\nfindings:\n";
    for (const auto& f : related) std::cout << "  " << f.id << " (" << f.kind << "): " << f.summary << "\n";
  }
  return 0;
}

}  // namespace

int explain(const ExplainArgs& args) {
  for (const auto& w : args.without)
    if (!find_clause_switch(w)) {
      std::vector<std::string> ids;
      for (const auto& s : clause_switches()) ids.push_back(s.clause);
      std::cerr << "explain: --without " << w << ": no model can switch this clause off: " << suggestion(w, ids, "see 'rulespec list switches'") << "\n";
      return 2;
    }
  if (args.ids.size() > 1 && !args.svg_file.empty()) {
    std::cerr << "explain: --svg draws one diagram: give one id with it, not " << args.ids.size() << "\n";
    return 2;
  }
  const Spec spec = load_spec(args.amendment);
  const auto cases = load_cases_for(spec, args.amendment);
  // A finding's replay runs its analyses (the command a finding prints reproduces it); the
  // findings listed under a clause may come from what a verify kept.
  AnalysisOutcomes replayed(spec, nullptr), kept(spec, args.amendment.empty() ? &cases : nullptr);
  if (args.json) {
    Json all = Json::array();
    for (const auto& id : args.ids) {
      Json j = explain_json(spec, cases, id, args, [&](const AnalysisInfo& a) -> const AnalysisOutcome& { return replayed(a); });
      if (j.is_null()) return 2;
      all.push_back(std::move(j));
    }
    std::cout << (all.size() == 1 ? all.front() : all).dump(2) << "\n";
    return 0;
  }
  // Each id in turn, a blank line between; the exit code is the worst of theirs (2 over 1 over 0).
  int worst = 0;
  for (std::size_t i = 0; i < args.ids.size(); ++i) {
    if (i > 0) std::cout << "\n";
    std::cout.flush();
    worst = std::max(worst, explain_one(spec, cases, args.ids[i], args, replayed, kept));
  }
  return worst;
}

int list(const std::string& what, bool json, const std::string& codex, const std::string& amendment) {
  const Spec spec = load_spec(amendment);
  Json out = Json::array();
  auto row = [&](Json j, const std::string& text) {
    if (json) out.push_back(std::move(j));
    else std::cout << text << "\n";
  };
  auto in_codex = [&](const std::string& id) { return codex.empty() || id.rfind(codex + ".", 0) == 0 || id == codex; };
  if (what == "codices") {
    for (const auto& cx : spec.codices())
      row({{"id", cx.id}, {"game", cx.game}, {"title", cx.title}, {"clauses", cx.clauses.size()}, {"source", cx.source},
           {"provenance", cx.provenance}},
          cx.id + "\t" + cx.game + "\t" + std::to_string(cx.clauses.size()) + " clauses\t" + cx.title + "\t(source: " +
              (cx.provenance.empty() ? cx.source : cx.provenance) + ")");
  } else if (what == "rulesets") {
    for (const auto& rs : spec.rulesets())
      if (codex.empty() || rs.codex == codex) {
        Json params = Json::object();
        for (const auto& [k, v] : rs.all_params()) params[k] = to_json(v);
        std::string also;
        for (const auto& a : rs.aliases) also += (also.empty() ? " (also: " : ", ") + a;
        if (!also.empty()) also += ")";
        row({{"id", rs.id}, {"codex", rs.codex}, {"title", rs.title}, {"aliases", rs.aliases}, {"params", params}, {"readings", rs.all_readings()}},
            rs.id + "\t" + rs.codex + "\t" + rs.title + also);
      }
  } else if (what == "switches") {
    for (const auto& s : clause_switches())
      if (in_codex(s.clause))
        row({{"clause", s.clause}, {"without", s.without}}, s.clause + "\t" + s.without);
  } else if (what == "clauses") {
    for (const auto& cx : spec.codices())
      for (const auto& c : cx.clauses)
        if (in_codex(c.id))
          row({{"id", c.id}, {"ref", c.ref}, {"kind", c.kind}, {"status", c.status}, {"board", c.board}, {"statement", c.statement}},
              c.id + "\t" + c.kind + "\t" + c.status);
  } else if (what == "cases") {
    for (const auto& c : load_cases_for(spec, amendment)) {
      bool hit = codex.empty();
      for (const auto& cl : c.clauses) hit = hit || in_codex(cl);
      if (!hit) continue;
      std::string rulesets;
      for (const auto& [rs, e] : c.expect) rulesets += (rulesets.empty() ? "" : ",") + rs;
      row({{"id", c.id}, {"game", c.game}, {"query", c.query}, {"clauses", c.clauses}}, c.id + "\t" + c.query + "\t" + rulesets);
    }
  } else if (what == "findings") {
    std::vector<Finding> all;
    const auto cases = amendment.empty() ? load_cases(cases_dir(), spec) : std::vector<Case>{};
    AnalysisOutcomes outcome(spec, amendment.empty() ? &cases : nullptr);
    for (const auto& a : analyses())
      for (const auto& f : outcome(a).findings) all.push_back(f);
    std::sort(all.begin(), all.end(), report_order);
    for (const auto& f : all) {
      bool hit = codex.empty();
      for (const auto& cl : f.clauses) hit = hit || in_codex(cl);
      if (!hit) continue;
      Json j{{"id", f.id}, {"severity", f.severity}, {"kind", f.kind}, {"summary", f.summary}, {"clauses", f.clauses}};
      // The witness's position as the report draws it, when it has one (the workbench shows it).
      if (const std::string svg = witness_svg(f.witness); !svg.empty()) j["svg"] = svg;
      row(j, f.id + "\t" + f.severity + "\t" + f.kind + "\t" + f.summary);
    }
  } else if (what == "queries") {
    for (const auto& q : queries())
      row({{"game", q.game}, {"query", q.name}, {"summary", q.summary}, {"needs_ruleset", q.needs_ruleset}},
          q.game + "\t" + q.name + "\t" + q.summary);
  } else if (what == "properties") {
    for (const auto& p : properties())
      row({{"id", p.id}, {"summary", p.summary}, {"clauses", p.clauses}}, p.id + "\t" + p.summary);
    // Repair's own property, on generated catalogs (verify --deep).
    const PropertyInfo& own = injected_conflict_property();
    row({{"id", own.id}, {"summary", own.summary}, {"clauses", own.clauses}}, own.id + "\t" + own.summary);
  } else if (what == "settings") {
    SuiteOptions opt;
    opt.jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    for (const auto& c : sweep_settings(spec, load_cases_for(spec, amendment), opt, codex))
      row({{"codex", c.codex}, {"setting", c.setting}, {"status", to_string(c.status)}, {"evidence", c.evidence}},
          c.codex + "\t" + c.setting + "\t" + to_string(c.status) + "\t" + c.evidence);
  } else if (what == "analyses") {
    for (const auto& a : analyses())
      if (a.codex.empty() || spec.codex(a.codex)) row({{"id", a.id}, {"summary", a.summary}, {"clauses", a.clauses}}, a.id + "\t" + a.summary);
  }
  if (json) std::cout << out.dump(1) << "\n";
  return 0;
}

int property(const std::string& id, const std::string& ruleset, std::uint64_t seed, int runs, const std::string& reproduce,
             const std::string& amendment) {
  if (id == kInjectedConflictProperty) {
    // A property of repair itself, on generated catalogs: no catalog ruleset, no amendment.
    if ((!ruleset.empty() && ruleset != kGeneratedCodex) || !amendment.empty()) {
      std::cerr << id << ": runs on generated catalogs only (no --ruleset other than " << kGeneratedCodex << ", no --amendment)\n";
      return 2;
    }
    const auto o = run_injected_conflict_property(seed, runs, reproduce);
    std::cout << id << " [" << kGeneratedCodex << "]: " << (o.pass ? "pass" : "FAIL") << " after " << o.runs << " runs\n";
    if (!o.pass) std::cout << "  detail: " << o.failure << "\n  reproduce: " << reproduce_command(o) << "\n";
    return o.pass ? 0 : 1;
  }
  const Spec spec = load_spec(amendment);
  const PropertyInfo* p = find_property(id);
  if (!p) {
    std::vector<std::string> ids;
    for (const auto& info : properties()) ids.push_back(info.id);
    std::cerr << "property: unknown property '" << id << "': " << suggestion(id, ids, "see 'rulespec list properties'") << "\n";
    return 2;
  }
  if (!ruleset.empty()) {
    if (!spec.has_ruleset(ruleset)) {
      std::cerr << "property: unknown ruleset '" << ruleset << "': " << suggestion(ruleset, spec.ruleset_ids(), "see 'rulespec list rulesets'") << "\n";
      return 2;
    }
    if (!p->applies(spec.ruleset(ruleset))) {
      std::cerr << id << ": does not apply to ruleset " << ruleset << ": " << why_not_applies(spec, *p, spec.ruleset(ruleset)) << "\n";
      return 2;
    }
  }
  int failed = 0, ran = 0;
  for (const auto& rs : spec.rulesets()) {
    if (!ruleset.empty() ? rs.id != ruleset : !p->applies(rs)) continue;
    ++ran;
    std::optional<ReadLog> reads;
    if (reproduce.empty()) reads.emplace();
    auto o = run_property(spec, *p, rs, seed, runs, reproduce);
    // A pass is shown with the samples its rules decided: one none decided is vacuous.
    if (reads) measure_decisive(spec, *p, rs, reads->take(), o);
    if (o.gave_up) {
      // Not a failure of the property: nothing generated under this ruleset was left to test.
      std::cout << p->id << " [" << rs.id << "]: nothing to test: " << o.failure << "\n";
      continue;
    }
    std::cout << p->id << " [" << rs.id << "]: " << (o.pass ? "pass" : "FAIL") << " after " << o.runs << " runs";
    if (o.pass && reads) std::cout << ": " << decisive_summary(o);
    std::cout << "\n";
    if (!o.pass) {
      ++failed;
      std::cout << "  no longer holds: " << p->summary << "\n";
      if (!o.witness.is_null()) std::cout << "  counterexample: " << named_quantities(o.witness) << "\n";
      std::cout << "  detail: " << o.failure << "\n  reproduce: " << reproduce_command(o)
                << (amendment.empty() ? "" : " --amendment " + amendment) << "\n";
    }
  }
  if (ran == 0) {
    // Without --ruleset, nothing it applies to (an amendment may have changed what it needs).
    std::cerr << id << ": applies to no ruleset" << (amendment.empty() ? "" : " of the amended catalog");
    for (const auto& rs : spec.rulesets())
      if (const auto& cl = p->clauses; !cl.empty() && cl.front().rfind(rs.codex + ".", 0) == 0) {
        std::cerr << ": under " << rs.id << ", " << why_not_applies(spec, *p, rs);
        break;
      }
    std::cerr << "\n";
    return 2;
  }
  return failed ? 1 : 0;
}

}  // namespace rulespec::cli
