// The AXF worked examples beyond loop verdicts: the chess claims of diagram 7, checked by full-width
// mate search on the book's own position, and the undefined notion of a renewed strike, shown on a
// constructed loop under both readings.
#include <algorithm>

#include "model/xiangqi/notation.hpp"
#include "model/xiangqi/search.hpp"
#include "solver/finding.hpp"
#include "solver/xiangqi_replay.hpp"

namespace rulespec {
namespace {

constexpr const char* kDiagram7 = "3ak1b2/4a4/4b4/r3C2R1/p8/9/P8/4p4/4p4/5K3 w - - 0 1";
constexpr int kDepth = 5;  // black moves after which Red must have mated; the threat is a mate in two

void diagram7_only_reply(const Spec& spec, AnalysisOutcome& out) {
  const auto* clause = spec.clause("axf-1982.example.diagram-7.analysis");
  if (!clause) {
    not_applicable(out, "needs the diagram 7 analysis clause");
    return;
  }
  xiangqi::Position pos = *xiangqi::Position::from_fen(kDiagram7).position;
  for (const char* text : {"R2=3", "e7+9", "R3=2"}) {
    const auto m = xiangqi::parse_move(pos, text, false);
    if (!m.move) {
      out.ok = false;
      out.detail = std::string("the book's move ") + text + " is not legal: " + m.error;
      return;
    }
    pos.make(*m.move);
  }
  std::vector<std::string> escapes;
  for (const auto& m : xiangqi::mate_escapes(pos, kDepth)) escapes.push_back(xiangqi::to_wxf(pos, m));
  std::sort(escapes.begin(), escapes.end());
  std::string listing;
  for (const auto& e : escapes) listing += (listing.empty() ? "" : ", ") + e;
  out.detail = "after 1 R2=3 B7+9 2 R3=2, the black replies with no red mate within " + std::to_string(kDepth) + " moves: " + listing;
  if (escapes.size() <= 1) return;
  Finding f;
  f.id = "F-axf-1982-diagram-7-only-reply";
  f.kind = "ambiguity";
  f.clauses = {"axf-1982.example.diagram-7.analysis", "axf-1982.example.diagram-7"};
  f.rulesets = {"axf-1982", "cxa"};
  f.summary = "Diagram 7: '2...B9-7 is Black's only possible reply' is not true of the mate threat; " +
              std::to_string(escapes.size()) + " replies parry it";
  f.explanation = "The column says the loop of diagram 7 arises because 2...B9-7 is Black's only possible reply to the mate "
                  "threat of 2 R3=2. A full-width search on the book's position finds " + std::to_string(escapes.size()) +
                  " replies after which Red has no forced mate within " + std::to_string(kDepth) + " moves: " + listing +
                  ". So 'only' must mean something else (the only reply that keeps Black's winning chances?), which the "
                  "text does not say; the repetition, and with it the perpetual-mate-threat verdict, then rests on Black "
                  "choosing to repeat. The threat itself and Red's only saving moves (1 R2=3, 2 R3=2) are confirmed by the "
                  "same search.";
  f.witness = Value::map();
  f.witness.set("fen", Value::string(kDiagram7));
  Value moves = Value::list();
  for (const char* m : {"R2=3", "e7+9", "R3=2"}) moves.push(Value::string(m));
  f.witness.set("moves", moves);
  Value list = Value::list();
  for (const auto& e : escapes) list.push(Value::string(e));
  f.witness.set("escapes", list);
  f.case_id = "axf.d7.replies-to-second-threat";
  out.findings.push_back(f);
}

// Is a move a new strike when its piece already attacked the same target from the square it
// left? Both readings on one loop: a rook shuttling on the file of an unprotected horse.
void renewed_attack(const Spec& spec, AnalysisOutcome& out) {
  if (!spec.has_ruleset("axf-1982") || !spec.has_ruleset("axf-1982-every-attack")) {
    not_applicable(out, "needs axf-1982 and its every-attack variant");
    return;
  }
  const char* fen = "5k3/9/2n6/9/9/9/2R6/9/9/3K5 w - - 0 1";
  const std::vector<const char*> moves = {"R7+1", "k6+1", "R7-1", "k6-1", "R7+1", "k6+1", "R7-1", "k6-1", "R7+1"};
  const std::string as_new = replay_loop(spec, "axf-1982", fen, moves);
  const std::string as_every = replay_loop(spec, "axf-1982-every-attack", fen, moves);
  out.detail = "shuttling rook against an unprotected horse: new-attack reading " + as_new + ", every-attacking-move reading " + as_every;
  if (as_new == as_every) return;
  Finding f;
  f.id = "F-axf-1982-renewed-attack";
  f.kind = "ambiguity";
  f.clauses = {"axf-1982.chase.unprotected-forbidden", "cxa.chase.unprotected-forbidden"};
  f.rulesets = {"axf-1982", "axf-1982-every-attack", "cxa"};
  f.summary = "Neither code says whether an attack the moved piece already had is a new strike; a shuttling rook is a draw under one reading and a loss under the other";
  f.explanation = "Both codes forbid the perpetual strike on an unprotected piece, and every example has the attacker newly reach its "
                  "target. A rook that shuttles between two squares of one file, attacking an unprotected horse from both, keeps the "
                  "attack alive without ever making it anew. Counting only new attacks, the loop is idle and a draw (" + as_new +
                  "); counting every attacking move, Red chases perpetually and must vary (" + as_every + "). The source never "
                  "decides between them.";
  f.witness = Value::map();
  f.witness.set("fen", Value::string(fen));
  Value list = Value::list();
  for (const char* m : moves) list.push(Value::string(m));
  f.witness.set("moves", list);
  f.witness.set("new_attack", Value::string(as_new));
  f.witness.set("every_attacking_move", Value::string(as_every));
  f.case_id = "xiangqi.shuttling-attacker";
  out.findings.push_back(f);
}

}  // namespace

void register_xiangqi_example_analyses(std::vector<AnalysisInfo>& out) {
  out.push_back({"xiangqi.diagram-7-replies", "the column's 'only possible reply' in diagram 7, by full-width mate search",
                 {"axf-1982.example.diagram-7.analysis"}, diagram7_only_reply});
  out.push_back({"xiangqi.renewed-attack", "is an attack the moved piece already had a new strike? both readings on one loop",
                 {"axf-1982.chase.unprotected-forbidden", "cxa.chase.unprotected-forbidden"}, renewed_attack});
}

}  // namespace rulespec
