// 1985 Art. 9 §1 b (bent four in the corner) as Z3 constraints over the features of the
// position: consistency (two sub-items deciding differently), completeness (no sub-item
// deciding) and the divergence from the EGF note. Every witness is confirmed by the reference
// model (model/go/special_positions) before it is reported.
#include "model/go/special_positions.hpp"
#include "solver/finding.hpp"
#include "solver/harness.hpp"

namespace rulespec {
namespace {

const char* kFeatures[] = {"other_ko_positions", "unlimited_threats_both", "long_cycle", "surrounder_is_white",
                           "surrounder_wins_ko"};

struct Art9Model {
  ClauseModel m;
  std::vector<z3::expr> features;
  z3::expr alive;
  explicit Art9Model(bool egf) : alive(m.bool_var("surrounding_alive")) {
    for (const char* f : kFeatures) features.push_back(m.bool_var(f));
    const auto &other = features[0], &unlimited = features[1], &cycle = features[2], &white = features[3],
               &wins_ko = features[4];
    if (egf) {
      m.clause("ru-go-1985.art9.p3.note1-egf", alive);
      return;
    }
    m.clause("ru-go-1985.art9.p1.b.1", z3::implies(!other && !unlimited && !cycle, !alive));
    m.clause("ru-go-1985.art9.p1.b.2", z3::implies(other, alive == wins_ko));
    m.clause("ru-go-1985.art9.p1.b.3", z3::implies(unlimited, alive == white));
  }
  std::vector<z3::expr> fix(unsigned bits) {
    std::vector<z3::expr> out;
    for (size_t i = 0; i < features.size(); ++i) out.push_back((bits >> i & 1) ? features[i] : !features[i]);
    return out;
  }
};

go::BentFourSituation situation(unsigned bits) {
  return {bool(bits & 1), bool(bits & 2), bool(bits & 4), bool(bits & 8), bool(bits & 16)};
}

Value witness_of(unsigned bits) {
  Value w = Value::map();
  for (size_t i = 0; i < std::size(kFeatures); ++i) w.set(kFeatures[i], Value::boolean(bits >> i & 1));
  return w;
}

void bent_four(const Spec& spec, AnalysisOutcome& out) {
  for (const char* id : {"ru-go-1985.art9.p1.b.1", "ru-go-1985.art9.p1.b.2", "ru-go-1985.art9.p1.b.3"})
    if (!spec.clause(id)) {
      not_applicable(out, std::string(id) + " is not in the codex");
      return;
    }
  Art9Model codex(false), egf(true);
  std::optional<unsigned> conflict, gap, divergence;
  // All 32 feature combinations, in a fixed order: the first witness of each kind is reported.
  for (unsigned bits = 0; bits < 32; ++bits) {
    const auto fixed = codex.fix(bits);
    if (codex.m.check(fixed) == z3::unsat) {
      if (!conflict) conflict = bits;
      continue;
    }
    auto alive = fixed, dead = fixed;
    alive.push_back(codex.alive);
    dead.push_back(!codex.alive);
    const bool can_live = codex.m.check(alive) == z3::sat, can_die = codex.m.check(dead) == z3::sat;
    if (can_live && can_die && !gap) gap = bits;
    auto egf_dead = egf.fix(bits);
    egf_dead.push_back(!egf.alive);
    if (!can_live && egf.m.check(egf_dead) == z3::unsat && !divergence) divergence = bits;
  }
  auto confirm = [](unsigned bits, bool egf_rules, go::Art9Verdict expected) {
    if (go::bent_four_verdict(situation(bits), egf_rules) != expected)
      throw std::runtime_error("reference model does not confirm the Art. 9 witness");
  };
  if (conflict) {
    confirm(*conflict, false, go::Art9Verdict::Conflict);
    Finding f;
    f.id = "F-ru-go-1985-bent-four-conflict";
    f.kind = "conflict";
    f.clauses = codex.m.minimal_core(codex.fix(*conflict));
    f.rulesets = {"ru-go-1985"};
    f.summary = "Bent four with both a ko-threat seki and unlimited threats on the board: sub-items 2 and 3 decide differently";
    f.explanation = "Art. 9 §1 b 2) lets the ko fight decide when seki-like positions change with ko threats; 3) declares "
                    "White's group alive when both partners have unlimited ko threats. Nothing says which prevails when "
                    "both kinds of position are on the board. On the witness (" +
                    std::string(*conflict & 8 ? "White" : "Black") + " surrounds the bent four and " +
                    (*conflict & 16 ? "wins" : "loses") + " the ko fight) 2) makes the surrounding group " +
                    (*conflict & 16 ? "alive" : "dead") + " and 3) " + (*conflict & 8 ? "alive" : "dead") + ".";
    f.witness = witness_of(*conflict);
    f.case_id = "go.art9.bent-four-both-kinds";
    out.findings.push_back(f);
  }
  if (gap) {
    confirm(*gap, false, go::Art9Verdict::Undecided);
    Finding f;
    f.id = "F-ru-go-1985-bent-four-gap";
    f.kind = "gap";
    f.clauses = {"ru-go-1985.art9.p1.b.1", "ru-go-1985.art9.p1.b.2", "ru-go-1985.art9.p1.b.3", "ru-go-1985.art9.p3"};
    f.rulesets = {"ru-go-1985"};
    f.summary = "Bent four on a board whose only other special position is a long cycle: no sub-item decides";
    f.explanation = "Sub-item 1) applies only when there is no other position of Art. 9 on the board; a triple ko or "
                    "eternal life (§3) is such a position, but it is neither the ko-threat seki of 2) nor necessarily a "
                    "source of unlimited threats for both partners as in 3). §3 decides the cycle for White, not the "
                    "bent four: its status is left open.";
    f.witness = witness_of(*gap);
    f.case_id = "go.art9.bent-four-with-long-cycle";
    out.findings.push_back(f);
  }
  if (divergence && spec.has_ruleset("ru-go-1985-egf")) {
    confirm(*divergence, false, go::Art9Verdict::SurrounderDead);
    confirm(*divergence, true, go::Art9Verdict::SurrounderAlive);
    Finding f;
    f.id = "F-ru-go-1985-vs-egf-bent-four";
    f.kind = "divergence";
    f.clauses = {"ru-go-1985.art9.p1.b.1", "ru-go-1985.art9.p3.note1-egf", "ru-go-1985.art9.p1.b"};
    f.rulesets = {"ru-go-1985", "ru-go-1985-egf"};
    f.summary = "A lone bent four in the corner: the surrounding group is dead under the Codex, alive under the EGF note";
    f.explanation = "With no other special position on the board, Art. 9 §1 b 1) makes the group around the bent four "
                    "dead (Japanese practice); the EGF note makes it alive regardless of the rest of the board.";
    f.witness = witness_of(*divergence);
    f.case_id = "go.art9.bent-four-alone";
    out.findings.push_back(f);
  }
  out.detail = std::to_string(out.findings.size()) + " findings over 32 feature combinations";
}

}  // namespace

void register_go_art9_analyses(std::vector<AnalysisInfo>& out) {
  out.push_back({"ru1985.art9-bent-four", "1985 Art. 9 §1 b: consistency, completeness and the EGF note over all feature combinations",
                 {"ru-go-1985.art9.p1.b", "ru-go-1985.art9.p1.b.1", "ru-go-1985.art9.p1.b.2", "ru-go-1985.art9.p1.b.3",
                  "ru-go-1985.art9.p3.note1-egf"},
                 bent_four});
}

}  // namespace rulespec
