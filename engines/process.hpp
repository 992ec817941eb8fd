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
  // A GTP exchange: sends the command, reads until the blank line ending the reply. `ok` is false
  // for a "?" reply; text is the reply without "= " / "? ", lines joined by newlines. Throws on a
  // timeout, a dead engine, an answer that is not GTP, or more than 1000 lines.
  struct GtpReply {
    bool ok = true;
    std::string text;
  };
  GtpReply gtp_reply(const std::string& command, std::chrono::milliseconds timeout = std::chrono::seconds(10));
  // The reply to `command`, sent before (GTP answers in order, so several may be sent first).
  GtpReply read_gtp_reply(const std::string& command, std::chrono::milliseconds timeout = std::chrono::seconds(10));
  // As gtp_reply, but a "?" reply throws too.
  std::string gtp(const std::string& command, std::chrono::milliseconds timeout = std::chrono::seconds(10));

 private:
  int pid_ = -1, to_child_ = -1, from_child_ = -1;
  std::string buffer_;
};

}  // namespace rulespec::engines
