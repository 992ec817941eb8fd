// Amendments as a rules committee uses them: every declared setting honoured, the answer right for
// the settings that matter, every printed command reproducing its claim, the re-run of only the
// reached items equal to a full run, and the amendment format documented.
#include <catch2/catch.hpp>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <unistd.h>

#include "cases/case.hpp"
#include "tests/repo.hpp"
#include "queries/xiangqi_rules.hpp"
#include "amend/amend_eval.hpp"
#include "amend/amend_words.hpp"
#include "reports/diagrams.hpp"
#include "reports/json_value.hpp"
#include "amend/settings_sweep.hpp"
#include "queries/query.hpp"
#include "spec/amendment.hpp"

using namespace rulespec;
namespace fs = std::filesystem;

namespace {

using testing::repo_cases;
using testing::deep_tests;
using testing::repo_spec;
std::string amendment_path(const std::string& name) { return source_root() + "/spec/amendments/" + name + ".yaml"; }

// The codex's base run comes from amend's cache, which ctest's whole verify run (the fixture
// suite_report) fills for the code of this build.
AmendmentEvaluation evaluate(const std::string& name, bool full = false) {
  SuiteOptions opt;
  opt.jobs = 2;
  const Amendment a = load_amendment(amendment_path(name), repo_spec());
  const BaseRun base = run_base(repo_spec(), repo_cases(), opt, a.codex, amend_cache_dir());
  return evaluate_amendment(repo_spec(), a, repo_cases(), opt, full, &base);
}

struct Run {
  int status = -1;
  std::string out;
};
Run run(const std::string& command) {
  Run r;
  FILE* p = ::popen((command + " 2>/dev/null").c_str(), "r");
  REQUIRE(p);
  std::array<char, 4096> buf{};
  for (std::size_t n; (n = std::fread(buf.data(), 1, buf.size(), p)) > 0;) r.out.append(buf.data(), n);
  const int status = ::pclose(p);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_CASE("every declared param value and reading changes an outcome, or is declared equivalent", "[settings][deep]") {
  SuiteOptions opt;
  opt.jobs = 2;
  // Deep: every codex; otherwise two codices of different games, every setting of each (the two
  // whose sweeps are quickest: seconds, where renju's takes fifteen).
  std::vector<SettingCheck> checks;
  for (const char* codex : {"jishogi", "cxa"}) {
    if (deep_tests()) break;
    for (auto& c : sweep_settings(repo_spec(), repo_cases(), opt, codex)) checks.push_back(std::move(c));
  }
  if (deep_tests()) checks = sweep_settings(repo_spec(), repo_cases(), opt);
  std::ostringstream silent;
  int honoured = 0;
  for (const auto& c : checks) {
    if (c.status == SettingCheck::Status::Silent || c.status == SettingCheck::Status::EquivalenceBroken ||
        c.status == SettingCheck::Status::Untried)
      silent << "\n  " << c.codex << ": " << c.setting << ": " << to_string(c.status) << " (" << c.evidence << ")";
    honoured += c.status == SettingCheck::Status::Honoured;
  }
  INFO("settings accepted and not honoured:" << silent.str());
  CHECK(silent.str().empty());
  CHECK(honoured > (deep_tests() ? 200 : 20));
}

TEST_CASE("a setting no model executes is refused at its consumer, never mapped to another") {
  // A reading added without an equivalence reaches the xiangqi loop rules, which do not know it.
  const fs::path dir = fs::temp_directory_path() / ("rulespec-amend-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string file = (dir / "new-reading.yaml").string();
  std::ofstream(file) << "amendment: {id: t, codex: axf-1982, title: t, rationale: t, rulesets: [axf-1982]}\n"
                         "add_readings:\n  - {clause: axf-1982.perpetual-check, id: brand-new, statement: s}\n"
                         "readings: {axf-1982.perpetual-check: brand-new}\n";
  const Spec amended = apply_amendment(repo_spec(), load_amendment(file, repo_spec()));
  CHECK_THROWS_AS(xiangqi_loop_rules(amended, amended.ruleset("axf-1982")), UnhandledSetting);
  fs::remove_all(dir);
}

TEST_CASE("27:27 as jishogi: both 27:27 cases change, and the broken property comes with a position and a replay") {
  const auto e = evaluate("jishogi-27-27-jishogi");
  std::set<std::string> changed;
  for (const auto& c : e.cases) changed.insert(c.case_id + "@" + c.ruleset);
  CHECK(changed.count("jishogi.27.tie-goes-to-gote@jishogi-amateur-27"));
  CHECK(changed.count("shogi.count.split-27-27@jishogi-amateur-27"));
  for (const auto& c : e.cases)
    if (c.case_id == "shogi.count.split-27-27") {
      CHECK(c.after.find("verdict")->as_string() == "jishogi");
      CHECK(c.after.find("replayed")->as_bool());
      CHECK(c.after.find("colours_swapped")->as_bool());
    }
  CHECK(e.verdict == "inconsistent");
  CHECK(e.adds_inconsistency);
  const auto broken = std::find_if(e.inconsistencies.begin(), e.inconsistencies.end(),
                                   [](const auto& i) { return i.property == "jishogi.27-rule-always-decides"; });
  REQUIRE(broken != e.inconsistencies.end());
  CHECK(broken->sentence.find("exactly one winner") != std::string::npos);
  REQUIRE(broken->witness.find("sfen"));
  CHECK(broken->witness.find("sente_points")->as_int() == 27);
  CHECK_FALSE(broken->svg.empty());
  // The replay, run as printed, fails on the same split.
  const auto r = run(std::regex_replace(broken->replay, std::regex("^rulespec "), std::string(RULESPEC_BIN) + " "));
  CHECK(r.status == 1);
  CHECK(r.out.find(broken->witness.find("sfen")->as_string()) != std::string::npos);
}

TEST_CASE("every command amend prints runs as printed and shows what amend claims") {
  // A user reads no C++: not in the answer, not in what its replays print.
  auto no_source_text = [](const std::string& text) {
    for (const char* marker : {"RC_ASSERT", "RC_FAIL", "Expands to", ".cpp:", ".hpp:"}) {
      INFO(marker);
      CHECK(text.find(marker) == std::string::npos);
    }
  };
  for (const std::string name : {"ing-komi-7", "jishogi-27-27-jishogi", "axf-cci-any-one-side", "ru-go-1985-superko"}) {
    INFO(name);
    // The text, whose replay lines must show what amend claims, as its JSON answer (--out) gives it.
    const auto out = fs::temp_directory_path() / ("rulespec-amend-" + name + "-" + std::to_string(::getpid()));
    const auto text = run(std::string(RULESPEC_BIN) + " amend " + amendment_path(name) + " --out " + out.string());
    REQUIRE(text.status == 0);
    const Json e = Json::parse(slurp((out / "amend.json").string()));
    fs::remove_all(out);
    // The two-part headline opens the answer: the amendment's own part, then the codex's.
    CHECK(text.out.find(e["headline"][0].get<std::string>()) == text.out.find("The amendment "));
    CHECK(text.out.find(e["headline"][1].get<std::string>()) != std::string::npos);
    no_source_text(text.out);
    std::map<std::string, std::pair<std::string, std::string>> cases;  // replay -> ruleset, answer after
    for (const auto& c : e["cases"])
      cases[c["replay"].get<std::string>()] = {c["ruleset"].get<std::string>(), parse_json(c["after"].dump(), "amend", 1).dump()};
    std::istringstream lines(text.out);
    int replayed = 0;
    for (std::string line; std::getline(lines, line);) {
      const auto at = line.find("replay: rulespec ");
      if (at == std::string::npos) continue;
      const std::string command = line.substr(at + 8);
      INFO(command);
      const auto r = run(std::string(RULESPEC_BIN) + command.substr(8));
      ++replayed;
      no_source_text(r.out);
      if (auto c = cases.find(command); c != cases.end()) {
        CHECK(r.status == 0);
        CHECK(r.out.find("under " + c->second.first + ": " + c->second.second) != std::string::npos);
      } else if (command.find("rulespec property ") == 0) {
        CHECK(r.status == 1);
        CHECK(r.out.find("FAIL") != std::string::npos);
      } else if (command.find("rulespec explain F-") == 0) {
        const std::string id = command.substr(17, command.find(' ', 17) - 17);
        CHECK(r.out.rfind(id, 0) == 0);
      } else {
        FAIL("a replay line of an unknown kind");
      }
    }
    CHECK(replayed > 0);
  }
}

TEST_CASE("amend re-runs only what an amendment reaches, and answers as a full run does", "[deep]") {
  std::map<std::string, BaseRun> bases;  // one run of each codex as written serves its amendments
  SuiteOptions opt;
  opt.jobs = 2;
  // Deep: every shipped amendment; otherwise one that changes board cases and breaks a property
  // (jishogi 27:27) and one that changes many cases of another game (Ing komi 7).
  const std::set<std::string> sample = {"jishogi-27-27-jishogi", "ing-komi-7"};
  for (const auto& entry : fs::directory_iterator(source_root() + "/spec/amendments")) {
    const std::string name = entry.path().stem().string();
    if (!deep_tests() && !sample.count(name)) continue;
    INFO(name);
    const Amendment a = load_amendment(entry.path().string(), repo_spec());
    if (!bases.count(a.codex)) {
      // The base from the cache, but the amended items run here, not taken from earlier evaluations.
      BaseRun base = run_base(repo_spec(), repo_cases(), opt, a.codex, amend_cache_dir());
      base.fingerprint.clear();
      bases.emplace(a.codex, std::move(base));
    }
    const auto pruned = evaluate_amendment(repo_spec(), a, repo_cases(), opt, false, &bases.at(a.codex));
    const auto full = evaluate_amendment(repo_spec(), a, repo_cases(), opt, true, &bases.at(a.codex));
    CHECK(pruned.items_run <= full.items_run);
    CHECK(pruned.verdict == full.verdict);
    auto cases = [](const AmendmentEvaluation& e) {
      std::vector<std::string> out;
      for (const auto& c : e.cases) out.push_back(c.case_id + "@" + c.ruleset + " " + c.before.dump() + " -> " + c.after.dump());
      return out;
    };
    auto findings = [](const std::vector<AmendmentEvaluation::FindingChange>& list) {
      std::vector<std::string> out;
      for (const auto& f : list) out.push_back(f.id + " " + f.summary);
      return out;
    };
    auto props = [](const AmendmentEvaluation& e) {
      std::vector<std::string> out;
      for (const auto& i : e.inconsistencies) {
        out.push_back(i.property + " " + i.counterexample);
        for (const auto& r : i.rulesets) out.push_back(r);
      }
      for (const auto& u : e.unexercised) out.push_back(u.property + " " + u.detail);
      return out;
    };
    CHECK(cases(pruned) == cases(full));
    CHECK(findings(pruned.appear) == findings(full.appear));
    CHECK(findings(pruned.resolved) == findings(full.resolved));
    CHECK(findings(pruned.conflicts) == findings(full.conflicts));
    CHECK(props(pruned) == props(full));
    CHECK(pruned.unhandled == full.unhandled);
    CHECK(pruned.problems == full.problems);
  }
}

TEST_CASE("an evaluation kept from an earlier one of the same change answers as the evaluation itself, and nothing else is taken for it") {
  SuiteOptions opt;
  opt.jobs = 2;
  const fs::path dir = fs::temp_directory_path() / ("rulespec-amended-runs-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  const Amendment a = load_amendment(amendment_path("jishogi-27-27-jishogi"), repo_spec());
  BaseRun base = run_base(repo_spec(), repo_cases(), opt, a.codex, dir.string());
  REQUIRE_FALSE(base.fingerprint.empty());
  BaseRun uncached = base;
  uncached.fingerprint.clear();
  auto text = [](const AmendmentEvaluation& e) {
    std::string out = std::to_string(e.items_run) + " " + e.verdict + "\n";
    for (const auto& c : e.cases) out += c.case_id + "@" + c.ruleset + " " + c.before.dump() + " -> " + c.after.dump() + "\n";
    for (const auto& i : e.inconsistencies) out += i.property + " " + i.counterexample + "\n";
    for (const auto& f : e.appear) out += "+" + f.id + "\n";
    for (const auto& f : e.resolved) out += "-" + f.id + "\n";
    return out;
  };
  const auto afresh = evaluate_amendment(repo_spec(), a, repo_cases(), opt, false, &uncached);
  CHECK_FALSE(afresh.items_run_kept);
  REQUIRE_FALSE(afresh.cases.empty());
  const auto first = evaluate_amendment(repo_spec(), a, repo_cases(), opt, false, &base);
  CHECK_FALSE(first.items_run_kept);
  CHECK(text(first) == text(afresh));
  const auto from_file = evaluate_amendment(repo_spec(), a, repo_cases(), opt, false, &base);
  CHECK(from_file.items_run_kept);
  CHECK(text(from_file) == text(afresh));
  // The same change under another name and file is the same evaluation...
  Amendment renamed = a;
  renamed.id = "another-name";
  renamed.file = "elsewhere.yaml";
  renamed.title = "Another title";
  CHECK(evaluate_amendment(repo_spec(), renamed, repo_cases(), opt, false, &base).items_run_kept);
  // ...but another value of the same setting, a full run or another seed is not.
  Amendment other = load_amendment(amendment_path("jishogi-jsa-31-points"), repo_spec());
  CHECK_FALSE(evaluate_amendment(repo_spec(), other, repo_cases(), opt, false, &base).items_run_kept);
  CHECK_FALSE(evaluate_amendment(repo_spec(), a, repo_cases(), opt, true, &base).items_run_kept);
  SuiteOptions seed2 = opt;
  seed2.seed = 2;
  CHECK_FALSE(evaluate_amendment(repo_spec(), a, repo_cases(), seed2, false, &base).items_run_kept);
  // A damaged (cut short) file is run again, and answers the same.
  int damaged = 0;
  for (const auto& entry : fs::directory_iterator(dir))
    if (entry.path().filename().string().rfind("amended-", 0) == 0) {
      std::string bytes = slurp(entry.path().string());
      bytes.resize(bytes.size() / 2);
      std::ofstream(entry.path(), std::ios::binary | std::ios::trunc) << bytes;
      ++damaged;
    }
  CHECK(damaged >= 4);
  const auto repaired = evaluate_amendment(repo_spec(), a, repo_cases(), opt, false, &base);
  CHECK_FALSE(repaired.items_run_kept);
  CHECK(text(repaired) == text(afresh));
  fs::remove_all(dir);
}

TEST_CASE("komi 7: the first screen says the compensation cannot be laid, and nothing a committee reads is C++") {
  const auto text = run(std::string(RULESPEC_BIN) + " amend " + amendment_path("ing-komi-7"));
  REQUIRE(text.status == 0);
  std::istringstream lines(text.out);
  std::string first_screen;
  int n = 0;
  for (std::string line; n < 25 && std::getline(lines, line); ++n) first_screen += line + "\n";
  CHECK(first_screen.find("Komi 7 cannot be laid as compensation stones") != std::string::npos);
  for (const std::string name : {"ing-komi-7", "jishogi-27-27-jishogi", "jishogi-jsa-31-points"}) {
    const fs::path dir = fs::temp_directory_path() / ("rulespec-amend-html-" + std::to_string(::getpid()));
    const auto r = run(std::string(RULESPEC_BIN) + " amend " + amendment_path(name) + " --out " + dir.string());
    const std::string html = slurp((dir / "amend.html").string());
    for (const char* developer : {"RC_ASSERT", "Expands to", "<?\?\?>", "rulespec::", "spec/findings/"}) {
      INFO(name << ": " << developer);
      CHECK(r.out.find(developer) == std::string::npos);
      CHECK(html.find(developer) == std::string::npos);
    }
    const auto html_summary = html.find("id=\"summary\"");
    REQUIRE(html_summary != std::string::npos);
    CHECK(html_summary < html.find("What it sets"));
    fs::remove_all(dir);
  }
}

TEST_CASE("superko and komi 6.5: the amendment adds no inconsistency, the codex's own conflicts stand apart, Art. 7 §2 must be reworded") {
  const fs::path file = fs::temp_directory_path() / ("rulespec-superko-komi-" + std::to_string(::getpid()) + ".yaml");
  {
    std::ofstream out(file);
    out << "amendment:\n  id: ru-go-1985-superko-komi\n  codex: ru-go-1985\n  title: \"Positional superko, komi 6.5\"\n"
           "  rationale: \"modern practice\"\n  source: \"proposal\"\n  rulesets: [ru-go-1985]\n"
           "params:\n  ko: positional-superko\n  komi: 6.5\n"
           "replace_clauses:\n  - id: ru-go-1985.art4.p2\n    statement: \"A move may not recreate an earlier board position.\"\n";
  }
  SuiteOptions opt;
  opt.jobs = 2;
  const Amendment a = load_amendment(file.string(), repo_spec());
  const BaseRun base = run_base(repo_spec(), repo_cases(), opt, a.codex, amend_cache_dir());
  const auto e = evaluate_amendment(repo_spec(), a, repo_cases(), opt, false, &base);
  fs::remove(file);
  // The amendment's part: nothing added; the codex's part: its own conflicts, each named.
  CHECK(e.amendment_verdict == "adds-no-inconsistency");
  CHECK_FALSE(e.conflicts.empty());
  const auto headline = e.headline();
  REQUIRE(headline.size() == 2);
  CHECK(headline[0].rfind("The amendment adds no inconsistency", 0) == 0);
  for (const auto& f : e.conflicts) {
    CHECK(headline[0].find(f.id) == std::string::npos);
    CHECK(headline[1].find(f.id) != std::string::npos);
  }
  // Articles to reword: Art. 7 §2's 5.5 points, and the double-ko claims of Art. 9; not the
  // replaced Art. 4 §2, nor claims whose evidence moved only in a label or by the komi alone.
  std::map<std::string, std::string> reword;
  for (const auto& r : e.reword) {
    std::string why;
    for (const auto& w : r.why) why += w + "\n";
    reword[r.clause] = why;
  }
  REQUIRE(reword.count("ru-go-1985.art7.p2"));
  CHECK(reword["ru-go-1985.art7.p2"].find("komi as 5.5; the amendment sets 6.5") != std::string::npos);
  CHECK(reword.count("ru-go-1985.art9.p2.a"));
  CHECK_FALSE(reword.count("ru-go-1985.art4.p2"));
  CHECK_FALSE(reword.count("ru-go-1985.art4.p2.ko-threat"));  // the retake still waits a move: only the reason's name moved
  CHECK_FALSE(reword.count("ru-go-1985.art9.p2.b"));          // its example's margin moved by the komi alone
  for (const auto& p : e.problems) CHECK(p.rfind("claim ", 0) != 0);
  // The replaced statement, old beside new.
  REQUIRE(e.replaced.size() == 1);
  CHECK(e.replaced[0].clause == "ru-go-1985.art4.p2");
  CHECK(e.replaced[0].before.find("exactly one stone") != std::string::npos);
  CHECK(e.replaced[0].after == "A move may not recreate an earlier board position.");
  // Cases: a label moved (ko -> superko, still refused) counted apart from outcomes that moved.
  bool label = false, outcome = false;
  for (const auto& c : e.cases) {
    if (c.case_id == "go.board.ko-immediate-recapture" && c.ruleset == "ru-go-1985") {
      label = c.label_only;
      CHECK(c.sentence == "After C3, the move B3: before, forbidden by ko (" + repo_spec().clause("ru-go-1985.art4.p2")->ref +
                             "); under the amendment, forbidden by superko (" + repo_spec().clause("ru-go-1985.art4.p2")->ref + ").");
    }
    if (c.case_id == "ru1985.komi.black-by-one") {
      outcome = !c.label_only;
      CHECK(c.sentence.find("before, Black wins by 1; under the amendment, White wins by 0.5") != std::string::npos);
      CHECK(c.sentence.rfind("With black territory ", 0) == 0);  // the numbers the count is given, named
    }
  }
  CHECK(label);
  CHECK(outcome);
}

// Issue 45's example, shipped: both flags down, the first fall by the clocks loses, else both lose,
// written as new values of the game-end table's input and their rows.
TEST_CASE("the shipped both-flags amendment resolves the gap, moves its case and decides every new value") {
  const auto e = evaluate("ru-go-1985-both-flags-down");
  CHECK(std::any_of(e.resolved.begin(), e.resolved.end(), [](const auto& f) { return f.id == "F-ru-go-1985-both-flags-down"; }));
  CHECK(e.amendment_verdict == "adds-no-inconsistency");
  CHECK(e.appear.empty());
  CHECK(std::any_of(e.cases.begin(), e.cases.end(), [](const auto& c) { return c.case_id == "ru1985.decisions.both-flags-down"; }));
  const Spec amended = apply_amendment(repo_spec(), load_amendment(amendment_path("ru-go-1985-both-flags-down"), repo_spec()));
  auto outcome = [&](const std::string& ended_by) {
    const Value answer = run_query(amended, parse_json(R"({"game":"go","query":"decide","ruleset":"ru-go-1985","table":"ru-go-1985.decisions.game-end",)"
                                                       R"("inputs":{"ended-by":")" + ended_by + R"(","totals":"equal","game":"even"}})",
                                                       "request", 1));
    return answer.find("verdict")->as_string() + " " + (answer.find("outcome") ? answer.find("outcome")->as_string() : std::string());
  };
  CHECK(outcome("both-flags-black-fell-first") == "decided white-wins");
  CHECK(outcome("both-flags-white-fell-first") == "decided black-wins");
  CHECK(outcome("both-flags-found-down") == "decided both-lose");
}

TEST_CASE("an amendment edits a decision table: a row that decides both flags down resolves the gap, a row that clashes appears") {
  const fs::path file = fs::temp_directory_path() / ("rulespec-both-flags-" + std::to_string(::getpid()) + ".yaml");
  auto write = [&](const std::string& decisions) {
    std::ofstream(file) << "amendment:\n  id: both-flags-down\n  codex: ru-go-1985\n  title: \"Both flags down: both lose\"\n"
                           "  rationale: \"The first fall cannot be established; the note of Art. 20 already gives both a loss for the other two-sided events\"\n"
                           "  rulesets: [ru-go-1985]\n"
                        << decisions;
  };
  auto evaluate_file = [&] {
    SuiteOptions opt;
    opt.jobs = 2;
    const Amendment a = load_amendment(file.string(), repo_spec());
    const BaseRun base = run_base(repo_spec(), repo_cases(), opt, a.codex, amend_cache_dir());
    return evaluate_amendment(repo_spec(), a, repo_cases(), opt, false, &base);
  };
  write("decisions:\n  - id: ru-go-1985.decisions.game-end\n    add_rows:\n"
        "      - {id: both-flags, when: {ended-by: both-flags-found-down}, outcome: both-lose, clause: ru-go-1985.art20.note, line: 229}\n");
  const auto e = evaluate_file();
  CHECK(std::any_of(e.resolved.begin(), e.resolved.end(), [](const auto& f) { return f.id == "F-ru-go-1985-both-flags-down"; }));
  CHECK(e.appear.empty());
  CHECK(e.amendment_verdict == "adds-no-inconsistency");
  // The case that replays the gap now gets the row's outcome.
  bool moved = false;
  for (const auto& c : e.cases)
    if (c.after.find("verdict") && c.after.find("verdict")->as_string() == "decided" && c.after.dump().find("both-lose") != std::string::npos) moved = true;
  CHECK(moved);
  // A row that gives the same combination another outcome: a conflict the amendment makes appear.
  write("decisions:\n  - id: ru-go-1985.decisions.game-end\n    add_rows:\n"
        "      - {id: black-flag-draw, when: {ended-by: black-flag, game: handicap}, outcome: draw, clause: ru-go-1985.art20.a, line: 224}\n");
  const auto clash = evaluate_file();
  REQUIRE(clash.appear.size() == 1);
  CHECK(clash.appear[0].kind == "conflict");
  CHECK(clash.appear[0].summary.find("rows black-flag (white-wins) and black-flag-draw (draw) overlap") != std::string::npos);
  CHECK(clash.amendment_verdict == "adds-inconsistency");
  // Under policy first the earlier row decides, and the new one is never reached: dead, not a clash.
  write("decisions:\n  - id: ru-go-1985.decisions.game-end\n    policy: first\n    add_rows:\n"
        "      - {id: black-flag-draw, when: {ended-by: black-flag, game: handicap}, outcome: draw, clause: ru-go-1985.art20.a, line: 224}\n");
  const auto ordered = evaluate_file();
  REQUIRE(ordered.appear.size() == 1);
  CHECK(ordered.appear[0].kind == "redundancy");
  CHECK(ordered.appear[0].summary.find("row black-flag-draw is never reached") != std::string::npos);
  // A new value of an input: no row decides it, a gap appears; with its row, none does.
  write("decisions:\n  - id: ru-go-1985.decisions.game-end\n    add_values: {ended-by: [arbiter-stops-play]}\n");
  const auto widened = evaluate_file();
  REQUIRE(widened.appear.size() == 1);
  CHECK(widened.appear[0].kind == "gap");
  CHECK(widened.appear[0].summary.find("arbiter-stops-play") != std::string::npos);
  write("decisions:\n  - id: ru-go-1985.decisions.game-end\n    add_values: {ended-by: [arbiter-stops-play]}\n    add_rows:\n"
        "      - {id: arbiter-stops, when: {ended-by: arbiter-stops-play}, outcome: adjudicated, clause: ru-go-1985.art19.p9, line: 221}\n");
  CHECK(evaluate_file().appear.empty());
  // Refused with positions and the nearest names.
  auto error_of = [&](const std::string& decisions) {
    write(decisions);
    try {
      load_amendment(file.string(), repo_spec());
    } catch (const InputError& err) {
      return std::string(err.what());
    }
    return std::string("loaded");
  };
  CHECK(error_of("decisions:\n  - id: ru-go-1985.decisions.game-ends\n    policy: first\n")
            .find("has no decision table 'ru-go-1985.decisions.game-ends' (did you mean 'ru-go-1985.decisions.game-end'?)") != std::string::npos);
  CHECK(error_of("decisions:\n  - id: ru-go-1985.decisions.game-end\n    remove_rows: [black-flags]\n")
            .find(":9:19: remove_rows: table ru-go-1985.decisions.game-end has no row 'black-flags' (did you mean 'black-flag'?)") != std::string::npos);
  CHECK(error_of("decisions:\n  - id: ru-go-1985.decisions.game-end\n    add_rows:\n"
                 "      - {id: black-flag, when: {ended-by: black-flag}, outcome: draw, clause: ru-go-1985.art20.a, line: 224}\n")
            .find("already has a row 'black-flag'") != std::string::npos);
  CHECK(error_of("decisions:\n  - id: ru-go-1985.decisions.game-end\n    policy: sometimes\n").find("unique") != std::string::npos);
  CHECK(error_of("decisions:\n  - id: ru-go-1985.decisions.game-end\n    add_values: {ended_by: [x]}\n")
            .find(":9:18: add_values: table ru-go-1985.decisions.game-end has no input 'ended_by' (did you mean 'ended-by'?)") != std::string::npos);
  CHECK(error_of("decisions:\n  - id: ru-go-1985.decisions.game-end\n    add_values: {ended-by: [count]}\n")
            .find("add_values: input ended-by already has the value 'count'") != std::string::npos);
  CHECK(error_of("decisions:\n  - id: ru-go-1985.decisions.game-end\n    add_rows:\n"
                 "      - {id: x, when: {ended-by: black-flagg}, outcome: draw, clause: ru-go-1985.art20.a, line: 224}\n")
            .find("black-flagg") != std::string::npos);
  fs::remove(file);
}

TEST_CASE("a changed figure is written into the text only where it stands as a number of its own") {
  CHECK(with_number_replaced("Black hands White 5.5 points; 15.5 and 5.55 stay; 5.5.", "5.5", "6.5") ==
        "Black hands White 6.5 points; 15.5 and 5.55 stay; 6.5.");
  CHECK(with_number_replaced("komi 8 - D, 18 or 80", "8", "7") == "komi 7 - D, 18 or 80");
  CHECK(with_number_replaced("no figure here", "8", "7").empty());
  CHECK(statement_names_article("Compensation (Art. 7 §2): 5.5 points", "Ch. I Art. 7 §2"));
  CHECK_FALSE(statement_names_article("Compensation (Art. 7 §2): 5.5 points", "Ch. I Art. 7 §21"));
  CHECK_FALSE(statement_names_article("Compensation (Art. 7 §2)", "Ch. I Art. 17 §2"));
}

TEST_CASE("docs/amendments.md documents every key the amendment loader accepts") {
  const std::string doc = slurp(source_root() + "/docs/amendments.md");
  REQUIRE_FALSE(doc.empty());
  for (const auto& key : amendment_keys()) {
    INFO(key);
    CHECK(doc.find("`" + key + "`") != std::string::npos);
  }
}

TEST_CASE("the starting amendment of every codex lints clean") {
  const fs::path dir = fs::temp_directory_path() / ("rulespec-template-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  for (const auto& cx : repo_spec().codices()) {
    INFO(cx.id);
    const std::string file = (dir / (cx.id + ".yaml")).string();
    REQUIRE(run(std::string(RULESPEC_BIN) + " amend --template " + cx.id + " > " + file).status == 0);
    const auto r = run(std::string(RULESPEC_BIN) + " lint " + file);
    CHECK(r.status == 0);
    CHECK(slurp(file).find("params:") != std::string::npos);
  }
  fs::remove_all(dir);
}
