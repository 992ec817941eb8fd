// Property registry: RapidCheck properties registered with the clauses they exercise and the
// rulesets they apply to, so that verify, amend and the Catch2 suite can run each one under any
// ruleset with a fixed seed, and a failure prints a token that replays it exactly.
#pragma once
#include <rapidcheck.h>

#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "spec/spec.hpp"

namespace rulespec {

struct PropertyInfo {
  std::string id, summary;
  std::vector<std::string> clauses;
  // Whether the property speaks about this ruleset (usually: its game and codex).
  std::function<bool(const Ruleset&)> applies;
  // Builds the RapidCheck property for one ruleset.
  std::function<rc::detail::Property(const Spec&, const Ruleset&)> make;
  // Why it does not apply to a ruleset, in words (unset: the rulesets it does apply to are named).
  std::function<std::string(const Ruleset&)> why_not = nullptr;
};

// Why `p` does not apply to `rs` under `spec`: its own reason, or the rulesets it runs under.
std::string why_not_applies(const Spec& spec, const PropertyInfo& p, const Ruleset& rs);

struct PropertyOutcome {
  std::string id, ruleset;
  std::vector<std::string> clauses;
  bool pass = false;
  int runs = 0;
  std::string failure;       // when it failed: what fails, in the codex's terms (failure_in_rules_terms)
  std::string assertion;     // ...and RapidCheck's own text (the C++ condition), for developers; not reported
  std::string reproduce;     // RapidCheck reproduce token for the failure
  std::uint64_t seed = 0;
  // Not a failure of the property but of its generator under this ruleset: the precondition
  // discarded too many generated situations to reach `runs` (RapidCheck "gave up").
  bool gave_up = false;
  int discarded = 0;
  // The shrunk counterexample as a position or as named values (what show_witness noted while
  // the failure was replayed); null when the property notes none.
  Value witness;
  // Decisive evidence (docs/design.md): per clause of the property whose switch the run read,
  // how many of the first `decisive_runs` samples fail with that clause switched off. A property
  // that holds with such switches and no decisive sample is vacuous (nothing it checks could have
  // told a model without the rule); one none of whose clauses has a switch is not measured.
  std::map<std::string, int> decisive_samples;
  int decisive_runs = 0;
  bool switches_read = false;
  // "holds", "vacuous", "holds (not measured)", or "fails" (with gave_up: "gave up").
  std::string status() const;
};

// Called in a property's body with what it is looking at, as a reader would be shown it: a board
// (the request fields reports/diagrams draws: Go `size`/`setup`, xiangqi `fen`, renju `black`/
// `white`, shogi `sfen`) or named numbers. The value noted during the replay of a shrunk
// counterexample becomes the failed outcome's witness.
void show_witness(Value v);

// A property's check, failing with what the failure means in the codex's terms ("the totals are
// equal and no article decides an even game with equal totals (Art. 12 §3 covers only the half
// point)"): the sentence a reader is shown, in place of the C++ condition RC_ASSERT would print.
void rules_require(bool holds, const std::string& meaning);

// What a reader is shown of a RapidCheck failure description: the sentence rules_require gave, an
// RC_FAIL's own message, or, for a bare RC_ASSERT, that the check fails on the counterexample
// shown; never C++ source text (file names, conditions, "Expands to").
std::string failure_in_rules_terms(const std::string& description);

// Called in a property's body with an answer of the model it checks (a verdict, a legality, a
// count), as text. A sample is decisive for a clause when, run again with the clause switched off,
// it fails or notes other answers: the rule decided what the property looked at. A property whose
// expectation follows the ruleset builds it under ClausesAsWritten (spec/spec.hpp).
void note_answer(std::string answer);

const std::vector<PropertyInfo>& properties();
const PropertyInfo* find_property(std::string_view id);

// Runs one property under one ruleset. `reproduce` (a token printed by an earlier failure)
// replays that failure instead of searching.
PropertyOutcome run_property(const Spec& spec, const PropertyInfo& p, const Ruleset& rs, std::uint64_t seed,
                             int runs, const std::string& reproduce = {});
// Per clause, how many of the first `runs` samples of `p` under `rs` the clause decided: with it
// switched off (ClauseSwitchedOff) the sample fails or notes other answers (note_answer). The same
// seed gives the same samples where the generator does not read the clause; every sample runs to
// the end, each failure counted instead of shrunk.
std::map<std::string, int> decisive_sample_counts(const Spec& spec, const PropertyInfo& p, const Ruleset& rs,
                                                  std::uint64_t seed, int runs, const std::vector<std::string>& clauses);
int decisive_sample_count(const Spec& spec, const PropertyInfo& p, const Ruleset& rs, std::uint64_t seed, int runs,
                          const std::string& clause);
// Fills a run's decisive evidence: the property's own clauses among the switches `reads` shows
// it read (spec/reads.hpp), each counted over the first min(kDecisiveRuns, runs) samples when it passed.
void measure_decisive(const Spec& spec, const PropertyInfo& p, const Ruleset& rs, const std::set<std::string>& reads,
                      PropertyOutcome& o);
// How a run reads to a researcher: its status and, per clause, the samples the clause decided.
std::string decisive_summary(const PropertyOutcome& o);
// The samples run again for decisiveness: enough to see a rule decide, few enough for verify.
inline constexpr int kDecisiveRuns = 30;

// The command that replays a failed outcome.
std::string reproduce_command(const PropertyOutcome& o);

// Registration hooks, one per properties/*.cpp file.
void register_ing_properties(std::vector<PropertyInfo>& out);
void register_jishogi_properties(std::vector<PropertyInfo>& out);
void register_ru1985_properties(std::vector<PropertyInfo>& out);
void register_go_board_properties(std::vector<PropertyInfo>& out);
void register_renju_properties(std::vector<PropertyInfo>& out);
void register_shogi_properties(std::vector<PropertyInfo>& out);
void register_xiangqi_loop_properties(std::vector<PropertyInfo>& out);

// Predicates for `applies`.
std::function<bool(const Ruleset&)> codex_is(std::string codex);

}  // namespace rulespec
