// The full-width mate search: small positions with known answers, its monotonicity in depth,
// and a differential against fairy-stockfish's mate scores on the diagram 7 lines.
#include <catch2/catch.hpp>

#include "engines/uci.hpp"
#include "model/xiangqi/notation.hpp"
#include "model/xiangqi/search.hpp"

using namespace rulespec::xiangqi;

namespace {
Position after(const char* fen, std::initializer_list<const char*> moves) {
  auto parsed = Position::from_fen(fen);
  REQUIRE(parsed.position);
  Position p = *parsed.position;
  for (const char* m : moves) {
    const auto r = parse_move(p, m, false);
    INFO(m << ": " << r.error);
    REQUIRE(r.move);
    p.make(*r.move);
  }
  return p;
}
constexpr const char* kDiagram7 = "3ak1b2/4a4/4b4/r3C2R1/p8/9/P8/4p4/4p4/5K3 w - - 0 1";
}  // namespace

TEST_CASE("mate search: mate in one, stalemate is a win, depth is monotone") {
  // One red rook holds rank 8, the other mates on rank 9.
  CHECK(forced_mate(after("3k5/R8/9/9/9/9/9/9/9/4K3R w - - 0 1", {}), 1).mates);
  // With the king on f0 instead, K5+1... is no mate, but the lone rook still wins at once: K6=5
  // (f0 to e0) takes e9 from the black king, which is left without a move.
  const auto quiet = forced_mate(after("3k5/R8/9/9/9/9/9/9/9/5K3 w - - 0 1", {}), 1);
  CHECK(quiet.mates);
  CHECK(to_iccs(quiet.first) == "f0e0");
  CHECK_FALSE(forced_mate(after(kDiagram7, {}), 1).mates);
  // A pawn move that leaves the black king no move (d8 covered, e9 facing the red king) wins
  // although it gives no check.
  const Position stalemate = after("3k5/9/2P6/9/9/9/9/9/9/4K4 w - - 0 1", {});
  REQUIRE(after("3k5/9/2P6/9/9/9/9/9/9/4K4 w - - 0 1", {"P7+1"}).legal_moves().empty());
  CHECK(forced_mate(stalemate, 1).mates);
  // A mate within n moves is a mate within n + 1.
  for (const Position& p : {after(kDiagram7, {"R2=4", "p-=6"}), after(kDiagram7, {"R2=3", "e7+9", "R3=2"}), after(kDiagram7, {})}) {
    bool found = false;
    for (int n = 1; n <= 4; ++n) {
      const bool mates = forced_mate(p, n).mates;
      CHECK((!found || mates));
      found = mates;
    }
  }
}

TEST_CASE("mate search agrees with fairy-stockfish on the diagram 7 lines") {
  rulespec::engines::UciEngine engine("/usr/games/fairy-stockfish", "xiangqi");
  int compared = 0;
  // After 1 R2=4 P-=6 every red move is met by a black mate within four moves.
  const Position lost = after(kDiagram7, {"R2=4", "p-=6"});
  for (const Move& m : lost.legal_moves()) {
    Position p = lost;
    p.make(m);
    const bool ours = forced_mate(p, 4).mates;
    const auto theirs = engine.search(p.fen(), 24);
    INFO(p.fen() << " ours " << ours << " fairy-stockfish mate " << theirs.mate_in);
    CHECK(ours);
    CHECK((theirs.mate_in >= 1 && theirs.mate_in <= 4));
    ++compared;
  }
  // After 2 R3=2: the replies that parry every red mate within five moves, and those that do not.
  const Position threat = after(kDiagram7, {"R2=3", "e7+9", "R3=2"});
  const auto escapes = mate_escapes(threat, 5);
  CHECK(escapes.size() == 4);
  for (const Move& m : threat.legal_moves()) {
    Position p = threat;
    p.make(m);
    const bool parried = std::find(escapes.begin(), escapes.end(), m) != escapes.end();
    const auto theirs = engine.search(p.fen(), 24);
    INFO(p.fen() << " parried " << parried << " fairy-stockfish mate " << theirs.mate_in);
    CHECK(parried == !(theirs.mate_in >= 1 && theirs.mate_in <= 5));
    ++compared;
  }
  CHECK(compared > 20);
}

TEST_CASE("the mate search stops at its budget and says so") {
  // A full middlegame, five moves deep: far beyond a small budget.
  const Position start = Position::start();
  const auto r = forced_mate(start, 5, 10000);
  CHECK(r.exhausted);
  CHECK_FALSE(r.mates);
  CHECK(r.nodes > 10000);
  MateResult stats;
  CHECK(mate_escapes(start, 3, &stats, 10000).empty());
  CHECK(stats.exhausted);
  // Within the budget nothing changes.
  const auto mate = forced_mate(after("3k5/R8/9/9/9/9/9/9/9/4K3R w - - 0 1", {}), 1, 10000);
  CHECK(mate.mates);
  CHECK_FALSE(mate.exhausted);
}
