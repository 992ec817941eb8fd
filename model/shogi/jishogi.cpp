#include "model/shogi/jishogi.hpp"

#include <cctype>

namespace rulespec::shogi {

PieceCounts PieceCounts::operator+(const PieceCounts& o) const {
  return {rook + o.rook, bishop + o.bishop, gold + o.gold, silver + o.silver,
          knight + o.knight, lance + o.lance, pawn + o.pawn};
}

std::optional<PieceCounts> parse_piece_list(std::string_view text, size_t* bad_offset) {
  PieceCounts c;
  int repeat = 0;
  bool promoted = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    auto bad = [&]() -> std::optional<PieceCounts> {
      if (bad_offset) *bad_offset = i;
      return std::nullopt;
    };
    if (ch == ' ' || ch == ',') {
      if (repeat || promoted) return bad();
      continue;
    }
    if (std::isdigit(static_cast<unsigned char>(ch))) {
      if (promoted || (repeat == 0 && ch == '0')) return bad();  // no zero counts, no leading zeros
      repeat = repeat * 10 + (ch - '0');
      if (repeat > 40) return bad();
      continue;
    }
    if (ch == '+') {
      if (promoted) return bad();
      promoted = true;
      continue;
    }
    int* slot = nullptr;
    switch (std::toupper(static_cast<unsigned char>(ch))) {
      case 'R': slot = &c.rook; break;
      case 'B': slot = &c.bishop; break;
      case 'G': slot = promoted ? nullptr : &c.gold; break;  // gold does not promote
      case 'S': slot = &c.silver; break;
      case 'N': slot = &c.knight; break;
      case 'L': slot = &c.lance; break;
      case 'P': slot = &c.pawn; break;
      default: break;
    }
    if (!slot) return bad();
    *slot += repeat ? repeat : 1;
    repeat = 0;
    promoted = false;
  }
  if (repeat || promoted) {
    if (bad_offset) *bad_offset = text.size();
    return std::nullopt;
  }
  return c;
}

PieceCounts full_set() { return {1, 1, 2, 2, 2, 2, 9}; }

int points(const PieceCounts& c, const PointValues& v) { return c.major() * v.rook_bishop + c.minor() * v.other; }

DeclarationVerdict declare(const DeclarationFacts& f, const DeclarationRules& r) {
  DeclarationVerdict v;
  const PieceCounts counted = r.count_camp_and_hand_only ? f.in_enemy_camp + f.in_hand : f.in_enemy_camp + f.in_hand + f.elsewhere_on_board;
  v.points = points(counted, r.values);
  v.pieces_in_camp = f.in_enemy_camp.total();
  const int needed = f.declarer == Side::Sente ? r.points_sente : r.points_gote;
  v.conditions[1] = !r.condition_1 || f.king_in_enemy_camp;
  v.conditions[2] = !r.condition_2 || v.points >= needed;
  v.conditions[3] = true;  // a counting rule, not a test: it fixes what condition 2 counts
  v.conditions[4] = v.pieces_in_camp >= r.min_pieces_in_camp;
  v.conditions[5] = f.within_time;
  v.conditions[6] = !r.condition_6 || !f.in_check;
  v.wins = true;
  bool all_but_points = true;
  for (int i = 1; i <= 6; ++i) {
    v.wins = v.wins && v.conditions[i];
    if (i != 2) all_but_points = all_but_points && v.conditions[i];
  }
  v.draw = !v.wins && all_but_points && r.draw_points > 0 && v.points >= r.draw_points;
  return v;
}

}  // namespace rulespec::shogi
