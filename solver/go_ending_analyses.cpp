// The end-of-game procedures as state machines: a breadth-first search over event sequences
// finds the shortest sequence on which two readings of a clause (or two codices) disagree. The
// text itself, without readings, is checked in Z3 by solver/go_ending_z3.cpp, which finds every
// step it leaves open; this file shows what each reading then makes of the open steps.
#include "model/go/ending.hpp"
#include "solver/finding.hpp"

namespace rulespec {
namespace {

using go::EndEvent;

std::string outcome(const std::vector<EndEvent>& seq, const go::EndingRules& r) {
  size_t at = 0;
  const auto s = go::run_ending(seq, r, &at);
  if (!s) return "event " + std::to_string(at + 1) + " (" + go::to_string(seq[at]) + ") not allowed";
  return std::string(go::to_string(s->phase)) + (s->claim_adjudicated ? ", claim settled at counting" : "");
}

// Shortest event sequence (up to max_len) on which the outcomes under `a` and `b` differ.
std::vector<EndEvent> shortest_disagreement(const go::EndingRules& a, const go::EndingRules& b, int max_len) {
  const EndEvent alphabet[] = {EndEvent::Pass, EndEvent::Move, EndEvent::Agree, EndEvent::Dispute, EndEvent::Claim};
  std::vector<std::vector<EndEvent>> frontier = {{}};
  for (int len = 1; len <= max_len; ++len) {
    std::vector<std::vector<EndEvent>> next;
    for (const auto& prefix : frontier)
      for (EndEvent e : alphabet) {
        auto seq = prefix;
        seq.push_back(e);
        // Only extend sequences both procedures accept so far; a rejection ends a branch.
        const bool ok_a = go::run_ending(seq, a).has_value(), ok_b = go::run_ending(seq, b).has_value();
        if (outcome(seq, a) != outcome(seq, b)) return seq;
        if (ok_a && ok_b) next.push_back(seq);
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

go::EndingRules ing_rules(const Spec& spec) {
  go::EndingRules r;
  r.stop_passes = 2;
  r.final_passes = static_cast<int>(spec.ruleset("ing-1996").int_param("end_passes")) - 2;
  return r;
}

void reading_disagreement(const Spec& spec, AnalysisOutcome& out, const char* clause_id, const std::string& finding_id,
                          const std::string& summary, const std::string& why, const std::string& case_id,
                          const std::function<void(go::EndingRules&, const std::string&)>& apply) {
  const Clause* c = spec.clause(clause_id);
  if (!c) return;
  const auto readings = spec.natural_readings(*c);
  if (readings.size() < 2) return;
  Value per_reading = Value::map();
  std::vector<EndEvent> witness;
  for (size_t i = 1; i < readings.size() && witness.empty(); ++i) {
    go::EndingRules a = ing_rules(spec), b = ing_rules(spec);
    apply(a, readings[0]->id);
    apply(b, readings[i]->id);
    witness = shortest_disagreement(a, b, 8);
  }
  if (witness.empty()) return;
  for (const Reading* r : readings) {
    go::EndingRules rules = ing_rules(spec);
    apply(rules, r->id);
    per_reading.set(r->id, Value::string(outcome(witness, rules)));
  }
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
      [](go::EndingRules& r, const std::string& reading) { r.play_out_ends_on_passes = reading != "restart-stop-procedure"; });
  reading_disagreement(
      spec, out, "ing-1996.end.claims-after-fourth-pass", "F-ing-1996-claim-after-fourth-pass",
      "After the fourth pass, a claim that a group is dead is refused, reopens play, or is settled at counting",
      "The text ends the game after four passes without saying whether a player who did not agree may still have an "
      "opponent's group removed (line 211 names this as the criticism of the Ing end of game). The three readings give "
      "three different outcomes for the same claim.",
      "ing.end.claim-after-four-passes", [](go::EndingRules& r, const std::string& reading) {
        r.claim_after_end = reading == "claim-reopens-play-out"            ? go::EndingRules::Claim::ReopensPlayOut
                            : reading == "status-by-hypothetical-play-out" ? go::EndingRules::Claim::AdjudicatedAtCount
                                                                           : go::EndingRules::Claim::Rejected;
      });
  out.detail = std::to_string(out.findings.size()) + " reading disagreements";
}

void codex_end_divergence(const Spec& spec, AnalysisOutcome& out) {
  go::EndingRules ing = ing_rules(spec), ru, egf;
  ru.stop_is_end = egf.stop_is_end = true;
  ru.turns_can_be_lost = egf.turns_can_be_lost = true;
  ru.stop_passes = static_cast<int>(spec.ruleset("ru-go-1985").int_param("end_passes"));
  egf.stop_passes = static_cast<int>(spec.ruleset("ru-go-1985-egf").int_param("end_passes"));
  const auto witness = shortest_disagreement(ing, ru, 6);
  if (witness.empty()) {
    out.detail = "the procedures agree";
    return;
  }
  Finding f{
      .id = "F-ru-go-1985-vs-ing-1996-passes",
      .kind = "divergence",
      .summary = "Two passes end the main part under the 1985 Codex, only stop play under Ing, and do nothing under the EGF note",
      .explanation = "After the same events (" + events_text(witness) + ") an Ing game is in phase '" + outcome(witness, ing) +
          "', a 1985 game in phase '" + outcome(witness, ru) + "' and a game under the EGF note in phase '" +
          outcome(witness, egf) + "'" +
          ". Ing needs agreement and two more passes (four in a row); the 1985 Codex ends the main part after "
          "two, the EGF note after three.",
      .clauses = {"ing-1996.end.stop-two-passes", "ing-1996.end.four-passes", "ru-go-1985.art11.p2",
          "ru-go-1985.art11.p2.note1-egf"},
      .rulesets = {"ing-1996", "ru-go-1985", "ru-go-1985-egf"},
      .witness = Value::map(),
  };
  f.witness.set("events", events_value(witness));
  f.witness.set("ing-1996", Value::string(outcome(witness, ing)));
  f.witness.set("ru-go-1985", Value::string(outcome(witness, ru)));
  f.witness.set("ru-go-1985-egf", Value::string(outcome(witness, egf)));
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
  const std::string a = outcome(events, as_move), b = outcome(events, as_pass);
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
