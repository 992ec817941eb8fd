// Loop adjudication: find the repeating cycle of a move sequence, classify every move of it
// (model/xiangqi/classify), decide for each side whether its part of the cycle breaks the
// repetition rules (perpetual check, perpetual chase, perpetual mate threat, one piece chasing
// two, every move a strike), check that the repetition limit is reached under the chosen
// counting and timing, and combine the two sides (model/xiangqi/verdict).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "model/common/decision_table.hpp"
#include "model/xiangqi/classify.hpp"
#include "model/xiangqi/repetition_count.hpp"
#include "model/xiangqi/verdict.hpp"

namespace rulespec::xiangqi {

// The codex's repetition-cycle rule as its tables state it (decisions.cycle-part: what one side's
// part of the cycle is, permitted, check or strike; decisions.repetition-cycle: the verdict from
// the two parts), compiled for one ruleset by queries/xiangqi_rules.hpp. Where the rules carry
// them, the model asks them for the verdict; the flags below then only classify the moves and
// name the clauses, and xiangqi::combine is the tests' oracle.
struct CycleTables {
  rules::CompiledTable part, cycle;
  bool operator==(const CycleTables&) const = default;
};
// Compared by content, so that the rules of two rulesets that compile alike are equal.
struct CycleTablesRef {
  std::shared_ptr<const CycleTables> tables;
  bool operator==(const CycleTablesRef& o) const { return tables == o.tables || (tables && o.tables && *tables == *o.tables); }
};

struct LoopRules {
  int repetition_limit = 3;
  RepetitionCounting counting = RepetitionCounting::CompleteCycles;
  bool bites_before_limit = true;        // the move that would reach the limit is already barred
  bool perpetual_check_forbidden = true;  // false: no rule against perpetual check
  // As printed (AXF Rule No. 1, line 46): a perpetual check is a draw "under any circumstances",
  // whatever the other side does.
  bool perpetual_check_draws = false;
  bool mate_threat_forbidden = false;     // CXA: a perpetual mate threat is a strike
  bool one_chases_two_forbidden = false;  // CXA: the second strike
  bool combinations_forbidden = false;    // CXA: every move a strike of any kind is a violation
  bool loss_awarded_at_once = false;
  bool no_violation_draw = true;          // a repetition nobody violates is a draw (false: play goes on)
  // A perpetual check met by a forbidden perpetual strike is the checker's to vary (AXF: only the
  // same rule broken twice draws, and Rule No. 1 holds "under any circumstances"; CXA read the
  // same way). False: any two violations draw.
  bool checker_varies_against_strike = false;
  ChaseRules chase;
  CycleTablesRef tables;  // absent: the verdict by the flags (xiangqi::combine)
  bool operator==(const LoopRules&) const = default;
};

enum class SideLoop {
  Idle,                 // some move of the side is idle: no violation
  PerpetualCheck,
  PerpetualChase,       // every move chases, one common target
  ChasesDifferent,      // every move chases, no common target (one chases two)
  PerpetualMateThreat,
  MixedStrikes,         // every move checks, chases or threatens mate, in a mixture
};
const char* to_string(SideLoop k);

struct SideReport {
  SideLoop kind = SideLoop::Idle;
  bool violates = false;
  bool reached_limit = false;
  int moves_in_loop = 0;      // moves per cycle
  int moves_counted = 0;      // moves made from the loop's start, counted for the limit
};

struct MoveReport {
  std::string wxf;
  Colour side = Colour::Red;
  MoveFacts facts;
  std::string label() const;  // check, chase, mate-threat, idle
};

struct Adjudication {
  bool loop = false;          // the sequence ends in a repeating cycle
  int loop_start = 0;         // index (0-based) of the first move of the cycle
  int loop_length = 0;        // plies per cycle
  SideReport red, black;
  // Both violate, one by perpetual check, the other by a strike, and the checker is to vary
  // (LoopRules::checker_varies_against_strike): the checker alone is sanctioned.
  bool check_outranks_strike = false;
  Verdict verdict = Verdict::None;
  // Where the tables decided: the rows that gave each side's part and the verdict (table id, row
  // id, clause); an outcome the model cannot execute (an amendment's) is named.
  struct TableRowUsed {
    std::string table, row, clause;
    int line = 0;
  };
  std::vector<TableRowUsed> rows;
  std::string unexecuted_outcome;
  std::vector<MoveReport> moves;
  std::string reason;
};

Adjudication adjudicate(const Position& start, const std::vector<Move>& moves, const LoopRules& rules);

// One side's part of the cycle as a kind of the repetition-cycle tables (axf-1982 and cxa
// decisions.repetition-cycle): idle, check, chase-unprotected, rook-chase, chase-protected-gain,
// king-pawn-chase-combined (a perpetual chase, by the rule of its attacks), one-chases-two,
// mate-threat, check-and-chase, chase-and-mate-threat, check-and-mate-threat (a mixture of
// strikes). The permitted kinds the model does not tell apart from idle (an attack on a
// protected piece, a lone king's or pawn's chase, a mate threat beside idle moves) are idle.
const char* cycle_kind(const Adjudication& a, Colour side);
// Every kind cycle_kind names.
const std::vector<std::string>& cycle_kinds();

// The two tables chained for a pair of kinds (cycle_kind's names): each side's part from
// decisions.cycle-part, then, when both are decided, the verdict from decisions.repetition-cycle.
// `outcome` is the verdict's outcome, empty where a part or the pair is undecided or conflicting.
// The decisions point into `t`.
struct CycleDecision {
  rules::TableDecision red, black, cycle;
  std::string outcome;
};
CycleDecision decide_cycle(const CycleTables& t, const std::string& red_kind, const std::string& black_kind);

}  // namespace rulespec::xiangqi
