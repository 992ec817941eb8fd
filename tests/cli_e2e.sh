#!/usr/bin/env bash
# End-to-end checks of the rulespec command: exit codes, positioned one-line errors, the oracle
# loop, and the golden reports/findings.md. In six parts that ctest runs side by side (basics,
# verify, codex, explain, amend, mine); without a part, all of them.
#   cli_e2e.sh RULESPEC [PART] [REPORT]
# REPORT: the reports of a whole `rulespec verify` run (ctest's fixture suite.report writes them
# once for every test that reads them); without it, the verify part runs its own.
# RULESPEC_DEEP_TESTS=1 (make test-deep) runs the whole-suite checks of --jobs, --shard and merge,
# every codex on its own and verify --repair of the AXF codex; make test runs them on a small
# codex, and two codices on their own.
set -u
bin="$1"
part="${2:-all}"
report="${3:-}"
deep="${RULESPEC_DEEP_TESTS:-0}"
in_part() { [ "$part" = all ] || [ "$part" = "$1" ]; }
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
check() {  # name, expected exit, command...
  local name="$1" want="$2"; shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"; local got=$?
  if [ "$got" != "$want" ]; then echo "FAIL $name: exit $got, expected $want"; cat "$tmp/out" "$tmp/err" | head -20; fail=1; return 1; fi
  return 0
}
expect_error() {  # name, file content (printf format), regex the single stderr line must match
  local name="$1" content="$2" pattern="$3"
  printf -- "$content" >"$tmp/$name.yaml"
  if check "lint-$name" 2 "$bin" lint "$tmp/$name.yaml"; then
    if [ "$(wc -l <"$tmp/err")" != 1 ] || ! grep -Eq "^$tmp/$name.yaml:$pattern" "$tmp/err"; then
      echo "FAIL lint-$name: stderr was:"; cat "$tmp/err"; fail=1
    fi
  fi
}

if in_part basics; then
# Catalogs, cases and amendments of the repository lint clean.
check lint-repo 0 "$bin" lint spec/*.yaml spec/findings/*.yaml spec/pairs/*.yaml spec/amendments/*.yaml cases/*/*.yaml
# A second reading with a tension left unjudged, and one that leaves a topic unread.
expect_error pairs-candidate 'pairs: cxa\nread: {by: t, date: "2026-11-29", method: t}\ntopics:\n  - topic: check\n    clauses: [cxa.perpetual-check]\n    tensions:\n      - {pair: [cxa.perpetual-check, cxa.perpetual-check], lines: [46], question: q, candidate: {summary: s}}\n' \
  '7:9: candidate: a tension is judged, by a finding of the register or a not_a_finding$'
expect_error pairs-unread 'pairs: cxa\nread: {by: t, date: "2026-11-29", method: t}\ntopics: []\n' '1:1: topic [a-z-]+ \([0-9]+ clauses\) not read \(and [0-9]+ more\)$'

# Citable: the version and the commit built, the version CITATION.cff gives, and an oracle answer
# asked with "stamp" (or --stamp) carrying both.
project_version=$(sed -n 's/^project(rulespec VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
if check version 0 "$bin" --version && ! grep -Eq "^rulespec $project_version \(commit ([0-9a-f]{40}(-dirty)?|unknown)\)$" "$tmp/out"; then
  echo "FAIL version: $(cat "$tmp/out")"; fail=1
fi
if [ -d .git ] && command -v git >/dev/null && ! grep -q "commit $(git rev-parse HEAD)" "$tmp/out"; then
  echo "FAIL version: $(cat "$tmp/out") does not name the commit checked out, $(git rev-parse HEAD)"; fail=1
fi
grep -q "^version: $project_version$" CITATION.cff || { echo "FAIL citation: CITATION.cff does not give version $project_version"; fail=1; }
grep -q "^cff-version: 1.2.0$" CITATION.cff && [ -s LICENSE ] || { echo "FAIL citation: CITATION.cff or LICENSE missing"; fail=1; }
stamped=$(printf '%s\n' '{"game":"go","query":"play","size":3,"move":"B2","stamp":true}' '{"game":"go","query":"play","size":3,"move":"B2"}' | "$bin" oracle)
[ "$(echo "$stamped" | grep -c '"rulespec":{"version":"'"$project_version"'","commit":')" = 1 ] || { echo "FAIL oracle stamp: $stamped"; fail=1; }
[ "$(printf '%s\n' '{"game":"go","query":"play","size":3,"move":"B2"}' | "$bin" oracle --stamp | grep -c '"commit":')" = 1 ] || { echo "FAIL oracle --stamp"; fail=1; }

# Malformed input: one positioned line each, exit 2.
expect_error duplicate-key 'codex: {id: x, game: go}\ncodex: 1\n' '2:1: duplicate key .codex.'
expect_error alias '- &a {id: 1}\n- *a\n' '1:3: anchors'
expect_error deep "$(printf '%.0s[' $(seq 70); printf '%.0s]' $(seq 70))" '1:65: nesting deeper than 64'
expect_error empty '# nothing\n' '1:1: empty file'
expect_error binary 'a: b\n\0c\n' '2:1: binary file'
expect_error not-utf8 'a: \xff\n' '1:4: not UTF-8'
expect_error broken 'a: [1, 2\n' '[0-9]+:[0-9]+: YAML syntax'
expect_error unknown-clause '- id: c1\n  source: s\n  game: go\n  query: ing-rank\n  clauses: [ing-1996.no-such-clause]\n  input: {rank: "1 chi"}\n  expect: {ing-1996: {strength: 64}}\n' '5:13: unknown clause id .ing-1996.no-such-clause.'
expect_error bad-kind 'codex: {id: zz, game: go, title: t, source: s}\nrulesets: [{id: zz}]\nclauses:\n  - {id: zz.a, ref: r, topic: t, kind: rule, board: false, statement: s, status: encoded}\n' '4:40: kind: .rule. is not one of'
expect_error bad-severity 'register: ing-1996\nfindings:\n  - id: F-ing-1996-x\n    severity: big\n' '4:15: severity: .big. is not one of defect.wording.difference'
expect_error bad-cite 'register: ing-1996\nwithdrawn:\n  - id: F-ing-1996-x\n    reason: r\n    cites: ["ing-1996:abc"]\n' '5:13: cite .ing-1996:abc.: expected'
expect_error foreign-finding 'register: ing-1996\nwithdrawn:\n  - id: F-cxa-x\n    reason: r\n' '3:9: finding id .F-cxa-x. must start with .F-ing-1996-.'
expect_error unknown-key 'codex: {id: zz, game: go, title: t, source: s, colour: red}\nrulesets: [{id: zz}]\nclauses: []\n' '1:48: codex: unknown key .colour.'

# The oracle answers bad requests with an error object and keeps reading; a malformed request
# (an error code bad-...) makes its exit 2.
printf '%s\n' '{"game":"go","query":"ing-rank","rank":"3 chi"}' 'not json' \
  '{"game":"go","query":"ing-rank","rank":"10 chi"}' '{"game":"chess","query":"x"}' \
  '{"game":"go","query":"ing-handicap","ruleset":"ing-1996","ranks":["4 tuan","4 chi"]}' >"$tmp/requests"
if check oracle 2 "$bin" oracle <"$tmp/requests"; then
  [ "$(wc -l <"$tmp/out")" = 5 ] || { echo "FAIL oracle: expected 5 answers"; cat "$tmp/out"; fail=1; }
  sed -n 1p "$tmp/out" | grep -q '"strength":48' || { echo "FAIL oracle line 1"; fail=1; }
  sed -n 2p "$tmp/out" | grep -q '"code":"bad-request"' || { echo "FAIL oracle line 2"; fail=1; }
  # The error points at the offending value: "10 chi" starts at column 40 of the line.
  sed -n 3p "$tmp/out" | grep -q '"code":"bad-rank".*"at":{"line":3,"col":40}' || { echo "FAIL oracle line 3"; sed -n 3p "$tmp/out"; fail=1; }
  sed -n 4p "$tmp/out" | grep -q '"error"' || { echo "FAIL oracle line 4"; fail=1; }
  sed -n 5p "$tmp/out" | grep -q '"handicap_moves":4,"reverse_komi":4' || { echo "FAIL oracle line 5"; cat "$tmp/out"; fail=1; }
fi

# A batch of good requests, an illegal move among them (a verdict, not an error), exits 0.
printf '%s\n' '{"game":"go","query":"play","ruleset":"ing-1996","size":5,"moves":["A1"],"move":"A1"}' \
  '{"game":"go","query":"ing-rank","rank":"3 chi"}' >"$tmp/requests"
if check oracle-clean 0 "$bin" oracle <"$tmp/requests"; then
  sed -n 1p "$tmp/out" | grep -q '"legal":false' || { echo "FAIL oracle-clean line 1"; sed -n 1p "$tmp/out"; fail=1; }
fi

# Shogi: a tsume problem's position (no Sente king) answers the move queries; a declaration by the
# side without a king fails condition 1; a composed position is refused strictly and accepted with lenient.
printf '%s\n' '{"game":"shogi","query":"legal_moves","sfen":"8k/9/8P/9/9/9/9/9/9 b G 1"}' \
  '{"game":"shogi","ruleset":"jishogi-amateur-27","query":"declare","sfen":"8k/9/8P/9/9/9/9/9/9 b G 1"}' \
  '{"game":"shogi","query":"perft","depth":1,"sfen":"P7k/9/9/9/9/9/9/9/4K4 b - 1"}' \
  '{"game":"shogi","query":"perft","depth":1,"sfen":"P7k/9/9/9/9/9/9/9/4K4 b - 1","lenient":true}' >"$tmp/requests"
if check oracle-shogi 2 "$bin" oracle <"$tmp/requests"; then
  sed -n 1p "$tmp/out" | grep -q '"G\*1b"' || { echo "FAIL oracle-shogi line 1"; sed -n 1p "$tmp/out"; fail=1; }
  sed -n 2p "$tmp/out" | grep -q '"failed":\["jishogi.declaration.cond1-king-in-camp"' || { echo "FAIL oracle-shogi line 2"; sed -n 2p "$tmp/out"; fail=1; }
  sed -n 3p "$tmp/out" | grep -q 'P on 9a could never move' || { echo "FAIL oracle-shogi line 3"; sed -n 3p "$tmp/out"; fail=1; }
  sed -n 4p "$tmp/out" | grep -q '"nodes":5' || { echo "FAIL oracle-shogi line 4"; sed -n 4p "$tmp/out"; fail=1; }
fi

# Renju requests: a bad point is named where it stands, and the next request is still answered.
printf '%s\n' '{"game":"renju","query":"fouls","black":["h8","q9"]}' \
  '{"game":"renju","query":"fouls","black":["f8","g8","h6","h7"]}' >"$tmp/requests"
if check oracle-renju 2 "$bin" oracle <"$tmp/requests"; then
  sed -n 1p "$tmp/out" | grep -q "'q9' is not a point.*\"at\":{\"line\":1,\"col\":47}" || { echo "FAIL renju oracle line 1"; sed -n 1p "$tmp/out"; fail=1; }
  sed -n 2p "$tmp/out" | grep -q '"h8":"double-three"' || { echo "FAIL renju oracle line 2"; sed -n 2p "$tmp/out"; fail=1; }
fi

fi  # basics

if in_part verify; then
# The reports of one whole run: the golden findings.md, every encoded clause exercised, the page.
if [ -z "$report" ]; then
  report="$tmp/whole"
  check verify 0 "$bin" verify --quiet --out "$report"
fi
diff -u reports/findings.md "$report/findings.md" >"$tmp/diff" || {
  echo "FAIL golden: reports/findings.md differs from verify output (update it with: cp build/report/findings.md reports/)"
  head -40 "$tmp/diff"; fail=1; }
for f in report.json index.html junit.xml; do [ -s "$report/$f" ] || { echo "FAIL verify: $f missing"; fail=1; }; done
# Every finding's oracle line runs as printed (with this build's rulespec) and answers, never as a
# malformed request (a model's refusal may be what a finding shows: F-jishogi-handicap-points);
# the findings with a witness case have one.
oracle_lines=$(grep -c '^- oracle: `echo' "$report/findings.md")
[ "$oracle_lines" -ge 10 ] || { echo "FAIL verify: only $oracle_lines oracle lines in findings.md"; fail=1; }
grep '^- oracle: `echo' "$report/findings.md" | sed 's/^- oracle: `//; s/`$//; s/| rulespec oracle$//' | while read -r cmd; do
  answer=$(eval "$cmd" | "$bin" oracle)
  case "$answer" in '{"error":{"code":"bad-'*|'') echo "FAIL verify: $cmd answered $answer"; exit 1;; esac
done || fail=1
# Reports are written whole or not at all: no temporary file is left beside them.
ls "$report" | grep -q '\.tmp$' && { echo "FAIL verify: a temporary report file was left behind"; fail=1; }
# Every clause whose status says encoded is named by a case, a property or an analysis: in each
# codex's coverage, no encoded clause is left uncited. (Exercised, with decisive evidence, is
# checked per switch by tests/test_decisive.cpp.)
[ "$(grep -c '"encoded_uncited": 0,$' "$report/report.json")" = "$("$bin" list codices | wc -l)" ] || {
  echo "FAIL coverage: a clause marked encoded is cited by nothing:"; grep -B7 '"encoded_uncited": [1-9]' "$report/report.json"; fail=1; }
# The table verify prints counts the decisive evidence per codex: exercised clauses and the case
# runs that are their evidence.
grep -q '"decisive_case_runs": [1-9]' "$report/report.json" || { echo "FAIL coverage: no decisive case run counted"; fail=1; }
# The page a committee reads: a clause anchor with its source lines, a finding with its diagram,
# and under 3 MB.
grep -q '<tr id="ru-go-1985.art4.p2" data-filter[^>]*>.*<details><summary>go-codex-1985.ru.txt lines' "$report/index.html" ||
  { echo "FAIL index.html: clause ru-go-1985.art4.p2 has no anchor or source lines"; fail=1; }
grep -q 'id="F-rif-renju-pseudo-foul-principle" data-filter[^>]*>.*<svg' "$report/index.html" ||
  { echo "FAIL index.html: the renju finding has no diagram"; fail=1; }
[ "$(wc -c <"$report/index.html")" -lt 3000000 ] || { echo "FAIL index.html over 3 MB"; fail=1; }

# verify is deterministic whatever its --jobs, and a 3-shard run merged is the same run: the whole
# suite in the deep run (its mutants and every engine included), a codex with cases, properties,
# analyses and an engine otherwise.
if [ "$deep" = 1 ]; then scope=(); r1="$report"; else
  scope=(--codex cxa); r1="$tmp/r1"
  check verify-scope 0 "$bin" verify --quiet --jobs 2 "${scope[@]}" --out "$r1"
fi
[ "$deep" = 1 ] && check verify-jobs-8 0 "$bin" verify --quiet --jobs 8 --out "$tmp/r2"
for k in 1 2 3; do check "verify-shard-$k" 0 "$bin" verify --quiet --jobs 1 "${scope[@]}" --shard "$k/3" --out "$tmp/slices"; done
check merge 0 "$bin" merge "$tmp/slices" --out "$tmp/r3"
for f in report.json findings.md junit.xml index.html; do
  [ "$deep" = 1 ] && { cmp -s "$r1/$f" "$tmp/r2/$f" || { echo "FAIL verify: $f differs between --jobs 2 and --jobs 8"; fail=1; }; }
  cmp -s "$r1/$f" "$tmp/r3/$f" || { echo "FAIL merge: $f of three merged shards (each --jobs 1) differs from one whole run (--jobs 2)"; fail=1; }
done
# A merge refuses an incomplete, doubled or foreign set of slices, naming the file.
check merge-missing 2 "$bin" merge "$tmp/slices/shard-1-of-3.json" "$tmp/slices/shard-3-of-3.json" --out "$tmp/r4" &&
  { grep -q "missing slice 2/3" "$tmp/err" || { echo "FAIL merge-missing: $(cat "$tmp/err")"; fail=1; }; }
check merge-twice 2 "$bin" merge "$tmp/slices" "$tmp/slices/shard-2-of-3.json" --out "$tmp/r4" &&
  { grep -q "shard-2-of-3.json:1:1: slice 2/3 given twice" "$tmp/err" || { echo "FAIL merge-twice: $(cat "$tmp/err")"; fail=1; }; }
"$bin" verify --quiet --seed 2 "${scope[@]}" --shard 1/3 --out "$tmp/other" >/dev/null
check merge-foreign 2 "$bin" merge "$tmp/other" "$tmp/slices/shard-2-of-3.json" "$tmp/slices/shard-3-of-3.json" --out "$tmp/r4" &&
  { grep -q "shard-[0-9]-of-3.json:1:1: fingerprint .* is not this tree's" "$tmp/err" || { echo "FAIL merge-foreign: $(cat "$tmp/err")"; fail=1; }; }
[ -e "$tmp/r4" ] && { echo "FAIL merge: a refused merge wrote reports"; fail=1; }
fi  # verify

if in_part codex; then
# Each codex verifies on its own (`--codex`): a case may witness another codex's finding.
# make test: the two smallest codices (the others are in the whole run); make test-deep: all.
codices=$("$bin" list codices | cut -f1)
[ "$deep" = 1 ] || codices="cxa jishogi"
all_codices=$("$bin" list codices | cut -f1 | paste -sd'|')
for cx in $codices; do
  check "verify-codex-$cx" 0 "$bin" verify --quiet --codex "$cx" --out "$tmp/codex-$cx" || { grep FAIL "$tmp/out" | head -5; continue; }
  # It shows that codex alone: one row in the table, no link to another codex on the page.
  rows=$(awk '/^codex /{t=1;next} t&&NF>5&&$1!~/^[0-9]/{print $1} /^$/{t=0}' "$tmp/out" | grep -cE "^($all_codices)$")
  grep -Eq "^$cx " "$tmp/out" && [ "$rows" = 1 ] || { echo "FAIL verify-codex-only $cx: $rows codex rows"; head -12 "$tmp/out"; fail=1; }
  for other in $(echo "$all_codices" | tr '|' ' '); do
    [ "$other" = "$cx" ] && continue
    grep -q "href=\"#$other\"" "$tmp/codex-$cx/index.html" && { echo "FAIL verify-codex-only $cx: index.html links $other"; fail=1; }
  done
done

fi  # codex

if in_part explain; then
# explain --json: a case's runs with the oracle request each answer comes from (asked again here,
# the same answer), a clause, a ruleset's own rule and a finding, each with version and commit.
if check explain-json 0 "$bin" explain --json go.superko.sending-two-returning-one ing-1996.suicide.group tromp-taylor.rule-6 F-ing-1996-twin-hot-stones; then
  python3 - "$tmp/out" "$bin" <<'PY' || fail=1
import json, subprocess, sys
entries = json.load(open(sys.argv[1]))
assert [e["entry"] for e in entries] == ["case", "clause", "ruleset-rule", "finding"], [e.get("entry") for e in entries]
assert all(e["rulespec"]["commit"] and e["rulespec"]["version"] for e in entries)
for run in entries[0]["runs"]:
    answer = subprocess.run([sys.argv[2], "oracle"], input=json.dumps(run["oracle_request"]) + "\n", capture_output=True, text=True).stdout
    assert json.loads(answer) == run["actual"], (run["ruleset"], answer, run["actual"])
assert {r["ruleset"]: r["holds"] for r in entries[0]["runs"]}["ru-go-1985-positional-superko"] is True
assert entries[1]["text"] and entries[1]["lines"][0] > 0 and any(x.startswith("case:") for x in entries[1]["exercised_by"])
assert "superko" in entries[2]["forbids"]
assert entries[3]["id"] == "F-ing-1996-twin-hot-stones" and all(c["holds"] for c in entries[3]["checks"])
PY
fi
check explain-json-unknown 2 "$bin" explain --json no.such.clause
# Every finding replays through explain, all in one call (each analysis runs once), each printed
# under its own heading in the order given.
findings=$("$bin" list findings | cut -f1)
check explain-findings 0 "$bin" explain $findings || echo "FAIL explain: some finding did not replay as it claims"
[ "$(grep -E '^F-[a-z0-9-]+ ' "$tmp/out" | cut -d' ' -f1 | tr '\n' ' ')" = "$(echo $findings) " ] \
  || { echo "FAIL explain: the findings' headings are not each id in the order given"; grep -E '^F-' "$tmp/out" | head; fail=1; }
# One id at a time prints what the same id prints among others.
one=$(echo "$findings" | sed -n 2p)
"$bin" explain "$one" >"$tmp/one"
at=$(grep -n "^$one " "$tmp/out" | cut -d: -f1)
sed -n "$at,$((at + $(wc -l <"$tmp/one") - 1))p" "$tmp/out" | cmp -s - "$tmp/one" \
  || { echo "FAIL explain: $one alone differs from $one among the others"; fail=1; }
# After the fixture's verify, list findings takes the analyses' outcomes from its base runs
# (amend-cache/); run afresh, they are the same.
"$bin" list findings --json >"$tmp/kept" 2>/dev/null
RULESPEC_NO_AMEND_CACHE=1 "$bin" list findings --json >"$tmp/fresh" 2>/dev/null
cmp -s "$tmp/fresh" "$tmp/kept" || { echo "FAIL list findings: the kept analyses' findings differ from a fresh run's"; diff "$tmp/fresh" "$tmp/kept" | head; fail=1; }
check explain-unknown 2 "$bin" explain no.such.clause
check explain-svg-many 2 "$bin" explain $one $one --svg "$tmp/x.svg"
fi  # explain

if in_part amend; then

# Amendments run end to end: the two-part headline first (what the amendment does, then what the
# codex as written already has), a page, and no developer text in either.
for a in spec/amendments/*.yaml; do
  [ -e "$a" ] || continue
  name=$(basename "$a" .yaml)
  check "amend-$name" 0 "$bin" amend "$a" --out "$tmp/amend-$name" && sed -n 3p "$tmp/out" | grep -q "^The amendment " \
    && sed -n 4p "$tmp/out" | grep -Eq "^(Apart from it, the codex as written already has|The codex as written )" \
    || { echo "FAIL amend $a: no two-part headline on lines 3-4"; sed -n 3,4p "$tmp/out"; fail=1; }
  if grep -Eq 'RC_ASSERT|RC_FAIL|Expands to|\.cpp:|<\?\?\?>|rulespec::' "$tmp/out" "$tmp/amend-$name/amend.html"; then echo "FAIL amend $a: developer text"; fail=1; fi
done
check amend-no-file 2 "$bin" amend
# --json prints the answer --out writes as amend.json.
check amend-json 0 "$bin" amend spec/amendments/jishogi-27-27-jishogi.yaml --json \
  && cmp -s "$tmp/out" "$tmp/amend-jishogi-27-27-jishogi/amend.json" && grep -q '^  "verdict": "inconsistent",$' "$tmp/out" \
  || { echo "FAIL amend-json: --json differs from --out's amend.json"; head -5 "$tmp/out"; fail=1; }

# repair from the command line: the first proposal and its file, which amend accepts and which
# resolves the finding; bad input is exit 2. make test: the jishogi defect (its own reading of the
# JSA adoption); make test-deep: the AXF conflict, whose cheapest fix is the column's own wording
# and whose certificate of least size is plain SMT-LIB 2 that another solver (the z3 command)
# finds unsat (the Catch2 AXF repair test checks the same in make test).
if [ "$deep" = 1 ]; then
  finding=F-axf-1982-perpetual-check-conflict
  first="reading of axf-1982.perpetual-check in axf-1982: forbidden -> by-any-one-side"
else
  finding=F-jishogi-jsa-2013-no-threshold
  first="reading of jishogi.jsa-2013.adoption in jishogi-jsa-2013: no-point-condition -> declare-31-points"
fi
if check repair-cli 0 "$bin" repair "$finding" --out "$tmp/repair"; then
  grep -Fxq "  1. $first" "$tmp/out" || { echo "FAIL repair-cli: first proposal of $finding is not '$first'"; head -12 "$tmp/out"; fail=1; }
  check repair-cli-amend 0 "$bin" amend "$tmp/repair/$finding/proposal-1.yaml" \
    && grep -q "($finding)$" "$tmp/out" || { echo "FAIL repair-cli-amend: $finding not resolved"; fail=1; }
fi
if [ "$deep" = 1 ]; then
  [ "$(z3 "$tmp/repair/$finding/certificate.smt2" 2>&1)" = unsat ] \
    || { echo "FAIL repair-certificate: z3 does not find certificate.smt2 unsat"; fail=1; }
  grep -q "certificate.smt2" "$tmp/repair/$finding/proposal-1.yaml" \
    || { echo "FAIL repair-certificate: proposal-1.yaml does not name its certificate"; fail=1; }
fi
fi  # amend

if in_part mine; then
# mine --export: SGF games the project's own SGF reader replays under the ruleset in RU[]; JSON and
# CSV whose oracle requests give each side's answer again; SGF refused for a game without it.
if check mine-export-sgf 0 "$bin" mine --game go --question cycles --between ru-go-1985,ru-go-1985-positional-superko --export sgf --out "$tmp/export"; then
  python3 - "$tmp/out" "$bin" "$tmp/export/witnesses.sgf" <<'PY' || fail=1
import json, re, subprocess, sys
text = open(sys.argv[1]).read()
assert text == open(sys.argv[3]).read()
games = re.split(r'(?<=\))\n(?=\(;)', text.strip())
assert len(games) >= 1 and all(g.startswith("(;GM[1]FF[4]") for g in games), text[:200]
for g in games:
    ru = re.search(r'RU\[([^\]]*)\]', g).group(1)
    req = {"game": "go", "query": "legal_moves", "ruleset": ru, "sgf": g}
    out = json.loads(subprocess.run([sys.argv[2], "oracle"], input=json.dumps(req) + "\n", capture_output=True, text=True).stdout)
    assert "moves" in out, (g, out)
PY
fi
if check mine-export-json 0 "$bin" mine --game go --question legal --between ru-go-1985,ing-1996 --positions 300 --max 4 --export json; then
  python3 - "$tmp/out" "$bin" <<'PY' || fail=1
import json, subprocess, sys
witnesses = json.load(open(sys.argv[1]))
assert witnesses and all(w["rulespec"]["commit"] for w in witnesses)
for w in witnesses:
    assert w["notation"].startswith("(;GM[1]"), w["notation"]
    for rs, req in w["oracle_requests"].items():
        out = json.loads(subprocess.run([sys.argv[2], "oracle"], input=json.dumps(req) + "\n", capture_output=True, text=True).stdout)
        assert all(out.get(k) == v for k, v in w["answers"][rs].items()), (rs, out, w["answers"][rs])
PY
fi
if check mine-export-csv 0 "$bin" mine --game xiangqi --question loops --between axf-1982,cxa --positions 40 --max 3 --export csv; then
  python3 - "$tmp/out" <<'PY' || fail=1
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert rows and all(r["notation"].startswith("FEN ") and r["first_oracle_request"].startswith("{") for r in rows), rows[:1]
PY
fi
if check mine-export-kif 0 "$bin" mine --game shogi --question declare --between jishogi-amateur-27,jishogi-jsa-2013 --positions 300 --max 2 --export json; then
  python3 - "$tmp/out" <<'PY' || fail=1
import json, sys
witnesses = json.load(open(sys.argv[1]))
assert witnesses, "no shogi witness"
for w in witnesses:
    assert w["notation"].startswith("SFEN "), w["notation"]
    kif = w["kif"].splitlines()
    assert kif[0].startswith("後手の持駒：") and kif[-1].startswith("手番＝") and len(kif) == 15, w["kif"]
    assert sum(row.count("玉") for row in kif[3:12]) == 2, w["kif"]  # both kings on the board
PY
fi
check mine-export-sgf-xiangqi 2 "$bin" mine --game xiangqi --question loops --between axf-1982,cxa --export sgf &&
  { grep -q "csv or json" "$tmp/err" || { echo "FAIL mine-export-sgf-xiangqi: $(cat "$tmp/err")"; fail=1; }; }
# The conformance matrix: every installed engine under every ruleset of its game.
if check certify-matrix 0 "$bin" certify --matrix --game xiangqi --out "$tmp/matrix" --jobs 2; then
  [ -s "$tmp/matrix/matrix.json" ] && grep -q "<h3>axf-1982</h3>" "$tmp/matrix/matrix.html" \
    || { echo "FAIL certify-matrix: no matrix files"; fail=1; }
fi
check certify-needs-engine 2 "$bin" certify --game go --ruleset ru-go-1985
check certify-matrix-engine 2 "$bin" certify --matrix --engine gnugo
# mine: witnesses found, emitted once (a second run adds none), and bad arguments refused.
if check mine-renju 0 "$bin" mine --game renju --between rif-renju,rif-renju-distinct-lines --seed 5 --positions 2000 --emit "$tmp/mined.yaml"; then
  grep -q "minimal witnesses" "$tmp/out" && grep -q "^- id: mined.renju.fouls." "$tmp/mined.yaml" || { echo "FAIL mine-renju"; fail=1; }
  check mine-renju-again 0 "$bin" mine --game renju --between rif-renju,rif-renju-distinct-lines --seed 5 --positions 2000 --emit "$tmp/mined.yaml" \
    && grep -q ": no new cases" "$tmp/out" || { echo "FAIL mine-renju-again: a re-run duplicated cases"; fail=1; }
  check mine-lint 0 "$bin" lint "$tmp/mined.yaml"
fi
check mine-one-ruleset 2 "$bin" mine --game renju --between rif-renju
check mine-unknown-ruleset 2 "$bin" mine --game renju --between rif-renju,nope && grep -q "'nope' is not a renju ruleset" "$tmp/err" \
  || { echo "FAIL mine-unknown-ruleset"; fail=1; }
check mine-no-question 2 "$bin" mine --game renju --question nope --between rif-renju,gomoku-15 && grep -q "there are: renju/fouls" "$tmp/err" \
  || { echo "FAIL mine-no-question"; fail=1; }
# An honest miner: a ruleset that cannot answer is counted apart (Ing's fill-in on toy boards),
# and a search that finds nothing names a case on which the two do part; a side without a clause
# must name one the models can switch off.
check mine-unanswerable 0 "$bin" mine --game go --question score --between ru-go-1985,ing-1996 --positions 200 \
  && grep -q "unanswerable under ing-1996: " "$tmp/out" && grep -q "no witness, though ru-go-1985 and ing-1996 answer differently on case " "$tmp/out" \
  || { echo "FAIL mine-unanswerable"; fail=1; }
check mine-without-clause 2 "$bin" mine --game go --question legal --between ru-go-1985,ru-go-1985~art4.p2 \
  && grep -q "did you mean ru-go-1985.art4.p2" "$tmp/err" || { echo "FAIL mine-without-clause"; fail=1; }
# mine in slices: three slices merged write the one-process run's report and cases byte for byte;
# an incomplete set of slices is refused, naming what is missing.
mine_args=(--game xiangqi --between axf-1982,cxa --positions 90 --seed 4)
if check mine-whole 0 "$bin" mine "${mine_args[@]}" --out "$tmp/mine-whole"; then
  for k in 1 2 3; do check "mine-slice-$k" 0 "$bin" mine "${mine_args[@]}" --shard "$k/3" --out "$tmp/mine-slices"; done
  check mine-merge 0 "$bin" merge "$tmp/mine-slices" --out "$tmp/mine-merged" \
    && cmp -s "$tmp/mine-whole/mine.txt" "$tmp/mine-merged/mine.txt" && cmp -s "$tmp/mine-whole/mined.yaml" "$tmp/mine-merged/mined.yaml" \
    || { echo "FAIL mine-merge: the merged slices differ from the one-process run"; fail=1; }
  rm "$tmp/mine-slices/mine-2-of-3.json"
  check mine-merge-missing 2 "$bin" merge "$tmp/mine-slices" --out "$tmp/mine-merged2" && grep -q "missing slice 2/3" "$tmp/err" \
    || { echo "FAIL mine-merge-missing"; fail=1; }
fi
check mine-shard-needs-out 2 "$bin" mine "${mine_args[@]}" --shard 1/2
# mine against an engine, and exhaustively: what they accept and refuse.
check mine-engine 0 "$bin" mine --game go --question legal --engine "/usr/games/gnugo --mode gtp" --ruleset ing-1996 --positions 200 \
  && grep -q "ing-1996 vs engine" "$tmp/out" || { echo "FAIL mine-engine: no witness against GNU Go under ing-1996"; fail=1; }
check mine-engine-missing 2 "$bin" mine --game go --question legal --engine /nonexistent/gnugo --ruleset ing-1996 \
  && grep -q "is not an executable file" "$tmp/err" || { echo "FAIL mine-engine-missing"; fail=1; }
check mine-engine-emit 2 "$bin" mine --game go --question legal --engine "/usr/games/gnugo --mode gtp" --ruleset ing-1996 --emit "$tmp/no.yaml"
check mine-engine-question 2 "$bin" mine --game renju --engine "/usr/games/gnugo --mode gtp" --ruleset rif-renju
# Fairy-Stockfish over USI lists pawn drops that mate; over UCI its xiangqi moves are the model's.
check mine-engine-usi 0 "$bin" mine --game shogi --question legal --engine /usr/games/fairy-stockfish --ruleset jishogi-amateur-27 --positions 2000 \
  && grep -q "forbids: a pawn dropped to give mate (uchifuzume)" "$tmp/out" || { echo "FAIL mine-engine-usi: FSF's pawn-drop mates not found"; fail=1; }
check mine-engine-uci 0 "$bin" mine --game xiangqi --question legal --engine /usr/games/fairy-stockfish --ruleset axf-1982 --positions 500 \
  && grep -q "500 positions examined, 0 where rulesets part" "$tmp/out" || { echo "FAIL mine-engine-uci: FSF parts from the model on xiangqi moves"; fail=1; }
check mine-engine-not-uci 2 "$bin" mine --game xiangqi --question legal --engine "/usr/games/gnugo --mode gtp" --ruleset axf-1982 \
  && grep -q "did not answer UCI" "$tmp/err" || { echo "FAIL mine-engine-not-uci"; fail=1; }
check mine-exhaustive 0 "$bin" mine --game go --question legal --between ru-go-1985,ing-1996 --exhaustive --positions 2000 \
  && grep -q "exhaustive over every position of 3x3" "$tmp/out" || { echo "FAIL mine-exhaustive"; fail=1; }
check mine-exhaustive-none 2 "$bin" mine --game go --question captures --between ru-go-1985,ing-1996 --exhaustive \
  && grep -q "questions with one: go/legal, go/end, renju/fouls, shogi/declare, xiangqi/loops, xiangqi/legal" "$tmp/err" \
  || { echo "FAIL mine-exhaustive-none"; fail=1; }
fi  # mine

if in_part amend; then
# Repair's own property on generated catalogs (verify --deep runs it 200 times).
check repair-property 0 "$bin" property repair.injected-conflict --runs 5 \
  && grep -q "^repair.injected-conflict \[generated\]: pass after 5 runs$" "$tmp/out" || { echo "FAIL repair-property"; fail=1; }
check repair-property-ruleset 2 "$bin" property repair.injected-conflict --ruleset axf-1982
check repair-unknown 2 "$bin" repair F-ing-1996-no-such-finding
check repair-nothing 2 "$bin" repair
check repair-unknown-codex 2 "$bin" repair --all --codex go
# verify --repair puts each defect and wording finding's best proposal in the reports, with its
# file: the jishogi codex (one defect), and in the deep run the AXF codex.
if [ "$deep" = 1 ]; then
  repair_codex=axf-1982 repaired=F-axf-1982-perpetual-check-conflict
  best="reading of axf-1982.perpetual-check in axf-1982: forbidden -> by-any-one-side"
else
  repair_codex=jishogi repaired=F-jishogi-jsa-2013-no-threshold
  best="reading of jishogi.jsa-2013.adoption in jishogi-jsa-2013: no-point-condition -> declare-31-points"
fi
if check verify-repair 0 "$bin" verify --codex "$repair_codex" --repair --quiet --out "$tmp/vr"; then
  grep -Fq "\"best\": \"$best\"" "$tmp/vr/report.json" \
    && grep -q "Proposed fix" "$tmp/vr/index.html" \
    && check verify-repair-amend 0 "$bin" amend "$tmp/vr/repair/$repaired/proposal-1.yaml" \
    && grep -q "($repaired)$" "$tmp/out" \
    || { echo "FAIL verify-repair: no proposal for $repaired in the reports, or it does not resolve it"; fail=1; }
fi
check amend-template-unknown 2 "$bin" amend --template go
fi  # amend

if in_part basics; then
# lint checks every file it is given and reports every error, each with the nearest valid name:
# a case file's mistyped clause id, an amendment's mistyped key, a good catalog between them.
printf -- '- id: c1\n  source: s\n  game: go\n  query: ing-rank\n  clauses: [ing-1996.komi.even-gam]\n  input: {rank: "1 chi"}\n  expect: {ing-1996: {strength: 64}}\n' >"$tmp/lint-a.yaml"
printf 'amendment: {id: t, codex: ing-1996, title: t, rationale: t, rulesets: [ing-1996]}\nparams: {komi: 7}\nreplace_clauses:\n  - id: ing-1996.komi.even-game\n    statment: "x"\n' >"$tmp/lint-b.yaml"
if check lint-several 2 "$bin" lint "$tmp/lint-a.yaml" spec/ing-1996.yaml "$tmp/lint-b.yaml"; then
  grep -q "^$tmp/lint-a.yaml:5:13: unknown clause id 'ing-1996.komi.even-gam' (did you mean 'ing-1996.komi.even-game'?)$" "$tmp/err" \
    && grep -q "^$tmp/lint-b.yaml:5:5: .*unknown key 'statment' (did you mean 'statement'?)$" "$tmp/err" \
    && grep -q "^lint: 2 of 3 files have errors$" "$tmp/err" && grep -q "^spec/ing-1996.yaml: ok$" "$tmp/out" \
    || { echo "FAIL lint-several: stderr was:"; cat "$tmp/err"; fail=1; }
fi
# An amendment with several errors gets them all, each at its position and with its cause.
printf 'amendment: {id: t, codex: ing-1996, title: t, rationale: t, rulesets: [ing-1996, nosuch]}\nparams: {komi: 99, nosuch_param: 1}\nreadings: {ing-1996.liberties.group: nosuch}\n' >"$tmp/bad-amend.yaml"
if check lint-bad-amendment 2 "$bin" lint "$tmp/bad-amend.yaml"; then
  [ "$(grep -c "^$tmp/bad-amend.yaml:[0-9]*:[0-9]*: " "$tmp/err")" = 4 ] && grep -q "komi: 99 is outside its domain" "$tmp/err" \
    && grep -q "unknown ruleset 'nosuch'" "$tmp/err" && grep -q "has no reading 'nosuch' (its readings: " "$tmp/err" \
    || { echo "FAIL lint-bad-amendment: stderr was:"; cat "$tmp/err"; fail=1; }
fi
# Removing a clause another still refers to names the one that refers to it.
ref=$(grep -m1 -o "{refines: ing-1996[a-z0-9.-]*}" spec/ing-1996.yaml | sed 's/{refines: \(.*\)}/\1/')
printf 'amendment: {id: t, codex: ing-1996, title: t, rationale: t}\nremove_clauses: [%s]\n' "$ref" >"$tmp/remove.yaml"
if check lint-remove-referred 2 "$bin" lint "$tmp/remove.yaml"; then
  grep -Eq "^$tmp/remove.yaml:2:[0-9]+: cannot remove clause $ref: clause ing-1996[a-z0-9.-]* still refers to it \(refines\) at .*spec/ing-1996.yaml:[0-9]+:[0-9]+" "$tmp/err" \
    || { echo "FAIL lint-remove-referred: stderr was:"; cat "$tmp/err"; fail=1; }
fi
# --amendment on list and the oracle: the amended value is what they see.
check list-amended 0 "$bin" list rulesets --json --amendment spec/amendments/ing-komi-7.yaml
grep -q '"komi": 7' "$tmp/out" || { echo "FAIL list-amended: komi 7 not listed"; fail=1; }
echo '{"game":"go","query":"ing-handicap","ruleset":"ing-1996","ranks":["4 tuan","4 tuan"],"amendment":"spec/amendments/ing-komi-7.yaml"}' | "$bin" oracle >"$tmp/out"
grep -q '"komi":7' "$tmp/out" || { echo "FAIL oracle-amendment: $(cat "$tmp/out")"; fail=1; }
fi  # basics

[ $fail = 0 ] && echo "cli e2e ($part): all checks passed"
exit $fail
