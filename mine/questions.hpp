// The questions rulespec mine asks, one file per game: how to generate an input, shrink it by one
// part, and put it in canonical form under the game's symmetries.
#pragma once
#include "mine/miner.hpp"

namespace rulespec::mine {

Question go_cycles();      // questions_go.cpp
Question go_legal();       // questions_go.cpp
Question renju_fouls();    // questions_renju.cpp
Question shogi_declare();  // questions_shogi.cpp
Question xiangqi_loops();  // questions_xiangqi.cpp

}  // namespace rulespec::mine
