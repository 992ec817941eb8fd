#include "mine/questions.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>

#include "model/xiangqi/notation.hpp"
#include "model/xiangqi/position.hpp"

namespace rulespec::mine {
namespace {

// ---------------------------------------------------------------- xiangqi: loop verdicts
// A loop: both sides shuttle one piece between two squares (four plies), played until the
// position has recurred often enough for every counting; the verdict compared.

// The FEN placement of a 10x9 grid (rank 9 first) and the side to move.
std::string xiangqi_fen(const std::array<std::array<char, 9>, 10>& grid, char side) {
  std::string out;
  for (int r = 9; r >= 0; --r) {
    int empty = 0;
    for (int f = 0; f < 9; ++f) {
      const char c = grid[static_cast<std::size_t>(r)][static_cast<std::size_t>(f)];
      if (c == '.') {
        ++empty;
        continue;
      }
      if (empty) out += std::to_string(empty), empty = 0;
      out += c;
    }
    if (empty) out += std::to_string(empty);
    if (r) out += '/';
  }
  return out + " " + side + " - - 0 1";
}

std::array<std::array<char, 9>, 10> xiangqi_grid(const std::string& fen) {
  std::array<std::array<char, 9>, 10> grid{};
  for (auto& rank : grid) rank.fill('.');
  int r = 9, f = 0;
  for (char c : fen) {
    if (c == ' ') break;
    if (c == '/') --r, f = 0;
    else if (c >= '1' && c <= '9') f += c - '0';
    else grid[static_cast<std::size_t>(r)][static_cast<std::size_t>(f++)] = c;
  }
  return grid;
}

// The moves replayed from the FEN: legal all through (nullopt otherwise).
std::optional<xiangqi::Position> xiangqi_replay(const std::string& fen, const std::vector<std::string>& moves) {
  auto parsed = xiangqi::Position::from_fen(fen);
  if (!parsed.position) return std::nullopt;
  xiangqi::Position p = *parsed.position;
  for (const auto& text : moves) {
    const auto m = xiangqi::parse_move(p, text, false);
    if (!m.move || !p.is_legal(*m.move)) return std::nullopt;
    p.make(*m.move);
  }
  return p;
}

Value xiangqi_input(const std::string& fen, const std::vector<std::string>& moves) {
  Value v = Value::map();
  v.set("fen", Value::string(fen));
  Value list = Value::list();
  for (const auto& m : moves) list.push(Value::string(m));
  v.set("moves", list);
  return v;
}

std::vector<std::string> xiangqi_moves(const Value& input) {
  std::vector<std::string> out;
  for (const Value& m : input.find("moves")->as_list()) out.push_back(m.as_string());
  return out;
}

int pieces_besides_kings(const Value& input) {
  int n = 0;
  for (char c : input.find("fen")->as_string()) {
    if (c == ' ') break;
    n += std::isalpha(static_cast<unsigned char>(c)) && c != 'K' && c != 'k';
  }
  return n;
}

}  // namespace

Question xiangqi_loops() {
  Question q;
  q.game = "xiangqi";
  q.name = "loops";
  q.query = "adjudicate";
  q.summary = "the verdict on a loop in which each side shuttles one piece";
  q.compared = {"verdict"};
  q.part_name = "pieces other than the kings";
  q.cited = "clauses";
  q.fallback_clauses = {"axf-1982.chase.unprotected-forbidden"};
  q.generate = [](common::XorShift64& rng) {
    for (;;) {
      std::array<std::array<char, 9>, 10> grid{};
      for (auto& rank : grid) rank.fill('.');
      auto put = [&](char piece, int f0, int f1, int r0, int r1) {
        for (;;) {
          const int f = f0 + static_cast<int>(rng.below(static_cast<std::uint64_t>(f1 - f0 + 1)));
          const int r = r0 + static_cast<int>(rng.below(static_cast<std::uint64_t>(r1 - r0 + 1)));
          char& cell = grid[static_cast<std::size_t>(r)][static_cast<std::size_t>(f)];
          if (cell == '.') {
            cell = piece;
            return;
          }
        }
      };
      put('K', 3, 5, 0, 2);
      put('k', 3, 5, 7, 9);
      // Two or three of rook, cannon, horse a side, in the middle files where they meet (every
      // witness, minimized, keeps at most two a side: the campaign of loops of two pieces per side).
      const char* red = "RRCCHH";
      const char* black = "rrcchh";
      for (int i = 0, n = 2 + static_cast<int>(rng.below(2)); i < n; ++i) put(red[rng.below(6)], 1, 7, 0, 9);
      for (int i = 0, n = 2 + static_cast<int>(rng.below(2)); i < n; ++i) put(black[rng.below(6)], 1, 7, 0, 9);
      const std::string fen = xiangqi_fen(grid, 'w');
      const auto start = xiangqi_replay(fen, {});
      if (!start || start->in_check()) continue;
      const auto red_moves = start->legal_moves();
      if (red_moves.empty()) continue;
      const xiangqi::Move m1 = red_moves[rng.below(red_moves.size())];
      xiangqi::Position p = *start;
      p.make(m1);
      const auto black_moves = p.legal_moves();
      if (black_moves.empty()) continue;
      const xiangqi::Move b1 = black_moves[rng.below(black_moves.size())];
      const std::string a = xiangqi::to_iccs(m1), b = xiangqi::to_iccs(b1);
      const std::string a_back = a.substr(2) + a.substr(0, 2), b_back = b.substr(2) + b.substr(0, 2);
      // Three cycles and the first move of a fourth: every counting has reached its limit.
      std::vector<std::string> moves;
      for (int cycle = 0; cycle < 3; ++cycle) moves.insert(moves.end(), {a, b, a_back, b_back});
      moves.push_back(a);
      if (!xiangqi_replay(fen, moves)) continue;
      return xiangqi_input(fen, moves);
    }
  };
  q.shrink = [](const Value& input) {
    const std::string fen = input.find("fen")->as_string();
    const auto moves = xiangqi_moves(input);
    auto grid = xiangqi_grid(fen);
    std::vector<Value> out;
    for (int r = 0; r < 10; ++r)
      for (int f = 0; f < 9; ++f) {
        const char c = grid[static_cast<std::size_t>(r)][static_cast<std::size_t>(f)];
        if (c == '.' || c == 'K' || c == 'k') continue;
        grid[static_cast<std::size_t>(r)][static_cast<std::size_t>(f)] = '.';
        const std::string fewer = xiangqi_fen(grid, fen[fen.find(' ') + 1]);
        if (const auto p = xiangqi_replay(fewer, moves); p && !xiangqi_replay(fewer, {})->in_check()) out.push_back(xiangqi_input(fewer, moves));
        grid[static_cast<std::size_t>(r)][static_cast<std::size_t>(f)] = c;
      }
    return out;
  };
  // Mirrored files (a <-> i) are the board's one symmetry that keeps the colours.
  q.canonical = [](const Value& input) {
    const std::string fen = input.find("fen")->as_string();
    const auto moves = xiangqi_moves(input);
    auto grid = xiangqi_grid(fen);
    for (auto& rank : grid) std::reverse(rank.begin(), rank.end());
    std::vector<std::string> mirrored;
    for (std::string m : moves) {
      m[0] = static_cast<char>('a' + 'i' - m[0]);
      m[2] = static_cast<char>('a' + 'i' - m[2]);
      mirrored.push_back(m);
    }
    const Value other = xiangqi_input(xiangqi_fen(grid, fen[fen.find(' ') + 1]), mirrored);
    return other.dump() < input.dump() ? other : input;
  };
  q.shape = [q](const Value& input) { return q.canonical(input).dump(); };
  q.parts = pieces_besides_kings;
  // Every loop of one shuttling piece a side (rook, cannon or horse) with the kings on d0 and f9:
  // by index the red piece and its square, the black piece and its square, then the red and the
  // black move (the n-th of the piece's legal moves, in ICCS order). A start in check, a move
  // number past the piece's moves, or a loop that cannot be played three times round is skipped.
  // About 21 million indices: a campaign for a cluster (mine --shard, contrib/slurm).
  static constexpr const char* kShuttlers = "RCH";
  constexpr std::uint64_t kKinds = 3, kSquares = 90, kMoves = 17;
  q.space = kKinds * kSquares * kKinds * kSquares * kMoves * kMoves;
  q.space_summary = "every loop of one shuttling rook, cannon or horse a side, the kings on d0 and f9";
  q.enumerate = [canonical = q.canonical](std::uint64_t index) -> std::optional<Value> {
    const int black_move = static_cast<int>(index % kMoves), red_move = static_cast<int>(index / kMoves % kMoves);
    index /= kMoves * kMoves;
    const int black_square = static_cast<int>(index % kSquares);
    index /= kSquares;
    const char black_piece = static_cast<char>(std::tolower(kShuttlers[index % kKinds]));
    index /= kKinds;
    const int red_square = static_cast<int>(index % kSquares);
    const char red_piece = kShuttlers[index / kSquares];
    std::array<std::array<char, 9>, 10> grid{};
    for (auto& rank : grid) rank.fill('.');
    grid[0][3] = 'K';
    grid[9][5] = 'k';
    auto put = [&](int square, char piece) {
      char& cell = grid[static_cast<std::size_t>(square / 9)][static_cast<std::size_t>(square % 9)];
      if (cell != '.') return false;
      cell = piece;
      return true;
    };
    if (!put(red_square, red_piece) || !put(black_square, black_piece)) return std::nullopt;
    const std::string fen = xiangqi_fen(grid, 'w');
    const auto start = xiangqi_replay(fen, {});
    if (!start || start->in_check()) return std::nullopt;
    // The n-th legal move of the piece on `square`, in ICCS order.
    auto nth_move = [](const xiangqi::Position& p, int square, int n) -> std::optional<std::string> {
      std::vector<std::string> moves;
      for (const auto& m : p.legal_moves())
        if (m.from == xiangqi::square(square % 9, square / 9)) moves.push_back(xiangqi::to_iccs(m));
      std::sort(moves.begin(), moves.end());
      if (n >= static_cast<int>(moves.size())) return std::nullopt;
      return moves[static_cast<std::size_t>(n)];
    };
    const auto a = nth_move(*start, red_square, red_move);
    if (!a) return std::nullopt;
    const auto after = xiangqi_replay(fen, {*a});
    const auto b = nth_move(*after, black_square, black_move);
    if (!b) return std::nullopt;
    const std::string a_back = a->substr(2) + a->substr(0, 2), b_back = b->substr(2) + b->substr(0, 2);
    std::vector<std::string> moves;
    for (int cycle = 0; cycle < 3; ++cycle) moves.insert(moves.end(), {*a, *b, a_back, b_back});
    moves.push_back(*a);
    if (!xiangqi_replay(fen, moves)) return std::nullopt;
    // The mirrored kings (f0, d9) are not enumerated: each loop stands for its class.
    return canonical(xiangqi_input(fen, moves));
  };
  return q;
}

namespace {

// ---------------------------------------------------------------- xiangqi: legal moves

using Grid = std::array<std::array<char, 9>, 10>;

char side_of(const std::string& fen) { return fen[fen.find(' ') + 1]; }

Value fen_input(const Grid& grid, char side) {
  Value v = Value::map();
  v.set("fen", Value::string(xiangqi_fen(grid, side)));
  return v;
}

bool valid_position(const Grid& grid, char side) { return xiangqi::Position::from_fen(xiangqi_fen(grid, side)).position.has_value(); }

// The board turned half round with the colours and the side to move swapped.
Grid turned(const Grid& grid) {
  Grid out{};
  for (int r = 0; r < 10; ++r)
    for (int f = 0; f < 9; ++f) {
      const char c = grid[static_cast<std::size_t>(r)][static_cast<std::size_t>(f)];
      out[static_cast<std::size_t>(9 - r)][static_cast<std::size_t>(8 - f)] =
          std::isupper(static_cast<unsigned char>(c)) ? static_cast<char>(std::tolower(c)) : static_cast<char>(std::toupper(c));
    }
  return out;
}

Grid mirrored(Grid grid) {
  for (auto& rank : grid) std::reverse(rank.begin(), rank.end());
  return grid;
}

// A position of a game of random moves from the start (captures preferred half the time), or a
// sparse one: the kings and two to seven pieces of any kind where they may stand.
Value random_position(common::XorShift64& rng) {
  if (rng.below(2) == 0) {
    xiangqi::Position p = xiangqi::Position::start();
    for (int ply = 0, plies = 10 + static_cast<int>(rng.below(111)); ply < plies; ++ply) {
      const auto moves = p.legal_moves();
      if (moves.empty()) return Value();
      std::vector<xiangqi::Move> captures;
      for (const auto& m : moves)
        if (!p.at(m.to).empty()) captures.push_back(m);
      const auto& pool = !captures.empty() && rng.below(2) == 0 ? captures : moves;
      p.make(pool[rng.below(pool.size())]);
    }
    Value v = Value::map();
    v.set("fen", Value::string(p.fen()));
    return v;
  }
  Grid grid{};
  for (auto& rank : grid) rank.fill('.');
  grid[static_cast<std::size_t>(rng.below(3))][static_cast<std::size_t>(3 + rng.below(3))] = 'K';
  grid[static_cast<std::size_t>(7 + rng.below(3))][static_cast<std::size_t>(3 + rng.below(3))] = 'k';
  const char side = rng.below(2) ? 'w' : 'b';
  static const char kPieces[] = "RRCCNNPPABrrccnnppab";
  for (int i = 0, n = 2 + static_cast<int>(rng.below(6)); i < n; ++i)
    for (int tries = 0; tries < 20; ++tries) {
      char& cell = grid[static_cast<std::size_t>(rng.below(10))][static_cast<std::size_t>(rng.below(9))];
      if (cell != '.') continue;
      cell = kPieces[rng.below(20)];
      if (valid_position(grid, side)) break;
      cell = '.';
    }
  if (!valid_position(grid, side)) return Value();
  return fen_input(grid, side);
}

}  // namespace

Question xiangqi_legal() {
  Question q;
  q.game = "xiangqi";
  q.name = "legal";
  q.query = "legal_moves";
  q.summary = "the legal moves of a position (the pieces' moves, king safety, the kings facing), asked of an engine";
  q.compared = {"moves"};
  q.part_name = "pieces other than the kings";
  q.generate = random_position;
  q.shrink = [](const Value& input) {
    const std::string fen = input.find("fen")->as_string();
    Grid grid = xiangqi_grid(fen);
    std::vector<Value> out;
    for (auto& rank : grid)
      for (char& cell : rank) {
        const char c = cell;
        if (c == '.' || c == 'K' || c == 'k') continue;
        cell = '.';
        if (valid_position(grid, side_of(fen))) out.push_back(fen_input(grid, side_of(fen)));
        cell = c;
      }
    return out;
  };
  // The file mirror and the half turn with the colours swapped.
  q.canonical = [](const Value& input) {
    const std::string fen = input.find("fen")->as_string();
    const Grid grid = xiangqi_grid(fen);
    const char side = side_of(fen), other = side == 'w' ? 'b' : 'w';
    std::string best = xiangqi_fen(grid, side);
    for (const std::string& f : {xiangqi_fen(mirrored(grid), side), xiangqi_fen(turned(grid), other), xiangqi_fen(mirrored(turned(grid)), other)})
      best = std::min(best, f);
    Value v = Value::map();
    v.set("fen", Value::string(best));
    return v;
  };
  q.shape = [q](const Value& input) { return q.canonical(input).dump(); };
  q.parts = pieces_besides_kings;
  // Every position of the two kings and one more piece, either side to move: by index, the side
  // in the lowest bit, then the kings' palace squares and the piece and its square. Positions
  // the rules do not allow (the piece where it cannot stand, the side not to move in check) and
  // those not the canonical one of their class are skipped.
  static constexpr const char* kThird = "RCNPABrcnpab";
  constexpr std::uint64_t kPalace = 9, kThirdKinds = 12, kSquares = 90;
  q.space = 2 * kPalace * kPalace * kThirdKinds * kSquares;
  q.space_summary = "every position of the two kings and one more piece, either side to move, one per class under the file mirror and the half turn";
  q.enumerate = [canonical = q.canonical](std::uint64_t index) -> std::optional<Value> {
    const char side = index % 2 ? 'b' : 'w';
    index /= 2;
    const int red_king = static_cast<int>(index % kPalace), black_king = static_cast<int>(index / kPalace % kPalace);
    index /= kPalace * kPalace;
    const char piece = kThird[index % kThirdKinds];
    const int square = static_cast<int>(index / kThirdKinds);
    Grid grid{};
    for (auto& rank : grid) rank.fill('.');
    grid[static_cast<std::size_t>(red_king / 3)][static_cast<std::size_t>(3 + red_king % 3)] = 'K';
    grid[static_cast<std::size_t>(7 + black_king / 3)][static_cast<std::size_t>(3 + black_king % 3)] = 'k';
    char& cell = grid[static_cast<std::size_t>(square / 9)][static_cast<std::size_t>(square % 9)];
    if (cell != '.') return std::nullopt;
    cell = piece;
    if (!valid_position(grid, side)) return std::nullopt;
    Value v = fen_input(grid, side);
    if (!(canonical(v) == v)) return std::nullopt;
    return v;
  };
  q.fault = [](const Value& input, const std::string& move) -> std::string {
    const auto parsed = xiangqi::Position::from_fen(input.find("fen")->as_string());
    if (!parsed.position || move.size() != 4 || move[0] < 'a' || move[0] > 'i' || move[2] < 'a' || move[2] > 'i' ||
        !std::isdigit(static_cast<unsigned char>(move[1])) || !std::isdigit(static_cast<unsigned char>(move[3])))
      return "";
    const xiangqi::Move m{static_cast<std::uint8_t>(xiangqi::square(move[0] - 'a', move[1] - '0')),
                          static_cast<std::uint8_t>(xiangqi::square(move[2] - 'a', move[3] - '0'))};
    switch (xiangqi::move_fault(*parsed.position, m)) {
      case xiangqi::MoveFault::None: return "legal";
      case xiangqi::MoveFault::Movement: return "not a move the piece makes";
      case xiangqi::MoveFault::KingSafety: return "leaves the king attacked";
      case xiangqi::MoveFault::FlyingGeneral: return "leaves the kings facing (flying general)";
    }
    return "";
  };
  return q;
}

}  // namespace rulespec::mine
