#include "model/go/board.hpp"

#include <algorithm>
#include <array>
#include <cctype>

namespace rulespec::go {
namespace {

std::uint64_t zobrist(int p, Stone s) {
  std::uint64_t z = static_cast<std::uint64_t>(p) * 0x9E3779B97F4A7C15ULL + static_cast<std::uint64_t>(s) * 0xD1B54A32D192ED03ULL;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

}  // namespace

const char* to_string(Illegal i) {
  switch (i) {
    case Illegal::None: return "legal";
    case Illegal::Occupied: return "occupied";
    case Illegal::OffBoard: return "off-board";
    case Illegal::Suicide: return "suicide";
    case Illegal::SingleStoneSuicide: return "single-stone-suicide";
    case Illegal::Ko: return "ko";
  }
  return "?";
}

Board::Board(int width, int height)
    : width_(width), height_(height), stride_(width + 2),
      cells_(static_cast<size_t>((width + 2) * (height + 2)), Stone::Edge) {
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) cells_[static_cast<size_t>(point(x, y))] = Stone::Empty;
}

void Board::set(int p, Stone s) {
  const Stone old = cells_[static_cast<size_t>(p)];
  if (old == Stone::Black || old == Stone::White) hash_ ^= zobrist(p, old);
  cells_[static_cast<size_t>(p)] = s;
  if (s == Stone::Black || s == Stone::White) hash_ ^= zobrist(p, s);
}

void Board::chain(int p, std::vector<int>& stones, std::vector<int>& libs) const {
  const Stone colour = at(p);
  std::vector<char> seen(cells_.size(), 0);
  std::vector<int> stack = {p};
  seen[static_cast<size_t>(p)] = 1;
  while (!stack.empty()) {
    const int q = stack.back();
    stack.pop_back();
    stones.push_back(q);
    for (int d : {1, -1, stride_, -stride_}) {
      const int n = q + d;
      if (seen[static_cast<size_t>(n)]) continue;
      const Stone s = at(n);
      if (s == colour) {
        seen[static_cast<size_t>(n)] = 1;
        stack.push_back(n);
      } else if (s == Stone::Empty) {
        seen[static_cast<size_t>(n)] = 1;
        libs.push_back(n);
      }
    }
  }
}

int Board::liberties(int p) const {
  std::vector<int> stones, libs;
  chain(p, stones, libs);
  return static_cast<int>(libs.size());
}

int Board::remove_chain(int p) {
  std::vector<int> stones, libs;
  chain(p, stones, libs);
  for (int q : stones) set(q, Stone::Empty);
  return static_cast<int>(stones.size());
}

Illegal Board::check(int p, Stone colour, const MoveRules& r) const {
  if (!on_board(p)) return Illegal::OffBoard;
  if (at(p) != Stone::Empty) return Illegal::Occupied;
  if (r.ko == KoRule::Simple && p == ko_point_) return Illegal::Ko;
  Board copy = *this;
  copy.ko_point_ = -1;
  const auto result = copy.play(p, colour, MoveRules{SuicideRule::Allowed, KoRule::None});
  if (result.self_captured > 0) {
    if (r.suicide == SuicideRule::Forbidden) return Illegal::Suicide;
    if (r.suicide == SuicideRule::MultiStoneOnly && result.self_captured == 1) return Illegal::SingleStoneSuicide;
  }
  return Illegal::None;
}

PlayResult Board::play(int p, Stone colour, const MoveRules& r) {
  PlayResult out;
  if (!on_board(p)) return {Illegal::OffBoard, 0, 0};
  if (at(p) != Stone::Empty) return {Illegal::Occupied, 0, 0};
  if (r.ko == KoRule::Simple && p == ko_point_) return {Illegal::Ko, 0, 0};
  const Board before = *this;
  set(p, colour);
  const Stone enemy = opponent(colour);
  int last_captured_point = -1;
  for (int d : {1, -1, stride_, -stride_}) {
    const int n = p + d;
    if (at(n) == enemy && liberties(n) == 0) {
      last_captured_point = n;
      out.captured += remove_chain(n);
    }
  }
  if (liberties(p) == 0) {
    if (r.suicide == SuicideRule::Forbidden) {
      *this = before;
      return {Illegal::Suicide, 0, 0};
    }
    out.self_captured = remove_chain(p);
    if (r.suicide == SuicideRule::MultiStoneOnly && out.self_captured == 1) {
      *this = before;
      return {Illegal::SingleStoneSuicide, 0, 0};
    }
  }
  // A single stone that captured exactly one stone and has exactly one liberty sets up a ko.
  ko_point_ = -1;
  if (out.captured == 1 && out.self_captured == 0) {
    std::vector<int> stones, libs;
    chain(p, stones, libs);
    if (stones.size() == 1 && libs.size() == 1) ko_point_ = last_captured_point;
  }
  return out;
}

std::vector<int> Board::legal_moves(Stone colour, const MoveRules& r) const {
  std::vector<int> out;
  for (int y = 0; y < height_; ++y)
    for (int x = 0; x < width_; ++x)
      if (check(point(x, y), colour, r) == Illegal::None) out.push_back(point(x, y));
  return out;
}

std::optional<int> Board::parse_gtp(std::string_view text) const {
  if (text.size() < 2) return std::nullopt;
  const char c = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  if (c < 'A' || c > 'Z' || c == 'I') return std::nullopt;
  const int x = c - 'A' - (c > 'I' ? 1 : 0);
  int y = 0;
  for (size_t i = 1; i < text.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(text[i])) || y > 100) return std::nullopt;
    y = y * 10 + (text[i] - '0');
  }
  if (x >= width_ || y < 1 || y > height_) return std::nullopt;
  return point(x, y - 1);
}

std::string Board::to_gtp(int p) const {
  const int x = p % stride_ - 1, y = p / stride_ - 1;
  const char c = static_cast<char>('A' + x + (x >= 8 ? 1 : 0));
  return std::string(1, c) + std::to_string(y + 1);
}

}  // namespace rulespec::go
