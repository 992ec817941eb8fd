#include "model/xiangqi/repetition_count.hpp"

namespace rulespec::xiangqi {

int repetition_move_index(int moves_per_cycle, int limit, RepetitionCounting counting) {
  if (moves_per_cycle < 1 || limit < 1) return 0;
  if (counting == RepetitionCounting::CompleteCycles) return limit * moves_per_cycle;
  // The position after the first move of the loop recurs after each full cycle: its `limit`-th
  // occurrence comes with move (limit - 1) * c + 1.
  return (limit - 1) * moves_per_cycle + 1;
}

}  // namespace rulespec::xiangqi
