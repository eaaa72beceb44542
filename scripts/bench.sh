#!/usr/bin/env bash
# Runs every benchmark on a release build and prints one line per measurement.
# Benchmarks measure; they never fail on a number (see docs/performance.md). bench_scene's own
# checks (its plain C loop computes what the library does; sampling allocates nothing) and
# bench_skeleton's (builder and JSON give the same skeleton; sampling allocates nothing) print a
# WARNING line when they do not hold.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product ghostframe >/dev/null
swift build -c release --product GhostframeBenchmarks >/dev/null
bin=$(swift build -c release --show-bin-path)
out=build-bench
mkdir -p "$out"
gcc -std=c99 -O2 -Wall -Wextra -I Include bindings/c/bench/bench_curves.c \
    -L"$bin" -lghostframe -Wl,-rpath,"$bin" -lm -ldl -o "$out/bench_curves"
gcc -std=c99 -O2 -Wall -Wextra -I Include bindings/c/bench/bench_scene.c \
    -L"$bin" -lghostframe -Wl,-rpath,"$bin" -lm -ldl -o "$out/bench_scene"
gcc -std=c11 -O2 -Wall -Wextra -pthread -I Include bindings/c/bench/bench_scene_simd.c \
    -L"$bin" -lghostframe -Wl,-rpath,"$bin" -lm -ldl -o "$out/bench_scene_simd"
gcc -std=c99 -O2 -Wall -Wextra -I Include bindings/c/bench/bench_skeleton.c \
    -L"$bin" -lghostframe -Wl,-rpath,"$bin" -lm -ldl -o "$out/bench_skeleton"
gcc -std=c99 -O2 -Wall -Wextra -I Include bindings/c/bench/bench_plugins.c \
    -L"$bin" -lghostframe -Wl,-rpath,"$bin" -lm -ldl -o "$out/bench_plugins"
gcc -std=c99 -O2 -Wall -Wextra -I Include bindings/c/bench/bench_handles.c \
    -L"$bin" -lghostframe -Wl,-rpath,"$bin" -o "$out/bench_handles"
# The feed drawn with bindings/c/helpers/ghostframe_sdl.h on SDL's software renderer (when SDL2 is there).
have_sdl=0
if pkg-config --exists sdl2 2>/dev/null; then
  gcc -std=c99 -O2 -Wall -Wextra -I Include -I bindings/c/helpers bindings/c/bench/bench_draw_sdl.c \
      $(pkg-config --cflags sdl2) -L"$bin" -lghostframe -Wl,-rpath,"$bin" $(pkg-config --libs sdl2) -lm \
      -o "$out/bench_draw_sdl"
  have_sdl=1
fi
# Counts allocation calls for bench_scene and bench_skeleton (preloaded only there).
gcc -O2 -Wall -Wextra -shared -fPIC bindings/c/bench/malloc_count.c -o "$out/malloc_count.so"
# The C loop bench_scene.py times gf_scene_sample with, on the scene of its Python lines.
gcc -std=c99 -O2 -Wall -Wextra -shared -fPIC -I Include bindings/python/bench/sample_loop.c -o "$out/sample_loop.so"
# The C loops bench_peers.py times the Lottie players' update calls with.
gcc -std=c99 -O2 -Wall -Wextra -shared -fPIC bindings/python/bench/peer_loop.c -o "$out/peer_loop.so"

echo "# Swift API (release)"
"$bin/GhostframeBenchmarks"
echo "# C ABI (release libghostframe.so, gcc -O2 host)"
LD_PRELOAD="$PWD/$out/malloc_count.so" "$out/bench_curves"
"$out/bench_handles"
status=0
LD_PRELOAD="$PWD/$out/malloc_count.so" "$out/bench_scene" || status=$?
case $status in
  0) ;;
  2) echo "WARNING bench_scene: the plain C loop does not compute what the library does (see above)" ;;
  3) echo "WARNING bench_scene: gf_scene_sample allocated (allocations_per_sample above)" ;;
  *) echo "WARNING bench_scene: exit status $status" ;;
esac
status=0
LD_PRELOAD="$PWD/$out/malloc_count.so" "$out/bench_scene_simd" || status=$?
case $status in
  0) ;;
  2) echo "WARNING bench_scene_simd: the C loops, ranges or threads differ from gf_scene_sample (see above)" ;;
  3) echo "WARNING bench_scene_simd: gf_scene_sample_threads allocated (see above)" ;;
  *) echo "WARNING bench_scene_simd: exit status $status" ;;
esac
status=0
LD_PRELOAD="$PWD/$out/malloc_count.so" "$out/bench_skeleton" || status=$?
case $status in
  0) ;;
  2) echo "WARNING bench_skeleton: the builder and the JSON text gave different skeletons (see above)" ;;
  3) echo "WARNING bench_skeleton: gf_scene_sample allocated on the shimmer skeleton (see above)" ;;
  *) echo "WARNING bench_skeleton: exit status $status" ;;
esac
status=0
LD_PRELOAD="$PWD/$out/malloc_count.so" "$out/bench_plugins" || status=$?
case $status in
  0) ;;
  3) echo "WARNING bench_plugins: sampling a host-curve scene allocated (see above)" ;;
  *) echo "WARNING bench_plugins: exit status $status" ;;
esac
if (( have_sdl )); then
  SDL_VIDEODRIVER=dummy "$out/bench_draw_sdl" examples/trees/feed.json
else
  echo "# bench_draw_sdl not built: SDL2 (libsdl2-dev) not found"
fi
echo "# Python (ctypes)"
export GHOSTFRAME_LIBRARY="$bin/libghostframe.so"
"${PYTHON:-python3}" bindings/python/bench/bench_curves.py
if [[ -f bindings/python/bench/bench_scene.py ]]; then
  # malloc_count.so preloaded: bench_scene.py counts allocation calls per Python sample call.
  LD_PRELOAD="$PWD/$out/malloc_count.so" GHOSTFRAME_BENCH_SAMPLE_LOOP="$PWD/$out/sample_loop.so" \
    "${PYTHON:-python3}" bindings/python/bench/bench_scene.py
fi
"${PYTHON:-python3}" bindings/python/bench/bench_plugins.py
# The peers (issue 36): the same content exported to Lottie by the library and updated frame by frame
# by rlottie and ThorVG (rlottie-python, thorvg-python: make setup), against gf_scene_sample, each
# from Python (ctypes) and from C (sample_loop.so, peer_loop.so) in the same process. The exported
# documents are kept in $out/peers (10,000 layers take seconds to export).
if "${PYTHON:-python3}" -c "import numpy, rlottie_python, thorvg_python" 2>/dev/null; then
  GHOSTFRAME_BENCH_CACHE="$PWD/$out/peers" GHOSTFRAME_BENCH_SAMPLE_LOOP="$PWD/$out/sample_loop.so" \
    GHOSTFRAME_BENCH_PEER_LOOP="$PWD/$out/peer_loop.so" "${PYTHON:-python3}" bindings/python/bench/bench_peers.py
else
  echo "# bench_peers.py not run: numpy, rlottie-python or thorvg-python missing (make setup installs them)"
fi
# Scene JSON loading end to end (gf_scene_load_json), in MB/s.
"${PYTHON:-python3}" bindings/python/bench/bench_scene_json.py
# ghostframe.draw's helpers (skia, pygame, qpainter) on the feed at 1x and 2x, beside the sampling.
"${PYTHON:-python3}" bindings/python/bench/bench_draw.py
# The preview renderer (Skia) on a 750 x 1334 feed frame, and the rasterizer it replaced.
"${PYTHON:-python3}" bindings/python/bench/bench_preview.py
