#!/usr/bin/env bash
# Runs every benchmark on a release build and prints one line per measurement.
# Benchmarks measure; they never fail on a number (see README "Performance").
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product ghostframe >/dev/null
swift build -c release --product GhostframeBenchmarks >/dev/null
bin=$(swift build -c release --show-bin-path)
out=build-bench
mkdir -p "$out"
gcc -std=c99 -O2 -Wall -Wextra -I Include bindings/c/bench/bench_curves.c \
    -L"$bin" -lghostframe -Wl,-rpath,"$bin" -lm -o "$out/bench_curves"
echo "# Swift API (release)"
"$bin/GhostframeBenchmarks"
echo "# C ABI (release libghostframe.so, gcc -O2 host)"
"$out/bench_curves"
echo "# Python (ctypes)"
GHOSTFRAME_LIBRARY="$bin/libghostframe.so" python3 bindings/python/bench/bench_curves.py
