"""ghostframe.draw.qpainter: a sampled frame through an active QPainter (PySide6)."""

from __future__ import annotations

from typing import Any, Optional, Sequence, Tuple

from ..errors import GF_E_NOT_FOUND, MissingDependencyError, invalid_argument
from ..render.layers import LayerPaint
from ._plan import paints_for


def _qt() -> Tuple[Any, Any]:
    try:
        from PySide6 import QtCore, QtGui
    except ImportError:
        raise MissingDependencyError(
            GF_E_NOT_FOUND, "ghostframe.draw.qpainter needs PySide6: pip install PySide6 (or 'ghostframe[qt]')"
        ) from None
    return QtCore, QtGui


def draw_qpainter(painter: Any, states: Any, *, scale: float, holes: Optional[Sequence[float]],
                  background: Tuple[int, int, int], antialias: bool, size: Optional[Tuple[int, int]]) -> None:
    QtCore, QtGui = _qt()
    if isinstance(scale, bool) or not isinstance(scale, (int, float)) or not scale > 0 or scale == float("inf"):
        raise invalid_argument(f"scale must be a finite number > 0, got {scale!r}")
    if size is None:
        device = painter.device()
        size = (device.width(), device.height())
    paints = paints_for(states, size, float(scale), holes)
    hole = QtGui.QColor(*background)
    painter.save()
    try:
        painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing, antialias)
        painter.setPen(QtCore.Qt.PenStyle.NoPen)
        base = painter.transform()
        for p in paints:
            _layer(QtCore, QtGui, painter, p, float(scale), base, hole)
    finally:
        painter.restore()


def _color(QtGui: Any, rgba: Tuple[float, ...]) -> Any:
    return QtGui.QColor.fromRgbF(*(min(max(float(v), 0.0), 1.0) for v in rgba))


def _layer(QtCore: Any, QtGui: Any, painter: Any, p: LayerPaint, s: float, base: Any, hole: Any) -> None:
    a, b, c, d, tx, ty = p.m
    painter.setTransform(base)
    if p.clip is not None:
        left, top, right, bottom = p.clip
        painter.setClipRect(QtCore.QRectF(left, top, right - left, bottom - top))
    else:
        painter.setClipping(False)
    painter.setTransform(QtGui.QTransform(a * s, b * s, c * s, d * s, tx * s, ty * s) * base)
    painter.setOpacity(p.opacity)
    rect = QtCore.QRectF(0, 0, p.w, p.h)

    def fill(brush: Any) -> None:
        if p.radius > 0:
            painter.setBrush(brush)
            painter.drawRoundedRect(rect, p.radius, p.radius)
        else:
            painter.fillRect(rect, brush)

    if p.hole:
        fill(QtGui.QBrush(hole))
        return
    if p.gradient is None:
        if p.rgba[3] > 0.0:
            fill(QtGui.QBrush(_color(QtGui, p.rgba)))
        return
    # The gradient over the layer's colour as one brush (each stop composited over the colour),
    # so the layer fades as one, as the preview's saveLayer does.
    locations, colors, start, end = p.gradient
    stops = [_over(color, p.rgba) for color in colors]
    if start == end:
        fill(QtGui.QBrush(_color(QtGui, stops[0])))
        return
    gradient = QtGui.QLinearGradient(start[0] * p.w, start[1] * p.h, end[0] * p.w, end[1] * p.h)
    gradient.setSpread(QtGui.QGradient.Spread.PadSpread)
    # One setStops call (PySide6 6.12 on Python 3.11 miscounts None's references across many
    # setColorAt calls and aborts after a few thousand).
    gradient.setStops([(min(max(float(location), 0.0), 1.0), _color(QtGui, color))
                       for location, color in zip(locations, stops)])
    fill(QtGui.QBrush(gradient))


def _over(top: Tuple[float, ...], below: Tuple[float, ...]) -> Tuple[float, float, float, float]:
    """Straight RGBA ``top`` over straight RGBA ``below``."""
    ta, ba = top[3], below[3]
    alpha = ta + ba * (1.0 - ta)
    if alpha <= 0.0:
        return (0.0, 0.0, 0.0, 0.0)
    k = ba * (1.0 - ta)
    return ((top[0] * ta + below[0] * k) / alpha, (top[1] * ta + below[1] * k) / alpha,
            (top[2] * ta + below[2] * k) / alpha, alpha)
