# Ninefold — the commands the README names, plus the ones maintainers need.
SWIFT      ?= swift
PREFIX     ?= /usr/local
CONFIG     ?= release
BUILD_DIR  := .build
BIN        := $(BUILD_DIR)/$(CONFIG)/ninefold
DOCUMENTS  := $(wildcard Documents/*.xml)
BROKEN     := $(wildcard Documents/Broken/*.xml)
REPORTS    := reports

.PHONY: all build test demo bench install uninstall clean schema check-deps screenshots

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
# broken-on-purpose documents under reports/Broken/. Exit status 1 from matrix only means a
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
	@$(BIN) index $(DOCUMENTS) $(BROKEN) -o $(REPORTS)/index.html
	@echo "HTML reports: $(REPORTS)/index.html"

# Stage times and peak memory on generated scenes and the bundled documents, beside kiwisolver on
# the same systems (Documentation/Performance.md). kiwisolver comes from PyPI into .venv.
# BENCH_ARGS narrows a run, e.g. make bench BENCH_ARGS="--sizes 100,1000 --scenes grid --cap 30".
BENCH_ARGS ?=
bench: check-deps .venv/bin/python
	$(SWIFT) build -c release --product ninefold-bench
	$(SWIFT) build -c release --product ninefold
	$(BUILD_DIR)/release/ninefold-bench --kiwi .venv/bin/python --ninefold $(BUILD_DIR)/release/ninefold $(BENCH_ARGS)

.venv/bin/python:
	python3 -m venv .venv && .venv/bin/pip install --quiet kiwisolver

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
	rm -rf $(BUILD_DIR) $(REPORTS) screenshots
