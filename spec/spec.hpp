// All catalogs together: clause lookup across codices, ruleset composition (base chains,
// readings, params) and amendment overlays. Everything above spec/ sees rulesets only through
// the resolved Ruleset object.
#pragma once
#include <initializer_list>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "spec/catalog.hpp"
#include "spec/pairs.hpp"
#include "spec/register.hpp"

namespace rulespec {

// A setting a consumer was given but does not handle: a catalog value (or an amendment's) that no
// code path executes. Never caught quietly: a setting we accept is a setting we honour.
class UnhandledSetting : public std::logic_error {
 public:
  explicit UnhandledSetting(const std::string& what) : std::logic_error("unhandled value: " + what) {}
};

// A ruleset with its base chain flattened: readings and params of the nearest definition win.
// Every read is noted for rulespec amend (spec/reads.hpp), which is why the maps are private.
class Ruleset {
 public:
  std::string id, codex, game, title;
  std::vector<std::string> aliases;  // other names it answers to (engine configuration names)
  std::vector<std::string> chain;  // this ruleset first, then its bases
  // The rules of the ruleset's own source along its chain, nearest first (RulesetDecl::rules).
  std::vector<SourceRule> own_rules;
  // The nearest own rule that accounts for a refusal reason; nullptr when the codex's clause does.
  const SourceRule* rule_forbidding(std::string_view reason) const;

  bool has_param(const std::string& name) const;
  const Value& param(const std::string& name) const;  // std::out_of_range naming the param
  std::int64_t int_param(const std::string& name) const { return param(name).as_int(name); }
  double number_param(const std::string& name) const { return param(name).as_number(name); }
  bool bool_param(const std::string& name) const { return param(name).as_bool(name); }
  // A param of type string; an enum is read with choice(), which knows its declared values.
  std::string string_param(const std::string& name) const;

  // An enum param as the consumer's own type: `handled` maps each declared value (after its
  // declared equivalences, see ParamDecl::equivalent) to what it means here. A value the consumer
  // does not list, or a listed value the catalog does not declare, throws UnhandledSetting.
  template <class T>
  T choice(const std::string& name, std::initializer_list<std::pair<std::string_view, T>> handled) const {
    const std::string value = executed_value(name, names_of(handled));
    for (const auto& [v, t] : handled)
      if (v == value) return t;
    throw UnhandledSetting("unreachable");
  }
  bool is(const std::string& name, std::string_view value) const;  // choice() for one value: the rest are "not it"

  // The reading this ruleset takes of a clause of its codex (its explicit choice, else the
  // clause's first reading); empty for a clause without readings or not in the codex.
  std::string reading(std::string_view clause_id) const;
  // The reading as the models execute it, mapped like choice(); `absent` when the clause has no
  // readings (or an amendment removed it).
  template <class T>
  T reading_choice(std::string_view clause_id, std::initializer_list<std::pair<std::string_view, T>> handled, T absent) const {
    const std::string r = executed_reading(clause_id, names_of(handled));
    if (r.empty()) return absent;
    for (const auto& [v, t] : handled)
      if (v == r) return t;
    throw UnhandledSetting("unreachable");
  }

  // Whether the models apply a clause of this ruleset's codex. False when an amendment removed it
  // (remove_clauses) or while a ClauseSwitchedOff names it (the decisive checks): the models then
  // behave as if the text lacked it. Noted as a read of the clause's switch (spec/reads.hpp).
  // Only the query layer's registered switches ask (queries/switches.hpp).
  bool applies(std::string_view clause_id) const;

  // For listings and comparisons: everything as composed (noted as reading everything).
  const std::map<std::string, Value>& all_params() const;
  std::map<std::string, std::string> all_readings() const;

 private:
  friend class Spec;
  template <class T>
  static std::vector<std::string_view> names_of(std::initializer_list<std::pair<std::string_view, T>> handled) {
    std::vector<std::string_view> out;
    for (const auto& h : handled) out.push_back(h.first);
    return out;
  }
  std::string executed_value(const std::string& name, const std::vector<std::string_view>& handled) const;
  std::string executed_reading(std::string_view clause_id, const std::vector<std::string_view>& handled) const;

  // A param's or a clause's declared values, those declared equivalent to another, and (for a
  // clause) the reading taken.
  struct Choice {
    std::vector<std::string> values;
    std::map<std::string, std::string> equivalent;
    std::string taken;
  };
  std::map<std::string, Value> params_;
  std::map<std::string, Choice> enums_;                // enum params of the codex
  std::map<std::string, Choice, std::less<>> clauses_;  // every clause of the codex with readings
  std::map<std::string, std::string> explicit_;         // the choices the ruleset chain writes down
  std::set<std::string, std::less<>> removed_;          // clauses of the codex an amendment removed
};

// While one lives, Ruleset::applies answers false for the clause under every ruleset, on this
// thread: a case, property or probe run in its scope is run as if the text lacked the clause, so
// that its answer can be compared with the answer the clause gives (is the item decisive for it?).
// Several may live at once (a rule-blind run lacks several clauses).
class ClauseSwitchedOff {
 public:
  explicit ClauseSwitchedOff(std::string clause_id);
  ~ClauseSwitchedOff();
  ClauseSwitchedOff(const ClauseSwitchedOff&) = delete;
  ClauseSwitchedOff& operator=(const ClauseSwitchedOff&) = delete;

 private:
  std::string clause_id_;
};

// While one lives, this thread's ClauseSwitchedOff are suspended (an amendment's removals stay):
// a property builds the rules its expectations come from as the text has them, and its model's
// rules under the switches, so that a model without the clause can fail it.
class ClausesAsWritten {
 public:
  ClausesAsWritten();
  ~ClausesAsWritten();
  ClausesAsWritten(const ClausesAsWritten&) = delete;
  ClausesAsWritten& operator=(const ClausesAsWritten&) = delete;

 private:
  std::multiset<std::string, std::less<>> suspended_;
};

class Spec {
 public:
  // Loads every spec/*.yaml catalog under `spec_dir` (sorted by file name) and the findings
  // register spec/findings/*.yaml, and cross-checks them.
  static Spec load_dir(const std::string& spec_dir);
  // Builds from already parsed codices (tests, amendments) and cross-checks them.
  static Spec from_codices(std::vector<Codex> codices);

  const std::vector<Codex>& codices() const;  // noted as reading everything
  const Codex* codex(std::string_view id) const;
  const Clause* clause(std::string_view id) const;
  // The reading a ruleset takes of a clause: explicit choice, else the clause's first reading.
  std::string reading(const Ruleset& rs, const Clause& c) const;
  // A rule of a ruleset's own source (RulesetDecl::rules) by id, and the ruleset declaring it.
  const SourceRule* source_rule(std::string_view id, const RulesetDecl** declared_by = nullptr) const;
  bool has_ruleset(std::string_view id) const;
  const Ruleset& ruleset(std::string_view id) const;  // throws std::out_of_range
  const std::vector<Ruleset>& rulesets() const { return rulesets_; }
  // Readings a careful reader might take of the text as written (neither unusual nor a proposed
  // change), in catalog order.
  std::vector<const Reading*> natural_readings(const Clause& c) const;
  const FindingRegister& findings_register() const { return register_; }
  void set_findings_register(FindingRegister r);
  // The second readings of the codices, pair by pair (spec/pairs/<codex>.yaml), checked against
  // the catalogs and the register.
  const std::vector<PairReading>& pair_readings() const { return pair_readings_; }
  void set_pair_readings(std::vector<PairReading> r);
  std::vector<std::string> ruleset_ids(std::string_view game = {}) const;

  // Mutable access for amendments; call rebuild() afterwards.
  std::vector<Codex>& mutable_codices();
  void rebuild();

 private:
  const Codex* find_codex(std::string_view id) const;  // not noted: for lookups that note their own key
  std::vector<Codex> codices_;
  std::vector<Ruleset> rulesets_;
  FindingRegister register_;
  std::vector<PairReading> pair_readings_;
};

// Where the source tree is: $RULESPEC_HOME, else the directory compiled in.
std::string source_root();
// Where the codex source texts are: $RULESPEC_CODICES, else spec/sources in the tree (a copy of
// ../shared/codices).
std::string codices_dir();
// The lines of a codex's source text (line 1 first), or nullptr when the file cannot be read.
const std::vector<std::string>* source_lines(const Codex& cx);

// How the non-blank lines of a codex's source are accounted for: cited by a clause of any catalog
// on the same text, or listed as prose by one of them; `unaccounted` are the rest.
struct LineCoverage {
  int nonblank = 0, cited = 0, prose = 0;
  std::vector<int> unaccounted;
};
LineCoverage line_coverage(const Spec& spec, const Codex& cx);
// Lower case for ASCII and the Cyrillic alphabet (ё included), for matching a term's stem.
std::string utf8_lower(std::string_view s);

}  // namespace rulespec
