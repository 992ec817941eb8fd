#include "model/xiangqi/classify.hpp"

#include <algorithm>
#include <utility>

#include "model/xiangqi/notation.hpp"

namespace rulespec::xiangqi {
namespace {

struct Capture {
  int attacker, target, from, to;
};

// Legal captures of the side to move, with piece ids.
std::vector<Capture> captures(const Position& p, const Tracker& ids) {
  std::vector<Capture> out;
  for (const Move& m : p.legal_captures()) out.push_back({ids.id_at(m.from), ids.id_at(m.to), m.from, m.to});
  return out;
}

bool legal_recapture(const Position& after_capture, int square) { return after_capture.has_legal_move_to(square); }

// Protected: the capture can be answered by a legal recapture. Falsely protected: only by a
// recapture the rules forbid (a pinned defender, or kings left facing), which AXF calls a false root.
Protection protection_of(const Position& attacker_to_move, const Capture& c) {
  Position taken = attacker_to_move;
  taken.make({static_cast<std::uint8_t>(c.from), static_cast<std::uint8_t>(c.to)});
  if (legal_recapture(taken, c.to)) return Protection::Protected;
  std::vector<Move> pseudo;
  taken.pseudo_legal_moves(pseudo);
  const bool any = std::any_of(pseudo.begin(), pseudo.end(), [&](const Move& r) { return r.to == c.to; });
  return any ? Protection::FalselyProtected : Protection::Unprotected;
}

// The protection the rules see: without the false-root rule, a protector whose recapture would be
// illegal protects like any other.
Protection protection_under(const Position& attacker_to_move, const Capture& c, const ChaseRules& rules) {
  const Protection p = protection_of(attacker_to_move, c);
  return p == Protection::FalselyProtected && !rules.false_roots_unprotected ? Protection::Protected : p;
}

bool uncrossed_pawn(const Position& p, int sq) {
  const Piece x = p.at(sq);
  return x.type() == PieceType::Pawn && on_own_side(sq, x.colour());
}

// Material of `side` minus the opponent's, kings left out, in half points.
int material(const Position& p, Colour side) {
  int total = 0;
  for (int sq = 0; sq < kArraySize; ++sq) {
    const Piece x = p.at(sq);
    if (!x.is_piece() || x.type() == PieceType::King) continue;
    const int v = half_point_value(x.type(), !on_own_side(sq, x.colour()));
    total += x.colour() == side ? v : -v;
  }
  return total;
}

constexpr int kMateValue = 10000;

// The material `attacker` can force: he plays captures and checks (or stops), the defender
// answers anything when in check, else captures or stands pat. Depth in plies; alpha-beta.
int forcing_value(Position& p, Colour attacker, int depth, int alpha, int beta) {
  const int stand = material(p, attacker);
  const auto moves = p.legal_moves();
  const bool attacker_to_move = p.side_to_move() == attacker;
  if (moves.empty()) return attacker_to_move ? -kMateValue : kMateValue;  // mate or stalemate loses
  if (depth == 0) return stand;
  if (attacker_to_move) {
    int best = stand;
    if (best >= beta) return best;
    alpha = std::max(alpha, best);
    for (const Move& m : moves) {
      const bool capture = p.at(m.to).is_piece();
      const auto undo = p.make(m);
      if (capture || p.in_check()) best = std::max(best, forcing_value(p, attacker, depth - 1, alpha, beta));
      p.unmake(undo);
      if (best >= beta) return best;
      alpha = std::max(alpha, best);
    }
    return best;
  }
  const bool in_check = p.in_check();
  int best = in_check ? kMateValue : stand;
  if (best <= alpha) return best;
  beta = std::min(beta, best);
  for (const Move& m : moves) {
    if (!in_check && !p.at(m.to).is_piece()) continue;
    const auto undo = p.make(m);
    best = std::min(best, forcing_value(p, attacker, depth - 1, alpha, beta));
    p.unmake(undo);
    if (best <= alpha) return best;
    beta = std::min(beta, best);
  }
  return best;
}

// Whether an attack of the side to move threatens in the code's terms, as a chase would: the
// target is a piece that may be chased (not an uncrossed pawn) and is not really protected, or
// is a rook under a horse or cannon. Only ending such an attack is a defence.
bool is_threat(const Position& attacker_to_move, const Capture& c, const ChaseRules& rules) {
  const Piece target = attacker_to_move.at(c.to);
  if (rules.uncrossed_pawns_exempt && uncrossed_pawn(attacker_to_move, c.to)) return false;
  const PieceType attacker = attacker_to_move.at(c.from).type();
  if (target.type() == PieceType::Rook && (attacker == PieceType::Horse || attacker == PieceType::Cannon)) return true;
  return rules.unprotected_forbidden && protection_under(attacker_to_move, c, rules) != Protection::Protected;
}

bool kings_facing(const Position& p) {
  const int red = p.king_square(Colour::Red), black = p.king_square(Colour::Black);
  if (file_of(red) != file_of(black)) return false;
  const int step = red < black ? kStride : -kStride;
  for (int sq = red + step; sq != black; sq += step)
    if (p.at(sq).is_piece()) return false;
  return true;
}

// Why each recapture of a falsely protected target is illegal, in the referee's words: "the
// black rook d8 could take back only by leaving the kings facing".
std::string false_protection_reason(const Position& attacker_to_move, const Capture& c) {
  Position taken = attacker_to_move;
  taken.make({static_cast<std::uint8_t>(c.from), static_cast<std::uint8_t>(c.to)});
  std::vector<Move> pseudo;
  taken.pseudo_legal_moves(pseudo);
  std::string out;
  for (const Move& r : pseudo) {
    if (r.to != c.to) continue;
    Position back = taken;
    const Piece protector = back.at(r.from);
    back.make(r);
    const std::string name = std::string(protector.colour() == Colour::Red ? "red" : "black") + " " + piece_name(protector.type()) + " " +
                             to_iccs(r).substr(0, 2);
    if (!out.empty()) out += "; ";
    const bool king = protector.type() == PieceType::King;
    out += "the " + name + (king ? " could take back only by stepping " : " is pinned: taking back would leave ") +
           (kings_facing(back) ? std::string(king ? "to face the other king" : "the kings facing")
                               : std::string(king ? "into check" : "its king in check"));
  }
  return out;
}

// Whether a quiet move took away the real protection of a target the attacker already had in its
// sights, or made it false (not by checking, and not where the target could take the attacker
// back): Removed or MadeFalse, else the attack stays a standing one.
enum class Undermining { None, Removed, MadeFalse };
Undermining undermined_protection(const Position& before, const Position& after, const Capture& old, const Attack& a,
                                  const ChaseRules& rules) {
  if (a.protection == Protection::Protected || protection_under(before, old, rules) != Protection::Protected) return Undermining::None;
  if (after.in_check()) return Undermining::None;
  if (after.is_legal({static_cast<std::uint8_t>(a.target_square), static_cast<std::uint8_t>(a.attacker_square)})) return Undermining::None;
  return a.protection == Protection::FalselyProtected ? Undermining::MadeFalse : Undermining::Removed;
}

}  // namespace

bool wins_material(const Position& p, Move capture, int depth) {
  const Colour us = p.side_to_move();
  Position after = p;
  const int before = material(after, us);
  after.make(capture);
  // Only whether the value exceeds `before` matters: a null window around it.
  return forcing_value(after, us, depth - 1, before, before + 1) > before;
}

bool MoveFacts::chase() const {
  return std::any_of(new_attacks.begin(), new_attacks.end(), [](const Attack& a) { return a.forbidden; });
}

std::vector<int> MoveFacts::chased() const {
  std::vector<int> out;
  for (const Attack& a : new_attacks)
    if (a.forbidden && std::find(out.begin(), out.end(), a.target) == out.end()) out.push_back(a.target);
  return out;
}

Tracker::Tracker(const Position& p) {
  int next = 1;
  for (int sq = 0; sq < kArraySize; ++sq)
    if (p.at(sq).is_piece()) ids_[static_cast<size_t>(sq)] = next++;
}

void Tracker::apply(Move m) {
  ids_[m.to] = ids_[m.from];
  ids_[m.from] = 0;
}

int half_point_value(PieceType t, bool pawn_crossed) {
  switch (t) {
    case PieceType::Rook: return 18;
    case PieceType::Cannon: return 9;
    case PieceType::Horse: return 8;
    case PieceType::Advisor:
    case PieceType::Elephant: return 4;
    case PieceType::Pawn: return pawn_crossed ? 4 : 2;
    case PieceType::King: return 1000;
    case PieceType::None: break;
  }
  return 0;
}

bool has_forced_mate(Position p, int depth) {
  if (depth <= 0) return false;
  for (const Move& m : p.legal_moves()) {
    const auto undo = p.make(m);
    bool mates = false;
    if (p.in_check() && depth == 1) {
      mates = !p.has_legal_move();
    } else if (p.in_check()) {
      const auto replies = p.legal_moves();
      mates = replies.empty();
      if (!mates) {
        mates = true;
        for (const Move& r : replies) {
          const auto back = p.make(r);
          mates = has_forced_mate(p, depth - 1);
          p.unmake(back);
          if (!mates) break;
        }
      }
    }
    p.unmake(undo);
    if (mates) return true;
  }
  return false;
}

MoveFacts classify(const Position& before, Move m, const Tracker& ids, const ChaseRules& rules) {
  MoveFacts facts;
  Position after = before;
  after.make(m);
  facts.check = after.in_check();
  Tracker after_ids = ids;
  after_ids.apply(m);
  // What the mover could take if he moved again, against what he could take before the move.
  const Position again = after.null_move();
  const auto old_caps = captures(before, ids);
  const auto new_caps = captures(again, after_ids);
  // Whether the move blocked or escaped an attack on one of the mover's pieces.
  bool defends = false;
  if (rules.protection_removed_counts && rules.protection_removed_by_defence_exempt && !before.in_check()) {
    const Position threatened = before.null_move();
    const auto threats_before = captures(threatened, ids);
    const auto threats_after = captures(after, after_ids);
    defends = std::any_of(threats_before.begin(), threats_before.end(), [&](const Capture& t) {
      if (before.at(t.to).type() == PieceType::King || t.from == m.to) return false;
      if (!is_threat(threatened, t, rules)) return false;
      return std::none_of(threats_after.begin(), threats_after.end(),
                          [&](const Capture& u) { return u.attacker == t.attacker && u.target == t.target; });
    });
  }
  for (const Capture& c : new_caps) {
    const Piece target = again.at(c.to);
    if (target.type() == PieceType::King) continue;  // that is a check
    if (rules.uncrossed_pawns_exempt && uncrossed_pawn(again, c.to)) continue;  // cannot be chased
    Attack a;
    a.attacker = c.attacker;
    a.target = c.target;
    a.attacker_square = c.from;
    a.target_square = c.to;
    a.attacker_type = again.at(c.from).type();
    a.target_type = target.type();
    a.protection = protection_under(again, c, rules);
    a.target_protected = a.protection == Protection::Protected;
    a.origin = c.from == m.to ? AttackOrigin::MovedPiece : AttackOrigin::Uncovered;
    const auto old = std::find_if(old_caps.begin(), old_caps.end(), [&](const Capture& o) {
      return o.attacker == c.attacker && o.target == c.target;
    });
    // An attack that stood before the move is not new (AXF appendix, "non-perpetual chase"),
    // unless the renewed-attacks reading counts every attack of the piece that moved, or the move
    // took away the target's protection (appendix, "perpetual chase").
    if (old != old_caps.end()) {
      const bool renewed = rules.renewed_attacks && c.from == m.to;
      const Undermining undermined = rules.protection_removed_counts && !defends ? undermined_protection(before, after, *old, a, rules) : Undermining::None;
      if (undermined == Undermining::Removed) {
        a.origin = AttackOrigin::ProtectionRemoved;
      } else if (undermined == Undermining::MadeFalse) {
        a.origin = AttackOrigin::ProtectionMadeFalse;
        a.undermined = false_protection_reason(again, c);
      } else if (!renewed) {
        continue;
      }
    }
    facts.new_attacks.push_back(a);
  }
  const bool answers_check = before.in_check();
  for (Attack& a : facts.new_attacks) {
    const char* attacker = piece_name(a.attacker_type);
    const char* target = piece_name(a.target_type);
    const bool king_or_pawn = a.attacker_type == PieceType::King || a.attacker_type == PieceType::Pawn;
    bool combined = false;
    if (!rules.combined_loses_privilege) {
      // the privilege is never lost to another attacker
    } else if (rules.combined_any_attacker) {
      combined = std::any_of(new_caps.begin(), new_caps.end(), [&](const Capture& c) { return c.target == a.target && c.attacker != a.attacker; });
    } else {
      combined = std::any_of(facts.new_attacks.begin(), facts.new_attacks.end(),
                             [&](const Attack& o) { return o.target == a.target && o.attacker != a.attacker; });
    }
    const bool same_kind = a.attacker_type == a.target_type &&
                           (a.attacker_type == PieceType::Rook || a.attacker_type == PieceType::Cannon || a.attacker_type == PieceType::Horse);
    const bool takes_back = same_kind && after.is_legal({static_cast<std::uint8_t>(a.target_square), static_cast<std::uint8_t>(a.attacker_square)});
    const bool rook_rule = rules.rook_privilege && a.target_type == PieceType::Rook &&
                           (a.attacker_type == PieceType::Horse || a.attacker_type == PieceType::Cannon);
    // CXA's material-gain test: the capture, then the forcing line it starts.
    const bool gains = rules.material_gain && a.target_protected &&
                       wins_material(again, {static_cast<std::uint8_t>(a.attacker_square), static_cast<std::uint8_t>(a.target_square)},
                                     rules.material_gain_depth);
    auto& tried = a.exceptions_checked;
    if (answers_check && rules.check_answers_exempt && a.origin == AttackOrigin::Uncovered) {
      a.rule = AttackRule::AnswersCheck;
      a.why = std::string(attacker) + " attack on the " + target + " uncovered by a move that answers a check";
      continue;
    }
    if (rules.check_answers_exempt)
      tried.push_back(answers_check ? "answering a check, but the moved piece itself attacks" : "not a move answering a check");
    if (takes_back && rules.exchange_offers_exempt) {
      a.rule = AttackRule::ExchangeOffer;
      a.why = std::string(attacker) + " offers an exchange: the " + target + " can take it back";
      continue;
    }
    if (rules.exchange_offers_exempt)
      tried.push_back(same_kind ? std::string("no exchange offer: the ") + target + " cannot take the " + attacker + " back"
                                : std::string("no exchange offer: ") + attacker + " and " + target + " differ");
    if (king_or_pawn && rules.king_pawn_privilege && !combined) {
      a.privileged = true;
      a.rule = AttackRule::Privileged;
      a.why = std::string("privileged ") + attacker + " attack";
      continue;
    }
    if (rules.king_pawn_privilege)
      tried.push_back(king_or_pawn ? "no king/pawn privilege: another piece attacks the same target" : "no king/pawn privilege: the attacker is a " + std::string(attacker));
    if (!a.target_protected && rules.unprotected_forbidden) {
      a.forbidden = true;
      a.rule = king_or_pawn && combined ? AttackRule::UnprotectedCombined : AttackRule::Unprotected;
      a.why = std::string(attacker) + " attacks " + (a.protection == Protection::FalselyProtected ? "a falsely protected " : "an unprotected ") + target +
              (king_or_pawn && combined ? " (combined with another attacker)" : "") +
              (a.origin == AttackOrigin::ProtectionMadeFalse ? ": protection made false by the move (" + a.undermined + ")" : "");
    } else if (rook_rule) {
      a.forbidden = true;
      a.rule = AttackRule::RookRule;
      a.why = std::string(attacker) + " attacks a " + (a.target_protected ? "protected " : "") + "rook (rook rule)";
    } else if (gains) {
      a.forbidden = true;
      a.rule = AttackRule::MaterialGain;
      a.why = std::string(attacker) + " would win material taking the protected " + target;
    } else if (!a.target_protected) {
      a.rule = AttackRule::Unprotected;
      a.why = std::string(attacker) + " attacks an unprotected " + target + ", which no rule forbids";
      if (rules.rook_privilege) tried.push_back(a.target_type == PieceType::Rook ? "rook rule: the attacker is no horse or cannon" : "rook rule: the target is no rook");
    } else {
      a.why = std::string(attacker) + " attacks a protected " + target;
      if (rules.rook_privilege) tried.push_back(a.target_type == PieceType::Rook ? "rook rule: the attacker is no horse or cannon" : "rook rule: the target is no rook");
      if (rules.material_gain) tried.push_back("material gain: taking wins nothing");
    }
  }
  // Without the rule that an offer excuses only the attack on the piece offered, a move that offers
  // an exchange chases nothing.
  if (!rules.offer_excuses_only_offered) {
    const auto offer = std::find_if(facts.new_attacks.begin(), facts.new_attacks.end(),
                                    [](const Attack& a) { return a.rule == AttackRule::ExchangeOffer; });
    if (offer != facts.new_attacks.end()) {
      const std::string offered = std::string(piece_name(offer->target_type)) + " " +
                                  to_iccs({static_cast<std::uint8_t>(offer->target_square), static_cast<std::uint8_t>(offer->target_square)}).substr(0, 2);
      for (Attack& a : facts.new_attacks)
        if (a.forbidden) {
          a.forbidden = false;
          a.rule = AttackRule::ExchangeOffer;
          a.why = std::string(piece_name(a.attacker_type)) + " attack on the " + piece_name(a.target_type) +
                  " made by a move that offers an exchange (the " + offered + " can take back): an offer chases nothing";
        }
    }
  }
  if (!facts.check) facts.mate_threat = has_forced_mate(again, rules.mate_threat_depth);
  return facts;
}

}  // namespace rulespec::xiangqi
