// Xiangqi positions and legal moves: the seven pieces with the palace, the river, the elephant's
// eye, the horse's leg and the cannon's screen; check, the kings facing each other (flying
// general), mate and stalemate; make/unmake and perft. FEN in and out (Red upper case, rank 9
// first; K A B|E R C N|H P), with every problem of a bad FEN reported at once.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rulespec::xiangqi {

enum class Colour : std::uint8_t { Red = 0, Black = 1 };
inline Colour other(Colour c) { return c == Colour::Red ? Colour::Black : Colour::Red; }

enum class PieceType : std::uint8_t { None = 0, King, Advisor, Elephant, Horse, Rook, Cannon, Pawn };

// A square's content: empty, a piece (type + colour) or off the board.
struct Piece {
  std::uint8_t code = 0;  // 0 empty, 1..7 red, 9..15 black, 16 off board
  static Piece make(PieceType t, Colour c) { return {static_cast<std::uint8_t>(static_cast<int>(t) + (c == Colour::Black ? 8 : 0))}; }
  static Piece offboard() { return {16}; }
  bool empty() const { return code == 0; }
  bool is_offboard() const { return code == 16; }
  bool is_piece() const { return code != 0 && code != 16; }
  PieceType type() const { return is_piece() ? static_cast<PieceType>(code & 7) : PieceType::None; }
  Colour colour() const { return code >= 8 ? Colour::Black : Colour::Red; }
  bool is(PieceType t, Colour c) const { return code == make(t, c).code; }
  bool operator==(const Piece& o) const { return code == o.code; }
};

// Squares: files 0..8 (a..i, left to right from Red), ranks 0..9 (Red's back rank 0), in a padded
// array with two guard squares on every side (horse and elephant jumps never leave it).
inline constexpr int kStride = 13;
inline constexpr int kArraySize = kStride * 14;
inline constexpr int square(int file, int rank) { return (rank + 2) * kStride + file + 2; }
inline constexpr int file_of(int sq) { return sq % kStride - 2; }
inline constexpr int rank_of(int sq) { return sq / kStride - 2; }

struct Move {
  std::uint8_t from = 0, to = 0;
  bool operator==(const Move& o) const { return from == o.from && to == o.to; }
  bool operator<(const Move& o) const { return from != o.from ? from < o.from : to < o.to; }
};

struct FenProblem {
  int column = 1;  // 1-based, in the FEN text
  std::string token, message;
};

struct FenParse;

class Position {
 public:
  static constexpr const char* kStartFen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
  // `composed`: a book diagram, where an advisor, elephant or pawn may stand on a square no game
  // reaches (a pawn behind its starting rank); kings stay in their palaces, everything else is
  // checked as usual.
  static FenParse from_fen(std::string_view fen, bool composed = false);
  static Position start();
  std::string fen() const;  // placement and side ("w"/"b"), then "- - 0 1"

  Piece at(int sq) const { return board_[static_cast<size_t>(sq)]; }
  Colour side_to_move() const { return side_; }
  std::uint64_t hash() const { return hash_; }
  int king_square(Colour c) const { return kings_[static_cast<size_t>(c)]; }

  // Pseudo-legal moves (the piece rules) and legal moves (own king not left attacked, kings not
  // left facing each other).
  void pseudo_legal_moves(std::vector<Move>& out) const;
  std::vector<Move> legal_moves() const;
  bool is_legal(Move m) const;
  bool has_legal_move() const;  // stops at the first: the cheap test for mate and stalemate
  // The legal moves that take a piece, in legal_moves() order, and whether a legal move lands on
  // `sq`: without the king-safety test of the moves that do neither (the chase rules ask these).
  std::vector<Move> legal_captures() const;
  bool has_legal_move_to(int sq) const;
  bool in_check() const { return attacked(kings_[static_cast<size_t>(side_)], other(side_)); }
  // Is `sq` attacked by `by` (a king on `sq` of the other colour)? Includes facing kings.
  bool attacked(int sq, Colour by) const;
  bool gives_check(Move m) const;

  struct Undo {
    Move move;
    Piece captured;
    std::uint64_t hash;
  };
  Undo make(Move m);
  void unmake(const Undo& u);

  std::uint64_t perft(int depth);
  // The same position with the other side to move (a pass, which xiangqi does not have): used to
  // ask what the side that just moved threatens.
  Position null_move() const;

 private:
  std::array<Piece, kArraySize> board_{};
  std::array<int, 2> kings_{};
  Colour side_ = Colour::Red;
  std::uint64_t hash_ = 0;
  void put(int sq, Piece p);
  bool leaves_king_safe(Move m);
  template <class Visit>
  bool piece_moves(int from, Piece p, Visit&& visit) const;
  // piece_moves of every piece of the side to move, in square order, until a visit returns true.
  template <class Visit>
  bool own_moves(Visit&& visit) const;
  std::uint64_t count_legal();
};

struct FenParse {
  std::optional<Position> position;  // set when there are no problems
  std::vector<FenProblem> problems;  // every problem found, in text order
};

bool in_palace(int sq, Colour c);
bool on_own_side(int sq, Colour c);  // not across the river
char piece_letter(Piece p);          // K A B N R C P, lower case for Black
const char* piece_name(PieceType t);

// Why a move is not legal here: not a move the piece makes, a move that leaves the own king
// attacked, or one that leaves the two kings facing on an open file (None: it is legal). For an
// engine's move list read against the model's.
enum class MoveFault { None, Movement, KingSafety, FlyingGeneral };
MoveFault move_fault(const Position& p, Move m);

}  // namespace rulespec::xiangqi
