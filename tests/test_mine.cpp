// rulespec mine (mine/miner.hpp): the mined cases in cases/mined/ are witnesses of what they
// claim (their two rulesets answer differently), minimal (removing any one part makes the two
// agree), canonical (their own canonical form) and unique; a search is a function of its seed.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

#include "model/go/board.hpp"
#include "model/xiangqi/position.hpp"
#include "queries/query.hpp"

#include "certify/uci_session.hpp"
#include "engines/fsf_xiangqi.hpp"
#include "mine/engine_gtp.hpp"
#include "mine/engine_uci.hpp"
#include "mine/miner.hpp"
#include "mine/slice.hpp"
#include "tests/repo.hpp"

using namespace rulespec;
using rulespec::testing::repo_cases;
using rulespec::testing::repo_spec;

TEST_CASE("mine: every mined case parts its two rulesets, and no smaller position does") {
  std::map<std::string, int> per_game;
  std::map<std::string, std::string> keys;
  for (const Case& c : repo_cases()) {
    if (c.mined_between.empty()) continue;
    INFO(c.id);
    const mine::Question* q = mine::find_question(c.game, c.mined_question);
    REQUIRE(q);
    ++per_game[c.game];
    const auto& a = c.mined_between[0];
    const auto& b = c.mined_between[1];
    CHECK(mine::disagree(repo_spec(), *q, c.input, a, b));
    for (const Value& fewer : q->shrink(c.input)) {
      INFO("without one part: " << fewer.dump());
      CHECK_FALSE(mine::disagree(repo_spec(), *q, fewer, a, b));
    }
    CHECK(q->canonical(c.input) == c.input);
    // The xiangqi campaign is of loops with two pieces a side at most.
    if (c.game == "xiangqi") {
      const std::string placement = c.input.find("fen")->as_string().substr(0, c.input.find("fen")->as_string().find(' '));
      CHECK(std::count_if(placement.begin(), placement.end(), [](char ch) { return std::isupper(static_cast<unsigned char>(ch)) && ch != 'K'; }) <= 2);
      CHECK(std::count_if(placement.begin(), placement.end(), [](char ch) { return std::islower(static_cast<unsigned char>(ch)) && ch != 'k'; }) <= 2);
    }
    const std::string key = mine::key_of(*q, c.input) + " " + a + "/" + b;
    CHECK(keys.emplace(key, c.id).second);
  }
  for (const char* game : {"go", "renju", "shogi", "xiangqi"}) {
    INFO(game);
    CHECK(per_game[game] >= 20);
  }
}

// The canonical form is a symmetry of every question: on generated inputs, each pair of the
// game's rulesets parts on the input exactly when it parts on its canonical form (a form that
// changed an answer would turn a witness into a non-witness).
TEST_CASE("mine: between a ruleset and itself without a clause, the positions the clause decides") {
  mine::Options o;
  o.game = "renju";
  o.question = "fouls";
  o.between = {"rif-renju", "rif-renju~rif-renju.foul.black-double-three"};
  o.positions = 150;
  o.max_witnesses = 5;
  const auto r = mine::mine(repo_spec(), o);
  REQUIRE_FALSE(r.witnesses.empty());
  for (const auto& w : r.witnesses) {
    INFO(w.input.dump());
    CHECK(w.clauses.front() == "rif-renju.foul.black-double-three");
    // Decisive: the clause switched off changes the answer, and nothing else differs.
    CHECK(mine::disagree(repo_spec(), *mine::find_question("renju", "fouls"), w.input, "rif-renju",
                         "rif-renju~rif-renju.foul.black-double-three"));
    CHECK(w.answers[0].second.dump().find("double-three") != std::string::npos);
  }
  // The witnesses as cases expect the ruleset's answer only (a side without a clause is no ruleset).
  const std::string cases = mine::case_entries(*mine::find_question("renju", "fouls"), o, r.witnesses);
  CHECK(cases.find("    rif-renju: ") != std::string::npos);
  CHECK(cases.find("    rif-renju~") == std::string::npos);
  // Only a clause the models can switch off, of the ruleset's own codex.
  o.between = {"rif-renju", "rif-renju~ru-go-1985.art4.p2"};
  CHECK_THROWS_WITH(mine::mine(repo_spec(), o), Catch::Contains("not a clause of rif-renju the models can switch off"));
}

TEST_CASE("mine: a ruleset that cannot answer is counted apart, and the cap keeps every group in turn") {
  mine::Options o;
  o.game = "go";
  o.question = "score";
  o.between = {"ru-go-1985", "ing-1996"};
  o.positions = 300;
  const auto r = mine::mine(repo_spec(), o);
  // Ing's fill-in finds no room on toy boards: those positions are no difference.
  REQUIRE(r.unanswerable.count("ing-1996"));
  for (const auto& w : r.witnesses)
    for (const auto& [rs, answer] : w.answers) {
      INFO(rs << " " << answer.dump());
      CHECK(answer.find("winner"));
    }
  // The renju readings part on several clause sets; one per group keeps each.
  mine::Options g;
  g.game = "renju";
  g.question = "fouls";
  g.between = {"rif-renju", "rif-renju-distinct-lines", "rif-renju-structural-threes"};
  g.positions = 400;
  g.per_group = 1;
  const auto kept = mine::mine(repo_spec(), g);
  REQUIRE(kept.found_per_group.size() >= 2);
  std::map<std::string, int> per;
  for (const auto& w : kept.witnesses) ++per[mine::group_of(w)];
  for (const auto& [group, n] : per) CHECK(n == 1);
  CHECK(per.size() == kept.found_per_group.size());
}

TEST_CASE("mine: the canonical form of an input parts the same rulesets as the input") {
  for (const auto& q : mine::questions()) {
    std::vector<std::string> rulesets;
    for (const Ruleset& rs : repo_spec().rulesets())
      if (rs.game == q.game && rulesets.size() < 6) rulesets.push_back(rs.id);
    int asked = 0;
    for (std::uint64_t i = 0; i < 400 && asked < 25; ++i) {
      common::XorShift64 rng{i * 7919 + 13};
      const Value input = q.generate(rng);
      if (input.is_null()) continue;
      ++asked;
      const Value canonical = q.canonical(input);
      INFO(q.game << "/" << q.name << " " << input.dump() << " -> " << canonical.dump());
      for (std::size_t b = 1; b < rulesets.size(); ++b)
        CHECK(mine::disagree(repo_spec(), q, input, rulesets[0], rulesets[b]) ==
              mine::disagree(repo_spec(), q, canonical, rulesets[0], rulesets[b]));
    }
  }
}

TEST_CASE("mine: the same seed finds the same witnesses, each minimal and canonical") {
  mine::Options o;
  o.game = "renju";
  o.question = "fouls";
  o.between = {"rif-renju", "rif-renju-distinct-lines", "rif-renju-structural-threes"};
  o.seed = 7;
  o.positions = 300;
  const auto one = mine::mine(repo_spec(), o);
  const auto two = mine::mine(repo_spec(), o);
  REQUIRE(one.witnesses.size() == two.witnesses.size());
  CHECK_FALSE(one.witnesses.empty());
  for (std::size_t i = 0; i < one.witnesses.size(); ++i) {
    const auto& w = one.witnesses[i];
    CHECK(w.key == two.witnesses[i].key);
    CHECK(mine::disagree(repo_spec(), *mine::find_question("renju", "fouls"), w.input, w.first, w.second));
    CHECK(mine::find_question("renju", "fouls")->canonical(w.input) == w.input);
    if (i > 0) CHECK(one.witnesses[i - 1].parts <= w.parts);
  }
}

namespace {

// What each move of a four-move cycle takes, replayed under simple ko.
std::vector<int> cycle_captures(const Value& input) {
  std::vector<std::string> rows;
  for (const Value& r : input.find("rows")->as_list()) rows.push_back(r.as_string());
  go::Board b = *go::board_from_rows(rows);
  go::Stone colour = input.find("to_play") && input.find("to_play")->as_string() == "W" ? go::Stone::White : go::Stone::Black;
  std::vector<std::string> moves;
  for (const Value& m : input.find("moves")->as_list()) moves.push_back(m.as_string());
  moves.push_back(input.find("move")->as_string());
  std::vector<int> out;
  const std::uint64_t start = b.hash();
  for (const auto& m : moves) {
    const go::PlayResult r = b.play(*b.parse_gtp(m), colour, go::MoveRules{go::SuicideRule::Forbidden, go::KoRule::Simple});
    REQUIRE(r.illegal == go::Illegal::None);
    out.push_back(r.captured);
    colour = go::opponent(colour);
  }
  CHECK(b.hash() == start);
  return out;
}

bool same_up_to_rotation(std::vector<int> a, const std::vector<int>& b) {
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a == b) return true;
    std::rotate(a.begin(), a.begin() + 1, a.end());
  }
  return false;
}

const Case& case_named(const std::string& id) {
  for (const Case& c : repo_cases())
    if (c.id == id) return c;
  FAIL("no case " << id);
  throw std::logic_error("unreachable");
}

// The options of an exhaustive search of `question` between `between`: `positions` indices of its
// space (0: all of it), every witness kept.
mine::Options exhaustive_options(const std::string& game, const std::string& question, std::vector<std::string> between,
                                 int positions) {
  mine::Options o;
  o.game = game;
  o.question = question;
  o.between = std::move(between);
  o.exhaustive = true;
  o.positions = positions;
  o.max_witnesses = 100000;
  return o;
}

}  // namespace

// The eternal life of go.superko.eternal-life was built by hand on 8x5. The miner, asked only for
// cycles nobody can leave on which simple ko and positional superko part, finds the same cycle on
// the small boards: a sacrifice, a capture of two, a capture of two back, a throw-in.
TEST_CASE("mine: the cycle search finds the eternal life again, unprompted") {
  const Case& known = case_named("go.superko.eternal-life");
  const auto known_captures = cycle_captures(known.input);
  mine::Options o;
  o.game = "go";
  o.question = "cycles";
  o.between = {"ru-go-1985", "ru-go-1985-positional-superko"};
  o.seed = 2;
  o.positions = 300000;
  const auto r = mine::mine(repo_spec(), o);
  REQUIRE_FALSE(r.witnesses.empty());
  int eternal = 0;
  for (const auto& w : r.witnesses) {
    INFO(w.input.dump());
    const auto captures = cycle_captures(w.input);
    eternal += same_up_to_rotation(captures, known_captures);
    CHECK(mine::answer_of(repo_spec(), *mine::find_question("go", "cycles"), w.input, "ru-go-1985").find("legal")->as_bool());
    CHECK(mine::answer_of(repo_spec(), *mine::find_question("go", "cycles"), w.input, "ru-go-1985-positional-superko").find("reason")->as_string() == "superko");
  }
  CHECK(eternal > 0);
}

// Positional and situational superko part only where a board comes back with the other player to
// move: the miner's odd-cycle question finds such cycles (sending two, returning one) unprompted,
// each minimal, the third move refused by positional superko and allowed by situational superko,
// and the case the repository holds for it among them up to symmetry.
TEST_CASE("mine: positional and situational superko part on odd cycles, found unprompted and minimal") {
  const mine::Question& q = *mine::find_question("go", "odd-cycles");
  mine::Options o;
  o.game = "go";
  o.question = "odd-cycles";
  o.between = {"ru-go-1985-positional-superko", "ru-go-1985-situational-superko"};
  o.seed = 1;
  o.positions = 4000;
  const auto r = mine::mine(repo_spec(), o);
  REQUIRE_FALSE(r.witnesses.empty());
  for (const auto& w : r.witnesses) {
    INFO(w.input.dump());
    const Value positional = mine::answer_of(repo_spec(), q, w.input, "ru-go-1985-positional-superko");
    const Value situational = mine::answer_of(repo_spec(), q, w.input, "ru-go-1985-situational-superko");
    CHECK_FALSE(positional.find("legal")->as_bool());
    CHECK(positional.find("reason")->as_string() == "superko");
    CHECK(situational.find("legal")->as_bool());
    for (const Value& fewer : q.shrink(w.input))
      CHECK_FALSE(mine::disagree(repo_spec(), q, fewer, w.first, w.second));
    CHECK(q.canonical(w.input) == w.input);
  }
  // Each is the repository's sending-two-returning-one cycle in kind, entered at one of its moves:
  // of the three moves one takes nothing, one a stone, one the two sent (the shape names what
  // each move takes).
  auto captures = [&](const Value& input) {
    const std::string shape = q.shape(input);
    std::string out;
    for (std::size_t at = shape.find(':'); at != std::string::npos; at = shape.find(':', at + 1)) out += shape[at + 1];
    std::sort(out.begin(), out.end());
    return out;
  };
  const Case& known = case_named("go.superko.sending-two-returning-one");
  Value known_input = Value::map();
  for (const auto& e : known.input.as_map()) known_input.set(e.key, e.value);
  known_input.set("to_play", Value::string("B"));
  CHECK(captures(known_input) == "012");
  for (const auto& w : r.witnesses) CHECK(captures(w.input) == "012");
  // Without an odd cycle (the four-move search), the two agree: the difference is the odd cycle's.
  o.question = "cycles";
  o.positions = 20000;
  CHECK(mine::mine(repo_spec(), o).witnesses.empty());
}

// renju.reading-boards' seeded search found one board per comparison ruleset (cases/renju/
// reading-boards.yaml). The miner, not pointed at them, finds for each ruleset a board no larger
// on which the two foul maps part the same way (the same foul kinds, default against comparison).
TEST_CASE("mine: the renju miner finds the reading boards again, no larger") {
  const std::vector<std::pair<std::string, std::string>> known = {
      {"rif-renju-structural-threes", "renju.reading.three-with-foul-four-point"},
      {"rif-renju-distinct-lines", "renju.reading.same-line-double-four"},
      {"rif-renju-five-point-three", "renju.reading.three-whose-four-point-is-a-five"}};
  const mine::Question& q = *mine::find_question("renju", "fouls");
  // The foul kinds on which the default and the comparison answer differ, as "default/comparison".
  auto parting = [&](const Value& input, const std::string& other) {
    const Value a = mine::answer_of(repo_spec(), q, input, "rif-renju"), b = mine::answer_of(repo_spec(), q, input, other);
    std::set<std::string> kinds;
    auto kind_at = [](const Value& answer, const std::string& point) {
      const Value* v = answer.find("fouls")->find(point);
      return v ? v->as_string() : std::string("none");
    };
    std::set<std::string> points;
    for (const Value* answer : {&a, &b})
      for (const auto& e : answer->find("fouls")->as_map()) points.insert(e.key);
    for (const auto& p : points)
      if (kind_at(a, p) != kind_at(b, p)) kinds.insert(kind_at(a, p) + "/" + kind_at(b, p));
    return kinds;
  };
  for (const auto& [ruleset, case_id] : known) {
    INFO(ruleset);
    const Case& c = case_named(case_id);
    const auto expected = parting(c.input, ruleset);
    REQUIRE_FALSE(expected.empty());
    mine::Options o;
    o.game = "renju";
    o.question = "fouls";
    o.between = {"rif-renju", ruleset};
    o.seed = 1;
    o.positions = 1500;
    const auto r = mine::mine(repo_spec(), o);
    bool found = false;
    for (const auto& w : r.witnesses) {
      const auto kinds = parting(w.input, ruleset);
      found = found || (w.parts <= q.parts(c.input) && std::includes(kinds.begin(), kinds.end(), expected.begin(), expected.end()));
    }
    CHECK(found);
  }
}

// A run split into slices, each written to its file and read back, selects exactly the witnesses
// of the one-process run: the same inputs, pairs, answers and clauses, in the same order.
TEST_CASE("mine: slices written, read back and selected equal the one-process run") {
  mine::Options o;
  o.game = "shogi";
  o.question = "declare";
  o.between = {"jishogi-amateur-27", "csa-24", "jishogi-jsa-2013"};
  o.seed = 11;
  o.positions = 120;
  o.max_witnesses = 12;
  const auto whole = mine::mine(repo_spec(), o);
  REQUIRE(whole.witnesses.size() >= 3);
  std::vector<mine::Result> slices;
  const auto dir = std::filesystem::temp_directory_path() / "rulespec-mine-slices";
  std::filesystem::create_directories(dir);
  for (int k = 1; k <= 3; ++k) {
    mine::Options part = o;
    part.shard = k;
    part.shards = 3;
    const auto path = (dir / mine::slice_file_name(k, 3)).string();
    std::ofstream(path) << mine::slice_text(part, "tree", mine::search(repo_spec(), part));
    const auto back = mine::read_slice(path);
    CHECK(back.options.shard == k);
    CHECK(back.tree == "tree");
    slices.push_back(back.result);
  }
  const auto merged = mine::select(slices, o.max_witnesses);
  CHECK(merged.examined == whole.examined);
  CHECK(merged.disagreeing == whole.disagreeing);
  REQUIRE(merged.witnesses.size() == whole.witnesses.size());
  for (std::size_t i = 0; i < whole.witnesses.size(); ++i) {
    CHECK(merged.witnesses[i].key == whole.witnesses[i].key);
    CHECK(merged.witnesses[i].answers == whole.witnesses[i].answers);
    CHECK(merged.witnesses[i].clauses == whole.witnesses[i].clauses);
  }
  CHECK(mine::case_entries(*mine::find_question("shogi", "declare"), o, merged.witnesses) ==
        mine::case_entries(*mine::find_question("shogi", "declare"), o, whole.witnesses));
  std::filesystem::remove_all(dir);
}

// The exhaustive search over every position of 3x3 (up to symmetry) finds every 3x3 witness the
// random campaign committed, each minimal, and nothing the random search could add on 3x3.
TEST_CASE("mine: the exhaustive 3x3 search holds every mined 3x3 witness of the legal-move question") {
  const mine::Question& q = *mine::find_question("go", "legal");
  auto o = exhaustive_options("go", "legal", {"ru-go-1985", "ing-1996", "tromp-taylor", "katago-new-zealand"},
                              2 * 19683);  // the 3x3 part of the space
  const auto r = mine::mine(repo_spec(), o);
  CHECK(r.examined > 1000);
  CHECK(r.examined < 2 * 19683 / 4);  // one per class of symmetries and colour swap
  std::set<std::string> shapes;
  for (const auto& w : r.witnesses) {
    shapes.insert(q.shape(w.input));
    CHECK(w.input.find("rows")->as_list().size() == 3);
    for (const Value& fewer : q.shrink(w.input)) CHECK_FALSE(mine::disagree(repo_spec(), q, fewer, w.first, w.second));
  }
  int on_3x3 = 0;
  for (const Case& c : repo_cases()) {
    if (c.mined_question != "legal" || c.input.find("rows")->as_list().size() != 3 ||
        c.input.find("rows")->as_list().front().as_string().size() != 3)
      continue;
    ++on_3x3;
    INFO(c.id);
    CHECK(shapes.count(q.shape(c.input)) == 1);
  }
  CHECK(on_3x3 > 5);
}

// The exhaustive renju space (Black's stones alone: four to six in the central 5x5 window, or on
// a line of nine through the centre) holds, up to translation, every committed renju witness
// that still parts its two rulesets when moved into the space (one that leans on the board's
// edge may not), each minimal.
TEST_CASE("mine: the exhaustive renju window search holds every mined witness that fits in it") {
  const mine::Question& q = *mine::find_question("renju", "fouls");
  auto o = exhaustive_options("renju", "fouls",
                              {"rif-renju", "rif-renju-distinct-lines", "rif-renju-structural-threes", "rif-renju-five-point-three",
                               "rif-renju-literal-foul"},
                              0);  // the whole space
  o.first_against_each = true;
  const auto r = mine::mine(repo_spec(), o);
  std::set<std::string> shapes;
  for (const auto& w : r.witnesses) {
    shapes.insert(q.shape(w.input));
    for (const Value& fewer : q.shrink(w.input)) CHECK_FALSE(mine::disagree(repo_spec(), q, fewer, w.first, w.second));
  }
  int fitting = 0;
  for (const Case& c : repo_cases()) {
    if (c.mined_question != "fouls" || !c.input.find("white")->as_list().empty()) continue;
    std::vector<std::pair<int, int>> at;  // (column, row) from 0
    for (const Value& p : c.input.find("black")->as_list()) at.emplace_back(p.as_string()[0] - 'a', std::stoi(p.as_string().substr(1)) - 1);
    int c0 = 99, c1 = -1, r0 = 99, r1 = -1;
    for (const auto& [col, row] : at) c0 = std::min(c0, col), c1 = std::max(c1, col), r0 = std::min(r0, row), r1 = std::max(r1, row);
    // Where the space puts it: the window's corner (5, 5), or the start of the centre line (3).
    int to_c = 0, to_r = 0;
    if (c1 - c0 < 5 && r1 - r0 < 5 && at.size() >= 4 && at.size() <= 6) to_c = 5, to_r = 5;
    else if (c0 == c1 && r1 - r0 < 9) to_c = 7, to_r = 3;
    else if (r0 == r1 && c1 - c0 < 9) to_c = 3, to_r = 7;
    else continue;
    Value moved = Value::list();
    for (const auto& [col, row] : at)
      moved.push(Value::string(std::string(1, static_cast<char>('a' + col - c0 + to_c)) + std::to_string(row - r0 + to_r + 1)));
    Value centred = Value::map();
    centred.set("black", moved);
    centred.set("white", Value::list());
    if (!mine::disagree(repo_spec(), q, centred, c.mined_between[0], c.mined_between[1])) continue;  // it leans on the edge
    ++fitting;
    INFO(c.id);
    CHECK(shapes.count(q.shape(c.input)) == 1);
  }
  CHECK(fitting >= 3);
}

// The exhaustive declaration space (every count of Sente's majors and minors in the camp and in
// hand): JSA 2013 is the 27-point system without its condition 2, so the two part exactly where
// every other condition holds and Sente is short of 28 points; each witness minimal.
TEST_CASE("mine: the exhaustive declaration search parts the 27-point system and JSA 2013 on the points alone") {
  const mine::Question& q = *mine::find_question("shogi", "declare");
  auto o = exhaustive_options("shogi", "declare", {"jishogi-amateur-27", "jishogi-jsa-2013"},
                              0);
  const auto r = mine::mine(repo_spec(), o);
  REQUIRE(r.witnesses.size() >= 3);
  for (const auto& w : r.witnesses) {
    INFO(w.input.dump() << " " << w.shape);
    for (const Value& fewer : q.shrink(w.input)) CHECK_FALSE(mine::disagree(repo_spec(), q, fewer, w.first, w.second));
    std::istringstream facts(w.shape);
    std::string declarer, word;
    int camp = -1, points = -1;
    bool king_in_camp = false, in_check = false;
    facts >> declarer;
    while (facts >> word) {
      if (word == "king-in-camp") king_in_camp = true;
      if (word == "in-check") in_check = true;
      if (word == "camp") facts >> camp;
      if (word == "points") facts >> points;
    }
    CHECK(declarer == "sente");
    CHECK(king_in_camp);
    CHECK_FALSE(in_check);
    CHECK(camp >= 10);
    CHECK(points < 28);
  }
}

// The exhaustive loop space (one shuttling piece a side, the kings on d0 and f9), its first
// indices: the loops where AXF and CXA part are found, each minimal and a loop of one piece a side.
TEST_CASE("mine: the exhaustive loop search, its first indices, parts AXF and CXA on minimal loops") {
  const mine::Question& q = *mine::find_question("xiangqi", "loops");
  auto o = exhaustive_options("xiangqi", "loops", {"axf-1982", "cxa"},
                              20000);
  const auto r = mine::mine(repo_spec(), o);
  CHECK(r.examined > 5000);
  REQUIRE(r.witnesses.size() >= 10);
  for (const auto& w : r.witnesses) {
    INFO(w.input.dump());
    CHECK(w.parts <= 2);
    CHECK(mine::disagree(repo_spec(), q, w.input, "axf-1982", "cxa"));
    for (const Value& fewer : q.shrink(w.input)) CHECK_FALSE(mine::disagree(repo_spec(), q, fewer, w.first, w.second));
  }
}

// mine --engine: GNU Go (its default rules forbid suicide) against the model under Ing, where a
// suicide of several stones is a move and one of a single stone a pass: the miner finds the
// positions where they part, each minimal, the smallest a corner of two or three stones; against
// ru-go-1985, which also forbids suicide, it finds none.
TEST_CASE("mine: against GNU Go over GTP, minimal witnesses under Ing and none under 1985") {
  REQUIRE(std::filesystem::exists("/usr/games/gnugo"));  // make test installs it
  const mine::Question& q = *mine::find_question("go", "legal");
  engines::EngineProcess gnugo({"/usr/games/gnugo", "--mode", "gtp"});
  const std::chrono::milliseconds timeout{10000};
  REQUIRE(mine::supports_gtp_legal_moves(gnugo, timeout));
  mine::Options o;
  o.game = "go";
  o.question = "legal";
  o.seed = 3;
  o.positions = 300;
  o.engine_label = "engine";
  o.engine = mine::gtp_legal_moves(gnugo, timeout);
  o.between = {"ing-1996"};
  const auto ing = mine::mine(repo_spec(), o);
  REQUIRE_FALSE(ing.witnesses.empty());
  CHECK(ing.witnesses.front().parts <= 3);
  for (const auto& w : ing.witnesses) {
    INFO(w.input.dump());
    CHECK(w.second == "engine");
    REQUIRE(w.answers.size() == 2);
    CHECK_FALSE(w.answers[0].second == w.answers[1].second);
    for (const Value& fewer : q.shrink(w.input)) {
      const auto engine = o.engine(fewer);
      CHECK((!engine || *engine == mine::answer_of(repo_spec(), q, fewer, "ing-1996")));
    }
  }
  o.between = {"ru-go-1985"};
  CHECK(mine::mine(repo_spec(), o).witnesses.empty());
}

// go/end, every sequence of up to five events: Ing's two passes stop play where the 1985 Codex's
// end the main part, and a claim after Ing's fourth pass is where its readings part; each
// witness minimal. And the end-of-game procedure agrees with the board's own count of passes
// under every Go ruleset (a two-pass ruleset of the Ing codex ends the game at the second pass).
TEST_CASE("mine: the end-of-game question, exhaustive over short sequences, and passes end games where the board says") {
  const mine::Question& q = *mine::find_question("go", "end");
  mine::Options o;
  o.game = "go";
  o.question = "end";
  o.exhaustive = true;
  o.positions = 7 + 49 + 343 + 2401 + 16807;  // every sequence of one to five events
  o.between = {"ing-1996", "ru-go-1985", "tromp-taylor", "ing-1996-late-claim-reopens"};
  const auto r = mine::mine(repo_spec(), o);
  std::map<std::string, std::string> by_input;
  for (const auto& w : r.witnesses) {
    by_input[w.input.dump()] = w.first + " " + w.second;
    for (const Value& fewer : q.shrink(w.input)) CHECK_FALSE(mine::disagree(repo_spec(), q, fewer, w.first, w.second));
  }
  CHECK(by_input[R"({"events":["pass","pass"]})"] == "ing-1996 ru-go-1985");
  CHECK(by_input[R"({"events":["pass","pass","pass","pass","claim"]})"] == "ing-1996 ing-1996-late-claim-reopens");
  for (const Ruleset& ruleset : repo_spec().rulesets()) {
    if (ruleset.game != "go") continue;
    const std::string& rs = ruleset.id;
    INFO(rs);
    Value passes = Value::list();
    for (int k = 1; k <= 6; ++k) {
      Value end = Value::map();
      end.set("game", Value::string("go"));
      end.set("query", Value::string("game-end"));
      end.set("ruleset", Value::string(rs));
      Value events = passes;
      events.push(Value::string("pass"));
      end.set("events", events);
      Value play = Value::map();
      play.set("game", Value::string("go"));
      play.set("query", Value::string("play"));
      play.set("ruleset", Value::string(rs));
      play.set("size", Value::integer(5));
      play.set("moves", passes);
      play.set("move", Value::string("pass"));
      // (Under a reading that bans any repeated position, the second pass is itself a repetition.)
      Value on_board;
      try {
        on_board = run_query(repo_spec(), play);
      } catch (const QueryError&) {
        break;
      }
      if (!on_board.find("phase")) break;
      const bool board_over = on_board.find("phase")->as_string() == "over";
      const Value ended = run_query(repo_spec(), end);
      const Value* phase = ended.find("phase");
      CHECK((phase && phase->as_string() == "over") == board_over);
      if (board_over) break;
      passes.push(Value::string("pass"));
    }
  }
}

namespace {

// mine --engine over UCI or USI against rulespec-mutant: the session and its move lister.
struct UciEngineUnderTest {
  engines::EngineProcess process;
  certify::UciSession session;
  UciEngineUnderTest(std::vector<std::string> argv, const std::string& dialect, const std::string& variant)
      : process(argv), session{process, std::chrono::milliseconds(10000), {}, dialect, argv} {
    session.handshake(variant);
  }
  mine::MoveLister lister() {
    return [this](const std::string& position) { return session.perft1(position); };
  }
};

// Every witness of an engine run: minimal (no smaller input parts the engine from the model) and
// every move only the engine lists broken, in the model's words, as `fault` says.
void check_engine_witnesses(const mine::Question& q, const mine::Options& o, const mine::Result& r, const std::string& fault) {
  for (const auto& w : r.witnesses) {
    INFO(w.input.dump());
    REQUIRE(w.answers.size() == 2);
    std::set<std::string> ours, theirs;
    for (const Value& m : w.answers[0].second.find("moves")->as_list()) ours.insert(m.as_string());
    for (const Value& m : w.answers[1].second.find("moves")->as_list()) theirs.insert(m.as_string());
    CHECK(std::includes(theirs.begin(), theirs.end(), ours.begin(), ours.end()));
    for (const auto& m : theirs)
      if (!ours.count(m)) CHECK(q.fault(w.input, m) == fault);
    for (const Value& fewer : q.shrink(w.input)) {
      const auto engine = o.engine(fewer);
      CHECK((!engine || *engine == mine::answer_of(repo_spec(), q, fewer, o.between.front())));
    }
  }
}

}  // namespace

// shogi/legal over USI: a mutant that allows the pawn-drop mate is caught on a position of two
// pieces or three, every extra move an uchifuzume; the reference mutant parts from the model nowhere.
TEST_CASE("mine: against a shogi engine over USI, the pawn-drop mate it allows, minimal") {
  const mine::Question& q = *mine::find_question("shogi", "legal");
  mine::Options o;
  o.game = "shogi";
  o.question = "legal";
  o.positions = 3000;
  o.between = {"jishogi-amateur-27"};
  o.engine_label = "engine";
  {
    UciEngineUnderTest flipped({RULESPEC_MUTANT, "--game", "shogi", "--flip", "pawn-drop-mate"}, "usi", "shogi");
    o.engine = mine::shogi_usi_legal_moves(flipped.lister());
    const auto r = mine::mine(repo_spec(), o);
    REQUIRE_FALSE(r.witnesses.empty());
    CHECK(r.witnesses.front().parts <= 3);
    check_engine_witnesses(q, o, r, "a pawn dropped to give mate (uchifuzume)");
  }
  UciEngineUnderTest reference({RULESPEC_MUTANT, "--game", "shogi"}, "usi", "shogi");
  o.engine = mine::shogi_usi_legal_moves(reference.lister());
  CHECK(mine::mine(repo_spec(), o).witnesses.empty());
}

// xiangqi/legal over UCI: a mutant that lets the kings face is caught with the kings alone.
TEST_CASE("mine: against a xiangqi engine over UCI, the facing kings it allows, minimal") {
  const mine::Question& q = *mine::find_question("xiangqi", "legal");
  mine::Options o;
  o.game = "xiangqi";
  o.question = "legal";
  o.positions = 500;
  o.between = {"axf-1982"};
  o.engine_label = "engine";
  {
    UciEngineUnderTest flipped({RULESPEC_MUTANT, "--game", "xiangqi", "--flip", "flying-general"}, "uci", "xiangqi");
    const auto list = flipped.lister();
    o.engine = mine::xiangqi_uci_legal_moves(list, engines::xiangqi_ranks_from_one(list(xiangqi::Position::kStartFen)));
    const auto r = mine::mine(repo_spec(), o);
    REQUIRE_FALSE(r.witnesses.empty());
    CHECK(r.witnesses.front().parts == 0);
    check_engine_witnesses(q, o, r, "leaves the kings facing (flying general)");
  }
  UciEngineUnderTest reference({RULESPEC_MUTANT, "--game", "xiangqi"}, "uci", "xiangqi");
  const auto list = reference.lister();
  o.engine = mine::xiangqi_uci_legal_moves(list, engines::xiangqi_ranks_from_one(list(xiangqi::Position::kStartFen)));
  CHECK(mine::mine(repo_spec(), o).witnesses.empty());
  // Every position of the kings and one more piece: the reference agrees on each.
  o.exhaustive = true;
  o.positions = 0;
  const auto all = mine::mine(repo_spec(), o);
  CHECK(all.examined > 10000);
  CHECK(all.witnesses.empty());
}
