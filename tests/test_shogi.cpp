// Shogi reference model: perft against the published counts and a data file, SFEN round trips and
// problems, the pawn-drop rules, and a differential test against fairy-stockfish.
#include <catch2/catch.hpp>

#include <cctype>
#include <fstream>
#include <set>
#include <sstream>

#include "engines/fsf_shogi.hpp"
#include "engines/uci.hpp"
#include "tests/perft_data.hpp"
#include "tests/repo.hpp"
#include "queries/query.hpp"
#include "queries/shogi_rules.hpp"
#include "reports/json_value.hpp"
#include "model/common/xorshift.hpp"
#include "model/shogi/game.hpp"
#include "model/shogi/position.hpp"

using namespace rulespec::shogi;

namespace {
Position sfen(const std::string& s) {
  std::string error;
  const auto p = Position::from_sfen(s, &error);
  INFO(s << ": " << error);
  REQUIRE(p);
  return *p;
}

// fairy-stockfish's notation: engines/fsf_shogi.
std::string to_engine(const Move& m) { return rulespec::engines::fsf_move(m); }
std::string engine_fen(const Position& p) { return rulespec::engines::fsf_fen(p); }
}  // namespace

TEST_CASE("shogi perft: the data file (start position and the pawn-drop positions)") {
  const auto lines = read_perft_data(RULESPEC_SOURCE_DIR "/tests/data/shogi-perft.txt");
  REQUIRE_FALSE(lines.empty());
  int checked = 0;
  for (const auto& line : lines) {
    const Position p = sfen(line.position);
    CHECK(p.sfen() == line.position);
    for (const auto& [depth, nodes] : line.counts) {
      INFO(line.position << " depth " << depth);
      REQUIRE(depth > 0);
      CHECK(p.perft(depth) == nodes);
      ++checked;
    }
  }
  CHECK(checked >= 7);
}

TEST_CASE("shogi pawn drops: nifu, the last rank, and uchifuzume") {
  const Position mate = sfen("8k/6S2/7G1/9/9/9/9/9/4K4 b P 1");
  auto has = [](const Position& p, const std::string& m) { return p.parse_usi(m).has_value(); };
  CHECK_FALSE(has(mate, "P*1b"));  // would mate: illegal
  CHECK(has(mate, "P*1c"));
  CHECK_FALSE(has(mate, "P*1a"));  // no move from the last rank
  CHECK(has(sfen("8k/9/7G1/9/9/9/9/9/4K4 b P 1"), "P*1b"));  // check, but the king escapes to 2a
  const Position nifu = sfen("4k4/9/9/9/9/9/4P4/9/4K4 b P 1");
  CHECK_FALSE(has(nifu, "P*5e"));
  CHECK(has(nifu, "P*4e"));
  // Moves that mate with a pawn on the board (not a drop) are legal.
  CHECK(has(sfen("8k/6S2/7GP/9/9/9/9/9/4K4 b - 1"), "1c1b"));
}

TEST_CASE("shogi SFEN: every problem of a bad position at once, and round trips after moves") {
  std::string error;
  CHECK_FALSE(Position::from_sfen("4k4/9/9/9/9/9/4P4/4P4/P3K4 b - 1", &error));
  CHECK(error.find("two pawns on file 5") != std::string::npos);
  // A composed position may break nifu (a peer's SFEN test has two Gote pawns on a file).
  const auto nifu = Position::from_sfen("4k4/9/9/9/9/9/4P4/4P4/P3K4 b - 1", &error, true);
  REQUIRE(nifu);
  CHECK(nifu->legal_moves().size() > 0);
  CHECK_FALSE(Position::from_sfen("P3k4/9/9/9/9/9/9/9/4K4 b - 1", &error));
  CHECK(error.find("could never move") != std::string::npos);
  CHECK_FALSE(Position::from_sfen("9/9/9/9/9/9/9/9/9 b - 1", &error));
  CHECK(error.find("neither side has a king") != std::string::npos);
  CHECK_FALSE(Position::from_sfen("4k4/9/9/9/9/9/9/9/3KK4 b - 1", &error));
  CHECK(error.find("Sente has 2 kings") != std::string::npos);
  CHECK_FALSE(Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 x - 1", &error));
  // More pieces of a kind than the set has (promoted and in hand counted as their kind), named
  // together with a dead piece.
  CHECK_FALSE(Position::from_sfen("P3k4/9/9/9/9/9/9/+R8/4K4 b 2R3G 1", &error));
  CHECK(error.find("3 rooks on the board and in hand, more than the set's 2") != std::string::npos);
  CHECK(error.find("P on 9a could never move") != std::string::npos);
  // A composed position is accepted with lenient: its dead pawn simply has no move.
  const auto composed = Position::from_sfen("P3k4/9/9/9/9/9/9/+R8/4K4 b 2R3G 1", &error, true);
  REQUIRE(composed);
  CHECK(composed->in_hand(Colour::Sente, Rook) == 2);
  for (const auto& m : composed->legal_moves()) CHECK(m.from != 0);  // 9a is square 0
  // lenient accepts no position that breaks the rest: two kings of one side, the side not to
  // move in check (nifu it accepts: a peer's SFEN test has it).
  CHECK_FALSE(Position::from_sfen("4k4/9/9/9/9/9/9/9/3KK4 b - 1", &error, true));
  rulespec::common::XorShift64 rng{11};
  Position p = Position::start();
  for (int ply = 0; ply < 200; ++ply) {
    const auto moves = p.legal_moves();
    if (moves.empty()) break;
    p.make(moves[rng.below(moves.size())]);
    CHECK(sfen(p.sfen()).sfen() == p.sfen());
  }
}

TEST_CASE("shogi legal moves and perft equal fairy-stockfish on random positions", "[deep]") {
  // fairy-stockfish 11.1 lets a pawn drop mate; we compare with our rule switched off, and check
  // that switching it on removes exactly the drops that mate.
  rulespec::engines::UciEngine engine("/usr/games/fairy-stockfish", "shogi");
  rulespec::common::XorShift64 rng{2026};
  int positions = 0, drops = 0, promotions = 0, checks = 0;
  for (int game = 0; game < 10; ++game) {
    Position p = Position::start();
    for (int ply = 0; ply < 150; ++ply) {
      const auto without = p.legal_moves(false);
      // Depth 3 (about a million nodes a time) in make test-deep; every position at depth 1 or 2 always.
      const int depth = ply % 25 == 24 && rulespec::testing::deep_tests() ? 3 : ply % 5 == 4 ? 2 : 1;
      const auto theirs = engine.perft(engine_fen(p), depth);
      std::set<std::string> a, b;
      for (const Move& m : without) {
        a.insert(to_engine(m));
        drops += m.from < 0;
        promotions += m.promote;
      }
      for (const auto& [m, n] : theirs.per_move) b.insert(m);
      INFO(p.sfen() << " depth " << depth);
      REQUIRE(a == b);
      CHECK(p.perft(depth, false) == theirs.nodes);
      const auto with = p.legal_moves();
      std::size_t mates = 0;
      for (const Move& m : without) mates += p.is_pawn_drop_mate(m);
      CHECK(with.size() + mates == without.size());
      checks += p.in_check();
      ++positions;
      if (with.empty()) break;
      // Prefer captures now and then, so that hands fill and drops appear.
      std::vector<Move> captures;
      for (const Move& m : with)
        if (m.from >= 0 && !p.at(m.to).empty()) captures.push_back(m);
      const auto& pool = !captures.empty() && rng.below(2) == 0 ? captures : with;
      p.make(pool[rng.below(pool.size())]);
    }
  }
  CHECK(positions > 500);
  CHECK(drops > 1000);
  CHECK(promotions > 100);
  CHECK(checks > 10);
}

TEST_CASE("shogi game ends: checkmate, sennichite on the fourth occurrence, perpetual check loses") {
  // A head gold, guarded by its pawn, mates the king on 5a.
  auto mate = play_game(sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1"), {"G*5b"});
  CHECK(mate.ending == Ending::NoLegalMove);
  CHECK(mate.loser == Colour::Gote);
  CHECK(mate.position.in_check());
  // Both rooks shuffle: the start position stands for the fourth time after 12 plies.
  std::vector<std::string> shuffle;
  for (int i = 0; i < 3; ++i) shuffle.insert(shuffle.end(), {"2h3h", "8b7b", "3h2h", "7b8b"});
  auto draw = play_game(Position::start(), shuffle);
  CHECK(draw.ending == Ending::Sennichite);
  CHECK(draw.ended_at == 12);
  shuffle.resize(11);
  CHECK(play_game(Position::start(), shuffle).ending == Ending::None);
  // Sente's rook checks on every move while Gote's king steps between 5a and 4a.
  std::vector<std::string> checks = {"6e5e"};
  for (int i = 0; i < 3; ++i) checks.insert(checks.end(), {"5a4a", "5e4e", "4a5a", "4e5e"});
  auto perpetual = play_game(sfen("4k4/9/9/9/3R5/9/9/9/4K4 b - 1"), checks);
  CHECK(perpetual.ending == Ending::PerpetualCheck);
  CHECK(perpetual.loser == Colour::Sente);
  int illegal = -1;
  play_game(Position::start(), {"7g7f", "7g7f"}, &illegal);
  CHECK(illegal == 1);
}

TEST_CASE("an SFEN hand count or move number too large to be one is refused, not overflowed") {
  std::string error;
  CHECK_FALSE(Position::from_sfen("8k/9/8p/9/9/9/9/9/K8 b 155555555555P 1", &error));
  CHECK(error.find("hand count") != std::string::npos);
  CHECK_FALSE(Position::from_sfen("8k/9/8p/9/9/9/9/9/K8 b - 99999999999999", &error));
  CHECK(error.find("move number") != std::string::npos);
  // 18 pawns is a whole set's; a 19th (here the board's) is one too many.
  CHECK(Position::from_sfen("8k/9/9/9/9/9/9/9/K8 b 18P 1"));
  CHECK_FALSE(Position::from_sfen("8k/9/8p/9/9/9/9/9/K8 b 18P 1", &error));
  CHECK(error.find("19 pawns on the board and in hand, more than the set's 18") != std::string::npos);
}

TEST_CASE("shogi: a tsume problem's position, with no king for the attacking side") {
  // Gote's king on 1a, a Sente pawn on 1c, a gold in Sente's hand: G*1b mates.
  std::string error;
  const auto p = Position::from_sfen("8k/9/8P/9/9/9/9/9/9 b G 1", &error);
  INFO(error);
  REQUIRE(p);
  CHECK(p->king_square(Colour::Sente) == -1);
  CHECK_FALSE(p->in_check());
  const auto moves = p->legal_moves();
  CHECK(p->perft(1) == moves.size());
  CHECK(std::any_of(moves.begin(), moves.end(), [](const Move& m) { return usi(m) == "G*1b"; }));
  const auto g = play_game(*p, {"G*1b"});
  CHECK(g.ending == Ending::NoLegalMove);
  CHECK(g.loser == Colour::Gote);
  // Perft two plies deep runs (every Gote reply to every Sente move), with no Sente king to guard.
  CHECK(p->perft(2) > 0);
}

