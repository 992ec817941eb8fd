// The conformance matrix: every installed engine, under the flags that set its rules, against
// every ruleset of its game, one certificate per cell; and the tables a reader compares them in
// (engines x clauses, each cell passed, failed with its first replay, insufficient or not
// observed). The cells run in parallel and come out in table order, so the matrix is the same for
// any number of jobs.
#pragma once
#include <string>
#include <vector>

#include "certify/certify.hpp"

namespace rulespec::certify {

struct MatrixEngine {
  std::string game, protocol;      // protocol "" for the game's usual one
  std::vector<std::string> argv;   // absolute program path first
  int board_size = 9;              // Go: Leela Zero plays only 19x19
};

// The engines known to certify that are installed here (GNU Go plain and under its rule flags,
// Leela Zero with a generated tiny network written to `scratch`, fairy-stockfish for xiangqi and
// shogi over UCI and USI, GNU Shogi over xshogi), and for each one that is not, why.
std::vector<MatrixEngine> installed_engines(const std::string& scratch, std::vector<std::string>* missing = nullptr);

// A Leela Zero network file (text, format version 1) with one residual block of two filters and
// every weight zero: enough for its GTP legality, captures and scoring, which do not evaluate it.
void write_tiny_leelaz_weights(const std::string& path);

// Every engine of `engines` (of `game`, when not empty) against every ruleset of its game.
std::vector<Result> run_matrix(const Spec& spec, const std::vector<MatrixEngine>& engines, const std::string& game, std::uint64_t seed,
                               double budget_seconds, int games, int jobs);

Value matrix_json(const std::vector<Result>& cells);
// The tables, one per codex: a row per engine command and ruleset, a column per clause some row
// observed; an HTML fragment (no <html>) so the report can include it, with its style.
std::string matrix_html(const std::vector<Result>& cells);
inline constexpr const char* kMatrixStyle =
    "td.mx-pass{background:#d8f0d8}td.mx-fail{background:#f6d0d0}td.mx-few{background:#f6eec8}td.mx-none{color:#888}"
    "table.matrix{border-collapse:collapse;font-size:12px}table.matrix td,table.matrix th{border:1px solid #ccc;padding:2px 4px}";

}  // namespace rulespec::certify
