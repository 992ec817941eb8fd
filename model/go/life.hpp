// Life and death by exhaustive search on small positions. Both Go codices define the terms by
// what the opponent can do (1985 Art. 4 §1 notes 3-4: a group the opponent cannot capture is
// alive; one he can capture whenever he wants, whoever is to move, is dead), which is a question
// about a game. The fight is that game: both sides play any legal move inside a region (default:
// fight_region below), and on the points of the chains touching it once a capture empties them, or
// pass;
//   - the attacker wins when the target chain leaves the board;
//   - the defender wins when two passes in a row end the fight, or when the fight goes on for
//     ever (a cycle captures nothing);
//   - the only repetition rule is the one-stone ko of the board rules, lifted by a pass, so a pass
//     serves as a ko threat.
// It is solved exactly over the graph of its situations; past a budget of situations the answer
// is Unknown.
#pragma once
#include <cstdint>
#include <vector>

#include "model/go/board.hpp"

namespace rulespec::go {

enum class FightResult { Captured, Survives, Unknown };
const char* to_string(FightResult r);

struct FightOptions {
  std::int64_t max_nodes = 400'000;  // situations explored
  // The first player must make a board move in the region (not pass): "starting play there",
  // which decides positions of mutual zugzwang (1985 Art. 9 §1).
  bool first_must_play = false;
};

struct FightOutcome {
  FightResult result = FightResult::Unknown;
  std::int64_t nodes = 0;
};

// The default region of a fight: the empty areas (maximal connected empty sets) that touch the
// target chain or any chain of its owner those areas reach (its eye space, the liberties the
// attacker must fill, the ones the owner gains by connecting), and the liberties of the attacker
// chains with at most two that touch those chains (capturing them is a defence).
std::vector<int> fight_region(const Board& b, int target);

// The eyes of the chain at `target` as 1985 Art. 4 §1 note 2 defines them: its liberties the
// opponent cannot occupy (the move would be suicide) while the chain has another liberty.
std::vector<int> eyes(const Board& b, int target, const MoveRules& rules);

// Whether the chain at `target` can be captured when `to_move` plays first, both sides playing
// their best moves among the `region` points (empty ones) and passes.
FightOutcome capture_fight(const Board& b, int target, Stone to_move, const MoveRules& rules,
                           const std::vector<int>& region, const FightOptions& options = {});

enum class LifeStatus {
  Alive,      // survives whoever moves first (1985 Art. 4 §1 note 3)
  Dead,       // captured whoever moves first (note 4)
  Unsettled,  // the first move decides
  Unknown,    // the search ran out of budget
};
const char* to_string(LifeStatus s);

struct LifeVerdict {
  LifeStatus status = LifeStatus::Unknown;
  FightResult owner_first = FightResult::Unknown, attacker_first = FightResult::Unknown;
  std::int64_t nodes = 0;
};

LifeVerdict life_status(const Board& b, int target, const MoveRules& rules, const std::vector<int>& region,
                        const FightOptions& options = {});

}  // namespace rulespec::go
