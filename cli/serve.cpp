#include <unistd.h>

#include <filesystem>
#include <iostream>

#include "cli/commands.hpp"

namespace rulespec::cli {

int serve(const std::vector<std::string>& args) {
  std::error_code ec;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  const std::string server = ((ec ? std::filesystem::path(".") : self.parent_path()) / "rulespec-serve").string();
  if (::access(server.c_str(), X_OK) != 0) {
    std::cerr << "rulespec serve: the server is not built (" << server << "): run 'make serve', or build the target rulespec-serve\n";
    return 2;
  }
  std::vector<std::string> words = {server};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  ::execv(server.c_str(), argv.data());
  std::cerr << "rulespec serve: cannot start " << server << "\n";
  return 2;
}

}  // namespace rulespec::cli
