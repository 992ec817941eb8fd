#include "mine/miner.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <set>
#include <stdexcept>

#include "model/renju/board.hpp"
#include "model/renju/random_position.hpp"
#include "queries/query.hpp"

namespace rulespec::mine {
namespace {

// ---------------------------------------------------------------- renju: foul maps
constexpr int kRenjuSize = 15;

std::vector<int> renju_points(const Value& input, const char* colour) {
  std::vector<int> out;
  if (const Value* list = input.find(colour))
    for (const Value& v : list->as_list()) out.push_back(*renju::parse_point(v.as_string(), kRenjuSize));
  std::sort(out.begin(), out.end());
  return out;
}

Value renju_input(const std::vector<int>& black, const std::vector<int>& white) {
  auto names = [](std::vector<int> points) {
    std::sort(points.begin(), points.end());
    Value list = Value::list();
    for (int p : points) list.push(Value::string(renju::point_name(p, kRenjuSize)));
    return list;
  };
  Value v = Value::map();
  v.set("black", names(black));
  v.set("white", names(white));
  return v;
}

// The eight symmetries of the square board.
int renju_transform(int p, int t) {
  const int n = kRenjuSize - 1;
  int c = p % kRenjuSize, r = p / kRenjuSize;
  if (t & 1) c = n - c;
  if (t & 2) r = n - r;
  if (t & 4) std::swap(c, r);
  return r * kRenjuSize + c;
}

Question renju_fouls() {
  Question q;
  q.game = "renju";
  q.name = "fouls";
  q.query = "fouls";
  q.summary = "the foul map of Black to move (every foul point and its kind)";
  q.compared = {"fouls", "count"};
  q.fallback_clauses = {"rif-renju.foul.black-list"};
  q.generate = [](common::XorShift64& rng) {
    renju::PositionShape shape;
    shape.region = 7 + static_cast<int>(rng.below(9));
    shape.stones = 10 + static_cast<int>(rng.below(50));
    const renju::Board b = renju::random_position(kRenjuSize, shape, rng.next());
    std::vector<int> black, white;
    for (int p = 0; p < b.points(); ++p) {
      if (b.at(p) == renju::Colour::Black) black.push_back(p);
      if (b.at(p) == renju::Colour::White) white.push_back(p);
    }
    return renju_input(black, white);
  };
  q.shrink = [](const Value& input) {
    const auto black = renju_points(input, "black"), white = renju_points(input, "white");
    std::vector<Value> out;
    for (std::size_t i = 0; i < black.size(); ++i) {
      auto fewer = black;
      fewer.erase(fewer.begin() + static_cast<long>(i));
      out.push_back(renju_input(fewer, white));
    }
    for (std::size_t i = 0; i < white.size(); ++i) {
      auto fewer = white;
      fewer.erase(fewer.begin() + static_cast<long>(i));
      out.push_back(renju_input(black, fewer));
    }
    return out;
  };
  q.shape = [](const Value& input) {
    const auto black = renju_points(input, "black"), white = renju_points(input, "white");
    std::string best;
    for (int t = 0; t < 8; ++t) {
      std::vector<std::pair<int, int>> b, w;
      int c0 = kRenjuSize, r0 = kRenjuSize;
      auto add = [&](int p, std::vector<std::pair<int, int>>& to) {
        const int image = renju_transform(p, t);
        to.emplace_back(image / kRenjuSize, image % kRenjuSize);
        c0 = std::min(c0, image % kRenjuSize);
        r0 = std::min(r0, image / kRenjuSize);
      };
      for (int p : black) add(p, b);
      for (int p : white) add(p, w);
      std::string text;
      for (auto* list : {&b, &w}) {
        for (auto& [r, c] : *list) r -= r0, c -= c0;
        std::sort(list->begin(), list->end());
        for (const auto& [r, c] : *list) text += std::to_string(100 * r + c + 1000);
        text += "/";
      }
      if (best.empty() || text < best) best = text;
    }
    return best;
  };
  q.canonical = [](const Value& input) {
    const auto black = renju_points(input, "black"), white = renju_points(input, "white");
    Value best;
    std::string best_text;
    for (int t = 0; t < 8; ++t) {
      std::vector<int> b, w;
      for (int p : black) b.push_back(renju_transform(p, t));
      for (int p : white) w.push_back(renju_transform(p, t));
      std::sort(b.begin(), b.end());
      std::sort(w.begin(), w.end());
      // Compared as point indices, so that the order does not depend on how names sort.
      std::string text;
      for (int p : b) text += std::to_string(1000 + p);
      text += "/";
      for (int p : w) text += std::to_string(1000 + p);
      if (best_text.empty() || text < best_text) {
        best_text = text;
        best = renju_input(b, w);
      }
    }
    return best;
  };
  return q;
}

bool smaller(const Witness& a, const Witness& b) { return a.parts != b.parts ? a.parts < b.parts : a.key < b.key; }

int parts_of(const Question& q, const Value& input) { return static_cast<int>(q.shrink(input).size()); }

// The clauses whose readings the two rulesets take differently.
std::vector<std::string> differing_clauses(const Spec& spec, const Question& q, const Ruleset& a, const Ruleset& b) {
  std::vector<std::string> out;
  if (const Codex* cx = spec.codex(a.codex))
    for (const auto& c : cx->clauses)
      if (!c.readings.empty() && spec.reading(a, c) != spec.reading(b, c)) out.push_back(c.id);
  if (out.empty()) out = q.fallback_clauses;
  return out;
}

}  // namespace

const std::vector<Question>& questions() {
  static const std::vector<Question> all = {renju_fouls()};
  return all;
}

const Question* find_question(const std::string& game, const std::string& name) {
  for (const auto& q : questions())
    if (q.game == game && (name.empty() || q.name == name)) return &q;
  return nullptr;
}

Value answer_of(const Spec& spec, const Question& q, const Value& input, const std::string& ruleset) {
  Value req = Value::map();
  req.set("game", Value::string(q.game));
  req.set("query", Value::string(q.query));
  req.set("ruleset", Value::string(ruleset));
  for (const auto& e : input.as_map()) req.set(e.key, e.value);
  Value answer;
  try {
    answer = run_query(spec, req);
  } catch (const QueryError& e) {
    return error_value(e.code, e.what());
  } catch (const InputError& e) {
    return error_value("bad-request", e.message());
  }
  Value out = Value::map();
  for (const auto& field : q.compared)
    if (const Value* v = answer.find(field)) out.set(field, *v);
  return out;
}

bool disagree(const Spec& spec, const Question& q, const Value& input, const std::string& a, const std::string& b) {
  return !(answer_of(spec, q, input, a) == answer_of(spec, q, input, b));
}

std::string key_of(const Question& q, const Value& input) { return q.canonical(input).dump(); }

Result mine(const Spec& spec, const Options& opt) {
  const Question* q = find_question(opt.game, opt.question);
  if (!q) throw std::invalid_argument("no question '" + opt.question + "' for game '" + opt.game + "'");
  if (opt.between.size() < 2) throw std::invalid_argument("--between names at least two rulesets");
  std::vector<std::string> rulesets;
  for (const auto& id : opt.between) {
    if (!spec.has_ruleset(id) || spec.ruleset(id).game != q->game)
      throw std::invalid_argument("'" + id + "' is not a " + q->game + " ruleset (rulespec list rulesets)");
    rulesets.push_back(spec.ruleset(id).id);
  }
  Result out;
  std::set<std::string> seen;
  common::XorShift64 rng{opt.seed * 0x9E3779B97F4A7C15ull + 1};
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < opt.positions; ++i) {
    if (opt.budget_seconds > 0 && std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > opt.budget_seconds) {
      out.budget_hit = true;
      break;
    }
    ++out.examined;
    const Value input = q->generate(rng);
    // The first pair, in the order given, that answers differently.
    std::string first, second;
    for (std::size_t a = 0; a < rulesets.size() && first.empty(); ++a)
      for (std::size_t b = a + 1; b < rulesets.size() && first.empty(); ++b)
        if (disagree(spec, *q, input, rulesets[a], rulesets[b])) first = rulesets[a], second = rulesets[b];
    if (first.empty()) continue;
    ++out.disagreeing;
    // Greedy minimization: remove the first part whose removal keeps the two apart, until none does.
    Value small = input;
    for (bool shrunk = true; shrunk;) {
      shrunk = false;
      for (const Value& fewer : q->shrink(small))
        if (disagree(spec, *q, fewer, first, second)) {
          small = fewer;
          shrunk = true;
          break;
        }
    }
    Witness w;
    w.input = q->canonical(small);
    w.key = w.input.dump() + " " + first + "/" + second;
    if (!seen.insert(q->shape(w.input) + " " + first + "/" + second).second) continue;
    w.first = first;
    w.second = second;
    w.parts = parts_of(*q, w.input);
    for (const auto& rs : rulesets) w.answers.emplace_back(rs, answer_of(spec, *q, w.input, rs));
    w.clauses = differing_clauses(spec, *q, spec.ruleset(first), spec.ruleset(second));
    out.witnesses.push_back(std::move(w));
  }
  // Kept: the smallest of every pair of rulesets in turn, so that one pair's many small witnesses
  // do not crowd out another's.
  std::map<std::string, std::vector<Witness>> by_pair;
  for (auto& w : out.witnesses) by_pair[w.first + "/" + w.second].push_back(std::move(w));
  for (auto& [pair, list] : by_pair) std::sort(list.begin(), list.end(), smaller);
  out.witnesses.clear();
  for (std::size_t round = 0; static_cast<int>(out.witnesses.size()) < opt.max_witnesses; ++round) {
    bool any = false;
    for (auto& [pair, list] : by_pair)
      if (round < list.size() && static_cast<int>(out.witnesses.size()) < opt.max_witnesses) {
        out.witnesses.push_back(std::move(list[round]));
        any = true;
      }
    if (!any) break;
  }
  std::stable_sort(out.witnesses.begin(), out.witnesses.end(), smaller);
  return out;
}

std::string case_entries(const Question& q, const Options& opt, const std::vector<Witness>& witnesses) {
  std::string out;
  for (const auto& w : witnesses) {
    // A stable id from the canonical input and the pair.
    std::uint64_t h = 14695981039346656037ull;
    for (unsigned char ch : w.key) h = (h ^ ch) * 1099511628211ull;
    char hex[9];
    std::snprintf(hex, sizeof hex, "%08llx", static_cast<unsigned long long>(h & 0xffffffffull));
    std::string clauses;
    for (const auto& c : w.clauses) clauses += (clauses.empty() ? "" : ", ") + c;
    out += "- id: mined." + q.game + "." + q.name + "." + hex + "\n";
    out += "  source: \"Mined by rulespec mine (seed " + std::to_string(opt.seed) + "): " + std::to_string(w.parts) +
           " stones on which " + w.first + " and " + w.second + " answer " + q.name + " differently; no stone can be removed and keep them apart\"\n";
    out += "  clauses: [" + clauses + "]\n";
    out += "  game: " + q.game + "\n  query: " + q.query + "\n";
    out += "  input: " + w.input.dump() + "\n";
    out += "  expect:\n";
    for (const auto& [rs, answer] : w.answers) out += "    " + rs + ": " + answer.dump() + "\n";
    out += "  mined: {seed: " + std::to_string(opt.seed) + ", between: [" + w.first + ", " + w.second + "], question: " + q.name + "}\n";
  }
  return out;
}

}  // namespace rulespec::mine
