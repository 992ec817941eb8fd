#include <iostream>
#include <map>
#include <string>

#include "queries/query.hpp"
#include "cli/commands.hpp"
#include "reports/json_value.hpp"
#include "spec/amendment.hpp"
#include "spec/yaml_load.hpp"

namespace rulespec::cli {
namespace {

// A request's "amendment": a path to an amendment file, or the amendment itself as an object.
// The amended specs are kept by their text, so a stream of requests under one amendment loads it
// once.
const Spec& spec_for(const Spec& base, const Value& request, Value& rest, std::map<std::string, Spec>& amended) {
  const Value* a = request.is_map() ? request.find("amendment") : nullptr;
  if (!a) return base;
  Value copy = Value::map(request.pos());
  for (const auto& e : request.as_map())
    if (e.key != "amendment") copy.set(e.key, e.value, e.key_pos);
  rest = std::move(copy);
  if (!a->is_string() && !a->is_map())
    throw InputError(a->pos(), "amendment: expected the path of an amendment file or the amendment as an object");
  const std::string key = a->is_string() ? "file:" + a->as_string() : a->dump();
  auto it = amended.find(key);
  if (it == amended.end()) {
    const Amendment parsed = a->is_string() ? load_amendment(a->as_string(), base) : parse_amendment(*a, "<request amendment>", base);
    it = amended.emplace(key, apply_amendment(base, parsed)).first;
  }
  return it->second;
}

}  // namespace

int oracle() {
  const Spec spec = Spec::load_dir(spec_dir());
  std::map<std::string, Spec> amended;
  std::string line;
  int line_no = 0;
  while (std::getline(std::cin, line)) {
    ++line_no;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    Value answer;
    Value id;
    try {
      check_utf8(line, "<stdin>", line_no);
      const Value request = parse_json(line, "<stdin>", line_no);
      if (request.is_map() && request.find("id")) id = *request.find("id");
      Value rest = request;
      const Spec& under = spec_for(spec, request, rest, amended);
      answer = run_query(under, rest);
    } catch (const InputError& e) {
      answer = error_value("bad-request", e.message(), e.pos());
    } catch (const QueryError& e) {
      answer = error_value(e.code, e.what(), e.pos);
    } catch (const std::exception& e) {
      answer = error_value("internal", e.what());
    }
    if (!id.is_null() && answer.is_map()) answer.set("id", id);
    // Answers quote requests; never let an odd byte in them stop the loop.
    std::cout << to_json(answer).dump(-1, ' ', false, Json::error_handler_t::replace) << "\n" << std::flush;
  }
  return 0;
}

}  // namespace rulespec::cli
