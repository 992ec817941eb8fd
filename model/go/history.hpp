// A game in progress: the board plus everything the repetition and ending rules remember —
// earlier positions (superko), Ing's hot stones and disturbing-ko cycles, passes.
//
// Ing's ko stones, as we execute them (lines 87-91 of the source): after a board move, the
// chain of the stone just played is a ko stone when the move captured, the chain has one or two
// stones, is in atari, and its one liberty is a point the move just emptied — so the opponent
// could recapture at once and recreate a cycle. Single (one stone that took one) and double (two
// stones, eternal life) ko stones become hot. Hot stones may not be captured by the next move;
// any other move or a pass cools them. Twin hot stones (triple ko): with
// Rules::twin_hot_stones_persist, the hot stones of consecutive ko captures stay hot together
// until a move that is not a ko capture, or a pass — the only reading under which the text's
// claim that hot stones regulate triple ko holds (see F-ing-1996-twin-hot-stones).
//
// Whether a ko is fighting or disturbing depends on whether life and death is settled, which the
// source leaves to the players' judgement: it is an explicit input here (set_life_and_death_settled).
#pragma once
#include <cstdint>
#include <unordered_set>
#include <vector>

#include "model/go/board.hpp"
#include "model/go/rules.hpp"

namespace rulespec::go {

inline constexpr int kPass = -1;

struct MoveRecord {
  Stone colour = Stone::Black;
  int point = kPass;
  bool counted_as_pass = false;  // a pass, or a single-stone suicide read as a pass
  int captured = 0, self_captured = 0;
  bool ko_capture = false;
};

struct MoveOutcome {
  Illegal illegal = Illegal::None;
  int captured = 0, self_captured = 0;
  bool counted_as_pass = false;
  bool board_unchanged = false;
  Illegal irregular = Illegal::None;  // a ko-type violation that play_irregular let through
};

// The violations a player can commit by mistake and the arbiter corrects afterwards (a wrong ko
// capture, a second disturbing cycle): the move is physically possible, only the history forbids it.
inline bool is_repetition_violation(Illegal why) {
  return why == Illegal::Ko || why == Illegal::Superko || why == Illegal::HotStone || why == Illegal::DisturbingKo;
}

class Game {
 public:
  Game(const Board& start, Stone to_play, const Rules& rules);

  const Board& board() const { return board_; }
  const Rules& rules() const { return rules_; }
  Stone to_play() const { return to_play_; }
  int consecutive_passes() const { return consecutive_passes_; }
  int total_passes() const { return total_passes_; }
  bool stopped() const { return consecutive_passes_ >= rules_.stop_passes; }
  // Over on the board: the end passes (Ing), passes after a play-out, or, under the 1985 rules
  // without the finishing stage (Rules::finishing_moves), the end of the main part.
  bool over() const {
    return (rules_.end_passes > 0 && consecutive_passes_ >= rules_.end_passes) ||
           (played_out_ && rules_.play_out_ends_on_passes && consecutive_passes_ >= rules_.stop_passes) ||
           (!rules_.finishing_moves && rules_.end_passes == 0 && stopped());
  }
  bool played_out() const { return played_out_; }  // board moves were made after a stop
  const std::vector<int>& hot_stones() const { return hot_; }
  const std::vector<MoveRecord>& record() const { return record_; }
  int captures_by(Stone colour) const { return colour == Stone::Black ? black_captures_ : white_captures_; }

  // Life and death settled: every ko in the position is a disturbing ko (Ing line 91).
  void set_life_and_death_settled(bool settled) { settled_ = settled; }

  Illegal check(int point) const;  // kPass for a pass
  // The same for an empty board point whose preview the caller already has (playouts).
  Illegal check(int point, const MovePreview& m) const { return check_with(point, &m); }
  MoveOutcome play(int point);
  // As play, but a repetition violation is played anyway (as players do by mistake) and reported
  // in `irregular`; a move that is physically impossible is still refused.
  MoveOutcome play_irregular(int point);
  std::vector<int> legal_moves() const;  // board points only
  bool pass_legal() const { return check(kPass) == Illegal::None; }

 private:
  struct KoCapture {
    std::vector<int> stones;  // the new ko stones (empty: not a ko capture)
    std::vector<int> key;     // the points of the exchange, identifying the ko
  };
  KoCapture ko_capture(const Board& after, int point, const std::vector<int>& removed) const;
  std::uint64_t situation(std::uint64_t board_hash, Stone to_move) const;
  bool single_suicide_is_noop(const MovePreview& m) const;
  Illegal check_with(int point, const MovePreview* m) const;  // m: preview of a board point
  MoveOutcome play_move(int point, bool accept_repetition);
  Illegal repetition_check(int point, const MovePreview& m) const;
  struct KoCycles {
    std::vector<int> key;
    int starts[2] = {0, 0};        // cycles started by Black, White
    Stone open = Stone::Empty;     // who started the cycle now running, if any
  };
  const KoCycles* cycles_of(const std::vector<int>& key) const;
  // Whether a ko capture by `colour` in the ko `key` would start a new cycle it may not start.
  bool disturbing_restart(Stone colour, const std::vector<int>& key) const;
  void note_ko_capture(Stone colour, const std::vector<int>& key);
  void remember_position();

  Board board_;
  Rules rules_;
  Stone to_play_;
  bool settled_ = false, played_out_ = false;
  int consecutive_passes_ = 0, total_passes_ = 0;
  int black_captures_ = 0, white_captures_ = 0;
  std::vector<int> hot_;
  std::vector<int> previous_ko_key_;  // the ko the last move captured in, if any
  std::vector<KoCycles> ko_cycles_;
  std::unordered_set<std::uint64_t> positions_, situations_;
  std::vector<std::uint64_t> board_hashes_;  // after each move, for ImmediatePosition
  std::vector<MoveRecord> record_;
};

}  // namespace rulespec::go
