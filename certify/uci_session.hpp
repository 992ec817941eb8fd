// A UCI conversation for certify: the handshake (with UCI_Variant when the engine offers it),
// `go perft 1` move lists and `bestmove`, each bounded by a deadline, with the last command kept
// for the error message of a broken engine.
#pragma once
#include <chrono>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "certify/certify.hpp"
#include "engines/process.hpp"

namespace rulespec::certify {

struct UciSession {
  engines::EngineProcess& engine;
  std::chrono::milliseconds timeout;
  std::string last;
  // uci, or the dialects usi (shogi: `position sfen`) and ucci (xiangqi), which start with their
  // own word and answer usiok / ucciok; the variant follows from the dialect.
  std::string dialect = "uci";
  std::vector<std::string> argv;  // the engine's command, for the hint when it says nothing
  bool has_perft = true;          // lists_perft's answer, once asked

  void send(const std::string& command);
  // Reads to the first line that starts with `prefix` and returns it; the lines before go to `lines`.
  // Reads up to the line starting with `prefix` and returns it; with stop_at_gtp_answer, a GTP
  // answer line ends the wait too (and is returned).
  std::string until(const std::string& prefix, std::vector<std::string>* lines = nullptr, bool stop_at_gtp_answer = false);
  // uci / uciok (the engine's "id name"), the variant, isready / readyok (or the dialect's words).
  std::string handshake(const std::string& variant);
  // The moves `go perft 1` lists for a position given as "position fen ..." (usi: "position sfen").
  std::set<std::string> perft1(const std::string& fen);
  // Whether the engine lists moves for `go perft 1` (Stockfish's extension, not part of UCI or
  // USI): asked once on `fen`; an engine that searches instead (answers bestmove) or says nothing
  // within a few seconds has none, and is told to stop.
  bool lists_perft(const std::string& fen);
  // The move of `go depth N`, on the position alone or after moves played from it (the game's
  // history, which repetition rules read).
  std::string bestmove(const std::string& fen, int depth, const std::vector<std::string>& moves = {});
};

// One certify run over UCI: the engine, its session and the budget.
struct UciRun {
  explicit UciRun(const Options& o);
  std::chrono::steady_clock::time_point start;
  std::chrono::duration<double> budget;
  engines::EngineProcess engine;
  UciSession uci;
  bool out_of_time() const { return std::chrono::steady_clock::now() - start > budget; }
  double seconds() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); }
};

// Probes `count` positions over options.jobs engine processes, position i on process i % jobs.
// Each process is started and greeted by `hello` (which returns the engine's id); `probe` tallies
// position i into its own result. The results are merged in position order, so the certificate
// is the same whatever the number of jobs. Engine failures end that process's share and are
// reported with its last exchange; the budget is shared.
void probe_over_jobs(Result& r, const Options& options, std::size_t count, const std::function<std::string(UciRun&, int job)>& hello,
                     const std::function<void(UciRun&, int job, std::size_t index, Result& part)>& probe);

// A rule a move list is held to: its clause, what it requires, and the probe's evidence for it
// (decisive when the model lists other moves without the rule: an engine without it lists them).
struct ListedRule {
  std::string clause, required;
  Evidence evidence = Evidence::unmeasured();
};

// One position's `go perft 1` list against the model's: a move the engine misses, or one it lists
// that breaks no rule `classify` can name, fails `movement`; every other rule in `rules` fails on
// the moves `classify` assigns to it. `to_ours` gives an engine move in the project's notation, for
// the failure (empty: the same text).
void tally_move_lists(Result& r, const std::set<std::string>& ours, const std::set<std::string>& theirs,
                      const std::function<std::string(const std::string&)>& classify, const std::string& movement,
                      const std::vector<ListedRule>& rules, const std::string& position, const std::string& replay,
                      const std::function<std::string(const std::string&)>& to_ours);

// With options.record_oracle: the request to the oracle that gives an expectation of the run,
// the field of its answer, and the value the run held the engine to (docs/certify.md, "One truth").
void record_oracle(Result& r, const Options& options, const Ruleset& rs, const std::string& game, const std::string& query,
                   std::vector<std::pair<std::string, Value>> fields, const std::string& answer_field, Value expected);

// A list of strings as a Value, in order, or sorted (the oracle's legal_moves order).
Value string_list(std::vector<std::string> items, bool sorted = false);

}  // namespace rulespec::certify
