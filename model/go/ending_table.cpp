#include "model/go/ending_table.hpp"

#include <algorithm>

namespace rulespec::go {
namespace {

constexpr int kMostPassesCounted = 5;  // the table's input passes-before runs 0..5 (end_passes <= 6)
constexpr int kPassesOfTheStop = 2;    // line 97: a pass answered by a pass stops play

bool is_procedure_state(const std::string& s) {
  static const char* const states[] = {"playing", "one-pass", "stopped", "agreed", "one-pass-to-end", "play-out", "play-out-one-pass", "over"};
  return std::any_of(std::begin(states), std::end(states), [&](const char* x) { return s == x; });
}

bool after_the_stop(const std::string& s) { return s == "stopped" || s == "agreed" || s == "one-pass-to-end"; }

const char* table_event(EndEvent e) {
  switch (e) {
    case EndEvent::Move:
    case EndEvent::NeutralMove: return "board-move";
    case EndEvent::Pass:
    case EndEvent::MistakenPass: return "pass";
    case EndEvent::Agree: return "agree";
    case EndEvent::Dispute: return "dispute";
    default: return "resign";
  }
}

const rules::TableRow* deciding_row(const rules::TableDecision& d) {
  if (d.overriding) return d.overriding;
  for (const auto* row : d.rows)
    if (row->outcome == d.outcome) return row;
  return nullptr;
}

}  // namespace

const char* phase_of_table_state(const std::string& state) {
  if (state == "playing" || state == "one-pass") return "playing";
  if (state == "one-pass-to-end") return "agreed";
  if (state == "play-out" || state == "play-out-one-pass") return "play-out";
  if (state == "stopped") return "stopped";
  if (state == "agreed") return "agreed";
  if (state == "over") return "over";
  if (state == "resigned") return "resigned";
  return "?";
}

TableEndRun run_ending_by_table(const std::vector<EndEvent>& events, const rules::CompiledTable& table, const EndingRules& r) {
  TableEndRun run;
  TableEndState s;
  for (size_t i = 0; i < events.size(); ++i) {
    const auto refuse = [&]() {
      run.rejected_at = i;
      return run;
    };
    bool neutral_open = false;
    const auto handled = procedure_event(events[i], r, &neutral_open);
    if (!handled || s.state == "resigned") return refuse();
    EndEvent e = *handled;
    // A claim is the table's dispute once the game is over (its note: a contested claim that a
    // group is dead); before the end a status is disputed, not claimed.
    if (e == EndEvent::Claim) {
      if (s.state != "over") return refuse();
      e = EndEvent::Dispute;
    }
    const rules::TableCombination at{{"state", {s.state, 0}},
                                     {"event", {table_event(e), 0}},
                                     {"passes-before", {"", std::min(s.consecutive_passes, kMostPassesCounted)}},
                                     {"neutral-points", {neutral_open ? "open" : "none-left", 0}}};
    const rules::TableDecision d = rules::decide(table, at);
    std::string next;
    if (d.verdict == rules::TableVerdict::Conflicting) {
      for (const auto* row : d.rows) run.conflict += (run.conflict.empty() ? "" : ", ") + row->id;
      run.rejected_at = i;
      return run;
    }
    if (d.verdict == rules::TableVerdict::Decided) {
      const rules::TableRow* row = deciding_row(d);
      s.row = row ? row->id : "";
      if (d.outcome == "not-allowed") return refuse();
      if (d.outcome == "opponent-wins") {
        next = "resigned";
      } else if (d.outcome == "game-goes-on") {
        next = s.state;  // line 96: the pass stands, and play goes on until the neutral points are filled
      } else if (d.outcome == "count-removes-agreed-dead") {
        next = s.state;  // line 108: the stones agreed dead come off at the count; the game stays over
      } else if (is_procedure_state(d.outcome)) {
        next = d.outcome;
      } else {
        run.conflict = "outcome '" + d.outcome + "' of row " + s.row + " is no state of the end-of-play procedure";
        run.rejected_at = i;
        return run;
      }
    } else {
      // Where no row decides, the table's judged gaps answer (their not_a_finding says why).
      s.row.clear();
      if (s.state == "over") {
        // A contested claim after the fourth pass: the gap reported as
        // F-ing-1996-claim-after-fourth-pass, answered by the ruleset's reading of
        // ing-1996.end.claims-after-fourth-pass. Resigning a finished game concedes nothing.
        if (e != EndEvent::Dispute || r.claim_after_end == EndingRules::Claim::Rejected) return refuse();
        if (r.claim_after_end == EndingRules::Claim::ReopensPlayOut) {
          next = "play-out";
        } else {
          next = "over";
          s.claim_adjudicated = true;
        }
      } else if (e == EndEvent::Agree && (s.state == "agreed" || s.state == "one-pass-to-end")) {
        next = s.state;  // agreeing again changes nothing (line 98 or 100 already has it)
      } else if (e == EndEvent::Agree || e == EndEvent::Dispute || e == EndEvent::Resign) {
        return refuse();  // before the stop a view about a group is no event of the game (line 98)
      } else if (e == EndEvent::Move && after_the_stop(s.state)) {
        next = "play-out";  // a move into territory challenges a status, played out (lines 97, 99)
      } else {
        next = s.state;  // a move or pass no row decides stands, and play goes on (line 78)
      }
    }
    if (e == EndEvent::Pass) {
      ++s.consecutive_passes;
      ++s.total_passes;
    } else if (e == EndEvent::Move || (e == EndEvent::Dispute && next != "over")) {
      s.consecutive_passes = 0;  // a play-out starts its passes afresh
    } else if (e == EndEvent::Agree) {
      // An agreement on the dead stones comes after a stop (line 98) or ends a play-out (line 99):
      // it stands for the stop's two passes, so the players pass again to the end (lines 99-100).
      s.consecutive_passes = std::max(s.consecutive_passes, kPassesOfTheStop);
    }
    s.state = next;
  }
  run.end = s;
  return run;
}

}  // namespace rulespec::go
