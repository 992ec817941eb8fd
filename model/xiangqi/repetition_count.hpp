// Which move of a repeated loop reaches "threefold repetition", under the two ways of counting
// the sources leave open (the readings of axf-1982.repetition.counting): complete cycles, or
// occurrences of one position. Pure arithmetic; the loop classifier produces the cycles.
#pragma once

namespace rulespec::xiangqi {

enum class RepetitionCounting { CompleteCycles, PositionOccurrences };

// A loop in which the repeating side makes `moves_per_cycle` moves (checks or attacks): the index
// (1-based) of that side's move which completes the `limit`-fold repetition.
int repetition_move_index(int moves_per_cycle, int limit, RepetitionCounting counting);

}  // namespace rulespec::xiangqi
