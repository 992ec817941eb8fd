// What one unit of the suite's work read from the spec, so that `rulespec amend` re-runs only the
// work an amendment can reach. The accessors of Spec and Ruleset note every read of a ruleset's
// param or reading, of a clause and of a codex while a ReadLog is open in this process; the keys
// an amendment changes are computed by comparing the two specs (changed_keys). A unit whose reads
// miss every changed key computes what it computed before, because everything it could see is
// the same: that is the whole argument, and why every access to catalog data goes through a
// noting accessor (Ruleset keeps its maps private).
#pragma once
#include <set>
#include <string>
#include <string_view>

namespace rulespec {

class Spec;

// Keys, one per thing an amendment can change.
std::string param_key(std::string_view ruleset, std::string_view param);      // "param:RULESET:NAME"
std::string reading_key(std::string_view ruleset, std::string_view clause);   // "reading:RULESET:CLAUSE"
std::string clause_key(std::string_view clause);                               // "clause:ID"
std::string codex_key(std::string_view codex);                                 // "codex:ID" (all of its clauses)
std::string switch_key(std::string_view clause);                               // "switch:ID" (whether the models apply it)
inline constexpr std::string_view kEverything = "*";                           // read everything

// Open while one unit runs; not nested. Reads in other threads of the process are noted too.
class ReadLog {
 public:
  ReadLog();
  ~ReadLog();
  ReadLog(const ReadLog&) = delete;
  ReadLog& operator=(const ReadLog&) = delete;
  std::set<std::string> take();  // the keys noted so far, and the log emptied

  static void note(std::string key);  // no-op while no log is open
  static bool open();
};

// The keys whose values differ between `before` and `after`: params and readings of each
// ruleset as composed, clauses (any field, added or removed) and, for a changed clause, its codex.
std::set<std::string> changed_keys(const Spec& before, const Spec& after);
// Whether a unit that read `reads` can see a change of `changed`.
bool reaches(const std::set<std::string>& reads, const std::set<std::string>& changed);

}  // namespace rulespec
