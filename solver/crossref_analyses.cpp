// The source texts' references to their own articles (spec: crossrefs), each checked: does the
// article exist, and is it about what the reference says? A reference that lands elsewhere is
// a finding; its witness is the `crossref` query at that line.
#include "spec/crossref.hpp"
#include "solver/finding.hpp"

namespace rulespec {
namespace {

void crossrefs(const Spec& spec, AnalysisOutcome& out) {
  int checked = 0, wrong = 0;
  for (const auto& cx : spec.codices()) {
    if (cx.crossrefs.empty()) continue;
    if (!source_lines(cx)) throw std::runtime_error("source text " + cx.source + " not found in " + codices_dir());
    const std::string ruleset = cx.rulesets.front().id;
    for (const auto& ref : cx.crossrefs) {
      ++checked;
      const auto check = check_crossref(cx, ref);
      if (check.resolves()) continue;
      ++wrong;
      const std::string line = std::to_string(ref.line);
      Finding f{
          .id = "F-" + cx.id + "-crossref-line-" + line,
          .kind = "reference",
          .summary = "Line " + line + " refers to " + ref.to + " for " + ref.about + ", " +
              (check.article_found ? "which that article is not about" : std::string("an article the text does not have")),
          .explanation = "The text at line " + line + " ('" + ref.printed + "') sends the reader to " + ref.to + " for " + ref.about +
              ". " +
              (check.article_found ? ref.to + " (lines " + std::to_string(check.first_line) + "-" +
              std::to_string(check.last_line) + ") never mentions it (no '" + ref.topic + "')."
              : std::string("The text has no such article.")),
          .clauses = {ref.from},
          .rulesets = {ruleset},
          .witness = Value::map(),
      };
      f.witness.set("line", Value::integer(ref.line));
      f.witness.set("printed", Value::string(ref.printed));
      f.witness.set("to", Value::string(ref.to));
      f.witness.set("topic", Value::string(ref.topic));
      f.case_id = cx.id + ".crossref.line-" + line;
      // The articles about the reference's topic, each written into the referring clause: the
      // check, re-reading the amended clause's words, accepts them.
      if (const Clause* from = spec.clause(ref.from))
        for (const auto& article : articles_about(cx, ref, 2)) {
          const std::string statement = with_reference_replaced(from->statement, ref, article);
          if (!statement.empty())
            f.restatements.push_back({ref.from, statement, "the reference sent to " + article + ", which is about " + ref.about + " ('" + ref.topic + "')"});
        }
      out.findings.push_back(f);
    }
  }
  out.detail = std::to_string(checked) + " cross-references checked, " + std::to_string(wrong) + " land on the wrong article";
}

}  // namespace

void register_crossref_analyses(std::vector<AnalysisInfo>& out) {
  out.push_back({"source.crossrefs", "every reference a source text makes to its own articles: does it exist and is it about its topic?",
                 {"ru-go-1985.art4.p1.note3", "jishogi.jsa-2013.adoption"}, crossrefs});
}

}  // namespace rulespec
