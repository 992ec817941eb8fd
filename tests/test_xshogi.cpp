// GNU Shogi's xshogi protocol (engines/xshogi): the `edit` lines written for a position read back
// to the same position, and the engine's answers to a move are told apart.
#include <catch2/catch.hpp>

#include "engines/xshogi.hpp"
#include "model/common/xorshift.hpp"
#include "model/shogi/position.hpp"

using namespace rulespec;

TEST_CASE("xshogi: the edit lines of a position read back to the same position") {
  common::XorShift64 rng{42};
  int checked = 0;
  for (int game = 0; game < 20; ++game) {
    shogi::Position p = shogi::Position::start();
    for (int ply = 0; ply < 100; ++ply) {
      const auto moves = p.legal_moves();
      if (moves.empty()) break;
      p.make(moves[rng.below(moves.size())]);
      const shogi::Position sente = p.to_move() == shogi::Colour::Sente ? p : p.mirrored();
      engines::XshogiEditor editor;
      const auto lines = engines::xshogi_setup(sente);
      REQUIRE(lines.front() == "edit");
      REQUIRE(lines.back() == ".");
      for (std::size_t i = 1; i + 1 < lines.size(); ++i) REQUIRE(editor.take(lines[i]));
      const auto back = editor.position();
      REQUIRE(back);
      // The move number is not part of an xshogi setup.
      auto board_hands_side = [](const std::string& sfen) { return sfen.substr(0, sfen.rfind(' ')); };
      CHECK(board_hands_side(back->sfen()) == board_hands_side(sente.sfen()));
      ++checked;
    }
  }
  CHECK(checked > 1000);
}

TEST_CASE("xshogi: an edit session refuses what is not a piece, a square or a hand") {
  engines::XshogiEditor editor;
  CHECK_FALSE(editor.take("x5e"));
  CHECK_FALSE(editor.take("p0e"));
  CHECK_FALSE(editor.take("k*"));
  CHECK_FALSE(editor.take("p5e++"));
  CHECK(editor.take("p5e+"));
  CHECK_FALSE(editor.position());  // no kings
}

TEST_CASE("xshogi: accepted, refused and other answers") {
  using engines::XshogiAnswer;
  CHECK(engines::xshogi_answer("1. 7g7f 300000", "7g7f") == XshogiAnswer::Accepted);
  CHECK(engines::xshogi_answer("12. ... P*5e 299990", "P*5e") == XshogiAnswer::Accepted);
  CHECK(engines::xshogi_answer("1. 7g7f+ 300000", "7g7f") == XshogiAnswer::Other);
  CHECK(engines::xshogi_answer("Illegal move (no match) 2b2a", "2b2a") == XshogiAnswer::Refused);
  CHECK(engines::xshogi_answer("enter piece & location:", "7g7f") == XshogiAnswer::Other);
}
