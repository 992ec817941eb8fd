// The renju foul model against the public reference sample (tests/data/renju-fouls-public.tsv, a
// copy of ../shared/data: foul maps on which two established renju engines agree), through the
// oracle exactly as a user asks it, with both implementations.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>

#include "queries/query.hpp"
#include "model/renju/board.hpp"
#include "model/renju/fouls.hpp"
#include "model/renju/openings.hpp"
#include "tests/repo.hpp"

using namespace rulespec;

namespace {

using rulespec::testing::repo_spec;

std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

std::vector<std::string> words(const std::string& s) {
  std::istringstream in(s);
  return {std::istream_iterator<std::string>(in), {}};
}

Value string_list(const std::vector<std::string>& items) {
  Value v = Value::list();
  for (const auto& s : items) v.push(Value::string(s));
  return v;
}

}  // namespace

TEST_CASE("the public renju foul sample is ours byte for byte") {
  const auto copy = std::filesystem::path(source_root()) / "tests" / "data" / "renju-fouls-public.tsv";
  const auto shared = std::filesystem::path(source_root()) / ".." / "shared" / "data" / "renju-fouls-public.tsv";
  REQUIRE(std::filesystem::exists(copy));
  if (std::filesystem::exists(shared)) CHECK(read_file(copy) == read_file(shared));
}

TEST_CASE("the oracle's foul map matches every line of the public sample, with both implementations") {
  const auto path = std::filesystem::path(source_root()) / "tests" / "data" / "renju-fouls-public.tsv";
  std::ifstream in(path);
  REQUIRE(in);
  int positions = 0, fouls = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> fields;
    std::size_t start = 0;
    for (std::size_t tab; (tab = line.find('\t', start)) != std::string::npos; start = tab + 1) fields.push_back(line.substr(start, tab - start));
    fields.push_back(line.substr(start));
    REQUIRE(fields.size() >= 2);
    std::map<std::string, std::string> expected;
    if (fields.size() > 2)
      for (const auto& item : words(fields[2])) expected[item.substr(0, item.find('='))] = item.substr(item.find('=') + 1);
    for (const char* impl : {"fast", "definition"}) {
      Value req = Value::map();
      req.set("game", Value::string("renju"));
      req.set("query", Value::string("fouls"));
      req.set("ruleset", Value::string("rif-renju"));
      req.set("black", string_list(words(fields[0])));
      req.set("white", string_list(words(fields[1])));
      req.set("implementation", Value::string(impl));
      const Value answer = run_query(repo_spec(), req);
      std::map<std::string, std::string> got;
      for (const auto& e : answer.find("fouls")->as_map("fouls")) got[e.key] = e.value.as_string();
      INFO(impl << " on line " << positions + 1 << ": " << line);
      CHECK(got == expected);
    }
    ++positions;
    fouls += static_cast<int>(expected.size());
  }
  CHECK(positions >= 80);
  CHECK(fouls >= 40);
}

TEST_CASE("renju move lists: spaces, commas, written together, passes, and a bad token is named") {
  CHECK(renju::parse_moves("h8 i9, j10", 15) == std::vector<int>{7 * 15 + 7, 8 * 15 + 8, 9 * 15 + 9});
  CHECK(renju::parse_moves("h8i9j10", 15) == std::vector<int>{7 * 15 + 7, 8 * 15 + 8, 9 * 15 + 9});
  CHECK(renju::parse_moves("a15a1", 15) == std::vector<int>{14 * 15, 0});
  CHECK(renju::parse_moves("h8 pass i9", 15) == std::vector<int>{7 * 15 + 7, -1, 8 * 15 + 8});
  std::string bad;
  CHECK_FALSE(renju::parse_moves("h8 z9", 15, &bad));
  CHECK(bad == "z9");
  CHECK_FALSE(renju::parse_moves("h8 h0", 15, &bad));
}

TEST_CASE("a same-line double four and a three whose four point is a 4x4 (fig. 6 c) are told apart") {
  renju::FoulRules rules;
  // X.X?X.X on row 8: the middle stone makes two fours on one line.
  renju::Board b(15);
  for (const char* p : {"d8", "f8", "h8", "j8"}) b.set(*renju::parse_point(p, 15), renju::Colour::Black);
  const int g8 = *renju::parse_point("g8", 15);
  CHECK(renju::foul_by_definition(b, g8, rules) == renju::Foul::DoubleFour);
  CHECK(renju::foul_fast(b, g8, rules) == renju::Foul::DoubleFour);
  rules.same_line_fours = false;
  CHECK(renju::foul_by_definition(b, g8, rules) == renju::Foul::None);
  CHECK(renju::foul_fast(b, g8, rules) == renju::Foul::None);
}

TEST_CASE("the 26 canonical openings: every legal third move is exactly one of them, names as in the codex table") {
  using renju::classify_opening;
  std::map<std::pair<int, bool>, int> hits;
  for (int sx = -1; sx <= 1; ++sx)
    for (int sy = -1; sy <= 1; ++sy)
      for (int tx = -2; tx <= 2; ++tx)
        for (int ty = -2; ty <= 2; ++ty) {
          const std::pair<int, int> second{sx, sy}, third{tx, ty};
          const bool legal = (sx || sy) && (tx || ty) && third != second;
          const auto o = classify_opening(second, third);
          REQUIRE(o.has_value() == legal);
          if (!o) continue;
          CHECK(o->direct == (sx == 0 || sy == 0));
          ++hits[{o->number, o->direct}];
        }
  // 8 second moves x 23 third points = 184 openings; a third point on the mirror axis has an orbit
  // of 4 (direct: h10, h7, h6; indirect: j10, g7, f6), every other one an orbit of 8.
  REQUIRE(hits.size() == 26);
  int total = 0;
  for (const auto& [key, n] : hits) {
    total += n;
    const auto& o = renju::canonical_opening_table()[static_cast<std::size_t>(key.first - 1 + (key.second ? 0 : 13))];
    const bool on_axis = key.second ? o.third_x == 0 : o.third_x == o.third_y;
    CHECK(n == (on_axis ? 4 : 8));
  }
  CHECK(total == 184);

  // The table's names are the codex's (spec/sources/renju-rif.ru.txt lines 80-105, "1В | name | яп. 寒星, ...").
  std::ifstream in(source_root() + "/spec/sources/renju-rif.ru.txt");
  std::string line;
  int checked = 0;
  for (int n = 1; std::getline(in, line); ++n) {
    if (n < 80 || n > 105) continue;
    const auto& o = renju::canonical_opening_table()[static_cast<std::size_t>(n - 80)];
    const std::string code = std::to_string(o.number) + (o.direct ? "В" : "Д");
    INFO("line " << n << ": " << line);
    CHECK(line.rfind(code + " | " + o.name + " | яп. " + o.japanese, 0) == 0);
    ++checked;
  }
  CHECK(checked == 26);
}
