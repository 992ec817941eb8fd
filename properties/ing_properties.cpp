// Ing arithmetic properties: every rank pair (searched), final counts and overtimes generated at
// random.
#include "model/go/counting.hpp"
#include "model/go/ranks.hpp"
#include "model/go/timing.hpp"
#include "properties/property.hpp"
#include "queries/go_answers.hpp"

#include <cmath>

namespace rulespec {
namespace {

// Every rank the laws name (three classes of nine): 27 of them, so every pair is searched, not
// sampled, in each run; the generated one says where a run's search starts.
std::vector<go::IngRank> all_ranks() {
  std::vector<go::IngRank> out;
  for (int cls = 0; cls < 3; ++cls)
    for (int n = 1; n <= 9; ++n) out.push_back(go::IngRank{static_cast<go::RankClass>(cls), n});
  return out;
}

// Calls `each(white, black)` for every pair of ranks, the stronger (or equal) one White.
template <typename Each>
void for_each_rank_pair(Each each) {
  const auto ranks = all_ranks();
  for (const auto& a : ranks)
    for (const auto& b : ranks) {
      const bool a_white = go::strength_points(a) >= go::strength_points(b);
      each(a_white ? a : b, a_white ? b : a);
    }
}

// `build` under the clauses as the text has them: what a property expects of the model it runs
// under the switches in force (a decisive check's ClauseSwitchedOff).
template <typename Build>
auto as_written(Build build) {
  ClausesAsWritten written;
  return build();
}

bool whole_komi(const Ruleset& rs) {
  return rs.codex == "ing-1996" && rs.number_param("komi") == std::floor(rs.number_param("komi"));
}

bool ing(const Ruleset& rs) { return whole_komi(rs); }

// Why an Ing property does not apply: another codex, or a komi in fractions of a point.
std::string why_not_ing(const Ruleset& rs) {
  if (rs.codex != "ing-1996") return "it speaks about the Ing laws (codex ing-1996), not " + rs.codex;
  return "its komi " + Value::number(rs.number_param("komi")).dump() +
         " is not a whole number of points, and Ing's arithmetic (compensation stones, the fill-in) counts whole points";
}

// Final counts of a finished game on an odd board (9x9 .. 19x19) with an even komi-like figure.
rc::Gen<go::FinalCounts> gen_counts(int komi) {
  return rc::gen::exec([komi] {
    go::FinalCounts c;
    const int size = *rc::gen::element(9, 11, 13, 15, 17, 19);
    c.points = size * size;
    c.stones_per_player = go::bowl_stones_for(c.points);
    c.seki_points = *rc::gen::inRange(0, 6);
    c.black_stones = *rc::gen::inRange(0, std::min(c.stones_per_player, c.points - c.seki_points) + 1);
    c.white_stones = *rc::gen::inRange(0, std::min(c.stones_per_player, c.points - c.seki_points - c.black_stones) + 1);
    const int empty = c.points - c.seki_points - c.black_stones - c.white_stones;
    c.black_territory = *rc::gen::inRange(0, empty + 1);
    c.white_territory = empty - c.black_territory;
    c.komi = komi;
    c.black_penalty = 2 * *rc::gen::inRange(0, 4);
    c.white_penalty = 2 * *rc::gen::inRange(0, 4);
    return c;
  });
}

// What a reader is shown of a rank pair: the two ranks and the terms the laws give them.
void show_terms(const go::IngRank& white, const go::IngRank& black, const go::HandicapTerms& t) {
  Value w = Value::map();
  w.set("white", Value::string(white.str()));
  w.set("black", Value::string(black.str()));
  w.set("difference", Value::integer(t.difference));
  w.set("komi", Value::integer(t.komi));
  w.set("handicap_moves", Value::integer(t.handicap_moves));
  w.set("reverse_komi", Value::integer(t.reverse_komi));
  show_witness(std::move(w));
}

void show_counts(const go::FinalCounts& c) {
  Value w = Value::map();
  w.set("points", Value::integer(c.points));
  w.set("black_stones", Value::integer(c.black_stones));
  w.set("white_stones", Value::integer(c.white_stones));
  w.set("black_territory", Value::integer(c.black_territory));
  w.set("white_territory", Value::integer(c.white_territory));
  w.set("seki_points", Value::integer(c.seki_points));
  w.set("komi", Value::number(c.komi));
  w.set("black_penalty", Value::integer(c.black_penalty));
  w.set("white_penalty", Value::integer(c.white_penalty));
  show_witness(std::move(w));
}

}  // namespace

void register_ing_properties(std::vector<PropertyInfo>& out) {
  out.push_back({"ing.handicap-decomposition",
                 "a rank difference is komi below one move, else one move + handicap moves + reverse komi under one move",
                 {"ing-1996.handicap.rank-difference", "ing-1996.komi.reduced", "ing-1996.handicap.over-8",
                  "ing-1996.handicap.moves-per-8", "ing-1996.handicap.higher-rank-white"},
                 ing,
                 [](const Spec&, const Ruleset& rs) {
                   // The model's figures and rules under the switches; the decomposition the text gives.
                   const int mv = ing_move_points(rs), komi = ing_even_komi(rs);
                   const go::HandicapRules rules = ing_handicap_rules(rs);
                   const int written_mv = as_written([&] { return ing_move_points(rs); });
                   const int written_komi = as_written([&] { return ing_even_komi(rs); });
                   return rc::detail::toProperty([=] {
                     for_each_rank_pair([&](const go::IngRank& white, const go::IngRank& black) {
                       const auto t = go::handicap_terms(white, black, mv, komi, {}, rules);
                       note_answer(white.str() + "-" + black.str() + ": " + std::to_string(t.komi) + " " +
                                   std::to_string(t.handicap_moves) + " " + std::to_string(t.reverse_komi));
                       const int d = t.difference;
                       const bool decomposed = d == go::strength_points(white) - go::strength_points(black) &&
                                               (d == 0            ? t.komi == written_komi
                                                : d <= written_mv ? t.komi == written_mv - d && t.handicap_moves == 0 && t.reverse_komi == 0
                                                                  : t.komi == 0 && t.reverse_komi < written_mv &&
                                                                    d == written_mv + t.handicap_moves * written_mv + t.reverse_komi);
                       if (decomposed) return;
                       show_terms(white, black, t);
                       RC_FAIL("the terms do not decompose the rank difference");
                     });
                   });
                 }, why_not_ing});
  out.push_back({"ing.compensation-whole-stones",
                 "every komi or reverse komi that two ranks produce is a whole number of compensation stones",
                 {"ing-1996.counting.compensation-stones", "ing-1996.komi.even-game", "ing-1996.handicap.rank-difference"},
                 ing,
                 [](const Spec&, const Ruleset& rs) {
                   const int mv = ing_move_points(rs), komi = ing_even_komi(rs);
                   const go::HandicapRules rules = ing_handicap_rules(rs);
                   return rc::detail::toProperty([=] {
                     for_each_rank_pair([&](const go::IngRank& white, const go::IngRank& black) {
                       const auto t = go::handicap_terms(white, black, mv, komi, {}, rules);
                       note_answer(std::to_string(t.komi) + " " + std::to_string(t.reverse_komi));
                       if (t.komi % 2 == 0 && t.reverse_komi % 2 == 0) return;
                       show_terms(white, black, t);
                       RC_FAIL("a komi or reverse komi that is not a whole number of compensation stones");
                     });
                   });
                 }, why_not_ing});
  out.push_back({"ing.fill-in-equals-direct-count",
                 "when the fill-in procedure runs through, it shows the winner and margin of the direct area count",
                 {"ing-1996.counting.visible-difference", "ing-1996.counting.difference-formula", "ing-1996.result.winner-loser",
                  "ing-1996.counting.seki-fill", "ing-1996.counting.fill-own-territory", "ing-1996.counting.losing-on-winning",
                  "ing-1996.seki.equal-share", "ing-1996.counting.penalty-stones", "ing-1996.counting.compensation-stones"},
                 ing,
                 [](const Spec& spec, const Ruleset& rs) {
                   // The oracle's count (its compensation and penalty stones under the switches)
                   // against the direct count of the areas the text describes, with all of them.
                   const int komi = as_written([&] { return ing_even_komi(rs); });
                   return rc::detail::toProperty([komi, &rs, &spec] {
                     const auto c = *gen_counts(komi);
                     show_counts(c);
                     const Value r = fill_in_answer(spec, rs, c, 0);
                     note_answer(r.dump());
                     const std::string status = r.find("status")->as_string();
                     RC_PRE(status == go::to_string(go::FillInStatus::Done) || status == "counted-directly");
                     const double direct = go::ing_direct_count(c).margin();
                     const std::string direct_text = "counting the areas directly gives " +
                                                     std::string(direct > 0 ? "Black" : direct < 0 ? "White" : "a tie") +
                                                     (direct != 0 ? " by " + Value::number(std::abs(direct)).dump() : std::string());
                     rules_require(r.find("margin")->as_number() == std::abs(direct),
                                   "the fill-in (lines 111-115) shows a difference of " + Value::number(r.find("margin")->as_number()).dump() + "; " + direct_text);
                     rules_require(r.find("on_board")->as_string() == std::string(direct > 0 ? "B" : direct < 0 ? "W" : "tie"),
                                   "the fill-in (lines 111-115) shows " + r.find("on_board")->as_string() + " ahead on the board; " + direct_text);
                   });
                 }, why_not_ing});
  out.push_back({"ing.fill-in-one-empty-point",
                 "after a completed fill-in exactly one point is empty, and the margin is even iff it is a seki point",
                 {"ing-1996.counting.one-empty-point", "ing-1996.counting.parity-even", "ing-1996.counting.parity-odd",
                  "ing-1996.result.tie", "ing-1996.counting.all-stones-placed"},
                 ing,
                 [](const Spec& spec, const Ruleset& rs) {
                   const int komi = as_written([&] { return ing_even_komi(rs); });
                   return rc::detail::toProperty([komi, &rs, &spec] {
                     const auto c = *gen_counts(komi);
                     show_counts(c);
                     const Value r = fill_in_answer(spec, rs, c, 0);
                     note_answer(r.dump());
                     RC_PRE(r.find("status")->as_string() == std::string(go::to_string(go::FillInStatus::Done)));
                     rules_require(r.find("empty_points")->as_int() == 1, "after the fill-in " + std::to_string(r.find("empty_points")->as_int()) +
                                                                              " points are empty, where line 115 says exactly one stays empty");
                     const bool even = r.find("margin")->as_int() % 2 == 0, seki = r.find("free_point_in_seki")->as_bool();
                     rules_require(even == seki, "the difference " + std::to_string(r.find("margin")->as_int()) + " is " + (even ? "even" : "odd") +
                                                     " though the empty point " + (seki ? "is" : "is not") +
                                                     " a seki point: line 115 makes it even exactly when the empty point is in seki");
                   });
                 }, why_not_ing});
  out.push_back({"ing.pp-penalties-monotone",
                 "PP penalties grow with overtime in steps of 2 up to 6, and only overtime past 3/6 BT loses",
                 {"ing-1996.time.pp-first-penalty", "ing-1996.time.pp-second-penalty", "ing-1996.time.pp-third-penalty",
                  "ing-1996.time.pp-loss", "ing-1996.penalties.auto-loss-time"},
                 ing,
                 [](const Spec&, const Ruleset& rs) {
                   const go::PenaltyPointRules rules = ing_pp_rules(rs);
                   return rc::detail::toProperty([rules] {
                     const long bt = 60 * *rc::gen::inRange(1, 240);
                     const long a = *rc::gen::inRange<long>(0, bt), b = *rc::gen::inRange<long>(0, bt);
                     const auto va = go::pp_overtime(bt, std::min(a, b), rules), vb = go::pp_overtime(bt, std::max(a, b), rules);
                     note_answer(std::to_string(va.penalty_points) + " " + std::to_string(vb.penalty_points) + (vb.loses_on_time ? " loses" : ""));
                     const std::string over = "over the basic time of " + std::to_string(bt / 60) + " min by " + std::to_string(std::min(a, b)) +
                                              " s and by " + std::to_string(std::max(a, b)) + " s: ";
                     rules_require(va.penalty_points <= vb.penalty_points, over + "the longer overtime costs fewer penalty points (" +
                                                                               std::to_string(vb.penalty_points) + " against " + std::to_string(va.penalty_points) + ")");
                     rules_require(vb.penalty_points % 2 == 0 && vb.penalty_points <= 6,
                                   over + std::to_string(vb.penalty_points) + " penalty points, not one of 2, 4 or 6 (line 158)");
                     rules_require(vb.loses_on_time == (2 * std::max(a, b) > bt),
                                   over + (vb.loses_on_time ? "the game is lost" : "the game is not lost") +
                                       ", where line 158 loses it only past 3/6 of the basic time");
                   });
                 }, why_not_ing});
  out.push_back({"ing.pp-both-over-cancel",
                 "when both players are over time, at most one keeps penalty points, and the difference is unchanged",
                 {"ing-1996.time.pp-both-over-cancel", "ing-1996.time.pp-both-over-first-loses"},
                 ing,
                 [](const Spec&, const Ruleset& rs) {
                   const go::PenaltyPointRules rules = ing_pp_rules(rs);
                   return rc::detail::toProperty([rules] {
                     const long bt = 60 * *rc::gen::inRange(1, 240);
                     const long b = *rc::gen::inRange<long>(1, bt), w = *rc::gen::inRange<long>(1, bt);
                     const auto both = go::pp_both(bt, b, w, +1, rules);
                     note_answer(std::to_string(both.black_penalty) + " " + std::to_string(both.white_penalty));
                     const std::string both_over = "both over the basic time (Black by " + std::to_string(b) + " s, White by " + std::to_string(w) + " s): ";
                     rules_require(both.black_penalty == 0 || both.white_penalty == 0,
                                   both_over + "each keeps penalty points (" + std::to_string(both.black_penalty) + " and " +
                                       std::to_string(both.white_penalty) + "), where the text cancels them against each other");
                     rules_require(both.black_penalty - both.white_penalty ==
                                       go::pp_overtime(bt, b, rules).penalty_points - go::pp_overtime(bt, w, rules).penalty_points,
                                   both_over + "cancelling the penalties changes their difference");
                   });
                 }, why_not_ing});
  out.push_back({"ing.lateness-no-show-consistent",
                 "with the basic time as the limit, a no-show is exactly a lateness that uses up the basic time",
                 {"ing-1996.penalties.lateness", "ing-1996.penalties.lateness-no-show"},
                 ing,
                 [](const Spec&, const Ruleset& rs) {
                   const int factor = ing_lateness_factor(rs);
                   return rc::detail::toProperty([factor] {
                     const long bt = 60 * *rc::gen::inRange(1, 240);
                     const long late = *rc::gen::inRange<long>(0, bt);
                     const auto v = go::lateness(bt, late, factor, bt);
                     note_answer(std::to_string(v.basic_time_left) + (v.forfeit ? " forfeit" : ""));
                     rules_require(v.forfeit == (v.basic_time_left == 0),
                                   "late by " + std::to_string(late) + " s of " + std::to_string(bt) + " s: " +
                                       (v.forfeit ? "recorded as a no-show with basic time left" : "not a no-show though no basic time is left") +
                                       " (line 166 takes twice the lateness from the basic time; line 171 makes a no-show of a player absent for half his limit)");
                   });
                 }, why_not_ing});
}

}  // namespace rulespec
