// All catalogs together: clause lookup across codices, ruleset composition (base chains,
// readings, params) and amendment overlays. Everything above spec/ sees rulesets only through
// the resolved Ruleset object.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "spec/catalog.hpp"
#include "spec/register.hpp"

namespace rulespec {

// A ruleset with its base chain flattened: readings and params of the nearest definition win.
struct Ruleset {
  std::string id, codex, game, title;
  std::vector<std::string> chain;  // this ruleset first, then its bases
  std::map<std::string, std::string> readings;
  std::map<std::string, Value> params;

  bool has_param(const std::string& name) const { return params.count(name) > 0; }
  const Value& param(const std::string& name) const;  // std::out_of_range naming the param
  std::int64_t int_param(const std::string& name) const { return param(name).as_int(name); }
  double number_param(const std::string& name) const { return param(name).as_number(name); }
  bool bool_param(const std::string& name) const { return param(name).as_bool(name); }
  std::string string_param(const std::string& name) const { return param(name).as_string(name); }
};

class Spec {
 public:
  // Loads every spec/*.yaml catalog under `spec_dir` (sorted by file name) and the findings
  // register spec/findings/*.yaml, and cross-checks them.
  static Spec load_dir(const std::string& spec_dir);
  // Builds from already parsed codices (tests, amendments) and cross-checks them.
  static Spec from_codices(std::vector<Codex> codices);

  const std::vector<Codex>& codices() const { return codices_; }
  const Codex* codex(std::string_view id) const;
  const Clause* clause(std::string_view id) const;
  // The reading a ruleset takes of a clause: explicit choice, else the clause's first reading.
  std::string reading(const Ruleset& rs, const Clause& c) const;
  bool has_ruleset(std::string_view id) const;
  const Ruleset& ruleset(std::string_view id) const;  // throws std::out_of_range
  const std::vector<Ruleset>& rulesets() const { return rulesets_; }
  // Readings a careful reader might take (those not marked unusual), in catalog order.
  std::vector<const Reading*> natural_readings(const Clause& c) const;
  const FindingRegister& findings_register() const { return register_; }
  void set_findings_register(FindingRegister r);
  std::vector<std::string> ruleset_ids(std::string_view game = {}) const;

  // Mutable access for amendments; call rebuild() afterwards.
  std::vector<Codex>& mutable_codices() { return codices_; }
  void rebuild();

 private:
  std::vector<Codex> codices_;
  std::vector<Ruleset> rulesets_;
  FindingRegister register_;
};

// Where the source tree is: $RULESPEC_HOME, else the directory compiled in.
std::string source_root();
// Where the codex source texts are: $RULESPEC_CODICES, else spec/sources in the tree (a copy of
// ../shared/codices).
std::string codices_dir();
// The lines of a codex's source text (line 1 first), or nullptr when the file cannot be read.
const std::vector<std::string>* source_lines(const Codex& cx);

}  // namespace rulespec
