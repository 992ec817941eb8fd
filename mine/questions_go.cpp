// Go questions for rulespec mine: the closing move of a four-move cycle that neither side can
// leave (eternal life and its kin: simple ko against the superkos and Ing's hot stones), the
// legal moves of a position (the suicide rules), and what a reply to the last move captures (ko,
// snapback, suicide).
#include <algorithm>
#include <array>
#include <optional>

#include "mine/questions.hpp"
#include "model/go/board.hpp"
#include "model/go/cycles.hpp"
#include "model/go/scoring.hpp"
#include "queries/query.hpp"

namespace rulespec::mine {
namespace {

// The mechanics every cycle is searched under: Art. 4 §1-2 of 1985 (no suicide, simple ko).
const go::MoveRules kSimpleKo{go::SuicideRule::Forbidden, go::KoRule::Simple};

std::vector<std::string> rows_in(const Value& input) {
  std::vector<std::string> out;
  for (const Value& r : input.find("rows")->as_list()) out.push_back(r.as_string());
  return out;
}

Value rows_value(const go::Board& b) {
  Value rows = Value::list();
  const std::string d = b.diagram();
  for (std::size_t start = 0; start < d.size();) {
    const std::size_t end = d.find('\n', start);
    rows.push(Value::string(d.substr(start, end - start)));
    start = end + 1;
  }
  return rows;
}

go::Stone colour_of(const Value& input) {
  const Value* tp = input.find("to_play");
  return tp && tp->as_string() == "W" ? go::Stone::White : go::Stone::Black;
}

// The sixteen symmetries of a question that does not depend on colour: the eight of the board (a
// non-square board turns into its transpose under four), each with the colours swapped (bit 8;
// the side to play swaps with them).
constexpr int kSymmetries = 16;
go::Stone swapped(go::Stone s, int t) { return (t & 8) && s != go::Stone::Empty ? go::opponent(s) : s; }

go::Board transformed(const go::Board& b, int t) {
  const bool swap = t & 4;
  go::Board out(swap ? b.height() : b.width(), swap ? b.width() : b.height());
  std::vector<std::pair<int, go::Stone>> stones;
  for (int p : b.all_points())
    if (b.at(p) != go::Stone::Empty) {
      int x = b.x_of(p), y = b.y_of(p);
      if (t & 1) x = b.width() - 1 - x;
      if (t & 2) y = b.height() - 1 - y;
      if (swap) std::swap(x, y);
      stones.emplace_back(out.point(x, y), swapped(b.at(p), t));
    }
  out.set_all(stones);
  return out;
}

std::string point_transformed(const go::Board& from, const std::string& gtp, int t) {
  const auto p = from.parse_gtp(gtp);
  if (!p) return gtp;  // "pass"
  const go::Board to = transformed(go::Board(from.width(), from.height()), t);
  int x = from.x_of(*p), y = from.y_of(*p);
  if (t & 1) x = from.width() - 1 - x;
  if (t & 2) y = from.height() - 1 - y;
  if (t & 4) std::swap(x, y);
  return to.to_gtp(to.point(x, y));
}

int stone_count(const Value& input) {
  int n = 0;
  for (const auto& row : rows_in(input)) n += static_cast<int>(std::count_if(row.begin(), row.end(), [](char c) { return c == 'X' || c == 'O'; }));
  return n;
}

// A random position of `width` x `height` with `empty` points left empty and no chain without a
// liberty (nullopt if the draw left one).
std::optional<go::Board> random_board(common::XorShift64& rng, int width, int height, int empty) {
  go::Board b(width, height);
  std::vector<int> points = b.all_points();
  for (std::size_t i = 0; i < points.size(); ++i) std::swap(points[i], points[i + rng.below(points.size() - i)]);
  std::vector<std::pair<int, go::Stone>> stones;
  for (std::size_t i = static_cast<std::size_t>(empty); i < points.size(); ++i)
    stones.emplace_back(points[i], rng.below(2) ? go::Stone::Black : go::Stone::White);
  b.set_all(stones);
  if (!b.problems().empty()) return std::nullopt;
  return b;
}

// The input with other rows (and the side to play, when given), its other fields kept.
Value with_board(const Value& input, const Value& rows, const Value* to_play = nullptr) {
  Value v = Value::map();
  v.set("rows", rows);
  for (const auto& e : input.as_map())
    if (e.key != "rows") v.set(e.key, e.key == "to_play" && to_play ? *to_play : e.value);
  return v;
}

// A stone less; or an empty edge line less, down to 3x3 (the witness on the smallest board). The
// input's other fields (the side to play) are kept.
std::vector<Value> fewer_stones_or_lines(const Value& input) {
  std::vector<Value> out;
  const auto b = go::board_from_rows(rows_in(input));
  if (!b) return out;
  const auto rows = rows_in(input);
  auto with_rows = [&](std::vector<std::string> fewer) {
    Value list = Value::list();
    for (auto& r : fewer) list.push(Value::string(std::move(r)));
    return with_board(input, list);
  };
  auto empty_line = [](const std::string& s) { return s.find_first_not_of('.') == std::string::npos; };
  if (rows.size() > 3) {
    if (empty_line(rows.front())) out.push_back(with_rows({rows.begin() + 1, rows.end()}));
    if (empty_line(rows.back())) out.push_back(with_rows({rows.begin(), rows.end() - 1}));
  }
  // A square board stays square (an edge row and an edge column at once), for a GTP engine,
  // whose boards are square.
  if (rows.size() > 3 && rows.size() == rows.front().size())
    for (const bool top : {true, false})
      for (const bool left : {true, false}) {
        const std::string& row = top ? rows.front() : rows.back();
        std::string column;
        for (const auto& r : rows) column += left ? r.front() : r.back();
        if (!empty_line(row) || !empty_line(column)) continue;
        std::vector<std::string> fewer;
        for (std::size_t i = top ? 1 : 0; i < (top ? rows.size() : rows.size() - 1); ++i)
          fewer.push_back(left ? rows[i].substr(1) : rows[i].substr(0, rows[i].size() - 1));
        out.push_back(with_rows(std::move(fewer)));
      }
  if (rows.front().size() > 3)
    for (const bool left : {true, false}) {
      std::string column;
      for (const auto& r : rows) column += left ? r.front() : r.back();
      if (!empty_line(column)) continue;
      std::vector<std::string> fewer;
      for (const auto& r : rows) fewer.push_back(left ? r.substr(1) : r.substr(0, r.size() - 1));
      out.push_back(with_rows(std::move(fewer)));
    }
  for (int p : b->all_points()) {
    if (b->at(p) == go::Stone::Empty) continue;
    go::Board fewer = *b;
    fewer.set(p, go::Stone::Empty);
    if (!fewer.problems().empty()) continue;
    out.push_back(with_board(input, rows_value(fewer)));
  }
  return out;
}

// The least of a position (rows, side to play) under the first `symmetries` transformations: 8,
// the board's; 16, each also with the colours swapped (the side to play swapping with them).
Value least_position(const Value& input, int symmetries) {
  const auto b = go::board_from_rows(rows_in(input));
  if (!b) return input;
  Value best = input;
  std::string best_text = input.dump();
  for (int t = 0; t < symmetries; ++t) {
    const Value to_play = Value::string(swapped(colour_of(input), t) == go::Stone::Black ? "B" : "W");
    Value v = with_board(input, rows_value(transformed(*b, t)), &to_play);
    if (const std::string text = v.dump(); text < best_text) best_text = text, best = std::move(v);
  }
  return best;
}

// ---------------------------------------------------------------- cycles

struct Cycle {
  go::FourMoveCycle cycle{go::Board(1, 1)};
  bool valid = false;
};

// The input's cycle: its four moves replay under simple ko without an earlier repetition, the
// board comes back, and neither side can leave it by passing.
Cycle cycle_in(const Value& input) {
  Cycle out;
  auto b = go::board_from_rows(rows_in(input));
  if (!b || !b->problems().empty()) return out;
  std::vector<std::string> names;
  for (const Value& m : input.find("moves")->as_list()) names.push_back(m.as_string());
  names.push_back(input.find("move")->as_string());
  if (names.size() != 4) return out;
  out.cycle.start = *b;
  out.cycle.first = colour_of(input);
  go::Board now = *b;
  go::Stone colour = out.cycle.first;
  std::vector<std::uint64_t> seen{now.hash()};
  for (std::size_t i = 0; i < 4; ++i) {
    const auto p = now.parse_gtp(names[i]);
    if (!p) return out;
    const go::PlayResult r = now.play(*p, colour, kSimpleKo);
    if (r.illegal != go::Illegal::None) return out;
    if (i < 3 && std::find(seen.begin(), seen.end(), now.hash()) != seen.end()) return out;
    seen.push_back(now.hash());
    out.cycle.moves[i] = *p;
    out.cycle.captured[i] = r.captured;
    colour = go::opponent(colour);
  }
  out.valid = now.hash() == b->hash() && go::cycle_cannot_be_left(out.cycle, kSimpleKo);
  return out;
}

Value cycle_input(const go::Board& start, go::Stone first, const std::array<std::string, 4>& moves) {
  Value v = Value::map();
  v.set("rows", rows_value(start));
  v.set("to_play", Value::string(first == go::Stone::Black ? "B" : "W"));
  Value list = Value::list();
  for (int i = 0; i < 3; ++i) list.push(Value::string(moves[static_cast<std::size_t>(i)]));
  v.set("moves", list);
  v.set("move", Value::string(moves[3]));
  return v;
}

Value cycle_input(const go::FourMoveCycle& c) {
  std::array<std::string, 4> names;
  for (int i = 0; i < 4; ++i) names[static_cast<std::size_t>(i)] = c.start.to_gtp(c.moves[static_cast<std::size_t>(i)]);
  return cycle_input(c.start, c.first, names);
}

// Whether a pass by `colour` lets the other side take two stones or more with one move: the
// first condition of a cycle nobody leaves, cheap enough to try before the search.
bool passing_loses(const go::Board& b, go::Stone colour) {
  for (int p : b.legal_moves(go::opponent(colour), kSimpleKo))
    if (b.preview(p, go::opponent(colour)).captured >= 2) return true;
  return false;
}

// The clause a play answer rests on: the clause of a refusal, or for a suicide the ruleset allows,
// the clause that allows it (one stone's counted as a pass, a group's removed).
std::optional<std::string> play_clause(const Spec& spec, const Ruleset& rs, const Value& answer) {
  if (const Value* clause = answer.find("clause")) return clause->as_string();
  if (const Value* pass = answer.find("counted_as_pass"); pass && pass->as_bool() && spec.clause(rs.codex + ".suicide.single-stone"))
    return rs.codex + ".suicide.single-stone";
  if (answer.find("self_captured") && spec.clause(rs.codex + ".suicide.group")) return rs.codex + ".suicide.group";
  return std::nullopt;
}

// ---------------------------------------------------------------- captures

// A capture question's input: the start, the side that plays first, its move, and the reply asked.
struct Reply {
  go::Board start{1, 1};
  go::Stone first = go::Stone::Black;
  int move = -1, reply = -1;
  bool valid = false;
};

// Valid when the first move is legal under simple ko without suicide and the reply's point is
// empty after it.
Reply reply_in(const Value& input) {
  Reply out;
  auto b = go::board_from_rows(rows_in(input));
  if (!b || !b->problems().empty()) return out;
  out.start = *b;
  out.first = colour_of(input);
  const auto& moves = input.find("moves")->as_list();
  if (moves.size() != 1) return out;
  const bool passed = moves.front().as_string() == "pass";
  const auto m = passed ? std::optional<int>(-1) : b->parse_gtp(moves.front().as_string());
  const auto r = b->parse_gtp(input.find("move")->as_string());
  if (!m || !r) return out;
  out.move = *m, out.reply = *r;
  go::Board after = *b;
  if (!passed && after.play(*m, out.first, kSimpleKo).illegal != go::Illegal::None) return out;
  out.valid = after.at(*r) == go::Stone::Empty;
  return out;
}

std::string move_name(const go::Board& b, int p) { return p < 0 ? "pass" : b.to_gtp(p); }

Value reply_input(const go::Board& start, go::Stone first, const std::string& move, const std::string& reply) {
  Value v = Value::map();
  v.set("rows", rows_value(start));
  v.set("to_play", Value::string(first == go::Stone::Black ? "B" : "W"));
  Value list = Value::list();
  list.push(Value::string(move));
  v.set("moves", list);
  v.set("move", Value::string(reply));
  return v;
}

}  // namespace

Question go_cycles() {
  Question q;
  q.game = "go";
  q.name = "cycles";
  q.query = "play";
  q.summary = "the move that closes a four-move cycle neither side can leave by passing (eternal life and its kin)";
  q.compared = {"legal", "reason"};
  q.part_name = "stones";
  q.cited = "clause";
  q.context_clauses = {"ru-go-1985.art9.p3", "ing-1996.ko.no-superko"};
  q.default_positions = 300000;  // about one sample in 20,000 holds such a cycle
  q.fallback_clauses = {"ru-go-1985.art4.p2"};
  // Dense boards of 4x4 and 5x3, where the exhaustive searches found every such cycle to be an
  // eternal life; the four-move search runs from each sampled position that passes the first test.
  q.generate = [](common::XorShift64& rng) -> Value {
    const bool square = rng.below(10) < 7;
    const int width = square ? 4 : 5, height = square ? 4 : 3;
    const int empty = 2 + static_cast<int>(rng.below(square ? 4 : 5));
    const auto b = random_board(rng, width, height, empty);
    const go::Stone first = rng.below(2) ? go::Stone::Black : go::Stone::White;
    if (!b || !passing_loses(*b, first)) return Value();
    const auto census = go::cycles_from(*b, first, kSimpleKo, go::CycleSearch{.leaving_loses = true});
    if (census.examples.empty()) return Value();
    return cycle_input(census.examples[rng.below(census.examples.size())]);
  };
  // A stone less at the start, where the four moves still make a cycle nobody can leave.
  q.shrink = [](const Value& input) {
    std::vector<Value> out;
    const Cycle c = cycle_in(input);
    if (!c.valid) return out;
    for (int p : c.cycle.start.all_points()) {
      if (c.cycle.start.at(p) == go::Stone::Empty) continue;
      go::FourMoveCycle fewer = c.cycle;
      fewer.start.set(p, go::Stone::Empty);
      Value candidate = cycle_input(fewer);
      if (cycle_in(candidate).valid) out.push_back(std::move(candidate));
    }
    return out;
  };
  // The board's symmetries, and the cycle read from each of its four positions.
  q.canonical = [](const Value& input) {
    const Cycle c = cycle_in(input);
    if (!c.valid) return input;
    Value best = input;
    std::string best_text = input.dump();
    go::Board start = c.cycle.start;
    go::Stone first = c.cycle.first;
    for (int k = 0; k < 4; ++k) {
      for (int t = 0; t < kSymmetries; ++t) {
        std::array<std::string, 4> names;
        for (int i = 0; i < 4; ++i)
          names[static_cast<std::size_t>(i)] = point_transformed(start, start.to_gtp(c.cycle.moves[static_cast<std::size_t>((k + i) % 4)]), t);
        Value v = cycle_input(transformed(start, t), swapped(first, t), names);
        if (const std::string text = v.dump(); text < best_text) best_text = text, best = std::move(v);
      }
      start.play(c.cycle.moves[static_cast<std::size_t>(k)], first, kSimpleKo);
      start.clear_ko();
      first = go::opponent(first);
    }
    return best;
  };
  // One cycle is its moves and what they take, on its board: positions that differ only in the
  // stones around it (which, on a board this small, cannot all be removed) are one witness.
  q.shape = [q](const Value& input) {
    const Value c = q.canonical(input);
    const Cycle cycle = cycle_in(c);
    if (!cycle.valid) return c.dump();
    std::string text = std::to_string(cycle.cycle.start.width()) + "x" + std::to_string(cycle.cycle.start.height()) + " " +
                       c.find("to_play")->as_string();
    for (int i = 0; i < 4; ++i)
      text += " " + cycle.cycle.start.to_gtp(cycle.cycle.moves[static_cast<std::size_t>(i)]) + ":" +
              std::to_string(cycle.cycle.captured[static_cast<std::size_t>(i)]);
    return text;
  };
  q.parts = stone_count;
  return q;
}

namespace {

// ---------------------------------------------------------------- odd cycles

// Three moves that bring the board back with the other player to move (sending two, returning
// one): the cycle on which positional superko (the board recurs) and situational superko (the
// board recurs, but not with the same player to move) part.
struct OddCycle {
  go::Board start{1, 1};
  go::Stone first = go::Stone::Black;
  std::array<int, 3> moves{};
  std::array<int, 3> captured{};
  bool valid = false;
};

// The three moves replayed under simple ko without suicide: the board comes back only at the third.
OddCycle odd_cycle_of(const go::Board& start, go::Stone first, const std::array<int, 3>& moves) {
  OddCycle out;
  out.start = start;
  out.first = first;
  go::Board now = start;
  go::Stone colour = first;
  for (std::size_t i = 0; i < 3; ++i) {
    const go::PlayResult r = now.play(moves[i], colour, kSimpleKo);
    if (r.illegal != go::Illegal::None) return out;
    if (i < 2 && now.hash() == start.hash()) return out;
    out.moves[i] = moves[i];
    out.captured[i] = r.captured;
    colour = go::opponent(colour);
  }
  out.valid = now.hash() == start.hash();
  return out;
}

OddCycle odd_cycle_in(const Value& input) {
  const auto b = go::board_from_rows(rows_in(input));
  const Value* moves = input.find("moves");
  const Value* move = input.find("move");
  if (!b || !b->problems().empty() || !moves || !move || moves->as_list().size() != 2) return {};
  std::array<int, 3> points{};
  for (std::size_t i = 0; i < 3; ++i) {
    const auto p = b->parse_gtp(i < 2 ? moves->as_list()[i].as_string() : move->as_string());
    if (!p) return {};
    points[i] = *p;
  }
  return odd_cycle_of(*b, colour_of(input), points);
}

Value odd_cycle_input(const go::Board& start, go::Stone first, const std::array<std::string, 3>& moves) {
  Value v = Value::map();
  v.set("rows", rows_value(start));
  v.set("to_play", Value::string(first == go::Stone::Black ? "B" : "W"));
  Value list = Value::list();
  list.push(Value::string(moves[0]));
  list.push(Value::string(moves[1]));
  v.set("moves", list);
  v.set("move", Value::string(moves[2]));
  return v;
}

Value odd_cycle_input(const OddCycle& c) {
  return odd_cycle_input(c.start, c.first, {c.start.to_gtp(c.moves[0]), c.start.to_gtp(c.moves[1]), c.start.to_gtp(c.moves[2])});
}

}  // namespace

Question go_odd_cycles() {
  Question q;
  q.game = "go";
  q.name = "odd-cycles";
  q.query = "play";
  q.summary = "the move that brings an earlier board back with the other player to move (sending two, returning one)";
  q.compared = {"legal", "reason"};
  q.part_name = "stones";
  q.cited = "clause";
  q.context_clauses = {"ru-go-1985.art4.p2.note", "ru-go-1985.art9.p3"};
  q.fallback_clauses = {"ru-go-1985.art4.p2"};
  q.default_positions = 20000;
  // Dense small boards; every three-move sequence from the sampled position is tried, and one
  // that brings the board back is asked about.
  q.generate = [](common::XorShift64& rng) -> Value {
    static constexpr std::array<std::pair<int, int>, 3> kSizes{{{4, 4}, {4, 3}, {5, 3}}};
    const auto [width, height] = kSizes[rng.below(kSizes.size())];
    const int empty = 3 + static_cast<int>(rng.below(4));
    const auto b = random_board(rng, width, height, empty);
    if (!b) return Value();
    const go::Stone first = rng.below(2) ? go::Stone::Black : go::Stone::White;
    std::vector<OddCycle> found;
    for (int m1 : b->legal_moves(first, kSimpleKo)) {
      go::Board after1 = *b;
      // A cycle of three must lose stones at the first move: only a capture of two or more lets
      // the third restore them.
      if (after1.play(m1, first, kSimpleKo).illegal != go::Illegal::None) continue;
      for (int m2 : after1.legal_moves(go::opponent(first), kSimpleKo)) {
        if (after1.preview(m2, go::opponent(first)).captured < 2) continue;
        go::Board after2 = after1;
        after2.play(m2, go::opponent(first), kSimpleKo);
        for (int m3 : after2.legal_moves(first, kSimpleKo))
          if (const OddCycle c = odd_cycle_of(*b, first, {m1, m2, m3}); c.valid) found.push_back(c);
      }
    }
    if (found.empty()) return Value();
    return odd_cycle_input(found[rng.below(found.size())]);
  };
  q.shrink = [](const Value& input) {
    std::vector<Value> out;
    const OddCycle c = odd_cycle_in(input);
    if (!c.valid) return out;
    // An empty edge line no move is played on, down to 3 lines: the board one line smaller.
    for (int edge = 0; edge < 4; ++edge) {
      const bool column = edge < 2;
      const int width = c.start.width() - (column ? 1 : 0), height = c.start.height() - (column ? 0 : 1);
      if (width < 3 || height < 3) continue;
      const int dx = edge == 0 ? 1 : 0, dy = edge == 2 ? 1 : 0;  // the line dropped: left, right, first, last row
      auto dropped = [&](int p) {
        const int x = c.start.x_of(p), y = c.start.y_of(p);
        return column ? x == (edge == 0 ? 0 : c.start.width() - 1) : y == (edge == 2 ? 0 : c.start.height() - 1);
      };
      bool empty_line = true;
      for (int p : c.start.all_points()) empty_line = empty_line && (!dropped(p) || c.start.at(p) == go::Stone::Empty);
      for (int m : c.moves) empty_line = empty_line && !dropped(m);
      if (!empty_line) continue;
      go::Board smaller(width, height);
      std::vector<std::pair<int, go::Stone>> stones;
      for (int p : c.start.all_points())
        if (c.start.at(p) != go::Stone::Empty) stones.emplace_back(smaller.point(c.start.x_of(p) - dx, c.start.y_of(p) - dy), c.start.at(p));
      smaller.set_all(stones);
      std::array<int, 3> moves{};
      for (std::size_t i = 0; i < 3; ++i) moves[i] = smaller.point(c.start.x_of(c.moves[i]) - dx, c.start.y_of(c.moves[i]) - dy);
      if (!smaller.problems().empty()) continue;
      if (const OddCycle less = odd_cycle_of(smaller, c.first, moves); less.valid) out.push_back(odd_cycle_input(less));
    }
    for (int p : c.start.all_points()) {
      if (c.start.at(p) == go::Stone::Empty) continue;
      go::Board fewer = c.start;
      fewer.set(p, go::Stone::Empty);
      if (!fewer.problems().empty()) continue;
      if (const OddCycle smaller = odd_cycle_of(fewer, c.first, c.moves); smaller.valid) out.push_back(odd_cycle_input(smaller));
    }
    return out;
  };
  // The board's symmetries, each also with the colours swapped.
  q.canonical = [](const Value& input) {
    const OddCycle c = odd_cycle_in(input);
    if (!c.valid) return input;
    Value best = input;
    std::string best_text = input.dump();
    for (int t = 0; t < kSymmetries; ++t) {
      std::array<std::string, 3> names;
      for (std::size_t i = 0; i < 3; ++i) names[i] = point_transformed(c.start, c.start.to_gtp(c.moves[i]), t);
      Value v = odd_cycle_input(transformed(c.start, t), swapped(c.first, t), names);
      if (const std::string text = v.dump(); text < best_text) best_text = text, best = std::move(v);
    }
    return best;
  };
  // One cycle is its moves and what they take, on its board.
  q.shape = [q](const Value& input) {
    const Value c = q.canonical(input);
    const OddCycle cycle = odd_cycle_in(c);
    if (!cycle.valid) return c.dump();
    std::string text = std::to_string(cycle.start.width()) + "x" + std::to_string(cycle.start.height()) + " " + c.find("to_play")->as_string();
    for (std::size_t i = 0; i < 3; ++i) text += " " + cycle.start.to_gtp(cycle.moves[i]) + ":" + std::to_string(cycle.captured[i]);
    return text;
  };
  q.parts = stone_count;
  return q;
}

Question go_legal() {
  Question q;
  q.game = "go";
  q.name = "legal";
  q.query = "legal_moves";
  q.summary = "the legal moves of a position with no history (suicide of one stone, of several)";
  q.compared = {"moves"};
  q.part_name = "stones";
  q.fallback_clauses = {"ru-go-1985.art4.p1", "ing-1996.suicide.single-stone", "ing-1996.suicide.group"};
  q.generate = [](common::XorShift64& rng) -> Value {
    const int width = 3 + static_cast<int>(rng.below(4)), height = 3 + static_cast<int>(rng.below(4));
    const int points = width * height;
    const int empty = 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(points / 2)));
    const auto b = random_board(rng, width, height, empty);
    if (!b) return Value();
    Value v = Value::map();
    v.set("rows", rows_value(*b));
    v.set("to_play", Value::string(rng.below(2) ? "B" : "W"));
    return v;
  };
  q.shrink = fewer_stones_or_lines;
  q.canonical = [](const Value& input) { return least_position(input, kSymmetries); };
  q.shape = [q](const Value& input) { return q.canonical(input).dump(); };
  q.parts = stone_count;
  // Every position of 3x3, then of 4x4 with at most 5 stones, either side to play: by index,
  // side to play in the lowest bit, then the points in base 3 (empty, black, white). Positions
  // with a chain without liberties, over the bound, or not the canonical one of their class are
  // skipped.
  constexpr std::uint64_t kSmall = 2 * 19683ull;     // 3x3: 3^9 colourings, two sides to play
  constexpr std::uint64_t kLarge = 2 * 43046721ull;  // 4x4: 3^16
  constexpr int kLargeStones = 5;
  q.space = kSmall + kLarge;
  q.space_summary = "every position of 3x3, then of 4x4 with at most 5 stones, either side to play, one per class under the board's symmetries and the colour swap";
  q.enumerate = [canonical = q.canonical](std::uint64_t index) -> std::optional<Value> {
    const bool small = index < kSmall;
    const int side = small ? 3 : 4;
    if (!small) index -= kSmall;
    const bool black = (index & 1) == 0;
    std::uint64_t code = index >> 1;
    if (!small) {
      int count = 0;
      for (std::uint64_t rest = code; rest; rest /= 3) count += rest % 3 != 0;
      if (count > kLargeStones) return std::nullopt;
    }
    go::Board b(side, side);
    std::vector<std::pair<int, go::Stone>> stones;
    for (int y = 0; y < side; ++y)
      for (int x = 0; x < side; ++x, code /= 3)
        if (const auto digit = code % 3)
          stones.emplace_back(b.point(x, y), digit == 1 ? go::Stone::Black : go::Stone::White);
    b.set_all(stones);
    if (!b.problems().empty()) return std::nullopt;
    Value v = Value::map();
    v.set("rows", rows_value(b));
    v.set("to_play", Value::string(black ? "B" : "W"));
    if (!(canonical(v) == v)) return std::nullopt;
    return v;
  };
  // The first point legal under one ruleset and not the other, played under both: the clause of
  // the refusal, and for an allowed suicide the clause that allows it.
  q.deciding = [](const Spec& spec, const Value& input, const Ruleset& a, const Ruleset& b) {
    std::vector<std::string> out;
    auto ask = [&](const Ruleset& rs, const char* query, const std::string& move) {
      Value req = input;
      req.set("game", Value::string("go"));
      req.set("query", Value::string(query));
      req.set("ruleset", Value::string(rs.id));
      if (!move.empty()) req.set("move", Value::string(move));
      return run_query(spec, req);
    };
    try {
      std::vector<std::string> ma, mb;
      const Value moves_a = ask(a, "legal_moves", ""), moves_b = ask(b, "legal_moves", "");
      for (const Value& m : moves_a.find("moves")->as_list()) ma.push_back(m.as_string());
      for (const Value& m : moves_b.find("moves")->as_list()) mb.push_back(m.as_string());
      std::sort(ma.begin(), ma.end());
      std::sort(mb.begin(), mb.end());
      std::vector<std::string> differ;
      std::set_symmetric_difference(ma.begin(), ma.end(), mb.begin(), mb.end(), std::back_inserter(differ));
      if (differ.empty()) return out;
      for (const Ruleset* rs : {&a, &b})
        if (const auto clause = play_clause(spec, *rs, ask(*rs, "play", differ.front()))) out.push_back(*clause);
    } catch (const std::exception&) {
      return std::vector<std::string>{};
    }
    return out;
  };
  return q;
}

Question go_captures() {
  Question q;
  q.game = "go";
  q.name = "captures";
  q.query = "play";
  q.summary = "what a reply to the last move does: whether it is legal, and which stones it removes (a retake, a snapback, a suicide)";
  q.compared = {"legal", "reason", "captured", "self_captured", "counted_as_pass"};
  q.part_name = "stones";
  q.cited = "clause";
  q.fallback_clauses = {"ru-go-1985.art4.p2", "ing-1996.ko.hot-stone-capture"};
  // Boards of 3x3 to 5x5; the first move captures half the time, and the reply is a point next
  // to the stones it touched, or anywhere, so that retakes, snapbacks and suicides come up.
  q.generate = [](common::XorShift64& rng) -> Value {
    const int size = 3 + static_cast<int>(rng.below(3));
    const int empty = 2 + static_cast<int>(rng.below(static_cast<std::uint64_t>(size * size / 2)));
    const auto b = random_board(rng, size, size, empty);
    if (!b) return Value();
    const go::Stone first = rng.below(2) ? go::Stone::Black : go::Stone::White;
    const auto moves = b->legal_moves(first, kSimpleKo);
    if (moves.empty()) return Value();
    std::vector<int> capturing;
    for (int p : moves)
      if (b->preview(p, first).captured > 0) capturing.push_back(p);
    const auto& pool = !capturing.empty() && rng.below(2) == 0 ? capturing : moves;
    const int move = pool[rng.below(pool.size())];
    go::Board after = *b;
    after.play(move, first, kSimpleKo);
    std::vector<int> empties;
    for (int p : after.all_points())
      if (after.at(p) == go::Stone::Empty) empties.push_back(p);
    if (empties.empty()) return Value();
    std::vector<int> touched(after.last_removed().begin(), after.last_removed().end());
    const auto& replies = !touched.empty() && rng.below(2) == 0 ? touched : empties;
    return reply_input(*b, first, b->to_gtp(move), b->to_gtp(replies[rng.below(replies.size())]));
  };
  // A stone less; the first move a pass (where the reply needs no capture before it); or an
  // empty edge line less, down to 3x3, the moves' points kept.
  q.shrink = [](const Value& input) {
    std::vector<Value> out;
    const Reply r = reply_in(input);
    if (!r.valid) return out;
    auto offer = [&](Value candidate) {
      if (reply_in(candidate).valid) out.push_back(std::move(candidate));
    };
    if (r.move >= 0) offer(reply_input(r.start, r.first, "pass", r.start.to_gtp(r.reply)));
    const int width = r.start.width(), height = r.start.height();
    // Edge lines: (dx, dy) the shift of what remains, and which line goes.
    for (const auto& edge : std::array<std::pair<bool, bool>, 4>{{{false, false}, {false, true}, {true, false}, {true, true}}}) {
      // Plain copies, not a structured binding: clang 14 (make fuzz) cannot capture bindings in a lambda.
      const bool column = edge.first, last = edge.second;
      if ((column ? width : height) <= 3) continue;
      const int line = last ? (column ? width : height) - 1 : 0;
      go::Board smaller(column ? width - 1 : width, column ? height : height - 1);
      std::vector<std::pair<int, go::Stone>> stones;
      bool empty_line = true;
      auto map_point = [&](int p) -> int {
        const int x = r.start.x_of(p), y = r.start.y_of(p);
        if ((column ? x : y) == line) return -2;  // on the line removed
        const int shift = last ? 0 : 1;
        return smaller.point(column ? x - shift : x, column ? y : y - shift);
      };
      for (int p : r.start.all_points()) {
        const int to = map_point(p);
        if (to == -2) empty_line = empty_line && r.start.at(p) == go::Stone::Empty && p != r.move && p != r.reply;
        else if (r.start.at(p) != go::Stone::Empty) stones.emplace_back(to, r.start.at(p));
      }
      if (!empty_line) continue;
      smaller.set_all(stones);
      offer(reply_input(smaller, r.first, move_name(smaller, r.move < 0 ? -1 : map_point(r.move)), smaller.to_gtp(map_point(r.reply))));
    }
    for (int p : r.start.all_points()) {
      if (r.start.at(p) == go::Stone::Empty) continue;
      go::Board fewer = r.start;
      fewer.set(p, go::Stone::Empty);
      offer(reply_input(fewer, r.first, move_name(r.start, r.move), r.start.to_gtp(r.reply)));
    }
    return out;
  };
  q.canonical = [](const Value& input) {
    const Reply r = reply_in(input);
    if (!r.valid) return input;
    Value best = input;
    std::string best_text = input.dump();
    for (int t = 0; t < kSymmetries; ++t) {
      Value v = reply_input(transformed(r.start, t), swapped(r.first, t), point_transformed(r.start, move_name(r.start, r.move), t),
                            point_transformed(r.start, r.start.to_gtp(r.reply), t));
      if (const std::string text = v.dump(); text < best_text) best_text = text, best = std::move(v);
    }
    return best;
  };
  q.shape = [q](const Value& input) { return q.canonical(input).dump(); };
  q.parts = stone_count;
  // The clause each ruleset's answer rests on (a refusal, or an allowed suicide).
  q.deciding = [](const Spec& spec, const Value& input, const Ruleset& a, const Ruleset& b) {
    std::vector<std::string> out;
    for (const Ruleset* rs : {&a, &b}) {
      Value req = input;
      req.set("game", Value::string("go"));
      req.set("query", Value::string("play"));
      req.set("ruleset", Value::string(rs->id));
      try {
        if (const auto clause = play_clause(spec, *rs, run_query(spec, req))) out.push_back(*clause);
      } catch (const std::exception&) {
      }
    }
    return out;
  };
  return q;
}

// The score: who wins a position counted as it stands (every stone alive), Ing's fill-in count
// with komi 8 and its tie rule, the direct area count of the two-pass rulesets, or the 1985
// Codex's territory and prisoners with its komi and half point. Colour is no symmetry here.
Question go_score() {
  Question q;
  q.game = "go";
  q.name = "score";
  q.query = "score";
  q.summary = "who wins a position counted as it stands (area by fill-in or directly, or territory and prisoners), with each ruleset's komi";
  q.compared = {"winner"};
  q.part_name = "stones";
  q.fallback_clauses = {"ing-1996.counting.compensation-stones", "ru-go-1985.art12.p1"};
  // Dense boards of 3x3 to 6x6 where most empty points are one side's.
  q.generate = [](common::XorShift64& rng) -> Value {
    const int width = 3 + static_cast<int>(rng.below(4)), height = 3 + static_cast<int>(rng.below(4));
    const int empty = 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(width * height / 3)));
    const auto b = random_board(rng, width, height, empty);
    if (!b) return Value();
    Value v = Value::map();
    v.set("rows", rows_value(*b));
    v.set("to_play", Value::string("B"));
    v.set("count_as_is", Value::boolean(true));  // who would win if the count were made now
    return v;
  };
  q.shrink = fewer_stones_or_lines;
  q.canonical = [](const Value& input) { return least_position(input, 8); };  // the board's symmetries alone
  // What the counts read of a position: its size, the stones, the area and the territory of
  // each colour and the neutral points; positions alike in these are one witness.
  q.shape = [](const Value& input) {
    const auto b = go::board_from_rows(rows_in(input));
    if (!b) return input.dump();
    const auto area = go::area_count(*b);
    const auto territory = go::territory_count(*b);
    return std::to_string(b->width() * b->height()) + " stones " + std::to_string(area.black_stones) + ":" + std::to_string(area.white_stones) +
           " area " + std::to_string(area.black_territory) + ":" + std::to_string(area.white_territory) + ":" + std::to_string(area.shared) +
           " territory " + std::to_string(territory.black_territory) + ":" + std::to_string(territory.white_territory) + ":" +
           std::to_string(territory.neutral);
  };
  q.parts = stone_count;
  // The winner, or why the count names none (Ing's fill-in may find no room for its stones).
  q.project = [](const Value& answer) {
    Value out = Value::map();
    for (const char* part : {"fill_in", "territory"})
      if (const Value* count = answer.find(part)) {
        if (const Value* winner = count->find("winner")) out.set("winner", *winner);
        else if (const Value* status = count->find("status")) out.set("status", *status);
      }
    if (const Value* error = answer.find("error")) out.set("error", *error);
    return out;
  };
  // A count that names no winner (Ing's fill-in with no room for its stones on a toy board) is
  // no answer to compare with another ruleset's winner.
  q.unanswerable = [](const Value& projected) -> std::string {
    if (projected.find("winner")) return "";
    if (const Value* status = projected.find("status")) return "the count names no winner (" + status->as_string() + ")";
    if (projected.find("code")) return projected.find("code")->as_string();
    return "the count names no winner";
  };
  return q;
}

}  // namespace rulespec::mine
