// The only door through which YAML enters rulespec. A strict pre-pass turns yaml-cpp's event
// stream into a Value tree and rejects what a catalog must never contain: anchors and aliases,
// duplicate keys, nesting deeper than 64, several documents, non-UTF-8 or binary bytes, and
// empty files. Every rejection is an InputError with file:line:col (1-based).
#pragma once
#include <string>
#include <string_view>

#include "spec/value.hpp"

namespace rulespec {

inline constexpr int kMaxYamlDepth = 64;

Value parse_yaml(std::string_view text, const std::string& file_name);
Value load_yaml_file(const std::string& path);

// Throws an InputError at the first byte of `text` (starting at `line`) that is not valid UTF-8.
void check_utf8(std::string_view text, const std::string& source, int line);

// Reads a whole file; a missing or unreadable file is an InputError naming the path.
std::string read_text_file(const std::string& path);

}  // namespace rulespec
