// Go board mechanics: stones, chains, liberties, captures, and the legality of a move under the
// suicide variants the codices need and simple ko. Chains are kept incrementally (a circular
// stone list per chain and pseudo-liberty sums, so "is this chain in atari" is O(1)), which
// lets legality be decided without copying the board. Positions are Zobrist-hashed so the
// history rules (superko, Ing hot stones, model/go/history) can be layered on top.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rulespec::go {

enum class Stone : std::uint8_t { Empty = 0, Black = 1, White = 2, Edge = 3 };
inline Stone opponent(Stone s) { return s == Stone::Black ? Stone::White : Stone::Black; }
const char* colour_name(Stone s);  // "black" / "white"

enum class SuicideRule { Forbidden, MultiStoneOnly, Allowed };
enum class KoRule { None, Simple };

struct MoveRules {
  SuicideRule suicide = SuicideRule::Forbidden;
  KoRule ko = KoRule::Simple;
  // When a move leaves stones of both colours without liberties, the mover's opponent's are
  // removed first and his own regain liberties (Ing line 80, 1985 Art. 4 §1 note 1); false: every
  // chain left without liberties is removed at once, the mover's own with the captured ones.
  bool mover_captures_first = true;
};

// Why a move is refused. The history layer adds the repetition rules.
// PassForbidden: a pass where the rules grant no right to pass (1985 Art. 5 §3 switched off).
enum class Illegal { None, Occupied, OffBoard, Suicide, SingleStoneSuicide, Ko, Superko, HotStone, DisturbingKo, GameOver, PassForbidden };
const char* to_string(Illegal i);

struct PlayResult {
  Illegal illegal = Illegal::None;
  int captured = 0;       // opponent stones removed
  int self_captured = 0;  // own stones removed (suicide)
};

// What a move would do, computed without playing it (suicide and ko rules not applied).
struct MovePreview {
  bool on_board = false, empty = false;
  int captured = 0;       // opponent stones the move would remove
  int self_captured = 0;  // own stones it would remove (0 unless the move is a suicide, or captures without mover_captures_first)
  std::uint64_t hash_after = 0;
};

inline constexpr int kMaxBoardSize = 25;  // GTP letters A-Z without I

class Board {
 public:
  // 1..25 points each way; throws std::invalid_argument otherwise.
  Board(int width, int height);
  int width() const { return width_; }
  int height() const { return height_; }
  int points() const { return width_ * height_; }

  // Points are indices into the padded array; x, y are 0-based from Black's lower left.
  int point(int x, int y) const { return (y + 1) * stride_ + (x + 1); }
  int x_of(int p) const { return p % stride_ - 1; }
  int y_of(int p) const { return p / stride_ - 1; }
  int stride() const { return stride_; }
  int array_size() const { return static_cast<int>(cells_.size()); }
  bool on_board(int p) const { return p >= 0 && p < array_size() && cells_[static_cast<size_t>(p)] != Stone::Edge; }
  Stone at(int p) const { return cells_[static_cast<size_t>(p)]; }
  std::array<int, 4> neighbours(int p) const { return {p + 1, p - 1, p + stride_, p - stride_}; }
  std::vector<int> all_points() const;

  // Setup: puts or removes a stone without captures (a position may then hold chains without
  // liberties; `problems` lists them). Chains are rebuilt.
  void set(int p, Stone s);
  void set_all(const std::vector<std::pair<int, Stone>>& stones);
  // Every defect of a set-up position at once (chains without liberties), as readable strings.
  std::vector<std::string> problems() const;

  int ko_point() const { return ko_point_; }
  void clear_ko() { ko_point_ = -1; }
  std::uint64_t hash() const { return hash_; }
  int stones(Stone colour) const;

  MovePreview preview(int p, Stone colour, bool mover_captures_first = true) const;
  // Legality without playing.
  Illegal check(int p, Stone colour, const MoveRules& r) const;
  // The same, for an empty on-board point whose preview is already known.
  Illegal check(int p, const MoveRules& r, const MovePreview& m) const;
  // Plays a stone (or reports why it is illegal and leaves the board unchanged).
  PlayResult play(int p, Stone colour, const MoveRules& r);
  // Plays a stone already found legal (check): no second look.
  PlayResult play_unchecked(int p, Stone colour, bool mover_captures_first = true);
  void pass() { ko_point_ = -1; }
  std::vector<int> legal_moves(Stone colour, const MoveRules& r) const;
  // The points the last play removed (opponent stones, or own stones on suicide).
  const std::vector<int>& last_removed() const { return last_removed_; }

  // Chain queries (p must hold a stone).
  int liberties(int p) const;  // exact count
  bool in_atari(int p) const;  // exactly one liberty
  int chain_size(int p) const { return chains_[static_cast<size_t>(head_[static_cast<size_t>(p)])].stones; }
  int chain_id(int p) const { return head_[static_cast<size_t>(p)]; }
  std::vector<int> chain_stones(int p) const;
  std::vector<int> chain_liberties(int p) const;

  // Removes stones (dead stones before counting); chains are rebuilt.
  void remove(const std::vector<int>& stones);

  // GTP coordinates: column letters A-Z without I, rows from 1.
  std::optional<int> parse_gtp(std::string_view text) const;
  std::string to_gtp(int p) const;
  // Rows top first, '.' empty, 'X' black, 'O' white.
  std::string diagram() const;

 private:
  struct Chain {
    int stones = 0;
    int pseudo_liberties = 0;  // empty neighbours counted once per adjacent stone
    std::int64_t liberty_sum = 0, liberty_sum_squares = 0;
  };
  Chain& chain_of(int p) { return chains_[static_cast<size_t>(head_[static_cast<size_t>(p)])]; }
  const Chain& chain_of(int p) const { return chains_[static_cast<size_t>(head_[static_cast<size_t>(p)])]; }
  static bool one_liberty(const Chain& c) {
    return c.pseudo_liberties > 0 && c.pseudo_liberties * c.liberty_sum_squares == c.liberty_sum * c.liberty_sum;
  }
  void add_liberty(int chain_head, int lib);
  void remove_liberty(int chain_head, int lib);
  void place(int p, Stone colour);
  void merge(int a, int b);
  int capture_chain(int p);
  void rebuild_chains();
  void toggle_hash(int p, Stone s);

  int width_, height_, stride_;
  std::vector<Stone> cells_;
  std::vector<int> head_, next_;
  std::vector<Chain> chains_;  // indexed by the chain's head point
  std::vector<int> last_removed_;
  int ko_point_ = -1;
  std::uint64_t hash_ = 0;
};

std::uint64_t zobrist_key(int p, Stone s);

// A board from rows, top row first: 'X' black, 'O' white, '.' empty. nullopt if the rows are
// ragged, empty, too large or hold another character. Chains without liberties are allowed
// (see Board::problems).
std::optional<Board> board_from_rows(const std::vector<std::string>& rows);

}  // namespace rulespec::go
