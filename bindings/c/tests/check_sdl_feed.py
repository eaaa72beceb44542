"""CTest c_sdl_feed: the SDL2 host (examples/c/sdl_feed.c) as a person would see it.

    python check_sdl_feed.py PATH/TO/sdl_feed WORK_DIR

Runs the host in a headless window (SDL_VIDEODRIVER=offscreen, SDL's software renderer) on
a fixed clock (30 fps, 82 frames: 0 ... 2.7 s) with screenshots (BMP, read back with
SDL_RenderReadPixels), two clicks and a key pushed through its event queue, and checks them
against the preview's frames (``ghostframe preview feed.json --at T``) and the card transition's
expected frames, once drawing the software renderer's way (``--draw auto``: rects) and once
the GPU renderers' way (``--draw geometry``): the scenario and the tolerances are
bindings/python/tests/_live_hosts.py's (check_feed_host), which the pygame host's test plays too. Needs the ghostframe package
(PYTHONPATH, GHOSTFRAME_LIBRARY), Pillow, numpy and skia-python.
"""

from __future__ import annotations

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPOSITORY = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(REPOSITORY, "bindings", "python", "tests"))

import _live_hosts as live  # noqa: E402


def main(argv: list) -> int:
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "offscreen")
    # Under ASan, CTest preloads the sanitizer's shared runtime into this (uninstrumented) Python;
    # the host carries its own, and two ASan runtimes in one process refuse to start.
    env.pop("LD_PRELOAD", None)
    # It draws with ghostframe_sdl.h: the helpers' tolerances. Twice: the software renderer's way
    # (rects of one colour), then the GPU renderers' way (SDL_RenderGeometry), forced.
    for way in ("auto", "geometry"):
        print(f"--draw {way}:")
        for line in live.check_feed_host([argv[1], "--draw", way], os.path.join(argv[2], way), "bmp", env,
                                         mean_tolerance=live.HELPER_MEAN_TOLERANCE,
                                         fraction=live.HELPER_MISMATCH_FRACTION):
            print(line)
    print("c_sdl_feed: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
