#include "mine/engine_gtp.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>
#include <stdexcept>

#include "model/go/board.hpp"

namespace rulespec::mine {
namespace {

std::string upper(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  return s;
}

// The points of a reply ("A1 C3 ..."), as indices of `b`, sorted; nullopt for a word that is not one.
std::optional<std::vector<int>> points_of(const go::Board& b, const std::string& reply) {
  std::vector<int> out;
  std::istringstream in(reply);
  for (std::string w; in >> w;) {
    const auto p = b.parse_gtp(upper(w));
    if (!p) return std::nullopt;
    out.push_back(*p);
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

bool supports_gtp_legal_moves(engines::EngineProcess& engine, std::chrono::milliseconds timeout) {
  const auto listed = engine.gtp_reply("list_commands", timeout);
  std::istringstream in(listed.text);
  bool all_legal = false, list_stones = false;
  for (std::string w; in >> w;) all_legal = all_legal || w == "all_legal", list_stones = list_stones || w == "list_stones";
  return listed.ok && all_legal && list_stones;
}

std::function<std::optional<Value>(const Value&)> gtp_legal_moves(engines::EngineProcess& engine, std::chrono::milliseconds timeout) {
  return [&engine, timeout](const Value& input) -> std::optional<Value> {
    std::vector<std::string> rows;
    for (const Value& r : input.find("rows")->as_list()) rows.push_back(r.as_string());
    const auto board = go::board_from_rows(rows);
    if (!board || board->width() != board->height()) return std::nullopt;
    const go::Board& b = *board;
    if (!engine.gtp_reply("boardsize " + std::to_string(b.width()), timeout).ok) return std::nullopt;
    engine.gtp("clear_board", timeout);
    std::vector<int> black, white;
    for (int p : b.all_points()) {
      if (b.at(p) == go::Stone::Empty) continue;
      const bool is_black = b.at(p) == go::Stone::Black;
      (is_black ? black : white).push_back(p);
      if (!engine.gtp_reply(std::string("play ") + (is_black ? "B " : "W ") + b.to_gtp(p), timeout).ok) return std::nullopt;
    }
    // A capture while placing the stones one by one leaves another position than the one asked.
    std::sort(black.begin(), black.end());
    std::sort(white.begin(), white.end());
    if (points_of(b, engine.gtp("list_stones black", timeout)) != black || points_of(b, engine.gtp("list_stones white", timeout)) != white)
      return std::nullopt;
    const bool black_to_play = !input.find("to_play") || input.find("to_play")->as_string() == "B";
    const auto legal = points_of(b, engine.gtp(std::string("all_legal ") + (black_to_play ? "black" : "white"), timeout));
    if (!legal) throw std::runtime_error("all_legal answered with something that is not a list of points");
    Value moves = Value::list();
    for (int p : *legal) moves.push(Value::string(b.to_gtp(p)));
    moves.push(Value::string("pass"));  // GTP's pass is always legal; so is the model's here
    Value out = Value::map();
    out.set("moves", moves);
    return out;
  };
}

}  // namespace rulespec::mine
