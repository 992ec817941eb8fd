// The end-of-game procedures as state machines: a breadth-first search over event sequences
// finds the shortest sequence on which two readings of a clause (or two codices) disagree. The
// text itself, without readings, is checked in Z3 by solver/go_ending_z3.cpp, which finds every
// step it leaves open; this file shows what each reading then makes of the open steps. Ing's
// procedure is the table ing-1996.decisions.end-of-play as the query game-end executes it
// (model/go/ending_table); the 1985 Codex's is model/go/ending.
#include <functional>

#include "model/go/ending_table.hpp"
#include "queries/decision_tables.hpp"
#include "queries/go_answers.hpp"
#include "solver/finding.hpp"

namespace rulespec {
namespace {

using go::EndEvent;

// What a procedure makes of a sequence: its phase (with a claim settled at counting), or the
// event it refuses; `refused` says whether it refused one.
struct EndOutcome {
  std::string text;
  bool refused = false;
};
using EndProcedure = std::function<EndOutcome(const std::vector<EndEvent>&)>;

EndProcedure machine(const go::EndingRules& r) {
  return [r](const std::vector<EndEvent>& seq) -> EndOutcome {
    size_t at = 0;
    const auto s = go::run_ending(seq, r, &at);
    if (!s) return {"event " + std::to_string(at + 1) + " (" + go::to_string(seq[at]) + ") not allowed", true};
    return {std::string(go::to_string(s->phase)) + (s->claim_adjudicated ? ", claim settled at counting" : ""), false};
  };
}

// Ing's procedure under the ruleset ing-1996, with the readings of the end's two open clauses
// given (empty: the ruleset's).
EndProcedure ing_table(const Spec& spec, const std::string& after_play_out = "", const std::string& late_claim = "") {
  const Ruleset& rs = spec.ruleset("ing-1996");
  rules::CompiledTable table = compile_table(spec, rs, "ing-1996.decisions.end-of-play");
  if (!after_play_out.empty()) table.fixed["after-play-out"] = {after_play_out, 0};
  go::EndingRules r = go_ending_rules(rs);
  if (!late_claim.empty())
    r.claim_after_end = late_claim == "claim-reopens-play-out"            ? go::EndingRules::Claim::ReopensPlayOut
                        : late_claim == "status-by-hypothetical-play-out" ? go::EndingRules::Claim::AdjudicatedAtCount
                                                                          : go::EndingRules::Claim::Rejected;
  return [table, r](const std::vector<EndEvent>& seq) -> EndOutcome {
    const auto run = go::run_ending_by_table(seq, table, r);
    if (!run.conflict.empty()) return {"event " + std::to_string(run.rejected_at + 1) + ": rows " + run.conflict + " conflict", true};
    if (!run.end) return {"event " + std::to_string(run.rejected_at + 1) + " (" + go::to_string(seq[run.rejected_at]) + ") not allowed", true};
    return {std::string(go::phase_of_table_state(run.end->state)) + (run.end->claim_adjudicated ? ", claim settled at counting" : ""), false};
  };
}

// Shortest event sequence (up to max_len) on which the outcomes under `a` and `b` differ.
std::vector<EndEvent> shortest_disagreement(const EndProcedure& a, const EndProcedure& b, int max_len) {
  // A claim before a dispute: after the end the two are one event, and the case replays the claim.
  const EndEvent alphabet[] = {EndEvent::Pass, EndEvent::Move, EndEvent::Agree, EndEvent::Claim, EndEvent::Dispute};
  std::vector<std::vector<EndEvent>> frontier = {{}};
  for (int len = 1; len <= max_len; ++len) {
    std::vector<std::vector<EndEvent>> next;
    for (const auto& prefix : frontier)
      for (EndEvent e : alphabet) {
        auto seq = prefix;
        seq.push_back(e);
        // Only extend sequences both procedures accept so far; a rejection ends a branch.
        const EndOutcome under_a = a(seq), under_b = b(seq);
        if (under_a.text != under_b.text) return seq;
        if (!under_a.refused && !under_b.refused) next.push_back(seq);
      }
    frontier = std::move(next);
  }
  return {};
}

Value events_value(const std::vector<EndEvent>& seq) {
  Value l = Value::list();
  for (EndEvent e : seq) l.push(Value::string(go::to_string(e)));
  return l;
}

std::string events_text(const std::vector<EndEvent>& seq) {
  std::string s;
  for (EndEvent e : seq) s += (s.empty() ? "" : ", ") + std::string(go::to_string(e));
  return s;
}

void reading_disagreement(const Spec& spec, AnalysisOutcome& out, const char* clause_id, const std::string& finding_id,
                          const std::string& summary, const std::string& why, const std::string& case_id,
                          const std::function<EndProcedure(const std::string&)>& under) {
  const Clause* c = spec.clause(clause_id);
  if (!c) return;
  const auto readings = spec.natural_readings(*c);
  if (readings.size() < 2) return;
  Value per_reading = Value::map();
  std::vector<EndEvent> witness;
  for (size_t i = 1; i < readings.size() && witness.empty(); ++i) witness = shortest_disagreement(under(readings[0]->id), under(readings[i]->id), 8);
  if (witness.empty()) return;
  for (const Reading* r : readings) per_reading.set(r->id, Value::string(under(r->id)(witness).text));
  Finding f{
      .id = finding_id,
      .kind = "ambiguity",
      .summary = summary,
      .explanation = why + " Shortest witness: " + events_text(witness) + ".",
      .clauses = {clause_id, "ing-1996.end.stop-two-passes", "ing-1996.end.four-passes"},
      .rulesets = {"ing-1996"},
      .witness = Value::map(),
  };
  f.witness.set("events", events_value(witness));
  f.witness.set("outcome", per_reading);
  f.case_id = case_id;
  out.findings.push_back(f);
}

void ing_end_procedure(const Spec& spec, AnalysisOutcome& out) {
  reading_disagreement(
      spec, out, "ing-1996.end.after-play-out-passes", "F-ing-1996-end-after-play-out",
      "After a play-out, two passes either end the game or only stop it again",
      "Line 99 says that once the disputed stones are removed the players 'pass again and the game is over'; lines 47 "
      "and 100 make four consecutive passes the end. Whether the play-out's two passes end the game directly or start "
      "the stop-agree-pass procedure again is not said, and the readings give different phases.",
      "ing.end.play-out-then-two-passes",
      [&](const std::string& reading) { return ing_table(spec, reading); });
  reading_disagreement(
      spec, out, "ing-1996.end.claims-after-fourth-pass", "F-ing-1996-claim-after-fourth-pass",
      "After the fourth pass, a claim that a group is dead is refused, reopens play, or is settled at counting",
      "The text ends the game after four passes without saying whether a player who did not agree may still have an "
      "opponent's group removed (line 211 names this as the criticism of the Ing end of game). The three readings give "
      "three different outcomes for the same claim.",
      "ing.end.claim-after-four-passes", [&](const std::string& reading) { return ing_table(spec, "", reading); });
  out.detail = std::to_string(out.findings.size()) + " reading disagreements";
}

void codex_end_divergence(const Spec& spec, AnalysisOutcome& out) {
  go::EndingRules ru, egf;
  ru.stop_is_end = egf.stop_is_end = true;
  ru.turns_can_be_lost = egf.turns_can_be_lost = true;
  ru.stop_passes = static_cast<int>(spec.ruleset("ru-go-1985").int_param("end_passes"));
  egf.stop_passes = static_cast<int>(spec.ruleset("ru-go-1985-egf").int_param("end_passes"));
  const EndProcedure ing = ing_table(spec), under_ru = machine(ru), under_egf = machine(egf);
  const auto witness = shortest_disagreement(ing, under_ru, 6);
  if (witness.empty()) {
    out.detail = "the procedures agree";
    return;
  }
  Finding f{
      .id = "F-ru-go-1985-vs-ing-1996-passes",
      .kind = "divergence",
      .summary = "Two passes end the main part under the 1985 Codex, only stop play under Ing, and do nothing under the EGF note",
      .explanation = "After the same events (" + events_text(witness) + ") an Ing game is in phase '" + ing(witness).text +
          "', a 1985 game in phase '" + under_ru(witness).text + "' and a game under the EGF note in phase '" +
          under_egf(witness).text + "'" +
          ". Ing needs agreement and two more passes (four in a row); the 1985 Codex ends the main part after "
          "two, the EGF note after three.",
      .clauses = {"ing-1996.end.stop-two-passes", "ing-1996.end.four-passes", "ru-go-1985.art11.p2",
          "ru-go-1985.art11.p2.note1-egf"},
      .rulesets = {"ing-1996", "ru-go-1985", "ru-go-1985-egf"},
      .witness = Value::map(),
  };
  f.witness.set("events", events_value(witness));
  f.witness.set("ing-1996", Value::string(ing(witness).text));
  f.witness.set("ru-go-1985", Value::string(under_ru(witness).text));
  f.witness.set("ru-go-1985-egf", Value::string(under_egf(witness).text));
  f.case_id = "go.divergence.two-passes";
  out.findings.push_back(f);
  out.detail = "procedures diverge";
}

// A turn lost on byo-yomi (1985 Art. 17 §7 a) after the partner's pass: does the main part end?
void lost_turn(const Spec& spec, AnalysisOutcome& out) {
  if (!spec.clause("ru-go-1985.art17.p7.a") || !spec.clause("ru-go-1985.art11.p2")) {
    out.detail = "clauses absent";
    return;
  }
  go::EndingRules as_move, as_pass;
  as_move.stop_is_end = as_pass.stop_is_end = true;
  as_move.turns_can_be_lost = as_pass.turns_can_be_lost = true;
  as_move.stop_passes = as_pass.stop_passes = static_cast<int>(spec.ruleset("ru-go-1985").int_param("end_passes"));
  as_pass.lost_turn_is_pass = true;
  // Art. 5 §3 note: a pass is saying 'pass', and Art. 11 §2 speaks of a partner who declines his
  // move; a turn lost on the clock is neither, so it is not a pass (see the withdrawn
  // F-ru-go-1985-lost-turn-as-pass). The check: the main part goes on.
  if (!spec.clause("ru-go-1985.art5.p3.note")) throw std::runtime_error("no definition of a pass");
  const std::vector<EndEvent> events = {EndEvent::Move, EndEvent::Pass, EndEvent::TurnLost};
  const std::string a = machine(as_move)(events).text, b = machine(as_pass)(events).text;
  out.detail = "a lost turn is not a pass (Art. 5 §3 note): after a pass and a lost turn the game is '" + a +
               "' (it would be '" + b + "' if the lost turn were a pass)";
}

}  // namespace

void register_go_ending_analyses(std::vector<AnalysisInfo>& out) {
  out.push_back({"ing.end-procedure", "readings of the Ing stop/end procedure, by exhaustive search over event sequences",
                 {"ing-1996.end.after-play-out-passes", "ing-1996.end.claims-after-fourth-pass", "ing-1996.end.stop-two-passes",
                  "ing-1996.end.four-passes", "ing-1996.end.agree-dead", "ing-1996.end.dispute-play-out"},
                 ing_end_procedure});
  out.push_back({"ru1985.lost-turn", "a turn lost on byo-yomi against the two-pass end",
                 {"ru-go-1985.art17.p7.a", "ru-go-1985.art11.p2"}, lost_turn});
  out.push_back({"go.end-divergence", "Ing against 1985 (and EGF) on what passes do",
                 {"ing-1996.end.stop-two-passes", "ru-go-1985.art11.p2", "ru-go-1985.art11.p2.note1-egf"}, codex_end_divergence});
}

}  // namespace rulespec
