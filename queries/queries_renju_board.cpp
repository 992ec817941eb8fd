// Renju board queries: Black's foul map, one move played on a position, and the result of a game
// record. All answers come from the renju model (model/renju) under the ruleset's rules.
#include "queries/query.hpp"
#include "queries/renju_rules.hpp"
#include "model/renju/five_reachable.hpp"
#include "model/renju/openings.hpp"
#include "model/renju/rows.hpp"
#include "model/renju/random_position.hpp"
#include "model/renju/structures.hpp"
#include "model/renju/threats.hpp"

#include <algorithm>
#include <cstdlib>

namespace rulespec {
namespace {

const Ruleset& renju_ruleset(QueryRequest& q) { return q.ruleset ? *q.ruleset : q.spec.ruleset("rif-renju"); }

// The stones of one colour from a list of points ("h8"), each on an empty point of the board.
void place_stones(QueryRequest& q, renju::Board& board, const char* field, renju::Colour colour) {
  const Value* list = q.fields.optional(field);
  if (!list) return;
  for (const Value& v : list->as_list(field)) {
    const auto point = renju::parse_point(v.as_string(), board.size());
    if (!point)
      throw InputError(v.pos(), std::string(field) + ": '" + excerpt(v.as_string()) + "' is not a point of a " +
                                    std::to_string(board.size()) + "x" + std::to_string(board.size()) + " board (a1 to " +
                                    renju::point_name(board.points() - 1, board.size()) + ")");
    if (board.at(*point) != renju::Colour::Empty)
      throw InputError(v.pos(), std::string(field) + ": point " + v.as_string() + " is given twice");
    board.set(*point, colour);
  }
}

renju::Board position(QueryRequest& q, const Ruleset& rs) {
  renju::Board board(renju_board_size(rs));
  place_stones(q, board, "black", renju::Colour::Black);
  place_stones(q, board, "white", renju::Colour::White);
  return board;
}

// {"fouls": {"h8": "double-three", ...}} for Black to move.
Value fouls_query(QueryRequest& q) {
  const Ruleset& rs = renju_ruleset(q);
  renju::Board board = position(q, rs);
  bool fast = true;
  if (const Value* impl = q.fields.optional("implementation")) fast = one_of(*impl, {"fast", "definition"}, "implementation") == "fast";
  const auto rules = renju_foul_rules(q.spec, rs);
  Value fouls = Value::map();
  int count = 0;
  for (const auto& f : renju::foul_map(board, rules, fast)) {
    fouls.set(renju::point_name(f.point, board.size()), Value::string(renju::foul_name(f.kind)));
    ++count;
  }
  Value out = Value::map();
  out.set("fouls", fouls);
  out.set("count", Value::integer(count));
  return out;
}

// The simple structures through one stone (lines 40-48), per direction. An empty `point` gets a
// stone of `colour` first.
Value structures_query(QueryRequest& q) {
  const Ruleset& rs = renju_ruleset(q);
  renju::Board board = position(q, rs);
  const renju::Colour colour = one_of(q.fields.required("colour"), {"black", "white"}, "colour") == "white" ? renju::Colour::White : renju::Colour::Black;
  const Value& at = q.fields.required("point");
  const auto point = renju::parse_point(at.as_string(), board.size());
  if (!point) throw InputError(at.pos(), "point: '" + excerpt(at.as_string()) + "' is not a point of the board");
  if (board.at(*point) != renju::Colour::Empty && board.at(*point) != colour)
    throw QueryError("occupied", "point " + at.as_string() + " holds a stone of the other colour", at.pos());
  board.set(*point, colour);
  const auto shapes = renju::line_shapes(board, *point, colour, renju_foul_rules(q.spec, rs));
  static const char* kNames[4] = {"horizontal", "vertical", "rising", "falling"};
  Value out = Value::map();
  for (std::size_t d = 0; d < 4; ++d) {
    Value line = Value::map();
    line.set("shape", Value::string(renju::shape_name(shapes[d].shape)));
    Value points = Value::list();
    for (int p : shapes[d].points) points.push(Value::string(renju::point_name(p, board.size())));
    if (!shapes[d].points.empty()) line.set("points", points);
    out.set(kNames[d], line);
  }
  return out;
}

// Line 33's input after a stone: whether either colour can still make a five, on paper or (reading
// legal-continuation) by a legal sequence; an undecided search declares nothing (a five counts as
// possible).
bool five_still_possible(renju::Board& board, bool reachable_reading, const renju::FoulRules& rules) {
  if (board.stones() == board.points()) return false;
  if (renju::five_possible(board, renju::Colour::White)) return true;
  if (!reachable_reading) return renju::five_possible(board, renju::Colour::Black);
  return renju::five_reachable(board, renju::Colour::Black, rules).reach != renju::Reach::No;
}

bool reachable_five_reading(const Ruleset& rs) {
  return rs.reading_choice<bool>("rif-renju.result.no-five-possible-draw", {{"static-window", false}, {"legal-continuation", true}}, false);
}

// What one stone on `point` does for `colour`: the rows it completes, and what the table
// rif-renju.decisions.move-result decides from them (RenjuMoveRules); a foul's result is then the
// ruleset's reading of its consequence (rif-renju.foul.consequence: a loss, White's claim or a
// refused move, which the table leaves out).
struct MoveVerdict {
  bool five = false, overline = false;
  renju::Foul foul = renju::Foul::None;
  std::string result = "none";  // black-wins, white-wins, black-loses, white-may-claim, move-refused, draw
  std::string row;              // the table's deciding row
};

MoveVerdict judge_move(const Spec& spec, const Ruleset& rs, const RenjuMoveRules& rules, renju::Board& board, int point, bool white) {
  MoveVerdict v;
  const RenjuStone stone = rules.stone(board, point, white);
  v.five = stone.five;
  v.overline = stone.overline;
  const bool reachable = reachable_five_reading(rs);
  const auto decided = rules.decide(stone, [&] {
    board.set(point, white ? renju::Colour::White : renju::Colour::Black);
    const bool possible = five_still_possible(board, reachable, rules.fouls());
    board.set(point, renju::Colour::Empty);
    return possible;
  });
  v.row = decided.row;
  v.foul = decided.foul;
  if (decided.outcome == "black-loses") v.result = renju_foul_consequence(spec, rs);
  else if (decided.outcome != "play-on") v.result = decided.outcome;
  return v;
}

// One move on a position. A Black move that completes a five and a foul at once meets both the win
// rule (line 29) and the foul rules (lines 41, 53); which decides is the ruleset's reading of
// rif-renju.result.five-with-foul.
Value play_query(QueryRequest& q) {
  const Ruleset& rs = renju_ruleset(q);
  renju::Board board = position(q, rs);
  const bool white = one_of(q.fields.required("colour"), {"black", "white"}, "colour") == "white";
  const Value& move = q.fields.required("move");
  const auto point = renju::parse_point(move.as_string(), board.size());
  if (!point) throw InputError(move.pos(), "move: '" + excerpt(move.as_string()) + "' is not a point of the board");
  if (board.at(*point) != renju::Colour::Empty) throw QueryError("occupied", "move " + move.as_string() + " is on an occupied point", move.pos());
  const RenjuMoveRules rules(q.spec, rs);
  const auto v = judge_move(q.spec, rs, rules, board, *point, white);
  Value out = Value::map();
  out.set("legal", Value::boolean(v.result != "move-refused"));
  out.set("five", Value::boolean(v.five));
  out.set("overline", Value::boolean(v.overline));
  out.set("foul", Value::boolean(v.foul != renju::Foul::None));
  if (v.foul != renju::Foul::None) out.set("foul_kind", Value::string(renju::foul_name(v.foul)));
  out.set("result", Value::string(v.result));
  if (!v.row.empty()) out.set("row", Value::string(v.row));
  return out;
}

// Whether `attacker` wins by force with continuous fours (the wins by foul of lines 57-58): with the
// attacker to move, a sequence of fours ending in a five; with the defender to move, whatever he
// plays. `fours` bounds the attacker's fours (1 to 6).
Value forced_win_query(QueryRequest& q) {
  const Ruleset& rs = renju_ruleset(q);
  renju::Board board = position(q, rs);
  const auto attacker = one_of(q.fields.required("attacker"), {"black", "white"}, "attacker") == "white" ? renju::Colour::White : renju::Colour::Black;
  const bool attacker_moves = one_of(q.fields.required("to_move"), {"black", "white"}, "to_move") == (attacker == renju::Colour::White ? "white" : "black");
  const int fours = optional_int_field(q.fields, "fours", 4, 1, 6);
  const auto rules = renju_foul_rules(q.spec, rs);
  const bool wins = attacker_moves ? renju::wins_by_fours(board, attacker, rules, fours) : renju::defender_lost(board, attacker, rules, fours);
  Value out = Value::map();
  out.set("wins", Value::boolean(wins));
  return out;
}


Value reach_value(renju::Reach r) {
  return r == renju::Reach::Undecided ? Value::string("undecided") : Value::boolean(r == renju::Reach::Yes);
}

// Whether either colour can still make a five (line 33: when neither can, the game is a draw).
// Static reading: a line of five points free of the other colour. Reading legal-continuation: a
// sequence of legal stones that ends in the colour's five (model/renju/five_reachable), with the
// sequence found for Black.
Value five_possible_query(QueryRequest& q) {
  const Ruleset& rs = renju_ruleset(q);
  renju::Board board = position(q, rs);
  Value out = Value::map();
  if (!reachable_five_reading(rs)) {
    const bool black = renju::five_possible(board, renju::Colour::Black), white = renju::five_possible(board, renju::Colour::White);
    out.set("black", Value::boolean(black));
    out.set("white", Value::boolean(white));
    out.set("draw", Value::boolean(!black && !white && renju_no_five_possible_draws(rs)));
    return out;
  }
  const auto rules = renju_foul_rules(q.spec, rs);
  const auto black = renju::five_reachable(board, renju::Colour::Black, rules);
  const auto white = renju::five_reachable(board, renju::Colour::White, rules);
  out.set("black", reach_value(black.reach));
  out.set("white", reach_value(white.reach));
  out.set("draw", Value::boolean(black.reach == renju::Reach::No && white.reach == renju::Reach::No && renju_no_five_possible_draws(rs)));
  if (black.reach == renju::Reach::Undecided)
    out.set("undecided_because",
            Value::string(black.node_budget ? "the exhaustive search visited " + std::to_string(black.node_budget) +
                                                  " positions, its budget, without deciding"
                                            : "too many points are empty for the exhaustive search, and the constructed "
                                              "sequence reached no five"));
  if (black.reach == renju::Reach::Yes) {
    Value line = Value::list();
    for (std::size_t i = 0; i < black.sequence.size(); ++i)
      line.push(Value::string(std::string(black.colours[i] == renju::Colour::Black ? "B " : "W ") +
                              renju::point_name(black.sequence[i], board.size())));
    out.set("black_sequence", line);
  }
  return out;
}

// The two fifth-move proposals of the old RIF opening (line 108): whether a symmetry of the board
// that keeps the four stones in place maps one proposal onto the other, and whether the pair is
// allowed under the ruleset's reading.
Value fifth_proposals_query(QueryRequest& q) {
  const Ruleset& rs = renju_ruleset(q);
  if (!renju_two_fifth_proposals(rs))
    throw QueryError("no-procedure", "without the two fifth-move proposals (line 108) Black plays one fifth move: there is no pair to judge");
  renju::Board board = position(q, rs);
  const Value& list = q.fields.required("proposals");
  const auto& items = list.as_list("proposals");
  if (items.size() != 2) throw InputError(list.pos(), "proposals: expected two points");
  int points[2];
  for (int i = 0; i < 2; ++i) {
    const auto p = renju::parse_point(items[static_cast<std::size_t>(i)].as_string(), board.size());
    if (!p || board.at(*p) != renju::Colour::Empty)
      throw InputError(items[static_cast<std::size_t>(i)].pos(), "proposals: '" + excerpt(items[static_cast<std::size_t>(i)].as_string()) + "' is not a free point");
    points[i] = *p;
  }
  std::string symmetry;
  for (int s = 0; s < common::kSquareSymmetries && symmetry.empty(); ++s) {
    bool keeps = true;
    for (int p = 0; p < board.points() && keeps; ++p) keeps = board.at(p) == board.at(renju::transform_point(p, board.size(), s));
    if (keeps && renju::transform_point(points[0], board.size(), s) == points[1]) symmetry = std::to_string(s);
  }
  const bool need_unequal = rs.reading_choice<bool>("rif-renju.opening.rif-old.two-fifth-proposals", {{"unequal", true}, {"any-pair", false}}, false);
  Value out = Value::map();
  out.set("equivalent", Value::boolean(!symmetry.empty() || points[0] == points[1]));
  out.set("allowed", Value::boolean(points[0] != points[1] && !(need_unequal && !symmetry.empty())));
  return out;
}

// The opening restrictions on moves 2 and 3 (params second_move, third_move, central_square):
// what the move should have been, or "" when it is allowed.
std::string opening_restriction(const Ruleset& rs, int size, int n, int p) {
  if (n != 2 && n != 3) return {};
  const int centre = size / 2;
  return renju_opening_restriction(rs, n, std::abs(p % size - centre), std::abs(p / size - centre));
}

// A move list, as one string ("h8 i9", "h8i9") or a list of points, "pass", "draw" and "claim".
std::vector<int> read_moves(QueryRequest& q, int size) {
  std::vector<int> moves;
  const Value& moves_field = q.fields.required("moves");
  if (moves_field.is_string()) {
    std::string bad;
    const auto parsed = renju::parse_moves(moves_field.as_string(), size, &bad);
    if (!parsed) throw InputError(moves_field.pos(), "moves: '" + excerpt(bad) + "' is not a point of the board, 'pass', 'draw' or 'claim'");
    moves = *parsed;
  } else {
    for (const Value& v : moves_field.as_list("moves")) {
      if (v.as_string() == "pass" || v.as_string() == "draw" || v.as_string() == "claim") {
        moves.push_back(v.as_string() == "pass" ? renju::kPass : v.as_string() == "draw" ? renju::kAgreedDraw : renju::kClaim);
        continue;
      }
      const auto p = renju::parse_point(v.as_string(), size);
      if (!p) throw InputError(v.pos(), "moves: '" + excerpt(v.as_string()) + "' is not a point of the board, 'pass', 'draw' or 'claim'");
      moves.push_back(*p);
    }
  }
  return moves;
}

// The canonical opening of the first three moves (lines 74-105), named by its code.
Value opening_of(const std::vector<int>& moves, int size) {
  if (moves.size() < 3) return Value::null();
  for (int i = 0; i < 3; ++i)
    if (moves[static_cast<std::size_t>(i)] < 0) return Value::null();
  const int centre = size / 2;
  const auto offset = [&](int p) { return std::pair<int, int>{p % size - centre, p / size - centre}; };
  if (offset(moves[0]) != std::pair<int, int>{0, 0}) return Value::null();
  const auto o = renju::classify_opening(offset(moves[1]), offset(moves[2]));
  if (!o) return Value::null();
  Value out = Value::map();
  out.set("code", Value::string(std::to_string(o->number) + (o->direct ? "В" : "Д")));
  out.set("code_en", Value::string(std::to_string(o->number) + (o->direct ? "D" : "I")));
  out.set("name", Value::string(o->name));
  out.set("japanese", Value::string(o->japanese));
  return out;
}

// {"moves": "h8 h9 i9"} -> {"opening": {"code": "4В", "name": "Цветок", ...}} or "opening": null.
Value opening_query(QueryRequest& q) {
  const Ruleset& rs = renju_ruleset(q);
  const int size = renju_board_size(rs);
  Value out = Value::map();
  out.set("opening", opening_of(read_moves(q, size), size));
  return out;
}

// A game record from the empty board, Black first: the result and the move that decided it.
Value result_query(QueryRequest& q) {
  const Ruleset& rs = renju_ruleset(q);
  renju::Board board(renju_board_size(rs));
  std::vector<int> moves = read_moves(q, board.size());
  const RenjuMoveRules move_rules(q.spec, rs);
  const RenjuPassRules pass_rules(q.spec, rs);
  std::string result = "none", reason = "game goes on";
  int decided_at = 0, passes = 0, n = 0;
  Value unclaimed = Value::list();
  int foul_to_claim = 0;  // the number of Black's last move while it is a foul White may still claim
  for (std::size_t i = 0; i < moves.size() && result == "none"; ++i) {
    const int p = moves[i];
    // Without line 33's draw by agreement the players' agreement ends nothing: the game goes on.
    if (p == renju::kAgreedDraw && pass_rules.agreement(board.stones()) != RenjuTurn::Draw) continue;
    if (p == renju::kClaim) {
      // Not a move: White points out the foul of Black's move just played (reading claim-required).
      if (!foul_to_claim)
        throw QueryError("illegal-claim", "claim after move " + std::to_string(n) + ": that move is no foul White can still claim");
      result = "white-wins", reason = "foul claimed", decided_at = foul_to_claim;
      continue;
    }
    foul_to_claim = 0;
    const bool white = n % 2 == 1;
    ++n;
    if (p == renju::kAgreedDraw) {
      result = "draw", reason = "agreement", decided_at = n;
      continue;
    }
    if (p < 0) {
      // Line 32 as the table of passes states it (RenjuPassRules).
      const RenjuTurn turn = pass_rules.pass(board.stones(), passes);
      if (turn == RenjuTurn::NoSuchMove)
        throw QueryError("illegal-move", "move " + std::to_string(n) + " is a pass, and no rule lets a player pass (a move places a stone)");
      if (turn == RenjuTurn::PassTooEarly)
        throw QueryError("illegal-move", "move " + std::to_string(n) + ": a pass before the " + std::to_string(pass_rules.min_stones) + "th stone is on the board");
      ++passes;
      if (turn == RenjuTurn::Draw) result = "draw", reason = std::to_string(passes) + " passes in a row", decided_at = n;
      continue;
    }
    passes = 0;
    if (board.at(p) != renju::Colour::Empty)
      throw QueryError("illegal-move", "move " + std::to_string(n) + " (" + renju::point_name(p, board.size()) + ") is on an occupied point");
    if (n == 1 && p != board.point(board.size() / 2, board.size() / 2) && renju_tengen(rs))
      throw QueryError("illegal-move", "move 1 must be on the centre point (tengen)");
    if (const std::string where = opening_restriction(rs, board.size(), n, p); !where.empty())
      throw QueryError("illegal-move", "move " + std::to_string(n) + " (" + renju::point_name(p, board.size()) + ") must be " + where);
    const auto v = judge_move(q.spec, rs, move_rules, board, p, white);
    if (v.result == "move-refused")
      throw QueryError("illegal-move", "move " + std::to_string(n) + " (" + renju::point_name(p, board.size()) + ") is a " + renju::foul_name(v.foul) + " foul");
    board.set(p, white ? renju::Colour::White : renju::Colour::Black);
    if (v.result == "white-may-claim") {
      unclaimed.push(Value::string(std::to_string(n) + " " + renju::point_name(p, board.size()) + " " + renju::foul_name(v.foul)));
      foul_to_claim = n;
      continue;
    }
    if (v.result == "black-loses") result = "white-wins", reason = std::string("foul: ") + renju::foul_name(v.foul), decided_at = n;
    else if (v.result == "draw") result = "draw", reason = board.stones() == board.points() ? "board full" : "no five possible", decided_at = n;
    else if (v.result != "none") result = v.result, reason = v.five ? "five" : "overline", decided_at = n;
  }
  Value out = Value::map();
  out.set("result", Value::string(result));
  out.set("reason", Value::string(reason));
  if (decided_at) out.set("move", Value::integer(decided_at));
  if (!unclaimed.as_list("unclaimed").empty()) out.set("unclaimed_fouls", unclaimed);
  out.set("stones", Value::integer(board.stones()));
  if (Value o = opening_of(moves, board.size()); !o.is_null()) out.set("opening", o);
  return out;
}

}  // namespace

void register_renju_board_queries(std::vector<QueryInfo>& out) {
  out.push_back({"renju", "fouls", "every point where Black to move would commit a foul, and its kind", false, fouls_query});
  out.push_back({"renju", "structures", "five, overline, four, three or pseudo-three through one stone, per direction", false, structures_query});
  out.push_back({"renju", "play", "one move on a position: five, overline, foul and the result, with the row of rif-renju.decisions.move-result that decided it", false, play_query});
  out.push_back({"renju", "forced-win", "whether a side wins by continuous fours (the wins by foul of fig. 7)", false, forced_win_query});
  out.push_back({"renju", "five-possible", "whether each colour can still make a five (the draw of line 33)", false, five_possible_query});
  out.push_back({"renju", "fifth-proposals", "whether two fifth-move proposals are symmetric images (old RIF opening)", false, fifth_proposals_query});
  out.push_back({"renju", "opening", "the canonical opening (code and name) of a game's first three moves", false, opening_query});
  out.push_back({"renju", "result", "the result of a game record from the empty board", false, result_query});
}

}  // namespace rulespec
