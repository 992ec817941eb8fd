// The suite's outcomes as JSON, so that items run elsewhere come back whole: from a worker
// process of `verify --jobs`, or from a slice written by `verify --shard K/N` and joined by
// `rulespec merge`. Reading one back gives the outcome that was written, field for field.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "reports/json_value.hpp"
#include "suite/suite.hpp"

namespace rulespec {

Json outcome_to_json(const ItemOutcome& o);
// `item` is the planned item the outcome belongs to: a case's expectations are taken from the
// case itself, a finding's register entry from the spec. A JSON text of the wrong shape throws
// std::runtime_error naming the field.
ItemOutcome outcome_from_json(const Json& j, const Spec& spec, const std::vector<Case>& cases, const SuiteItem& item);

// What a slice must agree on with the others and with the tree that merges it: the planned
// items, the options that change outcomes, and the bytes of every file under `dirs` (the spec,
// the cases, the codices' texts).
std::string suite_fingerprint(const std::vector<SuiteItem>& plan, const SuiteOptions& opt,
                              const std::vector<std::string>& dirs);

// One slice of a sharded run: items k-1, k-1+n, k-1+2n, ... of the plan (k counts from 1).
std::vector<std::size_t> shard_items(std::size_t plan_size, int k, int n);
std::string shard_file_name(int k, int n);  // "shard-K-of-N.json"

struct Shard {
  std::string file;  // where it was read from
  std::string fingerprint;
  int k = 0, n = 0;
  std::vector<std::pair<std::size_t, ItemOutcome>> outcomes;  // plan index, outcome
};

// The text of a shard file, and the file read back from its text (`file` names it in errors; an
// empty `fingerprint` skips that check, for the fuzz target).
std::string shard_text(const std::string& fingerprint, const SuiteOptions& opt, int k, int n,
                       const std::vector<SuiteItem>& plan, const std::vector<std::size_t>& which,
                       const std::vector<ItemOutcome>& outcomes);
Shard parse_shard(const std::string& text, const std::string& file, const Spec& spec, const std::vector<Case>& cases,
                  const std::vector<SuiteItem>& plan, const std::string& fingerprint);

// Written whole or not at all (a temporary name, then renamed).
void write_shard(const std::string& dir, const std::string& fingerprint, const SuiteOptions& opt, int k, int n,
                 const std::vector<SuiteItem>& plan, const std::vector<std::size_t>& which,
                 const std::vector<ItemOutcome>& outcomes);
// Reads one shard file. Throws InputError (file:line:col) for a file that is not JSON, not a
// shard, or a shard of another plan.
// `fingerprint` is this tree's (suite_fingerprint): a slice of anything else is refused first.
Shard read_shard(const std::string& path, const Spec& spec, const std::vector<Case>& cases,
                 const std::vector<SuiteItem>& plan, const std::string& fingerprint);

}  // namespace rulespec
