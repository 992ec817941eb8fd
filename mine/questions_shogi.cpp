// Shogi questions for rulespec mine: the impasse verdict of a declaration (27-point system, the
// CSA and JSA 24-point rules, the JSA 2013 conditions) on generated impasse positions; and the
// legal moves of a position, which every shogi ruleset shares: asked of an engine (mine --engine).
#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>
#include <optional>
#include <string>

#include "mine/questions.hpp"
#include "model/shogi/impasse_board.hpp"
#include "model/shogi/position.hpp"

namespace rulespec::mine {
namespace {

// A position as text cells, so that pieces can be put and taken without the move rules: each
// cell "" or a SFEN piece ("P", "+r", "k"); hands in the order of shogi::Kind (pawn .. rook).
struct Layout {
  std::array<std::string, 81> cells;
  std::array<std::array<int, 7>, 2> hand{};
  char side = 'b';
};

constexpr const char* kHandLetters = "PLNSGBR";

std::string sfen_of(const Layout& l) {
  std::string out = shogi::board_sfen(l.cells.data());
  out += ' ';
  out += l.side;
  out += ' ';
  std::string hands;
  // SFEN's conventional order: rook, bishop, gold, silver, knight, lance, pawn; Sente first.
  for (int colour = 0; colour < 2; ++colour)
    for (int k = 6; k >= 0; --k) {
      const int n = l.hand[static_cast<std::size_t>(colour)][static_cast<std::size_t>(k)];
      if (n == 0) continue;
      if (n > 1) hands += std::to_string(n);
      const char letter = kHandLetters[k];
      hands += colour == 0 ? letter : static_cast<char>(std::tolower(static_cast<unsigned char>(letter)));
    }
  out += hands.empty() ? "-" : hands;
  return out + " 1";
}

std::optional<Layout> layout_of(const std::string& sfen) {
  Layout l;
  std::size_t i = 0;
  int sq = 0;
  for (; i < sfen.size() && sfen[i] != ' '; ++i) {
    const char c = sfen[i];
    if (c == '/') continue;
    if (std::isdigit(static_cast<unsigned char>(c))) {
      sq += c - '0';
      continue;
    }
    if (sq >= 81) return std::nullopt;
    if (c == '+') {
      if (i + 1 >= sfen.size()) return std::nullopt;
      l.cells[static_cast<std::size_t>(sq++)] = std::string("+") + sfen[++i];
    } else {
      l.cells[static_cast<std::size_t>(sq++)] = std::string(1, c);
    }
  }
  if (i + 1 >= sfen.size()) return std::nullopt;
  l.side = sfen[i + 1];
  int count = 0;
  for (i += 3; i < sfen.size() && sfen[i] != ' '; ++i) {
    const char c = sfen[i];
    if (c == '-') continue;
    if (std::isdigit(static_cast<unsigned char>(c))) {
      count = count * 10 + (c - '0');
      continue;
    }
    const char upper = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    const char* at = std::strchr(kHandLetters, upper);
    if (!at) return std::nullopt;
    l.hand[std::isupper(static_cast<unsigned char>(c)) ? 0 : 1][static_cast<std::size_t>(at - kHandLetters)] += count ? count : 1;
    count = 0;
  }
  return l;
}

bool valid(const Layout& l) { return shogi::Position::from_sfen(sfen_of(l)).has_value(); }

Value shogi_input(const Layout& l) {
  Value v = Value::map();
  v.set("sfen", Value::string(sfen_of(l)));
  return v;
}

bool is_king(const std::string& cell) { return cell == "K" || cell == "k"; }

// The board turned half round with colours, hands and the side to move swapped (which keeps the
// legal moves); or mirrored left to right (which also keeps every verdict of a declaration).
Layout turned(const Layout& l) {
  Layout out;
  for (int sq = 0; sq < 81; ++sq) {
    std::string c = l.cells[static_cast<std::size_t>(sq)];
    for (char& ch : c)
      if (std::isalpha(static_cast<unsigned char>(ch)))
        ch = std::isupper(static_cast<unsigned char>(ch)) ? static_cast<char>(std::tolower(ch)) : static_cast<char>(std::toupper(ch));
    out.cells[static_cast<std::size_t>(80 - sq)] = c;
  }
  out.hand = {l.hand[1], l.hand[0]};
  out.side = l.side == 'b' ? 'w' : 'b';
  return out;
}

Layout mirrored(const Layout& l) {
  Layout out = l;
  for (int rank = 0; rank < 9; ++rank)
    for (int file = 0; file < 9; ++file) out.cells[static_cast<std::size_t>(rank * 9 + file)] = l.cells[static_cast<std::size_t>(rank * 9 + 8 - file)];
  return out;
}

// The position with one piece less: one taken off the board (not a king) or out of a hand.
std::vector<Value> fewer_pieces(const Value& input) {
  std::vector<Value> out;
  const auto l = layout_of(input.find("sfen")->as_string());
  if (!l) return out;
  for (int sq = 0; sq < 81; ++sq) {
    const std::string& c = l->cells[static_cast<std::size_t>(sq)];
    if (c.empty() || is_king(c)) continue;
    Layout fewer = *l;
    fewer.cells[static_cast<std::size_t>(sq)].clear();
    if (valid(fewer)) out.push_back(shogi_input(fewer));
  }
  for (int colour = 0; colour < 2; ++colour)
    for (int k = 0; k < 7; ++k)
      if (l->hand[static_cast<std::size_t>(colour)][static_cast<std::size_t>(k)] > 0) {
        Layout fewer = *l;
        --fewer.hand[static_cast<std::size_t>(colour)][static_cast<std::size_t>(k)];
        if (valid(fewer)) out.push_back(shogi_input(fewer));
      }
  return out;
}

// The least SFEN under the file mirror: what a declaration reads is the same on the mirrored
// board. (Not under the half turn: the declarer would change, and Sente needs more points.)
Value mirror_canonical(const Value& input) {
  const auto l = layout_of(input.find("sfen")->as_string());
  if (!l) return input;
  Value v = Value::map();
  v.set("sfen", Value::string(std::min(sfen_of(*l), sfen_of(mirrored(*l)))));
  return v;
}

// The least SFEN under the file mirror and the half turn with colours swapped, which keep the
// legal moves (as moves of the other side).
Value canonical_position(const Value& input) {
  const auto l = layout_of(input.find("sfen")->as_string());
  if (!l) return input;
  std::string best = sfen_of(*l);
  for (const Layout& other : {mirrored(*l), turned(*l), mirrored(turned(*l))})
    best = std::min(best, sfen_of(other));
  Value v = Value::map();
  v.set("sfen", Value::string(best));
  return v;
}

int pieces_besides_kings(const Value& input) {
  const auto l = layout_of(input.find("sfen")->as_string());
  int n = 0;
  if (!l) return n;
  for (const auto& c : l->cells) n += !c.empty() && !is_king(c);
  for (const auto& hand : l->hand)
    for (int k : hand) n += k;
  return n;
}

// The exhaustive space of declarations: Sente to move, its king on 5a (or, the other half, on 5d
// outside the camp), Gote's king on 9i with every piece Sente does not hold in Gote's hand (so no
// check). Sente holds `majors_in_camp` horses and dragons and `minors_in_camp` promoted minor
// pieces in the camp, and `majors_in_hand` bishops and rooks and `minors_in_hand` minor pieces in
// hand: every count the set allows, which is everything a declaration reads of the position.
constexpr int kMajors = 4, kMinors = 34, kCampSquares = 26;

std::uint64_t minors_space() {
  std::uint64_t n = 0;
  for (int in_camp = 0; in_camp <= kCampSquares; ++in_camp) n += static_cast<std::uint64_t>(kMinors - in_camp + 1);
  return n;
}

std::optional<Layout> declaration_layout(std::uint64_t index) {
  const bool king_in_camp = (index & 1) == 0;
  index >>= 1;
  const std::uint64_t minors = minors_space();
  std::uint64_t major_index = index / minors, minor_index = index % minors;
  int majors_in_camp = 0, majors_in_hand = 0, minors_in_camp = 0, minors_in_hand = 0;
  for (majors_in_camp = 0; majors_in_camp <= kMajors; ++majors_in_camp) {
    const std::uint64_t here = static_cast<std::uint64_t>(kMajors - majors_in_camp + 1);
    if (major_index < here) break;
    major_index -= here;
  }
  if (majors_in_camp > kMajors) return std::nullopt;
  majors_in_hand = static_cast<int>(major_index);
  for (minors_in_camp = 0; minors_in_camp <= kCampSquares; ++minors_in_camp) {
    const std::uint64_t here = static_cast<std::uint64_t>(kMinors - minors_in_camp + 1);
    if (minor_index < here) break;
    minor_index -= here;
  }
  minors_in_hand = static_cast<int>(minor_index);
  Layout l;
  l.cells[static_cast<std::size_t>(shogi::square(4, king_in_camp ? 0 : 3))] = "K";
  l.cells[static_cast<std::size_t>(shogi::square(0, 8))] = "k";
  // Gote starts with the whole set in hand; Sente takes what it holds from there.
  l.hand[1] = {18, 4, 4, 4, 4, 2, 2};
  auto take = [&](int kind) {
    --l.hand[1][static_cast<std::size_t>(kind)];
    return kind;
  };
  auto next_minor = [&]() {
    for (int k = 0; k < 5; ++k)
      if (l.hand[1][static_cast<std::size_t>(k)] > 0) return take(k);
    return -1;
  };
  // The camp's squares, the king's aside, filled rank by rank; a major goes where it gives no
  // check to Gote's king (the side not to move may not be in check).
  std::vector<int> squares;
  for (int rank = 0; rank < 3; ++rank)
    for (int file = 0; file < 9; ++file)
      if (l.cells[static_cast<std::size_t>(shogi::square(file, rank))].empty()) squares.push_back(shogi::square(file, rank));
  for (int i = 0; i < majors_in_camp; ++i) {
    const int kind = take(i < 2 ? 5 : 6);  // bishops, then rooks
    bool placed = false;
    for (int sq : squares) {
      if (!l.cells[static_cast<std::size_t>(sq)].empty()) continue;
      l.cells[static_cast<std::size_t>(sq)] = kind == 5 ? "+B" : "+R";
      if (valid(l)) {
        placed = true;
        break;
      }
      l.cells[static_cast<std::size_t>(sq)].clear();
    }
    if (!placed) return std::nullopt;
  }
  static const char* kPromoted[] = {"+P", "+L", "+N", "+S", "G"};
  for (int i = 0, placed = 0; placed < minors_in_camp; ++i) {
    if (i >= static_cast<int>(squares.size())) return std::nullopt;
    const int sq = squares[static_cast<std::size_t>(i)];
    if (!l.cells[static_cast<std::size_t>(sq)].empty()) continue;
    const int kind = next_minor();
    if (kind < 0) return std::nullopt;
    l.cells[static_cast<std::size_t>(sq)] = kPromoted[kind];
    ++placed;
  }
  for (int i = 0; i < majors_in_hand; ++i) {
    const int kind = l.hand[1][5] > 0 ? take(5) : take(6);
    ++l.hand[0][static_cast<std::size_t>(kind)];
  }
  for (int i = 0; i < minors_in_hand; ++i) {
    const int kind = next_minor();
    if (kind < 0) return std::nullopt;
    ++l.hand[0][static_cast<std::size_t>(kind)];
  }
  if (!valid(l)) return std::nullopt;
  return l;
}

}  // namespace

Question shogi_declare() {
  Question q;
  q.game = "shogi";
  q.name = "declare";
  q.query = "declare";
  q.summary = "the verdict of a declaration (or the point count) by the side to move on an impasse position";
  q.compared = {"verdict"};
  q.part_name = "pieces other than the kings (on the board and in hand)";
  q.cited = "failed";
  q.fallback_clauses = {"jishogi.declaration.cond2-points"};
  // Sente declares: its king in Gote's camp, the 38 other pieces dealt at random between Sente's
  // part of the camp, Sente's hand, the rest of the board and Gote's hand, with weights drawn per
  // position so that the points fall on both sides of every threshold.
  q.generate = [](common::XorShift64& rng) -> Value {
    Layout l;
    l.cells[static_cast<std::size_t>(shogi::square(static_cast<int>(rng.below(9)), static_cast<int>(rng.below(3))))] = "K";
    for (;;) {
      const int sq = shogi::square(static_cast<int>(rng.below(9)), 3 + static_cast<int>(rng.below(6)));
      if (l.cells[static_cast<std::size_t>(sq)].empty()) {
        l.cells[static_cast<std::size_t>(sq)] = "k";
        break;
      }
    }
    const int weight_camp = 20 + static_cast<int>(rng.below(40)), weight_hand = static_cast<int>(rng.below(30));
    const int weight_gote = 20 + static_cast<int>(rng.below(40)), weight_gote_hand = static_cast<int>(rng.below(20));
    const std::array<int, 7> counts{18, 4, 4, 4, 4, 2, 2};
    for (int k = 6; k >= 0; --k)
      for (int n = 0; n < counts[static_cast<std::size_t>(k)]; ++n) {
        const char letter = kHandLetters[k];
        const int roll = static_cast<int>(rng.below(static_cast<std::uint64_t>(weight_camp + weight_hand + weight_gote + weight_gote_hand)));
        if (roll >= weight_camp && roll < weight_camp + weight_hand) {
          ++l.hand[0][static_cast<std::size_t>(k)];
          continue;
        }
        if (roll >= weight_camp + weight_hand + weight_gote) {
          ++l.hand[1][static_cast<std::size_t>(k)];
          continue;
        }
        const bool sente = roll < weight_camp;
        for (int tries = 0; tries < 20; ++tries) {
          const int rank = sente ? static_cast<int>(rng.below(3)) : 3 + static_cast<int>(rng.below(6));
          const int sq = shogi::square(static_cast<int>(rng.below(9)), rank);
          if (!l.cells[static_cast<std::size_t>(sq)].empty()) continue;
          std::string cell(1, sente ? letter : static_cast<char>(std::tolower(static_cast<unsigned char>(letter))));
          // In Sente's camp pieces are often promoted (always where they could not move on);
          // Gote's pieces are kept clear of nifu by promoting a second pawn on a file.
          const bool promotable = k != 4;
          if (promotable && sente && (rank == 0 || (k == 2 && rank == 1) || rng.below(2))) cell = "+" + cell;
          if (!sente && k == 0)
            for (int r = 0; r < 9; ++r)
              if (l.cells[static_cast<std::size_t>(shogi::square(sq % 9, r))] == "p") cell = "+p";
          if (!sente && rank == 8 && (k <= 2)) cell = "+" + cell;
          if (!sente && k == 2 && rank == 7 && cell[0] != '+') cell = "+" + cell;
          if (sente && k == 0 && cell[0] != '+')
            for (int r = 0; r < 9; ++r)
              if (l.cells[static_cast<std::size_t>(shogi::square(sq % 9, r))] == "P") cell = "+P";
          l.cells[static_cast<std::size_t>(sq)] = cell;
          break;
        }
      }
    if (!valid(l)) return Value();
    return shogi_input(l);
  };
  q.shrink = fewer_pieces;
  q.canonical = mirror_canonical;
  // Two positions alike in everything a declaration reads (the declarer, its king in the camp,
  // check, a legal move, its pieces in the camp and its points over camp and hand) are one
  // witness, however the pieces stand.
  q.shape = [](const Value& input) {
    const auto pos = shogi::Position::from_sfen(input.find("sfen")->as_string());
    if (!pos) return input.dump();
    const auto facts = shogi::declaration_facts(*pos, true);
    return std::string(facts.declarer == shogi::Side::Sente ? "sente" : "gote") + (facts.king_in_enemy_camp ? " king-in-camp" : "") +
           (facts.in_check ? " in-check" : "") + (pos->legal_moves().empty() ? " no-move" : "") + " camp " +
           std::to_string(facts.in_enemy_camp.total()) + " points " + std::to_string(shogi::points(facts.in_enemy_camp + facts.in_hand));
  };
  q.parts = pieces_besides_kings;
  std::uint64_t majors = 0;
  for (int in_camp = 0; in_camp <= kMajors; ++in_camp) majors += static_cast<std::uint64_t>(kMajors - in_camp + 1);
  q.space = 2 * majors * minors_space();
  q.space_summary = "every count of Sente's majors and minor pieces in Gote's camp and in hand, its king in the camp or just outside, Gote holding the rest in hand";
  // Each count is its own class: the canonical form of its layout.
  q.enumerate = [](std::uint64_t index) -> std::optional<Value> {
    const auto l = declaration_layout(index);
    if (!l) return std::nullopt;
    return mirror_canonical(shogi_input(*l));
  };
  return q;
}

namespace {

// A position from a game of random moves from the start (captures preferred half the time, so
// that hands fill and drops come into play), 20 to 140 plies long.
std::optional<shogi::Position> played_position(common::XorShift64& rng) {
  shogi::Position p = shogi::Position::start();
  const int plies = 20 + static_cast<int>(rng.below(121));
  for (int ply = 0; ply < plies; ++ply) {
    const auto moves = p.legal_moves();
    if (moves.empty()) return std::nullopt;
    std::vector<shogi::Move> captures;
    for (const shogi::Move& m : moves)
      if (m.from >= 0 && !p.at(m.to).empty()) captures.push_back(m);
    const auto& pool = !captures.empty() && rng.below(2) == 0 ? captures : moves;
    p.make(pool[rng.below(pool.size())]);
  }
  return p;
}

// A mating net: Gote's king on its first three ranks with two to seven of Sente's pieces around
// it, a few of Gote's beside it, and Sente to move with a pawn in hand (where a pawn drop may
// mate, and a second pawn on a file may be offered).
std::optional<Layout> net_position(common::XorShift64& rng) {
  Layout l;
  const int king_file = static_cast<int>(rng.below(9)), king_rank = rng.below(3) ? 0 : 1 + static_cast<int>(rng.below(2));
  l.cells[static_cast<std::size_t>(shogi::square(king_file, king_rank))] = "k";
  l.cells[static_cast<std::size_t>(shogi::square(static_cast<int>(rng.below(9)), 6 + static_cast<int>(rng.below(3))))] = "K";
  auto near = [&](int reach) -> int {
    const int f = std::clamp(king_file - reach + static_cast<int>(rng.below(static_cast<std::uint64_t>(2 * reach + 1))), 0, 8);
    const int r = std::clamp(king_rank - 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(reach + 2))), 0, 8);
    return shogi::square(f, r);
  };
  static const char* kSente[] = {"P", "L", "N", "S", "G", "B", "R", "+P", "+B", "+R", "G", "S"};
  static const char* kGote[] = {"p", "l", "n", "s", "g", "b", "r", "g", "s"};
  for (int i = 0, n = 2 + static_cast<int>(rng.below(6)); i < n; ++i) {
    const int sq = near(3);
    if (l.cells[static_cast<std::size_t>(sq)].empty()) l.cells[static_cast<std::size_t>(sq)] = kSente[rng.below(12)];
  }
  for (int i = 0, n = static_cast<int>(rng.below(4)); i < n; ++i) {
    const int sq = near(2);
    if (l.cells[static_cast<std::size_t>(sq)].empty()) l.cells[static_cast<std::size_t>(sq)] = kGote[rng.below(9)];
  }
  l.hand[0][0] = 1 + static_cast<int>(rng.below(2));
  for (int k = 1; k < 7; ++k) l.hand[0][static_cast<std::size_t>(k)] = rng.below(5) == 0;
  if (!valid(l)) return std::nullopt;
  return l;
}

}  // namespace

Question shogi_legal() {
  Question q;
  q.game = "shogi";
  q.name = "legal";
  q.query = "legal_moves";
  q.summary = "the legal moves of a position (drops, promotion, nifu, the pawn-drop mate, king safety)";
  q.compared = {"moves"};
  q.part_name = "pieces other than the kings (on the board and in hand)";
  // Positions of random games, and mating nets where a pawn drop may mate (about one in 150).
  q.default_positions = 5000;
  q.generate = [](common::XorShift64& rng) -> Value {
    if (rng.below(2) == 0) {
      const auto p = played_position(rng);
      if (!p) return Value();
      const auto l = layout_of(p->sfen());  // written as the layout writes it (move number 1)
      return l ? shogi_input(*l) : Value();
    }
    const auto l = net_position(rng);
    return l ? shogi_input(*l) : Value();
  };
  q.shrink = fewer_pieces;
  q.canonical = canonical_position;
  q.shape = [](const Value& input) { return canonical_position(input).dump(); };
  q.parts = pieces_besides_kings;
  q.fault = [](const Value& input, const std::string& move) -> std::string {
    const auto p = shogi::Position::from_sfen(input.find("sfen")->as_string());
    if (!p) return "";
    switch (shogi::move_fault(*p, move)) {
      case shogi::MoveFault::None: return "legal";
      case shogi::MoveFault::Movement: return "not a move the pieces or the drop rules allow";
      case shogi::MoveFault::Nifu: return "a second unpromoted pawn on the file (nifu)";
      case shogi::MoveFault::PawnDropMate: return "a pawn dropped to give mate (uchifuzume)";
      case shogi::MoveFault::KingSafety: return "leaves the king attacked";
    }
    return "";
  };
  return q;
}

}  // namespace rulespec::mine
