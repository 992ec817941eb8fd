// Go board mechanics: stones, chains, liberties, captures, and the legality of a move under the
// suicide and ko variants the codices need. Positions are hashed (Zobrist) so that history-based
// rules (superko) can be built on top (model/go/history, issue 3).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rulespec::go {

enum class Stone : std::uint8_t { Empty = 0, Black = 1, White = 2, Edge = 3 };
inline Stone opponent(Stone s) { return s == Stone::Black ? Stone::White : Stone::Black; }

enum class SuicideRule { Forbidden, MultiStoneOnly, Allowed };
enum class KoRule { None, Simple };

struct MoveRules {
  SuicideRule suicide = SuicideRule::Forbidden;
  KoRule ko = KoRule::Simple;
};

enum class Illegal { None, Occupied, OffBoard, Suicide, SingleStoneSuicide, Ko };
const char* to_string(Illegal i);

struct PlayResult {
  Illegal illegal = Illegal::None;
  int captured = 0;       // opponent stones removed
  int self_captured = 0;  // own stones removed (suicide)
};

class Board {
 public:
  Board(int width, int height);
  int width() const { return width_; }
  int height() const { return height_; }

  // Points are indices into the padded array; x, y are 0-based from Black's lower left.
  int point(int x, int y) const { return (y + 1) * stride_ + (x + 1); }
  bool on_board(int p) const { return p >= 0 && p < static_cast<int>(cells_.size()) && cells_[static_cast<size_t>(p)] != Stone::Edge; }
  Stone at(int p) const { return cells_[static_cast<size_t>(p)]; }
  void set(int p, Stone s);
  int ko_point() const { return ko_point_; }
  std::uint64_t hash() const { return hash_; }

  // Legality without playing.
  Illegal check(int p, Stone colour, const MoveRules& r) const;
  // Plays a stone (or reports why it is illegal and leaves the board unchanged).
  PlayResult play(int p, Stone colour, const MoveRules& r);
  void pass() { ko_point_ = -1; }
  std::vector<int> legal_moves(Stone colour, const MoveRules& r) const;
  int liberties(int p) const;  // of the chain at p

  // GTP coordinates: column letters A-T without I (then further letters past T), rows from 1.
  std::optional<int> parse_gtp(std::string_view text) const;
  std::string to_gtp(int p) const;

 private:
  void chain(int p, std::vector<int>& stones, std::vector<int>& libs) const;
  int remove_chain(int p);

  int width_, height_, stride_;
  std::vector<Stone> cells_;
  int ko_point_ = -1;
  std::uint64_t hash_ = 0;
};

}  // namespace rulespec::go
