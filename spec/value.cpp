#include "spec/value.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace rulespec {

std::string SourcePos::str() const {
  std::string out = file ? *file : std::string("<input>");
  if (line > 0) out += ":" + std::to_string(line) + ":" + std::to_string(col);
  return out;
}

InputError::InputError(const SourcePos& pos, const std::string& message)
    : std::runtime_error(pos.str() + ": " + message), pos_(pos), message_(message) {}

InputErrors::InputErrors(std::vector<InputError> all) : InputError(all.at(0).pos(), all.at(0).message()), all_(std::move(all)) {
  for (const auto& e : all_) text_ += (text_.empty() ? "" : "\n") + std::string(e.what());
}

void ErrorList::throw_if_any() const {
  if (errors_.size() == 1) throw errors_.front();
  if (!errors_.empty()) throw InputErrors(errors_);
}

Value Value::null(SourcePos pos) { Value v; v.pos_ = std::move(pos); return v; }
Value Value::boolean(bool b, SourcePos pos) { Value v; v.kind_ = Kind::Bool; v.bool_ = b; v.pos_ = std::move(pos); return v; }
Value Value::integer(std::int64_t i, SourcePos pos) { Value v; v.kind_ = Kind::Int; v.int_ = i; v.pos_ = std::move(pos); return v; }
Value Value::number(double d, SourcePos pos) { Value v; v.kind_ = Kind::Number; v.number_ = d; v.pos_ = std::move(pos); return v; }
Value Value::string(std::string s, SourcePos pos) { Value v; v.kind_ = Kind::String; v.string_ = std::move(s); v.pos_ = std::move(pos); return v; }
Value Value::list(SourcePos pos) { Value v; v.kind_ = Kind::List; v.pos_ = std::move(pos); return v; }
Value Value::map(SourcePos pos) { Value v; v.kind_ = Kind::Map; v.pos_ = std::move(pos); return v; }

const char* Value::kind_name(Kind k) {
  switch (k) {
    case Kind::Null: return "null";
    case Kind::Bool: return "boolean";
    case Kind::Int: return "integer";
    case Kind::Number: return "number";
    case Kind::String: return "string";
    case Kind::List: return "list";
    case Kind::Map: return "map";
  }
  return "?";
}

namespace {
[[noreturn]] void wrong_kind(const Value& v, std::string_view what, const char* wanted) {
  throw InputError(v.pos(), std::string(what) + ": expected " + wanted + ", got " + v.kind_name() +
                                (v.is_string() ? " '" + excerpt(v.as_string()) + "'" : std::string()));
}
}  // namespace

bool Value::as_bool(std::string_view what) const {
  if (kind_ != Kind::Bool) wrong_kind(*this, what, "true or false");
  return bool_;
}
std::int64_t Value::as_int(std::string_view what) const {
  if (kind_ == Kind::Int) return int_;
  if (kind_ == Kind::Number && std::floor(number_) == number_ && std::fabs(number_) < 9e15)
    return static_cast<std::int64_t>(number_);
  wrong_kind(*this, what, "an integer");
}
double Value::as_number(std::string_view what) const {
  if (kind_ == Kind::Int) return static_cast<double>(int_);
  if (kind_ == Kind::Number) return number_;
  wrong_kind(*this, what, "a number");
}
const std::string& Value::as_string(std::string_view what) const {
  if (kind_ != Kind::String) wrong_kind(*this, what, "a string");
  return string_;
}
const std::vector<Value>& Value::as_list(std::string_view what) const {
  if (kind_ != Kind::List) wrong_kind(*this, what, "a list");
  return list_;
}
const std::vector<Value::Entry>& Value::as_map(std::string_view what) const {
  if (kind_ != Kind::Map) wrong_kind(*this, what, "a map");
  return map_;
}

const Value* Value::find(std::string_view key) const {
  if (kind_ != Kind::Map) return nullptr;
  for (const auto& e : map_)
    if (e.key == key) return &e.value;
  return nullptr;
}
Value& Value::set(std::string key, Value v, SourcePos key_pos) {
  if (kind_ == Kind::Null) kind_ = Kind::Map;
  for (auto& e : map_)
    if (e.key == key) return e.value = std::move(v);
  map_.push_back(Entry{std::move(key), std::move(key_pos), std::move(v)});
  return map_.back().value;
}
Value& Value::push(Value v) {
  if (kind_ == Kind::Null) kind_ = Kind::List;
  list_.push_back(std::move(v));
  return list_.back();
}
std::vector<Value>& Value::items() { return list_; }
std::vector<Value::Entry>& Value::entries() { return map_; }

bool Value::operator==(const Value& o) const {
  if (is_numeric() && o.is_numeric()) {
    if (kind_ == Kind::Int && o.kind_ == Kind::Int) return int_ == o.int_;
    return as_number() == o.as_number();
  }
  if (kind_ != o.kind_) return false;
  switch (kind_) {
    case Kind::Null: return true;
    case Kind::Bool: return bool_ == o.bool_;
    case Kind::String: return string_ == o.string_;
    case Kind::List: return list_ == o.list_;
    case Kind::Map:
      if (map_.size() != o.map_.size()) return false;
      for (const auto& e : map_) {
        const Value* other = o.find(e.key);
        if (!other || !(e.value == *other)) return false;
      }
      return true;
    default: return false;
  }
}

bool Value::contains(const Value& expected) const {
  if (expected.is_map() && is_map()) {
    for (const auto& e : expected.map_) {
      const Value* mine = find(e.key);
      if (!mine || !mine->contains(e.value)) return false;
    }
    return true;
  }
  return *this == expected;
}

std::string excerpt(std::string_view s, size_t max) {
  if (s.size() <= max) return std::string(s);
  size_t cut = max;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;  // not inside a UTF-8 sequence
  return std::string(s.substr(0, cut)) + "...";
}

std::string json_quote(std::string_view s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out + "\"";
}

std::string Value::dump() const {
  switch (kind_) {
    case Kind::Null: return "null";
    case Kind::Bool: return bool_ ? "true" : "false";
    case Kind::Int: return std::to_string(int_);
    case Kind::Number: {
      std::ostringstream os;
      os.precision(15);
      os << number_;
      return os.str();
    }
    case Kind::String: return json_quote(string_);
    case Kind::List: {
      std::string out = "[";
      for (size_t i = 0; i < list_.size(); ++i) out += (i ? "," : "") + list_[i].dump();
      return out + "]";
    }
    case Kind::Map: {
      std::string out = "{";
      for (size_t i = 0; i < map_.size(); ++i)
        out += (i ? "," : "") + json_quote(map_[i].key) + ":" + map_[i].value.dump();
      return out + "}";
    }
  }
  return "null";
}

Fields::Fields(const Value& map, std::string what) : map_(map), what_(std::move(what)) {
  map.as_map(what_);
  used_.assign(map.as_map().size(), false);
}

namespace {
// Edit distance, to tell a misspelt key from a missing one.
size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = up;
    }
  }
  return row[b.size()];
}
}  // namespace

namespace {
thread_local FieldRecorder* current_recorder = nullptr;

// "request.moves[3]" and "request.moves[4]" are one reader.
std::string reader_name(const std::string& what) {
  std::string out;
  for (std::size_t i = 0; i < what.size(); ++i) {
    out += what[i];
    if (what[i] == '[')
      while (i + 1 < what.size() && what[i + 1] >= '0' && what[i + 1] <= '9') ++i;
  }
  return out;
}
}  // namespace

FieldRecorder::FieldRecorder() : previous_(current_recorder) { current_recorder = this; }
FieldRecorder::~FieldRecorder() { current_recorder = previous_; }
FieldRecorder* FieldRecorder::active() { return current_recorder; }

FieldUse& FieldRecorder::use(const std::string& where, std::string_view key) {
  const std::string name = reader_name(where);
  for (auto& u : uses)
    if (u.where == name && u.key == key) return u;
  uses.push_back(FieldUse{name, std::string(key)});
  return uses.back();
}

FieldUse* FieldRecorder::last(std::string_view key) {
  for (auto it = uses.rbegin(); it != uses.rend(); ++it)
    if (it->key == key) return &*it;
  return nullptr;
}

const Value& Fields::required(std::string_view key) {
  if (FieldRecorder* r = FieldRecorder::active()) r->use(what_, key).required = true;
  if (std::find(asked_.begin(), asked_.end(), key) == asked_.end()) asked_.emplace_back(key);
  if (const Value* v = optional(key)) return *v;
  const auto& entries = map_.as_map();
  for (size_t i = 0; i < entries.size(); ++i)
    if (!used_[i] && edit_distance(entries[i].key, key) <= 2)
      throw InputError(entries[i].key_pos, what_ + ": unknown key '" + excerpt(entries[i].key) + "' (did you mean '" +
                                               std::string(key) + "'?)");
  throw InputError(map_.pos(), what_ + ": missing required key '" + std::string(key) + "'");
}

const Value* Fields::optional(std::string_view key) {
  if (std::find(asked_.begin(), asked_.end(), key) == asked_.end()) asked_.emplace_back(key);
  FieldUse* use = nullptr;
  if (FieldRecorder* r = FieldRecorder::active()) use = &r->use(what_, key);
  const auto& entries = map_.as_map();
  for (size_t i = 0; i < entries.size(); ++i)
    if (entries[i].key == key) {
      used_[i] = true;
      if (use && use->type.empty()) use->type = entries[i].value.kind_name();
      return &entries[i].value;
    }
  return nullptr;
}

std::string Fields::string(std::string_view key) {
  if (FieldRecorder* r = FieldRecorder::active()) r->use(what_, key).type = "string";
  const Value& v = required(key);
  const std::string& s = v.as_string(what_ + "." + std::string(key));
  if (s.empty()) throw InputError(v.pos(), what_ + "." + std::string(key) + ": must not be empty");
  return s;
}

std::string Fields::optional_string(std::string_view key, std::string fallback) {
  if (FieldRecorder* r = FieldRecorder::active()) {
    FieldUse& use = r->use(what_, key);
    use.type = "string";
    if (!fallback.empty()) use.fallback = fallback;
  }
  const Value* v = optional(key);
  return v ? v->as_string(what_ + "." + std::string(key)) : fallback;
}

void Fields::done() const {
  const auto& entries = map_.as_map();
  for (size_t i = 0; i < entries.size(); ++i)
    if (!used_[i]) {
      // The nearest key the reader knows (a typo, or a neighbour's name).
      std::string near;
      size_t best = 3;
      for (const auto& k : asked_) {
        const size_t d = edit_distance(entries[i].key, k);
        if (d < best) best = d, near = k;
      }
      throw InputError(entries[i].key_pos, what_ + ": unknown key '" + excerpt(entries[i].key) + "'" +
                                               (near.empty() ? "" : " (did you mean '" + near + "'?)"));
    }
}

}  // namespace rulespec
