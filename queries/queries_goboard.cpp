// Go queries on a board: legal_moves, play, score (the oracle contract of DESIGN.md). A position
// is a size, a setup, the side to move and a list of moves (or an SGF record), replayed under the
// ruleset's rules so that ko, hot stones, superko and passes see the whole history.
#include <algorithm>
#include <cmath>
#include <cctype>
#include <optional>

#include "queries/decision_tables.hpp"
#include "queries/go_answers.hpp"
#include "queries/query.hpp"
#include "queries/switches.hpp"
#include "model/go/administration.hpp"
#include "model/go/fill_in_board.hpp"
#include "model/go/history.hpp"
#include "model/common/search_budget.hpp"
#include "model/go/life.hpp"
#include "model/go/scoring.hpp"
#include "model/go/sgf.hpp"
#include "model/go/territory.hpp"

namespace rulespec {
namespace {

bool is_ing(const Ruleset& rs) { return rs.codex == "ing-1996"; }

}  // namespace

// The rules a Go ruleset executes: its params, then the readings that change move legality.
go::Rules go_rules(const Spec&, const Ruleset& rs) {
  go::Rules r = is_ing(rs) ? go::Rules::ing_1996() : go::Rules::ru_go_1985();
  r.name = rs.id;
  if (rs.has_param("suicide"))
    r.suicide = rs.choice<go::SuicideRule>("suicide", {{"forbidden", go::SuicideRule::Forbidden},
                                                       {"multi-stone-only", go::SuicideRule::MultiStoneOnly},
                                                       {"allowed", go::SuicideRule::Allowed}});
  if (rs.has_param("ko"))
    r.repetition = rs.choice<go::Repetition>("ko", {{"simple", go::Repetition::SimpleKo},
                                                    {"ing-hot-stone", go::Repetition::HotStones},
                                                    {"positional-superko", go::Repetition::PositionalSuperko},
                                                    {"situational-superko", go::Repetition::SituationalSuperko}});
  if (rs.has_param("komi")) r.komi = rs.number_param("komi");
  if (rs.has_param("scoring"))
    r.scoring = rs.choice<go::Scoring>("scoring", {{"area", go::Scoring::Area}, {"territory", go::Scoring::Territory}});
  if (is_ing(rs) && rs.has_param("end_passes")) {
    const int passes = static_cast<int>(rs.int_param("end_passes"));
    r.end_passes = passes;
    r.stop_passes = std::min(2, passes);
  }
  if (!is_ing(rs)) {
    r.stop_passes = codex1985_main_part_passes(rs);  // these passes end the main part; the game ends by agreement
    r.end_passes = 0;
  }
  if (rs.has_param("handicap_placement")) r.free_handicap = rs.choice<bool>("handicap_placement", {{"free", true}, {"fixed", false}});

  // Readings of one codex read as absent under the other's rulesets.
  r.single_stone_suicide = rs.reading_choice<go::SingleStoneSuicide>(
      "ing-1996.suicide.single-stone",
      {{"pass-equivalent", go::SingleStoneSuicide::Pass},
       {"pass-equivalent-board-move", go::SingleStoneSuicide::NoOpBoardMove},
       {"prohibited", go::SingleStoneSuicide::Illegal}},
      r.single_stone_suicide);
  enum class NoRepetition { KoSection, Situational, Immediate, Off };
  // Without line 79 no position may not be repeated: a whole-board ban (the superko of an
  // engine-named ruleset, or a literal reading) is gone, and the ko section alone remains.
  const bool no_repetition = !is_ing(rs) || clause_applies(rs, "ing-1996.move.no-repetition");
  if (!no_repetition && (r.repetition == go::Repetition::PositionalSuperko || r.repetition == go::Repetition::SituationalSuperko))
    r.repetition = go::Repetition::None;
  switch (!no_repetition ? NoRepetition::Off
                         : rs.reading_choice<NoRepetition>("ing-1996.move.no-repetition",
                                                           {{"ko-section", NoRepetition::KoSection},
                                                            {"situational-superko", NoRepetition::Situational},
                                                            {"immediate-only", NoRepetition::Immediate}},
                                                           NoRepetition::KoSection)) {
    case NoRepetition::Situational:
      r.repetition = go::Repetition::SituationalSuperko;
      r.superko_covers_passes = true;  // "a position" includes the side to move, and a pass is a move
      break;
    case NoRepetition::Immediate: r.repetition = go::Repetition::ImmediatePosition; break;
    case NoRepetition::KoSection:
    case NoRepetition::Off: break;
  }
  r.play_out_ends_on_passes = rs.reading_choice<bool>(
      "ing-1996.end.after-play-out-passes", {{"two-passes-end", true}, {"restart-stop-procedure", false}}, r.play_out_ends_on_passes);
  r.double_hot_stones = rs.reading_choice<go::DoubleHotStones>(
      "ing-1996.ko.double-hot-stone",
      {{"double-ko", go::DoubleHotStones::DoubleKo}, {"any-two-stone-retake", go::DoubleHotStones::AnyTwoStoneRetake}},
      go::DoubleHotStones::DoubleKo);
  r.twin_hot_stones_persist = rs.reading_choice<bool>(
      "ing-1996.ko.twin-hot-stones", {{"persist-through-ko-captures", true}, {"cool-after-any-other-move", false}}, true);
  r.disturbing_once_in_total = rs.reading_choice<bool>(
      "ing-1996.ko.disturbing-cycle-count", {{"per-player", false}, {"once-in-total", true}}, false);
  r.ko_protects_capturing_chain = rs.reading_choice<bool>(
      "ru-go-1985.art4.p2", {{"single-stone-recapture", false}, {"literal-any-capture", true}}, r.ko_protects_capturing_chain);

  // Without a clause (removed by an amendment, or off in a decisive check) its rule is gone. The
  // switches of a codex are asked under its own rulesets only: they hold for every ruleset by clause id.
  if (!is_ing(rs)) {
    if (!clause_applies(rs, "ru-go-1985.art4.p1")) r.suicide = go::SuicideRule::Allowed;
    if (!clause_applies(rs, "ru-go-1985.art4.p2")) r.repetition = go::Repetition::None;
    // Without Art. 5 §3 a turn is a stone placed (§1; Art. 3 §1); without the finishing stage of
    // Art. 11 §2 nothing is played once the main part is over.
    r.pass_allowed = clause_applies(rs, "ru-go-1985.art5.p3");
    r.finishing_moves = clause_applies(rs, "ru-go-1985.art11.p2.finishing");
  } else {
    // Without line 80's last sentence every chain left without liberties goes at once, the
    // mover's own with those it captures; without line 89's first or second sentence single ko
    // stones, or a double ko's pair, never turn hot.
    r.mover_captures_first = clause_applies(rs, "ing-1996.capture.mover-first");
    r.single_ko_stones_turn_hot = clause_applies(rs, "ing-1996.ko.single-hot-stone");
    r.double_ko_stones_turn_hot = clause_applies(rs, "ing-1996.ko.double-hot-stone");
    r.hot_stone_ban = clause_applies(rs, "ing-1996.ko.hot-stone-capture");
    r.disturbing_ko_ban = clause_applies(rs, "ing-1996.ko.disturbing-once");
    if (!clause_applies(rs, "ing-1996.ko.twin-hot-stones")) r.twin_hot_stones_persist = false;
    // Without line 82 a lone stone's suicide is an ordinary suicide, legal as a group's is.
    if (r.suicide == go::SuicideRule::MultiStoneOnly && !clause_applies(rs, "ing-1996.suicide.single-stone"))
      r.suicide = go::SuicideRule::Allowed;
    // Without line 99's stop after two passes, passes run on to the end; without line 100 they
    // never end the game; without the play-out rule a play-out does not end on passes.
    if (!clause_applies(rs, "ing-1996.end.stop-two-passes")) r.stop_passes = r.end_passes;
    if (!clause_applies(rs, "ing-1996.end.four-passes")) r.end_passes = kNeverEnds;
    if (!clause_applies(rs, "ing-1996.end.after-play-out-passes")) r.play_out_ends_on_passes = false;
  }
  return r;
}

int codex1985_main_part_passes(const Ruleset& rs) {
  // The passes of Art. 11 §2 (the param its reading sets: 2, or 3 under the EGF note). Without
  // the EGF note its ruleset takes §2's two; without §2 (and no EGF note in force) passes end
  // nothing.
  const bool egf = rs.reading("ru-go-1985.art11.p2") == "egf-three-passes";
  int passes = rs.has_param("end_passes") ? static_cast<int>(rs.int_param("end_passes")) : 2;
  if (egf && !clause_applies(rs, "ru-go-1985.art11.p2.note1-egf")) return clause_applies(rs, "ru-go-1985.art11.p2") ? 2 : kNeverEnds;
  if (!egf && !clause_applies(rs, "ru-go-1985.art11.p2")) passes = kNeverEnds;
  return passes;
}

namespace {

// The clause that forbids a move: the rule of the ruleset's own source that accounts for the
// reason (an engine's rules page, the Tromp-Taylor rules, a comparison ruleset's definition:
// there the codex's clause, read as the ruleset reads it, would permit the move), else the
// codex's clause.
std::string clause_for(const Ruleset& rs, go::Illegal why) {
  if (const SourceRule* own = rs.rule_forbidding(go::to_string(why))) return own->id;
  const bool ing = is_ing(rs);
  switch (why) {
    case go::Illegal::Occupied: return ing ? "ing-1996.move.board-move" : "ru-go-1985.art3.p1";
    case go::Illegal::Suicide: return ing ? "ing-1996.suicide.group" : "ru-go-1985.art4.p1";
    case go::Illegal::SingleStoneSuicide: return "ing-1996.suicide.single-stone";
    case go::Illegal::Ko: return ing ? "ing-1996.move.no-repetition" : "ru-go-1985.art4.p2";
    case go::Illegal::Superko: return ing ? "ing-1996.move.no-repetition" : "ru-go-1985.art4.p2";
    case go::Illegal::HotStone: return "ing-1996.ko.hot-stone-capture";
    case go::Illegal::DisturbingKo: return "ing-1996.ko.disturbing-once";
    case go::Illegal::GameOver: return ing ? "ing-1996.end.four-passes" : "ru-go-1985.art11.p3";
    case go::Illegal::PassForbidden: return ing ? "ing-1996.move.types" : "ru-go-1985.art5.p1";
    case go::Illegal::OffBoard:
    case go::Illegal::None: break;
  }
  return "";
}

int parse_point(const go::Board& b, const Value& v, std::string_view what) {
  const std::string& text = v.as_string(what);
  const auto p = b.parse_gtp(text);
  if (!p)
    throw InputError(v.pos(), std::string(what) + ": '" + excerpt(text) + "' is not a point of a " +
                                  std::to_string(b.width()) + "x" + std::to_string(b.height()) +
                                  " board (GTP: column A-Z without I, row from 1)");
  return *p;
}

int parse_move(const go::Board& b, const Value& v) {
  std::string text = v.as_string("move");
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  return text == "pass" ? go::kPass : parse_point(b, v, "move");
}

std::string move_name(const go::Board& b, int p) { return p == go::kPass ? "pass" : b.to_gtp(p); }

go::Stone colour_field(const Value& v) {
  return one_of(v, {"B", "W"}, "to_play") == "B" ? go::Stone::Black : go::Stone::White;
}

struct Position {
  go::Game game;
  int handicap_stones = 0;
  go::Board start;              // the set-up board, before any move
  go::Stone first = go::Stone::Black;
};

void play_all(go::Game& g, const std::vector<std::pair<int, SourcePos>>& moves, const Ruleset& rs) {
  for (size_t i = 0; i < moves.size(); ++i) {
    const auto [p, pos] = moves[i];
    const go::Illegal why = g.check(p);
    if (why != go::Illegal::None)
      throw QueryError("illegal-move", "move " + std::to_string(i + 1) + " (" + std::string(go::colour_name(g.to_play())) + " " +
                                           move_name(g.board(), p) + ") is illegal: " + go::to_string(why) + " (" +
                                           clause_for(rs, why) + ")",
                       pos);
    g.play(p);
  }
}

Position sgf_position(QueryRequest& q, const Value& sgf) {
  const Ruleset& rs = *q.ruleset;
  const auto parsed = go::parse_sgf(sgf.as_string("sgf"));
  if (!parsed.game)
    throw InputError(sgf.pos(), "sgf:" + std::to_string(parsed.error.line) + ":" + std::to_string(parsed.error.column) +
                                    ": " + parsed.error.message + " at '" + excerpt(parsed.error.token) + "'");
  const go::SgfGame& s = *parsed.game;
  go::Board b(s.width, s.height);
  b.set_all(s.setup);
  if (const auto problems = b.problems(); !problems.empty()) throw QueryError("bad-position", problems.front(), sgf.pos());
  go::Stone first = s.to_play ? *s.to_play : s.moves.empty() ? go::Stone::Black : s.moves.front().first;
  Position out{go::Game(b, first, go_rules(q.spec, rs)), s.handicap, b, first};
  // SGF records a colour per move; ours alternate, so an out-of-turn move is an error.
  go::Stone expected = first;
  for (size_t i = 0; i < s.moves.size(); ++i) {
    if (s.moves[i].first != expected)
      throw QueryError("out-of-turn", "sgf move " + std::to_string(i + 1) + " is by " + go::colour_name(s.moves[i].first) +
                                          ", but " + go::colour_name(expected) + " is to play",
                       sgf.pos());
    expected = go::opponent(expected);
  }
  std::vector<std::pair<int, SourcePos>> moves;
  for (const auto& m : s.moves) moves.push_back({m.second, sgf.pos()});
  play_all(out.game, moves, rs);
  return out;
}

Position read_position(QueryRequest& q) {
  auto& f = q.fields;
  const Ruleset& rs = *q.ruleset;
  if (const Value* sgf = f.optional("sgf")) {
    for (const char* other : {"size", "rows", "setup", "moves", "to_play", "handicap"})
      if (const Value* v = f.node().find(other)) throw InputError(v->pos(), std::string(other) + ": not allowed together with 'sgf'");
    Position p = sgf_position(q, *sgf);
    p.game.set_life_and_death_settled(optional_bool_field(f, "settled", false));
    return p;
  }
  int width = 19, height = 19;
  const Value* rows = f.optional("rows");
  if (rows) {
    const auto& list = rows->as_list("rows");
    if (list.empty() || list.size() > static_cast<size_t>(go::kMaxBoardSize))
      throw InputError(rows->pos(), "rows: expected 1 to 25 rows, top row first");
    height = static_cast<int>(list.size());
    width = static_cast<int>(list.front().as_string("rows").size());
    for (const Value& r : list)
      if (r.as_string("rows").size() != static_cast<size_t>(width) || width < 1 || width > go::kMaxBoardSize)
        throw InputError(r.pos(), "rows: every row must have the same length (1 to 25 points): '" + excerpt(r.as_string()) + "'");
    if (const Value* size = f.node().find("size")) throw InputError(size->pos(), "size: not allowed together with 'rows'");
  }
  if (const Value* size = rows ? nullptr : f.optional("size")) {
    if (size->is_list()) {
      const auto& wh = size->as_list("size");
      if (wh.size() != 2) throw InputError(size->pos(), "size: expected a number or [columns, rows]");
      width = int_item(wh[0], "size", 1, go::kMaxBoardSize);
      height = int_item(wh[1], "size", 1, go::kMaxBoardSize);
    } else {
      width = height = int_item(*size, "size", 1, go::kMaxBoardSize);
    }
  }
  go::Board b(width, height);
  std::vector<std::pair<int, go::Stone>> stones;
  std::vector<char> taken(static_cast<size_t>(b.array_size()), 0);
  if (rows) {
    const auto& list = rows->as_list("rows");
    for (int r = 0; r < height; ++r) {
      const std::string& text = list[static_cast<size_t>(r)].as_string();
      for (int x = 0; x < width; ++x) {
        const char c = text[static_cast<size_t>(x)];
        if (c == '.') continue;
        if (c != 'X' && c != 'O')
          throw InputError(list[static_cast<size_t>(r)].pos(), "rows: '" + std::string(1, c) + "' is not X (black), O (white) or . (empty)");
        const int p = b.point(x, height - 1 - r);
        taken[static_cast<size_t>(p)] = 1;
        stones.push_back({p, c == 'X' ? go::Stone::Black : go::Stone::White});
      }
    }
  }
  if (const Value* setup = f.optional("setup")) {
    Fields s(*setup, "setup");
    for (const auto& [key, colour] : {std::pair{"B", go::Stone::Black}, {"W", go::Stone::White}}) {
      const Value* list = s.optional(key);
      if (!list) continue;
      for (const Value& v : list->as_list(key)) {
        const int p = parse_point(b, v, std::string("setup.") + key);
        if (taken[static_cast<size_t>(p)]) throw InputError(v.pos(), "setup: " + b.to_gtp(p) + " is given twice");
        taken[static_cast<size_t>(p)] = 1;
        stones.push_back({p, colour});
      }
    }
    s.done();
  }
  int handicap = 0;
  go::Stone to_play = go::Stone::Black;
  if (const Value* h = f.optional("handicap")) {
    handicap = int_item(*h, "handicap", 2, 9);
    if (go_rules(q.spec, rs).free_handicap)
      throw QueryError("free-handicap", "ruleset " + rs.id + " places handicap stones freely: give them in 'moves' "
                                        "(Black plays them while White passes) or in 'setup'", h->pos());
    // Without Art. 8 §3's second sentence the Codex prescribes no points for handicap stones.
    if (!is_ing(rs) && !clause_applies(rs, "ru-go-1985.art8.p3.placement"))
      throw QueryError("no-handicap-table", "ruleset " + rs.id + " prescribes no points for handicap stones: give them in 'setup'",
                       h->pos());
    if (width != 19 || height != 19)
      throw QueryError("no-handicap-table", "the fixed handicap points are given for 19x19 only", h->pos());
    for (const auto& name : go::codex1985_handicap_points(handicap)) {
      const int p = *b.parse_gtp(name);
      if (taken[static_cast<size_t>(p)]) throw InputError(h->pos(), "handicap: " + name + " is already set up");
      stones.push_back({p, go::Stone::Black});
    }
    // Placing the handicap stones is Black's first move (Art. 8 §4); without that sentence it is
    // no move, and Black, who starts (Art. 5 §1), moves first.
    if (is_ing(rs) || clause_applies(rs, "ru-go-1985.art8.p4")) to_play = go::Stone::White;
  }
  b.set_all(stones);
  if (const auto problems = b.problems(); !problems.empty()) {
    std::string all;
    for (const auto& p : problems) all += (all.empty() ? "" : "; ") + p;
    const Value* where = f.node().find("setup") ? f.node().find("setup") : rows;
    throw QueryError("bad-position", all, where ? where->pos() : SourcePos{});
  }
  if (const Value* tp = f.optional("to_play")) to_play = colour_field(*tp);
  Position out{go::Game(b, to_play, go_rules(q.spec, rs)), handicap, b, to_play};
  out.game.set_life_and_death_settled(optional_bool_field(f, "settled", false));
  std::vector<std::pair<int, SourcePos>> moves;
  if (const Value* list = f.optional("moves"))
    for (const Value& v : list->as_list("moves")) moves.push_back({parse_move(b, v), v.pos()});
  play_all(out.game, moves, rs);
  return out;
}

Value point_list(const go::Board& b, const std::vector<int>& points) {
  std::vector<int> sorted = points;
  std::sort(sorted.begin(), sorted.end());
  Value out = Value::list();
  for (int p : sorted) out.push(Value::string(b.to_gtp(p)));
  return out;
}

Value rows_of(const go::Board& b) {
  Value rows = Value::list();
  std::string d = b.diagram();
  for (size_t start = 0; start < d.size();) {
    const size_t end = d.find('\n', start);
    rows.push(Value::string(d.substr(start, end - start)));
    start = end + 1;
  }
  return rows;
}

// The phase names of the game-end query: under the 1985 Codex the passes end the main part and
// the finishing stage goes on with ordinary moves (Art. 11 §2); under Ing they stop play.
std::string phase_of(const go::Game& g) {
  if (g.over()) return "over";
  if (g.rules().end_passes == 0) return g.stopped() || g.played_out() ? "main-part-over" : "playing";
  return g.stopped() ? "stopped" : "playing";
}

Value legal_moves_query(QueryRequest& q) {
  Position pos = read_position(q);
  const go::Game& g = pos.game;
  Value moves = point_list(g.board(), g.legal_moves());
  if (g.pass_legal()) moves.push(Value::string("pass"));
  Value out = Value::map();
  out.set("moves", moves);
  return out;
}

Value play_query(QueryRequest& q) {
  Position pos = read_position(q);
  go::Game& g = pos.game;
  const Value& mv = q.fields.required("move");
  const int p = parse_move(g.board(), mv);
  const go::Stone mover = g.to_play();
  Value out = Value::map();
  const go::Illegal why = g.check(p);
  if (why != go::Illegal::None) {
    out.set("legal", Value::boolean(false));
    out.set("reason", Value::string(go::to_string(why)));
    out.set("clause", Value::string(clause_for(*q.ruleset, why)));
    return out;
  }
  const auto result = g.play(p);
  out.set("legal", Value::boolean(true));
  std::vector<int> captured, self;
  if (!result.board_unchanged) {
    const auto& removed = g.board().last_removed();
    captured.assign(removed.begin(), removed.begin() + result.captured);
    self.assign(removed.begin() + result.captured, removed.end());
  }
  out.set("captured", point_list(g.board(), captured));
  if (!self.empty()) out.set("self_captured", point_list(g.board(), self));
  if (p != go::kPass && result.board_unchanged) out.set("counted_as_pass", Value::boolean(result.counted_as_pass));
  out.set("to_play", Value::string(go::opponent(mover) == go::Stone::Black ? "B" : "W"));
  out.set("consecutive_passes", Value::integer(g.consecutive_passes()));
  out.set("phase", Value::string(phase_of(g)));
  if (g.rules().repetition == go::Repetition::HotStones) out.set("hot_stones", point_list(g.board(), g.hot_stones()));
  out.set("board", rows_of(g.board()));
  return out;
}

// The answer without some of its keys (what an unfinished count must not claim).
Value without_keys(const Value& v, std::initializer_list<std::string_view> keys) {
  Value out = Value::map();
  for (const auto& e : v.as_map())
    if (std::find(keys.begin(), keys.end(), e.key) == keys.end()) out.set(e.key, e.value);
  return out;
}

Value score_query(QueryRequest& q) {
  const Ruleset& rs = *q.ruleset;
  Position pos = read_position(q);
  const go::Game& g = pos.game;
  go::Board b = g.board();
  int dead_black = 0, dead_white = 0;
  std::vector<int> dead;
  const Value* claimed = q.fields.optional("dead");
  describe_field(q.fields, "dead", "list or string", "the dead stones' points, or \"benson\" (proven by the model)", "", true);
  // `dead: benson` asks the model to prove the dead stones instead of naming them: the stones
  // inside small regions sealed by unconditionally alive opponent chains.
  const bool proven = claimed && claimed->is_string();
  if (proven && claimed->as_string() != "benson")
    throw QueryError("bad-request", "dead: expected a list of points or 'benson', got '" + claimed->as_string() + "'",
                     claimed->pos());
  // Ing: after the fourth pass the game is over; whether a claim of dead stones can still be
  // made is the open question of line 211, decided by the ruleset's reading.
  // Stones proven dead are removed like claimed ones, so the same question applies to them.
  if (claimed && is_ing(rs) && g.over() && (proven || !claimed->as_list("dead").empty()) &&
      reading_choice<bool>(q, "ing-1996.end.claims-after-fourth-pass",
                           {{"final-position-stands", true}, {"claim-reopens-play-out", false}, {"status-by-hypothetical-play-out", false}},
                           false))
    throw QueryError("claim-after-end", "the game ended with four passes: a claim that stones are dead comes too late, "
                                        "they count as alive (ing-1996.end.claims-after-fourth-pass)", claimed->pos());
  std::vector<int> named;
  if (proven) {
    const bool suicide_legal = go_rules(q.spec, rs).suicide != go::SuicideRule::Forbidden;
    for (go::Stone c : {go::Stone::Black, go::Stone::White})
      for (int p : go::unconditionally_dead(b, c, suicide_legal)) named.push_back(p);
  } else if (claimed) {
    for (const Value& v : claimed->as_list("dead")) {
      const int p = parse_point(b, v, "dead");
      if (b.at(p) == go::Stone::Empty) throw QueryError("not-a-stone", "dead: " + b.to_gtp(p) + " is empty", v.pos());
      named.push_back(p);
    }
  }
  // Naming one stone of a chain names the chain.
  for (int p : named)
    for (int s : b.chain_stones(p))
      if (std::find(dead.begin(), dead.end(), s) == dead.end()) {
        dead.push_back(s);
        (b.at(s) == go::Stone::Black ? dead_black : dead_white) += 1;
      }
  std::sort(dead.begin(), dead.end());
  const Value dead_list = point_list(b, dead);
  // Without Ing's line 108 the dead stones are counted where they stand.
  if (!is_ing(rs) || clause_applies(rs, "ing-1996.counting.remove-dead")) b.remove(dead);
  // Which chains live in seki is a judgment, given like the dead stones; one stone names its chain.
  // Area counting (Ing) does not depend on it.
  std::vector<int> declared_seki;
  describe_field(q.fields, "seki", "list", "points of the chains in seki (an empty list: none; absent: those the board proves)", "", true);
  if (const Value* list = q.fields.optional("seki"))
    for (const Value& v : list->as_list("seki")) {
      const int p = parse_point(b, v, "seki");
      if (b.at(p) == go::Stone::Empty) throw QueryError("not-a-stone", "seki: " + b.to_gtp(p) + " is empty or dead", v.pos());
      declared_seki.push_back(p);
    }
  Value out = Value::map();
  out.set("phase", Value::string(phase_of(g)));
  if (proven) out.set("dead", dead_list);
  // Finished for the count: every empty point is one colour's or in seki (named, or proven by the
  // board). A point both colours border outside seki is still to be filled (Ing line 96; 1985
  // Art. 11 §2, the finishing stage), and a dead stone not named dead leaves such points too.
  // Under Ing, once passes have stopped play, points left open count as seki (line 168); a game
  // the record has ended is counted as it stands. An unfinished position gets its counts but no
  // winner, unless the request asks to count it as it is.
  const bool count_as_is = optional_bool_field(q.fields, "count_as_is", false);
  std::vector<int> seki_chains = declared_seki;
  if (!q.fields.optional("seki")) seki_chains = go::territory_count(b, {}, true, true).seki_stones;
  const auto open = go::unfilled_neutral_points(b, seki_chains);
  const std::string phase = phase_of(g);
  // The engines' area scoring (param shared_points: nobody) scores any board as it stands: a point
  // both colours reach is nobody's, not one still to fill.
  const bool as_it_stands = is_ing(rs) && rs.is("shared_points", "nobody");
  const bool finished = open.empty() || g.over() || (is_ing(rs) && phase == "stopped") || as_it_stands;
  const bool names_winner = finished || count_as_is;
  out.set("finished", Value::boolean(finished));
  if (!finished) {
    out.set("open", point_list(b, open));
    out.set("unfinished", Value::string(std::to_string(open.size()) + " points both colours border are still open (" +
                                        (is_ing(rs) ? "ing-1996.end.neutral-points" : "ru-go-1985.art11.p2.finishing") +
                                        (count_as_is ? "): counted as the board stands, as asked" :
                                                       "): the counts are the board as it stands and name no winner; "
                                                       "\"count_as_is\": true names one")));
  }
  const auto area = go::area_count(b);
  Value a = Value::map();
  // Without Ing's line 71 sentence on joint territory, the points both colours surround are
  // nobody's: each side's area is its stones and the points it alone surrounds.
  const bool shared_split = !is_ing(rs) || (clause_applies(rs, "ing-1996.seki.equal-share") && !as_it_stands);
  a.set("black", Value::number(shared_split ? area.black() : area.black_stones + area.black_territory));
  a.set("white", Value::number(shared_split ? area.white() : area.white_stones + area.white_territory));
  a.set("shared", Value::integer(area.shared));
  // Only a request that names the seki chains (possibly none) can tell seki points from neutral
  // points still open.
  if (q.fields.optional("seki")) a.set("unfilled_neutral", point_list(b, go::unfilled_neutral_points(b, declared_seki)));
  out.set("area", a);
  const int black_penalty = optional_int_field(q.fields, "black_penalty", 0, 0, 400);
  const int white_penalty = optional_int_field(q.fields, "white_penalty", 0, 0, 400);
  if (is_ing(rs)) {
    const double komi = clause_applies(rs, "ing-1996.komi.even-game") ? rs.number_param("komi") : 0.0;
    const int handicap = optional_int_field(q.fields, "handicap_stones", pos.handicap_stones, 0, 361);
    auto counts = go::final_counts(b, komi, black_penalty, white_penalty, aga_compensated_stones(rs, handicap));
    if (as_it_stands) counts.seki_points = 0;  // nobody's: neither total has them
    Value fill = fill_in_answer(q.spec, rs, counts, handicap);
    // The same procedure with the stones laid on the board (lines 108-115).
    const auto laid = go::ing_fill_in(counts);
    if (laid.status == go::FillInStatus::Done) fill.set("board", rows_of(go::lay_fill_in(b, laid).board));
    if (!names_winner) fill = without_keys(fill, {"winner", "on_board", "margin", "direct_margin", "board", "winning_points", "losing_stones"});
    out.set("fill_in", fill);
    return out;
  }
  // Without Art. 10 §1 note 2 the points a seki group alone surrounds are its territory (§1).
  // A request that names the seki chains (possibly none) is taken at its word; one that does not
  // gets the seki the board proves (shared liberties neither side can approach), dame otherwise.
  const auto t = go::territory_count(b, declared_seki, clause_applies(rs, "ru-go-1985.art10.p1.note2"), !q.fields.optional("seki"));
  const int size = std::max(b.width(), b.height());
  const bool handicap_game = optional_bool_field(q.fields, "handicap_game", pos.handicap_stones > 0);
  const double komi = codex1985_komi(rs, b.width() == b.height() ? size : 0, handicap_game);
  const bool conditional = reading_flag(q, "ru-go-1985.art12.p3", "conditional-half-point", "arithmetic-komi", true);
  if (go_rules(q.spec, rs).scoring == go::Scoring::Area) {
    // Area scoring (param scoring: area, not the text's Art. 12 §2): stones on the board plus the
    // points they alone surround; a point both colours border is neutral. Prisoners count nothing, so the komi Art. 7 §2
    // hands over as five prisoner stones would be lost: it is counted as points added to White's
    // area instead, its half point still conditional under Art. 12 §3 (the answer says so). Penalty
    // prisoners (Art. 20) are points to the other side likewise.
    const double whole = std::floor(komi), fraction = komi - whole;
    double black_total = area.black_stones + area.black_territory + white_penalty;
    double white_total = area.white_stones + area.white_territory + black_penalty + whole;
    if (!conditional || black_total == white_total) white_total += fraction;
    Value sv = Value::map();
    sv.set("black_total", Value::number(black_total));
    sv.set("white_total", Value::number(white_total));
    sv.set("komi_points", Value::number(komi));
    sv.set("komi_as", Value::string("points added to White's area: under area scoring prisoners count nothing, so the five prisoner "
                                    "stones of Art. 7 §2 are counted as five points"));
    if (names_winner) {
      sv.set("winner", Value::string(black_total > white_total ? "B" : black_total < white_total ? "W" : "tie"));
      if (codex1985_margin_recorded(rs, handicap_game, std::fabs(black_total - white_total)))
        sv.set("margin", Value::number(std::fabs(black_total - white_total)));
    }
    out.set("area_score", sv);
    return out;
  }
  // Without Art. 11 §3 the dead stones are removed but become nobody's prisoners; without Art. 12
  // §2 a) or b) territory or prisoners count nothing (the five komi stones are prisoners).
  const bool dead_are_prisoners = clause_applies(rs, "ru-go-1985.art11.p3");
  const int black_prisoners = g.captures_by(go::Stone::Black) + (dead_are_prisoners ? dead_white : 0) + white_penalty;
  const int white_prisoners = g.captures_by(go::Stone::White) + (dead_are_prisoners ? dead_black : 0) + black_penalty;
  const auto s = codex1985_totals(rs, t.black_territory, black_prisoners, t.white_territory, white_prisoners, komi, conditional);
  Value tv = Value::map();
  tv.set("black_territory", Value::integer(t.black_territory));
  tv.set("white_territory", Value::integer(t.white_territory));
  tv.set("black_prisoners", Value::integer(black_prisoners));
  tv.set("white_prisoners", Value::integer(white_prisoners));
  tv.set("neutral", Value::integer(t.neutral));
  tv.set("seki_stones", point_list(b, t.seki_stones));
  tv.set("black_total", Value::number(s.black_total));
  tv.set("white_total", Value::number(s.white_total));
  if (names_winner) {
    tv.set("winner", Value::string(s.winner > 0 ? "B" : s.winner < 0 ? "W" : "tie"));
    if (codex1985_margin_recorded(rs, handicap_game, s.margin)) tv.set("margin", Value::number(s.margin));
  }
  out.set("territory", tv);
  return out;
}

// The position as an SGF record: the set-up stones, then the moves played.
Value sgf_query(QueryRequest& q) {
  const Ruleset& rs = *q.ruleset;
  Position pos = read_position(q);
  go::SgfGame s;
  s.width = pos.start.width();
  s.height = pos.start.height();
  s.komi = is_ing(rs) ? rs.number_param("komi") : codex1985_komi(rs, s.width == s.height ? s.width : 0, pos.handicap_stones > 0);
  s.rules = rs.id;
  s.handicap = pos.handicap_stones;
  for (int p : pos.start.all_points())
    if (pos.start.at(p) != go::Stone::Empty) s.setup.push_back({p, pos.start.at(p)});
  if (pos.first == go::Stone::White || pos.game.record().empty()) s.to_play = pos.first;
  for (const auto& m : pos.game.record()) s.moves.push_back({m.colour, m.point});
  Value out = Value::map();
  out.set("sgf", Value::string(go::write_sgf(s)));
  return out;
}

// Errors found after the fact, corrected on the board (Ing "ko errors"; 1985 Art. 14 §4-5 and
// Ch. II Art. 6 §7): the record as it was played, the first irregular move found by replaying it,
// and the position and player to move that the codex's remedy gives.
Value board_error_ko(QueryRequest& q, Position& pos, const Value& record) {
  const Ruleset& rs = *q.ruleset;
  go::Game& g = pos.game;
  // Read whether or not the record turns out irregular: the same request is valid either way.
  const bool intentional = !is_ing(rs) && optional_bool_field(q.fields, "intentional", false);
  std::optional<go::Game> before;  // the game just before the first irregular move
  int irregular_index = 0;
  go::Illegal reason = go::Illegal::None;
  int point = go::kPass;
  size_t i = 0;
  for (const Value& v : record.as_list("record")) {
    ++i;
    const int p = parse_move(g.board(), v);
    go::Game snapshot = g;
    const auto r = g.play_irregular(p);
    if (r.illegal != go::Illegal::None)
      throw QueryError("illegal-move", "record move " + std::to_string(i) + " (" + move_name(g.board(), p) + ") is impossible: " +
                                           go::to_string(r.illegal) + " (" + clause_for(rs, r.illegal) + ")", v.pos());
    if (r.irregular != go::Illegal::None && !before) {
      before = std::move(snapshot);
      irregular_index = static_cast<int>(i);
      reason = r.irregular;
      point = p;
    }
  }
  Value out = Value::map();
  if (!before) {
    out.set("irregular", Value::boolean(false));
    return out;
  }
  const int moves_since = static_cast<int>(i) - irregular_index;
  Value bad = Value::map();
  bad.set("move", Value::integer(irregular_index));
  bad.set("point", Value::string(move_name(g.board(), point)));
  bad.set("player", Value::string(before->to_play() == go::Stone::Black ? "B" : "W"));
  bad.set("reason", Value::string(go::to_string(reason)));
  bad.set("clause", Value::string(clause_for(rs, reason)));
  out.set("irregular", bad);
  out.set("moves_since", Value::integer(moves_since));
  const go::Stone offender = before->to_play();
  std::vector<std::string> clauses;
  bool restore = true;
  go::Stone next = offender;
  if (is_ing(rs)) {
    // Any time before the end, and without penalty (line 169; the text sets no time limit).
    // Without its first sentence the text prescribes no correction: a question the rules leave
    // open is the referee's (line 193).
    clauses = {"ing-1996.errors.mistaken-ko-capture", "ing-1996.errors.ko-error-no-penalty"};
    out.set("penalty", Value::integer(0));
    if (!clause_applies(rs, "ing-1996.errors.mistaken-ko-capture")) {
      out.set("remedy", Value::string("judge"));
      Value list = Value::list();
      list.push(Value::string("ing-1996.tournament.referee-duties"));
      out.set("clauses", list);
      return out;
    }
  } else {
    // Without Art. 14 §4 nothing annuls a ko error found later: the game goes on.
    restore = clause_applies(rs, "ru-go-1985.art14.p4") && go::codex1985::ko_error_annulled(moves_since);
    if (restore) {
      // Without §4's sentence on intent the offender moves again in the restored position.
      if (intentional && clause_applies(rs, "ru-go-1985.art14.p4.intent")) next = go::opponent(offender);
      clauses = {"ru-go-1985.art14.p4", "ru-go-1985.art14.p4.intent"};
    } else {
      next = g.to_play();
      clauses = {"ru-go-1985.art14.p4.later"};
    }
  }
  out.set("remedy", Value::string(restore ? (is_ing(rs) ? "restore" : "annul") : "continue"));
  out.set("board", rows_of(restore ? before->board() : g.board()));
  out.set("to_play", Value::string(next == go::Stone::Black ? "B" : "W"));
  Value list = Value::list();
  for (const auto& c : clauses) list.push(Value::string(c));
  out.set("clauses", list);
  return out;
}

// 1985 Art. 14 §5: stones displaced, vanished or superfluous. The remedies in their priority
// order: a) the correct position, when the record establishes it; b) the position found, when it
// is a possible position; c) the position just before the irregularity, when its moment is known.
Value board_error_displaced(QueryRequest& q, Position& pos, const Value& record) {
  const Ruleset& rs = *q.ruleset;
  go::Game& g = pos.game;
  size_t i = 0;
  const auto& moves = record.as_list("record");
  const int moment = optional_int_field(q.fields, "moment", -1, 0, static_cast<int>(moves.size()));
  std::optional<go::Board> at_moment;
  if (moment == 0) at_moment = g.board();
  for (const Value& v : moves) {
    ++i;
    const int p = parse_move(g.board(), v);
    const auto r = g.play(p);
    if (r.illegal != go::Illegal::None)
      throw QueryError("illegal-move", "record move " + std::to_string(i) + " (" + move_name(g.board(), p) + ") is illegal: " +
                                           go::to_string(r.illegal), v.pos());
    if (static_cast<int>(i) == moment) at_moment = g.board();
  }
  const Value& seen = q.fields.required("observed");
  std::vector<std::string> rows;
  for (const Value& r : seen.as_list("observed")) rows.push_back(r.as_string("observed"));
  const auto observed = go::board_from_rows(rows);
  if (!observed || observed->width() != g.board().width() || observed->height() != g.board().height())
    throw InputError(seen.pos(), "observed: expected " + std::to_string(g.board().height()) + " rows of " +
                                     std::to_string(g.board().width()) + " points (X, O, .)");
  const bool complete = optional_bool_field(q.fields, "record_complete", true);
  std::vector<int> missing, superfluous;
  for (int p : g.board().all_points()) {
    const go::Stone want = g.board().at(p), have = observed->at(p);
    if (want == have) continue;
    if (want != go::Stone::Empty) missing.push_back(p);
    if (have != go::Stone::Empty) superfluous.push_back(p);
  }
  Value out = Value::map();
  out.set("missing", point_list(g.board(), missing));
  out.set("superfluous", point_list(g.board(), superfluous));
  std::string remedy, clause;
  const go::Board* board = nullptr;
  if (missing.empty() && superfluous.empty()) {
    remedy = "none";
    clause = "ru-go-1985.art14.p5";
  } else if (complete && clause_applies(rs, "ru-go-1985.art14.p5.a")) {
    // Each remedy in the priority order of §5, a remedy whose item is switched off passed over.
    remedy = "restore-correct";
    clause = "ru-go-1985.art14.p5.a";
    board = &g.board();
  } else if (observed->problems().empty() && clause_applies(rs, "ru-go-1985.art14.p5.b")) {
    remedy = "keep-observed";
    clause = "ru-go-1985.art14.p5.b";
    board = &*observed;
  } else if (at_moment && clause_applies(rs, "ru-go-1985.art14.p5.v")) {
    remedy = "resume-before";
    clause = "ru-go-1985.art14.p5.v";
    board = &*at_moment;
  } else {
    remedy = "judge";  // d) a resignation or e) a loss for both: the judge's decision
    clause = "ru-go-1985.art14.p5";
  }
  out.set("remedy", Value::string(remedy));
  out.set("clause", Value::string(clause));
  if (board) out.set("board", rows_of(*board));
  return out;
}

// Ch. II Art. 6 §7 note b): in team play, a move made out of turn is taken off the board and the
// turn passes to the other team. Without the note the move stands, and the other team moves next
// as after any move.
Value board_error_out_of_turn(const Ruleset& rs, Position& pos, const Value& record) {
  go::Game& g = pos.game;
  const auto& moves = record.as_list("record");
  if (moves.empty()) throw InputError(record.pos(), "record: the move made out of turn is the last one; the record is empty");
  go::Game before = g;
  size_t i = 0;
  for (const Value& v : moves) {
    ++i;
    const int p = parse_move(g.board(), v);
    before = g;
    if (g.play(p).illegal != go::Illegal::None) throw QueryError("illegal-move", "record move " + std::to_string(i) + " is illegal", v.pos());
  }
  Value out = Value::map();
  if (!clause_applies(rs, "ru-go-1985.ch2.art6.p7.note.b")) {
    out.set("remedy", Value::string("none"));
    out.set("board", rows_of(g.board()));
    out.set("to_play", Value::string(g.to_play() == go::Stone::Black ? "B" : "W"));
    out.set("clause", Value::string("ru-go-1985.ch2.art6.p7"));
    return out;
  }
  out.set("remedy", Value::string("take-back"));
  out.set("board", rows_of(before.board()));
  out.set("to_play", Value::string(go::opponent(before.to_play()) == go::Stone::Black ? "B" : "W"));
  out.set("clause", Value::string("ru-go-1985.ch2.art6.p7.note.b"));
  return out;
}

Value board_error_query(QueryRequest& q) {
  const Ruleset& rs = *q.ruleset;
  const std::string kind = one_of(q.fields.required("kind"), {"ko-error", "displaced-stones", "out-of-turn"}, "kind");
  const Value& record = q.fields.required("record");
  if (kind != "ko-error" && is_ing(rs))
    throw QueryError("not-in-codex", "the Ing laws have no rule for " + kind + "; ask a ru-go-1985 ruleset", q.fields.node().pos());
  Position pos = read_position(q);
  if (kind == "ko-error") return board_error_ko(q, pos, record);
  if (kind == "displaced-stones") return board_error_displaced(q, pos, record);
  return board_error_out_of_turn(rs, pos, record);
}

// Life and death by search (model/go/life): the chain at `target`, fought over `region` (default
// the empty areas touching it), once with its owner moving first and once with the attacker first.
struct LifeSearch {
  go::Board board;
  int target = 0;
  go::MoveRules move_rules;
  go::LifeVerdict verdict;
};
LifeSearch search_life(QueryRequest& q, const go::FightOptions& options) {
  const Value& target_value = q.fields.required("target");
  const Value* region_value = q.fields.optional("region");
  Position pos = read_position(q);
  LifeSearch out{pos.game.board()};
  const go::Board& b = out.board;
  out.target = parse_point(b, target_value, "target");
  if (b.at(out.target) == go::Stone::Empty) throw QueryError("not-a-stone", "target: " + b.to_gtp(out.target) + " is empty", target_value.pos());
  std::vector<int> region;
  if (region_value) {
    for (const Value& v : region_value->as_list("region")) region.push_back(parse_point(b, v, "region"));
  } else {
    region = go::fight_region(b, out.target);
  }
  if (region.size() > 16)
    throw QueryError("region-too-large", "the search covers at most 16 points; name the contested ones in region (" +
                                             std::to_string(region.size()) + " given)", q.fields.node().pos());
  const go::Rules rules = go_rules(q.spec, *q.ruleset);
  out.move_rules.suicide = rules.suicide;
  // The fight is searched under simple ko whatever the whole-board rule (a search cannot see the
  // game's history), unless no repetition rule is left at all (the ko article switched off).
  if (rules.repetition == go::Repetition::None) out.move_rules.ko = go::KoRule::None;
  out.verdict = go::life_status(b, out.target, out.move_rules, region, options);
  const auto& v = out.verdict;
  if (v.status == go::LifeStatus::Unknown || v.owner_first == go::FightResult::Unknown || v.attacker_first == go::FightResult::Unknown)
    throw SearchBudgetExhausted("life", static_cast<long>(options.max_nodes), "situations");
  return out;
}

// With `must_start` the first player may not pass ("starting play there", 1985 Art. 9 §1).
Value life_query(QueryRequest& q) {
  const Ruleset& rs = *q.ruleset;
  go::FightOptions options;
  options.first_must_play = optional_bool_field(q.fields, "must_start", false);
  const LifeSearch life = search_life(q, options);
  const auto& v = life.verdict;
  Value out = Value::map();
  out.set("eyes", point_list(life.board, go::eyes(life.board, life.target, life.move_rules)));
  if (options.first_must_play) {
    // Whoever must start: a zugzwang for the owner when starting loses the chain and letting the
    // attacker start saves it.
    out.set("owner_starts", Value::string(go::to_string(v.owner_first)));
    out.set("attacker_starts", Value::string(go::to_string(v.attacker_first)));
    out.set("zugzwang", Value::boolean(v.owner_first == go::FightResult::Captured && v.attacker_first == go::FightResult::Survives));
    return out;
  }
  out.set("status", Value::string(go::to_string(v.status)));
  out.set("owner_first", Value::string(go::to_string(v.owner_first)));
  out.set("attacker_first", Value::string(go::to_string(v.attacker_first)));
  const bool ing = is_ing(rs);
  if (v.status == go::LifeStatus::Alive) out.set("clause", Value::string(ing ? "ing-1996.life-and-death.no-special-rules" : "ru-go-1985.art4.p1.note3"));
  if (v.status == go::LifeStatus::Dead) out.set("clause", Value::string(ing ? "ing-1996.life-and-death.no-special-rules" : "ru-go-1985.art4.p1.note4"));
  return out;
}

// 1985 Art. 11 §2: a dispute over the life or death of the chain at `target` is settled by legal
// play on another board. Who moves first is the decision point ru-go-1985.decisions.test-play-first,
// consulted here: the row that decides it gives the group's fate; with none, the answer gives the
// fate under each choice, and the group is settled only where they agree.
Value test_play_query(QueryRequest& q) {
  const Ruleset& rs = *q.ruleset;
  static const std::string kTable = "ru-go-1985.decisions.test-play-first";
  const DecisionTable* written = find_decision_table(q.spec, rs, kTable);
  if (!written)
    throw QueryError("not-in-codex", "codex " + rs.codex + " settles no dispute by test play (ru-go-1985 Ch. I Art. 11 §2); ask the life query",
                     q.fields.node().pos());
  const LifeSearch life = search_life(q, {});
  const go::Stone owner = life.board.at(life.target);
  const auto fate = [](go::FightResult r) { return std::string(r == go::FightResult::Survives ? "alive" : "dead"); };
  const std::string owner_name = owner == go::Stone::Black ? "black" : "white", opponent_name = owner == go::Stone::Black ? "white" : "black";
  const rules::CompiledTable table = compile_table(q.spec, *written, rs);  // the decision's rows point into it
  const auto d = rules::decide(table, {{"disputed-group", {owner_name, 0}}});
  Value out = Value::map();
  out.set("owner", Value::string(owner_name));
  if (d.verdict == rules::TableVerdict::Decided) {
    const bool owner_first = d.outcome == "owner-first";
    if (!owner_first && d.outcome != "opponent-first")
      throw QueryError("not-computable", kTable + ": the outcome '" + d.outcome + "' is no first player the test play can take",
                       q.fields.node().pos());
    out.set("first", Value::string(owner_first ? owner_name : opponent_name));
    out.set("row", Value::string(d.rows.front()->id));
    out.set("group", Value::string(fate(owner_first ? life.verdict.owner_first : life.verdict.attacker_first)));
    return out;
  }
  out.set("first", Value::string(d.verdict == rules::TableVerdict::Conflicting ? "conflicting" : "not-said"));
  const std::string if_owner = fate(life.verdict.owner_first), if_opponent = fate(life.verdict.attacker_first);
  out.set("group", Value::string(if_owner == if_opponent ? if_owner : "unsettled"));
  out.set("if_owner_first", Value::string(if_owner));
  out.set("if_opponent_first", Value::string(if_opponent));
  return out;
}

}  // namespace

void register_goboard_queries(std::vector<QueryInfo>& out) {
  out.push_back({"go", "life", "life and death of a chain by exhaustive search over a small region: alive, dead, or decided by the first move", true,
                 life_query});
  out.push_back({"go", "test-play", "a dispute over life and death settled by test play (1985 Art. 11 §2): who moves first as the codex's decision point decides, and the group's fate; with no rule, the fate under each first player", true,
                 test_play_query});
  out.push_back({"go", "sgf", "the position (set-up stones and moves) as an SGF record", true, sgf_query});
  out.push_back({"go", "legal_moves", "every legal move of the side to play (GTP points, then pass)", true, legal_moves_query});
  out.push_back({"go", "play", "plays one move: captures, new board, phase; or why it is illegal and the clause", true, play_query});
  out.push_back({"go", "board_error", "an error found later (ko error, displaced stones, a team move out of turn): the irregular move and the codex's remedy on the board", true,
                 board_error_query});
  out.push_back({"go", "score", "counts the board (dead stones removed): Ing area and fill-in, or 1985 territory and prisoners; seki chains as the request names them (seki: a list, possibly empty), else those the board proves (shared liberties neither side can fill), other points both colours border neutral; finished or not (points both colours border outside seki still open: Ing line 96, 1985 Art. 11 §2), and a winner only when finished or asked to count as is (count_as_is)", true, score_query});
}

}  // namespace rulespec
