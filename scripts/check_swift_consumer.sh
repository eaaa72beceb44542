#!/usr/bin/env bash
# Another Swift package (tests/consumer/swift) depends on this one by path and takes the product
# `Ghostframe`: it must resolve, build and run (it samples a spring and checks the closed form).
# It reaches the checkout through a link named `checkout-not-named-ghostframe`: SwiftPM names a path
# dependency after its folder, so this proves the README's form (the dependency names its identity,
# `.package(name: "ghostframe", path: ...)`) works whatever a clone is called (issue 30).
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
# Outside the checkout (a link inside it would make a cycle), one place per checkout, kept between
# runs so SwiftPM's build of it is too.
links=${TMPDIR:-/tmp}/ghostframe-consumer-$(printf '%s' "$repo" | sha256sum | cut -c1-12)
mkdir -p "$links"
link=$links/checkout-not-named-ghostframe
ln -sfn "$repo" "$link"
export GHOSTFRAME_CHECKOUT=$link
swift build --package-path tests/consumer/swift --scratch-path "$scratch" -q
echo "   built in $(awk "BEGIN { printf \"%.0f\", $EPOCHREALTIME - $start }") s"
out=$("$scratch/debug/GhostframeConsumer")
echo "   $out"
version=$(python3 scripts/header_text.py | sed -n 's/^#define GF_VERSION_STRING "\(.*\)"/\1/p')
[[ $out == "Ghostframe $version: position.y at 0.25 s = 404.671916"* ]] || { echo "FAIL: unexpected output"; exit 1; }
echo "swift-consumer: OK"
