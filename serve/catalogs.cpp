#include "serve/catalogs.hpp"

#include <algorithm>
#include <filesystem>
#include <iostream>

namespace rulespec::serve {
namespace fs = std::filesystem;

Catalogs::Catalogs(std::string root) : root_(std::move(root)) {
  files_ = fingerprint();
  now_.spec = std::make_shared<const Spec>(Spec::load_dir(root_ + "/spec"));
  last_look_ = std::chrono::steady_clock::now();
}

// Every file an answer may read: the catalogs and their source texts (spec/), and the cases the
// findings are computed from (cases/).
Catalogs::Fingerprint Catalogs::fingerprint() const {
  Fingerprint out;
  for (const char* dir : {"spec", "cases"}) {
    std::error_code ec;
    for (fs::recursive_directory_iterator it(root_ + "/" + dir, ec), end; !ec && it != end; it.increment(ec)) {
      std::error_code stat_ec;
      if (!it->is_regular_file(stat_ec)) continue;
      const auto size = it->file_size(stat_ec);
      const auto time = it->last_write_time(stat_ec).time_since_epoch().count();
      if (!stat_ec) out.push_back(it->path().string() + "\t" + std::to_string(size) + "\t" + std::to_string(time));
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

Catalogs::Snapshot Catalogs::current() {
  std::lock_guard<std::mutex> lock(mutex_);
  const auto now = std::chrono::steady_clock::now();
  if (now - last_look_ < std::chrono::seconds(1)) return now_;
  last_look_ = now;
  Fingerprint files = fingerprint();
  if (files == files_) return now_;
  try {
    auto spec = std::make_shared<const Spec>(Spec::load_dir(root_ + "/spec"));
    files_ = std::move(files);
    now_ = Snapshot{std::move(spec), now_.generation + 1};
    kept_.clear();
    failed_.clear();
    std::cerr << "serve: the catalogs changed; loaded again" << std::endl;
  } catch (const std::exception& e) {
    // Looked at again next second; said once per distinct error.
    if (failed_ != e.what()) std::cerr << "serve: the changed catalogs do not load, still answering from the last good ones: " << e.what() << std::endl;
    failed_ = e.what();
  }
  return now_;
}

std::optional<std::string> Catalogs::kept(long generation, const std::string& key) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (generation != now_.generation) return std::nullopt;
  const auto it = kept_.find(key);
  return it == kept_.end() ? std::nullopt : std::optional<std::string>(it->second);
}

void Catalogs::keep(long generation, const std::string& key, std::string answer) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (generation == now_.generation) kept_[key] = std::move(answer);
}

}  // namespace rulespec::serve
