#include "engines/process.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace rulespec::engines {

EngineProcess::EngineProcess(const std::vector<std::string>& argv) {
  int in[2], out[2];
  if (pipe(in) != 0 || pipe(out) != 0) throw std::runtime_error("pipe: " + std::string(std::strerror(errno)));
  pid_ = fork();
  if (pid_ < 0) throw std::runtime_error("fork: " + std::string(std::strerror(errno)));
  if (pid_ == 0) {
    dup2(in[0], 0);
    dup2(out[1], 1);
    close(in[0]);
    close(in[1]);
    close(out[0]);
    close(out[1]);
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    execvp(args[0], args.data());
    _exit(127);
  }
  close(in[0]);
  close(out[1]);
  to_child_ = in[1];
  from_child_ = out[0];
  signal(SIGPIPE, SIG_IGN);  // a dead engine shows up as a failed write, not a dead rulespec
}

EngineProcess::~EngineProcess() {
  if (to_child_ >= 0) close(to_child_);
  if (from_child_ >= 0) close(from_child_);
  if (pid_ > 0) {
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
  }
}

void EngineProcess::send(const std::string& line) {
  const std::string data = line + "\n";
  size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = write(to_child_, data.data() + done, data.size() - done);
    if (n <= 0) throw std::runtime_error("engine closed its input");
    done += static_cast<size_t>(n);
  }
}

std::optional<std::string> EngineProcess::read_line(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    if (const auto nl = buffer_.find('\n'); nl != std::string::npos) {
      std::string line = buffer_.substr(0, nl);
      buffer_.erase(0, nl + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return line;
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return std::nullopt;
    pollfd pfd{from_child_, POLLIN, 0};
    if (poll(&pfd, 1, static_cast<int>(left.count())) <= 0) return std::nullopt;
    char chunk[4096];
    const ssize_t n = read(from_child_, chunk, sizeof chunk);
    if (n <= 0) return std::nullopt;
    buffer_.append(chunk, static_cast<size_t>(n));
  }
}

EngineProcess::GtpReply EngineProcess::gtp_reply(const std::string& command, std::chrono::milliseconds timeout) {
  send(command);
  return read_gtp_reply(command, timeout);
}

EngineProcess::GtpReply EngineProcess::read_gtp_reply(const std::string& command, std::chrono::milliseconds timeout) {
  GtpReply reply;
  bool first = true;
  for (int lines = 0;;) {
    auto line = read_line(timeout);
    if (!line) throw std::runtime_error("no answer to '" + command + "' within " + std::to_string(timeout.count()) + " ms");
    if (++lines > 1000) throw std::runtime_error("more than 1000 lines in the answer to '" + command + "'");
    if (first) {
      if (line->empty()) continue;
      if ((*line)[0] != '=' && (*line)[0] != '?') throw std::runtime_error("answer to '" + command + "' is not GTP: '" + line->substr(0, 80) + "'");
      reply.ok = (*line)[0] == '=';
      reply.text = line->size() > 2 ? line->substr(2) : std::string();
      first = false;
    } else if (line->empty()) {
      return reply;
    } else {
      reply.text += "\n" + *line;
    }
  }
}

std::string EngineProcess::gtp(const std::string& command, std::chrono::milliseconds timeout) {
  auto reply = gtp_reply(command, timeout);
  if (!reply.ok) throw std::runtime_error("engine refused '" + command + "': " + reply.text);
  return reply.text;
}

}  // namespace rulespec::engines
