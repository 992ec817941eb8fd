// libFuzzer target for every input rulespec reads: YAML catalogs and cases, oracle JSON lines, and
// the query layer behind them. Build with clang: cmake -DRULESPEC_FUZZ=ON -DCMAKE_CXX_COMPILER=clang++
// then run build/rulespec-fuzz. Any exception other than InputError/QueryError, or a crash, is a bug.
#include <cstddef>
#include <cstdint>
#include <string>

#include "queries/query.hpp"
#include "reports/json_value.hpp"
#include "spec/yaml_load.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace rulespec;
  static const Spec spec = Spec::load_dir(source_root() + "/spec");
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    parse_yaml(text, "fuzz.yaml");
  } catch (const InputError&) {
  }
  try {
    check_utf8(text, "<stdin>", 1);
    run_query(spec, parse_json(text, "<stdin>", 1));
  } catch (const InputError&) {
  } catch (const QueryError&) {
  }
  return 0;
}
