"""ghostframe.draw.pygame: a sampled frame in pygame's own primitives.

Solid layers are ``pygame.draw.rect(..., border_radius=)`` straight onto the target (through a
cached per-size SRCALPHA surface when translucent). A gradient along one axis (the shimmer) is a
256-pixel strip of the gradient composited over the layer's colour, cached per gradient and
colour, scaled to the band's width between the two end colours; a rounded layer takes a cached
mask (``BLEND_RGBA_MULT``). A gradient at another angle is computed per pixel with numpy.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple

from ..errors import GF_E_NOT_FOUND, MissingDependencyError, invalid_argument
from ..render.layers import Gradient, LayerPaint, stop_color
from ._plan import paints_for

_STRIP = 256
_strips: Dict[Any, Any] = {}
_masks: Dict[Tuple[int, int, int], Any] = {}
_LIMIT = 512  # entries per cache before it is emptied


def _pygame() -> Any:
    try:
        import pygame
    except ImportError:
        raise MissingDependencyError(
            GF_E_NOT_FOUND, "ghostframe.draw.pygame needs pygame: pip install pygame (or 'ghostframe[pygame]')"
        ) from None
    return pygame


def _byte(v: float) -> int:
    b = int(v * 255.0 + 0.5)
    return 0 if b < 0 else 255 if b > 255 else b


def _over(top: Tuple[float, ...], below: Tuple[float, ...]) -> Tuple[float, float, float, float]:
    """Straight RGBA ``top`` over straight RGBA ``below``."""
    ta, ba = top[3], below[3]
    a = ta + ba * (1.0 - ta)
    if a <= 0.0:
        return (0.0, 0.0, 0.0, 0.0)
    k = ba * (1.0 - ta)
    return ((top[0] * ta + below[0] * k) / a, (top[1] * ta + below[1] * k) / a, (top[2] * ta + below[2] * k) / a, a)


def _rgba(c: Tuple[float, ...]) -> Tuple[int, int, int, int]:
    return (_byte(c[0]), _byte(c[1]), _byte(c[2]), _byte(c[3]))


def _strip(pg: Any, gradient: Gradient, below: Tuple[float, ...]) -> Any:
    """The gradient over ``below`` at t = (k + 0.5) / 256, k = 0..255: a 256 x 1 surface."""
    key = (tuple(gradient[0]), tuple(gradient[1]), below)
    strip = _strips.get(key)
    if strip is None:
        if len(_strips) > _LIMIT:
            _strips.clear()
        strip = pg.Surface((_STRIP, 1), pg.SRCALPHA)
        for k in range(_STRIP):
            strip.set_at((k, 0), _rgba(_over(stop_color(gradient, (k + 0.5) / _STRIP), below)))
        _strips[key] = strip
    return strip


def _mask(pg: Any, w: int, h: int, r: int) -> Any:
    key = (w, h, r)
    mask = _masks.get(key)
    if mask is None:
        if len(_masks) > _LIMIT:
            _masks.clear()
        mask = pg.Surface((w, h), pg.SRCALPHA)
        mask.fill((255, 255, 255, 0))
        pg.draw.rect(mask, (255, 255, 255, 255), pg.Rect(0, 0, w, h), border_radius=r)
        _masks[key] = mask
    return mask


def _scratch(pg: Any, w: int, h: int) -> Any:
    """A cached SRCALPHA surface of this size (its pixels are the caller's to overwrite)."""
    key = (w, h, -1)
    box = _masks.get(key)
    if box is None:
        if len(_masks) > _LIMIT:
            _masks.clear()
        box = pg.Surface((w, h), pg.SRCALPHA)
        _masks[key] = box
    box.set_alpha(255)  # not None: that turns the per-pixel alpha's blending off
    return box


def _gradient_surface(pg: Any, p: LayerPaint, rect: Any, g0: Tuple[float, float], g1: Tuple[float, float],
                      out: Any = None) -> Any:
    """The layer's box (rect's size) filled with its gradient over its colour, before any mask:
    into a cached scratch surface, or straight onto ``out`` at ``rect`` (an opaque, square layer)."""
    gradient: Gradient = p.gradient  # type: ignore[assignment]
    w, h = rect.width, rect.height
    below = p.rgba
    direct = out is not None
    ox, oy = (rect.x, rect.y) if direct else (0, 0)
    if out is None:
        out = _scratch(pg, w, h)
        out.fill((0, 0, 0, 0))
    dx, dy = g1[0] - g0[0], g1[1] - g0[1]
    first = _rgba(_over(stop_color(gradient, -1.0), below))
    last = _rgba(_over(stop_color(gradient, 2.0), below))
    if abs(dy) < 1e-9 and abs(dx) > 1e-9 or abs(dx) < 1e-9 and abs(dy) > 1e-9:
        horizontal = abs(dy) < 1e-9
        a, b = (g0[0] - rect.x, g1[0] - rect.x) if horizontal else (g0[1] - rect.y, g1[1] - rect.y)
        strip = _strip(pg, gradient, below)
        if b < a:  # the gradient runs backwards along the axis
            a, b = b, a
            first, last = last, first
            strip = pg.transform.flip(strip, True, False)
        extent = w if horizontal else h
        ia, ib = int(round(a)), int(round(b))
        if ia > 0:
            n = min(ia, extent)
            out.fill(first, pg.Rect(ox, oy, n, h) if horizontal else pg.Rect(ox, oy, w, n))
        if ib < extent:
            start = max(ib, 0)
            n = extent - start
            out.fill(last, pg.Rect(ox + start, oy, n, h) if horizontal else pg.Rect(ox, oy + start, w, n))
        lo, hi = max(ia, 0), min(ib, extent)
        if hi > lo and ib > ia:
            # Only the visible part of the band: its share of the strip, scaled to the pixels.
            k0 = int((lo - ia) * _STRIP / (ib - ia))
            k1 = max(k0 + 1, int(round((hi - ia) * _STRIP / (ib - ia))))
            piece = strip.subsurface(pg.Rect(k0, 0, min(k1, _STRIP) - k0, 1))
            if not horizontal:
                piece = pg.transform.rotate(piece, -90)
                piece = pg.transform.flip(piece, True, False)
            size = (hi - lo, h) if horizontal else (w, hi - lo)
            # Into the cleared scratch its pixels are copied (MAX over 0), not blended.
            out.blit(pg.transform.scale(piece, size), (ox + lo, oy) if horizontal else (ox, oy + lo),
                     special_flags=0 if direct else pg.BLEND_RGBA_MAX)
        return out
    if direct:  # straight onto the target: not for a gradient at an angle
        return None
    return _gradient_pixels(pg, p, rect, g0, g1, out, first)


def _gradient_pixels(pg: Any, p: LayerPaint, rect: Any, g0: Tuple[float, float], g1: Tuple[float, float],
                     out: Any, fallback: Tuple[int, int, int, int]) -> Any:
    """A gradient at an angle: each pixel's colour with numpy (or one colour without numpy)."""
    try:
        import numpy as np
    except ImportError:
        out.fill(fallback)
        return out
    gradient: Gradient = p.gradient  # type: ignore[assignment]
    dx, dy = g1[0] - g0[0], g1[1] - g0[1]
    length2 = dx * dx + dy * dy
    xs = np.arange(rect.width, dtype=np.float64) + rect.x + 0.5 - g0[0]
    ys = np.arange(rect.height, dtype=np.float64) + rect.y + 0.5 - g0[1]
    t = (xs[:, None] * dx + ys[None, :] * dy) / length2 if length2 > 0 else np.zeros((rect.width, rect.height))
    loc = np.maximum.accumulate(np.asarray(gradient[0], dtype=np.float64))
    col = np.asarray(gradient[1], dtype=np.float64)
    c = np.stack([np.interp(t, loc, col[:, k]) for k in range(4)], axis=-1)
    below = np.asarray(p.rgba, dtype=np.float64)
    a = c[..., 3:4] + below[3] * (1 - c[..., 3:4])
    rgb = (c[..., :3] * c[..., 3:4] + below[:3] * below[3] * (1 - c[..., 3:4])) / np.maximum(a, 1e-12)
    pixels = np.concatenate([rgb, a], axis=-1) * 255.0 + 0.5
    data = np.ascontiguousarray(np.clip(pixels, 0, 255).astype(np.uint8).transpose(1, 0, 2))
    return pg.image.frombuffer(data.tobytes(), (rect.width, rect.height), "RGBA")


def draw_pygame(surface: Any, states: Any, *, scale: float, holes: Optional[Sequence[float]],
                background: Tuple[int, int, int]) -> None:
    pg = _pygame()
    if isinstance(scale, bool) or not isinstance(scale, (int, float)) or not scale > 0 or scale == float("inf"):
        raise invalid_argument(f"scale must be a finite number > 0, got {scale!r}")
    size = surface.get_size()
    paints: List[LayerPaint] = paints_for(states, size, float(scale), holes)
    saved = surface.get_clip()
    hole_color = tuple(v / 255.0 for v in background) + (1.0,)
    try:
        for p in paints:
            _layer(pg, surface, p, float(scale), saved, hole_color)
    finally:
        surface.set_clip(saved)


def _layer(pg: Any, surface: Any, p: LayerPaint, s: float, saved: Any, hole_color: Tuple[float, ...]) -> None:
    a, b, c, d, tx, ty = p.m
    if p.clip is not None:
        left, top, right, bottom = (int(round(v)) for v in p.clip)
        surface.set_clip(saved.clip(pg.Rect(left, top, right - left, bottom - top)))
    else:
        surface.set_clip(saved)
    if not p.axis:  # rotated or skewed: the quadrilateral, flat
        corners = [(tx, ty), (tx + a * p.w, ty + b * p.w), (tx + a * p.w + c * p.h, ty + b * p.w + d * p.h),
                   (tx + c * p.h, ty + d * p.h)]
        color = hole_color if p.hole else (_over(stop_color(p.gradient, 0.5), p.rgba) if p.gradient else p.rgba)
        _fill_polygon(pg, surface, [(x * s, y * s) for x, y in corners], color, p.opacity)
        return
    x0, x1 = sorted((tx * s, (tx + a * p.w) * s))
    y0, y1 = sorted((ty * s, (ty + d * p.h) * s))
    left, top = int(round(x0)), int(round(y0))
    rect = pg.Rect(left, top, int(round(x1)) - left, int(round(y1)) - top)
    if rect.width <= 0 or rect.height <= 0:
        return
    radius = int(round(p.radius * s * min(abs(a), abs(d))))
    radius = min(radius, rect.width // 2, rect.height // 2)
    if p.gradient is not None and not p.hole:
        g0 = ((tx + p.gradient[2][0] * a * p.w) * s, (ty + p.gradient[2][1] * d * p.h) * s)
        g1 = ((tx + p.gradient[3][0] * a * p.w) * s, (ty + p.gradient[3][1] * d * p.h) * s)
        if radius == 0 and p.opacity >= 1.0 and p.rgba[3] >= 1.0 and all(c[3] >= 1.0 for c in p.gradient[1]):
            # Opaque and square: the strip's pieces go straight onto the target.
            if _gradient_surface(pg, p, rect, g0, g1, out=surface) is not None:
                return
        box = _gradient_surface(pg, p, rect, g0, g1)
        if radius > 0:
            box.blit(_mask(pg, rect.width, rect.height, radius), (0, 0), special_flags=pg.BLEND_RGBA_MULT)
        if p.opacity < 1.0:
            box.set_alpha(_byte(p.opacity))
        surface.blit(box, rect.topleft)
        return
    color = hole_color if p.hole else p.rgba
    alpha = color[3] * p.opacity
    if alpha <= 0.0:
        return
    rgb = (_byte(color[0]), _byte(color[1]), _byte(color[2]))
    if alpha >= 1.0:
        if radius > 0:
            pg.draw.rect(surface, rgb, rect, border_radius=radius)
        else:  # a plain rectangle: Surface.fill, several times faster than draw.rect on large areas
            surface.fill(rgb, rect)
        return
    box = pg.Surface(rect.size, pg.SRCALPHA)
    pg.draw.rect(box, rgb + (_byte(alpha),), pg.Rect(0, 0, rect.width, rect.height), border_radius=radius)
    surface.blit(box, rect.topleft)


def _fill_polygon(pg: Any, surface: Any, points: List[Tuple[float, float]], color: Tuple[float, ...],
                  opacity: float) -> None:
    alpha = color[3] * opacity
    if alpha <= 0.0:
        return
    rgb = (_byte(color[0]), _byte(color[1]), _byte(color[2]))
    if alpha >= 1.0:
        pg.draw.polygon(surface, rgb, points)
        return
    xs, ys = [x for x, _ in points], [y for _, y in points]
    left, top = int(min(xs)), int(min(ys))
    box = pg.Surface((int(max(xs)) - left + 1, int(max(ys)) - top + 1), pg.SRCALPHA)
    pg.draw.polygon(box, rgb + (_byte(alpha),), [(x - left, y - top) for x, y in points])
    surface.blit(box, (left, top))
