// The rulespec subcommands. Each returns the process exit code: 0 all expectations hold,
// 1 an expectation failed, 2 bad input.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace rulespec::cli {

struct VerifyArgs {
  std::string out = "build/report";
  std::string codex;
  std::uint64_t seed = 1;
  bool deep = false;
  bool quiet = false;
  int jobs = 1;       // worker processes
  std::string shard;  // "K/N": run one slice and write DIR/shard-K-of-N.json instead of the reports
};

int verify(const VerifyArgs& a);

// Joins the slices of `verify --shard K/N` into the reports one whole run writes.
struct MergeArgs {
  std::vector<std::string> paths;  // slice files, or directories holding them
  std::string out = "build/report";
};
int merge(const MergeArgs& a);

struct CertifyArgs {
  std::string game, ruleset, engine, protocol, out = "build/certificate";
  std::uint64_t seed = 1;
  double budget = 120;
  int games = 8;
  int replay = -1;
  int jobs = 1;
  bool quiet = false;
};
int certify_engine(const CertifyArgs& a);
int lint(const std::vector<std::string>& files);
int explain(const std::string& id, std::uint64_t seed, const std::string& svg_file = "");
int list(const std::string& what, bool json, const std::string& codex);
int amend(const std::string& file, std::uint64_t seed, const std::string& out_dir);  // out_dir: also amend.html
int oracle();
int property(const std::string& id, const std::string& ruleset, std::uint64_t seed, int runs, const std::string& reproduce);

// Where catalogs and cases live.
std::string spec_dir();
std::string cases_dir();

}  // namespace rulespec::cli
