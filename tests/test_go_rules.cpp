// Go history rules (Ing hot stones, disturbing ko, superko, single-stone suicide readings),
// counting on boards (area, 1985 territory with seki, Benson) and SGF.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "model/go/history.hpp"
#include "model/go/scoring.hpp"
#include "model/go/sgf.hpp"

using namespace rulespec::go;

namespace {
// Rows top first: 'X' black, 'O' white, '.' empty.
Board from_rows(const std::vector<std::string>& rows) {
  Board b(static_cast<int>(rows.front().size()), static_cast<int>(rows.size()));
  std::vector<std::pair<int, Stone>> stones;
  for (size_t r = 0; r < rows.size(); ++r)
    for (size_t x = 0; x < rows[r].size(); ++x) {
      const int p = b.point(static_cast<int>(x), static_cast<int>(rows.size() - 1 - r));
      if (rows[r][x] == 'X') stones.push_back({p, Stone::Black});
      if (rows[r][x] == 'O') stones.push_back({p, Stone::White});
    }
  b.set_all(stones);
  return b;
}
int P(const Board& b, const char* gtp) { return *b.parse_gtp(gtp); }

// Three independent kos on 9x9: Black can capture in the first (C3) and third (C7), White in
// the second (H3).
const std::vector<std::string> kTripleKo = {
    ".........",  // 9
    ".XO......",  // 8   ko 3: Black captures at C7
    "XOBO.....",  // 7   (B = placeholder, empty)
    ".XO......",  // 6
    ".........",  // 5
    ".XO...OX.",  // 4   ko 1 (Black captures at C3) / ko 2 (White captures at H3)
    "XO.O.OX.X",  // 3
    ".XO...OX.",  // 2
    ".........",  // 1
};
Board triple_ko() {
  auto rows = kTripleKo;
  for (auto& r : rows)
    for (auto& c : r)
      if (c == 'B') c = '.';
  return from_rows(rows);
}
}  // namespace

TEST_CASE("Ing hot stone: no immediate recapture, cooled by any other move") {
  Game g(triple_ko(), Stone::Black, Rules::ing_1996());
  const Board& b = g.board();
  REQUIRE(g.play(P(b, "C3")).captured == 1);
  CHECK(g.hot_stones() == std::vector<int>{P(b, "C3")});
  CHECK(g.check(P(b, "B3")) == Illegal::HotStone);
  REQUIRE(g.play(P(b, "E9")).illegal == Illegal::None);  // White plays elsewhere
  REQUIRE(g.play(P(b, "E8")).illegal == Illegal::None);  // Black answers
  CHECK(g.check(P(b, "B3")) == Illegal::None);           // the hot stone has cooled
  // A pass cools too.
  Game h(triple_ko(), Stone::Black, Rules::ing_1996());
  h.play(P(b, "C3"));
  h.play(kPass);
  h.play(kPass);
  CHECK(h.check(P(b, "B3")) == Illegal::None);
}

TEST_CASE("Ing twin hot stones: triple ko cycles only if hot stones cool on every move") {
  for (const bool persist : {true, false}) {
    Rules r = Rules::ing_1996();
    r.twin_hot_stones_persist = persist;
    Game g(triple_ko(), Stone::Black, r);
    const Board& b = g.board();
    REQUIRE(g.play(P(b, "C3")).captured == 1);  // ko 1
    REQUIRE(g.play(P(b, "H3")).captured == 1);  // ko 2, White
    REQUIRE(g.play(P(b, "C7")).captured == 1);  // ko 3
    INFO("persist " << persist);
    CHECK(g.hot_stones().size() == (persist ? 3u : 1u));
    // White retaking ko 1 restarts the six-move cycle unless C3 is still hot.
    CHECK(g.check(P(b, "B3")) == (persist ? Illegal::HotStone : Illegal::None));
  }
}

TEST_CASE("simple ko and superko rules on the same recapture") {
  for (const auto& [rules, why] : {std::pair{Rules::ru_go_1985(), Illegal::Ko},
                                   {Rules::positional_superko(), Illegal::Superko},
                                   {Rules::situational_superko(), Illegal::Superko}}) {
    Game g(triple_ko(), Stone::Black, rules);
    const Board& b = g.board();
    g.play(P(b, "C3"));
    INFO(rules.name);
    CHECK(g.check(P(b, "B3")) == why);
    g.play(P(b, "E9"));
    g.play(P(b, "E8"));
    CHECK(g.check(P(b, "B3")) == Illegal::None);  // the board differs from every earlier one
  }
}

TEST_CASE("Ing disturbing ko: a settled ko cycle may be started once per player") {
  for (const bool settled : {false, true}) {
    Game g(triple_ko(), Stone::Black, Rules::ing_1996());
    g.set_life_and_death_settled(settled);
    const Board& b = g.board();
    REQUIRE(g.play(P(b, "C3")).illegal == Illegal::None);  // Black starts the cycle
    g.play(P(b, "E9"));
    g.play(P(b, "E8"));
    REQUIRE(g.play(P(b, "B3")).illegal == Illegal::None);  // White's recapture completes it
    g.play(P(b, "E7"));
    g.play(P(b, "E6"));
    INFO("settled " << settled);
    CHECK(g.check(P(b, "C3")) == (settled ? Illegal::DisturbingKo : Illegal::None));
  }
}

TEST_CASE("Ing single-stone suicide: a pass, a no-op board move, or prohibited") {
  // White at A1 would have no liberty and capture nothing.
  const Board b = from_rows({"...", "X..", ".X."});
  Rules r = Rules::ing_1996();
  Game pass_reading(b, Stone::White, r);
  const auto m = pass_reading.play(P(b, "A1"));
  CHECK(m.illegal == Illegal::None);
  CHECK(m.counted_as_pass);
  CHECK(pass_reading.board().at(P(b, "A1")) == Stone::Empty);
  CHECK(pass_reading.consecutive_passes() == 1);
  pass_reading.play(kPass);
  CHECK(pass_reading.stopped());  // the suicide and the pass stop the game

  r.single_stone_suicide = SingleStoneSuicide::NoOpBoardMove;
  Game noop(b, Stone::White, r);
  CHECK_FALSE(noop.play(P(b, "A1")).counted_as_pass);
  CHECK(noop.consecutive_passes() == 0);

  r.single_stone_suicide = SingleStoneSuicide::Illegal;
  CHECK(Game(b, Stone::White, r).check(P(b, "A1")) == Illegal::SingleStoneSuicide);
  CHECK(Game(b, Stone::White, Rules::ru_go_1985()).check(P(b, "A1")) == Illegal::Suicide);
}

TEST_CASE("Ing multi-stone suicide removes the mover's group") {
  const Board b = from_rows({"OX...", ".X...", "XX..."});
  Game g(b, Stone::White, Rules::ing_1996());
  const auto m = g.play(P(b, "A2"));  // White A3+A2 have no liberty: both come off
  CHECK(m.self_captured == 2);
  CHECK(g.board().at(P(b, "A3")) == Stone::Empty);
  CHECK(g.captures_by(Stone::Black) == 2);
}

TEST_CASE("situational superko covering passes forbids the second pass") {
  Rules r = Rules::situational_superko();
  r.superko_covers_passes = true;
  Game g(Board(5, 5), Stone::Black, r);
  CHECK(g.play(kPass).illegal == Illegal::None);
  CHECK(g.check(kPass) == Illegal::Superko);
  r.superko_covers_passes = false;
  Game h(Board(5, 5), Stone::Black, r);
  h.play(kPass);
  CHECK(h.check(kPass) == Illegal::None);
}

TEST_CASE("game over after the ruleset's passes") {
  Game ing(Board(5, 5), Stone::Black, Rules::ing_1996());
  for (int i = 0; i < 3; ++i) ing.play(kPass);
  CHECK(ing.stopped());
  CHECK_FALSE(ing.over());
  ing.play(kPass);
  CHECK(ing.over());
  CHECK(ing.check(P(ing.board(), "C3")) == Illegal::GameOver);
  Game egf(Board(5, 5), Stone::Black, Rules::ru_go_1985_egf());
  egf.play(kPass);
  egf.play(kPass);
  CHECK_FALSE(egf.over());
}

TEST_CASE("area count, 1985 territory count, seki and Benson") {
  const Board split = from_rows({"..XO.", "..XO.", "..XO.", "..XO.", "..XO."});
  const auto a = area_count(split);
  CHECK(a.black() == 15);
  CHECK(a.white() == 10);
  const auto t = territory_count(split);
  CHECK(t.black_territory == 10);
  CHECK(t.white_territory == 5);
  CHECK(t.neutral == 0);

  // One eye each and a shared liberty: seki. Ing shares the shared point; 1985 counts nothing.
  const Board seki = from_rows({".X.O."});
  CHECK(unconditionally_alive(seki, Stone::Black).empty());
  const auto sa = area_count(seki);
  CHECK(sa.black() == 2.5);
  CHECK(sa.white() == 2.5);
  const auto st = territory_count(seki);
  CHECK(st.black_territory == 0);
  CHECK(st.white_territory == 0);
  CHECK(st.neutral == 3);
  CHECK(st.seki_stones.size() == 2);

  // Dame between two walls is no seki: either side fills it safely (it once counted every stone
  // as seki and no territory at all).
  const Board dame = from_rows({"...X.O.", "...X.O.", "...X.O.", "...X.O.", "...X.O.", "...X.O.", "...X.O."});
  const auto dt = territory_count(dame);
  CHECK(dt.black_territory == 21);
  CHECK(dt.white_territory == 7);
  CHECK(dt.neutral == 7);
  CHECK(dt.seki_stones.empty());
  // Two shared liberties and an eye each: one of them may be filled, not the second.
  const Board shared = from_rows({"XX.OO", ".X.O."});
  const auto sh = territory_count(shared);
  CHECK(sh.black_territory == 0);
  CHECK(sh.seki_stones.size() == 6);
  CHECK(territory_count(shared, {}, true, false).black_territory == 1);  // the caller names no seki
  // A race is no seki: the outside liberties let Black fill the shared ones and capture.
  const Board race = from_rows({"XX.OO", "...O."});
  for (const auto& r : empty_regions(race))
    if (r.borders_black && r.borders_white) CHECK_FALSE(provable_seki_region(race, r));

  CHECK(unconditionally_alive(from_rows({"XXXXX", ".X.X."}), Stone::Black).size() == 7);
  CHECK(unconditionally_alive(from_rows({"XXXXX", "X...X"}), Stone::Black).empty());
}

TEST_CASE("SGF: root setup, passes, round trip, positioned errors") {
  const auto parsed = parse_sgf("(;GM[1]FF[4]SZ[9]KM[7.5]RU[Japanese]AB[aa:bb]AW[cc]PL[B]\n;B[dd];W[];B[tt](;W[ee])(;W[ff]))");
  REQUIRE(parsed.game);
  const SgfGame& g = *parsed.game;
  CHECK(g.width == 9);
  CHECK(*g.komi == 7.5);
  CHECK(g.setup.size() == 5);
  REQUIRE(g.moves.size() == 4);
  CHECK(g.moves[1].second == kPass);
  CHECK(g.moves[2].second == kPass);
  const Board b(9, 9);
  CHECK(b.to_gtp(g.moves[0].second) == "D6");
  CHECK(b.to_gtp(g.moves[3].second) == "E5");  // the first variation is followed
  const auto again = parse_sgf(write_sgf(g));
  REQUIRE(again.game);
  CHECK(again.game->setup == g.setup);
  CHECK(again.game->moves == g.moves);
  CHECK(write_sgf(*again.game) == write_sgf(g));

  const auto bad = parse_sgf("(;SZ[9]\n;B[zz])");
  REQUIRE_FALSE(bad.game);
  INFO(bad.error.message);
  CHECK(bad.error.line == 2);
  CHECK(bad.error.column == 4);
  CHECK(bad.error.token == "zz");
  CHECK_FALSE(parse_sgf("(;SZ[9];B[aa]").game);
  CHECK_FALSE(parse_sgf("(;SZ[30])").game);
  CHECK_FALSE(parse_sgf("(;B[aa];AB[bb])").game);
}

TEST_CASE("Benson under group suicide: a region the opponent can empty by suicide does not protect") {
  // White can fill B5 (its group keeps a liberty), commit group suicide, and then fill D4.
  const Board b = from_rows({"O.XX", "OOX.", "XOOX", "XXX.", ".OXX"});
  const auto classic = unconditionally_alive(b, Stone::Black);
  const auto with_suicide = unconditionally_alive(b, Stone::Black, true);
  CHECK(std::find(classic.begin(), classic.end(), P(b, "C4")) != classic.end());
  CHECK(std::find(with_suicide.begin(), with_suicide.end(), P(b, "C4")) == with_suicide.end());
}
