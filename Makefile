# rulespec — two commands: `make verify` and `make test`. Both install missing Debian packages first.
BUILD_DIR ?= build
JOBS      ?= 2
DEB_PACKAGES := cmake g++ make librapidcheck-dev catch2 libz3-dev libyaml-cpp-dev libcli11-dev \
                nlohmann-json3-dev libbenchmark-dev gnugo fairy-stockfish gnushogi chromium

.PHONY: all deps build verify test bench soak lint clean

all: build

deps:
	@missing=""; \
	for p in $(DEB_PACKAGES); do \
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
	cmake -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=Release

build: deps $(BUILD_DIR)/CMakeCache.txt
	cmake --build $(BUILD_DIR) -j $(JOBS)

verify: build
	./$(BUILD_DIR)/rulespec verify --out $(BUILD_DIR)/report

test: build
	ctest --test-dir $(BUILD_DIR) --output-on-failure -j $(JOBS)

bench: build
	./$(BUILD_DIR)/rulespec-bench
	@# The report page: its size and how long headless Chromium takes to load it and run its script.
	@./$(BUILD_DIR)/rulespec verify --quiet --out $(BUILD_DIR)/bench-report >/dev/null || true
	@ls -l $(BUILD_DIR)/bench-report/index.html | awk '{printf "index.html: %.2f MB\n", $$5 / 1048576}'
	@start=$$(date +%s%N); chromium --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --dump-dom \
	  "file://$$(pwd)/$(BUILD_DIR)/bench-report/index.html" >/dev/null 2>&1; \
	  echo "index.html in headless chromium (start, load, script): $$(( ($$(date +%s%N) - start) / 1000000 )) ms"

# Long seeded runs of the differential properties (renju: 50,000 runs of 20 positions = 10^6 foul
# maps, both implementations). SEED=N replays another sequence.
SEED ?= 1
soak: build
	./$(BUILD_DIR)/rulespec property renju.fouls.implementations-agree --ruleset rif-renju --runs 50000 --seed $(SEED)

lint: build
	./$(BUILD_DIR)/rulespec lint spec/*.yaml spec/findings/*.yaml spec/amendments/*.yaml cases/*/*.yaml

clean:
	rm -rf $(BUILD_DIR)
