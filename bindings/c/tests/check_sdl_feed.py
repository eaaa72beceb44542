"""CTest c_sdl_feed: the SDL2 host (bindings/c/examples/sdl_feed.c) as a person would see it.

    python check_sdl_feed.py PATH/TO/sdl_feed WORK_DIR

Runs the host once in a headless window (SDL_VIDEODRIVER=offscreen) on a fixed clock (30 fps,
82 frames: 0 ... 2.7 s) with screenshots, a click and a key pushed through its event queue:

* 0.5 s and 0.9 s: the shimmering skeleton, compared with ``ghostframe preview feed.json --at T``
  (the tolerance is _live_hosts.py's: bone mean colours within 3 of 255, under 1 % of the pixels
  off by more than 24);
* a click at 1.0 s on the third news row (window pixel 200, 360): the expanding-card transition;
  its frames at entry times 0, 0.2 and 0.6 s are compared with the seed's drawing rule applied with
  Pillow to the preview's frame at 1.0 s (the snapshot), using the parts' sampled frames;
* a second click at 1.7 s runs the exit; its frame at exit time 0.2 s is compared the same way,
  and at 2.4 s the feed is back (compared with the preview again);
* ``space`` at 2.5 s: at 2.6 s the skeleton is half faded, compared with the preview of the same
  tree ended at 2.5 s (``--end-at 2.5``): the opacity must match.

It also checks the host's frame-time summary (sampling, drawing, total: mean, p50, p99). Needs
the ghostframe package (PYTHONPATH, GHOSTFRAME_LIBRARY), Pillow, numpy and skia-python.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPOSITORY = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(REPOSITORY, "bindings", "python", "tests"))

import _live_hosts as live  # noqa: E402

FPS = 30


def main(argv: list) -> int:
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    binary, work = argv[1], argv[2]
    os.makedirs(work, exist_ok=True)
    from PIL import Image

    import ghostframe as gf

    tree = live.feed_tree(REPOSITORY)
    shots = {name: os.path.join(work, f"{name}.bmp") for name in
             ("skeleton-0.5", "skeleton-0.9", "entry-0.0", "entry-0.2", "entry-0.6", "exit-0.2", "back-2.4", "fade-2.6")}
    times = {"skeleton-0.5": 0.5, "skeleton-0.9": 0.9, "entry-0.0": 1.0, "entry-0.2": 1.2, "entry-0.6": 1.6,
             "exit-0.2": 1.9, "back-2.4": 2.4, "fade-2.6": 2.6}
    command = [binary, "--frames", str(int(2.7 * FPS) + 1), "--fps", str(FPS), "--log", os.path.join(work, "frames.log"),
               "--click", "1.0:200,360", "--click", "1.7:10,10", "--key", "2.5:space"]
    for name, path in shots.items():
        command += ["--screenshot", f"{times[name]}:{path}"]
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "offscreen")
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)
    print(f"sdl_feed ran in {time.perf_counter() - started:.2f} s")
    print(done.stdout, end="")
    if done.returncode != 0:
        print(done.stderr, file=sys.stderr)
        return 1
    for what in ("sampling", "drawing", "total"):
        assert re.search(rf"^\s+{what}\s+mean [0-9.]+ ms\s+p50 [0-9.]+ ms\s+p99 [0-9.]+ ms$", done.stdout, re.M), what
    with open(os.path.join(work, "frames.log")) as log:
        assert len(log.readlines()) == int(2.7 * FPS) + 1
    host = {name: Image.open(path).convert("RGB") for name, path in shots.items()}

    # The skeleton, before and after the transition, and the fade.
    for name, t, end_at in (("skeleton-0.5", 0.5, None), ("skeleton-0.9", 0.9, None), ("back-2.4", 2.4, None),
                            ("fade-2.6", 2.6, 2.5)):
        reference = live.reference_frame(tree, t, os.path.join(work, f"preview-{name}.png"), end_at=end_at)
        bones = [(n, r) for n, r, _ in live.bone_rects(tree, t, end_at=end_at)]
        result = live.compare(host[name], reference, bones)
        print(f"{name}: {result['bones']} bones, worst mean difference {result['worst_mean']:.2f}, "
              f"{result['mismatch']:.3%} pixels off")
    # The fade really is half way: the avatar's mean is between its colour and the background.
    avatar = live.bone_rects(tree, 2.6, end_at=2.5)[0]
    assert 0.05 < avatar[2] < 0.95, avatar

    # The transition: the tapped card is the third row; the snapshot is the feed at 1.0 s.
    cards = [i.frame for i in gf.layout(tree) if i.kind == "row" and i.clip[3] > 0]
    tapped = next(k for k, c in enumerate(cards) if c[1] <= 360 < c[1] + c[3])
    assert tapped == 2, cards
    snapshot = live.reference_frame(tree, 1.0, os.path.join(work, "preview-snapshot.png"))
    for name, s, exit_at in (("entry-0.0", 0.0, None), ("entry-0.2", 0.2, None), ("entry-0.6", 0.6, None),
                             ("exit-0.2", 0.2, 0.5)):
        expected, frames = live.expected_transition(snapshot, cards, tapped, s, exit_at=exit_at)
        rects = [(f"part {k}", f) for k, f in enumerate(frames)]
        result = live.compare(host[name], expected, rects, mean_tolerance=live.MEAN_TOLERANCE * 2)
        print(f"{name}: {result['bones']} parts, worst mean difference {result['worst_mean']:.2f}, "
              f"{result['mismatch']:.3%} pixels off")
    # At the end of the entry the tapped card fills the top of the window (0, 0, 375, 250).
    _, frames = live.expected_transition(snapshot, cards, tapped, 0.6)
    assert any(abs(f[0]) < 1e-6 and abs(f[1]) < 1e-6 and abs(f[2] - 375) < 1e-6 and abs(f[3] - 250) < 1e-6
               for f in frames), frames
    print("c_sdl_feed: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
