#include "model/go/life.hpp"

#include <algorithm>
#include <deque>
#include <unordered_map>

namespace rulespec::go {

const char* to_string(FightResult r) {
  switch (r) {
    case FightResult::Captured: return "captured";
    case FightResult::Survives: return "survives";
    case FightResult::Unknown: return "unknown";
  }
  return "?";
}

const char* to_string(LifeStatus s) {
  switch (s) {
    case LifeStatus::Alive: return "alive";
    case LifeStatus::Dead: return "dead";
    case LifeStatus::Unsettled: return "unsettled";
    case LifeStatus::Unknown: return "unknown";
  }
  return "?";
}

namespace {

std::uint64_t key_of(const Board& b, Stone mover, bool after_pass) {
  std::uint64_t k = b.hash();
  k ^= static_cast<std::uint64_t>(b.ko_point() + 2) * 0x9E3779B97F4A7C15ULL;
  if (mover == Stone::White) k ^= 0xD1B54A32D192ED03ULL;
  if (after_pass) k ^= 0x8CB92BA72F3D8DD7ULL;
  return k;
}

// The fight as a reachability game on its finite graph of situations (board, player to move, ko
// point, whether the last move was a pass): the attacker wins by reaching a capture, the
// defender by avoiding it forever or by ending the fight with a second pass. Solving it by the
// attractor (backwards from the captures) needs no depth bound and no special case for cycles.
class FightGraph {
 public:
  static constexpr int kCaptured = -1;  // successor: the target has left the board
  static constexpr int kEnded = -2;     // successor: two passes in a row, the target stays

  FightGraph(const Board& start, int target, const MoveRules& rules, const std::vector<int>& region, std::int64_t max_states)
      : target_(target), defender_(start.at(target)), rules_(rules), max_states_(max_states) {
    // Moves are allowed in the region and on the points of the chains that touch it, once a
    // capture empties them, so a ko can be retaken and a captured group's space played in.
    playable_ = region;
    for (int p : region)
      for (int n : start.neighbours(p))
        if (start.at(n) == Stone::Black || start.at(n) == Stone::White)
          for (int s : start.chain_stones(n)) playable_.push_back(s);
    std::sort(playable_.begin(), playable_.end());
    playable_.erase(std::unique(playable_.begin(), playable_.end()), playable_.end());
  }

  FightResult solve(const Board& start, Stone first, bool first_must_play) {
    if (!explore(start, first, first_must_play)) return FightResult::Unknown;
    const size_t n = nodes_.size();
    std::vector<std::vector<int>> predecessors(n);
    std::vector<int> open_exits(n, 0);  // defender: successors not (yet) lost
    std::vector<char> lost(n, 0);       // the attacker can force a capture from here
    std::vector<int> queue;
    for (size_t i = 0; i < n; ++i) {
      const Node& node = nodes_[i];
      for (int s : node.successors) {
        if (s >= 0) predecessors[static_cast<size_t>(s)].push_back(static_cast<int>(i));
        if (node.attacker_to_move && s == kCaptured && !lost[i]) {
          lost[i] = 1;
          queue.push_back(static_cast<int>(i));
        }
        if (!node.attacker_to_move && s != kCaptured) ++open_exits[i];
      }
    }
    while (!queue.empty()) {
      const int s = queue.back();
      queue.pop_back();
      for (int p : predecessors[static_cast<size_t>(s)]) {
        const auto pi = static_cast<size_t>(p);
        if (lost[pi]) continue;
        if (nodes_[pi].attacker_to_move || --open_exits[pi] == 0) {
          lost[pi] = 1;
          queue.push_back(p);
        }
      }
    }
    return lost[0] ? FightResult::Captured : FightResult::Survives;
  }

  std::int64_t states() const { return static_cast<std::int64_t>(nodes_.size()); }

 private:
  struct Node {
    bool attacker_to_move = false;
    std::vector<int> successors;
  };

  bool explore(const Board& start, Stone first, bool first_must_play) {
    struct Pending {
      Board board;
      Stone mover;
      bool after_pass;
    };
    std::deque<Pending> frontier;  // nodes_ in the same order; boards are dropped once expanded
    // A new situation takes the board over (moved into the frontier); a known one leaves it be.
    auto index_of = [&](Board& b, Stone mover, bool after_pass, std::uint64_t salt = 0) {
      const std::uint64_t key = key_of(b, mover, after_pass) ^ salt;
      auto [it, fresh] = index_.try_emplace(key, static_cast<int>(nodes_.size()));
      if (fresh) {
        nodes_.push_back({mover != defender_, {}});
        frontier.push_back({std::move(b), mover, after_pass});
      }
      return it->second;
    };
    // A start that must be a board move is a situation of its own.
    Board first_board = start;
    index_of(first_board, first, false, first_must_play ? 0x5851F42D4C957F2DULL : 0);
    // One scratch board for the children, assigned over (its storage reused): a fight looks at
    // hundreds of thousands, most of them illegal or already known.
    Board moved = start;
    for (size_t next = 0; !frontier.empty(); ++next) {
      if (static_cast<std::int64_t>(nodes_.size()) > max_states_) return false;
      const Pending current = std::move(frontier.front());
      frontier.pop_front();
      const Board& b = current.board;
      std::vector<int> successors;
      for (int p : playable_) {
        if (b.at(p) != Stone::Empty) continue;
        const MovePreview preview = b.preview(p, current.mover);
        if (b.check(p, rules_, preview) != Illegal::None) continue;
        moved = b;
        moved.play_unchecked(p, current.mover);
        successors.push_back(moved.at(target_) != defender_ ? kCaptured : index_of(moved, opponent(current.mover), false));
      }
      const bool forced = next == 0 && first_must_play && !successors.empty();
      if (current.after_pass) {
        successors.push_back(kEnded);
      } else if (!forced) {
        moved = b;
        moved.pass();
        successors.push_back(index_of(moved, opponent(current.mover), true));
      }
      nodes_[next].successors = std::move(successors);
    }
    return true;
  }

  int target_;
  Stone defender_;
  MoveRules rules_;
  std::int64_t max_states_;
  std::vector<int> playable_;
  std::vector<Node> nodes_;
  std::unordered_map<std::uint64_t, int> index_;
};

}  // namespace

std::vector<int> fight_region(const Board& b, int target) {
  const Stone owner = b.at(target);
  std::vector<char> in_region(static_cast<size_t>(b.array_size()), 0), chain_done(static_cast<size_t>(b.array_size()), 0);
  std::vector<int> out, chains = {target};
  // The empty areas touching the target chain, then those touching every chain of its owner that
  // those areas reach (the owner can connect to it), until nothing new is reached.
  for (size_t c = 0; c < chains.size(); ++c) {
    if (chain_done[static_cast<size_t>(b.chain_id(chains[c]))]) continue;
    chain_done[static_cast<size_t>(b.chain_id(chains[c]))] = 1;
    // Capturing an adjacent attacker chain short of liberties is a defence: its liberties too.
    for (int s : b.chain_stones(chains[c]))
      for (int n : b.neighbours(s))
        if (b.on_board(n) && b.at(n) != owner && b.at(n) != Stone::Empty && b.liberties(n) <= 2)
          for (int lib : b.chain_liberties(n))
            if (!in_region[static_cast<size_t>(lib)]) {
              in_region[static_cast<size_t>(lib)] = 1;
              out.push_back(lib);
            }
    for (int lib : b.chain_liberties(chains[c])) {
      if (in_region[static_cast<size_t>(lib)]) continue;
      std::vector<int> area = {lib};
      in_region[static_cast<size_t>(lib)] = 1;
      for (size_t i = 0; i < area.size(); ++i)
        for (int n : b.neighbours(area[i])) {
          if (!b.on_board(n)) continue;
          if (b.at(n) == Stone::Empty && !in_region[static_cast<size_t>(n)]) {
            in_region[static_cast<size_t>(n)] = 1;
            area.push_back(n);
          } else if (b.at(n) == owner && !chain_done[static_cast<size_t>(b.chain_id(n))]) {
            chains.push_back(n);
          }
        }
      out.insert(out.end(), area.begin(), area.end());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<int> eyes(const Board& b, int target, const MoveRules& rules) {
  std::vector<int> out;
  const auto libs = b.chain_liberties(target);
  if (libs.size() < 2) return out;  // the last liberty can always be taken by capturing
  const Stone attacker = opponent(b.at(target));
  for (int p : libs) {
    const Illegal why = b.check(p, attacker, rules);
    if (why == Illegal::Suicide || why == Illegal::SingleStoneSuicide) out.push_back(p);
  }
  std::sort(out.begin(), out.end());
  return out;
}

FightOutcome capture_fight(const Board& b, int target, Stone to_move, const MoveRules& rules,
                           const std::vector<int>& region, const FightOptions& options) {
  const Stone colour = b.at(target);
  if (colour != Stone::Black && colour != Stone::White) return {FightResult::Captured, 0};
  FightGraph graph(b, target, rules, region, options.max_nodes);
  const FightResult r = graph.solve(b, to_move, options.first_must_play);
  return {r, graph.states()};
}

LifeVerdict life_status(const Board& b, int target, const MoveRules& rules, const std::vector<int>& region,
                        const FightOptions& options) {
  LifeVerdict v;
  const Stone owner = b.at(target);
  const Stone attacker = opponent(owner);
  const FightOutcome owner_first = capture_fight(b, target, owner, rules, region, options);
  const FightOutcome attacker_first = capture_fight(b, target, attacker, rules, region, options);
  v.owner_first = owner_first.result;
  v.attacker_first = attacker_first.result;
  v.nodes = owner_first.nodes + attacker_first.nodes;
  if (v.owner_first == FightResult::Unknown || v.attacker_first == FightResult::Unknown) v.status = LifeStatus::Unknown;
  else if (v.owner_first == FightResult::Survives && v.attacker_first == FightResult::Survives) v.status = LifeStatus::Alive;
  else if (v.owner_first == FightResult::Captured && v.attacker_first == FightResult::Captured) v.status = LifeStatus::Dead;
  else v.status = LifeStatus::Unsettled;
  return v;
}

}  // namespace rulespec::go
