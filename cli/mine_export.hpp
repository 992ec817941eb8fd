// mine --export: the witnesses of a search as SGF (Go), CSV or JSON (cli/mine_export.cpp).
#pragma once
#include <string>
#include <vector>

#include "mine/miner.hpp"

namespace rulespec::cli {

const std::vector<std::string>& export_formats();  // sgf, csv, json
// The witnesses in `format`; `skipped`: witnesses the format cannot hold (SGF: no board).
std::string export_witnesses(const mine::Question& q, const mine::Result& r, const std::string& format, int& skipped);

}  // namespace rulespec::cli
