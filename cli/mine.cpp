// rulespec mine: the smallest positions on which rulesets part (mine/miner.hpp), printed, and
// with --emit appended to a case file as cases that verify runs from then on.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>

#include "cli/commands.hpp"
#include "mine/miner.hpp"
#include "spec/yaml_load.hpp"

namespace rulespec::cli {

namespace {

std::vector<std::string> split_commas(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream in(text);
  for (std::string part; std::getline(in, part, ',');)
    if (!part.empty()) out.push_back(part);
  return out;
}

// The canonical inputs of the mined cases a file already holds for this question (whatever pair
// of rulesets they were mined between: a case expects every ruleset's answer).
std::set<std::string> known_keys(const std::string& path, const mine::Question& q) {
  std::set<std::string> out;
  if (!std::filesystem::exists(path)) return out;
  const Value doc = load_yaml_file(path);
  for (const Value& c : doc.as_list("case file")) {
    const Value* mined = c.find("mined");
    const Value* input = c.find("input");
    if (!mined || !input || !mined->find("question") || mined->find("question")->as_string() != q.name) continue;
    out.insert(mine::key_of(q, *input));
  }
  return out;
}

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
    std::cerr << "mine: no question '" << a.question << "' for game '" << a.game << "' (there are: " << valid << ")\n";
    return 2;
  }
  mine::Options o;
  o.game = a.game;
  o.question = q->name;
  o.between = split_commas(a.between);
  o.seed = a.seed;
  o.positions = a.positions > 0 ? a.positions : q->default_positions;
  o.budget_seconds = a.budget;
  o.max_witnesses = a.max;
  for (const auto& id : o.between)
    if (!spec.has_ruleset(id) || spec.ruleset(id).game != q->game) {
      std::cerr << "mine: --between: '" << id << "' is not a " << q->game << " ruleset (rulespec list rulesets)\n";
      return 2;
    }
  if (o.between.size() < 2) {
    std::cerr << "mine: --between needs at least two rulesets, comma-separated\n";
    return 2;
  }
  // A broken emit file is refused before the search, not after it.
  const auto known_in_file = a.emit.empty() ? std::set<std::string>{} : known_keys(a.emit, *q);
  const auto r = mine::mine(spec, o);
  std::cout << "mine " << q->game << "/" << q->name << " (" << q->summary << ") between " << a.between << ", seed " << o.seed << ": "
            << r.examined << " positions examined, " << r.disagreeing << " where rulesets part, " << r.witnesses.size()
            << " minimal witnesses" << (r.budget_hit ? " (stopped at the time budget)" : "") << "\n";
  for (const auto& w : r.witnesses) {
    std::cout << "  " << w.parts << " " << q->part_name << ", " << w.first << " vs " << w.second << ": " << w.input.dump() << "\n";
    for (const auto& [rs, answer] : w.answers) std::cout << "      " << rs << ": " << answer.dump() << "\n";
  }
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
  if (!exists && !std::filesystem::path(a.emit).parent_path().empty())
    std::filesystem::create_directories(std::filesystem::path(a.emit).parent_path());
  std::ofstream out(a.emit, std::ios::app);
  if (!exists) out << "# Cases found by rulespec mine: minimal, canonical and unique witnesses of rulesets that part.\n";
  out << mine::case_entries(*q, o, fresh);
  std::cout << a.emit << ": " << fresh.size() << " new cases (" << r.witnesses.size() - fresh.size() << " already there or in cases/)\n";
  return out ? 0 : 2;
}

}  // namespace rulespec::cli
