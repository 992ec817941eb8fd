#include "mine/slice.hpp"

#include "spec/yaml_load.hpp"

namespace rulespec::mine {

std::string slice_file_name(int k, int n) { return "mine-" + std::to_string(k) + "-of-" + std::to_string(n) + ".json"; }

bool is_slice_file_name(const std::string& name) {
  return name.rfind("mine-", 0) == 0 && name.find("-of-") != std::string::npos && name.size() > 5 &&
         name.substr(name.size() - 5) == ".json";
}

namespace {

Value strings(const std::vector<std::string>& list) {
  Value out = Value::list();
  for (const auto& s : list) out.push(Value::string(s));
  return out;
}

const Value& required(const Value& node, const char* key) {
  const Value* v = node.find(key);
  if (!v) throw InputError(node.pos(), std::string("a mine slice needs '") + key + "'");
  return *v;
}

}  // namespace

std::string slice_text(const Options& opt, const std::string& tree, const Result& r) {
  Value v = Value::map();
  v.set("kind", Value::string("rulespec mine slice"));
  v.set("tree", Value::string(tree));
  v.set("game", Value::string(opt.game));
  v.set("question", Value::string(opt.question));
  v.set("between", strings(opt.between));
  v.set("seed", Value::string(std::to_string(opt.seed)));  // 64 bits, kept exact as text
  v.set("positions", Value::integer(opt.positions));
  v.set("max", Value::integer(opt.max_witnesses));
  v.set("first_against_each", Value::boolean(opt.first_against_each));
  v.set("exhaustive", Value::boolean(opt.exhaustive));
  v.set("shard", Value::integer(opt.shard));
  v.set("shards", Value::integer(opt.shards));
  v.set("examined", Value::integer(r.examined));
  v.set("disagreeing", Value::integer(r.disagreeing));
  v.set("budget_hit", Value::boolean(r.budget_hit));
  v.set("per_group", Value::integer(opt.per_group));
  Value none = Value::map();
  for (const auto& [side, whys] : r.unanswerable) {
    Value w = Value::map();
    for (const auto& [why, n] : whys) w.set(why, Value::integer(n));
    none.set(side, w);
  }
  v.set("unanswerable", none);
  Value witnesses = Value::list();
  for (const auto& w : r.witnesses) {
    Value x = Value::map();
    x.set("position", Value::integer(w.position));
    x.set("pair_rank", Value::integer(w.pair_rank));
    x.set("parts", Value::integer(w.parts));
    x.set("first", Value::string(w.first));
    x.set("second", Value::string(w.second));
    x.set("shape", Value::string(w.shape));
    x.set("key", Value::string(w.key));
    x.set("input", w.input);
    Value answers = Value::list();
    for (const auto& [rs, answer] : w.answers) {
      Value a = Value::map();
      a.set("ruleset", Value::string(rs));
      a.set("answer", answer);
      answers.push(a);
    }
    x.set("answers", answers);
    x.set("clauses", strings(w.clauses));
    witnesses.push(x);
  }
  v.set("witnesses", witnesses);
  return v.dump() + "\n";
}

Slice read_slice(const std::string& path) {
  const Value doc = load_yaml_file(path);
  if (!doc.is_map() || !doc.find("kind") || doc.find("kind")->as_string("kind") != "rulespec mine slice")
    throw InputError(doc.pos(), "not a slice of rulespec mine (no kind: rulespec mine slice)");
  Slice s;
  s.tree = required(doc, "tree").as_string("tree");
  s.options.game = required(doc, "game").as_string("game");
  s.options.question = required(doc, "question").as_string("question");
  for (const Value& b : required(doc, "between").as_list("between")) s.options.between.push_back(b.as_string("between"));
  const Value& seed = required(doc, "seed");
  try {
    s.options.seed = std::stoull(seed.as_string("seed"));
  } catch (const std::logic_error&) {
    throw InputError(seed.pos(), "seed: not a number");
  }
  s.options.positions = static_cast<int>(required(doc, "positions").as_int("positions"));
  s.options.max_witnesses = static_cast<int>(required(doc, "max").as_int("max"));
  s.options.first_against_each = required(doc, "first_against_each").as_bool("first_against_each");
  s.options.exhaustive = required(doc, "exhaustive").as_bool("exhaustive");
  s.options.shard = static_cast<int>(required(doc, "shard").as_int("shard"));
  s.options.shards = static_cast<int>(required(doc, "shards").as_int("shards"));
  s.result.examined = static_cast<int>(required(doc, "examined").as_int("examined"));
  s.result.disagreeing = static_cast<int>(required(doc, "disagreeing").as_int("disagreeing"));
  s.result.budget_hit = required(doc, "budget_hit").as_bool("budget_hit");
  s.options.per_group = static_cast<int>(required(doc, "per_group").as_int("per_group"));
  for (const auto& side : required(doc, "unanswerable").as_map())
    for (const auto& why : side.value.as_map()) s.result.unanswerable[side.key][why.key] = static_cast<int>(why.value.as_int("unanswerable"));
  for (const Value& x : required(doc, "witnesses").as_list("witnesses")) {
    Witness w;
    w.position = required(x, "position").as_int("position");
    w.pair_rank = static_cast<int>(required(x, "pair_rank").as_int("pair_rank"));
    w.parts = static_cast<int>(required(x, "parts").as_int("parts"));
    w.first = required(x, "first").as_string("first");
    w.second = required(x, "second").as_string("second");
    w.shape = required(x, "shape").as_string("shape");
    w.key = required(x, "key").as_string("key");
    w.input = required(x, "input");
    for (const Value& a : required(x, "answers").as_list("answers"))
      w.answers.emplace_back(required(a, "ruleset").as_string("ruleset"), required(a, "answer"));
    for (const Value& c : required(x, "clauses").as_list("clauses")) w.clauses.push_back(c.as_string("clauses"));
    s.result.witnesses.push_back(std::move(w));
  }
  return s;
}

}  // namespace rulespec::mine
