// The Python module: rulespec.ask(dict) -> dict answers an oracle request in-process, as
// `rulespec oracle` answers a JSON line (the same query layer, the same errors as
// {"error": {...}}); ask_many(list) answers a batch. Requests and answers cross as JSON text,
// through Python's own json module, so that every value the oracle takes (and nothing else)
// passes. The catalogs are loaded once, on the first request.
#include <pybind11/pybind11.h>

#include <map>
#include <memory>
#include <string>

#include "queries/query.hpp"
#include "reports/json_value.hpp"
#include "spec/build_info.hpp"

namespace py = pybind11;
using namespace rulespec;

namespace {

const Spec& catalogs() {
  static const Spec spec = Spec::load_dir(source_root() + "/spec");
  return spec;
}

// One request's answer as JSON text (the oracle's answer line).
// A batch numbers its requests from 1, as the lines of a JSON Lines stream: an error's position
// is the line the oracle would give the same request there.
std::string answer_text(const std::string& request_text, int line, std::map<std::string, Spec>& amended) {
  const Value answer = answer_request(catalogs(), [&] { return parse_json(request_text, "<request>", line); }, amended);
  return to_json(answer).dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace

PYBIND11_MODULE(_rulespec, m) {
  m.doc() = "rulespec's oracle in-process: ask(request) answers as `rulespec oracle` does";
  const py::object json = py::module_::import("json");
  m.def(
      "ask",
      [json](const py::object& request) {
        const std::string text = py::str(json.attr("dumps")(request));
        std::map<std::string, Spec> amended;
        std::string answer;
        {
          py::gil_scoped_release unlocked;
          answer = answer_text(text, 1, amended);
        }
        return json.attr("loads")(answer);
      },
      py::arg("request"), "Answer one oracle request (a dict, as one JSON line of `rulespec oracle`): the answer as a dict.");
  m.def(
      "ask_many",
      [json](const py::iterable& requests) {
        std::vector<std::string> texts;
        for (const auto& r : requests) texts.push_back(py::str(json.attr("dumps")(r)));
        std::vector<std::string> answers;
        {
          py::gil_scoped_release unlocked;
          std::map<std::string, Spec> amended;  // an amendment is applied once for the batch
          for (std::size_t i = 0; i < texts.size(); ++i) answers.push_back(answer_text(texts[i], static_cast<int>(i) + 1, amended));
        }
        py::list out;
        for (const auto& a : answers) out.append(json.attr("loads")(a));
        return out;
      },
      py::arg("requests"), "Answer a batch of requests in order: a list of answers.");
  m.def("version", [] { return rulespec_version(); }, "rulespec's version");
  m.def("commit", [] { return rulespec_commit(); }, "the git commit the module was built from ('-dirty' after it if the tree differed)");
  m.attr("__version__") = rulespec_version();
}
