// Board-free shogi queries: jishogi points, the point adjudications and the declaration.
#include <algorithm>

#include "queries/query.hpp"
#include "queries/shogi_rules.hpp"
#include "queries/switches.hpp"
#include "model/shogi/jishogi.hpp"
#include "model/shogi/procedure.hpp"

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

shogi::PointValues values_of(const Ruleset& rs) { return shogi_point_values(rs); }

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

// Whether the ruleset takes the wording that counts a handicap game's removed pieces for the
// giver (reading removed-count-for-giver of jishogi.points27.total-54: the sentence
// F-jishogi-handicap-points finds missing at line 46).
bool credits_removed_pieces(const Ruleset& rs) { return rs.reading("jishogi.points27.total-54") == "removed-count-for-giver"; }

// Both players' pieces must exist in one set of 40; counting every piece, they must be the set
// (a handicap game's missing pieces allowed where they count for the giver).
void check_material(const QueryRequest& q, const shogi::PieceCounts& a, const shogi::PieceCounts& b) {
  const auto both = a + b, set = shogi::full_set() + shogi::full_set();
  const bool within = both.rook <= set.rook && both.bishop <= set.bishop && both.gold <= set.gold &&
                      both.silver <= set.silver && both.knight <= set.knight && both.lance <= set.lance &&
                      both.pawn <= set.pawn;
  if (!within) throw QueryError("impossible-material", "the two piece lists hold more pieces than a shogi set");
  if (reading_flag(q, "jishogi.points27.below-27-loses", "all-pieces", "camp-and-hand", false) && both.total() != set.total() &&
      !credits_removed_pieces(*q.ruleset))
    throw QueryError("incomplete-material",
                     "this ruleset counts every piece (reading all-pieces): the lists must hold all 38 non-king pieces");
}

Value adjudicate_query(QueryRequest& q) {
  const Ruleset& rs = *q.ruleset;
  const auto values = values_of(rs);
  const auto sente = pieces_field(q.fields.required("sente")), gote = pieces_field(q.fields.required("gote"));
  check_material(q, sente, gote);
  int sp = shogi::points(sente, values);
  int gp = shogi::points(gote, values);
  Value out = Value::map();
  // The pieces a handicap game removed (a full double set less both lists) count for the giver
  // under the wording that says so; the request names the giver.
  const int removed = shogi::points(shogi::full_set() + shogi::full_set(), values) - sp - gp;
  if (credits_removed_pieces(rs) && removed > 0) {
    const Value* giver = q.fields.optional("handicap_giver");
    if (!giver)
      throw QueryError("no-handicap-giver", "pieces worth " + std::to_string(removed) +
                                                " points are missing: name the handicap_giver (sente or gote), for whom they count",
                       q.fields.node().pos());
    (side_field(*giver) == shogi::Side::Sente ? sp : gp) += removed;
    out.set("removed_points", Value::integer(removed));
  } else if (const Value* giver = q.fields.optional("handicap_giver")) {
    throw QueryError("not-applicable", "handicap_giver: no removed pieces count here (they count only where pieces are missing and the ruleset "
                                       "takes reading removed-count-for-giver of jishogi.points27.total-54)", giver->pos());
  }
  out.set("sente_points", Value::integer(sp));
  out.set("gote_points", Value::integer(gp));
  shogi_point_rule_verdict(q.spec, shogi_impasse_ruleset(q.spec, rs), sp, gp, out);
  return out;
}

Value declare_query(QueryRequest& q) {
  const Ruleset& rs = *q.ruleset;
  if (!rs.has_param("declaration") || !rs.bool_param("declaration"))
    throw QueryError("no-declaration", "ruleset " + rs.id + " has no declaration procedure");
  shogi::DeclarationFacts facts;
  auto& f = q.fields;
  facts.declarer = side_field(f.required("declarer"));
  facts.in_enemy_camp = pieces_field(f.required("in_camp"));
  facts.in_hand = f.node().find("in_hand") ? pieces_field(f.required("in_hand")) : shogi::PieceCounts{};
  facts.king_in_enemy_camp = optional_bool_field(f, "king_in_camp", true);
  facts.within_time = optional_bool_field(f, "within_time", true);
  facts.in_check = optional_bool_field(f, "in_check", false);
  // Lines 27-38 as the table jishogi.decisions.declaration states them (queries/shogi_rules.hpp);
  // a condition holds unless a row of its clause makes the declarer lose.
  const DeclarationOutcome v = shogi_declaration_verdict(q.spec, rs, facts);
  Value out = Value::map();
  out.set("verdict", Value::string(v.verdict));
  out.set("points", Value::integer(v.points));
  out.set("pieces_in_camp", Value::integer(v.pieces_in_camp));
  Value conditions = Value::map();
  for (int i = 1; i <= 6; ++i)
    conditions.set(std::to_string(i), Value::boolean(std::find(v.failed.begin(), v.failed.end(), declaration_condition_clause(i)) == v.failed.end()));
  out.set("conditions", conditions);
  return out;
}

Value procedure_query(QueryRequest& q) {
  std::vector<shogi::GameEvent> events;
  for (const Value& v : q.fields.required("events").as_list("events")) {
    const std::string e = one_of(v, {"move", "declare:sente", "declare:gote"}, "event");
    events.push_back({e != "move", e == "declare:gote" ? shogi::Side::Gote : shogi::Side::Sente});
  }
  // Without line 27's "in his turn" either side may declare at any moment.
  shogi::ProcedureRules rules;
  if (q.ruleset && q.ruleset->codex == "jishogi") rules.declare_on_own_turn = clause_applies(*q.ruleset, "jishogi.declaration.on-own-turn");
  size_t rejected = 0;
  const auto s = shogi::run_declaration_procedure(shogi::Side::Sente, events, &rejected, rules);
  Value out = Value::map();
  if (!s) {
    out.set("rejected", Value::integer(static_cast<std::int64_t>(rejected) + 1));
    return out;
  }
  out.set("stopped", Value::boolean(s->stopped));
  out.set("clocks", Value::string(s->stopped ? "stopped" : "running"));
  if (s->declarer) out.set("declarer", Value::string(*s->declarer == shogi::Side::Sente ? "sente" : "gote"));
  out.set("counted_after_moves", Value::integer(s->moves_before));
  return out;
}

Value camp_query(QueryRequest& q) {
  const int rank = int_field(q.fields, "rank", 1, 9);
  Value out = Value::map();
  out.set("in_enemy_camp", Value::boolean(shogi::in_enemy_camp(rank, static_cast<int>(q.ruleset->int_param("camp_ranks")))));
  return out;
}

Value try_query(QueryRequest& q) {
  const Ruleset& rs = *q.ruleset;
  const bool double_entry = optional_bool_field(q.fields, "double_entry", false);
  Value out = Value::map();
  if (!rs.has_param("try_rule") || !rs.bool_param("try_rule")) {
    out.set("verdict", Value::string("no-try-rule"));
    return out;
  }
  // Without line 54's win a try decides nothing.
  const bool wins = clause_applies(rs, "jishogi.try.win") &&
                    shogi::try_wins(reading_flag(q, "jishogi.try.win", "only-at-ai-nyugyoku", "any-time", false), double_entry);
  out.set("verdict", Value::string(wins ? "win" : "no-effect"));
  return out;
}

Value rating_query(QueryRequest& q) {
  const std::string ended = one_of(q.fields.required("ended"), {"decisive", "jishogi", "sennichite"}, "ended");
  const bool replayed = optional_bool_field(q.fields, "replayed", false);
  const Ruleset& rs = *q.ruleset;
  Value out = Value::map();
  if (ended == "decisive") out.set("original", Value::string("as-played"));
  // Without line 64 nothing regulates how FESA rates a replayed game.
  else if (!rs.has_param("rate_replayed_as_draw") || !rs.bool_param("rate_replayed_as_draw") ||
           !clause_applies(rs, "jishogi.fesa.replayed-rated-draw"))
    out.set("original", Value::string("not-regulated"));
  else if (!replayed) out.set("original", Value::string("not-regulated"));
  else {
    const bool pair = reading_flag(q, "jishogi.fesa.replayed-rated-draw", "pair-rated-one-draw", "original-rated-draw", false);
    out.set("original", Value::string("draw"));
    out.set("replay", Value::string(pair ? "merged-into-the-draw" : "as-played"));
  }
  return out;
}

Value jsa_date_query(QueryRequest& q) {
  const Value& d = q.fields.required("date");
  const std::string& date = d.as_string("date");
  auto digits = [&](size_t from, size_t n) {
    int v = 0;
    for (size_t i = from; i < from + n; ++i) {
      if (i >= date.size() || date[i] < '0' || date[i] > '9') return -1;
      v = v * 10 + (date[i] - '0');
    }
    return v;
  };
  const int year = digits(0, 4), month = digits(5, 2);
  const bool day_ok = date.size() == 7 || (date.size() == 10 && date[7] == '-' && digits(8, 2) >= 1 && digits(8, 2) <= 31);
  if (date.size() < 7 || date[4] != '-' || year < 0 || month < 1 || month > 12 || !day_ok)
    throw InputError(d.pos(), "date: expected YYYY-MM or YYYY-MM-DD, got '" + excerpt(date) + "'");
  Value out = Value::map();
  out.set("jsa_declaration_rules", Value::boolean(year > 2013 || (year == 2013 && month >= 10)));
  return out;
}

}  // namespace

void register_shogi_queries(std::vector<QueryInfo>& out) {
  out.push_back({"shogi", "jishogi-points", "jishogi points of a piece list", true, points_query});
  out.push_back({"shogi", "jishogi-adjudicate", "24- or 27-point adjudication of two piece lists (handicap_giver: for whom a handicap game's removed pieces count, where the ruleset's wording credits them)", true, adjudicate_query});
  out.push_back({"shogi", "declaration-procedure", "when a declaration may be made and what it stops", false, procedure_query});
  out.push_back({"shogi", "camp", "whether a rank lies in the opponent's camp", true, camp_query});
  out.push_back({"shogi", "try", "verdict of a try under a ruleset", true, try_query});
  out.push_back({"shogi", "rating", "how a game that ended in jishogi or sennichite is rated", true, rating_query});
  out.push_back({"shogi", "jsa-date", "whether the JSA declaration rules apply on a date", false, jsa_date_query});
  // "declare" is the oracle's name for the SFEN form (with the shogi model); this is the facts form.
  out.push_back({"shogi", "declare-facts", "declaration verdict from the position's facts", true, declare_query});
}

}  // namespace rulespec
