// The rulespec subcommands. Each returns the process exit code: 0 all expectations hold,
// 1 an expectation failed, 2 bad input.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "cases/case.hpp"
#include "reports/json_value.hpp"
#include "solver/finding.hpp"
#include "suite/suite.hpp"
#include "spec/spec.hpp"

namespace rulespec::cli {

struct VerifyArgs {
  std::string out = "build/report";
  std::string amendment;  // run the suite on the codex with this amendment applied
  std::string codex;
  std::uint64_t seed = 1;
  bool deep = false;
  bool quiet = false;
  bool repair = false;  // also propose a repair for every defect and wording finding (slow)
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
  int min_probes = 30;
  int board_size = 9;
  bool quiet = false;
  bool matrix = false;
};
int certify_engine(const CertifyArgs& a);
int lint(const std::vector<std::string>& files);
struct ExplainArgs {
  std::vector<std::string> ids;                  // explained in turn, analyses run once for all
  std::string svg_file, ruleset, amendment;      // ruleset: only this one (a case); svg: one id only
  std::vector<std::string> without;              // clauses switched off (queries/switches.hpp) for the cases
  std::uint64_t seed = 1;
  bool json = false;  // one JSON object per id (an array for several), stamped with version and commit
};
int explain(const ExplainArgs& a);
// explain --json of one id (cli/explain_json.cpp): null, with the error on stderr, when it names
// nothing; `replayed` gives an analysis's outcome (run once per command).
Json explain_json(const Spec& spec, const std::vector<Case>& cases, const std::string& id, const ExplainArgs& args,
                  const std::function<const AnalysisOutcome&(const AnalysisInfo&)>& replayed);
int list(const std::string& what, bool json, const std::string& codex, const std::string& amendment);
struct AmendArgs {
  std::string file, out, template_codex;  // out: also write OUT/amend.html
  std::uint64_t seed = 1;
  bool full = false;  // run every item again, not only those the amendment can reach
  bool json = false;  // the answer as JSON on stdout in place of the text (--out writes amend.json either way)
};
int amend(const AmendArgs& a);
// A commented starting amendment for one codex: its params with their values and domains, its
// clauses with readings, and every key the loader accepts.
int amend_template(const std::string& codex);
// Proposals that remove findings (docs/repair.md).
struct RepairArgs {
  std::vector<std::string> ids;  // finding ids
  bool all = false;              // every defect and wording finding (of --codex)
  std::string codex, out = "build/repair";
  int max_changes = 2;
  bool every_setting = false;  // also the settings the finding's clauses do not involve, when none do
  int jobs = 1;
  std::uint64_t seed = 1;
};
int repair(const RepairArgs& a);
// Runs rulespec-serve (beside this program) with `args`; says how to build it when it is missing.
int serve(const std::vector<std::string>& args);
// verify --repair: every defect and wording finding of `result` repaired, its proposals written to
// OUT/repair/F-ID/, the best one (or what a fix needs) noted in result.repairs for the reports.
// `cache`: the codex as written may be read from the amend cache (not with an amendment applied).
void attach_repairs(const Spec& spec, const std::vector<Case>& cases, const SuiteOptions& opt, const std::string& out_dir,
                    bool cache, SuiteResult& result);
// rulespec mine (mine/miner.hpp): the smallest positions on which rulesets part.
struct MineArgs {
  std::string game, question, between, emit, out, shard, engine, ruleset;
  std::string export_format;  // sgf | csv | json: the witnesses on stdout (the report on stderr)
  std::uint64_t seed = 1;
  int positions = 0;  // 0: the question's own default
  double budget = 0;
  int max = 50;
  int per_group = 0;
  bool first_against_each = false;
  bool exhaustive = false;
};
int mine_positions(const MineArgs& a);
// merge of mine's slices (OUT/mine-K-of-N.json): the report and cases of the one-process run.
int merge_mine(const std::vector<std::string>& slice_files, const std::string& out);
int oracle(bool stamp_all = false);  // stamp_all: every answer carries version and commit
// A query's fields as its validation reads them, and an example (NAME: "score" or "go/score"; empty: every query).
int help_query(const std::string& name, bool markdown);
int property(const std::string& id, const std::string& ruleset, std::uint64_t seed, int runs, const std::string& reproduce,
             const std::string& amendment);

// The spec the command works on: the catalogs, with an amendment applied when one is named.
Spec load_spec(const std::string& amendment = {});
// The cases, checked against the catalogs as written (an amendment's removed clauses show up as
// dangling references in a run, not as load errors).
std::vector<Case> load_cases_for(const Spec& spec, const std::string& amendment);

// Where catalogs and cases live.
std::string spec_dir();
std::string cases_dir();
// The directories whose files a sharded run's slices must agree on.
std::vector<std::string> fingerprint_dirs();
// An engine command as words; double quotes group words.
std::vector<std::string> command_words(const std::string& text);
// "K/N" with 1 <= K <= N; std::runtime_error naming the text otherwise.
std::pair<int, int> parse_shard(const std::string& text);

}  // namespace rulespec::cli
