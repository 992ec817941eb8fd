// References inside a source text to its own articles ("см. п. 2 ст. 4", "the systems listed in
// article 6"), checked against the catalog: the article referred to must exist (some clause's ref
// starts with it) and be about the topic of the reference (its lines contain the topic's stem).
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "spec/spec.hpp"

namespace rulespec {

struct CrossRefCheck {
  bool article_found = false;
  int first_line = 0, last_line = 0;  // the lines of the clauses under the article referred to
  bool source_read = false;           // the source text could be read
  bool topic_found = false;
  bool resolves() const { return article_found && source_read && topic_found; }
};

CrossRefCheck check_crossref(const Codex& cx, const CrossRef& ref);
const CrossRef* crossref_at(const Codex& cx, int line);

// "Ch. I Art. 13" of "Ch. I Art. 13 §2, note"; "" when the ref names no article.
std::string article_of(std::string_view ref);

// The articles a wrong reference may have meant: those of the same chapter, other than the
// referring clause's own, on which the check resolves (about the reference's topic), nearest in
// number to the printed article first (a misprinted number lands near), at most `at_most`.
std::vector<std::string> articles_about(const Codex& cx, const CrossRef& ref, std::size_t at_most);

// The statement with its mention of `ref.to`'s article ("Art. 13") made a mention of `article`;
// "" when the statement does not mention it.
std::string with_reference_replaced(const std::string& statement, const CrossRef& ref, const std::string& article);

// After an amendment replaced a clause's statement: the references the clause makes, re-read from
// its words. A reference whose article the old statement named follows the new one: to the article
// it names now (the one named before, if still named), or gone when it names none. A reference
// the statement never named stays as the catalog gives it.
void reread_crossrefs(Codex& cx, const std::string& clause, const std::string& before, const std::string& after);

}  // namespace rulespec
