// The repetition-cycle tables of both codices (decisions.cycle-part: what one side's part of a
// cycle is; decisions.repetition-cycle: the verdict from the two parts) side by side with the
// model's own rule (xiangqi::adjudicate's flags and xiangqi::combine, issue 45 item 1): on every
// loop of the cases and on generated loops, under every ruleset of the codex and under
// amendments that change each reading and param the tables read, the parts the tables give the
// two sides' kinds lead to the model's verdict. A combination the tables decide twice must lie in
// a judged overlap (for AXF, F-axf-1982-perpetual-check-conflict), with the model's verdict among
// the outcomes, counted apart, never taken for agreement; one they leave open fails. Before the
// AXF model made a perpetual check met by a forbidden strike the checker's to vary (the reading
// same-rule), this test failed on wxf-001 read literally.
#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include "mine/miner.hpp"
#include "model/common/decision_table.hpp"
#include "model/common/xorshift.hpp"
#include "model/xiangqi/adjudicate.hpp"
#include "model/xiangqi/notation.hpp"
#include "queries/decision_tables.hpp"
#include "queries/xiangqi_rules.hpp"
#include "queries/query.hpp"
#include "reports/json_value.hpp"
#include "solver/finding.hpp"
#include "spec/amendment.hpp"
#include "spec/tables.hpp"
#include "spec/yaml_load.hpp"
#include "tests/amend_on_repo.hpp"
#include "tests/repo.hpp"

using namespace rulespec;

namespace {

using testing::deep_tests;
using testing::repo_cases;
using testing::repo_spec;

struct Loop {
  std::string fen;
  std::vector<std::string> moves;
  std::string from;  // a case id, or "generated"
};

std::optional<xiangqi::Adjudication> judge(const Loop& l, const xiangqi::LoopRules& rules) {
  const auto parsed = xiangqi::Position::from_fen(l.fen, true);
  if (!parsed.position) return std::nullopt;
  xiangqi::Position p = *parsed.position;
  std::vector<xiangqi::Move> moves;
  for (const auto& text : l.moves) {
    // The cases write their moves in ICCS or in WXF notation.
    const auto m = xiangqi::parse_move(p, text, true);
    if (!m.move) return std::nullopt;
    moves.push_back(*m.move);
    p.make(*m.move);
  }
  return xiangqi::adjudicate(*parsed.position, moves, rules);
}

// The loops of the xiangqi cases, then `generated` loops of the miner's question (fixed seed).
const std::vector<Loop>& loops() {
  static const std::vector<Loop> all = [] {
    std::vector<Loop> out;
    for (const Case& c : repo_cases()) {
      if (c.game != "xiangqi" || c.query != "adjudicate") continue;
      Loop l{c.input.find("fen")->as_string(), {}, c.id};
      for (const Value& m : c.input.find("moves")->as_list("moves")) l.moves.push_back(m.as_string("moves"));
      out.push_back(std::move(l));
    }
    const mine::Question* q = mine::find_question("xiangqi", "loops");
    common::XorShift64 rng{20261130};
    for (int i = 0; q && i < (deep_tests() ? 40000 : 4000); ++i) {
      const Value input = q->generate(rng);
      if (input.is_null()) continue;
      Loop l{input.find("fen")->as_string(), {}, "generated"};
      for (const Value& m : input.find("moves")->as_list("moves")) l.moves.push_back(m.as_string("moves"));
      out.push_back(std::move(l));
    }
    return out;
  }();
  return all;
}

struct SideBySide {
  std::map<std::string, int> judged_per_ruleset;
  std::set<std::pair<std::string, std::string>> agreeing;  // (red kind, black kind)
  std::map<std::string, int> in_judged_overlaps;
  std::map<std::string, std::string> verdicts;  // ruleset, loop index -> the model's verdict
  bool agreed(const std::string& red, const std::string& black) const { return agreeing.count({red, black}) > 0; }
};

// Every loop under every ruleset of `codex` in `spec`, against its two tables.
SideBySide side_by_side(const std::string& codex, const Spec& spec = repo_spec(), const std::string& only_ruleset = "") {
  const std::string part_id = codex + ".decisions.cycle-part", cycle_id = codex + ".decisions.repetition-cycle";
  const DecisionTable* written = nullptr;
  for (const auto& t : spec.codex(codex)->decisions)
    if (t.id == cycle_id) written = &t;
  REQUIRE(written);
  SideBySide out;
  for (const auto& decl : spec.codex(codex)->rulesets) {
    if (!only_ruleset.empty() && decl.id != only_ruleset) continue;
    const Ruleset& rs = spec.ruleset(decl.id);
    // The model consults the tables; its own rule by the flags (xiangqi::combine) is the oracle.
    const xiangqi::LoopRules consulting = xiangqi_loop_rules(spec, rs);
    REQUIRE(consulting.tables.tables);
    xiangqi::LoopRules rules = consulting;
    rules.tables = {};
    const rules::CompiledTable part = compile_table(spec, rs, part_id), cycle = compile_table(spec, rs, cycle_id);
    int index = 0;
    for (const Loop& l : loops()) {
      ++index;
      const auto a = judge(l, rules);
      if (!a || !a->loop || !(a->red.reached_limit || a->black.reached_limit)) continue;
      const auto c = judge(l, consulting);
      REQUIRE(c);
      CHECK(xiangqi::to_string(c->verdict) == std::string(xiangqi::to_string(a->verdict)));
      const std::string red = xiangqi::cycle_kind(*a, xiangqi::Colour::Red), black = xiangqi::cycle_kind(*a, xiangqi::Colour::Black);
      const std::string model = xiangqi::to_string(a->verdict);
      out.verdicts[rs.id + " " + std::to_string(index)] = model;
      INFO(rs.id << ": " << l.from << " " << l.fen << " (" << l.moves.size() << " moves): red " << red << ", black " << black << "; model " << model
                 << ", reason " << a->reason);
      ++out.judged_per_ruleset[rs.id];
      const auto red_part = rules::decide(part, {{"kind", {red, 0}}}), black_part = rules::decide(part, {{"kind", {black, 0}}});
      CHECK(red_part.verdict == rules::TableVerdict::Decided);
      CHECK(black_part.verdict == rules::TableVerdict::Decided);
      if (red_part.verdict != rules::TableVerdict::Decided || black_part.verdict != rules::TableVerdict::Decided) continue;
      INFO("parts: red " << red_part.outcome << ", black " << black_part.outcome);
      const auto d = rules::decide(cycle, {{"red", {red_part.outcome, 0}}, {"black", {black_part.outcome, 0}}});
      CHECK(d.verdict != rules::TableVerdict::Undecided);
      if (d.verdict == rules::TableVerdict::Conflicting) {
        const bool judged = std::any_of(written->judged.begin(), written->judged.end(), [&](const DecisionJudgement& j) {
          return j.kind == "overlap" && std::all_of(j.rows.begin(), j.rows.end(), [&](const std::string& id) {
                   return std::any_of(d.rows.begin(), d.rows.end(), [&](const rules::TableRow* r) { return r->id == id; });
                 });
        });
        CHECK(judged);
        CHECK(std::find(d.outcomes.begin(), d.outcomes.end(), model) != d.outcomes.end());
        ++out.in_judged_overlaps[red + "/" + black];
        continue;
      }
      if (d.verdict != rules::TableVerdict::Decided) continue;
      INFO("table: " << d.outcome << " by row " << d.rows.front()->id);
      CHECK(d.outcome == model);
      if (d.outcome == model) out.agreeing.insert({red, black});
    }
  }
  return out;
}

Spec amended(const std::string& codex, const std::string& ruleset, const std::string& setting) {
  const std::string yaml = "amendment: {id: t, codex: " + codex + ", title: t, rationale: t, rulesets: [" + ruleset + "]}\n" + setting + "\n";
  return apply_amendment(repo_spec(), parse_amendment(parse_yaml(yaml, "setting.yaml"), "setting.yaml", repo_spec()));
}

// How many loops `setting` moves under `ruleset`, the tables agreeing with the model throughout.
int moved_by(const std::string& codex, const std::string& ruleset, const std::string& setting) {
  INFO(codex << " " << ruleset << " " << setting);
  static std::map<std::string, SideBySide> written;  // per ruleset, as the repository has it
  if (!written.count(ruleset)) written[ruleset] = side_by_side(codex, repo_spec(), ruleset);
  const SideBySide& as_written = written.at(ruleset);
  const SideBySide as_set = side_by_side(codex, amended(codex, ruleset, setting), ruleset);
  CHECK(as_set.judged_per_ruleset.count(ruleset));
  int moved = 0;
  for (const auto& [key, verdict] : as_set.verdicts)
    if (key.rfind(ruleset + " ", 0) == 0) moved += as_written.verdicts.at(key) != verdict;
  return moved;
}

}  // namespace

TEST_CASE("xiangqi: the AXF model's verdict on a loop is what the repetition-cycle tables give the two sides' parts, under every AXF ruleset") {
  const SideBySide s = side_by_side("axf-1982");
  CHECK(s.judged_per_ruleset.size() == repo_spec().codex("axf-1982")->rulesets.size());
  for (const auto& [id, n] : s.judged_per_ruleset) {
    INFO(id);
    CHECK(n > 200);
  }
  // The agreement spans the tables' regions: both permitted, one side alone violating (check,
  // chase), both striking, a check met by a strike; the mutual check is the judged conflict.
  CHECK(s.agreed("idle", "idle"));
  CHECK(s.agreed("check", "idle"));
  CHECK((s.agreed("chase-unprotected", "idle") || s.agreed("idle", "chase-unprotected")));
  CHECK((s.agreed("mate-threat", "idle") || s.agreed("idle", "mate-threat")));
  bool check_met_by_strike = false;
  for (const char* strike : {"chase-unprotected", "rook-chase", "king-pawn-chase-combined"})
    check_met_by_strike |= s.agreed("check", strike) || s.agreed(strike, "check");
  CHECK(check_met_by_strike);
  CHECK(s.agreeing.size() >= 12);
  CHECK(!s.in_judged_overlaps.empty());
  for (const auto& [pair, n] : s.in_judged_overlaps) CHECK(pair == "check/check");
}

TEST_CASE("xiangqi: the CXA model's verdict on a loop is what the repetition-cycle tables give the two sides' parts") {
  const SideBySide s = side_by_side("cxa");
  REQUIRE(s.judged_per_ruleset.count("cxa"));
  CHECK(s.judged_per_ruleset.at("cxa") > 200);
  CHECK(s.agreed("idle", "idle"));
  CHECK(s.agreed("check", "idle"));
  CHECK((s.agreed("mate-threat", "idle") || s.agreed("idle", "mate-threat")));
  // A check mixed with a strike: a strike where the ruleset says so (mixed_strikes: forbidden).
  CHECK((s.agreed("check-and-chase", "idle") || s.agreed("check-and-mate-threat", "idle")));
  // A perpetual check met by a strike: drawn under cxa (any-two-violations).
  bool check_met_by_strike = false;
  for (const char* strike : {"chase-unprotected", "rook-chase", "chase-protected-gain", "mate-threat", "one-chases-two", "king-pawn-chase-combined"})
    check_met_by_strike |= s.agreed("check", strike) || s.agreed(strike, "check");
  CHECK(check_met_by_strike);
  CHECK(s.agreeing.size() >= 8);
  CHECK(s.in_judged_overlaps.empty());
  // The part of a mixture follows the param: set to allowed by an amendment, it is permitted.
  auto decide = [](const Spec& spec) {
    return run_query(spec, parse_json(R"({"game":"xiangqi","query":"decide","ruleset":"cxa","table":"cxa.decisions.cycle-part",)"
                                      R"("inputs":{"kind":"check-and-chase"}})",
                                      "request", 1));
  };
  const Value as_written = decide(repo_spec());
  CHECK(as_written.find("outcome")->as_string() == "strike");
  CHECK(as_written.find("params")->find("mixed_strikes")->as_string() == "forbidden");
  const Spec allowed = apply_amendment(repo_spec(), testing::param_amendment("cxa", "mixed-allowed", "cxa", "mixed_strikes", Value::string("allowed")));
  CHECK(decide(allowed).find("outcome")->as_string() == "permitted");
}

TEST_CASE("xiangqi: every reading and param the repetition-cycle tables read moves loops, the tables agreeing with the model under it") {
  // AXF's settings apart from the text: the CXA rules one at a time, and the readings the rulesets
  // do not cover together (Principle No. 2 read generally under the column's wording).
  CHECK(moved_by("axf-1982", "axf-1982", "params: {perpetual_mate_threat: forbidden}") > 0);
  CHECK(moved_by("axf-1982", "axf-1982", "params: {one_chases_two: forbidden}") > 0);
  CHECK(moved_by("axf-1982", "axf-1982", "params: {perpetual_mate_threat: forbidden, mixed_strikes: forbidden}") > 0);
  CHECK(moved_by("axf-1982", "axf-1982", "params: {protection_test: material-gain}") > 0);
  CHECK(moved_by("axf-1982", "axf-1982-literal-chase", "readings: {axf-1982.mutual-violation-draw: any-two-violations}") > 0);
  CHECK(moved_by("axf-1982", "axf-1982-literal-chase", "readings: {axf-1982.perpetual-check: by-any-one-side}") == 0);
  // CXA's settings apart from the text: AXF's rules one at a time, and line 145 read as AXF ranks.
  CHECK(moved_by("cxa", "cxa", "params: {perpetual_mate_threat: allowed}") > 0);
  CHECK(moved_by("cxa", "cxa", "params: {one_chases_two: allowed}") > 0);
  CHECK(moved_by("cxa", "cxa", "params: {mixed_strikes: allowed}") > 0);
  CHECK(moved_by("cxa", "cxa", "params: {protection_test: recapture}") > 0);
  CHECK(moved_by("cxa", "cxa", "readings: {cxa.mutual-violation-draw: checker-varies}") > 0);
}

TEST_CASE("xiangqi: under CXA read as AXF ranks the violations (checker-varies), a check met by a strike is the checker's loss, model and table alike") {
  const Spec spec = amended("cxa", "cxa", "readings: {cxa.mutual-violation-draw: checker-varies}");
  const SideBySide s = side_by_side("cxa", spec);
  REQUIRE(s.judged_per_ruleset.count("cxa"));
  int check_met_by_strike = 0;
  for (const auto& [red, black] : s.agreeing) check_met_by_strike += (red == "check") != (black == "check");
  CHECK(check_met_by_strike > 0);
  // The reading moves the model's verdict there, from the draw of cxa as written to the checker's
  // loss, and nowhere else.
  const xiangqi::LoopRules as_read = xiangqi_loop_rules(spec, spec.ruleset("cxa"));
  const xiangqi::LoopRules as_written = xiangqi_loop_rules(repo_spec(), repo_spec().ruleset("cxa"));
  CHECK(as_read.checker_varies_against_strike);
  CHECK(!as_written.checker_varies_against_strike);
  int moved = 0;
  for (const Loop& l : loops()) {
    const auto a = judge(l, as_read), b = judge(l, as_written);
    if (!a || !b || a->verdict == b->verdict) continue;
    INFO(l.from << " " << l.fen << ": " << a->reason);
    CHECK(a->check_outranks_strike);
    CHECK(b->verdict == xiangqi::Verdict::Draw);
    CHECK(a->verdict == (a->red.kind == xiangqi::SideLoop::PerpetualCheck ? xiangqi::Verdict::RedLoses : xiangqi::Verdict::BlackLoses));
    ++moved;
  }
  CHECK(moved > 0);
}

TEST_CASE("xiangqi: a row of the repetition-cycle tables changed by an amendment changes the verdicts of the loops it decides") {
  // A committee that would allow CXA's perpetual mate threat edits one row of the part table:
  // diagram 7 (Red threatens mate on every move), red-loses under cxa, becomes a draw.
  const Amendment a = testing::table_amendment(
      "cxa", "mate-threat-permitted", "cxa", "cxa.decisions.cycle-part", "replace_rows",
      "      - {id: mate-threat-strike, when: {kind: mate-threat, mate-threats: forbidden}, outcome: permitted, clause: cxa.mate-threat.perpetual-forbidden, "
      "line: 30}\n");
  const auto evaluation = testing::evaluate_on_repo(a);
  const auto moved = testing::moved_cases(evaluation, "cxa", [](const Value& was, const Value& now) {
    return was.find("verdict") && now.find("verdict") && was.find("verdict")->as_string() == "red-loses" &&
           now.find("verdict")->as_string() == "draw";
  });
  CHECK(moved.count("axf.d7.perpetual-mate-threat"));
  // The row now contradicts the clause it cites, and the answer says so: a conflict of the amended
  // codex, not an analysis that could not run.
  CHECK(evaluation.amendment_verdict == "adds-inconsistency");
  CHECK(std::any_of(evaluation.appear.begin(), evaluation.appear.end(), [](const auto& f) {
    return f.id == "F-cxa-table-rows-against-clauses" && f.summary.find("mate-threat-strike") != std::string::npos;
  }));
  for (const auto& p : evaluation.problems) CHECK(p.find("could not run") == std::string::npos);
  // The answer names the row that now decides Red's part.
  const Spec after = apply_amendment(repo_spec(), a);
  const Case* d7 = nullptr;
  for (const Case& c : repo_cases())
    if (c.id == "axf.d7.perpetual-mate-threat") d7 = &c;
  REQUIRE(d7);
  Value req = d7->input;
  req.set("game", Value::string("xiangqi"));
  req.set("query", Value::string("adjudicate"));
  req.set("ruleset", Value::string("cxa"));
  const Value answer = run_query(after, req);
  CHECK(answer.find("verdict")->as_string() == "draw");
  bool named = false;
  for (const Value& row : answer.find("rows")->as_list("rows")) named |= row.find("row")->as_string() == "mate-threat-strike";
  CHECK(named);
  // An outcome the model cannot execute is refused, naming it.
  const Amendment replay = testing::table_amendment(
      "cxa", "replay", "cxa", "cxa.decisions.repetition-cycle", "replace_rows",
      "      - {id: red-perpetual-strike, when: {red: strike, black: permitted}, outcome: replay, clause: cxa.sanction.must-vary, line: 30}\n");
  const Spec replayed = apply_amendment(repo_spec(), replay);
  bool refused = false;
  for (const Case& c : repo_cases()) {
    if (c.id != "axf.d7.perpetual-mate-threat") continue;
    try {
      run_query(replayed, req);
    } catch (const QueryError& e) {
      refused = std::string(e.what()).find("'replay'") != std::string::npos;
    }
  }
  CHECK(refused);
}

TEST_CASE("xiangqi: on every pair of loop kinds under every ruleset the tables' verdict is one the Z3 clause model allows (enumerated)") {
  const auto z3_check = std::find_if(analyses().begin(), analyses().end(), [](const AnalysisInfo& i) { return i.id == "xiangqi.tables-vs-clauses"; });
  REQUIRE(z3_check != analyses().end());
  const AnalysisOutcome as_written = run_analysis(repo_spec(), *z3_check);
  INFO(as_written.detail);
  CHECK(as_written.ok);
  // 11 x 11 kinds under each of the nine rulesets, the mutual checks under the ban apart.
  const int kinds = static_cast<int>(xiangqi::cycle_kinds().size());
  const int rulesets = static_cast<int>(repo_spec().codex("axf-1982")->rulesets.size() + repo_spec().codex("cxa")->rulesets.size());
  CHECK(as_written.detail.find(" of " + std::to_string(kinds * kinds * rulesets) + " pairs") != std::string::npos);
  CHECK(as_written.detail.rfind("0 of", 0) != 0);
  CHECK(as_written.findings.empty());
  // A row the clauses do not bear out is a finding of the amended codex, naming the row and the
  // clause it breaks: a lone CXA strike drawn.
  const Spec wrong = apply_amendment(
      repo_spec(), testing::table_amendment("cxa", "strike-draws", "cxa", "cxa.decisions.repetition-cycle", "replace_rows",
                                            "      - {id: red-perpetual-strike, when: {red: strike, black: permitted}, outcome: draw, clause: "
                                            "cxa.sanction.must-vary, line: 30}\n"));
  const AnalysisOutcome amended = run_analysis(wrong, *z3_check);
  INFO(amended.detail);
  CHECK(amended.ok);
  REQUIRE(amended.findings.size() == 1);
  const Finding& conflict = amended.findings.front();
  CHECK(conflict.id == "F-cxa-table-rows-against-clauses");
  CHECK(conflict.kind == "conflict");
  INFO(conflict.summary);
  CHECK(conflict.summary.find("red-perpetual-strike") < conflict.summary.find(" of cxa's repetition-cycle tables give"));
  CHECK(std::find(conflict.clauses.begin(), conflict.clauses.end(), "cxa.sanction.must-vary") != conflict.clauses.end());
  CHECK(conflict.witness.find("pairs")->as_list("pairs").size() > 0);
  // A row removed leaves loops the clauses decide without a verdict: a gap, not a failed run.
  const Spec without = apply_amendment(
      repo_spec(), testing::table_amendment("cxa", "no-mate-strike", "cxa", "cxa.decisions.cycle-part", "remove_rows", "      - mate-threat-strike\n"));
  const AnalysisOutcome open = run_analysis(without, *z3_check);
  INFO(open.detail);
  CHECK(open.ok);
  REQUIRE(open.findings.size() == 1);
  CHECK(open.findings.front().id == "F-cxa-tables-leave-loops-open");
  CHECK(open.findings.front().kind == "gap");
}

TEST_CASE("xiangqi: a move to a position the game has not had never loses by repetition (certify's probes adjudicate only moves back)") {
  // certify/xiangqi_loops.cpp counts such a move as an alternative without adjudicating it. On
  // every loop of the cases, before its last move, under both codices as written: every legal
  // move to a fresh position keeps the mover alive, and some move back into the history loses.
  int fresh = 0, returning_losses = 0;
  for (const char* ruleset : {"axf-1982", "cxa"}) {
    const xiangqi::LoopRules rules = xiangqi_loop_rules(repo_spec(), repo_spec().ruleset(ruleset));
    for (const Loop& l : loops()) {
      if (l.from == "generated" || l.moves.size() < 2) continue;
      const auto parsed = xiangqi::Position::from_fen(l.fen, true);
      if (!parsed.position) continue;
      xiangqi::Position end = *parsed.position;
      std::vector<xiangqi::Move> moves;
      std::set<std::uint64_t> had = {end.hash()};
      bool read = true;
      for (std::size_t i = 0; i + 1 < l.moves.size() && read; ++i) {
        const auto m = xiangqi::parse_move(end, l.moves[i], true);
        if (!(read = m.move.has_value())) break;
        moves.push_back(*m.move);
        end.make(*m.move);
        had.insert(end.hash());
      }
      if (!read) continue;
      const xiangqi::Verdict loses = end.side_to_move() == xiangqi::Colour::Red ? xiangqi::Verdict::RedLoses : xiangqi::Verdict::BlackLoses;
      for (const xiangqi::Move& m : end.legal_moves()) {
        xiangqi::Position after = end;
        after.make(m);
        auto tried = moves;
        tried.push_back(m);
        const auto verdict = xiangqi::adjudicate(*parsed.position, tried, rules).verdict;
        if (had.count(after.hash())) {
          returning_losses += verdict == loses;
          continue;
        }
        ++fresh;
        INFO(ruleset << " " << l.from << " " << xiangqi::to_iccs(m));
        CHECK(verdict != loses);
      }
    }
  }
  CHECK(fresh > 1000);
  CHECK(returning_losses > 10);
}
