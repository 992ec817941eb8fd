#include "spec/pairs.hpp"

#include <algorithm>
#include <set>

#include "spec/catalog.hpp"
#include "spec/register.hpp"

namespace rulespec {
namespace {

PairTension parse_tension(const Value& x) {
  Fields xf(x, "tension");
  PairTension p;
  p.pos = x.pos();
  const auto& pair = xf.required("pair").as_list("pair");
  if (pair.size() != 2) throw InputError(x.pos(), "pair: two clause ids");
  p.first = pair[0].as_string("clause id");
  p.second = pair[1].as_string("clause id");
  for (const Value& l : xf.required("lines").as_list("lines")) p.lines.push_back(static_cast<int>(l.as_int("line")));
  p.question = xf.string("question");
  p.finding = xf.optional_string("finding");
  p.not_a_finding = xf.optional_string("not_a_finding");
  if (xf.optional("candidate")) throw InputError(x.pos(), "candidate: a tension is judged, by a finding of the register or a not_a_finding");
  if (p.finding.empty() == p.not_a_finding.empty())
    throw InputError(x.pos(), "tension " + p.first + " / " + p.second + ": give exactly one of finding and not_a_finding");
  xf.done();
  return p;
}

}  // namespace

PairReading parse_pair_reading(const Value& doc, const std::string& file) {
  Fields top(doc, "pair reading");
  PairReading r;
  r.file = file;
  r.pos = doc.pos();
  r.codex = top.string("pairs");
  {
    Fields read(top.required("read"), "read");
    r.by = read.string("by");
    r.date = read.required("date").is_string() ? read.string("date") : read.required("date").dump();
    r.method = read.string("method");
    read.done();
  }
  std::set<std::string> topics;
  for (const Value& t : top.required("topics").as_list("topics")) {
    Fields tf(t, "topic");
    TopicReading topic;
    topic.pos = t.pos();
    topic.topic = tf.string("topic");
    if (!topics.insert(topic.topic).second) throw InputError(t.pos(), "topic '" + topic.topic + "' is listed twice");
    for (const Value& c : tf.required("clauses").as_list("clauses")) topic.clauses.push_back(c.as_string("clause id"));
    if (const Value* list = tf.optional("tensions"))
      for (const Value& x : list->as_list("tensions")) topic.tensions.push_back(parse_tension(x));
    tf.done();
    r.topics.push_back(std::move(topic));
  }
  if (const Value* list = top.optional("cross_topic"))
    for (const Value& x : list->as_list("cross_topic")) r.cross_topic.push_back(parse_tension(x));
  top.done();
  return r;
}

std::vector<std::string> pair_reading_gaps(const PairReading& r, const Codex& cx) {
  std::vector<std::string> gaps;
  std::vector<std::string> order;
  for (const auto& c : cx.clauses)
    if (std::find(order.begin(), order.end(), c.topic) == order.end()) order.push_back(c.topic);
  for (const auto& topic : order) {
    std::set<std::string> of_topic;
    for (const auto& c : cx.clauses)
      if (c.topic == topic) of_topic.insert(c.id);
    const auto listed = std::find_if(r.topics.begin(), r.topics.end(), [&](const TopicReading& t) { return t.topic == topic; });
    if (listed == r.topics.end()) {
      if (of_topic.size() >= 2) gaps.push_back("topic " + topic + " (" + std::to_string(of_topic.size()) + " clauses) not read");
      continue;
    }
    const std::set<std::string> read(listed->clauses.begin(), listed->clauses.end());
    for (const auto& id : of_topic)
      if (!read.count(id)) gaps.push_back("topic " + topic + ": clause " + id + " not read");
    for (const auto& id : read)
      if (!of_topic.count(id)) gaps.push_back("topic " + topic + ": " + id + " is no clause of the topic");
  }
  for (const auto& t : r.topics)
    if (std::find(order.begin(), order.end(), t.topic) == order.end()) gaps.push_back("topic " + t.topic + " is no topic of " + cx.id);
  return gaps;
}

void check_pair_reading(const PairReading& r, const Codex& cx, const FindingRegister& reg, int source_lines) {
  std::vector<std::pair<const PairTension*, const TopicReading*>> all;
  for (const auto& t : r.topics)
    for (const auto& p : t.tensions) all.emplace_back(&p, &t);
  for (const auto& p : r.cross_topic) all.emplace_back(&p, nullptr);
  for (const auto& [tension, topic] : all) {
    const PairTension& p = *tension;
    if (topic) {
      for (const auto& id : {p.first, p.second})
        if (std::find(topic->clauses.begin(), topic->clauses.end(), id) == topic->clauses.end())
          throw InputError(p.pos, "tension: " + id + " is not among the clauses of topic " + topic->topic);
    } else {
      const Clause* a = cx.clause(p.first);
      const Clause* b = cx.clause(p.second);
      if (!a || !b) throw InputError(p.pos, "cross_topic: " + (a ? p.second : p.first) + " is no clause of " + cx.id);
      if (a->topic == b->topic) throw InputError(p.pos, "cross_topic: both clauses are of topic " + a->topic + "; judge the pair there");
    }
    for (int l : p.lines)
      if (l < 1 || l > source_lines) throw InputError(p.pos, "tension: line " + std::to_string(l) + " is not a line of " + cx.source);
    if (p.finding.empty()) continue;
    const FindingNote* note = reg.note(p.finding);
    if (!note) throw InputError(p.pos, "tension: finding " + p.finding + " is not in the register spec/findings/");
    const bool cited = std::any_of(p.lines.begin(), p.lines.end(), [&](int l) {
      return std::any_of(note->cites.begin(), note->cites.end(),
                         [&](const SourceCite& c) { return c.codex == cx.id && c.first <= l && l <= std::max(c.first, c.last); });
    });
    if (!cited) throw InputError(p.pos, "tension: finding " + p.finding + " cites none of the lines of the pair");
  }
}

}  // namespace rulespec
