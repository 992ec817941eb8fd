// Ing rank ladder (chi, tuan, pin) and the rank-difference arithmetic that turns two ranks into
// komi, handicap moves and compensation points. Pure arithmetic: no board.
#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace rulespec::go {

enum class RankClass { Chi, Tuan, Pin };

struct IngRank {
  RankClass cls = RankClass::Chi;
  int level = 9;  // 1..9; 1 is the strongest within its class
  std::string str() const;
};

// "3 chi", "4tuan", "1 pin" (case-insensitive). nullopt when not a rank of the ladder.
std::optional<IngRank> parse_ing_rank(std::string_view text);

// The ladder's step sizes, as parameters so that the source's anchors can be checked against them.
struct RankLadder {
  int chi_step = 8;          // between adjacent chi, and from 1 chi to 1 tuan
  int chi_to_tuan = 8;
  int tuan_step = 4;
  int pin_step = 2;
  int pin_anchor_level = 9;  // 9 pin ...
  int pin_anchor_tuan = 7;   // ... equals 7 tuan
};

// Strength in points above 9 chi (9 chi = 0).
int strength_points(const IngRank& r, const RankLadder& ladder = {});

// What a game between two ranks is played with, per the ladder and a komi (value of one move).
struct HandicapTerms {
  int difference = 0;           // strength difference in points (>= 0)
  bool even_game = false;       // difference 0
  int komi = 0;                 // points White receives (>= 0)
  int handicap_moves = 0;       // Black's consecutive opening moves (White passes this many times)
  int reverse_komi = 0;         // points Black receives on top of the handicap moves
};

// How a rank difference D is paid (Ing lines 149-151; a text may lack any of the three rules).
struct HandicapRules {
  bool reduced_komi = true;         // D under one move: a smaller komi, move_value - D (line 149)
  bool first_move_deducted = true;  // D over one move: one move's worth is taken off (line 150)
  bool paid_in_moves = true;        // the compensation: a move per move_value, the rest in points (line 151)
};

// `move_value` is the points one handicap move is worth (8 in Ing's laws); `even_komi` is the komi
// of an even game (equal ranks), which the laws also set at 8. Without `reduced_komi` a difference
// under one move is compensation like a larger one (no komi); exactly one move stays no komi.
HandicapTerms handicap_terms(const IngRank& white, const IngRank& black, int move_value, int even_komi,
                             const RankLadder& ladder = {}, const HandicapRules& rules = {});

// The summary's wording: a remainder under one move is given as stones plus a komi to White
// (enough handicap moves to cover the compensation, White getting the surplus back as komi).
HandicapTerms handicap_terms_white_komi(const IngRank& white, const IngRank& black, int move_value, int even_komi,
                                        const RankLadder& ladder = {}, const HandicapRules& rules = {});

}  // namespace rulespec::go
