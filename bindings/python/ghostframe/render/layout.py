"""The real views (the engine's layout report, :func:`ghostframe.layout`) drawn faintly, for
drawing behind the bones and through kept bones' holes. Nothing here lays anything out: every
frame and clip is the engine's; this module only decides how each kind of view looks.

Views with children and lists are outlines; rows, headers and footers a separator line at their
bottom; items an outline; labels grey word bars (text is unknown); images a filled box with a
cross; buttons a rounded box with a title bar; text fields and views an outline with text bars;
other leaves a filled box.

The hints' edges sit on a grid of half pixels at scale 1 (``GRID`` cells per pixel, the
supersampling the previous renderer drew them with), each shape covering whole grid cells as
Pillow's ``ImageDraw`` would there, and Skia's anti-aliasing gives a cell's edge pixel its
exact share: so the layout looks as it did, line for line.
"""

from __future__ import annotations

import math
from typing import Any, Sequence, Tuple

from ._backend import load_skia

#: How the layout is drawn, straight RGBA.
LAYOUT_OUTLINE = (96, 132, 196, 120)
LAYOUT_TEXT = (120, 124, 134, 110)
LAYOUT_FILL = (150, 176, 222, 46)

_WORDS = (0.22, 0.12, 0.18, 0.09, 0.16, 0.2, 0.11, 0.14)


#: Grid cells per output pixel: hint edges sit on this grid.
GRID = 2


def draw_layout(items: Sequence[Any], size: Tuple[int, int], scale: float, antialias: bool = True) -> Any:
    """The layout as a skia Image of ``size`` pixels (transparent where there is no view),
    ``scale`` pixels per point."""
    skia = load_skia()
    surface = skia.Surface.MakeRaster(skia.ImageInfo.Make(size[0], size[1], skia.kBGRA_8888_ColorType,
                                                          skia.kPremul_AlphaType))
    canvas = surface.getCanvas()
    canvas.clear(skia.ColorTRANSPARENT)
    pen = _Pen(skia, canvas, scale, antialias)
    d = pen.d
    for item in items:
        cx, cy, cw, ch = item.clip
        if cw <= 0 or ch <= 0:
            continue
        canvas.save()
        # Clips are whole grid cells, rounded outwards.
        canvas.clipRect(skia.Rect.MakeLTRB(math.floor(cx * d) / GRID, math.floor(cy * d) / GRID,
                                           math.ceil((cx + cw) * d) / GRID, math.ceil((cy + ch) * d) / GRID), antialias)
        pen.view(item)
        canvas.restore()
    return surface.makeImageSnapshot()


class _Pen:
    """Draws in grid coordinates (``d`` cells per point) with ImageDraw's rules for which
    cells a shape covers; Skia paints them at output scale."""

    def __init__(self, skia: Any, canvas: Any, scale: float, antialias: bool) -> None:
        self.skia, self.canvas = skia, canvas
        self.d = scale * GRID
        self.outline = skia.Paint(AntiAlias=antialias, Color=skia.Color(*LAYOUT_OUTLINE[:3], LAYOUT_OUTLINE[3]))
        self.fill = skia.Paint(AntiAlias=antialias, Color=skia.Color(*LAYOUT_FILL[:3], LAYOUT_FILL[3]))
        self.text = skia.Paint(AntiAlias=antialias, Color=skia.Color(*LAYOUT_TEXT[:3], LAYOUT_TEXT[3]))
        #: The width of outlines and rules, in grid cells.
        self.line = max(1, int(round(self.d * 0.75)))

    # -- ImageDraw's shapes on the grid ------------------------------------------------------

    def _cells(self, l: float, t: float, r: float, b: float, paint: Any) -> None:
        """Grid cells [l, r) x [t, b) (integers)."""
        if r > l and b > t:
            self.canvas.drawRect(self.skia.Rect.MakeLTRB(l / GRID, t / GRID, r / GRID, b / GRID), paint)

    def rectangle(self, x0: float, y0: float, x1: float, y1: float, paint: Any) -> None:
        """``rectangle([x0, y0, x1, y1], fill)``: the cells from x0 to x1 inclusive."""
        self._cells(math.floor(x0), math.floor(y0), math.floor(x1) + 1, math.floor(y1) + 1, paint)

    def frame(self, x0: float, y0: float, x1: float, y1: float, radius: float, filled: bool) -> None:
        """``rounded_rectangle([x0, y0, x1, y1], radius, fill?, outline, width=line)``: the
        outline inside the edges."""
        l, t, r, b = math.floor(x0), math.floor(y0), math.floor(x1) + 1, math.floor(y1) + 1
        w = self.line
        if radius <= 0:
            if filled:
                self._cells(l, t, r, b, self.fill)
            if r - l <= 2 * w or b - t <= 2 * w:
                self._cells(l, t, r, b, self.outline)
                return
            self._cells(l, t, r, t + w, self.outline)
            self._cells(l, b - w, r, b, self.outline)
            self._cells(l, t + w, l + w, b - w, self.outline)
            self._cells(r - w, t + w, r, b - w, self.outline)
            return
        skia, g = self.skia, GRID
        outer = skia.RRect.MakeRectXY(skia.Rect.MakeLTRB(l / g, t / g, r / g, b / g), radius / g, radius / g)
        if filled:
            self.canvas.drawRRect(outer, self.fill)
        inner_radius = max(0.0, radius - w) / g
        inner = skia.RRect.MakeRectXY(skia.Rect.MakeLTRB((l + w) / g, (t + w) / g, (r - w) / g, (b - w) / g),
                                      inner_radius, inner_radius)
        if inner.isEmpty():
            self.canvas.drawRRect(outer, self.outline)
        else:
            self.canvas.drawDRRect(outer, inner, self.outline)

    def hline(self, x0: float, x1: float, y: float) -> None:
        """``line([(x0, y), (x1, y)], width=line)``: rows y - (w - 1) // 2 ... y + w // 2."""
        w, row = self.line, math.floor(y)
        self._cells(math.floor(x0), row - (w - 1) // 2, math.floor(x1) + 1, row + w // 2 + 1, self.outline)

    def diagonal(self, x0: float, y0: float, x1: float, y1: float) -> None:
        """``line([(x0, y0), (x1, y1)], width=line)`` through the cells' centres."""
        g, paint = GRID, self.skia.Paint(self.outline)
        paint.setStyle(self.skia.Paint.kStroke_Style)
        paint.setStrokeWidth(self.line / g)
        self.canvas.drawLine((x0 + 0.5) / g, (y0 + 0.5) / g, (x1 + 0.5) / g, (y1 + 0.5) / g, paint)

    # -- the views ---------------------------------------------------------------------------

    def view(self, item: Any) -> None:
        s = self.d
        x, y, w, h = item.frame
        x0, y0, x1, y1 = x * s, y * s, (x + w) * s, (y + h) * s
        if x1 - x0 < 1 or y1 - y0 < 1:
            return
        kind = item.kind
        own = item.corner_radius
        radius = max(0.0, min((own or 0.0) * s, (x1 - x0) / 2, (y1 - y0) / 2))
        if kind in ("row", "header", "footer"):
            self.hline(x0, x1, y1 - 1)
        elif kind == "item":
            self.frame(x0, y0, x1 - 1, y1 - 1, 0.0, filled=False)
        elif kind == "label":
            self._words(x0, y0, x1, y1, item.lines, item.align, item.id, item.right_to_left)
        elif kind == "image":
            self.frame(x0, y0, x1 - 1, y1 - 1, radius, filled=True)
            if radius < min(x1 - x0, y1 - y0) / 2 - 1:
                self.diagonal(x0, y0, x1 - 1, y1 - 1)
                self.diagonal(x0, y1 - 1, x1 - 1, y0)
        elif kind == "button":
            r = radius if own is not None else min((y1 - y0) / 4, (x1 - x0) / 2)
            self.frame(x0, y0, x1 - 1, y1 - 1, r, filled=True)
            bar = (y1 - y0) * 0.3
            cx, cy, half = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) * 0.25
            self.rectangle(cx - half, cy - bar / 2, cx + half, cy + bar / 2, self.text)
        elif kind in ("textField", "textView"):
            self.frame(x0, y0, x1 - 1, y1 - 1, radius, filled=False)
            pad = 6 * s
            if kind == "textField":
                bar = min(y1 - y0, 16 * s) * 0.45
                cy = (y0 + y1) / 2
                self.rectangle(x0 + pad, cy - bar / 2, x0 + pad + (x1 - x0) * 0.4, cy + bar / 2, self.text)
            elif x1 - pad > x0 + pad and y1 - pad > y0 + pad:
                self._words(x0 + pad, y0 + pad, x1 - pad, y1 - pad, 0, "natural", item.id, item.right_to_left)
        elif kind in ("table", "collection") or (kind == "view" and item.has_children):
            self.frame(x0, y0, x1 - 1, y1 - 1, radius, filled=False)
        else:
            self.frame(x0, y0, x1 - 1, y1 - 1, radius, filled=True)

    def _words(self, x0: float, y0: float, x1: float, y1: float, lines: int, align: str, id: Any,
               right_to_left: bool) -> None:
        """Grey word bars, line by line: text whose content is unknown. The pattern of word
        lengths follows the view's id, so neighbouring labels differ."""
        s = self.d
        width, height = x1 - x0, y1 - y0
        line_height = 16.0 * s + 4.0 * s
        if lines == 0:
            lines = max(1, int((height + 4 * s) // line_height))
        lines = max(1, min(lines, 200))
        pitch = height / lines
        thickness = max(1.0, min(pitch * 0.55, 11.0 * s))
        seed = sum(ord(c) for c in str(id if id is not None else "")) % 7
        gap = max(2.0, 4.0 * s)
        for i in range(lines):
            length = width * (0.62 if i == lines - 1 and lines > 1 else 1.0)
            cy = y0 + pitch * (i + 0.5)
            if align == "center":
                start = x0 + (width - length) / 2
            elif align == "right" or (align == "natural" and right_to_left):
                start = x1 - length
            else:
                start = x0
            pos, k = start, seed + i
            while pos < start + length - gap:
                word = max(gap, width * _WORDS[k % len(_WORDS)])
                end = min(pos + word, start + length)
                if end - pos < gap:  # no slivers at the end of a line
                    break
                self.rectangle(pos, cy - thickness / 2, end - 1, cy + thickness / 2, self.text)
                pos = end + gap
                k += 1
