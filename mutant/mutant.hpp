// rulespec-mutant: the reference models behind real protocols with one rule deliberately broken,
// so that a test can show `rulespec certify` rejects each on that very clause (and certifies the
// unbroken one). Each reads commands on stdin and answers on stdout until quit or end of input.
#pragma once
#include <string>

namespace rulespec::mutant {

int go_gtp_mutant(const std::string& flip, const std::string& rules);
int xiangqi_uci_mutant(const std::string& flip);
int renju_gomocup_brain(const std::string& flip);
int shogi_uci_mutant(const std::string& flip, const std::string& protocol);  // uci or xshogi

}  // namespace rulespec::mutant
