// The Ing stop/end procedure (go-ing-rules.ru.txt lines 96-100) as Z3 constraints over one
// transition: phase and consecutive passes before, an event, phase and passes after. Each
// sentence of the text constrains the successor under its clause id; definitions (what
// "consecutive passes" means, that agreement presupposes a stop) are background. Walking every
// reachable (state, event) pair from the start of play, Z3 says whether the text determines the
// successor (one model), leaves it open (several: a gap, with every successor the text allows)
// or contradicts itself (none: a conflict, with its minimal core).
#include <algorithm>
#include <map>
#include <queue>
#include <set>

#include "model/go/ending_table.hpp"
#include "queries/decision_tables.hpp"
#include "queries/go_answers.hpp"
#include "solver/finding.hpp"
#include "solver/harness.hpp"

namespace rulespec {
namespace {

enum Phase : int { kPlaying, kStopped, kAgreed, kPlayOut, kOver, kRejected, kPhases };
enum Event : int { kPass, kMove, kAgree, kDispute, kEvents };
constexpr int kMaxPasses = 4;

const char* phase_name(int p) {
  static const char* names[] = {"playing", "stopped", "agreed", "play-out", "over", "not allowed"};
  return names[p];
}
const char* event_name(int e) {
  static const char* names[] = {"pass", "board move", "agreement on the dead stones", "a contested claim that a group is dead"};
  return names[e];
}

struct EndModel {
  ClauseModel m;
  z3::expr ph, ps, ev, ph2, ps2;
  EndModel()
      : ph(m.int_var("phase")), ps(m.int_var("passes")), ev(m.int_var("event")), ph2(m.int_var("phase_after")),
        ps2(m.int_var("passes_after")) {
    m.assume(ph2 >= 0 && ph2 < kPhases && ps2 >= 0 && ps2 <= kMaxPasses);
    // Consecutive passes: a pass adds one, a board move resets them, the rest leave them.
    m.assume(z3::implies(ph2 == kRejected, ps2 == ps));
    m.assume(z3::implies(ph2 != kRejected && ev == kPass, ps2 == z3::min(ps + 1, m.num(kMaxPasses))));
    m.assume(z3::implies(ph2 != kRejected && ev == kMove, ps2 == 0));
    // An agreement on the dead stones comes after a stop or ends a play-out: it stands for the
    // stop's two passes, so the players pass again to the end (lines 99-100).
    m.assume(z3::implies(ph2 != kRejected && ev == kAgree, ps2 == z3::max(ps, m.num(2))));
    // A dispute starts a play-out from the current position: passes are counted afresh.
    m.assume(z3::implies(ph2 != kRejected && ev == kDispute, ps2 == z3::ite(ph2 == kPlayOut, m.num(0), ps)));
    // Agreement and claims about dead stones presuppose a stop: during play they are not moves.
    m.assume(z3::implies(ph == kPlaying && (ev == kAgree || ev == kDispute), ph2 == kRejected));
    // A single pass changes nothing but the count; an agreement made again changes nothing, and
    // after the end it only names the stones the count removes (line 108).
    m.assume(z3::implies((ph == kPlaying || ph == kPlayOut) && ev == kPass && ps == 0, ph2 == ph));
    m.assume(z3::implies((ph == kAgreed || ph == kOver) && ev == kAgree, ph2 == ph));
    // Text, sentence by sentence.
    m.clause("ing-1996.move.board-move", z3::implies(ph == kPlaying && ev == kMove, ph2 == kPlaying));
    m.clause("ing-1996.end.stop-two-passes", z3::implies(ph == kPlaying && ev == kPass && ps >= 1, ph2 == kStopped));
    m.clause("ing-1996.end.agree-dead", z3::implies(ph == kStopped && ev == kAgree, ph2 == kAgreed));
    m.clause("ing-1996.end.dispute-play-out", z3::implies(ph == kStopped && ev == kDispute, ph2 == kPlayOut));
    m.clause("ing-1996.end.dispute-play-out", z3::implies(ph == kPlayOut && (ev == kMove || ev == kDispute), ph2 == kPlayOut));
    // Line 99: the position is played out 'until the disputed groups are removed or agreement is
    // reached'; agreement brings the game back to the agreed stop.
    m.clause("ing-1996.end.dispute-play-out", z3::implies(ph == kPlayOut && ev == kAgree, ph2 == kAgreed));
    // A board move after the stop, or after agreement, is a disagreement played out from the
    // current position (line 99): the game is stopped, not ended (line 97), and goes on until the
    // neutral points are filled (line 96; line 168 resumes it for a missed neutral point).
    m.clause("ing-1996.end.dispute-play-out", z3::implies((ph == kStopped || ph == kAgreed) && (ev == kMove || ev == kDispute), ph2 == kPlayOut));
    // Line 99: when the dead stones are off the board the players pass again and the game is over.
    m.clause("ing-1996.end.after-play-out-passes", z3::implies(ph == kPlayOut && ev == kPass && ps >= 1, ph2 == kOver));
    // No disagreement after the stop: the players pass again, four in a row, and the game is over.
    m.clause("ing-1996.end.four-passes", z3::implies((ph == kStopped || ph == kAgreed) && ev == kPass && ps + 1 < 4, ph2 == kAgreed));
    m.clause("ing-1996.end.four-passes", z3::implies((ph == kStopped || ph == kAgreed) && ev == kPass && ps + 1 >= 4, ph2 == kOver));
    m.clause("ing-1996.end.four-passes", z3::implies(ph == kOver && (ev == kPass || ev == kMove), ph2 == kRejected));
  }
  std::vector<z3::expr> at(int phase, int passes, int event) { return {ph == phase, ps == passes, ev == event}; }
};

struct Situation {
  int phase, passes;
  bool operator<(const Situation& o) const { return phase != o.phase ? phase < o.phase : passes < o.passes; }
};

std::string path_text(const std::vector<int>& events) {
  std::string s;
  for (int e : events) s += (s.empty() ? "" : ", ") + std::string(e == kPass ? "pass" : e == kMove ? "move" : e == kAgree ? "agree" : "dispute");
  return s.empty() ? "(start)" : s;
}

// The clause whose readings decide a gap, where the catalog names one.
const char* deciding_clause(int phase, int event) {
  if (phase == kOver && event == kDispute) return "ing-1996.end.claims-after-fourth-pass";
  if (phase == kPlayOut && (event == kAgree || event == kPass)) return "ing-1996.end.after-play-out-passes";
  return "";
}

// The reference model on the same path: the table ing-1996.decisions.end-of-play as the query
// game-end executes it (model/go/ending_table), under every combination of the natural readings
// of the two clauses with readings: its phase, in our phase numbering (kRejected if refused).
std::vector<int> model_phases(const Spec& spec, const std::vector<int>& path) {
  auto natural = [&](const char* clause_id) {
    std::vector<std::string> ids;
    if (const Clause* c = spec.clause(clause_id))
      for (const Reading* r : spec.natural_readings(*c)) ids.push_back(r->id);
    return ids;
  };
  std::vector<go::EndEvent> events;
  for (int e : path)
    events.push_back(e == kPass ? go::EndEvent::Pass : e == kMove ? go::EndEvent::Move : e == kAgree ? go::EndEvent::Agree : go::EndEvent::Dispute);
  const Ruleset& rs = spec.ruleset(spec.codex("ing-1996")->rulesets.front().id);
  rules::CompiledTable table = compile_table(spec, rs, "ing-1996.decisions.end-of-play");
  go::EndingRules r = go_ending_rules(rs);
  std::vector<int> out;
  for (const auto& play_out : natural("ing-1996.end.after-play-out-passes"))
    for (const auto& claim : natural("ing-1996.end.claims-after-fourth-pass")) {
      table.fixed["after-play-out"] = {play_out, 0};
      r.claim_after_end = claim == "claim-reopens-play-out"            ? go::EndingRules::Claim::ReopensPlayOut
                          : claim == "status-by-hypothetical-play-out" ? go::EndingRules::Claim::AdjudicatedAtCount
                                                                       : go::EndingRules::Claim::Rejected;
      const auto run = go::run_ending_by_table(events, table, r);
      if (!run.end) {
        out.push_back(kRejected);
        continue;
      }
      const std::string phase = go::phase_of_table_state(run.end->state);
      out.push_back(phase == "playing"    ? kPlaying
                    : phase == "stopped"  ? kStopped
                    : phase == "agreed"   ? kAgreed
                    : phase == "play-out" ? kPlayOut
                                          : kOver);
    }
  return out;
}

void ing_end_state_machine(const Spec& spec, AnalysisOutcome& out) {
  for (const char* id : {"ing-1996.end.stop-two-passes", "ing-1996.end.four-passes", "ing-1996.end.after-play-out-passes"})
    if (!spec.clause(id)) {
      not_applicable(out, std::string("needs ") + id);
      return;
    }
  // A committee's amendment of the table changes the rule on purpose: where the model then leaves
  // the sentences as written, that is the amendment's effect, reported, not a fault of the model.
  const DecisionTable* table = find_decision_table(spec, spec.ruleset(spec.codex("ing-1996")->rulesets.front().id), "ing-1996.decisions.end-of-play");
  const bool amended = table && table->amended;
  // The first step of each path on which the amended table departs (later steps of that path
  // depart because the first did).
  std::vector<std::pair<std::vector<int>, std::string>> departures;
  const auto depart = [&](const std::vector<int>& path, const std::string& step) {
    for (const auto& [earlier, text] : departures)
      if (earlier.size() <= path.size() && std::equal(earlier.begin(), earlier.end(), path.begin()) && (earlier.size() < path.size() || text == step)) return;
    departures.emplace_back(path, step);
  };
  EndModel model;
  std::map<Situation, std::vector<int>> paths;  // shortest event path to each reachable situation
  std::queue<Situation> todo;
  paths[{kPlaying, 0}] = {};
  todo.push({kPlaying, 0});
  Value conflicts = Value::list();
  // Undecided steps, one entry per (phase, event) with the shortest path that reaches it and
  // every successor phase the text allows there.
  std::map<std::pair<int, int>, std::pair<std::vector<int>, std::set<int>>> open;
  int pairs = 0, bridged = 0;
  while (!todo.empty()) {
    const Situation s = todo.front();
    todo.pop();
    for (int e = 0; e < kEvents; ++e) {
      ++pairs;
      const auto next = model.m.enumerate({model.ph2, model.ps2}, kPhases * (kMaxPasses + 1), model.at(s.phase, s.passes, e));
      std::vector<int> path = paths[s];
      path.push_back(e);
      if (next.empty()) {
        Value c = Value::map();
        c.set("events", Value::string(path_text(path)));
        Value core = Value::list();
        for (const auto& id : model.m.minimal_core(model.at(s.phase, s.passes, e))) core.push(Value::string(id));
        c.set("core", core);
        conflicts.push(c);
        continue;
      }
      if (next.size() > 1) {
        auto [it, fresh] = open.try_emplace({s.phase, e}, path, std::set<int>{});
        std::set<int> allowed;
        for (const auto& n : next) allowed.insert(n[0]);
        it->second.second.insert(allowed.begin(), allowed.end());
        // Each reading of the model must be one of the successors the text allows.
        for (int phase : model_phases(spec, path))
          if (!allowed.count(phase)) {
            const std::string step = "after " + path_text(path) + " the model gives '" + phase_name(phase) + "', which the text excludes";
            if (amended) {
              depart(path, step);
              continue;
            }
            out.ok = false;
            out.detail = step;
            return;
          }
        continue;  // the text says nothing more from here
      }
      const Situation n{next.front()[0], next.front()[1]};
      // Where the text decides, the reference model must decide the same under every reading.
      bool departs = false;
      for (int phase : model_phases(spec, path))
        if (phase != n.phase) {
          const std::string step = "after " + path_text(path) + " the text gives '" + phase_name(n.phase) + "', the model '" + phase_name(phase) + "'";
          if (amended) {
            depart(path, step);
            departs = true;
            continue;
          }
          out.ok = false;
          out.detail = step;
          return;
        }
      bridged += !departs;
      if (n.phase == kRejected || paths.count(n)) continue;
      paths[n] = path;
      todo.push(n);
    }
  }
  // Steps the text leaves open: those a catalogued clause's readings settle are the subject of
  // that clause's own finding; any other would be a gap of the procedure itself.
  Value gaps = Value::list();
  std::string by_readings, gap_text;
  for (const auto& [key, found] : open) {
    const auto& [phase, e] = key;
    const std::string step = std::string(event_name(e)) + " when " + phase_name(phase) + " (first after " + path_text(found.first) + ")";
    if (*deciding_clause(phase, e)) {
      by_readings += (by_readings.empty() ? "" : "; ") + step + ": the readings of " + deciding_clause(phase, e);
      continue;
    }
    Value g = Value::map();
    g.set("events", Value::string(path_text(found.first)));
    g.set("phase", Value::string(phase_name(phase)));
    g.set("event", Value::string(event_name(e)));
    gaps.push(g);
    gap_text += (gap_text.empty() ? "" : "; ") + step;
  }
  out.detail = std::to_string(paths.size()) + " reachable situations, " + std::to_string(pairs) + " (situation, event) pairs: " +
               std::to_string(open.size()) + " undecided (" + (by_readings.empty() ? "none" : by_readings) + "), " +
               std::to_string(conflicts.as_list().size()) + " contradictory; the table end-of-play, as the model executes it, agrees on all " +
               std::to_string(bridged) + " decided steps under every natural reading";
  if (!departures.empty()) {
    out.detail += "; the amended table departs from lines 96-100 as written at " + std::to_string(departures.size()) + " step" +
                  (departures.size() == 1 ? "" : "s") + ":";
    for (const auto& [path, step] : departures) out.detail += " " + step + ";";
    out.detail.pop_back();
  }
  if (!conflicts.as_list().empty()) {
    Finding f{
        .id = "F-ing-1996-end-procedure-conflict",
        .kind = "conflict",
        .summary = "The Ing end procedure contradicts itself on some sequence of passes",
        .explanation = "For these event sequences no successor satisfies every sentence of lines 96-100.",
        .clauses = {"ing-1996.end.four-passes", "ing-1996.end.after-play-out-passes"},
        .rulesets = {"ing-1996"},
        .witness = Value::map(),
    };
    f.witness.set("conflicts", conflicts);
    out.findings.push_back(f);
  }
  if (gaps.as_list().empty()) return;
  Finding f{
      .id = "F-ing-1996-end-procedure-open-steps",
      .kind = "gap",
      .summary = std::to_string(gaps.as_list().size()) + " steps of the Ing stop/end procedure that the text leaves undecided",
      .explanation = "Lines 96-100 as constraints on one step of the procedure; where Z3 finds more than one successor the text "
          "allows and no clause's readings settle it, the step is undecided: " + gap_text + ".",
      .clauses = {"ing-1996.end.stop-two-passes", "ing-1996.end.four-passes", "ing-1996.end.after-play-out-passes",
          "ing-1996.end.agree-dead", "ing-1996.end.dispute-play-out"},
      .rulesets = {"ing-1996"},
      .witness = Value::map(),
  };
  f.witness.set("gaps", gaps);
  out.findings.push_back(f);
}

}  // namespace

void register_go_ending_z3_analyses(std::vector<AnalysisInfo>& out) {
  out.push_back({"ing.end-state-machine", "the Ing stop/end procedure in Z3: every reachable step the text leaves undecided or contradicts",
                 {"ing-1996.end.stop-two-passes", "ing-1996.end.agree-dead", "ing-1996.end.dispute-play-out",
                  "ing-1996.end.after-play-out-passes", "ing-1996.end.four-passes", "ing-1996.end.claims-after-fourth-pass"},
                 ing_end_state_machine});
}

}  // namespace rulespec
