// The certificate a run leaves: tallies per clause, certificate.json and junit.xml.
#include <unistd.h>

#include <algorithm>
#include <thread>
#include <sstream>
#include <stdexcept>

#include "certify/certify.hpp"

namespace rulespec::certify {

std::string missing_program(const std::vector<std::string>& engine) {
  if (engine.empty()) return "no engine command";
  if (engine.front().find('/') != std::string::npos && access(engine.front().c_str(), X_OK) != 0)
    return "engine '" + engine.front() + "' is not an executable file";
  return "";
}

bool Result::certified() const {
  // A run that tested nothing (the budget spent before the first probe) certifies nothing.
  if (!engine_error.empty() || clauses.empty()) return false;
  return std::all_of(clauses.begin(), clauses.end(), [](const auto& c) { return c.second.passed == c.second.tested; });
}

void Result::tally(const std::string& clause, bool pass, Failure f) {
  if (clause.empty()) return;
  auto& t = clauses[clause];
  ++t.tested;
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
         std::to_string(options.seed) + (options.protocol.empty() ? "" : " --protocol " + options.protocol) + (one_game >= 0 ? " --replay " + std::to_string(one_game) : "");
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
    for (const auto& f : t.failures)
      if (mine.failures.size() < 5) mine.failures.push_back(f);
  }
  if (into.engine_error.empty()) into.engine_error = part.engine_error;
}

Result begin_result(const char* protocol, const Ruleset& rs, const Options& options) {
  if (const auto bad = missing_program(options.engine); !bad.empty()) throw std::runtime_error(bad);
  Result r;
  r.protocol = protocol;
  r.engine_id = "unidentified engine";
  r.ruleset = rs.id;
  r.seed = options.seed;
  return r;
}

Value certificate(const Result& r) {
  Value out = Value::map();
  out.set("engine", Value::string(r.engine_id));
  out.set("protocol", Value::string(r.protocol));
  out.set("ruleset", Value::string(r.ruleset));
  out.set("seed", Value::integer(static_cast<std::int64_t>(r.seed)));
  out.set("certified", Value::boolean(r.certified()));
  out.set("games", Value::integer(r.games));
  out.set("probes", Value::integer(r.probes));
  if (!r.engine_error.empty()) out.set("engine_error", Value::string(r.engine_error));
  Value clauses = Value::map();
  for (const auto& [id, t] : r.clauses) {
    Value c = Value::map();
    c.set("tested", Value::integer(t.tested));
    c.set("passed", Value::integer(t.passed));
    c.set("verdict", Value::string(t.passed == t.tested ? "passed" : "failed"));
    Value fails = Value::list();
    for (const auto& f : t.failures) {
      Value v = Value::map();
      v.set("position", Value::string(f.position));
      v.set("query", Value::string(f.query));
      v.set("required", Value::string(f.required));
      v.set("answered", Value::string(f.answered));
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
  return out;
}

std::string junit(const Result& r) {
  auto escape = [](const std::string& s) {
    std::string o;
    for (char c : s) o += c == '<' ? "&lt;" : c == '>' ? "&gt;" : c == '&' ? "&amp;" : c == '"' ? "&quot;" : std::string(1, c);
    return o;
  };
  int failures = 0;
  for (const auto& [id, t] : r.clauses) failures += t.passed != t.tested;
  failures += !r.engine_error.empty();
  std::ostringstream os;
  os << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"certify " << escape(r.engine_id) << " " << r.ruleset
     << "\" tests=\"" << r.clauses.size() + 1 << "\" failures=\"" << failures << "\">\n";
  os << "  <testcase name=\"engine answers the protocol\">";
  if (!r.engine_error.empty()) os << "<failure message=\"" << escape(r.engine_error) << "\"/>";
  os << "</testcase>\n";
  for (const auto& [id, t] : r.clauses) {
    os << "  <testcase name=\"" << escape(id) << "\">";
    if (t.passed != t.tested)
      os << "<failure message=\"" << t.tested - t.passed << " of " << t.tested << " probes failed; first: "
         << escape(t.failures.empty() ? "" : t.failures.front().query + " required " + t.failures.front().required + ", engine " +
                                                 t.failures.front().answered)
         << "\"/>";
    os << "</testcase>\n";
  }
  os << "</testsuite>\n";
  return os.str();
}

}  // namespace rulespec::certify
