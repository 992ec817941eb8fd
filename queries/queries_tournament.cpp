// Competition-system queries (1985 Codex, chapter II): shapes of round robin, Scheveningen and
// knock-out events.
#include "queries/query.hpp"
#include "model/tournament/round_robin.hpp"

namespace rulespec {
namespace {

Value round_robin_query(QueryRequest& q) {
  const int players = int_field(q.fields, "players", 2, 1000);
  const int cycles = optional_int_field(q.fields, "cycles", 1, 1, 10);
  const auto s = tournament::round_robin(players, cycles);
  Value out = Value::map();
  out.set("rounds", Value::integer(s.rounds));
  out.set("games", Value::integer(s.games));
  out.set("games_per_round", Value::integer(s.games_per_round));
  out.set("byes_per_round", Value::integer(s.byes_per_round));
  return out;
}

Value knock_out_query(QueryRequest& q) {
  const auto s = tournament::knock_out(int_field(q.fields, "players", 2, 100000));
  Value out = Value::map();
  out.set("rounds", Value::integer(s.rounds));
  out.set("games", Value::integer(s.games));
  out.set("byes", Value::integer(s.byes));
  return out;
}

Value scheveningen_query(QueryRequest& q) {
  const auto s = tournament::scheveningen(int_field(q.fields, "team_size", 1, 100),
                                          optional_int_field(q.fields, "cycles", 1, 1, 10));
  Value out = Value::map();
  out.set("rounds", Value::integer(s.rounds));
  out.set("games", Value::integer(s.games));
  return out;
}

}  // namespace

void register_tournament_queries(std::vector<QueryInfo>& out) {
  out.push_back({"go", "round-robin", "rounds, games and byes of a round robin", false, round_robin_query});
  out.push_back({"go", "knock-out", "rounds, games and byes of a knock-out", false, knock_out_query});
  out.push_back({"go", "scheveningen", "rounds and games of a Scheveningen match", false, scheveningen_query});
}

}  // namespace rulespec
