#include "spec/spec.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <optional>
#include <stdexcept>

#include "spec/yaml_load.hpp"

namespace rulespec {

const Value& Ruleset::param(const std::string& name) const {
  auto it = params.find(name);
  if (it == params.end()) throw std::out_of_range("ruleset " + id + " sets no param '" + name + "'");
  return it->second;
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
  for (const auto& f : files) codices.push_back(parse_codex(load_yaml_file(f), f));
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
  }
  Spec s = from_codices(std::move(codices));
  std::vector<std::string> registers;
  const auto register_dir = std::filesystem::path(spec_dir) / "findings";
  if (std::filesystem::is_directory(register_dir))
    for (const auto& entry : std::filesystem::directory_iterator(register_dir))
      if (entry.is_regular_file() && entry.path().extension() == ".yaml") registers.push_back(entry.path().string());
  std::sort(registers.begin(), registers.end());
  FindingRegister reg;
  for (const auto& f : registers) parse_register(load_yaml_file(f), f, reg);
  s.set_findings_register(std::move(reg));
  return s;
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
    if (r.unusual.empty()) out.push_back(&r);
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
    for (const auto& c : cx.clauses)
      for (const auto& rel : c.relations)
        if (!clause(rel.target))
          throw InputError(rel.pos, "unknown clause id '" + excerpt(rel.target) + "'");
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
      // Walk the chain from the root so that nearer definitions override.
      std::vector<const RulesetDecl*> chain;
      for (const RulesetDecl* d = &decl; d; d = d->base.empty() ? nullptr : cx.ruleset(d->base)) chain.push_back(d);
      for (const auto* d : chain) rs.chain.push_back(d->id);
      for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
        for (const auto& [clause_id, reading] : (*it)->readings) rs.readings[clause_id] = reading;
        for (const auto& [name, value] : (*it)->params) rs.params[name] = value;
      }
      rulesets_.push_back(std::move(rs));
    }
  }
}

const Codex* Spec::codex(std::string_view id) const {
  for (const auto& cx : codices_)
    if (cx.id == id) return &cx;
  return nullptr;
}

const Clause* Spec::clause(std::string_view id) const {
  auto dot = id.find('.');
  if (dot == std::string_view::npos) return nullptr;
  const Codex* cx = codex(id.substr(0, dot));
  return cx ? cx->clause(id) : nullptr;
}

std::string Spec::reading(const Ruleset& rs, const Clause& c) const {
  if (auto it = rs.readings.find(c.id); it != rs.readings.end()) return it->second;
  return c.readings.empty() ? std::string() : c.readings.front().id;
}

bool Spec::has_ruleset(std::string_view id) const {
  return std::any_of(rulesets_.begin(), rulesets_.end(), [&](const Ruleset& r) { return r.id == id; });
}

const Ruleset& Spec::ruleset(std::string_view id) const {
  for (const auto& r : rulesets_)
    if (r.id == id) return r;
  throw std::out_of_range("unknown ruleset '" + std::string(id) + "'");
}

std::vector<std::string> Spec::ruleset_ids(std::string_view game) const {
  std::vector<std::string> out;
  for (const auto& r : rulesets_)
    if (game.empty() || r.game == game) out.push_back(r.id);
  return out;
}

}  // namespace rulespec
