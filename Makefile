# Ghostframe developer entry points.
#
#   make test    THE one command that runs every test (SwiftPM, CMake + CTest, static runtime)
#   make demo    build the library and render the gallery (examples/trees -> docs/gallery/*.gif)
#   make bench   run scripts/bench.sh, if there is one
#   make fuzz    build the fuzz targets and run each for 60 s (scripts/fuzz.sh)
#   make asan-build asan-test   the C tests and examples under ASan + UBSan (build-asan/)
#   make tsan-build tsan-test   the thread stress test under TSan (build-tsan/)
#   make clean   remove build outputs
#
# `make test` runs the steps below in order, keeps going after a failure (skipping the steps that
# need a failed one), prints a summary with timings, and fails if any step failed. Each step is
# also a target of its own: `make cmake-test`, `make static-test`, ...

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.ONESHELL:
.DEFAULT_GOAL := help
MAKEFLAGS += --no-print-directory

NPROC := $(shell nproc 2>/dev/null || echo 2)
CMAKE_CONFIGURE := cmake -G Ninja -DCMAKE_BUILD_TYPE=Release
BUILD := build
BUILD_STATIC := build-static
BUILD_DEMO := build-demo

TEST_STEPS := swift-build swift-abi swift-test cmake-build cmake-test static-build static-test
# step:the step it needs
TEST_NEEDS := swift-abi:swift-build cmake-test:cmake-build static-test:static-build

.PHONY: help test demo bench clean $(TEST_STEPS)

# Proven on every change (issue 9): the C tests and examples under ASan + UBSan, the thread stress
# test under TSan, and the libFuzzer targets, 60 s each (scripts/fuzz.sh).
BUILD_ASAN := build-asan
BUILD_TSAN := build-tsan
# Sanitized C hosts must be built by the Swift toolchain's clang (a gcc host cannot link them).
TOOLCHAIN_CLANG := $(dir $(realpath $(shell command -v swift)))clang
TEST_STEPS += asan-build asan-test tsan-build tsan-test fuzz
TEST_NEEDS += asan-test:asan-build tsan-test:tsan-build
.PHONY: asan-build asan-test tsan-build tsan-test fuzz

help:
	@sed -n 's/^#   make /  make /p' $(firstword $(MAKEFILE_LIST))

test:
	@failed=() summary=() start=$$EPOCHREALTIME
	for step in $(TEST_STEPS); do
	  need=""
	  for pair in $(TEST_NEEDS); do [[ $${pair%%:*} == "$$step" ]] && need=$${pair#*:}; done
	  if [[ -n $$need && " $${failed[*]} " == *" $$need "* ]]; then
	    failed+=("$$step"); summary+=("$$(printf '  %-13s skipped (needs %s)' "$$step" "$$need")"); continue
	  fi
	  echo; echo "==> make $$step"
	  t0=$$EPOCHREALTIME
	  if $(MAKE) $$step; then result=ok; else result=FAILED; failed+=("$$step"); fi
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

swift-test:
	swift test

cmake-build:
	$(CMAKE_CONFIGURE) -S . -B $(BUILD)
	cmake --build $(BUILD)

cmake-test:
	ctest --test-dir $(BUILD) --output-on-failure -j $(NPROC)

static-build:
	$(CMAKE_CONFIGURE) -DGHOSTFRAME_STATIC_SWIFT_STDLIB=ON -S . -B $(BUILD_STATIC)
	cmake --build $(BUILD_STATIC)

static-test:
	ctest --test-dir $(BUILD_STATIC) --output-on-failure -j $(NPROC) -R '^(static_runtime|python_tests)$$'

# The whole CMake build with GHOSTFRAME_SANITIZE=address,undefined (Swift -sanitize=address, C hosts
# -fsanitize=address,undefined), and its tests but those that cannot run there: valgrind's, the
# install check (its host is not instrumented) and the budgets (they measure memory and time).
asan-build:
	$(CMAKE_CONFIGURE) -DCMAKE_C_COMPILER=$(TOOLCHAIN_CLANG) -DGHOSTFRAME_SANITIZE=address,undefined -S . -B $(BUILD_ASAN)
	cmake --build $(BUILD_ASAN)

asan-test:
	UBSAN_OPTIONS=print_stacktrace=1 ctest --test-dir $(BUILD_ASAN) --output-on-failure -j $(NPROC) -LE '^(valgrind|install|budgets)$$'

# The thread stress test (bindings/c/tests/stress_threads.c) with the library and host under TSan.
tsan-build:
	$(CMAKE_CONFIGURE) -DCMAKE_C_COMPILER=$(TOOLCHAIN_CLANG) -DGHOSTFRAME_SANITIZE=thread -S . -B $(BUILD_TSAN)
	cmake --build $(BUILD_TSAN) --target stress_threads

tsan-test:
	GF_STRESS_ITERATIONS=1000 TSAN_OPTIONS=halt_on_error=1 ctest --test-dir $(BUILD_TSAN) --output-on-failure -R '^c_stress_threads$$'

# Builds the fuzz targets (ASan + coverage, .build-fuzz/) and runs each for FUZZ_SECONDS (60), two
# at a time; failing inputs are kept in .build-fuzz/artifacts/<target>/.
fuzz:
	scripts/fuzz.sh

# ---- the rest ---------------------------------------------------------------------------------

# Builds libghostframe.so (SwiftPM, release) and renders the gallery: every examples/trees/*.json
# to docs/gallery/NAME.gif with the Python package (needs Pillow; numpy makes it faster).
# The C examples run under CTest (`make cmake-test`), not here.
demo:
	@swift build -c release --product ghostframe
	lib="$$(swift build -c release --show-bin-path)/libghostframe.so"
	if ! python3 -c 'import PIL' 2>/dev/null; then
	  echo "make demo: the gallery needs Pillow: python3 -m pip install Pillow" >&2; exit 1
	fi
	GHOSTFRAME_LIBRARY="$$lib" PYTHONPATH="$(CURDIR)/bindings/python$${PYTHONPATH:+:$$PYTHONPATH}" \
	  python3 -m ghostframe gallery --trees examples/trees -o docs/gallery --fps 20 --scale 1
	echo "make demo: the gallery is in $(CURDIR)/docs/gallery (shown in README.md, section Gallery)"

bench:
	if [[ -f scripts/bench.sh ]]; then bash scripts/bench.sh; else echo "make bench: no scripts/bench.sh yet"; fi

clean:
	rm -rf $(BUILD) $(BUILD_STATIC) $(BUILD_DEMO)
	rm -rf .build-fuzz $(BUILD_ASAN) $(BUILD_TSAN)
	swift package clean
