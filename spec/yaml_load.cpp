#include "spec/yaml_load.hpp"

#include <yaml-cpp/anchor.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <fstream>
#include <sstream>

namespace rulespec {
namespace {

SourcePos pos_at(const std::shared_ptr<const std::string>& file, int line, int col) {
  return SourcePos{file, line, col};
}

// Returns the position of the first byte that is not valid UTF-8 (or a NUL), or line 0.
SourcePos check_bytes(std::string_view text, const std::shared_ptr<const std::string>& file, int first_line,
                      std::string& problem) {
  int line = first_line, col = 1;
  for (size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    const size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    if (c == 0) {
      problem = "binary file: NUL byte";
      return pos_at(file, line, col);
    }
    bool ok = len > 0 && i + len <= text.size();
    for (size_t k = 1; ok && k < len; ++k) ok = (static_cast<unsigned char>(text[i + k]) & 0xC0) == 0x80;
    if (ok && len > 1) {
      // No overlong forms, no surrogates, nothing above U+10FFFF.
      const auto c1 = static_cast<unsigned char>(text[i + 1]);
      if (len == 2) ok = c >= 0xC2;
      if (len == 3) ok = !(c == 0xE0 && c1 < 0xA0) && !(c == 0xED && c1 >= 0xA0);
      if (len == 4) ok = c <= 0xF4 && !(c == 0xF0 && c1 < 0x90) && !(c == 0xF4 && c1 >= 0x90);
    }
    if (!ok) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "0x%02X", c);
      problem = std::string("not UTF-8: byte ") + buf;
      return pos_at(file, line, col);
    }
    if (c == '\n') {
      ++line;
      col = 1;
    } else {
      ++col;
    }
    i += len;
  }
  return {};
}

bool is_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

// [-+]?digits
bool looks_integer(std::string_view s) {
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) s.remove_prefix(1);
  return is_digits(s);
}

// [-+]?(digits.digits*|.digits)([eE][-+]?digits)?
bool looks_decimal(std::string_view s) {
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) s.remove_prefix(1);
  const auto e = s.find_first_of("eE");
  std::string_view mantissa = s.substr(0, e);
  const auto dot = mantissa.find('.');
  if (dot == std::string_view::npos) return false;
  const auto whole = mantissa.substr(0, dot), frac = mantissa.substr(dot + 1);
  if (whole.empty() && frac.empty()) return false;
  if ((!whole.empty() && !is_digits(whole)) || (!frac.empty() && !is_digits(frac))) return false;
  if (e == std::string_view::npos) return true;
  std::string_view exponent = s.substr(e + 1);
  if (!exponent.empty() && (exponent[0] == '-' || exponent[0] == '+')) exponent.remove_prefix(1);
  return is_digits(exponent);
}

Value typed_plain_scalar(const std::string& s, SourcePos pos) {
  if (s == "true" || s == "True" || s == "TRUE") return Value::boolean(true, pos);
  if (s == "false" || s == "False" || s == "FALSE") return Value::boolean(false, pos);
  if (looks_integer(s)) {
    try {
      return Value::integer(std::stoll(s), pos);
    } catch (const std::out_of_range&) {
      throw InputError(pos, "integer out of range: '" + excerpt(s) + "'");
    }
  }
  if (looks_decimal(s)) {
    try {
      return Value::number(std::stod(s), pos);
    } catch (const std::out_of_range&) {
      throw InputError(pos, "number out of range: '" + excerpt(s) + "'");
    }
  }
  return Value::string(s, pos);
}

class TreeBuilder : public YAML::EventHandler {
 public:
  explicit TreeBuilder(std::shared_ptr<const std::string> file) : file_(std::move(file)) {}

  Value take() { return std::move(root_); }
  int documents() const { return documents_; }

  void OnDocumentStart(const YAML::Mark& mark) override {
    if (++documents_ > 1) throw InputError(pos(mark), "more than one YAML document");
  }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    no_anchor(mark, anchor);
    add(Value::null(pos(mark)), mark);
  }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t) override {
    throw InputError(pos(mark), "aliases (*name) are not allowed");
  }
  void OnAnchor(const YAML::Mark& mark, const std::string& name) override {
    throw InputError(pos(mark), "anchors (&" + name + ") are not allowed");
  }
  void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                const std::string& value) override {
    no_anchor(mark, anchor);
    check_tag(mark, tag);
    // yaml-cpp tags plain scalars "?" and quoted or block scalars "!": only plain ones get types.
    Value v = tag == "?" ? typed_plain_scalar(value, pos(mark)) : Value::string(value, pos(mark));
    add(std::move(v), mark);
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value) override {
    no_anchor(mark, anchor);
    check_tag(mark, tag);
    open(Value::list(pos(mark)), mark);
  }
  void OnSequenceEnd() override { close(); }
  void OnMapStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value) override {
    no_anchor(mark, anchor);
    check_tag(mark, tag);
    open(Value::map(pos(mark)), mark);
  }
  void OnMapEnd() override {
    if (stack_.back().pending_key) throw InputError(stack_.back().value.pos(), "map key without value");
    close();
  }

 private:
  struct Frame {
    Value value;
    bool pending_key = false;  // maps alternate key, value
    std::string key;
    SourcePos key_pos;
  };

  SourcePos pos(const YAML::Mark& m) const { return pos_at(file_, m.line + 1, m.column + 1); }
  void no_anchor(const YAML::Mark& mark, YAML::anchor_t anchor) const {
    if (anchor != YAML::NullAnchor) throw InputError(pos(mark), "anchors (&name) are not allowed");
  }
  void check_tag(const YAML::Mark& mark, const std::string& tag) const {
    if (!tag.empty() && tag != "?" && tag != "!" && tag != "tag:yaml.org,2002:map" &&
        tag != "tag:yaml.org,2002:seq")
      throw InputError(pos(mark), "explicit tags are not allowed: '" + tag + "'");
  }
  void open(Value v, const YAML::Mark& mark) {
    if (static_cast<int>(stack_.size()) >= kMaxYamlDepth)
      throw InputError(pos(mark), "nesting deeper than " + std::to_string(kMaxYamlDepth) + " levels");
    if (!stack_.empty() && stack_.back().value.is_map() && !stack_.back().pending_key)
      throw InputError(pos(mark), "map keys must be plain scalars");
    Frame f;
    f.value = std::move(v);
    stack_.push_back(std::move(f));
  }
  void close() {
    Frame f = std::move(stack_.back());
    stack_.pop_back();
    attach(std::move(f.value));
  }
  void add(Value v, const YAML::Mark& mark) {
    if (!stack_.empty() && stack_.back().value.is_map() && !stack_.back().pending_key) {
      Frame& f = stack_.back();
      if (v.is_null()) throw InputError(pos(mark), "empty map key");
      if (!v.is_string() && v.kind() != Value::Kind::Int)
        throw InputError(pos(mark), std::string("map key must be a string, got ") + v.kind_name());
      std::string key = v.is_string() ? v.as_string() : std::to_string(v.as_int());
      if (f.value.find(key))
        throw InputError(pos(mark), "duplicate key '" + excerpt(key) + "'");
      f.key = std::move(key);
      f.key_pos = pos(mark);
      f.pending_key = true;
      return;
    }
    attach(std::move(v));
  }
  void attach(Value v) {
    if (stack_.empty()) {
      root_ = std::move(v);
      return;
    }
    Frame& f = stack_.back();
    if (f.value.is_list()) {
      f.value.push(std::move(v));
    } else {
      f.value.set(std::move(f.key), std::move(v), f.key_pos);
      f.pending_key = false;
    }
  }

  std::shared_ptr<const std::string> file_;
  std::vector<Frame> stack_;
  Value root_;
  int documents_ = 0;
};

bool blank_or_comments(std::string_view text) {
  std::istringstream in{std::string(text)};
  std::string line;
  while (std::getline(in, line)) {
    auto first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    const auto last = line.find_last_not_of(" \t\r");
    if (line.substr(first, last - first + 1) != "---") return false;
  }
  return true;
}

}  // namespace

void check_utf8(std::string_view text, const std::string& source, int line) {
  std::string problem;
  if (SourcePos bad = check_bytes(text, std::make_shared<const std::string>(source), line, problem); bad.line > 0)
    throw InputError(bad, problem);
}

Value parse_yaml(std::string_view text, const std::string& file_name) {
  auto file = std::make_shared<const std::string>(file_name);
  std::string problem;
  if (SourcePos bad = check_bytes(text, file, 1, problem); bad.line > 0) throw InputError(bad, problem);
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  if (blank_or_comments(text)) throw InputError(pos_at(file, 1, 1), "empty file: no YAML content");
  std::istringstream in{std::string(text)};
  TreeBuilder builder(file);
  try {
    YAML::Parser parser(in);
    while (parser.HandleNextDocument(builder)) {
    }
  } catch (const YAML::Exception& e) {
    throw InputError(pos_at(file, e.mark.line + 1, e.mark.column + 1), "YAML syntax: " + e.msg);
  }
  Value root = builder.take();
  if (root.is_null()) throw InputError(pos_at(file, 1, 1), "empty file: no YAML content");
  return root;
}

std::string read_text_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(SourcePos{std::make_shared<const std::string>(path), 0, 0}, "cannot read file");
  std::ostringstream buf;
  buf << in.rdbuf();
  return buf.str();
}

Value load_yaml_file(const std::string& path) { return parse_yaml(read_text_file(path), path); }

}  // namespace rulespec
