// rulespec mine: search for the positions on which rulesets part. A question poses one oracle
// query on generated positions under each ruleset named; where two rulesets answer differently,
// the position is minimized (parts removed one at a time while the same two rulesets still
// differ), put in canonical form under the game's symmetries and deduplicated (one witness per
// canonical position and pair of rulesets), and kept with each ruleset's answer and the clauses
// whose readings the two rulesets take differently.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/common/xorshift.hpp"
#include "spec/spec.hpp"

namespace rulespec::mine {

struct Question {
  std::string game, name, query, summary;
  std::string input_name = "position";  // what an input is, for a case's source line
  std::string part_name;  // what `shrink` removes, in the plural: "stones", "pieces other than the kings"
  std::vector<std::string> compared;                           // the answer fields compared
  // In place of `compared`, where rulesets answer in different shapes: what of an answer is
  // compared (Ing's fill-in and the 1985 territory count both name a winner).
  std::function<Value(const Value& answer)> project;
  // The request fields (without game/query/ruleset); a null Value when the sampled position has
  // nothing to ask (a guided search that found no cycle there), which counts as examined.
  std::function<Value(common::XorShift64&)> generate;
  std::function<std::vector<Value>(const Value&)> shrink;      // the input with one part removed, each way
  std::function<Value(const Value&)> canonical;                // the input under the game's symmetries
  // The pattern: the canonical form also up to translation, so that one pattern shifted across
  // the board is kept once (its witness stays where it was found).
  std::function<std::string(const Value&)> shape;
  std::function<int(const Value&)> parts;                      // stones or pieces (kings aside): the witness's size
  std::vector<std::string> fallback_clauses;                   // when the rulesets differ in params only
  std::vector<std::string> context_clauses;                    // always cited (the clause that frames the question)
  // The clauses that decide a witness between two rulesets, where the question can say better
  // than the answers' `cited` field or the readings that differ (empty: not said).
  std::function<std::vector<std::string>(const Spec&, const Value&, const Ruleset&, const Ruleset&)> deciding;
  // Exhaustive search (mine --exhaustive): every input of a declared finite space, by index, in
  // place of `generate`; nullopt for an index outside the declared bound or not the canonical
  // form of its class (not counted as examined). `space` 0: the question has none.
  std::uint64_t space = 0;
  std::string space_summary;
  std::function<std::optional<Value>(std::uint64_t)> enumerate;
  // Against an engine: why the model does not list a move that the engine lists (empty: not
  // said), for the report of a legal-moves question.
  std::function<std::string(const Value& input, const std::string& move)> fault;
  // Why an answer (as compared) is no answer: the query could not be answered under that ruleset
  // (an error, a count that names no winner). Empty: it is one. Unset: error answers only.
  // Such positions are counted apart, never as a difference.
  std::function<std::string(const Value& answer)> unanswerable;
  int default_positions = 2000;  // what `mine` generates when not told (a rare event needs more)
  std::string cited;  // the answer field naming the clause or clauses a ruleset applied, if the query has one
};
const std::vector<Question>& questions();
const Question* find_question(const std::string& game, const std::string& name);

struct Options {
  std::string game, question;
  // Ruleset ids (aliases allowed), at least two; RULESET~CLAUSE is the ruleset with a clause the
  // models can switch off switched off (~C1~C2 for several): mined between R and R~C, the
  // witnesses are the positions C decides.
  std::vector<std::string> between;
  std::uint64_t seed = 1;
  int positions = 2000;        // positions generated (the search is a function of seed and this);
                               // exhaustive: the first this many indices of the space (0: all of it)
  bool exhaustive = false;     // enumerate the question's space instead of generating
  double budget_seconds = 0;   // > 0: stop early at this wall-clock budget, and say so
  int max_witnesses = 50;
  int per_group = 0;           // > 0: at most this many witnesses of one clause set (group_of)
  bool first_against_each = false;  // only the pairs (R1, Ri): the first ruleset against each other one
  int shard = 1, shards = 1;   // this process's slice K/N of the positions: K-1, K-1+N, ...
  // An engine in place of a second ruleset (mine --engine): its answer to an input, in the
  // question's compared fields, or nullopt where it cannot be asked (a board its protocol cannot
  // set up), which counts as no disagreement. `between` then names one ruleset.
  std::string engine_label;
  std::function<std::optional<Value>(const Value&)> engine;
};

struct Witness {
  Value input;                                        // canonical and minimal
  std::string key;                                    // the canonical input as text
  std::string first, second;                          // the two rulesets that part
  std::vector<std::pair<std::string, Value>> answers;  // every ruleset of `between`: the compared fields
  std::vector<std::string> clauses;
  int parts = 0;
  int pair_rank = 0;  // the pair's place among the pairs of `between` (first pair 0)
  long long position = 0;  // the index of the generated (or enumerated) position it came from
  std::string shape;  // Question::shape of the input: one witness per shape is kept
};

struct Result {
  int examined = 0, disagreeing = 0;
  bool budget_hit = false;
  std::vector<Witness> witnesses;  // the smallest of each group in turn, then smallest first
  // Per side of `between`, why its answers were none and on how many positions (never a difference).
  std::map<std::string, std::map<std::string, int>> unanswerable;
  // Per group (clause set), the witnesses found before the cap kept `witnesses`.
  std::map<std::string, int> found_per_group;
};

// The group of a witness: the clauses that explain it, as one line ("(no clause named)" if none).
std::string group_of(const Witness& w);
// Why an answer is none under the question (Question::unanswerable, or an error answer); "" if it is one.
std::string why_unanswerable(const Question& q, const Value& answer);

// A side of `between`: the ruleset, and the clauses switched off ("R~C1~C2").
std::pair<std::string, std::vector<std::string>> split_side(const std::string& side);
// The compared fields of the answer to `input` under a side (an error answer is kept whole).
Value answer_of(const Spec& spec, const Question& q, const Value& input, const std::string& side);
bool disagree(const Spec& spec, const Question& q, const Value& input, const std::string& a, const std::string& b);

// Throws std::invalid_argument for an unknown game, question or ruleset, or a bad shard.
// search: the positions of the options' slice, with the best witness of each shape found there;
// select: the best of each shape over any slices, then the smallest of every pair in turn up to
// `max_witnesses`, smallest first. mine = select of the one slice 1/1: a run split into slices
// and selected over all of them gives exactly the one-process result.
Result search(const Spec& spec, const Options& opt);
Result select(std::vector<Result> slices, int max_witnesses, int per_group = 0);
Result mine(const Spec& spec, const Options& opt);

// The witnesses as case entries (YAML, one per witness, with `mined: {seed, between, question}`).
std::string case_entries(const Question& q, const Options& opt, const std::vector<Witness>& witnesses);
std::string key_of(const Question& q, const Value& input);

}  // namespace rulespec::mine
