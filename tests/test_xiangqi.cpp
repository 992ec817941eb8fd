// Xiangqi reference model: perft against the published counts and a data file, FEN problems,
// the flying general, the two notations, and a differential test against fairy-stockfish.
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

#include "engines/uci.hpp"
#include "tests/perft_data.hpp"
#include "model/common/xorshift.hpp"
#include "model/xiangqi/notation.hpp"
#include "model/xiangqi/position.hpp"

using namespace rulespec::xiangqi;

namespace {
Position fen(const std::string& f) {
  auto p = Position::from_fen(f);
  REQUIRE(p.problems.empty());
  return *p.position;
}
}  // namespace

TEST_CASE("xiangqi perft: the data file (start position and AXF diagrams)") {
  const auto lines = read_perft_data(RULESPEC_SOURCE_DIR "/tests/data/xiangqi-perft.txt");
  REQUIRE_FALSE(lines.empty());
  int checked = 0;
  for (const auto& line : lines) {
    Position p = fen(line.position);
    for (const auto& [depth, nodes] : line.counts) {
      INFO(line.position << " depth " << depth);
      REQUIRE(depth > 0);
      CHECK(p.perft(depth) == nodes);
      CHECK(p.fen() == Position::from_fen(line.position).position->fen());  // make/unmake restored everything
      ++checked;
    }
  }
  CHECK(checked >= 30);
}

TEST_CASE("xiangqi FEN: every problem at once, with its column") {
  const auto bad = Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBXKABN w - - 0 1");
  CHECK_FALSE(bad.position);
  REQUIRE(bad.problems.size() == 2);
  CHECK(bad.problems[0].token == "X");
  CHECK(bad.problems[0].column == 54);
  CHECK(bad.problems[1].message.find("8 files") != std::string::npos);
  const auto kings = Position::from_fen("4k4/9/9/9/9/4B4/9/9/9/3K1K3 x");
  REQUIRE_FALSE(kings.position);
  std::set<std::string> messages;
  for (const auto& p : kings.problems) messages.insert(p.message);
  CHECK(std::any_of(messages.begin(), messages.end(), [](const std::string& m) { return m.find("cannot stand on e4") != std::string::npos; }));
  CHECK(messages.count("red has 2 kings, not 1") == 1);
  CHECK(std::any_of(messages.begin(), messages.end(), [](const std::string& m) { return m.find("side to move") != std::string::npos; }));
  // The side not to move may not be in check: here the kings face each other with Black to move... by Red.
  CHECK_FALSE(Position::from_fen("4k4/9/9/9/9/9/9/9/9/4K4 w").position);
}

TEST_CASE("xiangqi: the kings may not face each other") {
  // Red's horse on e5 is the only piece between the kings: every horse move leaves the file.
  Position p = fen("4k4/9/9/9/4N4/9/9/9/9/4K4 w - - 0 1");
  CHECK_FALSE(p.legal_moves().empty());
  for (const Move& m : p.legal_moves()) CHECK(m.from != square(4, 5));
  // A king may not step onto the open file of the other king.
  Position q = fen("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
  for (const Move& m : q.legal_moves()) CHECK(to_iccs(m) != "e0d0");
}

TEST_CASE("xiangqi notation: the AXF diagram loops read strictly and write back the same") {
  const std::pair<const char*, const char*> loops[] = {
      {"3akr3/5c3/1P2b4/4R4/9/9/9/9/9/4CK3 w - - 0 1", "R5+1 c6=5 R5=4 c5=6 R4=5"},
      {"3ak1b2/4a4/4b4/r3C2R1/p8/9/P8/4p4/4p4/5K3 w - - 0 1", "R2=3 e7+9 R3=2 e9-7 R2=3"},
      {"2bakab2/3r5/2n1c2c1/p1R1p1p2/7np/2P2CP2/P2rP3P/2N1C1N2/4A4/2B1KAB1R w - - 0 1", "C4-1 r++2 C4-2 r+-2 C4+2"},
      {"4ka3/4a4/4b4/p7p/9/4C4/4P4/4B4/3K5/3Ac1B2 w - - 0 1", "K6=5 c5=6 K5=4 c6=5 K4=5"},
      {"4k1b1c/7P1/3a5/9/9/9/9/9/3K5/9 w - - 0 1", "P2=1 c9=8 P1=2 c8=9 P2=1"},
  };
  for (const auto& [f, text] : loops) {
    Position p = fen(f);
    std::istringstream in(text);
    for (std::string m; in >> m;) {
      const auto r = parse_move(p, m, false);
      INFO(f << " " << m << " " << r.error);
      REQUIRE(r.move);
      CHECK(to_wxf(p, *r.move) == m);
      CHECK(parse_iccs(p, to_iccs(*r.move)).move == r.move);
      p.make(*r.move);
    }
    CHECK(p.fen().substr(0, p.fen().find(' ')) != std::string(f).substr(0, std::string(f).find(' ')));
  }
}

TEST_CASE("xiangqi notation: tandem pieces, lenient book shorthand, errors") {
  Position p = fen("2bakab2/3r5/2n1c2c1/p1R1p1p2/7np/2P2CP2/P2rP3P/2N1C1N2/4A4/2B1KAB1R w - - 0 1");
  p.make(*parse_move(p, "C4-1", false).move);
  CHECK(parse_move(p, "-r+2", false).move == parse_move(p, "r-+2", false).move);
  CHECK_FALSE(parse_move(p, "r4+2", false).move);  // two rooks on the file: + or - required
  CHECK(parse_move(p, "r4+2", true).error.find("ambiguous") != std::string::npos);  // both rooks could go
  Position s = Position::start();
  CHECK(parse_move(s, "C25", true).move == parse_move(s, "C2=5", false).move);
  CHECK_FALSE(parse_move(s, "C25", false).move);
  CHECK_FALSE(parse_move(s, "c2=5", false).move);   // Red to move: upper case
  CHECK(parse_move(s, "c2=5", true).move);
  CHECK(parse_move(s, "H2+3", false).move == parse_iccs(s, "h0g2").move);
  CHECK(parse_move(s, "N2+3", true).move == parse_iccs(s, "h0g2").move);
  // The CCI columns' G is the guard (advisor): diagram 4's other reply to R5+1.
  Position d4 = fen("3akr3/5c3/1P2b4/4R4/9/9/9/9/9/4CK3 w - - 0 1");
  d4.make(*parse_move(d4, "R5+1", false).move);
  CHECK(parse_move(d4, "G4+5", true).move == parse_move(d4, "a4+5", false).move);
  CHECK_FALSE(parse_move(d4, "G4+5", false).move);
  CHECK(parse_move(s, "h2e2", false).move == parse_move(s, "C2=5", false).move);
  CHECK(parse_move(s, "C2.5", false).move == parse_move(s, "C2=5", false).move);
  const auto bad = parse_move(s, "R1+9", false);
  CHECK_FALSE(bad.move);
  CHECK(bad.error.find("'R1+9'") != std::string::npos);
  CHECK_FALSE(parse_move(s, "Q2=5", false).move);
  CHECK_FALSE(parse_move(s, "e2e3", false).move);  // no piece on e2
}

// The examples of the official WXF notation page (wxf.org/xq/computer/wxf_notation.html,
// "Special Cases for Tandem Pawns"): pawns on Red's 3rd file (g) traversing to the 4th (f).
TEST_CASE("xiangqi notation: three to five pawns on a file, tandem pawns on two files") {
  const auto expect_square = [](const Position& p, const char* text, const char* iccs) {
    INFO(text);
    const auto r = parse_move(p, text, false);
    REQUIRE(r.move);
    CHECK(to_iccs(*r.move) == iccs);
    std::string written = text;
    std::replace(written.begin(), written.end(), '.', '=');  // we write = for sideways
    CHECK(to_wxf(p, *r.move) == written);
  };
  const Position five = fen("3k2P2/6P2/6P2/6P2/6P2/9/9/9/9/4K4 w - - 0 1");
  expect_square(five, "++.4", "g9f9");
  expect_square(five, "P+.4", "g8f8");
  expect_square(five, "P3.4", "g7f7");
  expect_square(five, "P-.4", "g6f6");
  expect_square(five, "--.4", "g5f5");
  const Position four = fen("3k5/6P2/6P2/6P2/6P2/9/9/9/9/4K4 w - - 0 1");
  expect_square(four, "++.4", "g8f8");
  expect_square(four, "P+.4", "g7f7");
  expect_square(four, "P-.4", "g6f6");
  expect_square(four, "--.4", "g5f5");
  CHECK_FALSE(parse_move(four, "P3.4", false).move);  // no middle pawn among four
  const Position three = fen("3k5/9/6P2/6P2/6P2/9/9/9/9/4K4 w - - 0 1");
  expect_square(three, "P+.4", "g7f7");
  expect_square(three, "P3.4", "g6f6");
  expect_square(three, "P-.4", "g5f5");
  CHECK_FALSE(parse_move(three, "++.4", false).move);
  const Position two_files = fen("3k5/9/6P2/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1");
  expect_square(two_files, "3+.4", "g7f7");
  expect_square(two_files, "33.4", "g6f6");
  expect_square(two_files, "3-.4", "g5f5");
  expect_square(two_files, "7+.6", "c6d6");
  expect_square(two_files, "7-.6", "c5d5");
  CHECK_FALSE(parse_move(two_files, "P+.4", false).move);  // two tandem files: + alone is ambiguous
  CHECK_FALSE(parse_move(two_files, "77.6", false).move);  // no middle pawn on the 7th file
  // Every legal move of these positions, and of Black's mirror images, writes and reads back.
  for (const char* f : {"3k2P2/6P2/6P2/6P2/6P2/9/9/9/9/4K4 w - - 0 1", "3k5/9/6P2/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1",
                        "3k5/9/9/9/9/2p6/2p6/2p6/2p6/2p1K4 b - - 0 1", "4k4/9/9/9/9/2p3p2/2p3p2/2p6/9/3K5 b - - 0 1"}) {
    const Position p = fen(f);
    for (const Move& m : p.legal_moves()) {
      const std::string text = to_wxf(p, m);
      INFO(f << " " << to_iccs(m) << " " << text);
      const auto back = parse_move(p, text, false);
      REQUIRE(back.move);
      CHECK(*back.move == m);
    }
  }
}

namespace {
// fairy-stockfish numbers ranks 1-10 where ICCS numbers them 0-9.
std::string to_engine(const std::string& iccs) {
  return std::string(1, iccs[0]) + std::to_string(iccs[1] - '0' + 1) + std::string(1, iccs[2]) + std::to_string(iccs[3] - '0' + 1);
}
}  // namespace

TEST_CASE("xiangqi legal moves and perft equal fairy-stockfish on random positions") {
  rulespec::engines::UciEngine engine("/usr/games/fairy-stockfish", "xiangqi");
  rulespec::common::XorShift64 rng{2024};
  auto next = [&rng](std::uint64_t n) { return rng.below(n); };
  int positions = 0;
  for (int game = 0; game < 12; ++game) {
    Position p = Position::start();
    for (int ply = 0; ply < 120; ++ply) {
      const auto ours = p.legal_moves();
      const int depth = ply % 20 == 19 ? 3 : ply % 5 == 4 ? 2 : 1;
      const auto theirs = engine.perft(p.fen(), depth);
      std::set<std::string> a, b;
      for (const Move& m : ours) a.insert(to_engine(to_iccs(m)));
      for (const auto& [m, n] : theirs.per_move) b.insert(m);
      INFO(p.fen() << " depth " << depth);
      REQUIRE(a == b);
      CHECK(p.perft(depth) == theirs.nodes);
      ++positions;
      if (ours.empty()) break;  // mate or stalemate: fairy-stockfish agrees there is no move
      p.make(ours[next(ours.size())]);
    }
  }
  CHECK(positions > 1000);
}
