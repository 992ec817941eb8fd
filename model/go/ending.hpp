// How a Go game stops and ends, as a state machine over abstract events (no board): moves,
// passes, agreement on dead stones, disputes resolved by play-out, claims after the end, and
// resignation. Ing's laws and the 1985 Codex are two parameterisations of it.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rulespec::go {

// TurnLost: the 1985 Codex's byo-yomi expiry passes the turn to the partner (Art. 17 §7 a).
// TwoStones: two stones placed at once, Ing's sign of resignation (line 95).
// NeutralMove: a move on a neutral point still open (Ing line 96); MistakenPass: a pass while a
// board move could still gain a point (Ing line 168). Procedures that do not tell neutral points
// apart (the 1985 Codex) take them as a move and a pass.
enum class EndEvent { Move, Pass, Agree, Dispute, Claim, Resign, TurnLost, TwoStones, NeutralMove, MistakenPass };
std::optional<EndEvent> parse_end_event(std::string_view s);
const char* to_string(EndEvent e);

enum class EndPhase {
  Playing,   // ordinary play
  Stopped,   // play has stopped; status of groups to be settled
  Agreed,    // status agreed; waiting for the final passes
  PlayOut,   // a dispute is being played out
  MainPartOver,  // 1985: the main part is over; boundaries are completed and territories agreed
  Over,      // the game is over (counting follows)
  Resigned,  // the game ended by resignation
};
const char* to_string(EndPhase p);

struct EndingRules {
  int stop_passes = 2;                 // consecutive passes that stop play (Ing) or end the main part (1985)
  bool stop_is_end = false;            // 1985: stopping ends the main part (then agreement ends the game)
  int final_passes = 2;                // Ing: passes after agreement that end the game (2 + 2 = 4)
  bool play_out_ends_on_passes = true; // Ing reading: two passes after a play-out end the game directly
  enum class Claim { Rejected, ReopensPlayOut, AdjudicatedAtCount } claim_after_end = Claim::Rejected;
  // Unspecified by the 1985 Codex: a turn lost on the clock is not a pass by default (judged in the
  // catalog: withdrawn F-ru-go-1985-lost-turn-as-pass, glossary term "pass").
  bool lost_turn_is_pass = false;
  bool turns_can_be_lost = false;      // 1985 system II byo-yomi; under Ing an overrun loses the game
  // Two stones placed at once resign (Ing line 95); false: they are no event the procedure knows
  // (a move places one stone), and the sequence is refused there.
  bool two_stones_resign = true;
  // 1985 Art. 5 §3: a player may pass; false: a pass is refused (every turn places a stone).
  bool passes_allowed = true;
  // 1985 Art. 11 §2: once the main part is over, moves complete the boundaries (the finishing
  // stage); false: no move is made after it, the partners only agree or dispute.
  bool finishing_moves = true;
};

struct EndState {
  EndPhase phase = EndPhase::Playing;
  int consecutive_passes = 0;
  int total_passes = 0;
  bool claim_adjudicated = false;  // a claim after the end is to be settled at counting
};

// The event as a procedure handles it: a lost turn as a pass or a move, two stones at once as a
// resignation, a neutral move and a mistaken pass as a move and a pass (`neutral_open` then set);
// nullopt where the rules know no such event.
std::optional<EndEvent> procedure_event(EndEvent e, const EndingRules& rules, bool* neutral_open = nullptr);

// Applies the events in order. An event the procedure does not allow in the current phase
// (e.g. Agree during play) yields nullopt and the index of the offending event.
std::optional<EndState> run_ending(const std::vector<EndEvent>& events, const EndingRules& rules,
                                   size_t* rejected_at = nullptr);

}  // namespace rulespec::go
