"""The drawing behind :mod:`ghostframe.preview`, kept apart from the bindings: nothing in the
wrappers (scene, skeleton, layout, ...) imports it, and it needs skia-python and Pillow
(``pip install 'ghostframe[preview]'``), imported on first use.

Skia (skia-python, the Python binding of the 2D library of Chrome and Android) draws; Pillow
holds the finished frames and writes GIFs and PNGs. Modules: :mod:`.layers` (which layers to
paint, in which order, with which clip: pure Python), :mod:`.painter` (one frame through Skia),
:mod:`.layout` (the engine's layout report drawn faintly), :mod:`._backend` (the imports).
"""

from __future__ import annotations

from ._backend import load_pillow, load_skia
from .layers import LayerPaint, drawing_order, layer_paints
from .layout import LAYOUT_FILL, LAYOUT_OUTLINE, LAYOUT_TEXT, draw_layout
from .painter import CanvasPainter, FramePainter, compose_underlay, to_byte

__all__ = [
    "CanvasPainter",
    "FramePainter",
    "LayerPaint",
    "compose_underlay",
    "draw_layout",
    "drawing_order",
    "layer_paints",
    "load_pillow",
    "load_skia",
    "to_byte",
    "LAYOUT_FILL",
    "LAYOUT_OUTLINE",
    "LAYOUT_TEXT",
]
