"""Issue 16 from Python: the cost per value of a Python host curve against the built-in curve of
the same math (easeInQuad, x^2), in batch (eval_many) and inside scene sampling.

Prints one line per measurement: "name value unit". Run through scripts/bench.sh, which points
GHOSTFRAME_LIBRARY at a release build.
"""
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import ghostframe as gf  # noqa: E402

LAYERS = 200


def best(fn, rounds=7):
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def fading_scene(easing: str) -> gf.Scene:
    return gf.Scene.from_json(json.dumps({
        "format": "ghostframe-scene", "version": 1,
        "layers": [{"id": f"l{i}", "frame": [0, 0, 10, 10]} for i in range(LAYERS)],
        "animations": [{"layer": f"l{i}", "key": "f", "type": "basic", "keyPath": "opacity", "from": 0, "to": 1,
                        "timing": {"duration": 1, "delay": i * 1e-4, "fill": "both", "easing": easing}}
                       for i in range(LAYERS)],
    }))


def main() -> None:
    gf.register_curve("bench.square", lambda x: x * x)
    rng = random.Random(42)
    xs = [rng.random() for _ in range(100_000)]
    try:
        import numpy as np
        batch_input = np.asarray(xs, dtype=np.float64)
    except ImportError:
        batch_input = xs
    for spec, name in (("easeInQuad", "builtin_easeInQuad"), ("bench.square", "python_host_curve")):
        curve = gf.Curve(spec)
        batch = best(lambda: curve.eval_many(batch_input), rounds=5)
        print(f"python_{name}_eval_many {batch * 1e9 / len(xs):.1f} ns/value")
        scene = fading_scene(spec)
        sampling = best(lambda: [scene.sample(t / 50) for t in range(50)], rounds=5)
        print(f"python_{name}_scene_sample {sampling * 1e9 / 50 / LAYERS:.1f} ns/layer ({LAYERS} layers)")
    gf.unregister_curve("bench.square")


if __name__ == "__main__":
    main()
