// The xiangqi repetition rules as Z3 constraints over abstract loops: each side's part of the
// cycle is one of a fixed set of kinds (perpetual check, chase of an unprotected piece, ...),
// every clause constrains whether that side violates and what the verdict is. Analyses: the AXF
// perpetual-check conflict (diagram 4), completeness over all pairs of kinds (gaps), the AXF /
// CXA divergence table, and CXA's second-strike ban against its own verdict on diagram 73. Every
// concrete witness is adjudicated by the reference model (queries/queries_xiangqi_loop.cpp) first.
#include <map>
#include <set>

#include "queries/query.hpp"
#include "queries/xiangqi_rules.hpp"
#include "model/common/xorshift.hpp"
#include "model/xiangqi/adjudicate.hpp"
#include "solver/finding.hpp"
#include "solver/harness.hpp"
#include "solver/xiangqi_replay.hpp"

namespace rulespec {

std::string replay_loop(const Spec& spec, const std::string& ruleset, const char* fen, const std::vector<const char*>& moves,
                        bool lenient) {
  if (!spec.has_ruleset(ruleset)) return "";
  Value req = Value::map();
  if (lenient) req.set("lenient", Value::boolean(true));
  req.set("game", Value::string("xiangqi"));
  req.set("ruleset", Value::string(ruleset));
  req.set("query", Value::string("adjudicate"));
  req.set("fen", Value::string(fen));
  Value list = Value::list();
  for (const char* m : moves) list.push(Value::string(m));
  req.set("moves", list);
  const Value a = run_query(spec, req);
  const Value* v = a.find("verdict");
  return v ? v->as_string() : "";
}

namespace {

enum Kind : int {
  kIdle,
  kCheck,             // every move a check
  kChaseUnprotected,  // every move chases the same unprotected piece
  kChaseRookHC,       // a horse or cannon chases a protected rook
  kChaseProtected,    // attacks a protected piece, taking it gains nothing
  kChaseProtectedGain,  // attacks a protected piece, taking it wins material
  kMateThreat,
  kOneChasesTwo,
  kCheckAndChase,
  kChaseAndMateThreat,
  kCheckAndMateThreat,
  kMateThreatAndIdle,
  kKingPawnChase,          // a lone king or pawn chases an unprotected piece
  kKingPawnChaseCombined,  // the same, together with another attacker
  kKinds
};

const char* kind_name(int k) {
  static const char* names[] = {"idle", "perpetual check", "chase of an unprotected piece", "horse/cannon chasing a protected rook",
                                "attack on a protected piece (no gain)", "attack on a protected piece that wins material",
                                "perpetual mate threat", "one piece chasing two", "check and chase", "chase and mate threat",
                                "check and mate threat", "mate threat and idle", "lone king/pawn chase", "king/pawn chase with another attacker"};
  return names[k];
}

enum Verdict : int { kDraw, kRedLoses, kBlackLoses };
const char* verdict_name(int v) { return v == kDraw ? "draw" : v == kRedLoses ? "red-loses" : "black-loses"; }

struct LoopModel {
  ClauseModel m;
  z3::expr red, black, red_violates, black_violates, verdict;
  LoopModel()
      : red(m.int_var("red_kind")), black(m.int_var("black_kind")), red_violates(m.bool_var("red_violates")),
        black_violates(m.bool_var("black_violates")), verdict(m.int_var("verdict")) {
    m.assume(red >= 0 && red < kKinds && black >= 0 && black < kKinds);
    m.assume(verdict >= kDraw && verdict <= kBlackLoses);
    // A cycle with an idle move is no perpetual anything.
    m.assume(z3::implies(red == kIdle, !red_violates) && z3::implies(black == kIdle, !black_violates));
  }
  // Every clause goes through here, so that the formula asserted under each id is known.
  void clause(const std::string& id, const z3::expr& e) {
    m.clause(id, e);
    auto it = formulas.find(id);
    if (it == formulas.end()) formulas.emplace(id, e);
    else it->second = it->second && e;
  }
  // A clause that fixes whether a side of kind k violates.
  void side_rule(const std::string& id, int k, bool violates) {
    clause(id, z3::implies(red == k, violates ? red_violates : !red_violates) &&
                   z3::implies(black == k, violates ? black_violates : !black_violates));
  }
  std::map<std::string, z3::expr> formulas;
  std::vector<z3::expr> fix(int r, int b) { return {red == r, black == b}; }
};

bool has(const Spec& spec, const std::string& id) { return spec.clause(id) != nullptr; }

// The AXF clauses; the perpetual-check clause follows the ruleset's reading.
void axf_clauses(const Spec& spec, const Ruleset& rs, LoopModel& L) {
  const std::string rk = has(spec, "axf-1982.perpetual-check") ? spec.reading(rs, *spec.clause("axf-1982.perpetual-check")) : "";
  if (rk == "forbidden") {
    // "Under any circumstances": the perpetual checker violates and no draw can excuse it.
    L.clause("axf-1982.perpetual-check", z3::implies(L.red == kCheck, L.red_violates) && z3::implies(L.black == kCheck, L.black_violates) &&
                                             z3::implies(L.red == kCheck || L.black == kCheck, L.verdict != kDraw));
  } else if (rk == "draw-as-printed") {
    L.clause("axf-1982.perpetual-check", z3::implies(L.red == kCheck || L.black == kCheck, L.verdict == kDraw) &&
                                             z3::implies(L.red == kCheck, !L.red_violates) && z3::implies(L.black == kCheck, !L.black_violates));
  } else if (!rk.empty()) {
    // Any other reading (the CCI amendment: "by any one side"): a violation like any other.
    L.side_rule("axf-1982.perpetual-check", kCheck, true);
  }
  auto rule = [&](const char* id, int k, bool v) {
    if (has(spec, id)) L.side_rule(id, k, v);
  };
  rule("axf-1982.chase.unprotected-forbidden", kChaseUnprotected, true);
  rule("axf-1982.chase.protected-piece", kChaseProtected, false);
  rule("axf-1982.chase.protection-by-recapture", kChaseProtectedGain, false);
  if (rs.bool_param("rook_privilege")) rule("axf-1982.privilege.rook", kChaseRookHC, true);
  else rule("axf-1982.chase.protected-piece", kChaseRookHC, false);
  // The clauses the params formalise follow the ruleset's params (an amendment may change them).
  rule("axf-1982.mate-threat.perpetual-allowed", kMateThreat, rs.is("perpetual_mate_threat", "forbidden"));
  rule("axf-1982.one-chases-two", kOneChasesTwo, rs.is("one_chases_two", "forbidden"));
  rule("axf-1982.combination.chase-and-check-allowed", kCheckAndChase, false);
  rule("axf-1982.combination.chase-and-mate-threat-allowed", kChaseAndMateThreat, false);
  rule("axf-1982.combination.mate-threat-and-idle-allowed", kMateThreatAndIdle, false);
  rule("axf-1982.privilege.king-pawn", kKingPawnChase, false);
  rule("axf-1982.privilege.king-pawn.combined", kKingPawnChaseCombined, true);
  if (has(spec, "axf-1982.repetition.no-violation-draw"))
    L.clause("axf-1982.repetition.no-violation-draw", z3::implies(!L.red_violates && !L.black_violates, L.verdict == kDraw));
  if (has(spec, "axf-1982.mutual-violation-draw")) {
    const std::string mutual = spec.reading(rs, *spec.clause("axf-1982.mutual-violation-draw"));
    z3::expr same_rule_draw = z3::implies(L.red_violates && L.black_violates && L.red == L.black, L.verdict == kDraw);
    if (mutual == "any-two-violations") {
      L.clause("axf-1982.mutual-violation-draw", z3::implies(L.red_violates && L.black_violates, L.verdict == kDraw));
    } else if (mutual == "same-rule") {
      // A perpetual check met by a forbidden strike is no violation of the same rule: the checker must vary.
      const z3::expr both = L.red_violates && L.black_violates;
      L.clause("axf-1982.mutual-violation-draw", same_rule_draw && z3::implies(both && L.red == kCheck && L.black != kCheck, L.verdict == kRedLoses) &&
                                                     z3::implies(both && L.black == kCheck && L.red != kCheck, L.verdict == kBlackLoses));
    } else {
      L.clause("axf-1982.mutual-violation-draw", same_rule_draw);
    }
  }
  if (has(spec, "axf-1982.sanction.loses-if-not-varied"))
    L.clause("axf-1982.sanction.loses-if-not-varied", z3::implies(L.red_violates && !L.black_violates, L.verdict == kRedLoses) &&
                                                          z3::implies(L.black_violates && !L.red_violates, L.verdict == kBlackLoses));
}

void cxa_clauses(const Spec& spec, const Ruleset& rs, LoopModel& L) {
  auto rule = [&](const char* id, int k, bool v) {
    if (has(spec, id)) L.side_rule(id, k, v);
  };
  rule("cxa.perpetual-check", kCheck, true);
  rule("cxa.chase.unprotected-forbidden", kChaseUnprotected, true);
  rule("cxa.privilege.rook", kChaseRookHC, true);
  rule("cxa.chase.material-gain-test", kChaseProtectedGain, true);
  rule("cxa.idle.threatening-move-not-idle", kChaseProtected, false);
  rule("cxa.mate-threat.perpetual-forbidden", kMateThreat, rs.is("perpetual_mate_threat", "forbidden"));
  rule("cxa.one-chases-two", kOneChasesTwo, rs.is("one_chases_two", "forbidden"));
  const bool mixed_forbidden = !rs.has_param("mixed_strikes") || rs.is("mixed_strikes", "forbidden");
  for (int k : {kCheckAndChase, kChaseAndMateThreat, kCheckAndMateThreat}) rule("cxa.perpetual-attack.forbidden", k, mixed_forbidden);
  rule("cxa.privilege.king-pawn", kKingPawnChase, false);
  rule("cxa.privilege.king-pawn.combined", kKingPawnChaseCombined, true);
  if (has(spec, "cxa.repetition.no-violation-draw"))
    L.clause("cxa.repetition.no-violation-draw", z3::implies(!L.red_violates && !L.black_violates, L.verdict == kDraw));
  if (has(spec, "cxa.mutual-violation-draw")) {
    const z3::expr both = L.red_violates && L.black_violates;
    if (spec.reading(rs, *spec.clause("cxa.mutual-violation-draw")) == "checker-varies") {
      // Line 145's draw for two strikes or two checks; a check met by a strike is the checker's to vary.
      const z3::expr one_checks = (L.red == kCheck) != (L.black == kCheck);
      L.clause("cxa.mutual-violation-draw", z3::implies(both && !one_checks, L.verdict == kDraw) &&
                                                z3::implies(both && L.red == kCheck && L.black != kCheck, L.verdict == kRedLoses) &&
                                                z3::implies(both && L.black == kCheck && L.red != kCheck, L.verdict == kBlackLoses));
    } else {
      L.clause("cxa.mutual-violation-draw", z3::implies(both, L.verdict == kDraw));
    }
  }
  if (has(spec, "cxa.sanction.must-vary"))
    L.clause("cxa.sanction.must-vary", z3::implies(L.red_violates && !L.black_violates, L.verdict == kRedLoses) &&
                                           z3::implies(L.black_violates && !L.red_violates, L.verdict == kBlackLoses));
}

// Verdicts the clauses allow for a pair of kinds (empty: contradictory).
std::vector<int> allowed(LoopModel& L, int r, int b) {
  std::vector<int> out;
  for (int v : {kDraw, kRedLoses, kBlackLoses}) {
    auto extra = L.fix(r, b);
    extra.push_back(L.verdict == v);
    if (L.m.check(extra) == z3::sat) out.push_back(v);
  }
  return out;
}

// Replays a case through the reference model and returns its verdict ("" if the case is missing).
const char* kDiagram4 = "3akr3/5c3/1P2b4/4R4/9/9/9/9/9/4CK3 w - - 0 1";
const std::vector<const char*> kDiagram4Moves = {"R5+1", "c6=5", "R5=4", "c5=6", "R4=5", "c6=5", "R5=4", "c5=6", "R4=5"};

void perpetual_check_conflict(const Spec& spec, AnalysisOutcome& out) {
  if (!spec.has_ruleset("axf-1982") || !has(spec, "axf-1982.perpetual-check") || !has(spec, "axf-1982.mutual-violation-draw")) {
    not_applicable(out, "needs the AXF perpetual-check and mutual-violation clauses");
    return;
  }
  LoopModel L;
  axf_clauses(spec, spec.ruleset("axf-1982"), L);
  // Diagram 4: both sides check on every move of the cycle.
  if (L.m.check(L.fix(kCheck, kCheck)) == z3::sat) {
    out.detail = "consistent on mutual perpetual check (reading " + spec.reading(spec.ruleset("axf-1982"), *spec.clause("axf-1982.perpetual-check")) + ")";
    return;
  }
  const auto core = L.m.minimal_core(L.fix(kCheck, kCheck));
  const std::string model = replay_loop(spec, "axf-1982", kDiagram4, kDiagram4Moves);
  if (model.empty()) throw std::runtime_error("diagram 4 could not be replayed");
  Finding f{
      .id = "F-axf-1982-perpetual-check-conflict",
      .kind = "conflict",
      .summary = "Read as the ban the column argues from, Basic Rule No. 1 forbids perpetual check 'under any circumstances', leaving no room for the mutual check its diagram 4 draws",
      .explanation = "Read as the prohibition the column's argument needs, AXF Basic Rule No. 1 forbids perpetual check under any "
          "circumstances (as printed at line 46 it says the opposite, a draw: F-axf-1982-rule-1-printed-as-draw), while Basic Principle No. 2 draws a cycle in which both sides "
          "break the same rule. In diagram 4 both sides check on every move and the book's verdict is a draw (reference "
          "model: " + model + "), which the rule as worded does not allow for. The column calls this a slight conflict "
          "and proposes adding 'by any one side' to Rule No. 1 (line 48; spec/amendments/axf-cci-any-one-side.yaml), "
          "which removes it.",
      .clauses = core,
      .rulesets = {"axf-1982"},
      .witness = Value::map(),
  };
  f.corrections = L.m.minimum_corrections(L.fix(kCheck, kCheck));
  f.correction_problem = L.m.correction_problem(L.fix(kCheck, kCheck));
  f.witness.set("red", Value::string(kind_name(kCheck)));
  f.witness.set("black", Value::string(kind_name(kCheck)));
  f.witness.set("fen", Value::string(kDiagram4));
  f.case_id = "axf.d4.mutual-perpetual-check";
  out.findings.push_back(f);
  out.detail = "diagram 4 makes the clauses inconsistent";
}

void axf_completeness(const Spec& spec, AnalysisOutcome& out) {
  if (!spec.has_ruleset("axf-1982")) {
    not_applicable(out, "no axf-1982 ruleset");
    return;
  }
  LoopModel L;
  axf_clauses(spec, spec.ruleset("axf-1982"), L);
  Value gaps = Value::list();
  std::string first_pair;
  int count = 0;
  for (int r = 0; r < kKinds; ++r)
    for (int b = r; b < kKinds; ++b) {
      const auto v = allowed(L, r, b);
      if (v.size() < 2) continue;
      ++count;
      Value g = Value::map();
      g.set("red", Value::string(kind_name(r)));
      g.set("black", Value::string(kind_name(b)));
      Value vs = Value::list();
      for (int x : v) vs.push(Value::string(verdict_name(x)));
      g.set("open_verdicts", vs);
      gaps.push(g);
      if (first_pair.empty()) first_pair = std::string(kind_name(r)) + " against " + kind_name(b);
    }
  // Basic Principle No. 2 (line 46) is the only combination rule the column quotes; the AXF code
  // it discusses has more than 100 examples (line 14) that the column does not reproduce, so the
  // open pairs measure our excerpt, not the code (see the withdrawn F-axf-1982-loop-gaps).
  out.detail = std::to_string(count) + " pairs of kinds without a forced verdict in the clauses the column quotes" +
               (first_pair.empty() ? "" : ", e.g. " + first_pair);
  (void)gaps;
}

// The examples the columns rule on under both codes, replayed by the reference model. The Z3
// table of loop kinds says where the clauses as we model them would differ; only the examples the
// text itself decides are reported, since most cells rest on CXA verdicts the columns never give.
struct RuledExample {
  const char* name;
  const char* lines;  // where the column gives both verdicts
  const char* fen;
  std::vector<const char*> moves;
  bool lenient;
  const char* case_id;
};

const std::vector<RuledExample>& ruled_examples() {
  static const std::vector<RuledExample> all = {
      {"diagram 7, perpetual mate threat", "24, 30", "3ak1b2/4a4/4b4/r3C2R1/p8/9/P8/4p4/4p4/5K3 w - - 0 1",
       {"R2=3", "e7+9", "R3=2", "e9-7", "R2=3", "e7+9", "R3=2", "e9-7", "R2=3"}, false, "axf.d7.perpetual-mate-threat"},
      {"the 1993 Xinjiang game, a chase against a mate threat and a gaining attack", "143-149", "3k1ab1C/4a2r1/R8/9/9/9/9/9/9/4K4 b - - 0 1",
       {"r8-1", "C1-1", "r8+1", "C1+1", "r8-1", "C1-1", "r8+1", "C1+1", "r8-1", "C1-1", "r8+1"}, false, "xinjiang-1993"},
      {"Shanlu 1985, one rook striking two pieces in turn", "209, 228", "4k4/9/1r7/9/1P7/9/9/2N6/4A4/3K5 w - - 0 1",
       {"P8=9", "R2=3", "P9=8", "R3=2", "P8=9", "R2=3", "P9=8", "R3=2", "P8=9", "R2=3", "P9=8"}, true, "shanlu-1985.case-3"},
  };
  return all;
}

void codex_divergence(const Spec& spec, AnalysisOutcome& out) {
  if (!spec.has_ruleset("axf-1982") || !spec.has_ruleset("cxa")) {
    not_applicable(out, "needs both xiangqi rulesets");
    return;
  }
  LoopModel axf, cxa;
  axf_clauses(spec, spec.ruleset("axf-1982"), axf);
  cxa_clauses(spec, spec.ruleset("cxa"), cxa);
  int cells = 0;
  for (int r = 0; r < kKinds; ++r)
    for (int b = 0; b < kKinds; ++b) {
      const auto a = allowed(axf, r, b), c = allowed(cxa, r, b);
      cells += a.size() == 1 && c.size() == 1 && a != c;
    }
  Value table = Value::list();
  std::string listing, first_case;
  for (const auto& e : ruled_examples()) {
    const std::string va = replay_loop(spec, "axf-1982", e.fen, e.moves, e.lenient),
                      vc = replay_loop(spec, "cxa", e.fen, e.moves, e.lenient);
    if (va.empty() || vc.empty() || va == vc) continue;
    Value row = Value::map();
    row.set("example", Value::string(e.name));
    row.set("lines", Value::string(e.lines));
    row.set("axf-1982", Value::string(va));
    row.set("cxa", Value::string(vc));
    row.set("case", Value::string(e.case_id));
    table.push(row);
    if (first_case.empty()) first_case = e.case_id;
    listing += std::string(listing.empty() ? "" : "; ") + e.name + " (lines " + e.lines + "): AXF " + va + ", CXA " + vc;
  }
  out.detail = std::to_string(table.as_list().size()) + " of the column's examples ruled differently; " + std::to_string(cells) +
               " cells of the loop-kind table differ as modelled (not reported: the columns give no CXA verdict for most)";
  if (table.as_list().empty()) return;
  Finding f{
      .id = "F-axf-1982-vs-cxa-loops",
      .kind = "divergence",
      .summary = "AXF and CXA rule " + std::to_string(table.as_list().size()) + " of the column's own examples differently",
      .explanation = "The columns compare the two codes on their own examples, and the reference model reproduces each verdict: " +
          listing + ". The difference is the columns' subject (they argue for AXF in developing regions, lines 159 and "
          "230); it is a fact about two codes, not a defect of either.",
      .clauses = {"axf-1982.mate-threat.perpetual-allowed", "cxa.mate-threat.perpetual-forbidden", "axf-1982.one-chases-two",
          "cxa.one-chases-two", "axf-1982.idle.attack-on-protected-piece-is-idle", "cxa.chase.material-gain-test",
          "cxa.mutual-violation-draw"},
      .rulesets = {"axf-1982", "cxa"},
      .witness = Value::map(),
  };
  f.witness.set("examples", table);
  f.case_id = first_case;
  out.findings.push_back(f);
}

void diagram73_second_strike(const Spec& spec, AnalysisOutcome& out) {
  if (!spec.has_ruleset("cxa") || !has(spec, "cxa.one-chases-two") || !has(spec, "cxa.example.axf-diagram-73")) {
    not_applicable(out, "needs the CXA second-strike ban and diagram 73");
    return;
  }
  const char* fen = "2bak4/4a4/4b4/1rp6/P2R5/4pp3/9/CC7/4p4/5K3 w - - 0 1";
  const std::vector<const char*> moves = {"P9=8", "r2=1", "P8=9", "r1=2", "P9=8", "r2=1", "P8=9", "r1=2", "P9=8"};
  const std::string verdict = replay_loop(spec, "cxa", fen, moves);
  // The column: the combined strike is forbidden under CXA as under AXF (line 80), so Red violates.
  LoopModel L;
  cxa_clauses(spec, spec.ruleset("cxa"), L);
  L.m.clause("cxa.example.axf-diagram-73", L.red_violates);
  if (L.m.check(L.fix(kChaseUnprotected, kOneChasesTwo)) != z3::sat)
    throw std::runtime_error("the CXA clauses do not let Red's combined strike be a violation");
  // The column gives no CXA verdict for diagram 73 (line 87 explains the AXF ruling), so a CXA
  // draw by mutual violation is our derivation, not a conflict with the text (see the withdrawn
  // F-cxa-diagram-73-second-strike).
  out.detail = "Red's combined strike violates under CXA as the column says; the black rook escaping onto the two cannons is a "
               "second strike too, so the reference model gives " + verdict + " under CXA, a verdict the column never states";
}

// Redundancy: does any clause follow from the others (over all pairs of loop kinds)?
void redundancy(const Spec& spec, AnalysisOutcome& out) {
  std::vector<std::string> redundant;
  int checked = 0;
  for (const char* codex : {"axf-1982", "cxa"}) {
    if (!spec.has_ruleset(codex)) continue;
    LoopModel L;
    if (std::string(codex) == "cxa") cxa_clauses(spec, spec.ruleset("cxa"), L);
    else axf_clauses(spec, spec.ruleset(codex), L);
    for (const auto& [id, formula] : L.formulas) {
      ++checked;
      if (L.m.implied(formula, id)) redundant.push_back(id);
    }
  }
  out.detail = std::to_string(checked) + " clause models checked; " +
               (redundant.empty() ? std::string("none follows from the others") : std::to_string(redundant.size()) + " redundant");
  for (const auto& id : redundant) {
    Finding f{
        .id = "F-" + id.substr(0, id.find('.')) + "-redundant-" + id.substr(id.find('.') + 1),
        .kind = "redundancy",
        .summary = id + " follows from the other repetition clauses",
        .explanation = "Over every pair of loop kinds, the other clauses already force what " + id + " says.",
        .clauses = {id},
        .rulesets = {id.substr(0, id.find('.'))},
        .witness = Value::map(),
    };
    out.findings.push_back(f);
  }
}

// The abstract kind of one side's part of a loop, as the reference model classified it (the
// cycle-part tables' kinds, model/xiangqi/adjudicate.hpp cycle_kind).
// The clause model's kind for a name of xiangqi::cycle_kinds (-1: none).
int kind_named(const std::string& name) {
  static const std::map<std::string, int> by_name = {
      {"idle", kIdle},
      {"check", kCheck},
      {"chase-unprotected", kChaseUnprotected},
      {"rook-chase", kChaseRookHC},
      {"chase-protected-gain", kChaseProtectedGain},
      {"king-pawn-chase-combined", kKingPawnChaseCombined},
      {"one-chases-two", kOneChasesTwo},
      {"mate-threat", kMateThreat},
      {"check-and-chase", kCheckAndChase},
      {"chase-and-mate-threat", kChaseAndMateThreat},
      {"check-and-mate-threat", kCheckAndMateThreat},
  };
  const auto it = by_name.find(name);
  return it == by_name.end() ? -1 : it->second;
}

int kind_of(const xiangqi::Adjudication& a, xiangqi::Colour side) {
  const int k = kind_named(xiangqi::cycle_kind(a, side));
  if (k < 0) throw std::logic_error(std::string("loop kind '") + xiangqi::cycle_kind(a, side) + "' unknown to the clause model");
  return k;
}

// The repetition-cycle tables' answer for a pair of kinds (the model's names): the outcome and
// the rows that gave it (each side's part, then the verdict); no outcome where no row decides a
// part or the pair.
struct TablesAnswer {
  std::string outcome;
  std::vector<const rules::TableRow*> rows;
};
TablesAnswer tables_answer(const xiangqi::CycleTables& t, const std::string& red, const std::string& black) {
  const xiangqi::CycleDecision c = xiangqi::decide_cycle(t, red, black);
  TablesAnswer a{.outcome = c.outcome, .rows = {}};
  for (const rules::TableDecision* d : {&c.red, &c.black, &c.cycle}) {
    if (d->verdict != rules::TableVerdict::Decided) continue;
    if (d->overriding) a.rows.push_back(d->overriding);
    else
      for (const rules::TableRow* r : d->rows)
        if (r->outcome == d->outcome) a.rows.push_back(r);
  }
  return a;
}

// Where the tables and the clauses part: a row a committee edited without the clause it cites (or
// a clause edited without its row). Reported as a finding of the codex, with every pair of kinds.
struct TableDisagreement {
  std::string ruleset, red, black, outcome;  // outcome empty: no row decides
  std::vector<std::string> allowed, rows, clauses;
};

void report_table_disagreements(const std::string& codex, const std::vector<TableDisagreement>& all, AnalysisOutcome& out) {
  for (const bool open : {false, true}) {
    std::vector<const TableDisagreement*> these;
    for (const auto& d : all)
      if (d.outcome.empty() == open) these.push_back(&d);
    if (these.empty()) continue;
    std::set<std::string> rows, clauses, rulesets;
    Value pairs = Value::list();
    for (const TableDisagreement* d : these) {
      rows.insert(d->rows.begin(), d->rows.end());
      clauses.insert(d->clauses.begin(), d->clauses.end());
      rulesets.insert(d->ruleset);
      Value p = Value::map();
      p.set("ruleset", Value::string(d->ruleset));
      p.set("red", Value::string(d->red));
      p.set("black", Value::string(d->black));
      p.set("tables", Value::string(open ? "no row decides" : d->outcome));
      Value allowed = Value::list();
      for (const auto& v : d->allowed) allowed.push(Value::string(v));
      p.set("clauses-allow", allowed);
      Value named = Value::list();
      for (const auto& r : d->rows) named.push(Value::string(r));
      p.set("rows", named);
      pairs.push(p);
    }
    auto joined = [](const std::set<std::string>& xs) {
      std::string text;
      for (const auto& x : xs) text += (text.empty() ? "" : ", ") + x;
      return text;
    };
    // What every pair turns on (the edited row, the clause it cites): named first and cited; the
    // rows and clauses of single pairs are in the explanation and the witness.
    auto common = [&](auto member) {
      std::set<std::string> in_all(((*these.front()).*member).begin(), ((*these.front()).*member).end());
      for (const TableDisagreement* d : these) {
        const std::set<std::string> mine(((*d).*member).begin(), ((*d).*member).end());
        std::erase_if(in_all, [&](const std::string& x) { return !mine.count(x); });
      }
      return in_all;
    };
    const std::set<std::string> common_rows = common(&TableDisagreement::rows), common_clauses = common(&TableDisagreement::clauses);
    const TableDisagreement& first = *these.front();
    auto either = [](const std::vector<std::string>& vs) {
      std::string text;
      for (const auto& v : vs) text += (text.empty() ? "" : " or ") + v;
      return text;
    };
    const std::string count = std::to_string(these.size()) + (these.size() == 1 ? " pair" : " pairs") + " of loop kinds under " +
                              joined(rulesets);
    const std::string example = first.red + " against " + first.black + " under " + first.ruleset + " is " +
                                (open ? std::string("decided by no row") : first.outcome) + " in the tables, " + either(first.allowed) +
                                " in the clauses";
    // "Row mate-threat-strike of cxa's repetition-cycle tables gives", or the tables as a whole.
    const std::string subject = common_rows.empty() ? codex + "'s repetition-cycle tables give"
                                                    : std::string(common_rows.size() == 1 ? "Row " : "Rows ") + joined(common_rows) + " of " +
                                                          codex + "'s repetition-cycle tables " + (common_rows.size() == 1 ? "gives" : "give");
    const std::string leaves = common_rows.empty() ? codex + "'s repetition-cycle tables leave"
                                                   : std::string(common_rows.size() == 1 ? "Row " : "Rows ") + joined(common_rows) + " of " +
                                                         codex + "'s repetition-cycle tables " + (common_rows.size() == 1 ? "leaves" : "leave");
    std::string listed;
    for (std::size_t i = 0; i < these.size() && i < 6; ++i)
      listed += (i ? "; " : "") + these[i]->red + " against " + these[i]->black + " under " + these[i]->ruleset + ": " +
                (open ? std::string("no row") : these[i]->outcome) + " against " + either(these[i]->allowed);
    if (these.size() > 6) listed += "; and " + std::to_string(these.size() - 6) + " more (the witness)";
    Finding f{
        .id = "F-" + codex + (open ? "-tables-leave-loops-open" : "-table-rows-against-clauses"),
        .kind = open ? "gap" : "conflict",
        .summary = open ? leaves + " loops the clauses decide without a verdict: " + example + " (" + count + ")"
                        : subject + " what the clauses " +
                              joined(common_clauses.empty() ? clauses : common_clauses) + " forbid: " + example + " (" + count + ")",
        .explanation = (open ? "The tables " + codex + ".decisions.cycle-part and " + codex +
                                   ".decisions.repetition-cycle leave these loops without a verdict, so the model lets play go on, "
                                   "while the clauses force one. "
                             : "The tables " + codex + ".decisions.cycle-part and " + codex +
                                   ".decisions.repetition-cycle give a verdict the clauses do not allow: a row changed without the "
                                   "clause it cites, or a clause without its rows. Change both, or neither. ") +
                       "Pairs (red against black, tables against clauses): " + listed + ". Rows met: " + joined(rows) +
                       "; clauses met: " + joined(clauses) + ".",
        .clauses = common_clauses.empty() ? std::vector<std::string>(clauses.begin(), clauses.end())
                                          : std::vector<std::string>(common_clauses.begin(), common_clauses.end()),
        .rulesets = std::vector<std::string>(rulesets.begin(), rulesets.end()),
        .witness = Value::map(),
    };
    f.witness.set("pairs", pairs);
    out.findings.push_back(f);
  }
}

// Tables against clauses: under every ruleset of both codices, for every pair of the kinds the
// model gives a side's part of a cycle, the verdict the repetition-cycle tables give (what the
// model answers, issue 45) is one the Z3 clause model allows. The pairs where the clauses
// themselves contradict are counted apart, with the rulesets: the mutual check under Rule No. 1
// read as a ban (F-axf-1982-perpetual-check-conflict), and a check met by a strike under Rule
// No. 1 as printed, a draw "under any circumstances" against the striker's sanction
// (F-axf-1982-rule-1-printed-as-draw; the tables take the printed draw, as line 46 says). A pair
// where the tables give what the clauses forbid, or nothing, is a finding of the codex (the texts
// agree; an amendment that edits a row and not its clause, or the reverse, makes one).
void tables_against_clauses(const Spec& spec, AnalysisOutcome& out) {
  int pairs = 0, agreeing = 0, contradictory = 0, rulesets = 0;
  std::map<std::string, std::vector<std::string>> contradicting;  // pair of kinds -> rulesets
  std::size_t disagreeing = 0;
  for (const char* codex : {"axf-1982", "cxa"}) {
    if (!spec.codex(codex)) continue;
    std::vector<TableDisagreement> disagreements;
    for (const auto& decl : spec.codex(codex)->rulesets) {
      const Ruleset& rs = spec.ruleset(decl.id);
      const auto rules = xiangqi_loop_rules(spec, rs);
      if (!rules.tables.tables) continue;
      ++rulesets;
      LoopModel L;
      if (std::string(codex) == "cxa") cxa_clauses(spec, rs, L);
      else axf_clauses(spec, rs, L);
      for (const auto& red : xiangqi::cycle_kinds())
        for (const auto& black : xiangqi::cycle_kinds()) {
          ++pairs;
          const int rk = kind_named(red), bk = kind_named(black);
          auto with = L.fix(rk, bk);
          if (L.m.check(with) == z3::unsat) {
            ++contradictory;
            contradicting[red + " against " + black].push_back(rs.id);
            continue;
          }
          const TablesAnswer answer = tables_answer(*rules.tables.tables, red, black);
          TableDisagreement d{.ruleset = rs.id, .red = red, .black = black, .outcome = answer.outcome};
          for (const rules::TableRow* r : answer.rows) {
            d.rows.push_back(r->id);
            d.clauses.push_back(r->clause);
          }
          if (!answer.outcome.empty()) {
            const int verdict = answer.outcome == "draw" ? kDraw : answer.outcome == "red-loses" ? kRedLoses : kBlackLoses;
            with.push_back(L.verdict == verdict);
            if (L.m.check(with) == z3::sat) {
              ++agreeing;
              continue;
            }
            for (const auto& id : L.m.minimal_core(with)) d.clauses.push_back(id);
          }
          for (int v : allowed(L, rk, bk)) d.allowed.push_back(verdict_name(v));
          disagreements.push_back(std::move(d));
        }
    }
    disagreeing += disagreements.size();
    report_table_disagreements(codex, disagreements, out);
  }
  out.detail = std::to_string(agreeing) + " of " + std::to_string(pairs) + " pairs of kinds over " + std::to_string(rulesets) +
               " rulesets: the tables' verdict is one the clauses allow; " + std::to_string(contradictory) +
               " where the clauses contradict each other (" + [&] {
                 std::string pairs_text;
                 for (const auto& [pair, ids] : contradicting)
                   pairs_text += (pairs_text.empty() ? "" : "; ") + pair + " under " +
                                 (ids.size() == 1 ? ids.front() : std::to_string(ids.size()) + " rulesets");
                 return pairs_text;
               }() + ")" +
               (disagreeing ? "; " + std::to_string(disagreeing) + " where the tables give what the clauses forbid, or nothing" : "");
}

// Bridge: on generated shuttle loops, the verdict the Z3 clause model forces for the loop's
// kinds equals the reference model's verdict.
void bridge(const Spec& spec, AnalysisOutcome& out) {
  if (!spec.has_ruleset("axf-1982") || !spec.has_ruleset("cxa")) {
    not_applicable(out, "needs both xiangqi rulesets");
    return;
  }
  common::XorShift64 rng{0x51A9};
  auto next = [&rng](std::uint64_t n) { return rng.below(n); };
  int loops = 0, compared = 0, open = 0, by_rows = 0;
  int per_ruleset = 0;
  std::map<std::string, int> kinds_seen;
  for (const char* ruleset : {"axf-1982", "cxa"}) {
    LoopModel L;
    if (std::string(ruleset) == "cxa") cxa_clauses(spec, spec.ruleset("cxa"), L);
    else axf_clauses(spec, spec.ruleset(ruleset), L);
    const auto rules = xiangqi_loop_rules(spec, spec.ruleset(ruleset));
    per_ruleset = 0;
    for (int attempt = 0; attempt < 600 && per_ruleset < 120; ++attempt) {
      xiangqi::Position p = xiangqi::Position::start();
      const int plies = 8 + static_cast<int>(next(40));
      bool alive = true;
      for (int i = 0; i < plies && alive; ++i) {
        const auto ms = p.legal_moves();
        if (ms.empty()) alive = false;
        else p.make(ms[next(ms.size())]);
      }
      if (!alive) continue;
      // A shuttle: a quiet move by each side, then both moved back, repeated to the limit.
      auto quiet = [&](const xiangqi::Position& q) {
        std::vector<xiangqi::Move> out_moves;
        for (const auto& m : q.legal_moves())
          if (q.at(m.to).empty()) out_moves.push_back(m);
        return out_moves;
      };
      // Mostly moves that check, chase or threaten mate, so that every kind of loop turns up.
      auto pick = [&](const xiangqi::Position& q, const std::vector<xiangqi::Move>& ms) {
        std::vector<xiangqi::Move> sharp;
        const xiangqi::Tracker ids(q);
        for (const auto& m : ms) {
          const auto f = xiangqi::classify(q, m, ids, rules.chase);
          if (f.check || f.mate_threat || !f.new_attacks.empty()) sharp.push_back(m);
        }
        const auto& from = !sharp.empty() && next(4) != 0 ? sharp : ms;
        return from[next(from.size())];
      };
      const xiangqi::Position start = p;
      const auto a_moves = quiet(p);
      if (a_moves.empty()) continue;
      const xiangqi::Move a = pick(p, a_moves);
      p.make(a);
      const auto b_moves = quiet(p);
      if (b_moves.empty()) continue;
      const xiangqi::Move b = pick(p, b_moves);
      p.make(b);
      const xiangqi::Move a_back{a.to, a.from}, b_back{b.to, b.from};
      if (!p.is_legal(a_back)) continue;
      p.make(a_back);
      if (!p.is_legal(b_back)) continue;
      const std::vector<xiangqi::Move> seq = {a, b, a_back, b_back, a, b, a_back, b_back, a};
      const auto adj = xiangqi::adjudicate(start, seq, rules);
      if (!adj.loop || !(adj.red.reached_limit || adj.black.reached_limit)) continue;
      ++loops;
      ++per_ruleset;
      const int rk = kind_of(adj, xiangqi::Colour::Red), bk = kind_of(adj, xiangqi::Colour::Black);
      ++kinds_seen[std::string(kind_name(rk))];
      ++kinds_seen[std::string(kind_name(bk))];
      const auto v = allowed(L, rk, bk);
      if (v.size() != 1) {
        ++open;
        continue;
      }
      ++compared;
      const std::string z3_verdict = verdict_name(v.front()), model_verdict = xiangqi::to_string(adj.verdict);
      if (z3_verdict != model_verdict) {
        // The model answers what the tables give; where they part from the clauses,
        // xiangqi.tables-vs-clauses reports the rows (an amended row, not a model fault).
        const std::string by_tables = rules.tables.tables ? tables_answer(*rules.tables.tables, xiangqi::cycle_kind(adj, xiangqi::Colour::Red),
                                                                         xiangqi::cycle_kind(adj, xiangqi::Colour::Black))
                                                                 .outcome
                                                           : std::string("(no tables)");
        if ((by_tables.empty() ? std::string(xiangqi::to_string(xiangqi::Verdict::None)) : by_tables) == model_verdict) {
          ++by_rows;
          continue;
        }
        out.ok = false;
        out.detail = std::string(ruleset) + ": Z3 says " + z3_verdict + ", the model " + model_verdict + " on " + start.fen() +
                     " (" + kind_name(rk) + " / " + kind_name(bk) + ")";
        return;
      }
    }
  }
  std::string seen;
  for (const auto& [k, n] : kinds_seen) seen += (seen.empty() ? "" : ", ") + k + " " + std::to_string(n);
  out.detail = std::to_string(compared - by_rows) + " of " + std::to_string(loops) + " generated loops compared, all agree (" +
               std::to_string(open) + " in gaps" +
               (by_rows ? "; " + std::to_string(by_rows) + " where the model follows table rows the clauses forbid" : std::string()) +
               "); kinds: " + seen;
}

}  // namespace

void register_xiangqi_loop_analyses(std::vector<AnalysisInfo>& out) {
  out.push_back({"xiangqi.perpetual-check-conflict", "AXF Basic Rule No. 1 against Basic Principle No. 2 on mutual perpetual check",
                 {"axf-1982.perpetual-check", "axf-1982.mutual-violation-draw"}, perpetual_check_conflict});
  out.push_back({"xiangqi.axf-completeness", "AXF verdicts over every pair of loop kinds",
                 {"axf-1982.mutual-violation-draw", "axf-1982.sanction.loses-if-not-varied", "axf-1982.perpetual-check",
                  "axf-1982.chase.unprotected-forbidden", "axf-1982.chase.protected-piece", "axf-1982.chase.protection-by-recapture",
                  "axf-1982.privilege.rook", "axf-1982.mate-threat.perpetual-allowed", "axf-1982.one-chases-two",
                  "axf-1982.combination.chase-and-check-allowed", "axf-1982.combination.chase-and-mate-threat-allowed",
                  "axf-1982.combination.mate-threat-and-idle-allowed", "axf-1982.privilege.king-pawn",
                  "axf-1982.privilege.king-pawn.combined", "axf-1982.repetition.no-violation-draw"},
                 axf_completeness});
  out.push_back({"xiangqi.axf-vs-cxa", "the AXF / CXA divergence table over loop kinds",
                 {"axf-1982.mate-threat.perpetual-allowed", "cxa.mate-threat.perpetual-forbidden", "cxa.perpetual-check",
                  "cxa.chase.unprotected-forbidden", "cxa.privilege.rook", "cxa.one-chases-two", "cxa.perpetual-attack.forbidden",
                  "cxa.privilege.king-pawn", "cxa.privilege.king-pawn.combined", "cxa.repetition.no-violation-draw",
                  "cxa.mutual-violation-draw", "cxa.sanction.must-vary"},
                 codex_divergence});
  out.push_back({"xiangqi.redundancy", "does any AXF or CXA repetition clause follow from the others?",
                 {"axf-1982.chase.protected-piece", "cxa.one-chases-two"}, redundancy});
  out.push_back({"xiangqi.bridge", "on generated loops, the Z3 verdict from the loop's kinds equals the reference model's",
                 {"axf-1982.sanction.must-vary", "cxa.sanction.must-vary"}, bridge});
  out.push_back({"xiangqi.tables-vs-clauses",
                 "every pair of loop kinds under every ruleset: the repetition-cycle tables' verdict is one the Z3 clause model allows",
                 {"axf-1982.mutual-violation-draw", "cxa.mutual-violation-draw"}, tables_against_clauses});
  out.push_back({"xiangqi.cxa-diagram-73", "CXA's second-strike ban against its verdict on diagram 73",
                 {"cxa.one-chases-two", "cxa.example.axf-diagram-73"}, diagram73_second_strike});
}

}  // namespace rulespec
