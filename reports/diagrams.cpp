#include "reports/diagrams.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>
#include <vector>

#include "model/go/board.hpp"
#include "model/renju/board.hpp"
#include "model/shogi/position.hpp"
#include "model/xiangqi/notation.hpp"
#include "model/xiangqi/position.hpp"

namespace rulespec {
namespace {

constexpr int kCell = 24, kMargin = 28;

// One SVG picture; the text attributes are set once on an enclosing group and the grid lines
// gathered into one path, which keeps a page with hundreds of boards small.
struct Svg {
  std::ostringstream os;
  std::string grid;  // path data of the lines, drawn under everything else
  std::ostringstream body;
  int width, height;
  Svg(int w, int h, const std::string& title) : width(w), height(h) {
    os << "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"board\" width=\"" << w << "\" height=\"" << h << "\" viewBox=\"0 0 " << w
       << " " << h << "\" role=\"img\" aria-label=\"" << title << "\"><g font-family=\"sans-serif\" font-size=\"11\" "
       << "text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"#333\">";
  }
  void line(int x1, int y1, int x2, int y2) {
    grid += "M" + std::to_string(x1) + " " + std::to_string(y1) + "L" + std::to_string(x2) + " " + std::to_string(y2);
  }
  void circle(int x, int y, int r, const char* fill, const char* stroke = "#000") {
    body << "<circle cx=\"" << x << "\" cy=\"" << y << "\" r=\"" << r << "\" fill=\"" << fill << "\" stroke=\"" << stroke << "\"/>";
  }
  void text(int x, int y, const std::string& t, int size = 11, const char* fill = nullptr) {
    body << "<text x=\"" << x << "\" y=\"" << y << "\"";
    if (size != 11) body << " font-size=\"" << size << "\"";
    if (fill) body << " fill=\"" << fill << "\"";
    body << ">" << t << "</text>";
  }
  std::string done(const char* background) {
    os << "<rect width=\"" << width << "\" height=\"" << height << "\" fill=\"" << background << "\"/><path d=\"" << grid
       << "\" stroke=\"#333\" fill=\"none\"/>" << body.str() << "</g></svg>";
    return os.str();
  }
};

// A square grid board with stones: cells[row][col] top row first, 'X' black, 'O' white.
// numbers: (row, col) -> the move number written on that stone; caption: a line under the board.
std::string stone_board(const std::vector<std::string>& cells, const std::vector<std::string>& column_labels, bool numbers_from_bottom,
                        const std::vector<std::pair<int, int>>& marks, const std::string& title,
                        const std::map<std::pair<int, int>, int>& numbers = {}, const std::string& caption = "",
                        const std::vector<std::pair<int, int>>& ko_points = {}) {
  const int rows = static_cast<int>(cells.size()), cols = rows ? static_cast<int>(cells.front().size()) : 0;
  // A caption wider than a small board widens the picture (about 6 px a character).
  const int w = std::max(2 * kMargin + (cols - 1) * kCell, static_cast<int>(caption.size()) * 6 + 16);
  const int h = 2 * kMargin + (rows - 1) * kCell + (caption.empty() ? 0 : 16);
  Svg s(w, h, title);
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
  for (const auto& [at, n] : numbers) {
    const char v = cells[static_cast<std::size_t>(at.first)][static_cast<std::size_t>(at.second)];
    s.text(kMargin + at.second * kCell, kMargin + at.first * kCell, std::to_string(n), 11, v == 'X' || v == 'B' ? "#fff" : "#000");
  }
  if (!caption.empty()) s.text(w / 2, h - 12, caption);
  for (const auto& [r, c] : ko_points)
    s.body << "<circle cx=\"" << kMargin + c * kCell << "\" cy=\"" << kMargin + r * kCell << "\" r=\"6\" fill=\"none\" stroke=\"#06c\" stroke-width=\"2\"/>";
  for (const auto& [r, c] : marks) {
    const int x = kMargin + c * kCell, y = kMargin + r * kCell;
    s.body << "<rect x=\"" << x - 5 << "\" y=\"" << y - 5 << "\" width=\"10\" height=\"10\" fill=\"none\" stroke=\"#d00\" stroke-width=\"2\"/>";
  }
  return s.done("#e8c47c");
}

// Go: the witness's rows, then its moves played on them (captures made) and numbered where their
// stones still stand, the disputed move marked.
std::string go_svg(const Value& w) {
  std::vector<std::string> rows;
  if (const Value* given = w.find("rows")) {
    for (const Value& r : given->as_list("rows")) rows.push_back(r.as_string());
  } else {
    // A game given by its moves from the empty board of `size` (position_of checked the size).
    const auto size = static_cast<std::size_t>(w.find("size")->as_int("size"));
    rows.assign(size, std::string(size, '.'));
  }
  if (rows.empty()) return "";
  const int size = static_cast<int>(rows.front().size()), height = static_cast<int>(rows.size());
  go::Board board(size, height);
  for (int r = 0; r < height; ++r)
    for (int c = 0; c < size && c < static_cast<int>(rows[static_cast<std::size_t>(r)].size()); ++c) {
      const char v = rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
      if (v == 'X' || v == 'O') board.set(board.point(c, height - 1 - r), v == 'X' ? go::Stone::Black : go::Stone::White);
    }
  go::Stone colour = go::Stone::Black;
  if (const Value* t = w.find("to_play"); t && t->is_string() && t->as_string() == "W") colour = go::Stone::White;
  std::map<int, int> number;  // point -> the move whose stone stands there
  std::string reused;         // "4 at 1" for stones played where an earlier one was taken
  int n = 0;
  if (const Value* moves = w.find("moves"); moves && moves->is_list())
    for (const Value& m : moves->as_list("moves")) {
      if (!m.is_string()) break;
      ++n;
      const auto p = board.parse_gtp(m.as_string());
      if (p && board.at(*p) == go::Stone::Empty) {
        board.play_unchecked(*p, colour);
        for (int gone : board.last_removed()) number.erase(gone);
        number[*p] = n;
      } else if (p) {
        reused += (reused.empty() ? "" : ", ") + std::to_string(n) + " at " + m.as_string();
      }
      colour = colour == go::Stone::Black ? go::Stone::White : go::Stone::Black;
    }
  std::vector<std::string> cells(static_cast<std::size_t>(height), std::string(static_cast<std::size_t>(size), '.'));
  for (int r = 0; r < height; ++r)
    for (int c = 0; c < size; ++c) {
      const go::Stone st = board.at(board.point(c, height - 1 - r));
      cells[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] = st == go::Stone::Black ? 'X' : st == go::Stone::White ? 'O' : '.';
    }
  std::map<std::pair<int, int>, int> numbers;
  for (const auto& [p, k] : number) numbers[{height - 1 - board.y_of(p), board.x_of(p)}] = k;
  std::vector<std::string> labels;
  for (int c = 0; c < size; ++c) labels.push_back(std::string(1, static_cast<char>('A' + c + (c >= 8 ? 1 : 0))));  // no I
  std::vector<std::pair<int, int>> marks;
  if (const Value* m = w.find("move"); m && m->is_string())
    if (const auto p = board.parse_gtp(m->as_string())) marks.push_back({height - 1 - board.y_of(*p), board.x_of(*p)});
  // The point the simple ko rule closes for the next move, if the last move took one stone back.
  std::vector<std::pair<int, int>> ko;
  if (board.ko_point() >= 0) ko.push_back({height - 1 - board.y_of(board.ko_point()), board.x_of(board.ko_point())});
  std::string caption;
  if (n > 0) caption = "moves 1-" + std::to_string(n) + " played" + (reused.empty() ? "" : " (" + reused + ")");
  if (!ko.empty()) caption += std::string(caption.empty() ? "" : "; ") + "blue ring: the ko point";
  if (!marks.empty()) caption += std::string(caption.empty() ? "" : "; ") + "the square: " + w.find("move")->as_string() + ", " +
                                 (colour == go::Stone::Black ? "Black" : "White") + " to play";
  return stone_board(cells, labels, true, marks, "Go position", numbers, caption, ko);
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
  // The loop's moves as arrows (the first cycle or eight moves), each with its number, drawn over
  // the pieces; the arrowhead is computed here, so the page needs no shared marker definitions.
  if (const Value* moves = w.find("moves"); moves && moves->is_list()) {
    xiangqi::Position at = p;
    const std::string start_board = p.fen().substr(0, p.fen().find(' '));
    int n = 0;
    for (const Value& m : moves->as_list("moves")) {
      if (!m.is_string() || n == 8) break;
      const auto step = xiangqi::parse_move(at, m.as_string(), true);
      if (!step.move) break;
      ++n;
      const bool red = at.side_to_move() == xiangqi::Colour::Red;
      const int x1 = X(xiangqi::file_of(step.move->from)), y1 = Y(xiangqi::rank_of(step.move->from));
      const int x2 = X(xiangqi::file_of(step.move->to)), y2 = Y(xiangqi::rank_of(step.move->to));
      const double dx = x2 - x1, dy = y2 - y1, len = std::sqrt(dx * dx + dy * dy);
      if (len < 1) continue;
      const double ux = dx / len, uy = dy / len;
      // Moves there and back again run side by side: each is shifted to its own right.
      const double sx = -uy * 3, sy = ux * 3;
      // Stop short of the square's centre so that the piece letter stays readable.
      const double ex = x2 - ux * 8, ey = y2 - uy * 8, bx = ex - ux * 7, by = ey - uy * 7;
      const char* colour = red ? "#c00" : "#222";
      char buf[400];
      std::snprintf(buf, sizeof buf,
                    "<line x1=\"%d\" y1=\"%d\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2\" opacity=\"0.7\"/>"
                    "<polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\" fill=\"%s\" opacity=\"0.7\"/>",
                    static_cast<int>(x1 + sx), static_cast<int>(y1 + sy), bx + sx, by + sy, colour, ex + sx, ey + sy, bx - uy * 4 + sx,
                    by + ux * 4 + sy, bx + uy * 4 + sx, by - ux * 4 + sy, colour);
      s.body << buf;
      s.text(static_cast<int>(x1 + dx / 2 - uy * 7), static_cast<int>(y1 + dy / 2 + ux * 7), std::to_string(n), 9, colour);
      at.make(*step.move);
      if (at.fen().substr(0, at.fen().find(' ')) == start_board) break;  // the cycle is drawn
    }
  }
  return s.done("#f3deb0");
}

// Shogi from an SFEN: files 9..1 left to right, ranks a..i top down, Sente's pieces upright in
// black, Gote's turned round, promoted ones in red with their '+', the hands written above
// (Gote) and below (Sente).
std::string shogi_svg(const Value& w) {
  const auto p = shogi::Position::from_sfen(w.find("sfen")->as_string());
  if (!p) return "";
  constexpr int cell = 28, top = 40;
  const int width = 2 * kMargin + 9 * cell, height = 2 * top + 9 * cell;
  Svg s(width, height, "Shogi position");
  auto X = [](int file) { return kMargin + file * cell; };  // file index 0 = USI file 9
  auto Y = [](int rank) { return top + rank * cell; };
  for (int i = 0; i <= 9; ++i) {
    s.line(X(i), Y(0), X(i), Y(9));
    s.line(X(0), Y(i), X(9), Y(i));
  }
  for (int f = 0; f < 9; ++f) s.text(X(f) + cell / 2, Y(0) - 8, std::to_string(9 - f));
  for (int r = 0; r < 9; ++r) s.text(X(9) + 10, Y(r) + cell / 2, std::string(1, static_cast<char>('a' + r)));
  const char* letters = "PLNSGBRK";
  for (int sq = 0; sq < shogi::kSquares; ++sq) {
    const shogi::Piece& pc = p->at(sq);
    if (pc.empty()) continue;
    const bool promoted = pc.kind != shogi::unpromoted(pc.kind);
    const std::string label = std::string(promoted ? "+" : "") + letters[shogi::unpromoted(pc.kind)];
    const int x = X(sq % 9) + cell / 2, y = Y(sq / 9) + cell / 2;
    if (pc.colour == shogi::Colour::Gote) s.body << "<g transform=\"rotate(180 " << x << " " << y << ")\">";
    s.text(x, y, label, 13, promoted ? "#c00" : "#000");
    if (pc.colour == shogi::Colour::Gote) s.body << "</g>";
  }
  auto hand = [&](shogi::Colour c) {
    std::string out = c == shogi::Colour::Sente ? "Sente in hand:" : "Gote in hand:";
    bool any = false;
    for (int k = shogi::kHandKinds - 1; k >= 0; --k)
      if (const int n = p->in_hand(c, static_cast<shogi::Kind>(k)); n > 0) {
        out += std::string(" ") + letters[k] + (n > 1 ? std::to_string(n) : "");
        any = true;
      }
    return any ? out : out + " none";
  };
  s.text(width / 2, top / 2 - 8, hand(shogi::Colour::Gote));
  s.text(width / 2, height - top / 2 + 6, hand(shogi::Colour::Sente) + (p->to_move() == shogi::Colour::Sente ? " · Sente to move" : " · Gote to move"));
  return s.done("#f1d9a0");
}

// The first object in `v` (itself or nested) that holds a position.
// A Go game given by `size` and `moves` from the empty board (no handicap stones to place), with
// at least one stone played or about to be: passes alone leave nothing to draw.
bool go_game_from_empty_board(const Value& v) {
  const Value* size = v.find("size");
  const Value* moves = v.find("moves");
  if (!size || size->kind() != Value::Kind::Int || size->as_int() < 2 || size->as_int() > go::kMaxBoardSize || v.find("handicap") ||
      v.find("setup"))
    return false;
  auto a_stone = [](const Value& m) { return m.is_string() && !m.as_string().empty() && m.as_string() != "pass"; };
  bool stones = false;
  if (moves && moves->is_list())
    for (const Value& m : moves->as_list()) stones = stones || a_stone(m);
  if (const Value* move = v.find("move")) stones = stones || a_stone(*move);
  return stones && moves && moves->is_list();
}

const Value* position_of(const Value& v, int& kind) {
  if (!v.is_map()) return nullptr;
  if (const Value* rows = v.find("rows"); rows && rows->is_list()) return kind = 0, &v;
  if (const Value* fen = v.find("fen"); fen && fen->is_string()) return kind = 1, &v;
  if (const Value* sfen = v.find("sfen"); sfen && sfen->is_string()) return kind = 3, &v;
  if (const Value* black = v.find("black"); black && black->is_list()) return kind = 2, &v;
  if (go_game_from_empty_board(v)) return kind = 0, &v;
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
    return kind == 0 ? go_svg(*w) : kind == 1 ? xiangqi_svg(*w) : kind == 3 ? shogi_svg(*w) : renju_svg(*w);
  } catch (const std::exception&) {
    return "";  // a witness that is not a drawable position
  }
}

}  // namespace rulespec
