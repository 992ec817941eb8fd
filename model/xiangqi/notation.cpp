#include "model/xiangqi/notation.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <vector>

namespace rulespec::xiangqi {
namespace {

ParsedMove fail(std::string message) { return {std::nullopt, std::move(message)}; }

std::string quoted(std::string_view t) { return "'" + std::string(t) + "'"; }

bool is_iccs_square(char f, char r) {
  f = static_cast<char>(std::tolower(static_cast<unsigned char>(f)));
  return f >= 'a' && f <= 'i' && r >= '0' && r <= '9';
}

// Files counted from the mover's own right: Red's file 1 is i, Black's file 1 is a.
int file_from_number(int n, Colour c) { return c == Colour::Red ? 9 - n : n - 1; }
int number_from_file(int f, Colour c) { return c == Colour::Red ? 9 - f : f + 1; }
int forward_sign(Colour c) { return c == Colour::Red ? 1 : -1; }

PieceType wxf_type(char c, bool lenient) {
  switch (std::toupper(static_cast<unsigned char>(c))) {
    case 'K': return PieceType::King;
    case 'A': return PieceType::Advisor;
    case 'E': return PieceType::Elephant;
    case 'H': return PieceType::Horse;
    case 'R': return PieceType::Rook;
    case 'C': return PieceType::Cannon;
    case 'P': return PieceType::Pawn;
    // The Russian CCI columns write G (guard) for the advisor: in diagram 4 the only other legal
    // reply to R5+1 besides C6=5 is the advisor's, which the text calls G4+5.
    case 'G': return lenient ? PieceType::Advisor : PieceType::None;
    case 'B': return lenient ? PieceType::Elephant : PieceType::None;
    case 'N': return lenient ? PieceType::Horse : PieceType::None;
    default: return PieceType::None;
  }
}

bool moves_straight(PieceType t) {
  return t == PieceType::King || t == PieceType::Rook || t == PieceType::Cannon || t == PieceType::Pawn;
}

// Squares of the mover's pieces of type t, front (most advanced) first.
std::vector<int> pieces_of(const Position& pos, PieceType t, Colour c) {
  std::vector<int> out;
  for (int r = 0; r < 10; ++r)
    for (int f = 0; f < 9; ++f)
      if (pos.at(square(f, r)).is(t, c)) out.push_back(square(f, r));
  std::sort(out.begin(), out.end(), [c](int a, int b) {
    return c == Colour::Red ? rank_of(a) > rank_of(b) : rank_of(a) < rank_of(b);
  });
  return out;
}

}  // namespace

std::string to_iccs(Move m) {
  std::string s;
  s += static_cast<char>('a' + file_of(m.from));
  s += static_cast<char>('0' + rank_of(m.from));
  s += static_cast<char>('a' + file_of(m.to));
  s += static_cast<char>('0' + rank_of(m.to));
  return s;
}

ParsedMove parse_iccs(const Position& pos, std::string_view text) {
  std::string t(text);
  t.erase(std::remove(t.begin(), t.end(), '-'), t.end());
  if (t.size() != 4 || !is_iccs_square(t[0], t[1]) || !is_iccs_square(t[2], t[3]))
    return fail(quoted(text) + " is not an ICCS move (like h2e2)");
  auto sq = [](char f, char r) {
    return square(std::tolower(static_cast<unsigned char>(f)) - 'a', r - '0');
  };
  const Move m{static_cast<std::uint8_t>(sq(t[0], t[1])), static_cast<std::uint8_t>(sq(t[2], t[3]))};
  if (!pos.is_legal(m)) return fail(quoted(text) + " is not a legal move here");
  return {m, {}};
}

ParsedMove parse_wxf(const Position& pos, std::string_view raw, bool lenient) {
  std::string t(raw);
  if (lenient)
    while (!t.empty() && (t.back() == '!' || t.back() == '?')) t.pop_back();
  const Colour us = pos.side_to_move();
  // Tandem designator written before the piece (+R+2) or after it (R++2).
  char designator = 0;
  if (t.size() == 4 && (t[0] == '+' || t[0] == '-') && std::isalpha(static_cast<unsigned char>(t[1]))) {
    designator = t[0];
    t = std::string(1, t[1]) + t.substr(2);
    t.insert(t.begin() + 1, designator);
  }
  if (lenient && t.size() == 3 && std::isdigit(static_cast<unsigned char>(t[1])) && std::isdigit(static_cast<unsigned char>(t[2])))
    t.insert(t.begin() + 2, '=');  // book shorthand C25 = C2=5
  if (t.size() != 4) return fail(quoted(raw) + " is not a move in traditional notation (like C2=5, H8+7, R++2)");
  // The WXF forms for many pawns on a file: ++ / -- for the foremost / rearmost of four or five,
  // and, with tandem pawns on two files, the file digit followed by + / - / the same digit (the
  // middle one of three).
  PieceType type = PieceType::None;
  char where = t[1];
  int tandem_file = -1;
  if ((t[0] == '+' || t[0] == '-') && t[1] == t[0]) {
    type = PieceType::Pawn;
    where = t[0] == '+' ? 'F' : 'L';
  } else if (t[0] >= '1' && t[0] <= '9' && (t[1] == '+' || t[1] == '-' || t[1] == t[0])) {
    type = PieceType::Pawn;
    tandem_file = file_from_number(t[0] - '0', us);
    where = t[1] == t[0] ? 'M' : t[1];
  } else {
    type = wxf_type(t[0], lenient);
    if (type == PieceType::None) return fail(quoted(raw) + ": '" + t[0] + "' is not a piece letter (K A E H R C P)");
    const bool upper = std::isupper(static_cast<unsigned char>(t[0]));
    if (!lenient && upper != (us == Colour::Red))
      return fail(quoted(raw) + ": " + (us == Colour::Red ? "Red" : "Black") + " is to move, so the piece letter must be " +
                  (us == Colour::Red ? "upper" : "lower") + " case");
  }
  const char op = t[2] == '.' ? '=' : t[2], arg = t[3];
  if (op != '+' && op != '-' && op != '=') return fail(quoted(raw) + ": '" + t[2] + "' is not + - = or .");
  if (arg < '1' || arg > '9') return fail(quoted(raw) + ": '" + arg + "' is not a number 1-9");
  const int n = arg - '0';

  // The candidate pieces: on the given file, or picked by position on a file holding two or more.
  const auto all = pieces_of(pos, type, us);
  const auto on_file = [&](int f) {
    std::vector<int> v;  // front first, as `all` is
    for (int sq : all)
      if (file_of(sq) == f) v.push_back(sq);
    return v;
  };
  std::vector<int> tandem_files;
  for (int sq : all)
    if (on_file(file_of(sq)).size() >= 2 && std::find(tandem_files.begin(), tandem_files.end(), file_of(sq)) == tandem_files.end())
      tandem_files.push_back(file_of(sq));
  std::vector<int> candidates;
  if (tandem_file >= 0) {
    const auto v = on_file(tandem_file);
    if (tandem_files.size() != 2)
      return fail(quoted(raw) + ": a file digit before + or - is for tandem pawns on two files (" + std::to_string(tandem_files.size()) +
                  " here)");
    if (v.size() < 2) return fail(quoted(raw) + ": no tandem pawns on file " + t[0]);
    if (where == 'M' && v.size() != 3) return fail(quoted(raw) + ": no middle pawn on file " + t[0]);
    candidates.push_back(where == '+' ? v.front() : where == '-' ? v.back() : v[1]);
  } else if (where == 'F' || where == 'L') {
    const auto v = tandem_files.empty() ? std::vector<int>{} : on_file(tandem_files.front());
    if (v.size() < 4) return fail(quoted(raw) + ": '" + std::string(2, t[0]) + "' needs four or five pawns on one file");
    candidates.push_back(where == 'F' ? v.front() : v.back());
  } else if (where == '+' || where == '-') {
    if (tandem_files.size() != 1)
      return fail(quoted(raw) + ": '" + where + "' needs exactly one file with two such pieces (" + std::to_string(tandem_files.size()) +
                  " here" + (tandem_files.size() == 2 && type == PieceType::Pawn ? "; write the file digit, like 3+.4" : "") + ")");
    const auto v = on_file(tandem_files.front());
    const size_t k = v.size();  // with four or five, + and - are the second from each end
    candidates.push_back(where == '+' ? v[k >= 4 ? 1 : 0] : v[k >= 4 ? k - 2 : k - 1]);
  } else if (where >= '1' && where <= '9') {
    const int f = file_from_number(where - '0', us);
    candidates = on_file(f);
    if (candidates.empty()) return fail(quoted(raw) + ": no " + piece_name(type) + " on file " + where);
    // The middle one of three or five pawns is written with its file, as a lone pawn is.
    if (type == PieceType::Pawn && (candidates.size() == 3 || candidates.size() == 5))
      candidates = {candidates[candidates.size() / 2]};
  } else {
    return fail(quoted(raw) + ": '" + where + "' is neither a file 1-9 nor + / -");
  }

  // Destination of each candidate under the operator and argument.
  std::vector<Move> found;
  for (int from : candidates) {
    const int f = file_of(from), r = rank_of(from);
    int tf = f, tr = r;
    if (moves_straight(type)) {
      if (op == '=') tf = file_from_number(n, us);
      else tr = r + (op == '+' ? 1 : -1) * forward_sign(us) * n;
    } else {
      if (op == '=') continue;  // diagonal movers never move sideways
      tf = file_from_number(n, us);
      const int dx = std::abs(tf - f);
      const int dy = type == PieceType::Advisor ? 1 : type == PieceType::Elephant ? 2 : dx == 1 ? 2 : 1;
      if ((type == PieceType::Advisor && dx != 1) || (type == PieceType::Elephant && dx != 2) ||
          (type == PieceType::Horse && dx != 1 && dx != 2))
        continue;
      tr = r + (op == '+' ? 1 : -1) * forward_sign(us) * dy;
    }
    if (tf < 0 || tf > 8 || tr < 0 || tr > 9) continue;
    const Move m{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(square(tf, tr))};
    if (pos.is_legal(m)) found.push_back(m);
  }
  if (found.empty()) return fail(quoted(raw) + " is not a legal move here");
  if (found.size() > 1) {
    // Two pieces on the file could make the move: the book must say which (+ / -), except for
    // advisors and elephants, whose file and direction fix the piece when only one can go.
    return fail(quoted(raw) + " is ambiguous: two " + piece_name(type) + "s on file " + where + " can make it; write + or -");
  }
  if (candidates.size() > 1 && type != PieceType::Advisor && type != PieceType::Elephant && !lenient)
    return fail(quoted(raw) + ": two " + std::string(piece_name(type)) + "s stand on file " + where + "; write + or - instead of the file");
  return {found.front(), {}};
}

std::string to_wxf(const Position& pos, Move m) {
  const Piece p = pos.at(m.from);
  const Colour us = p.colour();
  const PieceType type = p.type();
  static const char letters[] = " KAEHRCP";
  char letter = letters[static_cast<int>(type)];
  if (us == Colour::Black) letter = static_cast<char>(std::tolower(static_cast<unsigned char>(letter)));
  std::string out(1, letter);
  // Same-type pieces on the same file: + for the front one, - for the rear; for pawns the WXF
  // forms for three to five on a file and for tandem pawns on two files.
  const auto all = pieces_of(pos, type, us);
  std::vector<int> same_file;
  for (int sq : all)
    if (file_of(sq) == file_of(m.from)) same_file.push_back(sq);
  const char file_digit = static_cast<char>('0' + number_from_file(file_of(m.from), us));
  const size_t k = same_file.size();
  const size_t index = static_cast<size_t>(std::find(same_file.begin(), same_file.end(), m.from) - same_file.begin());
  int tandem_files = 0;
  for (int f = 0; f < 9; ++f)
    tandem_files += std::count_if(all.begin(), all.end(), [f](int sq) { return file_of(sq) == f; }) >= 2;
  if (k < 2) {
    out += file_digit;
  } else if (type == PieceType::Pawn && tandem_files == 2) {
    out = std::string(1, file_digit) + (index == 0 ? '+' : index + 1 == k ? '-' : file_digit);
  } else if (k >= 4 && (index == 0 || index + 1 == k)) {
    out = index == 0 ? "++" : "--";
  } else if (k % 2 == 1 && index == k / 2) {
    out += file_digit;
  } else {
    out += index < k / 2 ? '+' : '-';
  }
  const int dr = (rank_of(m.to) - rank_of(m.from)) * forward_sign(us);
  if (moves_straight(type) && dr == 0) {
    out += '=';
    out += static_cast<char>('0' + number_from_file(file_of(m.to), us));
  } else {
    out += dr > 0 ? '+' : '-';
    out += moves_straight(type) && file_of(m.to) == file_of(m.from) ? static_cast<char>('0' + std::abs(dr))
                                                                     : static_cast<char>('0' + number_from_file(file_of(m.to), us));
  }
  return out;
}

ParsedMove parse_move(const Position& pos, std::string_view text, bool lenient) {
  std::string t(text);
  t.erase(std::remove(t.begin(), t.end(), '-'), t.end());
  // Traditional notation never has a file letter in third place, so the forms cannot collide.
  if (t.size() == 4 && is_iccs_square(t[0], t[1]) && is_iccs_square(t[2], t[3])) return parse_iccs(pos, text);
  return parse_wxf(pos, text, lenient);
}

}  // namespace rulespec::xiangqi
