#!/usr/bin/env bash
# Counts instructions with callgrind through the C ABI (release libghostframe.so, gcc -O2 host),
# which, unlike wall time on a shared machine, gives the same number on every run:
#   - skeleton generation: ten gf_skeleton_generate calls on the 1,000-node shimmer tree of
#     bench_skeleton.c, collected only inside gf_skeleton_generate;
#   - sampling: gf_scene_sample on the 1,000-bone shimmer skeleton of bench_skeleton.c, per sample:
#     (the cost of 1 + 200 samples − the cost of 1 sample) / 200, so the first sample's compile
#     drops out.
# docs/performance.md quotes these numbers.
# Usage: scripts/callgrind_skeleton.sh [NODES [ROUNDS]]   (defaults 1000 10)
set -euo pipefail
# Swift seeds its hashing per process; fixed, dictionaries probe alike and the counts repeat exactly.
export SWIFT_DETERMINISTIC_HASHING=1
cd "$(dirname "$0")/.."
nodes=${1:-1000}
rounds=${2:-10}
swift build -c release --product ghostframe >/dev/null
bin=$(swift build -c release --show-bin-path)
out=build-bench
mkdir -p "$out/callgrind-lib"
# Valgrind 3.19 cannot read the DWARF 5 the C kernels' clang writes ("debuginfo reader: ensure_valid
# failed"); a copy without debug information keeps the symbol names callgrind reports.
objcopy --strip-debug "$bin/libghostframe.so" "$out/callgrind-lib/libghostframe.so"
bin=$PWD/$out/callgrind-lib
gcc -std=c99 -O2 -Wall -Wextra -I Include bindings/c/bench/bench_skeleton.c \
    -L"$bin" -lghostframe -Wl,-rpath,"$bin" -lm -ldl -o "$out/bench_skeleton"

# The instructions collected inside `function` while running bench_skeleton with the arguments.
count() {
  local function=$1 file=$out/callgrind.$1.out
  shift
  valgrind --tool=callgrind --toggle-collect="$function" --callgrind-out-file="$file" \
      "$out/bench_skeleton" "$@" 2>"$out/callgrind.log"
  grep -E '^totals:' "$file" | awk '{print $2}'
}

generate=$(count gf_skeleton_generate --generate "$nodes" "$rounds")
echo "callgrind_skeleton_generate_${nodes}_x${rounds} $generate instructions"
echo "(per function: callgrind_annotate $out/callgrind.gf_skeleton_generate.out)"
one=$(count gf_scene_sample --sample 0)
many=$(count gf_scene_sample --sample 200)
echo "callgrind_shimmer_sample_1000 $(( (many - one) / 200 )) instructions per sample"
