"""Scene sampling from Python: 1, 100, 1,000 and 10,000 layers, 2 running animations each.

Each layer has a position.x basic animation (ease-in-out) and an opacity keyframe
animation. Measures one `scene.sample(t, out=arr)` (writes into a preallocated numpy
array), one `scene.sample(t)` (the scene's reused array), one `scene.sample(t, copy=True)`
(a new array) and the bare ctypes call of `gf_scene_sample` with prepared arguments (what
the library call costs from Python), best of many rounds, and prints "name value unit"
lines. The 1-layer scene's `out=` time bounds what the binding adds to the C call. Run through scripts/bench.sh, which points GHOSTFRAME_LIBRARY at
a release build; without numpy the second line measures the list-of-LayerState path.
"""
import ctypes
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import ghostframe as gf  # noqa: E402

SIZES = (1, 100, 1000, 10000)


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


def best_per_call(fn, calls: int, rounds: int) -> float:
    best = float("inf")
    for r in range(rounds):
        start = time.perf_counter()
        for k in range(calls):
            fn(0.001 * (k + r * calls))
        best = min(best, (time.perf_counter() - start) / calls)
    return best


def main() -> None:
    try:
        import numpy as np
    except ImportError:
        np = None
    for layers in SIZES:
        scene = build_scene(layers)
        scene.sample(0.0)  # compile once
        # Fewer calls for bigger scenes keep the whole run to a few seconds.
        calls = max(10, 200_000 // layers)
        if np is not None:
            out = np.empty(len(scene), dtype=gf.LAYER_STATE_DTYPE)
            per = best_per_call(lambda t: scene.sample(t, out=out), calls=calls, rounds=15)
            print(f"python_scene_sample_out_{layers} {per * 1e6:.2f} us")
            raw = gf._native.lib.unchecked("gf_scene_sample")
            args = (scene._handle, ctypes.c_void_p(out.ctypes.data), ctypes.c_size_t(len(out)),
                    ctypes.byref(ctypes.c_size_t()))
            handle, address, capacity, count = args
            per_raw = best_per_call(lambda t: raw(handle, t, address, capacity, count), calls=calls, rounds=15)
            print(f"python_scene_sample_raw_ctypes_{layers} {per_raw * 1e6:.2f} us")
            print(f"python_scene_sample_binding_over_ctypes_{layers} {(per - per_raw) * 1e6:.2f} us")
            per_copy = best_per_call(lambda t: scene.sample(t, copy=True), calls=max(5, calls // 2), rounds=15)
            print(f"python_scene_sample_copy_{layers} {per_copy * 1e6:.2f} us")
        else:
            print(f"python_scene_sample_out_{layers} unavailable (numpy not installed)")
        per = best_per_call(scene.sample, calls=max(5, calls // 2) if np is not None else 5, rounds=15)
        kind = "" if np is not None else " (list of LayerState, numpy not installed)"
        print(f"python_scene_sample_reused_{layers} {per * 1e6:.2f} us{kind}")
        scene.close()


if __name__ == "__main__":
    main()
