// The workbench's evaluations run as `rulespec` processes of their own: a request that takes too
// long is killed with everything it started, a crash cannot take the server with it, and at most
// a fixed number run at once (a full house answers 429 rather than queueing without end).
#pragma once
#include <mutex>
#include <string>
#include <vector>

namespace rulespec::serve {

struct JobResult {
  bool started = false, timed_out = false;
  int exit_code = -1;  // when it exited; -1 when killed or never started
  std::string out, err;
  double seconds = 0;
};

// Runs `argv` in `dir` (created), with `env` added to this process's environment, its output and
// errors kept in dir/stdout and dir/stderr. After `budget_seconds` the process group is killed.
JobResult run_job(const std::vector<std::string>& argv, const std::string& dir, double budget_seconds,
                  const std::vector<std::string>& env);

// At most `n` evaluations at once.
class Slots {
 public:
  explicit Slots(int n) : free_(n) {}
  bool try_take();
  void give_back();

 private:
  std::mutex mutex_;
  int free_;
};

// Holds a slot for the scope that took it.
class SlotHold {
 public:
  explicit SlotHold(Slots& slots) : slots_(slots), held_(slots.try_take()) {}
  ~SlotHold() {
    if (held_) slots_.give_back();
  }
  SlotHold(const SlotHold&) = delete;
  SlotHold& operator=(const SlotHold&) = delete;
  bool held() const { return held_; }

 private:
  Slots& slots_;
  bool held_;
};

}  // namespace rulespec::serve
