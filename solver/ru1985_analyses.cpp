// Z3 analyses of the 1985 Codex's arithmetic: stone counts, the conditional half point, the
// 300-move requirement of time-control system I, the tie-break "equivalence", and the Swiss
// round brackets; plus the divergence of the two Go codices on the final score.
#include <cmath>
#include <functional>
#include <optional>

#include "queries/decision_tables.hpp"
#include "queries/go_answers.hpp"
#include "queries/query.hpp"
#include "model/go/administration.hpp"
#include "model/go/territory.hpp"
#include "model/tournament/levels.hpp"
#include "model/tournament/pairing.hpp"
#include "model/tournament/swiss.hpp"
#include "model/tournament/teams.hpp"
#include "model/tournament/tiebreak.hpp"
#include "solver/finding.hpp"
#include "solver/harness.hpp"
#include "solver/statement_figures.hpp"

namespace rulespec {
namespace {

void stone_counts(const Spec& spec, AnalysisOutcome& out) {
  // Art. 2 §2: one stone per point; Art. 2 §4 gives each small board's split. The figures are read
  // from the statements as they stand (amended or not), so a corrected figure is checked too.
  struct Printed {
    int size, black, white;
  };
  std::vector<Printed> printed;
  std::vector<int> unreadable;
  const Clause* standard = spec.clause("ru-go-1985.art2.p2");
  const Clause* small = spec.clause("ru-go-1985.art2.p4.stone-counts");
  if (standard) {
    std::vector<int> figures;
    for (int n : integers_in(standard->statement))
      if (n != 361) figures.push_back(n);
    if (figures.size() >= 2) printed.push_back({19, figures[0], figures[1]});
    else unreadable.push_back(19);
  }
  if (small)
    for (int size : board_sizes_in(small->statement)) {
      if (size == 19) continue;
      if (const auto split = stone_split_in(small->statement, size)) printed.push_back({size, split->first, split->second});
      else unreadable.push_back(size);
    }
  if (printed.empty()) {
    out.applicable = false;
    out.detail = "the statements of Art. 2 give no stone set the check can read";
    return;
  }
  std::string sets;
  for (const auto& p : printed) {
    sets += (sets.empty() ? "" : ", ") + std::to_string(p.size) + "x" + std::to_string(p.size) + " " + std::to_string(p.black) + " + " +
            std::to_string(p.white);
    ClauseModel m;
    auto b = m.int_var("black"), w = m.int_var("white");
    m.clause("ru-go-1985.art2.p2", b + w == p.size * p.size);
    m.clause("ru-go-1985.art2.p4.stone-counts", b == p.black && w == p.white);
    if (m.check() == z3::sat) continue;
    const auto expected = go::codex1985_stone_set(p.size);
    if (expected.black + expected.white != p.size * p.size) throw std::runtime_error("reference model does not confirm");
    Finding f{
        .id = "F-ru-go-1985-" + std::to_string(p.size) + "x" + std::to_string(p.size) + "-stone-count",
        .kind = "numeric",
        .summary = "The " + std::to_string(p.size) + "x" + std::to_string(p.size) + " stone set is printed as " +
            std::to_string(p.black) + " + " + std::to_string(p.white) + " = " + std::to_string(p.black + p.white) +
            ", not " + std::to_string(p.size * p.size),
        .explanation = "Art. 2 gives one stone per point, Black holding the odd one (181 + 180 = 361, 41 + 40 = 81). For " +
            std::to_string(p.size) + "x" + std::to_string(p.size) + " the text prints " + std::to_string(p.black) +
            " and " + std::to_string(p.white) + ", which add up to " + std::to_string(p.black + p.white) +
            "; the pattern of the other sizes gives " + std::to_string(expected.black) + " and " +
            std::to_string(expected.white) + " (a misprint of " + std::to_string(expected.white) + ").",
        .clauses = m.minimal_core(),
        .rulesets = {"ru-go-1985"},
        .witness = Value::map(),
    };
    f.corrections = m.minimum_corrections();
    f.correction_problem = m.correction_problem();
    f.witness.set("size", Value::integer(p.size));
    f.witness.set("printed_black", Value::integer(p.black));
    f.witness.set("printed_white", Value::integer(p.white));
    f.witness.set("points", Value::integer(p.size * p.size));
    f.case_id = "ru1985.stones.13x13-as-printed";
    out.findings.push_back(f);
  }
  std::string unread;
  for (int size : unreadable) unread += (unread.empty() ? "" : ", ") + std::to_string(size) + "x" + std::to_string(size);
  out.detail = (out.findings.empty() ? "every set the text gives adds up (" : "a set the text gives does not add up (") + sets + ")" +
               (unread.empty() ? "" : "; no split read for " + unread);
}

// The half point: komi 5.5 or five prisoners plus a tie-breaker? Margins differ by 0.5 except on a tie.
void conditional_half_point(const Spec& spec, AnalysisOutcome& out) {
  if (!readings_both_natural(spec, "ru-go-1985.art12.p3", "conditional-half-point", "arithmetic-komi", out)) return;
  const double komi = spec.ruleset("ru-go-1985").number_param("komi");
  ClauseModel m;
  auto sb = m.int_var("black_total"), sw = m.int_var("white_total_before_komi");
  m.assume(sb >= 0 && sw >= 0 && sb <= 400 && sw <= 400);
  // Black wins by a whole number under the conditional reading: Sb > Sw + 5.
  const int whole = static_cast<int>(komi);
  auto w = m.model({sb > sw + whole});
  const int b = ClauseModel::value(*w, sb), wt = ClauseModel::value(*w, sw);
  const auto conditional = go::codex1985_score(b, 0, wt, 0, komi, true);
  const auto arithmetic = go::codex1985_score(b, 0, wt, 0, komi, false);
  if (conditional.margin == arithmetic.margin) throw std::runtime_error("readings agree on the witness");
  Finding f{
      .id = "F-ru-go-1985-conditional-half-point",
      .kind = "ambiguity",
      .summary = "Komi is called 5.5 points, but the half point counts only on a tie: recorded margins differ by 0.5",
      .explanation = "Art. 7 §2 hands White 5.5 points: five as prisoners and half a point 'conditionally'; Art. 12 §3 adds the half "
          "point only when the totals are equal. Read so, every decided game has a whole-number margin (Black by " +
          Value::number(conditional.margin).dump() + " on the witness), while komi-5.5 arithmetic gives Black by " +
          Value::number(arithmetic.margin).dump() +
          ". The winner never changes; the recorded margin (Art. 13 §2 note) does, and tie-breaks or "
          "statistics that use margins inherit the difference.",
      .clauses = {"ru-go-1985.art12.p3", "ru-go-1985.art7.p2", "ru-go-1985.art13.p2.note"},
      .rulesets = {"ru-go-1985"},
      .witness = Value::map(),
  };
  f.witness.set("black_total", Value::integer(b));
  f.witness.set("white_total_before_komi", Value::integer(wt));
  f.witness.set("conditional_margin", Value::number(conditional.margin));
  f.witness.set("arithmetic_margin", Value::number(arithmetic.margin));
  f.case_id = "ru1985.komi.black-by-one";
  out.findings.push_back(f);
  out.detail = "readings give different margins";
}

// System I: rates and control hours against "at least 300 moves after two controls".
void three_hundred_moves(const Spec& spec, AnalysisOutcome& out) {
  if (!readings_both_natural(spec, "ru-go-1985.art17.p6.note2", "game-total", "per-player", out)) return;
  ClauseModel m;
  auto rate = m.int_var("rate"), t1 = m.int_var("first_hours"), t2 = m.int_var("second_hours");
  // Halves of an hour as the unit, so 1-2 hours is 2..4 halves; T1 in {3,4,5} hours.
  m.clause("ru-go-1985.art17.p6.note1", rate == 80 || rate == 60 || rate == 50 || rate == 40 || rate == 30);
  m.clause("ru-go-1985.art17.p6.note2", (t1 == 6 || t1 == 8 || t1 == 10) && t2 >= 2 && t2 <= 4);
  auto per_player_moves = rate * (t1 + t2);  // in half-hours: moves * 2
  std::vector<int> never;
  for (int r : {80, 60, 50, 40, 30})
    if (m.check({rate == r, per_player_moves >= 600}) == z3::unsat) never.push_back(r);
  const bool game_total_ok = m.check({per_player_moves < 300}) == z3::sat;  // some plan fails even game-total
  if (never.empty()) {
    out.detail = "every rate can reach 300 moves per player";
    return;
  }
  go::ControlPlan best{never.front(), 5, 2};
  Finding f{
      .id = "F-ru-go-1985-300-moves",
      .kind = "ambiguity",
      .clauses = {"ru-go-1985.art17.p6.note2", "ru-go-1985.art17.p6.note1"},
      .rulesets = {"ru-go-1985"},
  };
  std::string rates;
  for (int r : never) rates += (rates.empty() ? "" : " and ") + std::to_string(r);
  f.summary = "If '300 moves' is per player, the listed rates " + rates + " can never meet it";
  f.explanation =
      "Note 2 to Art. 17 §6 sets the controls so that at least 300 moves can be made after two controls; note 1 lists "
      "rates of 80, 60, 50, 40 and 30 moves per player per hour, the first control after 3-5 hours and the next 1-2 "
      "hours later. Read per player, rates " + rates + " fall short even with the longest plan (" +
      std::to_string(best.rate) + " x 7 h = " + std::to_string(best.moves_per_player()) +
      " moves each). Read as moves in the game (both players), every rate works with a suitable plan" +
      (game_total_ok ? ", though short plans at 30 moves per hour still fail (3 + 1 h gives 240)" : "") + ".";
  f.witness = Value::map();
  f.witness.set("rate", Value::integer(best.rate));
  f.witness.set("hours", Value::integer(7));
  f.witness.set("moves_per_player", Value::integer(best.moves_per_player()));
  f.case_id = "ru1985.time.rate-30-three-plus-two";
  out.findings.push_back(f);
  out.detail = "per-player reading infeasible for rates " + rates;
}

// "W, or (equivalently) W - L": search Scheveningen 2+2 result tables for a disagreement.
void tie_break_equivalence(const Spec& spec, AnalysisOutcome& out) {
  // The claim is the text's (note 1 b) as it stands, amended or not): without it nothing is claimed.
  const Clause* claim = spec.clause("ru-go-1985.ch2.art2.note1.b");
  if (claim && !asserts_equivalence(claim->statement)) {
    out.detail = "note 1 b) does not call W and W - L equivalent: no equivalence to refute";
    return;
  }
  // Groups {0,1} and {2,3}; four games, 16 outcomes. Z3 over the outcomes, model checks the keys.
  for (int mask = 0; mask < 16; ++mask) {
    tournament::ResultTable t(4, std::vector<int>(4, -1));
    int bit = 0;
    for (int a : {0, 1})
      for (int b : {2, 3}) {
        const int a_wins = (mask >> bit++) & 1;
        t[static_cast<size_t>(a)][static_cast<size_t>(b)] = a_wins;
        t[static_cast<size_t>(b)][static_cast<size_t>(a)] = 1 - a_wins;
      }
    const auto s = tournament::scores(t);
    for (int p = 0; p < 4; ++p)
      for (int q = p + 1; q < 4; ++q)
        if (s[static_cast<size_t>(p)] == s[static_cast<size_t>(q)] &&
            tournament::compare_by_w(t, p, q) != tournament::compare_by_w_minus_l(t, p, q)) {
          Finding f{
              .id = "F-ru-go-1985-tie-break-not-equivalent",
              .kind = "numeric",
              .summary = "The coefficient W and W - L, called equivalent, rank tied players differently",
              .clauses = {"ru-go-1985.ch2.art2.note1.b", "ru-go-1985.ch2.art10.text"},
              .rulesets = {"ru-go-1985"},
          };
          const int by_w = tournament::compare_by_w(t, p, q), by_wl = tournament::compare_by_w_minus_l(t, p, q);
          auto says = [](int cmp) {
            return std::string(cmp < 0 ? "puts the first ahead" : cmp > 0 ? "puts the second ahead" : "does not separate them");
          };
          f.explanation =
              "Chapter II art. 2 note 1 b) lets the regulations compare either W (the sum of the final scores of the "
              "opponents a player beat) or, 'equivalently', W minus L (the same sum over the opponents he lost to). "
              "They agree only when W + L is the same for the tied players, as in a complete decisive round robin. In a "
              "Scheveningen tournament (allowed for this tie-break) it is not: in the witness table two players on " +
              std::to_string(s[static_cast<size_t>(p)]) + " point(s) are tied; W " + says(by_w) + ", W - L " + says(by_wl) + ".";
          Value rows = Value::list();
          for (const auto& row : t) {
            std::string r;
            for (int x : row) r += x < 0 ? '.' : static_cast<char>('0' + x);
            rows.push(Value::string(r));
          }
          f.witness = Value::map();
          f.witness.set("results", rows);
          f.witness.set("a", Value::integer(p + 1));
          f.witness.set("b", Value::integer(q + 1));
          f.case_id = "ru1985.tie-break.scheveningen-counterexample";
          // The smallest correction: the option keeps W, the key the note names first, and no longer
          // claims that W - L is the same.
          f.restatements.push_back({"ru-go-1985.ch2.art2.note1.b",
                                    "Tie-break option b), coefficient system: compare W(p) = sum of the final scores of the opponents p "
                                    "beat, the larger sum placing higher. Comparing W(p) - L(p) instead (L(p) = sum of the final scores "
                                    "of the opponents p lost to) orders tied players differently when their W(p) + L(p) differ, as in "
                                    "a Scheveningen tournament, and is not this option.",
                                    "W alone, the claim that W - L orders the same withdrawn"});
          out.findings.push_back(f);
          out.detail = "counterexample in a Scheveningen 2+2";
          return;
        }
  }
  out.detail = "W and W - L agree on every Scheveningen 2+2";
}

void swiss_brackets(const Spec&, AnalysisOutcome& out) {
  ClauseModel m;
  auto n = m.int_var("players");
  m.assume(n >= 2 && n <= 200);
  auto small = n >= 13 && n <= 30, middle = n >= 30 && n <= 50;
  m.clause("ru-go-1985.ch2.art12.text", z3::implies(small, m.bool_var("six_to_nine")) &&
                                            z3::implies(middle, m.bool_var("nine_to_twelve")));
  const auto overlap = m.enumerate({n}, 3, {small && middle});
  const auto uncovered = m.enumerate({n}, 1, {n < 13});
  if (overlap.empty()) {
    out.detail = "brackets disjoint";
    return;
  }
  // The brackets meet at one field size, where the two ranges share 9 rounds: a boundary in a
  // guideline ('as a rule'), which 9 rounds satisfies either way (see the withdrawn
  // F-ru-go-1985-swiss-brackets).
  const int at = overlap.front().front();
  const auto brackets = tournament::swiss_round_brackets(at);
  if (brackets.size() != 2) throw std::runtime_error("model does not confirm the overlap");
  const int shared_low = std::max(brackets[0].lo, brackets[1].lo), shared_high = std::min(brackets[0].hi, brackets[1].hi);
  if (shared_low > shared_high) throw std::runtime_error("the overlapping brackets share no number of rounds");
  out.detail = "the brackets meet at " + std::to_string(at) + " participants, where " + std::to_string(shared_low) +
               (shared_low == shared_high ? "" : "-" + std::to_string(shared_high)) + " rounds satisfy both";
}

// "The mean rank, rounded to a whole": truncation and rounding disagree whenever the mean has a
// fractional part of at least one half.
void collective_rank_rounding(const Spec& spec, AnalysisOutcome& out) {
  if (!readings_both_natural(spec, "ru-go-1985.ch2.art6.p8", "integer-part", "nearest", out)) return;
  ClauseModel m;
  auto a = m.int_var("rank_a"), b = m.int_var("rank_b");
  m.assume(a >= 1 && a <= 10 && b >= 1 && b <= 10 && a <= b);
  // Mean of two members with a half: truncation gives a, rounding gives a + 1.
  auto w = m.model({b - a == 1});
  const std::vector<int> ranks = {ClauseModel::value(*w, a), ClauseModel::value(*w, b)};
  const int truncated = go::codex1985::collective_rank(ranks, false), nearest = go::codex1985::collective_rank(ranks, true);
  if (truncated == nearest) throw std::runtime_error("readings agree on the witness");
  Finding f{
      .id = "F-ru-go-1985-collective-rank-rounding",
      .kind = "ambiguity",
      .summary = "A collective's rank is its members' mean 'rounded to a whole': truncated or rounded?",
      .explanation = "For handicap games a collective plays at the mean rank of its members, rounded to a whole number. "
          "A pair of ranks " + std::to_string(ranks[0]) + " and " + std::to_string(ranks[1]) + " has the mean " +
          Value::number((ranks[0] + ranks[1]) / 2.0).dump() + ": truncation gives " + std::to_string(truncated) +
          ", rounding to the nearest gives " + std::to_string(nearest) +
          ", and the handicap follows from the rank. Pair go (chapter II art. 6 §3) meets this in every "
          "pair of adjacent ranks.",
      .clauses = {"ru-go-1985.ch2.art6.p8"},
      .rulesets = {"ru-go-1985"},
      .witness = Value::map(),
  };
  Value list = Value::list();
  for (int r : ranks) list.push(Value::integer(r));
  f.witness.set("ranks", list);
  f.witness.set("integer-part", Value::integer(truncated));
  f.witness.set("nearest", Value::integer(nearest));
  f.case_id = "ru1985.collective.rank";
  out.findings.push_back(f);
  out.detail = "readings disagree";
}

// System II byo-yomi: clause a) against clause b) when main time was banked.
void byoyomi_expiry(const Spec& spec, AnalysisOutcome& out) {
  if (!spec.clause("ru-go-1985.art17.p7.a") || !spec.clause("ru-go-1985.art17.p7.b")) {
    out.detail = "clauses absent";
    return;
  }
  // Whether a) as it stands (amended or not) excepts the expiry with main time banked.
  const std::string& a_statement = spec.clause("ru-go-1985.art17.p7.a")->statement;
  const bool a_excepts_bank = (a_statement.find("unless") != std::string::npos || a_statement.find("except") != std::string::npos) &&
                              (a_statement.find("banked") != std::string::npos || a_statement.find("control clock") != std::string::npos);
  ClauseModel m;
  auto banked = m.int_var("banked_seconds"), expired = m.bool_var("period_expired"), turn_passes = m.bool_var("turn_passes");
  m.assume(banked >= 0 && banked <= 15 * 60);
  m.clause("ru-go-1985.art17.p7.a", z3::implies(a_excepts_bank ? expired && banked == 0 : expired, turn_passes));
  m.clause("ru-go-1985.art17.p7.b", z3::implies(expired && banked > 0, !turn_passes));
  if (m.check({expired, banked > 0}) != z3::unsat) {
    out.detail = a_excepts_bank ? "consistent: a) excepts the expiry with main time banked, which b) rules" : "consistent";
    return;
  }
  ClauseModel situation;
  auto b = situation.int_var("banked_seconds");
  situation.assume(b > 0 && b <= 15 * 60);
  const long witness = ClauseModel::value(*situation.model({b == 5 * 60}), b);
  namespace c85 = go::codex1985;
  if (c85::expiry_under_a(witness) == c85::expiry_under_b(witness)) throw std::runtime_error("model does not confirm");
  Finding f{
      .id = "F-ru-go-1985-byoyomi-expiry",
      .kind = "conflict",
      .summary = "When a byo-yomi period runs out with main time banked, clause a) passes the turn and clause b) lets the player think on",
      .explanation = "Art. 17 §7 a): if the move is not made within the byo-yomi period, the turn passes to the partner. §7 b): when "
          "byo-yomi starts before the main time is over, the rest of the main time goes onto the control clock and is used "
          "'for thinking about a move after the byo-yomi has run out'; the control flag's fall loses. With " +
          std::to_string(witness / 60) + " minutes banked, a) as worded takes the turn away while b) lets the player keep "
          "it. b) is the provision for exactly this event and a careful reader applies it, but a) states no exception.",
      .clauses = m.minimal_core({expired, banked > 0}),
      .rulesets = {"ru-go-1985", "ru-go-1985-egf"},
      .witness = Value::map(),
  };
  f.corrections = m.minimum_corrections({expired, banked > 0});
  f.correction_problem = m.correction_problem({expired, banked > 0});
  f.witness.set("banked_seconds", Value::integer(witness));
  f.witness.set("a", Value::string(c85::to_string(c85::expiry_under_a(witness))));
  f.witness.set("b", Value::string(c85::to_string(c85::expiry_under_b(witness))));
  f.case_id = "ru1985.byoyomi.expiry-with-bank";
  // The provision for the event is b)'s: a) stating the exception leaves each its own case.
  f.restatements.push_back({"ru-go-1985.art17.p7.a",
                            "System II: once a partner's main time is over, he gets a fixed extra time (byo-yomi) for his current and each "
                            "following move; if he has not moved before it runs out, the turn passes to the partner (the move is lost, not "
                            "the game), unless main time he banked remains on the control clock (b), which he then uses to think on.",
                            "the exception b) makes written into a) ('unless main time he banked remains on the control clock')"});
  out.findings.push_back(f);
  out.detail = "a) and b) conflict when time is banked";
}

// The extra match is for an undefeated team that is second on board points; Z3 looks for one that
// is third or lower in a round robin of five teams on six boards.
void extra_match_gap(const Spec& spec, AnalysisOutcome& out) {
  if (!spec.clause("ru-go-1985.ch2.art5.p4.extra-match")) {
    out.detail = "clause absent";
    return;
  }
  const int teams = 5, boards = 6;
  ClauseModel m;
  std::vector<std::vector<z3::expr>> pts;  // pts[i][j]: board points of i against j
  for (int i = 0; i < teams; ++i) {
    pts.emplace_back();
    for (int j = 0; j < teams; ++j) pts[i].push_back(m.int_var("p" + std::to_string(i) + "_" + std::to_string(j)));
  }
  std::vector<z3::expr> total;
  for (int i = 0; i < teams; ++i) {
    z3::expr sum = m.num(0);
    for (int j = 0; j < teams; ++j)
      if (i != j) {
        m.assume(pts[i][j] >= 0 && pts[i][j] <= boards && pts[i][j] + pts[j][i] == boards);
        sum = sum + pts[i][j];
      }
    total.push_back(sum);
  }
  // Team 0 wins every match; two teams have more board points than it.
  for (int j = 1; j < teams; ++j) m.assume(2 * pts[0][j] > boards);
  m.clause("ru-go-1985.ch2.art5.p4", total[1] > total[0] && total[2] > total[0]);
  auto w = m.model({pts[3][4] == 0, pts[1][2] == 3});  // the witness case's table, when it qualifies
  if (!w) w = m.model();
  if (!w) {
    out.detail = "an undefeated team is always first or second";
    return;
  }
  tournament::TeamTable table{teams, boards, {}};
  Value matches = Value::list();
  for (int i = 0; i < teams; ++i)
    for (int j = i + 1; j < teams; ++j) {
      const int p = ClauseModel::value(*w, pts[i][j]);
      table.matches.push_back({i, j, p});
      Value row = Value::list();
      row.push(Value::integer(i + 1));
      row.push(Value::integer(j + 1));
      row.push(Value::integer(p));
      matches.push(row);
    }
  const auto s = tournament::team_standing(table);
  if (s.undefeated != 0 || tournament::undefeated_place(s) != tournament::UndefeatedPlace::ThirdOrLower)
    throw std::runtime_error("model does not confirm");
  // The table of first place (ru-go-1985.decisions.team-first-place, which team-standing consults)
  // as the ruleset has it: a row for an undefeated team third or lower, whatever the extra match
  // did, is a rule for it (an amendment's), and then nothing is missing.
  if (const DecisionTable* written = find_decision_table(spec, spec.ruleset("ru-go-1985"), "ru-go-1985.decisions.team-first-place")) {
    const rules::CompiledTable first_place = compile_table(spec, *written, spec.ruleset("ru-go-1985"));
    std::string decided_by;
    bool every = true;
    for (const auto& in : first_place.inputs)
      if (in.name == "extra-match")
        for (const auto& value : in.values) {
          const auto d = rules::decide(first_place, {{"undefeated-team", {"third-or-lower", 0}}, {"extra-match", {value, 0}}});
          if (d.verdict != rules::TableVerdict::Decided) every = false;
          else if (decided_by.empty()) decided_by = d.rows.front()->id + " (" + d.outcome + ")";
        }
    if (every && !decided_by.empty()) {
      out.detail = "undefeated team ranked " + std::to_string(s.rank_by_board_points[0]) + ", decided by the table's row " + decided_by;
      return;
    }
  }
  Finding f{
      .id = "F-ru-go-1985-extra-match",
      .kind = "gap",
      .summary = "A team that wins every match can be third on board points, where the extra-match rule gives it nothing",
      .explanation = "Teams are ranked by board points; a team that won all its matches but is second gets an extra match for first "
          "place. Winning every match narrowly while others win big elsewhere, the undefeated team can be third (witness: "
          "5 teams, 6 boards, the undefeated team ranked " + std::to_string(s.rank_by_board_points[0]) +
          "). The text covers only 'second', so an undefeated team further down gets no extra match, while a second-placed "
          "one would.",
      .clauses = {"ru-go-1985.ch2.art5.p4.extra-match", "ru-go-1985.ch2.art5.p4"},
      .rulesets = {"ru-go-1985"},
      .witness = Value::map(),
  };
  f.witness.set("teams", Value::integer(teams));
  f.witness.set("boards", Value::integer(boards));
  f.witness.set("matches", matches);
  f.case_id = "ru1985.teams.undefeated-third";
  out.findings.push_back(f);
  out.detail = "undefeated team ranked " + std::to_string(s.rank_by_board_points[0]);
}

// Whether some pairing of a round keeps the principles, as a perfect-matching problem for Z3:
// every participant in exactly one allowed pair, or the one bye of an odd field.
// A pairing found by a bounded search needs no proof: the most constrained participant first.
bool pairing_found(int n, const std::vector<std::vector<bool>>& allowed, const std::vector<bool>& may_sit_out) {
  std::vector<bool> used(static_cast<size_t>(n), false);
  long budget = 100'000;
  std::function<bool(bool)> place = [&](bool bye_left) -> bool {
    if (--budget < 0) return false;
    int best = -1, best_options = 1 << 20;
    for (int p = 0; p < n; ++p) {
      if (used[static_cast<size_t>(p)]) continue;
      int options = bye_left && may_sit_out[static_cast<size_t>(p)] ? 1 : 0;
      for (int q = 0; q < n; ++q) options += q != p && !used[static_cast<size_t>(q)] && allowed[static_cast<size_t>(p)][static_cast<size_t>(q)];
      if (options < best_options) best = p, best_options = options;
    }
    if (best < 0) return !bye_left;
    used[static_cast<size_t>(best)] = true;
    for (int q = 0; q < n; ++q) {
      if (q == best || used[static_cast<size_t>(q)] || !allowed[static_cast<size_t>(best)][static_cast<size_t>(q)]) continue;
      used[static_cast<size_t>(q)] = true;
      if (place(bye_left)) return true;
      used[static_cast<size_t>(q)] = false;
    }
    if (bye_left && may_sit_out[static_cast<size_t>(best)] && place(false)) return true;
    used[static_cast<size_t>(best)] = false;
    return false;
  };
  return place(n % 2 == 1);
}

bool round_pairable(int n, const std::function<bool(int, int)>& allowed, const std::function<bool(int)>& may_sit_out,
                    const char* pairs_clause, const char* bye_clause) {
  std::vector<std::vector<bool>> pairs(static_cast<size_t>(n), std::vector<bool>(static_cast<size_t>(n), false));
  std::vector<bool> sits(static_cast<size_t>(n), false);
  for (int a = 0; a < n; ++a) {
    sits[static_cast<size_t>(a)] = may_sit_out(a);
    for (int b = a + 1; b < n; ++b) pairs[static_cast<size_t>(a)][static_cast<size_t>(b)] = pairs[static_cast<size_t>(b)][static_cast<size_t>(a)] = allowed(a, b);
  }
  if (pairing_found(n, pairs, sits)) return true;
  ClauseModel m;
  std::vector<std::vector<z3::expr>> incident(static_cast<size_t>(n));
  for (int a = 0; a < n; ++a)
    for (int b = a + 1; b < n; ++b) {
      if (!pairs[static_cast<size_t>(a)][static_cast<size_t>(b)]) continue;
      auto x = m.bool_var("pair_" + std::to_string(a) + "_" + std::to_string(b));
      incident[static_cast<size_t>(a)].push_back(x);
      incident[static_cast<size_t>(b)].push_back(x);
    }
  z3::expr bye_count = m.num(0);
  for (int p = 0; p < n; ++p)
    if (n % 2 && sits[static_cast<size_t>(p)]) {
      auto y = m.bool_var("bye_" + std::to_string(p));
      incident[static_cast<size_t>(p)].push_back(y);
      bye_count = bye_count + z3::ite(y, m.num(1), m.num(0));
    }
  m.clause(bye_clause, bye_count == n % 2);
  for (int p = 0; p < n; ++p) {
    z3::expr sum = m.num(0);
    for (const auto& x : incident[static_cast<size_t>(p)]) sum = sum + z3::ite(x, m.num(1), m.num(0));
    m.clause(pairs_clause, sum == 1);
  }
  return m.check() != z3::unsat;
}

// Whether a draw article as it stands (amended or not) says which principle yields when none can
// be kept all together: the colour bounds ("... colour bounds ... yield ..."). Then a round is
// valid if it pairs without rematch and with one bye, the colours broken for the fewest pairs.
bool colours_yield_in(const Spec& spec, const char* clause) {
  const Clause* c = spec.clause(clause);
  return c && c->statement.find("yield") != std::string::npos && c->statement.find("colour") != std::string::npos;
}

struct UnpairableRound {
  int players = 0, rounds = 0, round = 0;
  std::uint64_t seed = 0;
};

// Swiss (Art. 12): simulated tournaments, 13 to 30 participants, searched for a round the draw
// could not pair within the principles (no rematch, the bye from the lowest group and never
// twice, the colour bounds), proved unpairable by Z3 even ignoring score groups (which only
// narrow the pairs further). Where d) lets the colours yield, `paired_by_yielding` counts the
// rounds that pair once they do.
std::optional<UnpairableRound> swiss_unpairable_round(bool colours_yield, int& paired_by_yielding) {
  for (int n = 13; n <= 30; ++n)
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      const int rounds = 9;
      const auto run = tournament::simulate_swiss(n, rounds, seed, tournament::ColourBound::FinalTally);
      // The first round the draw broke the bounds in (before it the history keeps every principle).
      for (size_t r = 0; r < run.rounds.size(); ++r) {
        if (!run.rounds[r].colour_rule_breaks) continue;
        tournament::SwissState state = run.state;  // the event's bounds, with the history the case replays
        state.players = run.players_before[r];
        double lowest = 1e9;
        for (const auto& p : state.players)
          if (!p.had_bye) lowest = std::min(lowest, p.score);
        const auto& players = state.players;
        const bool pairable = round_pairable(
            n,
            [&](int a, int b) {
              const auto &pa = players[static_cast<size_t>(a)], &pb = players[static_cast<size_t>(b)];
              if (std::find(pa.opponents.begin(), pa.opponents.end(), b) != pa.opponents.end()) return false;
              return colours_yield || (tournament::colour_allowed(state, pa.colours, 'W') && tournament::colour_allowed(state, pb.colours, 'B')) ||
                     (tournament::colour_allowed(state, pa.colours, 'B') && tournament::colour_allowed(state, pb.colours, 'W'));
            },
            [&](int p) { return !players[static_cast<size_t>(p)].had_bye && players[static_cast<size_t>(p)].score == lowest; },
            "ru-go-1985.ch2.art12.a", "ru-go-1985.ch2.art12.note1");
        if (!pairable) return UnpairableRound{n, rounds, static_cast<int>(r) + 1, seed};
        if (colours_yield) ++paired_by_yielding;
        break;
      }
    }
  return std::nullopt;
}

// The level system (Art. 14) states the same principles: no rematch (a), the colour bounds (g),
// the bye to someone of the lowest level, each time another (note 1), and a draw valid only if it
// breaks none (d). Level tournaments of three initial levels, 30 to 33 participants (the field the
// article is for), are searched the same way; g) is read as generously as it reads ("more than
// two rounds running": a bye breaks the run; the imbalance only where the rounds left can no
// longer restore it), and levels are ignored, so the proof holds under every stricter reading.
std::vector<int> three_initial_levels(int n) {
  std::vector<int> levels(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) levels[static_cast<size_t>(i)] = 3 - 3 * i / n;
  return levels;
}
std::optional<UnpairableRound> level_unpairable_round(const Spec& spec, bool colours_yield, int& paired_by_yielding) {
  const tournament::LevelRules rules = codex1985_level_rules(spec, spec.ruleset("ru-go-1985"));
  for (int n = 30; n <= 33; ++n)
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      const int rounds = 9;
      const auto levels = three_initial_levels(n);
      const auto run = tournament::simulate_levels(levels, rounds, seed, rules);
      // The first round the draw broke the bounds in, as for the Swiss system.
      for (size_t r = 0; r < run.rounds.size(); ++r) {
        if (!run.rounds[r].colour_rule_breaks) continue;
        const auto& players = run.players_before[r];  // the history the case replays
        int lowest = 1 << 20;
        for (const auto& p : players)
          if (!p.had_bye) lowest = std::min(lowest, p.level);
        auto within = [&](const std::string& colours, char next) {
          const std::string after = colours + next;
          const size_t k = after.size();
          if (k >= 3 && after[k - 1] == after[k - 2] && after[k - 2] == after[k - 3]) return false;
          return std::abs(tournament::colour_imbalance(after)) <= (rounds % 2 ? 1 : 2) + (rounds - static_cast<int>(k));
        };
        const bool pairable = round_pairable(
            n,
            [&](int a, int b) {
              const auto &pa = players[static_cast<size_t>(a)], &pb = players[static_cast<size_t>(b)];
              if (std::find(pa.opponents.begin(), pa.opponents.end(), b) != pa.opponents.end()) return false;
              return colours_yield || (within(pa.colours, 'W') && within(pb.colours, 'B')) || (within(pa.colours, 'B') && within(pb.colours, 'W'));
            },
            [&](int p) { return !players[static_cast<size_t>(p)].had_bye && players[static_cast<size_t>(p)].level == lowest; },
            "ru-go-1985.ch2.art14.a", "ru-go-1985.ch2.art14.note1");
        if (!pairable) return UnpairableRound{n, rounds, static_cast<int>(r) + 1, seed};
        if (colours_yield) ++paired_by_yielding;
        break;
      }
    }
  return std::nullopt;
}

// The order the draw follows when the principles cannot all be kept (the model's: colours relaxed
// for the fewest pairs), written into a draw article's validity clause.
std::string with_colours_yielding(const std::string& groups, const std::string& principles, const std::string& bounds) {
  return "The draw is complete and valid once all " + groups + " have been paired without breaking " + principles + "; any redraw must "
         "involve the smallest possible number of participants. When no draw keeps every principle, " + bounds + " yield first: they "
         "are broken for the fewest pairs, never the ban on rematches or the single bye.";
}

// Swiss and level pairing: a round in which no pairing keeps all the hard principles, proved with Z3.
void swiss_colours(const Spec& spec, AnalysisOutcome& out) {
  if (!spec.clause("ru-go-1985.ch2.art12.b") || !spec.clause("ru-go-1985.ch2.art12.a")) {
    out.detail = "clauses absent";
    return;
  }
  const bool swiss_yield = colours_yield_in(spec, "ru-go-1985.ch2.art12.g");
  const bool level_articles = spec.clause("ru-go-1985.ch2.art14.a") && spec.clause("ru-go-1985.ch2.art14.g");
  const bool level_yield = colours_yield_in(spec, "ru-go-1985.ch2.art14.d");
  int swiss_yielded = 0, level_yielded = 0;  // rounds the draw could not keep the colour bounds in, paired by letting them yield
  const auto swiss = swiss_unpairable_round(swiss_yield, swiss_yielded);
  const auto level = level_articles ? level_unpairable_round(spec, level_yield, level_yielded) : std::nullopt;
  if (!swiss && !level) {
    out.detail = "every simulated round could be paired within the principles";
    if (swiss_yield || level_yield)
      out.detail = "the draw articles let the colour bounds yield: each of the " + std::to_string(swiss_yielded + level_yielded) +
                   " simulated rounds the draws could not pair within them pairs without a rematch or a second bye";
    return;
  }
  auto where = [](const UnpairableRound& w) {
    return std::to_string(w.players) + " participants, " + std::to_string(w.rounds) + " rounds, paired by these principles with results from seed " +
           std::to_string(w.seed) + "; round " + std::to_string(w.round);
  };
  std::string explanation =
      "Chapter II art. 12 (the Swiss system) forbids rematches (a), bounds each participant's colours (b: |W - B| <= 1, or 2 with "
      "an even number of rounds, and never the same colour three games running) and gives the bye to someone in the lowest score "
      "group who has not had one (note 1); the draw is valid only if no principle is broken (g). Art. 14 (the level system) states "
      "the same principles for its levels (a, g, note 1, d). ";
  if (swiss) explanation += "In a Swiss witness (" + where(*swiss) + ") no pairing at all keeps them. ";
  if (level) explanation += "In a level-system witness (three initial levels, " + where(*level) + ") no pairing at all keeps them. ";
  explanation +=
      "Z3 proves that the allowed pairs admit no perfect matching, even ignoring score groups and levels (which only narrow the "
      "pairs further). This shows that the principles can be jointly unsatisfiable, not that every such tournament fails. Neither "
      "article gives an order in which to relax them.";
  Finding f{
      .id = "F-ru-go-1985-swiss-colour-bounds",
      .kind = "conflict",
      .summary = "A Swiss round, and a level-system round, can be impossible to pair without a rematch, a second bye or breaking the "
                 "colour bounds: seeded tournaments of each system reach such a round",
      .explanation = explanation,
      .clauses = {"ru-go-1985.ch2.art12.a", "ru-go-1985.ch2.art12.b", "ru-go-1985.ch2.art12.note1", "ru-go-1985.ch2.art12.g"},
      .rulesets = {"ru-go-1985"},
      .witness = Value::map(),
  };
  if (!swiss) f.summary = "A level-system round can be impossible to pair without a rematch, a second bye or breaking the colour bounds";
  if (!level) f.summary = "A Swiss round can be impossible to pair without a rematch, a second bye or breaking the colour bounds";
  if (level_articles)
    for (const char* c : {"ru-go-1985.ch2.art14.a", "ru-go-1985.ch2.art14.g", "ru-go-1985.ch2.art14.note1", "ru-go-1985.ch2.art14.d"})
      if (spec.clause(c)) f.clauses.push_back(c);
  if (swiss) {
    f.witness.set("players", Value::integer(swiss->players));
    f.witness.set("rounds", Value::integer(swiss->rounds));
    f.witness.set("seed", Value::integer(static_cast<std::int64_t>(swiss->seed)));
    f.witness.set("round", Value::integer(swiss->round));
  }
  if (level) {
    f.witness.set("level_players", Value::integer(level->players));
    f.witness.set("level_rounds", Value::integer(level->rounds));
    f.witness.set("level_seed", Value::integer(static_cast<std::int64_t>(level->seed)));
    f.witness.set("level_round", Value::integer(level->round));
  }
  f.case_id = swiss ? "ru1985.swiss.colour-bounds-break" : "ru1985.level.colour-bounds-break";
  // The order of relaxation written into each article's d), checked by the same search.
  if (swiss && !swiss_yield)
    f.restatements.push_back({"ru-go-1985.ch2.art12.g", with_colours_yielding("score groups", "principles a)-c)", "the colour bounds of b)"),
                              "an order of relaxation written into d): the colour bounds yield first, as the draw model does"});
  if (level && !level_yield)
    f.restatements.push_back({"ru-go-1985.ch2.art14.d", with_colours_yielding("levels", "the principles", "the colour bounds of g)"),
                              "an order of relaxation written into Art. 14 d): the colour bounds yield first, as the level draw does"});
  out.findings.push_back(f);
  out.detail = (swiss ? "Swiss round " + std::to_string(swiss->round) + " unpairable (n=" + std::to_string(swiss->players) + ", seed " +
                            std::to_string(swiss->seed) + ")"
                      : std::string()) +
               (swiss && level ? "; " : "") +
               (level ? "level round " + std::to_string(level->round) + " unpairable (n=" + std::to_string(level->players) + ", seed " +
                            std::to_string(level->seed) + ")"
                      : std::string());
}

// Art. 17 §2 starts Black's clock at the set time; note 1 lets the game start only with both
// partners present. A running game clock is a started game.
void clock_start(const Spec& spec, AnalysisOutcome& out) {
  if (!spec.clause("ru-go-1985.art17.p2") || !spec.clause("ru-go-1985.art17.p2.note1")) return not_applicable(out, "clauses absent");
  ClauseModel m;
  auto at_set_time = m.bool_var("set_time_reached"), white_present = m.bool_var("white_present"),
       clock_runs = m.bool_var("black_clock_runs"), started = m.bool_var("game_started");
  m.assume(z3::implies(clock_runs, started));  // the clocks measure the game's time
  m.clause("ru-go-1985.art17.p2", z3::implies(at_set_time, clock_runs));
  m.clause("ru-go-1985.art17.p2.note1", z3::implies(started, white_present));
  const std::vector<z3::expr> situation = {at_set_time, !white_present};
  if (m.check(situation) != z3::unsat) return void(out.detail = "consistent");
  // §2 is the normal procedure and note 2 hands a late start to the judge, who decides when and
  // how the game begins: the text answers the case (see the withdrawn F-ru-go-1985-clock-before-start).
  if (!spec.clause("ru-go-1985.art17.p2.note2")) throw std::runtime_error("no rule for a late partner");
  out.detail = "a late partner is the judge's decision (note 2); otherwise §2 and note 1 agree";
}

// 13x13 handicaps: allowed (2 to 5 stones) but the placement order exists only for 19x19.
void small_board_handicap(const Spec& spec, AnalysisOutcome& out) {
  if (!spec.clause("ru-go-1985.art8.p3.note2") || !spec.clause("ru-go-1985.art8.p3.placement"))
    return not_applicable(out, "clauses absent");
  Value request = Value::map();
  request.set("game", Value::string("go"));
  request.set("query", Value::string("handicap-points"));
  request.set("ruleset", Value::string("ru-go-1985"));
  request.set("size", Value::integer(13));
  request.set("stones", Value::integer(5));
  const Value answer = run_query(spec, request);
  const Value* placement = answer.find("placement");
  if (!placement || placement->as_string() != "unspecified") return void(out.detail = "13x13 placement defined");
  Finding f{
      .id = "F-ru-go-1985-13x13-handicap-points",
      .kind = "gap",
      .summary = "Handicaps of 2 to 5 stones are allowed on 13x13, but no points are given for them",
      .explanation = "Art. 8 places handicap stones on the hoshi in the order of Art. 2 §1, whose nine points (D-16 ... K-10) exist "
          "only on the 19x19 board; note 2 then allows 2 to 5 handicap stones on 13x13 without saying where they go. For 2 to 4 "
          "stones the corresponding corner points are the obvious analogy; for 5 they part: the Codex's own order puts the "
          "fifth stone on a side point (K-16 on 19x19), while the five points marked on a 13x13 board are the corners and the "
          "centre. A five-stone 13x13 handicap game cannot be set up from the text.",
      .clauses = {"ru-go-1985.art8.p3.note2", "ru-go-1985.art8.p3.placement", "ru-go-1985.art2.p1.hoshi"},
      .rulesets = {"ru-go-1985"},
      .witness = Value::map(),
  };
  f.witness.set("size", Value::integer(13));
  f.witness.set("stones", Value::integer(5));
  f.case_id = "ru1985.handicap.13x13";
  out.findings.push_back(f);
  out.detail = "13x13 placement undefined";
}

// Chapter II art. 12 note 3: a withdrawn opponent is credited with the average result of his score
// group. The two readings (his points + the group's later average; the group's average final
// score) are compared on simulated tournaments; they differ only if the text's score group were
// not a group of equal scores.
void withdrawn_readings(const Spec& spec, AnalysisOutcome& out) {
  const Clause* c = spec.clause("ru-go-1985.ch2.art12.note3.withdrawn");
  if (!c || !c->reading("group-average-remaining") || !c->reading("group-average-final"))
    return not_applicable(out, "readings absent");
  int compared = 0;
  for (std::uint64_t seed = 1; seed <= 10; ++seed)
    for (int k = 1; k < 7; ++k) {
      const auto at = tournament::simulate_swiss(15, k, seed, tournament::ColourBound::FinalTally);
      const auto end = tournament::simulate_swiss(15, 7, seed, tournament::ColourBound::FinalTally);
      for (int x = 0; x < 15; ++x) {
        const double s = at.state.players[static_cast<size_t>(x)].score;
        double later = 0, final_sum = 0;
        int members = 0;
        for (int y = 0; y < 15; ++y)
          if (at.state.players[static_cast<size_t>(y)].score == s) {
            ++members;
            later += end.state.players[static_cast<size_t>(y)].score - s;
            final_sum += end.state.players[static_cast<size_t>(y)].score;
          }
        const double remaining = s + later / members, final_avg = final_sum / members;
        if (std::fabs(remaining - final_avg) > 1e-9) {
          Finding f{
              .id = "F-ru-go-1985-withdrawn-credit",
              .kind = "ambiguity",
              .summary = "The two readings of a withdrawn opponent's credited score differ",
              .explanation = "On the witness the readings credit different scores.",
              .clauses = {"ru-go-1985.ch2.art12.note3.withdrawn"},
              .rulesets = {"ru-go-1985"},
              .witness = Value::map(),
          };
          f.witness.set("seed", Value::integer(static_cast<std::int64_t>(seed)));
          out.findings.push_back(f);
          out.detail = "readings differ";
          return;
        }
        ++compared;
      }
    }
  out.detail = "the readings coincide on " + std::to_string(compared) +
               " withdrawals: within a score group everyone had the same score, so both give the group's final average";
}

}  // namespace

void register_ru1985_analyses(std::vector<AnalysisInfo>& out) {
  out.push_back({"ru1985.stone-counts", "printed stone sets against one stone per point",
                 {"ru-go-1985.art2.p2", "ru-go-1985.art2.p4.stone-counts"}, stone_counts});
  out.push_back({"ru1985.conditional-half-point", "the two readings of the half point of komi",
                 {"ru-go-1985.art12.p3", "ru-go-1985.art7.p2"}, conditional_half_point});
  out.push_back({"ru1985.300-moves", "time-control system I against the 300-move requirement",
                 {"ru-go-1985.art17.p6.note1", "ru-go-1985.art17.p6.note2"}, three_hundred_moves});
  out.push_back({"ru1985.tie-break-equivalence", "W against W - L on Scheveningen tables",
                 {"ru-go-1985.ch2.art2.note1.b"}, tie_break_equivalence});
  out.push_back({"ru1985.collective-rank", "the two roundings of a collective's mean rank", {"ru-go-1985.ch2.art6.p8"},
                 collective_rank_rounding});
  out.push_back({"ru1985.byoyomi-expiry", "byo-yomi expiry under Art. 17 §7 a) and b)",
                 {"ru-go-1985.art17.p7.a", "ru-go-1985.art17.p7.b"}, byoyomi_expiry});
  out.push_back({"ru1985.extra-match", "undefeated teams below second place on board points",
                 {"ru-go-1985.ch2.art5.p4.extra-match", "ru-go-1985.ch2.art5.p4"}, extra_match_gap});
  out.push_back({"ru1985.swiss-colours", "Swiss rounds that cannot keep every pairing principle",
                 {"ru-go-1985.ch2.art12.a", "ru-go-1985.ch2.art12.b", "ru-go-1985.ch2.art12.note1"}, swiss_colours});
  out.push_back({"ru1985.clock-start", "Black's clock at the set time against a start with both present",
                 {"ru-go-1985.art17.p2", "ru-go-1985.art17.p2.note1"}, clock_start});
  out.push_back({"ru1985.small-board-handicap", "handicap placement on 13x13",
                 {"ru-go-1985.art8.p3.note2", "ru-go-1985.art8.p3.placement"}, small_board_handicap});
  out.push_back({"ru1985.withdrawn-readings", "the two readings of a withdrawn opponent's credited score",
                 {"ru-go-1985.ch2.art12.note3.withdrawn"}, withdrawn_readings});
  out.push_back({"ru1985.swiss-brackets", "field sizes the Swiss round brackets decide twice or not at all",
                 {"ru-go-1985.ch2.art12.text"}, swiss_brackets});
}

}  // namespace rulespec
