// Board-free renju queries: canonical opening counts and the pass rule. Fouls and results come
// with the renju board model.
#include "cases/query.hpp"
#include "model/renju/opening_procedure.hpp"
#include "model/renju/forks.hpp"
#include "model/renju/openings.hpp"
#include "model/renju/rows.hpp"

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

Value passes_query(QueryRequest& q) {
  std::vector<bool> events;
  size_t agreed = 0;
  for (const Value& v : q.fields.required("events").as_list("events")) {
    const std::string e = one_of(v, {"stone", "pass", "agree-draw"}, "event");
    if (e == "agree-draw" && !agreed) agreed = events.size() + 1;
    events.push_back(e == "stone");
  }
  const auto verdict = renju::check_passes(events, static_cast<int>(q.ruleset->int_param("pass_min_stones")),
                                           static_cast<int>(q.ruleset->int_param("passes_to_draw")), agreed);
  Value out = Value::map();
  out.set("legal", Value::boolean(verdict.legal));
  if (!verdict.legal) out.set("rejected", Value::integer(verdict.rejected_at));
  out.set("draw", Value::boolean(verdict.draw));
  return out;
}

Value board_query(QueryRequest& q) {
  const int size = static_cast<int>(q.ruleset->int_param("board_size"));
  Value out = Value::map();
  out.set("points", Value::integer(size * size));
  out.set("stones", Value::integer(2 * q.ruleset->int_param("stones_per_colour")));
  out.set("centre", Value::string(std::string(1, static_cast<char>('a' + size / 2)) + std::to_string(size / 2 + 1)));
  return out;
}

Value opening_procedure_query(QueryRequest& q) {
  if (q.ruleset->string_param("opening_rule") != "rif-old")
    throw QueryError("no-procedure", "ruleset " + q.ruleset->id + " does not use the old RIF opening rule");
  const char takes = one_of(q.fields.required("second_player_takes"), {"black", "white"}, "second_player_takes") == "black" ? 'B' : 'W';
  const auto steps = renju::rif_old_opening(takes);
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
  const bool appearances = reading_of(q, "rif-renju.pass.not-before-sixth-stone") == "six-stones-present";
  Value out = Value::map();
  out.set("steps", list);
  out.set("own_colour_violations", Value::integer(renju::own_colour_violations(steps)));
  out.set("white_may_pass_at_move_6", Value::boolean(renju::white_may_pass_at_move_six(steps, appearances)));
  return out;
}

renju::ForkRules fork_rules(const Ruleset& rs) {
  return {rs.bool_param("foul_double_three"), rs.bool_param("foul_double_four"), rs.bool_param("foul_multi_fork")};
}

// What a foul does: Black loses at once, White must claim it, or the move is refused.
std::string foul_consequence(QueryRequest& q) {
  const std::string reading = reading_of(q, "rif-renju.foul.consequence");
  return reading == "claim-required" ? "white-may-claim" : reading == "illegal-move" ? "move-refused" : "black-loses";
}

Value fork_query(QueryRequest& q) {
  const int fours = int_field(q.fields, "fours", 0, 8), threes = int_field(q.fields, "threes", 0, 8);
  const bool white = one_of(q.fields.required("colour"), {"black", "white"}, "colour") == "white";
  const bool foul = !white && renju::black_fork_foul(fours, threes, fork_rules(*q.ruleset));
  Value out = Value::map();
  out.set("multiplicity", Value::integer(renju::fork_multiplicity(fours, threes)));
  out.set("foul", Value::boolean(foul));
  if (foul) out.set("consequence", Value::string(foul_consequence(q)));
  return out;
}

// The stones of one colour from a list of points ("h8"), each on an empty point of the board.
void place_stones(QueryRequest& q, renju::Board& board, const char* field, renju::Colour colour) {
  const Value* list = q.fields.optional(field);
  if (!list) return;
  for (const Value& v : list->as_list(field)) {
    const auto point = renju::parse_point(v.as_string(), board.size());
    if (!point)
      throw InputError(v.pos(), std::string(field) + ": '" + excerpt(v.as_string()) + "' is not a point of a " + std::to_string(board.size()) +
                                    "x" + std::to_string(board.size()) + " board (a1 to " +
                                    renju::point_name(board.size() * board.size() - 1, board.size()) + ")");
    if (board.at(*point) != renju::Colour::Empty) throw InputError(v.pos(), std::string(field) + ": point " + v.as_string() + " is given twice");
    board.set(*point, colour);
  }
}

// One stone played on a position: the rows it completes and what they mean for the result. A
// Black move that completes a five and an overline at once meets both the win rule (line 29) and
// the overline foul (line 41); which one decides is the reading of rif-renju.result.five-with-foul.
Value move_query(QueryRequest& q) {
  renju::Board board(static_cast<int>(q.ruleset->int_param("board_size")));
  place_stones(q, board, "black", renju::Colour::Black);
  place_stones(q, board, "white", renju::Colour::White);
  const bool white = one_of(q.fields.required("colour"), {"black", "white"}, "colour") == "white";
  const Value& move = q.fields.required("move");
  const auto point = renju::parse_point(move.as_string(), board.size());
  if (!point) throw InputError(move.pos(), "move: '" + excerpt(move.as_string()) + "' is not a point of the board");
  if (board.at(*point) != renju::Colour::Empty) throw QueryError("occupied", "move " + move.as_string() + " is on an occupied point", move.pos());
  auto rows = renju::rows_made(board, *point, white ? renju::Colour::White : renju::Colour::Black,
                               static_cast<int>(q.ruleset->int_param("win_length")));
  // Read as "any five in a row", a longer row contains a five as well.
  if (reading_of(q, "rif-renju.five.definition") == "at-least-five") rows.five = rows.five || rows.overline;
  std::string result = "none";
  bool foul = false;
  if (white) {
    if (rows.five || (rows.overline && q.ruleset->string_param("overline_white") == "win")) result = "white-wins";
  } else {
    const std::string overline = q.ruleset->string_param("overline_black");
    const bool overline_foul = rows.overline && overline == "foul";
    const bool wins = rows.five || (rows.overline && overline == "win");
    foul = overline_foul && !(wins && reading_of(q, "rif-renju.result.five-with-foul") == "five-wins");
    result = foul ? foul_consequence(q) : wins ? "black-wins" : "none";
  }
  Value out = Value::map();
  out.set("five", Value::boolean(rows.five));
  out.set("overline", Value::boolean(rows.overline));
  out.set("foul", Value::boolean(foul));
  out.set("result", Value::string(result));
  return out;
}

Value clock_query(QueryRequest& q) {
  auto& f = q.fields;
  const double base = number_field(f, "minutes", 0, 1440);
  const double increment = f.node().find("increment_seconds") ? number_field(f, "increment_seconds", 0, 600) : 0;
  const int moves = optional_int_field(f, "moves", 0, 0, 1000);
  const double used = f.node().find("used_minutes") ? number_field(f, "used_minutes", 0, 100000) : 0;
  const bool title = optional_bool_field(f, "title", false);
  const double norm = q.ruleset->number_param(title ? "title_min_minutes" : "usual_min_minutes");
  const double left = base + moves * increment / 60.0 - used;
  Value out = Value::map();
  out.set("meets_usual_norm", Value::boolean(base >= norm));
  out.set("minutes_left", Value::number(left));
  out.set("flag_fallen", Value::boolean(left < 0));
  if (left < 0) out.set("result", Value::string("loss-on-time"));
  return out;
}

}  // namespace

void register_renju_queries(std::vector<QueryInfo>& out) {
  out.push_back({"renju", "canonical-openings", "canonical openings up to symmetry", true, openings_query});
  out.push_back({"renju", "passes", "legality of passes and the draw by consecutive passes", true, passes_query});
  out.push_back({"renju", "opening-procedure", "who places which stone in the old RIF opening", true, opening_procedure_query});
  out.push_back({"renju", "fork", "multiplicity of a fork and whether it is a foul", true, fork_query});
  out.push_back({"renju", "move", "the rows one stone completes (five, overline) and the result", true, move_query});
  out.push_back({"renju", "clock", "time norms, Fischer increments and the flag", true, clock_query});
  out.push_back({"renju", "equipment", "points, stones and the centre point of the board", true, board_query});
}

}  // namespace rulespec
