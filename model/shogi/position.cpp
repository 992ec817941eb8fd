#include "model/shogi/position.hpp"

#include <cctype>

namespace rulespec::shogi {
namespace {

// Directions as seen by Sente (rank 0 is ahead): N, NE, E, SE, S, SW, W, NW. For Gote every
// piece's pattern is turned half round, which is the direction index + 4.
constexpr int kDf[8] = {0, 1, 1, 1, 0, -1, -1, -1};
constexpr int kDr[8] = {-1, -1, 0, 1, 1, 1, 0, -1};
constexpr std::uint8_t bit(int d) { return static_cast<std::uint8_t>(1u << d); }
constexpr std::uint8_t kOrthogonal = bit(0) | bit(2) | bit(4) | bit(6);
constexpr std::uint8_t kDiagonal = bit(1) | bit(3) | bit(5) | bit(7);
constexpr std::uint8_t kGoldSteps = bit(0) | bit(1) | bit(7) | bit(2) | bit(6) | bit(4);

struct Pattern {
  std::uint8_t steps = 0, slides = 0;
  bool knight = false;
};

constexpr std::array<Pattern, 14> kPatterns = {{
    {bit(0), 0, false},                                 // pawn
    {0, bit(0), false},                                 // lance
    {0, 0, true},                                       // knight
    {static_cast<std::uint8_t>(bit(0) | kDiagonal), 0, false},  // silver
    {kGoldSteps, 0, false},                             // gold
    {0, kDiagonal, false},                              // bishop
    {0, kOrthogonal, false},                            // rook
    {static_cast<std::uint8_t>(kOrthogonal | kDiagonal), 0, false},  // king
    {kGoldSteps, 0, false},                             // tokin
    {kGoldSteps, 0, false},                             // promoted lance
    {kGoldSteps, 0, false},                             // promoted knight
    {kGoldSteps, 0, false},                             // promoted silver
    {kOrthogonal, kDiagonal, false},                    // horse
    {kDiagonal, kOrthogonal, false},                    // dragon
}};

// The direction index a piece of colour c moves in when its Sente pattern says d.
int oriented(int d, Colour c) { return c == Colour::Sente ? d : (d + 4) % 8; }

bool on_board(int f, int r) { return f >= 0 && f < 9 && r >= 0 && r < 9; }

// Rank counted from the mover's side: 0 is the far (last) rank.
int rank_ahead(int sq, Colour c) { return c == Colour::Sente ? sq / 9 : 8 - sq / 9; }
bool in_zone(int sq, Colour c) { return rank_ahead(sq, c) <= 2; }
// A piece of this kind could never move again from this square.
bool dead_end(Kind k, int sq, Colour c) {
  const int ahead = rank_ahead(sq, c);
  return ((k == Pawn || k == Lance) && ahead == 0) || (k == Knight && ahead <= 1);
}

constexpr const char* kLetters = "PLNSGBRK";

Kind kind_of_letter(char upper) {
  for (int k = 0; k < 8; ++k)
    if (kLetters[k] == upper) return static_cast<Kind>(k);
  return NoKind;
}

}  // namespace

bool can_promote(Kind k) { return k == Pawn || k == Lance || k == Knight || k == Silver || k == Bishop || k == Rook; }
Kind promoted(Kind k) {
  switch (k) {
    case Pawn: return Tokin;
    case Lance: return PromotedLance;
    case Knight: return PromotedKnight;
    case Silver: return PromotedSilver;
    case Bishop: return Horse;
    case Rook: return Dragon;
    default: return k;
  }
}
Kind unpromoted(Kind k) {
  switch (k) {
    case Tokin: return Pawn;
    case PromotedLance: return Lance;
    case PromotedKnight: return Knight;
    case PromotedSilver: return Silver;
    case Horse: return Bishop;
    case Dragon: return Rook;
    default: return k;
  }
}

std::string square_name(int sq) {
  return std::string(1, static_cast<char>('0' + 9 - sq % 9)) + static_cast<char>('a' + sq / 9);
}

std::optional<int> parse_square(std::string_view s) {
  if (s.size() != 2 || s[0] < '1' || s[0] > '9' || s[1] < 'a' || s[1] > 'i') return std::nullopt;
  return square(9 - (s[0] - '0'), s[1] - 'a');
}

std::string usi(const Move& m) {
  if (m.from < 0) return std::string(1, kLetters[m.drop]) + "*" + square_name(m.to);
  return square_name(m.from) + square_name(m.to) + (m.promote ? "+" : "");
}

Position Position::start() {
  return *from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
}

std::optional<Position> Position::from_sfen(std::string_view sfen, std::string* error, bool lenient) {
  auto fail = [&](const std::string& why) -> std::optional<Position> {
    if (error) *error = why;
    return std::nullopt;
  };
  Position p;
  std::size_t i = 0;
  int rank = 0, file = 0;
  for (; i < sfen.size() && sfen[i] != ' '; ++i) {
    const char c = sfen[i];
    if (c == '/') {
      if (file != 9) return fail("rank " + std::to_string(rank + 1) + " has " + std::to_string(file) + " squares, not 9");
      ++rank;
      file = 0;
      continue;
    }
    if (c >= '1' && c <= '9') {
      file += c - '0';
      if (file > 9) return fail("rank " + std::to_string(rank + 1) + " is longer than 9 squares");
      continue;
    }
    bool promote = false;
    char letter = c;
    if (c == '+') {
      if (++i >= sfen.size()) return fail("'+' at the end of the board");
      promote = true;
      letter = sfen[i];
    }
    const Kind k = kind_of_letter(static_cast<char>(std::toupper(static_cast<unsigned char>(letter))));
    if (k == NoKind) return fail(std::string("unknown piece letter '") + letter + "'");
    if (promote && !can_promote(k)) return fail(std::string("'+") + letter + "' cannot be promoted");
    if (rank > 8 || file > 8) return fail("too many squares on the board");
    p.board_[static_cast<std::size_t>(square(file, rank))] = {promote ? promoted(k) : k,
                                                              std::isupper(static_cast<unsigned char>(letter)) ? Colour::Sente : Colour::Gote};
    ++file;
  }
  if (rank != 8 || file != 9) return fail("the board needs 9 ranks of 9 squares");
  if (++i >= sfen.size()) return fail("missing side to move");
  if (sfen[i] != 'b' && sfen[i] != 'w') return fail(std::string("side to move '") + sfen[i] + "' is not b or w");
  p.to_move_ = sfen[i] == 'b' ? Colour::Sente : Colour::Gote;
  i += 2;
  if (i > sfen.size()) return fail("missing pieces in hand ('-' for none)");
  if (i < sfen.size() && sfen[i] == '-') {
    ++i;
  } else {
    int count = 0;
    for (; i < sfen.size() && sfen[i] != ' '; ++i) {
      const char c = sfen[i];
      if (std::isdigit(static_cast<unsigned char>(c))) {
        count = count * 10 + (c - '0');
        // No kind has more than 18 pieces; a longer number is no count (and must not overflow).
        if (count > 18) return fail("hand count " + std::to_string(count) + " is more than the 18 pieces of any kind");
        continue;
      }
      const Kind k = kind_of_letter(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
      if (k == NoKind || k == King) return fail(std::string("'") + c + "' cannot be in hand");
      p.hands_[std::isupper(static_cast<unsigned char>(c)) ? 0 : 1][k] += count == 0 ? 1 : count;
      count = 0;
    }
  }
  if (i < sfen.size() && sfen[i] == ' ') {
    int n = 0;
    for (++i; i < sfen.size() && std::isdigit(static_cast<unsigned char>(sfen[i])); ++i) {
      n = n * 10 + (sfen[i] - '0');
      if (n > 1000000) return fail("move number " + std::to_string(n) + "... is too large");
    }
    if (n > 0) p.move_number_ = n;
  }
  // Every problem of the position at once.
  std::string problems;
  auto problem = [&](const std::string& s) { problems += (problems.empty() ? "" : "; ") + s; };
  int kings[2] = {0, 0};
  for (int sq = 0; sq < kSquares; ++sq) {
    const Piece& pc = p.at(sq);
    if (pc.empty()) continue;
    if (pc.kind == King) ++kings[static_cast<int>(pc.colour)], p.kings_[static_cast<std::size_t>(pc.colour)] = sq;
    if (!lenient && dead_end(pc.kind, sq, pc.colour))
      problem(std::string(1, kLetters[pc.kind]) + " on " + square_name(sq) + " could never move (lenient: true accepts a composed position)");
  }
  // A set has 18 pawns, 4 lances, knights, silvers and golds, 2 bishops and rooks; a promoted piece
  // and a piece in hand count as their kind.
  if (!lenient) {
    static constexpr int kInSet[] = {18, 4, 4, 4, 4, 2, 2};
    static const char* kNames[] = {"pawns", "lances", "knights", "silvers", "golds", "bishops", "rooks"};
    int count[7] = {};
    for (int sq = 0; sq < kSquares; ++sq)
      if (const Piece& pc = p.at(sq); !pc.empty() && unpromoted(pc.kind) != King) ++count[unpromoted(pc.kind)];
    for (int c = 0; c < 2; ++c)
      for (int k = 0; k < 7; ++k) count[k] += p.hands_[static_cast<std::size_t>(c)][static_cast<std::size_t>(k)];
    for (int k = 0; k < 7; ++k)
      if (count[k] > kInSet[k])
        problem(std::to_string(count[k]) + " " + kNames[k] + " on the board and in hand, more than the set's " + std::to_string(kInSet[k]) +
                " (lenient: true accepts a composed position)");
  }
  for (int f = 0; f < 9; ++f)
    for (int c = 0; c < 2; ++c) {
      int pawns = 0;
      for (int r = 0; r < 9; ++r) {
        const Piece& pc = p.at(square(f, r));
        pawns += pc.kind == Pawn && static_cast<int>(pc.colour) == c;
      }
      if (pawns > 1 && !lenient)
        problem(std::string(c == 0 ? "Sente" : "Gote") + " has two pawns on file " + std::to_string(9 - f) +
                " (lenient: true accepts a composed position)");
    }
  // A tsume problem has no king for the attacking side: one side may have none, neither more than one.
  for (int c = 0; c < 2; ++c)
    if (kings[c] > 1) problem(std::string(c == 0 ? "Sente" : "Gote") + " has " + std::to_string(kings[c]) + " kings");
  if (kings[0] == 0 && kings[1] == 0) problem("neither side has a king (one side may have none, as in a tsume problem)");
  if (problems.empty() && p.attacked(p.king_square(opponent(p.to_move_)), p.to_move_)) problem("the side not to move is in check");
  if (!problems.empty()) return fail(problems);
  return p;
}

std::string Position::sfen() const {
  std::string s;
  for (int r = 0; r < 9; ++r) {
    int empty = 0;
    for (int f = 0; f < 9; ++f) {
      const Piece& pc = at(square(f, r));
      if (pc.empty()) {
        ++empty;
        continue;
      }
      if (empty) s += static_cast<char>('0' + empty), empty = 0;
      const Kind base = unpromoted(pc.kind);
      if (base != pc.kind) s += '+';
      s += pc.colour == Colour::Sente ? kLetters[base] : static_cast<char>(std::tolower(kLetters[base]));
    }
    if (empty) s += static_cast<char>('0' + empty);
    if (r < 8) s += '/';
  }
  s += to_move_ == Colour::Sente ? " b " : " w ";
  std::string hand;
  // SFEN order: rook, bishop, gold, silver, knight, lance, pawn; Sente first.
  for (int c = 0; c < 2; ++c)
    for (Kind k : {Rook, Bishop, Gold, Silver, Knight, Lance, Pawn}) {
      const int n = hands_[static_cast<std::size_t>(c)][k];
      if (n == 0) continue;
      if (n > 1) hand += std::to_string(n);
      hand += c == 0 ? kLetters[k] : static_cast<char>(std::tolower(kLetters[k]));
    }
  return s + (hand.empty() ? "-" : hand) + " " + std::to_string(move_number_);
}

bool Position::attacked(int sq, Colour by) const {
  if (sq < 0) return false;
  const int f0 = sq % 9, r0 = sq / 9;
  for (int d = 0; d < 8; ++d) {
    // A piece of `by` at distance k in direction d reaches sq by moving in direction d + 4.
    const int towards = (d + 4) % 8;
    for (int k = 1;; ++k) {
      const int f = f0 + k * kDf[d], r = r0 + k * kDr[d];
      if (!on_board(f, r)) break;
      const Piece& pc = at(square(f, r));
      if (pc.empty()) continue;
      if (pc.colour == by) {
        const Pattern& pat = kPatterns[pc.kind];
        const int own = oriented(towards, by);  // the Sente-pattern direction that moves this way
        if ((pat.slides & bit(own)) || (k == 1 && (pat.steps & bit(own)))) return true;
      }
      break;
    }
  }
  // Knights jump two ranks forward and one file aside.
  const int back = by == Colour::Sente ? 2 : -2;
  for (int df : {-1, 1}) {
    const int f = f0 + df, r = r0 + back;
    if (!on_board(f, r)) continue;
    const Piece& pc = at(square(f, r));
    if (pc.kind == Knight && pc.colour == by) return true;
  }
  return false;
}

void Position::pseudo_moves(std::vector<Move>& out) const {
  const Colour us = to_move_;
  auto add = [&](int from, int to, Kind k) {
    const bool may = can_promote(k) && (in_zone(from, us) || in_zone(to, us));
    if (!dead_end(k, to, us)) out.push_back({from, to, NoKind, false});
    if (may) out.push_back({from, to, NoKind, true});
  };
  for (int sq = 0; sq < kSquares; ++sq) {
    const Piece& pc = at(sq);
    if (pc.empty() || pc.colour != us) continue;
    const Pattern& pat = kPatterns[pc.kind];
    const int f0 = sq % 9, r0 = sq / 9;
    for (int d = 0; d < 8; ++d) {
      const bool step = pat.steps & bit(d), slide = pat.slides & bit(d);
      if (!step && !slide) continue;
      const int dir = oriented(d, us);
      for (int k = 1;; ++k) {
        const int f = f0 + k * kDf[dir], r = r0 + k * kDr[dir];
        if (!on_board(f, r)) break;
        const Piece& target = at(square(f, r));
        if (!target.empty() && target.colour == us) break;
        add(sq, square(f, r), pc.kind);
        if (!target.empty() || !slide) break;
      }
    }
    if (pat.knight) {
      const int ahead = us == Colour::Sente ? -2 : 2;
      for (int df : {-1, 1}) {
        const int f = f0 + df, r = r0 + ahead;
        if (!on_board(f, r)) continue;
        const Piece& target = at(square(f, r));
        if (!target.empty() && target.colour == us) continue;
        add(sq, square(f, r), Knight);
      }
    }
  }
  // Drops.
  const auto& hand = hands_[static_cast<std::size_t>(us)];
  bool pawn_on_file[9] = {};
  for (int sq = 0; sq < kSquares; ++sq)
    if (at(sq).kind == Pawn && at(sq).colour == us) pawn_on_file[sq % 9] = true;
  for (int k = 0; k < kHandKinds; ++k) {
    if (hand[k] == 0) continue;
    for (int sq = 0; sq < kSquares; ++sq) {
      if (!at(sq).empty() || dead_end(static_cast<Kind>(k), sq, us)) continue;
      if (k == Pawn && pawn_on_file[sq % 9]) continue;  // nifu
      out.push_back({-1, sq, static_cast<Kind>(k), false});
    }
  }
}

void Position::make(const Move& m) {
  auto& hand = hands_[static_cast<std::size_t>(to_move_)];
  if (m.from < 0) {
    --hand[m.drop];
    board_[static_cast<std::size_t>(m.to)] = {m.drop, to_move_};
  } else {
    Piece moving = board_[static_cast<std::size_t>(m.from)];
    const Piece& captured = board_[static_cast<std::size_t>(m.to)];
    if (!captured.empty()) ++hand[unpromoted(captured.kind)];
    if (m.promote) moving.kind = promoted(moving.kind);
    if (moving.kind == King) kings_[static_cast<std::size_t>(to_move_)] = m.to;
    board_[static_cast<std::size_t>(m.to)] = moving;
    board_[static_cast<std::size_t>(m.from)] = {};
  }
  to_move_ = opponent(to_move_);
  ++move_number_;
}

bool Position::leaves_king_safe(const Move& m) const {
  Position next = *this;
  next.make(m);
  return !next.attacked(next.king_square(to_move_), next.to_move_);
}

// Uchifuzume: a pawn dropped straight in front of the enemy king, giving check, that leaves the
// enemy no legal move.
bool Position::pawn_drop_mates(const Move& m) const {
  if (m.from >= 0 || m.drop != Pawn) return false;
  const int front = m.to + (to_move_ == Colour::Sente ? -9 : 9);
  if (front < 0 || front >= kSquares) return false;
  const Piece& pc = at(front);
  if (pc.kind != King || pc.colour == to_move_) return false;
  Position next = *this;
  next.make(m);
  return next.legal_moves().empty();
}

std::vector<Move> Position::legal_moves(bool pawn_drop_mate_rule) const {
  std::vector<Move> pseudo, out;
  pseudo.reserve(128);
  pseudo_moves(pseudo);
  for (const Move& m : pseudo)
    if (leaves_king_safe(m) && !(pawn_drop_mate_rule && pawn_drop_mates(m))) out.push_back(m);
  return out;
}

std::optional<Move> Position::parse_usi(std::string_view text) const {
  for (const Move& m : legal_moves())
    if (usi(m) == text) return m;
  return std::nullopt;
}

std::uint64_t Position::perft(int depth, bool pawn_drop_mate_rule) const {
  if (depth <= 0) return 1;
  const auto moves = legal_moves(pawn_drop_mate_rule);
  if (depth == 1) return moves.size();
  std::uint64_t n = 0;
  for (const Move& m : moves) {
    Position next = *this;
    next.make(m);
    n += next.perft(depth - 1, pawn_drop_mate_rule);
  }
  return n;
}

Position Position::without(int sq) const {
  Position p = *this;
  if (p.board_[static_cast<std::size_t>(sq)].kind != King) p.board_[static_cast<std::size_t>(sq)] = {};
  return p;
}

Position Position::mirrored() const {
  Position m;
  for (int sq = 0; sq < kSquares; ++sq) {
    Piece pc = at(sq);
    if (!pc.empty()) pc.colour = opponent(pc.colour);
    m.board_[static_cast<std::size_t>(kSquares - 1 - sq)] = pc;
  }
  m.hands_[0] = hands_[1];
  m.hands_[1] = hands_[0];
  m.to_move_ = opponent(to_move_);
  m.move_number_ = move_number_;
  m.kings_ = {kings_[1] < 0 ? -1 : kSquares - 1 - kings_[1], kings_[0] < 0 ? -1 : kSquares - 1 - kings_[0]};
  return m;
}

std::string board_sfen(const std::string* squares) {
  std::string sfen;
  for (int rank = 0; rank < 9; ++rank) {
    int empty = 0;
    for (int file = 0; file < 9; ++file) {
      const std::string& x = squares[rank * 9 + file];
      if (x.empty()) {
        ++empty;
        continue;
      }
      if (empty) sfen += std::to_string(empty), empty = 0;
      sfen += x;
    }
    if (empty) sfen += std::to_string(empty);
    if (rank < 8) sfen += "/";
  }
  return sfen;
}

MoveFault move_fault(const Position& p, std::string_view usi_text) {
  for (const Move& m : p.legal_moves(false))
    if (usi(m) == usi_text) return p.is_pawn_drop_mate(m) ? MoveFault::PawnDropMate : MoveFault::None;
  if (usi_text.size() == 4 && usi_text[0] == 'P' && usi_text[1] == '*')
    if (const auto to = parse_square(usi_text.substr(2)))
      for (int sq = *to % 9; sq < kSquares; sq += 9)
        if (p.at(sq).kind == Pawn && p.at(sq).colour == p.to_move()) return MoveFault::Nifu;
  for (const Move& m : p.pseudo_legal_moves())
    if (usi(m) == usi_text) return MoveFault::KingSafety;
  return MoveFault::Movement;
}

}  // namespace rulespec::shogi
