#include "certify/xiangqi_loops.hpp"

#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <utility>

#include "model/xiangqi/notation.hpp"
#include "queries/query.hpp"
#include "queries/xiangqi_rules.hpp"

namespace rulespec::certify {
namespace {

using xiangqi::Move;
using xiangqi::Position;

struct Example {
  std::string id, fen;
  std::vector<std::string> moves;
};

std::vector<Example> examples() {
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
    std::istringstream words(moves);
    for (std::string w; words >> w;) e.moves.push_back(w);
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

// A probe as the rules alone decide it (the clauses come from the spec afterwards), with the
// adjudication of its continuation.
struct AdjudgedProbe {
  LoopProbe probe;
  xiangqi::Adjudication continuation;
};

std::vector<AdjudgedProbe> adjudge_examples(const xiangqi::LoopRules& rules) {
  std::vector<AdjudgedProbe> out;
  std::set<std::string> seen;
  for (const Example& e : examples()) {
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
        LoopProbe p{.id = e.id, .fen = e.fen, .history = history, .mover = mover == xiangqi::Colour::Red ? "red" : "black", .continuation = next};
        bool alternative = false;
        for (const Move& m : end.legal_moves()) {
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

// adjudge_examples, once per process for each set of rules: the conformance matrix certifies
// each engine under every ruleset of the codex, and each comparison ruleset asks for the probes
// of the ruleset as written as well.
const std::vector<AdjudgedProbe>& adjudged_examples(const xiangqi::LoopRules& rules) {
  static std::mutex guard;
  static std::vector<std::pair<xiangqi::LoopRules, std::vector<AdjudgedProbe>>> known;
  std::lock_guard<std::mutex> lock(guard);
  for (const auto& [r, probes] : known)
    if (r == rules) return probes;
  known.emplace_back(rules, adjudge_examples(rules));
  return known.back().second;
}

}  // namespace

std::vector<LoopProbe> xiangqi_loop_probes(const Spec& spec, const Ruleset& rs) {
  std::vector<LoopProbe> out;
  if (rs.codex != "axf-1982" && rs.codex != "cxa") return out;
  for (const AdjudgedProbe& a : adjudged_examples(xiangqi_loop_rules(spec, rs))) {
    LoopProbe p = a.probe;
    // The clauses that forbid the mover's part of the cycle (not those that judge the other
    // side's), and the sanction, as the oracle's adjudicate names them.
    const xiangqi::Colour mover = p.mover == "red" ? xiangqi::Colour::Red : xiangqi::Colour::Black;
    xiangqi_side_clauses(spec, rs, a.continuation, mover, p.clauses);
    if (spec.clause(rs.codex + ".sanction.must-vary")) p.clauses.push_back(rs.codex + ".sanction.must-vary");
    if (!p.clauses.empty()) out.push_back(std::move(p));
  }
  return out;
}

bool continuation_loses(const Spec& spec, const Ruleset& rs, const LoopProbe& probe) {
  const auto start = Position::from_fen(probe.fen).position;
  Position end;
  auto with = probe.history;
  with.push_back(probe.continuation);
  const auto moves = start ? parsed(*start, with, end) : std::nullopt;
  if (!moves) return false;
  const auto verdict = xiangqi::adjudicate(*start, *moves, xiangqi_loop_rules(spec, rs)).verdict;
  return verdict == (probe.mover == "red" ? xiangqi::Verdict::RedLoses : xiangqi::Verdict::BlackLoses);
}

}  // namespace rulespec::certify
