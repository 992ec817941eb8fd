#include "model/go/rules.hpp"

namespace rulespec::go {

MoveRules Rules::board_rules() const {
  // The board applies simple ko itself; every other repetition rule lives in the history.
  return {suicide, repetition == Repetition::SimpleKo ? KoRule::Simple : KoRule::None, mover_captures_first};
}

Rules Rules::ing_1996() {
  Rules r;
  r.name = "ing-1996";
  r.suicide = SuicideRule::MultiStoneOnly;
  r.single_stone_suicide = SingleStoneSuicide::Pass;
  r.repetition = Repetition::HotStones;
  r.stop_passes = 2;
  r.end_passes = 4;
  r.scoring = Scoring::Area;
  r.komi = 8;
  r.free_handicap = true;
  return r;
}

Rules Rules::ru_go_1985() {
  Rules r;
  r.name = "ru-go-1985";
  r.suicide = SuicideRule::Forbidden;
  r.repetition = Repetition::SimpleKo;
  r.stop_passes = 2;
  r.end_passes = 0;
  r.play_out_ends_on_passes = false;
  r.scoring = Scoring::Territory;
  r.komi = 5.5;
  return r;
}

Rules Rules::ru_go_1985_egf() {
  Rules r = ru_go_1985();
  r.name = "ru-go-1985-egf";
  r.stop_passes = 3;
  return r;
}

Rules Rules::positional_superko() {
  Rules r;
  r.name = "positional-superko";
  r.suicide = SuicideRule::Forbidden;
  r.repetition = Repetition::PositionalSuperko;
  r.scoring = Scoring::Area;
  r.komi = 7.5;
  return r;
}

Rules Rules::situational_superko() {
  Rules r;
  r.name = "situational-superko";
  r.suicide = SuicideRule::Allowed;
  r.repetition = Repetition::SituationalSuperko;
  r.scoring = Scoring::Area;
  r.komi = 7.5;
  return r;
}

std::optional<Rules> Rules::preset(std::string_view name) {
  if (name == "ing-1996") return ing_1996();
  if (name == "ru-go-1985") return ru_go_1985();
  if (name == "ru-go-1985-egf") return ru_go_1985_egf();
  if (name == "positional-superko") return positional_superko();
  if (name == "situational-superko") return situational_superko();
  return std::nullopt;
}

std::vector<std::string> Rules::preset_names() {
  return {"ing-1996", "ru-go-1985", "ru-go-1985-egf", "positional-superko", "situational-superko"};
}

}  // namespace rulespec::go
