#include "reports/mined.hpp"

#include <map>
#include <tuple>

#include "cases/case.hpp"
#include "mine/miner.hpp"

namespace rulespec {

std::vector<MinedGroup> mined_groups(const Spec& spec, const SuiteResult& r) {
  std::map<std::string, std::pair<bool, bool>> ran;  // case id -> (ran, every run passed)
  for (const auto& c : r.cases) {
    auto& [any, pass] = ran.try_emplace(c.case_id, false, true).first->second;
    any = true;
    pass = pass && c.pass;
  }
  std::map<std::tuple<std::string, std::string, std::string>, MinedGroup> groups;
  for (const Case& c : load_cases(source_root() + "/cases", spec)) {
    if (c.mined_between.size() != 2) continue;
    const auto it = ran.find(c.id);
    if (it == ran.end()) continue;
    const mine::Question* q = mine::find_question(c.game, c.mined_question);
    if (!q) continue;
    const std::string pair = c.mined_between[0] + " vs " + c.mined_between[1];
    MinedGroup& g = groups[{c.game, c.mined_question, pair}];
    const int parts = q->parts(c.input);
    if (g.cases == 0 || parts < g.parts || (parts == g.parts && c.id < g.case_id)) {
      g.case_id = c.id;
      g.parts = parts;
      g.input = c.input.dump();
      g.clauses.clear();
      for (const auto& cl : c.clauses) g.clauses += (g.clauses.empty() ? "" : ", ") + cl;
    }
    g.game = c.game;
    g.question = c.mined_question;
    g.pair = pair;
    g.part_name = q->part_name;
    ++g.cases;
    g.pass = g.pass && it->second.second;
  }
  std::vector<MinedGroup> out;
  for (auto& [key, g] : groups) out.push_back(std::move(g));
  return out;
}

}  // namespace rulespec
