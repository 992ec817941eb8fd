// The engines in the report: certify's own mutants of the reference engines (each must be rejected
// on the rule it breaks, the references certified), and the real engines installed here with
// their certificates. Seeded like the rest of the suite, so the report stays reproducible.
#include "reports/suite.hpp"

namespace rulespec {

void certify_engines(const Spec& spec, const SuiteOptions& opt, SuiteResult& r) {
  // The real engines' certificates, where the engines are installed (seeded, so reproducible).
  struct RealEngine {
    const char* game;
    const char* ruleset;
    std::vector<std::string> argv;
    const char* protocol = "";  // "" the game's usual one
  };
  const RealEngine engines[] = {{"go", "ru-go-1985", {"/usr/games/gnugo", "--mode", "gtp"}},
                                {"go", "ing-1996", {"/usr/games/gnugo", "--mode", "gtp"}},
                                {"xiangqi", "axf-1982", {"/usr/games/fairy-stockfish"}},
                                {"shogi", "jishogi-amateur-27", {"/usr/games/fairy-stockfish"}},
                                {"shogi", "jishogi-amateur-27", {"/usr/games/gnushogi"}, "xshogi"}};
  // The mutants of the reference engines (mutant/): each must fail on its clause.
  if (!opt.mutant.empty() && certify::missing_program({opt.mutant}).empty() && opt.codex.empty()) {
    struct Probe {
      const char* game;
      const char* ruleset;
      const char* flip;
      const char* clause;
      const char* protocol = "";
    };
    const Probe probes[] = {{"go", "ru-go-1985", "", ""},
                            {"go", "ru-go-1985", "ko", "ru-go-1985.art4.p2"},
                            {"go", "ru-go-1985", "suicide", "ru-go-1985.art4.p1"},
                            {"go", "ru-go-1985", "capture", "ru-go-1985.art3.p2"},
                            {"go", "ru-go-1985", "occupied", "ru-go-1985.art3.p1"},
                            {"go", "ru-go-1985", "score", "ru-go-1985.art12.p2.b"},
                            {"xiangqi", "axf-1982", "", ""},
                            {"xiangqi", "axf-1982", "flying-general", "xiangqi.rules.flying-general"},
                            {"xiangqi", "axf-1982", "pin", "xiangqi.rules.king-safety"},
                            {"xiangqi", "axf-1982", "horse-leg", "xiangqi.rules.piece-movement"},
                            {"renju", "rif-renju", "", ""},
                            {"renju", "rif-renju", "foul", "rif-renju.foul.black-list"},
                            {"shogi", "jishogi-amateur-27", "", ""},
                            {"shogi", "jishogi-amateur-27", "pawn-drop-mate", "shogi.rules.pawn-drop-mate"},
                            {"shogi", "jishogi-amateur-27", "nifu", "shogi.rules.nifu"},
                            {"shogi", "jishogi-amateur-27", "", "", "xshogi"},
                            {"shogi", "jishogi-amateur-27", "pawn-drop-mate", "shogi.rules.pawn-drop-mate", "xshogi"},
                            {"shogi", "jishogi-amateur-27", "nifu", "shogi.rules.nifu", "xshogi"}};
    for (const auto& p : probes) {
      if (!spec.has_ruleset(p.ruleset)) continue;
      certify::Options o;
      o.engine = {opt.mutant, "--game", p.game};
      if (*p.flip) o.engine.insert(o.engine.end(), {"--flip", p.flip});
      if (*p.protocol) o.engine.insert(o.engine.end(), {"--protocol", p.protocol});
      o.protocol = p.protocol;
      o.engine_text = "rulespec-mutant";
      o.ruleset = p.ruleset;
      o.seed = opt.seed;
      o.budget_seconds = 60;
      const Ruleset& rs = spec.ruleset(p.ruleset);
      certify::Result c;
      try {
        c = certify::certify_game(p.game, spec, rs, o);
      } catch (const std::exception&) {
        c.engine_error = "could not start";
      }
      if (!*p.flip) {
        r.references_certified = r.references_certified && c.certified();
        continue;
      }
      const auto it = c.clauses.find(p.clause);
      const std::string game = std::string(p.game) + (*p.protocol ? std::string(" over ") + p.protocol : "");
      r.mutants.push_back({game, p.flip, p.clause, it != c.clauses.end() && it->second.passed < it->second.tested});
    }
  }
  for (const auto& e : engines) {
    if (!spec.has_ruleset(e.ruleset) || (!opt.codex.empty() && spec.ruleset(e.ruleset).codex != opt.codex)) continue;
    if (!certify::missing_program(e.argv).empty()) continue;
    certify::Options o;
    o.engine = e.argv;
    o.engine_text = e.argv.front();
    for (std::size_t i = 1; i < e.argv.size(); ++i) o.engine_text += " " + e.argv[i];
    o.ruleset = e.ruleset;
    o.seed = opt.seed;
    o.budget_seconds = 60;
    o.protocol = e.protocol;
    const Ruleset& rs = spec.ruleset(e.ruleset);
    try {
      r.certificates.push_back(certify::certify_game(e.game, spec, rs, o));
    } catch (const std::exception&) {
      // not startable here: no certificate
    }
  }
}

}  // namespace rulespec
