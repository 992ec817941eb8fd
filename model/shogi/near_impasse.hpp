// Positions near a Sente impasse, built square by square: Sente's king in Gote's camp among many
// of its pieces, some pieces in hand, Gote's king at home, or one declaration condition made to
// fail while the others hold. Rules-free: the callers judge them under a ruleset.
#pragma once
#include <optional>

#include "model/common/xorshift.hpp"
#include "model/shogi/position.hpp"

namespace rulespec::shogi {

// What a near-impasse position is grown towards: every condition met, or one of them failing
// (the king outside the camp, too few points, too few pieces in the camp, the declarer in check)
// while the others hold, so that the losing declaration is decisive for that condition.
enum class Aim { AllMet, KingOutside, FewPoints, FewPieces, InCheck };
inline constexpr Aim kImpasseAims[] = {Aim::AllMet, Aim::KingOutside, Aim::FewPoints, Aim::FewPieces, Aim::InCheck};

// A position with Sente to move grown towards `aim`, or nothing when the draw left Gote in check.
std::optional<Position> near_impasse(common::XorShift64& rng, Aim aim);

}  // namespace rulespec::shogi
