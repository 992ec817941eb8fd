// The shogi board: 9x9 squares, pieces in hand, SFEN in and out, USI moves ("7g7f", "P*5e",
// "8h2b+"), and the full move rules: drops, the promotion zone with optional and forced promotion,
// nifu (two unpromoted pawns of one side on a file), uchifuzume (a pawn drop that mates), and no
// move may leave the mover's king in check. perft counts leaf positions as every perft does.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rulespec::shogi {

// Sente (Black, upper case in SFEN) moves first, up the board towards rank a.
enum class Colour : std::uint8_t { Sente = 0, Gote = 1 };
inline Colour opponent(Colour c) { return c == Colour::Sente ? Colour::Gote : Colour::Sente; }

// Unpromoted kinds first (the droppable ones 0..6, then the king), then the promoted ones.
enum Kind : std::uint8_t {
  Pawn, Lance, Knight, Silver, Gold, Bishop, Rook, King,
  Tokin, PromotedLance, PromotedKnight, PromotedSilver, Horse, Dragon, NoKind
};
inline constexpr int kHandKinds = 7;  // pawn .. rook
bool can_promote(Kind k);
Kind promoted(Kind k);
Kind unpromoted(Kind k);

struct Piece {
  Kind kind = NoKind;
  Colour colour = Colour::Sente;
  bool empty() const { return kind == NoKind; }
};

// Squares: index rank * 9 + file, rank 0 = USI rank a (Gote's back rank), file 0 = USI file 9.
inline constexpr int kSquares = 81;
inline int square(int file, int rank) { return rank * 9 + file; }
std::string square_name(int sq);                    // "7g"
std::optional<int> parse_square(std::string_view s);  // "7g" -> square

// The board part of an SFEN from 81 squares in SFEN order (ranks a..i from Gote's side, files 9..1
// across), each empty or a piece's SFEN letters ("K", "+R", "p"): for positions put together
// square by square (probes, generated positions).
std::string board_sfen(const std::string* squares);

struct Move {
  int from = -1;          // -1 for a drop
  int to = 0;
  Kind drop = NoKind;     // the kind dropped
  bool promote = false;
  bool operator==(const Move&) const = default;
};
std::string usi(const Move& m);  // "7g7f", "8h2b+", "P*5e"

class Position {
 public:
  static Position start();
  // SFEN "board side hands [move number]"; nullopt with the reason on error.
  // Strict: every problem of a position no game reaches is named at once (a piece that could never
  // move, two unpromoted pawns of a side on a file, more pieces of a kind than the set has, two
  // kings of a side or none at all, the side not to move in check). One side without a king is a
  // tsume problem's position: accepted, and that side is never in check (king_square is -1). `lenient` accepts composed positions (tsume
  // problems, book diagrams): dead pieces and more pieces than the set, not the rest.
  static std::optional<Position> from_sfen(std::string_view sfen, std::string* error = nullptr, bool lenient = false);
  std::string sfen() const;

  Colour to_move() const { return to_move_; }
  int move_number() const { return move_number_; }  // the number of the next move (SFEN field 4)
  const Piece& at(int sq) const { return board_[static_cast<std::size_t>(sq)]; }
  int in_hand(Colour c, Kind k) const { return hands_[static_cast<std::size_t>(c)][k]; }
  int king_square(Colour c) const { return kings_[static_cast<std::size_t>(c)]; }

  bool attacked(int sq, Colour by) const;
  bool in_check() const { return attacked(king_square(to_move_), opponent(to_move_)); }

  // With `pawn_drop_mate_rule` false, pawn drops that mate are kept (a peer that does not apply
  // uchifuzume can be compared move for move).
  std::vector<Move> legal_moves(bool pawn_drop_mate_rule = true) const;
  // The moves the pieces' movement and the drop rules allow, before king safety and the pawn-drop
  // mate (for certify's candidate illegal moves).
  std::vector<Move> pseudo_legal_moves() const {
    std::vector<Move> out;
    pseudo_moves(out);
    return out;
  }
  bool is_pawn_drop_mate(const Move& m) const { return pawn_drop_mates(m); }
  // A move written in USI, if it is legal here.
  std::optional<Move> parse_usi(std::string_view text) const;
  void make(const Move& m);
  std::uint64_t perft(int depth, bool pawn_drop_mate_rule = true) const;
  // The same position seen from the other side: the board turned half round, colours and hands
  // swapped, the other side to move.
  Position mirrored() const;
  // The position with the piece on `sq` (not a king) taken off the board, for what-if checks.
  Position without(int sq) const;

 private:
  std::array<Piece, kSquares> board_{};
  std::array<std::array<int, kHandKinds>, 2> hands_{};
  Colour to_move_ = Colour::Sente;
  int move_number_ = 1;
  std::array<int, 2> kings_{-1, -1};  // king squares, kept by make()

  void pseudo_moves(std::vector<Move>& out) const;
  bool leaves_king_safe(const Move& m) const;
  bool pawn_drop_mates(const Move& m) const;
};

// Why a move written in USI is not legal here: not a move the pieces or the drop rules allow, a
// second unpromoted pawn dropped on a file, a pawn dropped to give mate, or a move that leaves
// the king attacked (None: it is legal). For an engine's move list read against the model's.
enum class MoveFault { None, Movement, Nifu, PawnDropMate, KingSafety };
MoveFault move_fault(const Position& p, std::string_view usi_text);

}  // namespace rulespec::shogi
