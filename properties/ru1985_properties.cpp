// 1985 Codex arithmetic properties: scoring readings, round-robin tables, tie-breaks, levels.
#include "model/go/administration.hpp"
#include "model/go/territory.hpp"
#include "model/tournament/levels.hpp"
#include "model/tournament/round_robin.hpp"
#include "model/tournament/swiss.hpp"
#include "model/tournament/tiebreak.hpp"
#include "properties/property.hpp"
#include "queries/decision_tables.hpp"
#include "queries/go_answers.hpp"

#include <cmath>
#include <cstdlib>
#include <string>
#include <set>

namespace rulespec {
namespace {

bool codex1985(const Ruleset& rs) { return rs.codex == "ru-go-1985"; }
// Chapter II (competitions) is the same under the EGF notes: run the costly simulations once.
bool competitions1985(const Ruleset& rs) { return rs.codex == "ru-go-1985" && rs.chain.size() == 1; }

// A complete round robin of n players with random decisive results.
rc::Gen<tournament::ResultTable> gen_round_robin() {
  return rc::gen::exec([] {
    const int n = *rc::gen::inRange(3, 9);
    tournament::ResultTable t(static_cast<size_t>(n), std::vector<int>(static_cast<size_t>(n), -1));
    for (size_t i = 0; i < t.size(); ++i)
      for (size_t j = i + 1; j < t.size(); ++j) {
        const int i_wins = *rc::gen::inRange(0, 2);
        t[i][j] = i_wins;
        t[j][i] = 1 - i_wins;
      }
    return t;
  });
}

}  // namespace

void register_ru1985_properties(std::vector<PropertyInfo>& out) {
  out.push_back({"ru1985.half-point-never-changes-winner",
                 "the conditional and the arithmetic half point of komi always give the same winner",
                 {"ru-go-1985.art12.p3", "ru-go-1985.art7.p2", "ru-go-1985.art13.p2"},
                 codex1985,
                 [](const Spec&, const Ruleset& rs) {
                   // The even 19x19 game's komi as the model executes it (whole points only without
                   // Art. 12 §3's half point; none without Art. 7 §2).
                   const double komi = codex1985_komi(rs, 19, false);
                   // Totals are whole numbers, and only the difference matters near komi: for each
                   // generated Black total every White total is tried (searched, not sampled), so
                   // a tie that komi allows is found on the first run, whatever the komi.
                   return rc::detail::toProperty([komi] {
                     const int black = *rc::gen::inRange(0, 400);
                     for (int white = 0; white <= 400; ++white) {
                       const auto a = go::codex1985_score(black, 0, white, 0, komi, true);
                       const auto b = go::codex1985_score(black, 0, white, 0, komi, false);
                       if (std::abs(black - white - komi) < 1) note_answer(std::to_string(a.winner) + " " + std::to_string(b.winner));
                       if (a.winner == b.winner && a.winner != 0) continue;
                       Value w = Value::map();
                       w.set("black_total", Value::integer(black));
                       w.set("white_total_before_komi", Value::integer(white));
                       w.set("komi", Value::number(komi));
                       w.set("conditional_winner", Value::string(a.winner > 0 ? "B" : a.winner < 0 ? "W" : "none: equal totals"));
                       w.set("arithmetic_winner", Value::string(b.winner > 0 ? "B" : b.winner < 0 ? "W" : "none: equal totals"));
                       show_witness(w);
                       const std::string totals = "Black " + std::to_string(black) + ", White " + std::to_string(white) + " + komi " +
                                                  Value::number(komi).dump();
                       auto named = [](int side) { return std::string(side > 0 ? "Black" : side < 0 ? "White" : "nobody"); };
                       rules_require(a.winner == b.winner, totals + ": the half point counted only on equal totals (Art. 12 §3) gives the game to " +
                                                               named(a.winner) + ", counted always (Art. 7 §2) to " + named(b.winner));
                       rules_require(a.winner != 0, totals + ": the totals are equal, and no article decides an even game with equal totals "
                                                             "(Art. 12 §3 breaks the tie only with the half point of a komi that has one; "
                                                             "Art. 13 §3 covers handicap games only)");
                     }
                   });
                 }});
  out.push_back({"ru1985.berger-table-complete",
                 "the Berger table pairs every two participants once, one game a round, colours balanced and never three alike running",
                 {"ru-go-1985.ch2.art9.text", "ru-go-1985.ch2.art9.tables"},
                 codex1985,
                 [](const Spec&, const Ruleset&) {
                   return rc::detail::toProperty([] {
                     const int n = *rc::gen::inRange(2, 24);
                     std::set<std::pair<int, int>> met;
                     std::vector<std::string> colours(static_cast<size_t>(n));
                     const auto shape = tournament::round_robin(n);
                     for (int r = 0; r < shape.rounds; ++r) {
                       std::set<int> busy;
                       for (auto [a, b] : tournament::berger_round(n, r)) {
                         if (a >= n || b >= n) continue;  // the phantom of an odd field: a bye
                         const std::string who = std::to_string(n) + " participants, round " + std::to_string(r + 1) + ": participants " +
                                                 std::to_string(a + 1) + " and " + std::to_string(b + 1);
                         rules_require(busy.insert(a).second && busy.insert(b).second,
                                       who + ": one of them plays twice in the round (Ch. II Art. 9 tables: one game a round)");
                         rules_require(met.insert({std::min(a, b), std::max(a, b)}).second, who + " meet a second time (Ch. II Art. 9: each pair once)");
                         colours[static_cast<size_t>(a)] += 'W';
                         colours[static_cast<size_t>(b)] += 'B';
                       }
                     }
                     rules_require(static_cast<int>(met.size()) == shape.games,
                                   std::to_string(n) + " participants: the table pairs " + std::to_string(met.size()) + " of the " +
                                       std::to_string(shape.games) + " pairs a round robin must play (Ch. II Art. 9)");
                     for (const auto& c : colours) {
                       int balance = 0;
                       for (size_t i = 0; i < c.size(); ++i) {
                         balance += c[i] == 'W' ? 1 : -1;
                         if (i >= 2)
                           rules_require(!(c[i] == c[i - 1] && c[i - 1] == c[i - 2]),
                                         std::to_string(n) + " participants: a participant's colours run " + c.substr(0, i + 1) +
                                             ", three alike in a row (Ch. II Art. 9 tables)");
                       }
                       rules_require(std::abs(balance) <= 1, std::to_string(n) + " participants: a participant's colours " + c +
                                                                 " differ by more than one game (Ch. II Art. 9 tables)");
                     }
                   });
                 }});
  out.push_back({"ru1985.tie-breaks-agree-in-round-robin",
                 "in a complete decisive round robin, W and W - L order tied players alike",
                 {"ru-go-1985.ch2.art2.note1.b", "ru-go-1985.ch2.art2.note1.v"},
                 codex1985,
                 [](const Spec&, const Ruleset&) {
                   return rc::detail::toProperty([] {
                     const auto t = *gen_round_robin();
                     const auto s = tournament::scores(t);
                     for (int a = 0; a < static_cast<int>(t.size()); ++a)
                       for (int b = a + 1; b < static_cast<int>(t.size()); ++b)
                         if (s[static_cast<size_t>(a)] == s[static_cast<size_t>(b)])
                           rules_require(tournament::compare_by_w(t, a, b) == tournament::compare_by_w_minus_l(t, a, b),
                                         "participants " + std::to_string(a + 1) + " and " + std::to_string(b + 1) + " tie on " +
                                             Value::number(s[static_cast<size_t>(a)]).dump() +
                                             " points, and the W coefficient (Ch. II Art. 2 note 1 b) orders them otherwise than W - L (note 1 c)");
                   });
                 }});
  out.push_back({"ru1985.level-moves-one-step",
                 "in the level system a win raises the level by one and two losses lower it by one, never more",
                 {"ru-go-1985.ch2.art14.movement", "ru-go-1985.ch2.art14.note3"},
                 codex1985,
                 [](const Spec&, const Ruleset&) {
                   return rc::detail::toProperty([] {
                     const auto results = *rc::gen::container<std::vector<bool>>(rc::gen::arbitrary<bool>());
                     const auto end = go::codex1985::level_after({0, 0}, results);
                     int wins = 0;
                     for (bool w : results) wins += w;
                     const int losses = static_cast<int>(results.size()) - wins;
                     const std::string record = std::to_string(wins) + " wins and " + std::to_string(losses) + " losses end at level " +
                                                std::to_string(end.level);
                     rules_require(end.level <= wins, record + ": higher than one step a win allows (Ch. II Art. 14)");
                     rules_require(end.level >= wins - (losses + 1) / 2, record + ": lower than one step per two losses allows (Ch. II Art. 14 note 3)");
                     rules_require(end.minus == 0 || end.minus == 1, record + " with " + std::to_string(end.minus) +
                                                                          " losses pending, where a second loss steps down (Ch. II Art. 14 note 3)");
                   });
                 }});
  out.push_back({"ru1985.swiss-principles",
                 "Swiss pairing never repeats a pairing, gives nobody two byes, and gives byes to the lowest score group",
                 {"ru-go-1985.ch2.art12.a", "ru-go-1985.ch2.art12.note1", "ru-go-1985.ch2.art12.score-groups"},
                 competitions1985,
                 [](const Spec& spec, const Ruleset& rs) {
                   const tournament::SwissRules rules = codex1985_swiss_rules(spec, rs);
                   return rc::detail::toProperty([rules] {
                     const int n = *rc::gen::inRange(13, 31), rounds = *rc::gen::inRange(6, 10);
                     const auto seed = *rc::gen::inRange<std::uint64_t>(1, 1000000);
                     tournament::SwissRun run;
                     run.state.total_rounds = rounds;
                     run.state.rules = rules;
                     run.state.players.assign(static_cast<size_t>(n), tournament::SwissPlayer{});
                     for (int r = 0; r < rounds; ++r) {
                       const auto p = tournament::pair_round(run.state, seed + static_cast<std::uint64_t>(r));
                       rules_require(p.has_value(), std::to_string(n) + " participants, round " + std::to_string(r + 1) +
                                                        ": no pairing keeps Ch. II Art. 12 a) (no rematch) and its note 1 (one bye each)");
                       std::string boards;
                       for (auto [w, b] : p->boards) boards += std::to_string(w) + "-" + std::to_string(b) + " ";
                       note_answer(boards + "bye " + std::to_string(p->bye));
                       if (p->bye >= 0) {
                         double lowest = 1e9;
                         for (const auto& pl : run.state.players)
                           if (!pl.had_bye) lowest = std::min(lowest, pl.score);
                         const std::string bye = "round " + std::to_string(r + 1) + ": participant " + std::to_string(p->bye + 1) + " gets the bye";
                         rules_require(!run.state.players[static_cast<size_t>(p->bye)].had_bye,
                                       bye + " a second time (Ch. II Art. 12 note 1: a different one each time)");
                         rules_require(run.state.players[static_cast<size_t>(p->bye)].score == lowest,
                                       bye + " with " + Value::number(run.state.players[static_cast<size_t>(p->bye)].score).dump() +
                                           " points, above the lowest score group's " + Value::number(lowest).dump() + " (Ch. II Art. 12 note 1)");
                       }
                       std::vector<bool> white_wins;
                       for (size_t i = 0; i < p->boards.size(); ++i) white_wins.push_back(((seed >> (i % 60)) & 1) != 0);
                       tournament::apply_round(run.state, *p, white_wins);
                     }
                     for (const auto& pl : run.state.players) {
                       std::set<int> seen;
                       for (int o : pl.opponents)
                         if (o >= 0) rules_require(seen.insert(o).second, "two participants meet twice (Ch. II Art. 12 a): no two may meet twice)");
                     }
                   });
                 }});
  out.push_back({"ru1985.buchholz-identity",
                 "the Buchholz coefficients add up to each score times the games it was met in, plus the lowest score per bye",
                 {"ru-go-1985.ch2.art12.note3", "ru-go-1985.ch2.art12.note3.bye"},
                 codex1985,
                 [](const Spec& spec, const Ruleset& rs) {
                   const tournament::SwissRules rules = codex1985_swiss_rules(spec, rs);
                   return rc::detail::toProperty([rules] {
                     const int n = *rc::gen::inRange(5, 20), rounds = *rc::gen::inRange(1, 6);
                     const auto run = tournament::simulate_swiss(n, rounds, *rc::gen::inRange<std::uint64_t>(1, 100000),
                                                                 tournament::ColourBound::FinalTally, false, rules);
                     RC_PRE(run.complete);
                     double lowest = 1e9, total = 0, expected = 0;
                     for (const auto& p : run.state.players) lowest = std::min(lowest, p.score);
                     for (int p = 0; p < n; ++p) {
                       total += tournament::buchholz(run.state, p);
                       for (int o : run.state.players[static_cast<size_t>(p)].opponents)
                         expected += o < 0 ? lowest : 0;
                       int met = 0;  // games in which p was someone's opponent
                       for (const auto& q : run.state.players)
                         for (int o : q.opponents) met += o == p;
                       expected += run.state.players[static_cast<size_t>(p)].score * met;
                     }
                     note_answer(std::to_string(total));
                     rules_require(std::fabs(total - expected) < 1e-9,
                                   "the Buchholz coefficients add up to " + Value::number(total).dump() + ", not the " + Value::number(expected).dump() +
                                       " that the opponents' scores and the lowest score per bye make (Ch. II Art. 12 note 3)");
                   });
                 }});
  out.push_back({"ru1985.level-system-principles",
                 "level-system draws never repeat a pairing, give nobody two byes, record as many descents as ascents, "
                 "and the ranking orders by level and then coefficient",
                 {"ru-go-1985.ch2.art14.a", "ru-go-1985.ch2.art14.odd", "ru-go-1985.ch2.art14.b", "ru-go-1985.ch2.art14.v",
                  "ru-go-1985.ch2.art14.g", "ru-go-1985.ch2.art14.d", "ru-go-1985.ch2.art14.note1",
                  "ru-go-1985.ch2.art14.note3", "ru-go-1985.ch2.art14.note3.coefficient"},
                 competitions1985,
                 [](const Spec& spec, const Ruleset& rs) {
                   const tournament::LevelRules rules = codex1985_level_rules(spec, rs);
                   return rc::detail::toProperty([rules] {
                     const int n = *rc::gen::inRange(30, 51), rounds = *rc::gen::inRange(8, 11);
                     std::vector<int> levels;
                     for (int i = 0; i < n; ++i) levels.push_back(*rc::gen::inRange(1, 4));
                     const auto run = tournament::simulate_levels(levels, rounds, *rc::gen::inRange<std::uint64_t>(1, 1000000), rules);
                     rules_require(run.complete, std::to_string(n) + " participants, " + std::to_string(rounds) +
                                                     " rounds: a round cannot be drawn under Ch. II Art. 14 a)-d)");
                     std::string met;
                     for (const auto& p : run.state.players)
                       for (int o : p.opponents) met += std::to_string(o) + " ";
                     note_answer(met);
                     int descents = 0, ascents = 0;
                     for (const auto& p : run.state.players) {
                       std::set<int> seen;
                       int byes = 0;
                       for (int o : p.opponents) {
                         if (o < 0) ++byes;
                         else rules_require(seen.insert(o).second, "two participants meet twice (Ch. II Art. 14 a)");
                       }
                       rules_require(byes <= 1, "a participant has " + std::to_string(byes) + " byes (Ch. II Art. 14, odd number: one each)");
                       descents += p.descents;
                       ascents += p.ascents;
                     }
                     rules_require(descents == ascents, std::to_string(descents) + " descents against " + std::to_string(ascents) +
                                                            " ascents: every descent to a lower level is someone's ascent (Ch. II Art. 14 b)");
                     // Note 3's coefficient as the text states it: the sum of the final levels of
                     // everyone the participant met.
                     auto coefficient = [&](int p) {
                       int sum = 0;
                       for (int o : run.state.players[static_cast<size_t>(p)].opponents)
                         if (o >= 0) sum += run.state.players[static_cast<size_t>(o)].level;
                       return sum;
                     };
                     const auto ranking = tournament::level_ranking(run.state);
                     for (size_t k = 1; k < ranking.size(); ++k) {
                       const auto& a = run.state.players[static_cast<size_t>(ranking[k - 1])];
                       const auto& b = run.state.players[static_cast<size_t>(ranking[k])];
                       rules_require(a.level > b.level || (a.level == b.level && coefficient(ranking[k - 1]) >= coefficient(ranking[k])),
                                     "place " + std::to_string(k) + " (level " + std::to_string(a.level) + ") ranks above place " + std::to_string(k + 1) +
                                         " (level " + std::to_string(b.level) + ") against the order by level, then coefficient (Ch. II Art. 14 note 3)");
                     }
                   });
                 }});
  out.push_back({"ru1985.withdrawal-halves-complementary",
                 "every withdrawal falls under exactly one of the two withdrawal rules",
                 {"ru-go-1985.art24.p3", "ru-go-1985.art24.p4"},
                 codex1985,
                 [](const Spec& spec, const Ruleset& rs) {
                   // The rules as the query executes them: the table of Art. 24 §§3-4.
                   const auto table = compile_table(spec, rs, "ru-go-1985.decisions.withdrawal");
                   return rc::detail::toProperty([=] {
                     const int n = *rc::gen::inRange(1, 40), k = *rc::gen::inRange(0, n + 1);
                     const std::string share = 2 * k < n ? "fewer-than-half" : "at-least-half";
                     for (const char* game : {"played", "adjourned", "unplayed"}) {
                       const auto d = rules::decide(table, {{"played", {share, 0}}, {"game", {game, 0}}});
                       note_answer(d.outcome);
                       rules_require(d.rows.size() == 1,
                                     "a participant who withdraws after " + std::to_string(k) + " of " + std::to_string(n) + " games (" + share +
                                         "): his " + game + " games fall under " +
                                         (d.rows.empty() ? std::string("neither Art. 24 §3 nor §4") : "both §3 and §4") +
                                         ", where the half of the games played decides between them");
                     }
                   });
                 }});
}

}  // namespace rulespec
