#include "spec/crossref.hpp"

#include <algorithm>
#include <cstdlib>
#include <regex>

namespace rulespec {

namespace {
// "Ch. I Art. 13" names "Ch. I Art. 13 §2, ..." but not "Ch. I Art. 1" or "Ch. I Art. 130".
bool names(const std::string& ref, const std::string& article) {
  if (ref.rfind(article, 0) != 0) return false;
  return ref.size() == article.size() || !(ref[article.size()] >= '0' && ref[article.size()] <= '9');
}

// The source prints some phrases with no-break spaces ("бланке для\u00a0откладывания"): a topic is
// matched with them read as spaces.
std::string with_plain_spaces(std::string s) {
  for (std::size_t at = s.find("\xc2\xa0"); at != std::string::npos; at = s.find("\xc2\xa0", at)) s.replace(at, 2, " ");
  return s;
}

int article_number(std::string_view article) {
  const auto at = article.rfind("Art. ");
  return at == std::string_view::npos ? -1 : std::atoi(std::string(article.substr(at + 5)).c_str());
}

std::string chapter_of(std::string_view article) {
  const auto at = article.find(" Art. ");
  return at == std::string_view::npos ? std::string() : std::string(article.substr(0, at));
}

// The articles a statement mentions ("Art. 18", "Ch. II Art. 7"), in order, the chapter taken from
// `chapter` when not written, each with where it is written.
struct Mention {
  std::string article;
  std::size_t at = 0, length = 0;
};
std::vector<Mention> mentions(const std::string& statement, const std::string& chapter) {
  static const std::regex art(R"((Ch\. (?:II|I|III) )?Art\. (\d+))");
  std::vector<Mention> out;
  for (auto it = std::sregex_iterator(statement.begin(), statement.end(), art); it != std::sregex_iterator(); ++it) {
    const auto& m = *it;
    const std::string ch = m[1].matched ? m[1].str().substr(0, m[1].length() - 1) : chapter;
    out.push_back({(ch.empty() ? "" : ch + " ") + "Art. " + m[2].str(), static_cast<std::size_t>(m.position(0)),
                   static_cast<std::size_t>(m.length(0))});
  }
  return out;
}
}  // namespace

std::string article_of(std::string_view ref) {
  static const std::regex art(R"(^((?:Ch\. (?:II|I|III) )?Art\. \d+))");
  std::match_results<std::string_view::const_iterator> m;
  return std::regex_search(ref.begin(), ref.end(), m, art) ? m[1].str() : std::string();
}

std::vector<std::string> articles_about(const Codex& cx, const CrossRef& ref, std::size_t at_most) {
  const std::string printed = article_of(ref.to), chapter = chapter_of(printed);
  const Clause* from = cx.clause(ref.from);
  const std::string own = from ? article_of(from->ref) : std::string();
  std::vector<std::string> found;
  for (const auto& c : cx.clauses) {
    const std::string a = article_of(c.ref);
    if (a.empty() || a == own || a == printed || chapter_of(a) != chapter || std::find(found.begin(), found.end(), a) != found.end()) continue;
    CrossRef other = ref;
    other.to = a;
    if (check_crossref(cx, other).resolves()) found.push_back(a);
  }
  // Equally near, the article more of whose lines are about the topic first (a heading and a
  // list of systems before a long article that names one system once).
  const auto* lines = source_lines(cx);
  auto share = [&](const std::string& a) {
    CrossRef other = ref;
    other.to = a;
    const auto check = check_crossref(cx, other);
    int about = 0;
    for (int k = check.first_line; lines && k <= check.last_line && k <= static_cast<int>(lines->size()); ++k)
      about += with_plain_spaces((*lines)[k - 1]).find(with_plain_spaces(ref.topic)) != std::string::npos;
    return static_cast<double>(about) / std::max(1, check.last_line - check.first_line + 1);
  };
  const int n = article_number(printed);
  std::stable_sort(found.begin(), found.end(), [&](const std::string& a, const std::string& b) {
    const int da = std::abs(article_number(a) - n), db = std::abs(article_number(b) - n);
    return da != db ? da < db : share(a) > share(b);
  });
  if (found.size() > at_most) found.resize(at_most);
  return found;
}

std::string with_reference_replaced(const std::string& statement, const CrossRef& ref, const std::string& article) {
  const std::string printed = article_of(ref.to);
  for (const auto& m : mentions(statement, chapter_of(printed)))
    if (m.article == printed) {
      // Written as the statement wrote it: the chapter only where it was written.
      const bool chapter_written = statement.compare(m.at, 4, "Ch. ") == 0;
      const std::string words = chapter_written ? article : article.substr(article.find("Art. "));
      return statement.substr(0, m.at) + words + statement.substr(m.at + m.length);
    }
  return "";
}

void reread_crossrefs(Codex& cx, const std::string& clause, const std::string& before, const std::string& after) {
  if (before == after) return;
  for (auto it = cx.crossrefs.begin(); it != cx.crossrefs.end();) {
    if (it->from != clause) {
      ++it;
      continue;
    }
    const std::string printed = article_of(it->to), chapter = chapter_of(printed);
    auto named = [&](const std::vector<Mention>& ms, const std::string& a) {
      return std::any_of(ms.begin(), ms.end(), [&](const Mention& m) { return m.article == a; });
    };
    const auto old_mentions = mentions(before, chapter), new_mentions = mentions(after, chapter);
    if (!named(old_mentions, printed) || named(new_mentions, printed)) {
      ++it;
      continue;
    }
    if (new_mentions.empty()) {
      it = cx.crossrefs.erase(it);
      continue;
    }
    it->to = new_mentions.front().article;
    it->printed = after.substr(new_mentions.front().at, new_mentions.front().length);
    ++it;
  }
}

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
    if (with_plain_spaces((*lines)[n - 1]).find(with_plain_spaces(ref.topic)) != std::string::npos) out.topic_found = true;
  return out;
}

const CrossRef* crossref_at(const Codex& cx, int line) {
  for (const auto& r : cx.crossrefs)
    if (r.line == line) return &r;
  return nullptr;
}

}  // namespace rulespec
