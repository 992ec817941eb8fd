// rulespec-serve-load: the workbench under load, for make bench. Starts rulespec-serve (beside
// this program) on a free port, then for a fixed time N clients each send requests one after
// another over their own connections: first oracle requests only (the REQUESTS file, one JSON
// request per line, taken in turn), then the same with some clients evaluating an amendment
// instead. Prints throughput and latency percentiles per kind, and every answer that was not 200
// (a 429 to an evaluation is the server saying come back, counted apart; anything else is a
// failure and the exit code is 1).
//
// usage: rulespec-serve-load REQUESTS AMENDMENT [--clients 50] [--seconds 10] [--amend-clients 5]
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

namespace {

using Clock = std::chrono::steady_clock;

// One request over a connection of its own; the status (0: no answer).
int http_post(int port, const std::string& path, const std::string& body) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(static_cast<std::uint16_t>(port));
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
    ::close(fd);
    return 0;
  }
  const std::string raw = "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: " +
                          std::to_string(body.size()) + "\r\n\r\n" + body;
  for (std::size_t sent = 0; sent < raw.size();) {
    const auto n = ::send(fd, raw.data() + sent, raw.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) break;
    sent += static_cast<std::size_t>(n);
  }
  std::string text;
  char buf[65536];
  pollfd p{fd, POLLIN, 0};
  while (::poll(&p, 1, 600000) > 0) {
    const auto n = ::recv(fd, buf, sizeof buf, 0);
    if (n <= 0) break;
    text.append(buf, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return text.rfind("HTTP/1.1 ", 0) == 0 ? std::stoi(text.substr(9, 3)) : 0;
}

struct Tally {
  std::mutex mutex;
  std::vector<double> ms;        // latency of the 200s
  std::map<int, long> statuses;  // every status seen
  void add(int status, double latency_ms) {
    std::lock_guard<std::mutex> lock(mutex);
    ++statuses[status];
    if (status == 200) ms.push_back(latency_ms);
  }
};

double percentile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<std::size_t>(q * static_cast<double>(v.size())))];
}

// Prints one kind's line; returns the number of failures (statuses other than 200 and, for
// evaluations, 429).
long report(const std::string& what, Tally& t, double seconds, bool busy_allowed) {
  long failures = 0, busy = 0;
  std::ostringstream others;
  for (const auto& [status, n] : t.statuses) {
    if (status == 200) continue;
    if (status == 429 && busy_allowed) {
      busy += n;
      continue;
    }
    failures += n;
    others << " " << n << " x " << (status ? std::to_string(status) : std::string("no answer"));
  }
  std::printf("serve load: %-34s %6zu answered in %.0f s (%.1f/s)   p50 %7.1f ms   p95 %7.1f ms   p99 %7.1f ms   max %7.1f ms",
              what.c_str(), t.ms.size(), seconds, static_cast<double>(t.ms.size()) / seconds, percentile(t.ms, 0.5),
              percentile(t.ms, 0.95), percentile(t.ms, 0.99), percentile(t.ms, 1.0));
  if (busy_allowed) std::printf("   %ld told to come back (429)", busy);
  std::printf("   failures: %ld%s\n", failures, others.str().c_str());
  return failures;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: rulespec-serve-load REQUESTS AMENDMENT [--clients N] [--seconds S] [--amend-clients K]\n";
    return 2;
  }
  int clients = 50, amend_clients = 5;
  double seconds = 10;
  for (int i = 3; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--clients") clients = std::stoi(argv[i + 1]);
    else if (flag == "--seconds") seconds = std::stod(argv[i + 1]);
    else if (flag == "--amend-clients") amend_clients = std::stoi(argv[i + 1]);
  }
  std::vector<std::string> requests;
  {
    std::ifstream in(argv[1]);
    for (std::string line; std::getline(in, line);)
      if (!line.empty()) requests.push_back(line);
  }
  std::ifstream amendment_file(argv[2]);
  std::stringstream amendment;
  amendment << amendment_file.rdbuf();
  if (requests.empty() || amendment.str().empty()) {
    std::cerr << "rulespec-serve-load: no requests in " << argv[1] << " or no amendment in " << argv[2] << "\n";
    return 2;
  }

  // The server, on a free port, its work directory under $TMPDIR.
  std::error_code ec;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", ec).parent_path();
  const std::string workdir = (std::filesystem::temp_directory_path() / ("rulespec-serve-load-" + std::to_string(::getpid()))).string();
  std::vector<std::string> words = {(self / "rulespec-serve").string(), "--port", "0", "--workdir", workdir};
  std::vector<char*> args;
  for (auto& w : words) args.push_back(w.data());
  args.push_back(nullptr);
  int out[2];
  if (::pipe(out) != 0) return 2;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  posix_spawn_file_actions_addclose(&actions, out[0]);
  pid_t server = -1;
  if (posix_spawn(&server, args[0], &actions, nullptr, args.data(), environ) != 0) {
    std::cerr << "rulespec-serve-load: cannot start " << args[0] << "\n";
    return 2;
  }
  ::close(out[1]);
  std::string line;
  for (char c; ::read(out[0], &c, 1) == 1 && c != '\n';) line += c;
  const auto at = line.find("127.0.0.1:");
  if (at == std::string::npos) {
    std::cerr << "rulespec-serve-load: the server said: " << line << "\n";
    return 2;
  }
  const int port = std::stoi(line.substr(at + 10));

  // One evaluation first, so that the load meets the codex's base run kept, as a committee does
  // after its first Evaluate.
  http_post(port, "/api/amend", amendment.str());

  long failures = 0;
  for (int phase = 0; phase < 2; ++phase) {
    Tally oracle, amend;
    const int evaluators = phase == 0 ? 0 : std::min(amend_clients, clients);
    const auto stop = Clock::now() + std::chrono::duration<double>(seconds);
    std::atomic<long> next{0};
    std::vector<std::thread> threads;
    for (int c = 0; c < clients; ++c)
      threads.emplace_back([&, c] {
        while (Clock::now() < stop) {
          const auto start = Clock::now();
          const bool evaluates = c < evaluators;
          const int status = evaluates ? http_post(port, "/api/amend", amendment.str())
                                       : http_post(port, "/api/oracle", requests[static_cast<std::size_t>(next++) % requests.size()]);
          const double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
          (evaluates ? amend : oracle).add(status, ms);
          if (evaluates && status == 429) std::this_thread::sleep_for(std::chrono::milliseconds(200));
        }
      });
    for (auto& t : threads) t.join();
    const std::string label = std::to_string(clients - evaluators) + " clients, oracle" + (phase ? " beside evaluations" : "");
    failures += report(label, oracle, seconds, false);
    if (evaluators) failures += report(std::to_string(evaluators) + " clients, amend", amend, seconds, true);
  }
  ::kill(server, SIGTERM);
  int status = 0;
  ::waitpid(server, &status, 0);
  std::filesystem::remove_all(workdir, ec);
  return failures ? 1 : 0;
}
