// What we already know must be reported or answered: every clause whose note or statement
// describes a defect of the text (a gap, an undefined term, a misprint, a contradiction, a missing
// precedence) is a clause of a reported finding, or says in `not_a_finding:` why it is not one,
// citing the lines that answer it. And the two finding-quality properties hold for every finding
// and can fail.
#include <catch2/catch.hpp>

#include "cases/case.hpp"
#include "suite/suite.hpp"

#include <regex>
#include <set>
#include "tests/repo.hpp"

using namespace rulespec;

namespace {

using rulespec::testing::repo_spec;

// Phrases with which our notes and statements describe a defect of the text itself. Notes talk
// about the text; statements restate it, so only phrases that speak about the text count there.
const std::regex& defect_in_note() {
  static const std::regex r(
      R"(\bgaps?\b|not defined|undefined|does not say|not said|not stated|not described|is silent|misprint|typo|)"
      R"(contradict|conflict|inconsisten|ambigu|opposite meaning|no precedence|not covered|is missing|are missing)",
      std::regex::icase);
  return r;
}
const std::regex& defect_in_statement() {
  static const std::regex r(R"(the text (gives no|does not|never)|contradict|no precedence|misprint|not defined)",
                            std::regex::icase);
  return r;
}

// A reason is specific when it points at the text (a line) or at the finding that reports it.
bool reason_is_specific(const std::string& reason) {
  static const std::regex r(R"(\blines? \d+|\bF-[a-z0-9-]+)", std::regex::icase);
  return std::regex_search(reason, r);
}

std::set<std::string> reported_clauses(const Spec& spec) {
  std::set<std::string> out;
  for (const auto& a : analyses())
    for (const auto& f : run_analysis(spec, a).findings)
      if (spec.findings_register().note(f.id)) out.insert(f.clauses.begin(), f.clauses.end());
  return out;
}

}  // namespace

TEST_CASE("the defect detector recognises how our notes describe defects") {
  CHECK(std::regex_search(std::string("Gap: the text never says who moves first."), defect_in_note()));
  CHECK(std::regex_search(std::string("Printed 'как правиле' (typo)."), defect_in_note()));
  CHECK(std::regex_search(std::string("'Adjacent' is not defined."), defect_in_note()));
  CHECK(std::regex_search(std::string("The text gives no precedence when ..."), defect_in_statement()));
  CHECK_FALSE(std::regex_search(std::string("Black moves first; the stone is placed on an empty point."), defect_in_note()));
  CHECK_FALSE(std::regex_search(std::string("If the board is oriented wrongly, the position is reproduced."), defect_in_statement()));
  CHECK(reason_is_specific("answered by line 45"));
  CHECK(reason_is_specific("reported as F-ru-go-1985-ko-snapback"));
  CHECK_FALSE(reason_is_specific("harmless"));
}

TEST_CASE("every clause that describes a defect is reported by a finding or says why it is not") {
  const Spec& spec = repo_spec();
  const auto reported = reported_clauses(spec);
  int described = 0, linked = 0, answered = 0;
  for (const auto& cx : spec.codices())
    for (const auto& c : cx.clauses) {
      const bool describes = std::regex_search(c.note, defect_in_note()) || std::regex_search(c.statement, defect_in_statement());
      if (!c.not_a_finding.empty()) {
        INFO(c.id << ": not_a_finding names no line and no finding: " << c.not_a_finding);
        CHECK(reason_is_specific(c.not_a_finding));
      }
      if (!describes) continue;
      ++described;
      if (reported.count(c.id)) {
        ++linked;
        continue;
      }
      INFO(c.id << " describes a defect (note: " << c.note << ") but no finding reports it and it gives no not_a_finding reason");
      CHECK_FALSE(c.not_a_finding.empty());
      if (!c.not_a_finding.empty()) ++answered;
    }
  // The detector must keep finding what it was written for; a silent detector proves nothing.
  CHECK(described >= 40);
  CHECK(linked >= 5);
  CHECK(answered >= 20);
}

TEST_CASE("every finding's replay shows its claim and its cited lines exist") {
  const Spec& spec = repo_spec();
  const auto cases = load_cases(source_root() + "/cases", spec);
  int findings = 0;
  for (const auto& a : analyses())
    for (const auto& f : run_analysis(spec, a).findings) {
      Finding reviewed = f;
      reviewed.note = spec.findings_register().note(f.id);
      REQUIRE(reviewed.note);
      const auto checks = check_finding(spec, cases, reviewed);
      REQUIRE(checks.size() == 2);
      for (const auto& k : checks) {
        INFO(k.property << " " << k.finding << ": " << k.detail);
        CHECK(k.pass);
      }
      ++findings;
    }
  CHECK(findings >= 20);
}

TEST_CASE("the finding-quality properties fail on a wrong claim and on a missing line") {
  const Spec& spec = repo_spec();
  const auto cases = load_cases(source_root() + "/cases", spec);
  const auto& reg = spec.findings_register();
  const FindingNote* real = reg.note("F-ru-go-1985-13x13-stone-count");
  REQUIRE(real);
  FindingNote wrong = *real;
  REQUIRE_FALSE(wrong.shows.empty());
  wrong.shows.front().actual.set("total", Value::integer(169));  // what the text meant, not what it printed
  wrong.cites.front().first = wrong.cites.front().last = 100000;
  Finding f;
  f.id = wrong.id;
  f.note = &wrong;
  const auto checks = check_finding(spec, cases, f);
  REQUIRE(checks.size() == 2);
  CHECK_FALSE(checks[0].pass);
  CHECK(checks[0].detail.find("replay gives") != std::string::npos);
  CHECK_FALSE(checks[1].pass);
  CHECK(checks[1].detail.find("100000") != std::string::npos);
}
