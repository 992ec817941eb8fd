#include "suite/suite_io.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <limits>
#include <stdexcept>
#include <type_traits>

#include "reports/report.hpp"

namespace rulespec {

namespace {

constexpr int kShardFormat = 1;

Value value_from_json(const Json& j) {
  switch (j.type()) {
    case Json::value_t::null: return Value::null();
    case Json::value_t::boolean: return Value::boolean(j.get<bool>());
    case Json::value_t::number_integer: return Value::integer(j.get<std::int64_t>());
    case Json::value_t::number_unsigned: return Value::integer(static_cast<std::int64_t>(j.get<std::uint64_t>()));
    case Json::value_t::number_float: return Value::number(j.get<double>());
    case Json::value_t::string: return Value::string(j.get<std::string>());
    case Json::value_t::array: {
      Value l = Value::list();
      for (const auto& x : j) l.push(value_from_json(x));
      return l;
    }
    case Json::value_t::object: {
      Value m = Value::map();
      for (auto it = j.begin(); it != j.end(); ++it) m.set(it.key(), value_from_json(it.value()));
      return m;
    }
    default: throw std::runtime_error("unexpected JSON value");
  }
}

// A field of an object, of the wanted type: a missing or mistyped field names itself.
const Json& field(const Json& j, const char* name) {
  if (!j.is_object() || !j.contains(name)) throw std::runtime_error(std::string("missing field '") + name + "'");
  return j.at(name);
}
[[noreturn]] void wrong_type(const char* name) { throw std::runtime_error(std::string("field '") + name + "' has the wrong type"); }

// Strictly typed: a number of the wrong kind or out of T's range is refused, never converted (a
// float converted to an integer out of its range is undefined behaviour, as make fuzz showed).
template <class T>
T get(const Json& j, const char* name) {
  const Json& v = field(j, name);
  if constexpr (std::is_same_v<T, bool>) {
    if (!v.is_boolean()) wrong_type(name);
    return v.get<bool>();
  } else if constexpr (std::is_integral_v<T>) {
    if (!v.is_number_integer()) wrong_type(name);
    if (v.is_number_unsigned()) {
      const auto u = v.get<std::uint64_t>();
      if (u > static_cast<std::uint64_t>(std::numeric_limits<T>::max())) wrong_type(name);
      return static_cast<T>(u);
    }
    const auto i = v.get<std::int64_t>();
    if constexpr (std::is_unsigned_v<T>) {
      if (i < 0 || static_cast<std::uint64_t>(i) > static_cast<std::uint64_t>(std::numeric_limits<T>::max())) wrong_type(name);
    } else {
      if (i < static_cast<std::int64_t>(std::numeric_limits<T>::min()) || i > static_cast<std::int64_t>(std::numeric_limits<T>::max()))
        wrong_type(name);
    }
    return static_cast<T>(i);
  } else if constexpr (std::is_floating_point_v<T>) {
    if (!v.is_number()) wrong_type(name);
    return v.get<T>();
  } else {
    static_assert(std::is_same_v<T, std::string>);
    if (!v.is_string()) wrong_type(name);
    return v.get<std::string>();
  }
}

std::vector<std::string> strings(const Json& j, const char* name) {
  const Json& v = field(j, name);
  if (!v.is_array()) wrong_type(name);
  std::vector<std::string> out;
  for (const auto& x : v) {
    if (!x.is_string()) wrong_type(name);
    out.push_back(x.get<std::string>());
  }
  return out;
}

Json finding_to_json(const Finding& f) {
  Json j{{"id", f.id},         {"kind", f.kind},       {"summary", f.summary},   {"explanation", f.explanation},
         {"clauses", f.clauses}, {"rulesets", f.rulesets}, {"witness", to_json(f.witness)},
         {"case_id", f.case_id}, {"analysis", f.analysis}, {"severity", f.severity}};
  if (!f.corrections.empty()) j["corrections"] = f.corrections;
  if (!f.correction_problem.empty()) j["correction_problem"] = f.correction_problem;
  for (const auto& r : f.restatements) j["restatements"].push_back({{"clause", r.clause}, {"statement", r.statement}, {"why", r.why}});
  return j;
}

Finding finding_from_json(const Json& j, const Spec& spec) {
  Finding f{.id = get<std::string>(j, "id"),
            .kind = get<std::string>(j, "kind"),
            .summary = get<std::string>(j, "summary"),
            .explanation = get<std::string>(j, "explanation"),
            .clauses = strings(j, "clauses"),
            .rulesets = strings(j, "rulesets"),
            .witness = value_from_json(field(j, "witness")),
            .case_id = get<std::string>(j, "case_id"),
            .analysis = get<std::string>(j, "analysis"),
            .severity = get<std::string>(j, "severity")};
  f.note = spec.findings_register().note(f.id);
  if (j.contains("corrections")) {
    const Json& c = j.at("corrections");
    if (!c.is_array()) wrong_type("corrections");
    for (const auto& set : c) {
      std::vector<std::string> ids;
      if (!set.is_array()) wrong_type("corrections");
      for (const auto& x : set) {
        if (!x.is_string()) wrong_type("corrections");
        ids.push_back(x.get<std::string>());
      }
      f.corrections.push_back(std::move(ids));
    }
  }
  if (j.contains("correction_problem")) f.correction_problem = get<std::string>(j, "correction_problem");
  if (j.contains("restatements")) {
    const Json& rs = j.at("restatements");
    if (!rs.is_array()) wrong_type("restatements");
    for (const auto& r : rs)
      f.restatements.push_back({get<std::string>(r, "clause"), get<std::string>(r, "statement"), get<std::string>(r, "why")});
  }
  return f;
}

Json peer_to_json(const PeerSuiteResult& p) {
  Json notes = Json::array();
  for (const auto& n : p.notes)
    notes.push_back({{"id", n.id}, {"from", n.from}, {"status", static_cast<int>(n.status)}, {"reading", n.reading},
                     {"agrees_under", n.agrees_under}, {"detail", n.detail}});
  return {{"suite", p.suite}, {"game", p.game}, {"path", p.path}, {"repo", p.repo}, {"commit", p.commit}, {"ruleset", p.ruleset},
          {"assumes", p.assumes}, {"items", p.items}, {"agree", p.agree}, {"reading_differences", p.reading_differences}, {"heavy_skipped", p.heavy_skipped}, {"notes", notes}};
}

PeerSuiteResult peer_from_json(const Json& j) {
  PeerSuiteResult p{get<std::string>(j, "suite"), get<std::string>(j, "game"), get<std::string>(j, "path"), get<std::string>(j, "repo"),
                    get<std::string>(j, "commit"), get<std::string>(j, "ruleset"), get<std::string>(j, "assumes")};
  p.items = get<int>(j, "items");
  p.agree = get<int>(j, "agree");
  p.reading_differences = get<int>(j, "reading_differences");
  p.heavy_skipped = get<int>(j, "heavy_skipped");
  for (const auto& n : field(j, "notes")) {
    const int status = get<int>(n, "status");
    if (status < 0 || status > 3) throw std::runtime_error("a peer item's status out of range");
    p.notes.push_back({get<std::string>(n, "id"), get<std::string>(n, "from"), static_cast<PeerItemOutcome::Status>(status),
                       get<std::string>(n, "reading"), get<std::string>(n, "agrees_under"), get<std::string>(n, "detail")});
  }
  return p;
}

Json certificate_to_json(const certify::Result& c) {
  Json clauses = Json::object();
  for (const auto& [id, t] : c.clauses) {
    Json failures = Json::array();
    for (const auto& f : t.failures)
      failures.push_back({{"position", f.position}, {"query", f.query}, {"required", f.required},
                          {"answered", f.answered}, {"replay", f.replay}, {"answered_ours", f.answered_ours}});
    clauses[id] = {{"tested", t.tested},     {"passed", t.passed},     {"measured", t.measured},
                   {"decisive", t.decisive}, {"log10_blind_pass", t.log10_blind_pass}, {"failures", failures},
                   {"shadowed_by", t.shadowed_by}, {"without_switch", t.without_switch}};
  }
  return Json{{"engine_id", c.engine_id}, {"protocol", c.protocol},         {"ruleset", c.ruleset},
              {"seed", c.seed},           {"clauses", clauses},             {"not_observable", c.not_observable},
              {"engine_error", c.engine_error}, {"games", c.games}, {"probes", c.probes}, {"seconds", c.seconds},
              {"codex", c.codex}, {"scope", c.scope}, {"min_probes", c.min_probes}, {"unobserved", c.unobserved},
              {"command", c.engine_command}, {"noted", c.noted}, {"measures_decisiveness", c.measures_decisiveness}};
}

certify::Result certificate_from_json(const Json& j) {
  certify::Result c;
  c.engine_id = get<std::string>(j, "engine_id");
  c.protocol = get<std::string>(j, "protocol");
  c.ruleset = get<std::string>(j, "ruleset");
  c.seed = get<std::uint64_t>(j, "seed");
  const Json& clauses = field(j, "clauses");
  if (!clauses.is_object()) throw std::runtime_error("field 'clauses' has the wrong type");
  for (auto it = clauses.begin(); it != clauses.end(); ++it) {
    certify::ClauseTally t;
    t.tested = get<int>(it.value(), "tested");
    t.passed = get<int>(it.value(), "passed");
    t.measured = it.value().value("measured", 0);
    t.decisive = it.value().value("decisive", 0);
    t.log10_blind_pass = it.value().value("log10_blind_pass", 0.0);
    for (const auto& other : it.value().value("shadowed_by", Json::array())) t.shadowed_by.insert(other.get<std::string>());
    t.without_switch = it.value().value("without_switch", 0);
    for (const auto& f : field(it.value(), "failures"))
      t.failures.push_back({get<std::string>(f, "position"), get<std::string>(f, "query"), get<std::string>(f, "required"),
                            get<std::string>(f, "answered"), get<std::string>(f, "replay"), get<std::string>(f, "answered_ours")});
    c.clauses[it.key()] = std::move(t);
  }
  c.not_observable = strings(j, "not_observable");
  c.engine_error = get<std::string>(j, "engine_error");
  c.games = get<int>(j, "games");
  c.probes = get<int>(j, "probes");
  c.seconds = get<double>(j, "seconds");
  c.codex = get<std::string>(j, "codex");
  c.engine_command = get<std::string>(j, "command");
  c.noted = strings(j, "noted");
  c.scope = strings(j, "scope");
  c.min_probes = get<int>(j, "min_probes");
  c.measures_decisiveness = j.value("measures_decisiveness", false);
  const Json& unobserved = field(j, "unobserved");
  if (!unobserved.is_object()) throw std::runtime_error("field 'unobserved' has the wrong type");
  for (auto it = unobserved.begin(); it != unobserved.end(); ++it) {
    if (!it.value().is_string()) throw std::runtime_error("field 'unobserved' has the wrong type");
    c.unobserved[it.key()] = it.value().get<std::string>();
  }
  return c;
}

}  // namespace

Json outcome_to_json(const ItemOutcome& o) {
  Json j = Json::object();
  if (!o.cases.empty()) {
    Json cs = Json::array();
    for (const auto& c : o.cases)
      cs.push_back({{"case_id", c.case_id}, {"ruleset", c.ruleset}, {"actual", to_json(c.actual)}, {"pass", c.pass},
                    {"decisive_for", c.decisive_for}});
    j["cases"] = cs;
  }
  if (o.diagram) j["diagram"] = {{"codex", o.diagram->codex}, {"clauses", o.diagram->clauses}, {"svg", o.diagram->svg}};
  if (o.property) {
    const PropertyOutcome& p = *o.property;
    j["property"] = {{"id", p.id},           {"ruleset", p.ruleset},     {"clauses", p.clauses}, {"pass", p.pass},
                     {"runs", p.runs},       {"failure", p.failure},     {"assertion", p.assertion}, {"reproduce", p.reproduce}, {"seed", p.seed},
                     {"gave_up", p.gave_up}, {"discarded", p.discarded}, {"witness", to_json(p.witness)},
                     {"decisive_samples", p.decisive_samples}, {"decisive_runs", p.decisive_runs}, {"switches_read", p.switches_read}};
  }
  if (o.analysis) {
    const AnalysisOutcome& a = *o.analysis;
    Json findings = Json::array();
    for (const auto& f : a.findings) findings.push_back(finding_to_json(f));
    j["analysis"] = {{"id", a.id},         {"clauses", a.clauses}, {"ok", a.ok},
                     {"applicable", a.applicable}, {"detail", a.detail}, {"findings", findings}};
  }
  if (o.mutant) j["mutant"] = {{"game", o.mutant->game}, {"flip", o.mutant->flip}, {"clause", o.mutant->clause}, {"killed", o.mutant->killed}};
  if (o.reference_certified) j["reference_certified"] = *o.reference_certified;
  if (o.certificate) j["certificate"] = certificate_to_json(*o.certificate);
  if (o.peer) j["peer"] = peer_to_json(*o.peer);
  if (!o.reads.empty()) j["reads"] = o.reads;
  return j;
}

ItemOutcome outcome_from_json(const Json& j, const Spec& spec, const std::vector<Case>& cases, const SuiteItem& item) {
  if (!j.is_object()) throw std::runtime_error("an outcome is an object");
  ItemOutcome o;
  if (j.contains("cases")) {
    if (item.kind != SuiteItem::Kind::Case) throw std::runtime_error("case results for " + item.key);
    const Case& c = cases.at(item.index);
    for (const auto& x : j.at("cases")) {
      CaseResult r{.case_id = get<std::string>(x, "case_id"), .ruleset = get<std::string>(x, "ruleset")};
      const auto e = std::find_if(c.expect.begin(), c.expect.end(), [&](const auto& kv) { return kv.first == r.ruleset; });
      if (r.case_id != c.id || e == c.expect.end())
        throw std::runtime_error("result " + r.case_id + " [" + r.ruleset + "] does not belong to " + item.key);
      r.expected = e->second;
      r.actual = value_from_json(field(x, "actual"));
      r.pass = get<bool>(x, "pass");
      if (x.contains("decisive_for")) r.decisive_for = strings(x, "decisive_for");
      o.cases.push_back(std::move(r));
    }
  }
  if (j.contains("diagram")) {
    const Json& d = j.at("diagram");
    o.diagram = SuiteResult::CaseDiagram{get<std::string>(d, "codex"), get<std::string>(d, "clauses"), get<std::string>(d, "svg")};
  }
  if (j.contains("property")) {
    const Json& p = j.at("property");
    o.property = PropertyOutcome{.id = get<std::string>(p, "id"),
                                 .ruleset = get<std::string>(p, "ruleset"),
                                 .clauses = strings(p, "clauses"),
                                 .pass = get<bool>(p, "pass"),
                                 .runs = get<int>(p, "runs"),
                                 .failure = get<std::string>(p, "failure"),
                                 .assertion = get<std::string>(p, "assertion"),
                                 .reproduce = get<std::string>(p, "reproduce"),
                                 .seed = get<std::uint64_t>(p, "seed"),
                                 .gave_up = get<bool>(p, "gave_up"),
                                 .discarded = get<int>(p, "discarded"),
                                 .witness = value_from_json(field(p, "witness"))};
    if (p.contains("decisive_samples")) {
      const Json& d = p.at("decisive_samples");
      if (!d.is_object()) throw std::runtime_error("field 'decisive_samples' has the wrong type");
      for (auto it = d.begin(); it != d.end(); ++it) {
        if (!it.value().is_number_integer()) throw std::runtime_error("field 'decisive_samples' has the wrong type");
        o.property->decisive_samples[it.key()] = it.value().get<int>();
      }
      o.property->decisive_runs = p.value("decisive_runs", 0);
      o.property->switches_read = p.value("switches_read", false);
    }
  }
  if (j.contains("analysis")) {
    const Json& a = j.at("analysis");
    AnalysisOutcome out{.id = get<std::string>(a, "id"),
                        .clauses = strings(a, "clauses"),
                        .ok = get<bool>(a, "ok"),
                        .applicable = get<bool>(a, "applicable"),
                        .detail = get<std::string>(a, "detail")};
    for (const auto& f : field(a, "findings")) out.findings.push_back(finding_from_json(f, spec));
    o.analysis = std::move(out);
  }
  if (j.contains("mutant")) {
    const Json& m = j.at("mutant");
    o.mutant = SuiteResult::Mutant{get<std::string>(m, "game"), get<std::string>(m, "flip"), get<std::string>(m, "clause"),
                                   get<bool>(m, "killed")};
  }
  if (j.contains("reference_certified")) o.reference_certified = get<bool>(j, "reference_certified");
  if (j.contains("certificate")) o.certificate = certificate_from_json(j.at("certificate"));
  if (j.contains("peer")) {
    if (item.kind != SuiteItem::Kind::Peer) throw std::runtime_error("a peer suite's result for " + item.key);
    o.peer = peer_from_json(j.at("peer"));
  }
  if (j.contains("reads"))
    for (const auto& k : strings(j, "reads")) o.reads.insert(k);
  return o;
}

std::string suite_fingerprint(const std::vector<SuiteItem>& plan, const SuiteOptions& opt,
                              const std::vector<std::string>& dirs) {
  // FNV-1a, 64 bits: a checksum against mixing slices of different trees, not a security measure.
  std::uint64_t h = 14695981039346656037ull;
  auto mix = [&](const std::string& s) {
    for (unsigned char ch : s) h = (h ^ ch) * 1099511628211ull;
    h = (h ^ 0xff) * 1099511628211ull;  // a separator, so "ab"+"c" differs from "a"+"bc"
  };
  mix(RULESPEC_VERSION);
  mix(std::to_string(opt.seed));
  mix(opt.deep ? "deep" : "");
  mix(opt.codex);
  for (const auto& item : plan) mix(item.key);
  namespace fs = std::filesystem;
  for (const auto& dir : dirs) {
    std::vector<fs::path> files;
    std::error_code ec;
    for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
      if (it->is_regular_file()) files.push_back(it->path());
    std::sort(files.begin(), files.end());
    for (const auto& f : files) {
      mix(fs::relative(f, dir).string());
      std::ifstream in(f, std::ios::binary);
      std::ostringstream bytes;
      bytes << in.rdbuf();
      mix(bytes.str());
    }
  }
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
  return hex;
}

std::vector<std::size_t> shard_items(std::size_t plan_size, int k, int n) {
  if (n < 1 || k < 1 || k > n) throw std::invalid_argument("shard K/N needs 1 <= K <= N");
  std::vector<std::size_t> out;
  for (std::size_t i = static_cast<std::size_t>(k - 1); i < plan_size; i += static_cast<std::size_t>(n)) out.push_back(i);
  return out;
}

std::string shard_file_name(int k, int n) { return "shard-" + std::to_string(k) + "-of-" + std::to_string(n) + ".json"; }

std::string shard_text(const std::string& fingerprint, const SuiteOptions& opt, int k, int n,
                       const std::vector<SuiteItem>& plan, const std::vector<std::size_t>& which,
                       const std::vector<ItemOutcome>& outcomes) {
  Json items = Json::array();
  for (std::size_t i = 0; i < which.size(); ++i)
    items.push_back({{"index", which[i]}, {"key", plan.at(which[i]).key}, {"outcome", outcome_to_json(outcomes.at(i))}});
  const Json j{{"rulespec-shard", kShardFormat}, {"version", RULESPEC_VERSION}, {"fingerprint", fingerprint},
               {"seed", opt.seed},  {"deep", opt.deep},    {"codex", opt.codex},     {"shard", k},
               {"shards", n},       {"planned", plan.size()}, {"items", items}};
  return j.dump(1) + "\n";
}

void write_shard(const std::string& dir, const std::string& fingerprint, const SuiteOptions& opt, int k, int n,
                 const std::vector<SuiteItem>& plan, const std::vector<std::size_t>& which,
                 const std::vector<ItemOutcome>& outcomes) {
  const std::string text = shard_text(fingerprint, opt, k, n, plan, which, outcomes);
  std::filesystem::create_directories(dir);
  write_file_atomic((std::filesystem::path(dir) / shard_file_name(k, n)).string(), text);
}

Shard read_shard(const std::string& path, const Spec& spec, const std::vector<Case>& cases,
                 const std::vector<SuiteItem>& plan, const std::string& fingerprint) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(SourcePos{std::make_shared<const std::string>(path), 0, 0}, "cannot read shard file");
  std::ostringstream buf;
  buf << in.rdbuf();
  return parse_shard(buf.str(), path, spec, cases, plan, fingerprint);
}

Shard parse_shard(const std::string& text, const std::string& path, const Spec& spec, const std::vector<Case>& cases,
                  const std::vector<SuiteItem>& plan, const std::string& fingerprint) {
  auto at = [&](std::size_t byte) {
    SourcePos pos{std::make_shared<const std::string>(path), 1, 1};
    for (std::size_t i = 0; i < byte && i < text.size(); ++i) {
      if (text[i] == '\n') ++pos.line, pos.col = 1;
      else ++pos.col;
    }
    return pos;
  };
  Json j;
  try {
    j = Json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    const std::size_t byte = e.byte == 0 ? 0 : e.byte - 1;
    throw InputError(at(byte), "not JSON: '" + text.substr(byte, 12) + "'");
  } catch (const nlohmann::json::exception& e) {
    // A number too large for a double (make fuzz): nlohmann names the token but not where it is.
    throw InputError(at(0), std::string("not JSON: ") + e.what());
  }
  Shard s;
  s.file = path;
  try {
    if (!j.is_object() || !j.contains("rulespec-shard")) throw std::runtime_error("not a rulespec shard file");
    if (get<int>(j, "rulespec-shard") != kShardFormat)
      throw std::runtime_error("shard format " + field(j, "rulespec-shard").dump() + ", this rulespec reads format " + std::to_string(kShardFormat));
    s.fingerprint = get<std::string>(j, "fingerprint");
    if (!fingerprint.empty() && s.fingerprint != fingerprint)
      throw std::runtime_error("fingerprint " + s.fingerprint + " is not this tree's " + fingerprint +
                               ": the slice was run on other sources, options or rulespec version");
    s.k = get<int>(j, "shard");
    s.n = get<int>(j, "shards");
    if (s.n < 1 || s.k < 1 || s.k > s.n) throw std::runtime_error("shard " + std::to_string(s.k) + " of " + std::to_string(s.n));
    if (get<std::size_t>(j, "planned") != plan.size())
      throw std::runtime_error("planned " + field(j, "planned").dump() + " items, this tree plans " + std::to_string(plan.size()));
    const auto expected = shard_items(plan.size(), s.k, s.n);
    const Json& items = field(j, "items");
    if (!items.is_array() || items.size() != expected.size())
      throw std::runtime_error("slice " + std::to_string(s.k) + "/" + std::to_string(s.n) + " should hold " +
                               std::to_string(expected.size()) + " items");
    for (std::size_t i = 0; i < expected.size(); ++i) {
      const Json& item = items[i];
      const auto index = get<std::size_t>(item, "index");
      const auto key = get<std::string>(item, "key");
      if (index != expected[i] || key != plan[index].key)
        throw std::runtime_error("item " + std::to_string(i) + " is " + key + ", this tree plans " + plan[expected[i]].key);
      s.outcomes.emplace_back(index, outcome_from_json(field(item, "outcome"), spec, cases, plan[index]));
    }
  } catch (const std::runtime_error& e) {
    if (dynamic_cast<const InputError*>(&e)) throw;
    throw InputError(at(0), e.what());
  }
  return s;
}

}  // namespace rulespec
