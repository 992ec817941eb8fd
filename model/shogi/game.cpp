#include "model/shogi/game.hpp"

#include <map>

namespace rulespec::shogi {

std::string position_key(const Position& p) {
  const std::string s = p.sfen();
  return s.substr(0, s.rfind(' '));
}

namespace {

// Whether either king stands in its opponent's camp (the far `camp_ranks` ranks).
bool a_king_has_entered(const Position& p, int camp_ranks) {
  const int sente = p.king_square(Colour::Sente), gote = p.king_square(Colour::Gote);  // -1: no king
  return (sente >= 0 && sente / 9 < camp_ranks) || (gote >= 0 && gote / 9 >= 9 - camp_ranks);
}

}  // namespace

GameState play_game(const Position& start, const std::vector<std::string>& moves, int* illegal_at, MoveLimit limit) {
  GameState g{start};
  std::vector<std::string> keys{position_key(start)};
  std::vector<bool> gave_check;  // per ply: the move put the opponent in check
  std::map<std::string, int> seen{{keys.back(), 1}};
  if (illegal_at) *illegal_at = -1;
  auto check_end = [&](int ply) {
    if (g.position.legal_moves().empty()) {
      g.ending = Ending::NoLegalMove;
      g.loser = g.position.to_move();
      g.ended_at = ply;
      return true;
    }
    const int n = seen[keys.back()];
    g.occurrences = n;
    if (n < 4) return false;
    // Since the position first stood: did one side check with every move?
    std::size_t first = 0;
    while (keys[first] != keys.back()) ++first;
    bool all[2] = {true, true}, moved[2] = {false, false};
    for (std::size_t i = first; i < gave_check.size(); ++i) {
      // Ply i (0-based) was made by the side to move in position i.
      const int side = static_cast<int>(i % 2 == 0 ? start.to_move() : opponent(start.to_move()));
      moved[side] = true;
      all[side] = all[side] && gave_check[i];
    }
    g.ended_at = ply;
    for (int side = 0; side < 2; ++side)
      if (moved[side] && all[side]) {
        g.ending = Ending::PerpetualCheck;
        g.loser = static_cast<Colour>(side);
        return true;
      }
    g.ending = Ending::Sennichite;
    return true;
  };
  if (check_end(0)) return g;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const auto m = g.position.parse_usi(moves[i]);
    if (!m) {
      if (illegal_at) *illegal_at = static_cast<int>(i);
      return g;
    }
    g.position.make(*m);
    gave_check.push_back(g.position.in_check());
    keys.push_back(position_key(g.position));
    ++seen[keys.back()];
    if (check_end(static_cast<int>(i) + 1)) return g;
    // The move limit: the game number of the move just made is the position's count minus one.
    const int played = g.position.move_number() - 1;
    const bool checked_now = gave_check.back(), checked_before = gave_check.size() >= 2 && gave_check[gave_check.size() - 2];
    if (limit.moves > 0 && played >= limit.moves && !checked_now && (played == limit.moves || !checked_before) &&
        a_king_has_entered(g.position, limit.camp_ranks)) {
      g.ending = Ending::MoveLimit;
      g.ended_at = static_cast<int>(i) + 1;
      return g;
    }
  }
  return g;
}

}  // namespace rulespec::shogi
