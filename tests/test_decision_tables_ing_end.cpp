// Ing's end of play as the models execute it (issue 45): the table ing-1996.decisions.end-of-play,
// consulted at every event of the query game-end. Over every sequence of up to six events, under
// every ruleset of the codex and with each clause its rows cite switched off, the answer equals
// the C++ state machine that decided before it (model/go/ending.hpp, kept as the oracle and still
// the 1985 Codex's procedure), except where the table's rows or judged gaps answer what that
// machine refused or counted otherwise, each difference named here with the line that decides it;
// an amendment's row moves the cases its combination decides.
#include <catch2/catch.hpp>

#include <map>
#include <set>

#include "model/go/ending_table.hpp"
#include "queries/decision_tables.hpp"
#include "queries/go_answers.hpp"
#include "queries/query.hpp"
#include "reports/json_value.hpp"
#include "solver/finding.hpp"
#include "spec/amendment.hpp"
#include "tests/amend_on_repo.hpp"
#include "tests/repo.hpp"

using namespace rulespec;

namespace {

using testing::repo_spec;

constexpr go::EndEvent kAllEvents[] = {go::EndEvent::Move,      go::EndEvent::Pass,     go::EndEvent::Agree,       go::EndEvent::Dispute,
                                       go::EndEvent::Claim,     go::EndEvent::Resign,   go::EndEvent::TwoStones,   go::EndEvent::TurnLost,
                                       go::EndEvent::NeutralMove, go::EndEvent::MistakenPass};

// What the query answers, in the old machine's terms.
struct Answer {
  bool refused = false;
  size_t at = 0;
  std::string phase;
  int consecutive = 0, total = 0;
  bool claim = false;
  bool operator==(const Answer& o) const {
    return refused == o.refused && (refused ? at == o.at : phase == o.phase && consecutive == o.consecutive && total == o.total && claim == o.claim);
  }
};

Answer old_answer(const std::vector<go::EndEvent>& events, const go::EndingRules& r) {
  size_t at = 0;
  const auto s = go::run_ending(events, r, &at);
  if (!s) return {true, at, "", 0, 0, false};
  return {false, 0, go::to_string(s->phase), s->consecutive_passes, s->total_passes, s->claim_adjudicated};
}

Answer table_answer(const std::vector<go::EndEvent>& events, const rules::CompiledTable& t, const go::EndingRules& r, std::string* state_before_last) {
  const auto run = go::run_ending_by_table(events, t, r);
  REQUIRE(run.conflict.empty());
  if (state_before_last) {
    std::vector<go::EndEvent> before(events.begin(), events.end() - 1);
    const auto prefix = go::run_ending_by_table(before, t, r);
    *state_before_last = prefix.end ? prefix.end->state : "refused";
  }
  if (!run.end) return {true, run.rejected_at, "", 0, 0, false};
  return {false, 0, go::phase_of_table_state(run.end->state), run.end->consecutive_passes, run.end->total_passes, run.end->claim_adjudicated};
}

// Where the table answers otherwise than the old machine, by the state before the first event on
// which the two part and that event: the row or judged gap that decides it.
const std::map<std::pair<std::string, go::EndEvent>, std::string>& known_differences() {
  static const std::map<std::pair<std::string, go::EndEvent>, std::string> known = {
      // Row play-out-dispute (line 99): a further dispute in a play-out is played out too; the old
      // machine refused it.
      {{"play-out", go::EndEvent::Dispute}, "play-out-dispute"},
      {{"play-out-one-pass", go::EndEvent::Dispute}, "play-out-dispute"},
      // Row play-out-agree with the table's count (line 99 'pass again'): an agreement ending a
      // play-out stands for the stop, so two passes end the game; the old machine asked four.
      {{"play-out", go::EndEvent::Agree}, "play-out-agree"},
      {{"play-out-one-pass", go::EndEvent::Agree}, "play-out-agree"},
      // Row agree-after-end (line 108): stones agreed dead after the fourth pass come off at the
      // count; the old machine refused the agreement.
      {{"over", go::EndEvent::Agree}, "agree-after-end"},
      // The judged gap: agreeing again changes nothing; the old machine refused it.
      {{"agreed", go::EndEvent::Agree}, "judged gap"},
      {{"one-pass-to-end", go::EndEvent::Agree}, "judged gap"},
      // The gap reported as F-ing-1996-claim-after-fourth-pass: a dispute after the end is the
      // claim, answered by the ruleset's reading; the old machine refused every dispute there.
      {{"over", go::EndEvent::Dispute}, "claim reading"},
      // Row neutral-move-after-stop (line 96): a move that fills a neutral point after the stop is
      // ordinary play; the old machine knew no neutral points and opened a play-out. (A mistaken
      // pass, line 168, ends the game as a pass does: lines 99 and 100 override line 96.)
      {{"stopped", go::EndEvent::NeutralMove}, "neutral-move-after-stop"},
      {{"agreed", go::EndEvent::NeutralMove}, "neutral-move-after-stop"},
      {{"one-pass-to-end", go::EndEvent::NeutralMove}, "neutral-move-after-stop"},
  };
  return known;
}

// Every sequence of one to `longest` events; returns the differences seen, by kind.
using Differences = std::map<std::pair<std::string, go::EndEvent>, std::string>;
std::set<std::string> agree_on_every_sequence(const Spec& spec, const Ruleset& rs, int longest, const std::string& label,
                                              const Differences& also_known = {}) {
  const go::EndingRules r = go_ending_rules(rs);
  const rules::CompiledTable table = compile_table(spec, rs, "ing-1996.decisions.end-of-play");
  std::set<std::string> seen;
  std::vector<go::EndEvent> events;
  const auto walk = [&](auto&& self, int depth) -> void {
    if (!events.empty()) {
      std::string before;
      const Answer want = old_answer(events, r);
      const Answer got = table_answer(events, table, r, &before);
      if (!(want == got)) {
        // Only the first event on which the two part is a difference; after it they may differ on.
        std::vector<go::EndEvent> prefix(events.begin(), events.end() - 1);
        const bool first = prefix.empty() || old_answer(prefix, r) == table_answer(prefix, table, r, nullptr);
        if (first) {
          // A claim is the dispute after the end; a mistaken pass is a pass to the old machine.
          const go::EndEvent last = events.back() == go::EndEvent::Claim          ? go::EndEvent::Dispute
                                    : events.back() == go::EndEvent::MistakenPass ? go::EndEvent::Pass
                                                                                  : events.back();
          auto known = known_differences().find({before, last});
          if (known == known_differences().end()) known = also_known.find({before, last});
          const bool named = known != known_differences().end() && known != also_known.end();
          std::string shown;
          for (auto e : events) shown += std::string(go::to_string(e)) + " ";
          INFO(label << ": " << shown << "(state before the last: " << before << ") old " << (want.refused ? "refused" : want.phase)
                     << " " << want.consecutive << " new " << (got.refused ? "refused" : got.phase) << " " << got.consecutive);
          CHECK(named);
          if (named) seen.insert(known->second);
        }
        return;  // a sequence that parted is not extended: its continuations part for the same reason
      }
    }
    if (depth == longest) return;
    for (go::EndEvent e : kAllEvents) {
      events.push_back(e);
      self(self, depth + 1);
      events.pop_back();
    }
  };
  walk(walk, 0);
  return seen;
}

Value game_end(const Spec& spec, const std::string& ruleset, const std::string& events) {
  return run_query(spec, parse_json(R"({"game":"go","query":"game-end","ruleset":")" + ruleset + R"(","events":)" + events + "}", "request", 1));
}

}  // namespace

TEST_CASE("ing end of play: the table decides every event, and agrees with the machine it replaced except where its rows say otherwise") {
  const Spec& spec = repo_spec();
  std::set<std::string> seen;
  int rulesets = 0, two_pass = 0;
  for (const auto& id : spec.ruleset_ids("go")) {
    const Ruleset& rs = spec.ruleset(id);
    if (rs.codex != "ing-1996") continue;
    ++rulesets;
    two_pass += rs.int_param("end_passes") == 2;
    for (const auto& kind : agree_on_every_sequence(spec, rs, 5, id)) seen.insert(kind);
  }
  CHECK(rulesets >= 8);
  CHECK(two_pass >= 2);  // the engines' rulesets end at two passes: the rows' bounds follow end_passes
  // Each difference the list names occurs: the list is no larger than the table's departures.
  CHECK(seen == std::set<std::string>{"play-out-dispute", "play-out-agree", "agree-after-end", "judged gap", "claim reading", "neutral-move-after-stop"});
}

TEST_CASE("ing end of play: each clause the rows cite, switched off, takes its rows out as the old machine dropped its rule") {
  const Spec& spec = repo_spec();
  // Where a switched-off clause leaves an event no row decides, the pass stands and play goes on
  // (line 78); the old machine counted such passes into a stop or an agreement of its own.
  const std::map<std::string, Differences> switched = {
      {"ing-1996.end.stop-two-passes", {}},
      // Without line 96 a neutral move after the stop is a challenge, as the old machine had it.
      {"ing-1996.end.neutral-points", {}},
      {"ing-1996.result.resign-signal", {}},
      // Without line 99's last sentence no row ends a play-out's passes; the old machine stopped it.
      {"ing-1996.end.after-play-out-passes", {{{"play-out-one-pass", go::EndEvent::Pass}, "no row for a play-out's passes"}}},
      // Without line 100 no pass after the stop moves on (the old machine called it agreement),
      // and under end_passes 2 the second pass neither stops nor ends (the old machine stopped).
      {"ing-1996.end.four-passes",
       {{{"stopped", go::EndEvent::Pass}, "no third-pass row"}, {{"one-pass", go::EndEvent::Pass}, "no row for two passes of two"}}},
  };
  for (const auto& [clause, differences] : switched) {
    ClauseSwitchedOff off(clause);
    std::set<std::string> seen;
    for (const char* id : {"ing-1996", "ing-1996-play-out-restarts", "tromp-taylor"})
      for (const auto& kind : agree_on_every_sequence(spec, spec.ruleset(id), 5, clause + " off, " + id, differences)) seen.insert(kind);
    for (const auto& [at, kind] : differences) CHECK(seen.count(kind) == 1);
  }
}

TEST_CASE("ing end of play: the query answers the table's state and row, and an amendment's row moves the cases it decides") {
  const Value four = game_end(repo_spec(), "ing-1996", R"(["pass","pass","pass","pass"])");
  CHECK(four.find("phase")->as_string() == "over");
  CHECK(four.find("row")->as_string() == "fourth-pass");
  const Value after_play_out = game_end(repo_spec(), "ing-1996", R"(["pass","pass","dispute","move","agree","pass","pass"])");
  CHECK(after_play_out.find("phase")->as_string() == "over");  // line 99: the players pass again
  CHECK(game_end(repo_spec(), "tromp-taylor", R"(["pass","pass"])").find("row")->as_string() == "fourth-pass");
  // Line 96 against line 100: a neutral move after the stop is play; a mistaken pass still ends.
  CHECK(game_end(repo_spec(), "ing-1996", R"(["pass","pass","neutral-move"])").find("row")->as_string() == "neutral-move-after-stop");
  CHECK(game_end(repo_spec(), "ing-1996", R"(["pass","pass","move"])").find("phase")->as_string() == "play-out");
  CHECK(game_end(repo_spec(), "ing-1996", R"(["pass","pass","pass","mistaken-pass"])").find("row")->as_string() == "fourth-pass");
  CHECK(game_end(repo_spec(), "ing-1996-play-out-restarts", R"(["pass","pass","dispute","pass","pass"])").find("row")->as_string() ==
        "play-out-stops-again");
  // A committee that lets a move after the stop resume ordinary play (the judged gap made a row).
  const Amendment a = testing::table_amendment(
      "ing-1996", "move-resumes-play", "ing-1996", "ing-1996.decisions.end-of-play", "add_rows",
      "      - {id: move-resumes-play, when: {state: [stopped, agreed, one-pass-to-end], event: board-move, neutral-points: none-left}, "
      "outcome: playing, clause: ing-1996.end.stop-two-passes, line: 97}\n");
  const Spec changed = apply_amendment(repo_spec(), a);
  const std::string challenge = R"(["pass","pass","move","pass","pass"])";
  CHECK(game_end(repo_spec(), "ing-1996", challenge).find("phase")->as_string() == "over");
  const Value resumed = game_end(changed, "ing-1996", challenge);
  CHECK(resumed.find("phase")->as_string() == "stopped");
  CHECK(resumed.find("row")->as_string() == "stop");
  const auto moved = testing::moved_cases(testing::evaluate_on_repo(a), "ing-1996", [](const Value& was, const Value& now) {
    const Value* p0 = was.find("phase");
    const Value* p1 = now.find("phase");
    return p0 && p1 && p0->dump() != p1->dump();
  });
  CHECK(moved.count("mined.go.end.49f072d9") == 1);
  // The Z3 reading of lines 96-100 holds the table as written to the text; an amended table's
  // departures are the amendment's effect, each named once at its first step.
  const auto z3_text = std::find_if(analyses().begin(), analyses().end(), [](const AnalysisInfo& i) { return i.id == "ing.end-state-machine"; });
  REQUIRE(z3_text != analyses().end());
  const AnalysisOutcome as_written = run_analysis(repo_spec(), *z3_text), amended = run_analysis(changed, *z3_text);
  CHECK(as_written.ok);
  CHECK(as_written.detail.find("departs") == std::string::npos);
  CHECK(amended.ok);
  CHECK(amended.detail.find("the amended table departs from lines 96-100 as written at 3 steps") != std::string::npos);
  CHECK(amended.detail.find("after pass, pass, move the text gives 'play-out', the model 'playing'") != std::string::npos);
  CHECK(moved.count("ing.end.four-passes-in-a-row") == 0);
  // Rows of an amendment that decide one event differently are an error naming them.
  const Spec conflicting = apply_amendment(
      repo_spec(), testing::table_amendment("ing-1996", "third-pass-ends", "ing-1996", "ing-1996.decisions.end-of-play", "add_rows",
                                            "      - {id: third-pass-ends, when: {state: stopped, event: pass}, outcome: over, clause: ing-1996.end.four-passes, line: 100}\n"));
  CHECK_THROWS_AS(game_end(conflicting, "ing-1996", R"(["pass","pass","pass"])"), QueryError);
  CHECK(game_end(conflicting, "ing-1996", R"(["pass","pass","agree"])").find("phase")->as_string() == "agreed");
}
