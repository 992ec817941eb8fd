// 1985 Art. 9 §1 b (bent four in the corner) as Z3 constraints over the features of the
// position: consistency (two sub-items deciding differently), completeness (no sub-item
// deciding) and the divergence from the EGF note. Every witness is confirmed by the reference
// model (model/go/special_positions) before it is reported.
#include "model/go/cycles.hpp"
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
    // 3) is the specific rule: unlimited threats on both sides (the §2-§3 positions among them,
    // line 85) leave the ko fight of 2) nothing to decide.
    m.clause("ru-go-1985.art9.p1.b.2", z3::implies(other && !unlimited && !cycle, alive == wins_ko));
    m.clause("ru-go-1985.art9.p1.b.3", z3::implies(unlimited || cycle, alive == white));
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
  // The clauses decide every combination, and as the reference model does (see the withdrawn
  // F-ru-go-1985-bent-four-conflict and F-ru-go-1985-bent-four-gap: read with the bracket of 3),
  // the sub-items neither clash nor leave a gap).
  if (conflict || gap)
    throw std::runtime_error("the Art. 9 §1 b clauses " + std::string(conflict ? "clash" : "leave a gap") + " at " +
                             witness_of(conflict ? *conflict : *gap).dump());
  for (unsigned bits = 0; bits < 32; ++bits) {
    auto alive = codex.fix(bits);
    alive.push_back(codex.alive);
    confirm(bits, false, codex.m.check(alive) == z3::sat ? go::Art9Verdict::SurrounderAlive : go::Art9Verdict::SurrounderDead);
  }
  if (divergence && spec.has_ruleset("ru-go-1985-egf")) {
    confirm(*divergence, false, go::Art9Verdict::SurrounderDead);
    confirm(*divergence, true, go::Art9Verdict::SurrounderAlive);
    Finding f{
        .id = "F-ru-go-1985-vs-egf-bent-four",
        .kind = "divergence",
        .summary = "A lone bent four in the corner: the surrounding group is dead under the Codex, alive under the EGF note",
        .explanation = "With no other special position on the board, Art. 9 §1 b 1) makes the group around the bent four "
            "dead (Japanese practice); the EGF note makes it alive regardless of the rest of the board.",
        .clauses = {"ru-go-1985.art9.p1.b.1", "ru-go-1985.art9.p3.note1-egf", "ru-go-1985.art9.p1.b"},
        .rulesets = {"ru-go-1985", "ru-go-1985-egf"},
        .witness = witness_of(*divergence),
        .case_id = "go.art9.bent-four-alone",
    };
    out.findings.push_back(f);
  }
  out.detail = "every one of 32 feature combinations decided once, as the reference model decides it; " +
               std::to_string(out.findings.size()) + " divergence from the EGF note";
}

// Round-robin ko (Art. 9 §3) taken as a four-move cycle in which every move captures. Such a cycle
// cannot exist once suicide is forbidden, and the search confirms it on every small board it can
// cover. Why, on any board: each side plays two stones and must lose two, so each move takes
// exactly one stone. The second move cannot take the first move's stone (that is the basic ko, a
// two-move cycle), so the four points involved form a 2x2 square: Black's first stone, the white
// stone it took (retaken by White's reply), the black stone that reply took (retaken by Black's
// second move) and the white stone that move took (retaken by White's last, which takes Black's
// first stone back). Black's first stone must keep a liberty outside the square when White
// retakes the square's corner (or that move takes two stones), and the outside never changes in
// the cycle, so White's last move cannot take it. A round-robin ko therefore has moves that take
// nothing (a throw-in, a fill), and the 1985 text gives no diagram of one.
void capture_cycles(const Spec& spec, AnalysisOutcome& out) {
  if (!spec.clause("ru-go-1985.art9.p3")) {
    not_applicable(out, "ru-go-1985.art9.p3 is not in the codex");
    return;
  }
  const go::MoveRules rules{go::SuicideRule::Forbidden, go::KoRule::Simple};  // Art. 4 §1-2
  std::string searched;
  long positions = 0, sequences = 0;
  for (const auto& [w, h] : {std::pair{3, 3}, std::pair{5, 2}, std::pair{4, 3}}) {
    const auto census = go::four_move_cycles(w, h, rules, go::CycleSearch{.every_move_captures = true});
    if (census.cycles > 0) {
      const auto& c = census.examples.front();
      std::string moves;
      for (int m : c.moves) moves += " " + c.start.to_gtp(m);
      throw std::runtime_error("a four-move cycle of captures exists on " + std::to_string(w) + "x" + std::to_string(h) +
                               " (" + colour_name(c.first) + " starts:" + moves + "): the argument in the clause note is wrong");
    }
    positions += census.positions;
    sequences += census.sequences;
    searched += (searched.empty() ? "" : ", ") + std::to_string(w) + "x" + std::to_string(h);
  }
  out.detail = "no four-move cycle in which every move captures, under simple ko without suicide: every legal position of " +
               searched + " (" + std::to_string(positions) + " positions, either side first, " + std::to_string(sequences) +
               " sequences of four captures followed); the clause note gives the reason for any board";
}

}  // namespace

void register_go_art9_analyses(std::vector<AnalysisInfo>& out) {
  out.push_back({"ru1985.art9-bent-four", "1985 Art. 9 §1 b: consistency, completeness and the EGF note over all feature combinations",
                 {"ru-go-1985.art9.p1.b", "ru-go-1985.art9.p1.b.1", "ru-go-1985.art9.p1.b.2", "ru-go-1985.art9.p1.b.3",
                  "ru-go-1985.art9.p3.note1-egf"},
                 bent_four});
  out.push_back({"ru1985.art9-capture-cycles",
                 "1985 Art. 9 §3: round-robin ko as four captures in a row cannot cycle (exhaustive search of small boards)",
                 {"ru-go-1985.art9.p3", "ru-go-1985.art4.p2"},
                 capture_cycles});
}

}  // namespace rulespec
