// Decisive evidence (docs/design.md): every clause switch the models obey names an encoded clause
// and changes some case's answer; removing a clause in an amendment is switching it off; a clause
// the models cannot switch off is reported, never silently kept.
#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "amend/amend_eval.hpp"
#include "cases/case.hpp"
#include "queries/switches.hpp"
#include "spec/amendment.hpp"
#include "properties/property.hpp"
#include "spec/reads.hpp"
#include "tests/repo.hpp"

using namespace rulespec;

namespace {

using testing::repo_cases;
using testing::repo_spec;

// The case runs decisive for each clause: from the fixture's report.json when ctest ran it, else
// computed here as verify computes them.
std::map<std::string, std::vector<std::string>> decisive_runs() {
  std::map<std::string, std::vector<std::string>> out;
  const std::string shared = testing::suite_report_dir();
  if (!shared.empty()) {
    std::ifstream in(shared + "/report.json");
    REQUIRE(in);
    const auto report = nlohmann::json::parse(in);
    for (const auto& cx : report.at("codices"))
      for (const auto& cl : cx.at("clauses"))
        for (const char* kind : {"case_runs", "property_runs"})
          for (const auto& run : cl.at("decisive").at(kind)) out[cl.at("id").get<std::string>()].push_back(run.get<std::string>());
    return out;
  }
  const Spec& spec = repo_spec();
  for (const auto& c : repo_cases())
    for (const auto& [rs, expected] : c.expect)
      for (const auto& cl : run_case_deciding(spec, c, rs).decisive) out[cl].push_back("case:" + c.id + "@" + rs);
  return out;
}

// The immediate ko recapture (1985: forbidden by Art. 4 §2).
const Case* ko_recapture() {
  for (const auto& c : repo_cases())
    if (c.id == "go.board.ko-immediate-recapture") return &c;
  return nullptr;
}

Amendment removal(const std::vector<std::string>& ids, const std::string& codex) {
  Amendment a;
  a.id = "test-removal";
  a.codex = codex;
  a.title = "removal";
  a.rationale = "test";
  for (const auto& r : repo_spec().codex(codex)->rulesets) a.rulesets.push_back(r.id);
  for (const auto& id : ids) a.remove_clauses.emplace_back(id, SourcePos{});
  return a;
}

}  // namespace

TEST_CASE("every clause switch names an encoded clause and some case's answer changes without it") {
  const Spec& spec = repo_spec();
  const auto decisive = decisive_runs();
  std::set<std::string> seen;
  REQUIRE(clause_switches().size() >= 10);
  for (const auto& s : clause_switches()) {
    INFO(s.clause);
    CHECK(seen.insert(s.clause).second);
    const Clause* c = spec.clause(s.clause);
    REQUIRE(c);
    CHECK((c->status == "encoded" || c->status == "partial"));
    // A switch and a reason why none can exist contradict each other.
    CHECK(c->not_decisive.empty());
    CHECK(c->applied_through.empty());
    CHECK(!s.without.empty());
    const auto it = decisive.find(s.clause);
    CHECK((it != decisive.end() && !it->second.empty()));
  }
}

TEST_CASE("every encoded clause is exercised by decisive evidence, or says why nothing can be decisive for it") {
  // Without the fixture's report only the cases' evidence is computed here; the properties' adds
  // to it under ctest.
  const auto decisive = decisive_runs();
  std::vector<std::string> to_do;
  for (const auto& cx : repo_spec().codices())
    for (const auto& c : cx.clauses) {
      if (c.status != "encoded" && c.status != "partial") continue;
      const auto it = decisive.find(c.id);
      const bool exercised = it != decisive.end() && !it->second.empty();
      if (!exercised && c.not_decisive.empty() && c.applied_through.empty()) to_do.push_back(c.id);
    }
  std::string list;
  for (const auto& id : to_do) list += " " + id;
  INFO("encoded clauses with neither decisive evidence nor a reason why none can exist (" << to_do.size() << "):" << list);
  CHECK(to_do.empty());
}

TEST_CASE("a clause applied through others names clauses that hold switches") {
  for (const auto& cx : repo_spec().codices())
    for (const auto& c : cx.clauses)
      for (const auto& t : c.applied_through) {
        INFO(c.id << " is applied through " << t);
        CHECK(find_clause_switch(t));
        CHECK(find_clause_switch(c.id) == nullptr);
      }
}

TEST_CASE("a case run is decisive for a clause only when the answer it checks changes without it") {
  const Spec& spec = repo_spec();
  const Case* recapture = ko_recapture();
  REQUIRE(recapture);
  const CaseResult r = run_case(spec, *recapture, "ru-go-1985");
  REQUIRE(r.pass);
  CHECK(decisive_clauses(spec, *recapture, r, {"ru-go-1985.art4.p2"}) == std::vector<std::string>{"ru-go-1985.art4.p2"});
  // Suicide is not what decides a ko recapture: the answer stays.
  CHECK(decisive_clauses(spec, *recapture, r, {"ru-go-1985.art4.p1"}).empty());
  // A failing run is no evidence.
  CaseResult failed = r;
  failed.pass = false;
  CHECK(decisive_clauses(spec, *recapture, failed, {"ru-go-1985.art4.p2"}).empty());
  // The citation alone is a label: an expectation of the clause only is decisive for nothing.
  CaseResult cited = r;
  cited.expected = Value::map();
  cited.expected.set("clause", Value::string("ru-go-1985.art4.p2"));
  CHECK(decisive_clauses(spec, *recapture, cited, {"ru-go-1985.art4.p2"}).empty());
}

TEST_CASE("removing the ko article makes the recapture legal, and removing a clause no model switches off is reported") {
  const Spec& spec = repo_spec();
  const Case* recapture = ko_recapture();
  REQUIRE(recapture);
  REQUIRE(run_case(spec, *recapture, "ru-go-1985").actual.find("legal")->as_bool() == false);
  const Spec without_ko = apply_amendment(spec, load_amendment(source_root() + "/spec/amendments/ru-go-1985-without-ko.yaml", spec));
  const Value after = run_case(without_ko, *recapture, "ru-go-1985").actual;
  INFO(after.dump());
  REQUIRE(after.find("legal"));
  CHECK(after.find("legal")->as_bool());
  CHECK(!after.find("clause"));  // nothing cites the removed article

  // Every encoded clause without a switch, removed, leaves the answer "not fully evaluated": the
  // models would go on applying it. jishogi: a small codex whose run is quick.
  const Codex* cx = spec.codex("jishogi");
  REQUIRE(cx);
  const Clause* unswitchable = nullptr;
  for (const auto& c : cx->clauses) {
    bool referred = false;  // a clause another refers to cannot be removed alone
    for (const auto& other : cx->clauses)
      for (const auto& rel : other.relations) referred = referred || rel.target == c.id;
    for (const auto& x : cx->crossrefs) referred = referred || x.from == c.id;
    if (!referred && c.status == "encoded" && !find_clause_switch(c.id) && c.applied_through.empty()) {
      unswitchable = &c;
      break;
    }
  }
  REQUIRE(unswitchable);
  INFO(unswitchable->id);
  SuiteOptions opt;
  opt.jobs = 2;
  const Amendment a = removal({unswitchable->id}, "jishogi");
  const BaseRun base = run_base(spec, repo_cases(), opt, "jishogi", amend_cache_dir());
  const AmendmentEvaluation e = evaluate_amendment(spec, a, repo_cases(), opt, false, &base);
  REQUIRE(e.not_switchable.size() == 1);
  CHECK(e.not_switchable.front().rfind(unswitchable->id, 0) == 0);
  if (e.conflicts.empty() && !e.adds_inconsistency) CHECK(e.verdict == "not fully evaluated");
  else CHECK(e.verdict == "inconsistent");
}

TEST_CASE("a property holds only on samples its rule decided: counted per clause, vacuous with none") {
  const Spec& spec = repo_spec();
  const PropertyInfo* total = find_property("jishogi.points-total-54");
  REQUIRE(total);
  const Ruleset& amateur = spec.ruleset("jishogi-amateur-27");
  // Without line 23's five points for rook and bishop, the 54 of the set is never the total.
  CHECK(decisive_sample_count(spec, *total, amateur, 1, kDecisiveRuns, "jishogi.points.rook-bishop-5") == kDecisiveRuns);
  // A clause the property's samples do not depend on decides none of them.
  CHECK(decisive_sample_count(spec, *total, amateur, 1, kDecisiveRuns, "jishogi.declaration.cond4-ten-pieces") == 0);
  PropertyOutcome o;
  o.pass = true;
  CHECK(o.status() == "holds (not measured)");
  o.switches_read = true;
  o.decisive_samples["jishogi.points.rook-bishop-5"] = 0;
  CHECK(o.status() == "vacuous");
  o.decisive_samples["jishogi.points.rook-bishop-5"] = 3;
  CHECK(o.status() == "holds");
  o.pass = false;
  CHECK(o.status() == "fails");
}

TEST_CASE("a property's expectation stays the text's while its model runs without the clause") {
  const Spec& spec = repo_spec();
  const Ruleset& codex1985 = spec.ruleset("ru-go-1985");
  {
    ClauseSwitchedOff off("ru-go-1985.art4.p2");
    CHECK_FALSE(codex1985.applies("ru-go-1985.art4.p2"));
    {
      ClausesAsWritten written;
      CHECK(codex1985.applies("ru-go-1985.art4.p2"));
    }
    CHECK_FALSE(codex1985.applies("ru-go-1985.art4.p2"));
  }
  CHECK(codex1985.applies("ru-go-1985.art4.p2"));
  // The ko property expects the recapture refused as the text refuses it: without Art. 4 §2 the
  // model allows it, and the samples with a ko fail (before, the expectation followed the switch).
  const PropertyInfo* ko = find_property("go.board.ko-rule");
  REQUIRE(ko);
  CHECK(decisive_sample_count(spec, *ko, codex1985, 1, kDecisiveRuns, "ru-go-1985.art4.p2") > 0);
  // An invariance holds without the rule too: its samples count where the rule decided the model's
  // answer the property compared (a loop adjudicated otherwise without the chase rule).
  const PropertyInfo* view = find_property("xiangqi.loop.view-invariant");
  REQUIRE(view);
  CHECK(decisive_sample_count(spec, *view, spec.ruleset("axf-1982"), 1, kDecisiveRuns, "axf-1982.chase.unprotected-forbidden") > 0);
  // A clause that decides nothing the property looks at decides none of its samples.
  CHECK(decisive_sample_count(spec, *view, spec.ruleset("axf-1982"), 1, kDecisiveRuns, "axf-1982.perpetual-check") == 0);
}

TEST_CASE("a setting no case answers differently with is reported: nothing shows what it decides") {
  const Spec& spec = repo_spec();
  SuiteOptions opt;
  opt.jobs = 2;
  // Renju's usual thinking-time norm raised to 100 minutes: no case of the codex reads a time control
  // between 90 and 100 minutes, so no answer changes.
  Amendment a;
  a.id = "norm-100";
  a.codex = "rif-renju";
  a.title = "norm";
  a.rationale = "test";
  for (const auto& r : spec.codex("rif-renju")->rulesets) a.rulesets.push_back(r.id);
  a.params.emplace_back("usual_min_minutes", Value::integer(100));
  const BaseRun base = run_base(spec, repo_cases(), opt, "rif-renju", amend_cache_dir());
  const AmendmentEvaluation e = evaluate_amendment(spec, a, repo_cases(), opt, false, &base);
  REQUIRE(e.unexercised_settings.size() == 1);
  CHECK(e.unexercised_settings.front().rfind("param usual_min_minutes:", 0) == 0);
  CHECK(e.verdict != "consistent");
  // A setting that moves cases is exercised.
  const Amendment komi = load_amendment(source_root() + "/spec/amendments/ing-komi-7.yaml", spec);
  const BaseRun ing = run_base(spec, repo_cases(), opt, "ing-1996", amend_cache_dir());
  CHECK(evaluate_amendment(spec, komi, repo_cases(), opt, false, &ing).unexercised_settings.empty());
}
