// A second reading of a codex (issue 46 item 5, docs/findings.md "A second method"): every pair of
// clauses that share a topic read against the source lines of both, as a committee's proof-reader
// would, and each pair that does not agree at first reading judged: the finding that reports it,
// or why it is none. Kept in spec/pairs/<codex>.yaml beside the findings register.
#pragma once
#include <string>
#include <vector>

#include "spec/value.hpp"

namespace rulespec {

struct Codex;
struct FindingRegister;

struct PairTension {
  std::string first, second;  // clause ids, both of the topic
  std::vector<int> lines;     // the source lines of the two sentences
  std::string question;       // what they say differently
  std::string finding, not_a_finding;  // exactly one
  SourcePos pos;
};

struct TopicReading {
  std::string topic;
  std::vector<std::string> clauses;  // every clause of the topic
  std::vector<PairTension> tensions;
  SourcePos pos;
  long pairs() const { return static_cast<long>(clauses.size()) * static_cast<long>(clauses.size() - 1) / 2; }
};

struct PairReading {
  std::string codex, by, date, method, file;
  std::vector<TopicReading> topics;
  // Tensions the reader met between clauses of different topics, outside the pairwise method.
  std::vector<PairTension> cross_topic;
  SourcePos pos;
};

PairReading parse_pair_reading(const Value& doc, const std::string& file);

// What the reading covers of its codex as the catalog stands: the topics with two or more clauses
// it does not list, and the clauses of a listed topic it lacks or names wrongly. Empty: complete.
std::vector<std::string> pair_reading_gaps(const PairReading& r, const Codex& cx);

// Checks against the catalog and the register, as a load error at the entry: pair ids of the
// topic, lines within the source, a finding the register holds and that cites one of the lines.
void check_pair_reading(const PairReading& r, const Codex& cx, const FindingRegister& reg, int source_lines);

}  // namespace rulespec
