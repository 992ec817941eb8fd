#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <thread>
#include <unordered_map>
#include <chrono>
#include <sstream>
#include <stdexcept>

#include "queries/go_answers.hpp"
#include "queries/query.hpp"
#include "queries/switches.hpp"
#include "certify/certify.hpp"
#include "engines/process.hpp"
#include "model/common/xorshift.hpp"
#include "model/go/history.hpp"
#include "model/go/territory.hpp"

namespace rulespec::certify {
namespace {

using Clock = std::chrono::steady_clock;

// The clauses a GTP probe speaks to, per codex; "" where the codex has none.
struct ClauseIds {
  std::string free_point, capture, suicide, group_suicide, ko, hot_stone, disturbing_ko;
};

ClauseIds clause_ids(const Spec& spec, const Ruleset& rs) {
  ClauseIds ids;
  if (rs.codex == "ing-1996")
    ids = {"ing-1996.move.board-move", "ing-1996.capture.no-liberties", "ing-1996.suicide.single-stone", "ing-1996.suicide.group",
           "ing-1996.ko.hot-stones", "ing-1996.ko.hot-stone-capture", "ing-1996.ko.disturbing-ko"};
  else
    ids = {"ru-go-1985.art3.p1", "ru-go-1985.art3.p2", "ru-go-1985.art4.p1", "", "ru-go-1985.art4.p2", "", ""};
  for (std::string* id : {&ids.free_point, &ids.capture, &ids.suicide, &ids.group_suicide, &ids.ko, &ids.hot_stone, &ids.disturbing_ko})
    if (!id->empty() && !spec.clause(*id)) id->clear();
  return ids;
}

// The clause a refused move stands on.
std::string clause_of(const ClauseIds& ids, go::Illegal why) {
  switch (why) {
    case go::Illegal::Occupied: return ids.free_point;
    case go::Illegal::Suicide:
    case go::Illegal::SingleStoneSuicide: return ids.suicide;
    case go::Illegal::Ko:
    case go::Illegal::Superko: return ids.ko;
    case go::Illegal::HotStone: return ids.hot_stone.empty() ? ids.ko : ids.hot_stone;
    case go::Illegal::DisturbingKo: return ids.disturbing_ko.empty() ? ids.ko : ids.disturbing_ko;
    default: return ids.free_point;
  }
}

// The GTP answers heard in this process, keyed by the engine's command line and everything said to
// it since it started. A GTP engine's answers to what certify asks (play, undo, list_stones,
// fixed_handicap, final_score; no genmove) follow from what it was told, so the same transcript
// gets the same answer: the matrix asks one engine the same questions under many rulesets (the
// finished games, the games up to where the rulesets part), and each is put to the engine once.
class HeardAnswers {
 public:
  std::optional<engines::EngineProcess::GtpReply> find(std::uint64_t transcript) {
    std::lock_guard<std::mutex> lock(mutex_);
    const auto it = answers_.find(transcript);
    if (it == answers_.end()) return std::nullopt;
    return it->second;
  }
  void keep(std::uint64_t transcript, const engines::EngineProcess::GtpReply& reply) {
    std::lock_guard<std::mutex> lock(mutex_);
    answers_.emplace(transcript, reply);
  }

 private:
  std::mutex mutex_;
  std::unordered_map<std::uint64_t, engines::EngineProcess::GtpReply> answers_;
};

HeardAnswers& heard_answers() {
  static HeardAnswers answers;
  return answers;
}

// FNV-1a, 64 bits, over the words said so far, each ended by a newline.
std::uint64_t extend(std::uint64_t hash, const std::string& text) {
  for (unsigned char c : text) hash = (hash ^ c) * 1099511628211ull;
  return (hash ^ '\n') * 1099511628211ull;
}

// The GTP commands certify sends that only ask (the board, the score, the engine's names).
bool changes_nothing(const std::string& command) {
  const std::string word = command.substr(0, command.find(' '));
  for (const char* question : {"name", "version", "protocol_version", "known_command", "list_commands", "list_stones", "final_score"})
    if (word == question) return true;
  return false;
}

// GTP exchanges that keep the last one for the error message of a broken engine. An answer heard
// before for the same transcript is taken from heard_answers(); what the engine did not hear and
// that changes its state is said to it, all at once, before the next question it must answer
// itself, and it must answer as it did before.
struct Gtp {
  Gtp(engines::EngineProcess& e, std::chrono::milliseconds t, const std::vector<std::string>& argv) : engine(e), timeout(t) {
    for (const auto& word : argv) transcript = extend(transcript, word);
  }
  engines::EngineProcess& engine;
  std::chrono::milliseconds timeout;
  std::string last;  // the last exchange, for the error message
  std::uint64_t transcript = 14695981039346656037ull;
  std::vector<std::pair<std::string, engines::EngineProcess::GtpReply>> unheard;  // answered from heard_answers()

  // true: "=" answer; false: "?" answer. Throws std::runtime_error when the engine fails.
  // `own_choice`: a command whose answer is the engine's own choice (genmove "colour"). Heard
  // before for the same transcript, its answer is taken as the others are, and when the engine
  // catches up it is told the move as a `play` (the same board, whatever it would choose now); the
  // answer becomes part of the transcript, so that what is said afterwards is keyed on the move.
  bool ask(const std::string& command, std::string& reply, bool own_choice = false) {
    last = command;
    transcript = extend(transcript, command);
    engines::EngineProcess::GtpReply r;
    if (auto heard = heard_answers().find(transcript)) {
      r = *heard;
      if (!own_choice) unheard.emplace_back(command, r);
      else if (r.ok && r.text.find("resign") == std::string::npos && r.text.find("RESIGN") == std::string::npos)
        unheard.emplace_back("play " + command.substr(command.find(' ') + 1) + " " + r.text, engines::EngineProcess::GtpReply{true, ""});
    } else {
      catch_up();
      r = engine.gtp_reply(command, timeout);
      heard_answers().keep(transcript, r);
    }
    if (own_choice) transcript = extend(transcript, std::string(r.ok ? "= " : "? ") + r.text);
    reply = r.text;
    std::replace(reply.begin(), reply.end(), '\n', ' ');
    last += " -> " + std::string(r.ok ? "= " : "? ") + reply.substr(0, 80);
    return r.ok;
  }
  std::string must(const std::string& command) {
    std::string reply;
    if (!ask(command, reply)) throw std::runtime_error("engine refused '" + command + "': " + reply);
    return reply;
  }
  // Sent in batches that stay well inside a pipe's buffer both ways, then read in order. The
  // questions that change nothing in the engine (final_score, list_stones...) are left out: their
  // answers were heard, and the engine's state is what the other commands make it. final_score
  // is most of a GTP engine's work here.
  void catch_up() {
    constexpr std::size_t kBatch = 64;
    std::erase_if(unheard, [](const auto& said) { return changes_nothing(said.first); });
    for (std::size_t from = 0; from < unheard.size(); from += kBatch) {
      const std::size_t to = std::min(unheard.size(), from + kBatch);
      for (std::size_t i = from; i < to; ++i) engine.send(unheard[i].first);
      for (std::size_t i = from; i < to; ++i) {
        const auto r = engine.read_gtp_reply(unheard[i].first, timeout);
        if (r.ok != unheard[i].second.ok || r.text != unheard[i].second.text)
          throw std::runtime_error("the engine answered '" + unheard[i].first + "' with '" + r.text.substr(0, 60) +
                                   "' where the same commands before had '" + unheard[i].second.text.substr(0, 60) +
                                   "': its answers do not follow from what it is told");
      }
    }
    unheard.clear();
  }
};

std::vector<std::string> sorted_words(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string w; in >> w;) {
    std::transform(w.begin(), w.end(), w.begin(), [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    out.push_back(w);
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> stones_of(const go::Board& b, go::Stone colour) {
  std::vector<std::string> out;
  for (int p : b.all_points())
    if (b.at(p) == colour) out.push_back(b.to_gtp(p));
  std::sort(out.begin(), out.end());
  return out;
}

std::string join(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : " ") + s;
  return out.empty() ? "(none)" : out;
}

// One engine process over GTP, with the context of the run.
// The ruleset's rules without each clause the models can switch off (queries/switches.hpp): made
// once, before any engine process plays, since a switch holds on the thread that opened it.
using RulesWithout = std::vector<std::pair<std::string, go::Rules>>;
RulesWithout rules_without(const Spec& spec, const Ruleset& rs) {
  RulesWithout out;
  for (const auto& sw : clause_switches()) {
    if (sw.clause.rfind(rs.codex + ".", 0) != 0) continue;
    ClauseSwitchedOff off(sw.clause);
    out.emplace_back(sw.clause, go_rules(spec, rs));
  }
  return out;
}

// The clause whose switch makes an illegal move legal: `cited` (the clause the model gives for the
// refusal) when its rule-off model, replaying the game's moves, accepts it, else the first that
// does in registry order ("" when none does: an occupied point, a rule no switch holds).
std::string deciding_clause(const go::Game& game, int point, const go::Board& start, const RulesWithout& without,
                            const std::string& cited) {
  auto accepts = [&](const go::Rules& rules) {
    go::Game g(start, go::Stone::Black, rules);
    for (const auto& m : game.record()) {
      if (g.check(m.point) != go::Illegal::None) return false;
      g.play(m.point);
    }
    return g.check(point) == go::Illegal::None;
  };
  for (const auto& [clause, rules] : without)
    if (clause == cited && accepts(rules)) return clause;
  for (const auto& [clause, rules] : without)
    if (accepts(rules)) return clause;
  return "";
}

// The engine's own moves asked: two in the first game (its first two chances after the opening's
// kos), as a real engine's search is most of the run's time.
constexpr int kGenmovesPerGame = 2, kGenmoveGames = 1;

constexpr double kGtpAnswerSeconds = 30.0;

struct GoSession {
  GoSession(const Spec& s, const Ruleset& r, const Options& o, Clock::time_point t0, const RulesWithout& w)
      : spec(s), rs(r), options(o), rules(go_rules(s, r)), without(w), ids(clause_ids(s, r)), start(t0),
        budget(o.budget_seconds), engine(o.engine),
        // 30 s an answer at most: a loaded machine (verify's slices side by side) slows an engine
        // down well past its usual second; a hung one still fails the run after one wait.
        gtp{engine, std::chrono::milliseconds(static_cast<long>(std::min(kGtpAnswerSeconds, o.budget_seconds) * 1000)), o.engine} {}
  const Spec& spec;
  const Ruleset& rs;
  const Options& options;
  const go::Rules rules;
  const RulesWithout& without;
  const ClauseIds ids;
  Clock::time_point start;
  std::chrono::duration<double> budget;
  engines::EngineProcess engine;
  Gtp gtp;
  bool lists_stones = false, has_fixed_handicap = false, has_final_score = false, has_time_settings = false;
  std::vector<std::string> missing_required;

  bool out_of_time() const { return Clock::now() - start > budget; }
  // name, version, the commands GTP requires (missing one is a failure) and the optional ones
  // whose clauses are observed only when the engine has them; the engine's id.
  std::string handshake() {
    std::string reply;
    bool named = false;
    try {
      named = gtp.ask("name", reply);
    } catch (const std::exception& e) {
      throw std::runtime_error(std::string(e.what()) + "; " + silent_engine_hint("GTP", options.engine));
    }
    const std::string name = named ? reply : "unknown engine";
    const std::string version = gtp.ask("version", reply) ? reply : "";
    auto known = [&](const std::string& command) { return gtp.ask("known_command " + command, reply) && reply.find("true") != std::string::npos; };
    // GTP version 2, section 6.1: the commands every engine implements.
    if (!gtp.ask("known_command play", reply)) missing_required.push_back("known_command");
    else
      for (const char* c : {"protocol_version", "name", "version", "list_commands", "quit", "boardsize", "clear_board", "komi", "play", "genmove"})
        if (!known(c)) missing_required.push_back(c);
    lists_stones = known("list_stones");
    has_fixed_handicap = known("fixed_handicap");
    has_final_score = known("final_score");
    has_time_settings = known("time_settings");
    return name + (version.empty() ? "" : " " + version);
  }
  void handicap(Result& r);
  void score(Result& r);
  void game(int g, Result& r);
  void record_play(const go::Game& game, int point, go::Illegal why, Result& r) const;
  bool judge_genmove(go::Game& game, const std::vector<int>& closed, std::size_t legal_count, std::string& moves_text,
                     const std::string& replay, Result& r);
};

// A finished 13x13 game, built so that no stone is dead and no point is neutral: vertical strips
// of territory one or two lines wide between double walls (Black's wall beside White's), and in
// some one-line strips a stone of the other colour captured, so that prisoners count too. The
// moves alternate from Black, a pass where one side has nothing to play.
std::vector<std::string> finished_game(common::XorShift64& rng) {
  constexpr int n = 13;
  std::vector<int> widths = {2, 2, 2, 1};  // 4 strips + 6 wall lines = 13
  if (rng.below(4) == 0) widths = {1, 1, 1, 1, 1};  // 5 strips + 8 wall lines
  for (std::size_t i = widths.size(); i > 1; --i) std::swap(widths[i - 1], widths[rng.below(i)]);
  const char* letters = "ABCDEFGHJKLMN";
  auto point = [&](int x, int y) { return std::string(1, letters[x]) + std::to_string(y + 1); };
  struct Capture {
    char intruder;
    std::string inside, above, below;
  };
  std::vector<std::string> black, white;
  std::vector<Capture> captures;
  char owner = rng.below(2) == 0 ? 'B' : 'W';
  int x = 0;
  for (std::size_t i = 0; i < widths.size(); ++i) {
    const int strip = x;
    x += widths[i];
    // A one-line strip (its owner's walls on both sides): the other colour plays inside and is
    // taken by its two neighbours on the line.
    // The first such strip always: a game with prisoners, whose count Art. 12 §2 b) decides.
    if (widths[i] == 1 && (captures.empty() || rng.below(2) == 0)) {
      const int y = 1 + static_cast<int>(rng.below(n - 2));
      captures.push_back({owner == 'B' ? 'W' : 'B', point(strip, y), point(strip, y - 1), point(strip, y + 1)});
    }
    if (i + 1 == widths.size()) break;
    for (int wall = 0; wall < 2; ++wall, ++x) {
      const char colour = wall == 0 ? owner : (owner == 'B' ? 'W' : 'B');
      for (int y = 0; y < n; ++y) (colour == 'B' ? black : white).push_back(point(x, y));
    }
    owner = owner == 'B' ? 'W' : 'B';
  }
  // Every wall line has its counterpart, so the walls alternate without a pass.
  std::vector<std::string> moves;
  for (std::size_t i = 0; i < black.size(); ++i) {
    moves.push_back("B " + black[i]);
    moves.push_back("W " + white[i]);
  }
  // Then each capture, the colours kept alternating and no two passes in a row.
  char next = 'B';
  auto play = [&](char colour, const std::string& where) {
    moves.push_back(std::string(1, colour) + " " + where);
    next = colour == 'B' ? 'W' : 'B';
  };
  for (const auto& c : captures) {
    const char taker = c.intruder == 'B' ? 'W' : 'B';
    if (c.intruder == next) {
      play(c.intruder, c.inside);
      play(taker, c.above);
      play(c.intruder, "pass");
      play(taker, c.below);
    } else {
      play(taker, c.above);
      play(c.intruder, c.inside);
      play(taker, c.below);
    }
  }
  return moves;
}

// final_score on finished games: the engine's margin is the model's difference of totals under
// the ruleset's counting (territory and prisoners, or area). The engine is told komi 0, so that
// the margin is that difference itself, and the question (the transcript) is the same under
// every ruleset of one counting: the matrix asks it once per engine (heard_answers()).
void GoSession::score(Result& r) {
  const bool ing = rs.codex == "ing-1996";
  const std::string clause = ing ? "ing-1996.summary.area-scoring" : "ru-go-1985.art12.p2.b";
  if (!spec.clause(clause) || options.only_game >= 0) return;
  if (!has_final_score) {
    r.unobserved[clause] = "the engine has no final_score command (optional in GTP)";
    return;
  }
  common::XorShift64 rng{options.seed * 2654435761ull + 17};
  std::string refused;
  if (!gtp.ask("boardsize 13", refused)) {
    r.unobserved[clause] = "the engine refuses boardsize 13, the board of the finished games (" + refused + ")";
    return;
  }
  for (int k = 0; k < 4 && !out_of_time(); ++k) {
    const auto moves = finished_game(rng);
    gtp.must("boardsize 13");
    gtp.must("clear_board");
    gtp.must("komi 0");
    Value request = Value::map();
    request.set("game", Value::string("go"));
    request.set("query", Value::string("score"));
    request.set("ruleset", Value::string(rs.id));
    request.set("size", Value::integer(13));
    Value list = Value::list();
    std::string record;
    for (const auto& m : moves) {
      gtp.must("play " + m);
      list.push(Value::string(m.substr(2)));
      record += (record.empty() ? "" : " ") + m;
    }
    request.set("moves", list);
    const Value answer = run_query(spec, request);
    double ours = 0;
    if (ing) {
      const Value* area = answer.find("area");
      ours = area->find("black")->as_number() - area->find("white")->as_number();
    } else {
      const Value* t = answer.find("territory");
      ours = static_cast<double>(t->find("black_territory")->as_int() + t->find("black_prisoners")->as_int() -
                                 t->find("white_territory")->as_int() - t->find("white_prisoners")->as_int());
    }
    std::string reply;
    const bool ok = gtp.ask("final_score", reply);
    // "B+12.5", "W+3.5" or "0": Black's lead (komi 0).
    double lead = 0;
    bool parsed = ok && !reply.empty();
    if (parsed && reply != "0") {
      try {
        lead = std::stod(reply.substr(2)) * (reply[0] == 'W' ? -1 : 1);
        parsed = (reply[0] == 'B' || reply[0] == 'W') && reply[1] == '+';
      } catch (const std::exception&) {
        parsed = false;
      }
    }
    std::ostringstream required;
    required << (ing ? "area" : "territory and prisoners") << ": Black " << (ours >= 0 ? "+" : "") << ours;
    // Without Art. 12 §2 b) prisoners count nothing (queries/switches.hpp): the count differs,
    // and an engine that answers so fails, exactly when the prisoners differ. (Ing's area count
    // has no switch of its own.)
    bool decisive = false;
    if (!ing) {
      const Value* t = answer.find("territory");
      decisive = t->find("black_prisoners")->as_int() != t->find("white_prisoners")->as_int();
    }
    r.tally(clause, parsed && lead == ours,
            Failure{"13x13: " + record, "final_score (komi 0)", required.str(),
                    ok ? reply : "refused: " + reply, replay_line("go", rs, options)},
            Evidence::of(decisive, 0.0));
  }
}

void GoSession::handicap(Result& r) {
  // Fixed handicap placement (GTP fixed_handicap on 19x19), where the ruleset prescribes points.
  if (rs.codex != "ru-go-1985" || !rs.has_param("handicap_placement") || !rs.is("handicap_placement", "fixed") ||
      !spec.clause("ru-go-1985.art8.p3.placement") || options.only_game >= 0)
    return;
  if (!has_fixed_handicap) {
    r.unobserved["ru-go-1985.art8.p3.placement"] = "the engine has no fixed_handicap command (optional in GTP)";
    return;
  }
  // GTP's fixed_handicap places the protocol's own points (GTP 2, section 4.1.1), which an engine
  // must place to speak GTP: where the codex's differ, that is a difference of the codex and the
  // protocol, noted, not the engine's failure of Art. 8 §3.
  r.unobserved["ru-go-1985.art8.p3.placement"] =
      "GTP's fixed_handicap places the protocol's own points, not the codex's (the differences are noted)";
  gtp.must("boardsize 19");
  for (int stones = 2; stones <= 9; ++stones) {
    gtp.must("clear_board");
    std::string got;
    const bool placed = gtp.ask("fixed_handicap " + std::to_string(stones), got);
    auto ours = go::codex1985_handicap_points(stones);
    std::sort(ours.begin(), ours.end());
    const auto theirs = sorted_words(got);
    if (placed && theirs != ours)
      r.noted.push_back("fixed_handicap " + std::to_string(stones) + ": the engine places GTP's " + join(theirs) +
                        "; the 1985 Codex (Art. 8 §3) prescribes " + join(ours));
  }
}

// With options.record_oracle: the oracle's `play` of `point` after the game's moves, and whether
// the run held it legal.
void GoSession::record_play(const go::Game& game, int point, go::Illegal why, Result& r) const {
  if (!options.record_oracle) return;
  const go::Board& b = game.board();
  auto text = [&b](int p) { return p == go::kPass ? std::string("pass") : b.to_gtp(p); };
  Value request = Value::map(), played = Value::list();
  request.set("game", Value::string("go"));
  request.set("ruleset", Value::string(rs.id));
  request.set("size", Value::integer(b.width()));
  for (const auto& m : game.record()) played.push(Value::string(text(m.point)));
  request.set("moves", played);
  request.set("query", Value::string("play"));
  request.set("move", Value::string(text(point)));
  r.oracle_checks.push_back({request, "legal", Value::boolean(why == go::Illegal::None)});
}

// `genmove` for the side to move: a legal move (or a pass) is played on our board too; an illegal
// one fails the clause that forbids it and ends the game (the boards part). The answer is decisive
// for each clause whose rule-off model allows one of the `closed` points: an engine without it
// could have played there, and choosing uniformly among the moves that model allows (the legal
// ones, a pass and those points) avoids them with the share the rules allow.
bool GoSession::judge_genmove(go::Game& game, const std::vector<int>& closed, std::size_t legal_count, std::string& moves_text,
                              const std::string& replay, Result& r) {
  const go::Board& b = game.board();
  const go::Stone colour = game.to_play();
  const std::string command = std::string("genmove ") + (colour == go::Stone::Black ? "black" : "white");
  std::string reply;
  ++r.probes;
  if (!gtp.ask(command, reply, true)) throw std::runtime_error("engine refused '" + command + "': " + reply);
  std::string answer = reply;
  std::transform(answer.begin(), answer.end(), answer.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  while (!answer.empty() && answer.back() == ' ') answer.pop_back();
  if (answer == "resign") return false;  // the game ends; nothing to judge
  const auto point = answer == "pass" ? std::optional<int>(go::kPass) : b.parse_gtp(answer);
  // Per clause, the closed points its rule-off model allows.
  std::map<std::string, int> allowed_without;
  for (int p : closed) {
    const std::string decides = deciding_clause(game, p, go::Board(b.width(), b.height()), without, clause_of(ids, game.check(p)));
    if (!decides.empty()) ++allowed_without[decides];
  }
  const go::Illegal why = point ? game.check(*point) : go::Illegal::Occupied;
  if (point) record_play(game, *point, why, r);
  Failure f{moves_text.empty() ? "(empty board)" : moves_text, command, "a legal move or a pass", reply, replay};
  if (why != go::Illegal::None) {
    const std::string decides =
        point ? deciding_clause(game, *point, go::Board(b.width(), b.height()), without, clause_of(ids, why)) : std::string();
    f.answered = reply + (point ? std::string(" (") + go::to_string(why) + ")" : " (not a point of the board)");
    r.tally(decides.empty() ? clause_of(ids, why) : decides, false, f, Evidence::of(!decides.empty(), 0.0));
    return false;
  }
  const double moves_allowed = static_cast<double>(legal_count) + 1;  // the legal points and a pass
  if (allowed_without.empty()) r.tally(ids.free_point, true, f, Evidence::not_decisive());
  for (const auto& [clause, extra] : allowed_without) r.tally(clause, true, f, Evidence::of(true, moves_allowed / (moves_allowed + extra)));
  game.play(*point);
  moves_text += (moves_text.empty() ? "" : " ") + std::string(colour == go::Stone::Black ? "B " : "W ") +
                (*point == go::kPass ? std::string("pass") : game.board().to_gtp(*point));
  return true;
}

// Game g of the seed: each probe a `play` the ruleset allows or forbids, the board kept in step.
void GoSession::game(int g, Result& r) {
  GoSession& session = *this;
  auto tally = [&r](const std::string& clause, bool pass, Failure f, Evidence e) { r.tally(clause, pass, std::move(f), e); };
  std::string reply;
  ++r.games;
  common::XorShift64 rng{options.seed * 1000003ull + static_cast<std::uint64_t>(g) + 1};
  const int n = options.board_size;
  gtp.must("boardsize " + std::to_string(n));
  gtp.must("clear_board");
  // A second a move, so that the engine's own moves (genmove) come well inside the timeout.
  if (has_time_settings) gtp.must("time_settings 0 1 1");
  go::Game game(go::Board(n, n), go::Stone::Black, rules);
  std::string moves_text;
  const std::string replay = replay_line("go", rs, options, g);
  // The game opens on kos at seeded spots (two on boards of 9 or more, one in each half), since
  // random play rarely makes one: each shape's six stones, a Black stone in the last column, then
  // White's stone in the mouth and Black's capture of it, which White may not retake at once.
  // Captures are preferred afterwards, so the kos are fought over; each recapture the rule closes
  // is a decisive probe.
  std::vector<int> opening, takes;
  if (n >= 7) {
    const go::Board& b0 = game.board();
    const int halves = n >= 9 ? 2 : 1, rows = n / halves;
    for (int h = 0; h < halves; ++h) {
      // Stones on columns x-1 .. x+2 (x+2 <= n-2) and rows y-1 .. y+1 inside the half.
      const int x = 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(n - 4)));
      const int y = h * rows + 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(rows - 2)));
      for (int p : {b0.point(x, y - 1), b0.point(x + 1, y - 1), b0.point(x - 1, y), b0.point(x + 2, y), b0.point(x, y + 1), b0.point(x + 1, y + 1)})
        opening.push_back(p);
      takes.push_back(b0.point(x, y));
      takes.push_back(b0.point(x + 1, y));
    }
    opening.push_back(b0.point(n - 1, 0));  // Black's move elsewhere, so White fills the mouth
    opening.insert(opening.end(), takes.begin(), takes.end());
  }
  // Points refused in this position: asked once each (the same question again is no new evidence).
  std::set<int> refused_here;
  int genmoves = 0;
  for (int step = 0; step < options.moves_per_game && !session.out_of_time(); ++step) {
    const go::Board& b = game.board();
    const go::Stone colour = game.to_play();
    std::vector<int> occupied, repetition, suicide, legal, capturing, closed;
    for (int p : b.all_points()) {
      if (refused_here.count(p)) {
        if (b.at(p) == go::Stone::Empty) closed.push_back(p);
        continue;
      }
      if (b.at(p) != go::Stone::Empty) {
        occupied.push_back(p);
        continue;
      }
      const go::Illegal w = game.check(p);
      if (w == go::Illegal::None) {
        legal.push_back(p);
        if (b.preview(p, colour).captured > 0) capturing.push_back(p);
      } else if (w == go::Illegal::Suicide || w == go::Illegal::SingleStoneSuicide) {
        suicide.push_back(p);
        closed.push_back(p);
      } else {
        repetition.push_back(p);
        closed.push_back(p);
      }
    }
    if (legal.empty()) break;
    // Right after the engine refused a point the rules close here (the opening's last ko first),
    // its own move: `genmove` must answer a legal one, so the rule its `play` keeps its search
    // keeps too.
    const std::size_t moves_so_far = game.record().size();
    if (has_time_settings && g < kGenmoveGames && genmoves < kGenmovesPerGame && moves_so_far >= opening.size() && repetition.empty() &&
        !refused_here.empty() && !closed.empty()) {
      ++genmoves;
      if (!judge_genmove(game, closed, legal.size(), moves_text, replay, r)) break;
      refused_here.clear();
      continue;
    }
    // The probe: a point the repetition rule closes whenever there is one (ko recaptures are
    // rare and are the point), now and then a suicide or an occupied point, otherwise a legal
    // move, a capture when one is there (captures make the kos).
    const auto roll = rng.below(100);
    const auto pick = [&rng](const std::vector<int>& v) { return v[rng.below(v.size())]; };
    const bool scripted = moves_so_far < opening.size() && game.check(opening[moves_so_far]) == go::Illegal::None && repetition.empty();
    const int probe = scripted                          ? opening[moves_so_far]
                      : !repetition.empty() && (roll < 80 || moves_so_far == opening.size()) ? pick(repetition)
                      : !suicide.empty() && roll < 20  ? pick(suicide)
                      : !occupied.empty() && roll < 25 ? pick(occupied)
                      : !capturing.empty() && roll < 70 ? pick(capturing)
                                                        : pick(legal);
    const go::Illegal why = game.check(probe);
    record_play(game, probe, why, r);
    const std::string colour_name = colour == go::Stone::Black ? "black" : "white";
    const std::string command = "play " + colour_name + " " + b.to_gtp(probe);
    ++r.probes;
    const bool accepted = gtp.ask(command, reply);
    Failure f{moves_text.empty() ? "(empty board)" : moves_text, command, "", "", replay};
    if (why != go::Illegal::None) {
      f.required = std::string("refuse: ") + go::to_string(why);
      f.answered = accepted ? "accepted" : "refused";
      // Decisive for the clause whose switch makes the move legal: an engine without that rule
      // accepts it, so it passes such a probe with chance 0.
      const std::string decides = deciding_clause(game, probe, go::Board(n, n), without, clause_of(ids, why));
      if (decides.empty()) tally(clause_of(ids, why), !accepted, f, Evidence::not_decisive());
      else tally(decides, !accepted, f, Evidence::of(true, 0.0));
      refused_here.insert(probe);
      if (accepted) {
        // Put the engine's board back: undo, or start the game over from our record.
        if (!gtp.ask("undo", reply)) {
          gtp.must("clear_board");
          for (const auto& m : game.record())
            gtp.must(std::string("play ") + (m.colour == go::Stone::Black ? "black " : "white ") +
                     (m.point == go::kPass ? std::string("pass") : game.board().to_gtp(m.point)));
        }
      }
      continue;
    }
    const go::MovePreview preview = b.preview(probe, colour);
    f.required = preview.self_captured > 0 ? "accept (a suicide this ruleset allows)" : "accept";
    f.answered = accepted ? "accepted" : "refused: " + reply;
    // A legal suicide stands on the suicide clauses (a lone stone: the single-stone rule).
    const std::string clause = preview.self_captured == 1 ? ids.suicide
                               : preview.self_captured > 1 && !ids.group_suicide.empty() ? ids.group_suicide
                                                                                          : ids.free_point;
    // A legal move: every rule-off model allows it too (a switch only relaxes), so no engine
    // without a rule could fail it.
    tally(clause.empty() ? ids.free_point : clause, accepted, f, Evidence::not_decisive());
    if (!accepted) break;  // the boards would part; the next game starts clean
    game.play(probe);
    refused_here.clear();
    moves_text += (moves_text.empty() ? "" : " ") + std::string(colour == go::Stone::Black ? "B " : "W ") + b.to_gtp(probe);
    if (lists_stones && (preview.captured > 0 || preview.self_captured > 0)) {
      const auto& after = game.board();
      for (go::Stone c : {go::Stone::Black, go::Stone::White}) {
        const std::string ask = std::string("list_stones ") + (c == go::Stone::Black ? "black" : "white");
        const auto theirs = sorted_words(gtp.must(ask));
        const auto ours = stones_of(after, c);
        Failure cf{moves_text, ask + " after " + command, join(ours), join(theirs), replay};
        tally(ids.capture, theirs == ours, cf, Evidence::not_decisive());
      }
    }
  }
}


}  // namespace

Result certify_go_gtp(const Spec& spec, const Ruleset& rs, const Options& options) {
  Result r = begin_result("gtp", spec, rs, options);
  check_replay(options.only_game, static_cast<std::size_t>(options.games), "games");
  const auto start = Clock::now();
  const int jobs = std::max(1, std::min(options.jobs, options.games));
  // Each engine process plays the games g with g % jobs == its number; the games' results are
  // merged in game order, so the certificate does not depend on the number of jobs.
  std::vector<Result> per_game(static_cast<std::size_t>(options.games));
  std::vector<std::string> ids(static_cast<std::size_t>(jobs)), errors(static_cast<std::size_t>(jobs)), no_list_stones(static_cast<std::size_t>(jobs)),
      no_time_settings(static_cast<std::size_t>(jobs));
  Result head;  // the handicap probes, made by the first process
  r.measures_decisiveness = true;
  const RulesWithout without = rules_without(spec, rs);
  auto work = [&](int job) {
    std::unique_ptr<GoSession> session;
    try {
      session = std::make_unique<GoSession>(spec, rs, options, start, without);
    } catch (const std::exception& e) {
      errors[static_cast<std::size_t>(job)] = e.what();
      return;
    }
    try {
      ids[static_cast<std::size_t>(job)] = session->handshake();
      if (!session->missing_required.empty()) {
        std::string list;
        for (const auto& c : session->missing_required) list += (list.empty() ? "" : ", ") + c;
        throw std::runtime_error("the engine lacks commands GTP requires of every engine: " + list);
      }
      if (!session->lists_stones && !session->ids.capture.empty())
        no_list_stones[static_cast<std::size_t>(job)] = session->ids.capture;
      if (!session->has_time_settings) no_time_settings[static_cast<std::size_t>(job)] = "yes";
      if (job == 0) {
        session->handicap(head);
        session->score(head);
      }
      for (int g = job; g < options.games; g += jobs) {
        if (options.only_game >= 0 && g != options.only_game) continue;
        if (session->out_of_time()) break;
        session->game(g, per_game[static_cast<std::size_t>(g)]);
        if (options.progress) options.progress(g + 1, per_game[static_cast<std::size_t>(g)].probes);
      }
    } catch (const std::exception& e) {
      errors[static_cast<std::size_t>(job)] = std::string(e.what()) + " (last exchange: " + session->gtp.last + ")";
    }
  };
  run_jobs(jobs, work);
  if (ids[0].empty() && !errors[0].empty() && errors[0].find("last exchange") == std::string::npos) throw std::runtime_error(errors[0]);
  r.engine_id = ids[0].empty() ? r.engine_id : ids[0];
  if (!no_list_stones[0].empty()) r.unobserved[no_list_stones[0]] = "the engine has no list_stones command (optional in GTP)";
  if (!no_time_settings[0].empty())
    r.not_observable.push_back("the engine's own moves (genmove): it has no time_settings command (optional in GTP), by which certify "
                               "bounds its thinking to a second a move");
  merge(r, head);
  for (const auto& part : per_game) merge(r, part);
  for (const auto& e : errors)
    if (r.engine_error.empty() && !e.empty()) r.engine_error = e;
  r.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return r;
}

}  // namespace rulespec::certify
