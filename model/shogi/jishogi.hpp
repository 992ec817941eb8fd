// Jishogi (impasse) arithmetic: piece values, point totals and the declaration conditions, over
// piece lists and position facts (no board yet). The 24- and 27-point rules are the catalog's
// tables (jishogi.decisions.points-24/-27), executed by queries/shogi_rules.hpp.
#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace rulespec::shogi {

// Counts of non-king pieces, promoted or not (promotion does not change the jishogi value).
struct PieceCounts {
  int rook = 0, bishop = 0, gold = 0, silver = 0, knight = 0, lance = 0, pawn = 0;
  int major() const { return rook + bishop; }
  int minor() const { return gold + silver + knight + lance + pawn; }
  int total() const { return major() + minor(); }
  PieceCounts operator+(const PieceCounts& o) const;
};

// Parses a piece list in SFEN letters, either case, '+' promotion marks allowed, digits as
// repeat counts ("R B 2G +P 3P" or "RB2G+P3P"). Returns nullopt and the bad offset on error;
// a king ('K') is rejected: kings carry no points.
std::optional<PieceCounts> parse_piece_list(std::string_view text, size_t* bad_offset = nullptr);

// The full set of one side at the start of a game.
PieceCounts full_set();

struct PointValues {
  int rook_bishop = 5;
  int other = 1;
};
int points(const PieceCounts& c, const PointValues& v = {});

enum class Side { Sente, Gote };  // Sente moves first

struct DeclarationRules {
  PointValues values;
  bool condition_2 = true;     // minimum points of the declarer
  int points_sente = 28;
  int points_gote = 27;
  int min_pieces_in_camp = 10;  // the declarer's pieces other than the king in the enemy camp
  // The 24-point declaration of CSA and JSA 2019: a declaration that fails only on points, with at
  // least this many, is jishogi rather than a loss (31 wins, 24-30 jishogi). 0: no such band.
  int draw_points = 0;
  // Which of the written conditions hold (a text may lack any of them): 1, the declarer's king in
  // the enemy camp; 6, not in check; 3, condition 2 counts only the pieces in the enemy camp and
  // in hand (off: every piece of the declarer, wherever it stands).
  bool condition_1 = true;
  bool condition_6 = true;
  bool count_camp_and_hand_only = true;
};

// Facts a board would provide, given directly so the arithmetic can be checked on its own.
struct DeclarationFacts {
  Side declarer = Side::Sente;
  bool king_in_enemy_camp = true;      // condition 1
  PieceCounts in_enemy_camp;           // condition 3 and 4 (king excluded)
  PieceCounts in_hand;                 // condition 3
  PieceCounts elsewhere_on_board;      // the declarer's other pieces on the board (outside the enemy camp)
  bool within_time = true;             // condition 5: main time or byo-yomi
  bool in_check = false;               // condition 6
};

struct DeclarationVerdict {
  bool wins = false;        // a failed declaration loses ...
  bool draw = false;        // ... unless it falls in the draw band (DeclarationRules::draw_points)
  int points = 0;           // counted over camp + hand
  int pieces_in_camp = 0;
  bool conditions[7] = {};  // [1..6]: whether each condition holds (2 is true when not in force)
};
DeclarationVerdict declare(const DeclarationFacts& f, const DeclarationRules& r);

}  // namespace rulespec::shogi
