#include "model/go/ending.hpp"

namespace rulespec::go {

std::optional<EndEvent> parse_end_event(std::string_view s) {
  if (s == "move") return EndEvent::Move;
  if (s == "pass") return EndEvent::Pass;
  if (s == "agree") return EndEvent::Agree;
  if (s == "dispute") return EndEvent::Dispute;
  if (s == "claim") return EndEvent::Claim;
  if (s == "resign") return EndEvent::Resign;
  if (s == "turn-lost") return EndEvent::TurnLost;
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
  }
  return "?";
}

const char* to_string(EndPhase p) {
  switch (p) {
    case EndPhase::Playing: return "playing";
    case EndPhase::Stopped: return "stopped";
    case EndPhase::Agreed: return "agreed";
    case EndPhase::PlayOut: return "play-out";
    case EndPhase::Over: return "over";
    case EndPhase::Resigned: return "resigned";
  }
  return "?";
}

std::optional<EndState> run_ending(const std::vector<EndEvent>& events, const EndingRules& r, size_t* rejected_at) {
  EndState s;
  for (size_t i = 0; i < events.size(); ++i) {
    EndEvent e = events[i];
    // A lost turn hands the move over like a pass or like a move, as the rules decide.
    if (e == EndEvent::TurnLost) e = r.lost_turn_is_pass ? EndEvent::Pass : EndEvent::Move;
    auto reject = [&]() -> std::optional<EndState> {
      if (rejected_at) *rejected_at = i;
      return std::nullopt;
    };
    if (s.phase == EndPhase::Resigned) return reject();
    if (e == EndEvent::Resign) {
      s.phase = EndPhase::Resigned;
      continue;
    }
    const int needed = r.stop_passes;
    switch (s.phase) {
      case EndPhase::Playing:
      case EndPhase::PlayOut:
        if (e == EndEvent::Move) {
          s.consecutive_passes = 0;
        } else if (e == EndEvent::Pass) {
          ++s.total_passes;
          if (++s.consecutive_passes >= needed) {
            const bool ends = r.stop_is_end || (s.phase == EndPhase::PlayOut && r.play_out_ends_on_passes);
            s.phase = ends ? EndPhase::Over : EndPhase::Stopped;
          }
        } else {
          return reject();
        }
        break;
      case EndPhase::Stopped:
        if (e == EndEvent::Agree) s.phase = EndPhase::Agreed;
        else if (e == EndEvent::Dispute) {
          s.phase = EndPhase::PlayOut;
          s.consecutive_passes = 0;
        } else return reject();
        break;
      case EndPhase::Agreed:
        if (e == EndEvent::Pass) {
          ++s.total_passes;
          if (++s.consecutive_passes >= r.stop_passes + r.final_passes) s.phase = EndPhase::Over;
        } else if (e == EndEvent::Move || e == EndEvent::Dispute) {
          // A move after agreement reopens play (the agreement did not hold).
          s.phase = EndPhase::PlayOut;
          s.consecutive_passes = 0;
        } else return reject();
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
