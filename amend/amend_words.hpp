// The amendment's answer in a committee's words: each changed case as one sentence, the outcome
// told apart from its labels, a counterexample as named quantities, and the articles of the codex
// as written whose words the amendment makes false.
#pragma once
#include <string>
#include <vector>

#include "amend/amend_eval.hpp"
#include "cases/case.hpp"

namespace rulespec {

// A value as one line of text: strings bare unless they hold a line break, the rest as JSON.
std::string one_line(const Value& v);
// "line 7" or "lines 7-9".
std::string lines_text(int first, int last);

// "After C3, the move B3 was forbidden by ko (Art. 4 §2); under the amendment it is forbidden by
// superko (Art. 4 §2)." `spec` names the clauses an answer cites (their ref); `c` may be null.
std::string case_change_sentence(const Spec& before_spec, const Spec& after_spec, const Case* c, const Value& before,
                                 const Value& after);

// Only labels differ (the name of the reason, the clause or rule cited, a free-text detail): the
// outcome itself (legal or not, who wins, by how much, the verdict) is the same.
bool only_labels_changed(const std::vector<FieldChange>& fields);

// A property's counterexample as a reader is shown it: "black total 0, white total before komi 0,
// komi 0"; a position is named by its notation ("the position drawn": the diagram shows it).
std::string named_quantities(const Value& witness);

// The clauses of `codex` (as written) whose claims or examples the amendment makes false and does
// not replace or remove itself: claims that held before and do not now, examples citing the
// lines of that clause alone whose changed outcome misses its expectation (e.cases must be filled),
// statements that give the old value of a number the amendment changes. `settled` gets the claims
// whose evidence moved only in its labels: they stand as written.
std::vector<AmendmentEvaluation::Reword> articles_to_reword(const Spec& base, const Spec& amended, const Amendment& a, const std::vector<Case>& cases,
                                                            const SuiteResult& before, const SuiteResult& after,
                                                            const AmendmentEvaluation& e, std::vector<std::string>* settled);

// A param's statement names the article of clause ref `ref` ("... (Art. 7 §2): ..." names
// "Ch. I Art. 7 §2", not "Art. 7 §21").
bool statement_names_article(const std::string& statement, const std::string& ref);

// `text` with each number of its own equal to `from` ("5.5 points") written as `to`; "" when `text`
// holds no such number.
std::string with_number_replaced(const std::string& text, const std::string& from, const std::string& to);

// The statements `a` replaces, old and new.
std::vector<AmendmentEvaluation::Replaced> replaced_statements(const Spec& base, const Spec& amended, const Amendment& a);

}  // namespace rulespec
