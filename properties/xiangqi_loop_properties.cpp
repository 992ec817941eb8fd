// Xiangqi loop properties on random repetition cycles: the adjudication of a loop does not depend
// on how the board is seen (mirrored left-right; colours swapped with the board turned half round)
// nor on which of its moves is taken as the first. The cycles are built from positions reached by
// seeded random play: a Red and a Black piece each step away and back, four plies, repeated.
#include <algorithm>
#include <cctype>
#include <ostream>

#include "queries/xiangqi_rules.hpp"
#include "model/common/xorshift.hpp"
#include "model/xiangqi/notation.hpp"
#include "properties/property.hpp"

namespace rulespec {
namespace {

using xiangqi::Colour;
using xiangqi::Move;
using xiangqi::Position;

struct RandomLoop {
  std::uint64_t seed;
  int plies;     // random play before the loop
  int cycles;    // how often the four-ply cycle is played
};

void showValue(const RandomLoop& l, std::ostream& os) {
  os << "seed " << l.seed << ", " << l.plies << " plies, " << l.cycles << " cycles";
}

rc::Gen<RandomLoop> gen_loop() {
  return rc::gen::exec([] {
    return RandomLoop{*rc::gen::inRange<std::uint64_t>(1, UINT64_MAX), *rc::gen::inRange(0, 60), *rc::gen::inRange(3, 6)};
  });
}

bool reverse_is_legal(const Position& p, Move m) { return p.is_legal({m.to, m.from}); }

// A start position and a repeating move sequence, or nothing when the random position offers no
// pair of reversible quiet moves.
struct Loop {
  Position start;
  std::vector<Move> moves;
};

std::optional<Loop> build(const RandomLoop& l) {
  common::XorShift64 rng{l.seed};
  Position p = Position::start();
  for (int i = 0; i < l.plies; ++i) {
    const auto moves = p.legal_moves();
    if (moves.empty()) return std::nullopt;
    p.make(moves[rng.below(moves.size())]);
  }
  // Quiet moves; half the time only those that check or strike, so that loops with chases and
  // checks on one side or both are common.
  auto quiet = [&rng](const Position& q) {
    std::vector<Move> out, striking;
    const xiangqi::Tracker ids(q);
    for (const Move& m : q.legal_moves()) {
      if (q.at(m.to).is_piece()) continue;
      out.push_back(m);
      const auto facts = xiangqi::classify(q, m, ids, xiangqi::ChaseRules{});
      if (facts.check || !facts.new_attacks.empty()) striking.push_back(m);
    }
    return !striking.empty() && rng.below(2) == 0 ? striking : out;
  };
  for (int attempt = 0; attempt < 40; ++attempt) {
    const auto first = quiet(p);
    if (first.empty()) return std::nullopt;
    const Move a = first[rng.below(first.size())];
    Position q = p;
    q.make(a);
    const auto second = quiet(q);
    if (second.empty()) continue;
    const Move b = second[rng.below(second.size())];
    Position r = q;
    r.make(b);
    if (!reverse_is_legal(r, a)) continue;
    r.make({a.to, a.from});
    if (!reverse_is_legal(r, b)) continue;
    r.make({b.to, b.from});
    if (r.hash() != p.hash()) continue;
    Loop out{p, {}};
    for (int c = 0; c < l.cycles; ++c)
      for (const Move m : {a, b, Move{a.to, a.from}, Move{b.to, b.from}}) out.moves.push_back(m);
    return out;
  }
  return std::nullopt;
}

// The board seen another way, as FEN text and squares: mirrored left-right, or (colours swapped)
// turned half round with every piece changing colour.
enum class View { Mirror, ColourSwap };

std::string transform_fen(const std::string& fen, View v) {
  const std::string placement = fen.substr(0, fen.find(' '));
  std::vector<std::string> ranks;  // expanded, '.' for empty
  std::string cur;
  for (char c : placement + "/") {
    if (c == '/') {
      ranks.push_back(cur);
      cur.clear();
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      cur.append(static_cast<std::size_t>(c - '0'), '.');
    } else {
      cur.push_back(c);
    }
  }
  for (auto& r : ranks) std::reverse(r.begin(), r.end());
  if (v == View::ColourSwap) {
    std::reverse(ranks.begin(), ranks.end());
    for (auto& r : ranks)
      for (char& c : r) c = std::isupper(static_cast<unsigned char>(c)) ? static_cast<char>(std::tolower(c)) : static_cast<char>(std::toupper(c));
  }
  std::string out;
  for (const auto& r : ranks) {
    if (!out.empty()) out += '/';
    int empty = 0;
    for (char c : r) {
      if (c == '.') {
        ++empty;
        continue;
      }
      if (empty) out += static_cast<char>('0' + empty), empty = 0;
      out += c;
    }
    if (empty) out += static_cast<char>('0' + empty);
  }
  const bool red = fen.find(" b") == std::string::npos;
  return out + (v == View::ColourSwap ? (red ? " b" : " w") : (red ? " w" : " b"));
}

int transform_square(int sq, View v) {
  const int f = xiangqi::file_of(sq), r = xiangqi::rank_of(sq);
  return v == View::Mirror ? xiangqi::square(8 - f, r) : xiangqi::square(8 - f, 9 - r);
}

xiangqi::Verdict swap_verdict(xiangqi::Verdict v) {
  return v == xiangqi::Verdict::RedLoses ? xiangqi::Verdict::BlackLoses : v == xiangqi::Verdict::BlackLoses ? xiangqi::Verdict::RedLoses : v;
}

bool same_side(const xiangqi::SideReport& a, const xiangqi::SideReport& b) { return a.kind == b.kind && a.violates == b.violates; }

std::string summary(const xiangqi::Adjudication& a) {
  std::string s = std::string(xiangqi::to_string(a.verdict)) + " (" + a.reason + "):";
  for (const auto& m : a.moves) s += " " + m.wxf + "=" + m.label();
  return s;
}

bool xiangqi_repetition_ruleset(const Ruleset& rs) { return rs.codex == "axf-1982" || rs.codex == "cxa"; }

}  // namespace

void register_xiangqi_loop_properties(std::vector<PropertyInfo>& out) {
  out.push_back({"xiangqi.loop.view-invariant",
                 "a loop's adjudication is the same on the board mirrored left-right, and the same with colours exchanged on the board turned half round",
                 {"axf-1982.chase.unprotected-forbidden", "axf-1982.perpetual-check", "cxa.perpetual-attack.forbidden"},
                 xiangqi_repetition_ruleset, [](const Spec& spec, const Ruleset& rs) {
                   const auto rules = xiangqi_loop_rules(spec, rs);
                   return rc::detail::toProperty([rules] {
                     const auto loop = build(*gen_loop());
                     RC_PRE(loop.has_value());
                     const auto base = xiangqi::adjudicate(loop->start, loop->moves, rules);
                     note_answer(summary(base));
                     rules_require(base.loop, "the moves generated as a loop do not bring the position back");
                     for (View v : {View::Mirror, View::ColourSwap}) {
                       const auto start = Position::from_fen(transform_fen(loop->start.fen(), v)).position;
                       rules_require(start.has_value(), "the mirrored or colour-swapped start " + loop->start.fen() + " is no position");
                       std::vector<Move> moves;
                       for (const Move m : loop->moves)
                         moves.push_back({static_cast<std::uint8_t>(transform_square(m.from, v)), static_cast<std::uint8_t>(transform_square(m.to, v))});
                       const auto seen = xiangqi::adjudicate(*start, moves, rules);
                       const bool swap = v == View::ColourSwap;
                       if (seen.verdict != (swap ? swap_verdict(base.verdict) : base.verdict) ||
                           !same_side(swap ? seen.black : seen.red, base.red) || !same_side(swap ? seen.red : seen.black, base.black))
                         RC_FAIL(std::string(swap ? "colours swapped" : "mirrored") + "\nbase " + loop->start.fen() + " " + summary(base) +
                                 "\nseen " + start->fen() + " " + summary(seen));
                     }
                   });
                 }});
  out.push_back({"xiangqi.loop.rotation-invariant",
                 "each side's judgement of a loop does not depend on which of its moves is taken as the first",
                 {"axf-1982.chase.unprotected-forbidden", "cxa.perpetual-attack.forbidden"}, xiangqi_repetition_ruleset,
                 [](const Spec& spec, const Ruleset& rs) {
                   const auto rules = xiangqi_loop_rules(spec, rs);
                   return rc::detail::toProperty([rules] {
                     const auto loop = build(*gen_loop());
                     RC_PRE(loop.has_value());
                     const auto base = xiangqi::adjudicate(loop->start, loop->moves, rules);
                     note_answer(summary(base));
                     const int shift = *rc::gen::inRange(1, 4);
                     Position start = loop->start;
                     for (int i = 0; i < shift; ++i) start.make(loop->moves[static_cast<std::size_t>(i)]);
                     std::vector<Move> moves(loop->moves.begin() + shift, loop->moves.end());
                     for (int i = 0; i < shift; ++i) moves.push_back(loop->moves[static_cast<std::size_t>(i)]);
                     const auto turned = xiangqi::adjudicate(start, moves, rules);
                     rules_require(turned.loop, "the loop started " + std::to_string(shift) + " moves later no longer brings the position back");
                     if (!same_side(turned.red, base.red) || !same_side(turned.black, base.black))
                       RC_FAIL("shifted by " + std::to_string(shift) + "\nbase " + summary(base) + "\nturned " + summary(turned));
                   });
                 }});
}

}  // namespace rulespec
