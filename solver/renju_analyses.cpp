// The old RIF opening against the basic move rule and the pass rule.
#include <map>

#include "model/renju/forks.hpp"
#include "model/renju/opening_procedure.hpp"
#include "model/renju/random_position.hpp"
#include "model/renju/rows.hpp"
#include "model/renju/structures.hpp"
#include "queries/renju_rules.hpp"
#include "solver/finding.hpp"
#include "solver/harness.hpp"

namespace rulespec {
namespace {

// The old RIF opening has the first player place stones of both colours before anyone has a
// colour (line 108). It is an explicit exception to the move rule of line 29: the regulation runs
// before the colours are fixed and ends "then the game follows the usual rules". The check: with
// the move rule applied from the end of the opening, the clauses agree; applied to the opening's
// placements as well, they could not (see the withdrawn F-rif-renju-opening-vs-own-colour).
void opening_own_colour(const Spec& spec, AnalysisOutcome& out) {
  if (!spec.clause("rif-renju.move.own-colour") || !spec.clause("rif-renju.opening.rif-old.first-three") ||
      !spec.clause("rif-renju.opening.rif-old.normal-play")) {
    out.detail = "clauses absent";
    return;
  }
  const auto steps = renju::rif_old_opening('W');
  auto placements = [&](ClauseModel& m, z3::expr first_is_black, bool rule_covers_opening) {
    for (const auto& p : steps)
      if (p.player == 1) {
        m.clause(p.step <= "3" ? "rif-renju.opening.rif-old.first-three" : "rif-renju.opening.rif-old.fourth-by-first",
                 m.bool_var("placed_" + p.step + "_black") == m.ctx().bool_val(p.colour == 'B'));
        if (rule_covers_opening)
          m.clause("rif-renju.move.own-colour", m.bool_var("placed_" + p.step + "_black") == first_is_black);
      }
  };
  ClauseModel with_exception, without;
  placements(with_exception, with_exception.bool_var("first_player_black"), false);
  with_exception.clause("rif-renju.opening.rif-old.normal-play", with_exception.bool_var("first_player_black") ||
                                                                    !with_exception.bool_var("first_player_black"));
  placements(without, without.bool_var("first_player_black"), true);
  if (with_exception.check() != z3::sat) throw std::runtime_error("the opening contradicts itself");
  out.detail = std::string("consistent: the move rule applies from the end of the opening (line 108 'then the game follows the usual "
                           "rules')") + (without.check() == z3::unsat ? "; applied to the opening's own placements it would break " +
                                                                            std::to_string(renju::own_colour_violations(steps)) + " times"
                                                                      : "");
}

void sixth_stone(const Spec& spec, AnalysisOutcome& out) {
  if (!readings_both_natural(spec, "rif-renju.pass.not-before-sixth-stone", "after-move-six", "six-stones-present", out)) return;
  const auto steps = renju::rif_old_opening('W');
  const bool on_board = renju::white_may_pass_at_move_six(steps, false);
  const bool appeared = renju::white_may_pass_at_move_six(steps, true);
  if (on_board == appeared) {
    out.detail = "readings agree";
    return;
  }
  Finding f{
      .id = "F-rif-renju-sixth-stone",
      .kind = "ambiguity",
      .summary = "Under the old RIF opening the sixth stone 'appears' before move 6, so White may or may not pass at move 6",
      .explanation = "A pass is allowed once the sixth (third white) stone has appeared on the board. The old RIF opening puts two "
          "fifth-move proposals on the board, so a sixth stone appears before White's move 6 (it is black, not the third "
          "white stone the parenthesis promises) and one of them is taken off again. Counting stones that have appeared, "
          "White may pass instead of move 6; counting the third white stone, the first pass is Black's move 7.",
      .clauses = {"rif-renju.pass.not-before-sixth-stone", "rif-renju.opening.rif-old.two-fifth-proposals",
          "rif-renju.opening.rif-old.white-picks-fifth", "rif-renju.pass.sixth-is-third-white"},
      .rulesets = {"rif-renju"},
      .witness = Value::map(),
  };
  f.witness.set("stones_appeared_before_move_6", Value::integer(6));
  f.witness.set("after-move-six", Value::boolean(on_board));
  f.witness.set("six-stones-present", Value::boolean(appeared));
  f.case_id = "renju.opening.rif-old-white-chosen";
  out.findings.push_back(f);
  out.detail = "readings disagree";
}

// The rule against forks of more than two threats follows from the 3x3 and 4x4 rules: any three
// threats include two fours or two threes.
void multi_fork_redundant(const Spec& spec, AnalysisOutcome& out) {
  const char* multi = "rif-renju.foul.black-multi-fork";
  if (!spec.clause(multi) || !spec.clause("rif-renju.foul.black-double-three") || !spec.clause("rif-renju.foul.black-double-four"))
    return not_applicable(out, "clauses absent");
  ClauseModel m;
  auto fours = m.int_var("fours"), threes = m.int_var("threes"), foul = m.bool_var("foul");
  m.assume(fours >= 0 && threes >= 0 && fours + threes <= 8);
  m.clause("rif-renju.foul.black-double-three", z3::implies(threes >= 2, foul));
  m.clause("rif-renju.foul.black-double-four", z3::implies(fours >= 2, foul));
  m.clause(multi, z3::implies(fours + threes > 2, foul));
  if (!m.implied(z3::implies(fours + threes > 2, foul), multi)) {
    out.detail = "the multi-fork rule adds fouls";
    return;
  }
  // Confirm on the reference: without the multi-fork rule every fork of three or more is still a foul.
  renju::ForkRules without{true, true, false};
  for (int f = 0; f <= 4; ++f)
    for (int t = 0; t <= 4; ++t)
      if (f + t > 2 && !renju::black_fork_foul(f, t, without)) throw std::runtime_error("model does not confirm");
  // Implied, and the text says so itself (line 54: the other forks contain two threes or two
  // fours); a consistent restatement is no defect (see the withdrawn F-rif-renju-multi-fork-redundant).
  out.detail = "the multi-fork ban follows from the 3x3 and 4x4 bans, as line 54 says";
}

void foul_consequence(const Spec& spec, AnalysisOutcome& out) {
  const Clause* c = spec.clause("rif-renju.foul.consequence");
  if (!c) return not_applicable(out, "clause absent");
  if (spec.natural_readings(*c).size() < 2)
    return void(out.detail = "line 41 states the consequence (Black loses); the other readings are not in the text");
  Finding f{
      .id = "F-rif-renju-foul-consequence",
      .kind = "ambiguity",
      .summary = "What a Black foul does is read three ways: Black loses at once, White must claim it, or the move is refused",
      .explanation = "Line 41 ends the game with Black's loss when Black makes an overline; line 30 calls the fouls 'forbidden' and "
          "line 55 'impossible'; lines 58 and 69 speak of a 'win by foul' White obtains. Nothing says who must notice the "
          "foul or when. On the same 3x3 the readings give: Black loses; the game goes on unless White claims; Black must "
          "play elsewhere.",
      .clauses = {"rif-renju.foul.consequence", "rif-renju.result.win-by-foul", "rif-renju.foul.black-double-three"},
      .rulesets = {"rif-renju"},
      .witness = Value::map(),
  };
  f.witness.set("fork", Value::string("3x3"));
  for (const auto& r : c->readings) f.witness.set(r.id, Value::string(r.id == "claim-required" ? "white-may-claim"
                                                                     : r.id == "illegal-move"   ? "move-refused"
                                                                                                : "black-loses"));
  f.case_id = "renju.fork.double-three";
  out.findings.push_back(f);
  out.detail = std::to_string(c->readings.size()) + " readings";
}

// A witness board from its stone lists, and the same lists as the finding's witness shows them.
struct WitnessBoard {
  renju::Board board{15};
  Value black = Value::list(), white = Value::list();
};
template <std::size_t NB, std::size_t NW>
WitnessBoard witness_board(const char* const (&black)[NB], const char* const (&white)[NW]) {
  WitnessBoard w;
  for (const char* p : black) {
    w.board.set(*renju::parse_point(p, 15), renju::Colour::Black);
    w.black.push(Value::string(p));
  }
  for (const char* p : white) {
    w.board.set(*renju::parse_point(p, 15), renju::Colour::White);
    w.white.push(Value::string(p));
  }
  return w;
}

// One Black stone that completes a five across and an overline down (cases/renju/five-and-overline.yaml).
constexpr const char* kFiveOverlineBlack[] = {"f8", "g8", "i8", "j8", "h4", "h5", "h6", "h7", "h9"};
constexpr const char* kFiveOverlineWhite[] = {"e8", "k8", "h3", "h10", "g7", "j9", "g9", "j7", "l11"};

// Line 29 makes a five a win; line 41 makes every Black move that leads to an overline a foul that
// loses; neither sentence gives way to the other. Lines 40 and 43 show the intent (a five is mate,
// an open four cannot be stopped), so the two readings are both held only by a word-for-word reader:
// the finding is a wording one, and it stands only while both readings are natural ones.
void five_with_overline(const Spec& spec, AnalysisOutcome& out) {
  if (!readings_both_natural(spec, "rif-renju.result.five-with-foul", "five-wins", "foul-loses", out)) return;
  auto [board, black, white] = witness_board(kFiveOverlineBlack, kFiveOverlineWhite);
  const int move = *renju::parse_point("h8", 15);
  const auto rows = renju::rows_made(board, move, renju::Colour::Black);
  const auto lengths = renju::rows_through(board, move, renju::Colour::Black);
  if (!rows.five || !rows.overline) throw std::runtime_error("the witness does not make a five and an overline at once");
  out.detail = "h8 makes rows of " + std::to_string(lengths[0]) + " across and " + std::to_string(lengths[1]) +
               " down: a five (line 29) and an overline (line 41) at once";
  Finding f{
      .id = "F-rif-renju-five-with-overline",
      .kind = "ambiguity",
      .summary = "One Black stone that completes a five and makes an overline, a 3x3 or a 4x4 at once is a win by line 29 and a loss by "
          "line 41 or 53",
      .explanation = "Line 29: whoever first builds an unbroken row of five wins. Line 41: moves that lead to an overline are forbidden "
          "to Black, are fouls and end the game with Black's loss. Neither sentence makes an exception for the other. On the "
          "witness, Black's h8 completes f8-j8 (five) and h4-h9 (six): read for the five, Black wins; read for the foul, "
          "Black loses. Line 53 forbids every 3x3 and 4x4 with no exception for a five either: Black's h8 on the second witness "
          "(case renju.move.five-and-double-four) completes f8-j8 and makes two fours, h5-h8 and e5-h8, so read for the foul it "
          "loses too. The text's intent (lines 40 and 43: a five is 'mate', an open four cannot be stopped) is the first.",
      .clauses = {"rif-renju.result.five-with-foul", "rif-renju.result.five-wins", "rif-renju.overline.black-foul",
          "rif-renju.foul.black-double-four", "rif-renju.foul.consequence"},
      .rulesets = {"rif-renju", "rif-renju-literal-foul"},
      .witness = Value::map(),
  };
  f.witness.set("black", black);
  f.witness.set("white", white);
  f.witness.set("move", Value::string("h8"));
  Value outcome = Value::map();
  outcome.set("five-wins", Value::string("black-wins"));
  outcome.set("foul-loses", Value::string("black-loses"));
  f.witness.set("outcome", outcome);
  f.case_id = "renju.move.five-and-overline";
  out.findings.push_back(f);
}

// Where the foul readings part: for each comparison ruleset, the fewest stones (then the first
// seed) of a random position whose foul map differs from the default's. A seeded, bounded search:
// stone counts rise from 3, 400 positions each, in regions of 6x6 to 9x9.
void reading_boards(const Spec& spec, AnalysisOutcome& out) {
  if (!spec.has_ruleset("rif-renju")) return not_applicable(out, "needs rif-renju");
  const auto base = renju_foul_rules(spec, spec.ruleset("rif-renju"));
  const std::vector<std::pair<const char*, const char*>> variants = {
      {"rif-renju-structural-threes", "shape-only threes"},
      {"rif-renju-distinct-lines", "threats per line"},
      {"rif-renju-five-point-three", "five-point threes"}};
  for (const auto& [id, label] : variants) {
    if (!spec.has_ruleset(id)) continue;
    const auto other = renju_foul_rules(spec, spec.ruleset(id));
    std::string hit;
    for (int stones = 3; stones <= 60 && hit.empty(); ++stones)
      for (std::uint64_t seed = 1; seed <= 400 && hit.empty(); ++seed) {
        renju::PositionShape shape{6 + static_cast<int>(seed % 4), stones};
        renju::Board b = renju::random_position(15, shape, seed * 7919 + static_cast<std::uint64_t>(stones));
        const auto a = renju::foul_map(b, base), c = renju::foul_map(b, other);
        std::vector<std::string> diff;
        for (int p = 0; p < b.points(); ++p) {
          auto kind = [&](const std::vector<renju::FoulPoint>& m) {
            for (const auto& f : m)
              if (f.point == p) return std::string(renju::foul_name(f.kind));
            return std::string("none");
          };
          if (kind(a) != kind(c)) diff.push_back(renju::point_name(p, 15) + " " + kind(a) + "/" + kind(c));
        }
        if (diff.empty()) continue;
        std::string black, white;
        for (int p = 0; p < b.points(); ++p)
          if (b.at(p) != renju::Colour::Empty)
            (b.at(p) == renju::Colour::Black ? black : white) += renju::point_name(p, 15) + " ";
        hit = std::string(label) + " (" + id + "): " + std::to_string(stones) + " stones, black " + black + "white " + white +
              "differ at " + diff.front();
      }
    out.detail += (out.detail.empty() ? "" : "; ") + (hit.empty() ? std::string(label) + ": no difference found" : hit);
  }
}

// The claims lines 43, 47 and 48 make about single lines, checked on every Black line pattern of
// eleven cells around a stone on h8 (3^10 patterns; the cells beyond are White): an open four, read
// as four stones with two completions, is solid; an open three is solid; a pseudo-three needs two
// moves in a row to make a five; no single reply stops an open four; and some rows of three and of four can never make a five.
void line_claims(const Spec& spec, AnalysisOutcome& out) {
  if (!spec.has_ruleset("rif-renju")) return not_applicable(out, "needs rif-renju");
  const auto rules = renju_foul_rules(spec, spec.ruleset("rif-renju"));
  const int centre = *renju::parse_point("h8", 15);
  int patterns = 0, open_fours = 0, open_threes = 0, pseudo = 0, dead_threes = 0, dead_fours = 0;
  std::vector<std::string> broken;
  for (int code = 0; code < 59049; ++code) {
    renju::Board b(15);
    for (int c = 0; c < 15; ++c) b.set(b.point(c, 7), renju::Colour::White);
    int rest = code, stones = 1;
    for (int i = -5; i <= 5; ++i) {
      const int p = b.point(7 + i, 7);
      if (i == 0) {
        b.set(p, renju::Colour::Black);
        continue;
      }
      const int v = rest % 3;
      rest /= 3;
      b.set(p, v == 0 ? renju::Colour::Empty : v == 1 ? renju::Colour::Black : renju::Colour::White);
      stones += v == 1;
    }
    ++patterns;
    const auto line = renju::line_shapes(b, centre, renju::Colour::Black, rules)[0];
    auto text = [&] {
      std::string t;
      for (int i = -5; i <= 5; ++i) t += static_cast<char>(b.at(b.point(7 + i, 7)));
      return t;
    };
    // The points that complete a five with the centre stone, each with the row it makes.
    std::vector<int> completions;
    for (int i = -4; i <= 4; ++i) {
      const int q = b.point(7 + i, 7);
      if (b.at(q) != renju::Colour::Empty) continue;
      b.set(q, renju::Colour::Black);
      if (renju::row_through(b, q, renju::Colour::Black, 0) == 5 && renju::row_through(b, centre, renju::Colour::Black, 0) == 5)
        completions.push_back(i);
      b.set(q, renju::Colour::Empty);
    }
    // Line 42-43 read as a definition: an open four is four stones that two different moves
    // complete to a five. Group the completions by the four stones they complete.
    std::map<unsigned, int> completions_of;
    for (int i : completions) {
      b.set(b.point(7 + i, 7), renju::Colour::Black);
      unsigned four = 0;
      for (int j = -5; j <= 5; ++j)
        if (j != i && b.at(b.point(7 + j, 7)) == renju::Colour::Black) {
          const int lo = std::min(i, j), hi = std::max(i, j);
          bool joined = true;
          for (int m = lo; m <= hi; ++m) joined = joined && b.at(b.point(7 + m, 7)) == renju::Colour::Black;
          if (joined) four |= 1u << (j + 5);
        }
      b.set(b.point(7 + i, 7), renju::Colour::Empty);
      ++completions_of[four];
    }
    for (const auto& [four, ways] : completions_of) {
      if (ways < 2) continue;
      ++open_fours;
      const unsigned solid = four >> __builtin_ctz(four);
      if (solid != 0xF || line.shape != renju::Shape::OpenFour) broken.push_back("open four " + text());
      // Line 43: no reply stops it; after any White stone on the line a completion is left.
      for (int r = -5; r <= 5; ++r) {
        const int q = b.point(7 + r, 7);
        if (b.at(q) != renju::Colour::Empty) continue;
        b.set(q, renju::Colour::White);
        bool left = false;
        for (int i : completions) left = left || b.at(b.point(7 + i, 7)) == renju::Colour::Empty;
        b.set(q, renju::Colour::Empty);
        if (!left) broken.push_back("open four stopped " + text());
      }
    }
    if (line.shape == renju::Shape::OpenThree) {
      ++open_threes;
      if (renju::row_through(b, centre, renju::Colour::Black, 0) != 3) broken.push_back("open three " + text());
    }
    if (line.shape == renju::Shape::PseudoThree) {
      ++pseudo;
      // One move gives no five; two moves in a row do.
      bool two = false;
      for (int i = -4; i <= 4 && !two; ++i) {
        const int q = b.point(7 + i, 7);
        if (b.at(q) != renju::Colour::Empty) continue;
        b.set(q, renju::Colour::Black);
        for (int j = -4; j <= 4 && !two; ++j) {
          const int r = b.point(7 + j, 7);
          if (b.at(r) != renju::Colour::Empty) continue;
          b.set(r, renju::Colour::Black);
          two = renju::row_through(b, centre, renju::Colour::Black, 0) == 5;
          b.set(r, renju::Colour::Empty);
        }
        b.set(q, renju::Colour::Empty);
      }
      if (!completions.empty() || !two) broken.push_back("pseudo-three " + text());
    }
    const int run = renju::row_through(b, centre, renju::Colour::Black, 0);
    if (line.shape == renju::Shape::None && completions.empty() && stones == 3 && run == 3) ++dead_threes;
    if (line.shape == renju::Shape::None && completions.empty() && stones == 4 && run == 4) ++dead_fours;
  }
  if (dead_threes == 0 || dead_fours == 0) broken.push_back("no dead row of three or of four");
  out.detail = std::to_string(patterns) + " line patterns: " + std::to_string(open_fours) + " open fours, all solid and none stopped by one reply; " +
               std::to_string(open_threes) + " open threes, all solid; " + std::to_string(pseudo) +
               " pseudo-threes, each a five in two moves and never in one; dead rows of three: " + std::to_string(dead_threes) +
               ", of four: " + std::to_string(dead_fours);
  if (!broken.empty()) {
    out.ok = false;
    out.detail = std::to_string(broken.size()) + " line patterns break a claim of lines 43-48, first " + broken.front();
  }
}

// Line 63's principle read as a test: a move is a pseudo-foul when White can parry its threats one
// after another, a foul when he cannot. With two threes, Black makes an open four from whichever
// three survives White's first reply, so White parries only if one reply leaves no real three
// through the move. Compared with the structural definition on every 3x3 point and every
// shape-only 3x3 point (a pseudo-foul) of seeded random positions, White's replies taken within
// five points of the move.
int real_threes(renju::Board& b, int p, const renju::FoulRules& rules) {
  int n = 0;
  for (const auto& l : renju::line_shapes(b, p, renju::Colour::Black, rules))
    n += l.shape == renju::Shape::Three || l.shape == renju::Shape::OpenThree;
  return n;
}

// Whether one White reply leaves the Black stone on p (already placed) without a real three; the
// reply, or -1. Replies are taken within five points of p.
int single_parry(renju::Board& b, int p, const renju::FoulRules& rules) {
  const int c0 = p % b.size(), r0 = p / b.size();
  for (int dr = -5; dr <= 5; ++dr)
    for (int dc = -5; dc <= 5; ++dc) {
      if (!b.on_board(c0 + dc, r0 + dr) || b.at(b.point(c0 + dc, r0 + dr)) != renju::Colour::Empty) continue;
      const int r = b.point(c0 + dc, r0 + dr);
      b.set(r, renju::Colour::White);
      const bool parried = real_threes(b, p, rules) == 0;
      b.set(r, renju::Colour::Empty);
      if (parried) return r;
    }
  return -1;
}

// The smallest board found where they part (seeded search, then stones removed one by one while
// the disagreement stays): m11 is a 3x3, and White's m10 both blocks the vertical three and, by
// reviving Black's j9-l9 three, makes the diagonal's four point k9 a 3x3.
constexpr const char* kPrincipleBlack[] = {"j8", "j9", "k7", "k8", "l9", "l10", "m12", "m13"};
constexpr const char* kPrincipleWhite[] = {"h9"};

void pseudo_foul_principle(const Spec& spec, AnalysisOutcome& out) {
  if (!spec.has_ruleset("rif-renju")) return not_applicable(out, "needs rif-renju");
  const auto rules = renju_foul_rules(spec, spec.ruleset("rif-renju"));
  auto shape_only = rules;
  shape_only.recursive_threes = false;
  // The sample: every 3x3 point and every shape-only 3x3 (a pseudo-foul) of seeded positions.
  int agree = 0, disagree = 0;
  common::XorShift64 rng{20261125};
  for (int i = 0; i < 300; ++i) {
    renju::PositionShape shape{7 + static_cast<int>(rng.below(9)), 10 + static_cast<int>(rng.below(50))};
    renju::Board b = renju::random_position(15, shape, rng.next());
    for (int p = 0; p < b.points(); ++p) {
      if (b.at(p) != renju::Colour::Empty) continue;
      const renju::Foul f = renju::foul_fast(b, p, rules);
      if (f != renju::Foul::DoubleThree && !(f == renju::Foul::None && renju::foul_fast(b, p, shape_only) == renju::Foul::DoubleThree))
        continue;
      b.set(p, renju::Colour::Black);
      const bool parried = single_parry(b, p, rules) >= 0;
      b.set(p, renju::Colour::Empty);
      (parried == (f == renju::Foul::DoubleThree) ? disagree : agree) += 1;
    }
  }
  out.detail = "random sample (300 seeded positions): principle and definition agree on " + std::to_string(agree) +
               " fork points, part on " + std::to_string(disagree);
  auto [b, black, white] = witness_board(kPrincipleBlack, kPrincipleWhite);
  const int move = *renju::parse_point("m11", 15);
  if (renju::foul_by_definition(b, move, rules) != renju::Foul::DoubleThree) return;
  b.set(move, renju::Colour::Black);
  const int reply = single_parry(b, move, rules);
  b.set(move, renju::Colour::Empty);
  if (reply < 0) return;
  out.detail += "; on the witness m11 is a 3x3 and White's " + renju::point_name(reply, 15) + " parries both its threes";
  Finding f{
      .id = "F-rif-renju-pseudo-foul-principle",
      .kind = "conflict",
      .summary = "Line 63's principle calls a move a pseudo-foul when White can parry all its threats; a true 3x3 can be parried by one reply",
      .explanation = "Line 63 gives the principle that tells fouls from pseudo-fouls: in a pseudo-foul White can parry all its threats one after "
          "another. On the witness Black's m11 makes two real threes, m11-m13 (open) and j8 . l10 m11 (four point k9, legal), so by the "
          "definitions (lines 46, 53, 55) it is a 3x3 foul. Yet White's single reply " + renju::point_name(reply, 15) +
          " parries both: it closes the vertical three, and by taking away the four that made m9 a 4x4 it revives Black's "
          "three j9 k9 l9, so that k9 becomes a 3x3 and the diagonal only a pseudo-three. By the principle m11 is a pseudo-foul. "
          "The mechanism is the article's own revival of a three (line 62), working for White.",
      .clauses = {"rif-renju.foul.pseudo-foul-principle", "rif-renju.foul.black-double-three", "rif-renju.three.definition",
          "rif-renju.three.fig6c-foul-completion"},
      .rulesets = {"rif-renju"},
      .witness = Value::map(),
  };
  f.witness.set("black", black);
  f.witness.set("white", white);
  f.witness.set("move", Value::string("m11"));
  f.witness.set("parry", Value::string(renju::point_name(reply, 15)));
  f.case_id = "renju.principle.three-three-one-parry";
  out.findings.push_back(f);
}

}  // namespace

void register_renju_analyses(std::vector<AnalysisInfo>& out) {
  out.push_back({"renju.opening-own-colour", "the old RIF opening against the move rule",
                 {"rif-renju.move.own-colour", "rif-renju.opening.rif-old.first-three"}, opening_own_colour});
  out.push_back({"renju.multi-fork", "the multi-fork ban against the 3x3 and 4x4 bans",
                 {"rif-renju.foul.black-multi-fork", "rif-renju.foul.black-double-three", "rif-renju.foul.black-double-four"},
                 multi_fork_redundant});
  out.push_back({"renju.five-with-overline", "a five and an overline made by one Black stone",
                 {"rif-renju.result.five-with-foul", "rif-renju.overline.black-foul"}, five_with_overline});
  out.push_back({"renju.line-claims", "the text's claims about single lines (lines 43, 47, 48) on every line pattern",
                 {"rif-renju.four.open-only-solid", "rif-renju.four.open-unstoppable", "rif-renju.three.open-only-solid", "rif-renju.three.pseudo-needs-two-moves",
                  "rif-renju.three.dead-structures"},
                 line_claims});
  out.push_back({"renju.pseudo-foul-principle", "line 63's principle (White can parry a pseudo-foul's threats) against the definition",
                 {"rif-renju.foul.pseudo-foul-principle", "rif-renju.foul.pseudo-foul-definition"}, pseudo_foul_principle});
  out.push_back({"renju.reading-boards", "the smallest random boards on which the foul readings part",
                 {"rif-renju.three.definition", "rif-renju.foul.fork-definition", "rif-renju.three.five-point"}, reading_boards});
  out.push_back({"renju.foul-consequence", "the readings of what a foul does", {"rif-renju.foul.consequence"}, foul_consequence});
  out.push_back({"renju.sixth-stone", "the pass rule under the old RIF opening",
                 {"rif-renju.pass.not-before-sixth-stone", "rif-renju.opening.rif-old.two-fifth-proposals"}, sixth_stone});
}

}  // namespace rulespec
