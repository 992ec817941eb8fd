#include "model/go/history.hpp"

#include <algorithm>

namespace rulespec::go {
namespace {
constexpr std::uint64_t kWhiteToMove = 0x6A09E667F3BCC909ULL;
int colour_index(Stone s) { return s == Stone::Black ? 0 : 1; }
}  // namespace

Game::Game(const Board& start, Stone to_play, const Rules& rules) : board_(start), rules_(rules), to_play_(to_play) {
  board_.clear_ko();
  remember_position();
}

std::uint64_t Game::situation(std::uint64_t board_hash, Stone to_move) const {
  return board_hash ^ (to_move == Stone::White ? kWhiteToMove : 0);
}

void Game::remember_position() {
  // Only the rules that look back pay for the memory.
  switch (rules_.repetition) {
    case Repetition::PositionalSuperko: positions_.insert(board_.hash()); break;
    case Repetition::SituationalSuperko: situations_.insert(situation(board_.hash(), to_play_)); break;
    case Repetition::ImmediatePosition: board_hashes_.push_back(board_.hash()); break;
    default: break;
  }
}

bool Game::single_suicide_is_noop(const MovePreview& m) const {
  return rules_.suicide == SuicideRule::MultiStoneOnly && m.self_captured == 1 && m.captured == 0 &&
         rules_.single_stone_suicide != SingleStoneSuicide::Illegal;
}

Game::KoCapture Game::ko_capture(const Board& after, int point, const std::vector<int>& removed) const {
  KoCapture out;
  if (removed.empty() || after.at(point) == Stone::Empty) return out;
  const auto stones = after.chain_stones(point);
  if (stones.size() > 2 || !after.in_atari(point)) return out;
  if (stones.size() == 1 && removed.size() != 1) return out;  // a single ko stone takes a single stone
  if (stones.size() == 2 && rules_.double_hot_stones == DoubleHotStones::DoubleKo && removed.size() != 2) return out;
  const int liberty = after.chain_liberties(point).front();
  if (std::find(removed.begin(), removed.end(), liberty) == removed.end()) return out;
  out.stones = stones;
  out.key = stones;
  out.key.insert(out.key.end(), removed.begin(), removed.end());
  std::sort(out.key.begin(), out.key.end());
  return out;
}

const Game::KoCycles* Game::cycles_of(const std::vector<int>& key) const {
  for (const auto& c : ko_cycles_)
    if (c.key == key) return &c;
  return nullptr;
}

bool Game::disturbing_restart(Stone colour, const std::vector<int>& key) const {
  const KoCycles* c = cycles_of(key);
  if (!c || c->open == opponent(colour)) return false;  // nothing started, or this completes a cycle
  const int started = rules_.disturbing_once_in_total ? c->starts[0] + c->starts[1] : c->starts[colour_index(colour)];
  return started > 0;
}

void Game::note_ko_capture(Stone colour, const std::vector<int>& key) {
  auto it = std::find_if(ko_cycles_.begin(), ko_cycles_.end(), [&](const KoCycles& c) { return c.key == key; });
  if (it == ko_cycles_.end()) {
    ko_cycles_.push_back(KoCycles{key, {0, 0}, Stone::Empty});
    it = ko_cycles_.end() - 1;
  }
  if (it->open == opponent(colour)) {
    it->open = Stone::Empty;  // the recapture closes the cycle
  } else {
    ++it->starts[colour_index(colour)];
    it->open = colour;
  }
}

Illegal Game::repetition_check(int point, const MovePreview& m) const {
  const Stone mover = to_play_;
  switch (rules_.repetition) {
    case Repetition::None:
      return Illegal::None;
    case Repetition::SimpleKo: {
      if (!rules_.ko_protects_capturing_chain || record_.empty() || m.captured == 0) return Illegal::None;
      const MoveRecord& last = record_.back();
      const bool protected_stone = last.point != kPass && last.captured == 1 && board_.at(last.point) == opponent(mover);
      return protected_stone && board_.in_atari(last.point) && board_.chain_liberties(last.point).front() == point
                 ? Illegal::Ko
                 : Illegal::None;
    }
    case Repetition::ImmediatePosition:
      return board_hashes_.size() >= 2 && m.hash_after == board_hashes_[board_hashes_.size() - 2] ? Illegal::Ko
                                                                                                   : Illegal::None;
    case Repetition::PositionalSuperko:
      return positions_.count(m.hash_after) ? Illegal::Superko : Illegal::None;
    case Repetition::SituationalSuperko:
      return situations_.count(situation(m.hash_after, opponent(mover))) ? Illegal::Superko : Illegal::None;
    case Repetition::HotStones: {
      if (m.captured == 0) return Illegal::None;
      if (rules_.hot_stone_ban)
        for (int h : hot_)
          if (board_.at(h) == opponent(mover) && board_.in_atari(h) && board_.chain_liberties(h).front() == point)
            return Illegal::HotStone;
      if (!settled_ || !rules_.disturbing_ko_ban) return Illegal::None;
      Board after = board_;
      after.play(point, mover, rules_.board_rules());
      const auto ko = ko_capture(after, point, after.last_removed());
      if (!ko.stones.empty() && disturbing_restart(mover, ko.key)) return Illegal::DisturbingKo;
      return Illegal::None;
    }
  }
  return Illegal::None;
}

Illegal Game::check(int point) const {
  if (point == kPass) return check_with(point, nullptr);
  if (!board_.on_board(point)) return over() ? Illegal::GameOver : Illegal::OffBoard;
  if (board_.at(point) != Stone::Empty) return over() ? Illegal::GameOver : Illegal::Occupied;
  const MovePreview m = board_.preview(point, to_play_, rules_.mover_captures_first);
  return check_with(point, &m);
}

Illegal Game::check_with(int point, const MovePreview* m) const {
  if (over()) return Illegal::GameOver;
  if (point == kPass && !rules_.pass_allowed) return Illegal::PassForbidden;
  const bool pass_like_superko = rules_.superko_covers_passes && rules_.repetition == Repetition::SituationalSuperko;
  if (point == kPass || single_suicide_is_noop(*m)) {
    if (pass_like_superko && situations_.count(situation(board_.hash(), opponent(to_play_)))) return Illegal::Superko;
    // A pass leaves the stones as they are and hands the move back, so it recreates the position
    // before the opponent's last move exactly when that move did not change the board either.
    if (rules_.repetition == Repetition::ImmediatePosition && board_hashes_.size() >= 2 &&
        board_.hash() == board_hashes_[board_hashes_.size() - 2])
      return Illegal::Ko;
    return Illegal::None;
  }
  const Illegal on_board = board_.check(point, rules_.board_rules(), *m);
  if (on_board != Illegal::None) return on_board;
  return repetition_check(point, *m);
}

MoveOutcome Game::play(int point) { return play_move(point, false); }
MoveOutcome Game::play_irregular(int point) { return play_move(point, true); }

MoveOutcome Game::play_move(int point, bool accept_repetition) {
  MoveOutcome out;
  MovePreview m;
  if (point != kPass) {
    if (!board_.on_board(point) || board_.at(point) != Stone::Empty) {
      out.illegal = check(point);
      return out;
    }
    m = board_.preview(point, to_play_, rules_.mover_captures_first);
  }
  out.illegal = check_with(point, point == kPass ? nullptr : &m);
  if (accept_repetition && is_repetition_violation(out.illegal)) std::swap(out.illegal, out.irregular);
  if (out.illegal != Illegal::None) return out;
  MoveRecord rec;
  rec.colour = to_play_;
  rec.point = point;
  const bool noop = point != kPass && single_suicide_is_noop(m);
  if (point == kPass || noop) {
    board_.pass();
    hot_.clear();
    previous_ko_key_.clear();
    out.board_unchanged = true;
    out.counted_as_pass = point == kPass || rules_.single_stone_suicide == SingleStoneSuicide::Pass;
    if (out.counted_as_pass) {
      ++consecutive_passes_;
      ++total_passes_;
    } else {
      consecutive_passes_ = 0;
    }
  } else {
    if (stopped()) played_out_ = true;
    const PlayResult r = board_.play_unchecked(point, to_play_, rules_.mover_captures_first);
    out.captured = r.captured;
    out.self_captured = r.self_captured;
    (to_play_ == Stone::Black ? black_captures_ : white_captures_) += r.captured;
    (to_play_ == Stone::Black ? white_captures_ : black_captures_) += r.self_captured;
    consecutive_passes_ = 0;
    const auto ko = ko_capture(board_, point, board_.last_removed());
    rec.ko_capture = !ko.stones.empty();
    if (rules_.repetition == Repetition::HotStones) {
      const bool continuing = rec.ko_capture && !previous_ko_key_.empty() && rules_.twin_hot_stones_persist;
      if (continuing) {
        // Twin hot stones: those of the earlier captures stay hot while still on the board.
        std::vector<int> kept;
        for (int h : hot_)
          if (board_.at(h) != Stone::Empty) kept.push_back(h);
        hot_ = std::move(kept);
      } else {
        hot_.clear();
      }
      const bool turn_hot = ko.stones.size() == 1 ? rules_.single_ko_stones_turn_hot : rules_.double_ko_stones_turn_hot;
      if (turn_hot) hot_.insert(hot_.end(), ko.stones.begin(), ko.stones.end());
      if (rec.ko_capture) note_ko_capture(to_play_, ko.key);
    }
    previous_ko_key_ = ko.key;
  }
  rec.counted_as_pass = out.counted_as_pass;
  rec.captured = out.captured;
  rec.self_captured = out.self_captured;
  record_.push_back(rec);
  to_play_ = opponent(to_play_);
  remember_position();
  return out;
}

std::vector<int> Game::legal_moves() const {
  std::vector<int> out;
  for (int p : board_.all_points())
    if (board_.at(p) == Stone::Empty && check(p) == Illegal::None) out.push_back(p);
  return out;
}

}  // namespace rulespec::go
