// The findings register (spec/findings/<codex>.yaml): what we claim about each codex text and at
// what size. Analyses find candidates; a candidate is reported only with its register entry —
// its severity, the source lines it cites, the text's best defence and why the finding survives
// it, and what replaying its witness must show. Findings withdrawn after review stay listed with
// their reason, so an id is never reused and the decision can be read again.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "spec/value.hpp"

namespace rulespec {

inline const std::vector<std::string>& finding_severities() {
  static const std::vector<std::string> s = {"defect", "wording", "difference"};
  return s;
}

// Lines of one codex's source text: "ing-1996:104" or "ru-go-1985:81-85".
struct SourceCite {
  std::string codex;
  int first = 0, last = 0;
  SourcePos pos;
  std::string text() const;
};
SourceCite parse_cite(const Value& v);

// Replaying `case_id` under `ruleset` must give an answer that contains `actual`.
struct ReplayClaim {
  std::string case_id, ruleset;
  Value actual;
  SourcePos pos;
};

struct BestDefence {
  std::string reading;              // the strongest reading under which the text is fine
  std::vector<SourceCite> lines;    // where that reading finds its support
  std::string answer;               // why the finding still stands, or why its severity is what it is
};

struct FindingNote {
  std::string id, severity, review;
  std::vector<SourceCite> cites;
  BestDefence best_defence;
  std::vector<ReplayClaim> shows;
  std::string file;
  SourcePos pos;
};

struct WithdrawnFinding {
  std::string id, review, reason;
  std::vector<SourceCite> cites;
  std::string file;
  SourcePos pos;
};

struct FindingRegister {
  std::vector<FindingNote> notes;
  std::vector<WithdrawnFinding> withdrawn;

  const FindingNote* note(std::string_view id) const;
  const WithdrawnFinding* withdrawn_entry(std::string_view id) const;
};

// Parses one register file into `into`; ids must be new across the register.
void parse_register(const Value& doc, const std::string& file, FindingRegister& into);

}  // namespace rulespec
