// What we already know must be reported or answered: every clause whose note or statement
// describes a defect of the text (a gap, an undefined term, a misprint, a contradiction, a missing
// precedence) is a clause of a reported finding, or says in `not_a_finding:` why it is not one,
// citing the lines that answer it. And the two finding-quality properties hold for every finding
// and can fail.
#include <catch2/catch.hpp>

#include "cases/case.hpp"
#include "suite/suite.hpp"

#include <filesystem>
#include <regex>
#include <sstream>
#include <set>
#include "spec/yaml_load.hpp"
#include "tests/repo.hpp"

using namespace rulespec;

namespace {

using rulespec::testing::repo_spec;
using rulespec::testing::repo_cases;

// Phrases with which our notes and statements describe a defect of the text itself. Notes talk
// about the text; statements restate it, so only phrases that speak about the text count there.
const std::regex& defect_in_note() {
  static const std::regex r(
      R"(\bgaps?\b|not defined|undefined|does not say|not said|not stated|not described|is silent|misprint|typo|)"
      R"(contradict|conflict|inconsisten|ambigu|opposite meaning|no precedence|not covered|is missing|are missing|)"
      R"(tension|at odds|clash|should not exist|cannot both|whereas lines? \d|yet lines? \d)",
      std::regex::icase);
  return r;
}
const std::regex& defect_in_statement() {
  static const std::regex r(R"(the text (gives no|does not|never)|contradict|no precedence|misprint|not defined)",
                            std::regex::icase);
  return r;
}

// A reason is specific when it points at the text (a line) or at the finding that reports it.
bool reason_is_specific(const std::string& reason) {
  static const std::regex r(R"(\blines? \d+|\bF-[a-z0-9-]+)", std::regex::icase);
  return std::regex_search(reason, r);
}

std::set<std::string> reported_clauses(const Spec& spec) {
  std::set<std::string> out;
  for (const auto& a : analyses())
    for (const auto& f : run_analysis(spec, a).findings)
      if (spec.findings_register().note(f.id)) out.insert(f.clauses.begin(), f.clauses.end());
  return out;
}

// The rules of docs/findings.md for the reasons a candidate is none: a sentence that hands the
// question to an official or rests on the source's scope cites a line in the same sentence (where
// the text delegates, or says what it covers); a not_a_finding never rests on our models.
const std::regex& delegation() {
  static const std::regex r(
      R"(\b(the|a|an) (judges?|arbiters?|referees?|organi[sz]ers?|panel|Presidium|tournament director|regulations)\b|)"
      R"(\b(judge|arbiter|referee|organi[sz]er)'s\b)",
      std::regex::icase);
  return r;
}
const std::regex& scope() {
  static const std::regex r(R"(\bexcerpt\b|\bwhole code\b|\bnot the code\b|\bthe full (code|text)\b)", std::regex::icase);
  return r;
}
const std::regex& our_models() {
  static const std::regex r(R"(\b(our|the) models?\b|\bthe model's\b|\b(our|the) suite\b|\bour (code|implementation|queries)\b)",
                            std::regex::icase);
  return r;
}
bool cites_a_line(const std::string& sentence) {
  static const std::regex r(R"(\blines? \d+|\(\d+(-\d+)?\)|[a-z0-9-]+:\d+)", std::regex::icase);
  return std::regex_search(sentence, r);
}
// Sentences end at a stop followed by a space and a capital or a quote (clause ids keep their dots).
std::vector<std::string> sentences(const std::string& text) {
  static const std::regex end(R"([.;]\s+(?=[A-Z'"«(]))");
  std::vector<std::string> out;
  std::sregex_token_iterator it(text.begin(), text.end(), end, -1), stop;
  for (; it != stop; ++it) out.push_back(*it);
  return out;
}
// What breaks the rules in one reason: "" when nothing.
std::string reason_fault(const std::string& reason, bool is_not_a_finding) {
  if (is_not_a_finding && std::regex_search(reason, our_models())) return "rests on what our models do";
  for (const auto& s : sentences(reason)) {
    if (std::regex_search(s, delegation()) && !cites_a_line(s)) return "hands the question to an official without the line that does: " + s;
    if (std::regex_search(s, scope()) && !cites_a_line(s)) return "rests on the source's scope without the line that states it: " + s;
  }
  return "";
}
struct Reason {
  std::string where, text;
  bool not_a_finding = true;
};
void collect_reasons(const Value& v, const std::string& where, std::vector<Reason>& out) {
  if (v.is_map()) {
    for (const auto& e : v.as_map()) {
      if (e.key == "not_a_finding" && e.value.is_string()) out.push_back({where, e.value.as_string(), true});
      else if (e.key == "reason" && e.value.is_string()) out.push_back({where, e.value.as_string(), false});
      else collect_reasons(e.value, where, out);
    }
  } else if (v.is_list()) {
    for (const Value& x : v.as_list()) collect_reasons(x, where, out);
  }
}
std::vector<Reason> repo_reasons() {
  std::vector<Reason> out;
  for (const char* dir : {"spec", "spec/findings"})
    for (const auto& e : std::filesystem::directory_iterator(std::string(RULESPEC_SOURCE_DIR) + "/" + dir))
      if (e.path().extension() == ".yaml") {
        const std::string path = e.path().string();
        const Value doc = parse_yaml(read_text_file(path), path);
        std::vector<Reason> here;
        collect_reasons(doc, path, here);
        for (auto& r : here) {
          const auto at = r.where.find("/spec/");
          r.where = r.where.substr(at == std::string::npos ? 0 : at + 1);
          out.push_back(std::move(r));
        }
      }
  return out;
}

// An entry that says "reported as F-..." folds its situation into that finding (docs/findings.md):
// the finding must exist and cite the entry's lines, every line of the rows or the term use it
// judges, and at least one line of a clause or claim it answers for.
struct Folded {
  std::string where, finding, codex;
  std::set<int> every, some;
  std::set<std::string> row_clauses;  // a table judgement: the clauses of the rows it folds
};
std::vector<Folded> folded_entries(const Spec& spec) {
  static const std::regex reported(R"(\b[Rr]eported as (F-[a-z0-9-]*[a-z0-9]))");
  std::vector<Folded> out;
  auto add = [&](const std::string& codex, const std::string& where, const std::string& text, std::set<int> every, std::set<int> some,
                 std::set<std::string> row_clauses = {}) {
    for (std::sregex_iterator m(text.begin(), text.end(), reported), end; m != end; ++m)
      out.push_back({where, (*m)[1], codex, every, some, row_clauses});
  };
  auto range = [](int first, int last) {
    std::set<int> lines;
    for (int l = first; l > 0 && l <= std::max(first, last); ++l) lines.insert(l);
    return lines;
  };
  for (const auto& cx : spec.codices()) {
    for (const auto& c : cx.clauses) add(cx.id, c.id, c.not_a_finding, {}, range(c.first_line, c.last_line));
    for (const auto& c : cx.claims) add(cx.id, c.id, c.not_a_finding, {}, range(c.first_line, c.last_line));
    for (const auto& t : cx.decisions)
      for (const auto& j : t.judged) {
        std::set<int> rows;
        std::set<std::string> clauses;
        for (const auto& id : j.rows)
          for (const auto& r : t.rows)
            if (r.id == id) rows.insert(r.line), clauses.insert(r.clause);
        add(cx.id, t.id + " (" + j.kind + ")", j.not_a_finding, rows, {}, clauses);
      }
    for (const auto& g : cx.glossary) {
      std::set<int> uses;
      for (const auto& u : g.uses) uses.insert(u.line);
      add(cx.id, "term " + g.term, g.not_a_finding, {}, uses);
      for (const auto& u : g.uses) add(cx.id, "term " + g.term + " at line " + std::to_string(u.line), u.not_a_finding, {u.line}, {});
    }
  }
  return out;
}

}  // namespace

TEST_CASE("a finding that an entry reports a situation as cites the entry's lines") {
  const Spec& spec = repo_spec();
  const auto folded = folded_entries(spec);
  int checked = 0;
  for (const auto& f : folded) {
    INFO(f.where << " says reported as " << f.finding);
    const FindingNote* note = spec.findings_register().note(f.finding);
    REQUIRE(note);
    auto cited = [&](int line) {
      return std::any_of(note->cites.begin(), note->cites.end(),
                         [&](const SourceCite& c) { return c.codex == f.codex && c.first <= line && line <= std::max(c.first, c.last); });
    };
    for (int line : f.every) {
      INFO("line " << line << " of the entry is not among the finding's cites");
      CHECK(cited(line));
    }
    if (!f.some.empty()) {
      INFO("no line of the entry (" << *f.some.begin() << "-" << *f.some.rbegin() << ") is among the finding's cites");
      CHECK(std::any_of(f.some.begin(), f.some.end(), cited));
    }
    // A folded overlap of rows is replayed: one of the finding's replays is a case of the clauses
    // of all the rows it folds.
    if (!f.row_clauses.empty()) {
      const bool replayed = std::any_of(note->shows.begin(), note->shows.end(), [&](const ReplayClaim& s) {
        const auto c = std::find_if(repo_cases().begin(), repo_cases().end(), [&](const Case& x) { return x.id == s.case_id; });
        return c != repo_cases().end() && std::all_of(f.row_clauses.begin(), f.row_clauses.end(), [&](const std::string& id) {
                 return std::find(c->clauses.begin(), c->clauses.end(), id) != c->clauses.end();
               });
      });
      std::string rows;
      for (const auto& id : f.row_clauses) rows += id + " ";
      INFO("no replay of the finding is a case of the folded rows' clauses: " << rows);
      CHECK(replayed);
    }
    ++checked;
  }
  CHECK(checked >= 20);
}

TEST_CASE("a reason that a candidate is no finding rests on the text: delegation and scope at a cited line, never on our models") {
  CHECK(reason_fault("The judge decides.", true).rfind("hands the question", 0) == 0);
  CHECK(reason_fault("Line 132 leaves the choice to the judge: he applies the remedies in order.", true).empty());
  CHECK(reason_fault("The silence measures our excerpt, not the code.", true).rfind("rests on the source's scope", 0) == 0);
  CHECK(reason_fault("The column quotes a selection of the code (over 100 examples, line 14), not the whole code.", true).empty());
  CHECK(reason_fault("Line 33 means the win; the model reads it so.", true) == "rests on what our models do");
  CHECK(reason_fault("Our catalog had limited the komi; the model now applies it on every board.", false).empty());
  CHECK(reason_fault("Clause ru-go-1985.art14.p5.b holds. The referee's question (line 193).", true).empty());
  const auto reasons = repo_reasons();
  int checked = 0, naming_officials = 0;
  for (const auto& r : reasons) {
    const std::string fault = reason_fault(r.text, r.not_a_finding);
    INFO(r.where << ": " << fault);
    CHECK(fault.empty());
    ++checked;
    naming_officials += std::regex_search(r.text, delegation());
  }
  // Every reason of the catalogs and registers is read, and the phrases occur: a silent check
  // proves nothing.
  CHECK(checked >= 200);
  CHECK(naming_officials >= 10);
}

// A tension the catalog notices is judged (issue 46): a clause that says it contradicts another
// is a clause of a reported finding (or the other is), or says in not_a_finding why the two
// sentences do not clash, citing the line that reconciles them.
TEST_CASE("every contradiction a clause relation records is judged: a finding or a reason at a line") {
  const Spec& spec = repo_spec();
  const auto reported = reported_clauses(spec);
  int relations = 0;
  for (const auto& cx : spec.codices())
    for (const auto& c : cx.clauses)
      for (const auto& r : c.relations) {
        if (r.kind != "contradicts") continue;
        ++relations;
        INFO(c.id << " contradicts " << r.target << ": no reported finding has either clause, and " << c.id << " gives no not_a_finding");
        CHECK((reported.count(c.id) || reported.count(r.target) || reason_is_specific(c.not_a_finding)));
      }
  CHECK(relations >= 2);
}

// Whether `text` names a clause of the catalogs or a finding of the register (kept or withdrawn):
// what a code comment cites for the choice it makes.
static bool names_a_judgement(const std::string& text) {
  static const std::regex reference(R"(\bF-[a-z0-9-]*[a-z0-9]|\b[a-z0-9-]+\.[a-z0-9.-]*[a-z0-9]\b)");
  const Spec& spec = repo_spec();
  for (std::sregex_iterator m(text.begin(), text.end(), reference), end; m != end; ++m) {
    const std::string id = (*m)[0];
    if (id.rfind("F-", 0) == 0 && (spec.findings_register().note(id) || spec.findings_register().withdrawn_entry(id))) return true;
    for (const auto& cx : spec.codices())
      if (cx.clause(id)) return true;
  }
  return false;
}

// Where the code says the text is silent and makes a choice, the catalog must know it: the comment
// names the clause or the finding that judges the choice (issue 46: no silent model choice).
TEST_CASE("every place where a model's comment says the text leaves a choice open names the clause or finding that judges it") {
  static const std::regex silent(
      R"((the texts?|the codex|the source|the rules?|lines? \d+|Art\. \d+)[^.;]{0,40}(does not say|never says?|says? nothing|do(es)? not state|not stated|is silent|leaves? (it )?open|not specified|not said)|)"
      R"(unspecified by|\bwe assume\b|\bour (own )?reading\b)",
      std::regex::icase);
  int hits = 0;
  for (const char* dir : {"model", "queries"})
    for (const auto& e : std::filesystem::recursive_directory_iterator(std::string(RULESPEC_SOURCE_DIR) + "/" + dir)) {
      if (e.path().extension() != ".cpp" && e.path().extension() != ".hpp") continue;
      std::vector<std::string> lines;
      std::istringstream in(read_text_file(e.path().string()));
      for (std::string l; std::getline(in, l);) lines.push_back(l);
      for (size_t i = 0; i < lines.size(); ++i) {
        const auto comment = lines[i].find("//");
        if (comment == std::string::npos || !std::regex_search(lines[i].substr(comment), silent)) continue;
        ++hits;
        bool named = false;
        for (size_t k = i >= 2 ? i - 2 : 0; k < std::min(lines.size(), i + 3) && !named; ++k) named = names_a_judgement(lines[k]);
        INFO(e.path().filename().string() << ":" << i + 1 << ": " << lines[i]);
        CHECK(named);
      }
    }
  CHECK(hits >= 2);
}

// The code's own side of the same rule: a field of a model's rules object (a `struct ...Rules` of
// model/) holds a choice between readings or a figure. Either the query layer sets it from the
// catalog (a param, a reading, a switch: queries/ assigns `.field = `), or the model keeps its default
// for every ruleset, and then the field's comment names the clause or finding that judges it: a
// default nobody sets and nothing cites is a choice the model makes alone (issue 46).
TEST_CASE("every field of a model's rules object is set from the catalog or names what judges its default") {
  static const std::regex rules_struct(R"(struct (\w*Rules) \{)");
  static const std::regex field(R"(^\s+(?:const )?[\w:<>]+ (\w+) = [^;]+;)");
  std::string queries;
  for (const auto& e : std::filesystem::directory_iterator(std::string(RULESPEC_SOURCE_DIR) + "/queries"))
    if (e.path().extension() == ".cpp" || e.path().extension() == ".hpp") queries += read_text_file(e.path().string());
  int fields = 0, set_by_queries = 0, cited = 0;
  for (const auto& e : std::filesystem::recursive_directory_iterator(std::string(RULESPEC_SOURCE_DIR) + "/model")) {
    if (e.path().extension() != ".hpp") continue;
    std::vector<std::string> lines;
    std::istringstream in(read_text_file(e.path().string()));
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    for (size_t i = 0; i < lines.size(); ++i) {
      std::smatch sm;
      if (!std::regex_search(lines[i], sm, rules_struct)) continue;
      const std::string name = sm[1];
      for (size_t k = i + 1; k < lines.size() && lines[k].rfind("};", 0) != 0; ++k) {
        std::smatch fm;
        if (!std::regex_search(lines[k], fm, field)) continue;
        const std::string member = fm[1];
        ++fields;
        if (std::regex_search(queries, std::regex("\\." + member + "\\s*=[^=]"))) {
          ++set_by_queries;
          continue;
        }
        // The comment on the line or in the block just above it.
        bool named = false;
        for (size_t c = k; c + 4 > k && c > i && !named; --c) {
          if (c != k && lines[c].find("//") == std::string::npos) break;
          named = names_a_judgement(lines[c].substr(std::min(lines[c].find("//"), lines[c].size())));
        }
        cited += named;
        INFO(e.path().filename().string() << ":" << k + 1 << ": " << name << "::" << member << " is set by no query and names no clause");
        CHECK(named);
      }
    }
  }
  CHECK(fields > 50);
  CHECK(set_by_queries > 40);
  CHECK(cited >= 1);
}

// The second method (issue 46 item 5): every codex read again pair by pair, every clause of every
// topic with a pair listed, every tension judged; the loader refuses what is not.
TEST_CASE("every codex has a second reading of every pair of clauses sharing a topic, each tension judged") {
  const Spec& spec = repo_spec();
  std::set<std::string> read;
  long pairs = 0;
  int tensions = 0;
  for (const auto& r : spec.pair_readings()) {
    read.insert(r.codex);
    const auto gaps = pair_reading_gaps(r, *spec.codex(r.codex));
    for (const auto& g : gaps) INFO(r.codex << ": " << g);
    CHECK(gaps.empty());
    std::vector<const PairTension*> judged;
    for (const auto& t : r.topics) {
      pairs += t.pairs();
      for (const auto& p : t.tensions) judged.push_back(&p);
    }
    for (const auto& p : r.cross_topic) judged.push_back(&p);
    tensions += static_cast<int>(judged.size());
    for (const PairTension* p : judged)
      if (!p->not_a_finding.empty()) {
        INFO(r.codex << " " << p->first << " / " << p->second << ": " << p->not_a_finding);
        CHECK(reason_is_specific(p->not_a_finding));
        CHECK(reason_fault(p->not_a_finding, true).empty());
      }
  }
  for (const auto& cx : spec.codices()) {
    INFO("codex " << cx.id << " has no second reading in spec/pairs/");
    CHECK(read.count(cx.id));
  }
  CHECK(pairs >= 1000);
  CHECK(tensions >= 10);

  auto load = [&](const std::string& tension) {
    const std::string yaml = "pairs: jishogi\nread: {by: t, date: \"2026-11-29\", method: t}\ntopics:\n  - topic: try\n"
                             "    clauses: [jishogi.try.definition, jishogi.try.replaces-jishogi]\n    tensions:\n      - " + tension + "\n";
    const PairReading r = parse_pair_reading(parse_yaml(yaml, "t.yaml"), "t.yaml");
    check_pair_reading(r, *spec.codex("jishogi"), spec.findings_register(), 80);
  };
  CHECK_THROWS_WITH(load("{pair: [jishogi.try.definition, jishogi.try.replaces-jishogi], lines: [52, 54], question: q, candidate: {summary: s}}"),
                    Catch::Contains("candidate: a tension is judged"));
  CHECK_THROWS_WITH(load("{pair: [jishogi.try.definition, jishogi.points27.no-draw-purpose], lines: [52, 21], question: q, not_a_finding: \"line 52\"}"),
                    Catch::Contains("not among the clauses of topic try"));
  CHECK_THROWS_WITH(load("{pair: [jishogi.try.definition, jishogi.try.replaces-jishogi], lines: [52, 54], question: q, finding: F-jishogi-handicap-points}"),
                    Catch::Contains("cites none of the lines"));
  CHECK_NOTHROW(load("{pair: [jishogi.try.definition, jishogi.try.replaces-jishogi], lines: [52, 54], question: q, not_a_finding: \"line 58\"}"));
  // A tension across topics names clauses of two topics; one of a single topic is judged there.
  auto load_cross = [&](const std::string& tension) {
    const std::string yaml = "pairs: jishogi\nread: {by: t, date: \"2026-11-29\", method: t}\ntopics: []\ncross_topic:\n  - " + tension + "\n";
    check_pair_reading(parse_pair_reading(parse_yaml(yaml, "t.yaml"), "t.yaml"), *spec.codex("jishogi"), spec.findings_register(), 80);
  };
  CHECK_THROWS_WITH(load_cross("{pair: [jishogi.try.definition, jishogi.try.replaces-jishogi], lines: [52, 54], question: q, not_a_finding: \"line 58\"}"),
                    Catch::Contains("judge the pair there"));
  CHECK_NOTHROW(load_cross("{pair: [jishogi.try.definition, jishogi.points27.no-draw-purpose], lines: [52, 21], question: q, not_a_finding: \"line 58\"}"));
}

TEST_CASE("the defect detector recognises how our notes describe defects") {
  CHECK(std::regex_search(std::string("Gap: the text never says who moves first."), defect_in_note()));
  CHECK(std::regex_search(std::string("Printed 'как правиле' (typo)."), defect_in_note()));
  CHECK(std::regex_search(std::string("'Adjacent' is not defined."), defect_in_note()));
  CHECK(std::regex_search(std::string("Tension with Art. 20 b), which already makes it a loss."), defect_in_note()));
  CHECK(std::regex_search(std::string("Item 3 cannot fail, yet line 38 treats it as a condition."), defect_in_note()));
  CHECK(std::regex_search(std::string("The text gives no precedence when ..."), defect_in_statement()));
  CHECK_FALSE(std::regex_search(std::string("Black moves first; the stone is placed on an empty point."), defect_in_note()));
  CHECK_FALSE(std::regex_search(std::string("If the board is oriented wrongly, the position is reproduced."), defect_in_statement()));
  CHECK(reason_is_specific("answered by line 45"));
  CHECK(reason_is_specific("reported as F-ru-go-1985-ko-snapback"));
  CHECK_FALSE(reason_is_specific("harmless"));
}

TEST_CASE("every clause that describes a defect is reported by a finding or says why it is not") {
  const Spec& spec = repo_spec();
  const auto reported = reported_clauses(spec);
  int described = 0, linked = 0, answered = 0;
  for (const auto& cx : spec.codices())
    for (const auto& c : cx.clauses) {
      const bool describes = std::regex_search(c.note, defect_in_note()) || std::regex_search(c.statement, defect_in_statement());
      if (!c.not_a_finding.empty()) {
        INFO(c.id << ": not_a_finding names no line and no finding: " << c.not_a_finding);
        CHECK(reason_is_specific(c.not_a_finding));
      }
      if (!describes) continue;
      ++described;
      if (reported.count(c.id)) {
        ++linked;
        continue;
      }
      INFO(c.id << " describes a defect (note: " << c.note << ") but no finding reports it and it gives no not_a_finding reason");
      CHECK_FALSE(c.not_a_finding.empty());
      if (!c.not_a_finding.empty()) ++answered;
    }
  // The detector must keep finding what it was written for; a silent detector proves nothing.
  CHECK(described >= 40);
  CHECK(linked >= 5);
  CHECK(answered >= 20);
}

TEST_CASE("every finding's replay shows its claim and its cited lines exist") {
  const Spec& spec = repo_spec();
  const auto cases = load_cases(source_root() + "/cases", spec);
  int findings = 0;
  for (const auto& a : analyses())
    for (const auto& f : run_analysis(spec, a).findings) {
      Finding reviewed = f;
      reviewed.note = spec.findings_register().note(f.id);
      REQUIRE(reviewed.note);
      const auto checks = check_finding(spec, cases, reviewed);
      REQUIRE(checks.size() == 2);
      for (const auto& k : checks) {
        INFO(k.property << " " << k.finding << ": " << k.detail);
        CHECK(k.pass);
      }
      ++findings;
    }
  CHECK(findings >= 20);
}

TEST_CASE("the finding-quality properties fail on a wrong claim and on a missing line") {
  const Spec& spec = repo_spec();
  const auto cases = load_cases(source_root() + "/cases", spec);
  const auto& reg = spec.findings_register();
  const FindingNote* real = reg.note("F-ru-go-1985-13x13-stone-count");
  REQUIRE(real);
  FindingNote wrong = *real;
  REQUIRE_FALSE(wrong.shows.empty());
  wrong.shows.front().actual.set("total", Value::integer(169));  // what the text meant, not what it printed
  wrong.cites.front().first = wrong.cites.front().last = 100000;
  Finding f;
  f.id = wrong.id;
  f.note = &wrong;
  const auto checks = check_finding(spec, cases, f);
  REQUIRE(checks.size() == 2);
  CHECK_FALSE(checks[0].pass);
  CHECK(checks[0].detail.find("replay gives") != std::string::npos);
  CHECK_FALSE(checks[1].pass);
  CHECK(checks[1].detail.find("100000") != std::string::npos);
}
