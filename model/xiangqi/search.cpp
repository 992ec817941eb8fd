#include "model/xiangqi/search.hpp"

#include <algorithm>
#include <unordered_map>

namespace rulespec::xiangqi {
namespace {

class MateSearch {
 public:
  explicit MateSearch(long long budget) : budget_(budget) {}
  long long nodes = 0;
  bool exhausted = false;

  // True when the side to move wins within `moves` own moves (meaningless once exhausted).
  bool wins(Position& p, int moves, Move* first = nullptr) {
    if (++nodes > budget_ || exhausted) {
      exhausted = true;
      return false;
    }
    const std::uint64_t key = p.hash() * 16 + static_cast<std::uint64_t>(moves);
    if (!first) {
      const auto it = memo_.find(key);
      if (it != memo_.end()) return it->second;
    }
    bool result = false;
    for (const Move& m : moves <= 1 ? p.legal_moves() : ordered(p)) {
      const auto undo = p.make(m);
      // No legal reply is a win (xiangqi has no stalemate draw); at the last move that is all a
      // win can be, deeper every reply must lose.
      bool won = true;
      if (moves <= 1) {
        won = !p.has_legal_move();
      } else {
        for (const Move& r : p.legal_moves()) {
          const auto back = p.make(r);
          const bool still = wins(p, moves - 1);
          p.unmake(back);
          if (!still) {
            won = false;
            break;
          }
        }
      }
      p.unmake(undo);
      if (won) {
        if (first) *first = m;
        result = true;
        break;
      }
    }
    memo_[key] = result;
    return result;
  }

 private:
  long long budget_;
  std::unordered_map<std::uint64_t, bool> memo_;

  // Checks first, then captures: a mate is usually found among them, so proofs stop early.
  static std::vector<Move> ordered(Position& p) {
    auto moves = p.legal_moves();
    std::vector<std::pair<int, Move>> scored;
    scored.reserve(moves.size());
    for (const Move& m : moves) {
      int score = p.at(m.to).is_piece() ? -1 : 0;
      const auto undo = p.make(m);
      if (p.in_check()) score -= 2;
      p.unmake(undo);
      scored.push_back({score, m});
    }
    std::stable_sort(scored.begin(), scored.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (size_t i = 0; i < moves.size(); ++i) moves[i] = scored[i].second;
    return moves;
  }
};

}  // namespace

MateResult forced_mate(const Position& p, int moves, long long budget) {
  MateResult r;
  if (moves <= 0) return r;
  Position work = p;
  MateSearch search(budget);
  r.mates = search.wins(work, moves, &r.first);
  r.nodes = search.nodes;
  r.exhausted = search.exhausted;
  if (r.exhausted) r.mates = false;
  return r;
}

std::vector<Move> mate_escapes(const Position& p, int moves, MateResult* stats, long long budget) {
  std::vector<Move> out;
  Position work = p;
  MateSearch search(budget);  // one memo for all replies: their subtrees overlap
  for (const Move& m : work.legal_moves()) {
    if (search.exhausted) break;
    const auto undo = work.make(m);
    const bool no_reply = !work.has_legal_move();
    const bool mated = !no_reply && moves > 0 && search.wins(work, moves);
    work.unmake(undo);
    if (no_reply || !mated) out.push_back(m);
  }
  if (stats) {
    stats->nodes = search.nodes;
    stats->exhausted = search.exhausted;
  }
  if (search.exhausted) out.clear();
  return out;
}

}  // namespace rulespec::xiangqi
