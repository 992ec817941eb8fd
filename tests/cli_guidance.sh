#!/usr/bin/env bash
# Every command given a missing or unknown id or value answers with one line that names the valid
# choices or the nearest ids, and exits 2; `explain` prints the lines it cites; docs/oracle.md is
# what `rulespec help query --all --markdown` prints. (That `verify --codex X` shows X alone is
# checked by cli_e2e.sh codex, which runs such verifies anyway.)
set -u
bin="$1"
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# name, regex stderr must match, command...: exit 2, and the message guides.
guides() {
  local name="$1" pattern="$2"; shift 2
  "$@" >"$tmp/out" 2>"$tmp/err" </dev/null; local got=$?
  if [ "$got" != 2 ]; then echo "FAIL $name: exit $got, expected 2"; head -5 "$tmp/out" "$tmp/err"; fail=1; return; fi
  if ! grep -Eq -- "$pattern" "$tmp/err"; then echo "FAIL $name: stderr does not match /$pattern/:"; cat "$tmp/err"; fail=1; fi
}

# Missing arguments name what may go there.
guides no-command 'commands: verify, merge, lint, explain, list' "$bin"
guides list-nothing 'what to list: codices, rulesets, clauses' "$bin" list
guides explain-nothing 'clause ids .*finding ids .*case ids' "$bin" explain
guides property-nothing 'rulespec list properties' "$bin" property
guides lint-nothing 'catalogs .*case files' "$bin" lint
guides merge-nothing 'slice files' "$bin" merge
guides mine-nothing 'games and their questions: go \(cycles' "$bin" mine
guides help-nothing 'help query NAME' "$bin" help
guides help-query-nothing 'name a query' "$bin" help query
guides amend-nothing 'amendment file.*--template CODEX' "$bin" amend
guides repair-nothing 'name a finding .*--all' "$bin" repair
guides certify-nothing '--game, --ruleset and --engine are required' "$bin" certify

# Unknown values: the nearest valid ones, or all of them when few.
guides verify-codex "unknown codex 'go': did you mean ru-go-1985\?" "$bin" verify --codex go --quiet
guides verify-codex-typo "unknown codex 'ing-1969': did you mean ing-1996\?" "$bin" verify --codex ing-1969 --quiet
guides explain-prefix "did you mean ru-go-1985.art4.p1, ru-go-1985.art4.p2" "$bin" explain ru-go-1985.art4
guides explain-typo "did you mean ing-1996\.counting\." "$bin" explain ing-1996.countng
guides explain-finding "no analysis emits the finding 'F-axf-1982-perpetual-check': did you mean F-axf-1982-perpetual-check-conflict" \
  "$bin" explain F-axf-1982-perpetual-check
guides list-what "what: bananas not in" "$bin" list bananas
guides property-id "did you mean renju.fouls" "$bin" property renju.foul
guides property-ruleset "unknown ruleset 'ing1996': did you mean ing-1996" "$bin" property ing.compensation-whole-stones --ruleset ing1996
# A property that does not apply says why.
guides property-not-applying "does not apply to ruleset ing-1996: its komi 7.5 is not a whole number of points" \
  "$bin" property ing.handicap-decomposition --amendment spec/amendments/ing-komi-7.5.yaml --ruleset ing-1996
guides property-applies-to-none "applies to no ruleset of the amended catalog: under ing-1996, its komi 7.5" \
  "$bin" property ing.handicap-decomposition --amendment spec/amendments/ing-komi-7.5.yaml
guides property-other-codex "does not apply to ruleset ing-1996: it speaks about rif-renju" "$bin" property renju.fouls.symmetric --ruleset ing-1996
guides amend-template "unknown codex 'jishogy': did you mean jishogi\?" "$bin" amend --template jishogy
guides repair-codex "unknown codex 'cx': did you mean cxa\?" "$bin" repair --all --codex cx
guides repair-finding "unknown finding 'F-ing-1996-x'.*(did you mean|see 'rulespec list findings')" "$bin" repair F-ing-1996-x
guides mine-question "no question 'leagl' for game 'go' \(there are: go/cycles, go/odd-cycles, go/legal" "$bin" mine --game go --question leagl --between ing-1996,ru-go-1985
guides mine-between "'ing1996' is not a go ruleset: did you mean ing-1996" "$bin" mine --game go --between ing1996,ru-go-1985
guides certify-ruleset "'ru-go-1958' is not a go ruleset: did you mean ru-go-1985" "$bin" certify --game go --ruleset ru-go-1958 --engine /bin/true
guides certify-game "--game chess is not certifiable yet \(go over gtp" "$bin" certify --game chess --ruleset x --engine /bin/true
guides help-query "unknown query 'scor': did you mean .*go/score" "$bin" help query scor
# The oracle names the nearest and the valid values in its error object.
echo '{"game":"go","query":"scor","ruleset":"ing-1996"}' | "$bin" oracle >"$tmp/out" 2>&1
grep -q "'scor' (did you mean 'score'?) is not one of .*score" "$tmp/out" || { echo "FAIL oracle-query: $(cat "$tmp/out")"; fail=1; }

# explain prints the lines a clause cites, numbered, as the source has them.
"$bin" explain ru-go-1985.art4.p1 >"$tmp/out" 2>&1
first=$(grep -oE '\(lines [0-9]+-' "$tmp/out" | grep -oE '[0-9]+' | head -1)
src_line=$(sed -n "${first}p" spec/sources/go-codex-1985.ru.txt)
grep -qF "  $first | $src_line" "$tmp/out" || { echo "FAIL explain-source-lines: line $first not printed"; head -12 "$tmp/out"; fail=1; }

# The oracle reference is generated from the queries' own validation and committed as such.
"$bin" help query --all --markdown >"$tmp/oracle.md" 2>"$tmp/err" || { echo "FAIL help query --all: $(cat "$tmp/err")"; fail=1; }
if ! diff -u docs/oracle.md "$tmp/oracle.md" >"$tmp/diff"; then
  echo "FAIL docs/oracle.md differs from rulespec help query --all --markdown (regenerate it):"; head -30 "$tmp/diff"; fail=1
fi
# Every example of it answers, or (every case of that query being a refusal) answers with the
# error its header names: a documented example that errors by surprise is a broken document.
awk '/^Example/ { refused = ""; if (match($0, /error `[^`]*`/)) refused = substr($0, RSTART + 7, RLENGTH - 8); want = 1; next }
     want && /^\{/ { print (refused == "" ? "-" : refused) "\t" $0; want = 0 }' docs/oracle.md >"$tmp/examples"
[ "$(wc -l <"$tmp/examples")" -ge 80 ] || { echo "FAIL docs/oracle.md: fewer than 80 examples found"; fail=1; }
cut -f2- "$tmp/examples" | "$bin" oracle >"$tmp/answers" 2>&1
while IFS=$'\t' read -r refused request <&3 && read -r answer <&4; do
  if [ "$refused" = - ]; then
    case "$answer" in '{"error"'*) echo "FAIL docs/oracle.md example errors: $request -> $answer"; fail=1 ;; esac
  else
    case "$answer" in *"\"code\":\"$refused\""*) ;; *) echo "FAIL docs/oracle.md example should be refused with $refused: $request -> $answer"; fail=1 ;; esac
  fi
done 3<"$tmp/examples" 4<"$tmp/answers"
# Every query of the registry is in it, with its fields.
"$bin" list queries >"$tmp/queries"
while read -r game name _; do
  grep -q "^### \`$game/$name\`" docs/oracle.md || { echo "FAIL docs/oracle.md lacks $game/$name"; fail=1; }
done < <(awk '{print $1, $2}' "$tmp/queries")
grep -q "No committed case asks this query" docs/oracle.md && { echo "FAIL docs/oracle.md: a query no case asks"; grep -B3 "No committed case" docs/oracle.md | grep '###'; fail=1; }
"$bin" help query go/score >"$tmp/out"
grep -Eq '^  rows +list ' "$tmp/out" || { echo "FAIL help query go/score: no rows field"; cat "$tmp/out"; fail=1; }
"$bin" oracle --help >"$tmp/out"
grep -q 'rulespec help query NAME' "$tmp/out" && grep -q 'go: .*score' "$tmp/out" || { echo "FAIL oracle --help"; cat "$tmp/out"; fail=1; }

[ "$fail" = 0 ] && echo "cli guidance: all checks pass"
exit "$fail"
