#include "model/renju/threats.hpp"

#include "model/renju/rows.hpp"

namespace rulespec::renju {
namespace {

Colour other(Colour c) { return c == Colour::Black ? Colour::White : Colour::Black; }

// Whether a stone of c on p completes a mate: an exact five where a five wins, or for White also a
// longer row where that wins (a black overline is a foul, never a mate).
bool makes_mate(Board& b, int p, Colour c, const FoulRules& rules) {
  b.set(p, c);
  const auto rows = rows_made(b, p, c);
  b.set(p, Colour::Empty);
  return (rows.five && rules.five_wins) || (c == Colour::White && rules.white_overline_wins && rows.overline);
}

// A stone the colour may put on p: empty, and for Black not a foul.
bool playable(Board& b, int p, Colour c, const FoulRules& rules) {
  return b.at(p) == Colour::Empty && (c == Colour::White || foul_fast(b, p, rules) == Foul::None);
}

// The defender faces the attacker's fours (mate points `threats`, at least one): true when he
// cannot stop them.
bool facing_fours_lost(Board& b, Colour attacker, const FoulRules& rules, int fours_left, const std::vector<int>& threats) {
  const Colour defender = other(attacker);
  for (int p = 0; p < b.points(); ++p)
    if (b.at(p) == Colour::Empty && makes_mate(b, p, defender, rules) && playable(b, p, defender, rules)) return false;  // he mates first
  if (threats.size() >= 2) return true;
  const int q = threats.front();
  if (!playable(b, q, defender, rules)) return true;  // the only block is a foul
  b.set(q, defender);
  const bool lost = wins_by_fours(b, attacker, rules, fours_left);
  b.set(q, Colour::Empty);
  return lost;
}

}  // namespace

std::vector<int> mate_points(Board& b, Colour colour, const FoulRules& rules) {
  std::vector<int> out;
  for (int p = 0; p < b.points(); ++p)
    if (b.at(p) == Colour::Empty && makes_mate(b, p, colour, rules)) out.push_back(p);
  return out;
}

bool wins_by_fours(Board& b, Colour attacker, const FoulRules& rules, int fours_left) {
  for (int p = 0; p < b.points(); ++p)
    if (b.at(p) == Colour::Empty && makes_mate(b, p, attacker, rules) &&
        (attacker == Colour::White || rules.five_exempts || playable(b, p, attacker, rules)))
      return true;
  if (fours_left <= 0) return false;
  for (int p = 0; p < b.points(); ++p) {
    if (!playable(b, p, attacker, rules)) continue;
    b.set(p, attacker);
    const auto threats = mate_points(b, attacker, rules);
    const bool wins = !threats.empty() && facing_fours_lost(b, attacker, rules, fours_left - 1, threats);
    b.set(p, Colour::Empty);
    if (wins) return true;
  }
  return false;
}

bool defender_lost(Board& b, Colour attacker, const FoulRules& rules, int fours_left) {
  const Colour defender = other(attacker);
  const auto pending = mate_points(b, attacker, rules);
  if (!pending.empty()) return facing_fours_lost(b, attacker, rules, fours_left, pending);
  for (int p = 0; p < b.points(); ++p)
    if (b.at(p) == Colour::Empty && makes_mate(b, p, defender, rules) && playable(b, p, defender, rules)) return false;
  for (int p = 0; p < b.points(); ++p) {
    if (!playable(b, p, defender, rules)) continue;
    b.set(p, defender);
    bool lost;
    const auto own = mate_points(b, defender, rules);
    if (own.empty()) {
      lost = wins_by_fours(b, attacker, rules, fours_left);
    } else if (!mate_points(b, attacker, rules).empty()) {
      lost = true;  // his four comes too late: the attacker mates first
    } else if (own.size() >= 2 || !playable(b, own.front(), attacker, rules)) {
      lost = false;  // the attacker cannot stop it
    } else {
      // The attacker must block his four; then the defender moves again.
      b.set(own.front(), attacker);
      lost = fours_left > 0 && defender_lost(b, attacker, rules, fours_left - 1);
      b.set(own.front(), Colour::Empty);
    }
    b.set(p, Colour::Empty);
    if (!lost) return false;
  }
  return true;
}

}  // namespace rulespec::renju
