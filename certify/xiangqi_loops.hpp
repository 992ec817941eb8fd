// The xiangqi repetition rules observed through play: loops of the WXF manual's examples carried
// on until continuing them would break the ruleset's repetition rules. After those moves the side
// to move must vary, and a correct engine's `bestmove` does, when another move does not lose by
// the rules. Built once per ruleset with the reference model's adjudication, before any engine
// thread starts.
#pragma once
#include <set>
#include <string>
#include <vector>

#include "spec/spec.hpp"

namespace rulespec::certify {

struct LoopProbe {
  std::string id;                    // the WXF example it continues
  std::string fen;                   // the example's start
  std::vector<std::string> history;  // ICCS, the example's moves and the cycle carried on
  std::string mover;                 // "red" or "black": the side to move, which must vary
  std::string continuation;          // ICCS: the move that continues the cycle
  std::set<std::string> losing;      // ICCS: every legal move that loses by the repetition rules here
  std::vector<std::string> clauses;  // the ruleset's clauses that forbid the continuation
  std::string reason;                // the adjudication of the continuation, in words
};

// Every example of tests/data/wxf-repetition-examples.tsv that yields such a position under `rs`
// (one probe per distinct position and history), in file order.
std::vector<LoopProbe> xiangqi_loop_probes(const Spec& spec, const Ruleset& rs);

// Whether continuing the probe's cycle loses for the mover under `rs` (another ruleset of the
// codex may allow what the probe's forbids).
bool continuation_loses(const Spec& spec, const Ruleset& rs, const LoopProbe& probe);

}  // namespace rulespec::certify
