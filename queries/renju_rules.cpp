#include "queries/renju_rules.hpp"

#include <algorithm>
#include <limits>

#include "model/renju/rows.hpp"
#include "queries/decision_tables.hpp"
#include "queries/query.hpp"
#include "queries/switches.hpp"

namespace rulespec {
namespace {

// Line 111 takes every foul away from the related games: gomoku-15 and the rulesets built on it
// set the foul params false and Black's overline to no-win. Without the line they keep renju's
// fouls, the values of their base rif-renju (line 113 only denies the overline a win). Asked only
// where a ruleset has dropped a foul.
bool related_games_keep_fouls(const Ruleset& rs) { return !clause_applies(rs, "rif-renju.related.no-fouls"); }

// Free renju (line 114) is the ruleset whose opening rule is free-renju; without the line it is
// its base gomoku-15 (no first-move rule, no third-move rule).
bool free_renju_switched_off(const Ruleset& rs) {
  return rs.is("opening_rule", "free-renju") && !clause_applies(rs, "rif-renju.related.free-renju");
}

}  // namespace

renju::FoulRules renju_foul_rules(const Spec&, const Ruleset& rs) {
  renju::FoulRules r;
  // Each foul without the clause that states it (queries/switches.hpp) is no foul: the lists of
  // line 30 restate lines 41 and 53, which hold the switches.
  r.forks = {(rs.bool_param("foul_double_three") || related_games_keep_fouls(rs)) &&
                 clause_applies(rs, "rif-renju.foul.black-double-three"),
             (rs.bool_param("foul_double_four") || related_games_keep_fouls(rs)) &&
                 clause_applies(rs, "rif-renju.foul.black-double-four"),
             rs.bool_param("foul_multi_fork") || related_games_keep_fouls(rs)};
  enum class BlackOverline { Foul, Win, NoWin };
  const auto black = rs.choice<BlackOverline>("overline_black", {{"foul", BlackOverline::Foul}, {"win", BlackOverline::Win}, {"no-win", BlackOverline::NoWin}});
  r.overline = (black == BlackOverline::Foul || (black == BlackOverline::NoWin && related_games_keep_fouls(rs))) &&
               clause_applies(rs, "rif-renju.overline.black-foul");
  // Gomoku's overline wins for nobody (line 113); without the line White's overline wins as in
  // renju (lines 30, 41), Black's stays nothing (no foul by line 111, no five).
  r.white_overline_wins = (rs.choice<bool>("overline_white", {{"win", true}, {"no-win", false}}) ||
                           !clause_applies(rs, "rif-renju.related.gomoku-overline")) &&
                          clause_applies(rs, "rif-renju.overline.white-wins-basic");
  r.five_wins = clause_applies(rs, "rif-renju.result.five-wins");
  // A clause an amendment removed reads as its default reading, except where the clause holds a
  // switch: without line 29's precedence the five and the foul both stand (the literal reading).
  r.same_line_fours = rs.reading_choice<bool>("rif-renju.foul.fork-definition",
                                              {{"same-line-counts", true}, {"distinct-lines-only", false}}, true);
  r.recursive_threes = rs.reading_choice<bool>("rif-renju.three.definition", {{"recursive-legality", true}, {"structural", false}}, true);
  r.five_point_no_three = rs.reading_choice<bool>("rif-renju.three.five-point", {{"no-three", true}, {"counts", false}}, true);
  // The five takes precedence over a foul made with it because it wins; a five that wins nothing
  // exempts nothing.
  r.five_exempts = rs.reading_choice<bool>("rif-renju.result.five-with-foul", {{"five-wins", true}, {"foul-loses", false}}, true) &&
                   clause_applies(rs, "rif-renju.result.five-with-foul") && r.five_wins;
  r.long_row_is_five = rs.reading_choice<bool>("rif-renju.five.definition", {{"exactly-five", false}, {"at-least-five", true}}, false);
  return r;
}

std::string renju_foul_consequence(const Spec&, const Ruleset& rs) {
  // Without the consequence (lines 41, 58, 69) a foul is only forbidden (line 30): the move is refused.
  if (!clause_applies(rs, "rif-renju.foul.consequence")) return "move-refused";
  return rs.reading_choice<std::string>(
      "rif-renju.foul.consequence",
      {{"immediate-loss", "black-loses"}, {"claim-required", "white-may-claim"}, {"illegal-move", "move-refused"}}, "black-loses");
}

RenjuPassRules::RenjuPassRules(const Spec& spec, const Ruleset& rs)
    : min_stones(static_cast<int>(rs.int_param("pass_min_stones"))), table_(compile_table(spec, rs, "rif-renju.decisions.pass-and-draw")) {}

RenjuTurn RenjuPassRules::decide(const char* action, int stones, int passes_before) const {
  const auto d = rules::decide(table_, {{"action", {action, 0}},
                                        {"passes-before", {"", std::min(passes_before, 3)}},
                                        {"stones", {"", std::min(stones, 225)}}});
  if (d.verdict != rules::TableVerdict::Decided) return RenjuTurn::NoSuchMove;
  return d.outcome == "draw" ? RenjuTurn::Draw : d.outcome == "pass-not-allowed" ? RenjuTurn::PassTooEarly : RenjuTurn::PlayOn;
}

RenjuTurn RenjuPassRules::pass(int stones, int passes_before) const { return decide("pass", stones, passes_before); }

RenjuTurn RenjuPassRules::agreement(int stones) const { return decide("draw-agreed", stones, 0); }

RenjuMoveRules::RenjuMoveRules(const Spec& spec, const Ruleset& rs)
    : fouls_(renju_foul_rules(spec, rs)),
      black_overline_is_five_(rs.is("overline_black", "win")),
      win_length_(static_cast<int>(rs.int_param("win_length"))),
      table_(compile_table(spec, rs, "rif-renju.decisions.move-result")) {
  // The rows of a foul or a win the ruleset's rules do not have (line 111's related games; an
  // amendment's param) are out of force, as a switched-off clause's are (compile_table).
  const auto in_force = [&](const rules::TableRow& row) {
    if (row.clause == "rif-renju.overline.black-foul") return fouls_.overline;
    if (row.clause == "rif-renju.foul.black-double-three") return fouls_.forks.double_three;
    if (row.clause == "rif-renju.foul.black-double-four") return fouls_.forks.double_four;
    if (row.clause == "rif-renju.foul.black-multi-fork") return fouls_.forks.multi_fork;
    if (row.clause == "rif-renju.overline.white-wins-basic") return fouls_.white_overline_wins;
    if (row.clause == "rif-renju.result.five-wins") return fouls_.five_wins;
    return true;
  };
  table_.rows.erase(std::remove_if(table_.rows.begin(), table_.rows.end(), [&](const rules::TableRow& r) { return !in_force(r); }),
                    table_.rows.end());
  // A five made with a foul (rif-renju.result.five-with-foul, F-rif-renju-five-with-overline):
  // the rows of Black's win and of Black's loss overlap; the ruleset's reading says whose clause
  // overrides whose.
  for (const auto& win : table_.rows)
    for (const auto& loss : table_.rows)
      if (win.outcome == "black-wins" && loss.outcome == "black-loses" && win.clause != loss.clause)
        table_.overrides.push_back(fouls_.five_exempts ? std::make_pair(win.clause, loss.clause) : std::make_pair(loss.clause, win.clause));
}

RenjuStone RenjuMoveRules::facts(bool white, bool exact_five, bool overline, int fours, int threes) const {
  RenjuStone s;
  s.white = white;
  s.overline = overline;
  // A row of six or more is a five where the ruleset reads "five in a row" as at least five
  // (rif-renju.five.definition), and for Black where his overline wins (freestyle, not the source).
  s.five = exact_five || (overline && (fouls_.long_row_is_five || (!white && black_overline_is_five_)));
  s.fours = white ? 0 : fours;
  s.threes = white ? 0 : threes;
  return s;
}

RenjuStone RenjuMoveRules::stone(renju::Board& board, int point, bool white) const {
  const auto rows = renju::rows_made(board, point, white ? renju::Colour::White : renju::Colour::Black, win_length_);
  const auto threats = white ? renju::ThreatCount{} : renju::threats_made(board, point, fouls_);
  return facts(white, rows.five, rows.overline, threats.fours, threats.threes);
}

RenjuStoneResult RenjuMoveRules::decide_at(const RenjuStone& s, bool five_possible) const {
  const auto yes_no = [](bool b) { return rules::TableValue{b ? "yes" : "no", 0}; };
  const auto d = rules::decide(table_, {{"mover", {s.white ? "white" : "black", 0}},
                                        {"five", yes_no(s.five)},
                                        {"overline", yes_no(s.overline)},
                                        {"threes", {"", std::min(s.threes, 4)}},
                                        {"fours", {"", std::min(s.fours, 4)}},
                                        {"five-possible", yes_no(five_possible)}});
  RenjuStoneResult r;
  if (d.verdict == rules::TableVerdict::Undecided) return r;  // line 33: the game goes on
  if (d.verdict == rules::TableVerdict::Conflicting) {
    std::string rows;
    for (const auto* row : d.rows) rows += (rows.empty() ? "" : ", ") + row->id + " (" + row->outcome + ")";
    throw QueryError("table-conflict", "table " + table_.id + ": rows " + rows + " decide this stone differently, and nothing settles which applies");
  }
  r.outcome = d.outcome;
  const rules::TableRow* deciding = d.overriding;
  for (const auto* row : d.rows)
    if (!deciding && row->outcome == d.outcome) deciding = row;
  r.row = deciding->id;
  if (r.outcome == "black-loses") {
    // The foul named as the foul model names a move that is several at once: overline, double
    // four, double three.
    const auto kind = [](const std::string& clause) {
      return clause == "rif-renju.overline.black-foul"       ? renju::Foul::Overline
             : clause == "rif-renju.foul.black-double-four"  ? renju::Foul::DoubleFour
             : clause == "rif-renju.foul.black-double-three" ? renju::Foul::DoubleThree
                                                             : renju::Foul::MultiFork;
    };
    r.foul = renju::Foul::MultiFork;
    for (const auto* row : d.rows)
      if (row->outcome == "black-loses") r.foul = std::min(r.foul, kind(row->clause));
  }
  return r;
}

bool renju_no_five_possible_draws(const Ruleset& rs) { return clause_applies(rs, "rif-renju.result.no-five-possible-draw"); }

bool renju_tengen(const Ruleset& rs) {
  return rs.choice<bool>("first_move", {{"tengen", true}, {"any", false}}) && !free_renju_switched_off(rs) &&
         clause_applies(rs, "rif-renju.opening.tengen");
}

std::string renju_opening_restriction(const Ruleset& rs, int n, int dc, int dr) {
  // Each restriction is asked about only when the move breaks it: a move it allows does not rest on it.
  if (n == 2 && rs.is("second_move", "adjacent") && std::max(dc, dr) != 1 && clause_applies(rs, "rif-renju.opening.second-move-adjacent"))
    return "next to the centre stone";
  if (n == 3) {
    enum class Third { Inside, Outside, Any };
    const Third third = rs.choice<Third>("third_move", {{"within-5x5", Third::Inside}, {"outside-5x5", Third::Outside}, {"any", Third::Any}});
    const int half = static_cast<int>(rs.int_param("central_square")) / 2;
    const bool inside = std::max(dc, dr) <= half;
    if (third == Third::Inside && !inside && clause_applies(rs, "rif-renju.opening.third-move-5x5")) return "inside the central square";
    if (third == Third::Outside && inside && !free_renju_switched_off(rs)) return "outside the central square";
  }
  return {};
}

int renju_board_size(const Ruleset& rs) {
  // Line 113 gives gomoku its 19x19 board (ruleset gomoku-19); without it gomoku has renju's 15x15.
  const int size = static_cast<int>(rs.int_param("board_size"));
  return size == 19 && !clause_applies(rs, "rif-renju.related.gomoku-board-sizes") ? 15 : size;
}

std::string renju_opening_procedure(const Ruleset& rs) {
  std::string rule = rs.choice<std::string>(
      "opening_rule", {{"rif-old", "rif-old"}, {"swap", "swap"}, {"swap2", "swap2"}, {"none", ""}, {"yamaguchi", ""},
                       {"taraguchi", ""}, {"sakata", ""}, {"soosyrv", ""}, {"free-renju", ""}});
  // Without line 116 swap2 is its base, swap; without line 115 swap is gomoku-15's, no procedure,
  // and swap2, written as swap with one more option, has none either.
  if (rule == "swap2" && !clause_applies(rs, "rif-renju.related.gomoku-swap2")) rule = "swap";
  if ((rule == "swap" || rule == "swap2") && !clause_applies(rs, "rif-renju.related.gomoku-swap")) rule.clear();
  return rule;
}

bool renju_two_fifth_proposals(const Ruleset& rs) { return clause_applies(rs, "rif-renju.opening.rif-old.two-fifth-proposals"); }

}  // namespace rulespec
