// Renju foul properties on random positions of every density: the two foul implementations agree
// on every point, the foul map does not depend on how the board is turned, and a move that
// completes a five is never a foul. On nearly full boards: the reachable-five search agrees with
// itself (exhaustive against constructed) and every sequence it reports replays.
#include <algorithm>
#include <ostream>
#include <sstream>

#include "queries/renju_rules.hpp"
#include "model/renju/five_reachable.hpp"
#include "model/renju/random_position.hpp"
#include "model/renju/rows.hpp"
#include "model/renju/structures.hpp"
#include "model/common/xorshift.hpp"
#include "properties/property.hpp"

namespace rulespec {
namespace {

struct RandomPosition {
  renju::PositionShape shape;
  std::uint64_t seed;
};

void showValue(const RandomPosition& p, std::ostream& os) {
  os << p.shape.stones << " stones in a " << p.shape.region << "x" << p.shape.region << " region, seed " << p.seed << "\n";
  const renju::Board b = renju::random_position(15, p.shape, p.seed);
  for (int r = b.size() - 1; r >= 0; --r) {
    for (int c = 0; c < b.size(); ++c) os << static_cast<char>(b.at(b.point(c, r)));
    os << "\n";
  }
}

rc::Gen<RandomPosition> gen_position() {
  return rc::gen::exec([] {
    RandomPosition p;
    p.shape.region = *rc::gen::inRange(5, 16);
    p.shape.stones = *rc::gen::inRange(0, std::min(p.shape.region * p.shape.region, 160) + 1);
    p.seed = *rc::gen::inRange<std::uint64_t>(1, UINT64_MAX);
    return p;
  });
}

// Rulesets with any Black foul at all (gomoku has none, and there every map is empty).
bool has_fouls(const Ruleset& rs) {
  return rs.game == "renju" && (rs.bool_param("foul_double_three") || rs.bool_param("foul_double_four") ||
                                rs.is("overline_black", "foul"));
}
bool five_wins(const Ruleset& rs) {
  return has_fouls(rs) &&
         rs.reading_choice<bool>("rif-renju.result.five-with-foul", {{"five-wins", true}, {"foul-loses", false}}, true);
}

std::string map_text(const std::vector<renju::FoulPoint>& fouls, int size) {
  std::string out;
  for (const auto& f : fouls) out += renju::point_name(f.point, size) + "=" + renju::foul_name(f.kind) + " ";
  return out;
}

constexpr int kPerRun = 20;

// Each ruleset checks its own positions (FNV-1a of its id mixed into the seeds), so that the
// rulesets together cover 8 x 100 x kPerRun positions in verify and 8 x 2000 x kPerRun with --deep;
// the same seed and ruleset still give the same positions.
std::uint64_t ruleset_salt(const std::string& id) {
  std::uint64_t h = 14695981039346656037ull;
  for (unsigned char c : id) h = (h ^ c) * 1099511628211ull;
  return h;
}

bool same_map(const std::vector<renju::FoulPoint>& a, const std::vector<renju::FoulPoint>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].point != b[i].point || a[i].kind != b[i].kind) return false;
  return true;
}

// A point where Black's stone completes an exact five along one line and, through the same point,
// makes a four or an open three along two others: a double four or double three but for the five.
// On a board otherwise empty, so that nothing else decides the point.
struct FiveWithFoul {
  renju::Board board;
  int point;
};

FiveWithFoul five_with_foul(std::uint64_t seed) {
  common::XorShift64 rng{seed};
  renju::Board b(15);
  const int column = 5 + static_cast<int>(rng.below(5)), row = 5 + static_cast<int>(rng.below(5));
  const int p = b.point(column, row);
  const int five_line = static_cast<int>(rng.below(4));
  const int side = static_cast<int>(rng.below(5));  // stones of the five before the point: 0..4
  int made = 0;
  for (int d = 0; d < 4; ++d) {
    const int dx = renju::kDirections[d][0], dy = renju::kDirections[d][1];
    auto put = [&](int k) { b.set(b.point(column + k * dx, row + k * dy), renju::Colour::Black); };
    if (d == five_line) {
      for (int k = -side; k <= 4 - side; ++k)
        if (k != 0) put(k);
    } else if (made < 2) {
      // A four: three stones beside the point; an open three: two (both ends left open).
      const int stones = rng.below(2) == 0 ? 3 : 2;
      const int sign = rng.below(2) == 0 ? 1 : -1;
      for (int k = 1; k <= stones; ++k) put(sign * k);
      ++made;
    }
  }
  return {b, p};
}

}  // namespace

void register_renju_properties(std::vector<PropertyInfo>& out) {
  out.push_back({"renju.fouls.implementations-agree",
                 "the foul test read from the definitions and the pattern-table one give the same kind on every point",
                 {"rif-renju.foul.black-list", "rif-renju.foul.black-double-three", "rif-renju.foul.black-double-four",
                  "rif-renju.overline.black-foul", "rif-renju.three.definition", "rif-renju.three.five-point",
                  "rif-renju.four.definition"},
                 has_fouls, [](const Spec& spec, const Ruleset& rs) {
                   const auto rules = renju_foul_rules(spec, rs);
                   const auto salt = ruleset_salt(rs.id);
                   return rc::detail::toProperty([rules, salt] {
                     // One generated position and kPerRun - 1 more of every density from its seed.
                     auto first = *gen_position();
                     first.seed ^= salt;
                     common::XorShift64 rng{first.seed};
                     for (int i = 0; i < kPerRun; ++i) {
                       RandomPosition pos = first;
                       if (i > 0) {
                         pos.shape.region = 5 + static_cast<int>(rng.below(11));
                         pos.shape.stones = static_cast<int>(rng.below(static_cast<std::uint64_t>(std::min(pos.shape.region * pos.shape.region, 160) + 1)));
                         pos.seed = rng.next();
                       }
                       renju::Board b = renju::random_position(15, pos.shape, pos.seed);
                       const auto fast = renju::foul_map(b, rules, true);
                       const auto slow = renju::foul_map(b, rules, false);
                       note_answer(map_text(fast, 15));
                       if (!same_map(fast, slow)) {
                         std::ostringstream board;
                         showValue(pos, board);
                         RC_FAIL(board.str() + "fast: " + map_text(fast, 15) + "\ndefinition: " + map_text(slow, 15));
                       }
                     }
                   });
                 }});
  out.push_back({"renju.fouls.symmetric",
                 "turning or mirroring the board turns or mirrors the foul map, kinds unchanged",
                 {"rif-renju.foul.black-list", "rif-renju.equipment.perfect-information"}, has_fouls,
                 [](const Spec& spec, const Ruleset& rs) {
                   const auto rules = renju_foul_rules(spec, rs);
                   return rc::detail::toProperty([rules] {
                     const auto pos = *gen_position();
                     const int s = *rc::gen::inRange(1, 8);
                     renju::Board b = renju::random_position(15, pos.shape, pos.seed);
                     renju::Board t = renju::transform(b, s);
                     auto turned = renju::foul_map(b, rules);
                     for (auto& f : turned) f.point = renju::transform_point(f.point, 15, s);
                     std::sort(turned.begin(), turned.end(), [](const auto& x, const auto& y) { return x.point < y.point; });
                     rules_require(same_map(turned, renju::foul_map(t, rules)),
                                   "the board turned by symmetry " + std::to_string(s) + " has other forbidden points than the board itself (" +
                                       map_text(renju::foul_map(t, rules), 15) + "against " + map_text(turned, 15) +
                                       "): the foul rules look at the lines through a point, not at its place");
                   });
                 }});
  out.push_back({"renju.structures-make-the-fouls",
                 "the structures through a Black stone (fives, overlines, fours, threes per line) give the foul verdict of the foul test",
                 {"rif-renju.foul.black-list", "rif-renju.foul.fork-definition", "rif-renju.three.definition",
                  "rif-renju.three.open-definition", "rif-renju.three.pseudo-definition", "rif-renju.four.open-definition",
                  "rif-renju.four.closed-definition"},
                 has_fouls, [](const Spec& spec, const Ruleset& rs) {
                   const auto rules = renju_foul_rules(spec, rs);
                   return rc::detail::toProperty([rules] {
                     const auto pos = *gen_position();
                     renju::Board b = renju::random_position(15, pos.shape, pos.seed);
                     for (int p = 0; p < b.points(); ++p) {
                       if (b.at(p) != renju::Colour::Empty) continue;
                       const renju::Foul expected = renju::foul_fast(b, p, rules);
                       b.set(p, renju::Colour::Black);
                       const auto shapes = renju::line_shapes(b, p, renju::Colour::Black, rules);
                       b.set(p, renju::Colour::Empty);
                       bool five = false, overline = false;
                       int fours = 0, threes = 0;
                       for (const auto& l : shapes) {
                         five = five || l.shape == renju::Shape::Five;
                         overline = overline || l.shape == renju::Shape::Overline;
                         fours += l.shape == renju::Shape::DoubleFour ? (rules.same_line_fours ? 2 : 1)
                                  : l.shape == renju::Shape::Four || l.shape == renju::Shape::OpenFour ? 1 : 0;
                         threes += l.shape == renju::Shape::Three || l.shape == renju::Shape::OpenThree;
                       }
                       renju::Foul derived = renju::Foul::None;
                       if (five && rules.five_exempts) derived = renju::Foul::None;
                       else if (overline && rules.overline) derived = renju::Foul::Overline;
                       else if (rules.forks.double_four && fours >= 2) derived = renju::Foul::DoubleFour;
                       else if (rules.forks.double_three && threes >= 2) derived = renju::Foul::DoubleThree;
                       else if (rules.forks.multi_fork && fours + threes > 2) derived = renju::Foul::MultiFork;
                       rules_require(renju::foul_name(derived) == std::string(renju::foul_name(expected)),
                                     "Black at " + renju::point_name(p, 15) + ": the foul test says " + renju::foul_name(expected) +
                                         ", the lines through the point (" + std::to_string(fours) + " fours, " + std::to_string(threes) +
                                         " threes" + (five ? ", a five" : "") + (overline ? ", an overline" : "") + ") make it " +
                                         renju::foul_name(derived) + " (RIF: the fouls are defined by these structures)");
                     }
                   });
                 }});
  out.push_back({"renju.fouls.five-is-never-a-foul",
                 "a Black move that completes an exact five is never a foul (under the five-wins reading of line 29 against 41)",
                 {"rif-renju.result.five-with-foul", "rif-renju.result.five-wins"}, five_wins,
                 [](const Spec& spec, const Ruleset& rs) {
                   const auto rules = renju_foul_rules(spec, rs);
                   return rc::detail::toProperty([rules] {
                     const auto pos = *gen_position();
                     // A random position, and one built so that a five is also two fours or threes.
                     auto built = five_with_foul(pos.seed);
                     for (renju::Board b : {renju::random_position(15, pos.shape, pos.seed), built.board}) {
                       const auto fouls = renju::foul_map(b, rules);
                       note_answer(map_text(fouls, 15));
                       for (const auto& f : fouls) {
                         b.set(f.point, renju::Colour::Black);
                         const bool five = renju::rows_made(b, f.point, renju::Colour::Black).five;
                         b.set(f.point, renju::Colour::Empty);
                         if (five) RC_FAIL("foul " + map_text({f}, 15) + "completes a five");
                       }
                     }
                   });
                 }});
  out.push_back({"renju.five-reachable.search-agrees",
                 "on nearly full boards the exhaustive reachable-five search and the constructed line agree, every reported sequence replays, and no five on paper means none by play",
                 {"rif-renju.result.no-five-possible-draw"}, has_fouls, [](const Spec& spec, const Ruleset& rs) {
                   const auto rules = renju_foul_rules(spec, rs);
                   return rc::detail::toProperty([rules] {
                     const int empties = *rc::gen::inRange(1, 10);
                     const auto seed = *rc::gen::inRange<std::uint64_t>(1, UINT64_MAX);
                     const renju::Board b = renju::random_position(15, {15, 225 - empties}, seed);
                     const auto exact = renju::five_reachable(b, renju::Colour::Black, rules, 12);
                     const auto built = renju::five_reachable(b, renju::Colour::Black, rules, 0);
                     const std::string board = "a board with " + std::to_string(empties) + " empty points: ";
                     rules_require(exact.reach != renju::Reach::Undecided, board + "the search cannot say whether Black can still make five");
                     if (!renju::five_possible(b, renju::Colour::Black))
                       rules_require(exact.reach == renju::Reach::No, board + "no line leaves room for a black five, yet the search finds one");
                     if (exact.reach == renju::Reach::Yes)
                       rules_require(renju::sequence_makes_black_five(b, exact, rules), board + "the sequence the search reports does not make a black five when played");
                     if (built.reach == renju::Reach::Yes) {
                       rules_require(exact.reach == renju::Reach::Yes, board + "a constructed line makes a black five, which the exhaustive search misses");
                       rules_require(renju::sequence_makes_black_five(b, built, rules), board + "the constructed line does not make a black five when played");
                     }
                   });
                 }});
}

}  // namespace rulespec
