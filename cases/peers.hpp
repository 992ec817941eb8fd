// Peers' rule tests (peers/<game>/<suite>.yaml): the published tests of other engines and
// libraries, converted item by item into oracle requests, with the peer's expected answer taken
// as its test file states it. A suite names where its items come from (repository, files,
// commit) and the ruleset of ours that matches the rules the peer assumes. An item on which we
// answer otherwise must be marked as a reading difference and name the ruleset under which we
// agree; the runner checks that we do. Format: docs/peers.md.
#pragma once
#include <string>
#include <vector>

#include "spec/spec.hpp"

namespace rulespec {

struct PeerItem {
  std::string id, from;
  Value request;              // without game (the suite's) and, unless the item overrides it, ruleset
  Value expect;               // fields of our answer that must equal the peer's
  std::string expect_error;   // or: the error code we must answer
  std::string reading;        // a named reading difference: what the peer reads otherwise
  std::string agrees_under;   // ... and our ruleset under which we give the peer's answer
  std::string suspected_bug;  // a disagreement thought to be our bug (fails until fixed)
  bool heavy = false;         // seconds of work (a deep perft): run by ctest and verify --deep only
  SourcePos pos;
  bool marked_different() const { return !reading.empty() || !suspected_bug.empty(); }
};

struct PeerSuite {
  std::string path, suite, game, repo, commit, license, assumes, ruleset, skipped;
  std::vector<std::string> files;
  std::vector<PeerItem> items;
};

// Strict: unknown keys, an unknown game, a commit that is not 40 hex digits, duplicate item ids
// are InputErrors at file:line:col; with a spec, so is a ruleset it does not hold.
PeerSuite load_peer_suite(const std::string& path, const Spec* spec);
// peers/<game>/*.yaml under `dir`, sorted.
std::vector<std::string> peer_suite_paths(const std::string& dir);

// Whether our answer gives the peer's expectation: every expected field present and matching (a
// nested map: its expected fields, recursively), a list of strings equal ignoring order.
bool peer_answer_matches(const Value& expected, const Value& actual);

struct PeerItemOutcome {
  std::string id, from;
  enum class Status { Agrees, ReadingDifference, Disagrees, StaleMark } status = Status::Agrees;
  std::string reading, agrees_under, detail;  // detail: what we answered where it differs
};
const char* to_string(PeerItemOutcome::Status s);

struct PeerSuiteResult {
  std::string suite, game, path, repo, commit, ruleset, assumes;
  int items = 0, agree = 0, reading_differences = 0;
  int heavy_skipped = 0;  // heavy items not run (verify without --deep)
  std::vector<PeerItemOutcome> notes;  // every item that is not a plain agreement
  int unexplained() const { return items - agree - reading_differences; }
  bool pass() const { return unexplained() == 0; }
};

PeerSuiteResult run_peer_suite(const Spec& spec, const PeerSuite& s, bool heavy = true);

}  // namespace rulespec
