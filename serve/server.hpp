// `rulespec serve`: the committee's workbench over HTTP (cpp-httplib, Debian's libcpp-httplib).
// One page of its own (serve/web/, embedded) and the JSON API of serve/api.hpp. Evaluations (amend,
// repair, the findings list) run as `rulespec` processes under a time budget, at most `workers`
// at once; oracle requests are answered in the server, within the queries' own search budgets.
// It listens on 127.0.0.1 unless told otherwise, and elsewhere only with a token; it writes only
// under its work directory.
#pragma once
#include <string>

namespace rulespec::serve {

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8080;          // 0: any free port (the address is printed)
  std::string workdir;      // empty: a new directory under $TMPDIR
  std::string token;        // required of every request when set; needed off this machine
  int workers = 2;          // evaluations at once
  double budget = 300;      // seconds an evaluation may take
  std::string rulespec;     // the command that evaluates (default: rulespec beside this program)
};

// Whether `host` is an address of this machine only.
bool is_local_host(const std::string& host);

// Runs until SIGINT or SIGTERM. A start-up problem (a non-local host without a token, a port in
// use, a work directory that cannot be made) is one line on stderr and exit code 2.
int serve(const ServeOptions& options);

}  // namespace rulespec::serve
