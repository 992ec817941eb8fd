// The report as a person sees it: index.html and amend.html opened in headless Chromium (Debian's
// `chromium`, which `make test` installs). The page must log nothing to the console, every
// finding must have its anchor, every finding whose witness holds a position its diagram, and the
// filter must hide and show rows. Every page is opened by one Chromium, each in a frame of a page
// of ours (a browser start costs seconds). One Go, one xiangqi and one renju finding are
// screenshot into build/report/screenshots/.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdio>
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

// A page as Chromium shows it: the DOM after its scripts ran, and for a measured page its layout
// on a 1400 x 900 screen.
struct Page {
  std::string dom;
  int scroll_width = -1, width = -1, wide_tables = -1, summary_bottom = -1;
};

// Chromium's own command line, bounded by `timeout` so that a stuck browser cannot hang ctest.
std::string chromium(const std::string& args) {
  return std::string("timeout 120 ") + kChromium + " --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run --hide-scrollbars " + args;
}

std::string base64_decode(const std::string& in) {
  static const std::string digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  unsigned value = 0;
  int bits = 0;
  for (char c : in) {
    const auto d = digits.find(c);
    if (d == std::string::npos) continue;  // '=' padding
    value = (value << 6) | static_cast<unsigned>(d);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += static_cast<char>((value >> bits) & 0xff);
    }
  }
  return out;
}

// Every page opened by one Chromium, each in a 1400 x 900 frame of a page of ours (one browser
// start, not one per page): each frame's DOM comes back base64-encoded, since the dump escapes
// markup inside text. `console` gets every console message of every frame.
std::vector<Page> open_all(const std::vector<std::string>& urls, const fs::path& work, std::string& console) {
  std::ostringstream html;
  html << "<!doctype html><html><head><script>\n"
          "function b64(s) { return btoa(unescape(encodeURIComponent(s))); }\n"
          "function capture(f, i) {\n"
          "  const d = f.contentDocument, w = d.documentElement.clientWidth;\n"
          "  const wide = [...d.querySelectorAll('table')].filter(t => t.getBoundingClientRect().right > w + 1).length;\n"
          "  const s = d.getElementById('summary');\n"
          "  const out = document.createElement('pre');\n"
          "  out.textContent = 'page ' + i + ' scroll_width=' + d.documentElement.scrollWidth + ' width=' + w + ' wide=' + wide +\n"
          "    ' summary_bottom=' + (s ? Math.round(s.getBoundingClientRect().bottom) : -1) + ' dom=' + b64(d.documentElement.outerHTML) + ' end';\n"
          "  document.body.appendChild(out);\n"
          "}\n"
          "</script></head><body style=\"margin:0\">\n";
  for (std::size_t i = 0; i < urls.size(); ++i)
    html << "<iframe src=\"" << urls[i] << "\" style=\"width:1400px;height:900px;border:0;display:block\" onload=\"capture(this, " << i
         << ")\"></iframe>\n";
  html << "</body></html>\n";
  const fs::path harness = work / "harness.html", dom = work / "harness-dom.html", log = work / "chromium.log";
  std::ofstream(harness) << html.str();
  const std::string command = chromium("--window-size=1400,900 --allow-file-access-from-files --enable-logging=stderr --v=0 --dump-dom 'file://" +
                                       fs::absolute(harness).string() + "' > '" + dom.string() + "' 2> '" + log.string() + "'");
  REQUIRE(std::system(command.c_str()) == 0);
  std::istringstream lines(slurp(log));
  for (std::string line; std::getline(lines, line);)
    if (line.find(":CONSOLE") != std::string::npos) console += line + "\n";
  const std::string text = slurp(dom);
  std::vector<Page> pages(urls.size());
  // "page I scroll_width=N width=N wide=N summary_bottom=N dom=BASE64 end", one per frame (read by
  // hand: std::regex recurses per character and a DOM is megabytes).
  for (auto at = text.find("<pre>page "); at != std::string::npos; at = text.find("<pre>page ", at + 1)) {
    std::size_t index = 0;
    int scroll_width = 0, width = 0, wide = 0, bottom = 0;
    if (std::sscanf(text.c_str() + at, "<pre>page %zu scroll_width=%d width=%d wide=%d summary_bottom=%d", &index, &scroll_width, &width, &wide,
                    &bottom) != 5 || index >= pages.size())
      continue;
    const auto dom_at = text.find(" dom=", at), end = text.find(" end</pre>", at);
    if (dom_at == std::string::npos || end == std::string::npos || dom_at > end) continue;
    pages[index] = {base64_decode(text.substr(dom_at + 5, end - dom_at - 5)), scroll_width, width, wide, bottom};
  }
  for (std::size_t i = 0; i < pages.size(); ++i) {
    INFO(urls[i]);
    REQUIRE(pages[i].dom.find("</body>") != std::string::npos);  // the frame loaded and was captured
  }
  return pages;
}

std::string file_url(const fs::path& file, const std::string& query = "") { return "file://" + fs::absolute(file).string() + query; }

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

  // amend.html of amendments that change board cases, break properties and change many cases.
  const std::vector<std::string> amendments = {"jishogi-jsa-31-points", "jishogi-27-27-jishogi", "ing-komi-7"};
  for (const auto& name : amendments) {
    const std::string amend = std::string(RULESPEC_BIN) + " amend " + source_root() + "/spec/amendments/" + name + ".yaml --out '" +
                              (work / "amend" / name).string() + "' > /dev/null 2>&1";
    REQUIRE(std::system(amend.c_str()) == 0);
  }
  // Every page in one browser. The findings and their diagrams are looked up first, so the
  // filtered pages need a finding id of each game: the unfiltered page decides them below, and the
  // filters take them from the witnesses as the page draws them.
  std::string go, xiangqi, renju;  // a finding of each game with a diagram
  for (const auto& f : findings) {
    const std::string svg = witness_svg(f.witness);
    if (svg.empty()) continue;
    std::string& slot = svg.find("Go position") != std::string::npos        ? go
                        : svg.find("Xiangqi position") != std::string::npos ? xiangqi
                        : svg.find("Renju position") != std::string::npos   ? renju
                                                                            : go;
    if (slot.empty()) slot = f.id;
  }
  REQUIRE_FALSE(go.empty());
  REQUIRE_FALSE(xiangqi.empty());
  REQUIRE_FALSE(renju.empty());
  std::vector<std::string> urls = {file_url(index),
                                    file_url(index, "?filter=" + xiangqi),
                                    file_url(index, "?filter=ru-go-1985.art9.p3"),
                                    file_url(index, "?filter=severity:defect"),
                                    file_url(index, "?filter=codex:jishogi+status:partial"),
                                    file_url(index, "?filter=kind:conflict")};
  for (const auto& name : amendments) urls.push_back(file_url(work / "amend" / name / "amend.html"));
  std::string console;
  const std::vector<Page> pages = open_all(urls, work, console);
  CHECK(console.empty());
  INFO(console);
  const Page& page = pages[0];
  for (const auto& f : findings) {
    INFO(f.id);
    CHECK_FALSE(tag_with_id(page.dom, f.id).empty());
    const bool positional = !witness_svg(f.witness).empty();
    const std::string block = finding_block(page.dom, f.id);
    CHECK((block.find("<svg") != std::string::npos) == positional);
  }
  // Nothing is hidden unfiltered.
  CHECK_FALSE(hidden(tag_with_id(page.dom, go)));
  CHECK_FALSE(hidden(tag_with_id(page.dom, "ru-go-1985.art9.p3")));

  // ?filter=<a finding's id> shows that finding and hides the others and the clause rows.
  const Page& filtered = pages[1];
  CHECK_FALSE(hidden(tag_with_id(filtered.dom, xiangqi)));
  CHECK(hidden(tag_with_id(filtered.dom, go)));
  CHECK(hidden(tag_with_id(filtered.dom, "ru-go-1985.art9.p3")));
  // ...and a clause id shows its row and hides the rest.
  const Page& by_clause = pages[2];
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
    const Page& defects = pages[3];
    int shown = 0;
    for (const auto& tag : filter_items(defects.dom)) {
      const bool is_defect = tag.find("data-severity=\"defect\"") != std::string::npos;
      INFO(tag);
      CHECK(hidden(tag) != is_defect);
      shown += !hidden(tag);
    }
    CHECK(shown == std::count_if(findings.begin(), findings.end(), [](const ShownFinding& f) { return f.severity == "defect"; }));
    const Page& partial = pages[4];
    int rows = 0;
    for (const auto& tag : filter_items(partial.dom)) {
      INFO(tag);
      const bool wanted = tag.find("data-codex=\"jishogi\"") != std::string::npos && tag.find("data-status=\"partial\"") != std::string::npos;
      CHECK(hidden(tag) != wanted);
      rows += wanted;
    }
    CHECK(rows > 0);
    const Page& conflicts = pages[5];
    for (const auto& tag : filter_items(conflicts.dom))
      if (tag.find("class=\"finding") != std::string::npos) CHECK(hidden(tag) != (tag.find("data-kind=\"conflict\"") != std::string::npos));
  }

  // The amend pages: diagrams, and on a 1400 x 900 screen no table wider than the page and the
  // summary above the fold.
  for (std::size_t k = 0; k < amendments.size(); ++k) {
    const Page& amended = pages[6 + k];
    INFO(amendments[k]);
    CHECK(amended.dom.find("<svg") != std::string::npos);
    if (amendments[k] == "jishogi-jsa-31-points") CHECK(amended.dom.find("shogi.declare.nine-pieces") != std::string::npos);
    CHECK(amended.scroll_width <= amended.width);  // nothing scrolls sideways
    CHECK(amended.wide_tables == 0);               // no table runs past the page
    CHECK(amended.summary_bottom >= 0);
    CHECK(amended.summary_bottom <= 900);          // the summary is above the fold
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
