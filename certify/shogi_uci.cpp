#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <stdexcept>

#include "certify/certify.hpp"
#include "certify/shogi_declaration.hpp"
#include "certify/shogi_loops.hpp"
#include "certify/shogi_positions.hpp"
#include "certify/uci_session.hpp"
#include "engines/fsf_shogi.hpp"
#include "engines/process.hpp"
#include "model/common/xorshift.hpp"
#include "model/shogi/position.hpp"

namespace rulespec::certify {
namespace {

using shogi::Move;
using shogi::Position;


// Which basic rule a move the engine allows, and the model does not, breaks.
const char* broken_rule(const Position& p, const std::string& engine_move, bool usi_notation) {
  const auto usi = usi_notation ? std::optional<std::string>(engine_move) : engines::usi_from_fsf(engine_move);
  if (!usi) return kShogiMovement;
  switch (shogi::move_fault(p, *usi)) {
    case shogi::MoveFault::PawnDropMate: return kShogiPawnDropMate;
    case shogi::MoveFault::Nifu: return kShogiNifu;
    case shogi::MoveFault::KingSafety: return kShogiKingSafety;
    default: return kShogiMovement;
  }
}

// The declaration probes, tallied once every engine process is done: declaring where a condition
// fails loses (a failure of the conditions and of lose-if-any-fails); declaring where all hold is
// observed; a move where all hold says nothing. An engine that never declares where it may leaves
// the declaration clauses not observed, as it gives no evidence either way.
void tally_declarations(Result& r, const Ruleset& rs, const Options& options, const std::vector<DeclarationProbe>& probes,
                        const std::vector<std::string>& answers, std::size_t first_index) {
  if (probes.empty()) return;
  const std::string codex = rs.codex + ".declaration.";
  bool declares = false;
  int may = 0;
  for (std::size_t i = 0; i < probes.size(); ++i) {
    declares |= probes[i].wins && answers[i] == "win";
    may += probes[i].wins && !answers[i].empty();
  }
  if (!declares) {
    const std::string why = "the engine never answered `bestmove win` on the " + std::to_string(may) +
                            " positions where the declaration wins: it does not declare, so its declarations cannot be judged";
    for (const char* c : {"win-if-all", "lose-if-any-fails"}) r.unobserved[codex + c] = why;
    return;
  }
  for (std::size_t i = 0; i < probes.size(); ++i) {
    const auto& p = probes[i];
    if (answers[i].empty()) continue;  // not reached within the budget
    const std::string replay = replay_line("shogi", rs, options, static_cast<int>(first_index + i));
    const bool said_win = answers[i] == "win";
    if (p.wins) {
      if (said_win) r.tally(codex + "win-if-all", true, {});
      continue;
    }
    std::string failed;
    for (const auto& c : p.failed) failed += (failed.empty() ? "" : ", ") + c;
    const Failure f{p.position.sfen() + " (" + p.source + ")", "go depth 2", "no declaration: it loses, as " + failed + " fails",
                    answers[i], replay};
    r.tally(codex + "lose-if-any-fails", !said_win, f);
    for (const auto& c : p.failed) r.tally(c, !said_win, f);
  }
}

}  // namespace

Result certify_shogi_uci(const Spec& spec, const Ruleset& rs, const Options& options) {
  // UCI in fairy-stockfish's own notation, or USI: SFEN and USI move text.
  const bool usi = options.protocol == "usi";
  Result r = begin_result(usi ? "usi" : "uci", spec, rs, options);
  auto move_text = [usi](const Move& m) { return usi ? shogi::usi(m) : engines::fsf_move(m); };
  auto position_text = [usi](const Position& p) { return usi ? p.sfen() : engines::fsf_fen(p); };
  const auto start = std::chrono::steady_clock::now();
  const auto positions = shogi_probe_positions(options);
  // After them, checking cycles carried on until the next check loses (through play).
  const auto loops = shogi_loop_probes(options.seed, 40);
  // Over USI, after those, positions near an impasse where the declaration wins or loses.
  const auto declarations = usi ? shogi_declaration_probes(spec, rs, options.seed, 30) : std::vector<DeclarationProbe>{};
  const std::size_t first_declaration = positions.size() + loops.size();
  std::vector<std::string> declared(declarations.size());  // the engine's answer on each, by index
  const auto chosen = probed_indices(first_declaration + declarations.size(), options.only_game);
  r.games = options.games;
  auto hello = [](UciRun& run, int) { return run.uci.handshake("shogi"); };
  // An engine move in the project's notation (USI).
  auto ours_text = [usi](const std::string& m) -> std::string {
    if (usi) return m;
    const auto u = engines::usi_from_fsf(m);
    return u ? *u : m + " (not a move)";
  };
  // A loop probe: after the moves, `bestmove` must not be the check that makes it a perpetual
  // check (nor any move that loses that way), since another move does not lose.
  auto probe_loop = [&](UciRun& run, std::size_t index, Result& part) {
    const ShogiLoopProbe& lp = loops[index - positions.size()];
    const std::string replay = replay_line("shogi", rs, options, static_cast<int>(index));
    Position p = lp.start;
    std::vector<std::string> played;
    for (const auto& h : lp.history) {
      const auto m = p.parse_usi(h);
      played.push_back(move_text(*m));
      p.make(*m);
    }
    ++part.probes;
    const std::string move = run.uci.bestmove(position_text(lp.start), 4, played);
    const std::string as_usi = ours_text(move);
    const auto legal = p.legal_moves();
    const bool is_legal = std::any_of(legal.begin(), legal.end(), [&](const Move& m) { return shogi::usi(m) == as_usi; });
    std::string history;
    for (const auto& h : lp.history) history += " " + h;
    part.tally(kShogiPerpetualCheck, is_legal && !lp.losing.count(as_usi),
               Failure{lp.start.sfen() + " moves" + history + " (" + lp.source + ")", "go depth 4 after the moves",
                       "vary: " + lp.continuation + " checks again and makes the position stand a fourth time, every move of the mover a "
                       "check since it first stood: the checking side loses; " + std::to_string(legal.size() - lp.losing.size()) +
                       " other moves do not lose that way",
                       move, replay, usi ? "" : as_usi});
  };
  auto probe = [&](UciRun& run, int, std::size_t k, Result& part) {
    const std::size_t index = chosen[k];
    if (index >= first_declaration) {
      ++part.probes;
      declared[index - first_declaration] = run.uci.bestmove(declarations[index - first_declaration].position.sfen(), 2);
      return;
    }
    if (index >= positions.size()) return probe_loop(run, index, part);
    const Position& p = positions[index].first;
    const std::string& source = positions[index].second;
    const std::string replay = replay_line("shogi", rs, options, static_cast<int>(index));
    ++part.probes;
    std::set<std::string> ours;
    for (const Move& m : p.legal_moves()) ours.insert(move_text(m));
    const auto theirs = run.uci.perft1(position_text(p));
    // A pawn-drop mate can only be offered with a pawn in hand; the other rules on every position.
    std::vector<std::pair<std::string, std::string>> rules = {{kShogiKingSafety, "no move that leaves the king attacked"},
                                                              {kShogiNifu, "no second unpromoted pawn on a file"}};
    if (p.in_hand(p.to_move(), shogi::Pawn) > 0) rules.push_back({kShogiPawnDropMate, "no pawn dropped to mate"});
    tally_move_lists(
        part, ours, theirs, [&p, usi](const std::string& m) { return std::string(broken_rule(p, m, usi)); }, kShogiMovement, rules,
        p.sfen() + " (" + source + ")", replay, ours_text);
    if (index % 10 == 0 && !ours.empty()) {
      const std::string move = run.uci.bestmove(position_text(p), 2);
      part.tally(kShogiBestmove, ours.count(move) > 0,
                 Failure{p.sfen() + " (" + source + ")", "go depth 2", "a legal move", move, replay, usi ? "" : ours_text(move)});
    }
  };
  probe_over_jobs(r, options, chosen.size(), hello, probe);
  tally_declarations(r, rs, options, declarations, declared, first_declaration);
  if (!usi && rs.has_param("declaration") && rs.bool_param("declaration"))
    r.not_observable.push_back("the jishogi declaration of " + rs.id + ": it is USI's `bestmove win`; certify it with --protocol usi");
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

namespace {

// The SFENs of tests/data/shogi-perft.txt (the start and the pawn-drop-mate positions).
std::vector<std::string> book_positions() {
  std::vector<std::string> out;
  std::ifstream in(std::filesystem::path(source_root()) / "tests" / "data" / "shogi-perft.txt");
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#') {
      std::string sfen = line.substr(0, line.find(';'));
      while (!sfen.empty() && sfen.back() == ' ') sfen.pop_back();
      out.push_back(sfen);
    }
  return out;
}

}  // namespace

std::vector<std::pair<Position, std::string>> shogi_probe_positions(const Options& options) {
  std::vector<std::pair<Position, std::string>> positions;
  for (const auto& sfen : book_positions())
    if (const auto p = Position::from_sfen(sfen)) positions.push_back({*p, "tests/data/shogi-perft.txt"});
  common::XorShift64 rng{options.seed * 15485863ull + 5};
  for (int g = 0; g < options.games; ++g) {
    Position p = Position::start();
    for (int ply = 0; ply < 120; ++ply) {
      const auto moves = p.legal_moves();
      if (moves.empty()) break;
      std::vector<Move> captures;
      for (const Move& m : moves)
        if (m.from >= 0 && !p.at(m.to).empty()) captures.push_back(m);
      const auto& pool = !captures.empty() && rng.below(2) == 0 ? captures : moves;
      p.make(pool[rng.below(pool.size())]);
      if (ply % 4 == 3) positions.push_back({p, "game " + std::to_string(g) + " of seed " + std::to_string(options.seed)});
    }
  }
  return positions;
}

}  // namespace rulespec::certify
