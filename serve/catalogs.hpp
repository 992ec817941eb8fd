// The catalogs the server answers from, kept current: a committee may edit spec/ or cases/ while
// the workbench is open, and the page must then show what an evaluation (a fresh `rulespec`
// process, which reads the files again) would use. The files' names, sizes and modification times
// are looked at again at most once a second; on a change the spec is loaded again and the kept
// findings list dropped. A catalog that no longer loads (an edit half made) leaves the last good
// one in use and says so on stderr.
#pragma once
#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "spec/spec.hpp"

namespace rulespec::serve {

class Catalogs {
 public:
  // Loads the spec from `root`/spec now (a start-up error throws, as at the command line).
  explicit Catalogs(std::string root);

  struct Snapshot {
    std::shared_ptr<const Spec> spec;
    long generation = 0;                 // changes whenever the files do
    std::optional<std::string> findings; // `list findings --json` of this generation, once made
  };
  // The current catalogs, loaded again first if their files changed.
  Snapshot current();
  // Keeps the findings list made for `generation`; a list of an older generation is not kept.
  void keep_findings(long generation, std::string json);

 private:
  using Fingerprint = std::vector<std::string>;
  Fingerprint fingerprint() const;

  const std::string root_;
  std::mutex mutex_;
  std::chrono::steady_clock::time_point last_look_;
  Fingerprint files_;
  std::string failed_;  // the last load error reported, so that it is said once
  Snapshot now_;
};

}  // namespace rulespec::serve
