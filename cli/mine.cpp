// rulespec mine: the smallest positions on which rulesets part (mine/miner.hpp), printed, and
// with --emit appended to a case file as cases that verify runs from then on.
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <memory>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <tuple>

#include "cases/case.hpp"
#include "certify/certify.hpp"
#include "certify/uci_session.hpp"
#include "cli/commands.hpp"
#include "spec/suggest.hpp"
#include "engines/fsf_xiangqi.hpp"
#include "mine/engine_gtp.hpp"
#include "mine/engine_uci.hpp"
#include "mine/miner.hpp"
#include "queries/switches.hpp"
#include "mine/slice.hpp"
#include "reports/report.hpp"
#include "suite/suite_io.hpp"
#include "spec/build_info.hpp"
#include "cli/mine_export.hpp"
#include "spec/yaml_load.hpp"

namespace rulespec::cli {

namespace {

constexpr std::chrono::milliseconds kEngineTimeout{10000};

constexpr const char* kCaseFileHeader = "# Cases found by rulespec mine: minimal, canonical and unique witnesses of rulesets that part.\n";

std::vector<std::string> split_commas(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream in(text);
  for (std::string part; std::getline(in, part, ',');)
    if (!part.empty()) out.push_back(part);
  return out;
}

// The canonical inputs of the mined cases a file already holds for this question (whatever pair
// of rulesets they were mined between: a case expects every ruleset's answer).
// Whether a file holds nothing but comments and blank lines (an emit file no case went to yet).
bool only_comments(const std::string& path) {
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) {
    const auto first = line.find_first_not_of(" \t\r");
    if (first != std::string::npos && line[first] != '#') return false;
  }
  return true;
}

std::set<std::string> known_keys(const std::string& path, const mine::Question& q) {
  std::set<std::string> out;
  if (!std::filesystem::exists(path) || only_comments(path)) return out;
  const Value doc = load_yaml_file(path);
  for (const Value& c : doc.as_list("case file")) {
    const Value* mined = c.find("mined");
    const Value* input = c.find("input");
    if (!mined || !input || !mined->find("question") || mined->find("question")->as_string() != q.name) continue;
    out.insert(mine::key_of(q, *input));
  }
  return out;
}

// Against an engine, the moves one side lists and the other does not, each with the rule the
// model says it breaks.
std::string engine_difference(const mine::Question& q, const mine::Witness& w) {
  if (w.answers.size() != 2 || q.compared != std::vector<std::string>{"moves"}) return "";
  auto moves = [](const Value& answer) {
    std::set<std::string> out;
    if (const Value* list = answer.find("moves"); list && list->is_list())
      for (const Value& m : list->as_list()) out.insert(m.as_string());
    return out;
  };
  const auto ours = moves(w.answers[0].second), theirs = moves(w.answers[1].second);
  std::ostringstream os;
  for (const auto& m : theirs)
    if (!ours.count(m)) {
      const std::string why = q.fault ? q.fault(w.input, m) : "";
      os << "      the engine lists " << m << ", which " << w.answers[0].first << " forbids" << (why.empty() ? "" : ": " + why) << "\n";
    }
  for (const auto& m : ours)
    if (!theirs.count(m)) os << "      the engine omits " << m << ", legal under " << w.answers[0].first << "\n";
  return os.str();
}

// What mine prints (and writes to OUT/mine.txt): the search, then each witness with every
// ruleset's answer. A merge of slices prints the same.
std::string report_text(const mine::Question& q, const mine::Options& o, const mine::Result& r, const std::string& known_difference = {}) {
  std::ostringstream os;
  std::string between;
  for (const auto& b : o.between) between += (between.empty() ? "" : ",") + b;
  if (o.engine) between += " and the engine";
  os << "mine " << q.game << "/" << q.name << " (" << q.summary << ") between " << between
     << (o.exhaustive ? ", exhaustive over " + q.space_summary + (o.positions > 0 ? " (its first " + std::to_string(o.positions) + " indices)" : "")
                      : ", seed " + std::to_string(o.seed))
     << ": " << r.examined
     << " positions examined, " << r.disagreeing << " where rulesets part, " << r.witnesses.size() << " minimal witnesses"
     << (r.budget_hit ? " (stopped at the time budget)" : "") << "\n";
  // Positions a side could not answer: counted apart, never as a difference.
  for (const auto& [side, whys] : r.unanswerable) {
    int n = 0;
    std::string reasons;
    for (const auto& [why, k] : whys) {
      n += k;
      reasons += (reasons.empty() ? "" : "; ") + why + ": " + std::to_string(k);
    }
    os << "  unanswerable under " << side << ": " << n << " positions (" << reasons << "), not counted as differences\n";
  }
  if (!known_difference.empty()) os << known_difference;
  // The witnesses by the clauses that explain them, each group with what the cap left out.
  std::vector<std::string> groups;
  for (const auto& w : r.witnesses)
    if (std::find(groups.begin(), groups.end(), mine::group_of(w)) == groups.end()) groups.push_back(mine::group_of(w));
  for (const auto& g : groups) {
    int kept = 0;
    for (const auto& w : r.witnesses) kept += mine::group_of(w) == g;
    const auto found = r.found_per_group.count(g) ? r.found_per_group.at(g) : kept;
    os << "  decided by " << g << ": " << kept << " witness" << (kept == 1 ? "" : "es");
    if (found > kept) os << " of " << found << " found (" << found - kept << " left out by the cap: --max, --per-group)";
    os << "\n";
    for (const auto& w : r.witnesses) {
      if (mine::group_of(w) != g) continue;
      os << "    " << w.parts << " " << q.part_name << ", " << w.first << " vs " << w.second << ": " << w.input.dump() << "\n";
      // Against an engine, a move list is told by its difference (the whole lists are long).
      const std::string difference = o.engine ? engine_difference(q, w) : "";
      if (difference.empty())
        for (const auto& [rs, answer] : w.answers) os << "        " << rs << ": " << answer.dump() << "\n";
      os << difference;
    }
  }
  // Groups found but none kept (the cap took others first).
  for (const auto& [g, found] : r.found_per_group)
    if (std::find(groups.begin(), groups.end(), g) == groups.end())
      os << "  decided by " << g << ": " << found << " found, none kept by the cap (--max, --per-group)\n";
  os << "  by " << rulespec_version_line() << "\n";
  return os.str();
}

// When a search found no witness, a case of the repository on which two of the rulesets do answer
// the question differently, if there is one: the search did not reach such positions, which is
// not the same as the rulesets agreeing.
std::string known_difference(const Spec& spec, const mine::Question& q, const mine::Options& o, const mine::Result& r) {
  if (o.engine || !r.witnesses.empty()) return "";
  for (const auto& c : load_cases(source_root() + "/cases", spec)) {
    if (c.game != q.game || c.query != q.query || !c.input.is_map()) continue;
    for (std::size_t a = 0; a < o.between.size(); ++a)
      for (std::size_t b = a + 1; b < o.between.size(); ++b) {
        const Value x = mine::answer_of(spec, q, c.input, o.between[a]), y = mine::answer_of(spec, q, c.input, o.between[b]);
        if (x == y || !mine::why_unanswerable(q, x).empty() || !mine::why_unanswerable(q, y).empty()) continue;
        // The other questions that ask the same query may generate such positions.
        std::string others;
        for (const auto& other : mine::questions())
          if (other.game == q.game && other.query == q.query && other.name != q.name) others += (others.empty() ? "" : ", ") + other.name;
        return "  no witness, though " + o.between[a] + " and " + o.between[b] + " answer differently on case " + c.id + " (" +
               std::filesystem::path(c.file).filename().string() + "): the positions generated do not reach such a one " +
               "(try more --positions, another --seed, or --exhaustive" +
               (others.empty() ? "" : "; other " + q.game + " questions asking " + q.query + ": " + others) + ")\n";
      }
  }
  return "";
}

// OUT/mine.txt (the report) and OUT/mined.yaml (every witness as a case), each written whole.
void write_outputs(const std::string& dir, const mine::Question& q, const mine::Options& o, const mine::Result& r,
                   const std::string& known = {}) {
  std::filesystem::create_directories(dir);
  write_file_atomic(dir + "/mine.txt", report_text(q, o, r, known));
  // Witnesses against an engine are the engine's, not cases of a codex: the report only.
  if (!o.engine)
    write_file_atomic(dir + "/mined.yaml", std::string(kCaseFileHeader) + "# by " + rulespec_version_line() + "\n" +
                                               mine::case_entries(q, o, r.witnesses));
}

std::string tree_fingerprint() { return suite_fingerprint({}, SuiteOptions{}, fingerprint_dirs()); }

}  // namespace

int mine_positions(const MineArgs& a) {
  const Spec spec = load_spec();
  const mine::Question* q = mine::find_question(a.game, a.question);
  if (!q) {
    std::string valid;
    bool game_has_one = false;
    for (const auto& x : mine::questions()) game_has_one = game_has_one || x.game == a.game;
    for (const auto& x : mine::questions())
      if (!game_has_one || x.game == a.game) valid += (valid.empty() ? "" : ", ") + x.game + "/" + x.name;
    if (!game_has_one) std::cerr << "mine: --game '" << a.game << "' has no questions (the games and their questions: " << valid << ")\n";
    else std::cerr << "mine: no question '" << a.question << "' for game '" << a.game << "' (there are: " << valid << ")\n";
    return 2;
  }
  mine::Options o;
  o.game = a.game;
  o.question = q->name;
  o.between = split_commas(a.between);
  // Against an engine: one ruleset, a legal-moves question, over the game's protocol.
  std::unique_ptr<engines::EngineProcess> engine;
  std::unique_ptr<certify::UciSession> session;
  if (!a.engine.empty() || !a.ruleset.empty()) {
    if (a.engine.empty() || a.ruleset.empty() || !a.between.empty()) {
      std::cerr << "mine: --engine CMD and --ruleset R go together, in place of --between\n";
      return 2;
    }
    if (q->name != "legal") {
      std::cerr << "mine: --engine: an engine is asked for its legal moves (go/legal over GTP, shogi/legal over USI, xiangqi/legal "
                   "over UCI), not " << q->game << "/" << q->name << " (use --question legal)\n";
      return 2;
    }
    if (!a.emit.empty()) {
      std::cerr << "mine: --engine: what an engine answers is no case of a codex; --out DIR writes the witnesses (mine.txt)\n";
      return 2;
    }
    if (!a.shard.empty()) {
      std::cerr << "mine: --engine runs in one process (an engine's answers are not part of the tree a slice records)\n";
      return 2;
    }
    const auto argv = command_words(a.engine);
    if (const std::string missing = certify::missing_program(argv); !missing.empty()) {
      std::cerr << "mine: --engine: " << missing << "\n";
      return 2;
    }
    const std::string protocol = q->game == "go" ? "GTP" : q->game == "shogi" ? "USI" : "UCI";
    try {
      engine = std::make_unique<engines::EngineProcess>(argv);
      if (q->game == "go") {
        if (!mine::supports_gtp_legal_moves(*engine, kEngineTimeout)) {
          std::cerr << "mine: --engine '" << a.engine << "' does not list all_legal and list_stones among its GTP commands\n";
          return 2;
        }
        o.engine = mine::gtp_legal_moves(*engine, kEngineTimeout);
      } else {
        session = std::make_unique<certify::UciSession>(
            certify::UciSession{*engine, kEngineTimeout, {}, q->game == "shogi" ? "usi" : "uci", argv});
        session->handshake(q->game);
        mine::MoveLister list = [s = session.get()](const std::string& position) { return s->perft1(position); };
        if (q->game == "shogi") o.engine = mine::shogi_usi_legal_moves(list);
        else o.engine = mine::xiangqi_uci_legal_moves(list, engines::xiangqi_ranks_from_one(list(xiangqi::Position::kStartFen)));
      }
    } catch (const std::exception& e) {
      std::cerr << "mine: --engine '" << a.engine << "' did not answer " << protocol << " (is it a " << protocol
                << " engine, and on PATH?): " << e.what() << "\n";
      return 2;
    }
    o.between = {a.ruleset};
    o.engine_label = "engine";
  }
  o.seed = a.seed;
  o.positions = a.positions > 0 ? a.positions : q->default_positions;
  o.budget_seconds = a.budget;
  o.max_witnesses = a.max;
  o.per_group = a.per_group;
  o.first_against_each = a.first_against_each;
  if (a.exhaustive) {
    if (q->space == 0) {
      std::string with;
      for (const auto& x : mine::questions())
        if (x.space) with += (with.empty() ? "" : ", ") + x.game + "/" + x.name;
      std::cerr << "mine: --exhaustive: " << q->game << "/" << q->name << " has no finite space declared (questions with one: " << with << ")\n";
      return 2;
    }
    o.exhaustive = true;
    o.positions = a.positions;  // 0: the whole space
  }
  for (const auto& side : o.between) {
    const auto [id, without] = mine::split_side(side);
    if (!spec.has_ruleset(id) || spec.ruleset(id).game != q->game) {
      std::cerr << "mine: --between: '" << id << "' is not a " << q->game << " ruleset: " << suggestion(id, spec.ruleset_ids(q->game), "see 'rulespec list rulesets'") << "\n";
      return 2;
    }
    // RULESET~CLAUSE: the ruleset without a clause the models can switch off.
    for (const auto& clause : without)
      if (!find_clause_switch(clause) || clause.rfind(spec.ruleset(id).codex + ".", 0) != 0) {
        std::vector<std::string> switches;
        for (const auto& sw : clause_switches())
          if (sw.clause.rfind(spec.ruleset(id).codex + ".", 0) == 0) switches.push_back(sw.clause);
        std::cerr << "mine: --between: '" << side << "': " << clause << " is not a clause of " << spec.ruleset(id).codex
                  << " the models can switch off: " << suggestion(clause, switches, "see 'rulespec list switches'") << "\n";
        return 2;
      }
  }
  if (o.between.size() < 2 && !o.engine) {
    std::cerr << "mine: --between needs at least two rulesets, comma-separated (or --engine CMD --ruleset R)\n";
    return 2;
  }
  if (a.export_format == "sgf" && q->game != "go") {
    std::cerr << "mine: --export sgf: SGF is written for Go; " << q->game << " witnesses export as csv or json (with "
              << (q->game == "xiangqi" ? "FEN and ICCS moves" : q->game == "shogi" ? "SFEN" : "board coordinates") << ")\n";
    return 2;
  }
  if (!a.export_format.empty() && !a.shard.empty()) {
    std::cerr << "mine: --export: a slice holds part of the witnesses; export the whole run (without --shard)\n";
    return 2;
  }
  if (!a.shard.empty()) {
    std::tie(o.shard, o.shards) = parse_shard(a.shard);
    if (a.out.empty() || !a.emit.empty()) {
      std::cerr << "mine: --shard K/N writes its slice to --out DIR (and --emit is for the merged run: rulespec merge DIR)\n";
      return 2;
    }
    const auto r = mine::search(spec, o);
    std::filesystem::create_directories(a.out);
    const std::string path = a.out + "/" + mine::slice_file_name(o.shard, o.shards);
    write_file_atomic(path, mine::slice_text(o, tree_fingerprint(), r));
    std::cout << "mine " << q->game << "/" << q->name << " slice " << o.shard << "/" << o.shards << ": " << r.examined
              << " positions examined, " << r.disagreeing << " where rulesets part, " << r.witnesses.size() << " witnesses kept: " << path
              << " (join the slices with rulespec merge " << a.out << ")\n";
    return 0;
  }
  // A broken emit file is refused before the search, not after it.
  if (!a.emit.empty() && std::filesystem::is_directory(a.emit)) {
    std::cerr << "mine: --emit " << a.emit << " is a directory; it takes a case file (.yaml)\n";
    return 2;
  }
  const auto known_in_file = a.emit.empty() ? std::set<std::string>{} : known_keys(a.emit, *q);
  mine::Result r;
  try {
    r = mine::mine(spec, o);
  } catch (const std::runtime_error& e) {
    if (!engine) throw;
    std::cerr << "mine: the engine failed: " << e.what() << "\n";
    return 1;
  }
  const std::string unreached = known_difference(spec, *q, o, r);
  if (!a.export_format.empty()) {
    // The export on stdout, for a pipe; the report on stderr.
    int skipped = 0;
    const std::string exported = export_witnesses(*q, r, a.export_format, skipped);
    std::cerr << report_text(*q, o, r, unreached);
    if (skipped) std::cerr << "  --export " << a.export_format << ": " << skipped << " witnesses without a board left out\n";
    std::cout << exported;
    if (!a.out.empty()) {
      std::filesystem::create_directories(a.out);
      write_file_atomic(a.out + "/witnesses." + a.export_format, exported);
    }
  } else {
    std::cout << report_text(*q, o, r, unreached);
  }
  if (!a.out.empty()) write_outputs(a.out, *q, o, r, unreached);
  if (a.emit.empty()) return 0;
  // Known: what the file holds, and what any case file of the repository holds (a case id is
  // unique across them).
  auto known = known_in_file;
  for (const auto& e : std::filesystem::recursive_directory_iterator(cases_dir()))
    if (e.is_regular_file() && e.path().extension() == ".yaml")
      for (const auto& k : known_keys(e.path().string(), *q)) known.insert(k);
  std::vector<mine::Witness> fresh;
  for (const auto& w : r.witnesses)
    if (!known.count(mine::key_of(*q, w.input))) fresh.push_back(w);
  const bool exists = std::filesystem::exists(a.emit);
  if (fresh.empty()) {
    // Nothing to add: a file that is not there stays so (a header alone is no case file).
    std::cout << a.emit << ": no new cases (" << r.witnesses.size() << " already there or in cases/)" << (exists ? "" : "; not written") << "\n";
    return 0;
  }
  std::error_code ec;
  if (!exists && !std::filesystem::path(a.emit).parent_path().empty())
    std::filesystem::create_directories(std::filesystem::path(a.emit).parent_path(), ec);
  std::ofstream out(a.emit, std::ios::app);
  if (!out) {
    std::cerr << "mine: --emit " << a.emit << ": cannot be written\n";
    return 2;
  }
  if (!exists) out << kCaseFileHeader;
  out << mine::case_entries(*q, o, fresh);
  out.flush();
  if (!out) {
    std::cerr << "mine: --emit " << a.emit << ": writing failed\n";
    return 2;
  }
  std::cout << a.emit << ": " << fresh.size() << " new cases (" << r.witnesses.size() - fresh.size() << " already there or in cases/)\n";
  return 0;
}

int merge_mine(const std::vector<std::string>& files, const std::string& out) {
  const std::string tree = tree_fingerprint();
  std::vector<mine::Result> slices;
  mine::Options run;
  std::set<int> seen;
  for (const auto& f : files) {
    mine::Slice s = mine::read_slice(f);
    const SourcePos at{std::make_shared<const std::string>(f), 1, 1};
    if (s.tree != tree) throw InputError(at, "a slice of another tree (spec, cases or version differ): run every slice on the same tree");
    if (slices.empty()) run = s.options;
    const auto& o = s.options;
    if (o.game != run.game || o.question != run.question || o.between != run.between || o.seed != run.seed ||
        o.positions != run.positions || o.max_witnesses != run.max_witnesses || o.per_group != run.per_group || o.shards != run.shards ||
        o.first_against_each != run.first_against_each || o.exhaustive != run.exhaustive)
      throw InputError(at, "a slice of another run (game, question, rulesets, pairs, seed, positions, max or N differ)");
    if (!seen.insert(o.shard).second) throw InputError(at, "slice " + std::to_string(o.shard) + "/" + std::to_string(o.shards) + " given twice");
    slices.push_back(std::move(s.result));
  }
  std::string missing;
  for (int k = 1; k <= run.shards; ++k)
    if (!seen.count(k)) missing += (missing.empty() ? "" : ", ") + std::to_string(k) + "/" + std::to_string(run.shards);
  if (!missing.empty()) throw std::runtime_error("merge: missing slice " + missing);
  const mine::Question* q = mine::find_question(run.game, run.question);
  if (!q) throw std::runtime_error("merge: the slices ask '" + run.game + "/" + run.question + "', which this build does not know");
  run.shard = run.shards = 1;
  const auto r = mine::select(std::move(slices), run.max_witnesses, run.per_group);
  const std::string known = known_difference(load_spec(), *q, run, r);
  std::cout << report_text(*q, run, r, known);
  write_outputs(out, *q, run, r, known);
  std::cout << out << ": mine.txt and mined.yaml, as the one-process run writes them\n";
  return 0;
}

}  // namespace rulespec::cli
