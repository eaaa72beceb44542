"""Paints a frame's layers with Skia into an RGB image: fills, rounded corners, transforms,
gradients, holes onto the layout, list clipping and contents (placeholder images or a glyph).

The surface is 8-bit BGRA premultiplied over a buffer the painter owns, reused for every
frame; Pillow reads it once per frame (``frombuffer``, no numpy needed).
"""

from __future__ import annotations

import os
import struct
from typing import Any, Dict, Optional, Sequence, Tuple

from .. import _native
from ._backend import load_pillow, load_skia
from .layers import Gradient, LayerPaint, stop_color

RGB = Tuple[int, int, int]

#: The gradient for hosts without numpy (skia-python's GradientShader converts its arguments through
#: numpy): the same rule in SkSL - stops interpolated in straight colour, ends extended, drawn over
#: the layer's colour - about 5 times slower to draw than Skia's own gradient.
_GRADIENT_SKSL = """
uniform float2 p0;
uniform float2 d;
uniform float invLength2;
uniform float count;
uniform float4 loc;
uniform float4 c0;
uniform float4 c1;
uniform float4 c2;
uniform float4 c3;
uniform float4 below;

half4 main(float2 xy) {
  float t = dot(xy - p0, d) * invLength2;
  float4 c = c0;
  if (count > 1.5 && t > loc.x) { c = t >= loc.y ? c1 : mix(c0, c1, (t - loc.x) / (loc.y - loc.x)); }
  if (count > 2.5 && t > loc.y) { c = t >= loc.z ? c2 : mix(c1, c2, (t - loc.y) / (loc.z - loc.y)); }
  if (count > 3.5 && t > loc.z) { c = t >= loc.w ? c3 : mix(c2, c3, (t - loc.z) / (loc.w - loc.z)); }
  float k = below.a * (1 - c.a);
  return half4(c.rgb * c.a + below.rgb * k, c.a + k);
}
"""
_runtime_gradient: Any = None


def _numpy_importable() -> bool:
    try:
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True
_HIDDEN = _native.GF_LAYER_HIDDEN
_CONTENTS = _native.GF_LAYER_HAS_CONTENTS


def to_byte(value: float) -> int:
    """``floor(v * 255 + 0.5)`` clamped to 0...255."""
    v = int(value * 255.0 + 0.5) if value >= 0 else 0
    return 255 if v > 255 else v


def _over(top: Tuple[float, ...], below: Tuple[float, ...]) -> Tuple[float, float, float, float]:
    """Straight RGBA ``top`` composited over straight RGBA ``below``."""
    ta, ba = top[3], below[3]
    a = ta + ba * (1.0 - ta)
    if a <= 0.0:
        return (0.0, 0.0, 0.0, 0.0)
    k = ba * (1.0 - ta)
    return ((top[0] * ta + below[0] * k) / a, (top[1] * ta + below[1] * k) / a, (top[2] * ta + below[2] * k) / a, a)


class CanvasPainter:
    """Draws :class:`~.layers.LayerPaint` records onto a Skia canvas it is given: the drawing
    rules shared by the preview (:class:`FramePainter`) and ``ghostframe.draw.skia``. Holes
    show ``underlay`` (a skia Image, device-sized) when given, else ``background``."""

    def __init__(self, canvas: Any, scale: float, background: RGB, antialias: bool,
                 underlay: Any = None, overlay: Any = None) -> None:
        self.skia = skia = load_skia()
        self.scale = scale
        self.antialias = antialias
        self.background = background
        self.underlay = underlay
        self.overlay = overlay
        self._canvas = canvas
        # Paints are reused: one for plain fills, one for drawing the layout images.
        self._solid = skia.Paint(AntiAlias=antialias)
        self._blit = skia.Paint(AntiAlias=antialias)
        #: Whether Skia's own gradients can be used (see _GRADIENT_SKSL).
        self.native_gradients = _numpy_importable()

    def draw(self, paints: Sequence[LayerPaint]) -> None:
        """Draws the layers in order onto the canvas (nothing is cleared first)."""
        for p in paints:
            self._layer(p)

    def _layer(self, p: LayerPaint) -> None:
        skia, canvas, aa = self.skia, self._canvas, self.antialias
        canvas.save()
        if p.clip is not None:
            canvas.clipRect(skia.Rect.MakeLTRB(*p.clip), aa)
        a, b, c, d, tx, ty = p.m
        s = self.scale
        canvas.concat(skia.Matrix.MakeAll(a * s, c * s, tx * s, b * s, d * s, ty * s, 0, 0, 1))
        rect = skia.Rect.MakeWH(p.w, p.h)
        shape = skia.RRect.MakeRectXY(rect, p.radius, p.radius) if p.radius > 0 else None
        if p.hole:
            if self.underlay is None:
                self._fill(shape, rect, (*(v / 255.0 for v in self.background), p.opacity))
            else:
                self._image(self.underlay, shape, rect, p.opacity)
            canvas.restore()
            return
        if p.gradient is not None:
            self._gradient(p, shape, rect)
        elif p.rgba[3] > 0.0:
            self._fill(shape, rect, (p.rgba[0], p.rgba[1], p.rgba[2], p.rgba[3] * p.opacity))
        if p.background and self.overlay is not None:
            self._image(self.overlay, shape, rect, p.opacity)
        canvas.restore()

    def _image(self, image: Any, shape: Any, rect: Any, opacity: float) -> None:
        """``image`` (device-sized) inside the layer's shape, × ``opacity``."""
        self._clip(shape, rect)
        self._canvas.resetMatrix()  # the clip stays; the image is in device pixels
        self._blit.setAlphaf(opacity)
        self._canvas.drawImage(image, 0, 0, self.skia.SamplingOptions(), self._blit)

    def _clip(self, shape: Any, rect: Any) -> None:
        if shape is not None:
            self._canvas.clipRRect(shape, self.antialias)
        else:
            self._canvas.clipRect(rect, self.antialias)

    def _fill(self, shape: Any, rect: Any, rgba: Tuple[float, ...]) -> None:
        paint = self._solid
        paint.setColor4f(self.skia.Color4f(*rgba))
        if shape is not None:
            self._canvas.drawRRect(shape, paint)
        else:
            self._canvas.drawRect(rect, paint)

    def _gradient(self, p: LayerPaint, shape: Any, rect: Any) -> None:
        """The gradient over the layer's own colour, the two composited first and then
        blended with the opacity (as one layer would be)."""
        skia, canvas = self.skia, self._canvas
        gradient: Gradient = p.gradient  # type: ignore[assignment]
        if not self.native_gradients:
            paint = skia.Paint(AntiAlias=self.antialias, Shader=self._runtime_shader(gradient, p.w, p.h, p.rgba))
            paint.setAlphaf(p.opacity)
            if shape is not None:
                canvas.drawRRect(shape, paint)
            else:
                canvas.drawRect(rect, paint)
            return
        shader = self._shader(gradient, p.w, p.h)
        if shader is None:  # no direction: the colour at t = 0 everywhere
            color = _over(stop_color(gradient, 0.0), p.rgba)
            self._fill(shape, rect, (*color[:3], color[3] * p.opacity))
            return
        below = p.rgba[3] > 0.0
        grouped = below and p.opacity < 1.0
        if grouped:
            canvas.saveLayerAlpha(rect, to_byte(p.opacity))
        if below:
            self._fill(shape, rect, (p.rgba[0], p.rgba[1], p.rgba[2], p.rgba[3] * (1.0 if grouped else p.opacity)))
        paint = skia.Paint(AntiAlias=self.antialias, Shader=shader)
        paint.setAlphaf(1.0 if grouped else p.opacity)
        if shape is not None:
            canvas.drawRRect(shape, paint)
        else:
            canvas.drawRect(rect, paint)
        if grouped:
            canvas.restore()

    def _shader(self, gradient: Gradient, w: float, h: float) -> Any:
        """A linear gradient shader in layer space whose stops span exactly [0, 1] (Skia's
        rule), its end points moved to the first and last location; None without a direction."""
        skia = self.skia
        locations, colors, start, end = gradient
        sx, sy = start[0] * w, start[1] * h
        dx, dy = end[0] * w - sx, end[1] * h - sy
        if dx * dx + dy * dy <= 0.0:
            return None
        lo, hi = locations[0], locations[-1]
        if len(locations) == 1:
            return None
        if hi - lo <= 1e-9:  # a hard step: keep it, over a tiny span
            hi = lo + 1e-9
        positions = [(v - lo) / (hi - lo) for v in locations]
        positions[0], positions[-1] = 0.0, 1.0
        points = [skia.Point(sx + lo * dx, sy + lo * dy), skia.Point(sx + hi * dx, sy + hi * dy)]
        argb = [skia.Color4f(*color).toColor() for color in colors]
        return skia.GradientShader.MakeLinear(points, argb, positions, skia.TileMode.kClamp)

    def _runtime_shader(self, gradient: Gradient, w: float, h: float, below: Tuple[float, ...]) -> Any:
        """The gradient over ``below`` (straight RGBA) as an SkSL shader in layer space."""
        global _runtime_gradient
        skia = self.skia
        if _runtime_gradient is None:
            _runtime_gradient = skia.RuntimeEffect.MakeForShader(_GRADIENT_SKSL)
        locations, colors, start, end = gradient
        sx, sy = start[0] * w, start[1] * h
        dx, dy = end[0] * w - sx, end[1] * h - sy
        length2 = dx * dx + dy * dy
        n = len(locations)
        stops = list(locations) + [locations[-1]] * (4 - n)
        rgba = [v for color in list(colors) + [colors[-1]] * (4 - n) for v in color]
        # Uniforms are packed in their order, 4-byte floats without padding.
        data = struct.pack("30f", sx, sy, dx, dy, 1.0 / length2 if length2 > 0 else 0.0, float(n), *stops, *rgba, *below)
        return _runtime_gradient.makeShader(skia.Data.MakeWithCopy(data))



class FramePainter(CanvasPainter):
    """Owns a ``size`` pixel surface; :meth:`paint` draws one frame and returns it as a Pillow
    RGB image. ``underlay`` (a skia Image of the background with the layout on it) is what
    holes show; ``overlay`` (the layout alone, transparent elsewhere) is drawn over the
    skeleton's backgrounds. Both None: holes show ``background``."""

    def __init__(self, size: Tuple[int, int], scale: float, background: RGB, antialias: bool,
                 underlay: Any = None, overlay: Any = None, images: Optional[str] = None) -> None:
        skia = load_skia()
        self.Image, self.ImageDraw = load_pillow()
        self.size = size
        self.images = images
        self._image_cache: Dict[str, Any] = {}
        width, height = size
        info = skia.ImageInfo.Make(width, height, skia.kBGRA_8888_ColorType, skia.kPremul_AlphaType)
        self._buffer = bytearray(width * height * 4)
        self._surface = skia.Surface.MakeRasterDirect(info, self._buffer, width * 4)
        super().__init__(self._surface.getCanvas(), scale, background, antialias, underlay, overlay)
        self._background = skia.Color(*background)
        self._sampling = skia.SamplingOptions(skia.CubicResampler.Mitchell())

    # -- a frame -----------------------------------------------------------------------------

    def paint(self, paints: Sequence[LayerPaint], states: Sequence[Any], contents: Sequence[Optional[str]]) -> Any:
        """Draws the layers, then every visible layer's contents, and returns the RGB image."""
        canvas = self._canvas
        if self.underlay is not None:
            canvas.drawImage(self.underlay, 0, 0)
        else:
            canvas.clear(self._background)
        self.draw(paints)
        self._contents(states, contents)
        # Decoded (BGRX -> RGB) into the image's own memory: the buffer serves the next frame.
        return self.Image.frombytes("RGB", self.size, self._buffer, "raw", "BGRX")

    # -- contents ------------------------------------------------------------------------------

    def _contents(self, states: Sequence[Any], contents: Sequence[Optional[str]]) -> None:
        """Each visible layer's placeholder image, aspect-fit and centred in its frame, or a
        glyph (frame rotation ignored: a reference previewer, not a compositor)."""
        skia = self.skia
        for index, s in enumerate(states):
            flags = int(s[2])
            if not flags & _CONTENTS or flags & _HIDDEN or index >= len(contents):
                continue
            name = contents[index]
            opacity = min(1.0, float(s[13]))
            if name is None or opacity <= 0:
                continue
            x, y, w, h = (float(v) * self.scale for v in s[4:8])
            if w < 1 or h < 1:
                continue
            picture = self._load(name)
            if picture is None:
                self._glyph((x, y, w, h), s, opacity)
                continue
            fit = min(w / picture.width(), h / picture.height())
            sw, sh = max(1, int(round(picture.width() * fit))), max(1, int(round(picture.height() * fit)))
            px, py = int(round(x + (w - sw) / 2)), int(round(y + (h - sh) / 2))
            paint = skia.Paint(AntiAlias=self.antialias)
            paint.setAlphaf(opacity)
            self._canvas.drawImageRect(picture, skia.Rect.MakeXYWH(px, py, sw, sh), self._sampling, paint)

    def _load(self, name: str) -> Any:
        """The image ``name`` in :attr:`images` as a skia Image, or None (no directory, no such
        file, not an image, or a name that leaves the directory)."""
        if name in self._image_cache:
            return self._image_cache[name]
        image = None
        if self.images is not None:
            root = os.path.realpath(self.images)
            path = os.path.realpath(os.path.join(root, name))
            if path.startswith(root + os.sep) and os.path.isfile(path):
                try:
                    with self.Image.open(path) as opened:
                        rgba = opened.convert("RGBA")
                    image = self.skia.Image.frombytes(rgba.tobytes(), rgba.size, self.skia.kRGBA_8888_ColorType,
                                                      self.skia.kUnpremul_AlphaType)
                except (OSError, ValueError):
                    image = None
        self._image_cache[name] = image
        return image

    def _glyph(self, box: Tuple[float, float, float, float], s: Any, opacity: float) -> None:
        """An image glyph in the middle of ``box``: a frame, a mountain and a sun, in the
        fill darkened by 25 %."""
        skia, canvas = self.skia, self._canvas
        x, y, w, h = box
        side = min(w, h) * 0.6
        if side < 4:
            return
        shade = [to_byte(float(c) * 0.75) for c in s[9:12]]
        paint = skia.Paint(AntiAlias=self.antialias, Color=skia.Color(*shade, to_byte(opacity)))
        left, top = x + (w - side) / 2, y + (h - side) / 2
        line = max(1, int(side / 16))
        paint.setStyle(skia.Paint.kStroke_Style)
        paint.setStrokeWidth(line)
        canvas.drawRect(skia.Rect.MakeLTRB(left + line / 2, top + line / 2, left + side + 1 - line / 2,
                                           top + side + 1 - line / 2), paint)
        paint.setStyle(skia.Paint.kFill_Style)
        path = skia.Path()
        points = [(0.12, 0.85), (0.42, 0.45), (0.62, 0.68), (0.74, 0.56), (0.88, 0.85)]
        path.moveTo(left + side * points[0][0], top + side * points[0][1])
        for u, v in points[1:]:
            path.lineTo(left + side * u, top + side * v)
        path.close()
        canvas.drawPath(path, paint)
        canvas.drawCircle(left + side * 0.7, top + side * 0.27, side * 0.09, paint)


def compose_underlay(skia: Any, size: Tuple[int, int], background: RGB, overlay: Any) -> Any:
    """The background with the layout drawn on it: what holes show."""
    surface = skia.Surface.MakeRaster(skia.ImageInfo.Make(size[0], size[1], skia.kBGRA_8888_ColorType,
                                                          skia.kPremul_AlphaType))
    canvas = surface.getCanvas()
    canvas.clear(skia.Color(*background))
    canvas.drawImage(overlay, 0, 0)
    return surface.makeImageSnapshot()
