// rulespec certify against engines over GTP: the reference model certified, every mutant of it
// rejected on exactly the clause it breaks, GNU Go certified under the 1985 Codex and rejected
// when started with its own rule-breaking flags, and hostile engines ended within the budget.
#include <catch2/catch.hpp>

#include "spec/build_info.hpp"

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <unistd.h>

#include "certify/certify.hpp"
#include "certify/matrix.hpp"
#include "certify/shogi_declaration.hpp"
#include "queries/query.hpp"
#include "tests/repo.hpp"

using namespace rulespec;
using rulespec::testing::deep_tests;
using rulespec::testing::repo_spec;

namespace {

certify::Result certify_go(const std::vector<std::string>& engine, const std::string& ruleset = "ru-go-1985", double budget = 60) {
  certify::Options o;
  o.engine = engine;
  o.engine_text = engine.front();
  o.ruleset = ruleset;
  o.budget_seconds = budget;
  return certify::certify_go_gtp(repo_spec(), repo_spec().ruleset(ruleset), o);
}

// The clauses that failed.
std::vector<std::string> failed(const certify::Result& r) {
  std::vector<std::string> out;
  for (const auto& [id, t] : r.clauses)
    if (t.passed != t.tested) out.push_back(id);
  return out;
}

}  // namespace

TEST_CASE("certify: the reference engine is certified and every mutant is rejected on its flipped clause") {
  const auto reference = certify_go({RULESPEC_MUTANT});
  CHECK(reference.engine_error.empty());
  CHECK(reference.certified());
  // Every clause the probes speak to was tested, so a mutant has somewhere to fail.
  for (const char* id : {"ru-go-1985.art3.p1", "ru-go-1985.art3.p2", "ru-go-1985.art4.p1", "ru-go-1985.art4.p2"}) {
    INFO(id);
    REQUIRE(reference.clauses.count(id));
    CHECK(reference.clauses.at(id).tested >= 10);
  }
  // final_score on the finished 13x13 games (territory and prisoners, komi 3.5).
  REQUIRE(reference.clauses.count("ru-go-1985.art12.p2.b"));
  CHECK(reference.clauses.at("ru-go-1985.art12.p2.b").tested == 4);
  const std::pair<const char*, const char*> mutants[] = {
      {"ko", "ru-go-1985.art4.p2"}, {"suicide", "ru-go-1985.art4.p1"}, {"capture", "ru-go-1985.art3.p2"}, {"occupied", "ru-go-1985.art3.p1"},
      {"score", "ru-go-1985.art12.p2.b"}};
  int killed = 0;
  for (const auto& [flip, clause] : mutants) {
    const auto r = certify_go({RULESPEC_MUTANT, "--flip", flip});
    INFO("flip " << flip);
    CHECK_FALSE(r.certified());
    const auto f = failed(r);
    CHECK(std::find(f.begin(), f.end(), clause) != f.end());
    killed += std::find(f.begin(), f.end(), clause) != f.end();
    REQUIRE(r.clauses.count(clause));
    CHECK_FALSE(r.clauses.at(clause).failures.empty());
    // A game's probe replays that game; the finished positions of final_score come with the run.
    if (std::string(flip) != "score") CHECK(r.clauses.at(clause).failures.front().replay.find("--replay") != std::string::npos);
  }
  CHECK(killed == 5);
}

TEST_CASE("certify: games shared among parallel engine processes give the same certificate") {
  certify::Options o;
  o.engine = {RULESPEC_MUTANT, "--flip", "ko"};
  o.engine_text = RULESPEC_MUTANT;
  o.ruleset = "ru-go-1985";
  o.games = 6;
  const auto one = certify::certificate(certify::certify_go_gtp(repo_spec(), repo_spec().ruleset("ru-go-1985"), o)).dump();
  o.jobs = 3;
  std::atomic<int> games{0};
  o.progress = [&games](int, int) { ++games; };  // called from the engine threads
  const auto three = certify::certificate(certify::certify_go_gtp(repo_spec(), repo_spec().ruleset("ru-go-1985"), o)).dump();
  CHECK(one == three);
  CHECK(games == 6);
}

TEST_CASE("certify: UCI positions shared among parallel engine processes give the same certificate") {
  for (const std::string game : {"xiangqi", "shogi"}) {
    INFO(game);
    certify::Options o;
    o.engine = {RULESPEC_MUTANT, "--game", game, "--flip", game == "xiangqi" ? "pin" : "nifu"};
    o.engine_text = RULESPEC_MUTANT;
    o.ruleset = game == "xiangqi" ? "axf-1982" : "jishogi-amateur-27";
    const Ruleset& rs = repo_spec().ruleset(o.ruleset);
    const auto one = certify::certify_game(game, repo_spec(), rs, o);
    o.jobs = 3;
    const auto three = certify::certify_game(game, repo_spec(), rs, o);
    CHECK_FALSE(one.certified());
    CHECK(certify::certificate(one).dump() == certify::certificate(three).dump());
  }
  // A real engine learns from its earlier searches (hash table, histories); each search starts a
  // new game, so that its answers, and the certificate, do not depend on which positions one
  // process saw before, and a failure's replay (that position alone) fails the same way.
  const std::string fsf = "/usr/games/fairy-stockfish";
  if (!std::filesystem::exists(fsf)) {
    WARN("fairy-stockfish not installed: skipped");
    return;
  }
  certify::Options o;
  o.engine = {fsf};
  o.engine_text = fsf;
  o.ruleset = "axf-1982";
  o.games = 4;
  const Ruleset& rs = repo_spec().ruleset(o.ruleset);
  const auto one = certify::certify_game("xiangqi", repo_spec(), rs, o);
  o.jobs = 2;
  const auto two = certify::certify_game("xiangqi", repo_spec(), rs, o);
  CHECK(certify::certificate(one).dump() == certify::certificate(two).dump());
  const std::string clause = "axf-1982.chase.unprotected-forbidden";
  REQUIRE(one.clauses.count(clause));
  REQUIRE_FALSE(one.clauses.at(clause).failures.empty());
  const std::string replay = one.clauses.at(clause).failures.front().replay;
  INFO(replay);
  CHECK(replay.find(" --games 4 ") != std::string::npos);
  o.jobs = 1;
  o.only_game = std::stoi(replay.substr(replay.find("--replay ") + 9));
  const auto alone = certify::certify_game("xiangqi", repo_spec(), rs, o);
  REQUIRE(alone.clauses.count(clause));
  CHECK(alone.clauses.at(clause).passed < alone.clauses.at(clause).tested);
  // A position the run does not have is refused, not run as nothing.
  o.only_game = 100000;
  CHECK_THROWS_AS(certify::certify_game("xiangqi", repo_spec(), rs, o), certify::ReplayOutOfRange);
}

TEST_CASE("certify: GNU Go under the 1985 Codex, and with its own rule-breaking flags") {
  const std::string gnugo = "/usr/games/gnugo";
  if (!std::filesystem::exists(gnugo)) {
    WARN("gnugo not installed: skipped");
    return;
  }
  // Its play is the Codex's, on decisive probes (ko recaptures and suicides an engine without the
  // rule would accept). Its fixed handicap is GTP's, which the protocol prescribes: where the Codex
  // differs (3, 5 and 7 stones: the fifth stone on a side point, the corners in its own order) that
  // is noted, not failed, and Art. 8 §3 is not observed over GTP.
  const std::string handicap = "ru-go-1985.art8.p3.placement";
  const auto plain = certify_go({gnugo, "--mode", "gtp", "--level", "1"});
  CHECK(plain.engine_id.rfind("GNU Go", 0) == 0);
  CHECK(failed(plain).empty());
  CHECK(plain.certified());
  for (const char* rule : {"ru-go-1985.art4.p1", "ru-go-1985.art4.p2"}) {
    INFO(rule);
    CHECK(plain.verdict(rule) == certify::Verdict::Passed);
    CHECK(plain.clauses.at(rule).decisive >= 30);
    CHECK(plain.clauses.at(rule).blind_pass_chance() < certify::kBlindPassBound);
  }
  CHECK(plain.verdict(handicap) == certify::Verdict::NotObserved);
  CHECK(plain.unobserved.at(handicap).find("GTP's fixed_handicap") != std::string::npos);
  CHECK(std::count_if(plain.noted.begin(), plain.noted.end(), [](const std::string& n) { return n.rfind("fixed_handicap", 0) == 0; }) == 3);
  CHECK(failed(certify_go({gnugo, "--mode", "gtp", "--level", "1", "--no-ko"})) == std::vector<std::string>{"ru-go-1985.art4.p2"});
  CHECK(failed(certify_go({gnugo, "--mode", "gtp", "--level", "1", "--allow-all-suicide"})) == std::vector<std::string>{"ru-go-1985.art4.p1"});
  // Its final_score is the Codex's count (territory and prisoners) on finished games.
  CHECK(plain.clauses.at("ru-go-1985.art12.p2.b").passed == 4);
  // Ing's rules are not GNU Go's: it refuses the single-stone suicide Ing reads as a pass, and it
  // counts territory where Ing counts area (the finished games with unequal walls or prisoners).
  const auto ing = certify_go({gnugo, "--mode", "gtp", "--level", "1"}, "ing-1996");
  CHECK_FALSE(ing.certified());
  CHECK(failed(ing) == std::vector<std::string>{"ing-1996.suicide.single-stone", "ing-1996.summary.area-scoring"});
}

TEST_CASE("certify: hostile engines are named and ended within the budget") {
  using Clock = std::chrono::steady_clock;
  const auto t0 = Clock::now();
  const auto silent = certify_go({"/bin/sleep", "30"}, "ru-go-1985", 2);
  CHECK(std::chrono::duration<double>(Clock::now() - t0).count() < 5);
  CHECK(silent.engine_error.find("no answer to 'name'") != std::string::npos);
  CHECK(silent.engine_error.find("is it speaking GTP?") != std::string::npos);
  CHECK_FALSE(silent.certified());
  const auto garbage = certify_go({"/bin/cat"}, "ru-go-1985", 5);
  CHECK(garbage.engine_error.find("is not GTP") != std::string::npos);
  const auto flood = certify_go({"/usr/bin/yes", "= flood"}, "ru-go-1985", 5);
  CHECK(flood.engine_error.find("more than 1000 lines") != std::string::npos);
  // Answers GTP for a while ("true" to every known_command), then dies mid-game.
  const auto crash = certify_go({"/bin/sh", "-c", "n=0; while read l; do n=$((n+1)); [ $n -gt 30 ] && exit 3; printf '= true\\n\\n'; done"}, "ru-go-1985", 5);
  CHECK(crash.engine_error.find("no answer") != std::string::npos);
  CHECK(crash.engine_error.find("last exchange") != std::string::npos);
  CHECK(std::chrono::duration<double>(Clock::now() - t0).count() < 20);
  CHECK_THROWS(certify_go({"/nonexistent/engine"}));
}

TEST_CASE("certify: xiangqi over UCI, the reference and its mutants, and fairy-stockfish") {
  auto xq = [](const std::vector<std::string>& engine, double budget = 60) {
    certify::Options o;
    o.engine = engine;
    o.engine_text = engine.front();
    o.ruleset = "axf-1982";
    o.budget_seconds = budget;
    return certify::certify_xiangqi_uci(repo_spec(), repo_spec().ruleset("axf-1982"), o);
  };
  const auto reference = xq({RULESPEC_MUTANT, "--game", "xiangqi"});
  CHECK(reference.engine_error.empty());
  CHECK(reference.clean());  // every probe passes, the basic rules' and the repetition loops'
  CHECK(reference.certified());
  CHECK(reference.probes > 200);
  const std::pair<const char*, const char*> mutants[] = {{"flying-general", "xiangqi.rules.flying-general"},
                                                         {"pin", "xiangqi.rules.king-safety"},
                                                         {"horse-leg", "xiangqi.rules.piece-movement"}};
  for (const auto& [flip, clause] : mutants) {
    INFO("flip " << flip);
    const auto f = failed(xq({RULESPEC_MUTANT, "--game", "xiangqi", "--flip", flip}));
    CHECK(std::find(f.begin(), f.end(), clause) != f.end());
  }
  // A failure names its position, the engine's moves in its own text (ranks 1-10) and in ours
  // (ICCS and WXF), and a --replay N that probes that position alone and fails the same way.
  const auto pin = xq({RULESPEC_MUTANT, "--game", "xiangqi", "--flip", "pin"});
  const auto& first = pin.clauses.at("xiangqi.rules.king-safety").failures.front();
  CHECK(first.answered_ours.find("(WXF ") != std::string::npos);
  const auto at = first.replay.find(" --replay ");
  REQUIRE(at != std::string::npos);
  certify::Options again;
  again.engine = {RULESPEC_MUTANT, "--game", "xiangqi", "--flip", "pin"};
  again.engine_text = RULESPEC_MUTANT;
  again.ruleset = "axf-1982";
  again.only_game = std::stoi(first.replay.substr(at + 10));
  const auto replayed = certify::certify_xiangqi_uci(repo_spec(), repo_spec().ruleset("axf-1982"), again);
  CHECK(replayed.probes == 1);
  REQUIRE(replayed.clauses.count("xiangqi.rules.king-safety"));
  CHECK(replayed.clauses.at("xiangqi.rules.king-safety").failures.front().position == first.position);
  CHECK(replayed.clauses.at("xiangqi.rules.king-safety").failures.front().answered == first.answered);
  const std::string fsf = "/usr/games/fairy-stockfish";
  if (std::filesystem::exists(fsf)) {
    const auto r = xq({fsf});
    CHECK(r.engine_id.rfind("Fairy-Stockfish", 0) == 0);
    // Its moves are right; its repetition play is judged in the through-play test below.
    for (const char* id : {"xiangqi.rules.piece-movement", "xiangqi.rules.king-safety", "xiangqi.rules.flying-general"})
      CHECK(r.verdict(id) == certify::Verdict::Passed);
  }
  const auto t0 = std::chrono::steady_clock::now();
  const auto silent = xq({"/bin/sleep", "30"}, 2);
  CHECK(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() < 5);
  CHECK(silent.engine_error.find("no 'uciok'") != std::string::npos);
  CHECK(silent.engine_error.find("is it speaking UCI?") != std::string::npos);
}

TEST_CASE("certify: renju over the Gomocup protocol, the reference brain and a brain that forgets its fouls") {
  auto rj = [](const std::vector<std::string>& engine) {
    certify::Options o;
    o.engine = engine;
    o.engine_text = engine.front();
    o.ruleset = "rif-renju";
    return certify::certify_renju_gomocup(repo_spec(), repo_spec().ruleset("rif-renju"), o);
  };
  const auto reference = rj({RULESPEC_PBRAIN});
  CHECK(reference.engine_error.empty());
  CHECK(reference.engine_id == "rulespec reference");
  CHECK(reference.certified());
  // Each foul rule on decisive probes only (forced fouls an engine without the rule plays), with
  // the rule-blind engine's chance stated; an empty point no engine could miss is never decisive.
  const char* fouls[] = {"rif-renju.foul.black-double-three", "rif-renju.foul.black-double-four", "rif-renju.overline.black-foul"};
  for (const char* rule : fouls) {
    INFO(rule);
    REQUIRE(reference.clauses.count(rule));
    CHECK(reference.verdict(rule) == certify::Verdict::Passed);
    CHECK(reference.clauses.at(rule).decisive >= 30);
    CHECK(reference.clauses.at(rule).blind_pass_chance() < certify::kBlindPassBound);
  }
  CHECK(reference.verdict("rif-renju.move.one-stone-empty-point") == certify::Verdict::Insufficient);
  // Winning is no rule an engine can break by not taking a five: not observed, said why.
  CHECK(reference.clauses.count("rif-renju.result.five-wins") == 0);
  // A brain that forgets its fouls, and each that forgets one: rejected on that rule, with the
  // foul it played.
  const auto mutant = rj({RULESPEC_MUTANT, "--game", "renju", "--flip", "foul"});
  for (const char* rule : fouls) CHECK(mutant.verdict(rule) == certify::Verdict::Failed);
  const std::pair<const char*, const char*> one[] = {{"double-three", fouls[0]}, {"double-four", fouls[1]}, {"overline", fouls[2]}};
  for (const auto& [flip, rule] : one) {
    INFO(flip);
    const auto m = rj({RULESPEC_MUTANT, "--game", "renju", "--flip", flip});
    CHECK(failed(m) == std::vector<std::string>{rule});
    CHECK(m.clauses.at(rule).failures.front().answered.find(", a foul") != std::string::npos);
  }
}

TEST_CASE("certify: every mutant of the rules whose probes are measured is rejected on its clause under seeds 1 to 20", "[deep]") {
  // make test: a sample of the seeds; make test-deep: all twenty.
  std::vector<std::uint64_t> seeds;
  for (std::uint64_t s = 1; s <= 20; ++s)
    if (deep_tests() || s % 6 == 1) seeds.push_back(s);
  struct Flip {
    const char* game;
    const char* ruleset;
    const char* flip;
    const char* clause;
    const char* protocol = "";
  };
  const Flip flips[] = {{"go", "ru-go-1985", "ko", "ru-go-1985.art4.p2"},
                        {"go", "ru-go-1985", "genmove-ko", "ru-go-1985.art4.p2"},
                        {"go", "ru-go-1985", "suicide", "ru-go-1985.art4.p1"},
                        {"go", "ru-go-1985", "capture", "ru-go-1985.art3.p2"},
                        {"go", "ru-go-1985", "occupied", "ru-go-1985.art3.p1"},
                        {"go", "ru-go-1985", "score", "ru-go-1985.art12.p2.b"},
                        {"renju", "rif-renju", "foul", "rif-renju.foul.black-double-three"},
                        {"renju", "rif-renju", "double-three", "rif-renju.foul.black-double-three"},
                        {"renju", "rif-renju", "double-four", "rif-renju.foul.black-double-four"},
                        {"renju", "rif-renju", "overline", "rif-renju.overline.black-foul"},
                        {"shogi", "jishogi-amateur-27", "pawn-drop-mate", "shogi.rules.pawn-drop-mate"},
                        {"shogi", "jishogi-amateur-27", "nifu", "shogi.rules.nifu"},
                        {"shogi", "jishogi-amateur-27", "repeat", "shogi.rules.perpetual-check"},
                        {"shogi", "jishogi-amateur-27", "declare-always", "jishogi.declaration.cond2-points", "usi"},
                        {"shogi", "csa-24", "declare-always", "jishogi.declaration.cond4-ten-pieces", "usi"},
                        {"xiangqi", "axf-1982", "repeat", "axf-1982.perpetual-check"},
                        {"xiangqi", "cxa", "repeat", "cxa.perpetual-check"},
                        {"xiangqi", "axf-1982", "flying-general", "xiangqi.rules.flying-general"},
                        {"xiangqi", "axf-1982", "pin", "xiangqi.rules.king-safety"}};
  for (const auto& f : flips)
    for (const auto seed : seeds) {
      INFO(f.game << " --flip " << f.flip << " --seed " << seed);
      certify::Options o;
      o.engine = {RULESPEC_MUTANT, "--game", f.game, "--flip", f.flip};
      o.engine_text = RULESPEC_MUTANT;
      o.ruleset = f.ruleset;
      o.protocol = f.protocol;
      o.seed = seed;
      const auto r = certify::certify_game(f.game, repo_spec(), repo_spec().ruleset(f.ruleset), o);
      CHECK(r.engine_error.empty());
      CHECK(r.verdict(f.clause) == certify::Verdict::Failed);
    }
  // And the references are certified under those seeds, on decisive evidence: each rule a mutant
  // breaks passes, and every clause that passes carries enough decisive probes.
  struct Reference {
    const char *game, *ruleset, *protocol;
    std::vector<std::string> engine;
    std::vector<const char*> passes;
  };
  const std::vector<Reference> references = {
      {"go", "ru-go-1985", "", {RULESPEC_MUTANT}, {"ru-go-1985.art4.p2", "ru-go-1985.art4.p1"}},
      {"renju", "rif-renju", "", {RULESPEC_PBRAIN}, {"rif-renju.foul.black-double-three", "rif-renju.overline.black-foul"}},
      {"xiangqi", "axf-1982", "", {RULESPEC_MUTANT, "--game", "xiangqi"}, {"axf-1982.perpetual-check", "xiangqi.rules.flying-general"}},
      {"xiangqi", "cxa", "", {RULESPEC_MUTANT, "--game", "xiangqi"}, {"cxa.perpetual-check", "xiangqi.rules.king-safety"}},
      {"shogi", "jishogi-amateur-27", "usi", {RULESPEC_MUTANT, "--game", "shogi"},
       {"shogi.rules.perpetual-check", "shogi.rules.pawn-drop-mate", "jishogi.declaration.cond2-points", "jishogi.declaration.cond4-ten-pieces"}},
      {"shogi", "csa-24", "usi", {RULESPEC_MUTANT, "--game", "shogi"}, {"jishogi.declaration.cond4-ten-pieces"}}};
  for (const auto seed : seeds)
    for (const auto& ref : references) {
      INFO(ref.game << " reference under " << ref.ruleset << " --seed " << seed);
      certify::Options o;
      o.engine = ref.engine;
      o.engine_text = o.engine.front();
      o.ruleset = ref.ruleset;
      o.protocol = ref.protocol;
      o.seed = seed;
      const auto r = certify::certify_game(ref.game, repo_spec(), repo_spec().ruleset(o.ruleset), o);
      CHECK(r.certified());
      for (const char* clause : ref.passes) {
        INFO(clause);
        CHECK(r.verdict(clause) == certify::Verdict::Passed);
      }
      for (const auto& [id, t] : r.clauses)
        if (r.verdict(id) == certify::Verdict::Passed) {
          INFO(id);
          // The rules of movement, and a bestmove being legal, are the two things no model can
          // switch off (without them there is no game): their probes are counted as before, and the
          // certificate says "decisiveness not measured" (docs/certify.md). Everything else passes
          // on decisive probes only.
          if (id.ends_with(".rules.piece-movement") || id.ends_with(".rules.bestmove-legal")) {
            CHECK(t.measured == 0);
            continue;
          }
          CHECK(t.decisive >= r.min_probes);
          CHECK(t.blind_pass_chance() < certify::kBlindPassBound);
        }
    }
}

TEST_CASE("certify: GTP genmove answers are judged: an engine whose own moves forget the ko rule is failed on it") {
  certify::Options o;
  o.engine = {RULESPEC_MUTANT, "--game", "go", "--flip", "genmove-ko"};
  o.engine_text = RULESPEC_MUTANT;
  o.ruleset = "ru-go-1985";
  const auto r = certify::certify_game("go", repo_spec(), repo_spec().ruleset("ru-go-1985"), o);
  CHECK(r.engine_error.empty());
  REQUIRE(r.verdict("ru-go-1985.art4.p2") == certify::Verdict::Failed);
  // Its `play` keeps the rule: every failure is a move of its own.
  for (const auto& f : r.clauses.at("ru-go-1985.art4.p2").failures) {
    CHECK(f.query.rfind("genmove ", 0) == 0);
    CHECK(f.answered.find("ko") != std::string::npos);
  }
  // The reference's own moves pass, and count where a rule closed a point.
  o.engine = {RULESPEC_MUTANT};
  const auto reference = certify::certify_game("go", repo_spec(), repo_spec().ruleset("ru-go-1985"), o);
  CHECK(reference.clean());
  CHECK(reference.verdict("ru-go-1985.art4.p2") == certify::Verdict::Passed);
}

TEST_CASE("certify: a ruleset named as the engine names it (an alias) is certified as the ruleset it names") {
  certify::Options o;
  o.engine = {RULESPEC_PBRAIN};
  o.engine_text = RULESPEC_PBRAIN;
  o.ruleset = "gomocup-renju";
  const auto renju = certify::certify_renju_gomocup(repo_spec(), repo_spec().ruleset("gomocup-renju"), o);
  CHECK(renju.engine_error.empty());
  CHECK(renju.ruleset == "gomocup-renju");
  CHECK(renju.certified());
  o.ruleset = "gomocup-standard";
  const auto standard = certify::certify_renju_gomocup(repo_spec(), repo_spec().ruleset("gomocup-standard"), o);
  CHECK(standard.engine_error.empty());
  CHECK(standard.ruleset == "gomoku-15");
  // No fouls under gomoku: nothing is tallied against them.
  for (const auto& [id, t] : standard.clauses) CHECK(id.find("foul") == std::string::npos);
}

TEST_CASE("certify: shogi over UCI, the reference and its mutants, and fairy-stockfish's pawn-drop mates") {
  auto sh = [](const std::vector<std::string>& engine) {
    certify::Options o;
    o.engine = engine;
    o.engine_text = engine.front();
    o.ruleset = "jishogi-amateur-27";
    return certify::certify_shogi_uci(repo_spec(), repo_spec().ruleset("jishogi-amateur-27"), o);
  };
  const auto reference = sh({RULESPEC_MUTANT, "--game", "shogi"});
  CHECK(reference.engine_error.empty());
  CHECK(reference.clean());
  CHECK(failed(sh({RULESPEC_MUTANT, "--game", "shogi", "--flip", "pawn-drop-mate"})) == std::vector<std::string>{"shogi.rules.pawn-drop-mate"});
  CHECK(failed(sh({RULESPEC_MUTANT, "--game", "shogi", "--flip", "nifu"})) == std::vector<std::string>{"shogi.rules.nifu"});
  const std::string fsf = "/usr/games/fairy-stockfish";
  if (std::filesystem::exists(fsf)) {
    // fairy-stockfish 11.1 lets a pawn drop mate (known; see tests/test_shogi.cpp): its certificate says so.
    const auto r = sh({fsf});
    CHECK(failed(r) == std::vector<std::string>{"shogi.rules.pawn-drop-mate"});
    // The failure in the engine's text and in ours, with the position that replays alone.
    const auto& f = r.clauses.at("shogi.rules.pawn-drop-mate").failures.front();
    CHECK(f.answered == "P@i8");
    CHECK(f.answered_ours == "P*1b");
    CHECK(f.position.rfind("8k/6S2/7G1/9/9/9/9/9/4K4 b P 1", 0) == 0);
    CHECK(f.replay.find(" --replay 1") != std::string::npos);
  }
}

TEST_CASE("certify: shogi over GNU Shogi's xshogi protocol, the reference and its mutants, and gnushogi") {
  auto sh = [](const std::vector<std::string>& engine, double budget = 120) {
    certify::Options o;
    o.budget_seconds = budget;
    o.engine = engine;
    o.engine_text = engine.front();
    o.ruleset = "jishogi-amateur-27";
    o.protocol = "xshogi";
    return certify::certify_game("shogi", repo_spec(), repo_spec().ruleset("jishogi-amateur-27"), o);
  };
  const auto reference = sh({RULESPEC_MUTANT, "--game", "shogi", "--protocol", "xshogi"});
  CHECK(reference.engine_error.empty());
  CHECK(reference.protocol == "xshogi");
  CHECK(reference.clean());
  for (const char* clause : {"shogi.rules.piece-movement", "shogi.rules.king-safety", "shogi.rules.nifu", "shogi.rules.pawn-drop-mate"})
    CHECK(reference.clauses.count(clause) == 1);
  CHECK(failed(sh({RULESPEC_MUTANT, "--game", "shogi", "--protocol", "xshogi", "--flip", "pawn-drop-mate"})) ==
        std::vector<std::string>{"shogi.rules.pawn-drop-mate"});
  const auto nifu = sh({RULESPEC_MUTANT, "--game", "shogi", "--protocol", "xshogi", "--flip", "nifu"});
  CHECK(failed(nifu) == std::vector<std::string>{"shogi.rules.nifu"});
  CHECK(nifu.clauses.at("shogi.rules.nifu").failures.front().replay.find("--protocol xshogi") != std::string::npos);
  // A UCI engine spoken to in xshogi answers nothing a move: named, not hung.
  const auto wrong = sh({RULESPEC_MUTANT, "--game", "shogi"}, 2);
  CHECK_FALSE(wrong.engine_error.empty());
  const std::string gnushogi = "/usr/games/gnushogi";
  if (!std::filesystem::exists(gnushogi)) {
    WARN("gnushogi not installed: skipped");
    return;
  }
  // GNU Shogi 1.4.2 refuses nifu, pawn-drop mates, moves into check and unpromoted dead ends.
  const auto gs = sh({gnushogi});
  CHECK(gs.engine_error.empty());
  CHECK(gs.engine_id.rfind("GNU Shogi", 0) == 0);
  CHECK(gs.clean());
  // The pawn-drop mates are built for the run (twice the minimum): each refusal is decisive, as an
  // engine without the rule accepts the drop, and GNU Shogi refuses them all.
  CHECK(gs.clauses.at("shogi.rules.pawn-drop-mate").decisive >= 30);
  CHECK(gs.verdict("shogi.rules.pawn-drop-mate") == certify::Verdict::Passed);
  // The basic rules are not the codex's: nothing of jishogi observed, nothing certified.
  CHECK_FALSE(gs.certified());
  CHECK(gs.clauses.at("shogi.rules.king-safety").tested >= 100);
}

TEST_CASE("certify: the UCI dialects, USI for shogi and UCCI for xiangqi, with the mutants and fairy-stockfish") {
  auto run_dialect = [](const std::string& game, const std::string& protocol, const std::vector<std::string>& engine) {
    certify::Options o;
    o.engine = engine;
    o.engine_text = engine.front();
    o.protocol = protocol;
    o.ruleset = game == "xiangqi" ? "axf-1982" : "jishogi-amateur-27";
    return certify::certify_game(game, repo_spec(), repo_spec().ruleset(o.ruleset), o);
  };
  const auto usi = run_dialect("shogi", "usi", {RULESPEC_MUTANT, "--game", "shogi"});
  CHECK(usi.protocol == "usi");
  CHECK(usi.clean());
  CHECK(failed(run_dialect("shogi", "usi", {RULESPEC_MUTANT, "--game", "shogi", "--flip", "nifu"})) == std::vector<std::string>{"shogi.rules.nifu"});
  const auto ucci = run_dialect("xiangqi", "ucci", {RULESPEC_MUTANT, "--game", "xiangqi"});
  CHECK(ucci.protocol == "ucci");
  CHECK(ucci.clean());
  const auto pin = failed(run_dialect("xiangqi", "ucci", {RULESPEC_MUTANT, "--game", "xiangqi", "--flip", "pin"}));
  CHECK(std::find(pin.begin(), pin.end(), "xiangqi.rules.king-safety") != pin.end());
  const std::string fsf = "/usr/games/fairy-stockfish";
  if (!std::filesystem::exists(fsf)) {
    WARN("fairy-stockfish not installed: skipped");
    return;
  }
  // The same engine over its other protocols says the same: xiangqi certified, the shogi pawn-drop mate allowed.
  const auto fsf_ucci = run_dialect("xiangqi", "ucci", {fsf});
  for (const char* id : {"xiangqi.rules.piece-movement", "xiangqi.rules.king-safety", "xiangqi.rules.flying-general"})
    CHECK(fsf_ucci.verdict(id) == certify::Verdict::Passed);
  const auto fsf_usi = run_dialect("shogi", "usi", {fsf});
  CHECK(fsf_usi.engine_error.empty());
  CHECK(failed(fsf_usi) == std::vector<std::string>{"shogi.rules.pawn-drop-mate"});
  CHECK(fsf_usi.clauses.at("shogi.rules.pawn-drop-mate").failures.front().answered == "P*1b");
}

TEST_CASE("certify: a certificate claims only what it observed, clause by clause") {
  // The shogi reference passes every probe of the basic rules and observes none of the jishogi
  // codex's own clauses: not certified, and the headline and junit.xml say so.
  certify::Options o;
  o.engine = {RULESPEC_MUTANT, "--game", "shogi"};
  o.engine_text = RULESPEC_MUTANT;
  o.ruleset = "jishogi-amateur-27";
  const auto r = certify::certify_game("shogi", repo_spec(), repo_spec().ruleset("jishogi-amateur-27"), o);
  const std::size_t own = repo_spec().codex("jishogi")->clauses.size();
  auto count = [](const std::string& xml, const std::string& what) {
    int n = 0;
    for (std::size_t at = xml.find(what); at != std::string::npos; at = xml.find(what, at + 1)) ++n;
    return n;
  };
  REQUIRE(r.scope.size() == own);
  CHECK(r.clean());
  CHECK_FALSE(r.certified());
  CHECK(r.headline().find("NOT certified (none of jishogi's clauses observed); jishogi: 0 of " + std::to_string(own) + " clauses observed") !=
        std::string::npos);
  CHECK(r.headline().find("the basic rules jishogi presupposes: 6 clauses, ") != std::string::npos);
  const std::string xml = certify::junit(r);
  CHECK(count(xml, "<testcase ") == static_cast<int>(own) + 6 + 1);
  CHECK(count(xml, "<skipped message=\"not observed: ") == static_cast<int>(own));
  CHECK(count(xml, "<failure") == 0);
  const Value cert = certify::certificate(r);
  CHECK_FALSE(cert.find("certified")->as_bool());
  CHECK(cert.find("not_observed")->as_map().size() == own);
  // What computed it, for a citation: the version and the commit built.
  REQUIRE(cert.find("rulespec"));
  CHECK(cert.find("rulespec")->find("version")->as_string() == RULESPEC_VERSION);
  CHECK(cert.find("rulespec")->find("commit")->as_string() == rulespec_commit());

  // fairy-stockfish under axf-1982: junit.xml has a test case for every clause of the codex, each
  // passed, failed or skipped (not observed, insufficient), never a silent pass.
  const std::string fsf = "/usr/games/fairy-stockfish";
  if (!std::filesystem::exists(fsf)) return;
  o.engine = {fsf};
  o.engine_text = fsf;
  o.ruleset = "axf-1982";
  const auto x = certify::certify_game("xiangqi", repo_spec(), repo_spec().ruleset("axf-1982"), o);
  const std::size_t axf = repo_spec().codex("axf-1982")->clauses.size();
  const std::string xxml = certify::junit(x);
  std::size_t basic = 0;
  for (const auto& [id, t] : x.clauses) basic += id.rfind("xiangqi.rules.", 0) == 0;
  CHECK(count(xxml, "<testcase ") == static_cast<int>(axf + basic + 1));
  for (const auto& c : repo_spec().codex("axf-1982")->clauses) {
    INFO(c.id);
    const auto at = xxml.find("<testcase name=\"" + c.id + "\">");
    REQUIRE(at != std::string::npos);
    const auto v = x.verdict(c.id);
    const std::string body = xxml.substr(at, xxml.find("</testcase>", at) - at);
    CHECK((body.find("<skipped") != std::string::npos) == (v == certify::Verdict::NotObserved || v == certify::Verdict::Insufficient));
    CHECK((body.find("<failure") != std::string::npos) == (v == certify::Verdict::Failed));
  }
  CHECK_FALSE(x.certified());
}

TEST_CASE("certify: a clause with fewer probes than the minimum is insufficient, and the bound of the evidence is stated") {
  // A tiny budget: whatever number of probes it leaves, a clause below the minimum is insufficient,
  // never passed; final_score has 4 finished games at most, always below 30.
  const auto tiny = certify_go({RULESPEC_MUTANT}, "ru-go-1985", 1);
  CHECK(tiny.engine_error.empty());
  int insufficient = 0;
  for (const auto& [id, t] : tiny.clauses) {
    INFO(id << " " << t.passed << "/" << t.tested);
    const auto v = tiny.verdict(id);
    const bool enough = t.decisive >= tiny.min_probes && t.blind_pass_chance() < certify::kBlindPassBound;
    CHECK(v == (t.passed < t.tested ? certify::Verdict::Failed : enough ? certify::Verdict::Passed : certify::Verdict::Insufficient));
    insufficient += v == certify::Verdict::Insufficient;
  }
  CHECK(insufficient >= 1);
  CHECK(certify::junit(tiny).find("<skipped message=\"insufficient: ") != std::string::npos);
  // A minimum no run reaches: nothing passed, so nothing is certified, and the headline says why.
  certify::Options o;
  o.engine = {RULESPEC_MUTANT};
  o.engine_text = RULESPEC_MUTANT;
  o.ruleset = "ru-go-1985";
  o.min_probes = 100000;
  const auto strict = certify::certify_go_gtp(repo_spec(), repo_spec().ruleset("ru-go-1985"), o);
  CHECK(strict.clean());
  CHECK_FALSE(strict.certified());
  CHECK(strict.headline().find("no clause of ru-go-1985 had enough probes") != std::string::npos);
  // With the default minimum the reference is certified on what it observed: on the clauses with
  // decisive probes. Its legal moves pass every probe, yet no engine without a rule could have
  // failed one (a switch only relaxes), so the free-point rule is insufficient, and says why.
  const auto reference = certify_go({RULESPEC_MUTANT});
  CHECK(reference.certified());
  const Value cert = certify::certificate(reference);
  const Value* free_point = cert.find("clauses")->find("ru-go-1985.art3.p1");
  REQUIRE(free_point);
  CHECK(free_point->find("verdict")->as_string() == "insufficient");
  CHECK(free_point->find("decisive")->as_int() == 0);
  CHECK(free_point->find("why_insufficient")->as_string().find("none of them decisive") != std::string::npos);
  const Value* ko = cert.find("clauses")->find("ru-go-1985.art4.p2");
  REQUIRE(ko);
  CHECK(ko->find("verdict")->as_string() == "passed");
  CHECK(ko->find("decisive")->as_int() >= 30);
  CHECK(ko->find("blind_pass_chance")->as_number() < certify::kBlindPassBound);
}

TEST_CASE("certify: GTP's optional commands missing leave their clauses not observed, a required one missing fails") {
  const auto bare = certify_go({RULESPEC_MUTANT, "--flip", "bare"});
  CHECK(bare.engine_error.empty());
  for (const char* id : {"ru-go-1985.art3.p2", "ru-go-1985.art12.p2.b", "ru-go-1985.art8.p3.placement"}) {
    INFO(id);
    CHECK(bare.verdict(id) == certify::Verdict::NotObserved);
    REQUIRE(bare.unobserved.count(id));
    CHECK(bare.unobserved.at(id).find("optional in GTP") != std::string::npos);
  }
  CHECK(bare.certified());  // on the clauses it could observe, which the headline counts
  CHECK(certify::junit(bare).find("<testcase name=\"ru-go-1985.art3.p2\"><skipped message=\"not observed: the engine has no list_stones command") !=
        std::string::npos);
  const auto no_genmove = certify_go({RULESPEC_MUTANT, "--flip", "no-genmove"});
  CHECK(no_genmove.engine_error.find("lacks commands GTP requires of every engine: genmove") != std::string::npos);
  CHECK_FALSE(no_genmove.certified());
  // GNU Go started without --mode gtp is told how to start it.
  const std::string gnugo = "/usr/games/gnugo";
  if (std::filesystem::exists(gnugo)) {
    const auto ascii = certify_go({gnugo}, "ru-go-1985", 3);
    CHECK(ascii.engine_error.find("GNU Go speaks GTP with --mode gtp") != std::string::npos);
  }
}

TEST_CASE("certify: the xiangqi repetition rules observed through play, after the loops of the WXF manual") {
  // After the moves of a loop carried on until continuing it would lose by the rules, the side to
  // move must vary: the reference does, the repeat mutant continues the cycle, and both are judged
  // on the codex's own clauses (the mover's kind of strike and the sanction).
  auto xq = [](const std::vector<std::string>& engine, const std::string& ruleset = "axf-1982") {
    certify::Options o;
    o.engine = engine;
    o.engine_text = engine.front();
    o.ruleset = ruleset;
    return certify::certify_xiangqi_uci(repo_spec(), repo_spec().ruleset(ruleset), o);
  };
  const auto reference = xq({RULESPEC_MUTANT, "--game", "xiangqi"});
  CHECK(reference.clean());
  for (const char* id : {"axf-1982.perpetual-check", "axf-1982.chase.unprotected-forbidden", "axf-1982.sanction.must-vary"}) {
    INFO(id);
    REQUIRE(reference.clauses.count(id));
    CHECK(reference.clauses.at(id).tested >= 4);
  }
  CHECK(reference.clauses.at("axf-1982.sanction.must-vary").tested >= 30);
  CHECK(reference.certified());  // on the clauses it observed with enough probes
  // Chasing cycles built from sparse positions make the chase rule decide: passed on enough
  // decisive probes, a rule-blind engine's chance below the bound.
  for (const auto& [rs, id] : {std::pair<std::string, std::string>{"axf-1982", "axf-1982.chase.unprotected-forbidden"}, {"cxa", "cxa.one-chases-two"}}) {
    const auto run = rs == "axf-1982" ? reference : xq({RULESPEC_MUTANT, "--game", "xiangqi"}, rs);
    INFO(id);
    REQUIRE(run.clauses.count(id));
    CHECK(run.verdict(id) == certify::Verdict::Passed);
  }
  const auto repeat = xq({RULESPEC_MUTANT, "--game", "xiangqi", "--flip", "repeat"});
  CHECK(repeat.verdict("axf-1982.chase.unprotected-forbidden") == certify::Verdict::Failed);
  // The WXF manual has some twenty chases: the rest are the chasing cycles'.
  const auto& chases = repeat.clauses.at("axf-1982.chase.unprotected-forbidden");
  CHECK(chases.tested - chases.passed >= 100);
  CHECK(repeat.verdict("axf-1982.sanction.must-vary") == certify::Verdict::Failed);
  CHECK(repeat.verdict("axf-1982.perpetual-check") == certify::Verdict::Failed);
  const auto& f = repeat.clauses.at("axf-1982.perpetual-check").failures.front();
  CHECK(f.required.find("continues the cycle") != std::string::npos);
  CHECK(f.position.find(" moves ") != std::string::npos);
  CHECK(f.replay.find(" --replay ") != std::string::npos);
  // The basic rules are not what it breaks.
  CHECK(repeat.verdict("xiangqi.rules.king-safety") == certify::Verdict::Passed);
  // Under a comparison ruleset that allows what axf-1982 forbids (perpetual check a draw, as
  // printed), what the engine does is noted, not judged.
  const auto printed = xq({RULESPEC_MUTANT, "--game", "xiangqi", "--flip", "repeat"}, "axf-1982-printed");
  REQUIRE(printed.noted.size() == 1);
  CHECK(printed.noted[0].find("may be continued: the engine continued ") != std::string::npos);
  CHECK(printed.noted[0].find("and varied on 0 (noted, not judged)") != std::string::npos);
  CHECK(xq({RULESPEC_MUTANT, "--game", "xiangqi"}, "axf-1982-printed").noted[0].find("the engine continued 0 ") != std::string::npos);
  // CXA's loops too, under its own clauses.
  const auto cxa = xq({RULESPEC_MUTANT, "--game", "xiangqi"}, "cxa");
  CHECK(cxa.clean());
  CHECK(cxa.clauses.count("cxa.sanction.must-vary") == 1);
  const std::string fsf = "/usr/games/fairy-stockfish";
  if (std::filesystem::exists(fsf)) {
    // fairy-stockfish 11.1 never continues a perpetual check; its repetition clauses are observed.
    const auto r = xq({fsf});
    REQUIRE(r.clauses.count("axf-1982.perpetual-check"));
    CHECK(r.clauses.at("axf-1982.perpetual-check").passed == r.clauses.at("axf-1982.perpetual-check").tested);
    CHECK(r.clauses.at("axf-1982.sanction.must-vary").tested >= 30);
  }
}

TEST_CASE("certify: shogi's perpetual check observed through play, after checking cycles carried on") {
  auto sh = [](const std::vector<std::string>& engine, const std::string& protocol = "") {
    certify::Options o;
    o.engine = engine;
    o.engine_text = engine.front();
    o.ruleset = "jishogi-amateur-27";
    o.protocol = protocol;
    return certify::certify_game("shogi", repo_spec(), repo_spec().ruleset("jishogi-amateur-27"), o);
  };
  const char* rule = "shogi.rules.perpetual-check";
  const auto reference = sh({RULESPEC_MUTANT, "--game", "shogi"});
  CHECK(reference.verdict(rule) == certify::Verdict::Passed);
  CHECK(reference.clauses.at(rule).tested >= 30);
  const auto repeat = sh({RULESPEC_MUTANT, "--game", "shogi", "--flip", "repeat"});
  CHECK(repeat.verdict(rule) == certify::Verdict::Failed);
  const auto& f = repeat.clauses.at(rule).failures.front();
  CHECK(f.required.find("the checking side loses") != std::string::npos);
  CHECK(f.position.find(" moves ") != std::string::npos);
  CHECK(f.answered_ours.size() >= 4);  // the mutant's fairy-stockfish text, in USI
  // Over USI the same probes, in SFEN and USI.
  CHECK(sh({RULESPEC_MUTANT, "--game", "shogi", "--flip", "repeat"}, "usi").verdict(rule) == certify::Verdict::Failed);
  const std::string fsf = "/usr/games/fairy-stockfish";
  if (std::filesystem::exists(fsf)) {
    // fairy-stockfish 11.1 varies: it never checks a fourth time into a perpetual check.
    const auto r = sh({fsf});
    CHECK(r.verdict(rule) == certify::Verdict::Passed);
    CHECK(sh({fsf}, "usi").verdict(rule) == certify::Verdict::Passed);
  }
}

TEST_CASE("certify: the jishogi declaration observed through USI's bestmove win") {
  auto usi = [](const std::vector<std::string>& engine) {
    certify::Options o;
    o.engine = engine;
    o.engine_text = engine.front();
    o.ruleset = "jishogi-amateur-27";
    o.protocol = "usi";
    return certify::certify_game("shogi", repo_spec(), repo_spec().ruleset("jishogi-amateur-27"), o);
  };
  // The reference declares exactly where the six conditions hold: certified on each condition
  // the models can switch off, on losing declarations that would win without it alone. Nothing
  // can be decisive for win-if-all and lose-if-any-fails (jishogi.yaml says why): insufficient.
  const auto reference = usi({RULESPEC_MUTANT, "--game", "shogi"});
  CHECK(reference.clean());
  for (const char* condition : {"cond1-king-in-camp", "cond2-points", "cond4-ten-pieces", "cond6-not-in-check"}) {
    const std::string clause = std::string("jishogi.declaration.") + condition;
    INFO(clause);
    CHECK(reference.verdict(clause) == certify::Verdict::Passed);
    CHECK(reference.clauses.at(clause).decisive >= reference.min_probes);
  }
  CHECK(reference.verdict("jishogi.declaration.win-if-all") == certify::Verdict::Insufficient);
  CHECK(reference.verdict("jishogi.declaration.lose-if-any-fails") == certify::Verdict::Insufficient);
  CHECK(reference.why_insufficient("jishogi.declaration.lose-if-any-fails").find("none of them decisive") != std::string::npos);
  CHECK(reference.certified());
  // Declaring with the king in the camp alone loses where another condition fails.
  const auto always = usi({RULESPEC_MUTANT, "--game", "shogi", "--flip", "declare-always"});
  CHECK(always.verdict("jishogi.declaration.lose-if-any-fails") == certify::Verdict::Failed);
  const auto& f = always.clauses.at("jishogi.declaration.lose-if-any-fails").failures.front();
  CHECK(f.answered == "win");
  CHECK(f.required.find("fails") != std::string::npos);
  // Over UCI there is no declaration: said so, nothing tallied.
  certify::Options o;
  o.engine = {RULESPEC_MUTANT, "--game", "shogi"};
  o.engine_text = RULESPEC_MUTANT;
  o.ruleset = "jishogi-amateur-27";
  const auto uci = certify::certify_game("shogi", repo_spec(), repo_spec().ruleset("jishogi-amateur-27"), o);
  CHECK(uci.clauses.count("jishogi.declaration.win-if-all") == 0);
  CHECK(std::any_of(uci.not_observable.begin(), uci.not_observable.end(),
                    [](const std::string& n) { return n.find("--protocol usi") != std::string::npos; }));
  const std::string fsf = "/usr/games/fairy-stockfish";
  if (std::filesystem::exists(fsf)) {
    // fairy-stockfish 11.1 never declares: its declarations are not observed, and said why.
    const auto r = usi({fsf});
    CHECK(r.verdict("jishogi.declaration.win-if-all") == certify::Verdict::NotObserved);
    REQUIRE(r.unobserved.count("jishogi.declaration.win-if-all"));
    CHECK(r.unobserved.at("jishogi.declaration.win-if-all").find("does not declare") != std::string::npos);
  }
}

TEST_CASE("certify: the conformance matrix, every engine under every ruleset of its game, the same for one job and two", "[deep]") {
  // The reference xiangqi mutant, which passes, in make test-deep; the two that fail always.
  std::vector<certify::MatrixEngine> engines = {{"xiangqi", "", {RULESPEC_MUTANT, "--game", "xiangqi", "--flip", "repeat"}},
                                                {"go", "", {RULESPEC_MUTANT, "--game", "go", "--flip", "ko"}}};
  if (deep_tests()) engines.insert(engines.begin(), {"xiangqi", "", {RULESPEC_MUTANT, "--game", "xiangqi"}});
  const auto one = certify::run_matrix(repo_spec(), engines, "", 1, 60, 2, 1);
  const auto two = certify::run_matrix(repo_spec(), engines, "", 1, 60, 2, 2);
  CHECK(certify::matrix_json(one).dump() == certify::matrix_json(two).dump());
  // Every ruleset of the engine's game, in catalog order.
  const std::size_t xiangqi = repo_spec().ruleset_ids("xiangqi").size(), go = repo_spec().ruleset_ids("go").size();
  REQUIRE(one.size() == (engines.size() - 1) * xiangqi + go);
  CHECK(one[0].ruleset == repo_spec().ruleset_ids("xiangqi").front());
  // The page: one table per codex, each cell's verdict, the failed cells with their replay.
  const std::string html = certify::matrix_html(one);
  CHECK(html.find("<h3>axf-1982</h3>") != std::string::npos);
  CHECK(html.find("<h3>cxa</h3>") != std::string::npos);
  CHECK(html.find("<h3>ru-go-1985</h3>") != std::string::npos);
  CHECK(html.find("class=\"mx-fail\" title=\"go depth 4 after the moves") != std::string::npos);
  CHECK(html.find("--replay ") != std::string::npos);
}

TEST_CASE("certify: Leela Zero over GTP with a generated tiny network, on 19x19") {
  std::vector<std::string> missing;
  const auto dir = std::filesystem::temp_directory_path() / ("rulespec-lz-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto engines = certify::installed_engines(dir.string(), &missing);
  const auto lz = std::find_if(engines.begin(), engines.end(), [](const auto& e) { return e.argv.front().find("leelaz") != std::string::npos; });
  if (lz == engines.end()) {
    WARN("leela-zero not installed: skipped");
    return;
  }
  CHECK(lz->board_size == 19);
  const auto cells = certify::run_matrix(repo_spec(), {*lz}, "go", 1, 60, 2, 1);
  const auto ru = std::find_if(cells.begin(), cells.end(), [](const auto& c) { return c.ruleset == "ru-go-1985"; });
  REQUIRE(ru != cells.end());
  INFO(ru->engine_error);
  CHECK(ru->engine_error.empty());
  CHECK(ru->engine_id.rfind("Leela Zero", 0) == 0);
  // Its legal moves pass, but no probe of the free-point rule is decisive.
  CHECK(ru->verdict("ru-go-1985.art3.p1") == certify::Verdict::Insufficient);
  CHECK(ru->clauses.at("ru-go-1985.art3.p1").passed == ru->clauses.at("ru-go-1985.art3.p1").tested);
  // No list_stones, and only 19x19: captures and the 13x13 score are not observed, and said why.
  CHECK(ru->unobserved.at("ru-go-1985.art3.p2").find("list_stones") != std::string::npos);
  CHECK(ru->unobserved.at("ru-go-1985.art12.p2.b").find("boardsize 13") != std::string::npos);
  // It accepts a suicide in `play`, which the 1985 Codex forbids (Art. 4 para 1).
  CHECK(ru->verdict("ru-go-1985.art4.p1") == certify::Verdict::Failed);
  CHECK(ru->clauses.at("ru-go-1985.art4.p1").failures.front().replay.find("--board-size 19") != std::string::npos);
  std::filesystem::remove_all(dir);
}

namespace {

// The certificate a new process writes (rulespec certify), as JSON: nothing heard before.
nlohmann::json fresh_certificate(const std::string& game, const std::string& ruleset, const std::string& engine) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("rulespec-fresh-" + std::to_string(::getpid()));
  const std::string command = std::string(RULESPEC_BIN) + " certify --game " + game + " --ruleset " + ruleset + " --engine '" + engine +
                              "' --quiet --out '" + dir.string() + "' > /dev/null 2>&1";
  std::system(command.c_str());  // exit 1 when the engine is not certified
  std::ifstream in(dir / "certificate.json");
  REQUIRE(in);
  auto json = nlohmann::json::parse(in);
  fs::remove_all(dir);
  return json;
}

void check_same_certificate(const certify::Result& warm, const nlohmann::json& cold) {
  const auto ours = nlohmann::json::parse(certify::certificate(warm).dump());  // as the command writes it
  for (const char* key : {"certified", "headline", "games", "probes", "clauses", "not_observed"}) {
    INFO(key);
    CHECK(ours.at(key) == cold.at(key));
  }
  CHECK(ours.at("probes").get<int>() > 100);
}

}  // namespace

TEST_CASE("certify: GTP answers heard under one ruleset serve another's same questions, and the certificate is a fresh process's") {
  // In this process GNU Go is first certified under ing-1996 (its answers kept), then under
  // ru-go-1985, whose games begin with the same questions; a new process certifies ru-go-1985
  // with nothing heard before. The two certificates must be the same.
  certify::Options o;
  o.engine = {"/usr/games/gnugo", "--mode", "gtp", "--level", "1"};
  o.engine_text = "/usr/games/gnugo --mode gtp --level 1";  // as the command line gives it, for the replay lines
  o.ruleset = "ing-1996";
  certify::certify_go_gtp(repo_spec(), repo_spec().ruleset("ing-1996"), o);
  o.ruleset = "ru-go-1985";
  const certify::Result warm = certify::certify_go_gtp(repo_spec(), repo_spec().ruleset("ru-go-1985"), o);
  REQUIRE(warm.engine_error.empty());
  check_same_certificate(warm, fresh_certificate("go", "ru-go-1985", o.engine_text));
}

TEST_CASE("certify: GNU Shogi's verdicts on offered moves serve every ruleset, and the certificate is a fresh process's") {
  if (!std::filesystem::exists("/usr/games/gnushogi")) {
    WARN("gnushogi not installed: skipped");
    return;
  }
  certify::Options o;
  o.engine = {"/usr/games/gnushogi"};
  o.engine_text = "/usr/games/gnushogi";
  o.protocol = "xshogi";
  o.ruleset = "jishogi-amateur-27";
  certify::certify_shogi_xshogi(repo_spec(), repo_spec().ruleset(o.ruleset), o);
  o.ruleset = "csa-24";
  const certify::Result warm = certify::certify_shogi_xshogi(repo_spec(), repo_spec().ruleset(o.ruleset), o);
  REQUIRE(warm.engine_error.empty());
  check_same_certificate(warm, fresh_certificate("shogi", "csa-24", o.engine_text));
}

TEST_CASE("certify: every expectation a run holds an engine to is the oracle's answer to the same request") {
  // Under every ruleset of every game, with the reference engines, and GNU Go and Fairy-Stockfish
  // when installed: each probe's requirement, asked of the oracle.
  struct Run {
    std::string game, protocol;
    std::vector<std::string> engine;
  };
  std::vector<Run> engines = {{"go", "", {RULESPEC_MUTANT}},
                              {"renju", "", {RULESPEC_PBRAIN}},
                              {"xiangqi", "", {RULESPEC_MUTANT, "--game", "xiangqi"}},
                              {"shogi", "usi", {RULESPEC_MUTANT, "--game", "shogi"}}};
  if (std::filesystem::exists("/usr/games/gnugo")) engines.push_back({"go", "", {"/usr/games/gnugo", "--mode", "gtp", "--level", "1"}});
  if (std::filesystem::exists("/usr/games/fairy-stockfish")) {
    engines.push_back({"xiangqi", "", {"/usr/games/fairy-stockfish"}});
    engines.push_back({"shogi", "", {"/usr/games/fairy-stockfish"}});
  }
  int checked = 0;
  for (const auto& [game, protocol, engine] : engines)
    for (const auto& rs : repo_spec().rulesets()) {
      if (rs.game != game) continue;
      if (game == "renju" && !certify::gomocup_rule(rs)) continue;
      certify::Options o;
      o.engine = engine;
      o.engine_text = engine.front();
      o.ruleset = rs.id;
      o.protocol = protocol;
      o.games = 2;
      o.record_oracle = true;
      const auto r = certify::certify_game(game, repo_spec(), rs, o);
      INFO(engine.front() << " under " << rs.id);
      CHECK(r.engine_error.empty());
      if (game != "renju") CHECK(!r.oracle_checks.empty());
      for (const auto& c : r.oracle_checks) {
        const Value answer = run_query(repo_spec(), c.request);
        INFO(c.request.dump() << " -> " << answer.dump());
        const Value* got = answer.find(c.field);
        REQUIRE(got);
        CHECK(*got == c.expected);
        ++checked;
      }
    }
  CHECK(checked > 500);
  // The jishogi declaration probes under every ruleset with a declaration: each is the oracle's
  // verdict, and a position where declaring draws (CSA's and the JSA's 24 to 30 points) is no probe.
  for (const auto& rs : repo_spec().rulesets()) {
    if (rs.game != "shogi" || !rs.has_param("declaration") || !rs.bool_param("declaration")) continue;
    INFO(rs.id);
    const auto probes = certify::shogi_declaration_probes(repo_spec(), rs, 1, 10);
    CHECK(!probes.empty());
    for (const auto& p : probes) {
      Value req = Value::map();
      req.set("game", Value::string("shogi"));
      req.set("ruleset", Value::string(rs.id));
      req.set("query", Value::string("declare"));
      req.set("sfen", Value::string(p.position.sfen()));
      const std::string verdict = run_query(repo_spec(), req).find("verdict")->as_string();
      INFO(p.position.sfen() << " -> " << verdict);
      CHECK(verdict == (p.wins ? "win" : "lose"));
    }
  }
}

TEST_CASE("certify: a USI or UCI engine without go perft is told at once which rules need it, and judged on its own moves") {
  struct Run {
    const char *game, *ruleset, *protocol;
    std::vector<const char*> listed_rules;
    const char *bestmove, *through_play;
  };
  const Run runs[] = {{"shogi", "jishogi-amateur-27", "usi",
                       {"shogi.rules.piece-movement", "shogi.rules.king-safety", "shogi.rules.nifu", "shogi.rules.pawn-drop-mate"},
                       "shogi.rules.bestmove-legal", "shogi.rules.perpetual-check"},
                      {"xiangqi", "axf-1982", "",
                       {"xiangqi.rules.piece-movement", "xiangqi.rules.king-safety", "xiangqi.rules.flying-general"},
                       "xiangqi.rules.bestmove-legal", "axf-1982.perpetual-check"}};
  for (const auto& run : runs) {
    INFO(run.game);
    const auto t0 = std::chrono::steady_clock::now();
    certify::Options o;
    o.engine = {RULESPEC_MUTANT, "--game", run.game, "--flip", "no-perft"};
    o.engine_text = RULESPEC_MUTANT;
    o.ruleset = run.ruleset;
    o.protocol = run.protocol;
    const auto r = certify::certify_game(run.game, repo_spec(), repo_spec().ruleset(run.ruleset), o);
    // No timeout waited for: the engine's search answer to `go perft 1` says it has none.
    CHECK(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() < 10);
    CHECK(r.engine_error.empty());
    for (const char* rule : run.listed_rules) {
      INFO(rule);
      CHECK(r.verdict(rule) == certify::Verdict::NotObserved);
      REQUIRE(r.unobserved.count(rule));
      CHECK(r.unobserved.at(rule).find("go perft 1") != std::string::npos);
    }
    // Its own moves on every position instead, read in its notation (xiangqi: ranks 1-10, found
    // from its first move): all legal, and the loops through play still judged.
    REQUIRE(r.clauses.count(run.bestmove));
    CHECK(r.clauses.at(run.bestmove).tested >= 100);
    CHECK(r.verdict(run.bestmove) == certify::Verdict::Passed);
    CHECK(r.verdict(run.through_play) == certify::Verdict::Passed);
  }
}
