// The engines in the report: certify's own mutants of the reference engines (each must be rejected
// on the rule it breaks, the references passing every probe), and the real engines installed here with
// their certificates. Seeded like the rest of the suite, so the report stays reproducible.
#include <filesystem>

#include "certify/matrix.hpp"
#include "suite/suite.hpp"

namespace rulespec {

namespace {

// The installed engines of the conformance matrix (certify/matrix.hpp); Leela Zero's generated
// network is written beside this executable.
const std::vector<certify::MatrixEngine>& real_engines() {
  static const std::vector<certify::MatrixEngine> engines = [] {
    std::error_code ec;
    const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
    return certify::installed_engines(ec ? std::filesystem::temp_directory_path().string() : self.parent_path().string());
  }();
  return engines;
}

// A mutant with no flip is the unbroken reference: it must be certified.
struct MutantProbe {
  const char* game;
  const char* ruleset;
  const char* flip;
  const char* clause;
  const char* protocol = "";
};

constexpr MutantProbe kMutantProbes[] = {
    {"go", "ru-go-1985", "", ""},
    {"go", "ru-go-1985", "ko", "ru-go-1985.art4.p2"},
    {"go", "ru-go-1985", "genmove-ko", "ru-go-1985.art4.p2"},
    {"go", "ru-go-1985", "suicide", "ru-go-1985.art4.p1"},
    {"go", "ru-go-1985", "capture", "ru-go-1985.art3.p2"},
    {"go", "ru-go-1985", "occupied", "ru-go-1985.art3.p1"},
    {"go", "ru-go-1985", "score", "ru-go-1985.art12.p2.b"},
    {"xiangqi", "axf-1982", "", ""},
    {"xiangqi", "axf-1982", "flying-general", "xiangqi.rules.flying-general"},
    {"xiangqi", "axf-1982", "pin", "xiangqi.rules.king-safety"},
    {"xiangqi", "axf-1982", "horse-leg", "xiangqi.rules.piece-movement"},
    {"xiangqi", "axf-1982", "repeat", "axf-1982.sanction.must-vary"},
    {"renju", "rif-renju", "", ""},
    {"renju", "rif-renju", "foul", "rif-renju.foul.black-double-three"},
    {"renju", "rif-renju", "double-three", "rif-renju.foul.black-double-three"},
    {"renju", "rif-renju", "double-four", "rif-renju.foul.black-double-four"},
    {"renju", "rif-renju", "overline", "rif-renju.overline.black-foul"},
    {"shogi", "jishogi-amateur-27", "", ""},
    {"shogi", "jishogi-amateur-27", "pawn-drop-mate", "shogi.rules.pawn-drop-mate"},
    {"shogi", "jishogi-amateur-27", "nifu", "shogi.rules.nifu"},
    {"shogi", "jishogi-amateur-27", "repeat", "shogi.rules.perpetual-check"},
    {"shogi", "jishogi-amateur-27", "", "", "usi"},
    {"shogi", "jishogi-amateur-27", "declare-always", "jishogi.declaration.lose-if-any-fails", "usi"},
    {"shogi", "jishogi-amateur-27", "", "", "xshogi"},
    {"shogi", "jishogi-amateur-27", "pawn-drop-mate", "shogi.rules.pawn-drop-mate", "xshogi"},
    {"shogi", "jishogi-amateur-27", "nifu", "shogi.rules.nifu", "xshogi"}};

std::string with_protocol(const char* game, const char* protocol) {
  return std::string(game) + (*protocol ? std::string(" over ") + protocol : "");
}

}  // namespace

std::size_t mutant_probe_count() { return std::size(kMutantProbes); }
std::size_t real_engine_count() { return real_engines().size(); }

std::string mutant_probe_key(std::size_t i) {
  const MutantProbe& p = kMutantProbes[i];
  return "mutant:" + with_protocol(p.game, p.protocol) + "/" + (*p.flip ? p.flip : "reference");
}

std::string real_engine_key(std::size_t i, const Ruleset& rs) {
  std::string command;
  for (const auto& a : real_engines()[i].argv) command += (command.empty() ? "" : " ") + a;
  return "engine:" + command + "@" + rs.id + (real_engines()[i].protocol.empty() ? "" : "/" + real_engines()[i].protocol);
}

// The mutants are certified in a whole run only: they test certify, not a codex.
bool mutant_probe_applies(const Spec& spec, const SuiteOptions& opt, std::size_t i) {
  return opt.codex.empty() && spec.has_ruleset(kMutantProbes[i].ruleset);
}

bool real_engine_applies(const Spec&, const SuiteOptions& opt, std::size_t i, const Ruleset& rs) {
  return rs.game == real_engines()[i].game && (opt.codex.empty() || rs.codex == opt.codex);
}

void run_mutant_probe(const Spec& spec, const SuiteOptions& opt, std::size_t i, ItemOutcome& out) {
  const MutantProbe& p = kMutantProbes[i];
  if (opt.mutant.empty() || !certify::missing_program({opt.mutant}).empty()) return;
  certify::Options o;
  o.engine = {opt.mutant, "--game", p.game};
  if (*p.flip) o.engine.insert(o.engine.end(), {"--flip", p.flip});
  if (*p.protocol) o.engine.insert(o.engine.end(), {"--protocol", p.protocol});
  o.protocol = p.protocol;
  o.engine_text = "rulespec-mutant";
  o.ruleset = p.ruleset;
  o.seed = opt.seed;
  o.budget_seconds = 60;
  certify::Result c;
  try {
    c = certify::certify_game(p.game, spec, spec.ruleset(p.ruleset), o);
  } catch (const std::exception&) {
    c.engine_error = "could not start";
  }
  if (!*p.flip) {
    // A reference passes every probe; whether that certifies a ruleset is the headline's business.
    out.reference_certified = c.clean();
    return;
  }
  const auto it = c.clauses.find(p.clause);
  out.mutant = SuiteResult::Mutant{with_protocol(p.game, p.protocol), p.flip, p.clause,
                                   it != c.clauses.end() && it->second.passed < it->second.tested};
}

void run_real_engine(const Spec& spec, const SuiteOptions& opt, std::size_t i, const Ruleset& rs, ItemOutcome& out) {
  const certify::MatrixEngine& e = real_engines()[i];
  certify::Options o;
  o.engine = e.argv;
  for (const auto& a : e.argv) o.engine_text += (o.engine_text.empty() ? "" : " ") + a;
  o.ruleset = rs.id;
  o.seed = opt.seed;
  o.budget_seconds = 60;
  o.protocol = e.protocol;
  o.board_size = e.board_size;
  try {
    out.certificate = certify::certify_game(e.game, spec, rs, o);
  } catch (const std::exception&) {
    // not startable here: no certificate
  }
}

}  // namespace rulespec
