#include "mine/miner.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>
#include <chrono>
#include <cstdio>
#include <map>
#include <memory>
#include <set>
#include <stdexcept>

#include "mine/questions.hpp"
#include "queries/query.hpp"
#include "queries/switches.hpp"

namespace rulespec::mine {
namespace {

bool smaller(const Witness& a, const Witness& b) { return a.parts != b.parts ? a.parts < b.parts : a.key < b.key; }

int parts_of(const Question& q, const Value& input) { return q.parts(input); }

// What decides a witness: the clauses each ruleset's answer cites, where the query names them;
// else, within one codex, the clauses whose readings the two rulesets take differently.
std::vector<std::string> deciding_clauses(const Spec& spec, const Question& q, const Value& input, const Ruleset& a, const Ruleset& b) {
  std::vector<std::string> out;
  auto add = [&](const std::string& id) {
    if (std::find(out.begin(), out.end(), id) == out.end()) out.push_back(id);
  };
  if (q.deciding)
    for (const auto& c : q.deciding(spec, input, a, b)) add(c);
  if (out.empty() && !q.cited.empty())
    for (const Ruleset* rs : {&a, &b}) {
      Value req = Value::map();
      req.set("game", Value::string(q.game));
      req.set("query", Value::string(q.query));
      req.set("ruleset", Value::string(rs->id));
      for (const auto& e : input.as_map()) req.set(e.key, e.value);
      Value answer;
      try {
        answer = run_query(spec, req);
      } catch (const std::exception&) {
        continue;  // an error answer cites nothing
      }
      if (const Value* cited = answer.find(q.cited)) {
        if (cited->is_string()) add(cited->as_string());
        else if (cited->is_list())
          for (const Value& c : cited->as_list()) add(c.as_string());
      }
    }
  // A reading one ruleset chooses and the other leaves at the default, or chooses otherwise.
  if (a.codex == b.codex) {
    const auto ra = a.all_readings(), rb = b.all_readings();
    for (const auto* pair : {&ra, &rb})
      for (const auto& [clause, reading] : *pair) {
        const auto& other = pair == &ra ? rb : ra;
        const auto it = other.find(clause);
        if (it == other.end() || it->second != reading) add(clause);
      }
  }
  if (a.codex == b.codex)
    if (const Codex* cx = spec.codex(a.codex))
      for (const auto& c : cx->clauses)
        if (!c.readings.empty() && spec.reading(a, c) != spec.reading(b, c)) add(c.id);
  if (out.empty()) out = q.fallback_clauses;
  for (const auto& c : q.context_clauses) add(c);
  return out;
}

// What decides a witness against an engine: the question's own account with the ruleset on
// both sides (a clause the ruleset's answer names), else its fallback clauses of that codex.
std::vector<std::string> engine_clauses(const Spec& spec, const Question& q, const Value& input, const Ruleset& rs) {
  std::vector<std::string> out;
  if (!q.cited.empty()) {
    Value req = Value::map();
    req.set("game", Value::string(q.game));
    req.set("query", Value::string(q.query));
    req.set("ruleset", Value::string(rs.id));
    for (const auto& e : input.as_map()) req.set(e.key, e.value);
    try {
      const Value answer = run_query(spec, req);
      if (const Value* cited = answer.find(q.cited)) {
        if (cited->is_string()) out.push_back(cited->as_string());
        else if (cited->is_list())
          for (const Value& c : cited->as_list()) out.push_back(c.as_string());
      }
    } catch (const std::exception&) {
    }
  }
  if (out.empty())
    for (const auto& c : q.fallback_clauses)
      if (c.rfind(rs.codex + ".", 0) == 0) out.push_back(c);
  return out;
}

}  // namespace

const std::vector<Question>& questions() {
  static const std::vector<Question> all = {go_cycles(),   go_odd_cycles(), go_legal(),    go_captures(),   go_score(),
                                            go_end(),      renju_fouls(), shogi_declare(), shogi_legal(),
                                            xiangqi_loops(), xiangqi_legal()};
  return all;
}

const Question* find_question(const std::string& game, const std::string& name) {
  for (const auto& q : questions())
    if (q.game == game && (name.empty() || q.name == name)) return &q;
  return nullptr;
}

std::pair<std::string, std::vector<std::string>> split_side(const std::string& side) {
  std::vector<std::string> parts;
  std::size_t from = 0;
  for (std::size_t at; (at = side.find('~', from)) != std::string::npos; from = at + 1) parts.push_back(side.substr(from, at - from));
  parts.push_back(side.substr(from));
  const std::string base = parts.front();
  parts.erase(parts.begin());
  return {base, parts};
}

Value answer_of(const Spec& spec, const Question& q, const Value& input, const std::string& side) {
  // RULESET~CLAUSE: the ruleset as if its text lacked the clause (docs/design.md, "Decisive evidence").
  const auto [ruleset, without] = split_side(side);
  std::vector<std::unique_ptr<ClauseSwitchedOff>> off;
  for (const auto& clause : without) off.push_back(std::make_unique<ClauseSwitchedOff>(clause));
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
  if (q.project) return q.project(answer);
  Value out = Value::map();
  for (const auto& field : q.compared)
    if (const Value* v = answer.find(field)) out.set(field, *v);
  return out;
}

bool disagree(const Spec& spec, const Question& q, const Value& input, const std::string& a, const std::string& b) {
  return !(answer_of(spec, q, input, a) == answer_of(spec, q, input, b));
}

std::string key_of(const Question& q, const Value& input) { return q.canonical(input).dump(); }

namespace {

// The seed of position `i`: each position is drawn from its own generator, so that any slice of
// the positions (verify's K/N: every N-th from the K-th) draws exactly what one process draws.
std::uint64_t position_seed(std::uint64_t seed, std::uint64_t i) {
  std::uint64_t z = seed * 0x9E3779B97F4A7C15ull + (i + 1) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  return z ? z : 1;
}

// Which of two witnesses of one shape is kept: fewer parts, then the pair named first in
// --between, then the earlier position. A total order, so a shape's best over any union of slices
// is its best over the whole run.
bool better(const Witness& a, const Witness& b) {
  if (a.parts != b.parts) return a.parts < b.parts;
  if (a.pair_rank != b.pair_rank) return a.pair_rank < b.pair_rank;
  return a.position < b.position;
}

const Question& checked_question(const Spec& spec, const Options& opt, std::vector<std::string>& rulesets) {
  const Question* q = find_question(opt.game, opt.question);
  if (!q) throw std::invalid_argument("no question '" + opt.question + "' for game '" + opt.game + "'");
  if (!opt.engine && opt.between.size() < 2) throw std::invalid_argument("--between names at least two rulesets");
  if (opt.engine && opt.between.size() != 1) throw std::invalid_argument("against an engine, one ruleset");
  for (const auto& side : opt.between) {
    const auto [id, without] = split_side(side);
    if (!spec.has_ruleset(id) || spec.ruleset(id).game != q->game)
      throw std::invalid_argument("'" + id + "' is not a " + q->game + " ruleset (rulespec list rulesets)");
    std::string named = spec.ruleset(id).id;
    for (const auto& clause : without) {
      if (!find_clause_switch(clause) || clause.rfind(spec.ruleset(id).codex + ".", 0) != 0)
        throw std::invalid_argument("'" + clause + "' in '" + side + "' is not a clause of " + spec.ruleset(id).codex +
                                    " the models can switch off (rulespec list switches)");
      named += "~" + clause;
    }
    rulesets.push_back(named);
  }
  if (opt.shards < 1 || opt.shard < 1 || opt.shard > opt.shards) throw std::invalid_argument("a shard K/N needs 1 <= K <= N");
  return *q;
}

}  // namespace

std::string group_of(const Witness& w) {
  std::string out;
  for (const auto& c : w.clauses) out += (out.empty() ? "" : ", ") + c;
  return out.empty() ? "(no clause named)" : out;
}

std::string why_unanswerable(const Question& q, const Value& answer) {
  if (q.unanswerable) return q.unanswerable(answer);
  // An error answer (queries/query.hpp error_value), whole or under `error`.
  if (answer.find("code") && answer.find("message")) return answer.find("code")->as_string();
  if (const Value* e = answer.find("error")) return e->is_map() && e->find("code") ? e->find("code")->as_string() : "an error";
  return "";
}

Result search(const Spec& spec, const Options& opt) {
  std::vector<std::string> rulesets;
  const Question& question = checked_question(spec, opt, rulesets);
  const Question* q = &question;
  // The sides compared: the rulesets, and the engine as one more side.
  if (opt.engine) rulesets.push_back(opt.engine_label);
  auto answer = [&](const Value& input, const std::string& side) -> Value {
    if (opt.engine && side == opt.engine_label) {
      auto a = opt.engine(input);
      return a ? *a : Value::string("not asked");
    }
    return answer_of(spec, *q, input, side);
  };
  auto answerable = [&](const Value& a, const std::string& side) {
    return (opt.engine && side == opt.engine_label) || why_unanswerable(*q, a).empty();
  };
  auto parts_ways = [&](const Value& input, const std::string& a, const std::string& b) {
    const Value x = answer(input, a), y = answer(input, b);
    return !(x == y) && !(x == Value::string("not asked")) && !(y == Value::string("not asked")) && answerable(x, a) &&
           answerable(y, b);
  };
  Result out;
  std::map<std::string, std::size_t> best_of_shape;  // shape -> index into out.witnesses
  const auto start = std::chrono::steady_clock::now();
  if (opt.exhaustive && q->space == 0) throw std::invalid_argument(q->game + "/" + q->name + " has no space to search exhaustively");
  const std::uint64_t end = !opt.exhaustive ? static_cast<std::uint64_t>(std::max(opt.positions, 0))
                            : opt.positions > 0 ? std::min<std::uint64_t>(q->space, static_cast<std::uint64_t>(opt.positions))
                                                : q->space;
  for (std::uint64_t i = static_cast<std::uint64_t>(opt.shard - 1); i < end; i += static_cast<std::uint64_t>(opt.shards)) {
    if (opt.budget_seconds > 0 && std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > opt.budget_seconds) {
      out.budget_hit = true;
      break;
    }
    Value input;
    if (opt.exhaustive) {
      auto one = q->enumerate(i);
      if (!one) continue;
      input = std::move(*one);
    } else {
      common::XorShift64 rng{position_seed(opt.seed, i)};
      input = q->generate(rng);
    }
    ++out.examined;
    if (input.is_null()) continue;
    // Every pair that answers differently, each minimized on its own: a position where three
    // rulesets part holds a witness for each pair, and the smallest of one pair is seldom the
    // smallest of another.
    std::vector<Value> answers;
    std::vector<bool> none;  // the side could not answer: counted apart, never a difference
    for (const auto& rs : rulesets) {
      answers.push_back(answer(input, rs));
      const std::string why = opt.engine && rs == opt.engine_label ? "" : why_unanswerable(*q, answers.back());
      none.push_back(!why.empty());
      if (!why.empty()) ++out.unanswerable[rs][why];
    }
    bool counted = false;
    for (std::size_t a = 0; a < (opt.first_against_each ? 1 : rulesets.size()); ++a)
      for (std::size_t b = a + 1; b < rulesets.size(); ++b) {
        if (answers[a] == answers[b] || answers[a] == Value::string("not asked") || answers[b] == Value::string("not asked")) continue;
        if (none[a] || none[b]) continue;
        if (!counted) ++out.disagreeing, counted = true;
        const std::string& first = rulesets[a];
        const std::string& second = rulesets[b];
        // Greedy minimization: remove the first part whose removal keeps the two apart, until
        // none does; then the canonical form, minimized again if it is another input (a cycle
        // read from another of its positions may have stones to spare), until the two agree.
        Value small = input;
        for (int round = 0; round < 8; ++round) {
          for (bool shrunk = true; shrunk;) {
            shrunk = false;
            for (const Value& fewer : q->shrink(small))
              if (parts_ways(fewer, first, second)) {
                small = fewer;
                shrunk = true;
                break;
              }
          }
          Value canonical = q->canonical(small);
          if (canonical == small) break;
          small = std::move(canonical);
        }
        Witness w;
        w.input = q->canonical(small);
        w.key = w.input.dump() + " " + first + "/" + second;
        w.parts = parts_of(*q, w.input);
        w.pair_rank = static_cast<int>(a * rulesets.size() + b);
        w.position = static_cast<long long>(i);
        // One witness per shape, the best found for it (whichever pair found it): its case
        // expects every ruleset's answer, so it stands for each pair it separates.
        const std::string shape = q->shape(w.input);
        if (const auto it = best_of_shape.find(shape); it != best_of_shape.end() && !better(w, out.witnesses[it->second])) continue;
        w.shape = shape;
        w.first = first;
        w.second = second;
        for (const auto& rs : rulesets) w.answers.emplace_back(rs, answer(w.input, rs));
        const auto one = split_side(first), other = split_side(second);
        if (opt.engine) {
          w.clauses = engine_clauses(spec, *q, w.input, spec.ruleset(one.first));
        } else if (!one.second.empty() || !other.second.empty()) {
          // A side without a clause: the clauses switched off on one side and not the other decide.
          for (const auto* mine_side : {&one, &other})
            for (const auto& c : mine_side->second) {
              const auto& theirs = mine_side == &one ? other.second : one.second;
              if (std::find(theirs.begin(), theirs.end(), c) == theirs.end() &&
                  std::find(w.clauses.begin(), w.clauses.end(), c) == w.clauses.end())
                w.clauses.push_back(c);
            }
          if (one.first != other.first)
            for (const auto& c : deciding_clauses(spec, *q, w.input, spec.ruleset(one.first), spec.ruleset(other.first)))
              if (std::find(w.clauses.begin(), w.clauses.end(), c) == w.clauses.end()) w.clauses.push_back(c);
        } else {
          w.clauses = deciding_clauses(spec, *q, w.input, spec.ruleset(first), spec.ruleset(second));
        }
        if (const auto it = best_of_shape.find(shape); it != best_of_shape.end()) {
          out.witnesses[it->second] = std::move(w);
        } else {
          best_of_shape.emplace(shape, out.witnesses.size());
          out.witnesses.push_back(std::move(w));
        }
      }
  }
  return out;
}

Result select(std::vector<Result> slices, int max_witnesses, int per_group) {
  Result out;
  std::map<std::string, Witness> best;  // shape -> its best witness over every slice
  for (auto& slice : slices) {
    out.examined += slice.examined;
    out.disagreeing += slice.disagreeing;
    out.budget_hit = out.budget_hit || slice.budget_hit;
    for (const auto& [side, whys] : slice.unanswerable)
      for (const auto& [why, n] : whys) out.unanswerable[side][why] += n;
    for (auto& w : slice.witnesses) {
      const auto it = best.find(w.shape);
      if (it == best.end()) best.emplace(w.shape, std::move(w));
      else if (better(w, it->second)) it->second = std::move(w);
    }
  }
  // Kept: the smallest of every group (the clauses that explain a witness) in turn, so that one
  // group's many small witnesses do not crowd out another's; at most per_group of one.
  std::map<std::string, std::vector<Witness>> by_group;
  for (auto& [shape, w] : best) by_group[group_of(w)].push_back(std::move(w));
  for (auto& [group, list] : by_group) {
    std::sort(list.begin(), list.end(), smaller);
    out.found_per_group[group] = static_cast<int>(list.size());
  }
  for (std::size_t round = 0; static_cast<int>(out.witnesses.size()) < max_witnesses; ++round) {
    if (per_group > 0 && round >= static_cast<std::size_t>(per_group)) break;
    bool any = false;
    for (auto& [group, list] : by_group)
      if (round < list.size() && static_cast<int>(out.witnesses.size()) < max_witnesses) {
        out.witnesses.push_back(std::move(list[round]));
        any = true;
      }
    if (!any) break;
  }
  std::stable_sort(out.witnesses.begin(), out.witnesses.end(), smaller);
  return out;
}

Result mine(const Spec& spec, const Options& opt) {
  std::vector<Result> one;
  one.push_back(search(spec, opt));
  return select(std::move(one), opt.max_witnesses, opt.per_group);
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
    const std::string how = opt.exhaustive ? "exhaustive over " + q.space_summary : "seed " + std::to_string(opt.seed);
    out += "  source: \"Mined by rulespec mine (" + how + "): a " + q.input_name + " of " + std::to_string(w.parts) + " " +
           q.part_name + " on which " + w.first + " and " + w.second + " answer " + q.name + " differently; none of them can be removed and keep the two apart\"\n";
    out += "  clauses: [" + clauses + "]\n";
    out += "  game: " + q.game + "\n  query: " + q.query + "\n";
    out += "  input: " + w.input.dump() + "\n";
    out += "  expect:\n";
    // A side without a clause is no ruleset a case can name: its answer stays in mine.txt.
    for (const auto& [rs, answer] : w.answers)
      if (rs.find('~') == std::string::npos) out += "    " + rs + ": " + answer.dump() + "\n";
    out += "  mined: {seed: " + std::to_string(opt.seed) + ", between: [" + w.first + ", " + w.second + "], question: " + q.name + "}\n";
  }
  return out;
}

}  // namespace rulespec::mine
