// Shogi properties on positions reached by seeded random play (captures preferred now and then, so
// that hands fill and drops appear): SFEN round trips, perft sums, the mirrored position, points
// conserved, and the declaration verdict blind to what lies outside the camp.
#include <ostream>

#include "model/common/xorshift.hpp"
#include "model/shogi/impasse_board.hpp"
#include "model/shogi/near_impasse.hpp"
#include "model/shogi/position.hpp"
#include "properties/property.hpp"
#include "queries/shogi_rules.hpp"

namespace rulespec {
namespace {

struct RandomGame {
  std::uint64_t seed;
  int plies;
};

void showValue(const RandomGame& g, std::ostream& os) { os << "seed " << g.seed << ", " << g.plies << " plies"; }

rc::Gen<RandomGame> gen_game() {
  return rc::gen::exec([] {
    return RandomGame{*rc::gen::inRange<std::uint64_t>(1, UINT64_MAX), *rc::gen::inRange(0, 160)};
  });
}

shogi::Position play(const RandomGame& g) {
  common::XorShift64 rng{g.seed};
  shogi::Position p = shogi::Position::start();
  for (int i = 0; i < g.plies; ++i) {
    const auto moves = p.legal_moves();
    if (moves.empty()) break;
    std::vector<shogi::Move> captures;
    for (const auto& m : moves)
      if (m.from >= 0 && !p.at(m.to).empty()) captures.push_back(m);
    const auto& pool = !captures.empty() && rng.below(2) == 0 ? captures : moves;
    p.make(pool[rng.below(pool.size())]);
  }
  return p;
}

// One time in five a random game's position, else one near Sente's impasse grown towards a
// condition failing alone (model/shogi/near_impasse.hpp), where the declaration's conditions decide.
std::optional<shogi::Position> declaration_position() {
  if (*rc::gen::inRange(0, 5) == 0) return play(*gen_game());
  const auto seed = *rc::gen::inRange<std::uint64_t>(1, UINT64_MAX);
  const auto aim = *rc::gen::inRange<std::size_t>(0, std::size(shogi::kImpasseAims));
  common::XorShift64 rng{seed};
  return shogi::near_impasse(rng, shogi::kImpasseAims[aim]);
}

// Rules-free properties run once, under the codex's first ruleset.
bool default_ruleset(const Ruleset& rs) { return rs.id == "jishogi-amateur-27"; }
bool declaration_ruleset(const Ruleset& rs) { return rs.game == "shogi" && rs.has_param("declaration") && rs.bool_param("declaration"); }

}  // namespace

void register_shogi_properties(std::vector<PropertyInfo>& out) {
  out.push_back({"shogi.sfen-round-trip", "the SFEN written for a position reads back to the same position",
                 {"jishogi.points27.total-54"}, default_ruleset, [](const Spec&, const Ruleset&) {
                   return rc::detail::toProperty([] {
                     const auto p = play(*gen_game());
                     const auto back = shogi::Position::from_sfen(p.sfen());
                     rules_require(back.has_value() && back->sfen() == p.sfen() && back->legal_moves().size() == p.legal_moves().size(),
                                   "the position written as " + p.sfen() + " does not read back as the same position");
                   });
                 }});
  out.push_back({"shogi.perft-sums", "perft(d) is the sum over the legal moves of perft(d-1) of the position after each",
                 {"jishogi.points27.total-54"}, default_ruleset, [](const Spec&, const Ruleset&) {
                   return rc::detail::toProperty([] {
                     const auto p = play(*gen_game());
                     std::uint64_t sum = 0;
                     for (const auto& m : p.legal_moves()) {
                       auto next = p;
                       next.make(m);
                       sum += next.perft(1);
                     }
                     rules_require(sum == p.perft(2), "in " + p.sfen() + " the two-move sequences number " + std::to_string(p.perft(2)) +
                                                          ", not the " + std::to_string(sum) + " the moves after each first move add up to");
                   });
                 }});
  out.push_back({"shogi.mirror", "the position turned half round with colours swapped has the mirrored moves and the same counts",
                 {"jishogi.result.colour-names"}, default_ruleset, [](const Spec&, const Ruleset&) {
                   return rc::detail::toProperty([] {
                     const auto p = play(*gen_game());
                     const auto m = p.mirrored();
                     const std::string turned = p.sfen() + " turned half round with colours swapped (" + m.sfen() + ")";
                     rules_require(m.legal_moves().size() == p.legal_moves().size() && m.in_check() == p.in_check() && m.perft(2) == p.perft(2),
                                   turned + " has other moves or another check than the position itself: the rules favour no colour");
                     rules_require(m.mirrored().sfen() == p.sfen(), turned + " turned back is not the position itself");
                   });
                 }});
  out.push_back({"shogi.points-conserved", "captures move points between the sides but the total stays 54 (27 each at the start)",
                 {"jishogi.points27.total-54", "jishogi.points27.split-27-27"}, default_ruleset, [](const Spec&, const Ruleset& rs) {
                   const shogi::PointValues values = shogi_point_values(rs);
                   return rc::detail::toProperty([values] {
                     const auto p = play(*gen_game());
                     int total = 0;
                     for (auto c : {shogi::Colour::Sente, shogi::Colour::Gote})
                       total += shogi::points(shogi::pieces_on_board(p, c, false) + shogi::pieces_in_hand(p, c), values);
                     rules_require(total == 54, "in " + p.sfen() + " the two sides' points add up to " + std::to_string(total) +
                                                    ", not the 54 of all 38 counted pieces (line 21)");
                   });
                 }});
  out.push_back({"shogi.count-sees-every-piece",
                 "under the point count every piece counts: taking any non-king piece off the board lowers its owner's total",
                 {"jishogi.points27.below-27-loses", "jishogi.points24.draw-both-24"},
                 [](const Ruleset& rs) {
                   return rs.game == "shogi" && rs.has_param("impasse_rule") && !rs.is("impasse_rule", "none") &&
                          rs.reading("jishogi.points27.below-27-loses") != "camp-and-hand";
                 },
                 [](const Spec&, const Ruleset& rs) {
                   const shogi::PointValues values = shogi_point_values(rs);
                   return rc::detail::toProperty([values] {
                     const auto p = play(*gen_game());
                     std::vector<int> pieces;
                     for (int sq = 0; sq < shogi::kSquares; ++sq)
                       if (!p.at(sq).empty() && p.at(sq).kind != shogi::King) pieces.push_back(sq);
                     RC_PRE(!pieces.empty());
                     const int sq = pieces[*rc::gen::inRange<std::size_t>(0, pieces.size())];
                     const auto owner = p.at(sq).colour;
                     const auto q = p.without(sq);
                     auto total = [&](const shogi::Position& x) {
                       return shogi::points(shogi::pieces_on_board(x, owner, false) + shogi::pieces_in_hand(x, owner), values);
                     };
                     rules_require(total(q) < total(p), "taking the piece at square " + std::to_string(sq) + " off " + p.sfen() +
                                                            " leaves its owner's points at " + std::to_string(total(q)) + ": the count misses it (lines 21, 23)");
                   });
                 }});
  out.push_back({"shogi.declaration-ignores-outside-camp",
                 "taking one of the declarer's pieces outside the enemy camp off the board never changes the declaration (when check is unchanged)",
                 {"jishogi.declaration.cond3-count-scope", "jishogi.declaration.cond4-ten-pieces"}, declaration_ruleset,
                 [](const Spec&, const Ruleset& rs) {
                   const auto rules = shogi_declaration_rules(rs);
                   return rc::detail::toProperty([rules] {
                     const auto drawn = declaration_position();
                     RC_PRE(drawn.has_value());
                     const auto& p = *drawn;
                     const shogi::Colour us = p.to_move();
                     std::vector<int> outside;
                     for (int sq = 0; sq < shogi::kSquares; ++sq)
                       if (p.at(sq).colour == us && !p.at(sq).empty() && p.at(sq).kind != shogi::King &&
                           !shogi::in_camp_of(sq, shogi::opponent(us)))
                         outside.push_back(sq);
                     RC_PRE(!outside.empty());
                     const auto q = p.without(outside[*rc::gen::inRange<std::size_t>(0, outside.size())]);
                     RC_PRE(q.in_check() == p.in_check());
                     const auto before = shogi::declare(shogi::declaration_facts(p, true), rules);
                     const auto after = shogi::declare(shogi::declaration_facts(q, true), rules);
                     note_answer(before.wins ? "wins" : "loses");
                     rules_require(after.wins == before.wins && after.points == before.points && after.pieces_in_camp == before.pieces_in_camp,
                                   "in " + p.sfen() + " a piece of the declarer outside the enemy camp changes the declaration (points " +
                                       std::to_string(before.points) + " -> " + std::to_string(after.points) + ", pieces in the camp " +
                                       std::to_string(before.pieces_in_camp) + " -> " + std::to_string(after.pieces_in_camp) +
                                       "), where conditions 3 and 4 count only the pieces in the camp and in hand");
                   });
                 }});
  out.push_back({"shogi.declaration-mirrored",
                 "the position turned half round with colours swapped gives the other side the same declaration facts and verdict, except that condition 2's threshold is the new declarer's (28 for sente, 27 for gote)",
                 {"jishogi.declaration.cond1-king-in-camp", "jishogi.declaration.cond2-points", "jishogi.declaration.cond3-count-scope",
                  "jishogi.declaration.cond4-ten-pieces", "jishogi.declaration.cond6-not-in-check"},
                 declaration_ruleset, [](const Spec&, const Ruleset& rs) {
                   const auto rules = shogi_declaration_rules(rs);
                   return rc::detail::toProperty([rules] {
                     const auto drawn = declaration_position();
                     RC_PRE(drawn.has_value());
                     const auto& p = *drawn;
                     const auto m = p.mirrored();
                     const auto f = shogi::declaration_facts(p, true), g = shogi::declaration_facts(m, true);
                     const std::string turned = p.sfen() + " turned half round with colours swapped";
                     rules_require(g.declarer != f.declarer && g.king_in_enemy_camp == f.king_in_enemy_camp && g.in_check == f.in_check,
                                   turned + " does not give the other side the same king in the camp and the same check (conditions 1 and 6)");
                     const auto a = shogi::declare(f, rules), b = shogi::declare(g, rules);
                     note_answer(std::string(a.wins ? "wins" : "loses") + " / mirrored " + (b.wins ? "wins" : "loses"));
                     rules_require(a.points == b.points && a.pieces_in_camp == b.pieces_in_camp,
                                   turned + " counts " + std::to_string(b.points) + " points and " + std::to_string(b.pieces_in_camp) +
                                       " pieces in the camp for the other side, against " + std::to_string(a.points) + " and " + std::to_string(a.pieces_in_camp));
                     for (int c = 1; c <= 6; ++c)
                       if (c != 2)
                         rules_require(a.conditions[c] == b.conditions[c], turned + ": condition " + std::to_string(c) + " is " +
                                                                                (a.conditions[c] ? "met" : "not met") + " for one side and not for the other");
                     const int need = g.declarer == shogi::Side::Sente ? rules.points_sente : rules.points_gote;
                     rules_require(b.conditions[2] == (!rules.condition_2 || b.points >= need),
                                   turned + ": condition 2 (line 32) is " + (b.conditions[2] ? "met" : "not met") + " with " + std::to_string(b.points) +
                                       " points, where the declarer needs " + std::to_string(need));
                     if (!rules.condition_2 || rules.points_sente == rules.points_gote)
                       rules_require(a.wins == b.wins, turned + ": the declaration " + (a.wins ? "wins" : "loses") + " for one side and not for the other");
                   });
                 }});
}

}  // namespace rulespec
