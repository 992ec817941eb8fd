#include "certify/shogi_declaration.hpp"

#include "certify/shogi_positions.hpp"
#include "model/common/xorshift.hpp"
#include "queries/query.hpp"

namespace rulespec::certify {
namespace {

// A position with Sente to move, its king usually in Gote's camp among many of its pieces, some
// pieces in hand, Gote's king at home. SFEN ranks a..i from Gote's side.
std::optional<shogi::Position> near_impasse(common::XorShift64& rng) {
  std::string board[81];
  auto place = [&](int lo_rank, int hi_rank, const std::string& piece) {
    for (int tries = 0; tries < 200; ++tries) {
      const int sq = lo_rank * 9 + static_cast<int>(rng.below(static_cast<std::uint64_t>((hi_rank - lo_rank + 1) * 9)));
      if (board[sq].empty()) {
        board[sq] = piece;
        return true;
      }
    }
    return false;
  };
  if (rng.below(8) == 0) place(3, 5, "K");  // now and then condition 1 fails
  else place(0, 2, "K");
  place(6, 8, "k");
  // Pieces in the camp: promoted where an unpromoted one could never move again.
  static const char* camp_pieces[] = {"+P", "+P", "+P", "G", "S", "+S", "+N", "+L", "+R", "+B", "R", "B", "G"};
  for (int i = 0, n = 6 + static_cast<int>(rng.below(10)); i < n; ++i) place(0, 2, camp_pieces[rng.below(std::size(camp_pieces))]);
  static const char* gote_pieces[] = {"p", "g", "s", "p", "l"};
  for (int i = 0, n = static_cast<int>(rng.below(5)); i < n; ++i) place(5, 7, gote_pieces[rng.below(std::size(gote_pieces))]);
  const std::string sfen = board_sfen(board);
  std::string hand;
  for (const char* h : {"R", "B", "G", "S", "P"})
    if (const auto n = rng.below(3); n > 0) hand += (n > 1 ? std::to_string(n) : "") + h;
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
  int wins = 0, losses = 0;
  for (int tries = 0; tries < 5000 && (wins < per_verdict || losses < per_verdict); ++tries) {
    const auto p = near_impasse(rng);
    if (!p || p->legal_moves().empty()) continue;
    Value req = Value::map();
    req.set("game", Value::string("shogi"));
    req.set("ruleset", Value::string(rs.id));
    req.set("query", Value::string("declare"));
    req.set("sfen", Value::string(p->sfen()));
    const Value a = run_query(spec, req);
    // The oracle's verdict is the probe's: a declaration that wins, or one that loses. One that
    // draws (CSA's and the JSA's 24 to 30 points) is neither, and declaring there breaks no rule.
    const std::string verdict = a.find("verdict")->as_string();
    if (verdict != "win" && verdict != "lose") continue;
    DeclarationProbe probe{.position = *p, .wins = verdict == "win",
                           .source = "near-impasse position " + std::to_string(tries) + " of seed " + std::to_string(seed)};
    if (const Value* failed = a.find("failed"))
      for (const Value& f : failed->as_list()) probe.failed.push_back(f.as_string());
    int& count = probe.wins ? wins : losses;
    if (count >= per_verdict || (!probe.wins && probe.failed.empty())) continue;
    ++count;
    out.push_back(std::move(probe));
  }
  return out;
}

}  // namespace rulespec::certify
