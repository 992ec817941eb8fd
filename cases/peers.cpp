#include "cases/peers.hpp"

#include <algorithm>
#include <filesystem>
#include <set>

#include "queries/query.hpp"
#include "spec/parse_cache.hpp"
#include "spec/yaml_load.hpp"

namespace rulespec {

namespace {

bool is_commit(const std::string& s) {
  return s.size() == 40 && std::all_of(s.begin(), s.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

bool is_id(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; });
}

std::vector<std::string> sorted_strings(const Value& list) {
  std::vector<std::string> out;
  for (const Value& v : list.as_list()) out.push_back(v.as_string());
  std::sort(out.begin(), out.end());
  return out;
}

bool string_list(const Value& v) {
  if (!v.is_list()) return false;
  for (const Value& x : v.as_list())
    if (!x.is_string()) return false;
  return true;
}

// Maps: every expected key present with a matching value (the peer states part of what we
// answer); lists of strings: equal ignoring order; anything else: equal.
bool same(const Value& expected, const Value& actual) {
  if (expected.is_map() && actual.is_map()) {
    for (const auto& e : expected.as_map()) {
      const Value* v = actual.find(e.key);
      if (!v || !same(e.value, *v)) return false;
    }
    return true;
  }
  if (string_list(expected) && string_list(actual)) return sorted_strings(expected) == sorted_strings(actual);
  return expected == actual;
}

Value answer(const Spec& spec, const Value& request) {
  try {
    return run_query(spec, request);
  } catch (const QueryError& e) {
    return error_value(e.code, e.what());
  } catch (const InputError& e) {
    return error_value("bad-request", e.message(), e.pos());
  } catch (const std::exception& e) {
    return error_value("internal", e.what());
  }
}

bool gives(const PeerItem& item, const Value& actual) {
  if (!item.expect_error.empty()) {
    const Value* err = actual.find("error");
    return err && err->find("code") && err->find("code")->as_string() == item.expect_error;
  }
  return peer_answer_matches(item.expect, actual);
}

Value request_for(const PeerSuite& s, const PeerItem& item, const std::string& ruleset) {
  Value req = Value::map(item.pos);
  req.set("game", Value::string(s.game));
  req.set("ruleset", Value::string(ruleset));
  for (const auto& e : item.request.as_map())
    if (e.key != "ruleset") req.set(e.key, e.value, e.key_pos);
  return req;
}

std::string brief(const Value& actual, const PeerItem& item) {
  if (const Value* err = actual.find("error")) return "error " + err->find("code")->as_string();
  if (!item.expect.is_map()) return actual.dump();
  Value shown = Value::map();
  for (const auto& e : item.expect.as_map())
    if (const Value* v = actual.find(e.key)) shown.set(e.key, *v);
  return shown.dump();
}

}  // namespace

bool peer_answer_matches(const Value& expected, const Value& actual) {
  return expected.is_map() && actual.is_map() && !actual.find("error") && same(expected, actual);
}

const char* to_string(PeerItemOutcome::Status s) {
  switch (s) {
    case PeerItemOutcome::Status::Agrees: return "agrees";
    case PeerItemOutcome::Status::ReadingDifference: return "reading difference";
    case PeerItemOutcome::Status::Disagrees: return "disagrees";
    case PeerItemOutcome::Status::StaleMark: return "marked as a difference but agrees";
  }
  return "";
}

std::vector<std::string> peer_suite_paths(const std::string& dir) {
  std::vector<std::string> out;
  if (!std::filesystem::exists(dir)) return out;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
    if (e.is_regular_file() && e.path().extension() == ".yaml") out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

PeerSuite load_peer_suite(const std::string& path, const Spec* spec) {
  const Value doc = load_repository_yaml(path);
  Fields f(doc, "peer suite");
  PeerSuite s;
  s.path = path;
  const Value& suite = f.required("suite");
  s.suite = suite.as_string("suite");
  if (!is_id(s.suite)) throw InputError(suite.pos(), "suite: '" + excerpt(s.suite) + "' is not an id of a-z, 0-9 and '-'");
  s.game = one_of(f.required("game"), games(), "game");
  const Value& source = f.required("source");
  Fields src(source, "source");
  s.repo = src.string("repo");
  if (std::count(s.repo.begin(), s.repo.end(), '/') != 1)
    throw InputError(src.required("repo").pos(), "source.repo: '" + excerpt(s.repo) + "' is not owner/name");
  for (const Value& file : src.required("files").as_list("source.files")) s.files.push_back(file.as_string("a file"));
  if (s.files.empty()) throw InputError(source.pos(), "source.files: name at least one file");
  const Value& commit = src.required("commit");
  s.commit = commit.as_string("source.commit");
  if (!is_commit(s.commit)) throw InputError(commit.pos(), "source.commit: '" + excerpt(s.commit) + "' is not 40 lowercase hex digits");
  s.license = src.optional_string("license");
  src.done();
  s.assumes = f.string("assumes");
  const Value& ruleset = f.required("ruleset");
  s.ruleset = ruleset.as_string("ruleset");
  auto check_ruleset = [&](const Value& at, const std::string& id) {
    if (!spec) return;
    if (!spec->has_ruleset(id)) throw InputError(at.pos(), "unknown ruleset '" + excerpt(id) + "'");
    if (spec->ruleset(id).game != s.game) throw InputError(at.pos(), "ruleset '" + id + "' is not a " + s.game + " ruleset");
  };
  check_ruleset(ruleset, s.ruleset);
  s.skipped = f.optional_string("skipped");
  std::set<std::string> ids;
  for (const Value& node : f.required("items").as_list("items")) {
    Fields it(node, "item");
    PeerItem item;
    item.pos = node.pos();
    const Value& id = it.required("id");
    item.id = id.as_string("id");
    if (!is_id(item.id)) throw InputError(id.pos(), "id: '" + excerpt(item.id) + "' is not an id of a-z, 0-9 and '-'");
    if (!ids.insert(item.id).second) throw InputError(id.pos(), "duplicate item id '" + item.id + "'");
    item.from = it.string("from");
    const Value& request = it.required("request");
    request.as_map("request");
    if (request.find("game")) throw InputError(request.pos(), "request: 'game' is the suite's");
    if (const Value* rs = request.find("ruleset")) check_ruleset(*rs, rs->as_string("ruleset"));
    if (!request.find("query")) throw InputError(request.pos(), "request: 'query' is required");
    item.request = request;
    const Value* expect = it.optional("expect");
    const Value* error = it.optional("expect_error");
    if ((expect != nullptr) == (error != nullptr)) throw InputError(node.pos(), "item " + item.id + ": give exactly one of 'expect' and 'expect_error'");
    if (expect) {
      expect->as_map("expect");
      item.expect = *expect;
    } else {
      item.expect_error = error->as_string("expect_error");
    }
    if (const Value* differs = it.optional("differs")) {
      Fields d(*differs, "differs");
      item.reading = d.optional_string("reading");
      item.suspected_bug = d.optional_string("suspected_bug");
      if (const Value* under = d.optional("agrees_under")) {
        item.agrees_under = under->as_string("agrees_under");
        check_ruleset(*under, item.agrees_under);
      }
      d.done();
      if (item.reading.empty() && item.suspected_bug.empty())
        throw InputError(differs->pos(), "differs: say the 'reading' the peer takes (or the 'suspected_bug')");
    }
    if (const Value* heavy = it.optional("heavy")) item.heavy = heavy->as_bool("heavy");
    it.done();
    s.items.push_back(std::move(item));
  }
  if (s.items.empty()) throw InputError(doc.pos(), "items: a suite needs at least one item");
  f.done();
  return s;
}

PeerSuiteResult run_peer_suite(const Spec& spec, const PeerSuite& s, bool heavy) {
  PeerSuiteResult r{s.suite, s.game, "peers/" + s.game + "/" + std::filesystem::path(s.path).filename().string(), s.repo, s.commit, s.ruleset, s.assumes};
  for (const PeerItem& item : s.items) {
    if (item.heavy && !heavy) {
      ++r.heavy_skipped;
      continue;
    }
    ++r.items;
    const Value* own = item.request.find("ruleset");
    const std::string ruleset = own ? own->as_string() : s.ruleset;
    const Value actual = answer(spec, request_for(s, item, ruleset));
    PeerItemOutcome o{item.id, item.from, PeerItemOutcome::Status::Agrees, item.reading, item.agrees_under, {}};
    if (gives(item, actual)) {
      if (!item.marked_different()) {
        ++r.agree;
        continue;
      }
      o.status = PeerItemOutcome::Status::StaleMark;
      o.detail = "we now give the peer's answer under " + ruleset + "; drop the mark";
    } else if (!item.reading.empty() && !item.agrees_under.empty() && gives(item, answer(spec, request_for(s, item, item.agrees_under)))) {
      o.status = PeerItemOutcome::Status::ReadingDifference;
      o.detail = "under " + ruleset + " we answer " + brief(actual, item);
      ++r.reading_differences;
    } else {
      o.status = PeerItemOutcome::Status::Disagrees;
      o.detail = "under " + ruleset + " we answer " + brief(actual, item) +
                 (item.agrees_under.empty() ? std::string() : ", and under " + item.agrees_under + " too") +
                 (item.suspected_bug.empty() ? std::string() : "; suspected bug: " + item.suspected_bug);
    }
    r.notes.push_back(std::move(o));
  }
  return r;
}

}  // namespace rulespec
