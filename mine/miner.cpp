#include "mine/miner.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>
#include <chrono>
#include <cstdio>
#include <map>
#include <set>
#include <stdexcept>

#include "model/renju/board.hpp"
#include "model/renju/random_position.hpp"
#include "model/xiangqi/notation.hpp"
#include "model/xiangqi/position.hpp"
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
  q.part_name = "stones";
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
  q.parts = [](const Value& input) {
    return static_cast<int>(renju_points(input, "black").size() + renju_points(input, "white").size());
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

// ---------------------------------------------------------------- xiangqi: loop verdicts
// A loop: both sides shuttle one piece between two squares (four plies), played until the
// position has recurred often enough for every counting; the verdict compared.

// The FEN placement of a 10x9 grid (rank 9 first) and the side to move.
std::string xiangqi_fen(const std::array<std::array<char, 9>, 10>& grid, char side) {
  std::string out;
  for (int r = 9; r >= 0; --r) {
    int empty = 0;
    for (int f = 0; f < 9; ++f) {
      const char c = grid[static_cast<std::size_t>(r)][static_cast<std::size_t>(f)];
      if (c == '.') {
        ++empty;
        continue;
      }
      if (empty) out += std::to_string(empty), empty = 0;
      out += c;
    }
    if (empty) out += std::to_string(empty);
    if (r) out += '/';
  }
  return out + " " + side + " - - 0 1";
}

std::array<std::array<char, 9>, 10> xiangqi_grid(const std::string& fen) {
  std::array<std::array<char, 9>, 10> grid{};
  for (auto& rank : grid) rank.fill('.');
  int r = 9, f = 0;
  for (char c : fen) {
    if (c == ' ') break;
    if (c == '/') --r, f = 0;
    else if (c >= '1' && c <= '9') f += c - '0';
    else grid[static_cast<std::size_t>(r)][static_cast<std::size_t>(f++)] = c;
  }
  return grid;
}

// The moves replayed from the FEN: legal all through (nullopt otherwise).
std::optional<xiangqi::Position> xiangqi_replay(const std::string& fen, const std::vector<std::string>& moves) {
  auto parsed = xiangqi::Position::from_fen(fen);
  if (!parsed.position) return std::nullopt;
  xiangqi::Position p = *parsed.position;
  for (const auto& text : moves) {
    const auto m = xiangqi::parse_move(p, text, false);
    if (!m.move || !p.is_legal(*m.move)) return std::nullopt;
    p.make(*m.move);
  }
  return p;
}

Value xiangqi_input(const std::string& fen, const std::vector<std::string>& moves) {
  Value v = Value::map();
  v.set("fen", Value::string(fen));
  Value list = Value::list();
  for (const auto& m : moves) list.push(Value::string(m));
  v.set("moves", list);
  return v;
}

std::vector<std::string> xiangqi_moves(const Value& input) {
  std::vector<std::string> out;
  for (const Value& m : input.find("moves")->as_list()) out.push_back(m.as_string());
  return out;
}

Question xiangqi_loops() {
  Question q;
  q.game = "xiangqi";
  q.name = "loops";
  q.query = "adjudicate";
  q.summary = "the verdict on a loop in which each side shuttles one piece";
  q.compared = {"verdict"};
  q.part_name = "pieces other than the kings";
  q.cited = "clauses";
  q.fallback_clauses = {"axf-1982.chase.unprotected-forbidden"};
  q.generate = [](common::XorShift64& rng) {
    for (;;) {
      std::array<std::array<char, 9>, 10> grid{};
      for (auto& rank : grid) rank.fill('.');
      auto put = [&](char piece, int f0, int f1, int r0, int r1) {
        for (;;) {
          const int f = f0 + static_cast<int>(rng.below(static_cast<std::uint64_t>(f1 - f0 + 1)));
          const int r = r0 + static_cast<int>(rng.below(static_cast<std::uint64_t>(r1 - r0 + 1)));
          char& cell = grid[static_cast<std::size_t>(r)][static_cast<std::size_t>(f)];
          if (cell == '.') {
            cell = piece;
            return;
          }
        }
      };
      put('K', 3, 5, 0, 2);
      put('k', 3, 5, 7, 9);
      // Two or three of rook, cannon, horse a side, in the middle files where they meet.
      const char* red = "RRCCHH";
      const char* black = "rrcchh";
      for (int i = 0, n = 2 + static_cast<int>(rng.below(2)); i < n; ++i) put(red[rng.below(6)], 1, 7, 0, 9);
      for (int i = 0, n = 2 + static_cast<int>(rng.below(2)); i < n; ++i) put(black[rng.below(6)], 1, 7, 0, 9);
      const std::string fen = xiangqi_fen(grid, 'w');
      const auto start = xiangqi_replay(fen, {});
      if (!start || start->in_check()) continue;
      const auto red_moves = start->legal_moves();
      if (red_moves.empty()) continue;
      const xiangqi::Move m1 = red_moves[rng.below(red_moves.size())];
      xiangqi::Position p = *start;
      p.make(m1);
      const auto black_moves = p.legal_moves();
      if (black_moves.empty()) continue;
      const xiangqi::Move b1 = black_moves[rng.below(black_moves.size())];
      const std::string a = xiangqi::to_iccs(m1), b = xiangqi::to_iccs(b1);
      const std::string a_back = a.substr(2) + a.substr(0, 2), b_back = b.substr(2) + b.substr(0, 2);
      // Three cycles and the first move of a fourth: every counting has reached its limit.
      std::vector<std::string> moves;
      for (int cycle = 0; cycle < 3; ++cycle) moves.insert(moves.end(), {a, b, a_back, b_back});
      moves.push_back(a);
      if (!xiangqi_replay(fen, moves)) continue;
      return xiangqi_input(fen, moves);
    }
  };
  q.shrink = [](const Value& input) {
    const std::string fen = input.find("fen")->as_string();
    const auto moves = xiangqi_moves(input);
    auto grid = xiangqi_grid(fen);
    std::vector<Value> out;
    for (int r = 0; r < 10; ++r)
      for (int f = 0; f < 9; ++f) {
        const char c = grid[static_cast<std::size_t>(r)][static_cast<std::size_t>(f)];
        if (c == '.' || c == 'K' || c == 'k') continue;
        grid[static_cast<std::size_t>(r)][static_cast<std::size_t>(f)] = '.';
        const std::string fewer = xiangqi_fen(grid, fen[fen.find(' ') + 1]);
        if (const auto p = xiangqi_replay(fewer, moves); p && !xiangqi_replay(fewer, {})->in_check()) out.push_back(xiangqi_input(fewer, moves));
        grid[static_cast<std::size_t>(r)][static_cast<std::size_t>(f)] = c;
      }
    return out;
  };
  // Mirrored files (a <-> i) are the board's one symmetry that keeps the colours.
  q.canonical = [](const Value& input) {
    const std::string fen = input.find("fen")->as_string();
    const auto moves = xiangqi_moves(input);
    auto grid = xiangqi_grid(fen);
    for (auto& rank : grid) std::reverse(rank.begin(), rank.end());
    std::vector<std::string> mirrored;
    for (std::string m : moves) {
      m[0] = static_cast<char>('a' + 'i' - m[0]);
      m[2] = static_cast<char>('a' + 'i' - m[2]);
      mirrored.push_back(m);
    }
    const Value other = xiangqi_input(xiangqi_fen(grid, fen[fen.find(' ') + 1]), mirrored);
    return other.dump() < input.dump() ? other : input;
  };
  q.shape = [q](const Value& input) { return q.canonical(input).dump(); };
  q.parts = [](const Value& input) {
    int n = 0;
    for (char c : input.find("fen")->as_string()) {
      if (c == ' ') break;
      n += std::isalpha(static_cast<unsigned char>(c)) && c != 'K' && c != 'k';
    }
    return n;
  };
  return q;
}

bool smaller(const Witness& a, const Witness& b) { return a.parts != b.parts ? a.parts < b.parts : a.key < b.key; }

int parts_of(const Question& q, const Value& input) { return q.parts(input); }

// What decides a witness: the clauses each ruleset's answer cites, where the query names them;
// else, within one codex, the clauses whose readings the two rulesets take differently.
std::vector<std::string> deciding_clauses(const Spec& spec, const Question& q, const Value& input, const Ruleset& a, const Ruleset& b) {
  std::vector<std::string> out;
  auto add = [&](const std::string& id) {
    if (std::find(out.begin(), out.end(), id) == out.end()) out.push_back(id);
  };
  if (!q.cited.empty())
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
      if (const Value* cited = answer.find(q.cited))
        for (const Value& c : cited->as_list()) add(c.as_string());
    }
  if (out.empty() && a.codex == b.codex)
    if (const Codex* cx = spec.codex(a.codex))
      for (const auto& c : cx->clauses)
        if (!c.readings.empty() && spec.reading(a, c) != spec.reading(b, c)) add(c.id);
  if (out.empty()) out = q.fallback_clauses;
  return out;
}

}  // namespace

const std::vector<Question>& questions() {
  static const std::vector<Question> all = {renju_fouls(), xiangqi_loops()};
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
    w.clauses = deciding_clauses(spec, *q, w.input, spec.ruleset(first), spec.ruleset(second));
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
    out += "  source: \"Mined by rulespec mine (seed " + std::to_string(opt.seed) + "): a position of " + std::to_string(w.parts) + " " +
           q.part_name + " on which " + w.first + " and " + w.second + " answer " + q.name + " differently; none of them can be removed and keep the two apart\"\n";
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
