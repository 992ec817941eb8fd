// rulespec-serve: the workbench server, started by `rulespec serve` (or on its own).
#include <CLI/CLI.hpp>

#include <iostream>

#include "serve/server.hpp"
#include "spec/value.hpp"

int main(int argc, char** argv) {
  rulespec::serve::ServeOptions o;
  CLI::App app{"rulespec serve: the committee's workbench in a browser (the codex, the amendment editor, evaluations)"};
  app.add_option("--host", o.host, "address to listen on; other than this machine's only with --token")->capture_default_str();
  app.add_option("--port", o.port, "port (0: any free one; the address is printed)")->capture_default_str()->check(CLI::Range(0, 65535));
  app.add_option("--workdir", o.workdir, "the only directory it writes to (default: a new one under $TMPDIR)");
  app.add_option("--token", o.token, "a secret every API request must send as 'Authorization: Bearer TOKEN'");
  app.add_option("--workers", o.workers, "evaluations at once; more are answered 429")->capture_default_str()->check(CLI::Range(1, 64));
  app.add_option("--budget", o.budget, "seconds one evaluation may take before it is stopped (504)")->capture_default_str()->check(CLI::PositiveNumber);
  app.name("rulespec serve");
  CLI11_PARSE(app, argc, argv);
  try {
    return rulespec::serve::serve(o);
  } catch (const rulespec::InputError& e) {
    std::cerr << e.what() << "\n";
    return 2;
  }
}
