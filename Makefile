# labataille: set-up, build, run, test, benchmarks and fuzzing.
PACKAGES      := build-essential pkg-config cmake ninja-build libjansson-dev libcmocka-dev \
                 libsqlite3-dev libedit-dev libpq-dev postgresql libmicrohttpd-dev nettle-dev libyajl-dev \
                 libcurl4-gnutls-dev zlib1g-dev
# the browser tests drive the system's chromium with npm playwright-core (no browser download);
# the PostgreSQL serve test talks HTTP with curl and reads JSON with jq; the damaged-game test
# changes a SQLite store with sqlite3
TEST_PACKAGES := chromium curl jq sqlite3
BENCH_PACKAGES := wrk
FUZZ_PACKAGES := clang libclang-rt-14-dev
# make lint measures complexity with pmccabe
LINT_PACKAGES := pmccabe python3 git
BUILD         := build
TEST_BUILD    := build-test
FUZZ_BUILD    := build-fuzz
RELEASE_BUILD := build-release
FUZZ_SECONDS  ?= 60
SOAK_AI_GAMES ?= 200
SOAK_FULL_GAMES ?= 20
SOAK_ODDS_POSITIONS ?= 50

.PHONY: all setup setup-test setup-clang build run play test attack release lint abi-update bench \
        soak soak-stores soak-ai soak-odds ai-eval fuzz clean

all: build

# Installs the Debian packages that are missing (as root), or says which apt-get line to run;
# an install interrupted before (dpkg left half-configured) is finished first.
define ensure_packages
	@missing=$$(for p in $(1); do \
	  dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; \
	done); \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing:" $$missing; \
	    DEBIAN_FRONTEND=noninteractive dpkg --configure -a && apt-get update -q \
	      && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $$missing; \
	  else \
	    echo "missing packages; as root run: apt-get install -y --no-install-recommends" $$missing; exit 1; \
	  fi; \
	fi
endef

setup:
	$(call ensure_packages,$(PACKAGES))

# playwright-core and axe-core from package-lock.json when node_modules lacks one
setup-test: setup
	$(call ensure_packages,$(TEST_PACKAGES))
	@[ -f node_modules/playwright-core/package.json ] && [ -f node_modules/axe-core/package.json ] \
	  || npm ci --no-audit --no-fund

setup-clang: setup
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

# Every test, under ASan and UBSan.
test: setup-test
	@cmake -S . -B $(TEST_BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Debug -DLB_SANITIZE=ON >/dev/null
	@cmake --build $(TEST_BUILD)
	cd $(TEST_BUILD) && ctest --output-on-failure -j2

# The attacks of issue 23 on a server with its default limits, from several loopback addresses
# (tests/api/attacks.sh, about 3 minutes): it must go on serving; the timings are printed.
attack: build setup-test
	bash tests/api/attacks.sh $(BUILD)/labataille web

# The build users get, with clang: -O2, every warning an error; then the tests on it (no
# sanitizers, so optimised code is tested as shipped).
release: setup-test setup-clang
	@CC=clang cmake -S . -B $(RELEASE_BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Release \
	  -DCMAKE_C_FLAGS_RELEASE="-O2 -DNDEBUG" >/dev/null
	@cmake --build $(RELEASE_BUILD)
	cd $(RELEASE_BUILD) && ctest --output-on-failure -j2

# The code's measures: no function of src/, cli/, server/ above cyclomatic complexity 25 but the
# ones tests/lint/complexity-allow.txt lists, none of them grown; commit subjects under 72
# characters (tests/lint/subjects.sh). The layout is .clang-format's (clang-format --dry-run FILE).
lint:
	$(call ensure_packages,$(LINT_PACKAGES))
	python3 tests/lint/complexity.py tests/lint/complexity-allow.txt
	bash tests/lint/subjects.sh

# The API changed on purpose: rewrites abi/lb.symbols, the symbols liblb.a exports, which the test
# script/abi compares with the library (docs/hacking.md, "Changing the API"); commit it with the
# change.
abi-update: build
	bash tests/scripts/abi.sh --update $(BUILD)/liblb.a abi/lb.symbols

# Each benchmark in processor time (bench_store beside a PostgreSQL server of its own that flushes
# every commit); right after bench_los, the same visibility maps by the hex line of honeycomb-grid
# (bench/peer/visibility.mjs, an npm devDependency), with the ratio.
bench: build
	$(call ensure_packages,$(BENCH_PACKAGES))
	@for b in $(BUILD)/bench/bench_*; do \
	  echo "== $$(basename $$b)"; \
	  case $$b in \
	    *bench_store) bash tests/store/with_postgres.sh --durable $$b ;; \
	    *) LB_BENCH_OUT=$(BUILD)/bench $$b ;; \
	  esac || exit 1; \
	  [ "$$(basename $$b)" = bench_los ] || continue; \
	  echo "== peer: honeycomb-grid (bench/peer/visibility.mjs)"; \
	  if ! command -v node >/dev/null || ! command -v npm >/dev/null; then \
	    echo "peer skipped: node and npm not found (Debian: apt-get install nodejs npm)"; \
	  else \
	    [ -d node_modules/honeycomb-grid ] || npm ci --no-audit --no-fund || exit 1; \
	    node bench/peer/visibility.mjs $(BUILD)/bench || exit 1; \
	  fi; \
	done
	@echo "== the page of a finished game in chromium (bench/load/page_interactive.mjs)"
	@$(MAKE) --no-print-directory setup-test
	@LB_PROGRAM=$(BUILD)/labataille LB_WEB=web node bench/load/page_interactive.mjs
	@echo "== the big battle's page in chromium: opened, panned, zoomed (bench/load/page_frames.mjs)"
	@LB_PROGRAM=$(BUILD)/labataille LB_WEB=web node bench/load/page_frames.mjs

# Out of make test, soak runs both: soak-stores, SOAK_SECONDS (600) of random games (SOAK_GAMES
# for the stores, 1000, at least) through the engine and a SQLite store with the memory sampled
# (flat after the warm-up), every game replayed bit-exact, then the same games on PostgreSQL
# (tests/soak/soak.sh says the settings); soak-ai, the computer against the random player over
# SOAK_AI_GAMES (200), half on each side, must win 95%, then its full level against its quick one
# over SOAK_FULL_GAMES, which should win clearly more than half (reported, not enforced);
# soak-odds, the odds against play (tests/unit/test_odds_play.c) over SOAK_ODDS_POSITIONS (50)
# random melees and charges, 20,000 plays each.
soak: soak-stores soak-ai soak-odds

soak-odds: build
	LB_ODDS_POSITIONS=$(SOAK_ODDS_POSITIONS) LB_ODDS_PLAYS=20000 ./$(BUILD)/test_odds_play

soak-stores: build
	bash tests/soak/soak.sh $(BUILD)

soak-ai: build
	./$(BUILD)/labataille selfplay --players quick,random --alternate --games $(SOAK_AI_GAMES) \
	  --seed 1 --expect 0.95
	./$(BUILD)/labataille selfplay --players full,quick --alternate --games $(SOAK_FULL_GAMES) \
	  --seed 1

# Out of make test, ai-eval: the computer's strength table of docs/ai.md (issue 29): every level
# against the random player, the scripted baseline (R-AI-7) and each other on every bundled
# scenario, alternating sides, two selfplay processes at a time (AI_EVAL_SCALE multiplies the
# games of each row, 1 by default).
AI_EVAL_SCALE ?= 1
ai-eval: build
	python3 tests/tools/ai_eval.py ./$(BUILD)/labataille --jobs 2 --scale $(AI_EVAL_SCALE)

fuzz: setup-clang
	@CC=clang cmake -S . -B $(FUZZ_BUILD) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DLB_FUZZ=ON >/dev/null
	@cmake --build $(FUZZ_BUILD)
	@for f in $(FUZZ_BUILD)/fuzz_*; do \
	  name=$$(basename $$f | sed 's/^fuzz_//'); corpus=$(CURDIR)/fuzz/corpus/$$name; mkdir -p $$corpus; \
	  dict=$(CURDIR)/$(FUZZ_BUILD)/$$name.dict; : > $$dict; \
	  for part in $$(echo $$name | tr _ ' '); do \
	    [ -f fuzz/$$part.dict ] && cat fuzz/$$part.dict >> $$dict; \
	  done; \
	  case $$name in *_*) [ -f fuzz/$$name.dict ] && cat fuzz/$$name.dict >> $$dict;; esac; \
	  if [ -s $$dict ]; then dict=-dict=$$dict; else dict=; fi; \
	  echo "== $$(basename $$f) for $(FUZZ_SECONDS) s"; \
	  $$f -max_total_time=$(FUZZ_SECONDS) -max_len=65536 -timeout=20 -close_fd_mask=2 $$dict \
	    $$corpus || exit 1; \
	done

clean:
	rm -rf $(BUILD) $(TEST_BUILD) $(FUZZ_BUILD) $(RELEASE_BUILD)
