// Value <-> JSON. JSON enters rulespec only through the oracle; positions become line:col of
// the input line.
#pragma once
#include <nlohmann/json.hpp>

#include <set>

#include "spec/value.hpp"

namespace rulespec {

using Json = nlohmann::ordered_json;

Json to_json(const Value& v);
// Parses one JSON text; a syntax error is an InputError at the offending byte.
Value parse_json(const std::string& text, const std::string& source, int line);

}  // namespace rulespec
