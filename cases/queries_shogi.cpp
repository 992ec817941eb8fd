// Board-free shogi queries: jishogi points, the point adjudications and the declaration.
#include "cases/query.hpp"
#include "model/shogi/jishogi.hpp"

namespace rulespec {
namespace {

shogi::PieceCounts pieces_field(const Value& v) {
  const std::string& text = v.as_string("pieces");
  size_t bad = 0;
  auto c = shogi::parse_piece_list(text, &bad);
  if (!c) {
    SourcePos at = v.pos();
    if (at.line > 0) at.col += static_cast<int>(bad) + (v.pos().col > 0 ? 1 : 0);
    throw QueryError("bad-pieces", "bad piece list '" + text + "' at offset " + std::to_string(bad) +
                                       " (letters R B G S N L P, '+' for promoted, digits for counts)", at);
  }
  return *c;
}

shogi::PointValues values_of(const Ruleset& rs) {
  return {static_cast<int>(rs.int_param("points_rook_bishop")), static_cast<int>(rs.int_param("points_other"))};
}

shogi::Side side_field(const Value& v) {
  return one_of(v, {"sente", "gote"}, "side") == "sente" ? shogi::Side::Sente : shogi::Side::Gote;
}

Value points_query(QueryRequest& q) {
  const auto c = pieces_field(q.fields.required("pieces"));
  Value out = Value::map();
  out.set("points", Value::integer(shogi::points(c, values_of(*q.ruleset))));
  out.set("pieces", Value::integer(c.total()));
  return out;
}

Value adjudicate_query(QueryRequest& q) {
  const Ruleset& rs = *q.ruleset;
  const auto values = values_of(rs);
  const int sp = shogi::points(pieces_field(q.fields.required("sente")), values);
  const int gp = shogi::points(pieces_field(q.fields.required("gote")), values);
  const std::string rule = rs.string_param("impasse_rule");
  Value out = Value::map();
  out.set("sente_points", Value::integer(sp));
  out.set("gote_points", Value::integer(gp));
  int winner = 0;
  std::string verdict;
  if (rule == "points-27") {
    const auto tie = rs.string_param("tie_winner") == "sente" ? shogi::Side::Sente : shogi::Side::Gote;
    winner = shogi::adjudicate_27(sp, gp, static_cast<int>(rs.int_param("points_threshold")), tie);
    verdict = winner > 0 ? "sente-wins" : winner < 0 ? "gote-wins" : "undecided";
  } else if (rule == "points-24") {
    winner = shogi::adjudicate_24(sp, gp, static_cast<int>(rs.int_param("draw_threshold")));
    verdict = winner > 0 ? "sente-may-claim" : winner < 0 ? "gote-may-claim"
              : (sp >= rs.int_param("draw_threshold") ? "jishogi" : "undecided");
  } else {
    verdict = "no-point-rule";
  }
  out.set("verdict", Value::string(verdict));
  return out;
}

Value declare_query(QueryRequest& q) {
  const Ruleset& rs = *q.ruleset;
  if (!rs.has_param("declaration") || !rs.bool_param("declaration"))
    throw QueryError("no-declaration", "ruleset " + rs.id + " has no declaration procedure");
  shogi::DeclarationRules r;
  r.values = values_of(rs);
  r.condition_2 = rs.bool_param("condition_2");
  r.points_sente = static_cast<int>(rs.int_param("declare_points_sente"));
  r.points_gote = static_cast<int>(rs.int_param("declare_points_gote"));
  r.min_pieces_in_camp = static_cast<int>(rs.int_param("min_pieces_in_camp"));
  shogi::DeclarationFacts facts;
  auto& f = q.fields;
  facts.declarer = side_field(f.required("declarer"));
  facts.in_enemy_camp = pieces_field(f.required("in_camp"));
  facts.in_hand = f.node().find("in_hand") ? pieces_field(f.required("in_hand")) : shogi::PieceCounts{};
  facts.king_in_enemy_camp = optional_bool_field(f, "king_in_camp", true);
  facts.within_time = optional_bool_field(f, "within_time", true);
  facts.in_check = optional_bool_field(f, "in_check", false);
  const auto v = shogi::declare(facts, r);
  Value out = Value::map();
  out.set("verdict", Value::string(v.wins ? "win" : "lose"));
  out.set("points", Value::integer(v.points));
  out.set("pieces_in_camp", Value::integer(v.pieces_in_camp));
  Value conditions = Value::map();
  for (int i = 1; i <= 6; ++i) conditions.set(std::to_string(i), Value::boolean(v.conditions[i]));
  out.set("conditions", conditions);
  return out;
}

}  // namespace

void register_shogi_queries(std::vector<QueryInfo>& out) {
  out.push_back({"shogi", "jishogi-points", "jishogi points of a piece list", true, points_query});
  out.push_back({"shogi", "jishogi-adjudicate", "24- or 27-point adjudication of two piece lists", true, adjudicate_query});
  out.push_back({"shogi", "declare", "declaration verdict from the position's facts", true, declare_query});
}

}  // namespace rulespec
