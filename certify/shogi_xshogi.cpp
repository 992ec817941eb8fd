// Shogi over the xshogi protocol of GNU Shogi (engines/xshogi.hpp): each probe sets a position up
// with `new`, `force` and `edit` and offers one move; the engine must accept exactly the moves the
// model allows. Besides the legal moves (a seeded sample of each position's) it is offered every
// candidate that one basic rule forbids: a move that leaves the king attacked, a pawn dropped on a
// file holding an unpromoted pawn of its own side (nifu), a pawn dropped to mate, and a move or
// drop that leaves a piece with no further move (an unpromoted pawn or lance on the last rank, a
// knight on the last two).
#include <algorithm>
#include <chrono>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <unordered_map>

#include "certify/certify.hpp"
#include "certify/shogi_positions.hpp"
#include "engines/process.hpp"
#include "engines/xshogi.hpp"
#include "model/common/xorshift.hpp"

namespace rulespec::certify {
namespace {

using shogi::Move;
using shogi::Position;

constexpr int kLegalSample = 12;  // legal moves offered per position (all the forbidden ones are)

struct Candidate {
  Move move;
  const char* clause;  // the rule that decides it
  bool legal;
};

bool contains(const std::vector<Move>& list, const Move& m) { return std::find(list.begin(), list.end(), m) != list.end(); }

// Every forbidden candidate of `p` (Sente to move), and a seeded sample of its legal moves.
std::vector<Candidate> candidates(const Position& p, common::XorShift64& rng) {
  std::vector<Candidate> out;
  const auto legal = p.legal_moves();
  const auto with_drop_mates = p.legal_moves(false);
  const auto pseudo = p.pseudo_legal_moves();
  for (const Move& m : pseudo) {
    if (!contains(with_drop_mates, m)) out.push_back({m, kShogiKingSafety, false});
    else if (!contains(legal, m)) out.push_back({m, kShogiPawnDropMate, false});
    // A promotion the piece may not decline: the same move unpromoted is no move at all.
    const Move unpromoted{m.from, m.to, m.drop, false};
    if (m.promote && !contains(pseudo, unpromoted) && contains(legal, m)) out.push_back({unpromoted, kShogiMovement, false});
  }
  for (int k = 0; k < shogi::kHandKinds; ++k) {
    if (p.in_hand(shogi::Colour::Sente, static_cast<shogi::Kind>(k)) == 0) continue;
    for (int sq = 0; sq < shogi::kSquares; ++sq) {
      if (!p.at(sq).empty()) continue;
      const Move drop{-1, sq, static_cast<shogi::Kind>(k), false};
      if (contains(pseudo, drop)) continue;
      const int rank = sq / 9;
      const bool dead_end = ((k == shogi::Pawn || k == shogi::Lance) && rank == 0) || (k == shogi::Knight && rank <= 1);
      if (dead_end) out.push_back({drop, kShogiMovement, false});
      else if (k == shogi::Pawn) out.push_back({drop, kShogiNifu, false});
    }
  }
  std::vector<Move> sample = legal;
  for (std::size_t i = sample.size(); i > 1; --i) std::swap(sample[i - 1], sample[rng.below(i)]);
  if (sample.size() > kLegalSample) sample.resize(kLegalSample);
  for (const Move& m : sample) out.push_back({m, kShogiMovement, true});
  return out;
}

// The engine's verdicts on the moves offered in this process, keyed by its command line, the
// position and the move: each offer starts with `new` and sets the position up whole, so the
// verdict follows from those alone, and the matrix's rulesets, which offer the same positions and
// moves (the basic rules do not vary by ruleset), ask each once.
class OfferVerdicts {
 public:
  std::optional<bool> find(const std::string& key) {
    std::lock_guard<std::mutex> lock(mutex_);
    const auto it = verdicts_.find(key);
    return it == verdicts_.end() ? std::nullopt : std::optional<bool>(it->second);
  }
  void keep(const std::string& key, bool accepted) {
    std::lock_guard<std::mutex> lock(mutex_);
    verdicts_.emplace(key, accepted);
  }

 private:
  std::mutex mutex_;
  std::unordered_map<std::string, bool> verdicts_;
};

OfferVerdicts& offer_verdicts() {
  static OfferVerdicts verdicts;
  return verdicts;
}

struct XshogiSession {
  engines::EngineProcess& engine;
  std::chrono::milliseconds timeout;
  std::string last;
  std::string command_line;  // the engine's, part of every key of offer_verdicts()
  std::chrono::steady_clock::time_point deadline;  // the run's budget: no wait goes past it

  // The wait for the next line: the timeout, cut to what is left of the budget.
  std::chrono::milliseconds wait() const {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    return std::max(std::chrono::milliseconds(100), std::min(timeout, left));
  }

  // true when the engine accepts `move` in `p` (Sente to move).
  bool offer(const Position& p, const std::string& move) {
    const std::string key = command_line + "\n" + p.sfen() + "\n" + move;
    if (const auto heard = offer_verdicts().find(key)) return *heard;
    const bool accepted = ask(p, move);
    offer_verdicts().keep(key, accepted);
    return accepted;
  }
  bool ask(const Position& p, const std::string& move) {
    engine.send("new");
    engine.send("force");
    for (const auto& line : engines::xshogi_setup(p)) engine.send(line);
    engine.send(move);
    last = "edit " + p.sfen() + ", then " + move;
    for (int n = 0; n < 200; ++n) {
      const auto waited = wait();
      const auto line = engine.read_line(waited);
      if (!line)
        throw std::runtime_error("no answer to the move " + move + " within " + std::to_string(waited.count()) + " ms" +
                                 (waited < timeout ? " (the run's --budget was spent)" : ""));
      const auto answer = engines::xshogi_answer(*line, move);
      if (answer != engines::XshogiAnswer::Other) return answer == engines::XshogiAnswer::Accepted;
    }
    throw std::runtime_error("200 lines without an answer to the move " + move);
  }
};

}  // namespace

Result certify_shogi_xshogi(const Spec& spec, const Ruleset& rs, const Options& options) {
  Result r = begin_result("xshogi", spec, rs, options);
  const auto start = std::chrono::steady_clock::now();
  const std::chrono::duration<double> budget(options.budget_seconds);
  engines::EngineProcess engine(options.engine);
  std::string command_line;
  for (const auto& word : options.engine) command_line += word + " ";
  XshogiSession session{engine, std::chrono::milliseconds(static_cast<long>(std::min(20.0, options.budget_seconds) * 1000)), "(start)",
                        command_line,
                        start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(budget)};
  r.not_observable.push_back("shogi.rules.bestmove-legal: not asked over xshogi (the engine's own moves need a clock and a game)");
  r.not_observable.push_back("the jishogi declaration of " + rs.id + ": xshogi has no command for it");
  const auto positions = shogi_probe_positions(options);
  check_replay(options.only_game, positions.size(), "positions");
  try {
    // GNU Shogi names itself on its first line.
    if (const auto hello = engine.read_line(session.wait()); hello && !hello->empty()) r.engine_id = *hello;
    r.games = options.games;
    common::XorShift64 rng{options.seed * 7919ull + 11};
    int done = 0;
    for (std::size_t index = 0; index < positions.size(); ++index) {
      const auto& [original, source] = positions[index];
      // The candidates are drawn for every position, so that --replay N offers position N the same moves.
      if (options.only_game >= 0 && index != static_cast<std::size_t>(options.only_game)) {
        (void)candidates(original.to_move() == shogi::Colour::Gote ? original.mirrored() : original, rng);
        continue;
      }
      if (r.probes > 0 && std::chrono::steady_clock::now() - start > budget) break;
      const std::string replay = replay_line("shogi", rs, options, static_cast<int>(index));

      // After `edit` Sente moves: a Gote-to-move position is offered turned round.
      const bool turned = original.to_move() == shogi::Colour::Gote;
      const Position p = turned ? original.mirrored() : original;
      const std::string where = p.sfen() + " (" + source + (turned ? ", turned round for Sente to move" : "") + ")";
      for (const Candidate& c : candidates(p, rng)) {
        const std::string move = shogi::usi(c.move);
        ++r.probes;  // each move offered is one question put to the engine
        const bool accepted = session.offer(p, move);
        // A move only this rule forbids is decisive (an engine without the rule accepts it); a legal
        // one is decisive for nothing. The movement of the pieces has no rule-off model.
        const Evidence e = c.clause == std::string(kShogiMovement) ? Evidence::unmeasured()
                           : c.legal                              ? Evidence::not_decisive()
                                                                  : Evidence::of(true, 0.0);
        r.tally(c.clause, accepted == c.legal,
                Failure{where, move, c.legal ? "accepted: a legal move" : std::string("refused: ") + c.clause, accepted ? "accepted" : "refused", replay},
                e);
      }
      if (options.position_progress)
        options.position_progress(++done, static_cast<int>(positions.size()), r.probes, static_cast<int>(r.clauses.size()));
    }
  } catch (const std::exception& e) {
    r.engine_error = std::string(e.what()) + " (last exchange: " + session.last + ")";
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

}  // namespace rulespec::certify
