// The report as a person sees it: index.html and amend.html opened in headless Chromium (Debian's
// `chromium`, which `make test` installs). The page must log nothing to the console, every
// finding must have its anchor, every finding whose witness holds a position its diagram, and the
// filter must hide and show rows. One Go, one xiangqi and one renju finding are screenshot into
// build/report/screenshots/.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>

#include "cases/case.hpp"
#include "reports/diagrams.hpp"
#include "reports/json_value.hpp"
#include "reports/report.hpp"
#include "suite/suite.hpp"

using namespace rulespec;
namespace fs = std::filesystem;

namespace {

const char* kChromium = "/usr/bin/chromium";

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

struct Page {
  std::string dom, console;  // the DOM after the scripts ran; the console messages logged
};

// Chromium's own command line, bounded by `timeout` so that a stuck browser cannot hang ctest.
std::string chromium(const std::string& args) {
  return std::string("timeout 120 ") + kChromium + " --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run --hide-scrollbars " + args;
}

Page open(const fs::path& file, const std::string& query, const fs::path& work) {
  const fs::path dom = work / "dom.html", log = work / "chromium.log";
  const std::string url = "file://" + fs::absolute(file).string() + query;
  const std::string command = chromium("--enable-logging=stderr --v=0 --dump-dom '" + url + "' > '" + dom.string() + "' 2> '" + log.string() + "'");
  REQUIRE(std::system(command.c_str()) == 0);
  Page p;
  p.dom = slurp(dom);
  std::istringstream lines(slurp(log));
  for (std::string line; std::getline(lines, line);)
    if (line.find(":CONSOLE") != std::string::npos) p.console += line + "\n";
  return p;
}

// The opening tag of the element with this id, "" if none.
std::string tag_with_id(const std::string& dom, const std::string& id) {
  const auto at = dom.find("id=\"" + id + "\"");
  if (at == std::string::npos) return "";
  const auto start = dom.rfind('<', at);
  return dom.substr(start, dom.find('>', at) - start + 1);
}

// The markup of the finding's div (up to the next finding or section).
std::string finding_block(const std::string& dom, const std::string& id) {
  const auto at = dom.find("id=\"" + id + "\"");
  if (at == std::string::npos) return "";
  auto end = dom.find("<div class=\"finding", at + 1);
  end = std::min({end, dom.find("<div class=\"block\"", at), dom.find("</section>", at)});
  return dom.substr(at, end == std::string::npos ? std::string::npos : end - at);
}

bool hidden(const std::string& tag) { return tag.find(" hidden") != std::string::npos; }

// The number in the summary table's cell for this severity in the row of `row` (a codex, or "all").
int summary_count(const std::string& dom, const std::string& row, const std::string& severity) {
  const auto at = dom.find("data-codex-row=\"" + row + "\"");
  if (at == std::string::npos) return -1;
  const auto cell = dom.find("data-severity-count=\"" + severity + "\"", at);
  if (cell == std::string::npos || cell > dom.find("</tr>", at)) return -1;
  std::smatch m;
  const std::string rest = dom.substr(cell, 200);
  return std::regex_search(rest, m, std::regex(">(\\d+)<")) ? std::stoi(m[1].str()) : -1;
}

// Every element carrying data-filter, with its opening tag.
std::vector<std::string> filter_items(const std::string& dom) {
  std::vector<std::string> out;
  for (auto at = dom.find(" data-filter"); at != std::string::npos; at = dom.find(" data-filter", at + 1)) {
    const auto start = dom.rfind('<', at);
    out.push_back(dom.substr(start, dom.find('>', at) - start + 1));
  }
  return out;
}

// The findings as the page was written from them: what the test compares the page with.
struct ShownFinding {
  std::string id, severity, kind;
  std::vector<std::string> clauses;
  Value witness;
};

std::vector<ShownFinding> findings_of(const SuiteResult& result) {
  std::vector<ShownFinding> out;
  for (const auto& f : result.findings) out.push_back({f.id, f.severity, f.kind, f.clauses, f.witness});
  return out;
}

std::vector<ShownFinding> findings_of(const nlohmann::json& report) {
  std::vector<ShownFinding> out;
  for (const auto& f : report.at("findings"))
    out.push_back({f.at("id").get<std::string>(), f.at("severity").get<std::string>(), f.at("kind").get<std::string>(),
                   f.at("clauses").get<std::vector<std::string>>(),
                   f.contains("witness") ? parse_json(f.at("witness").dump(), "report.json", 1) : Value()});
  return out;
}

}  // namespace

TEST_CASE("the report in headless chromium: no console message, anchors, diagrams, a working filter, screenshots") {
  if (!fs::exists(kChromium)) FAIL("chromium is not installed (make test installs it: apt-get install chromium)");
  const Spec spec = Spec::load_dir(source_root() + "/spec");
  const fs::path work = fs::temp_directory_path() / ("rulespec-browser-" + std::to_string(::getpid()));
  fs::remove_all(work);
  fs::create_directories(work);
  // The reports of ctest's whole verify run (the fixture suite_report), or of a run of our own
  // when the test binary runs alone.
  fs::path report_dir = work / "report";
  std::vector<ShownFinding> findings;
  if (const char* shared = std::getenv("RULESPEC_SUITE_REPORT"); shared && *shared) {
    report_dir = shared;
    REQUIRE(fs::exists(report_dir / "report.json"));
    findings = findings_of(nlohmann::json::parse(slurp(report_dir / "report.json")));
  } else {
    const auto cases = load_cases(source_root() + "/cases", spec);
    const SuiteResult result = run_suite(spec, cases, SuiteOptions{});
    write_reports(report_dir.string(), spec, result);
    findings = findings_of(result);
  }
  REQUIRE_FALSE(findings.empty());
  const fs::path index = report_dir / "index.html";
  CHECK(fs::file_size(index) < 3u * 1024 * 1024);

  const Page page = open(index, "", work);
  CHECK(page.console.empty());
  INFO(page.console);
  REQUIRE(page.dom.find("</html>") != std::string::npos);
  std::string go, xiangqi, renju;  // a finding of each game with a diagram
  for (const auto& f : findings) {
    INFO(f.id);
    CHECK_FALSE(tag_with_id(page.dom, f.id).empty());
    const bool positional = !witness_svg(f.witness).empty();
    const std::string block = finding_block(page.dom, f.id);
    CHECK((block.find("<svg") != std::string::npos) == positional);
    if (!positional) continue;
    const std::string svg = witness_svg(f.witness);
    std::string& slot = svg.find("Go position") != std::string::npos ? go : svg.find("Xiangqi position") != std::string::npos ? xiangqi
                        : svg.find("Renju position") != std::string::npos                                       ? renju
                                                                                                                : go;
    if (slot.empty()) slot = f.id;
  }
  REQUIRE_FALSE(go.empty());
  REQUIRE_FALSE(xiangqi.empty());
  REQUIRE_FALSE(renju.empty());
  // Nothing is hidden unfiltered.
  CHECK_FALSE(hidden(tag_with_id(page.dom, go)));
  CHECK_FALSE(hidden(tag_with_id(page.dom, "ru-go-1985.art9.p3")));

  // ?filter=<a finding's id> shows that finding and hides the others and the clause rows.
  const Page filtered = open(index, "?filter=" + xiangqi, work);
  CHECK(filtered.console.empty());
  CHECK_FALSE(hidden(tag_with_id(filtered.dom, xiangqi)));
  CHECK(hidden(tag_with_id(filtered.dom, go)));
  CHECK(hidden(tag_with_id(filtered.dom, "ru-go-1985.art9.p3")));
  // ...and a clause id shows its row and hides the rest.
  const Page by_clause = open(index, "?filter=ru-go-1985.art9.p3", work);
  CHECK_FALSE(hidden(tag_with_id(by_clause.dom, "ru-go-1985.art9.p3")));
  CHECK(hidden(tag_with_id(by_clause.dom, "ru-go-1985.art3.p1")));

  // The top of the page: findings by severity, per codex and in all, as report.json counts them.
  {
    const auto json = nlohmann::json::parse(slurp(report_dir / "report.json"));
    std::map<std::string, int> in_json;
    for (const auto& f : json.at("findings")) ++in_json[f.at("severity").get<std::string>()];
    for (const auto& severity : finding_severities()) {
      INFO(severity);
      CHECK(summary_count(page.dom, "all", severity) == in_json[severity]);
    }
    // Per codex: the findings that involve one of its clauses.
    for (const auto& cx : spec.codices())
      for (const auto& severity : finding_severities()) {
        int n = 0;
        for (const auto& f : findings)
          if (f.severity == severity &&
              std::any_of(f.clauses.begin(), f.clauses.end(), [&](const std::string& c) { return c.rfind(cx.id + ".", 0) == 0; }))
            ++n;
        INFO(cx.id << " " << severity);
        if (n) CHECK(summary_count(page.dom, cx.id, severity) == n);  // an analysis that names no clause counts by its id
      }
    // The legend defines every severity, finding kind and clause status the page shows, and the
    // words the issue found undefined.
    std::set<std::string> shown = {"exercised", "board-free"};
    for (const auto& f : findings) shown.insert({f.severity, f.kind});
    for (const auto& cx : spec.codices())
      for (const auto& cl : cx.clauses) shown.insert(cl.status);
    for (const auto& term : shown) {
      INFO("legend: " << term);
      CHECK(page.dom.find("data-term=\"" + term + "\"") != std::string::npos);
    }
    // Findings across all codices: every defect before every wording finding before every difference.
    std::size_t last_rank = 0, at = 0;
    for (const auto& f : findings) {
      const auto pos = page.dom.find("id=\"" + f.id + "\"");
      CHECK(pos > at);
      at = pos;
      CHECK(static_cast<std::size_t>(severity_rank(f.severity)) >= last_rank);
      last_rank = static_cast<std::size_t>(severity_rank(f.severity));
    }
  }
  // severity:defect shows the defects and nothing else; the other keys narrow as they say.
  {
    const Page defects = open(index, "?filter=severity:defect", work);
    CHECK(defects.console.empty());
    int shown = 0;
    for (const auto& tag : filter_items(defects.dom)) {
      const bool is_defect = tag.find("data-severity=\"defect\"") != std::string::npos;
      INFO(tag);
      CHECK(hidden(tag) != is_defect);
      shown += !hidden(tag);
    }
    CHECK(shown == std::count_if(findings.begin(), findings.end(), [](const ShownFinding& f) { return f.severity == "defect"; }));
    const Page partial = open(index, "?filter=codex:jishogi+status:partial", work);
    int rows = 0;
    for (const auto& tag : filter_items(partial.dom)) {
      INFO(tag);
      const bool wanted = tag.find("data-codex=\"jishogi\"") != std::string::npos && tag.find("data-status=\"partial\"") != std::string::npos;
      CHECK(hidden(tag) != wanted);
      rows += wanted;
    }
    CHECK(rows > 0);
    const Page conflicts = open(index, "?filter=kind:conflict", work);
    for (const auto& tag : filter_items(conflicts.dom))
      if (tag.find("class=\"finding") != std::string::npos) CHECK(hidden(tag) != (tag.find("data-kind=\"conflict\"") != std::string::npos));
  }

  // amend.html of amendments that change board cases, break properties and change many cases:
  // on a 1400 x 900 screen no table is wider than the page and the summary ends above the fold.
  for (const char* name : {"jishogi-jsa-31-points", "jishogi-27-27-jishogi", "ing-komi-7"}) {
    INFO(name);
    const fs::path amend_dir = work / "amend" / name;
    const std::string amend = std::string(RULESPEC_BIN) + " amend " + source_root() + "/spec/amendments/" + name + ".yaml --out '" +
                              amend_dir.string() + "' > /dev/null 2>&1";
    REQUIRE(std::system(amend.c_str()) == 0);
    const Page amended = open(amend_dir / "amend.html", "", work);
    CHECK(amended.console.empty());
    CHECK(amended.dom.find("<svg") != std::string::npos);
    if (std::string(name) == "jishogi-jsa-31-points") CHECK(amended.dom.find("shogi.declare.nine-pieces") != std::string::npos);
    // The page measured from a frame of the same size (our script, in the test's own page).
    std::ofstream(amend_dir / "measure.html")
        << "<!doctype html><html><body style=\"margin:0\"><iframe id=\"f\" src=\"amend.html\" style=\"width:1400px;height:900px;border:0\"></iframe>"
           "<pre id=\"out\"></pre><script>document.getElementById('f').addEventListener('load', () => {"
           "const d = document.getElementById('f').contentDocument; const w = d.documentElement.clientWidth;"
           "const wide = [...d.querySelectorAll('table')].filter(t => t.getBoundingClientRect().right > w + 1).length;"
           "const s = d.getElementById('summary').getBoundingClientRect();"
           "document.getElementById('out').textContent = 'page=' + d.documentElement.scrollWidth + ' width=' + w + ' wide=' + wide + "
           "' summary_bottom=' + Math.round(s.bottom);});</script></body></html>\n";
    const fs::path dom = work / "measure.txt";
    const std::string measure = chromium("--window-size=1400,900 --allow-file-access-from-files --dump-dom 'file://" +
                                         fs::absolute(amend_dir / "measure.html").string() + "' > '" + dom.string() + "' 2>/dev/null");
    REQUIRE(std::system(measure.c_str()) == 0);
    const std::string text = slurp(dom);
    std::smatch m;
    REQUIRE(std::regex_search(text, m, std::regex("page=(\\d+) width=(\\d+) wide=(\\d+) summary_bottom=(\\d+)")));
    INFO(m[0].str());
    CHECK(std::stoi(m[1].str()) <= std::stoi(m[2].str()));  // nothing scrolls sideways
    CHECK(m[3].str() == "0");                                // no table runs past the page
    CHECK(std::stoi(m[4].str()) <= 900);                     // the summary is above the fold
  }

  // What a person sees: one finding of each game, filtered to itself.
  const fs::path shots = fs::path(RULESPEC_BUILD_DIR) / "report" / "screenshots";
  fs::create_directories(shots);
  for (const auto& [name, id] : {std::pair{"go", go}, {"xiangqi", xiangqi}, {"renju", renju}}) {
    const fs::path png = shots / (std::string(name) + ".png");
    fs::remove(png);
    const std::string shot = chromium("--window-size=1200,1400 --screenshot='" + png.string() + "' 'file://" + fs::absolute(index).string() +
                                      "?filter=" + id + "' > /dev/null 2>&1");
    CHECK(std::system(shot.c_str()) == 0);
    CHECK(fs::exists(png));
    CHECK(fs::file_size(png) > 10000);
  }
  fs::remove_all(work);
}
