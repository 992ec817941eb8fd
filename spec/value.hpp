// A small document tree (null, bool, integer, number, string, list, map) that remembers where
// each node came from. YAML catalogs, oracle JSON requests and query answers all travel as Values,
// so one comparison and one error format serve every input.
#pragma once
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rulespec {

struct SourcePos {
  std::shared_ptr<const std::string> file;
  int line = 0;  // 1-based; 0 when the node was built in code
  int col = 0;   // 1-based
  std::string str() const;
};

// Bad input: rendered as one line "file:line:col: message". Exit code 2 at the command line.
class InputError : public std::runtime_error {
 public:
  InputError(const SourcePos& pos, const std::string& message);
  const SourcePos& pos() const { return pos_; }
  const std::string& message() const { return message_; }

 private:
  SourcePos pos_;
  std::string message_;
};

// Several errors of one input, reported at once (lint): what() has one line per error, and pos()
// and message() are the first's.
class InputErrors : public InputError {
 public:
  explicit InputErrors(std::vector<InputError> all);
  const std::vector<InputError>& all() const { return all_; }
  const char* what() const noexcept override { return text_.c_str(); }

 private:
  std::vector<InputError> all_;
  std::string text_;
};

// Collects the errors of independent parts of one input; throws them together at the end.
class ErrorList {
 public:
  template <class F>
  void check(F&& part) {
    try {
      part();
    } catch (const InputErrors& e) {
      errors_.insert(errors_.end(), e.all().begin(), e.all().end());
    } catch (const InputError& e) {
      errors_.push_back(e);
    }
  }
  bool empty() const { return errors_.empty(); }
  void throw_if_any() const;

 private:
  std::vector<InputError> errors_;
};

class Value {
 public:
  enum class Kind { Null, Bool, Int, Number, String, List, Map };
  struct Entry;

  Value() = default;
  static Value null(SourcePos pos = {});
  static Value boolean(bool b, SourcePos pos = {});
  static Value integer(std::int64_t i, SourcePos pos = {});
  static Value number(double d, SourcePos pos = {});
  static Value string(std::string s, SourcePos pos = {});
  static Value list(SourcePos pos = {});
  static Value map(SourcePos pos = {});

  Kind kind() const { return kind_; }
  const SourcePos& pos() const { return pos_; }
  static const char* kind_name(Kind k);
  const char* kind_name() const { return kind_name(kind_); }

  bool is_null() const { return kind_ == Kind::Null; }
  bool is_map() const { return kind_ == Kind::Map; }
  bool is_list() const { return kind_ == Kind::List; }
  bool is_string() const { return kind_ == Kind::String; }
  bool is_numeric() const { return kind_ == Kind::Int || kind_ == Kind::Number; }

  // Typed access; a wrong kind is an InputError at this node's position naming `what`.
  bool as_bool(std::string_view what = "value") const;
  std::int64_t as_int(std::string_view what = "value") const;
  double as_number(std::string_view what = "value") const;
  const std::string& as_string(std::string_view what = "value") const;
  const std::vector<Value>& as_list(std::string_view what = "value") const;
  const std::vector<Entry>& as_map(std::string_view what = "value") const;

  // Map helpers (building and lookup). `set` replaces an existing key.
  const Value* find(std::string_view key) const;
  Value& set(std::string key, Value v, SourcePos key_pos = {});
  Value& push(Value v);
  std::vector<Value>& items();
  std::vector<Entry>& entries();

  // Structural equality ignoring positions; 2 == 2.0.
  bool operator==(const Value& other) const;
  // Every key of `expected` (recursively for maps) is present in *this with an equal value.
  bool contains(const Value& expected) const;
  // Compact JSON-like rendering for messages and reports (keys in stored order).
  std::string dump() const;

 private:
  Kind kind_ = Kind::Null;
  SourcePos pos_;
  bool bool_ = false;
  std::int64_t int_ = 0;
  double number_ = 0;
  std::string string_;
  std::vector<Value> list_;
  std::vector<Entry> map_;
};

struct Value::Entry {
  std::string key;
  SourcePos key_pos;
  Value value;
};

// What the readers of a request looked for, key by key, with what the typed readers expected of
// each: recorded on this thread while a FieldRecorder lives. `rulespec help query` and the oracle
// reference (docs/oracle.md) are made from it, so that they say what the validation does.
struct FieldUse {
  std::string where, key;  // where: the reader's name ("request", "request.moves[]")
  bool required = false;   // looked up as required (else optional)
  std::string type;        // "integer", "number", "boolean", "string", or the kind a request gave
  std::string domain;      // "1..19", "B|W"
  std::string fallback;    // the default of an optional field, when the reader has one
};
class FieldRecorder {
 public:
  FieldRecorder();
  ~FieldRecorder();
  FieldRecorder(const FieldRecorder&) = delete;
  FieldRecorder& operator=(const FieldRecorder&) = delete;
  static FieldRecorder* active();
  // The use of `key` under `where`, made if new; a later reader refines what an earlier one saw.
  FieldUse& use(const std::string& where, std::string_view key);
  // The last use of `key` (any reader): for the typed helpers that see the key, not the reader.
  FieldUse* last(std::string_view key);
  std::vector<FieldUse> uses;

 private:
  FieldRecorder* previous_;
};

// Closed-world reading of a map: every key must be consumed, else the first unknown key is
// reported at its position.
class Fields {
 public:
  Fields(const Value& map, std::string what);
  const std::string& what() const { return what_; }
  const Value& required(std::string_view key);
  const Value* optional(std::string_view key);
  std::string string(std::string_view key);                       // required string
  std::string optional_string(std::string_view key, std::string fallback = {});
  void done() const;
  const Value& node() const { return map_; }

 private:
  const Value& map_;
  std::string what_;
  std::vector<bool> used_;
  std::vector<std::string> asked_;  // the keys the reader knows, for "did you mean" on an unknown one
};

std::string json_quote(std::string_view s);
// A token as error messages quote it: at most `max` bytes, cut at a character boundary, with "...".
std::string excerpt(std::string_view s, size_t max = 40);

}  // namespace rulespec
