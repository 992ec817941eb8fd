// rulespec certify: one engine, one ruleset, its own protocol; writes certificate.json,
// certificate.html and junit.xml and exits 0 (certified), 1 (a clause failed or the engine broke
// down) or 2 (bad input, or the engine could not be started).
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <mutex>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include "certify/certify.hpp"
#include "certify/matrix.hpp"
#include "reports/report.hpp"
#include "cli/commands.hpp"
#include "spec/suggest.hpp"

namespace rulespec::cli {
namespace {


bool executable(const std::string& path) { return access(path.c_str(), X_OK) == 0 && !std::filesystem::is_directory(path); }

// The program's path: as given when it has a slash, else found on PATH or in /usr/games.
std::string find_program(const std::string& name) {
  if (name.find('/') != std::string::npos) return executable(name) ? name : "";
  std::string path = std::getenv("PATH") ? std::getenv("PATH") : "";
  path += ":/usr/games";
  std::istringstream dirs(path);
  for (std::string dir; std::getline(dirs, dir, ':');)
    if (!dir.empty() && executable(dir + "/" + name)) return dir + "/" + name;
  return "";
}

std::string html(const certify::Result& r) {
  auto esc = [](const std::string& s) {
    std::string o;
    for (char c : s) o += c == '<' ? "&lt;" : c == '>' ? "&gt;" : c == '&' ? "&amp;" : std::string(1, c);
    return o;
  };
  std::ostringstream os;
  os << "<!doctype html><meta charset=\"utf-8\"><title>rulespec certificate</title>\n<h1>" << esc(r.engine_id) << " under "
     << esc(r.ruleset) << " (" << r.protocol << ")</h1>\n<p>" << esc(r.headline()) << ".</p>\n<p>" << r.games << (r.games == 1 ? " game, " : " games, ") << r.probes
     << " probes, seed " << r.seed << ". A clause passes when no probe of it failed and at least " << r.min_probes
     << " of its probes count: decisive ones, which an engine without the rule could have failed (the chance that such an engine "
        "passes them all is given), or, where decisiveness is not measured (the basic rules), probes enough to bound the failure "
        "rate. A clause with fewer is insufficient, and the reason says which probes were missing.</p>\n";
  if (!r.engine_error.empty()) os << "<p><b>Engine failure:</b> " << esc(r.engine_error) << "</p>\n";
  os << "<table border=1 cellpadding=4><tr><th>clause</th><th>verdict</th><th>tested</th><th>passed</th><th>decisive</th><th>why: the first "
        "failure, the evidence, or what was missing</th></tr>\n";
  std::vector<std::string> ids = r.scope;
  for (const auto& [id, t] : r.clauses)
    if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
  for (const auto& id : ids) {
    const auto v = r.verdict(id);
    const certify::ClauseTally t = r.clauses.count(id) ? r.clauses.at(id) : certify::ClauseTally{};
    os << "<tr><td>" << esc(id) << "</td><td>" << certify::to_string(v) << "</td><td>" << t.tested << "</td><td>" << t.passed << "</td><td>"
       << (t.measured ? std::to_string(t.decisive) : t.tested ? std::string("not measured") : std::string()) << "</td><td>";
    if (v == certify::Verdict::NotObserved) os << esc(certify::not_observed_reason(r, id));
    if (v == certify::Verdict::Passed) os << esc(r.why_passed(id));
    if (v == certify::Verdict::Insufficient) os << esc(r.why_insufficient(id));
    if (!t.failures.empty()) {
      const auto& f = t.failures.front();
      os << esc(f.query) << ": required " << esc(f.required) << ", engine " << esc(f.answered)
         << (f.answered_ours.empty() ? "" : " (in our notation: " + esc(f.answered_ours) + ")") << "<br><small>after "
         << esc(f.position) << "</small><br><code>" << esc(f.replay) << "</code>";
    }
    os << "</td></tr>\n";
  }
  os << "</table>\n";
  for (const auto& n : r.noted) os << "<p>Noted (not judged): " << esc(n) << "</p>\n";
  for (const auto& n : r.not_observable) os << "<p>Not observable: " << esc(n) << "</p>\n";
  return os.str();
}

}  // namespace

// certify --matrix: every installed engine against every ruleset of its game.
int certify_matrix(const Spec& spec, const CertifyArgs& a) {
  if (!a.ruleset.empty() || !a.engine.empty()) {
    std::cerr << "certify: --matrix runs every installed engine under every ruleset; it takes no --ruleset or --engine\n";
    return 2;
  }
  if (!a.game.empty() && spec.ruleset_ids(a.game).empty()) {
    std::cerr << "certify: --game " << a.game << " has no rulesets (go, xiangqi, shogi, renju)\n";
    return 2;
  }
  std::filesystem::create_directories(a.out);
  std::vector<std::string> missing;
  const auto engines = certify::installed_engines(a.out, &missing);
  const auto cells = certify::run_matrix(spec, engines, a.game, a.seed, a.budget, a.games, a.jobs);
  write_file_atomic(a.out + "/matrix.json", certify::matrix_json(cells).dump() + "\n");
  std::string page = std::string("<!doctype html><meta charset=\"utf-8\"><title>rulespec conformance matrix</title>\n<style>") +
                     certify::kMatrixStyle + "</style>\n<h1>Conformance matrix</h1>\n<p>Seed " + std::to_string(a.seed) + ", " + std::to_string(a.games) +
                     " games per Go cell. Engines not run here: ";
  for (const auto& m : missing) page += m + "; ";
  page += "</p>\n" + certify::matrix_html(cells);
  write_file_atomic(a.out + "/matrix.html", page);
  for (const auto& c : cells) std::cout << c.engine_command << ": " << c.headline() << "\n";
  for (const auto& m : missing) std::cout << "not run: " << m << "\n";
  std::cout << "matrix: " << a.out << "/{matrix.json,matrix.html} (" << cells.size() << " cells)\n";
  return 0;
}

int certify_engine(const CertifyArgs& a) {
  const Spec spec = Spec::load_dir(spec_dir());
  if (a.matrix) return certify_matrix(spec, a);
  if (a.game.empty() || a.ruleset.empty() || a.engine.empty()) {
    std::cerr << "certify: --game, --ruleset and --engine are required (or --matrix for every installed engine)\n";
    return 2;
  }
  // Each game's protocols, the usual one first; GNU Shogi speaks only xshogi.
  const std::map<std::string, std::vector<std::string>> protocols = {
      {"go", {"gtp"}}, {"xiangqi", {"uci", "ucci"}}, {"shogi", {"uci", "usi", "xshogi"}}, {"renju", {"gomocup"}}};
  const auto game_protocols = protocols.find(a.game);
  if (game_protocols == protocols.end()) {
    std::cerr << "certify: --game " << a.game << " is not certifiable yet (go over gtp, xiangqi over uci or ucci, shogi over uci, usi or xshogi, renju over gomocup are)\n";
    return 2;
  }
  const auto& allowed = game_protocols->second;
  const auto engine_words = command_words(a.engine);
  const bool gnushogi = !engine_words.empty() && std::filesystem::path(engine_words.front()).filename() == "gnushogi";
  const std::string protocol = !a.protocol.empty() ? a.protocol : gnushogi ? "xshogi" : allowed.front();
  if (std::find(allowed.begin(), allowed.end(), protocol) == allowed.end()) {
    std::string list;
    for (const auto& p : allowed) list += (list.empty() ? "" : " or ") + p;
    std::cerr << "certify: protocol '" << protocol << "' does not fit --game " << a.game << " (" << list << ")\n";
    return 2;
  }
  if (!spec.has_ruleset(a.ruleset) || spec.ruleset(a.ruleset).game != a.game) {
    std::cerr << "certify: --ruleset '" << a.ruleset << "' is not a " << a.game << " ruleset: " << suggestion(a.ruleset, spec.ruleset_ids(a.game), "see 'rulespec list rulesets'")
              << "\n";
    return 2;
  }
  certify::Options o;
  o.engine = command_words(a.engine);
  o.engine_text = a.engine;
  if (o.engine.empty()) {
    std::cerr << "certify: --engine is empty\n";
    return 2;
  }
  const std::string program = find_program(o.engine.front());
  if (program.empty()) {
    std::cerr << "certify: engine '" << o.engine.front() << "' not found or not executable\n";
    return 2;
  }
  o.engine.front() = program;
  o.ruleset = a.ruleset;
  o.seed = a.seed;
  o.games = a.games;
  o.budget_seconds = a.budget;
  o.only_game = a.replay;
  o.jobs = a.jobs;
  o.min_probes = a.min_probes;
  o.board_size = a.board_size;
  if (protocol != allowed.front()) o.protocol = protocol;
  int games_done = 0, probes = 0;
  const auto t0 = std::chrono::steady_clock::now();
  std::mutex progress_lock;
  if (!a.quiet)
    o.progress = [&](int, int game_probes) {
      const std::lock_guard<std::mutex> lock(progress_lock);
      probes += game_probes;
      std::cerr << "\rcertify: " << ++games_done << "/" << a.games << " games, " << probes << " probes, "
                << std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - t0).count() << " s" << std::flush;
    };
  if (!a.quiet)
    o.position_progress = [&](int done, int total, int probes_so_far, int clauses) {
      const std::lock_guard<std::mutex> lock(progress_lock);
      games_done = 1;  // a line was printed: end it at the end
      std::cerr << "\rcertify: " << done << "/" << total << " positions, " << probes_so_far << " probes, " << clauses << " clauses, "
                << std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - t0).count() << " s" << std::flush;
    };
  certify::Result r;
  try {
    r = certify::certify_game(a.game, spec, spec.ruleset(a.ruleset), o);
  } catch (const certify::ReplayOutOfRange& e) {
    std::cerr << "certify: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "certify: the engine could not be started: " << e.what() << "\n";
    return 2;
  }
  if (!a.quiet && games_done > 0) std::cerr << "\n";
  std::filesystem::create_directories(a.out);
  std::ofstream(a.out + "/certificate.json") << certify::certificate(r).dump() << "\n";
  std::ofstream(a.out + "/certificate.html") << html(r);
  std::ofstream(a.out + "/junit.xml") << certify::junit(r);
  std::cout << r.headline() << "; " << r.games << (r.games == 1 ? " game, " : " games, ") << r.probes << " probes in all\n";
  for (const auto& [id, t] : r.clauses) {
    const auto v = r.verdict(id);
    std::cout << "  " << id << ": " << certify::to_string(v) << ", " << t.passed << "/" << t.tested;
    if (v == certify::Verdict::Passed) std::cout << " (" << r.why_passed(id) << ")";
    if (v == certify::Verdict::Insufficient) std::cout << " (not certified on it: " << r.why_insufficient(id) << ")";
    if (!t.failures.empty())
      std::cout << "\n    FAILED e.g. " << t.failures.front().query << " (required " << t.failures.front().required << ")\n    engine: "
                << t.failures.front().answered
                << (t.failures.front().answered_ours.empty() ? "" : "\n    in our notation: " + t.failures.front().answered_ours)
                << "\n    position: " << t.failures.front().position << "\n    replay: " << t.failures.front().replay;
    std::cout << "\n";
  }
  for (const auto& [id, why] : r.unobserved) std::cout << "  " << id << ": not observed: " << why << "\n";
  int unobserved = 0;
  for (const auto& id : r.scope) unobserved += r.verdict(id) == certify::Verdict::NotObserved && !r.unobserved.count(id);
  if (unobserved)
    std::cout << "  " << unobserved << " other clause" << (unobserved == 1 ? "" : "s") << " of " << r.codex << " not observed: no "
              << r.protocol << " probe speaks to " << (unobserved == 1 ? "it" : "them") << " (junit.xml lists each)\n";
  for (const auto& n : r.not_observable) std::cout << "  not observable: " << n << "\n";
  for (const auto& n : r.noted) std::cout << "  noted: " << n << "\n";
  if (!r.engine_error.empty()) std::cout << "  engine failure: " << r.engine_error << "\n";
  std::cout << "certificate: " << a.out << "/{certificate.json,certificate.html,junit.xml}\n";
  return r.certified() ? 0 : 1;
}

}  // namespace rulespec::cli
