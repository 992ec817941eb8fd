#include "model/go/counting.hpp"

#include <algorithm>
#include <cmath>

namespace rulespec::go {

int bowl_stones_for(int points) { return (points - 1) / 2; }

const char* to_string(FillInStatus s) {
  switch (s) {
    case FillInStatus::Done: return "done";
    case FillInStatus::BadInput: return "bad-input";
    case FillInStatus::OddCompensation: return "odd-compensation";
    case FillInStatus::NoRoomForCompensation: return "no-room-for-compensation";
    case FillInStatus::Unresolved: return "unresolved";
  }
  return "?";
}

DirectCount ing_direct_count(const FinalCounts& c) {
  DirectCount d;
  d.black = c.black_stones + c.black_territory + c.seki_points / 2.0 - c.black_penalty;
  d.white = c.white_stones + c.white_territory + c.seki_points / 2.0 + c.komi + c.aga_handicap - c.white_penalty;
  return d;
}

FillInResult ing_fill_in(const FinalCounts& c) {
  FillInResult r;
  auto fail = [&](FillInStatus s, std::string why) {
    r.status = s;
    r.detail = std::move(why);
    return r;
  };
  const int occupied = c.black_stones + c.white_stones + c.black_territory + c.white_territory + c.seki_points;
  if (occupied != c.points) return fail(FillInStatus::BadInput, "stones and empty points do not add up to the board");
  if (c.black_stones > c.stones_per_player || c.white_stones > c.stones_per_player)
    return fail(FillInStatus::BadInput, "more stones on the board than a bowl holds");

  int black_bowl = c.stones_per_player - c.black_stones;
  int white_bowl = c.stones_per_player - c.white_stones;
  int black_empty = c.black_territory, white_empty = c.white_territory;

  // Seki points are filled in equal numbers; an odd count leaves the last one empty.
  const int seki_each = c.seki_points / 2;
  black_bowl -= seki_each;
  white_bowl -= seki_each;
  int seki_empty = c.seki_points % 2;
  if (black_bowl < 0 || white_bowl < 0) return fail(FillInStatus::BadInput, "a bowl runs out while filling seki");
  // A half point of komi cannot be laid at all (a quarter of a stone).
  if (c.komi != std::floor(c.komi)) {
    std::string text = std::to_string(std::abs(c.komi));
    text.erase(text.find_last_not_of('0') + 1);
    return fail(FillInStatus::OddCompensation, "compensation of " + text + " points is not a whole number of stones");
  }
  const int komi = static_cast<int>(c.komi);

  // Compensation stones: the receiver lays one stone per two points on the giver's territory.
  // Komi goes to White (reverse komi to Black); a penalty goes to the penalised player's opponent.
  int to_white = std::max(komi, 0) + c.black_penalty;
  int to_black = std::max(-komi, 0) + c.white_penalty;
  // Whole stones needed (an odd point would need half a stone: reported after the room check).
  int white_on_black = (to_white + 1) / 2, black_on_white = (to_black + 1) / 2;
  // AGA: N handicap stones are worth N points to White: N/2 stones, and for odd N one point of
  // Black's territory left empty (or, with an empty seki point, one more White stone there).
  bool aga_vacated_point = false;
  if (c.aga_handicap > 0) {
    white_on_black += c.aga_handicap / 2;
    if (c.aga_handicap % 2) {
      if (seki_empty) {
        seki_empty = 0;
        --white_bowl;
      } else {
        aga_vacated_point = true;
      }
    }
  }
  const int black_needs = white_on_black + (aga_vacated_point ? 1 : 0);
  if (black_needs > black_empty || black_on_white > white_empty || white_on_black > white_bowl ||
      black_on_white > black_bowl)
    return fail(FillInStatus::NoRoomForCompensation,
                "compensation stones (" + std::to_string(white_on_black) + " white, " + std::to_string(black_on_white) +
                    " black) do not fit the territories (" + std::to_string(black_empty) + " black, " +
                    std::to_string(white_empty) + " white)");
  if (to_white % 2 || to_black % 2)
    return fail(FillInStatus::OddCompensation, "compensation of " + std::to_string(to_white % 2 ? to_white : to_black) +
                                                  " points is not a whole number of stones");
  black_empty -= black_needs;
  white_empty -= black_on_white;
  white_bowl -= white_on_black;
  black_bowl -= black_on_white;
  r.laying.seki_stones_each = seki_each;
  r.laying.white_on_black = white_on_black;
  r.laying.black_on_white = black_on_white;
  r.laying.aga_vacated_point = aga_vacated_point;

  // Each player fills their own territory until stones or territory run out.
  const int black_fill = std::min(black_bowl, black_empty), white_fill = std::min(white_bowl, white_empty);
  r.laying.black_fill = black_fill;
  r.laying.white_fill = white_fill;
  black_bowl -= black_fill;
  black_empty -= black_fill;
  white_bowl -= white_fill;
  white_empty -= white_fill;

  // Winning points (empty territory) and losing stones (left in the bowl).
  const bool black_ahead = black_empty > 0 || white_bowl > 0;
  const bool white_ahead = white_empty > 0 || black_bowl > 0;
  if (black_ahead && white_ahead)
    return fail(FillInStatus::Unresolved, "both players are left with winning points or losing stones");
  r.winner = black_ahead ? +1 : white_ahead ? -1 : 0;
  const int winning = r.winner > 0 ? black_empty : white_empty;
  const int losing = r.winner > 0 ? white_bowl : black_bowl;
  r.winning_points = winning;
  r.losing_stones = losing;
  if (losing > winning)
    return fail(FillInStatus::Unresolved, "the loser has more losing stones than the winner has winning points");
  // Each losing stone laid on a winning point counts two; one winning point left over counts one.
  r.margin = 2 * losing + (winning - losing);
  if (winning - losing > 1)
    return fail(FillInStatus::Unresolved, "more than one winning point is left empty");
  r.empty_points_at_end = (winning - losing) + seki_empty + (aga_vacated_point ? 1 : 0) +
                          (r.winner > 0 ? white_empty : black_empty);
  r.free_point_in_seki = seki_empty == 1;
  return r;
}

}  // namespace rulespec::go
