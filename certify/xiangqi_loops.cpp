#include "certify/xiangqi_loops.hpp"

#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <utility>

#include "model/common/xorshift.hpp"
#include "model/xiangqi/classify.hpp"
#include "model/xiangqi/notation.hpp"
#include "queries/query.hpp"
#include "queries/switches.hpp"
#include "queries/xiangqi_rules.hpp"

namespace rulespec::certify {
namespace {

using xiangqi::Move;
using xiangqi::Position;

struct Example {
  std::string id, source, fen;
  std::vector<std::string> moves;
};

std::vector<Example> wxf_examples() {
  std::vector<Example> out;
  std::ifstream in(std::filesystem::path(source_root()) / "tests" / "data" / "wxf-repetition-examples.tsv");
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream f(line);
    Example e;
    std::string label, moves;
    std::getline(f, e.id, '\t');
    std::getline(f, label, '\t');
    std::getline(f, e.fen, '\t');
    std::getline(f, moves, '\t');
    e.source = "WXF manual " + e.id;
    std::istringstream words(moves);
    for (std::string w; words >> w;) e.moves.push_back(w);
    out.push_back(std::move(e));
  }
  return out;
}

// A board being laid out square by square from a seed: pieces put on random free squares of a
// range of files and ranks (rank 0 Red's back rank).
struct SparseBoard {
  common::XorShift64& rng;
  std::string board[10][9];
  bool put_free(int file_lo, int file_hi, int rank_lo, int rank_hi, const char* piece) {
    for (int tries = 0; tries < 50; ++tries) {
      const int f = file_lo + static_cast<int>(rng.below(static_cast<std::uint64_t>(file_hi - file_lo + 1)));
      const int r = rank_lo + static_cast<int>(rng.below(static_cast<std::uint64_t>(rank_hi - rank_lo + 1)));
      if (board[r][f].empty()) {
        board[r][f] = piece;
        return true;
      }
    }
    return false;
  }
  // Red to move, neither side in check; nothing when the board is no position.
  std::optional<Position> position() const {
    auto parsed_fen = Position::from_fen(xiangqi_placement(board) + " w - - 0 1");
    if (!parsed_fen.position) return std::nullopt;
    const Position& p = *parsed_fen.position;
    if (p.in_check() || p.attacked(p.king_square(xiangqi::Colour::Black), xiangqi::Colour::Red)) return std::nullopt;
    return p;
  }
};

// A sparse position for a checking cycle: both kings in their palaces, one or two Red attackers
// (mostly horses, whose few moves leave a rule-blind engine few ways to vary), perhaps a Red pawn
// across the river, and up to two Black advisors that hem the king in.
std::optional<Position> sparse(common::XorShift64& rng) {
  SparseBoard s{rng, {}};
  s.put_free(3, 5, 7, 9, "k");
  s.put_free(3, 5, 0, 2, "K");
  static const char* attackers[] = {"N", "N", "N", "R", "C"};
  for (int i = 0, n = 1 + static_cast<int>(rng.below(2)); i < n; ++i) s.put_free(0, 8, 0, 9, attackers[rng.below(std::size(attackers))]);
  if (rng.below(2) == 0) s.put_free(0, 8, 5, 9, "P");
  static const std::pair<int, int> advisor_squares[] = {{3, 9}, {5, 9}, {4, 8}, {3, 7}, {5, 7}};
  for (int i = 0, n = static_cast<int>(rng.below(3)); i < n; ++i) {
    const auto [f, r] = advisor_squares[rng.below(std::size(advisor_squares))];
    if (s.board[r][f].empty()) s.board[r][f] = "a";
  }
  return s.position();
}

// A sparse position for a chase: both kings in their palaces, one Red chaser (rook, horse or
// cannon, with a pawn now and then as a cannon's screen) and one or two Black pieces it may hunt,
// nothing guarding them.
std::optional<Position> sparse_chase(common::XorShift64& rng) {
  SparseBoard s{rng, {}};
  s.put_free(3, 5, 7, 9, "k");
  s.put_free(3, 5, 0, 2, "K");
  static const char* chasers[] = {"R", "N", "C", "R"};
  s.put_free(0, 8, 0, 9, chasers[rng.below(std::size(chasers))]);
  if (rng.below(3) == 0) s.put_free(0, 8, 3, 9, "P");
  static const char* hunted[] = {"r", "n", "c", "n"};
  for (int i = 0, n = 1 + static_cast<int>(rng.below(2)); i < n; ++i) s.put_free(0, 8, 0, 9, hunted[rng.below(std::size(hunted))]);
  return s.position();
}

// Whether Red's quiet move strikes without checking: it makes a new attack on a Black piece.
bool strikes(const Position& p, const Move& m) {
  if (p.at(m.to).is_piece() || p.gives_check(m)) return false;
  return !xiangqi::classify(p, m, xiangqi::Tracker(p), xiangqi::ChaseRules{}).new_attacks.empty();
}

// A cycle of four moves from `p`: Red makes a move `red_move` accepts, Black answers (any move, or
// with `black_quiet` a quiet one), Red again, Black again, and the position is p again.
template <typename RedMove>
std::optional<std::vector<Move>> four_move_cycle(Position p, RedMove red_move, bool black_quiet) {
  const std::uint64_t key = p.hash();
  for (const Move& c1 : p.legal_moves()) {
    if (!red_move(p, c1)) continue;
    const auto u1 = p.make(c1);
    for (const Move& k1 : p.legal_moves()) {
      if (black_quiet && p.at(k1.to).is_piece()) continue;
      const auto u2 = p.make(k1);
      for (const Move& c2 : p.legal_moves()) {
        if (!red_move(p, c2)) continue;
        const auto u3 = p.make(c2);
        for (const Move& k2 : p.legal_moves()) {
          const auto u4 = p.make(k2);
          const bool back = p.hash() == key;
          p.unmake(u4);
          if (back) return std::vector<Move>{c1, k1, c2, k2};
        }
        p.unmake(u3);
      }
      p.unmake(u2);
    }
    p.unmake(u1);
  }
  return std::nullopt;
}

// Up to `count` distinct cycles of one kind from `seed` (`kind`: "checking" or "chasing"), each as
// one turn of its cycle from its start.
std::vector<Example> cycles_of(const std::string& kind, std::uint64_t seed, int count) {
  const bool chasing = kind == "chasing";
  std::vector<Example> out;
  std::set<std::uint64_t> starts;
  common::XorShift64 rng{chasing ? seed * 0xD1B54A32D192ED03ull + 5 : seed * 0x9E3779B97F4A7C15ull + 3};
  for (int tries = 0; tries < 400 * count && static_cast<int>(out.size()) < count; ++tries) {
    const auto p = chasing ? sparse_chase(rng) : sparse(rng);
    if (!p || !starts.insert(p->hash()).second) continue;
    // A checking cycle: Red checks twice. A chasing one: four quiet moves, each Red one a new
    // attack; whether it is a chase the adjudication decides.
    const auto cycle = chasing ? four_move_cycle(*p, strikes, true)
                               : four_move_cycle(*p, [](const Position& q, const Move& m) { return q.gives_check(m); }, false);
    if (!cycle) continue;
    const std::string n = std::to_string(out.size() + 1);
    Example e{.id = (chasing ? "chase-" : "cycle-") + n, .source = kind + " cycle " + n + " of seed " + std::to_string(seed), .fen = p->fen()};
    for (const Move& m : *cycle) e.moves.push_back(xiangqi::to_iccs(m));
    out.push_back(std::move(e));
  }
  return out;
}

// The moves as the model's, from the start; nullopt when one is not legal.
std::optional<std::vector<Move>> parsed(const Position& start, const std::vector<std::string>& iccs, Position& end) {
  std::vector<Move> out;
  end = start;
  for (const auto& t : iccs) {
    const auto m = xiangqi::parse_iccs(end, t);
    if (!m.move) return std::nullopt;
    out.push_back(*m.move);
    end.make(*m.move);
  }
  return out;
}

// Every position of the game, the start included. A move to a position the game has not had
// repeats nothing, so no repetition rule can make it lose: only moves back into the history need
// adjudicating (which replays the whole history for each).
std::set<std::uint64_t> positions_had(const Position& start, const std::vector<Move>& moves) {
  std::set<std::uint64_t> had = {start.hash()};
  Position replayed = start;
  for (const Move& m : moves) {
    replayed.make(m);
    had.insert(replayed.hash());
  }
  return had;
}
bool returns_to(const Position& end, const Move& m, const std::set<std::uint64_t>& had) {
  Position after = end;
  after.make(m);
  return had.count(after.hash()) > 0;
}

// A probe as the rules alone decide it (the clauses come from the spec afterwards), with the
// adjudication of its continuation.
struct AdjudgedProbe {
  LoopProbe probe;
  xiangqi::Adjudication continuation;
};

std::vector<AdjudgedProbe> adjudge_examples(const xiangqi::LoopRules& rules, const std::vector<Example>& examples) {
  std::vector<AdjudgedProbe> out;
  std::set<std::string> seen;
  for (const Example& e : examples) {
    const auto start = Position::from_fen(e.fen).position;
    if (!start) continue;
    Position end;
    auto moves = parsed(*start, e.moves, end);
    if (!moves) continue;
    const auto first = xiangqi::adjudicate(*start, *moves, rules);
    if (!first.loop || first.loop_length <= 0) continue;
    const auto cycle = static_cast<std::size_t>(first.loop_length);
    std::vector<std::string> history = e.moves;
    // Carry the cycle on, one move at a time, until its next move would lose for the side making it.
    for (std::size_t step = 0; step < 4 * cycle + 2 && history.size() >= cycle; ++step) {
      const std::string next = history[history.size() - cycle];
      const xiangqi::Colour mover = end.side_to_move();
      const xiangqi::Verdict loses = mover == xiangqi::Colour::Red ? xiangqi::Verdict::RedLoses : xiangqi::Verdict::BlackLoses;
      const auto next_move = xiangqi::parse_iccs(end, next);
      if (!next_move.move) break;
      auto with = *moves;
      with.push_back(*next_move.move);
      auto adjudged = xiangqi::adjudicate(*start, with, rules);
      const auto verdict = adjudged.verdict;
      if (verdict == loses) {
        if (xiangqi::adjudicate(*start, *moves, rules).verdict != xiangqi::Verdict::None) break;  // decided already
        LoopProbe p{.id = e.id, .source = e.source, .fen = e.fen, .history = history, .mover = mover == xiangqi::Colour::Red ? "red" : "black", .continuation = next};
        bool alternative = false;
        const auto had = positions_had(*start, *moves);
        for (const Move& m : end.legal_moves()) {
          if (!returns_to(end, m, had)) {
            alternative = true;
            continue;
          }
          auto tried = *moves;
          tried.push_back(m);
          if (xiangqi::adjudicate(*start, tried, rules).verdict == loses) p.losing.insert(xiangqi::to_iccs(m));
          else alternative = true;
        }
        std::string key = e.fen;
        for (const auto& h : history) key += " " + h;
        if (!alternative || !seen.insert(key).second) break;
        p.reason = adjudged.reason;
        out.push_back({std::move(p), std::move(adjudged)});
        break;
      }
      if (verdict != xiangqi::Verdict::None) break;  // the other side's loss, or a draw: not this probe
      history.push_back(next);
      moves->push_back(*next_move.move);
      end.make(*next_move.move);
    }
  }
  return out;
}

// adjudge_examples, once per process for each set of rules and seed: the conformance matrix
// certifies each engine under every ruleset of the codex, and each comparison ruleset asks for the
// probes of the ruleset as written as well.
const std::vector<AdjudgedProbe>& adjudged_examples(const xiangqi::LoopRules& rules, std::uint64_t seed, int cycles) {
  struct Known {
    xiangqi::LoopRules rules;
    std::uint64_t seed;
    int cycles;
    std::vector<AdjudgedProbe> probes;
  };
  static std::mutex guard;
  static std::vector<Known> known;
  std::lock_guard<std::mutex> lock(guard);
  for (const auto& k : known)
    if (k.rules == rules && k.seed == seed && k.cycles == cycles) return k.probes;
  auto examples = wxf_examples();
  for (auto& e : cycles_of("checking", seed, cycles)) examples.push_back(std::move(e));
  // A chaser has more ways to vary than a checker (a rook some twenty), and chases come in more
  // kinds (one piece, two in turn): three times as many.
  for (auto& e : cycles_of("chasing", seed, 3 * cycles)) examples.push_back(std::move(e));
  known.push_back({rules, seed, cycles, adjudge_examples(rules, examples)});
  return known.back().probes;
}

// Whether `move` after the probe's history loses for its mover under `rules`.
bool loses_after(const LoopProbe& probe, const std::string& move, const xiangqi::LoopRules& rules) {
  const auto start = Position::from_fen(probe.fen).position;
  Position end;
  auto with = probe.history;
  with.push_back(move);
  const auto moves = start ? parsed(*start, with, end) : std::nullopt;
  if (!moves) return false;
  const auto verdict = xiangqi::adjudicate(*start, *moves, rules).verdict;
  return verdict == (probe.mover == "red" ? xiangqi::Verdict::RedLoses : xiangqi::Verdict::BlackLoses);
}

// The probe's evidence for `clause`: the rules without it, and what they make of the continuation
// and of every other legal move.
Evidence evidence_for(const Spec& spec, const Ruleset& rs, const LoopProbe& probe, const std::string& clause) {
  xiangqi::LoopRules without;
  {
    ClauseSwitchedOff off(clause);
    without = xiangqi_loop_rules(spec, rs);
  }
  if (loses_after(probe, probe.continuation, without)) {
    // Another of the probe's clauses forbids the continuation too: say which.
    Evidence e = Evidence::not_decisive();
    if (clause.ends_with(".sanction.must-vary")) return e;  // the sanction follows whichever rule forbids
    for (const auto& other : probe.clauses) {
      if (other == clause || other.ends_with(".sanction.must-vary") || !find_clause_switch(other)) continue;
      ClauseSwitchedOff off(clause), also(other);
      if (!loses_after(probe, probe.continuation, xiangqi_loop_rules(spec, rs))) e.also_forbidden_by.push_back(other);
    }
    return e;
  }
  const Position start = *Position::from_fen(probe.fen).position;
  Position end;
  const auto moves = parsed(start, probe.history, end);
  if (!moves) return Evidence::not_decisive();
  const auto had = positions_had(start, *moves);
  int allowed = 0, avoided = 0;
  for (const Move& m : end.legal_moves()) {
    const std::string iccs = xiangqi::to_iccs(m);
    if (returns_to(end, m, had) && loses_after(probe, iccs, without)) continue;
    ++allowed;
    avoided += probe.losing.count(iccs) == 0;
  }
  return Evidence::of(true, allowed > 0 ? static_cast<double>(avoided) / allowed : 1.0);
}

}  // namespace

std::string xiangqi_placement(const std::string (&board)[10][9]) {
  std::string fen;
  for (int r = 9; r >= 0; --r) {
    int empty = 0;
    for (int f = 0; f < 9; ++f) {
      if (board[r][f].empty()) {
        ++empty;
        continue;
      }
      if (empty) fen += std::to_string(empty);
      empty = 0;
      fen += board[r][f];
    }
    if (empty) fen += std::to_string(empty);
    if (r > 0) fen += '/';
  }
  return fen;
}

std::vector<LoopProbe> xiangqi_loop_probes(const Spec& spec, const Ruleset& rs, std::uint64_t seed, int cycles) {
  std::vector<LoopProbe> out;
  if (rs.codex != "axf-1982" && rs.codex != "cxa") return out;
  for (const AdjudgedProbe& a : adjudged_examples(xiangqi_loop_rules(spec, rs), seed, cycles)) {
    LoopProbe p = a.probe;
    // The clauses that forbid the mover's part of the cycle (not those that judge the other
    // side's), and the sanction, as the oracle's adjudicate names them.
    const xiangqi::Colour mover = p.mover == "red" ? xiangqi::Colour::Red : xiangqi::Colour::Black;
    xiangqi_side_clauses(spec, rs, a.continuation, mover, p.clauses);
    if (spec.clause(rs.codex + ".sanction.must-vary")) p.clauses.push_back(rs.codex + ".sanction.must-vary");
    // A clause the models cannot switch off shows nothing decisive (its catalog entry says why).
    for (const auto& clause : p.clauses)
      p.evidence[clause] = find_clause_switch(clause) ? evidence_for(spec, rs, p, clause) : Evidence::without_switch();
    if (!p.clauses.empty()) out.push_back(std::move(p));
  }
  return out;
}

bool continuation_loses(const Spec& spec, const Ruleset& rs, const LoopProbe& probe) {
  return loses_after(probe, probe.continuation, xiangqi_loop_rules(spec, rs));
}

}  // namespace rulespec::certify
