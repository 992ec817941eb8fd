// Divergence of the two Go codices on the same finished game: Ing area scoring with komi 8 and
// Black winning ties, against 1985 territory scoring with 5 komi prisoners and a conditional half
// point. Searched over the counts of a finished 19x19 game without seki.
#include <cmath>

#include "model/go/counting.hpp"
#include "queries/go_answers.hpp"

#include <optional>
#include "model/go/territory.hpp"
#include "solver/finding.hpp"
#include "solver/harness.hpp"

namespace rulespec {
namespace {

void score_divergence(const Spec& spec, AnalysisOutcome& out) {
  const double ing_komi_value = spec.ruleset("ing-1996").number_param("komi");
  if (ing_komi_value != std::floor(ing_komi_value)) return not_applicable(out, "fractional Ing komi");
  const int ing_komi = static_cast<int>(ing_komi_value);
  const double ru_komi = spec.ruleset("ru-go-1985").number_param("komi");
  ClauseModel m;
  auto black_moves = m.int_var("black_moves"), white_moves = m.int_var("white_moves");
  auto black_prisoners = m.int_var("black_prisoners"), white_prisoners = m.int_var("white_prisoners");
  auto black_territory = m.int_var("black_territory"), white_territory = m.int_var("white_territory");
  auto seki = m.int_var("seki_points");  // shared in Ing, nobody's territory in 1985
  auto black_stones = black_moves - white_prisoners, white_stones = white_moves - black_prisoners;
  // A finished even game: Black moved first, every point is a stone or someone's territory.
  m.assume(black_moves - white_moves == 0 || black_moves - white_moves == 1);
  m.assume(black_prisoners >= 0 && white_prisoners >= 0 && black_prisoners <= 20 && white_prisoners <= 20);
  m.assume(black_stones >= 0 && white_stones >= 0 && black_stones <= 180 && white_stones <= 180);
  m.assume(black_territory >= 10 && white_territory >= 10);  // room for the komi stones
  m.assume(seki >= 0 && seki <= 6);
  m.assume(black_stones + white_stones + black_territory + white_territory + seki == 361);
  // Ing: area minus komi, a tie to Black. 1985: territory + prisoners, 5 komi prisoners, a tie to White.
  auto ing_black_wins = black_stones + black_territory - (white_stones + white_territory) - ing_komi >= 0;
  auto ru_black_wins = black_territory + black_prisoners - (white_territory + white_prisoners + static_cast<int>(ru_komi)) > 0;
  m.clause("ing-1996.summary.area-scoring", m.bool_var("ing_black") == ing_black_wins);
  m.clause("ru-go-1985.art12.p2.a", m.bool_var("ru_black") == ru_black_wins);
  // Prefer a typical full game (150 moves by Black, 149 by White, no captures) as the witness; only
  // an unconstrained search may conclude that the codices always agree.
  const z3::expr differ = m.bool_var("ing_black") != m.bool_var("ru_black");
  auto w = m.model({differ, black_prisoners == 0, white_prisoners == 0, seki == 0, black_moves == 150, white_moves == 149});
  if (!w) w = m.model({differ, black_moves >= 100, white_moves >= 100});
  if (!w) w = m.model({differ});
  if (!w) {
    out.detail = "the codices always agree on the winner";
    return;
  }
  const int bm = ClauseModel::value(*w, black_moves), wm = ClauseModel::value(*w, white_moves);
  const int bt = ClauseModel::value(*w, black_territory), wt = ClauseModel::value(*w, white_territory);
  const int bp = ClauseModel::value(*w, black_prisoners), wp = ClauseModel::value(*w, white_prisoners);
  const int sk = ClauseModel::value(*w, seki);
  go::FinalCounts c;
  c.seki_points = sk;
  c.black_stones = bm - wp;
  c.white_stones = wm - bp;
  c.black_territory = bt;
  c.white_territory = wt;
  c.komi = ing_komi;
  // The fill-in count when it runs through, else the direct area count it must agree with.
  const auto ing = go::ing_fill_in(c);
  const double direct = go::ing_direct_count(c).margin();
  const int ing_winner = direct > 0 ? +1 : direct < 0 ? -1 : +1;  // Black wins Ing ties
  if (ing.status == go::FillInStatus::Done && (ing.winner == 0 ? +1 : ing.winner) != ing_winner)
    throw std::runtime_error("fill-in and direct count disagree on the witness");
  const auto ru = go::codex1985_score(bt, bp, wt, wp, ru_komi, true);
  if (ing_winner == ru.winner) throw std::runtime_error("models do not confirm");
  auto num = [](double x) { return Value::number(x).dump(); };
  Finding f{
      .id = "F-ru-go-1985-vs-ing-1996-winner",
      .kind = "divergence",
      .summary = "The same finished even game is won by " + std::string(ing_winner > 0 ? "Black" : "White") +
          " under Ing and by " + (ru.winner > 0 ? "Black" : "White") + " under the 1985 Codex",
      .explanation = "Area scoring counts stones on the board, territory scoring counts prisoners instead; the two totals differ by "
          "the number of extra stones Black played, while the komis differ by " + num(ing_komi) + " - " + num(ru_komi) +
          ". Witness: Black played " + std::to_string(bm) + " stones and White " + std::to_string(wm) + ", prisoners " +
          std::to_string(bp) + " : " + std::to_string(wp) + ", territory " + std::to_string(bt) + " : " + std::to_string(wt) +
          ", seki points " + std::to_string(sk) + ". The 1985 Codex: Black's " + std::to_string(bt + bp) + " against White's " +
          std::to_string(wt + wp) + " and " + num(std::floor(ru_komi)) + " komi prisoners gives " + (ru.winner > 0 ? "Black" : "White") +
          " by " + num(ru.margin) + " (the half point of the komi decides only a tie, Art. 7 §2); Ing: area margin " + num(direct) + " after komi " + num(ing_komi) + " gives " +
          (ing_winner > 0 ? "Black" : "White") + ". Such a game changes hands with the codex.",
      .clauses = {"ing-1996.summary.area-scoring", "ing-1996.komi.even-game", "ru-go-1985.art12.p2.a", "ru-go-1985.art7.p2"},
      .rulesets = {"ing-1996", "ru-go-1985"},
      .witness = Value::map(),
  };
  f.witness.set("black_moves", Value::integer(bm));
  f.witness.set("white_moves", Value::integer(wm));
  f.witness.set("black_territory", Value::integer(bt));
  f.witness.set("seki_points", Value::integer(sk));
  f.witness.set("black_prisoners", Value::integer(bp));
  f.witness.set("white_prisoners", Value::integer(wp));
  f.witness.set("white_territory", Value::integer(wt));
  f.witness.set("ing_margin", Value::number(direct));
  f.witness.set("ru_margin", Value::number(ru.winner * ru.margin));
  f.case_id = "go.divergence.area-vs-territory";
  out.findings.push_back(f);
  out.detail = "winner differs on the witness";
}

// Every parameter both Go codices set, compared between the codices as written.
void parameter_divergence(const Spec& spec, AnalysisOutcome& out) {
  struct Topic {
    const char* param;
    const char* ing_clause;
    const char* ru_clause;
  };
  const Topic topics[] = {
      {"komi", "ing-1996.komi.even-game", "ru-go-1985.art7.p2"},
      {"scoring", "ing-1996.summary.area-scoring", "ru-go-1985.art12.p2.a"},
      {"tie", "ing-1996.result.tie-black-wins", "ru-go-1985.art12.p3"},
      {"handicap_tie", "ing-1996.aga.tie-white", "ru-go-1985.art13.p3"},
      {"ko", "ing-1996.ko.hot-stones", "ru-go-1985.art4.p2"},
      {"suicide", "ing-1996.summary.group-suicide", "ru-go-1985.art4.p1"},
      {"end_passes", "ing-1996.end.four-passes", "ru-go-1985.art11.p2"},
      {"handicap_placement", "ing-1996.summary.free-handicap", "ru-go-1985.art8.p3.placement"},
  };
  const Ruleset& ing = spec.ruleset("ing-1996");
  const Ruleset& ru = spec.ruleset("ru-go-1985");
  // The 1985 Codex has no tie params: who wins equal totals follows from its komi and Art. 12 §3
  // (even game) and Art. 13 §3 (handicap game), as its scoring executes them.
  auto tie_1985 = [&](bool handicap) {
    const double komi = codex1985_komi(ru, 19, handicap);
    const auto s = go::codex1985_score(30, 0, 30 - static_cast<int>(std::floor(komi)), 0, komi, true);
    return Value::string(s.winner > 0 ? "black-wins" : s.winner < 0 ? "white-wins" : "undecided");
  };
  auto ru_value = [&](const std::string& param) -> std::optional<Value> {
    if (param == "tie") return tie_1985(false);
    if (param == "handicap_tie") return tie_1985(true);
    if (!ru.has_param(param)) return std::nullopt;
    return ru.param(param);
  };
  // Ing's laws count by area only (lines 38, 71): no param chooses it.
  auto ing_value = [&](const std::string& param) -> std::optional<Value> {
    if (param == "scoring") return Value::string("area");
    if (!ing.has_param(param)) return std::nullopt;
    return ing.param(param);
  };
  Value table = Value::map();
  std::vector<std::string> clauses, names;
  for (const auto& t : topics) {
    const auto ru_param = ru_value(t.param);
    const auto ing_param = ing_value(t.param);
    if (!ing_param || !ru_param || *ing_param == *ru_param) continue;
    Value row = Value::map();
    row.set("ing-1996", *ing_param);
    row.set("ru-go-1985", *ru_param);
    table.set(t.param, row);
    names.push_back(t.param);
    for (const char* c : {t.ing_clause, t.ru_clause})
      if (spec.clause(c)) clauses.push_back(c);
  }
  // The stone sets differ too (Ing: equal bowls for the fill-in count; 1985: one stone per point).
  const auto ru_set = go::codex1985_stone_set(19);
  const int ing_bowl = go::bowl_stones_for(361);
  if (ru_set.black != ing_bowl || ru_set.white != ing_bowl) {
    Value row = Value::map();
    row.set("ing-1996", Value::string(std::to_string(ing_bowl) + "/" + std::to_string(ing_bowl)));
    row.set("ru-go-1985", Value::string(std::to_string(ru_set.black) + "/" + std::to_string(ru_set.white)));
    table.set("stones_19x19", row);
    names.push_back("stone sets");
    for (const char* c : {"ing-1996.equipment.full-set", "ru-go-1985.art2.p2"})
      if (spec.clause(c)) clauses.push_back(c);
  }
  if (names.empty()) {
    out.detail = "the codices set the same parameters";
    return;
  }
  std::string list;
  for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
  Finding f{
      .id = "F-ru-go-1985-vs-ing-1996-rules",
      .kind = "divergence",
      .summary = "The two Go codices differ on " + std::to_string(names.size()) + " rules: " + list,
      .explanation = "Compared parameter by parameter, the codices as written disagree on " + list +
          ". Each difference is a place where one game record is judged differently: the score witness "
          "(F-ru-go-1985-vs-ing-1996-winner) and the pass witness (F-ru-go-1985-vs-ing-1996-passes) show two of them on "
          "concrete games; ko and suicide differences get board witnesses with the Go model.",
      .clauses = clauses,
      .rulesets = {"ing-1996", "ru-go-1985"},
      .witness = table,
      .case_id = "ru1985.stones.19x19",
  };
  out.findings.push_back(f);
  out.detail = std::to_string(names.size()) + " parameters differ";
}

}  // namespace

void register_go_divergence_analyses(std::vector<AnalysisInfo>& out) {
  out.push_back({"go.score-divergence", "Ing and 1985 scoring of one finished game",
                 {"ing-1996.summary.area-scoring", "ru-go-1985.art12.p2.a", "ing-1996.komi.even-game", "ru-go-1985.art7.p2"},
                 score_divergence});
  out.push_back({"go.parameter-divergence", "the two Go codices' rule parameters side by side",
                 {"ing-1996.komi.even-game", "ru-go-1985.art7.p2", "ing-1996.result.tie-black-wins", "ru-go-1985.art12.p3",
                  "ing-1996.summary.free-handicap", "ru-go-1985.art8.p3.placement"},
                 parameter_divergence});
}

}  // namespace rulespec
