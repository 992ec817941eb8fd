// The certificate a run leaves: tallies per clause, certificate.json and junit.xml.
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <thread>
#include <sstream>
#include <stdexcept>

#include "certify/certify.hpp"
#include "spec/build_info.hpp"

namespace rulespec::certify {

std::string missing_program(const std::vector<std::string>& engine) {
  if (engine.empty()) return "no engine command";
  if (engine.front().find('/') != std::string::npos && access(engine.front().c_str(), X_OK) != 0)
    return "engine '" + engine.front() + "' is not an executable file";
  return "";
}

const char* to_string(Verdict v) {
  switch (v) {
    case Verdict::Passed: return "passed";
    case Verdict::Failed: return "failed";
    case Verdict::Insufficient: return "insufficient";
    case Verdict::NotObserved: return "not observed";
  }
  return "";
}

double failure_rate_bound(int probes) { return probes > 0 ? std::min(1.0, 3.0 / probes) : 1.0; }

double ClauseTally::blind_pass_chance() const { return std::pow(10.0, log10_blind_pass); }

Verdict Result::verdict(const std::string& clause) const {
  const auto it = clauses.find(clause);
  if (it == clauses.end() || it->second.tested == 0) return Verdict::NotObserved;
  const ClauseTally& t = it->second;
  if (t.passed < t.tested) return Verdict::Failed;
  // Only probes that could have failed count: enough decisive ones, which an engine without the
  // rule would almost surely have failed.
  if (measures_decisiveness || t.measured > 0)
    return t.decisive >= min_probes && t.blind_pass_chance() < kBlindPassBound ? Verdict::Passed : Verdict::Insufficient;
  return t.tested < min_probes ? Verdict::Insufficient : Verdict::Passed;
}

namespace {

// Why a clause's probes do not make it passed.
std::string insufficient_reason(const Result& r, const ClauseTally& t) {
  const std::string passed = t.tested == 1 ? "the 1 probe passed" : std::to_string(t.tested) + " probes passed";
  if (!r.measures_decisiveness && t.measured == 0)
    return passed + ", fewer than the " + std::to_string(r.min_probes) + " a clause needs";
  if (t.decisive == 0 && t.without_switch > 0 && t.without_switch == t.measured)
    return passed + ", none shown decisive: the models cannot switch this clause off (its catalog entry's not_decisive says why)";
  if (t.decisive == 0 && !t.shadowed_by.empty()) {
    std::string others;
    for (const auto& c : t.shadowed_by) others += (others.empty() ? "" : ", ") + c;
    return passed + (t.tested == 1 ? ", not decisive" : ", none of them decisive") + ": what it forbids there, " + others +
           " forbids too (an engine without this rule alone could not have failed)";
  }
  if (t.decisive == 0)
    return passed + (t.tested == 1 ? ", not decisive (an engine without the rule could not have failed it)"
                                   : ", none of them decisive (none could have been failed by an engine without the rule)");
  char chance[64];
  std::snprintf(chance, sizeof chance, "%.3g", t.blind_pass_chance());
  std::string out = passed + ", " + (t.tested == 1 ? "decisive" : std::to_string(t.decisive) + " of them decisive");
  if (t.decisive < r.min_probes) out += " (" + std::to_string(r.min_probes) + " needed)";
  if (t.blind_pass_chance() >= kBlindPassBound)
    out += "; an engine without the rule would have passed them all with chance " + std::string(chance) + " (below " +
           std::to_string(static_cast<int>(kBlindPassBound * 100)) + "% needed)";
  return out;
}

}  // namespace

std::string Result::why_insufficient(const std::string& clause) const {
  const auto it = clauses.find(clause);
  return it == clauses.end() ? std::string("no probe") : insufficient_reason(*this, it->second);
}

std::string Result::why_passed(const std::string& clause) const {
  const auto it = clauses.find(clause);
  if (it == clauses.end()) return "";
  const ClauseTally& t = it->second;
  char text[160];
  if (measures_decisiveness || t.measured > 0)
    std::snprintf(text, sizeof text, "%d decisive probes; an engine without the rule passes them all with chance %.3g", t.decisive,
                  t.blind_pass_chance());
  else
    std::snprintf(text, sizeof text, "%d probes, decisiveness not measured; failure rate below %.3g at 95%%", t.tested, failure_rate_bound(t.tested));
  return text;
}


bool Result::clean() const {
  // A run that tested nothing (the budget spent before the first probe) shows nothing either.
  if (!engine_error.empty() || clauses.empty()) return false;
  return std::all_of(clauses.begin(), clauses.end(), [](const auto& c) { return c.second.passed == c.second.tested; });
}

bool Result::certified() const {
  return clean() && std::any_of(scope.begin(), scope.end(), [&](const std::string& c) { return verdict(c) == Verdict::Passed; });
}

namespace {

std::string thousands(long n) {
  std::string s = std::to_string(n);
  for (int i = static_cast<int>(s.size()) - 3; i > 0; i -= 3) s.insert(static_cast<std::size_t>(i), ",");
  return s;
}

// "5 passed (2,341 decisive probes), 1 insufficient (too few decisive probes), 47 not observed"
// for a group of clauses; probes whose decisiveness is not measured are counted apart.
std::string group_counts(const Result& r, const std::vector<std::string>& ids, bool count_unobserved) {
  int passed = 0, failed = 0, insufficient = 0, unobserved = 0, insufficient_measured = 0;
  long decisive = 0, unmeasured = 0;
  for (const auto& id : ids) {
    const auto v = r.verdict(id);
    const auto it = r.clauses.find(id);
    const bool measured = r.measures_decisiveness || (it != r.clauses.end() && it->second.measured > 0);
    if (v == Verdict::Passed) {
      ++passed;
      (measured ? decisive : unmeasured) += measured ? it->second.decisive : it->second.tested;
    }
    if (v == Verdict::Failed) ++failed;
    if (v == Verdict::Insufficient) {
      ++insufficient;
      insufficient_measured += measured;
    }
    if (v == Verdict::NotObserved) ++unobserved;
  }
  std::string out = std::to_string(passed) + " passed";
  if (passed) {
    std::string evidence;
    if (decisive) evidence = thousands(decisive) + " decisive probes";
    if (unmeasured) evidence += (evidence.empty() ? "" : ", and ") + thousands(unmeasured) + " probes whose decisiveness is not measured";
    out += " (" + evidence + ")";
  }
  if (failed) out += ", " + std::to_string(failed) + " failed";
  if (insufficient) {
    const std::string too_few = "fewer than " + std::to_string(r.min_probes) + " probes";
    out += ", " + std::to_string(insufficient) + " insufficient (" +
           (insufficient_measured == insufficient ? std::string("too few decisive probes")
            : insufficient_measured == 0         ? too_few
                                                 : too_few + ", or too few decisive ones") +
           ")";
  }
  if (count_unobserved && unobserved) out += ", " + std::to_string(unobserved) + " not observed";
  return out;
}

}  // namespace

std::string Result::headline() const {
  std::vector<std::string> basic;
  for (const auto& [id, t] : clauses)
    if (std::find(scope.begin(), scope.end(), id) == scope.end()) basic.push_back(id);
  int own_observed = 0;
  for (const auto& id : scope) own_observed += verdict(id) != Verdict::NotObserved;
  std::string verdict_text = certified() ? "certified on what it observed" : "NOT certified";
  if (!engine_error.empty()) verdict_text += " (the engine failed)";
  else if (clean() && !certified()) verdict_text += own_observed ? " (no clause of " + codex + " had enough probes)" : " (none of " + codex + "'s clauses observed)";
  std::string out = engine_id + " under " + ruleset + " (" + protocol + "): " + verdict_text + "; " + codex + ": " +
                    std::to_string(own_observed) + " of " + std::to_string(scope.size()) + " clauses observed, " + group_counts(*this, scope, false);
  if (!basic.empty()) out += "; the basic rules " + codex + " presupposes: " + std::to_string(basic.size()) + " clauses, " + group_counts(*this, basic, false);
  return out;
}

void Result::tally(const std::string& clause, bool pass, Failure f, Evidence e) {
  if (clause.empty()) return;
  auto& t = clauses[clause];
  ++t.tested;
  if (e.measured) ++t.measured;
  if (e.decisive) {
    ++t.decisive;
    t.log10_blind_pass += std::log10(std::max(e.blind_pass, 1e-300));
  }
  t.shadowed_by.insert(e.also_forbidden_by.begin(), e.also_forbidden_by.end());
  t.without_switch += e.no_switch;
  if (pass) ++t.passed;
  else if (t.failures.size() < 5) t.failures.push_back(std::move(f));
}

Result certify_game(const std::string& game, const Spec& spec, const Ruleset& rs, const Options& options) {
  if (game == "go") return certify_go_gtp(spec, rs, options);
  if (game == "xiangqi") return certify_xiangqi_uci(spec, rs, options);
  if (game == "shogi" && options.protocol == "xshogi") return certify_shogi_xshogi(spec, rs, options);
  if (game == "shogi") return certify_shogi_uci(spec, rs, options);
  if (game == "renju") return certify_renju_gomocup(spec, rs, options);
  throw std::invalid_argument("no certifier for the game '" + game + "'");
}

std::string replay_line(const std::string& game, const Ruleset& rs, const Options& options, int one_game) {
  return "rulespec certify --game " + game + " --ruleset " + rs.id + " --engine \"" + options.engine_text + "\" --seed " +
         std::to_string(options.seed) + (options.protocol.empty() ? "" : " --protocol " + options.protocol) +
         (game == "go" && options.board_size != 9 ? " --board-size " + std::to_string(options.board_size) : "") +
         // The games and the probes a clause needs make the positions (their number, the loops
         // built for them), so that an index means the same position only with the same ones.
         (options.games != Options{}.games ? " --games " + std::to_string(options.games) : "") +
         (options.min_probes != Options{}.min_probes ? " --min-probes " + std::to_string(options.min_probes) : "") +
         (one_game >= 0 ? " --replay " + std::to_string(one_game) : "");
}

void check_replay(int only, std::size_t count, const char* what) {
  if (only >= 0 && static_cast<std::size_t>(only) >= count)
    throw ReplayOutOfRange("--replay " + std::to_string(only) + ": this run has " + std::to_string(count) + " " + what + ", numbered 0 to " +
                           std::to_string(count == 0 ? 0 : count - 1) + " (the replay line of a failure names one; keep its other options)");
}

std::vector<std::size_t> probed_indices(std::size_t count, int only) {
  check_replay(only, count, "positions");
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < count; ++i)
    if (only < 0 || i == static_cast<std::size_t>(only)) out.push_back(i);
  return out;
}

void run_jobs(int jobs, const std::function<void(int job)>& work) {
  if (jobs <= 1) {
    work(0);
    return;
  }
  std::vector<std::thread> threads;
  for (int j = 0; j < jobs; ++j) threads.emplace_back(work, j);
  for (auto& t : threads) t.join();
}

void merge(Result& into, const Result& part) {
  into.games += part.games;
  into.probes += part.probes;
  for (const auto& [id, t] : part.clauses) {
    auto& mine = into.clauses[id];
    mine.tested += t.tested;
    mine.passed += t.passed;
    mine.measured += t.measured;
    mine.decisive += t.decisive;
    mine.log10_blind_pass += t.log10_blind_pass;
    mine.shadowed_by.insert(t.shadowed_by.begin(), t.shadowed_by.end());
    mine.without_switch += t.without_switch;
    for (const auto& f : t.failures)
      if (mine.failures.size() < 5) mine.failures.push_back(f);
  }
  if (into.engine_error.empty()) into.engine_error = part.engine_error;
  into.measures_decisiveness = into.measures_decisiveness || part.measures_decisiveness;
  for (const auto& [id, why] : part.unobserved) into.unobserved.emplace(id, why);
  into.noted.insert(into.noted.end(), part.noted.begin(), part.noted.end());
  into.oracle_checks.insert(into.oracle_checks.end(), part.oracle_checks.begin(), part.oracle_checks.end());
}

Result begin_result(const char* protocol, const Spec& spec, const Ruleset& rs, const Options& options) {
  if (const auto bad = missing_program(options.engine); !bad.empty()) throw std::runtime_error(bad);
  Result r;
  r.protocol = protocol;
  r.engine_id = "unidentified engine";
  r.ruleset = rs.id;
  r.seed = options.seed;
  r.codex = rs.codex;
  r.engine_command = options.engine_text;
  r.min_probes = std::max(1, options.min_probes);
  r.measures_decisiveness = false;
  if (const Codex* cx = spec.codex(rs.codex))
    for (const auto& c : cx->clauses) r.scope.push_back(c.id);
  return r;
}

std::string silent_engine_hint(const std::string& protocol, const std::vector<std::string>& engine) {
  const std::string program = engine.empty() ? "" : engine.front().substr(engine.front().rfind('/') + 1);
  auto has = [&](const std::string& flag) { return std::find(engine.begin(), engine.end(), flag) != engine.end(); };
  std::string hint = "the engine answered nothing to its first " + protocol + " command: is it speaking " + protocol + "?";
  if (program == "gnugo" && !has("--mode")) hint += " GNU Go speaks GTP with --mode gtp (--engine \"gnugo --mode gtp\")";
  else if (program == "leelaz" && !has("-g") && !has("--gtp")) hint += " Leela Zero speaks GTP with -g (--gtp), and needs -w WEIGHTS";
  else if (program == "gnushogi") hint += " GNU Shogi speaks the xshogi protocol (--protocol xshogi), not " + protocol;
  else if (program == "fairy-stockfish" && protocol != "uci" && protocol != "usi" && protocol != "ucci")
    hint += " Fairy-Stockfish speaks UCI (--protocol uci)";
  return hint;
}

// Why a clause of the scope has no probe: the engine lacks an optional command, or the protocol
// has no way to it.
std::string not_observed_reason(const Result& r, const std::string& clause) {
  if (const auto it = r.unobserved.find(clause); it != r.unobserved.end()) return it->second;
  std::string why = "no " + r.protocol + " probe of this run speaks to it";
  for (const auto& n : r.not_observable) why += "; " + n;
  return why;
}

Value certificate(const Result& r) {
  Value out = Value::map();
  out.set("engine", Value::string(r.engine_id));
  Value by = Value::map();
  by.set("version", Value::string(rulespec_version()));
  by.set("commit", Value::string(rulespec_commit()));
  out.set("rulespec", by);
  out.set("command", Value::string(r.engine_command));
  out.set("protocol", Value::string(r.protocol));
  out.set("ruleset", Value::string(r.ruleset));
  out.set("seed", Value::integer(static_cast<std::int64_t>(r.seed)));
  out.set("certified", Value::boolean(r.certified()));
  out.set("headline", Value::string(r.headline()));
  out.set("codex", Value::string(r.codex));
  out.set("min_probes", Value::integer(r.min_probes));
  out.set("games", Value::integer(r.games));
  out.set("probes", Value::integer(r.probes));
  if (!r.engine_error.empty()) out.set("engine_error", Value::string(r.engine_error));
  Value clauses = Value::map();
  for (const auto& [id, t] : r.clauses) {
    Value c = Value::map();
    c.set("tested", Value::integer(t.tested));
    c.set("passed", Value::integer(t.passed));
    c.set("verdict", Value::string(to_string(r.verdict(id))));
    c.set("own_clause", Value::boolean(std::find(r.scope.begin(), r.scope.end(), id) != r.scope.end()));
    // With n probes and none failed, the failure rate is below 3/n at 95% confidence.
    if (t.passed == t.tested && t.tested > 0) c.set("failure_rate_below", Value::number(failure_rate_bound(t.tested)));
    // The evidence that could have failed: decisive probes, and the chance that an engine without
    // the rule passes them all.
    if (r.measures_decisiveness || t.measured > 0) {
      c.set("decisive", Value::integer(t.decisive));
      c.set("blind_pass_chance", Value::number(t.decisive ? t.blind_pass_chance() : 1.0));
    } else {
      c.set("decisive", Value::string("not measured"));
    }
    if (r.verdict(id) == Verdict::Insufficient) c.set("why_insufficient", Value::string(insufficient_reason(r, t)));
    Value fails = Value::list();
    for (const auto& f : t.failures) {
      Value v = Value::map();
      v.set("position", Value::string(f.position));
      v.set("query", Value::string(f.query));
      v.set("required", Value::string(f.required));
      v.set("answered", Value::string(f.answered));
      if (!f.answered_ours.empty()) v.set("answered_ours", Value::string(f.answered_ours));
      v.set("replay", Value::string(f.replay));
      fails.push(v);
    }
    if (!t.failures.empty()) c.set("failures", fails);
    clauses.set(id, c);
  }
  out.set("clauses", clauses);
  Value no = Value::list();
  for (const auto& s : r.not_observable) no.push(Value::string(s));
  out.set("not_observable", no);
  Value unobserved = Value::map();
  for (const auto& id : r.scope)
    if (r.verdict(id) == Verdict::NotObserved) unobserved.set(id, Value::string(not_observed_reason(r, id)));
  out.set("not_observed", unobserved);
  if (!r.noted.empty()) {
    Value noted = Value::list();
    for (const auto& n : r.noted) noted.push(Value::string(n));
    out.set("noted", noted);
  }
  return out;
}

// One test case per clause of the ruleset's codex (and per basic rule probed): passed, failed, or
// skipped with why (not observed, insufficient), so a dashboard never shows green for a clause
// nobody examined.
std::string junit(const Result& r) {
  auto escape = [](const std::string& s) {
    std::string o;
    for (char c : s) o += c == '<' ? "&lt;" : c == '>' ? "&gt;" : c == '&' ? "&amp;" : c == '"' ? "&quot;" : std::string(1, c);
    return o;
  };
  std::vector<std::string> ids = r.scope;
  for (const auto& [id, t] : r.clauses)
    if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
  int failures = !r.engine_error.empty(), skipped = 0;
  for (const auto& id : ids) {
    failures += r.verdict(id) == Verdict::Failed;
    skipped += r.verdict(id) == Verdict::Insufficient || r.verdict(id) == Verdict::NotObserved;
  }
  std::ostringstream os;
  os << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"certify " << escape(r.engine_id) << " " << r.ruleset
     << "\" tests=\"" << ids.size() + 1 << "\" failures=\"" << failures << "\" skipped=\"" << skipped << "\">\n";
  os << "  <properties><property name=\"headline\" value=\"" << escape(r.headline()) << "\"/></properties>\n";
  os << "  <testcase name=\"engine answers the protocol\">";
  if (!r.engine_error.empty()) os << "<failure message=\"" << escape(r.engine_error) << "\"/>";
  os << "</testcase>\n";
  for (const auto& id : ids) {
    os << "  <testcase name=\"" << escape(id) << "\">";
    const auto v = r.verdict(id);
    const auto it = r.clauses.find(id);
    if (v == Verdict::Failed) {
      const auto& t = it->second;
      os << "<failure message=\"" << t.tested - t.passed << " of " << t.tested << " probes failed; first: "
         << escape(t.failures.empty() ? "" : t.failures.front().query + " required " + t.failures.front().required + ", engine " +
                                                 t.failures.front().answered + "; replay: " + t.failures.front().replay)
         << "\"/>";
    } else if (v == Verdict::Insufficient) {
      os << "<skipped message=\"insufficient: " << escape(insufficient_reason(r, it->second)) << "\"/>";
    } else if (v == Verdict::NotObserved) {
      os << "<skipped message=\"not observed: " << escape(not_observed_reason(r, id)) << "\"/>";
    }
    os << "</testcase>\n";
  }
  os << "</testsuite>\n";
  return os.str();
}

}  // namespace rulespec::certify
