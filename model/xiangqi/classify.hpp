// What a move does, in the terms the repetition rules use: check, mate threat, chase (a new
// threat to capture an enemy piece on the next move), or idle. Attacks are found by letting the
// mover move again (a null move for the opponent) and comparing the legal captures before and
// after the move, so discovered attacks and cannon mounts count, and an attack that already
// existed does not. Protection is real only if the defender can legally recapture (a pinned
// defender, or one whose recapture would leave the kings facing, does not protect).
#pragma once
#include <string>
#include <vector>

#include "model/xiangqi/position.hpp"

namespace rulespec::xiangqi {

struct ChaseRules {
  bool king_pawn_privilege = true;   // king and pawn may chase an unprotected piece perpetually
  bool combined_any_attacker = true;  // privilege lost if any other piece also attacks the target
                                      // (false: only if the same move created another attack on it)
  bool rook_privilege = true;         // a horse or cannon may not chase even a protected rook
  bool material_gain = false;         // CXA: a protected piece is chased if taking it wins material
  // A mate threat: mate by checks within this many own moves; two, because line 143's C1-1
  // "threatens mate after R9+2" (cxa.mate-threat.counts-as-attack): a mate in two, R9+2 first.
  int mate_threat_depth = 2;
  // Plies of the forcing line the material-gain test looks at (cxa.chase.material-gain-test): the
  // longest line the column shows is five (line 143: C1=4 G5-6, R9+2 K4+1, R9-1), nine leaves room.
  int material_gain_depth = 9;
  // The texts never say whether a piece that moves from one square attacking a target to another
  // square attacking the same target strikes again (readings new-attack and every-attacking-move
  // of axf-1982.chase.unprotected-forbidden; the withdrawn F-axf-1982-renewed-attack). false: only
  // attacks that did not exist before the move count; true: every attack of the moved piece counts.
  bool renewed_attacks = false;
  // AXF code rule 24 (diagrams 51-55): a rook, cannon or horse attacking its own kind that can
  // take it back offers an exchange and chases nothing.
  bool exchange_offers_exempt = true;
  // WXF manual examples: an attack uncovered by a move that answers a check (a king stepping
  // aside and unmasking a cannon) is no chase; the answering piece's own attack still is.
  bool check_answers_exempt = true;
  // AXF appendix "Perpetual Chase": an attack that stood before the move counts as new when the
  // move took away the target's protection.
  bool protection_removed_counts = false;
  // ... except when the same move ended an attack on one of the mover's own pieces (it blocked or
  // escaped, and the lost protection is a side effect: diagrams 39-41, 61, 71-75).
  bool protection_removed_by_defence_exempt = false;
  // The prohibition itself: a perpetual attack on an unprotected piece is a chase. false: only the
  // rook rule and the material-gain test make an attack a chase (an unprotected rook under a horse
  // or cannon falls to the rook rule, which holds "even if it is protected").
  bool unprotected_forbidden = true;
  // A protector whose recapture exists but is illegal (pinned, or taking back would leave its
  // king in check or the kings facing) is a false root: no protection. false: it protects.
  bool false_roots_unprotected = true;
  // An offer of exchange excuses only the attack on the piece offered. false: a move that offers
  // an exchange chases nothing at all, whatever else it attacks.
  bool offer_excuses_only_offered = true;
  // An attack on a pawn that has not crossed the river is never a chase. false: it is judged as
  // an attack on any other piece.
  bool uncrossed_pawns_exempt = true;
  // A king's or pawn's attack combined with another piece's attack on the same target loses the
  // privilege (which combination: combined_any_attacker). false: the privilege is never lost.
  bool combined_loses_privilege = true;
  bool operator==(const ChaseRules&) const = default;
};

// Why an attack is or is not a chase.
enum class AttackRule { Privileged, Unprotected, UnprotectedCombined, RookRule, MaterialGain, Protected, ExchangeOffer, AnswersCheck };

// How the move made the attack: the moved piece attacks, the move uncovered another piece's line,
// an attack that stood before lost the target's protection, or that protection became false (the
// recapture still exists but is now illegal: the protector pinned, or its recapture would leave
// the kings facing or uncover a check).
enum class AttackOrigin { MovedPiece, Uncovered, ProtectionRemoved, ProtectionMadeFalse };
enum class Protection { Unprotected, FalselyProtected, Protected };

struct Attack {
  int attacker = 0, target = 0;  // piece ids (see Tracker) of the mover's piece and its target
  int attacker_square = 0, target_square = 0;
  PieceType attacker_type = PieceType::None, target_type = PieceType::None;
  bool target_protected = false;
  Protection protection = Protection::Unprotected;  // falsely: a recapture exists but is illegal
  AttackOrigin origin = AttackOrigin::MovedPiece;
  bool privileged = false;  // a lone king or pawn attack under the privilege
  bool forbidden = false;   // counts as a chase under the rules
  AttackRule rule = AttackRule::Protected;
  std::string why;          // one phrase: why it is (not) a chase
  std::string undermined;   // for ProtectionMadeFalse: what makes the recapture illegal now
  std::vector<std::string> exceptions_checked;  // the exceptions tried that did not apply
};

struct MoveFacts {
  bool check = false;
  bool mate_threat = false;          // not a check, but the mover would mate with his next move
  std::vector<Attack> new_attacks;   // attacks created by the move, each judged
  bool chase() const;                // some new attack counts as a chase
  std::vector<int> chased() const;   // ids of the pieces chased
};

// Piece identities through a sequence of moves, so that a chased piece that moves is still the
// same piece.
class Tracker {
 public:
  explicit Tracker(const Position& p);
  int id_at(int sq) const { return ids_[static_cast<size_t>(sq)]; }
  void apply(Move m);

 private:
  std::array<int, kArraySize> ids_{};
};

// Material values used by the material-gain test (rook 9, cannon 4.5, horse 4, advisor and
// elephant 2, pawn 1 or 2 across the river), in half points.
int half_point_value(PieceType t, bool pawn_crossed);

// CXA's material-gain test: after the side to move makes `capture`, can it force a material
// gain? It then plays captures and checks, the defender answers any way when in check and
// otherwise recaptures or leaves it there, for at most `depth` plies in all.
bool wins_material(const Position& p, Move capture, int depth);

MoveFacts classify(const Position& before, Move m, const Tracker& ids, const ChaseRules& rules);

// The side to move mates by checking moves only, within `depth` of its own moves, whatever the
// defence (depth 1: a mating move).
bool has_forced_mate(Position p, int depth);

}  // namespace rulespec::xiangqi
