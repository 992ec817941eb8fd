// rulespec-serve: the workbench server, started by `rulespec serve` (or on its own). Its few
// options are read here by hand: CLI11 would cost this small program more to compile than the
// rest of it.
#include <iostream>
#include <string>

#include "serve/server.hpp"
#include "spec/value.hpp"

namespace {

const char* kUsage =
    "rulespec serve: the committee's workbench in a browser (the codex, the amendment editor, evaluations)\n"
    "usage: rulespec serve [OPTIONS]\n"
    "  --host ADDRESS   address to listen on (default 127.0.0.1); other than this machine's only with --token\n"
    "  --port N         port, 0..65535 (default 8080; 0: any free one, the address is printed)\n"
    "  --workdir DIR    the only directory it writes to (default: a new one under $TMPDIR)\n"
    "  --token SECRET   a secret every API request must send as 'Authorization: Bearer SECRET'\n"
    "  --workers N      evaluations at once, 1..64 (default 2); more are answered 429\n"
    "  --budget SECONDS seconds one evaluation may take before it is stopped, 504 (default 300, at most 86400)\n"
    "docs/serve.md describes the page and the API.\n";

int usage_error(const std::string& message) {
  std::cerr << "rulespec serve: " << message << " (rulespec serve --help)\n";
  return 2;
}

// A whole number in [lo, hi], or false.
bool read_int(const std::string& text, int lo, int hi, int& out) {
  if (text.empty() || text.size() > 9 || text.find_first_not_of("0123456789") != std::string::npos) return false;
  out = std::stoi(text);
  return out >= lo && out <= hi;
}

}  // namespace

int main(int argc, char** argv) {
  rulespec::serve::ServeOptions o;
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    if (flag == "--help" || flag == "-h") {
      std::cout << kUsage;
      return 0;
    }
    if (flag != "--host" && flag != "--port" && flag != "--workdir" && flag != "--token" && flag != "--workers" && flag != "--budget")
      return usage_error("unknown option '" + flag + "'; the options: --host, --port, --workdir, --token, --workers, --budget");
    if (i + 1 >= argc) return usage_error(flag + " needs a value");
    const std::string value = argv[++i];
    if (flag == "--host") o.host = value;
    else if (flag == "--workdir") o.workdir = value;
    else if (flag == "--token") o.token = value;
    else if (flag == "--port" && !read_int(value, 0, 65535, o.port)) return usage_error("--port: '" + value + "' is not a port, 0..65535");
    else if (flag == "--workers" && !read_int(value, 1, 64, o.workers)) return usage_error("--workers: '" + value + "' is not 1..64");
    else if (flag == "--budget") {
      std::size_t used = 0;
      try {
        o.budget = std::stod(value, &used);
      } catch (const std::exception&) {
        used = 0;
      }
      if (used != value.size() || !(o.budget > 0) || o.budget > 86400)
        return usage_error("--budget: '" + value + "' is not a number of seconds, more than 0 and at most 86400 (a day)");
    }
  }
  if (o.host.empty()) return usage_error("--host needs an address");
  if (o.token.find_first_of(" \t\r\n") != std::string::npos) return usage_error("--token: no spaces or line breaks");
  try {
    return rulespec::serve::serve(o);
  } catch (const rulespec::InputError& e) {
    std::cerr << e.what() << "\n";
    return 2;
  }
}
