// Reference arithmetic: Ing ranks, fill-in counting, time penalties; jishogi points.
#include <catch2/catch.hpp>

#include "model/go/counting.hpp"
#include "model/go/ending.hpp"
#include "model/go/ranks.hpp"
#include "model/go/timing.hpp"
#include "model/renju/openings.hpp"
#include "model/renju/rows.hpp"
#include "model/shogi/jishogi.hpp"
#include "model/tournament/round_robin.hpp"
#include "model/tournament/levels.hpp"
#include "model/tournament/pairing.hpp"
#include "model/tournament/swiss.hpp"

#include <set>

using namespace rulespec;

TEST_CASE("Ing ranks parse and sit on one ladder") {
  CHECK(go::parse_ing_rank("3 chi")->level == 3);
  CHECK(go::parse_ing_rank("4TUAN")->cls == go::RankClass::Tuan);
  CHECK_FALSE(go::parse_ing_rank("10 chi"));
  CHECK_FALSE(go::parse_ing_rank("0 pin"));
  CHECK_FALSE(go::parse_ing_rank("3 dan"));
  CHECK(go::strength_points({go::RankClass::Chi, 9}) == 0);
  CHECK(go::strength_points({go::RankClass::Chi, 1}) == 64);
  CHECK(go::strength_points({go::RankClass::Tuan, 1}) == 72);
  CHECK(go::strength_points({go::RankClass::Pin, 9}) == go::strength_points({go::RankClass::Tuan, 7}));
  CHECK(go::strength_points({go::RankClass::Pin, 5}) == go::strength_points({go::RankClass::Tuan, 9}));
}

TEST_CASE("handicap terms reproduce the worked examples") {
  const auto t = go::handicap_terms({go::RankClass::Tuan, 4}, {go::RankClass::Chi, 4}, 8, 8);
  CHECK(t.difference == 44);
  CHECK(t.handicap_moves == 4);
  CHECK(t.reverse_komi == 4);
  const auto p = go::handicap_terms({go::RankClass::Pin, 1}, {go::RankClass::Pin, 6}, 8, 8);
  CHECK(p.reverse_komi == 2);
  CHECK(p.handicap_moves == 0);
}

TEST_CASE("fill-in counting agrees with the direct count on the 9x9 example") {
  go::FinalCounts c;
  c.points = 81;
  c.stones_per_player = 40;
  c.black_stones = 30;
  c.black_territory = 12;
  c.white_stones = 28;
  c.white_territory = 11;
  c.komi = 8;
  const auto r = go::ing_fill_in(c);
  REQUIRE(r.status == go::FillInStatus::Done);
  CHECK(r.winner == -1);
  CHECK(r.margin == 5);
  CHECK(go::ing_direct_count(c).margin() == -5);
  c.komi = 7;
  CHECK(go::ing_fill_in(c).status == go::FillInStatus::OddCompensation);
  c.komi = 8;
  c.black_territory = 3;
  c.black_stones = 39;
  c.white_stones = 33;
  c.white_territory = 6;
  CHECK(go::ing_fill_in(c).status == go::FillInStatus::NoRoomForCompensation);
  c.white_territory = 5;
  CHECK(go::ing_fill_in(c).status == go::FillInStatus::BadInput);
}

TEST_CASE("PP penalties step at each sixth of the basic time") {
  CHECK(go::pp_overtime(3600, 0).penalty_points == 0);
  CHECK(go::pp_overtime(3600, 599).penalty_points == 2);
  CHECK(go::pp_overtime(3600, 600).penalty_points == 4);
  go::PenaltyPointRules beyond;
  beyond.second_step_at_threshold = false;
  CHECK(go::pp_overtime(3600, 600, beyond).penalty_points == 2);
  CHECK(go::pp_overtime(3600, 1800).penalty_points == 6);
  CHECK_FALSE(go::pp_overtime(3600, 1800).loses_on_time);
  CHECK(go::pp_overtime(3600, 1801).loses_on_time);
  CHECK(go::lateness(3600, 1800, 2, 3600).forfeit);
  CHECK_FALSE(go::lateness(3600, 1800, 2, 5400).forfeit);
}

TEST_CASE("jishogi piece lists, values and verdicts") {
  size_t bad = 0;
  CHECK(shogi::points(*shogi::parse_piece_list("R B 2G 2S 2N 2L 9P")) == 27);
  CHECK(shogi::points(*shogi::parse_piece_list("+R+B+P")) == 11);
  CHECK_FALSE(shogi::parse_piece_list("RK", &bad));
  CHECK(bad == 1);
  CHECK_FALSE(shogi::parse_piece_list("+G", &bad));
  CHECK_FALSE(shogi::parse_piece_list("3", &bad));
}

TEST_CASE("round robin shapes") {
  CHECK(tournament::round_robin(8).rounds == 7);
  CHECK(tournament::round_robin(8).games == 28);
  CHECK(tournament::round_robin(7).rounds == 7);
  CHECK(tournament::round_robin(7).byes_per_round == 1);
  CHECK(tournament::knock_out(12).byes == 4);
  CHECK(tournament::knock_out(12).rounds == 4);
  // Every pair meets exactly once in a Berger table.
  for (int n : {6, 7}) {
    std::set<std::pair<int, int>> met;
    for (int r = 0; r < tournament::round_robin(n).rounds; ++r)
      for (auto [a, b] : tournament::berger_round(n, r))
        if (a < n && b < n) CHECK(met.insert({std::min(a, b), std::max(a, b)}).second);
    CHECK(static_cast<int>(met.size()) == n * (n - 1) / 2);
  }
}

TEST_CASE("the end-of-game state machine follows each codex") {
  using go::EndEvent;
  go::EndingRules ing;  // Ing: stop after two passes, end after agreement and two more
  const std::vector<EndEvent> four = {EndEvent::Pass, EndEvent::Pass, EndEvent::Agree, EndEvent::Pass, EndEvent::Pass};
  CHECK(go::run_ending(four, ing)->phase == go::EndPhase::Over);
  CHECK(go::run_ending({EndEvent::Pass, EndEvent::Pass}, ing)->phase == go::EndPhase::Stopped);
  size_t at = 0;
  CHECK_FALSE(go::run_ending({EndEvent::Agree}, ing, &at));
  CHECK(at == 0);
  const std::vector<EndEvent> play_out = {EndEvent::Pass, EndEvent::Pass, EndEvent::Dispute, EndEvent::Move,
                                          EndEvent::Pass, EndEvent::Pass};
  CHECK(go::run_ending(play_out, ing)->phase == go::EndPhase::Over);
  ing.play_out_ends_on_passes = false;
  CHECK(go::run_ending(play_out, ing)->phase == go::EndPhase::Stopped);
  go::EndingRules ru;
  ru.stop_is_end = true;
  CHECK(go::run_ending({EndEvent::Move, EndEvent::Pass, EndEvent::Pass}, ru)->phase == go::EndPhase::MainPartOver);
  CHECK(go::run_ending({EndEvent::Pass, EndEvent::Pass, EndEvent::Agree}, ru)->phase == go::EndPhase::Over);
  CHECK(go::run_ending({EndEvent::Pass, EndEvent::Pass, EndEvent::Pass, EndEvent::Pass}, go::EndingRules{})->phase == go::EndPhase::Over);
  ru.stop_passes = 3;
  CHECK(go::run_ending({EndEvent::Move, EndEvent::Pass, EndEvent::Pass}, ru)->phase == go::EndPhase::Playing);
}

TEST_CASE("renju canonical openings: 13 direct and 13 indirect in the 5x5 square") {
  const auto c = renju::canonical_openings(5);
  CHECK(c.direct == 13);
  CHECK(c.indirect == 13);
  CHECK(renju::canonical_openings(3).total() == 4 + 4);  // 7 free points: 1 on the mirror axis + 3 pairs, each way
}

TEST_CASE("Buchholz counts a bye as the lowest final score") {
  tournament::SwissState s;
  s.total_rounds = 2;
  s.players.assign(3, tournament::SwissPlayer{});
  // Round 1: 1 (White) beats 2, 3 has the bye. Round 2: 3 (White) beats 1, 2 has the bye.
  tournament::apply_round(s, {{{0, 1}}, 2, 0, 0}, {true});
  tournament::apply_round(s, {{{2, 0}}, 1, 0, 0}, {true});
  CHECK(s.players[0].score == 1);
  CHECK(s.players[1].score == 1);
  CHECK(s.players[2].score == 2);
  CHECK(tournament::buchholz(s, 0) == 3);  // opponents 2 (1 point) and 3 (2 points)
  CHECK(tournament::buchholz(s, 1) == 2);  // opponent 1 (1 point) and a bye (lowest: 1)
  CHECK(tournament::buchholz(s, 2) == 2);  // a bye (1) and opponent 1 (1 point)
}

TEST_CASE("level system: pair priorities of art. 14 b) and one round by hand") {
  using tournament::Move;
  CHECK(tournament::pair_priority(Move::Descended, Move::Stayed) == 1);
  CHECK(tournament::pair_priority(Move::Descended, Move::Descended) == 2);
  CHECK(tournament::pair_priority(Move::Ascended, Move::Descended) == 3);
  CHECK(tournament::pair_priority(Move::Stayed, Move::Ascended) == 4);
  CHECK(tournament::pair_priority(Move::Stayed, Move::Stayed) == 5);
  CHECK(tournament::pair_priority(Move::Ascended, Move::Ascended) == 6);
  tournament::LevelState s;
  s.total_rounds = 3;
  s.players.assign(4, tournament::LevelPlayer{});
  for (auto& p : s.players) p.level = 2;
  // Round: 1 beats 2, 4 beats 3.
  tournament::apply_level_round(s, {{{0, 1}, {3, 2}}, -1, 0, 0, 0, 0}, {true, true});
  CHECK(s.players[0].level == 3);
  CHECK(s.players[1].level == 2);
  CHECK(s.players[1].minus == 1);
  tournament::apply_level_round(s, {{{1, 2}}, -1, 0, 0, 0, 0}, {false});  // 3 beats 2: 2's second minus
  CHECK(s.players[1].level == 1);
  CHECK(s.players[1].minus == 0);
  CHECK(s.players[1].last == Move::Descended);
  CHECK(tournament::level_coefficient(s, 1) == s.players[0].level + s.players[2].level);
}

TEST_CASE("renju rows through a point: coordinates with the letter i, all four directions, board edges") {
  CHECK(renju::parse_point("a1", 15) == 0);
  CHECK(renju::parse_point("i1", 15) == 8);
  CHECK(renju::parse_point("o15", 15) == 224);
  CHECK_FALSE(renju::parse_point("p1", 15));
  CHECK_FALSE(renju::parse_point("a0", 15));
  CHECK_FALSE(renju::parse_point("h8x", 15));
  CHECK(renju::point_name(*renju::parse_point("h8", 15), 15) == "h8");
  renju::Board b(15);
  for (const char* p : {"a1", "b2", "c3", "d4", "f6"}) b.set(*renju::parse_point(p, 15), renju::Colour::Black);
  for (const char* p : {"e4", "e6"}) b.set(*renju::parse_point(p, 15), renju::Colour::White);
  const int e5 = *renju::parse_point("e5", 15);
  const auto black = renju::rows_through(b, e5, renju::Colour::Black);
  CHECK(black[2] == 6);  // a1-f6 on the rising diagonal
  CHECK(black[0] == 1);
  CHECK(renju::rows_through(b, e5, renju::Colour::White)[1] == 3);  // e4-e6
  const auto made = renju::rows_made(b, e5, renju::Colour::Black);
  CHECK(made.overline);
  CHECK_FALSE(made.five);
  CHECK(renju::rows_made(b, e5, renju::Colour::White, 3).five);
}

// The colour bounds as Art. 12 g) states them, read straight (the colours after the game built
// whole): the draws' allocation-free check must answer as this on every history.
static bool colour_bounds_as_stated(const std::string& colours, char next, int total_rounds, bool running) {
  const std::string after = colours + next;
  std::string played;
  for (char x : after)
    if (x != '-') played += x;
  const size_t n = played.size();
  if (n >= 3 && played[n - 1] == played[n - 2] && played[n - 2] == played[n - 3]) return false;
  const int d = std::abs(tournament::colour_imbalance(after));
  const int rounds = static_cast<int>(after.size());
  if (running) return d <= (rounds % 2 ? 1 : 2);
  return d <= (total_rounds % 2 ? 1 : 2) + (total_rounds - rounds);
}

TEST_CASE("the Swiss and level colour bounds answer as Art. 12 g) reads on every history of up to seven rounds") {
  std::vector<std::string> histories = {""};
  for (int length = 1; length <= 7; ++length) {
    std::vector<std::string> longer;
    for (const auto& h : histories)
      if (static_cast<int>(h.size()) == length - 1)
        for (char c : {'W', 'B', '-'}) longer.push_back(h + c);
    histories.insert(histories.end(), longer.begin(), longer.end());
  }
  int refused = 0, checked = 0;
  for (const auto& h : histories)
    for (char next : {'W', 'B', '-'})
      for (int total = static_cast<int>(h.size()) + 1; total <= 10; ++total)
        for (bool running : {false, true}) {
          INFO(h << " + " << next << ", " << total << " rounds, running " << running);
          const bool stated = colour_bounds_as_stated(h, next, total, running);
          CHECK(tournament::colour_within_bounds(h, next, total, running) == stated);
          refused += !stated;
          ++checked;
        }
  CHECK(refused > 1000);  // the bounds refuse something: three in a row, the imbalance
  CHECK(checked > 20000);
}
