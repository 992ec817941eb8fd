#include "model/go/ranks.hpp"

#include <cctype>
#include <cstdlib>

namespace rulespec::go {

std::string IngRank::str() const {
  const char* name = cls == RankClass::Chi ? "chi" : cls == RankClass::Tuan ? "tuan" : "pin";
  return std::to_string(level) + " " + name;
}

std::optional<IngRank> parse_ing_rank(std::string_view text) {
  size_t i = 0;
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  if (i >= text.size() || !std::isdigit(static_cast<unsigned char>(text[i]))) return std::nullopt;
  int level = text[i++] - '0';
  if (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) return std::nullopt;
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  std::string name;
  for (; i < text.size(); ++i) name += static_cast<char>(std::tolower(static_cast<unsigned char>(text[i])));
  while (!name.empty() && std::isspace(static_cast<unsigned char>(name.back()))) name.pop_back();
  if (level < 1 || level > 9) return std::nullopt;
  if (name == "chi") return IngRank{RankClass::Chi, level};
  if (name == "tuan") return IngRank{RankClass::Tuan, level};
  if (name == "pin") return IngRank{RankClass::Pin, level};
  return std::nullopt;
}

int strength_points(const IngRank& r, const RankLadder& l) {
  const int one_chi = 8 * l.chi_step;  // 9 chi .. 1 chi is eight steps
  const int one_tuan = one_chi + l.chi_to_tuan;
  switch (r.cls) {
    case RankClass::Chi: return (9 - r.level) * l.chi_step;
    case RankClass::Tuan: return one_tuan + (r.level - 1) * l.tuan_step;
    case RankClass::Pin: {
      const int anchor = one_tuan + (l.pin_anchor_tuan - 1) * l.tuan_step;
      return anchor + (l.pin_anchor_level - r.level) * l.pin_step;
    }
  }
  return 0;
}

HandicapTerms handicap_terms(const IngRank& white, const IngRank& black, int move_value, int even_komi,
                             const RankLadder& ladder, const HandicapRules& rules) {
  HandicapTerms t;
  t.difference = std::abs(strength_points(white, ladder) - strength_points(black, ladder));
  t.even_game = t.difference == 0;
  if (t.even_game) {
    t.komi = even_komi;
    return t;
  }
  if (t.difference == move_value || (t.difference < move_value && rules.reduced_komi)) {
    // A handicap smaller than one move is given as a smaller komi (exactly one move: no komi).
    t.komi = move_value - t.difference;
    return t;
  }
  const int compensation = t.difference > move_value && rules.first_move_deducted ? t.difference - move_value : t.difference;
  const bool in_moves = rules.paid_in_moves && move_value > 0;
  t.handicap_moves = in_moves ? compensation / move_value : 0;
  t.reverse_komi = in_moves ? compensation % move_value : compensation;
  return t;
}

HandicapTerms handicap_terms_white_komi(const IngRank& white, const IngRank& black, int move_value, int even_komi,
                                        const RankLadder& ladder, const HandicapRules& rules) {
  HandicapTerms t = handicap_terms(white, black, move_value, even_komi, ladder, rules);
  if (t.reverse_komi == 0 || move_value <= 0) return t;
  ++t.handicap_moves;
  t.komi = move_value - t.reverse_komi;
  t.reverse_komi = 0;
  return t;
}

}  // namespace rulespec::go
