"""Exports: a scene written as a Lottie animation, an HTML page or an SVG (gf_scene_export).

Use the scene's methods: :meth:`Scene.to_lottie`, :meth:`Scene.to_html`, :meth:`Scene.to_svg`
return the document as text; :meth:`Scene.export` returns an :class:`ExportResult` with the
text and what the export did (how many properties were baked or approximated, the largest error
that introduced). docs/exports.md says what each format states exactly, what is approximated and
what is baked.

>>> import ghostframe as gf
>>> scene = gf.Scene()
>>> _ = scene.add_layer("box", frame=(0, 0, 40, 20), background_color="#3F51B5")
>>> '"ty":4' in scene.to_lottie()
True
>>> scene.to_svg().startswith("<svg")
True
"""

from __future__ import annotations

import math
from ctypes import byref, c_size_t, create_string_buffer, sizeof
from dataclasses import dataclass
from typing import Any, Optional

from . import _native
from ._native import gf_export_params, gf_export_report, lib
from .errors import BufferTooSmallError, argument_type_error, invalid_argument

__all__ = ["ExportResult", "FORMATS"]

#: The format names :meth:`Scene.export` takes, and their GF_EXPORT_* values.
FORMATS = {"lottie": _native.GF_EXPORT_LOTTIE, "html": _native.GF_EXPORT_HTML, "svg": _native.GF_EXPORT_SVG}


@dataclass(frozen=True)
class ExportResult:
    """A written document and what the export did."""

    text: str
    """The document."""
    format: str
    """``"lottie"``, ``"html"`` or ``"svg"``."""
    duration: float
    """The seconds it covers from scene time 0."""
    fps: float
    """The frame rate (Lottie's, and the rate of baking)."""
    loops: bool
    """True when the document repeats forever (an effect cycle); False when it plays once and holds."""
    baked_properties: int
    """Animated properties sampled at ``fps`` (linear between samples), or approximated (a spring,
    Penner or host curve as a point list within 0.1 % of its change)."""
    exact_properties: int
    """Animated properties written with the scene's own keyframes and curves."""
    max_error: float
    """The largest error baking (halfway between samples) or approximating (its stated bound or
    what was measured, the larger) introduced: points, degrees, percent of scale, 8-bit levels
    (0-255) of colour and opacity; 0.0 when nothing was baked or approximated."""


def _number(value: Any, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise argument_type_error(f"{name} must be a number, not {type(value).__name__}")
    return float(value)


#: Room a first export call gets per layer: documents measured 540-1,050 bytes a layer (HTML and
#: Lottie, skeletons and 10,000 animated layers), so one call usually suffices; a larger document
#: is told its size by that call and exported again.
_BYTES_PER_LAYER = 2048


def _first_capacity(handle: Any, max_bytes: int) -> int:
    """The buffer of the first gf_scene_export call: 64 KB plus room for every layer, at most
    ``max_bytes`` + 1 (an export sized beyond that fails anyway)."""
    count = c_size_t()
    lib.gf_scene_layer_count(handle, byref(count))
    return min((1 << 16) + count.value * _BYTES_PER_LAYER, max(int(max_bytes), 1 << 16) + 1)


def export_scene(handle: Any, format: str, duration: Optional[float], fps: float,
                 max_bytes: Optional[int]) -> ExportResult:
    """Runs gf_scene_export on ``handle`` (a scene's, its lock held by the caller)."""
    if not isinstance(format, str):
        raise argument_type_error(f"format must be a str, not {type(format).__name__}")
    if format not in FORMATS:
        raise invalid_argument(f"format must be one of {', '.join(sorted(FORMATS))} (got {format!r})")
    params = gf_export_params()
    lib.gf_export_params_init(byref(params))
    params.format = FORMATS[format]
    if duration is not None:
        seconds = _number(duration, "duration")
        if not (math.isfinite(seconds) and seconds > 0):
            raise invalid_argument(f"duration must be a number of seconds > 0, or None (got {duration!r})")
        params.duration = seconds
    rate = _number(fps, "fps")
    if not (math.isfinite(rate) and rate > 0):
        raise invalid_argument(f"fps must be a number > 0 (got {fps!r})")
    params.fps = rate
    if max_bytes is not None:
        if isinstance(max_bytes, bool) or not isinstance(max_bytes, int):
            raise argument_type_error(f"max_bytes must be an int, not {type(max_bytes).__name__}")
        if not 1 <= max_bytes <= _native.GF_MAX_EXPORT_BYTES:
            raise invalid_argument(f"max_bytes must be in 1...{_native.GF_MAX_EXPORT_BYTES} (got {max_bytes})")
        params.max_bytes = max_bytes
    report = gf_export_report()
    lib.gf_export_report_init(byref(report))
    length = c_size_t()
    capacity = _first_capacity(handle, params.max_bytes)
    while True:
        buffer = create_string_buffer(capacity)
        try:
            lib.gf_scene_export(handle, byref(params), buffer, capacity, byref(length), byref(report))
        except BufferTooSmallError:
            capacity = length.value + 1
            continue
        break
    text = buffer.raw[: length.value].decode("utf-8")
    return ExportResult(text=text, format=format, duration=report.duration, fps=report.fps, loops=bool(report.loops),
                        baked_properties=report.baked_properties, exact_properties=report.exact_properties,
                        max_error=report.max_error)
