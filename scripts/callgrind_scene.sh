#!/usr/bin/env bash
# Counts the instructions of one frame with callgrind through the C ABI (release libghostframe.so,
# gcc -O2 host), which, unlike wall time on a shared machine, gives the same number every run:
# per frame, (the cost of 1 + R samples − the cost of the first, compiling, sample) / R, for
#   - the scene of bench_scene_simd.c (every layer with its own timing: the track batch and the
#     bulk timings) through gf_scene_sample (the whole frame), gf_scene_sample_range over every
#     layer, and gf_scene_sample_threads with 1 thread (what the pool's calling thread runs);
#     its mixed-easing scene, and the one-easing scene with a gradient on 1 % of its layers;
#   - the scene of bench_scene.c (a keyframe animation on every layer: the general path) through
#     gf_scene_sample.
# The skeleton's numbers are scripts/callgrind_skeleton.sh's; docs/performance.md quotes both.
# Usage: scripts/callgrind_scene.sh [LAYERS [ROUNDS]]   (defaults 1000 50)
set -euo pipefail
export SWIFT_DETERMINISTIC_HASHING=1
cd "$(dirname "$0")/.."
layers=${1:-1000}
rounds=${2:-50}
swift build -c release --product ghostframe >/dev/null
bin=$(swift build -c release --show-bin-path)
out=build-bench
mkdir -p "$out/callgrind-lib"
# As in callgrind_skeleton.sh: valgrind cannot read the C kernels' DWARF 5; symbols stay.
objcopy --strip-debug "$bin/libghostframe.so" "$out/callgrind-lib/libghostframe.so"
bin=$PWD/$out/callgrind-lib
gcc -std=c11 -O2 -Wall -Wextra -pthread -I Include bindings/c/bench/bench_scene_simd.c \
    -L"$bin" -lghostframe -Wl,-rpath,"$bin" -lm -ldl -o "$out/bench_scene_simd"
gcc -std=c99 -O2 -Wall -Wextra -I Include bindings/c/bench/bench_scene.c \
    -L"$bin" -lghostframe -Wl,-rpath,"$bin" -lm -ldl -o "$out/bench_scene"

# The instructions collected inside `function` while `program --count` runs with the arguments.
count() {
  local program=$1 function=$2 file=$out/callgrind.$2.out
  shift 2
  valgrind --tool=callgrind --toggle-collect="$function" --callgrind-out-file="$file" \
      "$out/$program" --count "$@" 2>"$out/callgrind.log"
  grep -E '^totals:' "$file" | awk '{print $2}'
}

for kind in sample:gf_scene_sample range:gf_scene_sample_range threads1:gf_scene_sample_threads; do
  function=${kind#*:}
  one=$(count bench_scene_simd "$function" "$layers" 0 "${kind%%:*}")
  many=$(count bench_scene_simd "$function" "$layers" "$rounds" "${kind%%:*}")
  echo "callgrind_own_timings_${kind%%:*}_${layers} $(( (many - one) / rounds )) instructions per frame"
done
# The mixed-easing scene of bench_scene_simd.c (issue 36: four curves, neighbours never sharing one).
for kind in sample:gf_scene_sample range:gf_scene_sample_range; do
  function=${kind#*:}
  one=$(count bench_scene_simd "$function" "$layers" 0 "${kind%%:*}" mixed)
  many=$(count bench_scene_simd "$function" "$layers" "$rounds" "${kind%%:*}" mixed)
  echo "callgrind_mixed_own_timings_${kind%%:*}_${layers} $(( (many - one) / rounds )) instructions per frame"
done
# The same scene with a gradient on 1 % of its layers (issue 36, point 2).
one=$(count bench_scene_simd gf_scene_sample "$layers" 0 sample gradient)
many=$(count bench_scene_simd gf_scene_sample "$layers" "$rounds" sample gradient)
echo "callgrind_gradient_1pc_own_timings_sample_${layers} $(( (many - one) / rounds )) instructions per frame"
one=$(count bench_scene gf_scene_sample "$layers" 0)
many=$(count bench_scene gf_scene_sample "$layers" "$rounds")
echo "callgrind_general_sample_${layers} $(( (many - one) / rounds )) instructions per frame"
