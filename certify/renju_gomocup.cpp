#include <algorithm>
#include <chrono>
#include <sstream>
#include <stdexcept>

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
constexpr const char* kFouls = "rif-renju.foul.black-list";
constexpr const char* kFive = "rif-renju.result.five-wins";

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
  const auto rule = gomocup_rule(rs);
  if (!rule) {
    r.engine_error = "ruleset " + rs.id + " has no Gomocup rule value (INFO rule 0: five or more wins, 1: exactly five, 4: renju); the engine was not started";
    return r;
  }
  const auto rules = renju_foul_rules(spec, rs);
  const int size = static_cast<int>(rs.int_param("board_size"));
  const auto start = Clock::now();
  const auto budget = std::chrono::duration<double>(options.budget_seconds);
  const auto timeout = std::chrono::milliseconds(static_cast<long>(std::min(10.0, options.budget_seconds) * 1000));
  engines::EngineProcess engine(options.engine);
  std::string last;
  auto tally = [&r](const char* clause, bool pass, Failure f) { r.tally(clause, pass, std::move(f)); };
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
    const int wanted = options.games * 8;
    for (int tries = 0; r.probes < wanted && tries < 100000 && Clock::now() - start <= budget; ++tries) {
      // The book's forced fouls first; then positions with Black to move, no five on the board,
      // where Black has fouls to avoid.
      renju::Board b(size);
      if (static_cast<std::size_t>(tries) < std::size(kForcedFouls) && size == 15) {
        for (const char* q : kForcedFouls[tries].black) b.set(*renju::parse_point(q, size), renju::Colour::Black);
        for (const char* q : kForcedFouls[tries].white) b.set(*renju::parse_point(q, size), renju::Colour::White);
      } else {
        renju::PositionShape shape{6 + static_cast<int>(rng.below(10)), 2 * (6 + static_cast<int>(rng.below(20)))};
        b = renju::random_position(size, shape, rng.next());
      }
      bool five = false;
      for (int p = 0; p < b.points() && !five; ++p)
        if (b.at(p) != renju::Colour::Empty)
          for (int len : renju::rows_through(b, p, b.at(p))) five = five || len >= 5;
      if (five) continue;
      const auto fouls = renju::foul_map(b, rules);
      const auto fives = renju::mate_points(b, renju::Colour::Black, rules);
      if (fouls.empty() && fives.empty()) continue;
      ++r.probes;
      if (options.position_progress) options.position_progress(r.probes, wanted, r.probes, static_cast<int>(r.clauses.size()));
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
        tally(kEmptyPoint, false, f);
        continue;
      }
      const int p = (size - 1 - y) * size + x;
      f.answered = renju::point_name(p, size) + " (" + reply + ")";
      f.required = "an empty point";
      tally(kEmptyPoint, b.at(p) == renju::Colour::Empty, f);
      if (b.at(p) != renju::Colour::Empty) continue;
      const auto kind = renju::foul_fast(b, p, rules);
      f.required = "no foul (foul points here:";
      for (const auto& fp : fouls) f.required += " " + renju::point_name(fp.point, size) + "=" + renju::foul_name(fp.kind);
      f.required += ")";
      f.answered = renju::point_name(p, size) + (kind == renju::Foul::None ? "" : std::string(", a foul: ") + renju::foul_name(kind));
      if (*rule == 4) tally(kFouls, kind == renju::Foul::None, f);  // gomoku has no fouls to honour
      if (!fives.empty()) {
        Failure g{position, "BOARD with a five for Black", "a five, at one of:", renju::point_name(p, size), replay};
        for (int q : fives) g.required += " " + renju::point_name(q, size);
        tally(kFive, std::find(fives.begin(), fives.end(), p) != fives.end(), g);
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
