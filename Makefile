# labataille: set-up, build, run, test, benchmarks and fuzzing.
PACKAGES      := build-essential pkg-config cmake ninja-build libjansson-dev libcmocka-dev \
                 libsqlite3-dev libedit-dev
FUZZ_PACKAGES := clang libclang-rt-14-dev
BUILD         := build
TEST_BUILD    := build-test
FUZZ_BUILD    := build-fuzz
FUZZ_SECONDS  ?= 60
SOAK_GAMES    ?= 200
SOAK_FULL_GAMES ?= 20

.PHONY: all setup setup-fuzz build run test bench soak fuzz clean

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

setup-fuzz: setup
	$(call ensure_packages,$(FUZZ_PACKAGES))

build: setup
	@cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
	@cmake --build $(BUILD)

# The terminal game on the demo when a terminal is attached; the map otherwise.
run: build
	@if [ -t 0 ] && [ -t 1 ]; then ./$(BUILD)/labataille play --db labataille.db; \
	else ./$(BUILD)/labataille show; fi

test: setup
	@cmake -S . -B $(TEST_BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Debug -DLB_SANITIZE=ON >/dev/null
	@cmake --build $(TEST_BUILD)
	cd $(TEST_BUILD) && ctest --output-on-failure -j2

bench: build
	@for b in $(BUILD)/bench/bench_*; do echo "== $$(basename $$b)"; $$b || exit 1; done

# Long selfplay runs (issue 18): the computer against the random player, half the games on
# each side, must win 95%; then its full level against its quick one, which should win clearly
# more than half (reported, not enforced: a few dozen games are a noisy measure).
soak: build
	./$(BUILD)/labataille selfplay --players quick,random --alternate --games $(SOAK_GAMES) \
	  --seed 1 --expect 0.95
	./$(BUILD)/labataille selfplay --players full,quick --alternate --games $(SOAK_FULL_GAMES) \
	  --seed 1

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
