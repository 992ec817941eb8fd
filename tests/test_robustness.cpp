// Bad input never crashes rulespec: random bytes, mutated YAML and random oracle requests end in
// a value, an InputError (positioned) or a QueryError, and nothing else.
#include <catch2/catch.hpp>
#include <rapidcheck.h>

#include <algorithm>
#include <iostream>

#include "queries/query.hpp"
#include "model/go/sgf.hpp"
#include "model/xiangqi/notation.hpp"
#include "reports/json_value.hpp"
#include "spec/yaml_load.hpp"
#include "tests/repo.hpp"

using namespace rulespec;

namespace {

using rulespec::testing::repo_spec;

// A byte string biased towards YAML and JSON syntax.
rc::Gen<std::string> gen_text() {
  return rc::gen::container<std::string>(rc::gen::oneOf(
      rc::gen::elementOf(std::string("{}[]:,-'\"&*!#|> \n\t0123456789abcxyz.eE+")), rc::gen::arbitrary<char>()));
}

// Any exception other than the two kinds of refusal escapes and fails the property.
template <typename F>
bool only_input_errors(F&& f) {
  try {
    f();
  } catch (const InputError&) {
  } catch (const QueryError&) {
  }
  return true;
}

// Runs a property with a fixed seed, so the suite is the same on every run.
template <typename Testable>
bool check_fixed(const char* name, Testable&& testable, int runs = 2000) {
  rc::detail::TestMetadata meta;
  meta.id = name;
  meta.description = name;
  rc::detail::TestParams params;
  params.seed = 20261122;
  params.maxSuccess = runs;
  const auto result = rc::detail::checkTestable(std::forward<Testable>(testable), meta, params);
  if (!result.template is<rc::detail::SuccessResult>()) rc::detail::printResultMessage(result, std::cerr);
  return result.template is<rc::detail::SuccessResult>();
}

}  // namespace

TEST_CASE("the YAML pre-pass answers any bytes with a value or a positioned InputError") {
  CHECK(check_fixed("yaml", [] {
    const std::string text = *gen_text();
    RC_ASSERT(only_input_errors([&] { parse_yaml(text, "fuzz.yaml"); }));
  }));
}

TEST_CASE("the oracle's JSON reader answers any line with a value or a positioned InputError") {
  CHECK(check_fixed("json", [] {
    const std::string text = *gen_text();
    RC_ASSERT(only_input_errors([&] {
      check_utf8(text, "<stdin>", 1);
      parse_json(text, "<stdin>", 1);
    }));
  }));
}

namespace {
// A random JSON document with strings that need escapes.
Json gen_json(int depth) {
  const int kind = *rc::gen::inRange(0, depth > 0 ? 7 : 5);
  switch (kind) {
    case 0: return nullptr;
    case 1: return *rc::gen::arbitrary<bool>();
    case 2: return *rc::gen::arbitrary<std::int64_t>();
    case 3: return *rc::gen::inRange(-1000, 1000) / 8.0;
    case 4: return *rc::gen::container<std::string>(rc::gen::elementOf(std::string("ab\"\\/\n\t ,:[]{}")));
    case 5: {
      Json a = Json::array();
      for (int i = *rc::gen::inRange(0, 4); i > 0; --i) a.push_back(gen_json(depth - 1));
      return a;
    }
    default: {
      Json o = Json::object();
      for (int i = *rc::gen::inRange(0, 4); i > 0; --i) o["k" + std::to_string(i) + "\"x"] = gen_json(depth - 1);
      return o;
    }
  }
}

// Each node's column points at the first byte of that node in the text.
void check_columns(const Value& v, const Json& j, const std::string& text) {
  const auto at = static_cast<size_t>(v.pos().col - 1);
  RC_ASSERT(at < text.size());
  if (j.is_array()) {
    RC_ASSERT(text[at] == '[');
    for (size_t i = 0; i < j.size(); ++i) check_columns(v.as_list()[i], j[i], text);
  } else if (j.is_object()) {
    RC_ASSERT(text[at] == '{');
    size_t i = 0;
    for (auto it = j.begin(); it != j.end(); ++it, ++i) check_columns(v.as_map()[i].value, it.value(), text);
  } else {
    const std::string token = j.dump();
    RC_ASSERT(text.compare(at, token.size(), token) == 0);
  }
}
}  // namespace

TEST_CASE("every node of an oracle request carries the column where it starts") {
  CHECK(check_fixed("json-columns", [] {
    const Json j = gen_json(3);
    std::string text = j.dump(*rc::gen::inRange(-1, 3));
    std::replace(text.begin(), text.end(), '\n', ' ');  // one request per line
    const Value v = parse_json(text, "<stdin>", 1);
    check_columns(v, j, text);
  }, 500));
}

TEST_CASE("every query answers random requests without crashing") {
  const Spec& spec = repo_spec();
  std::vector<std::string> keys = {"rank", "ranks", "points", "black_stones", "white_stones", "black_territory",
                                   "white_territory", "seki_points", "komi", "basic_time", "overtime", "late_by",
                                   "size", "pieces", "sente", "gote", "declarer", "in_camp", "events", "players",
                                   "rounds", "seed", "moves", "stones", "rate", "first_hours", "second_hours",
                                   "results", "a", "b", "matches", "teams", "boards", "date", "moves_per_cycle",
                                   "fen", "sgf", "rows", "setup", "move", "dead", "depth", "handicap", "to_play", "settled",
                                   "lenient", "seki", "within", "threat", "escapes", "target", "region", "must_start"};
  CHECK(check_fixed("queries", [&] {
    const auto& all = queries();
    const auto& q = all[*rc::gen::inRange<size_t>(0, all.size())];
    Value req = Value::map();
    req.set("game", Value::string(q.game));
    req.set("query", Value::string(q.name));
    const auto rulesets = spec.ruleset_ids(q.game);
    if (!rulesets.empty() && *rc::gen::inRange(0, 10) > 0)
      req.set("ruleset", Value::string(rulesets[*rc::gen::inRange<size_t>(0, rulesets.size())]));
    const int fields = *rc::gen::inRange(0, 5);
    for (int i = 0; i < fields; ++i) {
      const std::string& key = keys[*rc::gen::inRange<size_t>(0, keys.size())];
      switch (*rc::gen::inRange(0, 5)) {
        case 0: req.set(key, Value::integer(*rc::gen::arbitrary<std::int64_t>())); break;
        case 1: req.set(key, Value::string(*gen_text())); break;
        case 2: req.set(key, Value::number(*rc::gen::arbitrary<double>())); break;
        case 3: {
          Value l = Value::list();
          for (int j = *rc::gen::inRange(0, 4); j > 0; --j) l.push(Value::integer(*rc::gen::inRange(-3, 400)));
          req.set(key, l);
          break;
        }
        default: req.set(key, Value::boolean(*rc::gen::arbitrary<bool>()));
      }
    }
    RC_ASSERT(only_input_errors([&] { run_query(spec, req); }));
  }));
}

TEST_CASE("the SGF reader answers any text with a game or a positioned error") {
  CHECK(check_fixed("sgf", [] {
    const std::string text = *rc::gen::container<std::string>(rc::gen::oneOf(
        rc::gen::elementOf(std::string("();[]\\:ABWEKMPSZLHRUaistz019 \n")), rc::gen::arbitrary<char>()));
    const auto parsed = go::parse_sgf(text);
    if (parsed.game) {
      // Whatever was read can be written and read back the same.
      const auto again = go::parse_sgf(go::write_sgf(*parsed.game));
      RC_ASSERT(again.game.has_value());
      RC_ASSERT(again.game->moves == parsed.game->moves);
    } else {
      RC_ASSERT(parsed.error.line >= 1);
      RC_ASSERT(parsed.error.column >= 1);
      RC_ASSERT(!parsed.error.message.empty());
    }
  }));
}

// Found by make fuzz (tests/fuzz-regressions/sgf/): variations nested a few thousand deep
// overflowed the stack of a recursive reader. A million deep must read as well as one.
TEST_CASE("SGF variations nested a million deep are read without recursion") {
  const std::size_t depth = 1000000;
  const std::string text = "(;SZ[9];B[ee]" + std::string(depth, '(') + ";W[cc]" + std::string(depth, ')') + ")";
  const auto parsed = go::parse_sgf(text);
  REQUIRE(parsed.game.has_value());
  CHECK(parsed.game->moves.size() == 2);
  const auto open = go::parse_sgf("(;SZ[9]" + std::string(depth, '(') + ";B[ee]");
  CHECK_FALSE(open.game.has_value());
  CHECK(open.error.message.find("expected ')'") != std::string::npos);
}

TEST_CASE("the FEN reader and the move notations answer any text without crashing") {
  CHECK(check_fixed("fen", [] {
    const std::string text = *rc::gen::container<std::string>(
        rc::gen::oneOf(rc::gen::elementOf(std::string("rnbakcpRNBAKCPEHG123456789/ wb-")), rc::gen::arbitrary<char>()));
    const auto parsed = xiangqi::Position::from_fen(text);
    RC_ASSERT(parsed.position.has_value() == parsed.problems.empty());
    for (const auto& p : parsed.problems) RC_ASSERT(p.column >= 1 && !p.message.empty());
    if (parsed.position) RC_ASSERT(xiangqi::Position::from_fen(parsed.position->fen()).position.has_value());
  }));
  CHECK(check_fixed("xiangqi-moves", [] {
    const std::string text = *rc::gen::container<std::string>(
        rc::gen::oneOf(rc::gen::elementOf(std::string("KAEHRCPGBNkaehrcpabcdefghi0123456789+-=.!?")), rc::gen::arbitrary<char>()));
    const auto pos = xiangqi::Position::start();
    for (bool lenient : {false, true}) {
      const auto m = xiangqi::parse_move(pos, text, lenient);
      RC_ASSERT(m.move.has_value() || !m.error.empty());
      if (m.move) RC_ASSERT(pos.is_legal(*m.move));
    }
  }));
}
