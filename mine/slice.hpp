// A slice of a sharded mine run (rulespec mine --shard K/N --out DIR): the options, the tree it
// ran on, and the best witness of each shape among its positions, as JSON in
// DIR/mine-K-of-N.json. rulespec merge reads the slices back, checks that they are the complete,
// distinct slices of one run on this tree, and selects over them (mine::select).
#pragma once
#include <string>

#include "mine/miner.hpp"

namespace rulespec::mine {

std::string slice_file_name(int k, int n);  // "mine-K-of-N.json"
bool is_slice_file_name(const std::string& name);

// `tree`: a fingerprint of what the answers depend on (the spec, cases and texts, the version).
std::string slice_text(const Options& opt, const std::string& tree, const Result& r);

struct Slice {
  Options options;
  std::string tree;
  Result result;
};
// Throws InputError at the offending node for a file of the wrong shape.
Slice read_slice(const std::string& path);

}  // namespace rulespec::mine
