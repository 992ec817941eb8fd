#include "certify/shogi_declaration.hpp"

#include <map>

#include "certify/shogi_positions.hpp"
#include "model/shogi/near_impasse.hpp"
#include "model/common/xorshift.hpp"
#include "queries/query.hpp"
#include "queries/switches.hpp"

namespace rulespec::certify {

using shogi::Aim;

std::vector<DeclarationProbe> shogi_declaration_probes(const Spec& spec, const Ruleset& rs, std::uint64_t seed, int per_verdict) {
  std::vector<DeclarationProbe> out;
  if (!rs.has_param("declaration") || !rs.bool_param("declaration")) return out;
  common::XorShift64 rng{seed * 3266489917ull + 13};
  // Winning declarations, and for each condition a model can switch off, losing ones decisive for it.
  std::map<std::string, int> decisive;  // condition -> losing probes decisive for it
  int wins = 0, losses = 0, fruitless = 0;
  for (int tries = 0; tries < 20000 && fruitless < 3000; ++tries) {
    const Aim aim = shogi::kImpasseAims[tries % std::size(shogi::kImpasseAims)];
    const auto p = shogi::near_impasse(rng, aim);
    ++fruitless;
    if (!p || p->legal_moves().empty()) continue;
    Value req = Value::map();
    req.set("game", Value::string("shogi"));
    req.set("ruleset", Value::string(rs.id));
    req.set("query", Value::string("declare"));
    req.set("sfen", Value::string(p->sfen()));
    auto verdict_of = [&] { return run_query(spec, req).find("verdict")->as_string(); };
    const Value a = run_query(spec, req);
    // The oracle's verdict is the probe's: a declaration that wins, or one that loses. One that
    // draws (CSA's and the JSA's 24 to 30 points) is neither, and declaring there breaks no rule.
    const std::string verdict = a.find("verdict")->as_string();
    if (verdict != "win" && verdict != "lose") continue;
    DeclarationProbe probe{.position = *p, .wins = verdict == "win",
                           .source = "near-impasse position " + std::to_string(tries) + " of seed " + std::to_string(seed)};
    if (const Value* failed = a.find("failed"))
      for (const Value& f : failed->as_list()) probe.failed.push_back(f.as_string());
    if (!probe.wins && probe.failed.empty()) continue;
    for (const auto& clause : probe.failed)
      if (find_clause_switch(clause)) {
        ClauseSwitchedOff off(clause);
        if (verdict_of() == "win") probe.decisive_for.push_back(clause);
      }
    // A losing probe is kept while it is decisive for a condition that has fewer than
    // `per_verdict`, or while losing ones are fewer than `per_verdict`.
    bool wanted = probe.wins ? wins < per_verdict : losses < per_verdict;
    for (const auto& c : probe.decisive_for) wanted = wanted || decisive[c] < per_verdict;
    if (!wanted) continue;
    fruitless = 0;
    ++(probe.wins ? wins : losses);
    for (const auto& c : probe.decisive_for) ++decisive[c];
    out.push_back(std::move(probe));
  }
  return out;
}

}  // namespace rulespec::certify
