"""The Python module against the command it stands beside: every answer equals `rulespec oracle`'s
to the same request, errors are answers (never exceptions), batches answer in order, amendments
apply, and the version and commit are the command's. ctest runs it (python.pytest)."""
import json
import os
import re
import subprocess

import pytest

import rulespec

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), os.pardir, os.pardir))
BINARY = os.environ.get("RULESPEC_BIN", os.path.join(ROOT, "build", "rulespec"))


def oracle(requests):
    lines = "".join(json.dumps(r) + "\n" for r in requests)
    run = subprocess.run([BINARY, "oracle"], input=lines, capture_output=True, text=True, cwd=ROOT)
    answers = [json.loads(line) for line in run.stdout.splitlines()]
    # Every request is answered; a malformed one (an error code bad-...) makes the exit 2.
    bad = any(a.get("error", {}).get("code", "").startswith("bad-") for a in answers)
    assert run.returncode == (2 if bad else 0), run.stderr
    return answers


def documented_examples():
    """Every example request of docs/oracle.md: each game and query, answers and errors."""
    text = open(os.path.join(ROOT, "docs", "oracle.md"), encoding="utf-8").read()
    return [json.loads(block) for block in re.findall(r"```json\n(\{.*?\})\n```", text)]


def test_every_documented_example_answers_as_the_command_does():
    requests = documented_examples()
    assert len(requests) > 80
    games = {r["game"] for r in requests}
    assert games == {"go", "xiangqi", "renju", "shogi"}
    expected = oracle(requests)
    # A batch numbers its requests as the oracle numbers its lines (an error's position).
    answers = rulespec.ask_many(requests)
    for request, want, got in zip(requests, expected, answers):
        assert got == want, request
        assert rulespec.ask(request) == rulespec.ask_many([request])[0], request
    assert sum("error" in a for a in answers) < len(answers) // 4  # most examples answer


def test_a_refused_move_is_refused_with_its_reason_and_clause():
    answer = rulespec.ask({"game": "go", "query": "play", "ruleset": "ru-go-1985",
                           "rows": [".....", ".XO..", "XO.O.", ".XO..", "....."], "moves": ["C3"], "move": "B3"})
    assert answer["legal"] is False and answer["reason"] == "ko" and answer["clause"] == "ru-go-1985.art4.p2"
    assert rulespec.ask({"game": "go", "query": "play", "ruleset": "ru-go-1985", "size": 9, "move": "E5"})["legal"] is True


def test_a_bad_request_is_an_error_answer_with_its_position():
    answer = rulespec.ask({"game": "go", "query": "play", "ruleset": "ing-1996", "size": 9, "move": "E5", "colour": "red"})
    assert answer["error"]["code"] == "bad-request"
    assert "unknown key 'colour'" in answer["error"]["message"]
    assert answer == oracle([{"game": "go", "query": "play", "ruleset": "ing-1996", "size": 9, "move": "E5", "colour": "red"}])[0]
    assert rulespec.ask({"game": "go", "query": "play", "ruleset": "no-such"})["error"]["code"] in ("bad-request", "unknown-ruleset")
    with pytest.raises(TypeError):
        rulespec.ask({"game": object()})  # not JSON: Python's json refuses it before the oracle


def test_a_batch_answers_in_order_and_echoes_ids():
    requests = [{"game": "go", "query": "ing-rank", "ruleset": "ing-1996", "rank": f"{n} chi", "id": n} for n in range(1, 10)]
    answers = rulespec.ask_many(requests)
    assert answers == [rulespec.ask(r) for r in requests]
    assert [a["id"] for a in answers] == list(range(1, 10))
    assert len({json.dumps(a, sort_keys=True) for a in answers}) == 9


def test_an_amendment_applies_as_in_the_command():
    base = {"game": "go", "query": "ing-handicap", "ruleset": "ing-1996", "ranks": ["4 tuan", "4 tuan"]}
    amended = dict(base, amendment=os.path.join(ROOT, "spec", "amendments", "ing-komi-7.yaml"))
    assert rulespec.ask(base)["komi"] == 8
    assert rulespec.ask(amended)["komi"] == 7


def test_version_and_commit_are_the_commands():
    line = subprocess.run([BINARY, "--version"], capture_output=True, text=True, check=True).stdout.strip()
    assert line == f"rulespec {rulespec.version()} (commit {rulespec.commit()})"
    assert rulespec.__version__ == rulespec.version()
