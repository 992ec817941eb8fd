// Life and death by search (model/go/life): positions whose status every Go player knows, and the
// edge cases of the search's conventions (passes, ko, the region).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "model/go/life.hpp"

using namespace rulespec::go;

namespace {
int P(const Board& b, const char* gtp) { return *b.parse_gtp(gtp); }
std::vector<int> points(const Board& b, std::initializer_list<const char*> names) {
  std::vector<int> out;
  for (const char* n : names) out.push_back(P(b, n));
  return out;
}
std::vector<int> empties(const Board& b) {
  std::vector<int> out;
  for (int p : b.all_points())
    if (b.at(p) == Stone::Empty) out.push_back(p);
  return out;
}
const MoveRules kNoSuicide{SuicideRule::Forbidden, KoRule::Simple};
}  // namespace

TEST_CASE("straight three in the corner: the first move decides") {
  const Board b = *board_from_rows({"...OX.", "OOOOX.", "XXXXX.", "......", "......", "......"});
  const auto v = life_status(b, P(b, "B5"), kNoSuicide, points(b, {"A6", "B6", "C6"}));
  CHECK(v.status == LifeStatus::Unsettled);
  CHECK(v.owner_first == FightResult::Survives);   // White B6 makes two eyes
  CHECK(v.attacker_first == FightResult::Captured);  // Black B6 kills
}

TEST_CASE("two eyes live, a stone in a sealed eye dies, whoever moves first") {
  const Board b = *board_from_rows({"X.X.O.O", "XXX.OOO", "X.XXOOO", "XOXXO.O", "XXXXOOO", "XXXOOOO", "XXXO.OO"});
  CHECK(life_status(b, P(b, "A1"), kNoSuicide, fight_region(b, P(b, "A1"))).status == LifeStatus::Alive);
  CHECK(life_status(b, P(b, "G1"), kNoSuicide, fight_region(b, P(b, "G1"))).status == LifeStatus::Alive);
  CHECK(fight_region(b, P(b, "A1")) == points(b, {"B5", "D6", "B7", "D7"}));
  const auto dead = life_status(b, P(b, "B4"), kNoSuicide, fight_region(b, P(b, "B4")));
  CHECK(dead.status == LifeStatus::Dead);
}

TEST_CASE("thousand-year ko: whoever starts the ko loses it, so nobody starts and the long L lives") {
  const Board b = *board_from_rows({"XOO.XO", ".X.XXO", "XXXXOO", "OOOOO.", "O.O.OO", "OOOOOO"});
  const auto region = points(b, {"A5", "C5", "D6"});
  CHECK(life_status(b, P(b, "A4"), kNoSuicide, region).status == LifeStatus::Alive);
  // Once Black has started with C5, White to move takes the ko and Black dies.
  Board started = b;
  REQUIRE(started.play(P(b, "C5"), Stone::Black, kNoSuicide).illegal == Illegal::None);
  CHECK(capture_fight(started, P(b, "A4"), Stone::White, kNoSuicide, points(b, {"A5", "D6"})).result == FightResult::Captured);
}

TEST_CASE("a stone in atari: captured if the attacker moves, saved by capturing if its owner moves") {
  // White's B1 has one liberty, A1. Black to move takes it; White to move takes C1 instead and
  // gains the liberty C1 (Black's A1 and C1 are then suicides).
  const Board b = *board_from_rows({"....", "XX..", "OXO.", ".OX."});
  const int target = P(b, "B1");
  const auto region = points(b, {"A1", "D1"});
  CHECK(capture_fight(b, target, Stone::Black, kNoSuicide, region).result == FightResult::Captured);
  CHECK(capture_fight(b, target, Stone::White, kNoSuicide, region).result == FightResult::Survives);
  // The default region: the stone's liberty, and the liberty of the black stone it can take.
  CHECK(fight_region(b, target) == region);
  CHECK(life_status(b, target, kNoSuicide, fight_region(b, target)).status == LifeStatus::Unsettled);
  // Without D1 White has no defence.
  CHECK(life_status(b, target, kNoSuicide, points(b, {"A1"})).status == LifeStatus::Dead);
}

TEST_CASE("the node budget turns a search it cannot finish into unknown") {
  const Board b = *board_from_rows({".....", ".....", "..X..", ".....", "....."});
  FightOptions tiny;
  tiny.max_nodes = 50;
  const auto r = capture_fight(b, P(b, "C3"), Stone::White, kNoSuicide, empties(b), tiny);
  CHECK(r.result == FightResult::Unknown);
  CHECK(r.nodes > 50);
}

TEST_CASE("a seki is a mutual zugzwang: whoever must start loses") {
  Board b = *board_from_rows({"XOO.XO", ".X.XXO", "XXXXOO", "OOOOO.", "O.O.OO", "OOOOOO"});
  // White takes the ko and fills it: both groups share C5 and D6.
  REQUIRE(b.play(P(b, "A5"), Stone::White, kNoSuicide).illegal == Illegal::None);
  b.pass();
  REQUIRE(b.play(P(b, "A6"), Stone::White, kNoSuicide).illegal == Illegal::None);
  FightOptions must_start;
  must_start.first_must_play = true;
  for (const char* group : {"A4", "B6"}) {
    const int target = P(b, group);
    const auto region = fight_region(b, target);
    CHECK(life_status(b, target, kNoSuicide, region).status == LifeStatus::Alive);
    const auto forced = life_status(b, target, kNoSuicide, region, must_start);
    CHECK(forced.owner_first == FightResult::Captured);
    CHECK(forced.attacker_first == FightResult::Survives);
  }
}

TEST_CASE("eyes are the liberties the opponent may not occupy (1985 Art. 4 §1 note 2)") {
  const Board b = *board_from_rows({"X.X.O.O", "XXX.OOO", "X.XXOOO", "XOXXO.O", "XXXXOOO", "XXXOOOO", "XXXO.OO"});
  // B5 counts although White's B4 touches it; the neutral points D6, D7 are not eyes.
  CHECK(eyes(b, P(b, "A1"), kNoSuicide) == points(b, {"B5", "B7"}));
  // With multi-stone suicide allowed White may play B5 (losing B4 and B5), so it is no eye.
  const MoveRules multi{SuicideRule::MultiStoneOnly, KoRule::Simple};
  CHECK(eyes(b, P(b, "A1"), multi) == points(b, {"B7"}));
  // A chain in atari has no eye: its last liberty can be taken by capturing.
  const Board atari = *board_from_rows({".X", "XO"});
  CHECK(eyes(atari, P(atari, "A1"), kNoSuicide).empty());
}
