#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>

#include "certify/certify.hpp"
#include "certify/uci_session.hpp"
#include "certify/xiangqi_loops.hpp"
#include "engines/fsf_xiangqi.hpp"
#include "engines/process.hpp"
#include "model/common/xorshift.hpp"
#include "model/xiangqi/notation.hpp"
#include "model/xiangqi/position.hpp"

namespace rulespec::certify {
namespace {

using xiangqi::Move;
using xiangqi::Position;

constexpr const char* kMovement = "xiangqi.rules.piece-movement";
constexpr const char* kKingSafety = "xiangqi.rules.king-safety";
constexpr const char* kFlyingGeneral = "xiangqi.rules.flying-general";
constexpr const char* kBestmove = "xiangqi.rules.bestmove-legal";

std::string engine_text(Move m, bool ranks_from_one) { return engines::xiangqi_engine_move(m, ranks_from_one); }
std::optional<Move> parse_engine_move(const std::string& text, bool ranks_from_one) {
  return engines::parse_xiangqi_engine_move(text, ranks_from_one);
}

// Which basic rule a move the engine allows, and the model does not, breaks.
const char* broken_rule(const Position& p, Move m) {
  switch (xiangqi::move_fault(p, m)) {
    case xiangqi::MoveFault::KingSafety: return kKingSafety;
    case xiangqi::MoveFault::FlyingGeneral: return kFlyingGeneral;
    default: return kMovement;
  }
}

std::vector<std::string> wxf_positions() {
  std::vector<std::string> out;
  std::ifstream in(std::filesystem::path(source_root()) / "tests" / "data" / "wxf-repetition-examples.tsv");
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream f(line);
    std::string id, label, fen;
    std::getline(f, id, '\t');
    std::getline(f, label, '\t');
    std::getline(f, fen, '\t');
    if (Position::from_fen(fen).position && std::find(out.begin(), out.end(), fen) == out.end()) out.push_back(fen);
  }
  return out;
}

// Positions where the flying-general rule decides: the kings on one file with a single piece of
// the side to move between them (which may not leave the file), a few more pieces at random; kept
// when the model finds a move the pieces could make that only that rule forbids.
std::vector<std::string> facing_kings_positions(std::uint64_t seed, int count) {
  std::vector<std::string> out;
  common::XorShift64 rng{seed * 6364136223846793005ull + 17};
  for (int tries = 0; static_cast<int>(out.size()) < count && tries < 200 * count; ++tries) {
    std::string board[10][9];
    const int file = 3 + static_cast<int>(rng.below(3));
    const int red_king = static_cast<int>(rng.below(3)), black_king = 7 + static_cast<int>(rng.below(3));
    board[red_king][file] = "K";
    board[black_king][file] = "k";
    const bool red_to_move = rng.below(2) == 0;
    static const char* blockers[] = {"R", "N", "C"};
    const int between = red_king + 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(black_king - red_king - 1)));
    std::string blocker = blockers[rng.below(std::size(blockers))];
    if (!red_to_move) blocker[0] = static_cast<char>(blocker[0] - 'A' + 'a');
    board[between][file] = blocker;
    static const char* extras[] = {"R", "r", "N", "n", "C", "c", "P", "p"};
    for (int k = 0, more = static_cast<int>(rng.below(4)); k < more; ++k) {
      const int f = static_cast<int>(rng.below(9)), r = static_cast<int>(rng.below(10));
      const char* piece = extras[rng.below(std::size(extras))];
      if (f == file || !board[r][f].empty()) continue;  // the file keeps its one piece between the kings
      if ((piece[0] == 'P' && r < 3) || (piece[0] == 'p' && r > 6)) continue;
      board[r][f] = piece;
    }
    const auto parsed = Position::from_fen(xiangqi_placement(board) + (red_to_move ? " w" : " b") + " - - 0 1");
    if (!parsed.position) continue;
    const Position& p = *parsed.position;
    if (p.in_check() || p.attacked(p.king_square(xiangqi::other(p.side_to_move())), p.side_to_move())) continue;
    std::vector<Move> pseudo;
    p.pseudo_legal_moves(pseudo);
    if (std::none_of(pseudo.begin(), pseudo.end(), [&](Move m) { return xiangqi::move_fault(p, m) == xiangqi::MoveFault::FlyingGeneral; }))
      continue;
    out.push_back(p.fen());
  }
  return out;
}

}  // namespace

Result certify_xiangqi_uci(const Spec& spec, const Ruleset& rs, const Options& options) {
  Result r = begin_result(options.protocol == "ucci" ? "ucci" : "uci", spec, rs, options);
  const auto start = std::chrono::steady_clock::now();
  const Position initial = Position::start();
  // Positions: the WXF manual's, then seeded random games from the start.
  std::vector<std::pair<std::string, std::string>> positions;  // fen, where it came from
  for (const auto& fen : wxf_positions()) positions.push_back({fen, "a WXF manual position"});
  // Probes made decisive for the flying general: twice the minimum of positions where it decides.
  for (const auto& fen : facing_kings_positions(options.seed, 2 * std::max(1, options.min_probes)))
    positions.push_back({fen, "facing kings built for seed " + std::to_string(options.seed)});
  common::XorShift64 rng{options.seed * 7919ull + 1};
  for (int g = 0; g < options.games; ++g) {
    Position p = initial;
    for (int ply = 0; ply < 80; ++ply) {
      const auto moves = p.legal_moves();
      if (moves.empty()) break;
      p.make(moves[rng.below(moves.size())]);
      if (ply % 4 == 3) positions.push_back({p.fen(), "game " + std::to_string(g) + " of seed " + std::to_string(options.seed)});
    }
  }
  r.games = options.games;
  // After them, the loops the ruleset's repetition rules forbid to continue (through play).
  // Checking cycles enough that a rule-blind engine would pass them all by chance well under
  // kBlindPassBound (each leaves it some ten moves, one of which loses).
  const int cycles = 4 * std::max(1, options.min_probes);
  const auto loops = xiangqi_loop_probes(spec, rs, options.seed, cycles);
  // Under a comparison ruleset, the loops its codex's ruleset as written forbids to continue and
  // this one allows: what the engine does there is noted, not judged.
  std::vector<LoopProbe> allowed;
  if (const std::string& written = spec.codex(rs.codex)->rulesets.front().id; written != rs.id)
    for (const auto& lp : xiangqi_loop_probes(spec, spec.ruleset(written), options.seed, cycles))
      if (!continuation_loses(spec, rs, lp)) allowed.push_back(lp);
  const std::size_t first_allowed = positions.size() + loops.size();
  std::vector<std::string> continued(allowed.size());  // per allowed loop: "yes", "no", "" (not reached)
  const auto chosen = probed_indices(first_allowed + allowed.size(), options.only_game);
  // Whether each engine process names ranks 1-10 (fairy-stockfish) or 0-9 (ICCS), from its move
  // list of the start position.
  std::vector<char> ranks_from_one(static_cast<std::size_t>(std::max(1, options.jobs)), 0);
  auto hello = [&](UciRun& run, int job) {
    const std::string id = run.uci.handshake("xiangqi");
    // Without `go perft 1` (Stockfish's extension, not UCI's or UCCI's), from its move in the
    // start position: read with ranks 1-10 when only that reading is a legal move.
    run.uci.has_perft = run.uci.lists_perft(initial.fen());
    bool from_one = false;
    if (run.uci.has_perft) from_one = engines::xiangqi_ranks_from_one(run.uci.perft1(initial.fen()));
    else {
      const std::string first = run.uci.bestmove(initial.fen(), 1);
      const auto legal = initial.legal_moves();
      auto is_legal = [&](bool one) {
        const auto m = parse_engine_move(first, one);
        return m && std::find(legal.begin(), legal.end(), *m) != legal.end();
      };
      from_one = is_legal(true) && !is_legal(false);
    }
    ranks_from_one[static_cast<std::size_t>(job)] = from_one;
    return id;
  };
  // A loop probe: after the moves, `bestmove` must not continue the cycle (nor any move that loses
  // by the repetition rules), since another move does not lose by them.
  auto probe_loop = [&](UciRun& run, bool from_one, std::size_t index, Result& part) {
    const LoopProbe& lp = loops[index - positions.size()];
    const std::string replay = replay_line("xiangqi", rs, options, static_cast<int>(index));
    Position p = *Position::from_fen(lp.fen).position;
    std::vector<std::string> played;
    std::string history;
    for (const auto& h : lp.history) {
      const auto m = xiangqi::parse_iccs(p, h);
      played.push_back(engine_text(*m.move, from_one));
      history += " " + h;
      p.make(*m.move);
    }
    ++part.probes;
    // The continuation loses by the rules: the oracle's adjudication of the moves and it.
    std::vector<std::string> carried_on = lp.history;
    carried_on.push_back(lp.continuation);
    record_oracle(part, options, rs, "xiangqi", "adjudicate", {{"fen", Value::string(lp.fen)}, {"moves", string_list(carried_on)}}, "verdict",
                  Value::string(lp.mover + "-loses"));
    const std::string move = run.uci.bestmove(lp.fen, 4, played);
    const auto mv = parse_engine_move(move, from_one);
    const auto legal = p.legal_moves();
    const bool is_legal = mv && std::find(legal.begin(), legal.end(), *mv) != legal.end();
    const std::string iccs = is_legal ? xiangqi::to_iccs(*mv) : "";
    const std::string continuation_wxf = xiangqi::to_wxf(p, *xiangqi::parse_iccs(p, lp.continuation).move);
    for (const auto& clause : lp.clauses)
      part.tally(clause, is_legal && !lp.losing.count(iccs),
                 Failure{lp.fen + " moves" + history + " (" + lp.source + ", its cycle carried on)", "go depth 4 after the moves",
                         "vary: " + lp.continuation + " (WXF " + continuation_wxf + ") continues the cycle, and " + lp.mover +
                             " loses by the rules (" + lp.reason + "); " + std::to_string(legal.size() - lp.losing.size()) +
                             " other moves do not lose by them",
                         move, replay, is_legal ? iccs + " (WXF " + xiangqi::to_wxf(p, *mv) + ")" : move + " (not a legal move)"},
                 lp.evidence.at(clause));
  };
  auto probe = [&](UciRun& run, int job, std::size_t k, Result& part) {
    const std::size_t index = chosen[k];
    const bool from_one = ranks_from_one[static_cast<std::size_t>(job)];
    if (index >= first_allowed) {
      const LoopProbe& lp = allowed[index - first_allowed];
      Position p = *Position::from_fen(lp.fen).position;
      std::vector<std::string> played;
      for (const auto& h : lp.history) {
        const auto m = xiangqi::parse_iccs(p, h);
        played.push_back(engine_text(*m.move, from_one));
        p.make(*m.move);
      }
      ++part.probes;
      const auto mv = parse_engine_move(run.uci.bestmove(lp.fen, 4, played), from_one);
      continued[index - first_allowed] = mv && xiangqi::to_iccs(*mv) == lp.continuation ? "yes" : "no";
      return;
    }
    if (index >= positions.size()) return probe_loop(run, from_one, index, part);
    const auto& [fen, source] = positions[index];
    const std::string replay = replay_line("xiangqi", rs, options, static_cast<int>(index));
    const Position p = *Position::from_fen(fen).position;
    // An engine move in the project's notation: ICCS (ranks 0-9) and WXF.
    auto ours_text = [&](const std::string& m) -> std::string {
      const auto mv = parse_engine_move(m, from_one);
      if (!mv) return m + " (not a move)";
      return xiangqi::to_iccs(*mv) + " (WXF " + xiangqi::to_wxf(p, *mv) + ")";
    };
    ++part.probes;
    std::set<std::string> ours;
    for (const Move& m : p.legal_moves()) ours.insert(engine_text(m, from_one));
    if (!run.uci.has_perft) {
      // No move lists: the rules they show are not observed, and the engine's own moves are
      // judged on every position instead.
      const std::string why = "needs `go perft 1` (Stockfish's extension of the protocol), which the engine lacks: its move lists are not observed, "
                              "its own bestmove is judged on every position instead";
      for (const char* rule : {kMovement, kKingSafety, kFlyingGeneral}) part.unobserved[rule] = why;
      if (!ours.empty()) {
        const std::string move = run.uci.bestmove(fen, 2);
        part.tally(kBestmove, ours.count(move) > 0, Failure{fen + " (" + source + ")", "go depth 2", "a legal move", move, replay, ours_text(move)});
      }
      return;
    }
    // King safety and the flying general decide where the pieces could make a move that breaks
    // them: an engine without the rule lists it, and fails (chance 0).
    bool king_safety_decides = false, facing_decides = false;
    {
      std::vector<Move> pseudo;
      p.pseudo_legal_moves(pseudo);
      for (const Move& m : pseudo) {
        const auto fault = xiangqi::move_fault(p, m);
        king_safety_decides |= fault == xiangqi::MoveFault::KingSafety;
        facing_decides |= fault == xiangqi::MoveFault::FlyingGeneral;
      }
    }
    const auto theirs = run.uci.perft1(fen);
    {
      std::vector<std::string> legal;
      for (const Move& m : p.legal_moves()) legal.push_back(xiangqi::to_iccs(m));
      record_oracle(part, options, rs, "xiangqi", "legal_moves", {{"fen", Value::string(fen)}}, "moves", string_list(legal, true));
    }
    tally_move_lists(
        part, ours, theirs,
        [&](const std::string& m) {
          const auto mv = parse_engine_move(m, from_one);
          return std::string(mv ? broken_rule(p, *mv) : kMovement);
        },
        kMovement,
        {{kKingSafety, "no move that leaves the king attacked", Evidence::of(king_safety_decides, 0.0)},
         {kFlyingGeneral, "no move that leaves the kings facing", Evidence::of(facing_decides, 0.0)}},
        fen + " (" + source + ")", replay, ours_text);
    if (index % 5 == 0 && !ours.empty()) {
      const std::string move = run.uci.bestmove(fen, 2);
      part.tally(kBestmove, ours.count(move) > 0, Failure{fen + " (" + source + ")", "go depth 2", "a legal move", move, replay, ours_text(move)});
    }
  };
  probe_over_jobs(r, options, chosen.size(), hello, probe);
  const auto reached = allowed.size() - static_cast<std::size_t>(std::count(continued.begin(), continued.end(), ""));
  if (reached > 0)
    r.noted.push_back("under " + rs.id + ", " + std::to_string(reached) + " loops of the WXF manual that " +
                      spec.codex(rs.codex)->rulesets.front().id + " forbids to continue may be continued: the engine continued " +
                      std::to_string(std::count(continued.begin(), continued.end(), "yes")) + " and varied on " +
                      std::to_string(std::count(continued.begin(), continued.end(), "no")) + " (noted, not judged)");
  if (loops.empty())
    r.not_observable.push_back("the repetition rules of " + rs.id + ": no loop of the WXF manual's examples is forbidden to continue under it");
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

}  // namespace rulespec::certify
