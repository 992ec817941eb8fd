// Shogi's perpetual check observed through play: a checking cycle (one side checks on each of its
// moves, the king steps away and back) carried on until the checking side's next move would make
// the position stand a fourth time with every one of its moves a check, which loses. After those
// moves a correct engine's `bestmove` varies, when another move does not lose that way. The cycles
// are found in seeded sparse positions by the reference model, before any engine thread starts.
#pragma once
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "certify/certify.hpp"
#include "model/shogi/position.hpp"

namespace rulespec::certify {

// The rule the codices presuppose (as the other shogi.rules.*): a perpetual check loses.
inline constexpr const char* kShogiPerpetualCheck = "shogi.rules.perpetual-check";

struct ShogiLoopProbe {
  shogi::Position start;
  std::vector<std::string> history;  // USI
  std::string continuation;          // USI: the check that would lose
  std::set<std::string> losing;      // USI: every legal move that loses by perpetual check here
  std::string source;
  // Decisive by construction (without the rule the fourth time is a draw, sennichite): an engine
  // without it, choosing uniformly among the legal moves, avoids the losing ones with this chance.
  double blind_pass = 1.0;
};

// Probes from the positions of `seed`, in order: at least `count` (when the positions yield them),
// and more until a rule-blind engine's chance to pass them all is well below kBlindPassBound.
std::vector<ShogiLoopProbe> shogi_loop_probes(std::uint64_t seed, int count);

}  // namespace rulespec::certify
