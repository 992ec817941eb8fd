#include "certify/matrix.hpp"

#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace rulespec::certify {
namespace {

bool installed(const std::string& path) { return access(path.c_str(), X_OK) == 0; }

std::string command_text(const std::vector<std::string>& argv) {
  std::string out;
  for (const auto& a : argv) out += (out.empty() ? "" : " ") + a;
  return out;
}

std::string esc(const std::string& s) {
  std::string o;
  for (char c : s) o += c == '<' ? "&lt;" : c == '>' ? "&gt;" : c == '&' ? "&amp;" : c == '"' ? "&quot;" : std::string(1, c);
  return o;
}

}  // namespace

void write_tiny_leelaz_weights(const std::string& path) {
  constexpr int filters = 2, points = 361;
  std::ofstream out(path);
  auto row = [&](int n, const char* v = "0") {
    for (int i = 0; i < n; ++i) out << (i ? " " : "") << v;
    out << "\n";
  };
  out << "1\n";
  // The input convolution (18 input planes, 3x3), then its batch normalisation (means, variances).
  row(filters * 18 * 9), row(filters), row(filters), row(filters, "1");
  for (int conv = 0; conv < 2; ++conv) row(filters * filters * 9), row(filters), row(filters), row(filters, "1");  // one residual block
  // The policy head: a 1x1 convolution to 2 planes, then a layer to the 362 moves.
  row(2 * filters), row(2), row(2), row(2, "1"), row(2 * points * (points + 1)), row(points + 1);
  // The value head: a 1x1 convolution to 1 plane, 256 hidden units, one output.
  row(filters), row(1), row(1), row(1, "1"), row(points * 256), row(256), row(256), row(1);
}

std::vector<MatrixEngine> installed_engines(const std::string& scratch, std::vector<std::string>* missing) {
  std::vector<MatrixEngine> out;
  auto note = [&](const std::string& why) {
    if (missing) missing->push_back(why);
  };
  const std::string gnugo = "/usr/games/gnugo";
  if (installed(gnugo)) {
    // Plain (its own rules: Japanese-style territory, simple ko, no suicide), and the flags that
    // change the rules it plays by.
    for (std::vector<std::string> flags : {std::vector<std::string>{}, {"--chinese-rules"}, {"--japanese-rules"}, {"--allow-all-suicide"}, {"--no-ko"}}) {
      // Level 1: its own moves (genmove) come in a fraction of a second; the rules it plays by do not
      // depend on its strength.
      std::vector<std::string> argv = {gnugo, "--mode", "gtp", "--level", "1"};
      argv.insert(argv.end(), flags.begin(), flags.end());
      out.push_back({"go", "", argv});
    }
  } else {
    note("GNU Go: /usr/games/gnugo is not installed (Debian package gnugo)");
  }
  const std::string leelaz = "/usr/games/leelaz";
  if (installed(leelaz)) {
    const std::string weights = scratch + "/leelaz-tiny-weights.txt";
    if (!installed(weights) && access(weights.c_str(), R_OK) != 0) write_tiny_leelaz_weights(weights);
    // A fixed number of playouts (with one thread, no pondering): its own moves come at once and
    // are the same every run, where a time limit would make them depend on the machine.
    out.push_back({"go", "", {leelaz, "--cpu-only", "-g", "-q", "--noponder", "-t", "1", "-p", "32", "-w", weights}, 19});
  } else {
    note("Leela Zero: /usr/games/leelaz is not installed (Debian package leela-zero)");
  }
  const std::string fsf = "/usr/games/fairy-stockfish";
  if (installed(fsf)) {
    out.push_back({"xiangqi", "", {fsf}});
    out.push_back({"shogi", "", {fsf}});
    out.push_back({"shogi", "usi", {fsf}});
  } else {
    note("fairy-stockfish: /usr/games/fairy-stockfish is not installed (Debian package fairy-stockfish)");
  }
  const std::string gnushogi = "/usr/games/gnushogi";
  if (installed(gnushogi)) out.push_back({"shogi", "xshogi", {gnushogi}});
  else note("GNU Shogi: /usr/games/gnushogi is not installed (Debian package gnushogi)");
  note("renju: no renju engine speaking the Gomocup protocol is packaged for Debian; certify checks its own reference brain (build/pbrain-rulespec)");
  return out;
}

std::vector<Result> run_matrix(const Spec& spec, const std::vector<MatrixEngine>& engines, const std::string& game, std::uint64_t seed,
                               double budget_seconds, int games, int jobs) {
  struct Cell {
    const MatrixEngine* engine;
    std::string ruleset;
  };
  std::vector<Cell> cells;
  for (const auto& e : engines)
    if (game.empty() || e.game == game)
      for (const auto& id : spec.ruleset_ids(e.game)) cells.push_back({&e, id});
  std::vector<Result> out(cells.size());
  const int threads = std::max(1, std::min<int>(jobs, static_cast<int>(cells.size())));
  run_jobs(threads, [&](int job) {
    for (std::size_t i = static_cast<std::size_t>(job); i < cells.size(); i += static_cast<std::size_t>(threads)) {
      const Cell& c = cells[i];
      Options o;
      o.engine = c.engine->argv;
      o.engine_text = command_text(c.engine->argv);
      o.protocol = c.engine->protocol;
      o.ruleset = c.ruleset;
      o.seed = seed;
      o.games = games;
      o.budget_seconds = budget_seconds;
      o.board_size = c.engine->board_size;
      try {
        out[i] = certify_game(c.engine->game, spec, spec.ruleset(c.ruleset), o);
      } catch (const std::exception& e) {
        out[i].engine_command = o.engine_text;
        out[i].ruleset = c.ruleset;
        out[i].engine_error = std::string("could not be started: ") + e.what();
      }
    }
  });
  return out;
}

Value matrix_json(const std::vector<Result>& cells) {
  Value rows = Value::list();
  for (const auto& r : cells) rows.push(certificate(r));
  Value out = Value::map();
  out.set("cells", rows);
  return out;
}

std::string matrix_html(const std::vector<Result>& cells) {
  // One table per codex: the same clauses are comparable only within one codex.
  std::map<std::string, std::vector<const Result*>> by_codex;
  for (const auto& r : cells) by_codex[r.codex.empty() ? "(not started)" : r.codex].push_back(&r);
  std::ostringstream os;
  os << "<div class=\"matrix\">\n";
  for (const auto& [codex, rows] : by_codex) {
    std::vector<std::string> columns;
    for (const Result* r : rows)
      for (const auto& [id, t] : r->clauses)
        if (std::find(columns.begin(), columns.end(), id) == columns.end()) columns.push_back(id);
    std::sort(columns.begin(), columns.end());
    std::size_t scope = rows.front()->scope.size();
    os << "<h3>" << esc(codex) << "</h3>\n<p>" << rows.size() << " engine and ruleset pairs; " << columns.size()
       << " clauses observed by at least one (the others of the codex's " << scope
       << " are observed by none: the protocols give no way to them). Cells: passed, failed (with the first replay), "
          "insufficient (too few decisive probes, or a rule-blind engine could have passed them), not observed (the reason on hover).</p>\n<table class=\"matrix\"><tr><th>engine</th><th>ruleset</th><th>verdict</th>";
    for (const auto& c : columns) os << "<th><code>" << esc(c) << "</code></th>";
    os << "</tr>\n";
    for (const Result* r : rows) {
      os << "<tr><td>" << esc(r->engine_id) << "<br><small><code>" << esc(r->engine_command) << "</code> (" << esc(r->protocol)
         << ")</small></td><td><code>" << esc(r->ruleset) << "</code></td><td>"
         << (r->certified() ? "certified on what it observed" : r->engine_error.empty() ? "not certified" : "engine failed: " + esc(r->engine_error))
         << "</td>";
      for (const auto& c : columns) {
        const Verdict v = r->verdict(c);
        const auto it = r->clauses.find(c);
        std::string title, text = to_string(v);
        if (it != r->clauses.end()) text += " " + std::to_string(it->second.passed) + "/" + std::to_string(it->second.tested);
        if (v == Verdict::Failed && !it->second.failures.empty())
          title = it->second.failures.front().query + ": required " + it->second.failures.front().required + "; engine " +
                  it->second.failures.front().answered + "; replay: " + it->second.failures.front().replay;
        if (v == Verdict::NotObserved) title = std::find(r->scope.begin(), r->scope.end(), c) != r->scope.end() ? not_observed_reason(*r, c) : "";
        os << "<td class=\"" << (v == Verdict::Passed ? "mx-pass" : v == Verdict::Failed ? "mx-fail" : v == Verdict::Insufficient ? "mx-few" : "mx-none")
           << "\" title=\"" << esc(title) << "\">" << esc(text) << "</td>";
      }
      os << "</tr>\n";
    }
    os << "</table>\n";
  }
  os << "</div>\n";
  return os.str();
}

}  // namespace rulespec::certify
