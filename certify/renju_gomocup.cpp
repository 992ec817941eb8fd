#include <algorithm>
#include <chrono>
#include <set>
#include <sstream>
#include <stdexcept>

#include "queries/query.hpp"
#include "queries/renju_rules.hpp"
#include "certify/certify.hpp"
#include "engines/process.hpp"
#include "model/renju/fouls.hpp"
#include "model/renju/random_position.hpp"
#include "model/renju/rows.hpp"
#include "model/renju/threats.hpp"

namespace rulespec::certify {
namespace {

using Clock = std::chrono::steady_clock;
constexpr const char* kEmptyPoint = "rif-renju.move.one-stone-empty-point";

// The next protocol line that is not the brain's chatter (MESSAGE, DEBUG).
std::string answer(engines::EngineProcess& e, std::chrono::milliseconds timeout, const std::string& after) {
  for (int n = 0;; ++n) {
    auto line = e.read_line(timeout);
    if (!line) throw std::runtime_error("no answer to '" + after + "' within " + std::to_string(timeout.count()) + " ms");
    if (n > 1000) throw std::runtime_error("more than 1000 lines of chatter after '" + after + "'");
    if (line->rfind("MESSAGE", 0) == 0 || line->rfind("DEBUG", 0) == 0 || line->empty()) continue;
    return *line;
  }
}

std::string gomocup_point(int p, int size) { return std::to_string(p % size) + "," + std::to_string(size - 1 - p / size); }

// Positions where White's four can only be blocked on a Black foul (the codex's fig. 7 a and c, as
// cases/renju/figures.yaml rebuilds them): an engine that forgets its fouls blocks there.
struct BookPosition {
  const char* source;
  std::vector<const char*> black, white;
};
const BookPosition kForcedFouls[] = {
    {"fig. 7 a: the block i10 is an overline", {"d10", "i7", "i8", "i9", "i11", "i12"}, {"e10", "f10", "g10", "h10", "a1", "a2"}},
    {"fig. 7 c: the block i10 is a 4x4", {"d10", "i7", "i8", "i9", "f7", "g8", "h9"}, {"e10", "f10", "g10", "h10", "i6", "e6", "a1"}},
};

// The foul rules a Black move can break, each with the clause that states it and holds its switch
// (queries/switches.hpp): without it the model allows the move.
struct FoulRule {
  renju::Foul kind;
  const char* clause;
};
constexpr FoulRule kFoulRules[] = {{renju::Foul::DoubleThree, "rif-renju.foul.black-double-three"},
                                   {renju::Foul::DoubleFour, "rif-renju.foul.black-double-four"},
                                   {renju::Foul::Overline, "rif-renju.overline.black-foul"}};

bool has_five(const renju::Board& b) {
  for (int p = 0; p < b.points(); ++p)
    if (b.at(p) != renju::Colour::Empty)
      for (int len : renju::rows_through(b, p, b.at(p)))
        if (len >= 5) return true;
  return false;
}

// The oracle's answer (query `fouls` of the ruleset, as `rulespec oracle` gives it): every point
// where Black to move commits a foul. Certify holds an engine to the oracle, nothing of its own.
Value fouls_request(const Ruleset& rs, const renju::Board& b) {
  Value req = Value::map(), black = Value::list(), white = Value::list();
  for (int p = 0; p < b.points(); ++p)
    if (b.at(p) != renju::Colour::Empty) (b.at(p) == renju::Colour::Black ? black : white).push(Value::string(renju::point_name(p, b.size())));
  req.set("game", Value::string("renju"));
  req.set("ruleset", Value::string(rs.id));
  req.set("black", black);
  req.set("white", white);
  req.set("query", Value::string("fouls"));
  return req;
}

std::set<int> oracle_fouls(const Spec& spec, const Ruleset& rs, const renju::Board& b, Result* record = nullptr) {
  const Value req = fouls_request(rs, b);
  const Value answer = run_query(spec, req);
  if (record) record->oracle_checks.push_back({req, "fouls", answer.find("fouls") ? *answer.find("fouls") : Value::null()});
  std::set<int> out;
  if (const Value* fouls = answer.find("fouls"))
    for (const auto& e : fouls->as_map()) out.insert(*renju::parse_point(e.key, b.size()));
  return out;
}

// Black to move has as many stones on the board as White (the Gomocup protocol tells a brain its
// stones and the opponent's, and the colour follows from the counts): stones of the colour short
// added at random points until the counts agree, each kept only while no five stands and `keep`
// holds. False when that fails.
template <class Keep>
bool balance(renju::Board& b, common::XorShift64& rng, const Keep& keep) {
  for (int tries = 0; tries < 400; ++tries) {
    int black = 0, white = 0;
    for (int p = 0; p < b.points(); ++p) black += b.at(p) == renju::Colour::Black, white += b.at(p) == renju::Colour::White;
    if (black == white) return keep(b);
    const int p = static_cast<int>(rng.below(static_cast<std::uint64_t>(b.points())));
    if (b.at(p) != renju::Colour::Empty) continue;
    b.set(p, black < white ? renju::Colour::Black : renju::Colour::White);
    if (has_five(b) || !keep(b)) b.set(p, renju::Colour::Empty);
  }
  return false;
}

// A probe position for one foul: a random position with a Black foul point f of that kind, White
// given a four whose only block is f, Black no five, as many stones of each colour. An engine
// without the rule blocks at f: the only move that does not lose at once, as far as it knows.
renju::Board foul_probe(int size, renju::Foul kind, const renju::FoulRules& rules, common::XorShift64& rng) {
  for (int attempt = 0; attempt < 200; ++attempt) {
    renju::PositionShape shape{size, 30 + static_cast<int>(rng.below(50))};
    renju::Board b = renju::random_position(size, shape, rng.next());
    if (has_five(b)) continue;
    // White's four through a foul point f: four White stones on a line of five through f.
    std::vector<int> points;
    for (const auto& f : renju::foul_map(b, rules))
      if (f.kind == kind) points.push_back(f.point);
    if (points.empty()) continue;
    const int f = points[rng.below(points.size())];
    static constexpr int kDirections[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    for (int tries = 0; tries < 20; ++tries) {
      const auto& d = kDirections[rng.below(4)];
      const int shift = static_cast<int>(rng.below(5));  // where f sits in the five
      const int c0 = f % size - shift * d[0], r0 = f / size - shift * d[1];
      renju::Board t = b;
      bool fits = true;
      for (int k = 0; k < 5 && fits; ++k) {
        const int c = c0 + k * d[0], r = r0 + k * d[1];
        if (!t.on_board(c, r)) fits = false;
        else if (k != shift) {
          const int q = t.point(c, r);
          if (t.at(q) == renju::Colour::Black) fits = false;
          else t.set(q, renju::Colour::White);
        }
      }
      if (!fits || has_five(t)) continue;
      const auto white_wins = renju::mate_points(t, renju::Colour::White, rules);
      if (white_wins != std::vector<int>{f} || !renju::mate_points(t, renju::Colour::Black, rules).empty()) continue;
      if (renju::foul_fast(t, f, rules) != kind) continue;
      // Still forced once the stones are balanced: White's only win at f, Black none, f the foul.
      const bool still_forced = balance(t, rng, [&](renju::Board& u) {
        return renju::mate_points(u, renju::Colour::White, rules) == std::vector<int>{f} &&
               renju::mate_points(u, renju::Colour::Black, rules).empty() && renju::foul_fast(u, f, rules) == kind;
      });
      if (still_forced) return t;
    }
  }
  return renju::Board(0);
}

}  // namespace

std::optional<int> gomocup_rule(const Ruleset& rs) {
  const bool fouls = rs.is("overline_black", "foul") || rs.bool_param("foul_double_three") || rs.bool_param("foul_double_four") ||
                     rs.bool_param("foul_multi_fork");
  const bool renju = rs.is("overline_black", "foul") && rs.is("overline_white", "win") && rs.bool_param("foul_double_three") &&
                     rs.bool_param("foul_double_four") && rs.bool_param("foul_multi_fork");
  if (renju) return 4;
  if (fouls) return std::nullopt;  // some fouls but not renju's: Gomocup has no such rule
  if (rs.is("overline_black", "win") && rs.is("overline_white", "win")) return 0;
  if (rs.is("overline_black", "no-win") && rs.is("overline_white", "no-win")) return 1;
  return std::nullopt;
}

Result certify_renju_gomocup(const Spec& spec, const Ruleset& rs, const Options& options) {
  Result r = begin_result("gomocup", spec, rs, options);
  if (options.only_game >= 0) throw ReplayOutOfRange("--replay: a renju run over gomocup is replayed whole (its replay line has no --replay)");
  const auto rule = gomocup_rule(rs);
  if (!rule) {
    // Not the engine's failure: the protocol cannot state these rules, so nothing of them can be
    // observed through it.
    r.not_observable.push_back("the rules of " + rs.id + ": Gomocup's INFO rule states only five or more wins (0), exactly five (1) "
                               "and renju (4), and these are none of them; the engine was not started");
    return r;
  }
  const auto rules = renju_foul_rules(spec, rs);
  const int size = static_cast<int>(rs.int_param("board_size"));
  const auto start = Clock::now();
  const auto budget = std::chrono::duration<double>(options.budget_seconds);
  const auto timeout = std::chrono::milliseconds(static_cast<long>(std::min(10.0, options.budget_seconds) * 1000));
  engines::EngineProcess engine(options.engine);
  std::string last;
  auto tally = [&r](const char* clause, bool pass, Failure f, Evidence e) { r.tally(clause, pass, std::move(f), e); };
  r.measures_decisiveness = true;
  // Whether a five wins is a rule of results: the protocol gives moves, and an engine that does
  // not take a five breaks no rule.
  r.not_observable.push_back("what ends the game (a five, an overline, a pass): the Gomocup protocol gives the engine's moves, not results");
  try {
    last = "START " + std::to_string(size);
    engine.send(last);
    std::string ok;
    try {
      ok = answer(engine, timeout, last);
    } catch (const std::exception& e) {
      throw std::runtime_error(std::string(e.what()) + "; " + silent_engine_hint("Gomocup", options.engine));
    }
    if (ok != "OK") throw std::runtime_error("answer to '" + last + "' is not OK: '" + ok.substr(0, 80) + "'");
    last = "INFO rule " + std::to_string(*rule);
    engine.send(last);  // the protocol gives INFO no answer
    last = "ABOUT";
    engine.send(last);
    const std::string about = answer(engine, timeout, last);
    if (const auto at = about.find("name=\""); at != std::string::npos) r.engine_id = about.substr(at + 6, about.find('"', at + 6) - at - 6);
    common::XorShift64 rng{options.seed * 104729ull + 3};
    const std::string replay = replay_line("renju", rs, options);
    // The foul rules of the ruleset's codex: each probe asks the oracle without each of them.
    std::vector<FoulRule> rules_off;
    for (const auto& fr : kFoulRules)
      if (std::find(r.scope.begin(), r.scope.end(), fr.clause) != r.scope.end()) rules_off.push_back(fr);
    // Probes are made decisive: the book's two, then forced fouls of each kind in turn until each
    // foul rule has its decisive probes (twice the minimum), within the budget.
    const int per_rule = 2 * r.min_probes;
    const int wanted = static_cast<int>(std::size(kForcedFouls)) + per_rule * static_cast<int>(rules_off.size());
    std::size_t turn = 0;
    for (int tries = 0; tries < 4 * wanted && Clock::now() - start <= budget; ++tries) {
      renju::Board b(size);
      if (static_cast<std::size_t>(tries) < std::size(kForcedFouls)) {
        if (size != 15 || *rule != 4) continue;
        for (const char* q : kForcedFouls[tries].black) b.set(*renju::parse_point(q, size), renju::Colour::Black);
        for (const char* q : kForcedFouls[tries].white) b.set(*renju::parse_point(q, size), renju::Colour::White);
      } else {
        if (*rule != 4) break;  // gomoku: no foul to probe
        // The next foul rule that still needs decisive probes.
        const FoulRule* next = nullptr;
        for (std::size_t k = 0; k < rules_off.size() && !next; ++k) {
          const FoulRule& fr = rules_off[(turn + k) % rules_off.size()];
          const auto it = r.clauses.find(fr.clause);
          if (it == r.clauses.end() || it->second.decisive < per_rule) next = &fr, turn = (turn + k + 1) % rules_off.size();
        }
        if (!next) break;
        b = foul_probe(size, next->kind, rules, rng);
        if (b.size() == 0) continue;
      }
      // What the oracle requires, and what it allows without each foul rule.
      const std::set<int> fouls = oracle_fouls(spec, rs, b, options.record_oracle ? &r : nullptr);
      const std::vector<int> white_wins = renju::mate_points(b, renju::Colour::White, rules);
      struct Decides {
        const char* clause;
        std::set<int> only_it;  // points that are fouls only because of this rule
        double blind_pass;
      };
      std::vector<Decides> decides;
      for (const auto& fr : rules_off) {
        std::set<int> off;
        {
          ClauseSwitchedOff without(fr.clause);
          off = oracle_fouls(spec, rs, b);
        }
        Decides d{fr.clause, {}, 1.0};
        for (int p : fouls)
          if (!off.count(p)) d.only_it.insert(p);
        if (d.only_it.empty()) continue;
        // The rule-blind engine: uniformly among the points the rule-off model allows that do not
        // lose at once (the one block of White's single winning point), or among all it allows.
        std::vector<int> candidates;
        for (int q = 0; q < b.points(); ++q)
          if (b.at(q) == renju::Colour::Empty && !off.count(q)) candidates.push_back(q);
        if (white_wins.size() == 1 && std::count(candidates.begin(), candidates.end(), white_wins.front()))
          candidates = white_wins;
        if (candidates.empty()) continue;
        const auto passing = std::count_if(candidates.begin(), candidates.end(), [&](int q) { return !d.only_it.count(q); });
        d.blind_pass = static_cast<double>(passing) / static_cast<double>(candidates.size());
        decides.push_back(std::move(d));
      }
      if (fouls.empty() || (*rule == 4 && decides.empty())) continue;
      ++r.probes;
      if (options.position_progress) options.position_progress(r.probes, std::max(wanted, r.probes), r.probes, static_cast<int>(r.clauses.size()));
      std::string position;
      last = "BOARD";
      engine.send("BOARD");
      for (int p = 0; p < b.points(); ++p)
        if (b.at(p) != renju::Colour::Empty) {
          engine.send(gomocup_point(p, size) + "," + (b.at(p) == renju::Colour::Black ? "1" : "2"));
          position += (position.empty() ? "" : " ") + std::string(b.at(p) == renju::Colour::Black ? "B " : "W ") + renju::point_name(p, size);
        }
      engine.send("DONE");
      last = "BOARD ... DONE (" + position + ")";
      const std::string reply = answer(engine, timeout, "BOARD");
      int x = -1, y = -1;
      Failure f{position, "BOARD with Black (the engine) to move", "", reply, replay};
      if (std::sscanf(reply.c_str(), "%d,%d", &x, &y) != 2 || x < 0 || y < 0 || x >= size || y >= size) {
        f.required = "a point of the board";
        tally(kEmptyPoint, false, f, Evidence::not_decisive());
        continue;
      }
      const int p = (size - 1 - y) * size + x;
      f.answered = renju::point_name(p, size) + " (" + reply + ")";
      f.required = "an empty point";
      // Every engine plays on an empty point: no probe can tell one without the rule apart.
      tally(kEmptyPoint, b.at(p) == renju::Colour::Empty, f, Evidence::not_decisive());
      if (b.at(p) != renju::Colour::Empty) continue;
      for (const auto& d : decides) {
        Failure g = f;
        g.required = "no point that only " + std::string(d.clause) + " makes a foul:";
        for (int q : d.only_it) g.required += " " + renju::point_name(q, size);
        g.answered = renju::point_name(p, size) + (d.only_it.count(p) ? ", a foul" : "");
        tally(d.clause, !d.only_it.count(p), g, Evidence::of(true, d.blind_pass));
      }
    }
    engine.send("END");
  } catch (const std::exception& e) {
    r.engine_error = std::string(e.what()) + " (last exchange: " + last.substr(0, 200) + ")";
  }
  r.games = options.games;
  r.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return r;
}

}  // namespace rulespec::certify
