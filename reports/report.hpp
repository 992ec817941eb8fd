// Report writers: report.json (schema 1), findings.md (the committed golden), index.html
// (self-contained), junit.xml. All are pure functions of the spec and the suite result, so the
// same inputs and seed give byte-identical files.
#pragma once
#include <string>
#include <vector>

#include "reports/json_value.hpp"
#include "reports/result.hpp"

namespace rulespec {

std::string report_json(const Spec& spec, const SuiteResult& r);
// One finding as report.json lists it (its repair from `r`, if any).
Json finding_json(const Finding& f, const SuiteResult& r);
std::string findings_markdown(const Spec& spec, const SuiteResult& r);
std::string report_html(const Spec& spec, const SuiteResult& r);
std::string junit_xml(const SuiteResult& r);
std::string coverage_table(const Spec& spec, const SuiteResult& r);  // terminal summary

// Writes every report into `dir` (created if needed); each file goes to a temporary name first
// and is renamed into place, so an interrupted run leaves no half-written report.
void write_reports(const std::string& dir, const Spec& spec, const SuiteResult& r);
void write_file_atomic(const std::string& path, const std::string& content);

// The legend of index.html: every term the page uses, by group (severities, finding kinds, clause
// statuses, coverage, evidence, engines), with what it means here.
struct LegendTerm {
  std::string group, term, meaning;
};
const std::vector<LegendTerm>& report_legend();

std::string html_escape(std::string_view s);
std::string cites_text(const std::vector<SourceCite>& cites);  // "lines 46-48, ..."

}  // namespace rulespec
