// Jishogi arithmetic properties: every split of the 38 counted pieces between the two players.
#include <algorithm>
#include "model/shogi/jishogi.hpp"
#include "properties/property.hpp"
#include "queries/decision_tables.hpp"
#include "queries/shogi_rules.hpp"

namespace rulespec {
namespace {

using shogi::PieceCounts;

// A random split of all non-king pieces: each of the 38 pieces goes to sente or gote.
struct Split {
  PieceCounts sente, gote;
};

rc::Gen<Split> gen_split() {
  // Bit k of the mask says who holds piece k.
  return rc::gen::map(rc::gen::inRange<std::uint64_t>(0, std::uint64_t{1} << 38), [](std::uint64_t owner) {
    Split s;
    const PieceCounts both = shogi::full_set() + shogi::full_set();
    int k = 0;
    auto deal = [&](int count, int PieceCounts::*slot) {
      for (int i = 0; i < count; ++i, ++k) {
        PieceCounts& holder = ((owner >> k) & 1U) != 0 ? s.sente : s.gote;
        holder.*slot += 1;
      }
    };
    deal(both.rook, &PieceCounts::rook);
    deal(both.bishop, &PieceCounts::bishop);
    deal(both.gold, &PieceCounts::gold);
    deal(both.silver, &PieceCounts::silver);
    deal(both.knight, &PieceCounts::knight);
    deal(both.lance, &PieceCounts::lance);
    deal(both.pawn, &PieceCounts::pawn);
    return s;
  });
}

// Every point total Sente can hold, searched: k of the four majors and m of the 34 minor pieces
// (rooks before bishops, then golds, silvers, knights, lances, pawns), the rest Gote's. The 27-point
// rule reads the totals alone, so these 175 splits decide every case of it (the 27 : 27 tie among
// them), where random splits reach a tie only now and then.
std::vector<Split> every_total() {
  std::vector<Split> out;
  const PieceCounts both = shogi::full_set() + shogi::full_set();
  for (int majors = 0; majors <= both.rook + both.bishop; ++majors)
    for (int minors = 0; minors <= both.gold + both.silver + both.knight + both.lance + both.pawn; ++minors) {
      Split s;
      s.sente.rook = std::min(majors, both.rook);
      s.sente.bishop = majors - s.sente.rook;
      int left = minors;
      for (auto slot : {&PieceCounts::gold, &PieceCounts::silver, &PieceCounts::knight, &PieceCounts::lance, &PieceCounts::pawn}) {
        s.sente.*slot = std::min(left, both.*slot);
        left -= s.sente.*slot;
      }
      for (auto slot : {&PieceCounts::rook, &PieceCounts::bishop, &PieceCounts::gold, &PieceCounts::silver, &PieceCounts::knight,
                        &PieceCounts::lance, &PieceCounts::pawn})
        s.gote.*slot = both.*slot - s.sente.*slot;
      out.push_back(s);
    }
  return out;
}

shogi::PointValues values(const Ruleset& rs) { return shogi_point_values(rs); }

bool uses_27(const Ruleset& rs) {
  return rs.codex == "jishogi" && rs.has_param("impasse_rule") && rs.is("impasse_rule", "points-27");
}

// A split as a reader sees it: each side's pieces in SFEN letters and its points.
std::string letters(const PieceCounts& c) {
  std::string out;
  auto put = [&](int n, char ch) {
    if (n > 1) out += std::to_string(n);
    if (n > 0) out += ch;
  };
  put(c.rook, 'R'), put(c.bishop, 'B'), put(c.gold, 'G'), put(c.silver, 'S'), put(c.knight, 'N'), put(c.lance, 'L'), put(c.pawn, 'P');
  return out.empty() ? "-" : out;
}

// The split as a position a reader can be shown: both kings at home, every other piece in hand.
std::string hands_sfen(const Split& s) {
  std::string hands;
  auto put = [&](int n, char ch) {
    if (n > 1) hands += std::to_string(n);
    if (n > 0) hands += ch;
  };
  for (int lower = 0; lower < 2; ++lower) {
    const PieceCounts& c = lower ? s.gote : s.sente;
    const int shift = lower ? 'a' - 'A' : 0;
    put(c.rook, static_cast<char>('R' + shift)), put(c.bishop, static_cast<char>('B' + shift)), put(c.gold, static_cast<char>('G' + shift));
    put(c.silver, static_cast<char>('S' + shift)), put(c.knight, static_cast<char>('N' + shift)), put(c.lance, static_cast<char>('L' + shift));
    put(c.pawn, static_cast<char>('P' + shift));
  }
  return "4k4/9/9/9/9/9/9/9/4K4 b " + (hands.empty() ? std::string("-") : hands) + " 1";
}

void show_split(const Split& s, const shogi::PointValues& v, const char* declarer = nullptr) {
  Value w = Value::map();
  w.set("sfen", Value::string(hands_sfen(s)));
  w.set("sente_pieces", Value::string(letters(s.sente)));
  w.set("gote_pieces", Value::string(letters(s.gote)));
  w.set("sente_points", Value::integer(shogi::points(s.sente, v)));
  w.set("gote_points", Value::integer(shogi::points(s.gote, v)));
  if (declarer) w.set("declarer", Value::string(declarer));
  show_witness(std::move(w));
}

}  // namespace

void register_jishogi_properties(std::vector<PropertyInfo>& out) {
  out.push_back({"jishogi.points-total-54",
                 "however the 38 counted pieces are split, the two totals add up to 54",
                 {"jishogi.points27.total-54", "jishogi.points.rook-bishop-5", "jishogi.points.other-1",
                  "jishogi.points.king-excluded"},
                 codex_is("jishogi"),
                 [](const Spec&, const Ruleset& rs) {
                   const auto v = values(rs);
                   return rc::detail::toProperty([v] {
                     const Split s = *gen_split();
                     show_split(s, v);
                     rules_require(shogi::points(s.sente, v) + shogi::points(s.gote, v) == 54,
                                   "Sente " + std::to_string(shogi::points(s.sente, v)) + " and Gote " + std::to_string(shogi::points(s.gote, v)) +
                                       " points do not add up to the 54 the text counts over all 38 pieces (line 21)");
                   });
                 }});
  out.push_back({"jishogi.promotion-irrelevant",
                 "a promoted piece counts as its unpromoted form",
                 {"jishogi.points.promotion-irrelevant"},
                 codex_is("jishogi"),
                 [](const Spec&, const Ruleset& rs) {
                   const auto v = values(rs);
                   return rc::detail::toProperty([v] {
                     const std::string plain = *rc::gen::container<std::string>(rc::gen::elementOf(std::string("RBSNLP")));
                     std::string promoted;
                     for (char c : plain) promoted += std::string("+") + c;
                     rules_require(shogi::points(*shogi::parse_piece_list(plain), v) == shogi::points(*shogi::parse_piece_list(promoted), v),
                                   "the pieces " + plain + " count " + std::to_string(shogi::points(*shogi::parse_piece_list(plain), v)) +
                                       " points unpromoted and " + std::to_string(shogi::points(*shogi::parse_piece_list(promoted), v)) +
                                       " promoted, where a promoted piece counts as its unpromoted form (line 23)");
                   });
                 }});
  out.push_back({"jishogi.27-rule-always-decides",
                 "with every piece counted, the 27-point rule gives exactly one winner for every split (every point total searched)",
                 {"jishogi.points27.no-draw-purpose", "jishogi.points27.below-27-loses", "jishogi.points27.tie-27-gote-wins"},
                 uses_27,
                 [](const Spec& spec, const Ruleset& rs) {
                   const auto v = values(rs);
                   const int threshold = static_cast<int>(rs.int_param("points_threshold"));
                   const auto table = compile_table(spec, rs, "jishogi.decisions.points-27");
                   return rc::detail::toProperty([=] {
                     auto splits = every_total();
                     splits.push_back(*gen_split());
                     for (const Split& s : splits) {
                       const std::string verdict = points27_verdict(table, shogi::points(s.sente, v), shogi::points(s.gote, v));
                       note_answer(verdict);
                       if (verdict == "sente-wins" || verdict == "gote-wins") continue;
                       show_split(s, v);
                       const int sp = shogi::points(s.sente, v), gp = shogi::points(s.gote, v);
                       const std::string why =
                           verdict == "conflicting"      ? "both are below " + std::to_string(threshold) + " and line 21 makes each lose"
                           : sp < threshold || gp < threshold ? std::string(sp < threshold ? "Sente" : "Gote") + " is below " + std::to_string(threshold) +
                                                                    " and no rule in force makes him lose (line 21's loss below the threshold is gone)"
                                                              : "neither is below " + std::to_string(threshold) +
                                                                    " (the 27-point rule's loss, line 21) and the rule for equal totals names no winner: the split has none";
                       rules_require(false, "Sente " + std::to_string(sp) + " points, Gote " + std::to_string(gp) + ": " + why);
                     }
                   });
                 }});
  out.push_back({"jishogi.declaration-agrees-with-27-rule",
                 "with every piece counted, a declaration passes condition 2 exactly when the 27-point rule makes the declarer win (every point total searched)",
                 {"jishogi.declaration.cond2-points", "jishogi.points27.below-27-loses", "jishogi.points27.tie-27-gote-wins",
                  "jishogi.result.colour-names"},
                 // Thresholds of 0: no condition 2 (the JSA of line 40).
                 [](const Ruleset& rs) { return uses_27(rs) && rs.bool_param("declaration") && rs.int_param("declare_points_sente") > 0; },
                 [](const Spec& spec, const Ruleset& rs) {
                   shogi::DeclarationRules rules;
                   rules.values = values(rs);
                   const auto table = compile_table(spec, rs, "jishogi.decisions.points-27");
                   return rc::detail::toProperty([=, &spec, &rs] {
                     auto splits = every_total();
                     splits.push_back(*gen_split());
                     for (const Split& s : splits)
                       for (const bool sente_declares : {true, false}) {
                         shogi::DeclarationFacts f;
                         f.declarer = sente_declares ? shogi::Side::Sente : shogi::Side::Gote;
                         f.in_enemy_camp = sente_declares ? s.sente : s.gote;  // everything counted
                         const std::string verdict = points27_verdict(table, shogi::points(s.sente, rules.values), shogi::points(s.gote, rules.values));
                         const int winner = verdict == "sente-wins" ? +1 : verdict == "gote-wins" ? -1 : 0;
                         // Condition 2 as the declaration's table decides it: no row of its clause fails the declarer.
                         const auto failed = shogi_declaration_verdict(spec, rs, f).failed;
                         const bool passes = std::find(failed.begin(), failed.end(), declaration_condition_clause(2)) == failed.end();
                         note_answer(std::to_string(winner) + (passes ? " passes" : " fails"));
                         if (passes == (winner == (sente_declares ? +1 : -1))) continue;
                         show_split(s, rules.values, sente_declares ? "sente" : "gote");
                         rules_require(false, std::string(sente_declares ? "Sente" : "Gote") + " declares with " +
                                                  std::to_string(shogi::points(sente_declares ? s.sente : s.gote, rules.values)) + " points against " +
                                                  std::to_string(shogi::points(sente_declares ? s.gote : s.sente, rules.values)) +
                                                  ": condition 2 (line 32) " + (passes ? "is met" : "is not met") + ", yet the 27-point rule (line 21) " +
                                                  (winner == 0 ? "gives no winner" : winner == (sente_declares ? +1 : -1) ? "makes the declarer win" : "makes the declarer lose"));
                       }
                   });
                 }});
}

}  // namespace rulespec
