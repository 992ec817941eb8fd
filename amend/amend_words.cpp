#include "amend/amend_words.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <set>

namespace rulespec {

std::string one_line(const Value& v) {
  return v.is_string() && v.as_string().find_first_of("\r\n") == std::string::npos ? v.as_string() : v.dump();
}

std::string lines_text(int first, int last) {
  return first == last ? "line " + std::to_string(first) : "lines " + std::to_string(first) + "-" + std::to_string(last);
}

namespace {

std::string text_of(const Value& answer, const char* key) {
  const Value* v = answer.find(key);
  return v ? one_line(*v) : std::string();
}

std::string player(const std::string& w) {
  if (w == "B" || w == "black") return "Black";
  if (w == "W" || w == "white") return "White";
  if (w == "red") return "Red";
  if (w == "sente") return "Sente";
  if (w == "gote") return "Gote";
  return w;
}

// "ko (Art. 4 §2)": a reason and the article its clause id names in `spec`.
std::string cited(const Spec& spec, const Value& answer, const std::string& reason) {
  std::string out = reason;
  const std::string clause = text_of(answer, "clause");
  if (clause.empty()) return out;
  const Clause* c = spec.clause(clause);
  const std::string where = c && !c->ref.empty() ? c->ref : clause;
  return out.empty() ? where : out + " (" + where + ")";
}

// What an answer says, in a few words: allowed or forbidden and by what, who wins by how much,
// the verdict; "" when it says none of these.
std::string outcome(const Spec& spec, const Value& answer) {
  if (const Value* err = answer.find("error")) {
    const std::string code = text_of(*err, "code"), message = text_of(*err, "message");
    return (code == "illegal-move" ? "the position cannot be reached: " : "no answer: ") + message;
  }
  if (const Value* legal = answer.find("legal"); legal && legal->kind() == Value::Kind::Bool)
    return legal->as_bool() ? std::string("allowed") : "forbidden by " + cited(spec, answer, text_of(answer, "reason"));
  std::string out;
  const std::string status = text_of(answer, "status");
  // A count nested under its method ("territory": {winner, margin}) reads as the count's outcome.
  if (!answer.find("winner") && answer.is_map())
    for (const auto& e : answer.as_map())
      if (e.value.is_map() && e.value.find("winner")) return outcome(spec, e.value);
  if (const Value* winner = answer.find("winner")) {
    const std::string w = one_line(*winner);
    if (w == "none" || w == "null" || w.empty()) out = "no winner";
    else out = player(w) + " wins";
    if (const Value* margin = answer.find("margin")) out += " by " + one_line(*margin);
    if (!status.empty() && status != "finished" && status != "done") out += " (" + status + ")";
    return out;
  }
  if (const Value* verdict = answer.find("verdict")) {
    out = "the verdict is " + one_line(*verdict);
    if (const std::string reason = text_of(answer, "reason"); !reason.empty() && reason.size() < 80) out += " (" + reason + ")";
    return out;
  }
  if (!status.empty()) return "the status is " + status;
  return {};
}

// The situation a case asks about: "After C3, the move B3" or "Case ID".
std::string situation(const Case* c) {
  if (!c) return "The case";
  const Value* move = c->input.find("move");
  const Value* moves = c->input.find("moves");
  std::string played;
  if (moves && moves->is_list()) {
    const auto& list = moves->as_list();
    const std::size_t shown_moves = std::min<std::size_t>(list.size(), 12);
    for (std::size_t i = 0; i < shown_moves; ++i) played += (played.empty() ? "" : " ") + one_line(list[i]);
    if (list.size() > shown_moves) played += " ... (" + std::to_string(list.size()) + " moves)";
  }
  if (move) return (played.empty() ? std::string("The move ") : "After " + played + ", the move ") + one_line(*move);
  if (!played.empty()) return "After " + played;
  // A count or a claim given by numbers: "With black territory 60, black prisoners 6, ...".
  std::string given;
  int scalars = 0;
  bool position = false;
  if (c->input.is_map())
    for (const auto& e : c->input.as_map()) {
      if (e.key == "rows" || e.key == "fen" || e.key == "sfen" || e.key == "black" || e.key == "setup") position = true;
      if (e.value.is_map() || e.value.is_list() || e.key == "sfen" || e.key == "fen") continue;
      std::string name = e.key;
      std::replace(name.begin(), name.end(), '_', ' ');
      given += (given.empty() ? "" : ", ") + name + " " + one_line(e.value);
      ++scalars;
    }
  if (position) return "In the position shown" + (given.empty() || scalars > 4 ? std::string() : " (" + given + ")");
  if (scalars > 0 && scalars <= 8) return "With " + given;
  return "Case " + c->id;
}

// "reason ko -> superko; winner W -> B": the fields that differ, when the outcome reads the same.
std::string fields_text(const std::vector<FieldChange>& fields) {
  std::string out;
  for (const auto& f : fields) {
    if (f.path == "board" || f.path == "captured" || f.path == "to_play" || f.path == "phase" || f.path == "consecutive_passes") continue;
    out += (out.empty() ? "" : "; ") + f.path + " " + f.before + " -> " + f.after;
  }
  return out;
}

// The lines of `source_file` a case's source cites: "go-codex-1985.ru.txt lines 68, 114: ..." ->
// {68, 114}; "lines 97-99" -> 97, 98, 99.
std::vector<int> cited_lines(const std::string& source, const std::string& source_file) {
  std::vector<int> out;
  if (source_file.empty()) return out;
  std::size_t at = source.find(source_file);
  if (at == std::string::npos) return out;
  at += source_file.size();
  while (at < source.size() && source[at] == ' ') ++at;
  if (source.compare(at, 4, "line") != 0) return out;
  at += 4;
  if (at < source.size() && source[at] == 's') ++at;
  int last = 0;
  bool range = false;
  while (at < source.size()) {
    const char ch = source[at];
    if (std::isdigit(static_cast<unsigned char>(ch))) {
      int n = 0;
      while (at < source.size() && std::isdigit(static_cast<unsigned char>(source[at]))) n = n * 10 + (source[at++] - '0');
      if (range && last > 0 && n >= last && n - last < 40)
        for (int k = last + 1; k <= n; ++k) out.push_back(k);
      else out.push_back(n);
      last = n;
      range = false;
      continue;
    }
    if (ch == '-') range = true;
    else if (source.compare(at, 3, "and") == 0) at += 2;
    else if (ch != ',' && ch != ' ') break;
    ++at;
  }
  return out;
}

// The clause of `cx` whose lines hold `line`, the narrowest one; null when none cites it.
const Clause* clause_at(const Codex& cx, int line) {
  const Clause* best = nullptr;
  for (const auto& c : cx.clauses)
    if (c.first_line > 0 && c.first_line <= line && line <= c.last_line &&
        (!best || c.last_line - c.first_line < best->last_line - best->first_line))
      best = &c;
  return best;
}

// The `length` characters of `text` at `at` are a number of their own: no digit or decimal point
// joins them on the left, no digit or decimal part on the right ("5.5 points", not "15.5" or "5.55").
bool number_of_its_own(const std::string& text, std::size_t at, std::size_t length) {
  const bool left = at == 0 || !(std::isdigit(static_cast<unsigned char>(text[at - 1])) || text[at - 1] == '.');
  const std::size_t end = at + length;
  const bool right = end >= text.size() || !(std::isdigit(static_cast<unsigned char>(text[end])) ||
                                             (text[end] == '.' && end + 1 < text.size() && std::isdigit(static_cast<unsigned char>(text[end + 1]))));
  return left && right;
}

// `text` holds `number` as a number of its own.
bool has_number(const std::string& text, const std::string& number) {
  for (std::size_t at = text.find(number); at != std::string::npos; at = text.find(number, at + 1))
    if (number_of_its_own(text, at, number.size())) return true;
  return false;
}

}  // namespace

std::string with_number_replaced(const std::string& text, const std::string& from, const std::string& to) {
  if (from.empty() || !has_number(text, from)) return {};
  std::string out;
  std::size_t at = 0;
  for (std::size_t hit = text.find(from); hit != std::string::npos; hit = text.find(from, hit + 1)) {
    if (!number_of_its_own(text, hit, from.size()) || hit < at) continue;
    out += text.substr(at, hit - at) + to;
    at = hit + from.size();
  }
  return out + text.substr(at);
}

bool statement_names_article(const std::string& statement, const std::string& ref) {
  for (std::size_t at = statement.find("Art. "); at != std::string::npos; at = statement.find("Art. ", at + 1)) {
    std::size_t end = at + 5;
    while (end < statement.size() && (std::isdigit(static_cast<unsigned char>(statement[end])) || statement[end] == ' ' || statement[end] == '\xc2' ||
                                      statement[end] == '\xa7'))
      ++end;
    while (end > at + 5 && statement[end - 1] == ' ') --end;
    const std::string article = statement.substr(at, end - at);
    const auto in_ref = ref.find(article);
    if (in_ref != std::string::npos) {
      const std::size_t after = in_ref + article.size();
      if (after >= ref.size() || !std::isdigit(static_cast<unsigned char>(ref[after]))) return true;
    }
  }
  return false;
}

namespace {

// A count that moved only by the komi the amendment changes: White's total by exactly the komi's
// change, and with it the margin and perhaps the winner. It says nothing against a claim that is
// not about the komi.
bool komi_shift_only(const Spec& base, const Spec& amended, const AmendmentEvaluation::ChangedCase& c) {
  const Ruleset& before = base.ruleset(c.ruleset);
  const Ruleset& after = amended.ruleset(c.ruleset);
  if (!before.has_param("komi") || !after.has_param("komi")) return false;
  const double delta = after.number_param("komi") - before.number_param("komi");
  if (delta == 0) return false;
  bool shifted = false;
  for (const auto& f : c.fields) {
    const std::string leaf = f.path.substr(f.path.rfind('.') == std::string::npos ? 0 : f.path.rfind('.') + 1);
    if (leaf == "margin" || leaf == "winner") continue;
    if (leaf != "white_total") return false;
    try {
      if (std::abs(std::stod(f.after) - std::stod(f.before) - delta) > 1e-9) return false;
    } catch (const std::exception&) {
      return false;
    }
    shifted = true;
  }
  return shifted;
}

}  // namespace

std::string case_change_sentence(const Spec& before_spec, const Spec& after_spec, const Case* c, const Value& before,
                                 const Value& after) {
  const std::string was = outcome(before_spec, before), is = outcome(after_spec, after);
  std::string out = situation(c) + ": ";
  if (!was.empty() && !is.empty() && was != is) return out + "before, " + was + "; under the amendment, " + is + ".";
  const std::string fields = fields_text(value_diff(before, after));
  if (!was.empty()) return out + was + " as before; only " + (fields.empty() ? std::string("the details") : fields) + " changed.";
  return out + (fields.empty() ? std::string("the answer changes") : fields) + ".";
}

bool only_labels_changed(const std::vector<FieldChange>& fields) {
  // What names or explains an answer, not the answer: the reason, the clauses and the table rows
  // cited, and the readings in force a `decide` answer echoes (a clause id has dots, so the first
  // name of the path counts as well as the last).
  static const std::set<std::string> labels = {"reason", "clause", "clauses", "rule", "detail", "why", "note", "explanation", "rows", "readings"};
  if (fields.empty()) return false;
  return std::all_of(fields.begin(), fields.end(), [](const FieldChange& f) {
    if (f.before == "(absent)" || f.after == "(absent)") return false;
    auto bare = [](std::string name) {
      if (const auto bracket = name.find('['); bracket != std::string::npos) name.resize(bracket);
      return name;
    };
    const std::string first = bare(f.path.substr(0, f.path.find('.')));
    const std::string last = bare(f.path.substr(f.path.rfind('.') == std::string::npos ? 0 : f.path.rfind('.') + 1));
    return labels.count(first) > 0 || labels.count(last) > 0;
  });
}

std::string named_quantities(const Value& witness) {
  if (witness.is_null()) return {};
  if (!witness.is_map()) return one_line(witness);
  std::string out;
  for (const auto& e : witness.as_map()) {
    std::string name = e.key;
    std::replace(name.begin(), name.end(), '_', ' ');
    out += (out.empty() ? "" : "; ") + name + " " + one_line(e.value);
  }
  return out;
}

std::vector<AmendmentEvaluation::Replaced> replaced_statements(const Spec& base, const Spec& amended, const Amendment& a) {
  std::vector<AmendmentEvaluation::Replaced> out;
  for (const auto& r : a.replace_clauses) {
    const Value* id = r.find("id");
    if (!id || !id->is_string()) continue;
    const Clause* old_clause = base.clause(id->as_string());
    const Clause* new_clause = amended.clause(id->as_string());
    if (!old_clause || !new_clause || old_clause->statement == new_clause->statement) continue;
    out.push_back({old_clause->id, old_clause->ref, old_clause->statement, new_clause->statement});
  }
  return out;
}

std::vector<AmendmentEvaluation::Reword> articles_to_reword(const Spec& base, const Spec& amended, const Amendment& a, const std::vector<Case>& cases,
                                                            const SuiteResult& before, const SuiteResult& after,
                                                            const AmendmentEvaluation& e, std::vector<std::string>* settled) {
  const Codex* cx = base.codex(a.codex);
  if (!cx) return {};
  // The amendment's own new words already answer for the clauses it replaces or removes.
  std::set<std::string> reworded;
  for (const auto& r : a.replace_clauses)
    if (const Value* id = r.find("id"); id && id->is_string()) reworded.insert(id->as_string());
  for (const auto& [id, pos] : a.remove_clauses) reworded.insert(id);

  std::map<std::string, AmendmentEvaluation::Reword> by_clause;
  auto add = [&](const Clause* c, const std::string& why) {
    if (!c || reworded.count(c->id)) return;
    auto& r = by_clause[c->id];
    if (r.clause.empty()) r = {c->id, c->ref, c->statement, c->first_line, c->last_line, {}, {}};
    if (std::find(r.why.begin(), r.why.end(), why) == r.why.end()) r.why.push_back(why);
  };
  std::map<std::string, const AmendmentEvaluation::ChangedCase*> changed;
  for (const auto& c : e.cases) changed.emplace(c.case_id, &c);

  // Claims the text makes that held and no longer do.
  std::map<std::string, bool> held;
  for (const auto& k : before.claim_checks) held[k.claim] = k.pass;
  for (const auto& k : after.claim_checks) {
    if (k.pass || !held.count(k.claim) || !held[k.claim]) continue;
    auto claim = std::find_if(cx->claims.begin(), cx->claims.end(), [&](const Claim& x) { return x.id == k.claim; });
    if (claim == cx->claims.end() || claim->first_line <= 0) continue;
    // Its evidence moved only in labels (the reason's name, the clause cited): what it claims stands.
    std::string shown_by;
    // A property that fails or an analysis that reports is evidence against it; one that could not
    // run is not (that stays a problem of the evaluation).
    bool outcome_moved = k.observed == "fails";
    const bool about_komi = claim->says.find("komi") != std::string::npos;
    for (const auto& ref : claim->checked_by)
      if (ref.rfind("case:", 0) == 0)
        if (auto it = changed.find(ref.substr(5)); it != changed.end() && !it->second->label_only &&
                                                   (about_komi || !komi_shift_only(base, amended, *it->second))) {
          shown_by += " " + it->second->sentence;
          outcome_moved = true;
        }
    if (!outcome_moved) {
      if (settled) settled->push_back(claim->id);
      continue;
    }
    std::string why = lines_text(claim->first_line, claim->last_line) + " claim: \"" + claim->says + "\"; under the amendment " +
                      (k.observed == "unchecked" ? std::string("its evidence no longer shows it") : "it " + k.observed);
    why += shown_by.empty() ? " (" + k.detail + ")." : ":" + shown_by;
    std::set<const Clause*> clauses;
    for (int line = claim->first_line; line <= claim->last_line; ++line) clauses.insert(clause_at(*cx, line));
    for (const Clause* c : clauses) {
      add(c, why);
      if (c && by_clause.count(c->id)) by_clause[c->id].claims.push_back(claim->id);
    }
  }
  // Examples the text gives (cases citing its lines) whose outcome changes against their expectation.
  std::map<std::string, const Case*> case_by_id;
  for (const auto& c : cases) case_by_id[c.id] = &c;
  std::set<std::string> seen_cases;
  for (const auto& cc : e.cases) {
    if (cc.expected_after || cc.label_only || !seen_cases.insert(cc.case_id).second) continue;
    auto it = case_by_id.find(cc.case_id);
    if (it == case_by_id.end()) continue;
    const auto lines = cited_lines(it->second->source, cx->source);
    if (lines.empty()) continue;
    // An example of one article; a case citing several articles' lines computes from all of them
    // and says nothing false of any one.
    std::set<const Clause*> clauses;
    for (int line : lines) clauses.insert(clause_at(*cx, line));
    if (clauses.size() != 1 || !*clauses.begin()) continue;
    // A number the komi moves is news only for an article about the komi.
    const bool komi_moved = komi_shift_only(base, amended, cc) || std::any_of(cc.fields.begin(), cc.fields.end(), [](const FieldChange& f) {
                              return f.path == "komi" || f.path.ends_with(".komi");
                            });
    if (komi_moved && (*clauses.begin())->statement.find("komi") == std::string::npos) continue;
    const std::string why = "the example of " + (lines.size() == 1 ? "line " + std::to_string(lines.front()) : "lines " + [&] {
      std::string s;
      for (int l : lines) s += (s.empty() ? "" : ", ") + std::to_string(l);
      return s;
    }()) + " (case " + cc.case_id + ", " + cc.ruleset + "): " + cc.sentence;
    add(*clauses.begin(), why);
  }
  // Statements that give a number the amendment changes: the komi of Art. 7 §2 is "5.5 points".
  for (const auto& [name, value] : a.params) {
    const ParamDecl* decl = nullptr;
    for (const auto& p : cx->params)
      if (p.id == name) decl = &p;
    if (!decl || (decl->type != "number" && decl->type != "int")) continue;
    // The old value per ruleset the amendment names, one line per value ("8 under ing-1996, ing-1996-aga").
    std::map<std::string, std::string> rulesets_by_old_value;
    for (const auto& rs_id : a.rulesets.empty() ? std::vector<std::string>{cx->rulesets.front().id} : a.rulesets) {
      const auto& params = base.ruleset(rs_id).all_params();
      auto old_value = params.find(name);
      if (old_value == params.end() || old_value->second == value) continue;
      auto& list = rulesets_by_old_value[one_line(old_value->second)];
      list += (list.empty() ? "" : ", ") + rs_id;
    }
    for (const auto& [old_text, rulesets] : rulesets_by_old_value)
      for (const auto& c : cx->clauses) {
        if (c.topic != name && !statement_names_article(decl->statement, c.ref)) continue;
        if (!has_number(c.statement, old_text)) continue;
        add(&c, "its statement gives " + name + " as " + old_text + "; the amendment sets " + one_line(value) + " (" + rulesets + ").");
      }
  }
  std::vector<AmendmentEvaluation::Reword> out;
  for (auto& [id, r] : by_clause) out.push_back(std::move(r));
  std::stable_sort(out.begin(), out.end(), [](const auto& x, const auto& y) { return x.first_line < y.first_line; });
  return out;
}

}  // namespace rulespec

namespace rulespec {

std::vector<std::string> AmendmentEvaluation::headline() const {
  auto count = [](std::size_t n, const std::string& one, const std::string& many) { return std::to_string(n) + " " + (n == 1 ? one : many); };
  auto ids = [](const std::vector<FindingChange>& list, bool conflicts_only) {
    std::string out;
    for (const auto& f : list)
      if (!conflicts_only || f.kind == "conflict") out += (out.empty() ? "" : ", ") + f.id;
    return out;
  };
  std::string first;
  if (amendment_verdict == "adds-inconsistency") {
    std::size_t new_conflicts = 0;
    for (const auto& f : appear) new_conflicts += f.kind == "conflict";
    first = "The amendment adds inconsistency: ";
    if (!inconsistencies.empty()) first += count(inconsistencies.size(), "property that held no longer holds", "properties that held no longer hold");
    if (new_conflicts) first += (inconsistencies.empty() ? "" : "; ") + count(new_conflicts, "conflict appears", "conflicts appear") + " (" + ids(appear, true) + ")";
    first += ".";
  } else if (amendment_verdict == "not-fully-evaluated") {
    first = "The amendment adds no inconsistency in what could be evaluated, but it is not fully evaluated: ";
    for (std::size_t i = 0; i < not_fully_evaluated_because.size(); ++i) first += (i ? "; " : "") + not_fully_evaluated_because[i];
    first += ".";
  } else {
    first = "The amendment adds no inconsistency";
    if (!resolved.empty()) first += " and resolves " + count(resolved.size(), "finding", "findings");
    first += ".";
  }
  std::string second;
  std::size_t resolved_conflicts = 0;
  for (const auto& f : resolved) resolved_conflicts += f.kind == "conflict";
  if (!conflicts.empty())
    second = "Apart from it, the codex as written already has " + count(conflicts.size(), "conflict", "conflicts") +
             " of its own, which the amendment leaves in place: " + ids(conflicts, false) + ".";
  else if (resolved_conflicts)
    second = "The codex as written had " + count(resolved_conflicts, "conflict", "conflicts") + " of its own (" + ids(resolved, true) +
             "); the amendment resolves " + (resolved_conflicts == 1 ? "it." : "them.");
  else
    second = "The codex as written has no conflict the suite finds.";
  return {first, second};
}

}  // namespace rulespec
