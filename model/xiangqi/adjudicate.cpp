#include "model/xiangqi/adjudicate.hpp"

#include <algorithm>

#include "model/xiangqi/notation.hpp"

namespace rulespec::xiangqi {

const char* to_string(SideLoop k) {
  switch (k) {
    case SideLoop::Idle: return "idle";
    case SideLoop::PerpetualCheck: return "perpetual-check";
    case SideLoop::PerpetualChase: return "perpetual-chase";
    case SideLoop::ChasesDifferent: return "one-chases-two";
    case SideLoop::PerpetualMateThreat: return "perpetual-mate-threat";
    case SideLoop::MixedStrikes: return "mixed-strikes";
  }
  return "?";
}

std::string MoveReport::label() const {
  std::string out;
  if (facts.check) out += "check";
  if (facts.chase()) out += std::string(out.empty() ? "" : "+") + "chase";
  if (facts.mate_threat) out += std::string(out.empty() ? "" : "+") + "mate-threat";
  return out.empty() ? "idle" : out;
}

namespace {

SideReport judge_side(const std::vector<const MoveReport*>& cycle, const LoopRules& rules) {
  SideReport r;
  r.moves_in_loop = static_cast<int>(cycle.size());
  if (cycle.empty()) return r;
  const bool all_checks = std::all_of(cycle.begin(), cycle.end(), [](const MoveReport* m) { return m->facts.check; });
  const bool all_chases = std::all_of(cycle.begin(), cycle.end(), [](const MoveReport* m) { return m->facts.chase(); });
  const bool all_threats = std::all_of(cycle.begin(), cycle.end(), [](const MoveReport* m) { return m->facts.mate_threat; });
  const bool all_strikes = std::all_of(cycle.begin(), cycle.end(), [&](const MoveReport* m) {
    return m->facts.check || m->facts.chase() || (m->facts.mate_threat && rules.mate_threat_forbidden);
  });
  if (all_checks) {
    r.kind = SideLoop::PerpetualCheck;
    r.violates = rules.perpetual_check_forbidden;
  } else if (all_chases) {
    // A piece chased on every move of the cycle?
    std::vector<int> common = cycle.front()->facts.chased();
    for (const MoveReport* m : cycle) {
      const auto c = m->facts.chased();
      common.erase(std::remove_if(common.begin(), common.end(),
                                  [&](int id) { return std::find(c.begin(), c.end(), id) == c.end(); }),
                   common.end());
    }
    r.kind = common.empty() ? SideLoop::ChasesDifferent : SideLoop::PerpetualChase;
    r.violates = !common.empty() || rules.one_chases_two_forbidden;
  } else if (all_threats) {
    r.kind = SideLoop::PerpetualMateThreat;
    r.violates = rules.mate_threat_forbidden;
  } else if (all_strikes) {
    r.kind = SideLoop::MixedStrikes;
    r.violates = rules.combinations_forbidden;
  }
  return r;
}

std::string side_summary(const SideReport& r) { return std::string(to_string(r.kind)) + (r.violates ? " (violation)" : ""); }

// The verdict as the codex's tables give it: each side's part of the cycle from its kind, then
// the verdict from the two parts. A part or a verdict no row gives decides nothing: play goes on.
void consult_tables(Adjudication& out, const CycleTables& t) {
  if (!(out.red.reached_limit || out.black.reached_limit)) {
    out.reason = "the cycle has not yet reached the repetition limit";
    return;
  }
  auto note_rows = [&](const rules::CompiledTable& table, const rules::TableDecision& d) {
    for (const rules::TableRow* row : d.rows)
      if (d.verdict != rules::TableVerdict::Decided || row->outcome == d.outcome) out.rows.push_back({table.id, row->id, row->clause, row->line});
  };
  const CycleDecision decision = decide_cycle(t, cycle_kind(out, Colour::Red), cycle_kind(out, Colour::Black));
  std::string parts[2];
  for (Colour side : {Colour::Red, Colour::Black}) {
    SideReport& r = side == Colour::Red ? out.red : out.black;
    const char* kind = cycle_kind(out, side);
    const rules::TableDecision& d = side == Colour::Red ? decision.red : decision.black;
    note_rows(t.part, d);
    const char* name = side == Colour::Red ? "red" : "black";
    if (d.verdict != rules::TableVerdict::Decided) {
      out.reason = std::string(name) + "'s part of the cycle (" + kind + ") is " +
                   (d.verdict == rules::TableVerdict::Undecided ? "given by no row of " : "given two ways by ") + t.part.id +
                   ": no verdict, play goes on";
      return;
    }
    parts[side == Colour::Red ? 0 : 1] = d.outcome;
    // A strike violates; a check as the reading of the perpetual-check rule has it (as printed: no violation).
    r.violates = d.outcome == "strike" || (d.outcome == "check" && r.violates);
  }
  const rules::TableDecision& d = decision.cycle;
  note_rows(t.cycle, d);
  out.reason = "red: " + side_summary(out.red) + "; black: " + side_summary(out.black) + " (the parts: " + parts[0] + " against " + parts[1] + ")";
  if (d.verdict != rules::TableVerdict::Decided) {
    out.reason += d.verdict == rules::TableVerdict::Undecided ? "; no row of " + t.cycle.id + " decides these parts: play goes on"
                                                              : "; rows of " + t.cycle.id + " give these parts several outcomes: no verdict";
    return;
  }
  if (d.overriding)
    out.reason += "; rows of " + t.cycle.id + " give these parts several outcomes, and row " + d.overriding->id + " decides (" +
                  d.overriding->clause + " overrides the others)";
  const std::string& o = d.outcome;
  out.verdict = o == "draw" ? Verdict::Draw : o == "red-loses" ? Verdict::RedLoses : o == "black-loses" ? Verdict::BlackLoses : Verdict::None;
  if (out.verdict == Verdict::None) {
    out.unexecuted_outcome = o;
    out.reason += "; the outcome '" + o + "' of " + t.cycle.id + " is none the model can execute";
    return;
  }
  // A perpetual check met by a strike and sanctioned alone: the check outranks the strike.
  const bool red_checks = parts[0] == "check" && parts[1] == "strike", black_checks = parts[1] == "check" && parts[0] == "strike";
  out.check_outranks_strike = (red_checks && out.verdict == Verdict::RedLoses) || (black_checks && out.verdict == Verdict::BlackLoses);
  if (out.check_outranks_strike)
    out.reason += std::string("; a perpetual check against a perpetual strike: the checker (") + (red_checks ? "red" : "black") + ") must vary";
}

}  // namespace

CycleDecision decide_cycle(const CycleTables& t, const std::string& red_kind, const std::string& black_kind) {
  CycleDecision c;
  c.red = rules::decide(t.part, {{"kind", {red_kind, 0}}});
  c.black = rules::decide(t.part, {{"kind", {black_kind, 0}}});
  if (c.red.verdict != rules::TableVerdict::Decided || c.black.verdict != rules::TableVerdict::Decided) return c;
  c.cycle = rules::decide(t.cycle, {{"red", {c.red.outcome, 0}}, {"black", {c.black.outcome, 0}}});
  if (c.cycle.verdict == rules::TableVerdict::Decided) c.outcome = c.cycle.outcome;
  return c;
}

Adjudication adjudicate(const Position& start, const std::vector<Move>& moves, const LoopRules& rules) {
  Adjudication out;
  // Replay, classifying every move and remembering every position.
  Position p = start;
  Tracker ids(start);
  std::vector<std::uint64_t> hashes = {p.hash()};
  for (const Move& m : moves) {
    MoveReport r;
    r.wxf = to_wxf(p, m);
    r.side = p.side_to_move();
    r.facts = classify(p, m, ids, rules.chase);
    out.moves.push_back(r);
    ids.apply(m);
    p.make(m);
    hashes.push_back(p.hash());
  }
  // The earliest start s and shortest even period L with a periodic tail returning to hash[s].
  const int n = static_cast<int>(moves.size());
  for (int s = 0; s < n && !out.loop; ++s)
    for (int len = 4; s + len <= n && !out.loop; len += 2) {
      if (hashes[static_cast<size_t>(s)] != hashes[static_cast<size_t>(s + len)]) continue;
      bool periodic = true;
      for (int i = s; i + len < n && periodic; ++i) periodic = moves[static_cast<size_t>(i)] == moves[static_cast<size_t>(i + len)];
      if (!periodic) continue;
      out.loop = true;
      out.loop_start = s;
      out.loop_length = len;
    }
  if (!out.loop) {
    out.reason = "the moves do not end in a repeating cycle";
    return out;
  }
  // Each side's moves in one cycle, and how far its repetition has gone. A side's count starts
  // with its move that produced the cycle's first position, if that move is its own.
  for (Colour side : {Colour::Red, Colour::Black}) {
    std::vector<const MoveReport*> cycle;
    for (int i = out.loop_start; i < out.loop_start + out.loop_length; ++i)
      if (out.moves[static_cast<size_t>(i)].side == side) cycle.push_back(&out.moves[static_cast<size_t>(i)]);
    SideReport r = judge_side(cycle, rules);
    int first = out.loop_start;
    if (first > 0 && out.moves[static_cast<size_t>(first - 1)].side == side) --first;
    for (int i = first; i < n; ++i) r.moves_counted += out.moves[static_cast<size_t>(i)].side == side;
    const int limit_index = repetition_move_index(r.moves_in_loop, rules.repetition_limit, rules.counting);
    r.reached_limit = r.moves_counted >= limit_index - (rules.bites_before_limit ? 1 : 0);
    (side == Colour::Red ? out.red : out.black) = r;
  }
  if (rules.tables.tables) {
    consult_tables(out, *rules.tables.tables);
    return out;
  }
  LoopFacts facts;
  facts.repeats = out.red.reached_limit || out.black.reached_limit;
  facts.red_violates = out.red.violates;
  facts.black_violates = out.black.violates;
  // A perpetual check against a forbidden strike breaks two different rules: where only the same
  // rule broken twice draws, the check is what must stop, and the striker is not sanctioned.
  const bool red_checks = out.red.kind == SideLoop::PerpetualCheck, black_checks = out.black.kind == SideLoop::PerpetualCheck;
  out.check_outranks_strike = rules.checker_varies_against_strike && out.red.violates && out.black.violates && red_checks != black_checks;
  if (out.check_outranks_strike) {
    facts.red_violates = red_checks;
    facts.black_violates = black_checks;
  }
  out.verdict = combine(facts, rules.loss_awarded_at_once, rules.no_violation_draw);
  if (facts.repeats && rules.perpetual_check_draws && (red_checks || black_checks)) out.verdict = Verdict::Draw;
  if (!facts.repeats) {
    out.reason = "the cycle has not yet reached the repetition limit";
  } else {
    out.reason = std::string("red: ") + to_string(out.red.kind) + (out.red.violates ? " (violation)" : "") +
                 "; black: " + to_string(out.black.kind) + (out.black.violates ? " (violation)" : "");
    if (out.check_outranks_strike)
      out.reason += std::string("; a perpetual check against a perpetual strike breaks two rules, not the same one: the checker (") +
                    (red_checks ? "red" : "black") + ") must vary";
    if (out.verdict == Verdict::None) out.reason += "; nobody violates and no rule ends the game: play goes on";
  }
  return out;
}

const std::vector<std::string>& cycle_kinds() {
  static const std::vector<std::string> kinds = {"idle",           "check",          "chase-unprotected",     "rook-chase",
                                                 "chase-protected-gain", "king-pawn-chase-combined", "one-chases-two", "mate-threat",
                                                 "check-and-chase", "chase-and-mate-threat", "check-and-mate-threat"};
  return kinds;
}

const char* cycle_kind(const Adjudication& a, Colour side) {
  const SideReport& r = side == Colour::Red ? a.red : a.black;
  bool check = false, chase = false, threat = false, rook = false, gain = false, combined = false;
  for (int i = a.loop_start; i < a.loop_start + a.loop_length; ++i) {
    const auto& m = a.moves[static_cast<size_t>(i)];
    if (m.side != side) continue;
    check |= m.facts.check;
    chase |= m.facts.chase();
    threat |= m.facts.mate_threat;
    for (const auto& at : m.facts.new_attacks) {
      rook |= at.rule == AttackRule::RookRule;
      gain |= at.rule == AttackRule::MaterialGain;
      combined |= at.rule == AttackRule::UnprotectedCombined;
    }
  }
  switch (r.kind) {
    case SideLoop::Idle: return "idle";
    case SideLoop::PerpetualCheck: return "check";
    case SideLoop::PerpetualChase:
      return rook ? "rook-chase" : gain ? "chase-protected-gain" : combined ? "king-pawn-chase-combined" : "chase-unprotected";
    case SideLoop::ChasesDifferent: return "one-chases-two";
    case SideLoop::PerpetualMateThreat: return "mate-threat";
    case SideLoop::MixedStrikes: return check && chase ? "check-and-chase" : chase && threat ? "chase-and-mate-threat" : "check-and-mate-threat";
  }
  return "idle";
}

}  // namespace rulespec::xiangqi
