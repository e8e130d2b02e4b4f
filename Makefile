# The README's two commands: `make run` and `make test`.
SWIFT ?= swift
SYSTEM_PACKAGES := libncursesw5-dev tmux

.PHONY: run test build docs doc-examples outside-test macro-test api-baseline footprint format lint bench bench-check bench-peers bench-peers-check deps tmux-test fuzz soak \
	sanitize sanitize-thread sanitize-address mutate mutate-fresh fuzz-coverage coverage stress-tests

deps:
	@missing=""; \
	dpkg -s libncursesw5-dev >/dev/null 2>&1 || missing="$$missing libncursesw5-dev"; \
	command -v tmux >/dev/null 2>&1 || missing="$$missing tmux"; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update && $$SUDO apt-get install -y $$missing; \
	fi

build: deps
	$(SWIFT) build

run: deps
	$(SWIFT) build --product composable-demo
	"$$($(SWIFT) build --show-bin-path)/composable-demo"

# The tests run with a temporary directory of their own, which must hold nothing of theirs
# afterwards (SwiftPM's own lock files and empty TemporaryDirectory.* folders aside).
test: deps
	$(SWIFT) build --build-tests
	@scratch="$$(mktemp -d)"; status=0; \
	TMPDIR="$$scratch" $(SWIFT) test --skip-build || status=$$?; \
	left="$$(ls -A "$$scratch" | grep -Ev '^TemporaryDirectory\.|\.lock$$' || true)"; \
	rm -rf "$$scratch"; \
	if [ "$$status" -ne 0 ]; then exit "$$status"; fi; \
	if [ -n "$$left" ]; then echo "The tests left in the temporary directory:"; echo "$$left"; exit 1; fi
	$(MAKE) macro-test
	python3 Tests/Mutations/mutate.py --check
	python3 -m unittest discover -s Tests/Docs -p 'test_*.py'
	python3 Tests/DocExamples/doc_examples.py
	python3 Tests/Docs/build_docs.py
	python3 -m unittest discover -s Tests/API -p 'test_*.py'
	python3 Tests/API/api_baseline.py
	python3 Tests/API/widgets_public_api.py
	$(MAKE) outside-test
	$(MAKE) soak SOAK_MINUTES=5
	$(MAKE) tmux-test

# The public symbols of every library product written anew to Tests/API/baseline.txt (make test
# compares them with it: a symbol gone without a deprecation and a CHANGELOG entry fails).
api-baseline:
	$(SWIFT) build
	python3 Tests/API/api_baseline.py --update

# The macros' expansion tests: a package of their own (Tests/MacroTests/Package.swift says why).
macro-test:
	$(SWIFT) test --package-path Tests/MacroTests

# What a user gets: the README's first app built from the README's text in a package of its own
# (.build/outside), depending on this one by path; its failing tests must fail (Tests/Outside).
outside-test: deps
	python3 Tests/Outside/first_app.py

# The DocC catalogs of the five library products, as static HTML in .build/docs/<Module> (serve
# .build/docs, then open /<Module>/documentation/<module>). Fails on any DocC warning (a broken
# symbol link, say) and on a public symbol that no page of its catalog curates.
docs: deps
	$(SWIFT) build
	python3 Tests/Docs/build_docs.py

# Every ```swift example of the doc comments and the articles, type-checked against the build
# (Tests/DocExamples/doc_examples.py says how contexts and fragments are marked).
doc-examples: deps
	$(SWIFT) build
	python3 Tests/DocExamples/doc_examples.py

# The real-terminal tier: the built binaries driven in a detached tmux session.
tmux-test: deps
	$(SWIFT) build --product terminalui-demo
	$(SWIFT) build --product composable-demo
	$(SWIFT) build --product counter-app
	$(SWIFT) build --product notes-app
	bash Tests/tmux/run.sh "$$($(SWIFT) build --show-bin-path)/terminalui-demo"
	bash Tests/tmux/app.sh "$$($(SWIFT) build --show-bin-path)/composable-demo"
	bash Tests/tmux/first-app.sh "$$($(SWIFT) build --show-bin-path)/counter-app"
	bash Tests/tmux/notes-app.sh "$$($(SWIFT) build --show-bin-path)/notes-app"

# The whole app fuzzed headless: 10,000 seeded cases of random input across every study
# (make test runs 150 of them). Failing cases are kept as tapes in .build/fuzz.
fuzz:
	$(SWIFT) build --product composable-fuzz
	"$$($(SWIFT) build --show-bin-path)/composable-fuzz" --count $${FUZZ_COUNT:-10000} --tapes .build/fuzz

# Coverage-guided fuzzing with libFuzzer (AddressSanitizer on) of the key decoder, the key-tape
# parser and text editing (Sources/TerminalUIFuzzTargets), then of @Shared(.fileStorage)
# decoding (Sources/SharedFuzzTargets, below). TerminalUI has no dependencies, so
# swiftc builds them with the library as one module. Each target runs FUZZ_SECONDS (60) from
# its kept corpus; the kept corpus becomes the fewest inputs that reach all that the old one and
# the run reached (libFuzzer's set-cover merge) in Tests/Fuzz/<target>/corpus, and a
# failing input is kept in Tests/Fuzz/<target>/crashes. make test replays both (FuzzCorpusTests).
# Last, each prints the coverage its kept corpus reaches (libFuzzer run over it once).
FUZZ_TARGETS := key-decoder key-tape text-editing
FUZZ_SECONDS ?= 60
# The fourth target, @Shared(.fileStorage) decoding (Sources/SharedFuzzTargets), needs the
# architecture and its dependencies: SwiftPM builds them in .build-fuzz with AddressSanitizer and
# libFuzzer's coverage instrumentation, and the driver (Sources/shared-fuzz) links libFuzzer
# without its main, which it calls itself.
FUZZER_NO_MAIN = $(firstword $(wildcard $(dir $(realpath $(shell command -v swiftc)))../lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a))

# The core, the widgets (their import of the core dropped: they are one module here) and the
# targets, as one module.
fuzz-coverage:
	rm -rf .build/fuzz/widgets && mkdir -p .build/fuzz/widgets
	for file in Sources/TerminalUIWidgets/*.swift; do \
	  sed '/^import TerminalUICore$$/d' "$$file" > ".build/fuzz/widgets/$$(basename "$$file")"; \
	done
	swiftc -swift-version 6 -enable-upcoming-feature ExistentialAny -sanitize=fuzzer,address \
	  -parse-as-library -O -g -module-name TerminalUICore -D FUZZ_SINGLE_MODULE \
	  $$(find Sources/TerminalUICore .build/fuzz/widgets Sources/TerminalUIFuzzTargets -name '*.swift') \
	  Tests/Fuzz/Entry.swift -o .build/fuzz/fuzz
	@for target in $(FUZZ_TARGETS); do \
	  mkdir -p .build/fuzz/corpus-$$target Tests/Fuzz/$$target/corpus Tests/Fuzz/$$target/crashes; \
	  echo "== $$target"; \
	  FUZZ_TARGET=$$target .build/fuzz/fuzz -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 \
	    -artifact_prefix=Tests/Fuzz/$$target/crashes/ .build/fuzz/corpus-$$target \
	    Tests/Fuzz/$$target/corpus 2>&1 | grep -E '^(#[0-9]+[[:space:]]+DONE|stat::number_of_executed_units|==.*ERROR|Fatal error|SUMMARY)' \
	    || true; \
	  rm -rf .build/fuzz/kept-$$target && mkdir .build/fuzz/kept-$$target && \
	  FUZZ_TARGET=$$target .build/fuzz/fuzz -set_cover_merge=1 .build/fuzz/kept-$$target \
	    Tests/Fuzz/$$target/corpus .build/fuzz/corpus-$$target > .build/fuzz/merge-$$target.log 2>&1 && \
	  rm -rf Tests/Fuzz/$$target/corpus && mv .build/fuzz/kept-$$target Tests/Fuzz/$$target/corpus; \
	  grep -E 'MERGE-OUTER: [0-9]+ new files' .build/fuzz/merge-$$target.log || true; \
	  printf 'the corpus kept: '; FUZZ_TARGET=$$target .build/fuzz/fuzz -runs=0 \
	    Tests/Fuzz/$$target/corpus 2>&1 | grep -Eo 'INITED cov: [0-9]+ ft: [0-9]+ corp: [0-9]+' || echo; \
	done
	$(SWIFT) build --product shared-fuzz --scratch-path .build-fuzz \
	  -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp \
	  -Xlinker --undefined=LLVMFuzzerRunDriver -Xlinker --export-dynamic-symbol=LLVMFuzzerRunDriver \
	  -Xlinker $(FUZZER_NO_MAIN) -Xlinker -lstdc++
	mkdir -p .build/fuzz/corpus-file-storage Tests/Fuzz/file-storage/corpus Tests/Fuzz/file-storage/crashes
	@echo "== file-storage"
	@.build-fuzz/debug/shared-fuzz -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 \
	  -artifact_prefix=Tests/Fuzz/file-storage/crashes/ .build/fuzz/corpus-file-storage \
	  Tests/Fuzz/file-storage/corpus 2>&1 | grep -E '^(#[0-9]+[[:space:]]+DONE|stat::number_of_executed_units|==.*ERROR|Fatal error|SUMMARY)' \
	  || true
	@.build-fuzz/debug/shared-fuzz -merge=1 Tests/Fuzz/file-storage/corpus \
	  .build/fuzz/corpus-file-storage 2>&1 | grep -E 'MERGE-OUTER: [0-9]+ new files' || true
	@printf 'the corpus kept: '; .build-fuzz/debug/shared-fuzz -runs=0 Tests/Fuzz/file-storage/corpus \
	  2>&1 | grep -Eo 'INITED cov: [0-9]+ ft: [0-9]+ corp: [0-9]+' || echo

# 100 stacked counters with running timers for an hour of a test clock, in a process of its own
# so that the memory it measures is its own (make test runs five minutes of it): every tick
# delivered, memory flat, nothing left running once they are popped.
soak:
	$(SWIFT) build --product composable-fuzz
	"$$($(SWIFT) build --show-bin-path)/composable-fuzz" --soak $${SOAK_MINUTES:-60}

format:
	swift-format format --in-place --recursive --parallel Package.swift Sources Tests Examples Benchmarks/Package.swift Benchmarks/Sources

lint:
	swift-format lint --strict --recursive --parallel Package.swift Sources Tests Examples Benchmarks/Package.swift Benchmarks/Sources

# Release-mode benchmarks, in a package of their own (Benchmarks/) so `make test` never builds
# them. Each figure is printed with its ratio to a baseline measured in the same run.
bench:
	cd Benchmarks && $(SWIFT) build -c release --product composable-bench
	Benchmarks/.build/release/composable-bench

# What an app costs before it does anything: the demo's and the README's first app's size, and at
# their first frame their resident memory and the libraries they loaded (release builds, in
# .build-release).
footprint: deps
	$(SWIFT) build -c release --product composable-demo --scratch-path .build-release
	$(SWIFT) build -c release --product counter-app --scratch-path .build-release
	python3 Benchmarks/footprint.py .build-release/release/composable-demo .build-release/release/counter-app

# The same run, failing when a budget is missed.
bench-check:
	cd Benchmarks && $(SWIFT) build -c release --product composable-bench
	Benchmarks/.build/release/composable-bench --check

# Our counter tab and sign-up basics step against the same two screens written in Textual and
# urwid (Benchmarks/peers/), each on an 80×24 pseudo-terminal read through pyte: first frame,
# key → screen, bytes per key, CPU and memory, with ratios and budgets; all figures also go to
# .build/bench-peers.json. The peers live in a virtual environment of their own. Ours is built
# as a Swift program is shipped on Linux: in release, with the Swift libraries linked
# statically (in a build folder of its own, Benchmarks/.build-static; static Foundation
# networking links libcurl, from Debian's libcurl4-openssl-dev). A static binary cannot run the
# test store (swift-concurrency-extras finds the runtime's enqueue hook with dlsym), so the
# timing benchmarks (make bench) stay a dynamic build.
PEERS_VENV := .build/peers-venv
PEERS_PYTHON := $(PEERS_VENV)/bin/python
STATIC_BENCH := Benchmarks/.build-static/release/composable-bench

bench-peers:
	@test -x $(PEERS_PYTHON) || python3 -m venv $(PEERS_VENV)
	$(PEERS_PYTHON) -m pip install --quiet --disable-pip-version-check -r Benchmarks/peers/requirements.txt
	@dpkg -s libcurl4-openssl-dev >/dev/null 2>&1 || { \
	  echo "Installing: libcurl4-openssl-dev"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update && $$SUDO apt-get install -y libcurl4-openssl-dev; }
	cd Benchmarks && $(SWIFT) build -c release --product composable-bench \
	  --static-swift-stdlib -Xlinker -lcurl --scratch-path .build-static
	$(PEERS_PYTHON) Benchmarks/peers/bench_peers.py --ours $(STATIC_BENCH) $(PEERS_FLAGS)

# The same run, failing when a budget is missed.
bench-peers-check:
	$(MAKE) bench-peers PEERS_FLAGS=--check

# The test suite under ThreadSanitizer, then AddressSanitizer with LeakSanitizer, each in a build
# folder of its own. Any report fails the run. Suppressions live in Tests/Sanitizers, each with
# the reason written next to it.
sanitize: sanitize-thread sanitize-address

# $(1): the sanitizer; $(2): its build folder; $(3): the runtime's options.
define sanitized-test
	$(SWIFT) build --build-tests --sanitize=$(1) --scratch-path $(2)
	@scratch="$$(mktemp -d)"; status=0; \
	TMPDIR="$$scratch" $(3) $(SWIFT) test --skip-build --sanitize=$(1) --scratch-path $(2) \
	  || status=$$?; \
	rm -rf "$$scratch"; exit $$status
endef

sanitize-thread: deps
	$(call sanitized-test,thread,.build-tsan,TSAN_OPTIONS="halt_on_error=1 suppressions=$(CURDIR)/Tests/Sanitizers/tsan.supp")

sanitize-address: deps
	$(call sanitized-test,address,.build-asan,ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS="suppressions=$(CURDIR)/Tests/Sanitizers/lsan.supp print_suppressions=0")

# Line coverage per target: the suite built with coverage in .build-coverage, then the tmux
# tier with the instrumented binaries (so the ncurses backend is counted from a real
# pseudo-terminal); library files under 70% need a reason in Tests/Coverage/exceptions.txt.
coverage: deps
	$(SWIFT) build --build-tests --enable-code-coverage --scratch-path .build-coverage
	python3 Tests/Coverage/coverage.py

# The suite built with coverage (as make coverage builds it) run 10 times in a row, then 3 times
# on one core while a busy loop loads it: tests that depend on timing fail here first.
stress-tests: deps
	$(SWIFT) build --build-tests --enable-code-coverage --scratch-path .build-coverage
	RUNS=$${RUNS:-10} LOADED_RUNS=$${LOADED_RUNS:-3} bash Tests/Stress/stress-tests.sh

# One-line bugs put into the library one at a time (Tests/Mutations/mutations.txt), each built
# and tested in a copy under .build-mutate; prints the share the tests catch (goal 95%).
mutate:
	python3 Tests/Mutations/mutate.py

# Mutants picked at random (a seed, printed) in the files the last commits changed, each run
# against the whole suite: FRESH_COUNT (50), FRESH_COMMITS (20), FRESH_SEED, FRESH_FLAGS=--tmux.
mutate-fresh:
	python3 Tests/Mutations/fresh.py --count $${FRESH_COUNT:-50} --commits $${FRESH_COMMITS:-20} \
	  $${FRESH_SEED:+--seed $$FRESH_SEED} $(FRESH_FLAGS)
