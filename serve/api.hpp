// The workbench's JSON API as plain functions of the catalogs and a request body: no sockets, no
// processes, so that the fuzz target and the tests reach every parsing path the server does.
// Every answer is an HTTP status and a JSON body; a bad request is the CLI's positioned error
// ({"error": {"code", "message", "where": "amendment:3:7", "line", "col"}}) with status 400.
#pragma once
#include <string>

#include "reports/json_value.hpp"
#include "spec/spec.hpp"

namespace rulespec::serve {

struct Answer {
  int status = 200;
  Json body;
};

// An error answer: `code` names the kind (bad-request, not-found, too-large, busy, ...).
Answer error_answer(int status, const std::string& code, const std::string& message);
// A positioned error (an InputError) as a 400: `source` replaces the file name in its position,
// since the request named no file.
Answer input_error_answer(const InputError& e, const std::string& source);

// GET /api/codices: every codex with its params (declared values or domain), rulesets (the values
// and readings each takes) and clauses (id, ref, topic, kind, statement, readings), as the
// amendment editor needs them.
Answer codices(const Spec& spec);
// GET /api/clauses/ID: one clause with its readings, the params of its codex, and the source lines
// it cites (Russian, numbered). 404 with the nearest ids when unknown.
Answer clause(const Spec& spec, const std::string& id);

// POST /api/oracle: one request (a JSON object) or a list of them; the answers in order, as
// `rulespec oracle` gives them. A request's inline "amendment" object applies; an amendment named
// by path is refused (nothing in a request names a file).
Answer oracle(const Spec& spec, const std::string& body);

// POST /api/amend, first step: the body (YAML, or JSON, which is YAML) checked as an amendment of
// the catalogs. On success `yaml` holds the text to evaluate and `codex` its codex; otherwise the
// answer is the positioned error.
struct AmendmentCheck {
  bool ok = false;
  std::string codex, yaml;
  Answer error;
};
AmendmentCheck check_amendment(const Spec& spec, const std::string& body);

// POST /api/amendment-form: an amendment (YAML) as the editor's form holds it, so that a loaded
// proposal survives later edits of the form: {id, codex, title, rationale, source, rulesets,
// params: {id: value}, readings: {clause: reading}, replace_statements: {clause: statement},
// extra: the YAML of every section the form does not hold (add_clauses, add_readings,
// remove_clauses, a replace_clauses entry that sets more than a statement), kept as written}.
// A bad amendment is its positioned error.
Answer amendment_form(const Spec& spec, const std::string& body);

// GET /api/amendments: the amendments shipped in `dir` (spec/amendments), each {id, codex, title,
// file, yaml}, sorted by file name: what a committee may compare its own against.
Answer shipped_amendments(const Spec& spec, const std::string& dir);

// POST /api/repair, first step: {"finding": "F-..."}, a defect or wording finding of the register.
struct RepairCheck {
  bool ok = false;
  std::string finding;
  Answer error;
};
RepairCheck check_repair(const Spec& spec, const std::string& body);

// The largest request body the server reads (413 beyond it).
inline constexpr std::size_t kMaxBody = 1 << 20;
// The most requests one POST /api/oracle may carry.
inline constexpr std::size_t kMaxOracleRequests = 64;

}  // namespace rulespec::serve
