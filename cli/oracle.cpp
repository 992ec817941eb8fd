#include <iostream>
#include <string>

#include "queries/query.hpp"
#include "cli/commands.hpp"
#include "reports/json_value.hpp"
#include "spec/yaml_load.hpp"

namespace rulespec::cli {

int oracle() {
  const Spec spec = Spec::load_dir(spec_dir());
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
      answer = run_query(spec, request);
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
