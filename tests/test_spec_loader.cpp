// The YAML pre-pass and the closed-world catalog schema.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "queries/query.hpp"
#include "reports/json_value.hpp"
#include "spec/amendment.hpp"
#include "spec/catalog.hpp"
#include "spec/parse_cache.hpp"
#include "spec/spec.hpp"
#include "solver/finding.hpp"
#include "spec/yaml_load.hpp"
#include "tests/repo.hpp"

using namespace rulespec;

namespace {
// The error (or "") of loading a spec directory holding one catalog on the Ing source text.
std::string load_error(const std::string& catalog) {
  const auto dir = std::filesystem::temp_directory_path() / ("rulespec-catalog-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "zz.yaml") << catalog;
  std::string error;
  try {
    Spec::load_dir(dir.string());
  } catch (const InputError& e) {
    error = e.what();
  }
  std::filesystem::remove_all(dir);
  return error;
}
std::string error_of(const std::string& text) {
  try {
    parse_codex(parse_yaml(text, "t.yaml"), "t.yaml");
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}
const char* kMinimal =
    "codex: {id: zz, game: go, title: T, source: s.txt}\n"
    "params:\n  - {id: komi, type: number, domain: {min: 0, max: 10, step: 0.5}, statement: k}\n"
    "rulesets:\n  - {id: zz, params: {komi: 6.5}}\n  - {id: zz-b, base: zz, readings: {zz.a: two}}\n"
    "clauses:\n"
    "  - id: zz.a\n    ref: Art. 1\n    topic: ko\n    kind: prohibition\n    board: true\n    statement: S\n"
    "    readings: [{id: one, statement: r1}, {id: two, statement: r2}]\n    status: partial\n    why: later\n";
}  // namespace

TEST_CASE("yaml pre-pass types plain scalars and keeps quoted ones as strings") {
  const Value v = parse_yaml("a: 1\nb: '1'\nc: 2.5\nd: true\ne: x y\n", "t.yaml");
  CHECK(v.find("a")->kind() == Value::Kind::Int);
  CHECK(v.find("b")->kind() == Value::Kind::String);
  CHECK(v.find("c")->as_number() == 2.5);
  CHECK(v.find("d")->as_bool());
  CHECK(v.find("e")->as_string() == "x y");
  CHECK(v.find("e")->pos().line == 5);
  CHECK(v.find("e")->pos().col == 4);
}

TEST_CASE("yaml pre-pass rejects what catalogs must not contain, with positions") {
  auto msg = [](const std::string& text) {
    try {
      parse_yaml(text, "t.yaml");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  CHECK(msg("a: 1\nb: 2\na: 3\n") == "t.yaml:3:1: duplicate key 'a'");
  CHECK(msg("a: &x 1\nb: *x\n").rfind("t.yaml:1:4: anchors", 0) == 0);
  CHECK(msg(std::string(70, '[') + std::string(70, ']')).rfind("t.yaml:1:65: nesting deeper than 64", 0) == 0);
  CHECK(msg("").rfind("t.yaml:1:1: empty file", 0) == 0);
  CHECK(msg("# only a comment\n").rfind("t.yaml:1:1: empty file", 0) == 0);
  CHECK(msg(std::string("a: 1\nb\0: 2\n", 11)).rfind("t.yaml:2:2: binary file", 0) == 0);
  CHECK(msg("a: \xC3\x28\n").rfind("t.yaml:1:4: not UTF-8", 0) == 0);
  CHECK(msg("a: [1, 2\n").find("YAML syntax") != std::string::npos);
  CHECK(msg("--- 1\n--- 2\n").find("more than one YAML document") != std::string::npos);
  CHECK(msg("a: !!str 1\n").find("explicit tags") != std::string::npos);
}

TEST_CASE("a kept parse is the parse itself, node for node and position for position, and a changed or damaged one is parsed again") {
  const auto dir = (std::filesystem::temp_directory_path() / ("rulespec-parse-cache-" + std::to_string(::getpid()))).string();
  std::filesystem::remove_all(dir);
  int files = 0;
  for (const char* sub : {"/spec", "/cases"})
    for (const auto& entry : std::filesystem::recursive_directory_iterator(source_root() + sub)) {
      if (entry.path().extension() != ".yaml") continue;
      const std::string path = entry.path().string();
      INFO(path);
      const std::string text = read_text_file(path);
      const Value tree = parse_yaml(text, path);
      CHECK_FALSE(kept_parse(path, text, dir));
      keep_parse(path, text, tree, dir);
      const auto kept = kept_parse(path, text, dir);
      REQUIRE(kept);
      CHECK(exact_dump(*kept, true) == exact_dump(tree, true));
      CHECK(kept->pos().file != nullptr);
      CHECK_FALSE(kept_parse(path, text + "\n", dir));      // the file changed
      CHECK_FALSE(kept_parse(path + "x", text, dir));        // another file
      ++files;
    }
  CHECK(files > 50);
  // A damaged byte anywhere, or a short file, is noticed: the file is parsed again.
  const std::string path = source_root() + "/spec/jishogi.yaml";
  const std::string text = read_text_file(path);
  const std::string file = parse_cache_file(dir, path);
  const std::string good = read_text_file(file);
  REQUIRE(kept_parse(path, text, dir));
  auto with = [&](const std::string& bytes) {
    std::ofstream(file, std::ios::binary | std::ios::trunc) << bytes;
    return kept_parse(path, text, dir).has_value();
  };
  int damaged = 0;
  for (std::size_t at = 0; at < good.size(); at += at < 64 || at + 64 > good.size() ? 1 : 61) {
    std::string bad = good;
    bad[at] = static_cast<char>(bad[at] ^ 0x10);
    CHECK_FALSE(with(bad));
    ++damaged;
  }
  for (std::size_t size : {std::size_t(0), std::size_t(7), good.size() / 2, good.size() - 1}) CHECK_FALSE(with(good.substr(0, size)));
  CHECK(with(good));
  CHECK(damaged > 100);
  std::filesystem::remove_all(dir);
  // A file outside the repository (an amendment of one's own) is never kept.
  const auto own = (std::filesystem::temp_directory_path() / ("rulespec-own-" + std::to_string(::getpid()) + ".yaml")).string();
  std::ofstream(own) << "a: 1\n";
  CHECK(load_repository_yaml(own).find("a")->as_int() == 1);
  if (!parse_cache_dir().empty()) CHECK_FALSE(std::filesystem::exists(parse_cache_file(parse_cache_dir(), own)));
  std::filesystem::remove(own);
}

TEST_CASE("a minimal catalog loads, composes its rulesets and resolves readings") {
  const Codex cx = parse_codex(parse_yaml(kMinimal, "t.yaml"), "t.yaml");
  const Spec spec = Spec::from_codices({cx});
  const Ruleset& b = spec.ruleset("zz-b");
  CHECK(b.chain == std::vector<std::string>{"zz-b", "zz"});
  CHECK(b.number_param("komi") == 6.5);
  CHECK(spec.reading(b, *spec.clause("zz.a")) == "two");
  CHECK(spec.reading(spec.ruleset("zz"), *spec.clause("zz.a")) == "one");
}

TEST_CASE("catalog schema errors name the offending key or token") {
  std::string bad = kMinimal;
  CHECK(error_of(std::string(kMinimal).replace(bad.find("prohibition"), 11, "rule")).find("kind: 'rule' is not one of") !=
        std::string::npos);
  CHECK(error_of(std::string(kMinimal) + "    colour: red\n").find("unknown key 'colour'") != std::string::npos);
  CHECK(error_of(std::string(kMinimal).replace(bad.find("zz.a: two"), 9, "zz.q: two")).find("unknown clause id 'zz.q'") !=
        std::string::npos);
  CHECK(error_of(std::string(kMinimal).replace(bad.find("komi: 6.5"), 9, "komi: big")).find("param komi: expected a number") !=
        std::string::npos);
  CHECK(error_of(std::string(kMinimal).replace(bad.find("why: later"), 10, "note: x")).find("needs a 'why'") !=
        std::string::npos);
  CHECK(error_of(std::string(kMinimal).replace(bad.find("id: zz.a"), 8, "id: yy.a")).find("must start with 'zz.'") !=
        std::string::npos);
}

TEST_CASE("a ruleset's own rules are checked: id, reasons, and the nearest along the chain is cited") {
  auto with_rules = [](const std::string& rules) {
    std::string text = kMinimal;
    text.replace(text.find("{id: zz-b, base: zz, readings: {zz.a: two}}"), std::string("{id: zz-b, base: zz, readings: {zz.a: two}}").size(),
                 "{id: zz-b, base: zz, readings: {zz.a: two}, rules: [" + rules + "]}");
    return text;
  };
  const std::string good = with_rules("{id: zz-b.r1, ref: 'page 1', statement: s, forbids: [superko, ko]}");
  const Spec spec = Spec::from_codices({parse_codex(parse_yaml(good, "t.yaml"), "t.yaml")});
  REQUIRE(spec.ruleset("zz-b").rule_forbidding("ko"));
  CHECK(spec.ruleset("zz-b").rule_forbidding("ko")->id == "zz-b.r1");
  CHECK_FALSE(spec.ruleset("zz-b").rule_forbidding("suicide"));
  CHECK_FALSE(spec.ruleset("zz").rule_forbidding("ko"));  // a base never takes its derived ruleset's rules
  const RulesetDecl* by = nullptr;
  REQUIRE(spec.source_rule("zz-b.r1", &by));
  CHECK(by->id == "zz-b");
  CHECK(error_of(with_rules("{id: zz-b.r1, ref: p, statement: s, forbids: [rudeness]}")).find("refusal reason: 'rudeness' is not one of") !=
        std::string::npos);
  CHECK(error_of(with_rules("{id: other.r1, ref: p, statement: s, forbids: [ko]}")).find("must start with its ruleset's id") !=
        std::string::npos);
  CHECK(error_of(with_rules("{id: zz-b.r1, ref: p, forbids: [ko]}")).find("statement") != std::string::npos);
  CHECK(error_of(with_rules("{id: zz-b.r1, ref: p, statement: s, forbids: [ko], see: x}")).find("unknown key 'see'") !=
        std::string::npos);
}

TEST_CASE("every codex says what its source text is, and the report and explain carry it") {
  for (const auto& cx : testing::repo_spec().codices()) {
    INFO(cx.id);
    CHECK(cx.provenance.size() > 40);
    // Said as what it is: an article, a summary, a column, a translation, or the text itself, with
    // its date or said to be undated.
    const bool kind = cx.provenance.find("article") != std::string::npos || cx.provenance.find("summary") != std::string::npos ||
                      cx.provenance.find("column") != std::string::npos || cx.provenance.find("translation") != std::string::npos ||
                      cx.provenance.find("text of") != std::string::npos;
    CHECK(kind);
    CHECK((std::any_of(cx.provenance.begin(), cx.provenance.end(), [](char c) { return c >= '0' && c <= '9'; }) ||
           cx.provenance.find("undated") != std::string::npos));
  }
}

TEST_CASE("the repository's catalogs load and every relation resolves") {
  const Spec spec = Spec::load_dir(source_root() + "/spec");
  for (const char* id : {"ing-1996", "ru-go-1985", "axf-1982", "cxa", "rif-renju", "jishogi"}) {
    INFO(id);
    REQUIRE(spec.codex(id));
    CHECK(spec.codex(id)->clauses.size() > 20);
  }
  CHECK(spec.ruleset("ing-1996").number_param("komi") == 8);
  // The reading no-point-condition sets condition 2's thresholds to 0 (no minimum).
  CHECK(spec.ruleset("jishogi-jsa-2013").int_param("declare_points_sente") == 0);
  CHECK(spec.ruleset("jishogi-jsa-2013").int_param("min_pieces_in_camp") == 10);  // inherited
}

TEST_CASE("amendments overlay params and clauses, and reject unknown ids") {
  const Spec base = Spec::load_dir(source_root() + "/spec");
  const Amendment a = load_amendment(source_root() + "/spec/amendments/ing-komi-7.yaml", base);
  const Spec amended = apply_amendment(base, a);
  CHECK(amended.ruleset("ing-1996").number_param("komi") == 7);
  CHECK(base.ruleset("ing-1996").number_param("komi") == 8);
  CHECK(amended.clause("ing-1996.komi.even-game")->statement.find("7 points") != std::string::npos);
  CHECK(amended.clause("ing-1996.komi.even-game")->ref == base.clause("ing-1996.komi.even-game")->ref);
}

TEST_CASE("every codex source text travels with the tree, identical to the shared original") {
  const Spec spec = Spec::load_dir(source_root() + "/spec");
  const auto shared = std::filesystem::path(source_root()) / ".." / "shared" / "codices";
  auto read = [](const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  int compared = 0;
  for (const auto& cx : spec.codices()) {
    const auto copy = std::filesystem::path(source_root()) / "spec" / "sources" / cx.source;
    INFO(cx.id << ": " << copy.string());
    REQUIRE(std::filesystem::exists(copy));
    CHECK(source_lines(cx));
    // Beside the shared directory (a development checkout), the copy must not drift from it.
    if (std::filesystem::exists(shared / cx.source)) {
      CHECK(read(copy) == read(shared / cx.source));
      ++compared;
    }
  }
  if (std::filesystem::exists(shared)) CHECK(compared == static_cast<int>(spec.codices().size()));
}

TEST_CASE("a clause whose lines run past its source or cite only blank lines is refused, with its position") {
  auto load_with_lines = [](const std::string& lines) {
    return load_error("codex: {id: zz, game: go, title: T, source: go-ing-rules.ru.txt}\nrulesets:\n  - {id: zz}\nclauses:\n"
                      "  - id: zz.a\n    ref: Art. 1\n    lines: " + lines +
                      "\n    topic: ko\n    kind: prohibition\n    board: true\n    statement: S\n    status: encoded\n");
  };
  CHECK(load_with_lines("[3, 4]").empty());
  const std::string past = load_with_lines("[218, 9999]");
  CHECK(past.find("zz.yaml:") != std::string::npos);
  CHECK(past.find("lines [218, 9999] run past the 219 lines of go-ing-rules.ru.txt") != std::string::npos);
  CHECK(load_with_lines("[2, 2]").find("lines [2, 2] of go-ing-rules.ru.txt are blank") != std::string::npos);
}

TEST_CASE("every non-blank line of every source is cited by a clause or listed as prose, with its kind and reason") {
  const Spec spec = Spec::load_dir(source_root() + "/spec");
  for (const auto& cx : spec.codices()) {
    const auto lines = line_coverage(spec, cx);
    INFO(cx.id << ": " << lines.unaccounted.size() << " lines of " << cx.source << " neither cited nor prose, the first "
               << (lines.unaccounted.empty() ? 0 : lines.unaccounted.front()));
    CHECK(lines.nonblank > 0);
    CHECK(lines.unaccounted.empty());
    CHECK(lines.cited + lines.prose == lines.nonblank);
    for (const auto& p : cx.prose) CHECK(p.why.size() > 20);  // a reason, not a label
  }
}

TEST_CASE("prose entries are checked like clause citations") {
  const std::string prose = std::string(kMinimal) + "prose:\n";
  CHECK(error_of(prose + "  - {lines: [3, 4], kind: gossip, why: w}\n").find("prose kind: 'gossip' is not one of") != std::string::npos);
  CHECK(error_of(prose + "  - {lines: [4, 3], kind: heading, why: w}\n").find("lines: expected 1 <= first <= last") != std::string::npos);
  CHECK(error_of(prose + "  - {lines: [3, 4], kind: heading}\n").find("missing required key 'why'") != std::string::npos);
  const std::string cited = std::string(kMinimal) + "    lines: [3, 4]\nprose:\n  - {lines: [4, 5], kind: heading, why: w}\n";
  CHECK(error_of(cited).find("overlap the lines clause zz.a cites") != std::string::npos);
}

TEST_CASE("claims name what checks them and, when they fail, the finding or why there is none") {
  const std::string claims = std::string(kMinimal) + "claims:\n";
  const std::string ok = "  - {id: zz.claims.x, lines: [1, 1], says: s, checked_by: [\"property:p\"], expect: holds}\n";
  CHECK(error_of(claims + ok).empty());
  CHECK(error_of(claims + "  - {id: zz.claims.x, lines: [1, 1], says: s, checked_by: [\"test:p\"], expect: holds}\n")
            .find("is not case:ID, property:ID or analysis:ID") != std::string::npos);
  CHECK(error_of(claims + "  - {id: zz.claims.x, lines: [1, 1], says: s, checked_by: [\"case:c\"], expect: fails}\n")
            .find("names its finding or says why it is not one") != std::string::npos);
  CHECK(error_of(claims + "  - {id: zz.claims.x, lines: [1, 1], says: s, checked_by: [\"case:c\"], expect: holds, finding: F-x}\n")
            .find("a claim that holds has no finding") != std::string::npos);
  CHECK(error_of(claims + ok + ok).find("is already used") != std::string::npos);
  CHECK(error_of(claims + "  - {id: yy.claims.x, lines: [1, 1], says: s, checked_by: [\"case:c\"], expect: holds}\n")
            .find("must look like zz.") != std::string::npos);
}

TEST_CASE("a decision table is checked for gaps, overlaps and dead rows, and each candidate must be judged") {
  const std::string head =
      "codex: {id: jishogi, game: shogi, title: T, source: s.txt}\n"
      "rulesets:\n  - {id: j}\n"
      "clauses:\n"
      "  - {id: jishogi.a, ref: A, topic: t, kind: adjudication, board: false, statement: S, status: judgment, why: w}\n"
      "decisions:\n  - id: jishogi.decisions.t\n    topic: both players late\n"
      "    inputs:\n      - {name: black, values: [on-time, late]}\n      - {name: white, values: [on-time, late]}\n"
      "      - {name: minutes, min: 0, max: 60}\n    rows:\n"
      "      - {id: r1, when: {black: late, white: on-time}, outcome: white-wins, clause: jishogi.a, line: 1}\n"
      "      - {id: r2, when: {black: on-time, white: late}, outcome: black-wins, clause: jishogi.a, line: 1}\n"
      "      - {id: r3, when: {black: on-time, white: on-time}, outcome: play, clause: jishogi.a, line: 1}\n";
  auto run = [](const std::string& text) {
    const Spec spec = Spec::from_codices({parse_codex(parse_yaml(text, "t.yaml"), "t.yaml")});
    return run_analysis(spec, *find_analysis("decisions.jishogi"));
  };
  // Both late is decided by no row: a candidate nobody judged fails the analysis, naming it.
  const auto unjudged = run(head);
  CHECK_FALSE(unjudged.ok);
  CHECK(unjudged.detail.find("gap at black = late, white = late") != std::string::npos);
  // Judged as a finding, it is reported with a witness inside the region.
  const auto reported = run(head + "    judged:\n      - {kind: gap, when: {black: late, white: late}, finding: F-jishogi-both-late, "
                                   "summary: 'Nothing decides a game both players are late for', explanation: 'No row.'}\n");
  REQUIRE(reported.ok);
  REQUIRE(reported.findings.size() == 1);
  CHECK(reported.findings[0].kind == "gap");
  CHECK(reported.findings[0].witness.find("black")->as_string() == "late");
  // An overlap between rows with different outcomes, and a row another row makes dead.
  const std::string overlap = head + "      - {id: r4, when: {black: late, minutes: {min: 0, max: 10}}, outcome: play, clause: jishogi.a, line: 1}\n"
                                     "      - {id: r5, when: {black: on-time, white: on-time, minutes: {min: 0, max: 5}}, outcome: play, clause: jishogi.a, line: 1}\n";
  const auto both = run(overlap);
  CHECK_FALSE(both.ok);
  CHECK(both.detail.find("rows r1 (white-wins) and r4 (play) overlap") != std::string::npos);
  CHECK(both.detail.find("row r5 decides nothing the other rows with outcome play do not") != std::string::npos);
  // A judgement whose candidate is gone is stale.
  const auto stale = run(head + "      - {id: r6, when: {black: late, white: late}, outcome: draw, clause: jishogi.a, line: 1}\n"
                                "    judged:\n      - {kind: gap, when: {black: late, white: late}, not_a_finding: 'x'}\n");
  CHECK_FALSE(stale.ok);
  CHECK(stale.detail.find("no longer occurs") != std::string::npos);

  // The query decide answers one combination with the rows that decide it and the judgement the
  // table carries, so a gap or an overlap replays as a case.
  const Spec spec = Spec::from_codices({parse_codex(parse_yaml(overlap + "    judged:\n      - {kind: gap, when: {black: late, white: late}, "
                                                                   "finding: F-jishogi-both-late, summary: s, explanation: e}\n",
                                                               "t.yaml"),
                                                    "t.yaml")});
  auto decide = [&](const std::string& inputs) {
    return run_query(spec, parse_json(R"({"game":"shogi","query":"decide","ruleset":"j","table":"jishogi.decisions.t","inputs":)" + inputs + "}",
                                      "request", 1));
  };
  const Value gap = decide(R"({"black":"late","white":"late","minutes":20})");
  CHECK(gap.find("verdict")->as_string() == "undecided");
  CHECK(gap.find("judged")->find("finding")->as_string() == "F-jishogi-both-late");
  const Value clash = decide(R"({"black":"late","white":"on-time","minutes":3})");
  CHECK(clash.find("verdict")->as_string() == "conflicting");
  CHECK(clash.find("rows")->as_list().size() == 2);
  CHECK(decide(R"({"black":"late","white":"on-time","minutes":30})").find("outcomes")->dump() == R"(["white-wins"])");
  // Every input is required, and each value must be one the table declares.
  auto error_of = [&](const std::string& inputs) {
    try {
      decide(inputs);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("answered");
  };
  CHECK(error_of(R"({"black":"late","white":"late"})").find("needs a value for 'minutes'") != std::string::npos);
  CHECK(error_of(R"({"black":"early","white":"late","minutes":1})").find("'early' is not one of on-time, late") != std::string::npos);
  CHECK(error_of(R"({"black":"late","white":"late","minutes":61})") != "answered");
  CHECK(error_of(R"({"black":"late","white":"late","minutes":1,"colour":"x"})").find("no input 'colour'") != std::string::npos);
}

TEST_CASE("a decision table's hit policy settles overlapping rows: first by order, priority by outcome, unique allows none") {
  // r1 and r2 overlap when black is late and white is on time within 10 minutes: white-wins or play.
  const auto table = [](const std::string& policy, const std::string& extra_rows = "") {
    return "codex: {id: jishogi, game: shogi, title: T, source: s.txt}\n"
           "rulesets:\n  - {id: j}\n"
           "clauses:\n"
           "  - {id: jishogi.a, ref: A, topic: t, kind: adjudication, board: false, statement: S, status: judgment, why: w}\n"
           "decisions:\n  - id: jishogi.decisions.t\n    topic: lateness\n" + policy +
           "    inputs:\n      - {name: black, values: [on-time, late]}\n      - {name: minutes, min: 0, max: 60}\n    rows:\n"
           "      - {id: r1, when: {black: late}, outcome: white-wins, clause: jishogi.a, line: 1}\n"
           "      - {id: r2, when: {minutes: {max: 10}}, outcome: play, clause: jishogi.a, line: 1}\n"
           "      - {id: r3, when: {black: on-time}, outcome: play, clause: jishogi.a, line: 1}\n" + extra_rows;
  };
  auto spec_of = [](const std::string& t) { return Spec::from_codices({parse_codex(parse_yaml(t, "t.yaml"), "t.yaml")}); };
  auto analysis = [&](const std::string& t) { return run_analysis(spec_of(t), *find_analysis("decisions.jishogi")); };
  auto decide = [&](const std::string& t) {
    return run_query(spec_of(t), parse_json(R"({"game":"shogi","query":"decide","ruleset":"j","table":"jishogi.decisions.t",)"
                                            R"("inputs":{"black":"late","minutes":5}})", "request", 1));
  };
  // any (the default): two outcomes at one combination are a candidate, and decide says they conflict.
  CHECK(analysis(table("")).detail.find("rows r1 (white-wins) and r2 (play) overlap") != std::string::npos);
  CHECK(decide(table("")).find("verdict")->as_string() == "conflicting");
  // first: the first matching row decides; no overlap is left to judge.
  const std::string first = table("    policy: first\n");
  CHECK(analysis(first).ok);
  const Value by_order = decide(first);
  CHECK(by_order.find("verdict")->as_string() == "decided");
  CHECK(by_order.find("outcome")->as_string() == "white-wins");
  // A row the rows before it always pre-empt is dead under first.
  const auto shadowed = analysis(table("    policy: first\n", "      - {id: r4, when: {black: late, minutes: {max: 5}}, outcome: draw, clause: jishogi.a, line: 1}\n"));
  CHECK(shadowed.detail.find("row r4 is never reached") != std::string::npos);
  // priority: the more important outcome decides, whatever the order of the rows.
  const Value by_priority = decide(table("    policy: priority\n    order: [play, white-wins]\n"));
  CHECK(by_priority.find("outcome")->as_string() == "play");
  // unique: even rows that agree may not overlap (r2 and r3, both play).
  CHECK(analysis(table("    policy: unique\n")).detail.find("rows r2 (play) and r3 (play) overlap") != std::string::npos);
  // Refused: a priority without its order, an order for another policy, an outcome it does not list.
  CHECK(load_error(table("    policy: priority\n")).find("give the outcomes' order") != std::string::npos);
  CHECK(load_error(table("    policy: first\n    order: [play]\n")).find("only a table of policy priority") != std::string::npos);
  CHECK(load_error(table("    policy: priority\n    order: [play]\n")).find("outcome 'white-wins' is not in the table's order") != std::string::npos);
  CHECK(load_error(table("    policy: priority\n    order: [play, white-wins, draw]\n")).find("'draw' is no row's outcome") != std::string::npos);
  CHECK(load_error(table("    policy: sometimes\n")).find("unique") != std::string::npos);
}

TEST_CASE("a glossary term lists every line that uses it, and only those, and judges the uses that do not fit") {
  auto load_with_uses = [](const std::string& uses) {
    return load_error("codex: {id: zz, game: go, title: T, source: go-ing-rules.ru.txt}\nrulesets:\n  - {id: zz}\n"
                      "clauses:\n  - {id: zz.a, ref: A, topic: ko, kind: definition, board: true, statement: S, status: judgment, why: w}\n"
                      "glossary:\n  - {term: hot stone, stem: Горяч, defined_by: zz.a, uses: " + uses + "}\n");
  };
  const std::string all = "[{line: 88, fits: yes}, {line: 89, fits: yes}, {line: 90, fits: yes}, {line: 169, fits: other-sense}]";
  CHECK(load_with_uses(all).empty());  // the stem is matched in any case (Горяч against горячий)
  CHECK(load_with_uses("[{line: 88, fits: yes}, {line: 89, fits: yes}, {line: 90, fits: yes}]")
            .find("line 169 of go-ing-rules.ru.txt uses 'Горяч' and is not among its uses") != std::string::npos);
  CHECK(load_with_uses("[{line: 88, fits: yes}, {line: 89, fits: yes}, {line: 90, fits: yes}, {line: 169, fits: yes}, {line: 5, fits: yes}]")
            .find("line 5 of go-ing-rules.ru.txt does not contain") != std::string::npos);
  CHECK(load_with_uses("[{line: 88, fits: no}, {line: 89, fits: yes}, {line: 90, fits: yes}, {line: 169, fits: yes}]")
            .find("name the finding (with summary and explanation) or say why it is none") != std::string::npos);
}

namespace {

// A one-codex spec from catalog text, and the error loading it gives ("loaded" when none).
Spec table_codex(const std::string& text) { return Spec::from_codices({parse_codex(parse_yaml(text, "t.yaml"), "t.yaml")}); }
std::string table_codex_error(const std::string& text) {
  try {
    table_codex(text);
  } catch (const InputError& e) {
    return std::string(e.what());
  }
  return std::string("loaded");
}
// Table jishogi.decisions.t's overlap of rows r1 and r2, judged as F-jishogi-strict-late: not
// reported from the catalog `quiet` (its default ruleset keeps r2 out), reported from `loud`.
Finding overlap_reported_only_from(const std::string& quiet, const std::string& loud) {
  const auto not_reported = run_analysis(table_codex(quiet), *find_analysis("decisions.jishogi"));
  REQUIRE(not_reported.ok);
  CHECK(not_reported.findings.empty());
  const auto reported = run_analysis(table_codex(loud), *find_analysis("decisions.jishogi"));
  REQUIRE(reported.ok);
  REQUIRE(reported.findings.size() == 1);
  CHECK(reported.findings[0].id == "F-jishogi-strict-late");
  return reported.findings[0];
}

}  // namespace

TEST_CASE("a decision-table input bound to a clause's reading takes the reading the ruleset takes") {
  // Row r2 holds only under reading strict of jishogi.b: the codex's default ruleset (d) takes
  // lenient, so the overlap of r1 and r2 is judged but not reported; a ruleset or an amendment
  // that takes strict makes it a finding. Dead rows and stale judgements are judged over every
  // reading, so r2 is neither.
  const auto text = [](const std::string& reading) {
    return "codex: {id: jishogi, game: shogi, title: T, source: s.txt}\n"
           "rulesets:\n  - {id: d, readings: {jishogi.b: " + reading + "}}\n  - {id: s, base: d, readings: {jishogi.b: strict}}\n"
           "clauses:\n"
           "  - {id: jishogi.a, ref: A, topic: t, kind: adjudication, board: false, statement: S, status: judgment, why: w}\n"
           "  - {id: jishogi.b, ref: B, topic: t, kind: adjudication, board: false, statement: S, status: judgment, why: w,\n"
           "     readings: [{id: lenient, statement: L}, {id: strict, statement: T}]}\n"
           "decisions:\n  - id: jishogi.decisions.t\n    topic: late\n"
           "    inputs:\n      - {name: black, values: [on-time, late]}\n      - {name: rule-b, reading: jishogi.b}\n    rows:\n"
           "      - {id: r1, when: {black: late}, outcome: play, clause: jishogi.a, line: 1}\n"
           "      - {id: r2, when: {black: late, rule-b: strict}, outcome: white-wins, clause: jishogi.b, line: 2}\n"
           "      - {id: r3, when: {black: on-time}, outcome: play, clause: jishogi.a, line: 1}\n"
           "    judged:\n      - {kind: overlap, rows: [r1, r2], finding: F-jishogi-strict-late, summary: s, explanation: e}\n";
  };
  const Spec lenient = table_codex(text("lenient"));
  const Finding loud = overlap_reported_only_from(text("lenient"), text("strict"));
  // The clause whose reading makes the overlap is among the finding's clauses (where repair looks).
  CHECK(std::find(loud.clauses.begin(), loud.clauses.end(), "jishogi.b") != loud.clauses.end());
  CHECK(loud.witness.find("rule-b")->as_string() == "strict");

  // decide takes the reading from the ruleset, and refuses it in the combination.
  auto decide = [&](const std::string& ruleset, const std::string& inputs) {
    return run_query(lenient, parse_json(R"({"game":"shogi","query":"decide","ruleset":")" + ruleset +
                                             R"(","table":"jishogi.decisions.t","inputs":)" + inputs + "}",
                                         "request", 1));
  };
  CHECK(decide("d", R"({"black":"late"})").find("verdict")->as_string() == "decided");
  const Value strict = decide("s", R"({"black":"late"})");
  CHECK(strict.find("verdict")->as_string() == "conflicting");
  CHECK(strict.find("readings")->find("jishogi.b")->as_string() == "strict");
  try {
    decide("d", R"({"black":"late","rule-b":"strict"})");
    FAIL("answered");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()).find("choose it with the ruleset") != std::string::npos);
  }

  // Unjudged overlaps under any reading fail the table, even when the ruleset does not take it.
  const std::string unjudged = text("lenient").substr(0, text("lenient").find("    judged:"));
  const auto fails = run_analysis(table_codex(unjudged), *find_analysis("decisions.jishogi"));
  CHECK_FALSE(fails.ok);
  CHECK(fails.detail.find("rows r1 (play) and r2 (white-wins) overlap") != std::string::npos);
  // A reading input needs a clause with readings, and takes no values of its own.
  std::string no_readings = text("lenient");
  no_readings.replace(no_readings.find("reading: jishogi.b"), 18, "reading: jishogi.a");
  CHECK(table_codex_error(no_readings).find("clause jishogi.a has no readings") != std::string::npos);
  std::string both = text("lenient");
  both.replace(both.find("reading: jishogi.b"), 18, "reading: jishogi.b, values: [x]");
  CHECK(table_codex_error(both).find("takes its values from the readings") != std::string::npos);
}

TEST_CASE("a decision-table input bound to a param takes the ruleset's value, and an amendment's") {
  // Row r2 holds only where the param strictness is strict: the default ruleset (d) sets
  // lenient, so the overlap of r1 and r2 is judged but not reported; ruleset s (strict) reports
  // it. A bool param binds as "true" / "false".
  const auto text = [](const std::string& value) {
    return "codex: {id: jishogi, game: shogi, title: T, source: s.txt}\n"
           "params:\n  - {id: strictness, type: enum, values: [lenient, strict], statement: s}\n"
           "  - {id: flags_shown, type: bool, statement: s}\n  - {id: count, type: int, domain: {min: 0, max: 9}, statement: s}\n"
           "rulesets:\n  - {id: d, params: {strictness: " + value + ", flags_shown: true, count: 1}}\n"
           "  - {id: s, base: d, params: {strictness: strict, flags_shown: false}}\n"
           "clauses:\n"
           "  - {id: jishogi.a, ref: A, topic: t, kind: adjudication, board: false, statement: S, status: judgment, why: w}\n"
           "decisions:\n  - id: jishogi.decisions.t\n    topic: late\n"
           "    inputs:\n      - {name: black, values: [on-time, late]}\n      - {name: strictness, param: strictness}\n"
           "      - {name: shown, param: flags_shown}\n    rows:\n"
           "      - {id: r1, when: {black: late}, outcome: play, clause: jishogi.a, line: 1}\n"
           "      - {id: r2, when: {black: late, strictness: strict}, outcome: white-wins, clause: jishogi.a, line: 2}\n"
           "      - {id: r3, when: {black: on-time, shown: [true, false]}, outcome: play, clause: jishogi.a, line: 1}\n"
           "    judged:\n      - {kind: overlap, rows: [r1, r2], finding: F-jishogi-strict-late, summary: s, explanation: e}\n";
  };
  const Spec lenient = table_codex(text("lenient"));
  CHECK(overlap_reported_only_from(text("lenient"), text("strict")).witness.find("strictness")->as_string() == "strict");

  auto decide = [&](const Spec& spec, const std::string& ruleset, const std::string& inputs) {
    return run_query(spec, parse_json(R"({"game":"shogi","query":"decide","ruleset":")" + ruleset +
                                          R"(","table":"jishogi.decisions.t","inputs":)" + inputs + "}",
                                      "request", 1));
  };
  const Value under_d = decide(lenient, "d", R"({"black":"late"})");
  CHECK(under_d.find("verdict")->as_string() == "decided");
  CHECK(under_d.find("params")->find("strictness")->as_string() == "lenient");
  CHECK(under_d.find("params")->find("flags_shown")->as_string() == "true");
  const Value under_s = decide(lenient, "s", R"({"black":"late"})");
  CHECK(under_s.find("verdict")->as_string() == "conflicting");
  CHECK(under_s.find("params")->find("flags_shown")->as_string() == "false");
  try {
    decide(lenient, "d", R"({"black":"late","strictness":"strict"})");
    FAIL("answered");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()).find("set it with the ruleset or an amendment") != std::string::npos);
  }
  // An amendment that sets the param reaches the table as the ruleset does.
  Amendment a;
  a.id = "t";
  a.codex = "jishogi";
  a.rulesets = {"d"};
  a.params.push_back({"strictness", Value::string("strict")});
  CHECK(decide(apply_amendment(lenient, a), "d", R"({"black":"late"})").find("verdict")->as_string() == "conflicting");

  std::string unknown = text("lenient");
  unknown.replace(unknown.find("param: strictness"), 17, "param: strictnes");
  CHECK(table_codex_error(unknown).find("unknown param 'strictnes'") != std::string::npos);
  std::string integer = text("lenient");
  integer.replace(integer.find("param: strictness"), 17, "param: count");
  CHECK(table_codex_error(integer).find("an input takes an enum or bool param") != std::string::npos);
  std::string both = text("lenient");
  both.replace(both.find("param: strictness"), 17, "param: strictness, values: [x]");
  CHECK(table_codex_error(both).find("takes its values from the param's declaration") != std::string::npos);
}
