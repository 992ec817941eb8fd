#include "solver/statement_figures.hpp"

#include <algorithm>
#include <cctype>

namespace rulespec {
namespace {

bool digit(char c) { return c >= '0' && c <= '9'; }

// Each mention of a square board, "S x S" or "SxS", as (position, size).
std::vector<std::pair<std::size_t, int>> board_mentions(std::string_view s) {
  std::vector<std::pair<std::size_t, int>> out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (!digit(s[i]) || (i > 0 && digit(s[i - 1]))) continue;
    std::size_t j = i;
    int a = 0;
    while (j < s.size() && digit(s[j])) a = a * 10 + (s[j++] - '0');
    std::size_t k = j;
    while (k < s.size() && s[k] == ' ') ++k;
    if (k >= s.size() || (s[k] != 'x' && s[k] != 'X')) continue;
    ++k;
    while (k < s.size() && s[k] == ' ') ++k;
    int b = 0;
    std::size_t l = k;
    while (l < s.size() && digit(s[l])) b = b * 10 + (s[l++] - '0');
    if (l == k || b != a) continue;
    out.emplace_back(i, a);
    i = l;
  }
  return out;
}

}  // namespace

std::vector<int> integers_in(std::string_view text) {
  std::vector<int> out;
  for (std::size_t i = 0; i < text.size();) {
    if (!digit(text[i])) {
      ++i;
      continue;
    }
    int n = 0;
    while (i < text.size() && digit(text[i])) n = n * 10 + (text[i++] - '0');
    out.push_back(n);
  }
  return out;
}

std::vector<int> board_sizes_in(std::string_view statement) {
  std::vector<int> out;
  for (const auto& [at, size] : board_mentions(statement))
    if (std::find(out.begin(), out.end(), size) == out.end()) out.push_back(size);
  return out;
}

std::optional<std::pair<int, int>> stone_split_in(std::string_view statement, int size) {
  const auto mentions = board_mentions(statement);
  const auto first = std::find_if(mentions.begin(), mentions.end(), [&](const auto& m) { return m.second == size; });
  if (first == mentions.end()) return std::nullopt;
  std::size_t from = first->first, to = statement.size();
  // Past the mention itself ("13 x 13"), up to the next board of another size.
  while (from < statement.size() && (digit(statement[from]) || statement[from] == ' ' || statement[from] == 'x' || statement[from] == 'X')) ++from;
  for (const auto& m : mentions)
    if (m.first > first->first && m.second != size) {
      to = m.first;
      break;
    }
  std::vector<int> figures;
  for (int n : integers_in(statement.substr(from, to - from)))
    if (n != size && n != size * size) figures.push_back(n);
  if (figures.size() < 2) return std::nullopt;
  return std::pair{figures[0], figures[1]};
}

bool asserts_equivalence(std::string_view statement) {
  std::string lower(statement);
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (const char* word : {"equivalent", "равнозначн"}) {
    for (std::size_t at = lower.find(word); at != std::string::npos; at = lower.find(word, at + 1)) {
      bool denied = false;
      for (std::string_view no : {std::string_view("not "), std::string_view("не ")})
        denied = denied || (at >= no.size() && std::string_view(lower).substr(at - no.size(), no.size()) == no);
      if (!denied) return true;
    }
  }
  return false;
}

}  // namespace rulespec
