#include "spec/spec.hpp"
#include "spec/tables.hpp"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <set>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <optional>
#include <stdexcept>

#include "spec/parse_cache.hpp"
#include "spec/reads.hpp"
#include "spec/yaml_load.hpp"

namespace rulespec {

bool Ruleset::has_param(const std::string& name) const {
  ReadLog::note(param_key(id, name));
  return params_.count(name) > 0;
}

const Value& Ruleset::param(const std::string& name) const {
  ReadLog::note(param_key(id, name));
  auto it = params_.find(name);
  if (it == params_.end()) throw std::out_of_range("ruleset " + id + " sets no param '" + name + "'");
  return it->second;
}

std::string Ruleset::string_param(const std::string& name) const {
  if (enums_.count(name)) throw std::logic_error("param " + name + " is an enum: read it with Ruleset::choice");
  return param(name).as_string(name);
}

namespace {

// The value a consumer executes: the set one, or what it is declared equivalent to. The consumer
// must handle every declared value that is not declared equivalent, and only declared ones.
std::string executed(const std::string& what, const std::string& value, const std::vector<std::string>& declared,
                     const std::map<std::string, std::string>& equivalent, const std::vector<std::string_view>& handled) {
  for (auto h : handled)
    if (std::find(declared.begin(), declared.end(), h) == declared.end())
      throw UnhandledSetting(what + ": this consumer handles '" + std::string(h) + "', which is not declared");
  auto eq = equivalent.find(value);
  const std::string run = eq == equivalent.end() ? value : eq->second;
  if (std::find(handled.begin(), handled.end(), run) == handled.end()) {
    std::string list;
    for (auto h : handled) list += (list.empty() ? "" : ", ") + std::string(h);
    throw UnhandledSetting(what + " is '" + value + "', which the model does not execute (it handles " + list +
                           "); implement it, or declare it equivalent to one of those");
  }
  return run;
}

}  // namespace

std::string Ruleset::executed_value(const std::string& name, const std::vector<std::string_view>& handled) const {
  const std::string& value = param(name).as_string(name);
  auto e = enums_.find(name);
  if (e == enums_.end()) throw std::logic_error("param " + name + " is not an enum");
  return executed("param " + name + " of ruleset " + id, value, e->second.values, e->second.equivalent, handled);
}

bool Ruleset::is(const std::string& name, std::string_view value) const {
  auto e = enums_.find(name);
  if (e == enums_.end()) throw std::logic_error("param " + name + " is not an enum");
  if (std::find(e->second.values.begin(), e->second.values.end(), value) == e->second.values.end())
    throw UnhandledSetting("param " + name + ": '" + std::string(value) + "' is not declared");
  const std::string& v = param(name).as_string(name);
  auto eq = e->second.equivalent.find(v);
  return (eq == e->second.equivalent.end() ? v : eq->second) == value;
}

std::string Ruleset::reading(std::string_view clause_id) const {
  ReadLog::note(reading_key(id, clause_id));
  auto it = clauses_.find(clause_id);
  return it == clauses_.end() ? std::string() : it->second.taken;
}

std::string Ruleset::executed_reading(std::string_view clause_id, const std::vector<std::string_view>& handled) const {
  ReadLog::note(reading_key(id, clause_id));
  auto it = clauses_.find(clause_id);
  if (it == clauses_.end()) return {};
  return executed("reading of clause " + std::string(clause_id) + " in ruleset " + id, it->second.taken, it->second.values,
                  it->second.equivalent, handled);
}

namespace {

// Per thread: the conformance matrix certifies engines on several threads, each building its own
// rule-off models, and a switch of one must not reach another's queries.
thread_local std::multiset<std::string, std::less<>> switched_off_now;

}  // namespace

ClauseSwitchedOff::ClauseSwitchedOff(std::string clause_id) : clause_id_(std::move(clause_id)) { switched_off_now.insert(clause_id_); }

ClauseSwitchedOff::~ClauseSwitchedOff() { switched_off_now.erase(switched_off_now.find(clause_id_)); }

ClausesAsWritten::ClausesAsWritten() : suspended_(std::move(switched_off_now)) { switched_off_now.clear(); }

ClausesAsWritten::~ClausesAsWritten() { switched_off_now = std::move(suspended_); }

bool Ruleset::applies(std::string_view clause_id) const {
  ReadLog::note(switch_key(clause_id));
  if (removed_.count(clause_id)) return false;
  return switched_off_now.empty() || switched_off_now.find(clause_id) == switched_off_now.end();
}

const std::map<std::string, Value>& Ruleset::all_params() const {
  ReadLog::note(std::string(kEverything));
  return params_;
}

std::map<std::string, std::string> Ruleset::all_readings() const {
  ReadLog::note(std::string(kEverything));
  return explicit_;
}

std::string source_root() {
  if (const char* home = std::getenv("RULESPEC_HOME"); home && *home) return home;
  return RULESPEC_SOURCE_DIR;
}

Spec Spec::load_dir(const std::string& spec_dir) {
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(spec_dir))
    if (entry.is_regular_file() && entry.path().extension() == ".yaml") files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  std::vector<Codex> codices;
  for (const auto& f : files) {
    const Value doc = load_repository_yaml(f);
    codices.push_back(parse_codex(doc, f));
    if (codices.back().id == kGeneratedCodex)
      throw InputError(doc.find("codex")->find("id")->pos(), "codex id '" + codices.back().id +
                                                                 "' is reserved for the catalogs the suite generates to check its methods");
  }
  // A clause's lines must be lines of its source that say something: a ref past the end or onto
  // blank lines would show the reader nothing beside the clause.
  for (const auto& cx : codices) {
    const auto* source = source_lines(cx);
    if (!source) continue;
    for (const auto& c : cx.clauses) {
      if (c.first_line <= 0) continue;
      const std::string range = "[" + std::to_string(c.first_line) + ", " + std::to_string(c.last_line) + "]";
      if (c.last_line > static_cast<int>(source->size()))
        throw InputError(c.pos, "clause " + c.id + ": lines " + range + " run past the " + std::to_string(source->size()) + " lines of " + cx.source);
      bool text = false;
      for (int n = c.first_line; n <= c.last_line && !text; ++n)
        text = (*source)[static_cast<std::size_t>(n - 1)].find_first_not_of(" \t") != std::string::npos;
      if (!text) throw InputError(c.pos, "clause " + c.id + ": lines " + range + " of " + cx.source + " are blank");
    }
    // Lowered once per source, not once per term: every command loads the catalogs.
    std::vector<std::string> lowered;
    if (!cx.glossary.empty())
      for (const auto& line : *source) lowered.push_back(utf8_lower(line));
    for (const auto& t : cx.glossary) {
      const std::string stem = utf8_lower(t.stem);
      std::set<int> listed;
      for (const auto& u : t.uses) {
        if (u.line < 1 || u.line > static_cast<int>(source->size()) ||
            lowered[static_cast<std::size_t>(u.line - 1)].find(stem) == std::string::npos)
          throw InputError(u.pos, "term '" + t.term + "': line " + std::to_string(u.line) + " of " + cx.source + " does not contain '" + t.stem + "'");
        listed.insert(u.line);
      }
      for (std::size_t n = 1; n <= source->size(); ++n)
        if (lowered[n - 1].find(stem) != std::string::npos && !listed.count(static_cast<int>(n)))
          throw InputError(t.pos, "term '" + t.term + "': line " + std::to_string(n) + " of " + cx.source + " uses '" + t.stem +
                                      "' and is not among its uses");
    }
    for (const auto& c : cx.claims)
      if (c.last_line > static_cast<int>(source->size()))
        throw InputError(c.pos, "claim " + c.id + ": lines run past the " + std::to_string(source->size()) + " lines of " + cx.source);
    for (const auto& p : cx.prose) {
      const std::string range = "[" + std::to_string(p.first_line) + ", " + std::to_string(p.last_line) + "]";
      if (p.last_line > static_cast<int>(source->size()))
        throw InputError(p.pos, "prose lines " + range + " run past the " + std::to_string(source->size()) + " lines of " + cx.source);
      auto blank = [&](int n) { return (*source)[static_cast<std::size_t>(n - 1)].find_first_not_of(" \t") == std::string::npos; };
      if (blank(p.first_line) || blank(p.last_line))
        throw InputError(p.pos, "prose lines " + range + " of " + cx.source + " start or end on a blank line");
    }
  }
  Spec s = from_codices(std::move(codices));
  // The YAML files of a directory beside the catalogs, in name order (none when it is absent).
  auto yaml_files_in = [&](const char* name) {
    std::vector<std::string> found;
    const auto dir = std::filesystem::path(spec_dir) / name;
    if (std::filesystem::is_directory(dir))
      for (const auto& entry : std::filesystem::directory_iterator(dir))
        if (entry.is_regular_file() && entry.path().extension() == ".yaml") found.push_back(entry.path().string());
    std::sort(found.begin(), found.end());
    return found;
  };
  FindingRegister reg;
  for (const auto& f : yaml_files_in("findings")) parse_register(load_repository_yaml(f), f, reg);
  s.set_findings_register(std::move(reg));
  std::vector<PairReading> readings;
  for (const auto& f : yaml_files_in("pairs")) readings.push_back(parse_pair_reading(load_repository_yaml(f), f));
  s.set_pair_readings(std::move(readings));
  return s;
}

void Spec::set_pair_readings(std::vector<PairReading> readings) {
  std::set<std::string> read;
  for (const auto& r : readings) {
    const Codex* cx = codex(r.codex);
    if (!cx) throw InputError(r.pos, "pairs: unknown codex '" + excerpt(r.codex) + "'");
    if (!read.insert(r.codex).second) throw InputError(r.pos, "pairs: codex " + r.codex + " is read twice");
    const auto* lines = source_lines(*cx);
    check_pair_reading(r, *cx, register_, lines ? static_cast<int>(lines->size()) : 0);
  }
  pair_readings_ = std::move(readings);
}

void Spec::set_findings_register(FindingRegister r) {
  auto check = [&](const SourceCite& c) {
    if (!codex(c.codex)) throw InputError(c.pos, "cite '" + c.text() + "': unknown codex '" + excerpt(c.codex) + "'");
  };
  for (const auto& n : r.notes) {
    for (const auto& c : n.cites) check(c);
    for (const auto& c : n.best_defence.lines) check(c);
    for (const auto& claim : n.shows)
      if (!has_ruleset(claim.ruleset)) throw InputError(claim.pos, "shows: unknown ruleset '" + excerpt(claim.ruleset) + "'");
  }
  for (const auto& w : r.withdrawn)
    for (const auto& c : w.cites) check(c);
  register_ = std::move(r);
}

std::vector<const Reading*> Spec::natural_readings(const Clause& c) const {
  std::vector<const Reading*> out;
  for (const auto& r : c.readings)
    if (r.unusual.empty() && r.proposal.empty()) out.push_back(&r);
  return out;
}

std::string codices_dir() {
  if (const char* dir = std::getenv("RULESPEC_CODICES"); dir && *dir) return dir;
  // A byte-identical copy of ../shared/codices travels with the tree, so a checkout anywhere
  // reads the same lines (tests/test_spec_loader.cpp compares the copy with ../shared).
  return (std::filesystem::path(source_root()) / "spec" / "sources").string();
}

const std::vector<std::string>* source_lines(const Codex& cx) {
  static std::mutex guard;
  static std::map<std::string, std::optional<std::vector<std::string>>> cache;
  const std::string path = (std::filesystem::path(codices_dir()) / cx.source).string();
  std::lock_guard<std::mutex> lock(guard);
  auto [it, fresh] = cache.try_emplace(path);
  if (fresh) {
    std::ifstream in(path, std::ios::binary);
    if (in) {
      std::vector<std::string> lines;
      for (std::string line; std::getline(in, line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        lines.push_back(std::move(line));
      }
      it->second = std::move(lines);
    }
  }
  return it->second ? &*it->second : nullptr;
}

std::string utf8_lower(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      out += static_cast<char>(std::tolower(c));
      continue;
    }
    // Cyrillic capitals: U+0410..U+042F (D0 90..D0 AF) and U+0401 (D0 81), the two-byte forms.
    if (c == 0xD0 && i + 1 < s.size()) {
      const auto d = static_cast<unsigned char>(s[i + 1]);
      if (d >= 0x90 && d <= 0x9F) { out += static_cast<char>(0xD0); out += static_cast<char>(d + 0x20); ++i; continue; }
      if (d >= 0xA0 && d <= 0xAF) { out += static_cast<char>(0xD1); out += static_cast<char>(d - 0x20); ++i; continue; }
      if (d == 0x81) { out += static_cast<char>(0xD1); out += static_cast<char>(0x91); ++i; continue; }
    }
    out += static_cast<char>(c);
  }
  return out;
}

LineCoverage line_coverage(const Spec& spec, const Codex& cx) {
  LineCoverage out;
  const auto* lines = source_lines(cx);
  if (!lines) return out;
  std::vector<char> cited(lines->size() + 1, 0), prose(lines->size() + 1, 0);
  auto mark = [&](std::vector<char>& v, int first, int last) {
    for (int n = std::max(first, 1); n <= last && n < static_cast<int>(v.size()); ++n) v[static_cast<std::size_t>(n)] = 1;
  };
  for (const auto& other : spec.codices()) {
    if (other.source != cx.source) continue;
    for (const auto& c : other.clauses)
      if (c.first_line) mark(cited, c.first_line, c.last_line);
    for (const auto& p : other.prose) mark(prose, p.first_line, p.last_line);
  }
  for (std::size_t n = 1; n <= lines->size(); ++n) {
    if ((*lines)[n - 1].find_first_not_of(" \t\r") == std::string::npos) continue;
    ++out.nonblank;
    if (cited[n]) ++out.cited;
    else if (prose[n]) ++out.prose;
    else out.unaccounted.push_back(static_cast<int>(n));
  }
  return out;
}

Spec Spec::from_codices(std::vector<Codex> codices) {
  Spec s;
  s.codices_ = std::move(codices);
  s.rebuild();
  return s;
}

void Spec::rebuild() {
  // Codex ids, clause ids and ruleset ids are unique across the whole spec.
  std::map<std::string, const SourcePos*> codex_ids, rulesets;
  for (const auto& cx : codices_) {
    if (!codex_ids.emplace(cx.id, nullptr).second)
      throw InputError(SourcePos{std::make_shared<const std::string>(cx.file), 1, 1}, "duplicate codex id '" + cx.id + "'");
    for (const auto& rs : cx.rulesets)
      if (!rulesets.emplace(rs.id, &rs.pos).second)
        throw InputError(rs.pos, "ruleset id '" + rs.id + "' is defined by two codices");
  }
  for (const auto& cx : codices_)
    for (const auto& c : cx.clauses) {
      for (const auto& rel : c.relations)
        if (!clause(rel.target))
          throw InputError(rel.pos, "unknown clause id '" + excerpt(rel.target) + "'");
      for (const auto& t : c.applied_through)
        if (!cx.clause(t))
          throw InputError(c.pos, "clause " + c.id + ": applied_through names '" + excerpt(t) + "', which is no clause of " + cx.id);
    }
  // Every reading a ruleset picks must still exist (an amendment may replace a clause's readings).
  for (const auto& cx : codices_)
    for (const auto& rs : cx.rulesets)
      for (const auto& [clause_id, reading] : rs.readings) {
        const Clause* c = cx.clause(clause_id);
        if (!c) throw InputError(rs.pos, "ruleset " + rs.id + " picks a reading of clause " + clause_id + ", which is gone");
        if (!c->reading(reading))
          throw InputError(rs.pos, "ruleset " + rs.id + " picks reading '" + reading + "' of clause " + clause_id +
                                       ", which no longer has it");
      }
  rulesets_.clear();
  for (const auto& cx : codices_) {
    for (const auto& decl : cx.rulesets) {
      Ruleset rs;
      rs.id = decl.id;
      rs.codex = cx.id;
      rs.game = cx.game;
      rs.title = decl.title;
      rs.aliases = decl.aliases;
      // Walk the chain from the root so that nearer definitions override.
      std::vector<const RulesetDecl*> chain;
      for (const RulesetDecl* d = &decl; d; d = d->base.empty() ? nullptr : cx.ruleset(d->base)) chain.push_back(d);
      for (const auto* d : chain) {
        rs.chain.push_back(d->id);
        rs.own_rules.insert(rs.own_rules.end(), d->rules.begin(), d->rules.end());
      }
      // Levels count from the root: where each param was last set and each reading last chosen.
      std::map<std::string, int> param_level, reading_level;
      int level = 0;
      for (auto it = chain.rbegin(); it != chain.rend(); ++it, ++level) {
        for (const auto& [clause_id, reading] : (*it)->readings) {
          rs.explicit_[clause_id] = reading;
          reading_level[clause_id] = level;
        }
        for (const auto& [name, value] : (*it)->params) {
          rs.params_[name] = value;
          param_level[name] = level;
        }
      }
      // A reading taken explicitly may fix params (Reading::sets): it overrides what a base ruleset
      // set, and contradicts a value set where it is chosen or nearer.
      for (const auto& [clause_id, reading_id] : rs.explicit_) {
        const Clause* c = cx.clause(clause_id);
        const Reading* r = c ? c->reading(reading_id) : nullptr;
        if (r && r->equivalent_to) r = c->reading(r->equivalent_to->to);  // executed as that one
        if (!r) continue;
        for (const auto& [name, value] : r->sets) {
          auto it = rs.params_.find(name);
          if (it != rs.params_.end() && !(it->second == value) && param_level[name] >= reading_level[clause_id])
            throw InputError(decl.pos, "ruleset " + rs.id + " gives param " + name + " the value " + it->second.dump() + ", but the reading " +
                                           reading_id + " of " + clause_id + " it takes fixes it at " + value.dump() +
                                           ": choose the reading that gives the value instead");
          rs.params_[name] = value;
        }
      }
      for (const auto& p : cx.params) {
        if (p.type != "enum") continue;
        auto& choice = rs.enums_[p.id];
        choice.values = p.values;
        for (const auto& [from, eq] : p.equivalent) choice.equivalent[from] = eq.to;
      }
      for (const auto& c : cx.clauses) {
        if (c.readings.empty()) continue;
        auto& choice = rs.clauses_[c.id];
        for (const auto& r : c.readings) {
          choice.values.push_back(r.id);
          if (r.equivalent_to) choice.equivalent[r.id] = r.equivalent_to->to;
        }
        auto ex = rs.explicit_.find(c.id);
        choice.taken = ex != rs.explicit_.end() ? ex->second : c.readings.front().id;
      }
      rs.removed_.insert(cx.removed_clauses.begin(), cx.removed_clauses.end());
      rulesets_.push_back(std::move(rs));
    }
  }
  // A table's param bounds and outcomes read as the first ruleset that sets its params gives them
  // (the codex's default, unless the table's rule is another ruleset's: the 24-point rule), for
  // the analysis and the report, until a model resolves them for its own ruleset.
  for (auto& cx : codices_)
    for (auto& t : cx.decisions) {
      const std::vector<std::string> params = table_params(t);
      if (params.empty()) continue;
      const auto first = std::find_if(cx.rulesets.begin(), cx.rulesets.end(), [&](const RulesetDecl& d) {
        const Ruleset& rs = ruleset(d.id);
        return std::all_of(params.begin(), params.end(), [&](const std::string& p) { return rs.has_param(p); });
      });
      if (first == cx.rulesets.end())
        throw InputError(t.pos, "decision table " + t.id + " takes its rows from params no ruleset of " + cx.id + " sets all of (" + params.front() + ")");
      resolve_in_place(t, ruleset(first->id));
    }
  // A rule's id names one rule, and no clause, across all codices.
  std::set<std::string> rule_ids;
  for (const auto& cx : codices_)
    for (const auto& decl : cx.rulesets)
      for (const auto& rule : decl.rules) {
        if (!rule_ids.insert(rule.id).second) throw InputError(rule.pos, "rule id '" + rule.id + "' is declared twice");
        for (const auto& other : codices_)
          if (other.clause(rule.id)) throw InputError(rule.pos, "rule id '" + rule.id + "' is a clause id of " + other.id);
      }
  // An alias names one ruleset across all codices.
  for (const auto& cx : codices_)
    for (const auto& decl : cx.rulesets)
      for (const auto& alias : decl.aliases)
        for (const auto& other : rulesets_)
          if (other.id == alias || (other.id != decl.id && std::count(other.aliases.begin(), other.aliases.end(), alias)))
            throw InputError(decl.pos, "alias '" + alias + "' of ruleset " + decl.id + " already names ruleset " + other.id);
}

const SourceRule* Ruleset::rule_forbidding(std::string_view reason) const {
  for (const auto& rule : own_rules)
    if (std::find(rule.forbids.begin(), rule.forbids.end(), reason) != rule.forbids.end()) return &rule;
  return nullptr;
}

const SourceRule* Spec::source_rule(std::string_view id, const RulesetDecl** declared_by) const {
  for (const auto& cx : codices_)
    for (const auto& decl : cx.rulesets)
      for (const auto& rule : decl.rules)
        if (rule.id == id) {
          if (declared_by) *declared_by = &decl;
          return &rule;
        }
  return nullptr;
}

const std::vector<Codex>& Spec::codices() const {
  ReadLog::note(std::string(kEverything));
  return codices_;
}

std::vector<Codex>& Spec::mutable_codices() {
  ReadLog::note(std::string(kEverything));
  return codices_;
}

const Codex* Spec::find_codex(std::string_view id) const {
  for (const auto& cx : codices_)
    if (cx.id == id) return &cx;
  return nullptr;
}

const Codex* Spec::codex(std::string_view id) const {
  ReadLog::note(codex_key(id));
  return find_codex(id);
}

const Clause* Spec::clause(std::string_view id) const {
  ReadLog::note(clause_key(id));
  auto dot = id.find('.');
  if (dot == std::string_view::npos) return nullptr;
  const Codex* cx = find_codex(id.substr(0, dot));
  return cx ? cx->clause(id) : nullptr;
}

std::string Spec::reading(const Ruleset& rs, const Clause& c) const { return rs.reading(c.id); }

bool Spec::has_ruleset(std::string_view id) const {
  return std::any_of(rulesets_.begin(), rulesets_.end(), [&](const Ruleset& r) {
    return r.id == id || std::find(r.aliases.begin(), r.aliases.end(), id) != r.aliases.end();
  });
}

// By id or by alias; an alias resolves to its ruleset, whose id the answers then name.
const Ruleset& Spec::ruleset(std::string_view id) const {
  for (const auto& r : rulesets_)
    if (r.id == id) return r;
  for (const auto& r : rulesets_)
    if (std::find(r.aliases.begin(), r.aliases.end(), id) != r.aliases.end()) return r;
  throw std::out_of_range("unknown ruleset '" + std::string(id) + "'");
}

std::vector<std::string> Spec::ruleset_ids(std::string_view game) const {
  std::vector<std::string> out;
  for (const auto& r : rulesets_)
    if (game.empty() || r.game == game) out.push_back(r.id);
  return out;
}

}  // namespace rulespec
