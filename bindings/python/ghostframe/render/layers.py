"""What to paint for one frame: a scene's sampled layers as :class:`LayerPaint` records, in
drawing order, with the clip each one gets. Pure Python; the painter (painter.py) draws them.
"""

from __future__ import annotations

import math
from typing import Any, List, Optional, Sequence, Tuple

from .. import _native

_HIDDEN = _native.GF_LAYER_HIDDEN
_GRADIENT = _native.GF_LAYER_HAS_GRADIENT
_EPS = 1e-9

#: ``(left, top, right, bottom)`` in device pixels.
Box = Tuple[float, float, float, float]
#: ``(locations, straight RGBA colours, start, end)``, start and end in the layer's unit space.
Gradient = Tuple[List[float], List[Tuple[float, float, float, float]], Tuple[float, float], Tuple[float, float]]


class LayerPaint:
    """One visible layer: its geometry in root points, its fill and its role."""

    __slots__ = ("index", "w", "h", "m", "axis", "radius", "opacity", "rgba", "gradient", "hole", "background", "clip")

    def __init__(self) -> None:
        self.index = 0
        #: The layer's size in its own space.
        self.w = self.h = 0.0
        #: ``(a, b, c, d, tx, ty)``: layer space -> root points.
        self.m: Tuple[float, ...] = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
        #: Whether the transform keeps the axes (no rotation or skew): then the corners are rounded.
        self.axis = True
        self.radius = 0.0
        self.opacity = 1.0
        self.rgba: Tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
        self.gradient: Optional[Gradient] = None
        #: A kept bone: the real layout shows through instead of a fill.
        self.hole = False
        #: A skeleton background (the root, a list section): the layout shows over its fill.
        self.background = False
        #: The clip of the enclosing list sections, or None.
        self.clip: Optional[Box] = None


def gradient_of(state: Any) -> Optional[Gradient]:
    """The layer's gradient (stops made non-decreasing), or None."""
    count = int(state[3])
    if not (int(state[2]) & _GRADIENT) or count < 1:
        return None
    n = min(count, 4)
    locations = [float(x) for x in state[20][:n]]
    for i in range(1, n):  # stops must not go backwards
        if locations[i] < locations[i - 1]:
            locations[i] = locations[i - 1]
    colors = [tuple(float(c) for c in state[21][4 * i: 4 * i + 4]) for i in range(n)]
    return (locations, colors, (float(state[16]), float(state[17])), (float(state[18]), float(state[19])))  # type: ignore[return-value]


def stop_color(gradient: Gradient, t: float) -> Tuple[float, float, float, float]:
    """The gradient's straight RGBA at position ``t`` (ends extended)."""
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


def drawing_order(states: Sequence[Any]) -> List[int]:
    """Core Animation's order: depth first, parents before children, siblings by ``z_position``
    (stable, so equal ones keep the scene's order)."""
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


def _intersect(a: Optional[Box], b: Box) -> Box:
    if a is None:
        return b
    return (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))


def layer_paints(states: Sequence[Any], holes: Sequence[float], scale: float, size: Tuple[int, int],
                 is_container: Sequence[bool], is_background: Sequence[bool]) -> List[LayerPaint]:
    """The layers to paint, in order. Skipped: hidden layers and their subtrees, layers of no
    area or a singular transform, fully transparent or clipped-away ones. ``scale``: pixels per
    point; ``size``: the image in pixels. A container's device bounds clip its descendants."""
    n = len(states)
    width, height = size
    hidden = [False] * n
    child_clip: List[Optional[Box]] = [None] * n
    paints: List[LayerPaint] = []
    for i in drawing_order(states):
        s = states[i]
        parent = int(s[1])
        has_parent = 0 <= parent < n and parent != i
        clip = child_clip[parent] if has_parent else None
        child_clip[i] = clip
        hidden[i] = bool(int(s[2]) & _HIDDEN) or (has_parent and hidden[parent])
        if hidden[i]:
            continue
        w, h = float(s[6]), float(s[7])
        a, b, c, d, tx, ty = (float(v) for v in s[14])
        xs = (tx, tx + a * w, tx + c * h, tx + a * w + c * h)
        ys = (ty, ty + b * w, ty + d * h, ty + b * w + d * h)
        if not all(math.isfinite(v) for v in xs + ys):
            continue
        bounds = (min(xs) * scale, min(ys) * scale, max(xs) * scale, max(ys) * scale)
        if i < len(is_container) and is_container[i]:
            child_clip[i] = _intersect(clip, bounds)
        visible = _intersect(clip, bounds)
        visible = _intersect((0.0, 0.0, float(width), float(height)), visible)
        if visible[2] <= visible[0] or visible[3] <= visible[1]:
            continue
        if w <= 0 or h <= 0 or abs(a * d - b * c) < _EPS:
            continue
        opacity = min(1.0, max(0.0, float(s[13])))
        if opacity <= 0.0:
            continue
        p = LayerPaint()
        p.index = i
        p.w, p.h = w, h
        p.m = (a, b, c, d, tx, ty)
        p.axis = abs(b) < _EPS and abs(c) < _EPS
        p.radius = max(0.0, min(float(s[8]), w / 2, h / 2)) if p.axis else 0.0
        p.opacity = opacity
        p.rgba = (float(s[9]), float(s[10]), float(s[11]), min(1.0, max(0.0, float(s[12]))))
        p.gradient = gradient_of(s)
        p.hole = i < len(holes) and float(holes[i]) == 1.0
        if not p.hole and p.gradient is None and p.rgba[3] <= 0.0:
            continue
        p.background = (i < len(is_background) and is_background[i]) and not p.hole
        p.clip = clip
        paints.append(p)
    return paints
