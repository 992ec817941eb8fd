// References inside a source text to its own articles ("см. п. 2 ст. 4", "the systems listed in
// article 6"), checked against the catalog: the article referred to must exist (some clause's ref
// starts with it) and be about the topic of the reference (its lines contain the topic's stem).
#pragma once
#include <string>

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

}  // namespace rulespec
