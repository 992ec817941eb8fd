#include "spec/crossref.hpp"

#include <algorithm>

namespace rulespec {

namespace {
// "Ch. I Art. 13" names "Ch. I Art. 13 §2, ..." but not "Ch. I Art. 1" or "Ch. I Art. 130".
bool names(const std::string& ref, const std::string& article) {
  if (ref.rfind(article, 0) != 0) return false;
  return ref.size() == article.size() || !(ref[article.size()] >= '0' && ref[article.size()] <= '9');
}
}  // namespace

CrossRefCheck check_crossref(const Codex& cx, const CrossRef& ref) {
  CrossRefCheck out;
  for (const auto& c : cx.clauses)
    if (names(c.ref, ref.to) && c.first_line) {
      out.first_line = out.article_found ? std::min(out.first_line, c.first_line) : c.first_line;
      out.last_line = std::max(out.last_line, c.last_line);
      out.article_found = true;
    }
  const auto* lines = source_lines(cx);
  out.source_read = lines != nullptr;
  if (!out.article_found || !lines) return out;
  for (int n = out.first_line; n <= out.last_line && n <= static_cast<int>(lines->size()); ++n)
    if ((*lines)[n - 1].find(ref.topic) != std::string::npos) out.topic_found = true;
  return out;
}

const CrossRef* crossref_at(const Codex& cx, int line) {
  for (const auto& r : cx.crossrefs)
    if (r.line == line) return &r;
  return nullptr;
}

}  // namespace rulespec
