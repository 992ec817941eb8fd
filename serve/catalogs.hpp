// The catalogs the server answers from, kept current: a committee may edit spec/ or cases/ while
// the workbench is open, and the page must then show what an evaluation (a fresh `rulespec`
// process, which reads the files again) would use. The files' names, sizes and modification times
// are looked at again at most once a second; on a change the spec is loaded again. A catalog that
// no longer loads (an edit half made) leaves the last good one in use and says so on stderr.
// Answers made from the catalogs alone (the findings list, a finding's repair) are kept until the
// files change.
#pragma once
#include <chrono>
#include <map>
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
    long generation = 0;  // changes whenever the files do
  };
  // The current catalogs, loaded again first if their files changed.
  Snapshot current();
  // An answer that depends on the catalogs alone (the findings list, a finding's repair), kept
  // under `key` for `generation` once made; an answer of an older generation is not kept.
  std::optional<std::string> kept(long generation, const std::string& key);
  void keep(long generation, const std::string& key, std::string answer);

 private:
  using Fingerprint = std::vector<std::string>;
  Fingerprint fingerprint() const;

  const std::string root_;
  std::mutex mutex_;
  std::chrono::steady_clock::time_point last_look_;
  Fingerprint files_;
  std::string failed_;  // the last load error reported, so that it is said once
  Snapshot now_;
  std::map<std::string, std::string> kept_;  // of now_.generation
};

}  // namespace rulespec::serve
