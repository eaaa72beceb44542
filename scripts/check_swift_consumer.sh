#!/usr/bin/env bash
# Another Swift package (tests/consumer/swift) depends on this one by path and takes the product
# `Ghostframe`: it must resolve, build and run (it samples a spring and checks the closed form).
#
# Its build directory, .build-consumer/, is kept between runs: the first run compiles the engine's
# modules once more in debug (only those `Ghostframe` needs: no bridge, tests, fuzz targets or
# benchmarks); later runs rebuild what changed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
repo=$PWD
scratch=$repo/.build-consumer
echo "== swift build (tests/consumer/swift, scratch path $scratch)"
start=$EPOCHREALTIME
swift build --package-path tests/consumer/swift --scratch-path "$scratch" -q
echo "   built in $(awk "BEGIN { printf \"%.0f\", $EPOCHREALTIME - $start }") s"
out=$("$scratch/debug/GhostframeConsumer")
echo "   $out"
version=$(sed -n 's/^#define GF_VERSION_STRING "\(.*\)"/\1/p' Include/ghostframe.h)
[[ $out == "Ghostframe $version: position.y at 0.25 s = 404.671916"* ]] || { echo "FAIL: unexpected output"; exit 1; }
echo "swift-consumer: OK"
