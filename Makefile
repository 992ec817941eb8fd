# rulespec — two commands: `make verify` and `make test`. Both install missing Debian packages first.
BUILD_DIR ?= build
JOBS      ?= 2
SHELL     := /bin/bash
# V=1 shows the compiler's command lines and every line of the build; by default one progress
# line, and in full only what is not progress (errors, warnings).
V ?= 0
DEB_PACKAGES := cmake ninja-build g++ make librapidcheck-dev catch2 libz3-dev libyaml-cpp-dev libcli11-dev \
                nlohmann-json3-dev libbenchmark-dev gnugo fairy-stockfish gnushogi leela-zero chromium z3 libcpp-httplib-dev \
                pybind11-dev python3-dev python3-pytest

# make fuzz and make test-sanitize need clang's runtimes (libFuzzer, ASan, UBSan) besides.
SANITIZE_PACKAGES := clang libclang-rt-14-dev
FUZZ_SECONDS ?= 60
FUZZ_TARGETS := catalog cases amendment oracle sgf xiangqi renju shogi engine-replies shard serve-request
SANITIZE_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer

.PHONY: all deps sanitize-deps build build-verify build-test build-serve node-deps verify test test-deep serve bench soak lint fuzz test-sanitize slurm-test clean

all: build

deps:
	@$(MAKE) --no-print-directory install-packages PACKAGES="$(DEB_PACKAGES)"

sanitize-deps: deps
	@$(MAKE) --no-print-directory install-packages PACKAGES="$(SANITIZE_PACKAGES)"

install-packages:
	@missing=""; \
	for p in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null || exit 1; \
	  else \
	    echo "missing Debian packages; run as root:"; \
	    echo "  sudo apt-get update && sudo apt-get install -y$$missing"; \
	    exit 1; \
	  fi; \
	fi

$(BUILD_DIR)/CMakeCache.txt: | deps
	@if [ "$(V)" = 1 ]; then cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=Release; \
	else mkdir -p $(BUILD_DIR) && cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=Release >$(BUILD_DIR)/configure.log 2>&1 \
	  || { cat $(BUILD_DIR)/configure.log; exit 1; }; fi

# The build's progress as one line (rewritten in place on a terminal); anything that is not
# progress (an error, a warning) in full.
define build_targets
	@start=$$(date +%s); set -o pipefail; \
	if [ "$(V)" = 1 ]; then cmake --build $(BUILD_DIR) -j $(JOBS) $(1) --verbose; \
	else cmake --build $(BUILD_DIR) -j $(JOBS) $(1) 2>&1 | awk -v tty=$$([ -t 1 ] && echo 1 || echo 0) ' \
	  /^\[[0-9]+\/[0-9]+\] / { split(substr($$1, 2), step, "/"); n = step[1]; total = step[2]; \
	    if (tty) { printf "\rbuilding: %d of %d steps", n, total; fflush() } next } \
	  /^\[ *[0-9]+%\] / || /^Consolidate compiler/ || /^Scanning dependencies/ || /^g?make(\[[0-9]+\])?: / { next } \
	  /^ninja: no work to do/ { next } \
	  { if (tty && n) printf "\n"; print; fflush() } \
	  END { if (n) printf "%sbuilding: %d of %d steps done\n", tty ? "\r" : "", n, total }'; fi \
	  && echo "build: $$(( $$(date +%s) - start )) s"
endef

# Everything: the command, the mutant engines, the test and bench executables.
build: deps $(BUILD_DIR)/CMakeCache.txt
	$(call build_targets,)

# What verify runs: the command and the mutant engines certify's own teeth are checked with.
build-verify: deps $(BUILD_DIR)/CMakeCache.txt
	$(call build_targets,--target rulespec rulespec-mutant)

# What the tests run: the command, the mutant engines, the renju brain, the workbench server, the
# test executable and the Python module it depends on (not the bench).
build-test: deps $(BUILD_DIR)/CMakeCache.txt
	$(call build_targets,--target rulespec rulespec-mutant pbrain-rulespec rulespec-serve rulespec-tests)

# The workbench: the command and its server.
build-serve: deps $(BUILD_DIR)/CMakeCache.txt
	$(call build_targets,--target rulespec rulespec-serve)

# The committee's workbench in a browser: open the address it prints. HOST, PORT, ARGS pass on
# (make serve PORT=9000; make serve HOST=0.0.0.0 ARGS="--token SECRET").
HOST ?= 127.0.0.1
PORT ?= 8080
serve: build-serve
	./$(BUILD_DIR)/rulespec serve --host $(HOST) --port $(PORT) --workdir $(BUILD_DIR)/serve $(ARGS)

verify: build-verify
	./$(BUILD_DIR)/rulespec verify --out $(BUILD_DIR)/report

# puppeteer-core for the workbench's browser test (serve.browser), as tests/browser/ pins it; Node.js
# and npm from Debian when the machine has none.
NODE_DIR := $(BUILD_DIR)/node
$(NODE_DIR)/node_modules/.package-lock.json: tests/browser/package.json tests/browser/package-lock.json | deps
	@command -v node >/dev/null && command -v npm >/dev/null || $(MAKE) --no-print-directory install-packages PACKAGES="nodejs npm"
	@mkdir -p $(NODE_DIR) && cp tests/browser/package.json tests/browser/package-lock.json $(NODE_DIR)/
	@cd $(NODE_DIR) && npm ci --no-audit --no-fund --silent && echo "installed puppeteer-core into $(NODE_DIR)"
node-deps: $(NODE_DIR)/node_modules/.package-lock.json

# puppeteer-core downloads while the build compiles (it needs the network and the disk, the build
# the cores).
test: deps $(BUILD_DIR)/CMakeCache.txt
	@$(MAKE) --no-print-directory node-deps > $(BUILD_DIR)/node-deps.log 2>&1 & node=$$!; \
	$(MAKE) --no-print-directory build-test; built=$$?; \
	wait $$node || { cat $(BUILD_DIR)/node-deps.log; exit 1; }; cat $(BUILD_DIR)/node-deps.log; exit $$built
	@start=$$(date +%s); ctest --test-dir $(BUILD_DIR) --output-on-failure -j $(JOBS) \
	  && echo "make test: $$(( $$(date +%s) - start )) s of tests"

# The sweeps `make test` checks on a sample (every finding repaired, every amendment pruned
# against full, every setting of every codex), run whole, and the command's checks on the whole
# suite (--jobs, --shard and merge; every codex on its own; verify --repair of the AXF codex);
# CI runs it after make test.
test-deep: build-test
	RULESPEC_DEEP_TESTS=1 ./$(BUILD_DIR)/rulespec-tests "[deep]"
	RULESPEC_DEEP_TESTS=1 ctest --test-dir $(BUILD_DIR) --output-on-failure -j $(JOBS) -R '^cli\.e2e\.(verify|codex|amend)$$'

bench: build
	./$(BUILD_DIR)/rulespec-bench
	@# The Python module beside the JSON Lines oracle (docs/python.md).
	@RULESPEC_BUILD_DIR=$(BUILD_DIR) python3 bench/python_oracle.py
	@# The report page: its size and how long headless Chromium takes to load it and run its script.
	@./$(BUILD_DIR)/rulespec verify --quiet --out $(BUILD_DIR)/bench-report >/dev/null || true
	@ls -l $(BUILD_DIR)/bench-report/index.html | awk '{printf "index.html: %.2f MB\n", $$5 / 1048576}'
	@start=$$(date +%s%N); chromium --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --dump-dom \
	  "file://$$(pwd)/$(BUILD_DIR)/bench-report/index.html" >/dev/null 2>&1; \
	  echo "index.html in headless chromium (start, load, script): $$(( ($$(date +%s%N) - start) / 1000000 )) ms"
	@# rulespec amend on each shipped amendment: the first run (the codex as written is run and kept
	@# beside the executable), the median of three evaluations after it (the amended items run, the
	@# base kept), the median of three answers kept from an earlier evaluation of the same change,
	@# and --full (everything run twice).
	@for a in spec/amendments/*.yaml; do \
	  rm -rf $(BUILD_DIR)/amend-cache; \
	  t() { s=$$(date +%s%N); ./$(BUILD_DIR)/rulespec amend "$$@" >/dev/null 2>&1; echo $$(( ($$(date +%s%N) - s) / 1000000 )); }; \
	  first=$$(t $$a); \
	  runs=$$(for i in 1 2 3; do rm -f $(BUILD_DIR)/amend-cache/amended-*; t $$a; done | sort -n | sed -n 2p); \
	  kept=$$(for i in 1 2 3; do t $$a; done | sort -n | sed -n 2p); full=$$(t $$a --full); \
	  printf "amend %-34s first %6d ms   evaluated %6d ms   kept %6d ms   --full %6d ms\n" $$(basename $$a .yaml) $$first $$runs $$kept $$full; \
	done
	@# The workbench under load: 50 clients for 10 s each phase, oracle requests (the examples of
	@# docs/oracle.md for six everyday queries), then with 5 of them evaluating an amendment.
	@grep '^{"game"' docs/oracle.md | grep -E '"query":"(ing-rank|ing-fill-in|jishogi-points|perft|legal_moves|fouls)"' \
	  > $(BUILD_DIR)/bench-oracle.jsonl
	@./$(BUILD_DIR)/rulespec-serve-load $(BUILD_DIR)/bench-oracle.jsonl spec/amendments/jishogi-27-27-jishogi.yaml \
	  --clients 50 --seconds 10 --amend-clients 5
	@# rulespec repair --all: the time per finding (the codex as written taken from the amend cache
	@# after its first run) and the whole run, on this machine's cores.
	@start=$$(date +%s%N); ./$(BUILD_DIR)/rulespec repair --all --out $(BUILD_DIR)/bench-repair 2>/dev/null \
	  | awk '/^repair F-/ { id = $$2 } /amendments? evaluated in/ { match($$0, /[0-9]+ amendments? evaluated in [0-9.]+ s/); \
	    printf "repair %-46s %s\n", id, substr($$0, RSTART, RLENGTH) }'; \
	  echo "repair --all: $$(( ($$(date +%s%N) - start) / 1000000 )) ms"

	@# rulespec mine: positions examined per second, one question per game at a fixed seed (the
	@# whole run: generation, the oracle under each ruleset, minimization of what parts them).
	@for q in "go cycles ru-go-1985,ru-go-1985-positional-superko 300000" "go legal ru-go-1985,ing-1996,tromp-taylor,katago-new-zealand 3000" \
	  "go captures ru-go-1985,ing-1996,ru-go-1985-literal-ko 20000" \
	  "go end ing-1996,ru-go-1985,ru-go-1985-egf,tromp-taylor,ing-1996-play-out-restarts,ing-1996-late-claim-reopens 20000" \
	  "renju fouls rif-renju,rif-renju-distinct-lines,rif-renju-structural-threes,rif-renju-five-point-three 2000" \
	  "shogi declare jishogi-amateur-27,csa-24,jishogi-jsa-2013 2000" "xiangqi loops axf-1982,cxa 300"; do \
	  set -- $$q; start=$$(date +%s%N); \
	  line=$$(./$(BUILD_DIR)/rulespec mine --game $$1 --question $$2 --between $$3 --positions $$4 --seed 1 | head -1); \
	  ms=$$(( ($$(date +%s%N) - start) / 1000000 )); \
	  echo "$$line" | awk -v g="$$1/$$2" -v ms=$$ms '{ match($$0, /[0-9]+ positions examined/); n = substr($$0, RSTART, RLENGTH) + 0; \
	    match($$0, /[0-9]+ minimal witnesses/); w = substr($$0, RSTART, RLENGTH) + 0; \
	    printf "mine %-14s %8d positions in %6d ms: %9.0f positions/s, %d witnesses\n", g, n, ms, n * 1000 / (ms ? ms : 1), w }'; \
	done

	@# A fresh clone of this commit on this machine: make verify, then make test, each from nothing
	@# (a build directory of its own), timed as a newcomer meets them.
	@d=$$(mktemp -d); git clone -q "$$(pwd)" $$d/rulespec && cd $$d/rulespec && \
	  s=$$(date +%s); $(MAKE) --no-print-directory verify >$$d/verify.log 2>&1; v=$$?; e=$$(date +%s); \
	  rm -rf build; s2=$$(date +%s); $(MAKE) --no-print-directory test >$$d/test.log 2>&1; t=$$?; e2=$$(date +%s); \
	  echo "fresh clone of $$(git rev-parse --short HEAD), $(JOBS) jobs: make verify $$((e - s)) s (exit $$v), make test $$((e2 - s2)) s (exit $$t)"; \
	  rm -rf $$d

# A single-node Slurm cluster on this machine runs a sharded verify and mine through
# contrib/slurm (job arrays, merges after afterok) and checks the merged outputs against one
# process; the daemons it starts are stopped again.
SLURM_PACKAGES := slurm-wlm munge
slurm-test: build
	@$(MAKE) --no-print-directory install-packages PACKAGES="$(SLURM_PACKAGES)"
	contrib/slurm/slurm-test.sh $(BUILD_DIR)

# Long seeded runs of the differential properties (renju: 50,000 runs of 20 positions = 10^6 foul
# maps, both implementations). SEED=N replays another sequence.
SEED ?= 1
soak: build
	./$(BUILD_DIR)/rulespec property renju.fouls.implementations-agree --ruleset rif-renju --runs 50000 --seed $(SEED)

# Every fuzz target for FUZZ_SECONDS under ASan + UBSan, from the repository's own seeds; a crash,
# leak, timeout or sanitizer report fails, and the input to keep is named.
fuzz: sanitize-deps
	cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ -DRULESPEC_FUZZ=ON \
	  -DCMAKE_CXX_FLAGS="$(SANITIZE_FLAGS) -fsanitize=fuzzer-no-link" -DCMAKE_EXE_LINKER_FLAGS="$(SANITIZE_FLAGS)" >/dev/null
	cmake --build build-fuzz -j $(JOBS) --target rulespec-fuzz-seeds $(addprefix fuzz-,$(FUZZ_TARGETS))
	rm -rf build-fuzz/corpus && ./build-fuzz/rulespec-fuzz-seeds build-fuzz/corpus
	@for t in $(FUZZ_TARGETS); do \
	  dict=fuzz/yaml.dict; case $$t in oracle|shard) dict=fuzz/json.dict;; sgf|xiangqi|renju|shogi|engine-replies) dict=;; esac; \
	  mkdir -p build-fuzz/crashes/$$t; echo "fuzz-$$t: $(FUZZ_SECONDS) s"; \
	  ./build-fuzz/fuzz-$$t -max_total_time=$(FUZZ_SECONDS) -timeout=60 -rss_limit_mb=2048 -print_final_stats=0 \
	    $${dict:+-dict=$$dict} -artifact_prefix=build-fuzz/crashes/$$t/ build-fuzz/corpus/$$t >build-fuzz/fuzz-$$t.log 2>&1 || { \
	    tail -30 build-fuzz/fuzz-$$t.log; \
	    echo "fuzz-$$t failed: keep the input as a regression: cp build-fuzz/crashes/$$t/* tests/fuzz-regressions/$$t/"; exit 1; }; \
	  grep -E "^Done [0-9]+ runs" build-fuzz/fuzz-$$t.log | tail -1; \
	done

# The whole ctest suite built with ASan + UBSan in its own directory.
test-sanitize: sanitize-deps
	@# GCC 12 warns of uninitialised std::function members inside <regex> under ASan: a known false alarm.
	cmake -S . -B build-sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS="$(SANITIZE_FLAGS) -Wno-maybe-uninitialized" \
	  -DCMAKE_EXE_LINKER_FLAGS="$(SANITIZE_FLAGS)" >/dev/null
	cmake --build build-sanitize -j $(JOBS)
	@$(MAKE) --no-print-directory node-deps BUILD_DIR=build-sanitize
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --test-dir build-sanitize --output-on-failure -j $(JOBS)

lint: build
	./$(BUILD_DIR)/rulespec lint spec/*.yaml spec/findings/*.yaml spec/amendments/*.yaml cases/*/*.yaml

clean:
	rm -rf $(BUILD_DIR) build-fuzz build-sanitize
