// rulespec-mutant --game go|xiangqi|renju|shogi [--flip RULE] [--rules CODEX] [--protocol xshogi]: see mutant/mutant.hpp.
#include <iostream>
#include <string>

#include "mutant/mutant.hpp"

int main(int argc, char** argv) {
  std::string game = "go", flip, rules = "ru-go-1985", protocol;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--flip" && i + 1 < argc) flip = argv[++i];
    else if (a == "--rules" && i + 1 < argc) rules = argv[++i];
    else if (a == "--game" && i + 1 < argc) game = argv[++i];
    else if (a == "--protocol" && i + 1 < argc) protocol = argv[++i];
    else {
      std::cerr << "rulespec-mutant: unknown argument '" << a << "'\n";
      return 2;
    }
  }
  if (game == "go") return rulespec::mutant::go_gtp_mutant(flip, rules);
  if (game == "xiangqi") return rulespec::mutant::xiangqi_uci_mutant(flip);
  if (game == "renju") return rulespec::mutant::renju_gomocup_brain(flip);
  if (game == "shogi") return rulespec::mutant::shogi_uci_mutant(flip, protocol);
  std::cerr << "rulespec-mutant: --game must be go, xiangqi, renju or shogi\n";
  return 2;
}
