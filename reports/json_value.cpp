#include "reports/json_value.hpp"

#include <algorithm>
#include <cstdint>

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
Value from(const Json& j, const SourcePos& pos) {
  switch (j.type()) {
    case Json::value_t::null: return Value::null(pos);
    case Json::value_t::boolean: return Value::boolean(j.get<bool>(), pos);
    case Json::value_t::number_integer: return Value::integer(j.get<std::int64_t>(), pos);
    case Json::value_t::number_unsigned: {
      const auto u = j.get<std::uint64_t>();
      if (u > static_cast<std::uint64_t>(INT64_MAX)) throw InputError(pos, "integer out of range: " + std::to_string(u));
      return Value::integer(static_cast<std::int64_t>(u), pos);
    }
    case Json::value_t::number_float: return Value::number(j.get<double>(), pos);
    case Json::value_t::string: return Value::string(j.get<std::string>(), pos);
    case Json::value_t::array: {
      Value l = Value::list(pos);
      for (const auto& x : j) l.push(from(x, pos));
      return l;
    }
    case Json::value_t::object: {
      Value m = Value::map(pos);
      for (auto it = j.begin(); it != j.end(); ++it) m.set(it.key(), from(it.value(), pos), pos);
      return m;
    }
    default: return Value::null(pos);
  }
}
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
    return from(j, SourcePos{file, line, 1});
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
