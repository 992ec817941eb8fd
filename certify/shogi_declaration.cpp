#include "certify/shogi_declaration.hpp"

#include <map>

#include "certify/shogi_positions.hpp"
#include "model/common/xorshift.hpp"
#include "queries/query.hpp"
#include "queries/switches.hpp"

namespace rulespec::certify {
namespace {

// What a near-impasse position is grown towards: every condition met, or one of them failing
// (the king outside the camp, too few points, too few pieces in the camp, the declarer in check)
// while the others hold, so that the losing declaration is decisive for that condition.
enum class Aim { AllMet, KingOutside, FewPoints, FewPieces, InCheck };

// A position with Sente to move, its king in Gote's camp among many of its pieces (or as `aim`
// has it), some pieces in hand, Gote's king at home. SFEN ranks a..i from Gote's side.
std::optional<shogi::Position> near_impasse(common::XorShift64& rng, Aim aim) {
  std::string board[81];
  auto place_at = [&](int sq, const std::string& piece) {
    if (sq < 0 || sq >= 81 || !board[sq].empty()) return false;
    board[sq] = piece;
    return true;
  };
  auto place = [&](int lo_rank, int hi_rank, const std::string& piece) {
    for (int tries = 0; tries < 200; ++tries)
      if (place_at(lo_rank * 9 + static_cast<int>(rng.below(static_cast<std::uint64_t>((hi_rank - lo_rank + 1) * 9))), piece)) return true;
    return false;
  };
  if (aim == Aim::KingOutside) place(3, 5, "K");
  else if (aim == Aim::InCheck) {
    // The king on rank b or c, a Gote gold straight in front of it (from Sente's side): check.
    const int file = static_cast<int>(rng.below(9)), rank = 1 + static_cast<int>(rng.below(2));
    place_at(rank * 9 + file, "K");
    place_at((rank - 1) * 9 + file, "g");
  } else
    place(0, 2, "K");
  place(6, 8, "k");
  // Pieces in the camp: promoted where an unpromoted one could never move again. Too few points:
  // ten or so one-point pieces and little in hand; too few pieces: fewer than ten, majors among them.
  static const char* camp_pieces[] = {"+P", "+P", "+P", "G", "S", "+S", "+N", "+L", "+R", "+B", "R", "B", "G"};
  static const char* minor_pieces[] = {"+P", "G", "S", "+S", "+N", "+L"};
  static const char* major_pieces[] = {"+R", "+B"};
  if (aim == Aim::FewPoints)
    for (int i = 0, n = 10 + static_cast<int>(rng.below(3)); i < n; ++i) place(0, 2, minor_pieces[rng.below(std::size(minor_pieces))]);
  else if (aim == Aim::FewPieces)
    for (int i = 0, n = 5 + static_cast<int>(rng.below(5)); i < n; ++i)
      place(0, 2, i < 2 ? major_pieces[i] : minor_pieces[rng.below(std::size(minor_pieces))]);
  else
    for (int i = 0, n = (aim == Aim::AllMet ? 6 : 10) + static_cast<int>(rng.below(aim == Aim::AllMet ? 10 : 5)); i < n; ++i)
      place(0, 2, camp_pieces[rng.below(std::size(camp_pieces))]);
  static const char* gote_pieces[] = {"p", "g", "s", "p", "l"};
  for (int i = 0, n = static_cast<int>(rng.below(5)); i < n; ++i) place(5, 7, gote_pieces[rng.below(std::size(gote_pieces))]);
  const std::string sfen = board_sfen(board);
  std::string hand;
  if (aim == Aim::FewPieces)  // the other rook and bishop, and pawns, make up the points
    hand = "RB" + std::string(rng.below(2) ? "G" : "") + (rng.below(2) ? "S" : "") + std::to_string(2 + rng.below(7)) + "P";
  else
    for (const char* h : {"R", "B", "G", "S", "P"}) {
      // Too few points: at most a pawn in hand.
      const auto n = aim == Aim::FewPoints ? rng.below(2) * (h[0] == 'P' ? 1 : 0) : rng.below(3);
      if (n > 0) hand += (n > 1 ? std::to_string(n) : "") + h;
    }
  auto p = shogi::Position::from_sfen(sfen + " b " + (hand.empty() ? "-" : hand) + " 1");
  // Gote, not to move, must not stand in check.
  if (!p || p->attacked(p->king_square(shogi::Colour::Gote), shogi::Colour::Sente)) return std::nullopt;
  return p;
}

}  // namespace

std::vector<DeclarationProbe> shogi_declaration_probes(const Spec& spec, const Ruleset& rs, std::uint64_t seed, int per_verdict) {
  std::vector<DeclarationProbe> out;
  if (!rs.has_param("declaration") || !rs.bool_param("declaration")) return out;
  common::XorShift64 rng{seed * 3266489917ull + 13};
  // Winning declarations, and for each condition a model can switch off, losing ones decisive for it.
  const Aim aims[] = {Aim::AllMet, Aim::KingOutside, Aim::FewPoints, Aim::FewPieces, Aim::InCheck};
  std::map<std::string, int> decisive;  // condition -> losing probes decisive for it
  int wins = 0, losses = 0, fruitless = 0;
  for (int tries = 0; tries < 20000 && fruitless < 3000; ++tries) {
    const Aim aim = aims[tries % std::size(aims)];
    const auto p = near_impasse(rng, aim);
    ++fruitless;
    if (!p || p->legal_moves().empty()) continue;
    Value req = Value::map();
    req.set("game", Value::string("shogi"));
    req.set("ruleset", Value::string(rs.id));
    req.set("query", Value::string("declare"));
    req.set("sfen", Value::string(p->sfen()));
    auto verdict_of = [&] { return run_query(spec, req).find("verdict")->as_string(); };
    const Value a = run_query(spec, req);
    // The oracle's verdict is the probe's: a declaration that wins, or one that loses. One that
    // draws (CSA's and the JSA's 24 to 30 points) is neither, and declaring there breaks no rule.
    const std::string verdict = a.find("verdict")->as_string();
    if (verdict != "win" && verdict != "lose") continue;
    DeclarationProbe probe{.position = *p, .wins = verdict == "win",
                           .source = "near-impasse position " + std::to_string(tries) + " of seed " + std::to_string(seed)};
    if (const Value* failed = a.find("failed"))
      for (const Value& f : failed->as_list()) probe.failed.push_back(f.as_string());
    if (!probe.wins && probe.failed.empty()) continue;
    for (const auto& clause : probe.failed)
      if (find_clause_switch(clause)) {
        ClauseSwitchedOff off(clause);
        if (verdict_of() == "win") probe.decisive_for.push_back(clause);
      }
    // A losing probe is kept while it is decisive for a condition that has fewer than
    // `per_verdict`, or while losing ones are fewer than `per_verdict`.
    bool wanted = probe.wins ? wins < per_verdict : losses < per_verdict;
    for (const auto& c : probe.decisive_for) wanted = wanted || decisive[c] < per_verdict;
    if (!wanted) continue;
    fruitless = 0;
    ++(probe.wins ? wins : losses);
    for (const auto& c : probe.decisive_for) ++decisive[c];
    out.push_back(std::move(probe));
  }
  return out;
}

}  // namespace rulespec::certify
