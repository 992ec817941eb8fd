// The xiangqi repetition rules observed through play: loops of the WXF manual's examples, and
// checking cycles found in seeded sparse positions, carried on until continuing them would break
// the ruleset's repetition rules. After those moves the side to move must vary, and a correct
// engine's `bestmove` does, when another move does not lose by the rules. Built once per ruleset
// and seed with the reference model's adjudication, before any engine thread starts.
#pragma once
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "certify/certify.hpp"
#include "spec/spec.hpp"

namespace rulespec::certify {

struct LoopProbe {
  std::string id;                    // the WXF example it continues, or the checking cycle's name
  std::string source;                // in words: "WXF manual wxf-001", "checking cycle 3 of seed 1"
  std::string fen;                   // the example's start
  std::vector<std::string> history;  // ICCS, the example's moves and the cycle carried on
  std::string mover;                 // "red" or "black": the side to move, which must vary
  std::string continuation;          // ICCS: the move that continues the cycle
  std::set<std::string> losing;      // ICCS: every legal move that loses by the repetition rules here
  std::vector<std::string> clauses;  // the ruleset's clauses that forbid the continuation
  std::string reason;                // the adjudication of the continuation, in words
  // Per clause: whether the continuation still loses with it switched off (not decisive) and, if
  // not, the chance that an engine without the rule, choosing uniformly among the moves that do
  // not lose without it, avoids every move that loses with it.
  std::map<std::string, Evidence> evidence;
};

// Every example of tests/data/wxf-repetition-examples.tsv that yields such a position under `rs`
// (one probe per distinct position and history), in file order; then the checking cycles of
// `seed` that do (up to `cycles` of them).
std::vector<LoopProbe> xiangqi_loop_probes(const Spec& spec, const Ruleset& rs, std::uint64_t seed, int cycles);

// The placement field of a FEN from a board of piece letters ("" empty), [rank][file] with rank 0
// Red's back rank.
std::string xiangqi_placement(const std::string (&board)[10][9]);

// Whether continuing the probe's cycle loses for the mover under `rs` (another ruleset of the
// codex may allow what the probe's forbids).
bool continuation_loses(const Spec& spec, const Ruleset& rs, const LoopProbe& probe);

}  // namespace rulespec::certify
