"""The hand-written rasterizer that ghostframe.preview used before it drew with Skia, kept here
only as the reference the new renderer is compared with (test_preview_reference.py), together with
the Python list layout (``Layout``) that repeated the engine's, which test_layout.py compares with
the engine's layout report. Not part of the package; unchanged but for its imports and the removal
of the GIF and file helpers (still in ghostframe.preview).

What follows is the module's original description.

Previews: a scene's frames drawn with Pillow, to images, animated GIFs and PNG strips.

Ghostframe itself never draws; this module is the small reference host the gallery and the
``ghostframe preview`` command (``python3 -m ghostframe``) use, so a designer can see what a view tree's
skeleton looks like (and how it moves) without a UI toolkit.

>>> import ghostframe as gf
>>> from ghostframe.preview import Renderer
>>> scene = gf.Scene()
>>> _ = scene.add_layer("box", frame=(10, 10, 20, 20), background_color="#FF0000")
>>> image = Renderer(scene, size=(40, 40)).render(0.0)
>>> image.size, image.getpixel((20, 20)), image.getpixel((2, 2))
((40, 40), (255, 0, 0), (255, 255, 255))

What is drawn, per layer of ``scene.sample(t)``, in Core Animation's order (depth first,
parents before children, siblings by ``z_position``):

* hidden layers (``flags & 1``) are skipped, with their subtrees;
* each layer is a rectangle of its frame with rounded corners (``corner_radius``, clamped to
  half the shorter side), mapped by its affine ``transform`` (layer space → root points).
  Rotation-free transforms are drawn exactly with their rounded corners; a rotated or
  skewed layer is drawn as the polygon of its four corners;
* the fill is the layer's colour (``r, g, b, a``) × ``opacity``, alpha-blended over what is
  below; with ``GF_LAYER_HAS_GRADIENT`` the linear gradient (start and end points in the
  layer's unit space, up to 4 stops, ends extended) is drawn over that colour;
* a layer whose custom property ``"hole"`` is 1 (a kept bone of a skeleton) is cut out: the
  *real layout* shows through - the background, and with ``layout=`` the view tree's
  frames;
* bones inside a ``"container:*"`` layer (a skeleton's list section) are clipped to it, as
  a list clips its rows;
* a layer with ``GF_LAYER_HAS_CONTENTS`` (a bone's ``placeholder``) shows its image: the file
  of that name in ``images`` (a directory), scaled aspect-fit into the layer's frame and
  centred, × ``opacity``; when there is no such file, an image glyph (a framed mountain and
  sun in a darker shade of the fill). Contents are drawn after every layer, over the frame
  (rotation ignored): a reference previewer, not a compositor.

Edges are anti-aliased by supersampling: the image is drawn at ``supersample`` × the size
(pixel centres either in or out) and box-filtered down. An opaque pixel away from edges is
therefore exactly its layer's colour, and a blend is exact to the rounding of the last step
(``floor(v * 255 + 0.5)``).

numpy is optional: with it the coverage, gradients and blending are vectorised (float32);
without it, Pillow draws every layer (8-bit masks, gradients built column by column or row
by row). The two agree to within ±2 per channel.
"""

from __future__ import annotations

import json
import math
import os
import time
from typing import Any, Callable, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

from ghostframe import _native
from ghostframe import scene as _scene_module
from ghostframe.errors import argument_type_error, invalid_argument
from ghostframe.scene import Scene

__all__ = ["Renderer", "Layout", "BACKGROUND"]

#: The colour behind everything (the page the skeleton sits on).
BACKGROUND = (255, 255, 255)
#: How the layout (the real views) is drawn, straight RGBA.
LAYOUT_OUTLINE = (96, 132, 196, 120)
LAYOUT_TEXT = (120, 124, 134, 110)
LAYOUT_FILL = (150, 176, 222, 46)

_HIDDEN = _native.GF_LAYER_HIDDEN
_GRADIENT = _native.GF_LAYER_HAS_GRADIENT
_CONTENTS = _native.GF_LAYER_HAS_CONTENTS
_EPS = 1e-9


def _pil() -> Any:
    try:
        from PIL import Image, ImageChops, ImageDraw
    except ImportError:
        raise ImportError(
            "ghostframe.preview needs Pillow: pip install Pillow (or pip install 'ghostframe[preview]')"
        ) from None
    return Image, ImageDraw, ImageChops


def _to_byte(value: float) -> int:
    v = math.floor(value * 255.0 + 0.5)
    return 0 if v < 0 else 255 if v > 255 else int(v)


# ---------------------------------------------------------------------------------------
# Layer geometry shared by both backends
# ---------------------------------------------------------------------------------------


class _Paint:
    """One layer to paint: its geometry in device pixels and its fill."""

    __slots__ = (
        "index", "w", "h", "radius", "m", "box", "axis", "opacity", "rgba", "gradient", "hole", "background",
    )

    def __init__(self) -> None:
        self.gradient: Optional[Tuple[Any, ...]] = None


def _gradient_of(state: Any) -> Optional[Tuple[Any, ...]]:
    count = int(state[3])
    if not (int(state[2]) & _GRADIENT) or count < 1:
        return None
    n = min(count, 4)
    locations = [float(x) for x in state[20][:n]]
    for i in range(1, n):  # stops must not go backwards
        if locations[i] < locations[i - 1]:
            locations[i] = locations[i - 1]
    colors = [tuple(float(c) for c in state[21][4 * i: 4 * i + 4]) for i in range(n)]
    start = (float(state[16]), float(state[17]))
    end = (float(state[18]), float(state[19]))
    return (locations, colors, start, end)


def _stop_color(gradient: Tuple[Any, ...], t: float) -> Tuple[float, float, float, float]:
    """The gradient's straight RGBA at position t (ends extended), as numpy.interp does."""
    locations, colors = gradient[0], gradient[1]
    if t <= locations[0]:
        return colors[0]
    if t >= locations[-1]:
        return colors[-1]
    for i in range(1, len(locations)):
        if t <= locations[i]:
            lo, hi = locations[i - 1], locations[i]
            if hi - lo <= 0:
                return colors[i]
            f = (t - lo) / (hi - lo)
            a, b = colors[i - 1], colors[i]
            return tuple(a[k] + (b[k] - a[k]) * f for k in range(4))  # type: ignore[return-value]
    return colors[-1]


def _over_background(grad: Tuple[float, float, float, float], bg: Tuple[float, float, float, float]) -> Tuple[float, float, float, float]:
    """The gradient colour drawn over the layer's own background colour (straight RGBA)."""
    ga, ba = grad[3], bg[3]
    if ba <= 0.0 or ga >= 1.0:
        return grad
    a = ga + ba * (1.0 - ga)
    if a <= 0.0:
        return (0.0, 0.0, 0.0, 0.0)
    k = ba * (1.0 - ga)
    return (
        (grad[0] * ga + bg[0] * k) / a,
        (grad[1] * ga + bg[1] * k) / a,
        (grad[2] * ga + bg[2] * k) / a,
        a,
    )


# ---------------------------------------------------------------------------------------
# The layout: the real view tree, drawn faintly
# ---------------------------------------------------------------------------------------


def _num(value: Any, default: float = 0.0) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return default
    return float(value)


def _pair_of(value: Any, default: Tuple[float, float]) -> Tuple[float, float]:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value), float(value)
    if isinstance(value, (list, tuple)) and len(value) == 2:
        return _num(value[0]), _num(value[1])
    return default


def _insets(value: Any) -> Tuple[float, float, float, float]:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        v = float(value)
        return v, v, v, v
    if isinstance(value, (list, tuple)) and len(value) == 4:
        return tuple(_num(v) for v in value)  # type: ignore[return-value]
    return 0.0, 0.0, 0.0, 0.0


def _intersect(a: Tuple[float, float, float, float], b: Tuple[float, float, float, float]) -> Tuple[float, float, float, float]:
    x0, y0 = max(a[0], b[0]), max(a[1], b[1])
    x1, y1 = min(a[0] + a[2], b[0] + b[2]), min(a[1] + a[3], b[1] + b[3])
    return (x0, y0, max(0.0, x1 - x0), max(0.0, y1 - y0))


class Layout:
    """The real views of a view tree (docs/view-tree-format.md) as simple primitives in root
    points: what the host would show once loaded, for drawing faintly behind the bones.

    Lists are laid out as the generator does (rows of ``rowHeight``, collection items in rows
    and columns inside the insets, headers and footers, filling the visible area), clipped
    to the list's frame. Text contents are unknown, so labels are drawn as grey lines.
    """

    MAX_DEPTH = 64
    MAX_PRIMITIVES = 200_000

    def __init__(self, tree: Mapping[str, Any]) -> None:
        if not isinstance(tree, Mapping):
            raise argument_type_error(f"the layout needs the view tree as a dict, not {type(tree).__name__}")
        viewport = tree.get("viewport") or [0, 0]
        self.width, self.height = _pair_of(viewport, (0.0, 0.0))
        self._cells = tree.get("cells") or {}
        root = tree.get("root") or {}
        styles = [tree.get("style") or {}, root.get("style") or {} if isinstance(root, Mapping) else {}]
        self.right_to_left = any(isinstance(s, Mapping) and s.get("rightToLeft") is True for s in styles)
        #: (kind, (x, y, w, h), node, clip) in root points.
        self.primitives: List[Tuple[str, Tuple[float, float, float, float], Mapping[str, Any], Tuple[float, float, float, float]]] = []
        screen = (0.0, 0.0, self.width, self.height)
        if isinstance(root, Mapping):
            frame = root.get("frame") or [0, 0, 0, 0]
            size = (_num(frame[2]) if len(frame) > 2 else 0.0, _num(frame[3]) if len(frame) > 3 else 0.0)
            self._visit(root, 0.0, 0.0, screen, 0, origin_override=(0.0, 0.0, size[0], size[1]))

    def _emit(self, kind: str, rect: Tuple[float, float, float, float], node: Mapping[str, Any],
              clip: Tuple[float, float, float, float]) -> None:
        if len(self.primitives) < self.MAX_PRIMITIVES:
            self.primitives.append((kind, rect, node, clip))

    def _visit(self, node: Any, ox: float, oy: float, clip: Tuple[float, float, float, float], depth: int,
               origin_override: Optional[Tuple[float, float, float, float]] = None) -> None:
        if not isinstance(node, Mapping) or node.get("hidden") is True or depth > self.MAX_DEPTH:
            return
        if origin_override is not None:
            x, y, w, h = origin_override
        else:
            frame = node.get("frame")
            if not isinstance(frame, (list, tuple)) or len(frame) != 4:
                return
            x, y, w, h = (_num(v) for v in frame)
            x, y = ox + x, oy + y
        kind = node.get("type") or "view"
        children = node.get("children") or []
        if kind == "view" and children:
            kind = "container"
        self._emit(kind, (x, y, w, h), node, clip)
        cx, cy = _pair_of(node.get("contentOffset"), (0.0, 0.0))
        inner = clip
        if kind in ("table", "collection") or (cx, cy) != (0.0, 0.0):
            inner = _intersect(clip, (x, y, w, h))
        if kind in ("table", "collection"):
            self._list(node, kind, x - cx, y - cy, w, inner, depth)
        for child in children if isinstance(children, list) else []:
            self._visit(child, x - cx, y - cy, inner, depth + 1)

    def _cell(self, name: Any, x: float, y: float, w: float, h: float,
              clip: Tuple[float, float, float, float], depth: int, kind: str) -> None:
        if y >= clip[1] + clip[3] or y + h <= clip[1] or x >= clip[0] + clip[2] or x + w <= clip[0]:
            return
        template = self._cells.get(name) if isinstance(name, str) else None
        if not isinstance(template, Mapping):
            return
        cell_node = {"id": name}
        self._emit(kind, (x, y, w, h), cell_node, clip)
        inner = _intersect(clip, (x, y, w, h))
        for child in template.get("children") or []:
            self._visit(child, x, y, inner, depth + 1)

    def _template_size(self, name: Any) -> Tuple[float, float]:
        template = self._cells.get(name) if isinstance(name, str) else None
        if isinstance(template, Mapping):
            return _pair_of(template.get("size"), (0.0, 0.0))
        return 0.0, 0.0

    def _supplement(self, supplement: Any, x: float, y: float, w: float,
                    clip: Tuple[float, float, float, float], depth: int) -> float:
        if not isinstance(supplement, Mapping):
            return 0.0
        name = supplement.get("cell")
        height = supplement.get("height")
        h = _num(height, self._template_size(name)[1]) if height is not None else self._template_size(name)[1]
        self._cell(name, x, y, w, h, clip, depth, "supplement")
        return h

    def _list(self, node: Mapping[str, Any], kind: str, x: float, y: float, w: float,
              clip: Tuple[float, float, float, float], depth: int) -> None:
        top_visible, bottom_visible = clip[1], clip[1] + clip[3]
        sections = node.get("sections") or []
        for section in sections if isinstance(sections, list) else []:
            if not isinstance(section, Mapping):
                continue
            name = section.get("cell")
            y += self._supplement(section.get("header"), x, y, w, clip, depth)
            if kind == "table":
                rh = _num(section.get("rowHeight"), self._template_size(name)[1])
                if rh <= 0:
                    continue
                rows = section.get("rows")
                count = int(rows) if isinstance(rows, (int, float)) and not isinstance(rows, bool) else max(
                    0, math.ceil((bottom_visible - y) / rh - 1e-9))
                first = max(0, int((top_visible - y) // rh))
                last = min(count, max(0, math.ceil((bottom_visible - y) / rh)))
                for k in range(first, last):
                    self._cell(name, x, y + k * rh, w, rh, clip, depth, "row")
                y += count * rh
            else:
                iw, ih = _pair_of(section.get("itemSize"), self._template_size(name))
                hs, vs = _pair_of(section.get("spacing"), (0.0, 0.0))
                top, left, bottom, right = _insets(section.get("insets"))
                if iw <= 0 or ih <= 0:
                    continue
                columns = max(1, math.floor((w - left - right + hs) / (iw + hs)))
                start = y + top
                items = section.get("items")
                if isinstance(items, (int, float)) and not isinstance(items, bool):
                    count = int(items)
                    rows = math.ceil(count / columns)
                else:
                    rows = max(0, math.ceil((bottom_visible - start + vs) / (ih + vs)))
                    count = rows * columns
                first_row = max(0, int((top_visible - start) // (ih + vs)))
                last_row = min(rows, max(0, math.ceil((bottom_visible - start) / (ih + vs))))
                for row in range(first_row, last_row):
                    for column in range(columns):
                        k = row * columns + column
                        if k >= count:
                            break
                        self._cell(name, x + left + column * (iw + hs), start + row * (ih + vs), iw, ih,
                                   clip, depth, "item")
                y = start + (rows * (ih + vs) - vs if rows else 0.0) + bottom
            y += self._supplement(section.get("footer"), x, y, w, clip, depth)

    # -- drawing -------------------------------------------------------------------------

    def draw(self, size: Tuple[int, int], scale: float) -> Any:
        """The layout as a straight-alpha RGBA Pillow image of ``size`` pixels, ``scale``
        pixels per point."""
        Image, ImageDraw, _ = _pil()
        overlay = Image.new("RGBA", size, (0, 0, 0, 0))
        groups: Dict[Tuple[float, float, float, float], List[Any]] = {}
        for primitive in self.primitives:
            groups.setdefault(primitive[3], []).append(primitive)
        for clip, primitives in groups.items():
            cx0 = max(0, int(math.floor(self._x(clip[0], clip[2]) * scale)))
            cy0 = max(0, int(math.floor(clip[1] * scale)))
            cx1 = min(size[0], int(math.ceil((self._x(clip[0], clip[2]) + clip[2]) * scale)))
            cy1 = min(size[1], int(math.ceil((clip[1] + clip[3]) * scale)))
            if cx1 <= cx0 or cy1 <= cy0:
                continue
            layer = Image.new("RGBA", (cx1 - cx0, cy1 - cy0), (0, 0, 0, 0))
            pen = ImageDraw.Draw(layer, "RGBA")
            for kind, rect, node, _clip in primitives:
                x = self._x(rect[0], rect[2])
                box = ((x) * scale - cx0, rect[1] * scale - cy0, (x + rect[2]) * scale - cx0,
                       (rect[1] + rect[3]) * scale - cy0)
                self._draw_one(pen, kind, box, node, scale)
            overlay.alpha_composite(layer, dest=(cx0, cy0))
        return overlay

    def _x(self, x: float, w: float) -> float:
        return self.width - x - w if self.right_to_left else x

    def _draw_one(self, pen: Any, kind: str, box: Tuple[float, float, float, float], node: Mapping[str, Any],
                  scale: float) -> None:
        x0, y0, x1, y1 = box
        if x1 - x0 < 1 or y1 - y0 < 1:
            return
        line = max(1, int(round(scale * 0.75)))
        radius = _num(node.get("cornerRadius"), 0.0) * scale
        radius = max(0.0, min(radius, (x1 - x0) / 2, (y1 - y0) / 2))
        rect = [x0, y0, x1 - 1, y1 - 1]
        if kind in ("row", "supplement"):
            pen.line([(x0, y1 - 1), (x1, y1 - 1)], fill=LAYOUT_OUTLINE, width=line)
            return
        if kind == "item":
            pen.rectangle(rect, outline=LAYOUT_OUTLINE, width=line)
            return
        if kind == "label":
            self._text(pen, box, node, scale)
            return
        if kind == "image":
            pen.rounded_rectangle(rect, radius=radius, fill=LAYOUT_FILL, outline=LAYOUT_OUTLINE, width=line)
            if radius < min(x1 - x0, y1 - y0) / 2 - 1:
                pen.line([(x0, y0), (x1 - 1, y1 - 1)], fill=LAYOUT_OUTLINE, width=line)
                pen.line([(x0, y1 - 1), (x1 - 1, y0)], fill=LAYOUT_OUTLINE, width=line)
            return
        if kind == "button":
            r = radius if node.get("cornerRadius") is not None else min((y1 - y0) / 4, (x1 - x0) / 2)
            pen.rounded_rectangle(rect, radius=r, fill=LAYOUT_FILL, outline=LAYOUT_OUTLINE, width=line)
            h = (y1 - y0) * 0.3
            cx, cy, half = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) * 0.25
            pen.rectangle([cx - half, cy - h / 2, cx + half, cy + h / 2], fill=LAYOUT_TEXT)
            return
        if kind in ("textField", "textView"):
            pen.rounded_rectangle(rect, radius=radius, outline=LAYOUT_OUTLINE, width=line)
            pad = 6 * scale
            inner = (x0 + pad, y0 + pad, x1 - pad, y1 - pad)
            if kind == "textField":
                h = min(y1 - y0, 16 * scale) * 0.45
                cy = (y0 + y1) / 2
                pen.rectangle([x0 + pad, cy - h / 2, x0 + pad + (x1 - x0) * 0.4, cy + h / 2], fill=LAYOUT_TEXT)
            elif inner[2] > inner[0] and inner[3] > inner[1]:
                self._text(pen, inner, {"lines": 0, "id": node.get("id")}, scale)
            return
        if kind in ("table", "collection", "container"):
            pen.rounded_rectangle(rect, radius=radius, outline=LAYOUT_OUTLINE, width=line)
            return
        pen.rounded_rectangle(rect, radius=radius, fill=LAYOUT_FILL, outline=LAYOUT_OUTLINE, width=line)

    def _text(self, pen: Any, box: Tuple[float, float, float, float], node: Mapping[str, Any], scale: float) -> None:
        x0, y0, x1, y1 = box
        width, height = x1 - x0, y1 - y0
        lines = node.get("lines", 1)
        lines = int(lines) if isinstance(lines, (int, float)) and not isinstance(lines, bool) else 1
        line_height = 16.0 * scale + 4.0 * scale
        if lines == 0:
            lines = max(1, int((height + 4 * scale) // line_height))
        lines = max(1, min(lines, 200))
        pitch = height / lines
        thickness = max(1.0, min(pitch * 0.55, 11.0 * scale))
        align = node.get("align", "natural")
        seed = sum(ord(c) for c in str(node.get("id", ""))) % 7
        words = (0.22, 0.12, 0.18, 0.09, 0.16, 0.2, 0.11, 0.14)
        gap = max(2.0, 4.0 * scale)
        for i in range(lines):
            length = width * (0.62 if i == lines - 1 and lines > 1 else 1.0)
            cy = y0 + pitch * (i + 0.5)
            if align == "center":
                start = x0 + (width - length) / 2
            elif align == "right" or (align == "natural" and self.right_to_left):
                start = x1 - length
            else:
                start = x0
            pos, k = start, seed + i
            while pos < start + length - gap:
                word = max(gap, width * words[k % len(words)])
                end = min(pos + word, start + length)
                if end - pos < gap:  # no slivers at the end of a line
                    break
                pen.rectangle([pos, cy - thickness / 2, end - 1, cy + thickness / 2], fill=LAYOUT_TEXT)
                pos = end + gap
                k += 1


# ---------------------------------------------------------------------------------------
# The renderer
# ---------------------------------------------------------------------------------------


class Renderer:
    """Draws a scene's frames: ``Renderer(scene).render(t)`` → a Pillow RGB image.

    Args:
        scene: any :class:`~ghostframe.Scene`; skeleton scenes get the extras described in
            the module docstring (holes, list clipping, the layout behind).
        scale: pixels per point (1: a 375 × 667 viewport gives a 375 × 667 image).
        size: the drawn area in points, ``(width, height)``; default: the extent of the
            root layers' frames (a skeleton's viewport).
        background: the RGB colour behind everything.
        layout: a view tree (a dict, or a :class:`Layout`) whose real views are drawn
            faintly behind the bones (over the skeleton's backgrounds) and in holes.
        supersample: the anti-aliasing factor (1 turns it off).
        use_numpy: ``None`` uses numpy when it can be imported; ``False`` draws with Pillow
            alone; ``True`` insists on numpy (ImportError without it).
        images: a directory in which a layer's contents name is an image file; without it
            (or without the file) contents are drawn as a glyph.

    Raises:
        GhostframeError: a bad option (:class:`~ghostframe.InvalidArgumentError`, or
            :class:`~ghostframe.ArgumentTypeError` for a ``scene`` that is not a Scene).
        ImportError: Pillow is missing, or numpy with ``use_numpy=True``.

    The scene's layer ids are read once (they decide what is a container or a hole); call
    :meth:`refresh` after adding or removing layers.
    """

    def __init__(
        self,
        scene: Scene,
        *,
        scale: float = 1.0,
        size: Optional[Sequence[float]] = None,
        background: Sequence[int] = BACKGROUND,
        layout: Union[None, Mapping[str, Any], Layout] = None,
        supersample: int = 2,
        use_numpy: Optional[bool] = None,
        images: Union[None, str, "os.PathLike[str]"] = None,
    ) -> None:
        if not isinstance(scene, Scene):
            raise argument_type_error(f"scene must be a ghostframe.Scene, not {type(scene).__name__}")
        if isinstance(scale, bool) or not isinstance(scale, (int, float)) or not math.isfinite(scale) or scale <= 0:
            raise invalid_argument(f"scale must be a number > 0, got {scale!r}")
        if isinstance(supersample, bool) or not isinstance(supersample, int) or not 1 <= supersample <= 8:
            raise invalid_argument(f"supersample must be an int in 1...8, got {supersample!r}")
        self._Image, self._ImageDraw, self._ImageChops = _pil()
        self.scene = scene
        self.scale = float(scale)
        self.supersample = supersample
        try:
            self.background = tuple(int(c) for c in background)[:3]
        except (TypeError, ValueError):
            raise invalid_argument(f"background must be (r, g, b) in 0...255, got {background!r}") from None
        if len(self.background) != 3 or any(not 0 <= c <= 255 for c in self.background):
            raise invalid_argument(f"background must be (r, g, b) in 0...255, got {background!r}")
        if use_numpy is None:
            self._np = _scene_module._numpy()
        elif use_numpy:
            self._np = _scene_module._numpy()
            if self._np is None:
                raise ImportError("use_numpy=True, but numpy cannot be imported")
        else:
            self._np = None
        self.layout = Layout(layout) if isinstance(layout, Mapping) else layout
        self.images = None if images is None else os.fspath(images)
        self._image_cache: Dict[str, Any] = {}
        self.refresh()
        if size is None:
            size = self._extent()
        try:
            width, height = (float(v) for v in size)
        except (TypeError, ValueError):
            raise invalid_argument(f"size must be two numbers > 0, got {size!r}") from None
        if not (width > 0 and height > 0 and math.isfinite(width) and math.isfinite(height)):
            raise invalid_argument(f"size must be two numbers > 0, got {size!r}")
        self.size_points = (width, height)
        #: The output image size in pixels.
        self.size = (max(1, int(math.ceil(width * self.scale - 1e-9))), max(1, int(math.ceil(height * self.scale - 1e-9))))
        ss = self.supersample
        self._device = (self.size[0] * ss, self.size[1] * ss)
        self._S = self.scale * ss
        self._prepare_underlay()

    @property
    def uses_numpy(self) -> bool:
        """Whether this renderer draws with numpy."""
        return self._np is not None

    # -- scene structure -------------------------------------------------------------------

    def refresh(self) -> None:
        """Re-reads the scene's layer ids (after layers were added, removed or reparented)."""
        layers = json.loads(self.scene.to_json()).get("layers", [])
        ids: List[str] = [""] * len(layers)
        contents: List[Optional[str]] = [None] * len(layers)
        for layer in layers:
            index = self.scene.layer(layer["id"])
            ids[index] = layer["id"]
            contents[index] = layer.get("contents")
        self._ids = ids
        self._contents = contents
        self._is_container = [i.startswith("container:") for i in ids]
        self._is_background = [i == "skeleton" or i.startswith("container:") for i in ids]

    def _extent(self) -> Tuple[float, float]:
        states = self._states(0.0)
        width = height = 0.0
        for s in states:
            if int(s[1]) == -1:
                width = max(width, float(s[4]) + float(s[6]))
                height = max(height, float(s[5]) + float(s[7]))
        if width <= 0 or height <= 0:
            raise invalid_argument("the scene's root layers have no area; pass size=(width, height)")
        return width, height

    def _states(self, t: float) -> List[Any]:
        states = self.scene.sample(t)
        # a numpy structured array (rows as tuples) or a list of LayerState: indexed alike
        return states.tolist() if hasattr(states, "dtype") else list(states)

    # -- frames ----------------------------------------------------------------------------

    def render(self, t: float) -> Any:
        """The scene at time ``t`` as a Pillow RGB image of :attr:`size`."""
        t = float(t)
        states = self._states(t)
        if len(states) != len(self._ids):
            self.refresh()
        holes = self.scene.sample_custom("hole", t)
        paints = self._paints(states, holes)
        image = self._render_numpy(paints) if self._np is not None else self._render_pillow(paints)
        self._draw_contents(image, states)
        return image

    # -- contents (placeholder images) -----------------------------------------------------

    def _load_image(self, name: str) -> Optional[Any]:
        """The RGBA image ``name`` in :attr:`images`, or None (no directory, no such file,
        not an image, or a name that leaves the directory)."""
        if name in self._image_cache:
            return self._image_cache[name]
        image = None
        if self.images is not None:
            root = os.path.realpath(self.images)
            path = os.path.realpath(os.path.join(root, name))
            if path.startswith(root + os.sep) and os.path.isfile(path):
                try:
                    with self._Image.open(path) as opened:
                        image = opened.convert("RGBA")
                except (OSError, ValueError):
                    image = None
        self._image_cache[name] = image
        return image

    def _draw_contents(self, image: Any, states: List[Any]) -> None:
        """Draws every visible layer's contents over the finished frame (see the module
        docstring)."""
        for index, s in enumerate(states):
            flags = int(s[2])
            if not flags & _CONTENTS or flags & _HIDDEN or index >= len(self._contents):
                continue
            name = self._contents[index]
            opacity = float(s[13])
            if name is None or opacity <= 0:
                continue
            x, y, w, h = (float(v) * self.scale for v in s[4:8])
            if w < 1 or h < 1:
                continue
            picture = self._load_image(name)
            if picture is not None:
                fit = min(w / picture.width, h / picture.height)
                size = (max(1, int(round(picture.width * fit))), max(1, int(round(picture.height * fit))))
                scaled = picture.resize(size, self._Image.Resampling.LANCZOS)
                if opacity < 1:
                    alpha = scaled.getchannel("A").point(lambda a: int(a * opacity + 0.5))
                    scaled.putalpha(alpha)
                image.paste(scaled, (int(round(x + (w - size[0]) / 2)), int(round(y + (h - size[1]) / 2))), scaled)
            else:
                self._draw_glyph(image, (x, y, w, h), s, opacity)

    def _draw_glyph(self, image: Any, box: Tuple[float, float, float, float], s: Any, opacity: float) -> None:
        """An image glyph in the middle of ``box``: a frame, a mountain and a sun, in the
        fill darkened by 25 %."""
        x, y, w, h = box
        side = min(w, h) * 0.6
        if side < 4:
            return
        shade = tuple(_to_byte(float(c) * 0.75) for c in s[9:12])
        overlay = self._Image.new("RGBA", image.size, (0, 0, 0, 0))
        pen = self._ImageDraw.Draw(overlay)
        color = shade + (_to_byte(opacity),)
        left, top = x + (w - side) / 2, y + (h - side) / 2
        line = max(1, int(side / 16))
        pen.rectangle((left, top, left + side, top + side), outline=color, width=line)
        pen.polygon([(left + side * 0.12, top + side * 0.85), (left + side * 0.42, top + side * 0.45),
                     (left + side * 0.62, top + side * 0.68), (left + side * 0.74, top + side * 0.56),
                     (left + side * 0.88, top + side * 0.85)], fill=color)
        r = side * 0.09
        cx, cy = left + side * 0.7, top + side * 0.27
        pen.ellipse((cx - r, cy - r, cx + r, cy + r), fill=color)
        image.paste(overlay, (0, 0), overlay)

    def _paints(self, states: List[Any], holes: Sequence[float]) -> List[_Paint]:
        S = self._S
        W, H = self._device
        n = len(states)
        canvas_clip = (0, 0, W, H)
        # the clip a layer's children get: its own, narrowed to its box when it is a container
        child_clip: List[Tuple[int, int, int, int]] = [canvas_clip] * n
        hidden = [bool(int(s[2]) & _HIDDEN) for s in states]
        paints: List[_Paint] = []
        for i in self._order_stable(states):
            s = states[i]
            parent = int(s[1])
            clip = child_clip[parent] if 0 <= parent < n and parent != i else canvas_clip
            child_clip[i] = clip
            if hidden[i]:
                continue
            w, h = float(s[6]), float(s[7])
            a, b, c, d, tx, ty = (float(v) for v in s[14])
            xs = (tx, tx + a * w, tx + c * h, tx + a * w + c * h)
            ys = (ty, ty + b * w, ty + d * h, ty + b * w + d * h)
            if not all(math.isfinite(v) for v in xs + ys):
                continue
            fx0, fx1 = min(xs) * S, max(xs) * S
            fy0, fy1 = min(ys) * S, max(ys) * S
            full = (max(0, int(math.floor(fx0))), max(0, int(math.floor(fy0))),
                    min(W, int(math.ceil(fx1))), min(H, int(math.ceil(fy1))))
            if self._is_container[i] if i < len(self._is_container) else False:
                child_clip[i] = (max(clip[0], full[0]), max(clip[1], full[1]),
                                 min(clip[2], full[2]), min(clip[3], full[3]))
            x0, y0 = max(full[0], clip[0]), max(full[1], clip[1])
            x1, y1 = min(full[2], clip[2]), min(full[3], clip[3])
            if x1 <= x0 or y1 <= y0 or w <= 0 or h <= 0 or abs(a * d - b * c) < _EPS:
                continue
            opacity = min(1.0, max(0.0, float(s[13])))
            if opacity <= 0.0:
                continue
            paint = _Paint()
            paint.index = i
            paint.w, paint.h = w, h
            paint.m = (a, b, c, d, tx, ty)
            paint.box = (x0, y0, x1, y1)
            paint.axis = abs(b) < _EPS and abs(c) < _EPS
            paint.radius = max(0.0, min(float(s[8]), w / 2, h / 2)) if paint.axis else 0.0
            paint.opacity = opacity
            paint.rgba = (float(s[9]), float(s[10]), float(s[11]), min(1.0, max(0.0, float(s[12]))))
            paint.gradient = _gradient_of(s)
            paint.hole = i < len(holes) and float(holes[i]) == 1.0
            if not paint.hole and paint.gradient is None and paint.rgba[3] <= 0.0:
                continue
            # the layout shows over the skeleton's (painted) backgrounds, under the bones
            paint.background = (self._is_background[i] if i < len(self._is_background) else False) and not paint.hole
            paints.append(paint)
        return paints

    def _order_stable(self, states: List[Any]) -> List[int]:
        n = len(states)
        children: List[List[int]] = [[] for _ in range(n)]
        roots: List[int] = []
        for i, s in enumerate(states):
            parent = int(s[1])
            (children[parent] if 0 <= parent < n and parent != i else roots).append(i)
        key = lambda k: float(states[k][15])  # noqa: E731
        order: List[int] = []
        stack: List[List[int]] = [sorted(roots, key=key)]
        positions = [0]
        seen = [False] * n
        while stack:
            top, pos = stack[-1], positions[-1]
            if pos >= len(top):
                stack.pop()
                positions.pop()
                continue
            positions[-1] = pos + 1
            i = top[pos]
            if seen[i]:
                continue
            seen[i] = True
            order.append(i)
            if children[i]:
                stack.append(sorted(children[i], key=key))
                positions.append(0)
        return order

    # -- the underlay (background + layout) ------------------------------------------------

    def _prepare_underlay(self) -> None:
        Image = self._Image
        W, H = self._device
        bg = self.background
        self._overlay = None
        if self.layout is not None:
            self._overlay = self.layout.draw((W, H), self._S)
        if self._np is not None:
            np = self._np
            under = np.empty((H, W, 3), dtype=np.float32)
            under[...] = np.asarray(bg, dtype=np.float32) / 255.0
            if self._overlay is not None:
                ov = np.asarray(self._overlay, dtype=np.float32) / 255.0
                self._ov_rgb = np.ascontiguousarray(ov[..., :3])
                self._ov_a = np.ascontiguousarray(ov[..., 3])
                under += (self._ov_rgb - under) * self._ov_a[..., None]
            self._under = under
        else:
            under = Image.new("RGB", (W, H), bg)
            if self._overlay is not None:
                self._ov_rgb_img = self._overlay.convert("RGB")
                self._ov_a_img = self._overlay.getchannel("A")
                under.paste(self._ov_rgb_img, (0, 0), self._ov_a_img)
            self._under_img = under

    # -- numpy backend -----------------------------------------------------------------------

    def _np_coords(self, p: _Paint) -> Tuple[Any, Any]:
        """Layer-space coordinates (points) of the box's pixel centres: (U, V), broadcastable."""
        np = self._np
        S = self._S
        x0, y0, x1, y1 = p.box
        a, b, c, d, tx, ty = p.m
        xs = (np.arange(x0, x1, dtype=np.float64) + 0.5) / S
        ys = (np.arange(y0, y1, dtype=np.float64) + 0.5) / S
        if p.axis:
            return ((xs - tx) / a)[None, :], ((ys - ty) / d)[:, None]
        det = a * d - b * c
        X = (xs - tx)[None, :]
        Y = (ys - ty)[:, None]
        return (d * X - c * Y) / det, (-b * X + a * Y) / det

    def _np_coverage(self, p: _Paint, U: Any, V: Any) -> Any:
        """A boolean mask (or a broadcastable pair of 1-d masks' product) of covered pixels."""
        np = self._np
        inside = (U >= 0.0) & (U < p.w) & (V >= 0.0) & (V < p.h)
        r = p.radius
        if r > 0.0:
            dx = np.maximum(np.maximum(r - U, U - (p.w - r)), 0.0)
            dy = np.maximum(np.maximum(r - V, V - (p.h - r)), 0.0)
            inside = inside & (dx * dx + dy * dy <= r * r)
        return inside

    def _np_gradient(self, p: _Paint, U: Any, V: Any) -> Tuple[Any, Any]:
        """Straight RGB (…, 3) and alpha (…) of the gradient over the layer colour."""
        np = self._np
        locations, colors, start, end = p.gradient  # type: ignore[misc]
        sx, sy = start[0] * p.w, start[1] * p.h
        dx, dy = end[0] * p.w - sx, end[1] * p.h - sy
        length2 = dx * dx + dy * dy
        if length2 <= 0.0:
            T = np.zeros((1, 1))
        elif dy == 0.0:
            T = (U - sx) * (dx / length2)
        elif dx == 0.0:
            T = (V - sy) * (dy / length2)
        else:
            T = ((U - sx) * dx + (V - sy) * dy) / length2
        xp = np.asarray(locations, dtype=np.float64)
        channels = [np.interp(T, xp, [col[k] for col in colors]) for k in range(4)]
        ga = channels[3]
        br, bgc, bb, ba = p.rgba
        if ba > 0.0 and float(np.min(ga)) < 1.0:
            k = ba * (1.0 - ga)
            alpha = ga + k
            safe = np.where(alpha > 0.0, alpha, 1.0)
            rgb = np.stack([(channels[0] * ga + br * k) / safe, (channels[1] * ga + bgc * k) / safe,
                            (channels[2] * ga + bb * k) / safe], axis=-1)
        else:
            alpha = ga
            rgb = np.stack(channels[:3], axis=-1)
        return rgb.astype(np.float32), alpha.astype(np.float32)

    def _render_numpy(self, paints: List[_Paint]) -> Any:
        np = self._np
        canvas = self._under.copy()
        for p in paints:
            x0, y0, x1, y1 = p.box
            U, V = self._np_coords(p)
            if p.axis and p.radius <= 0.0:
                # a plain rectangle: its covered pixels are a sub-box, drawn without a mask
                cols = np.flatnonzero((U[0] >= 0.0) & (U[0] < p.w))
                rows = np.flatnonzero((V[:, 0] >= 0.0) & (V[:, 0] < p.h))
                if not len(cols) or not len(rows):
                    continue
                c0, c1, r0, r1 = int(cols[0]), int(cols[-1]) + 1, int(rows[0]), int(rows[-1]) + 1
                U, V = U[:, c0:c1], V[r0:r1, :]
                x0, y0, x1, y1 = x0 + c0, y0 + r0, x0 + c1, y0 + r1
                inside = None
            else:
                inside = self._np_coverage(p, U, V)
                if not inside.any():
                    continue
            region = canvas[y0:y1, x0:x1]
            op = np.float32(p.opacity)
            if p.hole:
                weight = op if inside is None else inside * op
                self._np_blend(region, self._under[y0:y1, x0:x1], weight)
                continue
            if p.gradient is not None:
                rgb, alpha = self._np_gradient(p, U, V)
                weight = alpha * op
                if inside is not None:
                    weight = inside * weight
                self._np_blend(region, rgb, weight)
            else:
                rgb = np.asarray(p.rgba[:3], dtype=np.float32)
                wt = np.float32(p.rgba[3] * p.opacity)
                if inside is None:
                    if wt >= 1.0:
                        region[...] = rgb
                    else:
                        region += (rgb - region) * wt
                elif wt >= 1.0:
                    region[inside] = rgb
                else:
                    self._np_blend(region, rgb, inside * wt)
            if p.background and self._overlay is not None:
                weight = self._ov_a[y0:y1, x0:x1] * op
                if inside is not None:
                    weight = inside * weight
                self._np_blend(region, self._ov_rgb[y0:y1, x0:x1], weight)
        return self._finish_numpy(canvas)

    def _np_blend(self, region: Any, color: Any, weight: Any) -> None:
        """region += (color - region) * weight, in place; weight a scalar or 2-d (broadcast)."""
        np = self._np
        if np.ndim(weight) == 0:
            region += (color - region) * np.float32(weight)
            return
        weight = np.asarray(weight, dtype=np.float32)
        region += (color - region) * weight[..., None]

    def _finish_numpy(self, canvas: Any) -> Any:
        np = self._np
        ss = self.supersample
        w, h = self.size
        if ss > 1:  # a box filter: strided sums are much faster than mean over axes (1, 3)
            total = canvas[0::ss, 0::ss].copy()
            for dy in range(ss):
                for dx in range(ss):
                    if dx or dy:
                        total += canvas[dy::ss, dx::ss]
            canvas = total
            scale = np.float32(255.0 / (ss * ss))
        else:
            scale = np.float32(255.0)
        out = canvas * scale
        out += np.float32(0.5)
        np.floor(out, out=out)
        np.clip(out, 0, 255, out=out)
        return self._Image.fromarray(out.astype(np.uint8), "RGB")

    # -- Pillow backend ------------------------------------------------------------------------

    def _pil_spans(self, p: _Paint) -> List[Tuple[int, int, int]]:
        """Covered pixels of the box as row spans (row, first column, end column), in box
        coordinates: the same pixel-centre rule, in the same float64 arithmetic, as the
        numpy backend."""
        S = self._S
        x0, y0, x1, y1 = p.box
        a, b, c, d, tx, ty = p.m
        spans: List[Tuple[int, int, int]] = []
        if p.axis:
            us = [((i + 0.5) / S - tx) / a for i in range(x0, x1)]
            cols = [k for k, u in enumerate(us) if 0.0 <= u < p.w]
            if not cols:
                return spans
            c0, c1 = cols[0], cols[-1] + 1
            r = p.radius
            for row, j in enumerate(range(y0, y1)):
                v = ((j + 0.5) / S - ty) / d
                if not 0.0 <= v < p.h:
                    continue
                dy = max(r - v, v - (p.h - r), 0.0) if r > 0.0 else 0.0
                if dy <= 0.0:
                    spans.append((row, c0, c1))
                    continue

                def ok(k: int) -> bool:
                    u = us[k]
                    dx = max(r - u, u - (p.w - r), 0.0)
                    return dx * dx + dy * dy <= r * r

                first = c0
                while first < c1 and not ok(first):
                    first += 1
                end = c1
                while end > first and not ok(end - 1):
                    end -= 1
                if first < end:
                    spans.append((row, first, end))
            return spans
        # rotated or skewed: the covered columns of a row are an interval (the shape is
        # convex); find it from the affine bounds, then settle its ends with the exact test
        det = a * d - b * c
        nx = x1 - x0

        def inside(k: int, Y: float) -> bool:
            X = (x0 + k + 0.5) / S - tx
            u = (d * X - c * Y) / det
            v = (-b * X + a * Y) / det
            return 0.0 <= u < p.w and 0.0 <= v < p.h

        for row, j in enumerate(range(y0, y1)):
            Y = (j + 0.5) / S - ty
            lo, hi = -math.inf, math.inf
            # u(k) = (d * X(k) - c * Y) / det, X(k) = (x0 + k + 0.5) / S - tx; same for v
            for slope, base, limit in (
                (d / (S * det), (d * ((x0 + 0.5) / S - tx) - c * Y) / det, p.w),
                (-b / (S * det), (-b * ((x0 + 0.5) / S - tx) + a * Y) / det, p.h),
            ):
                if abs(slope) < 1e-15:
                    if not 0.0 <= base < limit:
                        lo, hi = 1.0, 0.0
                    continue
                k_a, k_b = (0.0 - base) / slope, (limit - base) / slope
                lo, hi = max(lo, min(k_a, k_b)), min(hi, max(k_a, k_b))
            if hi < lo:
                continue
            first = max(0, int(math.floor(lo)) - 1)
            end = min(nx, int(math.ceil(hi)) + 2)
            while first < end and not inside(first, Y):
                first += 1
            while end > first and not inside(end - 1, Y):
                end -= 1
            if first < end:
                spans.append((row, first, end))
        return spans

    def _pil_mask(self, p: _Paint, value: int) -> Optional[Any]:
        """An 'L' mask of the box: ``value`` where covered, 0 elsewhere."""
        Image = self._Image
        x0, y0, x1, y1 = p.box
        spans = self._pil_spans(p)
        if not spans or value <= 0:
            return None
        mask = Image.new("L", (x1 - x0, y1 - y0), 0)
        # merge runs of rows with the same span into one rectangle
        start = 0
        for k in range(1, len(spans) + 1):
            if k == len(spans) or spans[k][1:] != spans[start][1:] or spans[k][0] != spans[k - 1][0] + 1:
                row0, first, end = spans[start]
                mask.paste(value, (first, row0, end, spans[k - 1][0] + 1))
                start = k
        return mask

    def _pil_gradient(self, p: _Paint) -> Tuple[Any, Any]:
        """The gradient over the layer colour for the box: an RGB image and an 'L' alpha."""
        Image = self._Image
        S = self._S
        x0, y0, x1, y1 = p.box
        bw, bh = x1 - x0, y1 - y0
        a, b, c, d, tx, ty = p.m
        locations, colors, start, end = p.gradient  # type: ignore[misc]
        sx, sy = start[0] * p.w, start[1] * p.h
        dx, dy = end[0] * p.w - sx, end[1] * p.h - sy
        length2 = dx * dx + dy * dy

        def color_at(u: float, v: float) -> Tuple[int, int, int, int]:
            t = 0.0 if length2 <= 0.0 else ((u - sx) * dx + (v - sy) * dy) / length2
            r, g, bl, al = _over_background(_stop_color(p.gradient, t), p.rgba)  # type: ignore[arg-type]
            return (_to_byte(r), _to_byte(g), _to_byte(bl), _to_byte(al))

        det = a * d - b * c
        # t as a function of the device pixel: t = t0 + ti * i + tj * j (affine)
        along_x = p.axis and dy == 0.0
        along_y = p.axis and dx == 0.0
        if along_x or length2 <= 0.0:  # one colour per column
            row = [color_at(((i + 0.5) / S - tx) / a, 0.0) for i in range(x0, x1)]
            strip = Image.new("RGBA", (bw, 1))
            strip.putdata(row)
            image = strip.resize((bw, bh), Image.Resampling.NEAREST)
        elif along_y:  # one colour per row
            column = [color_at(0.0, ((j + 0.5) / S - ty) / d) for j in range(y0, y1)]
            strip = Image.new("RGBA", (1, bh))
            strip.putdata(column)
            image = strip.resize((bw, bh), Image.Resampling.NEAREST)
        else:  # oblique in device space: sample t finely along a strip and map it affinely
            def t_of(i: float, j: float) -> float:
                X, Y = i / S - tx, j / S - ty
                u, v = (d * X - c * Y) / det, (-b * X + a * Y) / det
                return ((u - sx) * dx + (v - sy) * dy) / length2

            corners = [t_of(x0 + ci, y0 + cj) for ci in (0.0, bw) for cj in (0.0, bh)]
            lo, hi = min(corners), max(corners)
            if hi - lo <= 1e-12:
                hi = lo + 1e-6
            n = 1024
            samples = []
            for k in range(n):
                t = lo + (k + 0.5) / n * (hi - lo)
                r, g, bl, al = _over_background(_stop_color(p.gradient, t), p.rgba)  # type: ignore[arg-type]
                samples.append((_to_byte(r), _to_byte(g), _to_byte(bl), _to_byte(al)))
            strip = Image.new("RGBA", (n, 1))
            strip.putdata(samples)
            # input x = (t(i, j) - lo) / (hi - lo) * n, with (i, j) the box pixel coordinate
            t00 = t_of(x0, y0)
            ti = t_of(x0 + 1, y0) - t00
            tj = t_of(x0, y0 + 1) - t00
            k = n / (hi - lo)
            data = (ti * k, tj * k, (t00 - lo) * k, 0.0, 0.0, 0.5)
            image = strip.transform((bw, bh), Image.Transform.AFFINE, data, resample=Image.Resampling.BILINEAR)
        return image.convert("RGB"), image.getchannel("A")

    def _render_pillow(self, paints: List[_Paint]) -> Any:
        Image, ImageChops = self._Image, self._ImageChops
        canvas = self._under_img.copy()
        for p in paints:
            x0, y0, x1, y1 = p.box
            box = (x0, y0, x1, y1)
            if p.hole:
                mask = self._pil_mask(p, _to_byte(p.opacity))
                if mask is not None:
                    canvas.paste(self._under_img.crop(box), box, mask)
                continue
            cover = self._pil_mask(p, 255)
            if cover is None:
                continue
            if p.gradient is not None:
                rgb, alpha = self._pil_gradient(p)
                weight = _to_byte(p.opacity)
                mask = ImageChops.multiply(cover, alpha)
                if weight < 255:
                    mask = mask.point(lambda v, w=weight: (v * w + 127) // 255)
                canvas.paste(rgb, box, mask)
            elif p.rgba[3] > 0.0:
                weight = _to_byte(p.rgba[3] * p.opacity)
                color = tuple(_to_byte(v) for v in p.rgba[:3])
                if weight >= 255:
                    canvas.paste(color, box, cover)
                elif weight > 0:
                    canvas.paste(color, box, cover.point(lambda v, w=weight: w if v else 0))
            if p.background and self._overlay is not None:
                mask = ImageChops.multiply(cover, self._ov_a_img.crop(box))
                weight = _to_byte(p.opacity)
                if weight < 255:
                    mask = mask.point(lambda v, w=weight: (v * w + 127) // 255)
                canvas.paste(self._ov_rgb_img.crop(box), box, mask)
        if self.supersample > 1:
            canvas = canvas.reduce(self.supersample)
        return canvas
