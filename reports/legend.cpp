// The words index.html uses, defined once: the page prints them as its legend, and the browser
// ctest checks that every severity, finding kind and clause status the page shows is among them.
#include "reports/report.hpp"

namespace rulespec {

const std::vector<LegendTerm>& report_legend() {
  static const std::vector<LegendTerm> terms = {
      {"Severity of a finding", "defect",
       "the text contradicts itself, computes wrongly, or leaves a case no careful reader can decide; fixing it needs a rule, not a better word"},
      {"Severity of a finding", "wording",
       "a slip whose intent is clear from the text (a misprint, a wrong cross-reference, a loose summary); the rule stands, the sentence needs mending"},
      {"Severity of a finding", "difference",
       "two codices or rulesets decide the same situation differently: a fact players and engine authors need, not a defect of either text"},
      {"Kind of finding", "conflict", "clauses of one ruleset force incompatible verdicts on the same situation"},
      {"Kind of finding", "gap", "a situation the text must decide that no clause decides"},
      {"Kind of finding", "ambiguity", "two readings a careful reader might take lead to different verdicts on the same witness"},
      {"Kind of finding", "redundancy", "a clause follows from the others"},
      {"Kind of finding", "numeric", "the text's own arithmetic or figures are wrong"},
      {"Kind of finding", "divergence", "two codices or rulesets decide the same situation differently"},
      {"Kind of finding", "underspecified", "a verdict needs information the text does not define"},
      {"Kind of finding", "reference", "the text refers to one of its own articles that does not exist or is about something else"},
      {"Status of a clause", "encoded", "the reference models execute the clause"},
      {"Status of a clause", "partial", "the models execute part of it; the row says what is missing"},
      {"Status of a clause", "judgment", "the clause needs a person's decision (an arbiter, a judge); the row says why"},
      {"Status of a clause", "out-of-scope", "the clause is about things no model can check (equipment, paperwork, conduct); the row says why"},
      {"Coverage", "exercised", "some case's answer, or some property's samples, change when the clause is switched off (the models behave as if the text lacked it): evidence that could have failed"},
      {"Coverage", "vacuous", "a property that holds on no sample its rule decided: its clauses can be switched off, and no sample fails without them"},
      {"Coverage", "cited", "some case, property or analysis names the clause; not evidence by itself"},
      {"Coverage", "decisive", "a case run whose answer changes with the clause switched off"},
      {"Coverage", "not decisive", "the clause says why no model can switch it off and no case can change without it"},
      {"Coverage", "to do", "an encoded clause nothing is decisive for yet, and with no reason why none can be"},
      {"Coverage", "board", "the clause is about positions on the board; its cases are drawn under Board cases"},
      {"Coverage", "board-free", "a clause about counts, times, procedure or tournaments, which needs no position"},
      {"Coverage", "source lines", "every non-blank line of a source text is cited by a clause or listed as prose (headings, history, commentary, examples) with its reason"},
      {"Evidence", "case", "a concrete situation with the verdict each ruleset must give; a recorded oracle request"},
      {"Evidence", "property", "a statement checked on generated situations (RapidCheck); a failure prints a replay command"},
      {"Evidence", "analysis", "a check over a set of clauses: a Z3 model, a decision table, a glossary, a search"},
      {"Evidence", "claim", "what a text says about its own rules, checked by a case, property or analysis"},
      {"Evidence", "decision table", "the rows by which a part of a codex decides an outcome, checked by Z3 for gaps, overlaps and rows without effect"},
      {"Evidence", "reading", "one interpretation of a clause whose text admits several; unusual readings live in comparison rulesets only"},
      {"Evidence", "ruleset", "a named preset of a codex: the readings it takes and its parameter values"},
      {"Evidence", "witness", "the situation a finding is shown on; replay it with the command under the finding"},
      {"Evidence", "best defence", "the strongest reading under which the text is fine, with its lines, and why the finding still stands"},
      {"Evidence", "mined witness", "a smallest position on which rulesets part, found by rulespec mine and kept as a case"},
      {"Engines", "certified", "the engine passed every probe it was given and at least one of the ruleset's own clauses was observed"},
      {"Engines", "insufficient", "too few decisive probes of the clause (probes an engine without the rule would have failed), or a rule-blind engine would have passed them all with a chance of 1% or more"},
      {"Engines", "decisive probe", "a probe whose required answer differs from the model's with the clause switched off"},
      {"Engines", "not observed", "the protocol gives no way to test the clause, or the engine lacks an optional command"},
      {"Engines", "mutant", "a reference engine with one rule broken; certify must reject it on that rule (killed)"},
      {"Engines", "peers' rule tests", "other engines' own rule tests answered by our models: agree, differ by a named reading, or unexplained"},
  };
  return terms;
}

}  // namespace rulespec
