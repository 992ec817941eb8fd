// rulespec certify: an engine's answers over its own protocol, compared move by move with the
// reference model under a ruleset, and tallied per clause: Go over GTP, xiangqi over UCI, renju
// over the Gomocup protocol, shogi over UCI.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "spec/spec.hpp"
#include "spec/value.hpp"

namespace rulespec::certify {

struct Failure {
  std::string position;  // in the project's notation: Go moves from the empty board (GTP coordinates), FEN, SFEN
  std::string query;     // what was asked
  std::string required;  // what the ruleset requires
  std::string answered;  // what the engine did, in its own text
  std::string replay;    // the command that replays this game or position alone
  std::string answered_ours;  // the engine's moves in the project's notation (ICCS and WXF, USI), when its text differs
};

// How one probe bears on its clause. `decisive`: the answer the probe requires differs from the
// model's with the clause switched off (queries/switches.hpp), so an engine that lacks the rule
// could have failed it. `blind_pass`: the chance that a rule-blind engine passes it, one that
// answers as the rule-off model does, choosing uniformly among the moves it allows where the probe
// asks for a move (0 where the probe asks whether one move is legal). A probe of a certifier that
// does not measure this yet is `unmeasured` and counts as every probe did before (docs/certify.md).
struct Evidence {
  bool measured = false, decisive = false;
  double blind_pass = 1.0;
  // Not decisive because other clauses forbid the same answer: with this one and these off too,
  // the probe would have decided (an engine must lack them all to fail it).
  std::vector<std::string> also_forbidden_by;
  // Not decisive because the models cannot switch the clause off: nothing shows an engine without it would fail.
  bool no_switch = false;
  static Evidence without_switch() { return {true, false, 1.0, {}, true}; }
  static Evidence unmeasured() { return {}; }
  static Evidence of(bool decisive, double blind_pass) { return {true, decisive, decisive ? blind_pass : 1.0}; }
  static Evidence not_decisive() { return {true, false, 1.0}; }
};

struct ClauseTally {
  int tested = 0, passed = 0;
  int measured = 0, decisive = 0;  // probes whose decisiveness was measured, and the decisive ones
  double log10_blind_pass = 0;     // over the decisive probes: the rule-blind engine's chance to pass them all
  std::set<std::string> shadowed_by;  // over the probes not decisive: the clauses that forbid the same (Evidence)
  int without_switch = 0;             // probes not decisive because the clause has no switch
  std::vector<Failure> failures;   // the first few
  double blind_pass_chance() const;
};
// A passed clause needs at least Result::min_probes decisive probes and a rule-blind pass chance
// below this.
inline constexpr double kBlindPassBound = 0.01;

struct Options {
  std::vector<std::string> engine;  // argv of the engine
  std::string engine_text;          // as the user wrote it, for replay lines
  std::string ruleset;
  std::uint64_t seed = 1;
  int games = 8;
  int moves_per_game = 200;
  int board_size = 9;  // Go: the games' board (an engine that plays only 19x19 gets 19)
  double budget_seconds = 120;
  // The probes a clause needs before it counts as passed; fewer, and it is `insufficient`.
  int min_probes = 30;
  int only_game = -1;  // --replay N: play game N alone (Go), probe position N alone (xiangqi, shogi)
  int jobs = 1;        // engine processes playing games in parallel (Go)
  std::string protocol;  // "" for the game's usual one (certify_game)
  std::function<void(int game, int probes)> progress;  // after each game, if set (from any job's thread)
  // After each position probed (UCI, xshogi): positions done of all, probes so far, clauses
  // tested so far. Called from the engine processes' threads.
  std::function<void(int done, int total, int probes, int clauses)> position_progress;
  // Keep every expectation as the oracle request that gives it (Result::oracle_checks): so that a
  // test can ask the oracle and find the same (no rule logic of certify's own).
  bool record_oracle = false;
};

// One expectation a run held an engine to, as the oracle request that answers it: the request,
// the field of the answer, and the value the run required.
struct OracleCheck {
  Value request;
  std::string field;
  Value expected;
};

// What the evidence says of one clause: every probe passed and there were at least the minimum
// (`passed`), a probe failed (`failed`), too few probes to say (`insufficient`), or none at all
// (`not observed`: the protocol has no way to it, or the engine lacks an optional command).
enum class Verdict { Passed, Failed, Insufficient, NotObserved };
const char* to_string(Verdict v);

struct Result {
  std::string engine_id, protocol, ruleset;
  std::string engine_command;  // as the user wrote it (its flags tell the engine's rules apart)
  std::uint64_t seed = 0;
  std::map<std::string, ClauseTally> clauses;  // every clause a probe spoke to
  // The ruleset's own clauses (every clause of its codex, catalog order): the scope a certificate
  // is judged against. Clauses tallied outside it are the basic rules the codex presupposes
  // (xiangqi.rules.*, shogi.rules.*).
  std::string codex;
  std::vector<std::string> scope;
  int min_probes = 30;
  std::vector<std::string> not_observable;         // what the protocol gives no way to test, with why
  std::map<std::string, std::string> unobserved;   // clause -> why it was not observed (an optional command missing)
  std::vector<std::string> noted;                  // what the engine did where the ruleset allows what another forbids: not judged
  std::string engine_error;                        // the engine died, hung or spoke garbage (with the last exchange)
  std::vector<OracleCheck> oracle_checks;          // with Options::record_oracle (GTP, Gomocup)
  int games = 0, probes = 0;
  double seconds = 0;
  Verdict verdict(const std::string& clause) const;
  // Why a clause is insufficient: too few probes, none decisive, or a rule-blind engine's chance.
  std::string why_insufficient(const std::string& clause) const;
  // A passed clause's evidence in words: its decisive probes and the rule-blind engine's chance
  // (or the failure-rate bound of a certifier that does not measure decisiveness).
  std::string why_passed(const std::string& clause) const;
  // No engine failure and no clause failed (what certify's own mutants are judged by).
  bool clean() const;
  // clean(), and at least one of the ruleset's own clauses passed: a certificate never claims a
  // ruleset of which it observed nothing.
  bool certified() const;
  // One line that claims exactly what was tested: the verdict, then per group (the codex's
  // clauses, the basic rules it presupposes) how many clauses passed on how many probes, and how
  // many were insufficient, failed or not observed.
  std::string headline() const;
  // One probe of a clause: counted, and its failure kept (the first few).
  void tally(const std::string& clause, bool pass, Failure f, Evidence e = Evidence::unmeasured());
  // The certifier measures every probe's decisiveness: a clause none of whose probes was decisive
  // (the models cannot switch it off, or the run met no position where it decides) is
  // insufficient, however many probes it had.
  bool measures_decisiveness = false;
};

// With n probes and no failure, the failure rate is below 3/n at 95% confidence (the rule of three).
double failure_rate_bound(int probes);

// The command that replays a run (or, with game >= 0, one game of it).
std::string replay_line(const std::string& game, const Ruleset& rs, const Options& options, int one_game = -1);

// --replay N names no game or position of the run (N past the end): bad input, not a run.
struct ReplayOutOfRange : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};
// Throws ReplayOutOfRange when `only` (--replay) is at or past `count` of `what` ("games", "positions").
void check_replay(int only, std::size_t count, const char* what);

// The positions a run probes, as indices into the whole list: all of them, or with --replay N the
// N-th alone (ReplayOutOfRange when N is past the end).
std::vector<std::size_t> probed_indices(std::size_t count, int only);

// Runs work(0) .. work(jobs - 1), each on its own thread when jobs > 1.
void run_jobs(int jobs, const std::function<void(int job)>& work);

// Tallies and failures of `part` added to `into` (failures in order, the first few kept).
void merge(Result& into, const Result& part);

// A result ready for probes of `protocol` under `rs` (its scope: the codex's clauses); throws when
// the engine's program is missing.
Result begin_result(const char* protocol, const Spec& spec, const Ruleset& rs, const Options& options);

// For an engine that answered nothing to the protocol's first command: what to check, naming the
// flag a known program needs ("GNU Go speaks GTP with --mode gtp").
std::string silent_engine_hint(const std::string& protocol, const std::vector<std::string>& engine);

// Go over GTP: whether `play` accepts exactly the moves the ruleset allows (free point, suicide,
// ko) and whether the stones left after each capture are the model's (list_stones). Throws
// std::runtime_error when the engine cannot be started at all (as do the others).
Result certify_go_gtp(const Spec& spec, const Ruleset& rs, const Options& options);

// Xiangqi over UCI (fairy-stockfish's UCI_Variant xiangqi): on seeded random games, the WXF
// manual's positions and built facing-kings positions, the engine's `go perft 1` move list against
// the model's legal moves, and `bestmove` legal. The codices take the rules of movement for
// granted, so these are tallied under the basic rules they presuppose: xiangqi.rules.piece-movement,
// .king-safety, .flying-general, .bestmove-legal. Then the repetition rules through play: after
// the WXF manual's loops and seeded checking cycles carried on (certify/xiangqi_loops.hpp), the
// engine's `bestmove` must not continue the cycle.
Result certify_xiangqi_uci(const Spec& spec, const Ruleset& rs, const Options& options);

// Shogi over UCI (fairy-stockfish's UCI_Variant shogi, its own square names): on the perft data's
// positions (the pawn-drop mates) and seeded random games, `go perft 1` against the model's legal
// moves and `bestmove` legal, tallied under the basic rules the jishogi codex presupposes:
// shogi.rules.piece-movement, .king-safety, .nifu, .pawn-drop-mate, .bestmove-legal.
Result certify_shogi_uci(const Spec& spec, const Ruleset& rs, const Options& options);

// Shogi over GNU Shogi's xshogi protocol (engines/xshogi.hpp): on the same positions, every move
// one basic rule forbids and a sample of the legal ones offered one at a time; the engine must
// accept exactly the legal ones. Tallied under the same basic rules as certify_shogi_uci.
Result certify_shogi_xshogi(const Spec& spec, const Ruleset& rs, const Options& options);

// Renju over the Gomocup protocol (START, INFO rule 4, BOARD ... DONE, ABOUT): on positions with
// Black (the engine) to move, grown towards many foul points of one kind and every other one a
// forced foul (White's four blockable only on it), the engine's move must be an empty point
// (rif-renju.move.one-stone-empty-point, never decisive) and never a point that only one foul rule
// forbids (rif-renju.foul.black-double-three, .black-double-four, rif-renju.overline.black-foul),
// as the oracle's `fouls` query answers with and without that rule: each such probe is decisive,
// and a rule-blind engine passes it with the share of the points it allows that are no such foul.
Result certify_renju_gomocup(const Spec& spec, const Ruleset& rs, const Options& options);
// The Gomocup protocol's INFO rule value a ruleset's rules make (0 five or more wins, 1 exactly
// five, 4 renju), or none when the protocol has no value for them (fouls other than renju's).
std::optional<int> gomocup_rule(const Ruleset& rs);

// The certifier of `game` (go, xiangqi, shogi, renju) over `options.protocol` (its usual one when
// empty: gtp, uci, uci, gomocup; xiangqi also over ucci, shogi over usi and xshogi); throws
// std::invalid_argument otherwise.
Result certify_game(const std::string& game, const Spec& spec, const Ruleset& rs, const Options& options);

// An engine argv that names a missing program; "" when it is fine.
std::string missing_program(const std::vector<std::string>& engine);

// Why a clause of the scope was not observed: the engine lacks an optional command, or the
// protocol has no way to it.
std::string not_observed_reason(const Result& r, const std::string& clause);

Value certificate(const Result& r);
std::string junit(const Result& r);

}  // namespace rulespec::certify
