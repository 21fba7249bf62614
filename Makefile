# Ninefold — the commands the README names, plus the ones maintainers need.
SWIFT      ?= swift
PREFIX     ?= /usr/local
CONFIG     ?= release
BUILD_DIR  := .build
BIN        := $(BUILD_DIR)/$(CONFIG)/ninefold
# The Swift runtime and Foundation linked in, so the installed binary runs on a machine
# without the toolchain (only libc, libstdc++ and libxml2 are needed at run time). Linked with
# the toolchain's lld: GNU ld prints a warning for every static link (Foundation's own
# createTemporaryFile references mktemp, and glibc marks it with a .gnu.warning section that
# GNU ld reports and lld does not), which would make the build's output not warning-free
# through no code of ours.
STATIC     := --static-swift-stdlib -Xswiftc -use-ld=lld
DOCUMENTS  := $(wildcard Documents/*.xml)
BROKEN     := $(wildcard Documents/Broken/*.xml)
# Interface Builder files: every view controller scene, top-level view and cell is a document.
IB_FILES   := $(wildcard Documents/InterfaceBuilder/*.storyboard Documents/InterfaceBuilder/*.xib)
REPORTS    := reports

.PHONY: all build test demo bench install uninstall clean schema check-deps screenshots check-static check-plugins fuzz fuzz-smoke sanitize

all: build

# libxml2's headers and pkg-config file come from libxml2-dev on Debian; install it when missing.
check-deps:
	@pkg-config --exists libxml-2.0 || { \
	  echo "libxml2-dev is missing; installing it with apt-get"; \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq libxml2-dev pkg-config; \
	  else sudo apt-get update -qq && sudo apt-get install -y -qq libxml2-dev pkg-config; fi; }

build: check-deps
	$(SWIFT) build -c $(CONFIG) --product ninefold $(STATIC)

# The suite, then the static-linking check of the release binary that make build, demo and
# install produce (building it here would triple the time of make test on a fresh clone).
test: check-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	@if [ -x $(BIN) ]; then bash Scripts/check-static.sh $(BIN); \
	else echo "check-static: no $(BIN) yet; make build (or demo, install) builds it, and make test then checks it"; fi

# The main job: the size-class matrix of every bundled document, in the terminal and as HTML.
# Reports mirror Documents/: Documents/quiz-view.xml -> reports/quiz-view.html, and the
# broken-on-purpose documents under reports/Broken/, and each layout of the Interface Builder
# files in Documents/InterfaceBuilder/ as reports/InterfaceBuilder/FILE#ID.html (the index links
# them). Exit status 1 from matrix only means a
# document has findings (the article's quiz view is ambiguous on purpose); 2, a document that
# cannot be read, fails the demo.
demo: build
	@mkdir -p $(REPORTS)/Broken
	@for doc in $(DOCUMENTS); do \
	  $(BIN) matrix "$$doc"; status=$$?; [ $$status -le 1 ] || exit $$status; echo; \
	done
	@for doc in $(DOCUMENTS) $(BROKEN); do \
	  page="$(REPORTS)/$${doc#Documents/}"; page="$${page%.xml}.html"; \
	  $(BIN) matrix "$$doc" --format html -o "$$page"; status=$$?; [ $$status -le 1 ] || exit $$status; \
	done
	@layouts="$$($(BIN) import --list $(IB_FILES))" || exit 2; for doc in $$layouts; do \
	  $(BIN) matrix "$$doc"; status=$$?; [ $$status -le 1 ] || exit $$status; echo; \
	  page="$(REPORTS)/$${doc#Documents/}.html"; mkdir -p "$$(dirname "$$page")"; \
	  $(BIN) matrix "$$doc" --format html -o "$$page"; status=$$?; [ $$status -le 1 ] || exit $$status; \
	done
	@$(BIN) index $(DOCUMENTS) $(BROKEN) $(IB_FILES) -o $(REPORTS)/index.html; status=$$?; [ $$status -le 1 ] || exit $$status
	@echo "HTML reports: $(REPORTS)/index.html"

# Stage times and peak memory on generated scenes and the bundled documents, beside kiwisolver on
# the same systems (Documentation/Performance.md). kiwisolver comes from PyPI into .venv.
# BENCH_ARGS narrows a run, e.g. make bench BENCH_ARGS="--sizes 100,1000 --scenes grid --cap 30".
BENCH_ARGS ?=
# The ninefold binary is built as make build builds it (static): the bench times the shipped
# program, and a dynamic build here replaced make build's, so make test's static check then failed.
bench: check-deps .venv/bin/python
	$(SWIFT) build -c release --product ninefold-bench
	$(SWIFT) build -c release --product ninefold $(STATIC)
	$(BUILD_DIR)/release/ninefold-bench --kiwi .venv/bin/python --ninefold $(BUILD_DIR)/release/ninefold $(BENCH_ARGS)

.venv/bin/python:
	python3 -m venv .venv && .venv/bin/pip install --quiet kiwisolver

# Fuzzing (Documentation/Reliability.md): libFuzzer with AddressSanitizer, built from the separate
# package in Fuzz/ so the normal build never needs it. `make fuzz` runs every target for
# FUZZ_SECONDS (default 10 minutes each) and prints executions, coverage and crashes;
# `make fuzz-smoke` replays the committed corpora and every regression input, then fuzzes each
# target for 60 s (CI runs it).
FUZZ_SECONDS ?= 600
fuzz: check-deps
	bash Scripts/fuzz.sh run $(FUZZ_SECONDS)

FUZZ_SMOKE_TARGETS ?= fuzz-scene-reader fuzz-interface-builder fuzz-pipeline fuzz-solver
fuzz-smoke: check-deps
	bash Scripts/fuzz.sh smoke 60 $(FUZZ_SMOKE_TARGETS)

# The test suite under AddressSanitizer, then parallel multi-file validation (and the CLI's
# concurrent writes) under ThreadSanitizer, each in its own build directory. UBSan: swiftc
# refuses -sanitize=undefined on Linux, and the package compiles no C; Swift's own overflow,
# bounds and exclusivity checks are on in these debug builds (Documentation/Reliability.md).
# SANITIZE_FILTER narrows the ASan run; empty runs it all.
SANITIZE_FILTER ?=
# Linked with lld: GNU gold printed 564 "cannot export local symbol '__asan_report_…'"
# warnings per CI run, all about the sanitizer runtime's own symbols.
SANITIZE_LINK := -Xswiftc -use-ld=lld
sanitize: check-deps
	$(SWIFT) build --build-tests --scratch-path .build-asan --sanitize address $(SANITIZE_LINK)
	LSAN_OPTIONS=suppressions=$(CURDIR)/Scripts/lsan-suppressions.txt \
	  $(SWIFT) test --skip-build --scratch-path .build-asan --sanitize address $(SANITIZE_LINK) \
	  $(if $(SANITIZE_FILTER),--filter '$(SANITIZE_FILTER)')
	$(SWIFT) build --build-tests --scratch-path .build-tsan --sanitize thread $(SANITIZE_LINK)
	$(SWIFT) test --skip-build --scratch-path .build-tsan --sanitize thread $(SANITIZE_LINK) --filter 'ParallelValidationTests|CommandLineOutputTests'

install: build check-static
	install -d "$(PREFIX)/bin"
	install -m 755 $(BIN) "$(PREFIX)/bin/ninefold"
	bash Scripts/check-static.sh "$(PREFIX)/bin/ninefold"

# ldd must list no Swift runtime library for the release binary.
check-static: build
	bash Scripts/check-static.sh $(BIN)

# The SwiftPM plugins on the sample package Examples/PluginSample (builds Ninefold there from
# scratch, a few minutes): its good target builds, its broken target fails at the conflicting
# constraint's line, and swift package ninefold-validate reports the same.
check-plugins:
	bash Scripts/check-plugins.sh

uninstall:
	rm -f "$(PREFIX)/bin/ninefold"

# The schema is compiled into the binary so an installed ninefold needs no source tree.
schema:
	python3 Scripts/embed-schema.py Schemas/scene.xsd Sources/NinefoldScene/XML/SceneSchemaText.swift

# PNGs of the demo reports (headless Chromium, installed with apt-get when missing), to check
# the look without a browser: screenshots/index.png, screenshots/quiz-view.png, …
screenshots: demo
	bash Scripts/screenshots.sh $(REPORTS) screenshots

clean:
	rm -rf $(BUILD_DIR) .build-fuzz .build-asan .build-tsan $(REPORTS) screenshots
