// run_items: the suite's items in this process, or spread over forked worker processes. Workers
// are processes, not threads, because the models, RapidCheck and Z3 keep per-process state; a
// worker receives item positions on one pipe and sends each outcome back as JSON on another, so
// the outcomes are the ones a single process would compute, in the order asked for.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cstring>
#include <iostream>
#include <map>
#include <stdexcept>

#include "suite/suite.hpp"
#include "suite/suite_io.hpp"

namespace rulespec {

namespace {

bool write_all(int fd, const void* data, std::size_t n) {
  const char* p = static_cast<const char*>(data);
  while (n > 0) {
    const ssize_t w = ::write(fd, p, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return false;
    p += w;
    n -= static_cast<std::size_t>(w);
  }
  return true;
}

// False at end of file before anything was read; throws on a message cut short.
bool read_all(int fd, void* data, std::size_t n) {
  char* p = static_cast<char*>(data);
  std::size_t got = 0;
  while (got < n) {
    const ssize_t r = ::read(fd, p + got, n - got);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) {
      if (got == 0) return false;
      throw std::runtime_error("suite worker: message cut short");
    }
    got += static_cast<std::size_t>(r);
  }
  return true;
}

// A reply: the position asked for, whether the item threw, and the outcome's JSON (or the error).
struct ReplyHeader {
  std::uint32_t position = 0;
  std::uint32_t threw = 0;
  std::uint64_t length = 0;
};

// RULESPEC_ITEM_TIMES=1 prints each item's seconds on stderr: where a suite run's time goes.
ItemOutcome run_item_timed(const Spec& spec, const std::vector<Case>& cases, const SuiteOptions& opt,
                           const SuiteItem& item) {
  static const bool timed = std::getenv("RULESPEC_ITEM_TIMES") != nullptr;
  if (!timed) return run_item(spec, cases, opt, item);
  const auto start = std::chrono::steady_clock::now();
  ItemOutcome out = run_item(spec, cases, opt, item);
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
  std::fprintf(stderr, "item-time %.3f %s\n", took.count(), item.key.c_str());
  return out;
}

[[noreturn]] void worker_loop(int from_parent, int to_parent, const Spec& spec, const std::vector<Case>& cases,
                              const SuiteOptions& opt, const std::vector<SuiteItem>& plan,
                              const std::vector<std::size_t>& which) {
  std::uint32_t position = 0;
  while (read_all(from_parent, &position, sizeof position)) {
    ReplyHeader h{position, 0, 0};
    std::string body;
    try {
      body = outcome_to_json(run_item_timed(spec, cases, opt, plan.at(which.at(position)))).dump();
    } catch (const std::exception& e) {
      h.threw = 1;
      body = e.what();
    }
    h.length = body.size();
    if (!write_all(to_parent, &h, sizeof h) || !write_all(to_parent, body.data(), body.size())) _exit(3);
  }
  // No destructors and no atexit handlers: they belong to the parent.
  _exit(0);
}

struct Worker {
  pid_t pid = -1;
  int to = -1, from = -1;
  long position = -1;  // the item being run, -1 when idle
};

// Closes every pipe and reaps every worker: idle ones exit at end of file; after a failure the
// busy ones are killed.
void stop_workers(std::vector<Worker>& workers, bool kill_busy = true) {
  for (auto& w : workers) {
    if (w.to >= 0) ::close(w.to);
    if (w.from >= 0) ::close(w.from);
    w.to = w.from = -1;
  }
  for (auto& w : workers)
    if (w.pid > 0) {
      if (kill_busy && w.position >= 0) ::kill(w.pid, SIGKILL);
      int status = 0;
      ::waitpid(w.pid, &status, 0);
      w.pid = -1;
    }
}

std::string how_it_ended(pid_t pid) {
  int status = 0;
  if (::waitpid(pid, &status, 0) != pid) return "it vanished";
  if (WIFSIGNALED(status)) return std::string("signal ") + std::to_string(WTERMSIG(status)) + " (" + strsignal(WTERMSIG(status)) + ")";
  return "exit status " + std::to_string(WEXITSTATUS(status));
}

// Longest first, so that a slow certification does not start last: engines, mutants,
// analyses, properties, then cases; in plan order within each.
std::vector<std::size_t> dispatch_order(const std::vector<SuiteItem>& plan, const std::vector<std::size_t>& which) {
  std::vector<std::size_t> order;
  for (auto kind : {SuiteItem::Kind::Engine, SuiteItem::Kind::Mutant, SuiteItem::Kind::Analysis, SuiteItem::Kind::Peer,
                    SuiteItem::Kind::Property, SuiteItem::Kind::Case})
    for (std::size_t p = 0; p < which.size(); ++p)
      if (plan.at(which[p]).kind == kind) order.push_back(p);
  return order;
}

}  // namespace

std::vector<ItemOutcome> run_items(const Spec& spec, const std::vector<Case>& cases, const SuiteOptions& opt,
                                   const std::vector<SuiteItem>& plan, const std::vector<std::size_t>& which,
                                   const Progress& progress) {
  std::vector<ItemOutcome> out(which.size());
  std::map<std::string, std::pair<int, int>> stages;  // stage -> done, total
  for (std::size_t p : which) ++stages[plan.at(p).stage()].second;
  auto report = [&](const SuiteItem& item) {
    auto& [done, total] = stages[item.stage()];
    ++done;
    if (progress) progress(item.stage(), done, total);
  };

  const int jobs = std::max(1, std::min<int>(opt.jobs, static_cast<int>(which.size())));
  if (jobs <= 1) {
    for (std::size_t p = 0; p < which.size(); ++p) {
      out[p] = run_item_timed(spec, cases, opt, plan.at(which[p]));
      report(plan.at(which[p]));
    }
    return out;
  }

  std::cout.flush();
  std::cerr.flush();
  signal(SIGPIPE, SIG_IGN);  // a dead worker shows up as a failed write, not a dead rulespec
  std::vector<Worker> workers(static_cast<std::size_t>(jobs));
  for (std::size_t w = 0; w < workers.size(); ++w) {
    int down[2], up[2];
    if (::pipe2(down, O_CLOEXEC) != 0 || ::pipe2(up, O_CLOEXEC) != 0) {
      stop_workers(workers);
      throw std::runtime_error(std::string("suite workers: pipe: ") + std::strerror(errno));
    }
    const pid_t pid = ::fork();
    if (pid < 0) {
      stop_workers(workers);
      throw std::runtime_error(std::string("suite workers: fork: ") + std::strerror(errno));
    }
    if (pid == 0) {
      // The other workers' pipes are not this worker's: holding them would hide their ends.
      for (std::size_t v = 0; v < w; ++v) ::close(workers[v].to), ::close(workers[v].from);
      ::close(down[1]);
      ::close(up[0]);
      worker_loop(down[0], up[1], spec, cases, opt, plan, which);
    }
    ::close(down[0]);
    ::close(up[1]);
    workers[w] = {pid, down[1], up[0], -1};
  }

  const auto order = dispatch_order(plan, which);
  std::size_t next = 0, running = 0;
  auto dispatch = [&](Worker& w) {
    if (next >= order.size()) {
      ::close(w.to);  // no more work: the worker sees end of file and exits
      w.to = -1;
      return;
    }
    const auto position = static_cast<std::uint32_t>(order[next++]);
    if (!write_all(w.to, &position, sizeof position)) {
      const std::string key = plan.at(which[position]).key;
      stop_workers(workers);
      throw std::runtime_error("suite worker stopped before " + key);
    }
    w.position = position;
    ++running;
  };
  for (auto& w : workers) dispatch(w);

  while (running > 0) {
    std::vector<pollfd> fds;
    std::vector<Worker*> busy;
    for (auto& w : workers)
      if (w.position >= 0) {
        fds.push_back({w.from, POLLIN, 0});
        busy.push_back(&w);
      }
    if (::poll(fds.data(), fds.size(), -1) < 0) {
      if (errno == EINTR) continue;
      stop_workers(workers);
      throw std::runtime_error(std::string("suite workers: poll: ") + std::strerror(errno));
    }
    for (std::size_t i = 0; i < fds.size(); ++i) {
      if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      Worker& w = *busy[i];
      const SuiteItem& item = plan.at(which.at(static_cast<std::size_t>(w.position)));
      ReplyHeader h;
      std::string body;
      bool ok = false;
      try {
        ok = read_all(w.from, &h, sizeof h);
        if (ok) {
          body.resize(h.length);
          ok = read_all(w.from, body.data(), body.size()) || body.empty();
        }
      } catch (const std::runtime_error&) {
        ok = false;
      }
      if (!ok || h.position != static_cast<std::uint32_t>(w.position)) {
        const pid_t pid = w.pid;
        w.pid = -1;
        const std::string ended = how_it_ended(pid);
        stop_workers(workers);
        throw std::runtime_error("a suite worker died running " + item.key + ": " + ended);
      }
      if (h.threw) {
        stop_workers(workers);
        throw std::runtime_error(item.key + ": " + body);
      }
      try {
        out[h.position] = outcome_from_json(Json::parse(body), spec, cases, item);
      } catch (const std::exception& e) {
        stop_workers(workers);
        throw std::runtime_error("suite worker's outcome of " + item.key + ": " + e.what());
      }
      w.position = -1;
      --running;
      report(item);
      dispatch(w);
    }
  }
  stop_workers(workers, false);
  return out;
}

}  // namespace rulespec
