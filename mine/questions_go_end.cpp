// The Go question of how a game ends: the phase reached after a sequence of end-of-game events
// (moves, passes, agreement, disputes, claims, resignation, a turn lost on the clock), where
// Ing's stop-agree-pass procedure, the 1985 Codex's main part and its EGF three passes, and the
// two-pass rulesets part.
#include <algorithm>
#include <string>
#include <vector>

#include "mine/questions.hpp"

namespace rulespec::mine {
namespace {

constexpr const char* kEvents[] = {"move", "pass", "agree", "dispute", "claim", "resign", "turn-lost"};
constexpr std::uint64_t kEventCount = 7;
constexpr int kLongest = 6;  // the exhaustive space: every sequence of one to six events

Value events_input(const std::vector<std::string>& events) {
  Value list = Value::list();
  for (const auto& e : events) list.push(Value::string(e));
  Value v = Value::map();
  v.set("events", list);
  return v;
}

std::vector<std::string> events_in(const Value& input) {
  std::vector<std::string> out;
  for (const Value& e : input.find("events")->as_list()) out.push_back(e.as_string());
  return out;
}

bool has(const std::vector<std::string>& events, const char* what) {
  for (const auto& e : events)
    if (e == what) return true;
  return false;
}

}  // namespace

Question go_end() {
  Question q;
  q.game = "go";
  q.name = "end";
  q.query = "game-end";
  q.summary = "the phase a game reaches after a sequence of end-of-game events (passes, agreement, disputes, claims)";
  q.compared = {"phase", "rejected", "event", "claim"};
  q.input_name = "sequence";
  q.part_name = "events";
  q.fallback_clauses = {"ing-1996.end.four-passes", "ru-go-1985.art11.p2"};
  // Passes weigh most: every procedure turns on them.
  q.generate = [](common::XorShift64& rng) {
    std::vector<std::string> events;
    for (int i = 0, n = 2 + static_cast<int>(rng.below(7)); i < n; ++i)
      events.push_back(rng.below(2) ? "pass" : kEvents[rng.below(kEventCount)]);
    return events_input(events);
  };
  q.shrink = [](const Value& input) {
    const auto events = events_in(input);
    std::vector<Value> out;
    for (std::size_t i = 0; i < events.size(); ++i) {
      auto fewer = events;
      fewer.erase(fewer.begin() + static_cast<std::ptrdiff_t>(i));
      if (!fewer.empty()) out.push_back(events_input(fewer));
    }
    return out;
  };
  q.canonical = [](const Value& input) { return input; };  // a sequence has no symmetry
  q.shape = [](const Value& input) { return input.dump(); };
  q.parts = [](const Value& input) { return static_cast<int>(input.find("events")->as_list().size()); };
  // Every sequence of one to six events, shortest first, by index in base 7.
  std::uint64_t space = 0;
  for (std::uint64_t n = kEventCount, k = 1; k <= kLongest; ++k, n *= kEventCount) space += n;
  q.space = space;
  q.space_summary = "every sequence of one to six end-of-game events (move, pass, agree, dispute, claim, resign, turn-lost)";
  q.enumerate = [](std::uint64_t index) -> std::optional<Value> {
    std::uint64_t length = 1, count = kEventCount;
    while (index >= count) index -= count, ++length, count *= kEventCount;
    std::vector<std::string> events;
    for (std::uint64_t k = 0; k < length; ++k, index /= kEventCount) events.push_back(kEvents[index % kEventCount]);
    return events_input(events);
  };
  // The procedure's clauses each ruleset's codex applies to the events of the witness.
  q.deciding = [](const Spec& spec, const Value& input, const Ruleset& a, const Ruleset& b) {
    const auto events = events_in(input);
    std::vector<std::string> out;
    auto add = [&](const std::string& id) {
      if (spec.clause(id) && std::find(out.begin(), out.end(), id) == out.end()) out.push_back(id);
    };
    for (const Ruleset* rs : {&a, &b}) {
      if (rs->codex == "ing-1996") {
        add("ing-1996.end.stop-two-passes");
        if (has(events, "agree")) add("ing-1996.end.agree-dead");
        if (has(events, "dispute")) add("ing-1996.end.dispute-play-out"), add("ing-1996.end.after-play-out-passes");
        if (has(events, "claim")) add("ing-1996.end.claims-after-fourth-pass");
        if (has(events, "resign")) add("ing-1996.result.resign-any-time");
        add("ing-1996.end.four-passes");
      } else {
        add(rs->int_param("end_passes") == 3 ? "ru-go-1985.art11.p2.note1-egf" : "ru-go-1985.art11.p2");
        if (has(events, "resign")) add("ru-go-1985.art11.p1");
        if (has(events, "dispute")) add("ru-go-1985.art11.p2.disputes");
        if (has(events, "agree")) add("ru-go-1985.art11.p3");
        if (has(events, "turn-lost")) add("ru-go-1985.art17.p7.a");
      }
    }
    return out;
  };
  return q;
}

}  // namespace rulespec::mine
