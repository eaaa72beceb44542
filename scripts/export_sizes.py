#!/usr/bin/env python3
"""Prints the table of docs/exports.md's "Sizes of the examples": every example the players'
test plays (bindings/python/tests/_export_players.py) exported at its default duration and 60 fps,
with the size of each document, what it states with the scene's own curves and what it bakes or
approximates, and the largest error.

    GHOSTFRAME_LIBRARY=... PYTHONPATH=bindings/python .venv/bin/python scripts/export_sizes.py
"""

from __future__ import annotations

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "bindings", "python", "tests"))

import _export_players as players  # noqa: E402


def main() -> None:
    print("| example | layers | covers | Lottie KB | HTML KB | SVG KB | Lottie exact / baked | "
          "HTML exact / baked | max error |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name, make in players.cases():
        scene = make()
        lottie, html, svg = (scene.export(fmt) for fmt in ("lottie", "html", "svg"))
        covers = f"{lottie.duration:.4g} s" + (", loops" if lottie.loops else "")
        sizes = " | ".join(f"{len(r.text.encode()) / 1000:.1f}" for r in (lottie, html, svg))
        error = max(lottie.max_error, html.max_error)
        print(f"| `{name}` | {len(scene)} | {covers} | {sizes} | {lottie.exact_properties} / "
              f"{lottie.baked_properties} | {html.exact_properties} / {html.baked_properties} | {error:.3f} |")


if __name__ == "__main__":
    main()
