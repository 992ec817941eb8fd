// Board analyses: the readings of the Go move rules, and the two codices, replayed by the
// reference model on small concrete boards. Each witness is a board, a move sequence and one
// final move; a finding is reported when the outcomes differ, with the outcome under each
// reading. The witnesses are also cases (cases/go/board-play.yaml), so `rulespec oracle`
// replays them move by move.
#include <map>

#include "queries/go_answers.hpp"
#include "model/go/history.hpp"
#include "model/go/life.hpp"
#include "model/go/scoring.hpp"
#include "solver/finding.hpp"

namespace rulespec {
namespace {

struct BoardWitness {
  std::vector<std::string> rows;
  go::Stone to_play = go::Stone::Black;
  std::vector<std::string> moves;  // GTP or "pass"
  std::string move;                // the move whose fate is compared
  bool settled = false;
  std::string case_id;
};

int point_of(const go::Board& b, const std::string& name) {
  if (name == "pass") return go::kPass;
  const auto p = b.parse_gtp(name);
  if (!p) throw std::logic_error("board witness: bad point " + name);
  return *p;
}

// What happens to the final move: "illegal (reason)" or "legal, ..." with its effects.
std::string outcome(const BoardWitness& w, const go::Rules& rules) {
  const auto board = go::board_from_rows(w.rows);
  if (!board) throw std::logic_error("board witness: bad rows");
  go::Game g(*board, w.to_play, rules);
  g.set_life_and_death_settled(w.settled);
  for (size_t i = 0; i < w.moves.size(); ++i) {
    const go::Illegal why = g.check(point_of(g.board(), w.moves[i]));
    if (why != go::Illegal::None) return "move " + std::to_string(i + 1) + " already illegal (" + go::to_string(why) + ")";
    g.play(point_of(g.board(), w.moves[i]));
  }
  const int p = point_of(g.board(), w.move);
  const go::Illegal why = g.check(p);
  if (why != go::Illegal::None) return std::string("illegal (") + go::to_string(why) + ")";
  const auto r = g.play(p);
  std::string s = "legal";
  if (r.captured) s += ", captures " + std::to_string(r.captured);
  if (r.self_captured) s += ", removes " + std::to_string(r.self_captured) + " own";
  if (p != go::kPass && r.board_unchanged) s += r.counted_as_pass ? ", counted as a pass" : ", board unchanged, not a pass";
  if (g.over()) s += ", game over";
  else if (g.stopped()) s += ", play stopped";
  return s;
}

Value witness_value(const BoardWitness& w) {
  Value v = Value::map();
  Value rows = Value::list();
  for (const auto& r : w.rows) rows.push(Value::string(r));
  v.set("rows", rows);
  v.set("to_play", Value::string(w.to_play == go::Stone::Black ? "B" : "W"));
  Value moves = Value::list();
  for (const auto& m : w.moves) moves.push(Value::string(m));
  v.set("moves", moves);
  v.set("move", Value::string(w.move));
  if (w.settled) v.set("settled", Value::boolean(true));
  return v;
}

std::string moves_text(const BoardWitness& w) {
  std::string s;
  for (const auto& m : w.moves) s += (s.empty() ? "" : " ") + m;
  return s.empty() ? "no moves" : s;
}

using Apply = std::function<void(go::Rules&, const std::string& reading)>;

// One finding when the readings of `clause_id` give different outcomes on the witness.
void reading_ambiguity(const Spec& spec, AnalysisOutcome& out, const char* ruleset_id, const char* clause_id,
                       std::vector<std::string> clauses, const std::string& finding_id, const std::string& kind,
                       const std::string& summary, const std::string& why, const BoardWitness& w, const Apply& apply) {
  const Clause* c = spec.clause(clause_id);
  if (!c || !spec.has_ruleset(ruleset_id)) return;
  const Ruleset& rs = spec.ruleset(ruleset_id);
  // Only the readings a careful reader might take can make the text ambiguous.
  const auto readings = spec.natural_readings(*c);
  if (readings.size() < 2) return;
  Value per_reading = Value::map();
  std::map<std::string, int> distinct;
  std::string listing;
  for (const Reading* r : readings) {
    go::Rules rules = go_rules(spec, rs);
    apply(rules, r->id);
    const std::string o = outcome(w, rules);
    per_reading.set(r->id, Value::string(o));
    ++distinct[o];
    listing += (listing.empty() ? "" : "; ") + r->id + ": " + o;
  }
  if (distinct.size() < 2) return;
  Finding f{
      .id = finding_id,
      .kind = kind,
      .clauses = std::move(clauses),
  };
  f.clauses.insert(f.clauses.begin(), clause_id);
  f.rulesets = {ruleset_id};
  f.summary = summary;
  f.explanation = why + " On the witness (" + moves_text(w) + ", then " + w.move + "): " + listing + ".";
  f.witness = witness_value(w);
  f.witness.set("outcome", per_reading);
  f.case_id = w.case_id;
  out.findings.push_back(f);
}

const BoardWitness kSingleSuicide{{"...", "X..", ".X."}, go::Stone::Black, {"pass"}, "A1", false, "go.board.single-stone-suicide-stops-game"};
const BoardWitness kSnapback{{"OOO..", "XXO..", "O.XO."}, go::Stone::Black, {"B1"}, "A1", false, "go.board.snapback"};
const std::vector<std::string> kTripleKoRows = {".........", ".XO......", "XO.O.....", ".XO......", ".........",
                                                ".XO...OX.", "XO.O.OX.X", ".XO...OX.", "........."};
const BoardWitness kTripleKo{kTripleKoRows, go::Stone::Black, {"C3", "H3", "C7"}, "B3", false, "go.board.triple-ko-retake"};
const std::vector<std::string> kKoRows = {".....", ".XO..", "XO.O.", ".XO..", "....."};
// Found by searching small boards for cycles: Black D2 takes one stone, White D1 takes two, Black
// D3 restores the board (sending two, returning one).
const BoardWitness kSendingTwo{{".OOX", "XOO.", "XXXO"}, go::Stone::Black, {"D2"}, "D1", false, "go.board.sending-two-returning-one"};
// Black C3 takes two, White B3 takes two, Black D3 and White A3 restore the board.
const BoardWitness kTwoStoneCycle{{"OO.X", "XXOO", ".XO."}, go::Stone::Black, {"C3"}, "B3", false, "go.board.two-stone-cycle"};
const BoardWitness kSecondPass{{".........", ".........", ".........", ".........", ".........", ".........", ".........",
                                ".........", "........."},
                               go::Stone::Black, {"pass"}, "pass", false, "go.board.second-pass"};

void ing_move_readings(const Spec& spec, AnalysisOutcome& out) {
  reading_ambiguity(
      spec, out, "ing-1996", "ing-1996.suicide.single-stone", {"ing-1996.end.stop-two-passes", "ing-1996.pass.definition"},
      "F-ing-1996-single-stone-suicide", "ambiguity",
      "A single-stone suicide 'equivalent to a pass' can stop the game, is a board move that changes nothing, or is illegal",
      "Line 82 makes a single-stone suicide 'equivalent to a pass' without saying whether it counts as a pass for "
      "stopping and ending the game (line 97) or is a board move that leaves the board unchanged; the 1991 English text "
      "forbids it. A player can answer a pass with such a suicide: the readings disagree on whether play stops.",
      kSingleSuicide, [](go::Rules& r, const std::string& reading) {
        r.single_stone_suicide = reading == "prohibited"                  ? go::SingleStoneSuicide::Illegal
                                 : reading == "pass-equivalent-board-move" ? go::SingleStoneSuicide::NoOpBoardMove
                                                                          : go::SingleStoneSuicide::Pass;
      });
  reading_ambiguity(
      spec, out, "ing-1996", "ing-1996.ko.twin-hot-stones",
      {"ing-1996.ko.hot-stone-capture", "ing-1996.ko.hot-stone-cooling", "ing-1996.ko.single-hot-stone"},
      "F-ing-1996-twin-hot-stones", "ambiguity",
      "Triple ko: twin hot stones stop the cycle only if hot stones survive a capture in another ko",
      "Line 89 says twin hot stones regulate triple ko, but line 90 cools every hot stone as soon as the opponent makes "
      "'some other board move', and a capture in another ko is one. Read literally, the six-move triple-ko cycle stays "
      "legal for ever (the game cannot end); only if the hot stones of consecutive ko captures stay hot together does "
      "White's retake become illegal.",
      kTripleKo, [](go::Rules& r, const std::string& reading) {
        r.twin_hot_stones_persist = reading != "cool-after-any-other-move";
      });
  // Confirm the cycle the twin-hot-stones finding describes: under the literal cooling the six
  // captures replay legally and bring back the starting position.
  if (!out.findings.empty() && out.findings.back().id == "F-ing-1996-twin-hot-stones") {
    go::Rules literal = go_rules(spec, spec.ruleset("ing-1996"));
    literal.twin_hot_stones_persist = false;
    const auto start = go::board_from_rows(kTripleKoRows);
    go::Game g(*start, go::Stone::Black, literal);
    bool all_legal = true;
    for (const char* m : {"C3", "H3", "C7", "B3", "G3", "B7"}) all_legal &= g.play(point_of(g.board(), m)).illegal == go::Illegal::None;
    if (all_legal && g.board().hash() == start->hash() && g.to_play() == go::Stone::Black) {
      Finding& f = out.findings.back();
      f.explanation += " Under cool-after-any-other-move the six captures C3 H3 C7 B3 G3 B7 are all legal and restore "
                       "the starting position with Black to move, so the cycle can repeat without end, and the text, whose aim is a "
                       "result in as many games as possible (line 29), gives no outcome for a game that never ends.";
      f.witness.set("cycle", Value::string("C3 H3 C7 B3 G3 B7"));
    }
  }
  reading_ambiguity(
      spec, out, "ing-1996", "ing-1996.move.no-repetition",
      {"ing-1996.end.stop-two-passes", "ing-1996.end.four-passes", "ing-1996.pass.single-pass-no-repetition"},
      "F-ing-1996-repetition-forbids-second-pass", "ambiguity",
      "Read as written, the ban on repeating a position forbids the second pass, so an Ing game could never stop",
      "Line 79 forbids any move that repeats a position, a position being the stones and the side to move, and a pass "
      "is a move (line 78); line 83 repeats the ban. After a pass and a pass, the stones and the side to move are those "
      "before the first pass, so the second pass repeats a position: as a ban on any earlier position (situational "
      "superko) and even as the narrowest ban on the position before the opponent's last move (line 42, 'on the next "
      "move'), the second pass is illegal, against lines 97 and 100 under which two passes stop play and four end the "
      "game. Line 79's own remark covers a single pass only. Lines 97 and 100 prescribe the passes, so the outcome is "
      "not in doubt; the ban is worded without the exemption for passes that the text relies on.",
      kSecondPass, [](go::Rules& r, const std::string& reading) {
        r.superko_covers_passes = reading == "situational-superko";
        r.repetition = reading == "situational-superko" ? go::Repetition::SituationalSuperko
                       : reading == "immediate-only"    ? go::Repetition::ImmediatePosition
                                                        : go::Repetition::HotStones;
      });
  out.detail = std::to_string(out.findings.size()) + " readings that change a move's fate on a concrete board";
}

void ko_classification(const Spec& spec, AnalysisOutcome& out) {
  if (!spec.has_ruleset("ing-1996") || !spec.clause("ing-1996.ko.disturbing-once")) {
    not_applicable(out, "needs ing-1996 and its disturbing-ko clause");
    return;
  }
  const go::Rules rules = go_rules(spec, spec.ruleset("ing-1996"));
  BoardWitness w{kKoRows, go::Stone::Black, {"C3", "E5", "E4", "B3", "A5", "E1"}, "C3", false, "go.board.disturbing-ko-restart"};
  const std::string fighting = outcome(w, rules);
  w.settled = true;
  const std::string disturbing = outcome(w, rules);
  out.detail = "fighting: " + fighting + "; disturbing: " + disturbing;
  if (fighting == disturbing) return;
  Finding f{
      .id = "F-ing-1996-ko-classification",
      .kind = "underspecified",
      .summary = "Whether a ko capture is legal depends on whether life and death is settled, which only the end of the game decides",
      .explanation = "Lines 88 and 91 split kos into fighting kos (life and death not settled: hot stones) and disturbing "
          "kos (settled: a cycle may be started once). The same capture on the same board is legal in a "
          "fighting ko and illegal in a disturbing ko (" + fighting + " / " + disturbing + "). But the text "
          "settles life and death only by agreement or play-out after play stops (lines 98-99), so during play "
          "the legality of a move depends on a status the rules establish later: the classification is "
          "circular, and our model needs it as an explicit input.",
      .clauses = {"ing-1996.ko.fighting-ko", "ing-1996.ko.disturbing-ko", "ing-1996.ko.disturbing-once",
          "ing-1996.life-and-death.no-special-rules", "ing-1996.end.dispute-play-out"},
      .rulesets = {"ing-1996"},
      .witness = witness_value(w),
  };
  Value o = Value::map();
  o.set("fighting", Value::string(fighting));
  o.set("disturbing", Value::string(disturbing));
  f.witness.set("outcome", o);
  f.case_id = w.case_id;
  out.findings.push_back(f);
}

void snapback_reading(const Spec& spec, AnalysisOutcome& out) {
  reading_ambiguity(
      spec, out, "ru-go-1985", "ru-go-1985.art4.p2", {"ru-go-1985.art4.p2.ko-threat", "ru-go-1985.art3.p2"},
      "F-ru-go-1985-ko-snapback", "ambiguity",
      "Art. 4 §2 read word for word forbids the snapback",
      "Art. 4 §2 forbids capturing 'a stone placed by the partner's preceding move that captured exactly one stone'; it "
      "does not say the recapture must take that stone alone. A snapback recaptures such a stone together with the "
      "group it joined: allowed if the clause means the ko recapture of one stone, forbidden word for word.",
      kSnapback, [](go::Rules& r, const std::string& reading) {
        r.ko_protects_capturing_chain = reading == "literal-any-capture";
      });
  out.detail = out.findings.empty() ? "the readings agree on the snapback" : "the readings disagree on the snapback";
}

// Ing and 1985 on each board topic both regulate: the same witness, both rulesets.
void codex_board_divergence(const Spec& spec, AnalysisOutcome& out) {
  if (!spec.has_ruleset("ing-1996") || !spec.has_ruleset("ru-go-1985")) {
    not_applicable(out, "needs both Go rulesets");
    return;
  }
  const go::Rules ing = go_rules(spec, spec.ruleset("ing-1996")), ru = go_rules(spec, spec.ruleset("ru-go-1985"));
  const std::vector<std::pair<std::string, BoardWitness>> topics = {
      {"single-stone suicide", {{"...", "X..", ".X."}, go::Stone::White, {}, "A1", false, "go.board.single-stone-suicide"}},
      {"group suicide", {{"OX...", ".X...", "XX..."}, go::Stone::White, {}, "A2", false, "go.board.group-suicide"}},
      {"immediate ko recapture", {kKoRows, go::Stone::Black, {"C3"}, "B3", false, "go.board.ko-immediate-recapture"}},
      {"ko recapture after a threat", {kKoRows, go::Stone::Black, {"C3", "E5", "E4"}, "B3", false, "go.board.ko-after-threat"}},
      {"snapback", kSnapback},
      {"sending two, returning one", kSendingTwo},
      {"two-stone capture cycle", kTwoStoneCycle},
      {"triple ko retake", kTripleKo},
      {"second consecutive pass", kSecondPass},
      {"board move after two passes", {kSecondPass.rows, go::Stone::Black, {"pass", "pass"}, "E5", false, "go.board.move-after-two-passes"}},
  };
  Value table = Value::list();
  std::string listing, first_case;
  int differ = 0;
  // The verdict and its effects; the reason a move is illegal is each codex's own.
  auto verdict = [](const std::string& o) { return o.rfind("illegal", 0) == 0 ? std::string("illegal") : o; };
  for (const auto& [topic, w] : topics) {
    const std::string a = outcome(w, ing), b = outcome(w, ru);
    Value row = Value::map();
    row.set("topic", Value::string(topic));
    row.set("case", Value::string(w.case_id));
    row.set("ing-1996", Value::string(a));
    row.set("ru-go-1985", Value::string(b));
    table.push(row);
    if (verdict(a) == verdict(b)) continue;
    ++differ;
    if (first_case.empty()) first_case = w.case_id;
    listing += (listing.empty() ? "" : "; ") + topic + " (Ing: " + a + "; 1985: " + b + ")";
  }
  out.detail = std::to_string(differ) + " of " + std::to_string(topics.size()) + " board topics decided differently";
  if (differ == 0) return;
  Finding f{
      .id = "F-ru-go-1985-vs-ing-1996-board-moves",
      .kind = "divergence",
      .summary = "The two Go codices decide " + std::to_string(differ) + " of " + std::to_string(topics.size()) +
          " elementary board situations differently",
      .explanation = "Replayed by the reference model on the board cases: " + listing + ".",
      .clauses = {"ing-1996.suicide.single-stone", "ing-1996.suicide.group", "ing-1996.ko.hot-stone-capture",
          "ing-1996.ko.twin-hot-stones", "ing-1996.end.stop-two-passes", "ru-go-1985.art4.p1", "ru-go-1985.art4.p2",
          "ru-go-1985.art9.p3", "ru-go-1985.art11.p2"},
      .rulesets = {"ing-1996", "ru-go-1985"},
      .witness = Value::map(),
  };
  f.witness.set("topics", table);
  f.case_id = first_case;
  out.findings.push_back(f);
}

// 1985 Art. 11 §2: a dispute over life and death is settled by test play on another board, but
// the text does not say who moves first. A white group with a straight three eye space, after
// both partners passed: Black first kills it (B6, then A6 takes it), White first lives (B6, after
// which both A6 and C6 are suicide for Black).
const std::vector<std::string> kStraightThreeRows = {"...OX.", "OOOOX.", "XXXXX.", "......", "......", "......"};
const BoardWitness kTestPlayBlackFirst{kStraightThreeRows, go::Stone::Black, {"B6", "C6"}, "A6", false, "ru1985.test-play.black-first"};
const BoardWitness kTestPlayWhiteFirst{kStraightThreeRows, go::Stone::White, {"B6"}, "A6", false, "ru1985.test-play.white-first"};

void test_play_first_move(const Spec& spec, AnalysisOutcome& out) {
  if (!spec.has_ruleset("ru-go-1985") || !spec.clause("ru-go-1985.art11.p2.disputes")) {
    not_applicable(out, "needs ru-go-1985 and Art. 11 §2");
    return;
  }
  const go::Rules rules = go_rules(spec, spec.ruleset("ru-go-1985"));
  const std::string black_first = outcome(kTestPlayBlackFirst, rules), white_first = outcome(kTestPlayWhiteFirst, rules);
  // The same question by search: neither alive nor dead in the sense of Art. 4 §1 notes 3-4.
  const go::Board board = *go::board_from_rows(kStraightThreeRows);
  go::MoveRules move_rules;
  move_rules.suicide = rules.suicide;
  const int group = *board.parse_gtp("B5");
  const auto life = go::life_status(board, group, move_rules, go::fight_region(board, group));
  out.detail = "straight three: Black first, then A6: " + black_first + "; White first, then Black A6: " + white_first +
               "; search: " + go::to_string(life.status);
  // Who starts is the decision point ru-go-1985.decisions.test-play-first: its gap is the finding
  // (F-ru-go-1985-test-play-first-move), and this position is why the gap matters. A position
  // whose fate no longer depends on the first move would leave the finding without its reason.
  if (black_first == white_first || life.status != go::LifeStatus::Unsettled) {
    out.ok = false;
    out.detail += ": the witness of the test play's decision point no longer depends on who starts";
    return;
  }
  out.detail += ": the first move decides, so the decision point ru-go-1985.decisions.test-play-first matters";
}

}  // namespace

// Ing line 115: the free points are to form one block in a corner (else on a side), without
// moving a stone (line 109). A White wall whose territory is eighteen separate one-point eyes
// wins with eighteen winning points: no region can hold them as one block.
const std::vector<std::string> kHoneycombRows = {"..XOOO.O.", "..XOO.O.O", "..XOOO.O.", "..XOO.O.O", "..XOOO.O.",
                                                 "..XOO.O.O", "..XOOO.O.", "..XOO.O.O", "..XOOO.O."};

void ing_layout_block(const Spec& spec, AnalysisOutcome& out) {
  if (!spec.has_ruleset("ing-1996") || !spec.clause("ing-1996.counting.layout")) {
    not_applicable(out, "needs ing-1996 and its counting layout clause");
    return;
  }
  const go::Board board = *go::board_from_rows(kHoneycombRows);
  const int komi = static_cast<int>(spec.ruleset("ing-1996").number_param("komi"));
  const auto result = go::ing_fill_in(go::final_counts(board, komi, 0, 0, 0));
  if (result.status != go::FillInStatus::Done) {
    out.detail = std::string("fill-in did not finish: ") + go::to_string(result.status);
    return;
  }
  size_t largest = 0;
  for (const auto& r : go::empty_regions(board))
    if (r.borders_black != r.borders_white && r.borders_black == (result.winner > 0)) largest = std::max(largest, r.points.size());
  out.detail = std::to_string(result.winning_points) + " winning points, largest region of the winner's territory " +
               std::to_string(largest);
  // Line 115 is a presentation instruction with its own fallback, and the result (lines 113-114)
  // does not depend on it: a layout that cannot be one block is noted here, not reported (see the
  // withdrawn F-ing-1996-layout-one-block). The check is that the result still reads off.
  if (result.margin <= 0) throw std::runtime_error("the honeycomb board does not give White the win");
  if (static_cast<size_t>(result.winning_points) > largest)
    out.detail += "; the free points cannot form one block, the result is unaffected (margin " + std::to_string(result.margin) + ")";
}

void register_go_board_analyses(std::vector<AnalysisInfo>& out) {
  out.push_back({"go-board.ing-move-readings",
                 "readings of the Ing move rules (single-stone suicide, twin hot stones, no repetition) on concrete boards",
                 {"ing-1996.suicide.single-stone", "ing-1996.ko.twin-hot-stones", "ing-1996.move.no-repetition"},
                 ing_move_readings});
  out.push_back({"go-board.ing-ko-classification", "fighting vs disturbing ko: the same capture under both classifications",
                 {"ing-1996.ko.fighting-ko", "ing-1996.ko.disturbing-ko", "ing-1996.ko.disturbing-once"}, ko_classification});
  out.push_back({"go-board.ru1985-snapback", "the two readings of 1985 Art. 4 §2 on a snapback",
                 {"ru-go-1985.art4.p2"}, snapback_reading});
  out.push_back({"go-board.codex-divergence", "Ing and 1985 on the elementary board situations both regulate",
                 {"ing-1996.suicide.group", "ru-go-1985.art4.p1", "ru-go-1985.art4.p2"}, codex_board_divergence});
  out.push_back({"go-board.ru1985-test-play", "1985 Art. 11 §2 test play: does the verdict depend on who starts?",
                 {"ru-go-1985.art11.p2.disputes"}, test_play_first_move});
  out.push_back({"go-board.ing-layout", "Ing line 115: can the winning points always be laid as one block without moving a stone?",
                 {"ing-1996.counting.layout", "ing-1996.counting.no-moving-stones"}, ing_layout_block});
}

}  // namespace rulespec
