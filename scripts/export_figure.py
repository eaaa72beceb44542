#!/usr/bin/env python3
"""Draws docs/exports-feed.png: the feed skeleton (examples/trees/feed.json, high-contrast palette so
the shimmer band shows) at t = 0.77 s exported and played by rlottie, ThorVG and headless Chromium
(the HTML page), beside Ghostframe's own preview frame; the top 300 points of each.

    GHOSTFRAME_LIBRARY=... PYTHONPATH=bindings/python .venv/bin/python scripts/export_figure.py [OUT.png]

Needs what `make setup` installs (the players, Playwright and chromium-headless-shell).
"""

from __future__ import annotations

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "bindings", "python", "tests"))

import numpy as np  # noqa: E402
from PIL import Image, ImageDraw  # noqa: E402

import _export_players as players  # noqa: E402
import ghostframe as gf  # noqa: E402
from ghostframe.preview import Renderer  # noqa: E402

T = 0.77
TOP = 300


def main() -> None:
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "docs", "exports-feed.png")
    tree = players.tree_document(os.path.join(players.EXAMPLES, "trees", "feed.json"), players.HIGH_CONTRAST)
    scene = gf.skeleton(tree)
    renderer = Renderer(scene)
    size = renderer.size
    lottie = scene.export("lottie")
    frame = round(T * lottie.fps)
    panels = [
        ("rlottie (Lottie)", players.rlottie_frames(lottie.text, size, [frame])[0]),
        ("ThorVG (Lottie)", players.thorvg_frames(lottie.text, size, [frame])[0]),
    ]
    browser = players.Browser()
    try:
        panels.append(("Chromium (HTML)", browser.frames(scene.to_html(), False, size, [frame / lottie.fps])[0]))
    finally:
        browser.close()
    panels.append(("Ghostframe preview", np.asarray(renderer.render(frame / lottie.fps))))
    gap, label = 8, 18
    width = len(panels) * size[0] + (len(panels) - 1) * gap
    figure = Image.new("RGB", (width, TOP + label), (255, 255, 255))
    draw = ImageDraw.Draw(figure)
    for i, (name, pixels) in enumerate(panels):
        x = i * (size[0] + gap)
        figure.paste(Image.fromarray(pixels[:TOP]), (x, label))
        draw.text((x + 4, 3), f"{name}, frame {frame}", fill=(0, 0, 0))
    figure.save(out, optimize=True)
    print(f"wrote {out} ({os.path.getsize(out)} bytes)")


if __name__ == "__main__":
    main()
