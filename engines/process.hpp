// A child process spoken to line by line over pipes (GTP, UCI, USI...), with a deadline on every
// reply so that a stuck engine never hangs rulespec. The engine is killed when the object dies.
#pragma once
#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace rulespec::engines {

class EngineProcess {
 public:
  // Starts argv[0] with arguments; throws std::runtime_error if it cannot be started.
  explicit EngineProcess(const std::vector<std::string>& argv);
  ~EngineProcess();
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;

  void send(const std::string& line);
  // The next line, or nullopt at end of output or when `timeout` passes.
  std::optional<std::string> read_line(std::chrono::milliseconds timeout);
  // A GTP exchange: sends the command, reads until the blank line ending the reply; returns the
  // reply text without the leading "= ". Throws on "?" replies, timeouts and a dead engine.
  std::string gtp(const std::string& command, std::chrono::milliseconds timeout = std::chrono::seconds(10));

 private:
  int pid_ = -1, to_child_ = -1, from_child_ = -1;
  std::string buffer_;
};

}  // namespace rulespec::engines
