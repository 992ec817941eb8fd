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


// Whether a move the pieces can make leaves the mover's king attacked: then king safety decides.
bool leaves_king_unsafe(const Position& p) { return p.pseudo_legal_moves().size() > p.legal_moves(false).size(); }

// Whether the mover could drop a pawn on a file where he has an unpromoted pawn, on a square a
// pawn may stand on: then the nifu rule decides.
bool nifu_drops(const Position& p) {
  const shogi::Colour us = p.to_move();
  if (p.in_hand(us, shogi::Pawn) == 0) return false;
  for (int file = 0; file < 9; ++file) {
    bool pawn = false, room = false;
    for (int rank = 0; rank < 9; ++rank) {
      const shogi::Piece& q = p.at(shogi::square(file, rank));
      pawn = pawn || (q.kind == shogi::Pawn && q.colour == us);
      const bool last = us == shogi::Colour::Sente ? rank == 0 : rank == 8;
      room = room || (q.empty() && !last);
    }
    if (pawn && room) return true;
  }
  return false;
}

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
// the declaration clauses not observed, as it gives no evidence either way. A losing declaration
// is decisive for a condition when, without that condition alone, it would win: an engine
// without the condition declares there as readily as it does where declaring wins, so its chance
// to pass is the engine's own share of moves where declaring wins. Nothing can be decisive for
// win-if-all or lose-if-any-fails (the models cannot switch them off: jishogi.yaml says why).
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
  int declared_where_wins = 0, answered_where_wins = 0;
  for (std::size_t i = 0; i < probes.size(); ++i)
    if (probes[i].wins && !answers[i].empty()) {
      ++answered_where_wins;
      declared_where_wins += answers[i] == "win";
    }
  const double refrains = answered_where_wins ? 1.0 - static_cast<double>(declared_where_wins) / answered_where_wins : 1.0;
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
    record_oracle(r, options, rs, "shogi", "declare", {{"sfen", Value::string(p.position.sfen())}}, "verdict",
                  Value::string(p.wins ? "win" : "lose"));
    if (p.wins) {
      if (said_win) r.tally(codex + "win-if-all", true, {}, Evidence::not_decisive());
      continue;
    }
    std::string failed;
    for (const auto& c : p.failed) failed += (failed.empty() ? "" : ", ") + c;
    const Failure f{p.position.sfen() + " (" + p.source + ")", "go depth 2", "no declaration: it loses, as " + failed + " fails",
                    answers[i], replay};
    r.tally(codex + "lose-if-any-fails", !said_win, f, Evidence::not_decisive());
    for (const auto& c : p.failed)
      r.tally(c, !said_win, f,
              std::find(p.decisive_for.begin(), p.decisive_for.end(), c) != p.decisive_for.end() ? Evidence::of(true, refrains)
                                                                                                  : Evidence::not_decisive());
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
  const auto loops = shogi_loop_probes(options.seed, std::max(40, options.min_probes));
  // Over USI, after those, positions near an impasse where the declaration wins or loses.
  const auto declarations = usi ? shogi_declaration_probes(spec, rs, options.seed, std::max(1, options.min_probes) + 10) : std::vector<DeclarationProbe>{};
  const std::size_t first_declaration = positions.size() + loops.size();
  std::vector<std::string> declared(declarations.size());  // the engine's answer on each, by index
  const auto chosen = probed_indices(first_declaration + declarations.size(), options.only_game);
  r.games = options.games;
  // The move lists need `go perft 1`, which USI and UCI do not define: asked once, at once.
  auto hello = [&](UciRun& run, int) {
    const std::string id = run.uci.handshake("shogi");
    run.uci.has_perft = run.uci.lists_perft(position_text(Position::start()));
    return id;
  };
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
    // The continuation is a perpetual check the mover loses: the oracle's play of the moves and it.
    std::vector<std::string> continued = lp.history;
    continued.push_back(lp.continuation);
    const std::vector<std::pair<std::string, Value>> game = {{"sfen", Value::string(lp.start.sfen())}, {"moves", string_list(continued)}};
    record_oracle(part, options, rs, "shogi", "play", game, "reason", Value::string("perpetual-check"));
    record_oracle(part, options, rs, "shogi", "play", game, "result",
                  Value::string(p.to_move() == shogi::Colour::Sente ? "sente-loses" : "gote-loses"));
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
                       move, replay, usi ? "" : as_usi},
               Evidence::of(true, lp.blind_pass));
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
    if (!run.uci.has_perft) {
      // No move lists: the rules they show are not observed, and the engine's own moves are
      // judged on every position instead.
      const std::string why = "needs `go perft 1` (Stockfish's extension of the protocol), which the engine lacks: its move lists are not observed, "
                              "its own bestmove is judged on every position instead";
      for (const char* rule : {kShogiMovement, kShogiKingSafety, kShogiNifu, kShogiPawnDropMate}) part.unobserved[rule] = why;
      if (!ours.empty()) {
        const std::string move = run.uci.bestmove(position_text(p), 2);
        part.tally(kShogiBestmove, ours.count(move) > 0,
                   Failure{p.sfen() + " (" + source + ")", "go depth 2", "a legal move", move, replay, usi ? "" : ours_text(move)});
      }
      return;
    }
    const auto theirs = run.uci.perft1(position_text(p));
    {
      std::vector<std::string> legal;
      for (const Move& m : p.legal_moves()) legal.push_back(shogi::usi(m));
      record_oracle(part, options, rs, "shogi", "legal_moves", {{"sfen", Value::string(p.sfen())}}, "moves", string_list(legal, true));
    }
    // A pawn-drop mate can only be offered with a pawn in hand; the other rules on every position.
    // Each is decisive where the model lists more moves without it (an engine lacking the rule
    // lists them, and fails: chance 0).
    std::vector<ListedRule> rules = {{kShogiKingSafety, "no move that leaves the king attacked", Evidence::of(leaves_king_unsafe(p), 0.0)},
                                     {kShogiNifu, "no second unpromoted pawn on a file", Evidence::of(nifu_drops(p), 0.0)}};
    if (p.in_hand(p.to_move(), shogi::Pawn) > 0)
      rules.push_back({kShogiPawnDropMate, "no pawn dropped to mate", Evidence::of(p.legal_moves(false).size() != p.legal_moves().size(), 0.0)});
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

// Positions, Sente to move, where dropping a pawn mates Gote: Gote's king on its back rank, hemmed
// in by its own lances, knights and pawns (none of which can take on the square in front of it),
// that square guarded by a Sente gold, silver, knight or bishop, Sente's king on its own back rank,
// and a few more pieces of each side at random; kept when the model lists the drop without the
// pawn-drop mate rule and not with it (so the random pieces may break the mate, or make a pinned
// defender that only seems to cover it).
std::vector<Position> pawn_drop_mate_positions(std::uint64_t seed, int count) {
  std::vector<Position> out;
  common::XorShift64 rng{seed * 2862933555777941757ull + 11};
  for (int tries = 0; static_cast<int>(out.size()) < count && tries < 200 * count; ++tries) {
    std::string board[81];
    const int kf = 1 + static_cast<int>(rng.below(7));  // files 8..2: both neighbours on the board
    auto put = [&](int file, int rank, const char* piece) { board[shogi::square(file, rank)] = piece; };
    auto free = [&](int file, int rank) { return file >= 0 && file < 9 && rank >= 0 && rank < 9 && board[shogi::square(file, rank)].empty(); };
    put(kf, 0, "k");
    const char* corners[] = {"l", "n"};
    put(kf - 1, 0, corners[rng.below(2)]);
    put(kf + 1, 0, corners[rng.below(2)]);
    put(kf - 1, 1, "p");
    put(kf + 1, 1, "p");
    // The guard of the drop square (kf, rank b).
    switch (rng.below(4)) {
      case 0: put(kf, 2, "G"); break;
      case 1: put(kf + (rng.below(2) ? 1 : -1), 2, "S"); break;
      case 2: put(kf + (rng.below(2) ? 1 : -1), 3, "N"); break;
      default: {
        // A bishop on the diagonal through the drop square, further down the board.
        const int d = 2 + static_cast<int>(rng.below(3)), dir = rng.below(2) ? 1 : -1;
        if (free(kf + dir * d, 1 + d)) put(kf + dir * d, 1 + d, "B");
        else put(kf, 2, "G");
      }
    }
    const int sente_king = static_cast<int>(rng.below(9));
    if (!free(sente_king, 8)) continue;
    put(sente_king, 8, "K");
    // A few more pieces: pawns on free files, golds and silvers anywhere a piece may stand.
    const char* extras[] = {"G", "S", "g", "s", "R", "r", "b", "P", "p"};
    bool pawn_file[2][9] = {};
    for (int f = 0; f < 9; ++f)
      for (int rank = 0; rank < 9; ++rank) {
        if (board[shogi::square(f, rank)] == "P") pawn_file[0][f] = true;
        if (board[shogi::square(f, rank)] == "p") pawn_file[1][f] = true;
      }
    const int more = static_cast<int>(rng.below(6));
    for (int k = 0; k < more; ++k) {
      const char* piece = extras[rng.below(std::size(extras))];
      const int f = static_cast<int>(rng.below(9)), rank = 2 + static_cast<int>(rng.below(6));
      if (!free(f, rank)) continue;
      const bool sente = piece[0] >= 'A' && piece[0] <= 'Z';
      if ((piece[0] == 'P' || piece[0] == 'p') && pawn_file[sente ? 0 : 1][f]) continue;
      if (piece[0] == 'P' || piece[0] == 'p') pawn_file[sente ? 0 : 1][f] = true;
      put(f, rank, piece);
    }
    const std::string hand = std::string("P") + (rng.below(3) == 0 ? "G" : "") + (rng.below(3) == 0 ? "p" : "");
    const auto p = Position::from_sfen(shogi::board_sfen(board) + " b " + hand + " 1");
    if (!p || p->in_check() || p->attacked(p->king_square(shogi::Colour::Gote), shogi::Colour::Sente)) continue;
    if (p->legal_moves(false).size() == p->legal_moves().size()) continue;  // no pawn-drop mate here
    out.push_back(*p);
  }
  return out;
}

}  // namespace

std::vector<std::pair<Position, std::string>> shogi_probe_positions(const Options& options) {
  std::vector<std::pair<Position, std::string>> positions;
  for (const auto& sfen : book_positions())
    if (const auto p = Position::from_sfen(sfen)) positions.push_back({*p, "tests/data/shogi-perft.txt"});
  // Probes made decisive for the pawn-drop mate: twice the minimum of positions where one is offered.
  for (auto& p : pawn_drop_mate_positions(options.seed, 2 * std::max(1, options.min_probes)))
    positions.push_back({std::move(p), "a pawn-drop mate built for seed " + std::to_string(options.seed)});
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
