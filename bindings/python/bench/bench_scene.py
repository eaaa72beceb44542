"""Scene sampling from Python: 100, 1,000 and 10,000 layers, 2 running animations each.

Each layer has a position.x basic animation (ease-in-out) and an opacity keyframe
animation. Measures one `scene.sample(t, out=arr)` (writes into a preallocated numpy
array) and one `scene.sample(t)` (allocates the result), best of many rounds, and prints
"name value unit" lines. Run through scripts/bench.sh, which points GHOSTFRAME_LIBRARY at
a release build; without numpy the second line measures the list-of-LayerState path.
"""
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import ghostframe as gf  # noqa: E402

SIZES = (100, 1000, 10000)


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
            print(f"python_scene_sample_out_{layers} {per * 1e6:.1f} us")
        else:
            print(f"python_scene_sample_out_{layers} unavailable (numpy not installed)")
        per = best_per_call(scene.sample, calls=max(5, calls // 2) if np is not None else 5, rounds=15)
        kind = "" if np is not None else " (list of LayerState, numpy not installed)"
        print(f"python_scene_sample_new_{layers} {per * 1e6:.1f} us{kind}")
        scene.close()


if __name__ == "__main__":
    main()
