// The 1985 Codex's tournament tables as the Swiss and level models execute them: who sits out an
// odd round and what he scores (ru-go-1985.decisions.bye), what one round adds to the coefficient
// (ru-go-1985.decisions.coefficient) and what separates participants level on points
// (ru-go-1985.decisions.tie-break), compiled for the ruleset, so that an amended row is
// the rule the draws are ranked by.
#include "queries/decision_tables.hpp"
#include "queries/go_answers.hpp"
#include "queries/switches.hpp"

namespace rulespec {
namespace {

const char* const kCoefficient = "ru-go-1985.decisions.coefficient";
const char* const kTieBreak = "ru-go-1985.decisions.tie-break";
const char* const kBye = "ru-go-1985.decisions.bye";

bool is_1985_ruleset(const Ruleset& rs) { return rs.codex == "ru-go-1985"; }
bool in_1985_text(const Ruleset& rs, std::string_view clause) { return !is_1985_ruleset(rs) || clause_applies(rs, clause); }

// The table's single outcome for a combination, "" where no row decides; rows that disagree under
// policy any are an answer no model can execute.
std::string decided_outcome(const rules::CompiledTable& table, const rules::TableCombination& at, const std::string& where) {
  const auto d = rules::decide(table, at);
  if (d.verdict == rules::TableVerdict::Conflicting)
    throw QueryError("conflicting-rows", table.id + ": for " + where + " rows give different outcomes (" + d.outcomes.front() + ", " +
                                             d.outcomes.back() + ")");
  return d.verdict == rules::TableVerdict::Decided ? d.outcome : "";
}

// A round no row credits adds nothing: the coefficient sums what the participant's opponents
// score (line 355) or stand at (line 380), and a round without a row has no credit to add.
tournament::RoundCredit credit_for(const rules::CompiledTable& table, const std::string& system, const std::string& round) {
  const std::string where = system + ", " + round;
  const std::string outcome = decided_outcome(table, {{"system", {system, 0}}, {"round", {round, 0}}}, where);
  if (outcome.empty() || outcome == "nothing") return tournament::RoundCredit::Nothing;
  if (outcome == "the-opponents-final-score" || outcome == "the-opponents-final-level") return tournament::RoundCredit::OpponentsFinal;
  if (outcome == "the-lowest-final-score-in-the-event") return tournament::RoundCredit::LowestFinal;
  throw QueryError("not-computable", table.id + ": the outcome '" + outcome + "' for " + where +
                                         " is no credit the coefficient model computes (the-opponents-final-score, the-opponents-final-level, "
                                         "the-lowest-final-score-in-the-event, nothing)");
}

// The models play games and byes; a forfeit, a withdrawal or a missed round they do not simulate.
tournament::CoefficientCredits credits_for(const Spec& spec, const Ruleset& rs, const std::string& system) {
  const auto table = compile_table(spec, rs, kCoefficient);
  return {credit_for(table, system, "game-played"), credit_for(table, system, "bye")};
}

// Who sits out and what he scores. Without a row for who sits out nothing restricts the lot (not
// the score group, not once each: both are in the row's sentence, line 352); without a row for
// the score the round scores nothing (line 251 scores games).
tournament::ByeRules bye_rules_for(const Spec& spec, const Ruleset& rs, const std::string& system) {
  const auto table = compile_table(spec, rs, kBye);
  auto ask = [&](const std::string& question) {
    return decided_outcome(table, {{"system", {system, 0}}, {"question", {question, 0}}, {"lowest-group", {"has-one-without-a-bye", 0}}},
                           system + ", " + question);
  };
  auto not_computable = [&](const std::string& outcome, const std::string& question, const std::string& known) {
    return QueryError("not-computable", std::string(kBye) + ": the outcome '" + outcome + "' for " + system + ", " + question +
                                            " is no rule the draw computes (" + known + ")");
  };
  tournament::ByeRules bye;
  const std::string lowest = system == "swiss" ? "one-of-the-last-score-group-not-yet-given-a-bye" : "one-of-the-lowest-level-not-yet-given-a-bye";
  const std::string who = ask("who-sits-out");
  if (who == lowest) bye.who = tournament::ByeChoice::LowestGroupNotYetGiven;
  else if (who.empty() || who == "anyone-by-lot") bye.who = tournament::ByeChoice::ByLot;
  else throw not_computable(who, "who-sits-out", lowest + ", anyone-by-lot");
  const std::string score = ask("what-he-scores");
  if (score != "one-point-plus" && !score.empty() && score != "nothing") throw not_computable(score, "what-he-scores", "one-point-plus, nothing");
  bye.scores_a_win = score == "one-point-plus";
  return bye;
}

std::string tie_break_for(const Spec& spec, const Ruleset& rs, const std::string& system) {
  return decided_outcome(compile_table(spec, rs, kTieBreak), {{"system", {system, 0}}, {"regulations", {"silent", 0}}},
                         system + ", regulations silent");
}

}  // namespace

tournament::SwissRules codex1985_swiss_rules(const Spec& spec, const Ruleset& rs) {
  tournament::SwissRules rules;
  rules.no_rematch = in_1985_text(rs, "ru-go-1985.ch2.art12.a");
  rules.colour_rules = in_1985_text(rs, "ru-go-1985.ch2.art12.b");
  if (!is_1985_ruleset(rs)) return rules;
  rules.bye = bye_rules_for(spec, rs, "swiss");
  rules.coefficient = credits_for(spec, rs, "swiss");
  return rules;
}

bool codex1985_swiss_ties_by_coefficient(const Spec& spec, const Ruleset& rs) {
  if (!is_1985_ruleset(rs)) return true;
  const std::string by = tie_break_for(spec, rs, "swiss");
  if (by.empty()) return false;  // no row: the regulations alone separate ties (line 271)
  if (by == "sum-of-the-opponents-scores") return true;
  throw QueryError("not-computable", std::string(kTieBreak) + ": the outcome '" + by +
                                         "' for swiss is no tie-break the Swiss model computes (sum-of-the-opponents-scores)");
}

tournament::LevelRules codex1985_level_rules(const Spec& spec, const Ruleset& rs) {
  tournament::LevelRules rules;
  rules.odd_descends = in_1985_text(rs, "ru-go-1985.ch2.art14.odd");
  rules.levels_move = in_1985_text(rs, "ru-go-1985.ch2.art14.movement");
  rules.no_rematch = in_1985_text(rs, "ru-go-1985.ch2.art14.a");
  rules.priorities = in_1985_text(rs, "ru-go-1985.ch2.art14.b");
  rules.colour_rules = in_1985_text(rs, "ru-go-1985.ch2.art14.g");
  if (!is_1985_ruleset(rs)) return rules;
  rules.bye = bye_rules_for(spec, rs, "levels");
  rules.credits = credits_for(spec, rs, "levels");
  const std::string by = tie_break_for(spec, rs, "levels");
  if (!by.empty() && by != "final-level" && by != "final-level-then-sum-of-the-opponents-final-levels")
    throw QueryError("not-computable", std::string(kTieBreak) + ": the outcome '" + by +
                                           "' for levels is no order the level model computes (final-level, "
                                           "final-level-then-sum-of-the-opponents-final-levels)");
  // A coefficient that credits no game separates nobody.
  rules.coefficient = by == "final-level-then-sum-of-the-opponents-final-levels" && rules.credits.game != tournament::RoundCredit::Nothing;
  return rules;
}

}  // namespace rulespec
