#include "reports/json_value.hpp"

#include <algorithm>
#include <cstdint>
#include <string_view>

namespace rulespec {

Json to_json(const Value& v) {
  switch (v.kind()) {
    case Value::Kind::Null: return nullptr;
    case Value::Kind::Bool: return v.as_bool();
    case Value::Kind::Int: return v.as_int();
    case Value::Kind::Number: return v.as_number();
    case Value::Kind::String: return v.as_string();
    case Value::Kind::List: {
      Json a = Json::array();
      for (const auto& x : v.as_list()) a.push_back(to_json(x));
      return a;
    }
    case Value::Kind::Map: {
      Json o = Json::object();
      for (const auto& e : v.as_map()) o[e.key] = to_json(e.value);
      return o;
    }
  }
  return nullptr;
}

namespace {
// Builds the Value tree from an accepted parse, walking the text alongside so every node gets the
// column of its first byte. The text is known to be valid JSON (nlohmann accepted it), and
// ordered_json keeps object members in text order, so the walk needs no error handling.
class Positioned {
 public:
  Positioned(const std::string& text, std::shared_ptr<const std::string> file, int line)
      : text_(text), file_(std::move(file)), line_(line) {}

  Value from(const Json& j) {
    skip_space();
    const SourcePos pos{file_, line_, static_cast<int>(at_) + 1};
    switch (j.type()) {
      case Json::value_t::null: skip_token(); return Value::null(pos);
      case Json::value_t::boolean: skip_token(); return Value::boolean(j.get<bool>(), pos);
      case Json::value_t::number_integer: skip_token(); return Value::integer(j.get<std::int64_t>(), pos);
      case Json::value_t::number_unsigned: {
        skip_token();
        const auto u = j.get<std::uint64_t>();
        if (u > static_cast<std::uint64_t>(INT64_MAX)) throw InputError(pos, "integer out of range: " + std::to_string(u));
        return Value::integer(static_cast<std::int64_t>(u), pos);
      }
      case Json::value_t::number_float: skip_token(); return Value::number(j.get<double>(), pos);
      case Json::value_t::string: skip_string(); return Value::string(j.get<std::string>(), pos);
      case Json::value_t::array: {
        ++at_;  // [
        Value l = Value::list(pos);
        for (const auto& x : j) {
          l.push(from(x));
          skip_space();
          if (text_[at_] == ',') ++at_;
        }
        skip_space();
        ++at_;  // ]
        return l;
      }
      case Json::value_t::object: {
        ++at_;  // {
        Value m = Value::map(pos);
        for (auto it = j.begin(); it != j.end(); ++it) {
          skip_space();
          const SourcePos key_pos{file_, line_, static_cast<int>(at_) + 1};
          skip_string();
          skip_space();
          ++at_;  // :
          m.set(it.key(), from(it.value()), key_pos);
          skip_space();
          if (text_[at_] == ',') ++at_;
        }
        skip_space();
        ++at_;  // }
        return m;
      }
      default: skip_token(); return Value::null(pos);
    }
  }

 private:
  void skip_space() {
    while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\t' || text_[at_] == '\r' || text_[at_] == '\n')) ++at_;
  }
  void skip_string() {
    ++at_;  // opening quote
    while (at_ < text_.size() && text_[at_] != '"') at_ += text_[at_] == '\\' ? 2 : 1;
    ++at_;  // closing quote
  }
  void skip_token() {
    while (at_ < text_.size() && std::string_view(",]} \t\r\n").find(text_[at_]) == std::string_view::npos) ++at_;
  }

  const std::string& text_;
  std::shared_ptr<const std::string> file_;
  int line_;
  std::size_t at_ = 0;
};
}  // namespace

Value parse_json(const std::string& text, const std::string& source, int line) {
  auto file = std::make_shared<const std::string>(source);
  // Duplicate keys would silently keep the last value: reject them like the YAML pre-pass does.
  std::string duplicate;
  int max_depth = 0;
  std::vector<std::set<std::string>> keys_seen;
  auto callback = [&](int d, Json::parse_event_t ev, Json& parsed) {
    max_depth = std::max(max_depth, d);
    if (ev == Json::parse_event_t::object_start) keys_seen.emplace_back();
    if (ev == Json::parse_event_t::object_end && !keys_seen.empty()) keys_seen.pop_back();
    if (ev == Json::parse_event_t::key && !keys_seen.empty() && duplicate.empty()) {
      const auto k = parsed.get<std::string>();
      if (!keys_seen.back().insert(k).second) duplicate = k;
    }
    return true;
  };
  try {
    Json j = Json::parse(text, callback);
    if (!duplicate.empty()) throw InputError(SourcePos{file, line, 1}, "duplicate key '" + duplicate + "'");
    if (max_depth > 64) throw InputError(SourcePos{file, line, 1}, "nesting deeper than 64 levels");
    return Positioned(text, file, line).from(j);
  } catch (const Json::parse_error& e) {
    const int col = static_cast<int>(e.byte == 0 ? 1 : e.byte);
    std::string msg = e.what();
    if (auto p = msg.find("syntax error"); p != std::string::npos) msg = msg.substr(p);
    throw InputError(SourcePos{file, line, col}, "JSON " + msg);
  } catch (const Json::exception& e) {  // numbers out of range and the like
    std::string msg = e.what();
    if (auto p = msg.find("] "); p != std::string::npos) msg = msg.substr(p + 2);
    throw InputError(SourcePos{file, line, 1}, "JSON " + excerpt(msg, 120));
  }
}

}  // namespace rulespec
