# Included by ctest after the discovered Catch2 tests: each test's COST from tests/test_costs.txt
# (seconds measured on a 2-core machine), so that a fresh build dir, which has no cost data of its
# own yet, starts the longest tests first and no core idles at the end. Names with spaces cannot
# go through ctest's own cost file, so the committed one is what schedules them.
if(EXISTS "${RULESPEC_TEST_COSTS}")
  file(STRINGS "${RULESPEC_TEST_COSTS}" rulespec_cost_lines)
  foreach(rulespec_line IN LISTS rulespec_cost_lines)
    if(rulespec_line MATCHES "^([0-9]+)\t(.+)$")
      set(rulespec_test "${CMAKE_MATCH_2}")
      set(rulespec_cost "${CMAKE_MATCH_1}")
      # A test renamed or removed since the costs were measured is ignored by ctest here.
      set_tests_properties("${rulespec_test}" PROPERTIES COST "${rulespec_cost}")
    endif()
  endforeach()
endif()

# Tests that read the reports of the fixture suite_report (CMakeLists.txt) in place of a whole
# run of their own, or evaluate amendments and repairs, whose codex base runs the fixture's verify
# keeps (amend-cache/, keyed by the code's identity, which rulespec and rulespec-tests share):
# ctest runs the fixture first and passes its directory.
foreach(rulespec_test
        "the report in headless chromium: no console message, anchors, diagrams, a working filter, screenshots"
        "every command amend prints runs as printed and shows what amend claims"
        "komi 7: the first screen says the compensation cannot be laid, and nothing a committee reads is C++"
        "properties hold under every ruleset they apply to"
        "every clause switch names an encoded clause and some case's answer changes without it"
        "removing the ko article makes the recapture legal, and removing a clause no model switches off is reported"
        "a setting no case answers differently with is reported: nothing shows what it decides"
        "every encoded clause is exercised by decisive evidence, or says why nothing can be decisive for it"
        "repair finds the source's own fix for the AXF perpetual-check conflict, and the file proves it with amend"
        "a finding no reading or param can remove names the rule its fix needs"
        "every defect and wording finding gets a proposal or what its fix needs, and each top proposal applied from its file removes the finding at the reported cost"
        "amend re-runs only what an amendment reaches, and answers as a full run does"
        "27:27 as jishogi: both 27:27 cases change, and the broken property comes with a position and a replay"
        "serve: the API answers a committee's requests, with the CLI's positioned errors"
        "serve: huge, deep, malformed, slow and concurrent requests are refused, and the server keeps answering")
  set_tests_properties("${rulespec_test}" PROPERTIES FIXTURES_REQUIRED suite_report
                       ENVIRONMENT "RULESPEC_SUITE_REPORT=${RULESPEC_SUITE_REPORT}")
endforeach()
