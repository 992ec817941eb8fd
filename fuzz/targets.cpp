#include "fuzz/targets.hpp"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cases/case.hpp"
#include "engines/fsf_shogi.hpp"
#include "engines/xshogi.hpp"
#include "model/go/sgf.hpp"
#include "model/renju/board.hpp"
#include "model/shogi/position.hpp"
#include "model/xiangqi/notation.hpp"
#include "queries/query.hpp"
#include "serve/api.hpp"
#include "reports/json_value.hpp"
#include "suite/suite_io.hpp"
#include "spec/amendment.hpp"
#include "spec/catalog.hpp"
#include "spec/register.hpp"
#include "spec/yaml_load.hpp"

namespace rulespec::fuzz {
namespace {

namespace fs = std::filesystem;

const Spec& repo_spec() {
  static const Spec spec = Spec::load_dir(source_root() + "/spec");
  return spec;
}

// The suite as planned from the repository, for the slices `rulespec merge` reads.
struct RepoPlan {
  std::vector<Case> cases;
  SuiteOptions options;
  std::vector<SuiteItem> plan;
};
const RepoPlan& repo_plan() {
  static const RepoPlan p = [] {
    RepoPlan r;
    r.cases = load_cases(source_root() + "/cases", repo_spec());
    r.plan = plan_suite(repo_spec(), r.cases, r.options);
    return r;
  }();
  return p;
}

std::string text_of(const std::uint8_t* data, std::size_t size) { return std::string(reinterpret_cast<const char*>(data), size); }

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

std::vector<std::string> files_in(const fs::path& dir, const std::string& extension) {
  std::vector<std::string> out;
  if (!fs::is_directory(dir)) return out;
  std::vector<fs::path> paths;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file() && e.path().extension() == extension) paths.push_back(e.path());
  std::sort(paths.begin(), paths.end());
  for (const auto& p : paths) out.push_back(read_text_file(p.string()));
  return out;
}

// The loaders read files: the input goes to a private temporary file first.
std::string temp_file(const std::string& text) {
  const fs::path p = fs::temp_directory_path() / ("rulespec-fuzz-" + std::to_string(::getpid()) + ".yaml");
  std::ofstream(p, std::ios::binary | std::ios::trunc) << text;
  return p.string();
}

int catalog(const std::uint8_t* data, std::size_t size) {
  const std::string text = text_of(data, size);
  try {
    const Value doc = parse_yaml(text, "fuzz.yaml");
    if (doc.is_map() && doc.find("codex")) {
      Spec::from_codices({parse_codex(doc, "fuzz.yaml")});
    } else {
      FindingRegister reg;
      parse_register(doc, "fuzz.yaml", reg);
    }
  } catch (const InputError&) {
  }
  return 0;
}

// Loading only: running a case is one oracle request each, which the oracle target covers.
int cases(const std::uint8_t* data, std::size_t size) {
  try {
    for (const Case& c : load_case_file(temp_file(text_of(data, size)), repo_spec()))
      for (const auto& [rs, expected] : c.expect) case_request(c, rs);
  } catch (const InputError&) {
  }
  return 0;
}

int amendment(const std::uint8_t* data, std::size_t size) {
  try {
    apply_amendment(repo_spec(), load_amendment(temp_file(text_of(data, size)), repo_spec()));
  } catch (const InputError&) {
  }
  return 0;
}

int oracle(const std::uint8_t* data, std::size_t size) {
  const std::string text = text_of(data, size);
  try {
    check_utf8(text, "<stdin>", 1);
    run_query(repo_spec(), parse_json(text, "<stdin>", 1));
  } catch (const InputError&) {
  } catch (const QueryError&) {
  }
  return 0;
}

int sgf(const std::uint8_t* data, std::size_t size) {
  go::parse_sgf(text_of(data, size));
  return 0;
}

// First line a FEN (read strictly and as a composed diagram), then moves in either notation.
int xiangqi_text(const std::uint8_t* data, std::size_t size) {
  const auto lines = lines_of(text_of(data, size));
  if (lines.empty()) return 0;
  xiangqi::Position::from_fen(lines[0], false);
  auto parsed = xiangqi::Position::from_fen(lines[0], true);
  xiangqi::Position p = parsed.position ? *parsed.position : xiangqi::Position::start();
  for (std::size_t i = 1; i < lines.size() && i < 200; ++i) {
    xiangqi::parse_iccs(p, lines[i]);
    const auto m = xiangqi::parse_move(p, lines[i], true);
    if (m.move) p.make(*m.move);
  }
  return 0;
}

int renju_text(const std::uint8_t* data, std::size_t size) {
  const std::string text = text_of(data, size);
  std::string error;
  renju::parse_moves(text, 15, &error);
  for (const auto& line : lines_of(text)) renju::parse_point(line, 15);
  return 0;
}

// First line an SFEN, then USI moves.
int shogi_text(const std::uint8_t* data, std::size_t size) {
  const auto lines = lines_of(text_of(data, size));
  if (lines.empty()) return 0;
  std::string error;
  auto p = shogi::Position::from_sfen(lines[0], &error).value_or(shogi::Position::start());
  for (std::size_t i = 1; i < lines.size() && i < 200; ++i)
    if (const auto m = p.parse_usi(lines[i])) p.make(*m);
  return 0;
}

// What engines say back: xshogi move echoes and edit lines, fairy-stockfish's shogi moves.
int engine_replies(const std::uint8_t* data, std::size_t size) {
  engines::XshogiEditor editor;
  for (const auto& line : lines_of(text_of(data, size))) {
    engines::xshogi_answer(line, "7g7f");
    editor.take(line);
    engines::usi_from_fsf(line);
  }
  editor.position();
  return 0;
}

// A slice file of `verify --shard K/N`, as `rulespec merge` reads it (the fingerprint check
// aside: the fuzzer could not forge one).
int shard(const std::uint8_t* data, std::size_t size) {
  const RepoPlan& p = repo_plan();
  try {
    parse_shard(text_of(data, size), "fuzz.json", repo_spec(), p.cases, p.plan, "");
  } catch (const InputError&) {
  }
  return 0;
}

// A request to the workbench's API, as the server hands it over: the first byte picks the door
// (oracle, amendment, repair, clause id, the editor's form), the rest is the body. Every answer is a status and JSON;
// nothing may escape as an exception.
int serve_request(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string body = text_of(data + 1, size - 1);
  switch (data[0] % 5) {
    case 0: serve::oracle(repo_spec(), body).body.dump(-1, ' ', false, Json::error_handler_t::replace); break;
    case 1: serve::check_amendment(repo_spec(), body); break;
    case 2: serve::check_repair(repo_spec(), body); break;
    case 3: serve::clause(repo_spec(), body).body.dump(-1, ' ', false, Json::error_handler_t::replace); break;
    case 4: serve::amendment_form(repo_spec(), body).body.dump(-1, ' ', false, Json::error_handler_t::replace); break;
  }
  return 0;
}

std::vector<std::string> catalog_seeds() {
  auto out = files_in(fs::path(source_root()) / "spec", ".yaml");
  out.push_back("codex: {id: zz, game: go, title: T, source: s.txt}\nclauses: []\n");
  return out;
}
std::vector<std::string> case_seeds() { return files_in(fs::path(source_root()) / "cases", ".yaml"); }
std::vector<std::string> amendment_seeds() { return files_in(fs::path(source_root()) / "spec" / "amendments", ".yaml"); }
std::vector<std::string> oracle_seeds() {
  std::vector<std::string> out;
  for (const Case& c : load_cases(source_root() + "/cases", repo_spec())) {
    if (c.expect.empty()) continue;
    Value request = case_request(c, c.expect.front().first);
    // A seed is about the request's shape: a mate search five moves deep (two AXF diagram-7
    // cases, seconds each) reads the same fields at depth 2.
    if (const Value* within = request.find("within"); within && within->kind() == Value::Kind::Int && within->as_int() > 2)
      request.set("within", Value::integer(2));
    out.push_back(request.dump());
  }
  return out;
}
std::vector<std::string> serve_seeds() {
  // Every eighth oracle seed: the oracle target runs them all through the queries; this one is
  // about the body around them.
  std::vector<std::string> out;
  const auto requests = oracle_seeds();
  for (std::size_t i = 0; i < requests.size(); i += 8) out.push_back(std::string(1, '\0') + requests[i]);
  for (const auto& amendment : amendment_seeds()) out.push_back(std::string(1, '\1') + amendment);
  out.push_back(std::string(1, '\2') + "{\"finding\": \"F-axf-1982-perpetual-check-conflict\"}");
  out.push_back(std::string(1, '\3') + "ru-go-1985.art4.p1");
  out.push_back(std::string(1, '\0') + "[{\"game\": \"go\", \"query\": \"score\", \"amendment\": {\"amendment\": {}}}]");
  return out;
}
std::vector<std::string> sgf_seeds() {
  return {"(;GM[1]FF[4]SZ[9]KM[5.5];B[ee];W[ce];B[dc])", "(;SZ[19]AB[dd][pp]AW[dp];W[pd])", "(;SZ[13];B[];W[])"};
}
std::vector<std::string> xiangqi_seeds() {
  std::vector<std::string> out = {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\nh2e2\nh9g7\nC2=5\n"};
  std::ifstream in(fs::path(source_root()) / "tests" / "data" / "wxf-repetition-examples.tsv");
  for (std::string line; std::getline(in, line) && out.size() < 40;) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream f(line);
    std::string id, label, fen, moves;
    std::getline(f, id, '\t');
    std::getline(f, label, '\t');
    std::getline(f, fen, '\t');
    std::getline(f, moves, '\t');
    std::string text = fen + "\n";
    std::istringstream m(moves);
    for (std::string mv; m >> mv;) text += mv + "\n";
    out.push_back(text);
  }
  return out;
}
std::vector<std::string> renju_seeds() { return {"h8 h9 i9 g7 j10", "a1\no15\np16\nh8", "h8 h8"}; }
std::vector<std::string> shogi_seeds() {
  return {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n7g7f\n3c3d\n8h2b+\n",
          "8k/9/8P/9/9/9/9/9/K8 b P 1\nP*1b\n1c1b+\n"};
}
// Slices of one item each: the first case, the first property and the last analysis.
std::vector<std::string> shard_seeds() {
  const RepoPlan& p = repo_plan();
  std::vector<std::string> out;
  const int n = static_cast<int>(p.plan.size());
  auto first_of = [&](SuiteItem::Kind kind, bool last = false) {
    int found = -1;
    for (int i = 0; i < n; ++i)
      if (p.plan[static_cast<std::size_t>(i)].kind == kind && (found < 0 || last)) found = i;
    return found;
  };
  for (int i : {first_of(SuiteItem::Kind::Case), first_of(SuiteItem::Kind::Property), first_of(SuiteItem::Kind::Analysis, true)}) {
    if (i < 0) continue;
    const auto outcome = run_item(repo_spec(), p.cases, p.options, p.plan[static_cast<std::size_t>(i)]);
    out.push_back(shard_text("0000000000000000", p.options, i + 1, n, p.plan, {static_cast<std::size_t>(i)}, {outcome}));
  }
  return out;
}

std::vector<std::string> reply_seeds() {
  return {"GNU Shogi 1.4.2\n1. 7g7f 300000\nIllegal move (no match) 2b2a\n", "#\nk5i\np*\nc\nk5a\np3b+\n.\n", "P@e5\ng3g4+\ne2e1\n"};
}

}  // namespace

const std::vector<Target>& targets() {
  static const std::vector<Target> all = {
      {"catalog", catalog, catalog_seeds},     {"cases", cases, case_seeds},      {"amendment", amendment, amendment_seeds},
      {"oracle", oracle, oracle_seeds},        {"sgf", sgf, sgf_seeds},           {"xiangqi", xiangqi_text, xiangqi_seeds},
      {"renju", renju_text, renju_seeds},      {"shogi", shogi_text, shogi_seeds}, {"engine-replies", engine_replies, reply_seeds},
      {"shard", shard, shard_seeds},           {"serve-request", serve_request, serve_seeds}};
  return all;
}

const Target* target(const std::string& name) {
  for (const auto& t : targets())
    if (t.name == name) return &t;
  return nullptr;
}

}  // namespace rulespec::fuzz
