// Board-free renju queries: canonical opening counts, the pass rule, forks counted by threats,
// clocks. The board queries (fouls, play, result) are in queries_renju_board.cpp.
#include "queries/query.hpp"
#include "queries/renju_rules.hpp"
#include "queries/switches.hpp"
#include "model/renju/opening_procedure.hpp"
#include "model/renju/forks.hpp"
#include "model/renju/openings.hpp"

#include <limits>

namespace rulespec {
namespace {

Value openings_query(QueryRequest& q) {
  const int square = static_cast<int>(q.ruleset->int_param("central_square"));
  const auto c = renju::canonical_openings(square);
  Value out = Value::map();
  out.set("direct", Value::integer(c.direct));
  out.set("indirect", Value::integer(c.indirect));
  out.set("total", Value::integer(c.total()));
  return out;
}

// A sequence of stones, passes and agreements judged turn by turn by the table of lines 32-33
// (RenjuPassRules): the first pass no row allows is rejected, the first draw ends it.
Value passes_query(QueryRequest& q) {
  const RenjuPassRules rules(q.spec, *q.ruleset);
  int stones = 0, passes = 0, given = 0, rejected = 0;
  bool draw = false;
  for (const Value& v : q.fields.required("events").as_list("events")) {
    const std::string e = one_of(v, {"stone", "pass", "agree-draw"}, "event");
    ++given;
    if (draw || rejected) continue;
    if (e == "stone") {
      ++stones;
      passes = 0;
      continue;
    }
    // Without line 33's draw by agreement an agreement ends nothing (and takes no turn).
    const RenjuTurn turn = e == "pass" ? rules.pass(stones, passes) : rules.agreement(stones);
    if (e == "agree-draw" && turn == RenjuTurn::NoSuchMove) continue;
    if (turn == RenjuTurn::PassTooEarly || turn == RenjuTurn::NoSuchMove) rejected = given;
    draw = turn == RenjuTurn::Draw;
    ++passes;
  }
  Value out = Value::map();
  out.set("legal", Value::boolean(!rejected));
  if (rejected) out.set("rejected", Value::integer(rejected));
  out.set("draw", Value::boolean(draw));
  return out;
}

Value board_query(QueryRequest& q) {
  const int size = renju_board_size(*q.ruleset);
  Value out = Value::map();
  out.set("points", Value::integer(size * size));
  out.set("stones", Value::integer(2 * q.ruleset->int_param("stones_per_colour")));
  out.set("centre", Value::string(std::string(1, static_cast<char>('a' + size / 2)) + std::to_string(size / 2 + 1)));
  return out;
}

Value opening_procedure_query(QueryRequest& q) {
  // The procedures the source describes step by step; the others it only names (lines 64-79).
  const std::string rule = renju_opening_procedure(*q.ruleset);
  if (rule.empty())
    throw QueryError("no-procedure", "ruleset " + q.ruleset->id + " uses no opening procedure of the source (rif-old, swap, swap2)");
  const auto colour = [](const std::string& c) { return c == "black" ? 'B' : c == "white" ? 'W' : 'A'; };
  std::vector<renju::Placement> steps;
  if (rule == "rif-old") {
    steps = renju::rif_old_opening(colour(one_of(q.fields.required("second_player_takes"), {"black", "white"}, "second_player_takes")),
                                   renju_two_fifth_proposals(*q.ruleset));
  } else if (rule == "swap") {
    const Value& takes = q.fields.required("second_player_takes");
    // A swap2 ruleset played as swap (without line 116): adding two stones is no choice the rules give.
    if (takes.is_string() && takes.as_string() == "add" && q.ruleset->is("opening_rule", "swap2"))
      throw QueryError("illegal-choice", "under swap the second player only chooses a colour; adding two stones is swap2's (line 116)", takes.pos());
    steps = renju::swap_opening(false, colour(one_of(takes, {"black", "white"}, "second_player_takes")));
  } else {
    const char second = colour(one_of(q.fields.required("second_player_takes"), {"black", "white", "add"}, "second_player_takes"));
    const char first = second == 'A' ? colour(one_of(q.fields.required("first_player_takes"), {"black", "white"}, "first_player_takes")) : 'W';
    steps = renju::swap_opening(true, second, first);
  }
  Value list = Value::list();
  for (const auto& p : steps) {
    Value row = Value::map();
    row.set("step", Value::string(p.step));
    row.set("player", Value::integer(p.player));
    row.set("stone", Value::string(std::string(1, p.colour)));
    row.set("placer_colour", Value::string(std::string(1, p.player_colour)));
    row.set("on_board", Value::integer(p.on_board));
    list.push(row);
  }
  // Line 32's parenthesis (the sixth stone is the third white one) names the stone meant; without
  // it the sixth stone to appear counts, a fifth-move proposal included.
  const bool appearances = reading_flag(q, "rif-renju.pass.not-before-sixth-stone", "six-stones-present", "after-move-six", false) ||
                           (rule == "rif-old" && !clause_applies(*q.ruleset, "rif-renju.pass.sixth-is-third-white"));
  Value out = Value::map();
  out.set("steps", list);
  out.set("own_colour_violations", Value::integer(renju::own_colour_violations(steps)));
  if (rule == "rif-old") out.set("white_may_pass_at_move_6", Value::boolean(renju::white_may_pass_at_move_six(steps, appearances)));
  return out;
}

Value fork_query(QueryRequest& q) {
  const int fours = int_field(q.fields, "fours", 0, 8), threes = int_field(q.fields, "threes", 0, 8);
  const bool white = one_of(q.fields.required("colour"), {"black", "white"}, "colour") == "white";
  const bool foul = !white && renju::black_fork_foul(fours, threes, renju_foul_rules(q.spec, *q.ruleset).forks);
  Value out = Value::map();
  out.set("multiplicity", Value::integer(renju::fork_multiplicity(fours, threes)));
  out.set("foul", Value::boolean(foul));
  if (foul) out.set("consequence", Value::string(renju_foul_consequence(q.spec, *q.ruleset)));
  return out;
}

Value clock_query(QueryRequest& q) {
  auto& f = q.fields;
  const double base = number_field(f, "minutes", 0, 1440);
  const double increment = f.node().find("increment_seconds") ? number_field(f, "increment_seconds", 0, 600) : 0;
  const int moves = optional_int_field(f, "moves", 0, 0, 1000);
  const double used = f.node().find("used_minutes") ? number_field(f, "used_minutes", 0, 100000) : 0;
  const bool title = optional_bool_field(f, "title", false);
  const Ruleset& rs = *q.ruleset;
  // Line 25's norms, each without its sentence: a title tournament without its own norm is a
  // tournament like any other; a tournament without the usual norm has none.
  double norm = 0;
  if (title && clause_applies(rs, "rif-renju.timing.title-minimum")) norm = rs.number_param("title_min_minutes");
  else if (clause_applies(rs, "rif-renju.timing.usual-minimum")) norm = rs.number_param("usual_min_minutes");
  // Without the Fischer control (line 25) a move adds no time.
  const double added = increment > 0 && clause_applies(rs, "rif-renju.timing.fischer") ? moves * increment / 60.0 : 0;
  const double left = base + added - used;
  Value out = Value::map();
  out.set("meets_usual_norm", Value::boolean(base >= norm));
  out.set("minutes_left", Value::number(left));
  out.set("flag_fallen", Value::boolean(left < 0));
  // Without line 25's loss on time a fallen flag decides nothing.
  if (left < 0 && clause_applies(rs, "rif-renju.timing.flag-loss")) out.set("result", Value::string("loss-on-time"));
  return out;
}

}  // namespace

void register_renju_queries(std::vector<QueryInfo>& out) {
  out.push_back({"renju", "canonical-openings", "canonical openings up to symmetry", true, openings_query});
  out.push_back({"renju", "passes", "legality of passes and the draw by consecutive passes", true, passes_query});
  out.push_back({"renju", "opening-procedure", "who places which stone in the old RIF, swap and swap2 openings", true, opening_procedure_query});
  out.push_back({"renju", "fork", "multiplicity of a fork and whether it is a foul", true, fork_query});
  out.push_back({"renju", "clock", "time norms, Fischer increments and the flag", true, clock_query});
  out.push_back({"renju", "equipment", "points, stones and the centre point of the board", true, board_query});
}

}  // namespace rulespec
