"""make bench: the Python module's throughput beside the JSON Lines oracle's, on the same requests
(every example of docs/oracle.md, repeated): rulespec.ask one at a time, rulespec.ask_many as one
batch, and `rulespec oracle` reading them all on stdin (its process start included)."""
import json
import os
import re
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), os.pardir))
sys.path.insert(0, ROOT)
import rulespec  # noqa: E402

build = os.environ.get("RULESPEC_BUILD_DIR", os.path.join(ROOT, "build"))
text = open(os.path.join(ROOT, "docs", "oracle.md"), encoding="utf-8").read()
examples = [json.loads(b) for b in re.findall(r"```json\n(\{.*?\})\n```", text)]
# The cheap examples (those answered in under a millisecond), so that the three measure the
# crossing of the boundary, not one slow search.
quick = []
for r in examples:
    start = time.perf_counter()
    rulespec.ask(r)
    if time.perf_counter() - start < 0.001:
        quick.append(r)
requests = (quick * (5000 // max(1, len(quick)) + 1))[:5000]

start = time.perf_counter()
for r in requests:
    rulespec.ask(r)
one = time.perf_counter() - start
start = time.perf_counter()
rulespec.ask_many(requests)
batch = time.perf_counter() - start
lines = "".join(json.dumps(r) + "\n" for r in requests)
start = time.perf_counter()
subprocess.run([os.path.join(build, "rulespec"), "oracle"], input=lines, capture_output=True, text=True, check=True, cwd=ROOT)
stdin = time.perf_counter() - start
n = len(requests)
print(f"python rulespec.ask:      {n / one:10.0f} answers/s ({n} requests, {len(quick)} kinds)")
print(f"python rulespec.ask_many: {n / batch:10.0f} answers/s")
print(f"rulespec oracle (stdin):  {n / stdin:10.0f} answers/s")
