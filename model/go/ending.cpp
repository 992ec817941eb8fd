#include "model/go/ending.hpp"

namespace rulespec::go {

std::optional<EndEvent> parse_end_event(std::string_view s) {
  if (s == "move") return EndEvent::Move;
  if (s == "pass") return EndEvent::Pass;
  if (s == "agree") return EndEvent::Agree;
  if (s == "dispute") return EndEvent::Dispute;
  if (s == "claim") return EndEvent::Claim;
  if (s == "resign") return EndEvent::Resign;
  if (s == "two-stones") return EndEvent::TwoStones;  // Ing: two stones at once is a resignation
  if (s == "turn-lost") return EndEvent::TurnLost;
  if (s == "neutral-move") return EndEvent::NeutralMove;
  if (s == "mistaken-pass") return EndEvent::MistakenPass;
  return std::nullopt;
}

const char* to_string(EndEvent e) {
  switch (e) {
    case EndEvent::Move: return "move";
    case EndEvent::Pass: return "pass";
    case EndEvent::Agree: return "agree";
    case EndEvent::Dispute: return "dispute";
    case EndEvent::Claim: return "claim";
    case EndEvent::Resign: return "resign";
    case EndEvent::TurnLost: return "turn-lost";
    case EndEvent::TwoStones: return "two-stones";
    case EndEvent::NeutralMove: return "neutral-move";
    case EndEvent::MistakenPass: return "mistaken-pass";
  }
  return "?";
}

const char* to_string(EndPhase p) {
  switch (p) {
    case EndPhase::Playing: return "playing";
    case EndPhase::Stopped: return "stopped";
    case EndPhase::Agreed: return "agreed";
    case EndPhase::PlayOut: return "play-out";
    case EndPhase::MainPartOver: return "main-part-over";
    case EndPhase::Over: return "over";
    case EndPhase::Resigned: return "resigned";
  }
  return "?";
}

std::optional<EndEvent> procedure_event(EndEvent e, const EndingRules& r, bool* neutral_open) {
  if (neutral_open) *neutral_open = e == EndEvent::NeutralMove || e == EndEvent::MistakenPass;
  switch (e) {
    case EndEvent::NeutralMove: return EndEvent::Move;
    case EndEvent::MistakenPass: return EndEvent::Pass;
    // A lost turn hands the move over like a pass or like a move, as the rules decide.
    case EndEvent::TurnLost:
      if (!r.turns_can_be_lost) return std::nullopt;
      return r.lost_turn_is_pass ? EndEvent::Pass : EndEvent::Move;
    case EndEvent::TwoStones:
      if (!r.two_stones_resign) return std::nullopt;
      return EndEvent::Resign;
    default: return e;
  }
}

std::optional<EndState> run_ending(const std::vector<EndEvent>& events, const EndingRules& r, size_t* rejected_at) {
  EndState s;
  for (size_t i = 0; i < events.size(); ++i) {
    auto reject = [&]() -> std::optional<EndState> {
      if (rejected_at) *rejected_at = i;
      return std::nullopt;
    };
    const auto handled = procedure_event(events[i], r);
    if (!handled) return reject();
    const EndEvent e = *handled;
    if (s.phase == EndPhase::Resigned) return reject();
    if (e == EndEvent::Pass && !r.passes_allowed) return reject();
    if (e == EndEvent::Resign) {
      if (s.phase == EndPhase::Over) return reject();  // a counted game cannot be resigned
      s.phase = EndPhase::Resigned;
      continue;
    }
    switch (s.phase) {
      case EndPhase::Playing:
      case EndPhase::PlayOut:
        if (s.phase == EndPhase::PlayOut && e == EndEvent::Agree) {
          // Ing line 99: a play-out goes on until the disputed stones are off or the players agree.
          s.phase = EndPhase::Agreed;
        } else if (e == EndEvent::Move) {
          s.consecutive_passes = 0;
        } else if (e == EndEvent::Pass) {
          ++s.total_passes;
          if (++s.consecutive_passes >= r.stop_passes) {
            // With no final passes (two passes end the game) the stop is the end.
            const bool ends = (s.phase == EndPhase::PlayOut && r.play_out_ends_on_passes) || s.consecutive_passes >= r.stop_passes + r.final_passes;
            s.phase = r.stop_is_end ? EndPhase::MainPartOver : ends ? EndPhase::Over : EndPhase::Stopped;
          }
        } else {
          return reject();
        }
        break;
      case EndPhase::Stopped:
        // Passing again is how the players show they agree (Ing: four passes in a row).
        if (e == EndEvent::Agree || e == EndEvent::Pass) {
          s.phase = EndPhase::Agreed;
          if (e == EndEvent::Pass) {
            ++s.total_passes;
            // The passes that end the game may be the next one (end_passes 3).
            if (++s.consecutive_passes >= r.stop_passes + r.final_passes) s.phase = EndPhase::Over;
          }
        } else if (e == EndEvent::Dispute || e == EndEvent::Move) {
          s.phase = EndPhase::PlayOut;
          s.consecutive_passes = 0;
        } else {
          return reject();
        }
        break;
      case EndPhase::Agreed:
        if (e == EndEvent::Pass) {
          ++s.total_passes;
          if (++s.consecutive_passes >= r.stop_passes + r.final_passes) s.phase = EndPhase::Over;
        } else if (e == EndEvent::Move || e == EndEvent::Dispute) {
          // A move after agreement reopens play (the agreement did not hold).
          s.phase = EndPhase::PlayOut;
          s.consecutive_passes = 0;
        } else {
          return reject();
        }
        break;
      case EndPhase::MainPartOver:
        // Boundaries and neutral points are completed by moves; a dispute is settled on another
        // board; agreement on the territories ends the game.
        if (e == EndEvent::Agree) s.phase = EndPhase::Over;
        else if (e == EndEvent::Move && !r.finishing_moves) return reject();
        else if (e == EndEvent::Move || e == EndEvent::Pass || e == EndEvent::Dispute) {
          if (e == EndEvent::Pass) ++s.total_passes;
        } else {
          return reject();
        }
        break;
      case EndPhase::Over:
        if (e != EndEvent::Claim) return reject();
        if (r.claim_after_end == EndingRules::Claim::Rejected) return reject();
        if (r.claim_after_end == EndingRules::Claim::ReopensPlayOut) {
          s.phase = EndPhase::PlayOut;
          s.consecutive_passes = 0;
        } else {
          s.claim_adjudicated = true;
        }
        break;
      case EndPhase::Resigned: return reject();
    }
  }
  return s;
}

}  // namespace rulespec::go
