#include "certify/uci_session.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace rulespec::certify {

void UciSession::send(const std::string& command) {
  last = command;
  engine.send(command);
}

// A GTP engine answers an unknown command at once ("? unknown command"), where no UCI, USI or UCCI
// engine starts a line with "? " or "= ".
static bool is_gtp_answer(const std::string& line) {
  return line == "?" || line == "=" || line.rfind("? ", 0) == 0 || line.rfind("= ", 0) == 0;
}

std::string UciSession::until(const std::string& prefix, std::vector<std::string>* lines, bool stop_at_gtp_answer) {
  for (int n = 0;; ++n) {
    auto line = engine.read_line(timeout);
    if (!line) throw std::runtime_error("no '" + prefix + "' after '" + last + "' within " + std::to_string(timeout.count()) + " ms");
    if (n > 5000) throw std::runtime_error("more than 5000 lines without '" + prefix + "' after '" + last + "'");
    if (line->rfind(prefix, 0) == 0 || (stop_at_gtp_answer && is_gtp_answer(*line))) return *line;
    if (lines) lines->push_back(*line);
  }
}

std::string UciSession::handshake(const std::string& variant) {
  send(dialect);
  std::vector<std::string> hello;
  std::string answer;
  try {
    answer = until(dialect + "ok", &hello, true);
  } catch (const std::exception& e) {
    std::string name = dialect;
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    throw std::runtime_error(std::string(e.what()) + "; " + silent_engine_hint(name, argv));
  }
  // Said at once, not after the timeout.
  if (is_gtp_answer(answer))
    throw std::runtime_error("it answered '" + dialect + "' with '" + answer.substr(0, 60) + "', as a GTP engine answers an unknown command");
  std::string id = "unidentified engine";
  for (const auto& l : hello)
    if (l.rfind("id name ", 0) == 0) id = l.substr(8);
  if (dialect == "uci" &&
      std::any_of(hello.begin(), hello.end(), [](const std::string& l) { return l.find("name UCI_Variant") != std::string::npos; }))
    send("setoption name UCI_Variant value " + variant);
  // Each search starts afresh (bestmove), and clearing the smallest table is quick.
  if (std::any_of(hello.begin(), hello.end(), [](const std::string& l) { return l.rfind("option name Hash type spin", 0) == 0; }))
    send("setoption name Hash value 1");
  send("isready");
  until("readyok");
  return id;
}

std::set<std::string> UciSession::perft1(const std::string& fen) {
  send((dialect == "usi" ? "position sfen " : "position fen ") + fen);
  send("go perft 1");
  std::vector<std::string> lines;
  until("Nodes searched", &lines);
  std::set<std::string> moves;
  for (const auto& l : lines) {
    const auto colon = l.find(": ");
    if (colon != std::string::npos && colon >= 4 && colon <= 6 && l.find(' ') == colon + 1) moves.insert(l.substr(0, colon));
  }
  return moves;
}

bool UciSession::lists_perft(const std::string& fen) {
  send((dialect == "usi" ? "position sfen " : "position fen ") + fen);
  send("go perft 1");
  const auto deadline = std::min(timeout, std::chrono::milliseconds(3000));
  for (int n = 0; n < 5000; ++n) {
    auto line = engine.read_line(deadline);
    if (!line) break;
    if (line->rfind("Nodes searched", 0) == 0) return true;
    if (line->rfind("bestmove", 0) == 0) return false;
  }
  // Still thinking: a search without an end. Stop it and take its move.
  send("stop");
  until("bestmove");
  return false;
}

std::string UciSession::bestmove(const std::string& fen, int depth, const std::vector<std::string>& moves) {
  // What an engine learnt in earlier searches (its hash table, its move histories) changes the
  // move it picks: a new game before each makes the answer depend on this position alone, the
  // same in a replay of it and however the positions are shared among engine processes.
  if (dialect == "uci" || dialect == "usi") {
    send(dialect + "newgame");
    send("isready");
    until("readyok");
  }
  std::string played;
  for (const auto& m : moves) played += " " + m;
  send((dialect == "usi" ? "position sfen " : "position fen ") + fen + (played.empty() ? "" : " moves" + played));
  send("go depth " + std::to_string(depth));
  std::istringstream in(until("bestmove"));
  std::string word, move;
  in >> word >> move;
  return move;
}

UciRun::UciRun(const Options& o)
    : start(std::chrono::steady_clock::now()),
      budget(o.budget_seconds),
      engine(o.engine),
      uci{engine, std::chrono::milliseconds(static_cast<long>(std::min(20.0, o.budget_seconds) * 1000)), {},
          o.protocol == "usi" || o.protocol == "ucci" ? o.protocol : "uci", o.engine} {}

void probe_over_jobs(Result& r, const Options& options, std::size_t count, const std::function<std::string(UciRun&, int job)>& hello,
                     const std::function<void(UciRun&, int job, std::size_t index, Result& part)>& probe) {
  const int jobs = std::max(1, std::min(options.jobs, static_cast<int>(std::max<std::size_t>(count, 1))));
  std::vector<Result> parts(count);
  std::vector<std::string> ids(static_cast<std::size_t>(jobs)), errors(static_cast<std::size_t>(jobs));
  std::vector<char> started(static_cast<std::size_t>(jobs), 0);
  std::mutex progress_lock;
  int done = 0, probes = 0;
  std::set<std::string> clauses;
  auto work = [&](int job) {
    std::unique_ptr<UciRun> run;
    try {
      run = std::make_unique<UciRun>(options);
    } catch (const std::exception& e) {
      errors[static_cast<std::size_t>(job)] = e.what();
      return;
    }
    started[static_cast<std::size_t>(job)] = 1;
    try {
      ids[static_cast<std::size_t>(job)] = hello(*run, job);
      for (std::size_t i = static_cast<std::size_t>(job); i < count; i += static_cast<std::size_t>(jobs)) {
        if (run->out_of_time()) break;
        probe(*run, job, i, parts[i]);
        if (options.position_progress) {
          const std::lock_guard<std::mutex> lock(progress_lock);
          probes += parts[i].probes;
          for (const auto& c : parts[i].clauses) clauses.insert(c.first);
          options.position_progress(++done, static_cast<int>(count), probes, static_cast<int>(clauses.size()));
        }
      }
    } catch (const std::exception& e) {
      errors[static_cast<std::size_t>(job)] = std::string(e.what()) + " (last exchange: " + run->uci.last + ")";
    }
  };
  run_jobs(jobs, work);
  if (!started[0]) throw std::runtime_error(errors[0]);
  if (!ids[0].empty()) r.engine_id = ids[0];
  for (const auto& part : parts) merge(r, part);
  for (const auto& e : errors)
    if (r.engine_error.empty() && !e.empty()) r.engine_error = e;
}

void tally_move_lists(Result& r, const std::set<std::string>& ours, const std::set<std::string>& theirs,
                      const std::function<std::string(const std::string&)>& classify, const std::string& movement,
                      const std::vector<ListedRule>& rules, const std::string& position, const std::string& replay,
                      const std::function<std::string(const std::string&)>& to_ours) {
  std::map<std::string, std::string> extra, extra_ours;  // clause -> the moves, listed (engine's text, ours)
  std::string missing, missing_ours;
  auto add = [&](std::string& list, std::string& list_ours, const std::string& m) {
    list += (list.empty() ? "" : " ") + m;
    list_ours += (list_ours.empty() ? "" : ", ") + to_ours(m);
  };
  for (const auto& m : theirs)
    if (!ours.count(m)) add(extra[classify(m)], extra_ours[classify(m)], m);
  for (const auto& m : ours)
    if (!theirs.count(m)) add(missing, missing_ours, m);
  const bool moved_right = extra[movement].empty() && missing.empty();
  r.tally(movement, moved_right,
          Failure{position, "go perft 1", missing.empty() ? "no move the pieces cannot make" : "every legal move listed",
                  missing.empty() ? extra[movement] : "missing " + missing, replay,
                  missing.empty() ? extra_ours[movement] : "missing " + missing_ours});
  for (const auto& rule : rules)
    r.tally(rule.clause, extra[rule.clause].empty(),
            Failure{position, "go perft 1", rule.required, extra[rule.clause], replay, extra_ours[rule.clause]}, rule.evidence);
}

void record_oracle(Result& r, const Options& options, const Ruleset& rs, const std::string& game, const std::string& query,
                   std::vector<std::pair<std::string, Value>> fields, const std::string& answer_field, Value expected) {
  if (!options.record_oracle) return;
  Value request = Value::map();
  request.set("game", Value::string(game));
  request.set("ruleset", Value::string(rs.id));
  request.set("query", Value::string(query));
  for (auto& [key, value] : fields) request.set(key, std::move(value));
  r.oracle_checks.push_back({std::move(request), answer_field, std::move(expected)});
}

Value string_list(std::vector<std::string> items, bool sorted) {
  if (sorted) std::sort(items.begin(), items.end());
  Value out = Value::list();
  for (auto& item : items) out.push(Value::string(std::move(item)));
  return out;
}

}  // namespace rulespec::certify
