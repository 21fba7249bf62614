# Ninefold — the commands the README names, plus the ones maintainers need.
SWIFT      ?= swift
PREFIX     ?= /usr/local
CONFIG     ?= release
BUILD_DIR  := .build
BIN        := $(BUILD_DIR)/$(CONFIG)/ninefold
DOCUMENTS  := $(wildcard Documents/*.xml)
BROKEN     := $(wildcard Documents/Broken/*.xml)
# Interface Builder files: every view controller scene, top-level view and cell is a document.
IB_FILES   := $(wildcard Documents/InterfaceBuilder/*.storyboard Documents/InterfaceBuilder/*.xib)
REPORTS    := reports

.PHONY: all build test demo bench install uninstall clean schema check-deps screenshots fuzz fuzz-smoke sanitize

all: build

# libxml2's headers and pkg-config file come from libxml2-dev on Debian; install it when missing.
check-deps:
	@pkg-config --exists libxml-2.0 || { \
	  echo "libxml2-dev is missing; installing it with apt-get"; \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq libxml2-dev pkg-config; \
	  else sudo apt-get update -qq && sudo apt-get install -y -qq libxml2-dev pkg-config; fi; }

build: check-deps
	$(SWIFT) build -c $(CONFIG) --product ninefold

test: check-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

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
	@$(BIN) index $(DOCUMENTS) $(BROKEN) $(IB_FILES) -o $(REPORTS)/index.html
	@echo "HTML reports: $(REPORTS)/index.html"

bench: check-deps
	$(SWIFT) build -c release --product ninefold-bench
	$(BUILD_DIR)/release/ninefold-bench

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
sanitize: check-deps
	$(SWIFT) build --build-tests --scratch-path .build-asan --sanitize address
	LSAN_OPTIONS=suppressions=$(CURDIR)/Scripts/lsan-suppressions.txt \
	  $(SWIFT) test --skip-build --scratch-path .build-asan --sanitize address \
	  $(if $(SANITIZE_FILTER),--filter '$(SANITIZE_FILTER)')
	$(SWIFT) build --build-tests --scratch-path .build-tsan --sanitize thread
	$(SWIFT) test --skip-build --scratch-path .build-tsan --sanitize thread --filter 'ParallelValidationTests|CommandLineOutputTests'

install: build
	install -d "$(PREFIX)/bin"
	install -m 755 $(BIN) "$(PREFIX)/bin/ninefold"

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
