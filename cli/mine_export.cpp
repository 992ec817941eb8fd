// mine --export sgf|csv|json: the witnesses in a form other tools read. Each carries the two
// rulesets that part, the clauses that explain it, every ruleset's answer, the position in its
// game's notation (SGF for Go with the ruleset in RU[], FEN and ICCS moves for xiangqi, SFEN and
// a KIF board diagram for shogi, board coordinates for renju), the raw oracle request that shows
// each side's answer, and the version and commit that found it.
#include <sstream>

#include "cli/commands.hpp"
#include "cli/mine_export.hpp"
#include "model/go/board.hpp"
#include "model/go/history.hpp"
#include "model/go/sgf.hpp"
#include "model/shogi/position.hpp"
#include "spec/build_info.hpp"

namespace rulespec::cli {

namespace {

std::vector<std::string> strings_in(const Value* list) {
  std::vector<std::string> out;
  if (list && list->is_list())
    for (const Value& v : list->as_list())
      if (v.is_string()) out.push_back(v.as_string());
  return out;
}

std::string joined(const std::vector<std::string>& v, const std::string& sep) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : sep) + s;
  return out;
}

// A Go witness as an SGF game: the position (rows, or an empty board of its size), the side to
// move, the moves played, then the move asked about, under RU[ruleset]; nullopt for a witness
// without a board (the end question's event sequences).
std::optional<std::string> go_sgf(const mine::Witness& w, const std::string& ruleset, const std::string& comment) {
  const Value& in = w.input;
  std::optional<go::Board> board;
  if (const Value* rows = in.find("rows")) board = go::board_from_rows(strings_in(rows));
  else if (const Value* size = in.find("size"); size && size->is_numeric())
    board = go::Board(static_cast<int>(size->as_int()), static_cast<int>(size->as_int()));
  if (!board) return std::nullopt;
  go::SgfGame g;
  g.width = board->width();
  g.height = board->height();
  g.rules = ruleset;
  g.comment = comment;
  for (int p : board->all_points())
    if (board->at(p) == go::Stone::Black || board->at(p) == go::Stone::White) g.setup.emplace_back(p, board->at(p));
  go::Stone colour = go::Stone::Black;
  if (const Value* tp = in.find("to_play"); tp && tp->is_string() && tp->as_string() == "W") colour = go::Stone::White;
  g.to_play = colour;
  std::vector<std::string> moves = strings_in(in.find("moves"));
  if (const Value* m = in.find("move"); m && m->is_string()) moves.push_back(m->as_string());
  for (const auto& m : moves) {
    const auto p = m == "pass" ? std::optional<int>(go::kPass) : board->parse_gtp(m);
    if (!p) return std::nullopt;
    g.moves.emplace_back(colour, *p);
    colour = go::opponent(colour);
  }
  return go::write_sgf(g);
}

// A shogi position as a KIF board diagram (BOD): the hands, the board from file 9 to 1 and rank
// 一 to 九 (Gote's pieces marked v), the side to move; empty when the SFEN does not parse.
std::string kif_board(const std::string& sfen) {
  const auto pos = shogi::Position::from_sfen(sfen, nullptr, true);
  if (!pos) return "";
  static const char* kPieces[] = {"歩", "香", "桂", "銀", "金", "角", "飛", "玉", "と", "杏", "圭", "全", "馬", "龍"};
  static const char* kNumerals[] = {"", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十",
                                    "十一", "十二", "十三", "十四", "十五", "十六", "十七", "十八"};
  auto hand = [&](shogi::Colour c) {
    std::string out;
    for (int k = shogi::kHandKinds - 1; k >= 0; --k) {
      const int n = pos->in_hand(c, static_cast<shogi::Kind>(k));
      if (n == 0) continue;
      out += std::string(out.empty() ? "" : "　") + kPieces[k] + (n > 1 && n <= 18 ? kNumerals[n] : "");
    }
    return out.empty() ? std::string("なし") : out;
  };
  std::string out = "後手の持駒：" + hand(shogi::Colour::Gote) + "\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n";
  for (int rank = 1; rank <= 9; ++rank) {
    out += "|";
    for (int file = 9; file >= 1; --file) {
      const auto sq = shogi::parse_square(std::to_string(file) + static_cast<char>('a' + rank - 1));
      const shogi::Piece& p = pos->at(*sq);
      out += p.empty() ? std::string(" ・") : std::string(p.colour == shogi::Colour::Gote ? "v" : " ") + kPieces[p.kind];
    }
    out += std::string("|") + kNumerals[rank] + "\n";
  }
  out += "+---------------------------+\n先手の持駒：" + hand(shogi::Colour::Sente) + "\n";
  const auto space = sfen.find(' ');
  out += std::string("手番＝") + (space != std::string::npos && sfen.compare(space + 1, 1, "w") == 0 ? "後手" : "先手") + "\n";
  return out;
}

// The position in its game's own notation, for the CSV and JSON exports.
std::string notation(const mine::Question& q, const mine::Witness& w) {
  const Value& in = w.input;
  if (q.game == "go") return go_sgf(w, w.first, "").value_or("");
  if (q.game == "xiangqi") {
    std::string out = in.find("fen") ? "FEN " + in.find("fen")->as_string() : "";
    const auto moves = strings_in(in.find("moves"));
    if (!moves.empty()) out += "; moves (ICCS) " + joined(moves, " ");
    return out;
  }
  if (q.game == "shogi") return in.find("sfen") ? "SFEN " + in.find("sfen")->as_string() : "";
  if (q.game == "renju") {
    const auto black = strings_in(in.find("black")), white = strings_in(in.find("white"));
    return "black " + (black.empty() ? "-" : joined(black, " ")) + "; white " + (white.empty() ? "-" : joined(white, " "));
  }
  return "";
}

// The oracle request that shows a side's answer; null for a side the oracle cannot name (a ruleset
// with clauses switched off, or an engine).
Value oracle_request(const mine::Question& q, const mine::Witness& w, const std::string& side) {
  const auto [ruleset, without] = mine::split_side(side);
  if (!without.empty() || side == "engine") return Value();
  Value r = Value::map();
  r.set("game", Value::string(q.game));
  r.set("query", Value::string(q.query));
  r.set("ruleset", Value::string(ruleset));
  for (const auto& e : w.input.as_map()) r.set(e.key, e.value);
  return r;
}

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string answer_text(const mine::Witness& w, const std::string& side) {
  for (const auto& [rs, answer] : w.answers)
    if (rs == side) return answer.dump();
  return "";
}

}  // namespace

const std::vector<std::string>& export_formats() {
  static const std::vector<std::string> f = {"sgf", "csv", "json"};
  return f;
}

std::string export_witnesses(const mine::Question& q, const mine::Result& r, const std::string& format, int& skipped) {
  skipped = 0;
  std::ostringstream os;
  const std::string by = rulespec_version_line();
  if (format == "sgf") {
    // One game per witness, under the first ruleset; the comment says where the second parts.
    for (const auto& w : r.witnesses) {
      std::string comment = "rulespec mine " + q.game + "/" + q.name + ": " + w.first + " and " + w.second + " part (" +
                            mine::group_of(w) + ").\n";
      for (const auto& [rs, answer] : w.answers) comment += rs + ": " + answer.dump() + "\n";
      comment += "oracle: " + oracle_request(q, w, w.first).dump() + "\nby " + by;
      if (const auto sgf = go_sgf(w, w.first, comment)) os << *sgf;
      else ++skipped;
    }
    return os.str();
  }
  if (format == "csv") {
    os << "game,question,first,second,clauses,parts,notation,input,first_answer,second_answer,first_oracle_request,second_oracle_request,rulespec,kif\n";
    for (const auto& w : r.witnesses) {
      const Value a = oracle_request(q, w, w.first), b = oracle_request(q, w, w.second);
      os << q.game << "," << q.name << "," << csv_field(w.first) << "," << csv_field(w.second) << "," << csv_field(mine::group_of(w)) << ","
         << w.parts << "," << csv_field(notation(q, w)) << "," << csv_field(w.input.dump()) << "," << csv_field(answer_text(w, w.first))
         << "," << csv_field(answer_text(w, w.second)) << "," << csv_field(a.is_null() ? "" : a.dump()) << ","
         << csv_field(b.is_null() ? "" : b.dump()) << "," << csv_field(by) << ","
         << csv_field(q.game == "shogi" && w.input.find("sfen") ? kif_board(w.input.find("sfen")->as_string()) : "") << "\n";
    }
    return os.str();
  }
  Json out = Json::array();
  for (const auto& w : r.witnesses) {
    Json answers = Json::object(), requests = Json::object();
    for (const auto& [rs, answer] : w.answers) {
      answers[rs] = to_json(answer);
      if (const Value req = oracle_request(q, w, rs); !req.is_null()) requests[rs] = to_json(req);
    }
    Json x{{"game", q.game}, {"question", q.name}, {"first", w.first}, {"second", w.second}, {"clauses", w.clauses},
           {"parts", w.parts}, {"notation", notation(q, w)}, {"input", to_json(w.input)}, {"answers", answers},
           {"oracle_requests", requests},
           {"rulespec", {{"version", rulespec_version()}, {"commit", rulespec_commit()}}}};
    if (q.game == "shogi" && w.input.find("sfen")) x["kif"] = kif_board(w.input.find("sfen")->as_string());
    out.push_back(std::move(x));
  }
  return out.dump(2) + "\n";
}

}  // namespace rulespec::cli
