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
    // Answers quote requests; never let an odd byte in them stop the loop.
    std::cout << to_json(answer).dump(-1, ' ', false, Json::error_handler_t::replace) << "\n" << std::flush;
  }
  return 0;
}

}  // namespace rulespec::cli
