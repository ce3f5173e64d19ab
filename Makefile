# labataille: set-up, build, run, test, benchmarks and fuzzing.
PACKAGES      := build-essential pkg-config cmake ninja-build libjansson-dev libcmocka-dev \
                 libsqlite3-dev libedit-dev libmicrohttpd-dev nettle-dev libcurl4-gnutls-dev
# the browser tests drive the system's chromium with npm playwright-core (no browser download)
TEST_PACKAGES := chromium
BENCH_PACKAGES := wrk
FUZZ_PACKAGES := clang libclang-rt-14-dev
BUILD         := build
TEST_BUILD    := build-test
FUZZ_BUILD    := build-fuzz
FUZZ_SECONDS  ?= 60

.PHONY: all setup setup-test setup-fuzz build run play test bench fuzz clean

all: build

# Installs the Debian packages that are missing (as root), or says which apt-get line to run.
define ensure_packages
	@missing=$$(for p in $(1); do \
	  dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; \
	done); \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing:" $$missing; \
	    apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $$missing; \
	  else \
	    echo "missing packages; as root run: apt-get install -y --no-install-recommends" $$missing; exit 1; \
	  fi; \
	fi
endef

setup:
	$(call ensure_packages,$(PACKAGES))

# playwright-core from package-lock.json when node_modules lacks it
setup-test: setup
	$(call ensure_packages,$(TEST_PACKAGES))
	@[ -f node_modules/playwright-core/package.json ] || npm ci --no-audit --no-fund

setup-fuzz: setup
	$(call ensure_packages,$(FUZZ_PACKAGES))

build: setup
	@cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
	@cmake --build $(BUILD)

# The web game on the demo: prints the address and a link per side; Ctrl-C stops it.
run: build
	./$(BUILD)/labataille serve --db labataille.db

# The terminal game on the demo when a terminal is attached; the map otherwise.
play: build
	@if [ -t 0 ] && [ -t 1 ]; then ./$(BUILD)/labataille play --db labataille.db; \
	else ./$(BUILD)/labataille show; fi

test: setup-test
	@cmake -S . -B $(TEST_BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Debug -DLB_SANITIZE=ON >/dev/null
	@cmake --build $(TEST_BUILD)
	cd $(TEST_BUILD) && ctest --output-on-failure -j2

bench: build
	$(call ensure_packages,$(BENCH_PACKAGES))
	@for b in $(BUILD)/bench/bench_*; do echo "== $$(basename $$b)"; $$b || exit 1; done

fuzz: setup-fuzz
	@CC=clang cmake -S . -B $(FUZZ_BUILD) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DLB_FUZZ=ON >/dev/null
	@cmake --build $(FUZZ_BUILD)
	@for f in $(FUZZ_BUILD)/fuzz_*; do \
	  name=$$(basename $$f | sed 's/^fuzz_//'); corpus=fuzz/corpus/$$name; mkdir -p $$corpus; \
	  dict=; [ -f fuzz/$$name.dict ] && dict=-dict=fuzz/$$name.dict; \
	  echo "== $$(basename $$f) for $(FUZZ_SECONDS) s"; \
	  $$f -max_total_time=$(FUZZ_SECONDS) -max_len=65536 -timeout=20 -close_fd_mask=2 $$dict \
	    $$corpus || exit 1; \
	done

clean:
	rm -rf $(BUILD) $(TEST_BUILD) $(FUZZ_BUILD)
