#include <CLI/CLI.hpp>

#include <algorithm>
#include <iostream>
#include <map>
#include <thread>

#include "cli/commands.hpp"
#include "spec/build_info.hpp"
#include "mine/miner.hpp"
#include "queries/query.hpp"
#include "spec/value.hpp"

int main(int argc, char** argv) {
  using namespace rulespec;
  CLI::App app{"rulespec — rules-as-specification verification for board-game rule codices"};
  app.require_subcommand(1);
  app.set_version_flag("--version", rulespec_version_line());

  cli::VerifyArgs va;
  auto* verify = app.add_subcommand("verify", "run cases, properties and analyses; write the reports");
  verify->add_option("--out", va.out, "report directory")->capture_default_str();
  verify->add_option("--codex", va.codex, "only this codex");
  verify->add_option("--seed", va.seed, "property seed")->capture_default_str();
  verify->add_flag("--deep", va.deep, "more property runs");
  verify->add_flag("--repair", va.repair, "also propose the least-cost repair of every defect and wording finding (slow; docs/repair.md)");
  verify->add_flag("--quiet", va.quiet, "no progress line");
  va.jobs = std::max(1u, std::thread::hardware_concurrency());
  verify->add_option("--jobs", va.jobs, "worker processes (default: this machine's cores); the reports do not depend on it")
      ->capture_default_str()
      ->check(CLI::Range(1, 256));
  verify->add_option("--shard", va.shard, "run slice K of N (K/N) and write OUT/shard-K-of-N.json; join with merge");
  verify->add_option("--amendment", va.amendment, "apply this amendment (YAML) to its codex first");

  cli::MergeArgs ma;
  auto* merge = app.add_subcommand("merge", "join the slices of verify --shard K/N (or mine --shard K/N) into the reports of a whole run");
  merge->add_option("slices", ma.paths, "slice files, or directories holding shard-K-of-N.json (or mine-K-of-N.json)")->required();
  merge->add_option("--out", ma.out, "report directory")->capture_default_str();

  std::vector<std::string> lint_files;
  auto* lint = app.add_subcommand("lint", "validate catalogs, case files and amendments (exit 0 or 2)");
  lint->add_option("files", lint_files, "YAML files")->required();

  cli::ExplainArgs ea;
  std::uint64_t seed = 1;
  auto* explain = app.add_subcommand("explain", "a clause, a finding or a case, with everything that exercises it");
  explain->add_option("ids", ea.ids, "clause ids, finding ids (F-...) or case ids, explained in turn")->required();
  explain->add_option("--seed", ea.seed, "property seed");
  explain->add_option("--svg", ea.svg_file, "write the finding's or case's board diagram (SVG) to this file");
  explain->add_option("--ruleset", ea.ruleset, "a case: only under this ruleset");
  explain->add_option("--amendment", ea.amendment, "apply this amendment (YAML) to its codex first");
  explain->add_flag("--json", ea.json, "as JSON (one object per id, an array for several), with version and commit");
  explain->add_option("--without", ea.without, "a case: run it as if the text lacked this clause (repeatable; 'rulespec list switches')");

  std::string what, codex;
  bool json = false;
  auto* list = app.add_subcommand("list", "list codices, rulesets, clauses, switches (the clauses the models can switch off), cases, findings, queries, properties, analyses, settings "
                                          "(every param value and reading, and the first outcome it changes: slow)");
  list->add_option("what", what, "what to list")
      ->required()
      ->check(CLI::IsMember({"codices", "rulesets", "clauses", "switches", "cases", "findings", "queries", "properties", "analyses", "settings"}));
  list->add_flag("--json", json, "JSON output");
  list->add_option("--codex", codex, "only this codex");
  std::string list_amendment;
  list->add_option("--amendment", list_amendment, "apply this amendment (YAML) to its codex first");

  cli::AmendArgs aa;
  auto* amend = app.add_subcommand("amend", "what an amendment changes in its codex: verdicts, findings, consistency (docs/amendments.md)");
  amend->add_option("amendment", aa.file, "amendment YAML");
  amend->add_option("--seed", aa.seed, "property seed");
  amend->add_option("--out", aa.out, "also write DIR/amend.html and DIR/amend.json");
  amend->add_flag("--json", aa.json, "print the answer as JSON (the same as DIR/amend.json) in place of the text");
  amend->add_flag("--full", aa.full, "run every item again, not only those the amendment can reach (same answer, slower)");
  amend->add_option("--template", aa.template_codex, "print a commented starting amendment for this codex");

  cli::CertifyArgs ca;
  auto* certify = app.add_subcommand("certify", "play an engine over its protocol against the reference model; a certificate per clause");
  certify->add_option("--game", ca.game, "go, xiangqi, shogi or renju (with --matrix: only this game)");
  certify->add_option("--ruleset", ca.ruleset, "ruleset id (required without --matrix)");
  certify->add_option("--engine", ca.engine, "engine command line, e.g. \"gnugo --mode gtp\" (required without --matrix)");
  certify->add_option("--protocol", ca.protocol, "go: gtp; xiangqi: uci or ucci; shogi: uci, usi or xshogi (the default for gnushogi); renju: gomocup");
  certify->add_option("--budget", ca.budget, "seconds for the whole run")->capture_default_str()->check(CLI::Range(1.0, 86400.0));
  certify->add_option("--seed", ca.seed, "seed of the generated games")->capture_default_str();
  certify->add_option("--games", ca.games, "games to play")->capture_default_str()->check(CLI::Range(1, 10000));
  certify->add_option("--replay", ca.replay, "only the game (go) or position (xiangqi, shogi) a failure's replay line names")
      ->check(CLI::Range(0, 100000000));
  certify->add_option("--out", ca.out, "certificate directory")->capture_default_str();
  certify->add_option("--jobs", ca.jobs, "engine processes in parallel (go: games; uci: positions; --matrix: cells)")->capture_default_str()->check(CLI::Range(1, 64));
  certify->add_option("--min-probes", ca.min_probes, "probes a clause needs to count as passed (fewer: insufficient)")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000000));
  certify->add_option("--board-size", ca.board_size, "go: the games' board (19 for an engine that plays only 19x19)")
      ->capture_default_str()
      ->check(CLI::Range(5, 19));
  certify->add_flag("--matrix", ca.matrix, "every installed engine against every ruleset of its game: matrix.html and matrix.json in --out");
  certify->add_flag("--quiet", ca.quiet, "no progress line");

  cli::RepairArgs ra;
  // The server is a program of its own (HTTP stays out of the command that verifies); everything
  // after `serve` goes to it.
  auto* serve = app.add_subcommand("serve", "the committee's workbench in a browser: codex, amendment editor, evaluations (rulespec serve --help)");
  serve->prefix_command();
  serve->set_help_flag();  // --help goes to the server, which lists its options
  auto* repair = app.add_subcommand("repair", "the smallest amendments that remove a finding, least cost first (docs/repair.md)");
  repair->add_option("findings", ra.ids, "finding ids (F-...)");
  repair->add_flag("--all", ra.all, "every defect and wording finding");
  repair->add_option("--codex", ra.codex, "with --all: only this codex");
  repair->add_option("--max-changes", ra.max_changes, "settings changed together at most")->capture_default_str()->check(CLI::Range(1, 2));
  repair->add_flag("--every-setting", ra.every_setting,
                   "when nothing the finding's clauses involve can be set, try every setting its evidence reads anyway (else: it needs a new rule, said at once)");
  repair->add_option("--out", ra.out, "proposal files go to DIR/F-ID/proposal-N.yaml")->capture_default_str();
  ra.jobs = std::max(1u, std::thread::hardware_concurrency());
  repair->add_option("--jobs", ra.jobs, "worker processes (default: this machine's cores); the proposals do not depend on it")
      ->capture_default_str()
      ->check(CLI::Range(1, 256));
  repair->add_option("--seed", ra.seed, "property seed")->capture_default_str();

  cli::MineArgs mi;
  // The games and their questions, and those with an exhaustive space, from the questions themselves.
  std::string mine_games, mine_spaces, last_game;
  for (const auto& q : mine::questions()) {  // grouped by game
    mine_games += q.game == last_game ? ", " + q.name : (last_game.empty() ? "" : "), ") + q.game + " (" + q.name;
    last_game = q.game;
    if (q.space) mine_spaces += (mine_spaces.empty() ? "" : ", ") + q.game + "/" + q.name;
  }
  mine_games += ")";
  auto* mine_cmd = app.add_subcommand("mine", "search for the smallest positions on which rulesets part, as cases");
  mine_cmd->add_option("--game", mi.game, "a game and its questions: " + mine_games)->required();
  mine_cmd->add_option("--between", mi.between, "rulesets compared, comma-separated (at least two; or --engine and --ruleset); RULESET~CLAUSE is the ruleset without a clause the models can switch off (rulespec list switches)");
  mine_cmd->add_option("--engine", mi.engine,
                       "compare this engine (its command) with the model under --ruleset, on question legal: go over GTP, shogi over USI, xiangqi over UCI");
  mine_cmd->add_option("--ruleset", mi.ruleset, "the ruleset the engine is compared under (with --engine)");
  mine_cmd->add_option("--question", mi.question, "what is compared (default: the game's first question)");
  mine_cmd->add_option("--seed", mi.seed, "seed of the generated positions")->capture_default_str();
  mine_cmd->add_option("--positions", mi.positions, "positions generated (default: the question's own, 2000; go cycles 300000, where a cycle is rare)")->check(CLI::Range(1, 100000000));
  mine_cmd->add_option("--budget", mi.budget, "stop after this many seconds (0: no limit), and say so")->capture_default_str();
  mine_cmd->add_option("--max", mi.max, "witnesses kept, smallest first")->capture_default_str()->check(CLI::Range(1, 100000));
  mine_cmd->add_option("--per-group", mi.per_group, "witnesses kept of one group (the clauses that explain them) at most; 0: no limit but --max")
      ->capture_default_str()->check(CLI::Range(0, 100000));
  mine_cmd->add_flag("--exhaustive", mi.exhaustive,
                     "every position of the question's declared space instead of random ones (" + mine_spaces + "); --positions caps the indices");
  mine_cmd->add_flag("--first-against-each", mi.first_against_each, "compare the first ruleset with each other one (default: every pair)");
  mine_cmd->add_option("--export", mi.export_format,
                       "the witnesses on stdout as sgf (Go: one game each, the ruleset in RU[]), csv or json, with the oracle requests "
                       "that show each answer (the report goes to stderr; with --out also DIR/witnesses.FORMAT)")
      ->check(CLI::IsMember({"sgf", "csv", "json"}));
  mine_cmd->add_option("--emit", mi.emit, "append the witnesses to this case file as cases (never one it holds)");
  mine_cmd->add_option("--out", mi.out, "write DIR/mine.txt (this report) and DIR/mined.yaml (every witness as a case); with --shard, the slice");
  mine_cmd->add_option("--shard", mi.shard, "search slice K of N (K/N) of the positions and write OUT/mine-K-of-N.json; join with merge");

  auto* oracle = app.add_subcommand("oracle", "answer JSON Lines requests on stdin");
  bool oracle_stamp = false;
  oracle->add_flag("--stamp", oracle_stamp, "every answer carries \"rulespec\": {version, commit} (one request asks it with \"stamp\": true)");
  {
    // The queries, so that --help names them; each one's fields: rulespec help query NAME.
    std::string names, game;
    for (const auto& q : queries()) {
      names += q.game == game ? " " + q.name : std::string(names.empty() ? "" : "\n") + "  " + q.game + ": " + q.name;
      game = q.game;
    }
    oracle->footer("One JSON request per line: {\"game\": G, \"query\": Q, \"ruleset\": R, ...fields}; one answer per line.\n"
                   "The queries (their fields, types, defaults and an example: rulespec help query NAME; all: docs/oracle.md):\n" + names);
  }
  std::string help_topic, help_name;
  bool help_markdown = false;
  auto* help = app.add_subcommand("help", "help query NAME: a query's fields, types, defaults and an example");
  help->add_option("topic", help_topic, "query")->required()->check(CLI::IsMember({"query"}));
  help->add_option("name", help_name, "a query (score, go/score)");
  bool help_all = false;
  help->add_flag("--all", help_all, "every query");
  help->add_flag("--markdown", help_markdown, "as docs/oracle.md has it");
  help->allow_extras(false);

  std::string prop_id, prop_ruleset, reproduce;
  int runs = 100;
  auto* property = app.add_subcommand("property", "run one property (replay a failure with --reproduce)");
  property->add_option("id", prop_id, "property id")->required();
  property->add_option("--ruleset", prop_ruleset, "ruleset (default: every ruleset it applies to)");
  property->add_option("--seed", seed, "seed");
  property->add_option("--runs", runs, "successful runs required")->capture_default_str()->check(CLI::Range(1, 1000000));
  property->add_option("--reproduce", reproduce, "reproduce token printed by a failure");
  std::string property_amendment;
  property->add_option("--amendment", property_amendment, "apply this amendment (YAML) to its codex first");

  // What a missing argument may be, so that the error names the choices.
  std::string commands;
  for (const auto* sub : app.get_subcommands([](const CLI::App*) { return true; })) commands += (commands.empty() ? "" : ", ") + sub->get_name();
  const std::map<std::string, std::string> missing_hints = {
      {"", "the commands: " + commands + " (rulespec COMMAND --help)"},
      {"list what", "what to list: codices, rulesets, clauses, cases, findings, queries, properties, analyses, settings"},
      {"explain ids", "one or more clause ids (rulespec list clauses), finding ids F-... (list findings) or case ids (list cases)"},
      {"property id", "a property id (rulespec list properties)"},
      {"help topic", "help query NAME (a query: rulespec list queries)"},
      {"lint files", "catalogs (spec/*.yaml), case files (cases/**/*.yaml) or amendments"},
      {"merge slices", "the slice files, or directories holding them, that verify --shard K/N or mine --shard K/N wrote"},
      {"mine --game", "the games and their questions: " + mine_games},
  };
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (dynamic_cast<const CLI::RequiredError*>(&e)) {
      const auto parsed = app.get_subcommands();
      const std::string command = parsed.empty() ? "" : parsed.front()->get_name();
      std::string hint;
      for (const auto& [key, text] : missing_hints)
        if (key == command || (key.rfind(command + " ", 0) == 0 && !command.empty() && std::string(e.what()).find(key.substr(command.size() + 1)) == 0))
          hint = text;
      std::cerr << (command.empty() ? "rulespec" : "rulespec " + command) << ": " << e.what() << (hint.empty() ? "" : "; " + hint) << "\n";
      return 2;
    }
    const int code = app.exit(e);
    return code == 0 ? 0 : 2;
  }
  try {
    if (*verify) return cli::verify(va);
    if (*merge) return cli::merge(ma);
    if (*lint) return cli::lint(lint_files);
    if (*explain) return cli::explain(ea);
    if (*list) return cli::list(what, json, codex, list_amendment);
    if (*amend) {
      if (!aa.template_codex.empty()) return cli::amend_template(aa.template_codex);
      if (aa.file.empty()) {
        std::cerr << "amend: name an amendment file, or ask for a starting one with --template CODEX\n";
        return 2;
      }
      return cli::amend(aa);
    }
    if (*repair) return cli::repair(ra);
    if (*serve) return cli::serve(serve->remaining());
    if (*mine_cmd) return cli::mine_positions(mi);
    if (*oracle) return cli::oracle(oracle_stamp);
    if (*help) {
      if (help_all == !help_name.empty()) {
        std::cerr << "rulespec help query: name a query (rulespec list queries), e.g. rulespec help query go/score, or --all\n";
        return 2;
      }
      return cli::help_query(help_all ? "" : help_name, help_markdown);
    }
    if (*certify) return cli::certify_engine(ca);
    if (*property) return cli::property(prop_id, prop_ruleset, seed, runs, reproduce, property_amendment);
  } catch (const InputError& e) {
    std::cerr << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "rulespec: " << e.what() << "\n";
    return 2;
  }
  return 2;
}
