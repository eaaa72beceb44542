"""ghostframe.draw's helpers on the feed (examples/trees/feed.json): the drawing time per frame of
each (skia on a raster surface, pygame on a software surface with the dummy SDL driver, qpainter
on a QImage with the offscreen Qt platform) at 1x (375 x 667) and 2x (750 x 1334), beside the
sampling time (``scene.sample(t, out=...)``), over 300 frames at 60 fps times, the shimmer
moving: "name value unit" lines, p50 and mean. A helper whose toolkit is missing prints a comment
line instead. Run through scripts/bench.sh (GHOSTFRAME_LIBRARY: a release build). Measures only:
it never fails on a number.
"""
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import numpy as np  # noqa: E402

import ghostframe as gf  # noqa: E402
from ghostframe import draw  # noqa: E402

TREE = ROOT.parents[1] / "examples" / "trees" / "feed.json"
FRAMES = 300


def target(name: str, width: int, height: int):
    """(clear, draw) for one helper on a target of that size."""
    if name == "skia":
        import skia

        surface = skia.Surface(width, height)
        canvas = surface.getCanvas()
        return (lambda: canvas.clear(skia.ColorWHITE)), (lambda states, s: draw.skia(canvas, states, scale=s))
    if name == "pygame":
        import pygame

        pygame.display.init()
        surface = pygame.Surface((width, height))
        return (lambda: surface.fill((255, 255, 255))), (lambda states, s: draw.pygame(surface, states, scale=s))
    from PySide6 import QtGui

    QtGui.QGuiApplication.instance() or QtGui.QGuiApplication([])
    image = QtGui.QImage(width, height, QtGui.QImage.Format.Format_RGB32)
    white = QtGui.QColor(255, 255, 255)

    def paint(states, s):
        painter = QtGui.QPainter(image)
        draw.qpainter(painter, states, scale=s)
        painter.end()

    return (lambda: image.fill(white)), paint


def main() -> None:
    scene = gf.skeleton(str(TREE))
    out = np.empty(len(scene), dtype=gf.LAYER_STATE_DTYPE)
    for name in ("skia", "pygame", "qpainter"):
        for scale in (1, 2):
            width, height = 375 * scale, 667 * scale
            try:
                clear, paint = target(name, width, height)
            except ImportError as exc:
                print(f"# draw.{name} not measured: {exc}")
                break
            sampling, drawing = [], []
            for k in range(-20, FRAMES):
                t = max(k, 0) / 60.0
                t0 = time.perf_counter()
                states = scene.sample(t, out=out)
                t1 = time.perf_counter()
                clear()
                paint(states, scale)
                t2 = time.perf_counter()
                if k >= 0:
                    sampling.append(t1 - t0)
                    drawing.append(t2 - t1)
            for label, values in ((f"sampling_{width}x{height}", sampling), (f"draw_{name}_{width}x{height}", drawing)):
                values.sort()
                print(f"py_feed_{label}_p50 {values[len(values) // 2] * 1e3:.3f} ms")
                print(f"py_feed_{label}_mean {sum(values) / len(values) * 1e3:.3f} ms")


if __name__ == "__main__":
    main()
