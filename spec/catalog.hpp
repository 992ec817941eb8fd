// The catalog model: codices, their clauses, readings, declared parameters and rulesets, as
// loaded from spec/<codex>.yaml. Parsing is closed-world: unknown keys, kinds, statuses,
// relations, undeclared parameters and unknown clause or reading ids are load errors.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "spec/value.hpp"

namespace rulespec {

inline const std::vector<std::string>& clause_kinds() {
  static const std::vector<std::string> kinds = {
      "definition", "permission", "prohibition", "obligation", "procedure", "scoring",
      "adjudication", "equipment", "conduct", "tournament", "timing"};
  return kinds;
}
inline const std::vector<std::string>& clause_statuses() {
  static const std::vector<std::string> s = {"encoded", "partial", "judgment", "out-of-scope"};
  return s;
}
inline const std::vector<std::string>& relation_kinds() {
  static const std::vector<std::string> r = {"exception_to", "refines", "requires",
                                             "overrides", "example_of", "contradicts"};
  return r;
}
inline const std::vector<std::string>& games() {
  static const std::vector<std::string> g = {"go", "xiangqi", "renju", "shogi"};
  return g;
}

// "For every outcome the suite computes, this value (or reading) is executed as `to`", with the
// reason: how a catalog admits a setting that documents the text but that no model tells apart.
struct Equivalence {
  std::string to, why;
  SourcePos pos;
};

// What a line of the source that no clause cites is: a heading, history, commentary, an example,
// a figure's caption, a reference (footnote, citation) or the furniture of the page it was taken
// from. Every non-blank line of a source is cited by a clause or listed as prose, with the reason.
inline const std::vector<std::string>& prose_kinds() {
  static const std::vector<std::string> k = {"heading", "history", "commentary", "example", "caption", "reference", "page"};
  return k;
}
struct Prose {
  int first_line = 0, last_line = 0;
  std::string kind, why;
  SourcePos pos;
};

// A sentence in which the text claims something about its own rules ("exactly one point stays
// empty", "the two methods are equivalent", "a draw happens about once in N games"), and the
// cases, properties or analyses that check it. `expect` is what they show: the claim holds, or it
// fails, and then `finding` reports it or `not_a_finding` says why not.
struct Claim {
  std::string id, says, expect, finding, not_a_finding, note;
  int first_line = 0, last_line = 0;
  std::vector<std::string> checked_by;  // "case:ID", "property:ID", "analysis:ID"
  SourcePos pos;
};

// A decision table: a part of a codex that decides an outcome, written as rows over named
// inputs (enums and bounded integers), each row a conjunction of conditions, its outcome and the
// clause and line it comes from. The analysis `decisions` checks each table for input
// combinations no row decides (gap), rows that decide one combination differently (overlap) and
// rows that add nothing to the rows with their outcome (dead). Every such candidate the table
// has is judged in `judged`: the finding that reports it, or why it is none.
struct DecisionInput {
  std::string name;
  std::vector<std::string> values;  // an enum input
  int min = 0, max = 0;             // an integer input (values empty)
  // An input that is not a fact of the game but the reading a ruleset takes of this clause (its
  // values are the clause's reading ids): rows that hold under one reading of a clause. The
  // analysis and the query `decide` take it from the ruleset, never from the combination.
  std::string reading;
  // An input that is the value a ruleset gives an enum or boolean param of the codex (its values
  // are the param's declared values, or "true" and "false"): rows that hold under one setting,
  // taken from the ruleset (or an amendment) like a reading, never from the combination.
  std::string param;
  bool from_ruleset() const { return !reading.empty() || !param.empty(); }
};
// One input's condition in a row: one of `values` (enum), or `min` <= x <= `max` (integer).
// A bound may be a param of the codex, plus or minus a constant ("points_threshold - 1"), so that
// the row follows the ruleset's (or an amendment's) value: `min`/`max` then hold its value under
// the codex's default ruleset, and spec/tables.hpp resolves it for any other.
struct ParamBound {
  std::string param;  // empty: a constant bound
  int offset = 0;
  std::string text() const;  // "points_threshold - 1"
};
struct DecisionCondition {
  std::string input;
  std::vector<std::string> values;
  int min = 0, max = 0;
  ParamBound min_param, max_param;
};
struct DecisionRow {
  std::string id, outcome, clause;
  int line = 0;
  std::vector<DecisionCondition> when;
  // An outcome named by an enum param ({param: tie_winner, values: {gote: white-wins, ...}}):
  // `outcome` holds the one under the codex's default ruleset.
  std::string outcome_param;
  std::vector<std::pair<std::string, std::string>> outcome_by_value;
  SourcePos pos;
};
struct DecisionJudgement {
  std::string kind;               // gap | overlap | dead
  std::vector<DecisionCondition> when;  // gap: the region it covers
  std::vector<std::string> rows;  // overlap: the two rows; dead: the row
  std::string finding, summary, explanation, not_a_finding;
  std::string case_id;  // a case that replays the finding (`case:`), when a position shows it
  SourcePos pos;
};
// How a table decides a combination several rows match (DMN's hit policies): `any` (the default)
// lets rows overlap only where they agree, so two outcomes are a candidate to judge; `unique` lets
// no two rows overlap at all; `first` takes the first matching row, in the table's order;
// `priority` takes the matching outcome that comes first in `order`. Under `first` and `priority`
// no overlap is left to judge; a row they never let decide is dead.
struct DecisionTable {
  std::string id, topic, note;
  // The queries whose model consults the table where it decides (queries/decision_tables.hpp), or,
  // with `inputs_from: none`, why no model computes its inputs (`inputs_why`); neither: no model
  // consults it yet, and the report says so.
  std::vector<std::string> consulted_by;
  std::string inputs_from_none;
  // A table that sets side by side rules the text gives for one situation and the rulesets take
  // one at a time (line 11 and line 40 for the JSA): the consulted tables it juxtaposes
  // (`executed_through`), and why no one model consults it (`executed_why`); a ctest keeps its rows
  // agreeing with theirs.
  std::vector<std::string> executed_through;
  std::string executed_why;
  // A decision point: a place where a model must choose and the text may say nothing (who moves
  // first in a test play). `point` is the clause at which the choice falls (cited by a finding of
  // the table when no row gives a clause), `outcomes` every outcome a row may give (a table with
  // few or no rows still offers its choices to a committee and to `rulespec repair`).
  std::string point;
  std::vector<std::string> outcomes;
  std::string policy = "any";
  std::vector<std::string> order;  // priority: every outcome of the rows, most important first
  // Changed by an amendment (spec/amendment.hpp `decisions:`): its judgements were written for the
  // table as the codex has it, so one whose candidate is gone is news (the amendment resolved it),
  // and a candidate nobody judged is a finding the amendment makes appear, not an error.
  bool amended = false;
  Value node;  // the table as written in its catalog, for an amendment to change and parse again
  std::vector<DecisionInput> inputs;
  std::vector<DecisionRow> rows;
  std::vector<DecisionJudgement> judged;
  SourcePos pos;
};

// A term the text defines (or uses without defining), and every line of the source that uses it
// (found by its stem: the loader refuses a glossary that misses a use or lists a line without one).
// Each use says whether the situation there fits the definition as the models implement it: `yes`,
// `no` (then `finding` with its text, or `not_a_finding`), or `other-sense` (the word in its
// everyday sense). A term with no defining clause is judged the same way.
struct TermUse {
  int line = 0;
  std::string fits, note, finding, summary, explanation, not_a_finding;
  // What the finding is: "ambiguity" (the use reads the term otherwise than its definition) or
  // "gap" (the use presupposes a rule the text never states).
  std::string finding_kind = "ambiguity";
  // The reading of a clause under which the use fits (`fits_under: {clause, reading}`): the words
  // that would answer it, as a reading a ruleset or an amendment can take (usually a proposal). A
  // ruleset that takes it has the use fit, so an amendment that settles the clause on it is checked.
  std::string fits_under_clause, fits_under_reading;
  SourcePos pos;
};
struct GlossaryTerm {
  std::string term, stem, defined_by, note;
  std::string finding, summary, explanation, not_a_finding;  // for a term used and never defined
  std::vector<TermUse> uses;
  SourcePos pos;
};

struct Reading {
  std::string id, statement, source;
  std::optional<Equivalence> equivalent_to;
  // Params the reading fixes in a ruleset that takes it explicitly (a reading of the number of
  // passes sets end_passes): executed through the params, and a ruleset cannot set them otherwise.
  std::vector<std::pair<std::string, Value>> sets;
  // Why a careful reader would not take this reading: it may serve a comparison ruleset, never a
  // codex's default ruleset, and reading-ambiguity analyses do not count it.
  std::string unusual;
  // Where the source itself proposes this as a change of the text (a committee's or a column's
  // wording), not a reading of the printed words: like an unusual reading it is never a default
  // and makes no ambiguity, and `rulespec repair` searches it like any reading.
  std::string proposal;
  SourcePos pos;
};

struct Relation {
  std::string kind, target;
  SourcePos pos;
};

struct Clause {
  std::string id, codex, ref, topic, kind, statement, status, why, note;
  // Why a defect the note or statement describes is not reported as a finding.
  std::string not_a_finding;
  // Why no model can switch this clause off and no case can be decisive for it (a definition the
  // other clauses are written in, a clause only an analysis models, ...): an encoded clause either
  // has a switch the models obey and a case whose answer changes without it, or says why not.
  std::string not_decisive;
  // The clauses through whose switches the models apply this one (a sentence restating a rule
  // another clause states, a definition only that rule uses): without it alone nothing the models
  // do changes, and removing it with them is what their switches do.
  std::vector<std::string> applied_through;
  int first_line = 0, last_line = 0;  // lines in the source text; 0 when not given
  bool board = false;                 // needs a board position (a game model) to be checked
  std::vector<Reading> readings;      // the first is the default reading
  std::vector<Relation> relations;
  SourcePos pos;
  Value node;  // the catalog entry as written, so amendments can overlay fields and re-parse

  const Reading* reading(std::string_view id) const;
};

struct ParamDecl {
  std::string id, type, statement, unit;  // type: int | number | bool | enum | string
  std::vector<std::string> values;        // enum values
  std::map<std::string, Equivalence> equivalent;  // enum or bool value (as written) -> the value it executes as
  // int and number: the values a ruleset or an amendment may give (inclusive; step 0 = any).
  struct Domain {
    double min = 0, max = 0, step = 0;
  };
  std::optional<Domain> domain;
  // The values the catalog declares for the settings sweep: an enum's values, both booleans, a
  // domain's bounds (empty for an int or number without a domain, and for a string).
  std::vector<Value> declared_values() const;
  SourcePos pos;
};

// The refusal reasons a ruleset's own rule may account for, per game (the `reason` of a refused
// move); empty for a game whose rulesets declare no rules of their own yet.
inline const std::vector<std::string>& refusal_reasons(std::string_view game) {
  static const std::vector<std::string> go = {"occupied", "suicide", "single-stone-suicide", "ko", "superko",
                                              "hot-stone", "disturbing-ko", "game-over", "pass-forbidden"};
  static const std::vector<std::string> none;
  return game == "go" ? go : none;
}

// A rule of a ruleset's own source, not of its codex: a rule of an engine's rules page or of the
// Tromp-Taylor rules, or the definition of a comparison ruleset. A ruleset that replaces a
// clause by a param (positional superko for a codex's ko, suicide allowed or forbidden) refuses
// moves by its own rule, and cites it: the codex's clause, as the ruleset reads it, would permit
// them. `forbids` lists the refusal reasons it accounts for.
struct SourceRule {
  std::string id, ref, statement;
  std::vector<std::string> forbids;
  SourcePos pos;
};

struct RulesetDecl {
  std::string id, base, title, note;
  // Nearest first along the chain of bases, the rule whose `forbids` names a reason is cited.
  std::vector<SourceRule> rules;
  // Other names the ruleset answers to: the names engines and their configuration give the same
  // rules (YaneuraOu's EnteringKingRule values, KataGo's rule-set names, Gomocup's INFO rule).
  std::vector<std::string> aliases;
  std::vector<std::pair<std::string, std::string>> readings;  // clause id -> reading id
  std::vector<std::pair<std::string, Value>> params;
  SourcePos pos;
};

// A reference inside the source text to another of its articles ("the systems of article 6"):
// the article `to` (a clause ref prefix such as "Ch. II Art. 6") is expected to exist and to be
// about `topic` (a word stem that its lines contain).
struct CrossRef {
  int line = 0;
  std::string from, to, topic, printed;  // from: the clause that makes the reference
  std::string about;                      // the topic in English, for reports
  SourcePos pos;
};

// The codex id reserved for catalogs generated in memory to check the suite's own methods
// (amend/repair_check.hpp); no catalog on disk may take it.
inline constexpr const char* kGeneratedCodex = "generated";

struct Codex {
  std::string id, game, title, source, edition, note, file;
  // What the source text is, in a line a citation can carry: an article, a magazine column, a
  // translation or the official text, with its date (a ctest requires it of every catalog).
  std::string provenance;
  std::vector<ParamDecl> params;
  std::vector<CrossRef> crossrefs;
  std::vector<RulesetDecl> rulesets;
  std::vector<Clause> clauses;
  std::vector<Prose> prose;
  std::vector<Claim> claims;
  std::vector<DecisionTable> decisions;
  std::vector<GlossaryTerm> glossary;
  // Clauses an amendment removed (remove_clauses): the models no longer apply them.
  std::vector<std::string> removed_clauses;

  const Clause* clause(std::string_view id) const;
  Clause* clause(std::string_view id);
  const ParamDecl* param(std::string_view id) const;
  const RulesetDecl* ruleset(std::string_view id) const;
};

// Parses one catalog (already a Value tree) and checks everything that is local to it.
Codex parse_codex(const Value& doc, const std::string& file);
Clause parse_clause(const Value& node, const std::string& codex_id);
ParamDecl parse_param(const Value& node);
DecisionTable parse_decision_table(const Value& node, const Codex& cx);
// Checks a parameter value against its declaration (type, enum values).
void check_param_value(const ParamDecl& decl, const Value& v);

// The string at `v` must be one of `allowed`; otherwise an InputError naming the choices.
std::string one_of(const Value& v, const std::vector<std::string>& allowed, std::string_view what);

}  // namespace rulespec
