#include "spec/register.hpp"

#include <algorithm>

#include "spec/catalog.hpp"

namespace rulespec {

std::string SourceCite::text() const {
  return codex + ":" + std::to_string(first) + (last != first ? "-" + std::to_string(last) : "");
}

SourceCite parse_cite(const Value& v) {
  const std::string& s = v.as_string("cite");
  SourceCite c;
  c.pos = v.pos();
  const auto colon = s.find(':');
  auto bad = [&] {
    return InputError(v.pos(), "cite '" + excerpt(s) + "': expected <codex>:<line> or <codex>:<first>-<last>");
  };
  if (colon == std::string::npos || colon == 0) throw bad();
  c.codex = s.substr(0, colon);
  const std::string range = s.substr(colon + 1);
  const auto dash = range.find('-');
  auto number = [&](std::string_view t) {
    if (t.empty() || t.size() > 6 || !std::all_of(t.begin(), t.end(), [](char ch) { return ch >= '0' && ch <= '9'; }))
      throw bad();
    return std::stoi(std::string(t));
  };
  c.first = number(std::string_view(range).substr(0, dash));
  c.last = dash == std::string::npos ? c.first : number(std::string_view(range).substr(dash + 1));
  if (c.first < 1 || c.last < c.first) throw bad();
  return c;
}

const FindingNote* FindingRegister::note(std::string_view id) const {
  for (const auto& n : notes)
    if (n.id == id) return &n;
  return nullptr;
}

const WithdrawnFinding* FindingRegister::withdrawn_entry(std::string_view id) const {
  for (const auto& w : withdrawn)
    if (w.id == id) return &w;
  return nullptr;
}

namespace {

std::string finding_id(const Value& v, const std::string& codex) {
  const std::string& id = v.as_string("finding id");
  const std::string prefix = "F-" + codex + "-";
  if (id.rfind(prefix, 0) != 0 || id.size() == prefix.size())
    throw InputError(v.pos(), "finding id '" + excerpt(id) + "' must start with '" + prefix + "'");
  return id;
}

std::vector<SourceCite> cite_list(const Value& v, std::string_view what) {
  std::vector<SourceCite> out;
  for (const Value& c : v.as_list(what)) out.push_back(parse_cite(c));
  if (out.empty()) throw InputError(v.pos(), std::string(what) + ": at least one line is required");
  return out;
}

std::string non_empty(Fields& f, std::string_view key) {
  const Value& v = f.required(key);
  const std::string& s = v.as_string(key);
  if (s.find_first_not_of(" \t\n") == std::string::npos) throw InputError(v.pos(), std::string(key) + ": must not be empty");
  return s;
}

}  // namespace

void parse_register(const Value& doc, const std::string& file, FindingRegister& into) {
  Fields top(doc, "findings register");
  const std::string codex = top.string("register");
  auto fresh = [&](const std::string& id, const SourcePos& pos) {
    if (into.note(id) || into.withdrawn_entry(id)) throw InputError(pos, "finding '" + id + "' is registered twice");
  };
  if (const Value* list = top.optional("findings"))
    for (const Value& node : list->as_list("findings")) {
      Fields f(node, "finding");
      FindingNote n;
      n.pos = node.pos();
      n.file = file;
      n.id = finding_id(f.required("id"), codex);
      fresh(n.id, n.pos);
      n.severity = one_of(f.required("severity"), finding_severities(), "severity");
      n.cites = cite_list(f.required("cites"), "cites");
      {
        Fields d(f.required("best_defence"), "best_defence of " + n.id);
        n.best_defence.reading = non_empty(d, "reading");
        n.best_defence.lines = cite_list(d.required("lines"), "best_defence lines");
        n.best_defence.answer = non_empty(d, "answer");
        d.done();
      }
      for (const Value& s : f.required("shows").as_list("shows")) {
        Fields r(s, "shows entry of " + n.id);
        ReplayClaim claim;
        claim.pos = s.pos();
        claim.case_id = r.string("case");
        claim.ruleset = r.string("ruleset");
        claim.actual = r.required("actual");
        claim.actual.as_map("actual");
        r.done();
        n.shows.push_back(std::move(claim));
      }
      if (n.shows.empty()) throw InputError(node.pos(), "finding " + n.id + ": 'shows' needs at least one replay");
      n.review = f.optional_string("review");
      f.done();
      into.notes.push_back(std::move(n));
    }
  if (const Value* list = top.optional("withdrawn"))
    for (const Value& node : list->as_list("withdrawn")) {
      Fields f(node, "withdrawn finding");
      WithdrawnFinding w;
      w.pos = node.pos();
      w.file = file;
      w.id = finding_id(f.required("id"), codex);
      fresh(w.id, w.pos);
      w.reason = non_empty(f, "reason");
      w.review = f.optional_string("review");
      if (const Value* c = f.optional("cites")) w.cites = cite_list(*c, "cites");
      f.done();
      into.withdrawn.push_back(std::move(w));
    }
  top.done();
}

}  // namespace rulespec
