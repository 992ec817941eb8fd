#include "model/go/sgf.hpp"

#include <cctype>
#include <cstdio>
#include <stdexcept>

namespace rulespec::go {
namespace {

struct Failure {
  SgfError error;
};

class Reader {
 public:
  explicit Reader(std::string_view text) : text_(text) {}

  [[noreturn]] void fail(const std::string& token, const std::string& message) const { fail_at(pos_, token, message); }
  [[noreturn]] void fail_at(size_t at, const std::string& token, const std::string& message) const {
    SgfError e;
    for (size_t i = 0; i < at && i < text_.size(); ++i) {
      if (text_[i] == '\n') {
        ++e.line;
        e.column = 1;
      } else {
        ++e.column;
      }
    }
    e.token = token;
    e.message = message;
    throw Failure{e};
  }

  void skip_space() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  bool at_end() const { return pos_ >= text_.size(); }
  char peek() const { return at_end() ? '\0' : text_[pos_]; }
  size_t pos() const { return pos_; }
  void expect(char c) {
    skip_space();
    if (peek() != c) fail(at_end() ? "end of input" : std::string(1, peek()), std::string("expected '") + c + "'");
    ++pos_;
  }

  // One property value between brackets, with SGF escapes resolved.
  std::string value() {
    const size_t start = pos_;
    ++pos_;  // '['
    std::string out;
    while (true) {
      if (at_end()) fail_at(start, "[", "unterminated property value");
      const char c = text_[pos_++];
      if (c == ']') break;
      if (c == '\\' && !at_end()) {
        out += text_[pos_++];
        continue;
      }
      out += c;
    }
    return out;
  }

  std::string identifier() {
    std::string id;
    while (!at_end() && std::isupper(static_cast<unsigned char>(peek()))) id += text_[pos_++];
    if (id.empty()) fail(std::string(1, peek()), "expected a property identifier (upper-case letters)");
    return id;
  }

  // Skips a whole game tree (a variation we do not follow).
  void skip_tree() {
    const size_t start = pos_;
    int depth = 0;
    while (!at_end()) {
      const char c = text_[pos_];
      if (c == '[') {
        value();
        continue;
      }
      ++pos_;
      if (c == '(') ++depth;
      if (c == ')' && --depth == 0) return;
    }
    fail_at(start, "(", "unterminated variation");
  }

 private:
  std::string_view text_;
  size_t pos_ = 0;
};

struct RawPoint {
  int x, y_from_top;
};

class Parser {
 public:
  explicit Parser(std::string_view text) : in_(text) {}

  SgfGame run() {
    in_.expect('(');
    sequence(true);
    in_.skip_space();
    if (!in_.at_end()) in_.fail(std::string(1, in_.peek()), "text after the end of the game tree");
    return game_;
  }

 private:
  // Nodes of the main line: ";" nodes, then the first variation, skipping the others. A loop,
  // not a recursion: a file may nest variations thousands deep.
  void sequence(bool root) {
    bool first_node = root;
    long entered = 0;  // first variations entered along the main line, each still open
    while (true) {
      in_.skip_space();
      if (in_.peek() == ';') {
        in_.expect(';');
        node(first_node);
        first_node = false;
      } else if (in_.peek() == '(') {
        in_.expect('(');
        ++entered;
      } else {
        in_.expect(')');
        // The main line has ended: close each variation it entered, skipping its siblings.
        for (; entered > 0; --entered) {
          in_.skip_space();
          while (in_.peek() == '(') {
            in_.skip_tree();
            in_.skip_space();
          }
          in_.expect(')');
        }
        return;
      }
    }
  }

  void node(bool root) {
    while (true) {
      in_.skip_space();
      if (!std::isupper(static_cast<unsigned char>(in_.peek()))) return;
      const size_t id_at = in_.pos();
      const std::string id = in_.identifier();
      std::vector<std::pair<size_t, std::string>> values;
      in_.skip_space();
      if (in_.peek() != '[') in_.fail(std::string(1, in_.peek()), "property " + id + " has no value");
      while (in_.peek() == '[') {
        const size_t inside = in_.pos() + 1;  // errors point inside the brackets
        std::string text = in_.value();
        values.emplace_back(inside, std::move(text));
        in_.skip_space();
      }
      property(root, id_at, id, values);
    }
  }

  void property(bool root, size_t id_at, const std::string& id, const std::vector<std::pair<size_t, std::string>>& values) {
    auto single = [&]() -> const std::pair<size_t, std::string>& {
      if (values.size() != 1) in_.fail_at(id_at, id, "property " + id + " takes one value");
      return values.front();
    };
    const bool setup = id == "AB" || id == "AW" || id == "AE";
    const bool root_only = id == "SZ" || id == "KM" || id == "RU" || id == "HA" || id == "GM" || id == "FF";
    if ((setup || root_only) && !root) in_.fail_at(id_at, id, "property " + id + " is supported in the root node only");
    if (id == "GM") {
      if (single().second != "1") in_.fail_at(single().first, single().second, "GM must be 1 (Go)");
    } else if (id == "SZ") {
      if (stones_seen_) in_.fail_at(id_at, id, "SZ must come before any stone");
      const auto& [at, text] = single();
      int w = 0, h = 0;
      char extra = 0;
      const int n = std::sscanf(text.c_str(), "%d:%d%c", &w, &h, &extra);
      if (n == 1) h = w;
      if ((n != 1 && n != 2) || w < 1 || h < 1 || w > kMaxBoardSize || h > kMaxBoardSize ||
          text.find_first_not_of("0123456789:") != std::string::npos)
        in_.fail_at(at, text, "SZ must be a size 1..25 or columns:rows");
      game_.width = w;
      game_.height = h;
    } else if (id == "KM") {
      const auto& [at, text] = single();
      try {
        size_t used = 0;
        game_.komi = std::stod(text, &used);
        if (used != text.size()) throw std::invalid_argument(text);
      } catch (const std::exception&) {
        in_.fail_at(at, text, "KM must be a number");
      }
    } else if (id == "RU") {
      game_.rules = single().second;
    } else if (id == "HA") {
      const auto& [at, text] = single();
      if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos || text.size() > 3)
        in_.fail_at(at, text, "HA must be a whole number");
      game_.handicap = std::stoi(text);
    } else if (id == "PL") {
      const auto& [at, text] = single();
      if (text != "B" && text != "W") in_.fail_at(at, text, "PL must be B or W");
      game_.to_play = text == "B" ? Stone::Black : Stone::White;
    } else if (setup) {
      stones_seen_ = true;
      const Stone s = id == "AB" ? Stone::Black : id == "AW" ? Stone::White : Stone::Empty;
      for (const auto& [at, text] : values)
        for (const auto& p : point_list(at, text)) setup_.push_back({p, s});
    } else if (id == "B" || id == "W") {
      stones_seen_ = true;
      const auto& [at, text] = single();
      const Stone s = id == "B" ? Stone::Black : Stone::White;
      if (text.empty() || (text == "tt" && game_.width <= 19 && game_.height <= 19)) {
        moves_.push_back({s, std::nullopt});
      } else {
        moves_.push_back({s, point(at, text)});
      }
    }
  }

  RawPoint point(size_t at, const std::string& text) {
    auto coord = [](char c) { return c >= 'a' && c <= 'z' ? c - 'a' : c >= 'A' && c <= 'Z' ? c - 'A' + 26 : -1; };
    if (text.size() != 2) in_.fail_at(at, text, "a point is two letters");
    const int x = coord(text[0]), y = coord(text[1]);
    if (x < 0 || y < 0 || x >= game_.width || y >= game_.height)
      in_.fail_at(at, text, "point is off the " + std::to_string(game_.width) + "x" + std::to_string(game_.height) + " board");
    return {x, y};
  }

  std::vector<RawPoint> point_list(size_t at, const std::string& text) {
    const auto colon = text.find(':');
    if (colon == std::string::npos) return {point(at, text)};
    const RawPoint a = point(at, text.substr(0, colon)), b = point(at, text.substr(colon + 1));
    if (a.x > b.x || a.y_from_top > b.y_from_top) in_.fail_at(at, text, "compressed point list must run top-left to bottom-right");
    std::vector<RawPoint> out;
    for (int y = a.y_from_top; y <= b.y_from_top; ++y)
      for (int x = a.x; x <= b.x; ++x) out.push_back({x, y});
    return out;
  }

 public:
  SgfGame finish() {
    Board b(game_.width, game_.height);
    for (const auto& [raw, s] : setup_) game_.setup.push_back({b.point(raw.x, game_.height - 1 - raw.y_from_top), s});
    for (const auto& [s, raw] : moves_)
      game_.moves.push_back({s, raw ? b.point(raw->x, game_.height - 1 - raw->y_from_top) : -1});
    return game_;
  }

 private:
  Reader in_;
  SgfGame game_;
  std::vector<std::pair<RawPoint, Stone>> setup_;
  std::vector<std::pair<Stone, std::optional<RawPoint>>> moves_;
  bool stones_seen_ = false;
};

std::string sgf_point(const Board& b, int p) {
  const int x = b.x_of(p), y = b.height() - 1 - b.y_of(p);
  auto letter = [](int c) { return static_cast<char>(c < 26 ? 'a' + c : 'A' + c - 26); };
  return std::string{letter(x), letter(y)};
}

}  // namespace

SgfParse parse_sgf(std::string_view text) {
  SgfParse out;
  try {
    Parser p(text);
    p.run();
    out.game = p.finish();
  } catch (const Failure& f) {
    out.error = f.error;
  }
  return out;
}

std::string write_sgf(const SgfGame& g) {
  const Board b(g.width, g.height);
  std::string out = "(;GM[1]FF[4]SZ[";
  out += g.width == g.height ? std::to_string(g.width) : std::to_string(g.width) + ":" + std::to_string(g.height);
  out += "]";
  if (g.komi) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", *g.komi);
    out += std::string("KM[") + buf + "]";
  }
  auto escaped = [](const std::string& text) {
    std::string e;
    for (char c : text) {
      if (c == ']' || c == '\\') e += '\\';
      e += c;
    }
    return e;
  };
  if (!g.rules.empty()) out += "RU[" + escaped(g.rules) + "]";
  if (!g.comment.empty()) out += "C[" + escaped(g.comment) + "]";
  if (g.handicap) out += "HA[" + std::to_string(g.handicap) + "]";
  for (const auto& [tag, colour] : {std::pair{"AB", Stone::Black}, {"AW", Stone::White}, {"AE", Stone::Empty}}) {
    std::string list;
    for (const auto& [p, s] : g.setup)
      if (s == colour) list += "[" + sgf_point(b, p) + "]";
    if (!list.empty()) out += tag + list;
  }
  if (g.to_play) out += std::string("PL[") + (*g.to_play == Stone::Black ? "B" : "W") + "]";
  for (const auto& [s, p] : g.moves)
    out += std::string(";") + (s == Stone::Black ? "B" : "W") + "[" + (p < 0 ? "" : sgf_point(b, p)) + "]";
  out += ")\n";
  return out;
}

}  // namespace rulespec::go
