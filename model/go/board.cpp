#include "model/go/board.hpp"

#include <algorithm>
#include <cctype>
#include <stdexcept>

namespace rulespec::go {
namespace {

constexpr int kMaxArray = (kMaxBoardSize + 2) * (kMaxBoardSize + 2);

struct ZobristTable {
  std::array<std::array<std::uint64_t, kMaxArray>, 2> keys{};
  ZobristTable() {
    std::uint64_t state = 0x5EED5EED2024ULL;
    for (auto& colour : keys)
      for (auto& key : colour) {
        // splitmix64: fixed keys so hashes are the same on every run and machine
        state += 0x9E3779B97F4A7C15ULL;
        std::uint64_t z = state;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        key = z ^ (z >> 31);
      }
  }
};
const ZobristTable& zobrist_table() {
  static const ZobristTable table;
  return table;
}

}  // namespace

std::uint64_t zobrist_key(int p, Stone s) {
  return zobrist_table().keys[s == Stone::Black ? 0 : 1][static_cast<size_t>(p)];
}

const char* colour_name(Stone s) { return s == Stone::Black ? "black" : s == Stone::White ? "white" : "empty"; }

const char* to_string(Illegal i) {
  switch (i) {
    case Illegal::None: return "legal";
    case Illegal::Occupied: return "occupied";
    case Illegal::OffBoard: return "off-board";
    case Illegal::Suicide: return "suicide";
    case Illegal::SingleStoneSuicide: return "single-stone-suicide";
    case Illegal::Ko: return "ko";
    case Illegal::Superko: return "superko";
    case Illegal::HotStone: return "hot-stone";
    case Illegal::DisturbingKo: return "disturbing-ko";
    case Illegal::GameOver: return "game-over";
    case Illegal::PassForbidden: return "pass-forbidden";
  }
  return "?";
}

Board::Board(int width, int height) : width_(width), height_(height), stride_(width + 2) {
  if (width < 1 || height < 1 || width > kMaxBoardSize || height > kMaxBoardSize)
    throw std::invalid_argument("board size " + std::to_string(width) + "x" + std::to_string(height) +
                                " is outside 1x1..25x25");
  const size_t n = static_cast<size_t>((width + 2) * (height + 2));
  cells_.assign(n, Stone::Edge);
  head_.assign(n, -1);
  next_.assign(n, -1);
  chains_.assign(n, Chain{});
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) cells_[static_cast<size_t>(point(x, y))] = Stone::Empty;
}

std::vector<int> Board::all_points() const {
  std::vector<int> out;
  out.reserve(static_cast<size_t>(points()));
  for (int y = 0; y < height_; ++y)
    for (int x = 0; x < width_; ++x) out.push_back(point(x, y));
  return out;
}

void Board::toggle_hash(int p, Stone s) {
  if (s == Stone::Black || s == Stone::White) hash_ ^= zobrist_key(p, s);
}

int Board::stones(Stone colour) const {
  return static_cast<int>(std::count(cells_.begin(), cells_.end(), colour));
}

void Board::set(int p, Stone s) {
  set_all({{p, s}});
}

void Board::set_all(const std::vector<std::pair<int, Stone>>& stones) {
  for (const auto& [p, s] : stones) {
    if (!on_board(p)) throw std::invalid_argument("set: point off the board");
    toggle_hash(p, at(p));
    cells_[static_cast<size_t>(p)] = s;
    toggle_hash(p, s);
  }
  ko_point_ = -1;
  rebuild_chains();
}

void Board::remove(const std::vector<int>& stones) {
  std::vector<std::pair<int, Stone>> empty;
  for (int p : stones) empty.emplace_back(p, Stone::Empty);
  set_all(empty);
}

void Board::rebuild_chains() {
  std::fill(head_.begin(), head_.end(), -1);
  std::fill(next_.begin(), next_.end(), -1);
  std::fill(chains_.begin(), chains_.end(), Chain{});
  for (int p : all_points()) {
    const Stone colour = at(p);
    if (colour != Stone::Black && colour != Stone::White) continue;
    if (head_[static_cast<size_t>(p)] != -1) continue;
    std::vector<int> members = {p};
    head_[static_cast<size_t>(p)] = p;
    for (size_t i = 0; i < members.size(); ++i)
      for (int n : neighbours(members[i]))
        if (at(n) == colour && head_[static_cast<size_t>(n)] == -1) {
          head_[static_cast<size_t>(n)] = p;
          members.push_back(n);
        }
    for (size_t i = 0; i < members.size(); ++i)
      next_[static_cast<size_t>(members[i])] = members[(i + 1) % members.size()];
    chains_[static_cast<size_t>(p)].stones = static_cast<int>(members.size());
    for (int q : members)
      for (int n : neighbours(q))
        if (at(n) == Stone::Empty) add_liberty(p, n);
  }
}

std::vector<std::string> Board::problems() const {
  std::vector<std::string> out;
  std::vector<char> reported(cells_.size(), 0);
  for (int p : all_points()) {
    if (at(p) != Stone::Black && at(p) != Stone::White) continue;
    const int h = head_[static_cast<size_t>(p)];
    if (reported[static_cast<size_t>(h)] || chains_[static_cast<size_t>(h)].pseudo_liberties > 0) continue;
    reported[static_cast<size_t>(h)] = 1;
    out.push_back(std::string(colour_name(at(p))) + " chain at " + to_gtp(p) + " (" +
                  std::to_string(chain_size(p)) + (chain_size(p) == 1 ? " stone" : " stones") + ") has no liberties");
  }
  return out;
}

void Board::add_liberty(int chain_head, int lib) {
  Chain& c = chains_[static_cast<size_t>(chain_head)];
  ++c.pseudo_liberties;
  c.liberty_sum += lib;
  c.liberty_sum_squares += static_cast<std::int64_t>(lib) * lib;
}

void Board::remove_liberty(int chain_head, int lib) {
  Chain& c = chains_[static_cast<size_t>(chain_head)];
  --c.pseudo_liberties;
  c.liberty_sum -= lib;
  c.liberty_sum_squares -= static_cast<std::int64_t>(lib) * lib;
}

bool Board::in_atari(int p) const { return one_liberty(chain_of(p)); }

std::vector<int> Board::chain_stones(int p) const {
  std::vector<int> out;
  int q = p;
  do {
    out.push_back(q);
    q = next_[static_cast<size_t>(q)];
  } while (q != p);
  return out;
}

std::vector<int> Board::chain_liberties(int p) const {
  std::vector<int> libs;
  for (int q : chain_stones(p))
    for (int n : neighbours(q))
      if (at(n) == Stone::Empty) libs.push_back(n);
  std::sort(libs.begin(), libs.end());
  libs.erase(std::unique(libs.begin(), libs.end()), libs.end());
  return libs;
}

int Board::liberties(int p) const { return static_cast<int>(chain_liberties(p).size()); }

MovePreview Board::preview(int p, Stone colour, bool mover_captures_first) const {
  MovePreview out;
  out.on_board = on_board(p);
  if (!out.on_board) return out;
  out.empty = at(p) == Stone::Empty;
  if (!out.empty) return out;
  const Stone enemy = opponent(colour);
  bool has_liberty = false, friend_survives = false;
  std::array<int, 4> friends{}, captured_heads{};
  int friend_count = 0, captured_count = 0;
  out.hash_after = hash_ ^ zobrist_key(p, colour);
  for (int n : neighbours(p)) {
    const Stone s = at(n);
    if (s == Stone::Empty) {
      has_liberty = true;
    } else if (s == colour) {
      const int h = head_[static_cast<size_t>(n)];
      if (!one_liberty(chains_[static_cast<size_t>(h)])) friend_survives = true;
      if (std::find(friends.begin(), friends.begin() + friend_count, h) == friends.begin() + friend_count)
        friends[static_cast<size_t>(friend_count++)] = h;
    } else if (s == enemy) {
      const int h = head_[static_cast<size_t>(n)];
      if (!one_liberty(chains_[static_cast<size_t>(h)])) continue;
      if (std::find(captured_heads.begin(), captured_heads.begin() + captured_count, h) !=
          captured_heads.begin() + captured_count)
        continue;
      captured_heads[static_cast<size_t>(captured_count++)] = h;
      int q = h;
      do {
        ++out.captured;
        out.hash_after ^= zobrist_key(q, enemy);
        q = next_[static_cast<size_t>(q)];
      } while (q != h);
    }
  }
  // Without a liberty of its own before any capture, the mover's chain is removed: when it
  // captures nothing, or (without mover_captures_first) together with what it captures.
  if ((out.captured == 0 || !mover_captures_first) && !has_liberty && !friend_survives) {
    if (out.captured == 0) out.hash_after = hash_;
    else out.hash_after ^= zobrist_key(p, colour);
    out.self_captured = 1;
    for (int i = 0; i < friend_count; ++i) {
      const int h = friends[static_cast<size_t>(i)];
      int q = h;
      do {
        ++out.self_captured;
        out.hash_after ^= zobrist_key(q, colour);
        q = next_[static_cast<size_t>(q)];
      } while (q != h);
    }
  }
  return out;
}

Illegal Board::check(int p, Stone colour, const MoveRules& r) const {
  if (!on_board(p)) return Illegal::OffBoard;
  if (at(p) != Stone::Empty) return Illegal::Occupied;
  return check(p, r, preview(p, colour, r.mover_captures_first));
}

Illegal Board::check(int p, const MoveRules& r, const MovePreview& m) const {
  if (r.ko == KoRule::Simple && p == ko_point_) return Illegal::Ko;
  if (m.self_captured > 0) {
    if (r.suicide == SuicideRule::Forbidden) return Illegal::Suicide;
    // A lone stone removed together with the stones it captured is no single-stone suicide: the
    // move did more than lose its stone (only without mover_captures_first).
    if (r.suicide == SuicideRule::MultiStoneOnly && m.self_captured == 1 && m.captured == 0) return Illegal::SingleStoneSuicide;
  }
  return Illegal::None;
}

void Board::place(int p, Stone colour) {
  cells_[static_cast<size_t>(p)] = colour;
  toggle_hash(p, colour);
  head_[static_cast<size_t>(p)] = p;
  next_[static_cast<size_t>(p)] = p;
  chains_[static_cast<size_t>(p)] = Chain{1, 0, 0, 0};
  for (int n : neighbours(p)) {
    const Stone s = at(n);
    if (s == Stone::Empty) {
      add_liberty(p, n);
    } else if (s == Stone::Black || s == Stone::White) {
      remove_liberty(head_[static_cast<size_t>(n)], p);
    }
  }
  for (int n : neighbours(p))
    if (at(n) == colour && head_[static_cast<size_t>(n)] != head_[static_cast<size_t>(p)])
      merge(head_[static_cast<size_t>(p)], head_[static_cast<size_t>(n)]);
}

void Board::merge(int a, int b) {
  if (chains_[static_cast<size_t>(a)].stones < chains_[static_cast<size_t>(b)].stones) std::swap(a, b);
  int q = b;
  do {
    head_[static_cast<size_t>(q)] = a;
    q = next_[static_cast<size_t>(q)];
  } while (q != b);
  std::swap(next_[static_cast<size_t>(a)], next_[static_cast<size_t>(b)]);
  Chain& into = chains_[static_cast<size_t>(a)];
  const Chain& from = chains_[static_cast<size_t>(b)];
  into.stones += from.stones;
  into.pseudo_liberties += from.pseudo_liberties;
  into.liberty_sum += from.liberty_sum;
  into.liberty_sum_squares += from.liberty_sum_squares;
}

int Board::capture_chain(int p) {
  const int h = head_[static_cast<size_t>(p)];
  const Stone colour = at(p);
  const size_t first = last_removed_.size();
  int q = h;
  do {
    last_removed_.push_back(q);
    q = next_[static_cast<size_t>(q)];
  } while (q != h);
  for (size_t i = first; i < last_removed_.size(); ++i) {
    const int s = last_removed_[i];
    cells_[static_cast<size_t>(s)] = Stone::Empty;
    toggle_hash(s, colour);
    head_[static_cast<size_t>(s)] = -1;
  }
  for (size_t i = first; i < last_removed_.size(); ++i) {
    const int s = last_removed_[i];
    for (int n : neighbours(s)) {
      const Stone t = at(n);
      if (t == Stone::Black || t == Stone::White) add_liberty(head_[static_cast<size_t>(n)], s);
    }
  }
  return static_cast<int>(last_removed_.size() - first);
}

PlayResult Board::play(int p, Stone colour, const MoveRules& r) {
  const Illegal why = check(p, colour, r);
  if (why != Illegal::None) return {why, 0, 0};
  return play_unchecked(p, colour, r.mover_captures_first);
}

PlayResult Board::play_unchecked(int p, Stone colour, bool mover_captures_first) {
  PlayResult out;
  last_removed_.clear();
  place(p, colour);
  const Stone enemy = opponent(colour);
  const bool own_without_liberty = !mover_captures_first && chain_of(p).pseudo_liberties == 0;
  int last_captured_point = -1;
  for (int n : neighbours(p)) {
    if (at(n) == enemy && chain_of(n).pseudo_liberties == 0) {
      last_captured_point = n;
      out.captured += capture_chain(n);
    }
  }
  if (own_without_liberty || chain_of(p).pseudo_liberties == 0) out.self_captured = capture_chain(p);
  // A single stone that captured exactly one stone and has exactly one liberty sets up a ko.
  ko_point_ = -1;
  if (out.captured == 1 && out.self_captured == 0 && chain_size(p) == 1 && in_atari(p)) ko_point_ = last_captured_point;
  return out;
}

std::vector<int> Board::legal_moves(Stone colour, const MoveRules& r) const {
  std::vector<int> out;
  for (int p : all_points())
    if (check(p, colour, r) == Illegal::None) out.push_back(p);
  return out;
}

std::optional<int> Board::parse_gtp(std::string_view text) const {
  if (text.size() < 2 || text.size() > 3) return std::nullopt;
  const char c = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  if (c < 'A' || c > 'Z' || c == 'I') return std::nullopt;
  const int x = c - 'A' - (c > 'I' ? 1 : 0);
  int y = 0;
  for (size_t i = 1; i < text.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(text[i]))) return std::nullopt;
    y = y * 10 + (text[i] - '0');
  }
  if (text[1] == '0' || x >= width_ || y < 1 || y > height_) return std::nullopt;
  return point(x, y - 1);
}

std::string Board::to_gtp(int p) const {
  const int x = x_of(p), y = y_of(p);
  const char c = static_cast<char>('A' + x + (x >= 8 ? 1 : 0));
  return std::string(1, c) + std::to_string(y + 1);
}

std::string Board::diagram() const {
  std::string out;
  for (int y = height_ - 1; y >= 0; --y) {
    for (int x = 0; x < width_; ++x) {
      const Stone s = at(point(x, y));
      out += s == Stone::Black ? 'X' : s == Stone::White ? 'O' : '.';
    }
    out += '\n';
  }
  return out;
}

std::optional<Board> board_from_rows(const std::vector<std::string>& rows) {
  if (rows.empty() || rows.size() > static_cast<size_t>(kMaxBoardSize)) return std::nullopt;
  const size_t width = rows.front().size();
  if (width == 0 || width > static_cast<size_t>(kMaxBoardSize)) return std::nullopt;
  Board b(static_cast<int>(width), static_cast<int>(rows.size()));
  std::vector<std::pair<int, Stone>> stones;
  for (size_t r = 0; r < rows.size(); ++r) {
    if (rows[r].size() != width) return std::nullopt;
    for (size_t x = 0; x < width; ++x) {
      const char c = rows[r][x];
      if (c == '.') continue;
      if (c != 'X' && c != 'O') return std::nullopt;
      stones.push_back({b.point(static_cast<int>(x), static_cast<int>(rows.size() - 1 - r)), c == 'X' ? Stone::Black : Stone::White});
    }
  }
  b.set_all(stones);
  return b;
}

}  // namespace rulespec::go
