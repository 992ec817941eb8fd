#include "spec/suggest.hpp"

#include <algorithm>
#include <cctype>

namespace rulespec {
namespace {

std::string lower(std::string s) {
  for (auto& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}

// Optimal string alignment distance (a transposition counts as one edit), cut off above `limit`.
std::size_t edit_distance(const std::string& a, const std::string& b, std::size_t limit) {
  if ((a.size() > b.size() ? a.size() - b.size() : b.size() - a.size()) > limit) return limit + 1;
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

}  // namespace

std::vector<std::string> nearest(const std::string& wrong, const std::vector<std::string>& valid, std::size_t max) {
  const std::string w = lower(wrong);
  if (w.empty()) return {};
  // Rank 0: extends what was given; 1: holds it; 2: a few edits away (ranked by distance).
  std::vector<std::pair<std::size_t, std::string>> ranked;
  const std::size_t limit = std::max<std::size_t>(2, w.size() / 4);
  const auto segments = static_cast<std::size_t>(std::count(w.begin(), w.end(), '.'));
  for (const auto& v : valid) {
    const std::string l = lower(v);
    if (l == w) continue;
    // A typo in a leading part of a dotted id ("ing-1996.scorng" for ing-1996.scoring.*): the id
    // cut to as many parts as were given.
    std::string head = l;
    for (std::size_t dots = 0, i = 0; i < l.size(); ++i)
      if (l[i] == '.' && dots++ == segments) {
        head = l.substr(0, i);
        break;
      }
    if (l.rfind(w, 0) == 0) ranked.emplace_back(0, v);
    else if (l.find(w) != std::string::npos) ranked.emplace_back(1, v);
    else if (const auto d = edit_distance(w, l, limit); d <= limit) ranked.emplace_back(2 + d, v);
    else if (const auto h = edit_distance(w, head, limit); head != l && h <= limit) ranked.emplace_back(3 + h, v);
  }
  // Best rank first; within a rank the shorter (a paragraph before its notes), then by name.
  std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first < b.first : a.second.size() != b.second.size() ? a.second.size() < b.second.size() : a.second < b.second;
  });
  std::vector<std::string> out;
  for (const auto& [rank, v] : ranked) {
    if (out.size() == max) break;
    if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
  }
  return out;
}

std::string suggestion(const std::string& wrong, const std::vector<std::string>& valid, const std::string& where) {
  auto join = [](const std::vector<std::string>& items) {
    std::string out;
    for (const auto& s : items) out += (out.empty() ? "" : ", ") + s;
    return out;
  };
  if (const auto near = nearest(wrong, valid); !near.empty()) return "did you mean " + join(near) + "?";
  if (valid.size() <= 12) return "the valid ones: " + join(valid);
  return where;
}

std::string did_you_mean(const std::string& wrong, const std::vector<std::string>& valid) {
  const auto near = nearest(wrong, valid, 1);
  return near.empty() ? std::string() : " (did you mean '" + near.front() + "'?)";
}

std::vector<std::string> clause_ids(const Codex& cx) {
  std::vector<std::string> out;
  for (const auto& c : cx.clauses) out.push_back(c.id);
  return out;
}

std::vector<std::string> clause_ids(const std::vector<Codex>& codices) {
  std::vector<std::string> out;
  for (const auto& cx : codices)
    for (const auto& c : cx.clauses) out.push_back(c.id);
  return out;
}

std::vector<std::string> codex_ids(const Spec& spec) {
  std::vector<std::string> out;
  for (const auto& cx : spec.codices()) out.push_back(cx.id);
  return out;
}

}  // namespace rulespec
