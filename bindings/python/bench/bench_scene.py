"""Scene sampling from Python: 1, 100, 1,000 and 10,000 layers, 2 running animations each.

Each layer has a position.x basic animation (ease-in-out) and an opacity keyframe animation.
Prints "name value unit" lines, best of 15 rounds, all from one run:

- ``c_scene_sample_N``: the bare C call, ``gf_scene_sample`` called in a loop from C
  (sample_loop.c, built here with the C compiler when GHOSTFRAME_BENCH_SAMPLE_LOOP does not
  name a built one) on the same scene and into the same array as the Python lines;
- ``python_scene_sample_raw_ctypes_N``: the ctypes call with prepared arguments and argument
  types, no errcheck; ``python_scene_sample_out_N``: ``scene.sample(t, out=arr)``;
- ``python_scene_sample_binding_over_c_N``: the ``out=`` line minus the C line, i.e. what the
  binding adds to the C call (target <= 2 us), ctypes' own cost and the Python loop included;
- ``python_scene_sample_new_N`` (``scene.sample(t)``: a new array each call; without numpy the
  list-of-LayerState path);
- ranges and threads: ``sample_range`` in two halves, ``sample(t, threads=2)``, and two Python
  threads each sampling its half of every frame into a shared array against one thread doing
  both halves (throughput over many frames), with the CPU time / wall time of that run and of a
  control (two threads hashing, GIL released) that shows how many cores the machine gave;
- allocations: Python-level memory with tracemalloc (bytes still held after 1,000 calls - a
  constant such as the last layer count's int object, not a growth - and the largest amount of
  temporaries alive at once), and, per call, when the process runs with
  build-bench/malloc_count.so preloaded (scripts/bench.sh does), every malloc-family call of
  the process (the library's and Python's large blocks) per call.

The C and Python loops of one round run back to back, so the differences are measured in the
same conditions. Run through scripts/bench.sh, which points GHOSTFRAME_LIBRARY at a release build
(GHOSTFRAME_BENCH_SIZES=1,100 picks the layer counts).
"""
import ctypes
import os
import subprocess
import sys
import tempfile
import threading
import time
import tracemalloc
from pathlib import Path
from typing import Any, Callable, Dict, Optional

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import ghostframe as gf  # noqa: E402

SIZES = tuple(int(x) for x in os.environ.get("GHOSTFRAME_BENCH_SIZES", "1,100,1000,10000").split(","))
ROUNDS = 15
REPO = Path(__file__).resolve().parents[3]


def build_scene(layers: int) -> gf.Scene:
    scene = gf.Scene()
    move_timing = gf.Timing(2.0, iterations=float("inf"), direction="alternate", easing="ease-in-out")
    fade_timing = gf.Timing(1.5, iterations=float("inf"))
    for i in range(layers):
        layer_id = f"l{i}"
        scene.add_layer(layer_id, frame=(0, i * 10, 100, 8), background_color="#DDDDDD")
        with gf.Animation.basic("position.x", from_=50, to=250, timing=move_timing) as move:
            scene.add_animation(layer_id, move)
        with gf.Animation.keyframes("opacity", [0.4, 1.0, 0.4], key_times=[0, 0.5, 1], timing=fade_timing) as fade:
            scene.add_animation(layer_id, fade)
    return scene


def load_sample_loop() -> Optional[Any]:
    """sample_loop.c as a ctypes function, or None (with a note) without a C compiler."""
    path = os.environ.get("GHOSTFRAME_BENCH_SAMPLE_LOOP")
    if not path:
        folder = tempfile.mkdtemp(prefix="gf_bench_")
        path = os.path.join(folder, "sample_loop.so")
        source = Path(__file__).with_name("sample_loop.c")
        command = [os.environ.get("CC", "cc"), "-O2", "-shared", "-fPIC", "-I", str(REPO / "Include"),
                   str(source), "-o", path]
        try:
            subprocess.run(command, check=True, capture_output=True)
        except (OSError, subprocess.CalledProcessError) as exc:
            print(f"# c_scene_sample unavailable: cannot build sample_loop.c ({exc})")
            return None
    loop = ctypes.CDLL(path).gf_bench_sample_loop
    loop.restype = ctypes.c_double
    loop.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_double, ctypes.c_double, ctypes.c_size_t,
                     ctypes.c_void_p, ctypes.c_size_t, ctypes.POINTER(ctypes.c_int32)]
    return loop


def allocation_counter() -> Optional[Callable[[Callable[[], None]], int]]:
    """count(fn) -> malloc-family calls during fn(), when malloc_count.so is preloaded."""
    process = ctypes.CDLL(None)
    try:
        begin, end = process.gf_bench_count_begin, process.gf_bench_count_end
    except AttributeError:
        return None
    begin.restype = None
    begin.argtypes = []
    end.restype = ctypes.c_ulong
    end.argtypes = [ctypes.c_void_p]

    def count(fn: Callable[[], None]) -> int:
        begin()
        fn()
        return int(end(None))

    return count


def python_memory(fn: Callable[[], None]) -> Dict[str, int]:
    """Python-level memory (tracemalloc) around fn(): bytes still held after it, and the most
    bytes of temporaries alive at once during it."""
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        tracemalloc.reset_peak()
        fn()
        current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return {"held": current - base, "peak": peak - base}


def main() -> None:
    try:
        import numpy as np
    except ImportError:
        np = None
    sample_loop = load_sample_loop() if np is not None else None
    count_allocations = allocation_counter()
    if count_allocations is None:
        print("# allocation counts by malloc unavailable (run with build-bench/malloc_count.so preloaded)")
    raw = gf._native.lib.unchecked("gf_scene_sample")
    c_sample = ctypes.cast(gf._native.lib._cdll.gf_scene_sample, ctypes.c_void_p).value
    for layers in SIZES:
        scene = build_scene(layers)
        scene.sample(0.0)  # compile once
        # Fewer calls for bigger scenes keep the whole run to a few seconds.
        calls = max(10, 100_000 // layers)
        if np is None:
            print(f"python_scene_sample_out_{layers} unavailable (numpy not installed)")
            sample = scene.sample
            per = min(_timed(lambda: [sample(0.001 * k) for k in range(5)]) / 5 for _ in range(ROUNDS))
            print(f"python_scene_sample_new_{layers} {per * 1e6:.2f} us (list of LayerState, numpy not installed)")
            scene.close()
            continue
        n = len(scene)
        out = np.empty(n, dtype=gf.LAYER_STATE_DTYPE)
        scene.sample(0.0, out=out)
        handle, address = scene._handle, ctypes.c_void_p(out.ctypes.data)
        capacity, count = ctypes.c_size_t(n), ctypes.byref(ctypes.c_size_t())
        status = ctypes.c_int32()
        best: Dict[str, float] = {}

        def keep(name: str, seconds: float) -> None:
            best[name] = min(best.get(name, float("inf")), seconds)

        half = n // 2
        for r in range(2 * ROUNDS + 1):  # more, shorter rounds: the three lines see the same moments
            t0 = 0.001 * r * calls
            if sample_loop is not None:
                keep("c", sample_loop(c_sample, handle, t0, 0.001, calls, address, n, ctypes.byref(status)))
                if status.value != 0:
                    raise SystemExit(f"gf_scene_sample failed from C: {gf.status_string(status.value)}")
            keep("raw", _per_call(calls, lambda k: raw(handle, t0 + 0.001 * k, address, capacity, count)))
            keep("out", _per_call_out(scene, out, calls, t0))
        if "c" in best:
            print(f"c_scene_sample_{layers} {best['c'] * 1e6:.2f} us")
        print(f"python_scene_sample_raw_ctypes_{layers} {best['raw'] * 1e6:.2f} us")
        print(f"python_scene_sample_out_{layers} {best['out'] * 1e6:.2f} us")
        if "c" in best:
            print(f"python_scene_sample_binding_over_c_{layers} {(best['out'] - best['c']) * 1e6:.2f} us")
            print(f"python_scene_sample_ctypes_over_c_{layers} {(best['raw'] - best['c']) * 1e6:.2f} us")
        print(f"python_scene_sample_binding_over_ctypes_{layers} {(best['out'] - best['raw']) * 1e6:.2f} us")

        fewer = max(5, calls // 2)
        for r in range(ROUNDS):
            t0 = 0.001 * r * fewer
            keep("new", _per_call(fewer, lambda k: scene.sample(t0 + 0.001 * k)))
            keep("halves", _per_call(fewer, lambda k: (scene.sample_range(t0 + 0.001 * k, 0, half, out=out),
                                                        scene.sample_range(t0 + 0.001 * k, half, n, out=out))))
            keep("threads2", _per_call(fewer, lambda k: scene.sample(t0 + 0.001 * k, out=out, threads=2)))
        print(f"python_scene_sample_new_{layers} {best['new'] * 1e6:.2f} us")
        print(f"python_scene_sample_range_halves_{layers} {best['halves'] * 1e6:.2f} us (two sample_range calls)")
        print(f"python_scene_sample_threads2_{layers} {best['threads2'] * 1e6:.2f} us (sample(t, out=, threads=2))")
        if layers >= 100:
            one, two, overlap = _python_threads(scene, out, fewer)
            print(f"python_scene_sample_range_1pythread_{layers} {one * 1e6:.2f} us per frame (both halves on one thread)")
            print(f"python_scene_sample_range_2pythreads_{layers} {two * 1e6:.2f} us per frame "
                  f"(a half per Python thread; {one / two:.2f}x one thread)")
            print(f"python_scene_sample_range_2pythreads_cpu_over_wall_{layers} {overlap:.2f} "
                  f"(process CPU time / wall time while the two threads ran: above 1 when they ran at once)")
            print(f"python_two_thread_control_cpu_over_wall_{layers} {_control_overlap():.2f} "
                  f"(the same for two threads hashing, GIL released: the cores this process gets now)")

        if layers in (1, 1000):
            _report_allocations(layers, scene, out, calls=1000, count_allocations=count_allocations,
                                c_loop=None if sample_loop is None else
                                (lambda: sample_loop(c_sample, handle, 0.0, 0.001, 1000, address, n,
                                                     ctypes.byref(status))))
        scene.close()


def _timed(fn: Callable[[], Any]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def _per_call(calls: int, fn: Callable[[int], Any]) -> float:
    start = time.perf_counter()
    for k in range(calls):
        fn(k)
    return (time.perf_counter() - start) / calls


def _per_call_out(scene: gf.Scene, out: Any, calls: int, t0: float) -> float:
    # The same loop shape as the raw ctypes line's: a lambda call per iteration in both.
    sample = scene.sample
    return _per_call(calls, lambda k: sample(t0 + 0.001 * k, out=out))


def _python_threads(scene: gf.Scene, out: Any, frames: int) -> "tuple[float, float, float]":
    """Seconds per frame for `frames` frames: both halves of each on one thread, then each
    half on its own Python thread (the two threads run through all the frames at once); and
    the best ratio of process CPU time to wall time of the two-thread runs."""
    n = len(scene)
    half = n // 2
    bounds = [(0, half), (half, n)]
    times = [0.001 * k for k in range(frames)]

    def run(part: "tuple[int, int]", start: threading.Barrier) -> None:
        start.wait()
        for t in times:
            scene.sample_range(t, part[0], part[1], out=out)

    best_one = best_two = float("inf")
    overlap = 0.0
    for _ in range(5):
        begin = time.perf_counter()
        for t in times:
            scene.sample_range(t, 0, half, out=out)
            scene.sample_range(t, half, n, out=out)
        best_one = min(best_one, (time.perf_counter() - begin) / frames)
        start = threading.Barrier(3)
        workers = [threading.Thread(target=run, args=(part, start)) for part in bounds]
        for worker in workers:
            worker.start()
        start.wait()
        begin, cpu = time.perf_counter(), time.process_time()
        for worker in workers:
            worker.join()
        wall = time.perf_counter() - begin
        best_two = min(best_two, wall / frames)
        overlap = max(overlap, (time.process_time() - cpu) / wall)
    return best_one, best_two, overlap


def _control_overlap() -> float:
    """CPU time / wall time of two threads running sha256 over 16 MB each (hashlib releases the
    GIL): about 2 on two idle cores, about 1 or less when other processes take the machine -
    the ceiling for the two-thread lines measured just before."""
    import hashlib

    data = b"\x5a" * (16 << 20)
    workers = [threading.Thread(target=lambda: hashlib.sha256(data).digest()) for _ in range(2)]
    begin, cpu = time.perf_counter(), time.process_time()
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return (time.process_time() - cpu) / (time.perf_counter() - begin)


def _report_allocations(layers: int, scene: gf.Scene, out: Any, calls: int,
                        count_allocations: Optional[Callable[[Callable[[], None]], int]],
                        c_loop: Optional[Callable[[], Any]]) -> None:
    n = len(scene)
    half = n // 2

    def out_path() -> None:
        for k in range(calls):
            scene.sample(0.001 * k, out=out)

    def new_arrays() -> None:
        for k in range(calls):
            scene.sample(0.001 * k)

    def halves() -> None:
        for k in range(calls):
            scene.sample_range(0.001 * k, 0, half, out=out)
            scene.sample_range(0.001 * k, half, n, out=out)

    def threads2() -> None:
        for k in range(calls):
            scene.sample(0.001 * k, out=out, threads=2)

    cases = [("out", out_path), ("new", new_arrays), ("range_halves", halves), ("threads2", threads2)]
    for name, fn in cases:
        fn()  # warm: caches, the pool's thread
        memory = python_memory(fn)
        print(f"python_memory_held_after_{name}_{layers} {memory['held']} bytes "
              f"(tracemalloc, after {calls} calls: what they left allocated)")
        print(f"python_memory_temporaries_{name}_{layers} {memory['peak']} bytes "
              f"(the most alive at once during {calls} calls)")
    if count_allocations is None:
        return
    if c_loop is not None:
        c_loop()
        print(f"allocations_per_c_scene_sample_{layers} {count_allocations(c_loop) / calls:g}")
    for name, fn in cases:
        print(f"allocations_per_python_{name}_{layers} {count_allocations(fn) / calls:g} (malloc-family calls)")


if __name__ == "__main__":
    main()
