// A search that stops at its budget says so: it throws this rather than answer as if it had
// searched everything (a pairing "not found", a fight "unknown"). The query layer turns it into
// the error object `budget-exhausted`, naming the search, its budget and the unit counted.
#pragma once
#include <stdexcept>
#include <string>

namespace rulespec {

class SearchBudgetExhausted : public std::runtime_error {
 public:
  SearchBudgetExhausted(std::string search, long budget, std::string unit)
      : std::runtime_error(search + ": the search visited " + std::to_string(budget) + " " + unit +
                           ", its budget, without deciding"),
        search_(std::move(search)),
        unit_(std::move(unit)),
        budget_(budget) {}
  const std::string& search() const { return search_; }
  const std::string& unit() const { return unit_; }
  long budget() const { return budget_; }

 private:
  std::string search_, unit_;
  long budget_;
};

}  // namespace rulespec
