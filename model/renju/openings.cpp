#include "model/renju/openings.hpp"

#include "model/common/symmetry.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <set>
#include <utility>

namespace rulespec::renju {
namespace {

using Point = common::Offset;

int count_for(Point second, int square) {
  const int r = square / 2;
  std::set<Point> classes;
  for (int x = -r; x <= r; ++x)
    for (int y = -r; y <= r; ++y) {
      const Point third{x, y};
      if (third == Point{0, 0} || third == second) continue;
      // Canonical representative: the least image of move 3 over the symmetries fixing move 2.
      Point best = third;
      for (int s = 0; s < common::kSquareSymmetries; ++s)
        if (common::apply_symmetry(second, s) == second) best = std::min(best, common::apply_symmetry(third, s));
      classes.insert(best);
    }
  return static_cast<int>(classes.size());
}

}  // namespace

namespace {

// Third points as offsets from the centre, rows from the top (y = 2) down, left to right; move 2
// at (0, 1) for the direct and (1, 1) for the indirect openings.
constexpr CanonicalOpening kOpenings[] = {
    {1, true, 0, 2, "Холодная звезда", "寒星"},          {2, true, 1, 2, "Долина", "溪月"},
    {3, true, 2, 2, "Далёкая звезда", "疏星"},           {4, true, 1, 1, "Цветок", "花月"},
    {5, true, 2, 1, "Остаток", "殘月"},                  {6, true, 1, 0, "Дождь", "雨月"},
    {7, true, 2, 0, "Золотая звезда; Венера", "金星"},   {8, true, 0, -1, "Сосна", "松月"},
    {9, true, 1, -1, "Холм", "丘月"},                    {10, true, 2, -1, "Новолуние", "新月"},
    {11, true, 0, -2, "Счастливая звезда", "瑞星"},      {12, true, 1, -2, "Гора", "山月"},
    {13, true, 2, -2, "Прогулка", "游星"},
    {1, false, 2, 2, "Астероид", "長星"},                {2, false, 2, 1, "Ущелье", "峽月"},
    {3, false, 2, 0, "Константа", "恆星"},               {4, false, 2, -1, "Вода", "水月"},
    {5, false, 2, -2, "Метеор", "流星"},                 {6, false, 1, 0, "Туча", "雲月"},
    {7, false, 1, -1, "Бухта", "浦月"},                  {8, false, 1, -2, "Шторм", "嵐月"},
    {9, false, 0, -1, "Серебряный месяц", "銀月"},       {10, false, 0, -2, "Сияние", "明星"},
    {11, false, -1, -1, "Косогор", "斜月"},              {12, false, -1, -2, "Слава", "名月"},
    {13, false, -2, -2, "Комета", "彗星"},
};

}  // namespace

std::span<const CanonicalOpening> canonical_opening_table() { return kOpenings; }

std::optional<CanonicalOpening> classify_opening(std::pair<int, int> second, std::pair<int, int> third) {
  const auto chebyshev = [](Point p) { return std::max(std::abs(p.first), std::abs(p.second)); };
  if (chebyshev(second) != 1 || chebyshev(third) == 0 || chebyshev(third) > 2 || third == second) return std::nullopt;
  for (int s = 0; s < common::kSquareSymmetries; ++s) {
    const Point two = common::apply_symmetry(second, s), three = common::apply_symmetry(third, s);
    const bool direct = two == Point{0, 1};
    if (!direct && two != Point{1, 1}) continue;
    for (const auto& o : kOpenings)
      if (o.direct == direct && three == Point{o.third_x, o.third_y}) return o;
  }
  return std::nullopt;  // unreachable when the table covers every orbit (tested)
}

OpeningCount canonical_openings(int square) {
  return {count_for({0, 1}, square), count_for({1, 1}, square)};
}

}  // namespace rulespec::renju
