"""ghostframe.draw.skia: the preview's painter (render.painter.CanvasPainter) on a host's canvas."""

from __future__ import annotations

import math
from typing import Any, Optional, Sequence, Tuple

from ..errors import invalid_argument
from ..render.painter import CanvasPainter
from ._plan import paints_for


def draw_skia(canvas: Any, states: Any, *, scale: float, holes: Optional[Sequence[float]],
              background: Tuple[int, int, int], antialias: bool, size: Optional[Tuple[int, int]]) -> None:
    if isinstance(scale, bool) or not (isinstance(scale, (int, float)) and math.isfinite(scale) and scale > 0):
        raise invalid_argument(f"scale must be a finite number > 0, got {scale!r}")
    if size is None:
        bounds = canvas.getDeviceClipBounds()
        size = (max(0, int(bounds.right())), max(0, int(bounds.bottom())))
    painter = CanvasPainter(canvas, float(scale), tuple(background), antialias)  # type: ignore[arg-type]
    painter.draw(paints_for(states, size, float(scale), holes))
