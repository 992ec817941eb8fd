#include <iostream>
#include <map>
#include <string>

#include "queries/query.hpp"
#include "cli/commands.hpp"
#include "reports/json_value.hpp"
#include "spec/yaml_load.hpp"

namespace rulespec::cli {

int oracle(bool stamp_all) {
  const Spec spec = Spec::load_dir(spec_dir());
  std::map<std::string, Spec> amended;
  std::string line;
  int line_no = 0;
  // Every request is answered and reading goes on; a malformed one still makes the exit 2, so that
  // a script learns of it (a rule's verdict, an illegal move included, is an answer, not an error).
  bool bad_request = false;
  while (std::getline(std::cin, line)) {
    ++line_no;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const Value answer = answer_request(
        spec,
        [&] {
          check_utf8(line, "<stdin>", line_no);
          return parse_json(line, "<stdin>", line_no);
        },
        amended, stamp_all);
    if (const Value* err = answer.is_map() ? answer.find("error") : nullptr)
      if (const Value* code = err->find("code"); code && code->is_string() && code->as_string().rfind("bad-", 0) == 0) bad_request = true;
    // Answers quote requests; never let an odd byte in them stop the loop.
    std::cout << to_json(answer).dump(-1, ' ', false, Json::error_handler_t::replace) << "\n" << std::flush;
  }
  return bad_request ? 2 : 0;
}

}  // namespace rulespec::cli
