// Board diagrams in the report: one SVG per positional witness, drawn from the position itself.
#include <catch2/catch.hpp>

#include <string>

#include "reports/diagrams.hpp"

using namespace rulespec;

namespace {

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

Value list(std::initializer_list<const char*> items) {
  Value v = Value::list();
  for (const char* s : items) v.push(Value::string(s));
  return v;
}

}  // namespace

TEST_CASE("diagrams: a Go witness shows each stone and marks the move") {
  Value w = Value::map();
  w.set("rows", list({".....", ".XO..", "XO.O.", ".XO..", "....."}));
  w.set("move", Value::string("C3"));
  const std::string svg = witness_svg(w);
  REQUIRE(svg.rfind("<svg", 0) == 0);
  CHECK(count(svg, "fill=\"#111\"") == 3);      // black stones
  CHECK(count(svg, "fill=\"#fafafa\"") == 4);   // white stones
  CHECK(count(svg, "stroke=\"#d00\"") == 1);    // the move
  CHECK(svg.find(">J<") == std::string::npos);  // a 5x5 board has no column J
}

TEST_CASE("diagrams: a Go game given by its moves from the empty board is replayed, passes are not drawn") {
  Value w = Value::map();
  w.set("size", Value::integer(9));
  w.set("moves", list({"E5", "pass", "C3", "D4"}));
  w.set("move", Value::string("F6"));
  const std::string svg = witness_svg(w);
  REQUIRE(svg.rfind("<svg", 0) == 0);
  CHECK(count(svg, "fill=\"#111\"") == 2);     // E5 and C3
  CHECK(count(svg, "fill=\"#fafafa\"") == 1);  // D4
  CHECK(count(svg, "stroke=\"#d00\"") == 1);   // F6, the move asked about
  CHECK(svg.find(">J<") != std::string::npos);  // 9x9 runs to column J (no I)
  // Nothing but passes, or handicap stones to place first: no diagram.
  Value passes = Value::map();
  passes.set("size", Value::integer(9));
  passes.set("moves", list({"pass", "pass"}));
  passes.set("move", Value::string("pass"));
  CHECK(witness_svg(passes).empty());
  Value handicap = w;
  handicap.set("handicap", Value::integer(3));
  CHECK(witness_svg(handicap).empty());
}

TEST_CASE("diagrams: a xiangqi witness draws every piece of the FEN with the codex's letters") {
  Value w = Value::map();
  w.set("fen", Value::string("3akr3/5c3/1P2b4/4R4/9/9/9/9/9/4CK3 w - - 0 1"));
  const std::string svg = witness_svg(w);
  CHECK(count(svg, "<circle") == 9);
  for (const char* letter : {">k<", ">a<", ">r<", ">c<", ">b<", ">P<", ">R<", ">C<", ">K<"}) CHECK(svg.find(letter) != std::string::npos);
}

TEST_CASE("diagrams: a renju witness, nested or not, and a witness without a position") {
  Value inner = Value::map();
  inner.set("black", list({"h8", "i9"}));
  inner.set("white", list({"h9"}));
  inner.set("move", Value::string("j10"));
  Value w = Value::map();
  w.set("before", inner);
  const std::string svg = witness_svg(w);
  CHECK(count(svg, "<circle") == 3);
  CHECK(count(svg, "stroke=\"#d00\"") == 1);
  Value none = Value::map();
  none.set("komi", Value::integer(8));
  CHECK(witness_svg(none).empty());
}

TEST_CASE("diagrams: a shogi witness draws every piece, Gote's turned round, promoted ones marked, and both hands") {
  Value w = Value::map();
  w.set("sfen", Value::string("GGSS+N+N+L+L1/1KRB5/PPPPPPPPP/9/9/9/9/4k4/9 b RB2g2s2n2l9p 1"));
  const std::string svg = witness_svg(w);
  REQUIRE(svg.rfind("<svg", 0) == 0);
  CHECK(svg.find("Shogi position") != std::string::npos);
  CHECK(count(svg, ">+N<") == 2);
  CHECK(count(svg, ">+L<") == 2);
  CHECK(count(svg, ">P<") == 9);
  CHECK(count(svg, "rotate(180") == 1);  // the one Gote piece on the board: its king
  CHECK(svg.find("Gote in hand: G2 S2 N2 L2 P9") != std::string::npos);
  CHECK(svg.find("Sente in hand: R B") != std::string::npos);
}
