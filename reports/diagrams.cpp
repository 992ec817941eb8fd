#include "reports/diagrams.hpp"

#include <sstream>
#include <vector>

#include "model/renju/board.hpp"
#include "model/xiangqi/position.hpp"

namespace rulespec {
namespace {

constexpr int kCell = 24, kMargin = 28;

struct Svg {
  std::ostringstream os;
  Svg(int width, int height, const std::string& title) {
    os << "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"board\" width=\"" << width << "\" height=\"" << height
       << "\" viewBox=\"0 0 " << width << " " << height << "\" role=\"img\" aria-label=\"" << title << "\">";
  }
  void rect(int x, int y, int w, int h, const char* fill) { os << "<rect x=\"" << x << "\" y=\"" << y << "\" width=\"" << w << "\" height=\"" << h << "\" fill=\"" << fill << "\"/>"; }
  void line(int x1, int y1, int x2, int y2, double width = 1) {
    os << "<line x1=\"" << x1 << "\" y1=\"" << y1 << "\" x2=\"" << x2 << "\" y2=\"" << y2 << "\" stroke=\"#333\" stroke-width=\"" << width << "\"/>";
  }
  void circle(int x, int y, int r, const char* fill, const char* stroke = "#000") {
    os << "<circle cx=\"" << x << "\" cy=\"" << y << "\" r=\"" << r << "\" fill=\"" << fill << "\" stroke=\"" << stroke << "\"/>";
  }
  void text(int x, int y, const std::string& t, int size = 11, const char* fill = "#333") {
    os << "<text x=\"" << x << "\" y=\"" << y << "\" font-size=\"" << size << "\" text-anchor=\"middle\" dominant-baseline=\"central\" font-family=\"sans-serif\" fill=\""
       << fill << "\">" << t << "</text>";
  }
  std::string done() {
    os << "</svg>";
    return os.str();
  }
};

// A square grid board with stones: cells[row][col] top row first, 'X' black, 'O' white.
std::string stone_board(const std::vector<std::string>& cells, const std::vector<std::string>& column_labels, bool numbers_from_bottom,
                        const std::vector<std::pair<int, int>>& marks, const std::string& title) {
  const int rows = static_cast<int>(cells.size()), cols = rows ? static_cast<int>(cells.front().size()) : 0;
  const int w = 2 * kMargin + (cols - 1) * kCell, h = 2 * kMargin + (rows - 1) * kCell;
  Svg s(w, h, title);
  s.rect(0, 0, w, h, "#e8c47c");
  for (int r = 0; r < rows; ++r) s.line(kMargin, kMargin + r * kCell, kMargin + (cols - 1) * kCell, kMargin + r * kCell);
  for (int c = 0; c < cols; ++c) s.line(kMargin + c * kCell, kMargin, kMargin + c * kCell, kMargin + (rows - 1) * kCell);
  for (int c = 0; c < cols && c < static_cast<int>(column_labels.size()); ++c) s.text(kMargin + c * kCell, kMargin / 2 - 2, column_labels[static_cast<std::size_t>(c)]);
  for (int r = 0; r < rows; ++r) s.text(kMargin / 2 - 4, kMargin + r * kCell, std::to_string(numbers_from_bottom ? rows - r : r + 1));
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols && c < static_cast<int>(cells[static_cast<std::size_t>(r)].size()); ++c) {
      const char v = cells[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
      if (v == 'X' || v == 'B') s.circle(kMargin + c * kCell, kMargin + r * kCell, kCell / 2 - 1, "#111");
      if (v == 'O' || v == 'W') s.circle(kMargin + c * kCell, kMargin + r * kCell, kCell / 2 - 1, "#fafafa");
    }
  for (const auto& [r, c] : marks) {
    const int x = kMargin + c * kCell, y = kMargin + r * kCell;
    s.os << "<rect x=\"" << x - 5 << "\" y=\"" << y - 5 << "\" width=\"10\" height=\"10\" fill=\"none\" stroke=\"#d00\" stroke-width=\"2\"/>";
  }
  return s.done();
}

std::string go_svg(const Value& w) {
  std::vector<std::string> rows;
  for (const Value& r : w.find("rows")->as_list("rows")) rows.push_back(r.as_string());
  if (rows.empty()) return "";
  const int size = static_cast<int>(rows.front().size());
  std::vector<std::string> labels;
  for (int c = 0; c < size; ++c) labels.push_back(std::string(1, static_cast<char>('A' + c + (c >= 8 ? 1 : 0))));  // no I
  std::vector<std::pair<int, int>> marks;
  if (const Value* m = w.find("move"); m && m->is_string() && m->as_string().size() >= 2) {
    const std::string t = m->as_string();
    int col = t[0] - 'A';
    if (t[0] > 'I') --col;
    const int row = static_cast<int>(rows.size()) - std::atoi(t.c_str() + 1);
    if (col >= 0 && col < size && row >= 0 && row < static_cast<int>(rows.size())) marks.push_back({row, col});
  }
  return stone_board(rows, labels, true, marks, "Go position");
}

std::string renju_svg(const Value& w) {
  const int size = 15;
  std::vector<std::string> rows(size, std::string(size, '.'));
  auto put = [&](const char* key, char colour) {
    if (const Value* list = w.find(key); list && list->is_list())
      for (const Value& v : list->as_list(key))
        if (v.is_string())
          if (const auto p = renju::parse_point(v.as_string(), size)) rows[static_cast<std::size_t>(size - 1 - *p / size)][static_cast<std::size_t>(*p % size)] = colour;
  };
  put("black", 'X');
  put("white", 'O');
  std::vector<std::pair<int, int>> marks;
  for (const char* key : {"move", "parry"})
    if (const Value* m = w.find(key); m && m->is_string())
      if (const auto p = renju::parse_point(m->as_string(), size)) marks.push_back({size - 1 - *p / size, *p % size});
  std::vector<std::string> labels;
  for (int c = 0; c < size; ++c) labels.push_back(std::string(1, static_cast<char>('a' + c)));
  return stone_board(rows, labels, true, marks, "Renju position");
}

std::string xiangqi_svg(const Value& w) {
  const auto parsed = xiangqi::Position::from_fen(w.find("fen")->as_string(), true);
  if (!parsed.position) return "";
  const auto& p = *parsed.position;
  const int width = 2 * kMargin + 8 * kCell, height = 2 * kMargin + 9 * kCell;
  Svg s(width, height, "Xiangqi position");
  s.rect(0, 0, width, height, "#f3deb0");
  auto X = [](int file) { return kMargin + file * kCell; };
  auto Y = [](int rank) { return kMargin + (9 - rank) * kCell; };  // rank 9 (Black's back rank) on top
  for (int r = 0; r <= 9; ++r) s.line(X(0), Y(r), X(8), Y(r));
  for (int f = 0; f <= 8; ++f) {
    s.line(X(f), Y(0), X(f), Y(4));
    s.line(X(f), Y(5), X(f), Y(9));
  }
  s.line(X(0), Y(4), X(0), Y(5));
  s.line(X(8), Y(4), X(8), Y(5));
  for (int base : {0, 7}) {  // the palaces' diagonals
    s.line(X(3), Y(base), X(5), Y(base + 2));
    s.line(X(5), Y(base), X(3), Y(base + 2));
  }
  for (int f = 0; f <= 8; ++f) s.text(X(f), height - kMargin / 2 + 2, std::string(1, static_cast<char>('a' + f)));
  for (int r = 0; r <= 9; ++r) s.text(kMargin / 2 - 4, Y(r), std::to_string(r));
  for (int r = 0; r <= 9; ++r)
    for (int f = 0; f <= 8; ++f) {
      const auto piece = p.at(xiangqi::square(f, r));
      if (!piece.is_piece()) continue;
      const bool red = piece.colour() == xiangqi::Colour::Red;
      s.circle(X(f), Y(r), kCell / 2 - 1, "#fff8e8", red ? "#c00" : "#000");
      s.text(X(f), Y(r), std::string(1, xiangqi::piece_letter(piece)), 12, red ? "#c00" : "#000");
    }
  return s.done();
}

// The first object in `v` (itself or nested) that holds a position.
const Value* position_of(const Value& v, int& kind) {
  if (!v.is_map()) return nullptr;
  if (const Value* rows = v.find("rows"); rows && rows->is_list()) return kind = 0, &v;
  if (const Value* fen = v.find("fen"); fen && fen->is_string()) return kind = 1, &v;
  if (const Value* black = v.find("black"); black && black->is_list()) return kind = 2, &v;
  for (const auto& e : v.as_map("witness"))
    if (const Value* inner = position_of(e.value, kind)) return inner;
  return nullptr;
}

}  // namespace

std::string witness_svg(const Value& witness) {
  int kind = -1;
  const Value* w = position_of(witness, kind);
  if (!w) return "";
  try {
    return kind == 0 ? go_svg(*w) : kind == 1 ? xiangqi_svg(*w) : renju_svg(*w);
  } catch (const std::exception&) {
    return "";  // a witness that is not a drawable position
  }
}

}  // namespace rulespec
