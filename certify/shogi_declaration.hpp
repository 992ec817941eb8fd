// The jishogi declaration observed through play, over USI (`bestmove win` is the declaration):
// seeded positions near an impasse, each judged by the reference model under the ruleset (all six
// conditions met, or which one fails). An engine that declares where a condition fails loses by
// the rules; where all are met, declaring is the player's right, not a duty, so a move there says
// nothing, and an engine that never declares leaves the declaration clauses not observed.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "model/shogi/position.hpp"
#include "spec/spec.hpp"

namespace rulespec::certify {

struct DeclarationProbe {
  shogi::Position position;
  bool wins = false;                  // the declaration wins under the ruleset
  std::vector<std::string> failed;    // the conditions' clauses that fail (empty when it wins)
  // Of `failed`, those without which the oracle finds the declaration wins: an engine that lacks
  // that condition declares here as it does where the declaration wins.
  std::vector<std::string> decisive_for;
  std::string source;
};

// Up to `per_verdict` winning and as many losing positions, from `seed`, for a ruleset whose
// `declaration` param is on (none otherwise), each as the oracle's `declare` query judges it; a
// position where declaring draws is no probe.
std::vector<DeclarationProbe> shogi_declaration_probes(const Spec& spec, const Ruleset& rs, std::uint64_t seed, int per_verdict);

}  // namespace rulespec::certify
