// The Go mutant: the reference Go model behind GTP with one rule deliberately broken.
//   rulespec-mutant --game go [--flip ko|suicide|capture|occupied|score|bare|no-genmove|genmove-ko] [--rules ru-go-1985|ing-1996]
// ko: recaptures are never refused; suicide: every suicide is played; capture: list_stones still
// shows the stones a move captured; occupied: a stone on an occupied point is "accepted" (ignored);
// score: final_score forgets the prisoners; bare: no optional command (list_stones, fixed_handicap,
// final_score, undo, time_settings), whose clauses certify must then call not observed; no-genmove: a command GTP
// requires of every engine is missing, which certify must call a failure; genmove-ko: `play` keeps
// the ko rule but the engine's own move takes a ko back whenever it can (a search that forgets the
// rule), which only judging genmove shows. final_score counts the board as it stands (no stone
// taken for dead): territory and prisoners under the 1985 rules, area under Ing's.
#include <algorithm>
#include <iostream>
#include <set>
#include <sstream>
#include <string>

#include "model/go/history.hpp"
#include "model/go/rules.hpp"
#include "model/go/scoring.hpp"
#include "model/go/territory.hpp"
#include "mutant/mutant.hpp"

namespace rulespec::mutant {

namespace {

struct Mutant {
  std::string flip;
  go::Rules rules;
  int size = 19;
  go::Game game{go::Board(19, 19), go::Stone::Black, go::Rules{}};
  std::vector<go::Game> undo_stack;
  std::set<std::string> ghosts;  // captured stones still listed (flip capture)
  double komi = 0;
  bool area = false;  // Ing: area counting

  std::string final_score() const {
    const go::Board& b = game.board();
    double lead = 0;
    if (area) {
      const auto a = go::area_count(b);
      lead = a.black() - a.white();
    } else {
      const auto t = go::territory_count(b);
      const bool prisoners = flip != "score";
      lead = t.black_territory - t.white_territory +
             (prisoners ? game.captures_by(go::Stone::Black) - game.captures_by(go::Stone::White) : 0);
    }
    lead -= komi;
    if (lead == 0) return "0";
    std::ostringstream out;
    out.setf(std::ios::fixed);
    out.precision(1);
    out << (lead > 0 ? "B+" : "W+") << (lead > 0 ? lead : -lead);
    return out.str();
  }

  void reset() {
    game = go::Game(go::Board(size, size), go::Stone::Black, rules);
    undo_stack.clear();
    ghosts.clear();
  }

  // The reply text and whether it is a success.
  std::vector<std::string> commands() const {
    std::vector<std::string> out = {"protocol_version", "name", "version", "known_command", "list_commands", "boardsize", "clear_board",
                                    "komi", "play", "genmove", "quit"};
    if (flip == "no-genmove") out.erase(std::find(out.begin(), out.end(), "genmove"));
    if (flip != "bare") out.insert(out.end(), {"final_score", "fixed_handicap", "list_stones", "undo", "time_settings"});
    return out;
  }

  std::pair<bool, std::string> handle(const std::string& line) {
    std::istringstream in(line);
    std::string cmd;
    in >> cmd;
    const auto all = commands();
    if (std::find(all.begin(), all.end(), cmd) == all.end()) return {false, "unknown command"};
    if (cmd == "protocol_version") return {true, "2"};
    if (cmd == "name") return {true, flip.empty() ? "rulespec reference" : "rulespec mutant (" + flip + ")"};
    if (cmd == "version") return {true, "1"};
    if (cmd == "time_settings") return {true, ""};  // it answers at once anyway
    if (cmd == "known_command") {
      std::string what;
      in >> what;
      return {true, std::find(all.begin(), all.end(), what) != all.end() ? "true" : "false"};
    }
    if (cmd == "list_commands") {
      std::string out;
      for (const auto& c : all) out += (out.empty() ? "" : "\n") + c;
      return {true, out};
    }
    if (cmd == "genmove") {
      if (flip == "genmove-ko")
        for (int p : game.board().all_points()) {
          const auto why = game.check(p);
          if (why != go::Illegal::Ko && why != go::Illegal::Superko && why != go::Illegal::HotStone) continue;
          undo_stack.push_back(game);
          go::Rules without_ko = rules;
          without_ko.repetition = go::Repetition::None;
          go::Game taken(go::Board(size, size), go::Stone::Black, without_ko);
          for (const auto& m : game.record()) taken.play(m.point);
          taken.play(p);
          game = taken;
          return {true, game.board().to_gtp(p)};
        }
      // The first legal point, else a pass: legality is what certify looks at.
      for (int p : game.board().all_points())
        if (game.board().at(p) == go::Stone::Empty && game.check(p) == go::Illegal::None) {
          undo_stack.push_back(game);
          game.play(p);
          return {true, game.board().to_gtp(p)};
        }
      game.play(go::kPass);
      return {true, "pass"};
    }
    if (cmd == "boardsize") {
      int n = 0;
      in >> n;
      if (n < 2 || n > 25) return {false, "unacceptable size"};
      size = n;
      reset();
      return {true, ""};
    }
    if (cmd == "clear_board") {
      reset();
      return {true, ""};
    }
    if (cmd == "komi") {
      if (!(in >> komi)) return {false, "syntax error"};
      return {true, ""};
    }
    if (cmd == "final_score") return {true, final_score()};
    if (cmd == "fixed_handicap") {
      // The 1985 Codex's order of the hoshi (Art. 2 §1, Art. 8 §3), on 19x19.
      int n = 0;
      in >> n;
      const auto points = go::codex1985_handicap_points(n);
      if (size != 19 || points.empty()) return {false, "invalid handicap"};
      std::string out;
      for (const auto& q : points) {
        game.play(*game.board().parse_gtp(q));
        game.play(go::kPass);
        out += (out.empty() ? "" : " ") + q;
      }
      return {true, out};
    }
    if (cmd == "undo") {
      if (undo_stack.empty()) return {false, "cannot undo"};
      game = undo_stack.back();
      undo_stack.pop_back();
      return {true, ""};
    }
    if (cmd == "list_stones") {
      std::string colour;
      in >> colour;
      const go::Stone c = colour[0] == 'b' || colour[0] == 'B' ? go::Stone::Black : go::Stone::White;
      std::string out;
      for (int p : game.board().all_points())
        if (game.board().at(p) == c) out += (out.empty() ? "" : " ") + game.board().to_gtp(p);
      for (const auto& g : ghosts)
        if (g[0] == (c == go::Stone::Black ? 'b' : 'w')) out += (out.empty() ? "" : " ") + g.substr(1);
      return {true, out};
    }
    if (cmd == "play") {
      std::string colour, where;
      in >> colour >> where;
      const go::Stone c = colour[0] == 'b' || colour[0] == 'B' ? go::Stone::Black : go::Stone::White;
      if (c != game.to_play()) return {false, "wrong colour to move"};
      std::transform(where.begin(), where.end(), where.begin(), [](unsigned char x) { return static_cast<char>(std::toupper(x)); });
      if (where == "PASS") {
        undo_stack.push_back(game);
        game.play(go::kPass);
        return {true, ""};
      }
      const auto p = game.board().parse_gtp(where);
      if (!p) return {false, "invalid coordinate"};
      if (game.board().at(*p) != go::Stone::Empty) return {flip == "occupied", "illegal move"};
      const go::Board before = game.board();
      undo_stack.push_back(game);
      const auto outcome = game.play(*p);
      if (outcome.illegal != go::Illegal::None) {
        undo_stack.pop_back();
        return {false, "illegal move"};
      }
      if (flip == "capture")
        for (int q : before.all_points())
          if (before.at(q) == go::opponent(c) && game.board().at(q) == go::Stone::Empty)
            ghosts.insert(std::string(c == go::Stone::Black ? "w" : "b") + before.to_gtp(q));
      return {true, ""};
    }
    if (cmd == "quit") return {true, ""};
    return {false, "unknown command"};
  }
};

}  // namespace

int go_gtp_mutant(const std::string& flip, const std::string& rules) {
  Mutant m;
  m.flip = flip;
  if (!m.flip.empty() && m.flip != "ko" && m.flip != "suicide" && m.flip != "capture" && m.flip != "occupied" && m.flip != "score" &&
      m.flip != "bare" && m.flip != "no-genmove" && m.flip != "genmove-ko") {
    std::cerr << "rulespec-mutant: --flip must be ko, suicide, capture, occupied, score, bare, no-genmove or genmove-ko\n";
    return 2;
  }
  m.rules = rules == "ing-1996" ? go::Rules::ing_1996() : go::Rules::ru_go_1985();
  m.area = rules == "ing-1996";
  if (m.flip == "ko") m.rules.repetition = go::Repetition::None;
  if (m.flip == "suicide") m.rules.suicide = go::SuicideRule::Allowed;
  m.reset();
  for (std::string line; std::getline(std::cin, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    const auto [ok, text] = m.handle(line);
    std::cout << (ok ? "= " : "? ") << text << "\n\n" << std::flush;
    if (line.rfind("quit", 0) == 0) break;
  }
  return 0;
}

}  // namespace rulespec::mutant
