# Ghostframe developer entry points.
#
#   make demo    build the library and render the gallery (examples/trees and examples/timelines
#                -> docs/gallery/*.gif, with the seed's one-liner chain)
#   make test    THE one command that runs every test (Swift, C, Python, the package, the demo)
#   make setup   what both run first: missing Debian packages, and .venv/ with the Python packages
#   make bench   run the benchmarks (scripts/bench.sh)
#   make install PREFIX=/usr/local   the CMake build (static Swift runtime, stripped) installed into
#                PREFIX: header, libghostframe.so.0, ghostframe.pc, lib/cmake/Ghostframe (find_package).
#                Needs only CMake, Ninja, binutils and the Swift toolchain (no Python, no .venv/)
#   make abi-baseline   regenerate Include/abi-layout.txt after a deliberate struct layout change
#   make python-dist   the Python sdist and manylinux wheel to hand out, into dist/
#   make docs    the DocC documentation of the Swift modules, into build-docs/Ghostframe.doccarchive
#   make clean   remove build outputs (make distclean: and .venv/)
#   make fuzz    build the fuzz targets and run each for 15 s (scripts/fuzz.sh; FUZZ_SECONDS=300 make fuzz for longer)
#   make asan-build asan-test   the C tests and examples under ASan + UBSan (build-asan/)
#   make tsan-build tsan-test   the thread stress test under TSan (build-tsan/)
#
# `make test` runs the steps below in order, keeps going after a failure (skipping the steps that
# need a failed one), prints a summary with timings, and fails if any step failed. Each step is
# also a target of its own: `make cmake-test`, `make python-wheel`, ...
#
# Every Python step uses the project's virtual environment (.venv/bin/python), never the system's.

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.ONESHELL:
.DEFAULT_GOAL := help
MAKEFLAGS += --no-print-directory

NPROC := $(shell nproc 2>/dev/null || echo 2)
PYTHON := $(CURDIR)/.venv/bin/python
CMAKE_CONFIGURE := cmake -G Ninja -DCMAKE_BUILD_TYPE=Release -DGHOSTFRAME_PYTHON=$(PYTHON)
BUILD := build
PREFIX ?= /usr/local
CC ?= cc
GALLERY := docs/gallery

# One CMake build: it links the Swift runtime statically (the default since issue 17), so
# cmake-test runs the static-runtime and installed-consumer checks that a second build used to.
TEST_STEPS := swift-build swift-abi swift-test swift-sendability swift-consumer cmake-build cmake-test \
              demo-check python-install python-wheel
# step:the step it needs
TEST_NEEDS := swift-abi:swift-build swift-sendability:swift-build cmake-test:cmake-build \
              python-wheel:python-install

.PHONY: help setup test demo bench clean distclean install abi-baseline python-dist $(TEST_STEPS)

# Proven on every change (issue 9): the C tests and examples under ASan + UBSan, the thread stress
# test under TSan, and the libFuzzer targets, 15 s each (scripts/fuzz.sh).
BUILD_ASAN := build-asan
BUILD_TSAN := build-tsan
# Sanitized C hosts must be built by the Swift toolchain's clang (a gcc host cannot link them).
TOOLCHAIN_CLANG := $(dir $(realpath $(shell command -v swift)))clang
TEST_STEPS += asan-build asan-test tsan-build tsan-test fuzz
TEST_NEEDS += asan-test:asan-build tsan-test:tsan-build
.PHONY: asan-build asan-test tsan-build tsan-test fuzz

# The DocC documentation of the public Swift modules (issue 13), built together so their links
# across modules resolve: one archive with a page per module, in build-docs/ (ignored by git).
# `make docs-check` is the same build with every DocC warning an error (a broken ``link``, a
# topic naming a symbol that is gone); it takes about 20 s after `swift build`, so `make test`
# runs it.
DOCS := build-docs
DOC_TARGETS := GhostframeCore GhostframeSkeleton GhostframeFormats GhostframeTimeline GhostframeTools GhostframeExport Ghostframe
GENERATE_DOCS := swift package --allow-writing-to-directory $(DOCS) generate-documentation \
  --enable-experimental-combined-documentation $(addprefix --target ,$(DOC_TARGETS)) \
  --output-path $(DOCS)/Ghostframe.doccarchive
TEST_STEPS += docs-check
TEST_NEEDS += docs-check:swift-build
.PHONY: docs docs-check

help:
	@sed -n 's/^#   make /  make /p' $(firstword $(MAKEFILE_LIST))

# Idempotent; a second run only checks (well under a second). The steps of `make test` run it
# once, not once each (SETUP_DONE).
setup:
	@if [[ -z "$(SETUP_DONE)" ]]; then scripts/setup.sh; fi

$(TEST_STEPS) demo bench: setup

test: setup
	@failed=() summary=() start=$$EPOCHREALTIME
	for step in $(TEST_STEPS); do
	  need=""
	  for pair in $(TEST_NEEDS); do [[ $${pair%%:*} == "$$step" ]] && need=$${pair#*:}; done
	  if [[ -n $$need && " $${failed[*]} " == *" $$need "* ]]; then
	    failed+=("$$step"); summary+=("$$(printf '  %-13s skipped (needs %s)' "$$step" "$$need")"); continue
	  fi
	  echo; echo "==> make $$step"
	  t0=$$EPOCHREALTIME
	  if $(MAKE) $$step SETUP_DONE=1; then result=ok; else result=FAILED; failed+=("$$step"); fi
	  summary+=("$$(printf '  %-13s %-7s %6.1f s' "$$step" "$$result" "$$(awk "BEGIN { print $$EPOCHREALTIME - $$t0 }")")")
	done
	echo; echo "make test summary:"; printf '%s\n' "$${summary[@]}"
	printf '  %-13s %-7s %6.1f s\n' total "" "$$(awk "BEGIN { print $$EPOCHREALTIME - $$start }")"
	if (( $${#failed[@]} )); then echo "FAILED: $${failed[*]}"; exit 1; fi
	echo "all passed"

# ---- the steps of `make test` ---------------------------------------------------------------

swift-build:
	swift build

# The SwiftPM library exports exactly the header's functions too.
swift-abi:
	scripts/check_abi.sh "$$(swift build --show-bin-path)/libghostframe.so"

# The Swift examples run too: the one-liner chain must report its three completions.
swift-test:
	swift test
	mkdir -p $(BUILD)
	swift run ChainOneLiner > $(BUILD)/chain-oneliner.txt
	grep -q "link 2 (cornerRadius) ended at 1.2702 s" $(BUILD)/chain-oneliner.txt

# Swift 6 strict concurrency refuses to share what is not Sendable (Tests/SendabilityCheck: two
# files that must fail to compile with the expected diagnostic, one that must compile).
swift-sendability:
	scripts/check_sendability.sh

# Another Swift package depending on this one by path builds and runs (tests/consumer/swift).
swift-consumer:
	scripts/check_swift_consumer.sh

# GHOSTFRAME_STATIC_SWIFT_STDLIB=ON is the default; said here too so that a build/ configured
# before it became the default (its cache says OFF) is switched.
cmake-build:
	$(CMAKE_CONFIGURE) -DGHOSTFRAME_STATIC_SWIFT_STDLIB=ON -S . -B $(BUILD)
	cmake --build $(BUILD)

cmake-test:
	ctest --test-dir $(BUILD) --output-on-failure -j $(NPROC)

# The demo, as `make demo` runs it, into build/gallery: one GIF per example tree.
demo-check:
	@rm -rf $(BUILD)/gallery
	$(MAKE) demo GALLERY=$(BUILD)/gallery SETUP_DONE=1
	trees=$$(ls examples/trees/*.json | wc -l) timelines=$$(ls examples/timelines/*.json | wc -l)
	gifs=$$(ls $(BUILD)/gallery/*.gif | wc -l) expected=$$((trees + timelines + 4))
	if (( gifs != expected )); then
	  echo "demo-check: $$gifs GIFs for $$trees trees, $$timelines timelines, the chain, the preload overlay, pull-to-refresh and the card transition" >&2; exit 1
	fi
	echo "demo-check: $$gifs GIFs for $$trees trees, $$timelines timelines, the chain, the preload overlay, pull-to-refresh and the card transition"

# The sdist built and checked, `pip install`ed from into a fresh environment (the library built
# through CMake from it), then imported and sampled from outside the checkout; the wheel pip built
# is repaired to a manylinux wheel by auditwheel for python-wheel (one build of the library for both).
python-install:
	scripts/check_python_package.sh install $(PYTHON)

# The manylinux wheel checked (tag, metadata, LICENSE, bundled library, examples), installed into
# a fresh environment, passing the Python suite and `ghostframe gallery` with the Swift toolchain hidden.
python-wheel:
	scripts/check_python_package.sh wheel $(PYTHON)

# The files to hand out: dist/ghostframe-VERSION.tar.gz and the manylinux wheel.
python-dist: setup
	scripts/check_python_package.sh dist $(PYTHON) $(CURDIR)/dist

# The whole CMake build with GHOSTFRAME_SANITIZE=address,undefined (Swift -sanitize=address, C hosts
# -fsanitize=address,undefined), and its tests but those that cannot run there: valgrind's, the
# install check (its host is not instrumented) and the budgets (they measure memory and time).
asan-build:
	$(CMAKE_CONFIGURE) -DCMAKE_C_COMPILER=$(TOOLCHAIN_CLANG) -DGHOSTFRAME_SANITIZE=address,undefined \
	  -DGHOSTFRAME_STATIC_SWIFT_STDLIB=OFF -S . -B $(BUILD_ASAN)
	cmake --build $(BUILD_ASAN)

asan-test:
	UBSAN_OPTIONS=print_stacktrace=1 ctest --test-dir $(BUILD_ASAN) --output-on-failure -j $(NPROC) -LE '^(valgrind|install|budgets)$$'

# The thread stress test (bindings/c/tests/stress_threads.c) with the library and host under TSan.
tsan-build:
	$(CMAKE_CONFIGURE) -DCMAKE_C_COMPILER=$(TOOLCHAIN_CLANG) -DGHOSTFRAME_SANITIZE=thread \
	  -DGHOSTFRAME_STATIC_SWIFT_STDLIB=OFF -S . -B $(BUILD_TSAN)
	cmake --build $(BUILD_TSAN) --target stress_threads

tsan-test:
	GF_STRESS_ITERATIONS=1000 TSAN_OPTIONS=halt_on_error=1 ctest --test-dir $(BUILD_TSAN) --output-on-failure -R '^c_stress_threads$$'

# Builds the fuzz targets (ASan + coverage, .build-fuzz/) and runs each for FUZZ_SECONDS (15), two
# at a time; failing inputs are kept in .build-fuzz/artifacts/<target>/.
fuzz:
	scripts/fuzz.sh

# ---- the rest ---------------------------------------------------------------------------------

# Builds libghostframe.so (SwiftPM, release) and renders the gallery: every examples/trees/*.json
# to $(GALLERY)/NAME.gif, every examples/timelines/*.json on its stage to timeline-NAME.gif and the
# seed's one-liner chain to chain-oneliner.gif, with the Python package (skia-python, Pillow, numpy: installed in .venv by setup).
# The C examples run under CTest (`make cmake-test`), not here.
demo:
	@swift build -c release --product ghostframe
	lib="$$(swift build -c release --show-bin-path)/libghostframe.so"
	GHOSTFRAME_LIBRARY="$$lib" PYTHONPATH="$(CURDIR)/bindings/python$${PYTHONPATH:+:$$PYTHONPATH}" \
	  $(PYTHON) -m ghostframe gallery --trees examples/trees --timelines examples/timelines -o $(GALLERY) \
	  --fps 20 --scale 1
	GHOSTFRAME_LIBRARY="$$lib" PYTHONPATH="$(CURDIR)/bindings/python$${PYTHONPATH:+:$$PYTHONPATH}" \
	  $(PYTHON) examples/python/card_transition.py $(GALLERY)/card-transition.gif
	echo "make demo: the gallery is in $(CURDIR)/$(GALLERY) (shown in README.md, section Gallery)"

bench:
	PYTHON=$(PYTHON) bash scripts/bench.sh

# `make install PREFIX=...`: the CMake build (static Swift runtime, no RUNPATH, stripped unless
# INSTALL_CMAKE_FLAGS=-DGHOSTFRAME_STRIP=OFF) into PREFIX. C hosts then use pkg-config
# (PREFIX/lib/pkgconfig) or find_package(Ghostframe 0.1 CONFIG) (CMAKE_PREFIX_PATH=PREFIX).
# The library only, in a build folder of its own (build-install/): no tests or examples, so no
# Python, .venv/ or SDL2 (`setup.sh --build-only` checks for CMake, Ninja, strip and Swift);
# cmake/check_configure.sh (CTest configure_check) keeps it so.
BUILD_INSTALL := build-install
INSTALL_CMAKE_FLAGS ?=
install:
	scripts/setup.sh --build-only
	cmake -G Ninja -DCMAKE_BUILD_TYPE=Release -DGHOSTFRAME_BUILD_TESTS=OFF -DGHOSTFRAME_BUILD_EXAMPLES=OFF \
	  -DGHOSTFRAME_STATIC_SWIFT_STDLIB=ON $(INSTALL_CMAKE_FLAGS) -S . -B $(BUILD_INSTALL)
	cmake --build $(BUILD_INSTALL)
	cmake --install $(BUILD_INSTALL) --prefix "$(PREFIX)"

# After a deliberate change of a public struct's layout: rewrite the baseline CTest abi_layout
# compares with, then commit it with a CHANGELOG.md line.
abi-baseline:
	$(if $(wildcard $(PYTHON)),$(PYTHON),python3) scripts/check_abi_layout.py --cc "$(CC)" --update

# Serve it with `python3 -m http.server -d build-docs/Ghostframe.doccarchive` and open
# http://localhost:8000/documentation/ghostframe (DocC's pages need a server, not file://).
docs:
	@mkdir -p $(DOCS)
	$(GENERATE_DOCS)
	echo "make docs: $(CURDIR)/$(DOCS)/Ghostframe.doccarchive (documentation/ghostframe is the start page)"

docs-check:
	@mkdir -p $(DOCS)
	$(GENERATE_DOCS) --warnings-as-errors

clean:
	rm -rf $(BUILD) $(BUILD_INSTALL) build-static build-python build-bench
	rm -rf .build-fuzz .build-consumer $(BUILD_ASAN) $(BUILD_TSAN)
	rm -rf $(DOCS)
	swift package clean

distclean: clean
	rm -rf .venv
