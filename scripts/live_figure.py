#!/usr/bin/env python3
"""Draws the live hosts' gallery pictures from the hosts as they are: each host plays a fixed
clock (30 fps, headless, SDL_VIDEODRIVER=dummy) with its input pushed through its own event queue
(the live-host tests' way), saves its window at the chosen times, and the frames are put side by
side at 2/3 size (250 x 444 each), 5-pixel dark rules between them.

- docs/gallery/live-pygame-feed.png: examples/python/pygame_feed.py (``ghostframe.draw.pygame``)
  at 0.5 s (the shimmer), 0.2 s into the card transition from the third row (a click at 1.0 s), and
  the content after ``space`` (the transition run back by a second click at 1.7 s, ``space`` at
  2.5 s, the frame at 2.9 s);
- docs/gallery/live-sdl-feed.png (with ``--sdl-feed PATH``, the built ``sdl_feed``): its first two.

    GHOSTFRAME_LIBRARY=... PYTHONPATH=bindings/python .venv/bin/python scripts/live_figure.py \\
        [--sdl-feed build/sdl_feed] [--out docs/gallery]

Needs pygame, numpy and Pillow (``make setup``).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from typing import List, Sequence

from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, ".."))
FPS = 30
INPUT = ["--click", "1.0:200,360", "--click", "1.7:10,10", "--key", "2.5:space"]
SHOTS = [0.5, 1.2, 2.9]
PANEL = (250, 444)
RULE = 5
RULE_COLOUR = (64, 64, 64)


def play(command: Sequence[str], folder: str, extension: str, times: Sequence[float]) -> List[Image.Image]:
    """Runs a host on the fixed clock with the input, returns its window at each time."""
    paths = [os.path.join(folder, f"shot-{k}.{extension}") for k in range(len(times))]
    argv = list(command) + ["--frames", str(int(max(times) * FPS) + 2), "--fps", str(FPS)] + INPUT
    for t, path in zip(times, paths):
        argv += ["--screenshot", f"{t}:{path}"]
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=300)
    if done.returncode != 0:
        raise SystemExit(f"{command[-1]} failed:\n{done.stdout}{done.stderr}")
    return [Image.open(path).convert("RGB") for path in paths]


def side_by_side(frames: Sequence[Image.Image]) -> Image.Image:
    """The frames at PANEL size, left to right, RULE pixels apart; a 64-colour palette PNG."""
    width = len(frames) * PANEL[0] + (len(frames) - 1) * RULE
    out = Image.new("RGB", (width, PANEL[1]), RULE_COLOUR)
    for k, frame in enumerate(frames):
        out.paste(frame.resize(PANEL, Image.LANCZOS), (k * (PANEL[0] + RULE), 0))
    return out.quantize(colors=64, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sdl-feed", default=None, help="the built sdl_feed: also draw live-sdl-feed.png")
    parser.add_argument("--out", default=os.path.join(REPO, "docs", "gallery"))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="gf_live_figure_") as work:
        pygame_feed = os.path.join(REPO, "examples", "python", "pygame_feed.py")
        frames = play([sys.executable, pygame_feed], work, "png", SHOTS)
        path = os.path.join(args.out, "live-pygame-feed.png")
        side_by_side(frames).save(path, optimize=True)
        print(f"live_figure: {path}")
        if args.sdl_feed:
            frames = play([args.sdl_feed], work, "bmp", SHOTS[:2])
            path = os.path.join(args.out, "live-sdl-feed.png")
            side_by_side(frames).save(path, optimize=True)
            print(f"live_figure: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
