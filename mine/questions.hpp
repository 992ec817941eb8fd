// The questions rulespec mine asks, one file per game: how to generate an input, shrink it by one
// part, and put it in canonical form under the game's symmetries.
#pragma once
#include "mine/miner.hpp"

namespace rulespec::mine {

Question go_cycles();      // questions_go.cpp
Question go_odd_cycles();  // questions_go.cpp
Question go_legal();       // questions_go.cpp
Question go_captures();    // questions_go.cpp
Question go_score();       // questions_go.cpp
Question go_end();         // questions_go_end.cpp
Question renju_fouls();    // questions_renju.cpp
Question shogi_declare();  // questions_shogi.cpp
Question shogi_legal();    // questions_shogi.cpp (asked of an engine)
Question xiangqi_loops();  // questions_xiangqi.cpp
Question xiangqi_legal();  // questions_xiangqi.cpp (asked of an engine)

}  // namespace rulespec::mine
