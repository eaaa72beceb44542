"""The preview renderer on the feed: one 750 x 1334 frame (examples/trees/feed.json at scale 2, its
shimmer running), before and after the move to Skia.

"after" is ghostframe.preview.Renderer (Skia, ghostframe/render); "before" is the hand-written
rasterizer it replaced, kept as the tests' reference (bindings/python/tests/_reference_preview.py,
numpy backend, 2 x 2 supersampling). Each is timed over the GIF's frame times (20 fps over one
1.5 s shimmer cycle), with and without the real layout behind the bones, and reports the mean
and the best of several rounds per frame: "name value unit" lines. The target is 15 ms a frame.
Run through scripts/bench.sh, which points GHOSTFRAME_LIBRARY at a release build. Measures
only: it never fails on a number.
"""
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import ghostframe as gf  # noqa: E402
from ghostframe import preview  # noqa: E402

TREE = ROOT.parents[1] / "examples" / "trees" / "feed.json"
SCALE = 2
ROUNDS = 3


def per_frame(renderer, times) -> tuple:
    """(mean, best) seconds per frame over ROUNDS rounds of `times`."""
    renderer.render(times[0])  # warm up: caches, first allocations
    rounds = []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        for t in times:
            renderer.render(t)
        rounds.append((time.perf_counter() - start) / len(times))
    return sum(rounds) / len(rounds), min(rounds)


def main() -> None:
    tree = json.loads(TREE.read_text(encoding="utf-8"))
    scene = gf.skeleton(tree)
    times = preview.frame_times(preview.effect_cycle(scene), 20)
    renderers = {"skia": preview.Renderer}
    try:
        sys.path.insert(0, str(ROOT / "tests"))
        from _reference_preview import Renderer as Reference  # noqa: E402

        import numpy  # noqa: F401  (the reference's fast backend)

        renderers["old_rasterizer"] = lambda scene, **options: Reference(scene, use_numpy=True, **options)
    except ImportError as exc:
        print(f"# the old rasterizer is not measured: {exc}")
    for name, make in renderers.items():
        for layout in (False, True):
            renderer = make(scene, scale=SCALE, layout=tree if layout else None)
            width, height = renderer.size
            mean, best = per_frame(renderer, times)
            label = f"preview_feed_{width}x{height}_{name}{'_layout' if layout else ''}"
            print(f"{label}_mean {mean * 1e3:.2f} ms")
            print(f"{label}_best {best * 1e3:.2f} ms")
    print(f"# {len(times)} frames of {os.path.basename(TREE)} per round, {ROUNDS} rounds; target 15 ms a frame")


if __name__ == "__main__":
    main()
