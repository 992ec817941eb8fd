// Shogi questions for rulespec mine: the impasse verdict of a declaration (27-point system, the
// CSA and JSA 24-point rules, the JSA 2013 conditions) on generated impasse positions.
#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>
#include <optional>
#include <string>

#include "mine/questions.hpp"
#include "model/shogi/impasse_board.hpp"
#include "model/shogi/position.hpp"

namespace rulespec::mine {
namespace {

// A position as text cells, so that pieces can be put and taken without the move rules: each
// cell "" or a SFEN piece ("P", "+r", "k"); hands in the order of shogi::Kind (pawn .. rook).
struct Layout {
  std::array<std::string, 81> cells;
  std::array<std::array<int, 7>, 2> hand{};
  char side = 'b';
};

constexpr const char* kHandLetters = "PLNSGBR";

std::string sfen_of(const Layout& l) {
  std::string out = shogi::board_sfen(l.cells.data());
  out += ' ';
  out += l.side;
  out += ' ';
  std::string hands;
  // SFEN's conventional order: rook, bishop, gold, silver, knight, lance, pawn; Sente first.
  for (int colour = 0; colour < 2; ++colour)
    for (int k = 6; k >= 0; --k) {
      const int n = l.hand[static_cast<std::size_t>(colour)][static_cast<std::size_t>(k)];
      if (n == 0) continue;
      if (n > 1) hands += std::to_string(n);
      const char letter = kHandLetters[k];
      hands += colour == 0 ? letter : static_cast<char>(std::tolower(static_cast<unsigned char>(letter)));
    }
  out += hands.empty() ? "-" : hands;
  return out + " 1";
}

std::optional<Layout> layout_of(const std::string& sfen) {
  Layout l;
  std::size_t i = 0;
  int sq = 0;
  for (; i < sfen.size() && sfen[i] != ' '; ++i) {
    const char c = sfen[i];
    if (c == '/') continue;
    if (std::isdigit(static_cast<unsigned char>(c))) {
      sq += c - '0';
      continue;
    }
    if (sq >= 81) return std::nullopt;
    if (c == '+') {
      if (i + 1 >= sfen.size()) return std::nullopt;
      l.cells[static_cast<std::size_t>(sq++)] = std::string("+") + sfen[++i];
    } else {
      l.cells[static_cast<std::size_t>(sq++)] = std::string(1, c);
    }
  }
  if (i + 1 >= sfen.size()) return std::nullopt;
  l.side = sfen[i + 1];
  int count = 0;
  for (i += 3; i < sfen.size() && sfen[i] != ' '; ++i) {
    const char c = sfen[i];
    if (c == '-') continue;
    if (std::isdigit(static_cast<unsigned char>(c))) {
      count = count * 10 + (c - '0');
      continue;
    }
    const char upper = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    const char* at = std::strchr(kHandLetters, upper);
    if (!at) return std::nullopt;
    l.hand[std::isupper(static_cast<unsigned char>(c)) ? 0 : 1][static_cast<std::size_t>(at - kHandLetters)] += count ? count : 1;
    count = 0;
  }
  return l;
}

bool valid(const Layout& l) { return shogi::Position::from_sfen(sfen_of(l)).has_value(); }

Value shogi_input(const Layout& l) {
  Value v = Value::map();
  v.set("sfen", Value::string(sfen_of(l)));
  return v;
}

bool is_king(const std::string& cell) { return cell == "K" || cell == "k"; }

// The board turned half round with colours, hands and the side to move swapped; or mirrored
// left to right. Both keep every verdict of the declaring side.
Layout turned(const Layout& l) {
  Layout out;
  for (int sq = 0; sq < 81; ++sq) {
    std::string c = l.cells[static_cast<std::size_t>(sq)];
    for (char& ch : c)
      if (std::isalpha(static_cast<unsigned char>(ch)))
        ch = std::isupper(static_cast<unsigned char>(ch)) ? static_cast<char>(std::tolower(ch)) : static_cast<char>(std::toupper(ch));
    out.cells[static_cast<std::size_t>(80 - sq)] = c;
  }
  out.hand = {l.hand[1], l.hand[0]};
  out.side = l.side == 'b' ? 'w' : 'b';
  return out;
}

Layout mirrored(const Layout& l) {
  Layout out = l;
  for (int rank = 0; rank < 9; ++rank)
    for (int file = 0; file < 9; ++file) out.cells[static_cast<std::size_t>(rank * 9 + file)] = l.cells[static_cast<std::size_t>(rank * 9 + 8 - file)];
  return out;
}

}  // namespace

Question shogi_declare() {
  Question q;
  q.game = "shogi";
  q.name = "declare";
  q.query = "declare";
  q.summary = "the verdict of a declaration (or the point count) by the side to move on an impasse position";
  q.compared = {"verdict"};
  q.part_name = "pieces other than the kings (on the board and in hand)";
  q.cited = "failed";
  q.fallback_clauses = {"jishogi.declaration.cond2-points"};
  // Sente declares: its king in Gote's camp, the 38 other pieces dealt at random between Sente's
  // part of the camp, Sente's hand, the rest of the board and Gote's hand, with weights drawn per
  // position so that the points fall on both sides of every threshold.
  q.generate = [](common::XorShift64& rng) -> Value {
    Layout l;
    l.cells[static_cast<std::size_t>(shogi::square(static_cast<int>(rng.below(9)), static_cast<int>(rng.below(3))))] = "K";
    for (;;) {
      const int sq = shogi::square(static_cast<int>(rng.below(9)), 3 + static_cast<int>(rng.below(6)));
      if (l.cells[static_cast<std::size_t>(sq)].empty()) {
        l.cells[static_cast<std::size_t>(sq)] = "k";
        break;
      }
    }
    const int weight_camp = 20 + static_cast<int>(rng.below(40)), weight_hand = static_cast<int>(rng.below(30));
    const int weight_gote = 20 + static_cast<int>(rng.below(40)), weight_gote_hand = static_cast<int>(rng.below(20));
    const std::array<int, 7> counts{18, 4, 4, 4, 4, 2, 2};
    for (int k = 6; k >= 0; --k)
      for (int n = 0; n < counts[static_cast<std::size_t>(k)]; ++n) {
        const char letter = kHandLetters[k];
        const int roll = static_cast<int>(rng.below(static_cast<std::uint64_t>(weight_camp + weight_hand + weight_gote + weight_gote_hand)));
        if (roll >= weight_camp && roll < weight_camp + weight_hand) {
          ++l.hand[0][static_cast<std::size_t>(k)];
          continue;
        }
        if (roll >= weight_camp + weight_hand + weight_gote) {
          ++l.hand[1][static_cast<std::size_t>(k)];
          continue;
        }
        const bool sente = roll < weight_camp;
        for (int tries = 0; tries < 20; ++tries) {
          const int rank = sente ? static_cast<int>(rng.below(3)) : 3 + static_cast<int>(rng.below(6));
          const int sq = shogi::square(static_cast<int>(rng.below(9)), rank);
          if (!l.cells[static_cast<std::size_t>(sq)].empty()) continue;
          std::string cell(1, sente ? letter : static_cast<char>(std::tolower(static_cast<unsigned char>(letter))));
          // In Sente's camp pieces are often promoted (always where they could not move on);
          // Gote's pieces are kept clear of nifu by promoting a second pawn on a file.
          const bool promotable = k != 4;
          if (promotable && sente && (rank == 0 || (k == 2 && rank == 1) || rng.below(2))) cell = "+" + cell;
          if (!sente && k == 0)
            for (int r = 0; r < 9; ++r)
              if (l.cells[static_cast<std::size_t>(shogi::square(sq % 9, r))] == "p") cell = "+p";
          if (!sente && rank == 8 && (k <= 2)) cell = "+" + cell;
          if (!sente && k == 2 && rank == 7 && cell[0] != '+') cell = "+" + cell;
          if (sente && k == 0 && cell[0] != '+')
            for (int r = 0; r < 9; ++r)
              if (l.cells[static_cast<std::size_t>(shogi::square(sq % 9, r))] == "P") cell = "+P";
          l.cells[static_cast<std::size_t>(sq)] = cell;
          break;
        }
      }
    if (!valid(l)) return Value();
    return shogi_input(l);
  };
  q.shrink = [](const Value& input) {
    std::vector<Value> out;
    const auto l = layout_of(input.find("sfen")->as_string());
    if (!l) return out;
    for (int sq = 0; sq < 81; ++sq) {
      const std::string& c = l->cells[static_cast<std::size_t>(sq)];
      if (c.empty() || is_king(c)) continue;
      Layout fewer = *l;
      fewer.cells[static_cast<std::size_t>(sq)].clear();
      if (valid(fewer)) out.push_back(shogi_input(fewer));
    }
    for (int colour = 0; colour < 2; ++colour)
      for (int k = 0; k < 7; ++k)
        if (l->hand[static_cast<std::size_t>(colour)][static_cast<std::size_t>(k)] > 0) {
          Layout fewer = *l;
          --fewer.hand[static_cast<std::size_t>(colour)][static_cast<std::size_t>(k)];
          if (valid(fewer)) out.push_back(shogi_input(fewer));
        }
    return out;
  };
  q.canonical = [](const Value& input) {
    const auto l = layout_of(input.find("sfen")->as_string());
    if (!l) return input;
    std::string best = sfen_of(*l);
    for (const Layout& other : {mirrored(*l), turned(*l), mirrored(turned(*l))})
      best = std::min(best, sfen_of(other));
    Value v = Value::map();
    v.set("sfen", Value::string(best));
    return v;
  };
  // Two positions alike in everything a declaration reads (the declarer, its king in the camp,
  // check, a legal move, its pieces in the camp and its points over camp and hand) are one
  // witness, however the pieces stand.
  q.shape = [](const Value& input) {
    const auto pos = shogi::Position::from_sfen(input.find("sfen")->as_string());
    if (!pos) return input.dump();
    const auto facts = shogi::declaration_facts(*pos, true);
    return std::string(facts.declarer == shogi::Side::Sente ? "sente" : "gote") + (facts.king_in_enemy_camp ? " king-in-camp" : "") +
           (facts.in_check ? " in-check" : "") + (pos->legal_moves().empty() ? " no-move" : "") + " camp " +
           std::to_string(facts.in_enemy_camp.total()) + " points " + std::to_string(shogi::points(facts.in_enemy_camp + facts.in_hand));
  };
  q.parts = [](const Value& input) {
    const auto l = layout_of(input.find("sfen")->as_string());
    int n = 0;
    if (!l) return n;
    for (const auto& c : l->cells) n += !c.empty() && !is_king(c);
    for (const auto& hand : l->hand)
      for (int k : hand) n += k;
    return n;
  };
  return q;
}

}  // namespace rulespec::mine
