#include "model/xiangqi/position.hpp"

#include <algorithm>
#include <cctype>

namespace rulespec::xiangqi {
namespace {

constexpr int N = kStride, S = -kStride, E = 1, W = -1;
constexpr int kOrthogonal[4] = {N, S, E, W};
constexpr int kDiagonal[4] = {N + E, N + W, S + E, S + W};
// Horse: the leg (first step) and the two destinations through it.
struct HorseStep {
  int leg, to[2];
};
constexpr HorseStep kHorse[4] = {{N, {2 * N + E, 2 * N + W}}, {S, {2 * S + E, 2 * S + W}},
                                 {E, {2 * E + N, 2 * E + S}}, {W, {2 * W + N, 2 * W + S}}};

struct Zobrist {
  std::array<std::array<std::uint64_t, kArraySize>, 16> piece{};
  std::uint64_t black_to_move = 0;
  Zobrist() {
    std::uint64_t state = 0x9E3779B97F4A7C15ULL;
    auto next = [&state] {
      state += 0x9E3779B97F4A7C15ULL;
      std::uint64_t z = state;
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
      return z ^ (z >> 31);
    };
    for (auto& row : piece)
      for (auto& k : row) k = next();
    black_to_move = next();
  }
};
const Zobrist& zobrist() {
  static const Zobrist z;
  return z;
}

bool on_board(int sq) { return sq >= 0 && sq < kArraySize && file_of(sq) >= 0 && file_of(sq) < 9 && rank_of(sq) >= 0 && rank_of(sq) < 10; }

PieceType type_of_letter(char c) {
  switch (std::toupper(static_cast<unsigned char>(c))) {
    case 'K': return PieceType::King;
    case 'A': return PieceType::Advisor;
    case 'B':
    case 'E': return PieceType::Elephant;
    case 'N':
    case 'H': return PieceType::Horse;
    case 'R': return PieceType::Rook;
    case 'C': return PieceType::Cannon;
    case 'P': return PieceType::Pawn;
    default: return PieceType::None;
  }
}

// Where a piece of this kind may stand at all (palace, own side, pawn files and ranks).
bool placement_ok(PieceType t, Colour c, int sq) {
  const int f = file_of(sq), r = rank_of(sq);
  const int own_rank = c == Colour::Red ? r : 9 - r;  // rank from the owner's back rank
  switch (t) {
    case PieceType::King: return in_palace(sq, c);
    case PieceType::Advisor: return in_palace(sq, c) && (f + own_rank) % 2 == 1;
    case PieceType::Elephant:
      return own_rank <= 4 && ((own_rank == 0 || own_rank == 4) ? (f == 2 || f == 6) : own_rank == 2 && (f == 0 || f == 4 || f == 8));
    case PieceType::Pawn: return own_rank >= 5 || (own_rank >= 3 && f % 2 == 0);
    default: return true;
  }
}

}  // namespace

bool in_palace(int sq, Colour c) {
  const int f = file_of(sq), r = rank_of(sq);
  return f >= 3 && f <= 5 && (c == Colour::Red ? r >= 0 && r <= 2 : r >= 7 && r <= 9);
}

bool on_own_side(int sq, Colour c) { return c == Colour::Red ? rank_of(sq) <= 4 : rank_of(sq) >= 5; }

const char* piece_name(PieceType t) {
  switch (t) {
    case PieceType::King: return "king";
    case PieceType::Advisor: return "advisor";
    case PieceType::Elephant: return "elephant";
    case PieceType::Horse: return "horse";
    case PieceType::Rook: return "rook";
    case PieceType::Cannon: return "cannon";
    case PieceType::Pawn: return "pawn";
    case PieceType::None: break;
  }
  return "none";
}

char piece_letter(Piece p) {
  static const char letters[] = " KABNRCP";
  const char c = letters[static_cast<int>(p.type())];
  return p.colour() == Colour::Black ? static_cast<char>(std::tolower(static_cast<unsigned char>(c))) : c;
}

void Position::put(int sq, Piece p) {
  const Piece old = board_[static_cast<size_t>(sq)];
  if (old.is_piece()) hash_ ^= zobrist().piece[old.code][static_cast<size_t>(sq)];
  board_[static_cast<size_t>(sq)] = p;
  if (p.is_piece()) hash_ ^= zobrist().piece[p.code][static_cast<size_t>(sq)];
}

FenParse Position::from_fen(std::string_view fen, bool composed) {
  FenParse out;
  Position pos;
  for (int i = 0; i < kArraySize; ++i) pos.board_[static_cast<size_t>(i)] = on_board(i) ? Piece{} : Piece::offboard();
  auto problem = [&](size_t at, std::string token, std::string message) {
    out.problems.push_back({static_cast<int>(at) + 1, std::move(token), std::move(message)});
  };
  const size_t space = fen.find(' ');
  const std::string_view placement = fen.substr(0, space);
  int rank = 9, file = 0;
  std::array<int, 2> kings = {0, 0};
  size_t rank_start = 0;
  for (size_t i = 0; i <= placement.size(); ++i) {
    const char c = i < placement.size() ? placement[i] : '/';
    if (c == '/') {
      if (file != 9 && rank >= 0)
        problem(rank_start, std::string(placement.substr(rank_start, i - rank_start)),
                "rank " + std::to_string(rank) + " has " + std::to_string(file) + " files, not 9");
      --rank;
      file = 0;
      rank_start = i + 1;
      continue;
    }
    if (rank < 0) continue;
    if (c >= '1' && c <= '9') {
      file += c - '0';
      continue;
    }
    const PieceType t = type_of_letter(c);
    if (t == PieceType::None) {
      problem(i, std::string(1, c), "not a piece letter (K A B/E N/H R C P; Red upper case)");
      ++file;
      continue;
    }
    if (file >= 9) {
      ++file;
      continue;
    }
    const Colour colour = std::isupper(static_cast<unsigned char>(c)) ? Colour::Red : Colour::Black;
    const int sq = square(file, rank);
    if (!placement_ok(t, colour, sq) && (!composed || t == PieceType::King))
      problem(i, std::string(1, c),
              std::string(colour == Colour::Red ? "red " : "black ") + piece_name(t) + " cannot stand on " +
                  static_cast<char>('a' + file) + std::to_string(rank));
    if (t == PieceType::King) {
      ++kings[static_cast<size_t>(colour)];
      pos.kings_[static_cast<size_t>(colour)] = sq;
    }
    pos.put(sq, Piece::make(t, colour));
    ++file;
  }
  if (rank != -1) problem(0, std::string(placement), "expected 10 ranks separated by '/', found " + std::to_string(9 - rank));
  for (Colour c : {Colour::Red, Colour::Black})
    if (kings[static_cast<size_t>(c)] != 1)
      problem(0, std::string(placement), std::string(c == Colour::Red ? "red" : "black") + " has " +
                                             std::to_string(kings[static_cast<size_t>(c)]) + " kings, not 1");
  std::string_view side = space == std::string_view::npos ? std::string_view() : fen.substr(space + 1);
  const size_t side_at = space == std::string_view::npos ? fen.size() : space + 1;
  side = side.substr(0, side.find(' '));
  if (side == "w" || side == "r" || side.empty()) {
    pos.side_ = Colour::Red;
  } else if (side == "b") {
    pos.side_ = Colour::Black;
    pos.hash_ ^= zobrist().black_to_move;
  } else {
    problem(side_at, std::string(side), "side to move must be w (or r) for Red, b for Black");
  }
  if (out.problems.empty() && pos.attacked(pos.kings_[static_cast<size_t>(other(pos.side_))], pos.side_))
    problem(0, std::string(placement), "the side not to move is in check (or the kings face each other)");
  if (out.problems.empty()) out.position = pos;
  return out;
}

Position Position::start() { return *from_fen(kStartFen).position; }

std::string Position::fen() const {
  std::string out;
  for (int r = 9; r >= 0; --r) {
    int empty = 0;
    for (int f = 0; f < 9; ++f) {
      const Piece p = at(square(f, r));
      if (p.empty()) {
        ++empty;
        continue;
      }
      if (empty) out += static_cast<char>('0' + empty);
      empty = 0;
      out += piece_letter(p);
    }
    if (empty) out += static_cast<char>('0' + empty);
    if (r) out += '/';
  }
  out += side_ == Colour::Red ? " w - - 0 1" : " b - - 0 1";
  return out;
}

bool Position::attacked(int sq, Colour by) const {
  const Piece rook = Piece::make(PieceType::Rook, by), cannon = Piece::make(PieceType::Cannon, by),
              king = Piece::make(PieceType::King, by), horse = Piece::make(PieceType::Horse, by),
              pawn = Piece::make(PieceType::Pawn, by);
  for (int d : kOrthogonal) {
    int s = sq + d;
    while (at(s).empty()) s += d;
    const Piece first = at(s);
    if (first == rook || (first == king && (d == N || d == S))) return true;
    if (first.is_offboard()) continue;
    s += d;
    while (at(s).empty()) s += d;
    if (at(s) == cannon) return true;
  }
  // A horse at sq + (2,1)-type offset attacks through the leg diagonal to sq.
  for (int leg : kDiagonal) {
    if (!at(sq + leg).empty()) continue;
    const int dv = (leg == N + E || leg == N + W) ? N : S, dh = (leg == N + E || leg == S + E) ? E : W;
    if (at(sq + leg + dv) == horse || at(sq + leg + dh) == horse) return true;
  }
  // Pawns attack forward, and sideways once across the river.
  const int forward = by == Colour::Red ? N : S;
  if (at(sq - forward) == pawn) return true;
  for (int d : {E, W})
    if (at(sq + d) == pawn && !on_own_side(sq + d, by)) return true;
  return false;
}

// The piece rules for the piece on `from`: visit(from, to) for each square it may move to, until
// a visit returns true (then true). One generator serves the full list and the early-stopping test.
template <class Visit>
bool Position::piece_moves(int from, Piece p, Visit&& visit) const {
  const Colour us = p.colour();
  auto can_land = [&](int to) {
    const Piece q = at(to);
    return q.empty() || (q.is_piece() && q.colour() != us);
  };
  switch (p.type()) {
    case PieceType::King:
      for (int d : kOrthogonal)
        if (in_palace(from + d, us) && can_land(from + d) && visit(from, from + d)) return true;
      break;
    case PieceType::Advisor:
      for (int d : kDiagonal)
        if (in_palace(from + d, us) && can_land(from + d) && visit(from, from + d)) return true;
      break;
    case PieceType::Elephant:
      for (int d : kDiagonal) {
        const int to = from + 2 * d;
        if (at(from + d).empty() && !at(to).is_offboard() && on_own_side(to, us) && can_land(to) && visit(from, to)) return true;
      }
      break;
    case PieceType::Horse:
      for (const auto& h : kHorse) {
        if (!at(from + h.leg).empty()) continue;
        for (int d : h.to)
          if (can_land(from + d) && visit(from, from + d)) return true;
      }
      break;
    case PieceType::Rook:
      for (int d : kOrthogonal) {
        int to = from + d;
        for (; at(to).empty(); to += d)
          if (visit(from, to)) return true;
        if (can_land(to) && visit(from, to)) return true;
      }
      break;
    case PieceType::Cannon:
      for (int d : kOrthogonal) {
        int to = from + d;
        for (; at(to).empty(); to += d)
          if (visit(from, to)) return true;
        if (at(to).is_offboard()) continue;
        for (to += d; at(to).empty(); to += d) {
        }
        if (at(to).is_piece() && at(to).colour() != us && visit(from, to)) return true;
      }
      break;
    case PieceType::Pawn: {
      const int forward = us == Colour::Red ? N : S;
      if (can_land(from + forward) && visit(from, from + forward)) return true;
      if (!on_own_side(from, us))
        for (int d : {E, W})
          if (can_land(from + d) && visit(from, from + d)) return true;
      break;
    }
    case PieceType::None: break;
  }
  return false;
}

template <class Visit>
bool Position::own_moves(Visit&& visit) const {
  for (int r = 0; r < 10; ++r)
    for (int f = 0; f < 9; ++f) {
      const int from = square(f, r);
      const Piece p = at(from);
      if (p.is_piece() && p.colour() == side_ && piece_moves(from, p, visit)) return true;
    }
  return false;
}

void Position::pseudo_legal_moves(std::vector<Move>& out) const {
  own_moves([&out](int from, int to) {
    out.push_back({static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)});
    return false;
  });
}

Position::Undo Position::make(Move m) {
  Undo u{m, at(m.to), hash_};
  const Piece moving = at(m.from);
  put(m.to, moving);
  put(m.from, Piece{});
  if (moving.type() == PieceType::King) kings_[static_cast<size_t>(side_)] = m.to;
  side_ = other(side_);
  hash_ ^= zobrist().black_to_move;
  return u;
}

void Position::unmake(const Undo& u) {
  side_ = other(side_);
  const Piece moving = at(u.move.to);
  board_[static_cast<size_t>(u.move.from)] = moving;
  board_[static_cast<size_t>(u.move.to)] = u.captured;
  if (moving.type() == PieceType::King) kings_[static_cast<size_t>(side_)] = u.move.from;
  hash_ = u.hash;
}

bool Position::leaves_king_safe(Move m) {
  // The board changed in place and put back, without the hash: nothing reads it in between.
  const Colour us = side_;
  const Piece moving = board_[m.from], captured = board_[m.to];
  board_[m.to] = moving;
  board_[m.from] = Piece{};
  const int king = moving.type() == PieceType::King ? m.to : kings_[static_cast<size_t>(us)];
  const bool safe = !attacked(king, other(us));
  board_[m.from] = moving;
  board_[m.to] = captured;
  return safe;
}

bool Position::is_legal(Move m) const {
  std::vector<Move> moves;
  pseudo_legal_moves(moves);
  bool found = false;
  for (const Move& x : moves) found |= x == m;
  if (!found) return false;
  Position copy = *this;
  return copy.leaves_king_safe(m);
}

namespace {

// Whether a move can leave its own king attacked, when that king is not in check and does not
// move: only by opening or closing a line through the king (a rook's or the other king's line, a
// cannon's screen), so with `from` or `to` on the king's rank or file, or by leaving the leg
// square of a horse, diagonally beside the king. Captures change no count on a line (our piece
// stands where theirs stood). Other moves need no test.
bool may_expose_king(Move m, int king) {
  const auto on_line = [king](int sq) { return file_of(sq) == file_of(king) || rank_of(sq) == rank_of(king); };
  const int d = m.from - king;
  const bool beside_diagonally = d == kStride + 1 || d == kStride - 1 || d == -kStride + 1 || d == -kStride - 1;
  return on_line(m.from) || on_line(m.to) || beside_diagonally;
}

}  // namespace

std::vector<Move> Position::legal_moves() const {
  std::vector<Move> moves, out;
  moves.reserve(64);
  pseudo_legal_moves(moves);
  out.reserve(moves.size());
  Position copy = *this;
  const int king = kings_[static_cast<size_t>(side_)];
  const bool checked = in_check();
  for (const Move& m : moves)
    if ((!checked && m.from != king && !may_expose_king(m, king)) || copy.leaves_king_safe(m)) out.push_back(m);
  return out;
}

bool Position::has_legal_move() const {
  // Piece by piece, the king first (the likeliest to have a safe square when in check), so that
  // the test stops before most moves are generated.
  Position copy = *this;
  const int king = kings_[static_cast<size_t>(side_)];
  const bool checked = in_check();
  auto safe = [&](int from, int to) {
    const Move m{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)};
    return (!checked && from != king && !may_expose_king(m, king)) || copy.leaves_king_safe(m);
  };
  if (piece_moves(king, at(king), safe)) return true;
  for (int r = 0; r < 10; ++r)
    for (int f = 0; f < 9; ++f) {
      const int from = square(f, r);
      const Piece p = at(from);
      if (from != king && p.is_piece() && p.colour() == side_ && piece_moves(from, p, safe)) return true;
    }
  return false;
}

std::vector<Move> Position::legal_captures() const {
  std::vector<Move> out;
  Position copy = *this;
  const int king = kings_[static_cast<size_t>(side_)];
  const bool checked = in_check();
  auto add_if_safe_capture = [&](int from, int to) {
    if (!at(to).is_piece()) return false;
    const Move m{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)};
    if ((!checked && from != king && !may_expose_king(m, king)) || copy.leaves_king_safe(m)) out.push_back(m);
    return false;
  };
  own_moves(add_if_safe_capture);
  return out;
}

bool Position::has_legal_move_to(int sq) const {
  Position copy = *this;
  const int king = kings_[static_cast<size_t>(side_)];
  const bool checked = in_check();
  auto safe_arrival = [&](int from, int to) {
    if (to != sq) return false;
    const Move m{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)};
    return (!checked && from != king && !may_expose_king(m, king)) || copy.leaves_king_safe(m);
  };
  return own_moves(safe_arrival);
}

bool Position::gives_check(Move m) const {
  Position copy = *this;
  copy.make(m);
  return copy.in_check();
}

Position Position::null_move() const {
  Position p = *this;
  p.side_ = other(side_);
  p.hash_ ^= zobrist().black_to_move;
  return p;
}

std::uint64_t Position::count_legal() {
  std::vector<Move> moves;
  moves.reserve(64);
  pseudo_legal_moves(moves);
  const int king = kings_[static_cast<size_t>(side_)];
  const bool checked = in_check();
  std::uint64_t n = 0;
  for (const Move& m : moves) n += (!checked && m.from != king && !may_expose_king(m, king)) || leaves_king_safe(m);
  return n;
}

std::uint64_t Position::perft(int depth) {
  if (depth <= 0) return 1;
  if (depth == 1) return count_legal();
  std::vector<Move> moves;
  moves.reserve(64);
  pseudo_legal_moves(moves);
  const int king = kings_[static_cast<size_t>(side_)];
  const bool checked = in_check();
  std::uint64_t total = 0;
  for (const Move& m : moves) {
    const bool surely_legal = !checked && m.from != king && !may_expose_king(m, king);
    const Undo u = make(m);
    if (surely_legal || !attacked(kings_[static_cast<size_t>(other(side_))], side_)) total += perft(depth - 1);
    unmake(u);
  }
  return total;
}

MoveFault move_fault(const Position& p, Move m) {
  std::vector<Move> pseudo;
  p.pseudo_legal_moves(pseudo);
  if (std::find(pseudo.begin(), pseudo.end(), m) == pseudo.end()) return MoveFault::Movement;
  if (p.is_legal(m)) return MoveFault::None;
  Position after = p;
  after.make(m);
  // Attacked by anything but the facing king? Then the move leaves the king en prise.
  const int king = after.king_square(p.side_to_move());
  std::vector<Move> replies;
  after.pseudo_legal_moves(replies);
  for (const Move& r : replies)
    if (r.to == king && after.at(r.from).type() != PieceType::King) return MoveFault::KingSafety;
  return MoveFault::FlyingGeneral;
}

}  // namespace rulespec::xiangqi
