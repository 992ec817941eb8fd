// The Go rules as a plain parameter object with named presets (after KataGo's Rules): which
// moves are legal (suicide, repetition), how a game stops and ends, how it is scored. The spec
// layer builds one from a ruleset's params and readings; tests and the bench use the presets.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/go/board.hpp"

namespace rulespec::go {

enum class Repetition {
  None,                // any repetition allowed (comparison only)
  SimpleKo,            // 1985 Art. 4 §2: no immediate single-stone recapture
  ImmediatePosition,   // the position before the opponent's last move may not be recreated
  HotStones,           // Ing: hot stones may not be captured at once; disturbing ko started once
  PositionalSuperko,   // no earlier arrangement of stones may recur
  SituationalSuperko,  // no earlier (arrangement, side to move) may recur
};

// What a single-stone suicide is when suicide is MultiStoneOnly (Ing line 82 and its readings).
enum class SingleStoneSuicide {
  Illegal,        // the 1991 English text: prohibited
  Pass,           // "equivalent to a pass", counting as a pass
  NoOpBoardMove,  // leaves the board unchanged but is not a pass for the pass count
};

// Which pairs of stones are Ing's double hot stones (line 89, and its readings).
enum class DoubleHotStones {
  DoubleKo,           // a pair that took two stones and can be retaken at once, two for two: the double ko of eternal life
  AnyTwoStoneRetake,  // any pair that captured and can be retaken at once (comparison: sending two, returning one too)
};

enum class Scoring { Area, Territory };

struct Rules {
  std::string name = "custom";
  SuicideRule suicide = SuicideRule::Forbidden;
  SingleStoneSuicide single_stone_suicide = SingleStoneSuicide::Illegal;
  Repetition repetition = Repetition::SimpleKo;
  // 1985 Art. 4 §2 read word for word: the stone that has just taken exactly one stone may not
  // be captured at once at all, even together with others (this forbids the snapback).
  bool ko_protects_capturing_chain = false;
  bool superko_covers_passes = false;   // a pass that recreates an earlier situation is illegal too
  bool twin_hot_stones_persist = true;  // hot stones of consecutive ko captures stay hot together
  DoubleHotStones double_hot_stones = DoubleHotStones::DoubleKo;
  bool disturbing_once_in_total = false;  // false: each player may start a disturbing-ko cycle once
  // Under HotStones: whether a hot stone may not be captured at once (Ing line 84), and whether a
  // disturbing-ko cycle may be started only once (line 88). Both on in Ing's laws; off, the rule is
  // gone while the hot stones are still marked (a text without the sentence).
  bool hot_stone_ban = true;
  bool disturbing_ko_ban = true;
  // Under HotStones: which ko stones turn hot when they capture (Ing line 89): a single ko stone
  // that took a single one, and a double ko's pair. Off, those stones are never hot (they stay
  // ko stones, whose captures count for the disturbing-ko cycles).
  bool single_ko_stones_turn_hot = true;
  bool double_ko_stones_turn_hot = true;
  // Ing line 80: the mover's opponent's stones go first when both colours lose their last liberty
  // (MoveRules::mover_captures_first).
  bool mover_captures_first = true;
  int stop_passes = 2;   // consecutive passes that stop play (Ing) or end the main part (1985)
  // Consecutive passes after which the game is over with no dispute; 0: passes never end it (1985:
  // the finishing stage follows with ordinary moves, and agreement ends the game, Art. 11 §2-3).
  int end_passes = 2;
  // Ing line 99: after a play-out of a dispute (board moves after a stop), stop_passes more
  // passes end the game; otherwise the stop procedure starts over.
  bool play_out_ends_on_passes = true;
  // 1985 Art. 5 §3: the player to move may pass. Off, a pass is refused (a move places a stone).
  bool pass_allowed = true;
  // 1985 Art. 11 §2: after the main part the partners complete the boundaries with ordinary moves
  // (the finishing stage). Off, the game on the board is over with the main part (end_passes 0).
  bool finishing_moves = true;
  Scoring scoring = Scoring::Territory;
  double komi = 5.5;
  bool free_handicap = false;

  MoveRules board_rules() const;

  static Rules ing_1996();
  static Rules ru_go_1985();
  static Rules ru_go_1985_egf();
  static Rules positional_superko();   // comparison: area scoring, suicide forbidden, PSK
  static Rules situational_superko();  // comparison: area scoring, suicide allowed, SSK
  // Strict: an unknown name is nullopt (the caller lists preset_names()).
  static std::optional<Rules> preset(std::string_view name);
  static std::vector<std::string> preset_names();
};

}  // namespace rulespec::go
