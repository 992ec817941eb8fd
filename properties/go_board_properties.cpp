// Go board properties: random games on random (also rectangular) boards under the ruleset's own
// move rules, checked after every move against the clauses they exercise.
#include <algorithm>
#include <cstdint>
#include <ostream>

#include "queries/go_answers.hpp"
#include "model/common/symmetry.hpp"
#include "model/common/xorshift.hpp"
#include "model/go/fill_in_board.hpp"
#include "model/go/history.hpp"
#include "model/go/life.hpp"
#include "model/go/scoring.hpp"
#include "properties/property.hpp"

namespace rulespec {
namespace {

using Rng = common::XorShift64;

bool own_eye(const go::Board& b, int p, go::Stone colour) {
  for (int n : b.neighbours(p))
    if (b.at(n) != colour && b.at(n) != go::Stone::Edge) return false;
  return true;
}

// One random move: a legal board move that does not fill an own one-point eye, else a pass.
int random_move(const go::Game& g, Rng& rng) {
  auto moves = g.legal_moves();
  moves.erase(std::remove_if(moves.begin(), moves.end(), [&](int p) { return own_eye(g.board(), p, g.to_play()); }),
              moves.end());
  if (moves.empty() || rng.below(40) == 0) return go::kPass;
  return moves[rng.below(moves.size())];
}

struct RandomGame {
  int width, height;
  std::uint64_t seed;
  int moves;
};

void showValue(const RandomGame& g, std::ostream& os) {
  os << g.width << "x" << g.height << " board, seed " << g.seed << ", " << g.moves << " moves";
}

rc::Gen<RandomGame> gen_game(int min_size, int max_size) {
  return rc::gen::exec([=] {
    RandomGame g;
    g.width = *rc::gen::inRange(min_size, max_size + 1);
    g.height = *rc::gen::inRange(min_size, max_size + 1);
    g.seed = *rc::gen::inRange<std::uint64_t>(1, UINT64_MAX);
    g.moves = *rc::gen::inRange(0, 3 * g.width * g.height);
    return g;
  });
}

// A game from `b` without history in which passes never end play, so that an attack with free
// passes can go on as long as the property needs.
go::Game endless_game(const go::Board& b, go::Stone to_move, go::Rules rules) {
  rules.end_passes = rules.stop_passes = 1000;
  return go::Game(b, to_move, rules);
}

bool is_go(const Ruleset& rs) { return rs.game == "go" && (rs.codex == "ing-1996" || rs.codex == "ru-go-1985"); }

// Plays the game, calling `each` before every move with the game and the move about to be made.
template <typename Each>
go::Game play_out(const RandomGame& spec, const go::Rules& rules, Each each) {
  go::Game g(go::Board(spec.width, spec.height), go::Stone::Black, rules);
  Rng rng{spec.seed};
  for (int i = 0; i < spec.moves && !g.over(); ++i) {
    const int m = random_move(g, rng);
    each(g, m);
    if (m == go::kPass && !g.pass_legal()) break;
    g.play(m);
  }
  return g;
}

// Symmetry s of point p on board b, as a point of the transformed board t.
int transform(const go::Board& b, const go::Board& t, int p, int s) {
  const auto [x, y] = common::apply_symmetry({2 * b.x_of(p) - (b.width() - 1), 2 * b.y_of(p) - (b.height() - 1)}, s);
  return t.point((x + t.width() - 1) / 2, (y + t.height() - 1) / 2);
}

go::Board transformed(const go::Board& b, int s, bool swap_colours) {
  go::Board t = (s & 4) ? go::Board(b.height(), b.width()) : go::Board(b.width(), b.height());
  std::vector<std::pair<int, go::Stone>> stones;
  for (int p : b.all_points()) {
    go::Stone c = b.at(p);
    if (c == go::Stone::Empty) continue;
    if (swap_colours) c = go::opponent(c);
    stones.push_back({transform(b, t, p, s), c});
  }
  t.set_all(stones);
  return t;
}

}  // namespace

void register_go_board_properties(std::vector<PropertyInfo>& out) {
  out.push_back({"go.board.no-chain-without-liberties",
                 "after every legal move no chain is left without a liberty, and the stone count changes by exactly the move and its captures",
                 {"ing-1996.capture.no-liberties", "ing-1996.capture.mover-first", "ing-1996.liberties.shared",
                  "ru-go-1985.art3.p2", "ru-go-1985.art4.p1.note1", "ru-go-1985.art3.p1.note2"},
                 is_go,
                 [](const Spec& spec, const Ruleset& rs) {
                   const go::Rules rules = go_rules(spec, rs);
                   return rc::detail::toProperty([rules] {
                     const auto game = *gen_game(2, 9);
                     play_out(game, rules, [](const go::Game& g, int m) {
                       if (m == go::kPass) return;
                       go::Game next = g;
                       const int before = next.board().stones(go::Stone::Black) + next.board().stones(go::Stone::White);
                       const auto r = next.play(m);
                       note_answer(std::to_string(m) + " takes " + std::to_string(r.captured) + ", loses " + std::to_string(r.self_captured));
                       const std::string move = "the move at " + g.board().to_gtp(m) + " (taking " + std::to_string(r.captured) + ", losing " +
                                                std::to_string(r.self_captured) + ")";
                       rules_require(next.board().problems().empty(),
                                     move + " leaves a chain without a liberty on the board, where it must be removed (1985 Codex Art. 3 §2; Ing line 80)");
                       const int after = next.board().stones(go::Stone::Black) + next.board().stones(go::Stone::White);
                       rules_require(after == before + (r.board_unchanged ? 0 : 1) - r.captured - r.self_captured,
                                     move + " changes the number of stones on the board from " + std::to_string(before) + " to " +
                                         std::to_string(after) + ": not the stone played less the stones removed");
                     });
                   });
                 }});
  out.push_back({"go.board.suicide-rule",
                 "a move that would remove the mover's own stones is legal exactly as the ruleset's suicide rule says, and a lone stone's suicide is what line 82's reading makes it",
                 {"ru-go-1985.art4.p1", "ing-1996.suicide.group", "ing-1996.suicide.single-stone", "ing-1996.summary.group-suicide"},
                 is_go,
                 [](const Spec& spec, const Ruleset& rs) {
                   const go::Rules rules = go_rules(spec, rs);
                   // What the text says is expected of the model, whatever the model was built without.
                   const go::Rules written = [&] {
                     ClausesAsWritten as_written;
                     return go_rules(spec, rs);
                   }();
                   return rc::detail::toProperty([rules, written] {
                     const auto game = *gen_game(2, 7);
                     play_out(game, rules, [&](const go::Game& g, int) {
                       for (int p : g.board().all_points()) {
                         if (g.board().at(p) != go::Stone::Empty) continue;
                         const auto m = g.board().preview(p, g.to_play());
                         if (m.self_captured == 0) continue;
                         const go::Illegal why = g.check(p);
                         const std::string move = std::string(g.to_play() == go::Stone::Black ? "Black" : "White") + " at " + g.board().to_gtp(p) +
                                                  " would remove " + std::to_string(m.self_captured) + " of its own stones, and the move is " +
                                                  (why == go::Illegal::None ? std::string("allowed") : "refused (" + std::string(go::to_string(why)) + ")");
                         if (written.suicide == go::SuicideRule::Forbidden)
                           rules_require(why == go::Illegal::Suicide, move + ", where the ruleset forbids suicide (1985 Codex Art. 4 §1)");
                         if (written.suicide == go::SuicideRule::MultiStoneOnly && m.self_captured == 1)
                           rules_require((why == go::Illegal::SingleStoneSuicide) == (written.single_stone_suicide == go::SingleStoneSuicide::Illegal),
                                         move + ", against the reading of Ing line 82 the ruleset takes for a lone stone's suicide");
                         // Line 82's readings other than "prohibited": the lone stone's suicide leaves the
                         // board as it was, and under pass-equivalent counts as a pass.
                         if (written.suicide == go::SuicideRule::MultiStoneOnly && m.self_captured == 1 &&
                             written.single_stone_suicide != go::SingleStoneSuicide::Illegal && why == go::Illegal::None) {
                           go::Game next = g;
                           const auto r = next.play(p);
                           note_answer(std::to_string(p) + (r.counted_as_pass ? " a pass" : " a move"));
                           rules_require(r.board_unchanged, move + ", and it changes the board, where Ing line 82 leaves it as it was");
                           rules_require(r.counted_as_pass == (written.single_stone_suicide == go::SingleStoneSuicide::Pass),
                                         move + (r.counted_as_pass ? ", counted as a pass" : ", not counted as a pass") +
                                             ", against the reading of Ing line 82 the ruleset takes");
                         }
                         if (written.suicide == go::SuicideRule::MultiStoneOnly && m.self_captured > 1)
                           rules_require(why != go::Illegal::Suicide && why != go::Illegal::SingleStoneSuicide,
                                         move + ", where Ing allows the suicide of a group (line 40)");
                       }
                     });
                   });
                 }});
  out.push_back({"go.board.ko-rule",
                 "right after a ko capture the immediate recapture is refused (simple ko; hot stone; a whole-board ban), and no other move is",
                 {"ru-go-1985.art4.p2", "ing-1996.ko.hot-stone-capture", "ing-1996.ko.single-hot-stone", "ing-1996.ko.prohibition",
                  "ing-1996.move.no-repetition"},
                 is_go,
                 [](const Spec& spec, const Ruleset& rs) {
                   const go::Rules rules = go_rules(spec, rs);
                   const go::Rules written = [&] {
                     ClausesAsWritten as_written;
                     return go_rules(spec, rs);
                   }();
                   return rc::detail::toProperty([rules, written] {
                     const auto game = *gen_game(3, 7);
                     int kos = 0;
                     play_out(game, rules, [&](const go::Game& g, int) {
                       if (g.record().empty() || !g.record().back().ko_capture || g.record().back().captured != 1) return;
                       const auto& last = g.record().back();
                       if (g.board().chain_size(last.point) != 1) return;  // a single stone that took a single stone
                       const int retake = g.board().chain_liberties(last.point).front();
                       ++kos;
                       const go::Illegal why = g.check(retake);
                       note_answer(std::to_string(retake) + " " + go::to_string(why));
                       const std::string retaking = "right after the ko capture at " + g.board().to_gtp(last.point) + ", the retake at " +
                                                    g.board().to_gtp(retake) + " is " +
                                                    (why == go::Illegal::None ? std::string("allowed") : "refused (" + std::string(go::to_string(why)) + ")");
                       if (written.repetition == go::Repetition::SimpleKo)
                         rules_require(why == go::Illegal::Ko, retaking + ", where simple ko refuses it (1985 Codex Art. 4 §2)");
                       if (written.repetition == go::Repetition::HotStones)
                         rules_require(why == go::Illegal::HotStone, retaking + ", where the hot stone may not be taken at once (Ing lines 83, 90)");
                       // The retake would bring back the position before the capture, the same player
                       // to move: every whole-board ban refuses it (the narrowest one alongside the hot stones).
                       if (written.repetition == go::Repetition::PositionalSuperko || written.repetition == go::Repetition::SituationalSuperko)
                         rules_require(why == go::Illegal::Superko, retaking + ", where it brings back the position before the capture, which superko forbids");
                       if (written.repetition == go::Repetition::ImmediatePosition)
                         rules_require(go::is_repetition_violation(why), retaking + ", where it repeats the position (Ing line 42)");
                       // Every other empty point is judged as if there were no ko (twin hot stones of
                       // consecutive ko captures aside).
                       const auto& rec = g.record();
                       if (rec.size() >= 2 && rec[rec.size() - 2].ko_capture) return;
                       for (int p : g.board().all_points()) {
                         if (p == retake || g.board().at(p) != go::Stone::Empty) continue;
                         const go::Illegal w = g.check(p);
                         rules_require(w != go::Illegal::Ko && w != go::Illegal::HotStone,
                                       "right after the ko capture at " + g.board().to_gtp(last.point) + ", a move at " + g.board().to_gtp(p) +
                                           " away from the ko is refused as " + std::string(go::to_string(w)) + ": the ko rule forbids only the retake");
                       }
                     });
                     RC_TAG(kos > 0 ? "with a ko" : "no ko");
                   });
                 }});
  out.push_back({"go.board.symmetry-invariance",
                 "legal moves and the area count are the same under the 8 board symmetries and a colour swap",
                 {"ru-go-1985.art3.p1", "ing-1996.move.board-move", "ing-1996.summary.area-scoring", "ing-1996.territory.definition"},
                 is_go,
                 [](const Spec& spec, const Ruleset& rs) {
                   go::Rules rules = go_rules(spec, rs);
                   return rc::detail::toProperty([rules] {
                     const auto game = *gen_game(2, 8);
                     const go::Game g = play_out(game, rules, [](const go::Game&, int) {});
                     const go::Board& b = g.board();
                     const int s = *rc::gen::inRange(0, 8);
                     const bool swap = *rc::gen::arbitrary<bool>();
                     const go::Board t = transformed(b, s, swap);
                     const go::Stone mover = swap ? go::opponent(g.to_play()) : g.to_play();
                     // Positions without history: compare the board rules only.
                     const go::Game here(b, g.to_play(), rules), there(t, mover, rules);
                     std::vector<int> expected;
                     for (int p : here.legal_moves()) expected.push_back(transform(b, t, p, s));
                     std::sort(expected.begin(), expected.end());
                     const std::string turned = "the board turned by symmetry " + std::to_string(s) + (swap ? ", colours swapped," : "");
                     rules_require(there.legal_moves() == expected, turned + " allows other moves than the board itself: the rules of play "
                                                                             "(1985 Codex Art. 3 §1; Ing line 78) name no direction or colour");
                     const auto a = go::area_count(b), c = go::area_count(t);
                     rules_require((swap ? c.white() : c.black()) == a.black() && (swap ? c.black() : c.white()) == a.white(),
                                   turned + " counts another area than the board itself (Black " + Value::number(a.black()).dump() + ", White " +
                                       Value::number(a.white()).dump() + ")");
                   });
                 }});
  out.push_back({"go.board.area-identity",
                 "on finished random games: area = stones + surrounded points, everything adds up to the board, fill-in shows the direct count",
                 {"ing-1996.territory.definition", "ing-1996.counting.visible-difference", "ing-1996.counting.all-stones-placed",
                  "ing-1996.summary.area-scoring", "ing-1996.summary.seki-equal"},
                 codex_is("ing-1996"),
                 [](const Spec& spec, const Ruleset& rs) {
                   const go::Rules rules = go_rules(spec, rs);
                   const int komi = static_cast<int>(rs.number_param("komi"));
                   return rc::detail::toProperty([rules, komi] {
                     const int size = *rc::gen::element(5, 7, 9);
                     RandomGame game{size, size, *rc::gen::inRange<std::uint64_t>(1, UINT64_MAX), 4 * size * size};
                     const go::Game g = play_out(game, rules, [](const go::Game&, int) {});
                     const auto a = go::area_count(g.board());
                     rules_require(a.black_stones == g.board().stones(go::Stone::Black),
                                   "the area count credits Black with " + std::to_string(a.black_stones) + " stones of the " +
                                       std::to_string(g.board().stones(go::Stone::Black)) + " on the board (Ing line 38: stones and surrounded points)");
                     rules_require(a.black() + a.white() == static_cast<double>(g.board().points()),
                                   "Black's area " + Value::number(a.black()).dump() + " and White's " + Value::number(a.white()).dump() +
                                       " do not add up to the board's " + std::to_string(g.board().points()) + " points");
                     const auto counts = go::final_counts(g.board(), komi, 0, 0, 0);
                     const auto fill = go::ing_fill_in(counts);
                     const auto direct = go::ing_direct_count(counts);
                     RC_TAG(go::to_string(fill.status));
                     if (fill.status == go::FillInStatus::Done)
                       rules_require(fill.winner * fill.margin == static_cast<int>(direct.margin()),
                                     "the fill-in shows a difference of " + std::to_string(fill.winner * fill.margin) + " (Black's minus White's), the " +
                                         "direct count " + Value::number(direct.margin()).dump() + " (Ing line 104: the fill-in shows the score difference)");
                   });
                 }});
  out.push_back({"go.board.fill-in-laid-on-board",
                 "Ing's fill-in laid on the board: no stone moves, every bowl empties, the free points the text promises remain, the winning points form one block",
                 {"ing-1996.counting.no-moving-stones", "ing-1996.counting.layout", "ing-1996.counting.all-stones-placed",
                  "ing-1996.counting.one-empty-point", "ing-1996.counting.losing-on-winning"},
                 codex_is("ing-1996"),
                 [](const Spec& spec, const Ruleset& rs) {
                   const go::Rules rules = go_rules(spec, rs);
                   const int komi = static_cast<int>(rs.number_param("komi"));
                   return rc::detail::toProperty([rules, komi] {
                     const int size = *rc::gen::element(5, 7, 9, 11);
                     RandomGame game{size, size, *rc::gen::inRange<std::uint64_t>(1, UINT64_MAX), 4 * size * size};
                     const go::Game g = play_out(game, rules, [](const go::Game&, int) {});
                     const go::Board& counted = g.board();
                     const auto counts = go::final_counts(counted, komi, 0, 0, 0);
                     const auto result = go::ing_fill_in(counts);
                     RC_TAG(go::to_string(result.status));
                     if (result.status != go::FillInStatus::Done) return;
                     const auto filled = go::lay_fill_in(counted, result);
                     int empty = 0;
                     for (int p : counted.all_points()) {
                       if (counted.at(p) != go::Stone::Empty)
                         rules_require(filled.board.at(p) == counted.at(p),
                                       "laying the fill-in changes the stone at " + counted.to_gtp(p) + ", where no stone on the board is moved (Ing line 104)");
                       empty += filled.board.at(p) == go::Stone::Empty;
                     }
                     rules_require(filled.board.stones(go::Stone::Black) == counts.stones_per_player &&
                                       filled.board.stones(go::Stone::White) == counts.stones_per_player,
                                   "after the fill-in Black has " + std::to_string(filled.board.stones(go::Stone::Black)) + " and White " +
                                       std::to_string(filled.board.stones(go::Stone::White)) + " stones on the board, not the " +
                                       std::to_string(counts.stones_per_player) + " each that every bowl empties (Ing line 115)");
                     rules_require(empty == result.empty_points_at_end,
                                   "after the fill-in " + std::to_string(empty) + " points are empty, not the " +
                                       std::to_string(result.empty_points_at_end) + " the count promises (Ing line 115)");
                     // The winning points are one connected block whenever one region of the winner's
                     // territory can hold them.
                     const auto& block = filled.winning_block;
                     rules_require(static_cast<int>(block.size()) == result.winning_points,
                                   "the winning points laid out are " + std::to_string(block.size()) + ", not the " + std::to_string(result.winning_points) +
                                       " the count gives (Ing line 113)");
                     size_t largest = 0;
                     for (const auto& r : go::empty_regions(counted))
                       if (r.borders_black != r.borders_white && (r.borders_black == (result.winner > 0)))
                         largest = std::max(largest, r.points.size());
                     RC_TAG(block.size() <= largest ? "block fits a region" : "no region holds the block");
                     if (block.size() > largest) return;
                     std::vector<int> reached = block.empty() ? std::vector<int>{} : std::vector<int>{block.front()};
                     for (size_t i = 0; i < reached.size(); ++i)
                       for (int n : counted.neighbours(reached[i]))
                         if (std::find(block.begin(), block.end(), n) != block.end() &&
                             std::find(reached.begin(), reached.end(), n) == reached.end())
                           reached.push_back(n);
                     rules_require(reached.size() == block.size(), "the " + std::to_string(block.size()) +
                                                                       " winning points are not one block, though a region of the winner's territory holds them (Ing line 115)");
                   });
                 }});
  out.push_back({"go.board.benson-alive-never-captured",
                 "stones Benson's algorithm calls unconditionally alive are never captured, whatever the opponent plays",
                 {"ru-go-1985.art4.p1.note3", "ru-go-1985.art4.p1.note2", "ing-1996.life-and-death.no-special-rules"},
                 is_go,
                 [](const Spec& spec, const Ruleset& rs) {
                   const go::Rules rules = go_rules(spec, rs);
                   return rc::detail::toProperty([rules] {
                     const auto game = *gen_game(3, 7);
                     const go::Game g = play_out(game, rules, [](const go::Game&, int) {});
                     for (const go::Stone owner : {go::Stone::Black, go::Stone::White}) {
                       const auto alive = go::unconditionally_alive(g.board(), owner, rules.suicide != go::SuicideRule::Forbidden);
                       RC_TAG(alive.empty() ? "nothing alive" : "alive stones");
                       // The owner only passes; the opponent plays at random.
                       go::Game attack = endless_game(g.board(), go::opponent(owner), rules);
                       Rng rng{game.seed ^ 0x5151};
                       for (int i = 0; i < 3 * g.board().points(); ++i) {
                         const auto moves = attack.legal_moves();
                         attack.play(moves.empty() ? go::kPass : moves[rng.below(moves.size())]);
                         if (attack.play(go::kPass).illegal != go::Illegal::None) break;
                         for (int p : alive)
                           rules_require(attack.board().at(p) == owner, "the stone at " + g.board().to_gtp(p) +
                                                                            ", alive whatever the opponent plays (two true eyes: 1985 Codex Art. 4 §1 note 3), is captured");
                       }
                     }
                   });
                 }});
  out.push_back({"go.board.benson-dead-capturable",
                 "stones proven dead (sealed in small regions of unconditionally alive chains) are captured when the encloser fills the region, whatever the owner plays",
                 {"ru-go-1985.art4.p1.note4", "ru-go-1985.art10.p2", "ing-1996.counting.remove-dead"},
                 is_go,
                 [](const Spec& spec, const Ruleset& rs) {
                   const go::Rules rules = go_rules(spec, rs);
                   return rc::detail::toProperty([rules] {
                     const auto game = *gen_game(3, 7);
                     const go::Game g = play_out(game, rules, [](const go::Game&, int) {});
                     const bool suicide_legal = rules.suicide != go::SuicideRule::Forbidden;
                     for (const go::Stone owner : {go::Stone::Black, go::Stone::White}) {
                       const auto dead = go::unconditionally_dead(g.board(), owner, suicide_legal);
                       RC_TAG(dead.empty() ? "nothing proven dead" : "dead stones");
                       if (dead.empty()) continue;
                       go::Game attack = endless_game(g.board(), go::opponent(owner), rules);
                       Rng rng{game.seed ^ 0xdead};
                       std::vector<char> captured(static_cast<size_t>(g.board().array_size()), 0);
                       for (int round = 0; round < 4 * g.board().points(); ++round) {
                         // The encloser fills a point next to its own stones, inside the dead
                         // stones' reach: a liberty of a chain holding one of them, if any is left.
                         std::vector<int> fills;
                         for (int p : dead)
                           if (!captured[static_cast<size_t>(p)] && attack.board().at(p) == owner)
                             for (int lib : attack.board().chain_liberties(p))
                               if (attack.check(lib) == go::Illegal::None) fills.push_back(lib);
                         bool all_gone = true;
                         for (int p : dead) all_gone &= captured[static_cast<size_t>(p)] != 0;
                         if (all_gone) break;
                         // A dead chain always offers the encloser a legal move at one of its liberties.
                         rules_require(!fills.empty(), "stones proven dead (1985 Codex Art. 4 §1 note 4) leave the encloser no legal move at their liberties");
                         attack.play(fills[rng.below(fills.size())]);
                         for (int p : dead) captured[static_cast<size_t>(p)] |= attack.board().at(p) != owner;
                         const auto replies = attack.legal_moves();
                         attack.play(replies.empty() || rng.below(4) == 0 ? go::kPass : replies[rng.below(replies.size())]);
                         for (int p : dead) captured[static_cast<size_t>(p)] |= attack.board().at(p) != owner;
                       }
                       for (int p : dead)
                         rules_require(captured[static_cast<size_t>(p)] != 0, "the stone at " + g.board().to_gtp(p) +
                                                                                  ", proven dead (1985 Codex Art. 4 §1 note 4), is never captured");
                     }
                   });
                 }});
  out.push_back({"go.board.life-search-agrees-with-benson",
                 "the life-and-death search never captures a chain Benson calls alive, and always captures stones it proves dead, whoever moves first",
                 {"ru-go-1985.art4.p1.note3", "ru-go-1985.art4.p1.note4", "ing-1996.life-and-death.no-special-rules"},
                 is_go,
                 [](const Spec& spec, const Ruleset& rs) {
                   const go::Rules rules = go_rules(spec, rs);
                   return rc::detail::toProperty([rules] {
                     // Eight games per run: few random games leave anything Benson can decide.
                     const auto first = *gen_game(3, 5);
                     int checked = 0;
                     for (std::uint64_t k = 0; k < 8; ++k) {
                       RandomGame game = first;
                       game.seed = first.seed + k * 0x9E3779B97F4A7C15ULL;
                       const go::Game g = play_out(game, rules, [](const go::Game&, int) {});
                       const go::Board& b = g.board();
                       const bool suicide_legal = rules.suicide != go::SuicideRule::Forbidden;
                       go::MoveRules move_rules;
                       move_rules.suicide = rules.suicide;
                       go::FightOptions options;
                       options.max_nodes = 10'000;
                       for (const go::Stone owner : {go::Stone::Black, go::Stone::White}) {
                         const go::Stone attacker = go::opponent(owner);
                         const auto alive = go::unconditionally_alive(b, owner, suicide_legal);
                         if (!alive.empty()) {
                           const auto region = go::fight_region(b, alive.front());
                           const auto r = go::capture_fight(b, alive.front(), attacker, move_rules, region, options);
                           rules_require(r.result != go::FightResult::Captured, "the search captures the chain at " + b.to_gtp(alive.front()) +
                                                                                   ", which has two true eyes (1985 Codex Art. 4 §1 note 3)");
                           checked += r.result == go::FightResult::Survives;
                         }
                         const auto dead = go::unconditionally_dead(b, owner, suicide_legal);
                         if (!dead.empty()) {
                           const auto region = go::fight_region(b, dead.front());
                           const auto r = go::capture_fight(b, dead.front(), owner, move_rules, region, options);
                           rules_require(r.result != go::FightResult::Survives, "the search lets the chain at " + b.to_gtp(dead.front()) +
                                                                                   " live, which is proven dead (1985 Codex Art. 4 §1 note 4)");
                           checked += r.result == go::FightResult::Captured;
                         }
                       }
                     }
                     RC_TAG(checked > 0 ? "decided by both" : "nothing to compare");
                   });
                 }});
  out.push_back({"go.board.own-territory-move",
                 "a move inside one's own territory changes nothing under area counting (the play-out is safe) but costs a point of territory",
                 {"ing-1996.end.play-out-safe", "ing-1996.summary.area-scoring", "ru-go-1985.art10.p1"},
                 codex_is("ing-1996"),
                 [](const Spec& spec, const Ruleset& rs) {
                   const go::Rules rules = go_rules(spec, rs);
                   return rc::detail::toProperty([rules] {
                     const int size = *rc::gen::element(5, 7, 9);
                     RandomGame game{size, size, *rc::gen::inRange<std::uint64_t>(1, UINT64_MAX), 4 * size * size};
                     const go::Game g = play_out(game, rules, [](const go::Game&, int) {});
                     const go::Board& b = g.board();
                     int tried = 0;
                     for (const auto& region : go::empty_regions(b)) {
                       if (region.borders_black == region.borders_white || region.points.size() < 3) continue;
                       const go::Stone owner = region.borders_black ? go::Stone::Black : go::Stone::White;
                       for (int p : region.points) {
                         const auto m = b.preview(p, owner);
                         if (m.captured || m.self_captured) continue;
                         go::Board after = b;
                         after.play(p, owner, rules.board_rules());
                         ++tried;
                         const auto before_area = go::area_count(b), after_area = go::area_count(after);
                         rules_require(after_area.black() == before_area.black() && after_area.white() == before_area.white(),
                                       "a move at " + b.to_gtp(p) + " inside its own territory changes the area count (Black " +
                                           Value::number(before_area.black()).dump() + " -> " + Value::number(after_area.black()).dump() + "), where "
                                           "Ing's play-out costs nothing (line 99)");
                         const auto t0 = go::territory_count(b), t1 = go::territory_count(after);
                         const int own0 = owner == go::Stone::Black ? t0.black_territory : t0.white_territory;
                         const int own1 = owner == go::Stone::Black ? t1.black_territory : t1.white_territory;
                         if (t0.seki_stones.empty() && t1.seki_stones.empty())
                           rules_require(own1 == own0 - 1, "a move at " + b.to_gtp(p) + " inside its own territory leaves " + std::to_string(own1) +
                                                               " points of territory of " + std::to_string(own0) + ", not one fewer (1985 Codex Art. 10 §1)");
                       }
                     }
                     RC_TAG(tried > 0 ? "own-territory moves" : "none");
                   });
                 }});
}

}  // namespace rulespec
