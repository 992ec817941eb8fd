// pbrain-rulespec: the reference renju brain for a Gomocup manager (see mutant/renju_gomocup.cpp).
#include "mutant/mutant.hpp"

int main() { return rulespec::mutant::renju_gomocup_brain(""); }
