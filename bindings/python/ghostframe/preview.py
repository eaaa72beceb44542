"""Previews: a scene's frames drawn with Skia, to images, animated GIFs, APNGs, WebPs, MP4s and PNG strips.

Ghostframe itself never draws; this module is the small reference host the gallery and the
``ghostframe preview`` command (``python3 -m ghostframe``) use, so a designer can see what a view tree's
skeleton looks like (and how it moves) without a UI toolkit. The drawing is
:mod:`ghostframe.render`'s, through skia-python (the Python binding of Skia, the 2D library of
Chrome and Android); Pillow holds the frames and writes the files. Install both with
``pip install 'ghostframe[preview]'``; without one of them the renderer raises
:class:`~ghostframe.MissingDependencyError` (an ImportError) naming it.

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
  Rotation-free transforms are drawn with their rounded corners; a rotated or skewed layer
  is drawn as the polygon of its four corners;
* the fill is the layer's colour (``r, g, b, a``) × ``opacity``, alpha-blended over what is
  below; with ``GF_LAYER_HAS_GRADIENT`` the linear gradient (start and end points in the
  layer's unit space, up to 4 stops, ends extended) is drawn over that colour, the two
  blended with the opacity as one;
* a layer whose custom property ``"hole"`` is 1 (a kept bone of a skeleton) is cut out: the
  *real layout* shows through - the background, and with ``layout=`` the real views;
* bones inside a ``"container:*"`` layer (a skeleton's list section) are clipped to it, as
  a list clips its rows;
* a layer with ``GF_LAYER_HAS_CONTENTS`` (a bone's ``placeholder``) shows its image: the file
  of that name in ``images`` (a directory), scaled aspect-fit into the layer's frame and
  centred, × ``opacity``; when there is no such file, an image glyph (a framed mountain and
  sun in a darker shade of the fill). Contents are drawn after every layer, over the frame
  (rotation ignored): a reference previewer, not a compositor.

The real views (``layout=``) are the engine's layout report (:func:`ghostframe.layout`): the
same frames the bones were placed on, lists included; nothing here lays out a list again.

Edges are anti-aliased by Skia, which computes each edge pixel's coverage exactly (not on a
grid of subsamples); ``supersample=1`` turns anti-aliasing off (a pixel is in or out by its
centre). An opaque pixel away from edges is exactly its layer's colour; blending is Skia's
8-bit premultiplied arithmetic, within 1 of ``floor(v * 255 + 0.5)`` of the exact mix.

numpy is optional: skia-python needs it to build Skia's own gradients; without it the renderer
draws gradients with an SkSL shader of the same rule (within 1 per channel, about 4 times slower
on a shimmering feed frame).
"""

from __future__ import annotations

import errno
import json
import math
import os
import subprocess
import tempfile
import time
import warnings
from typing import Any, Callable, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

from ._states import numpy_or_none
from ._documents import Document, load_document
from .errors import GF_E_NOT_FOUND, MissingDependencyError, argument_type_error, invalid_argument
from .render import FramePainter, compose_underlay, draw_layout, layer_paints, load_pillow, load_skia
from .scene import Scene
from .timeline import Timeline

__all__ = [
    "Renderer",
    "render",
    "render_frames",
    "frame_times",
    "effect_cycle",
    "save_gif",
    "save_apng",
    "save_webp",
    "save_mp4",
    "save_strip",
    "output_format",
    "OUTPUT_FORMATS",
    "preview",
    "PreviewResult",
    "BACKGROUND",
    "REST",
]

#: The colour behind everything (the page the skeleton sits on).
BACKGROUND = (255, 255, 255)

#: Seconds shown after a finite animation (a scene's or a timeline's) ends, before the file
#: loops, so the loop shows where things come to rest (the gallery's motion GIFs do the same).
REST = 0.5

#: The files :func:`preview` writes, by the output's extension (lower case): the animations,
#: and ``.png``, one still image (the frame at ``at`` or a strip of ``strip`` frames).
OUTPUT_FORMATS: Dict[str, str] = {
    ".gif": "gif",
    ".apng": "apng",
    ".webp": "webp",
    ".mp4": "mp4",
    ".png": "png",
}
_ANIMATIONS = ".gif, .apng, .webp or .mp4"
_VIDEO_EXTRA = "pip install 'ghostframe[video]'"


def _pil() -> Any:
    """Pillow's ``Image``, ``ImageDraw`` and ``ImageChops`` (MissingDependencyError without it)."""
    Image, ImageDraw = load_pillow()
    from PIL import ImageChops

    return Image, ImageDraw, ImageChops


def load_imageio_ffmpeg() -> Any:
    """The ``imageio_ffmpeg`` module (the ``video`` extra, for MP4): a
    :class:`~ghostframe.MissingDependencyError` naming the extra when it cannot be imported."""
    try:
        import imageio_ffmpeg
    except ImportError:
        raise MissingDependencyError(
            GF_E_NOT_FOUND, f"writing .mp4 needs imageio-ffmpeg, the video extra: {_VIDEO_EXTRA}"
        ) from None
    return imageio_ffmpeg


def output_format(output: Union[str, "os.PathLike[str]"], *, still: bool = False,
                  options: Tuple[str, str] = ("at=T", "strip=N")) -> str:
    """The format the output's extension chooses (:data:`OUTPUT_FORMATS`, case-insensitive):
    ``"gif"``, ``"apng"``, ``"webp"`` or ``"mp4"`` for an animation, ``"png"`` for a still
    image (``still=True``: the frame at a time, or a strip). ``options`` names the two ways to
    ask for a still image in the messages (the command line passes its flags).

    Raises:
        InvalidArgumentError: an unknown extension (or none); ``.png`` for an animation (a
            ``.png`` is one still image: ``.apng`` is the animated PNG); an animation's
            extension for a still image.
    """
    name = os.fsdecode(os.fspath(output))
    extension = os.path.splitext(name)[1].lower()
    kind = OUTPUT_FORMATS.get(extension)
    at, strip = options
    if kind is None:
        shown = f"unknown extension {extension!r}" if extension else "no extension"
        raise invalid_argument(f"{name}: {shown}: write {_ANIMATIONS} for the animation, or .png for one "
                               f"frame ({at}) or a strip ({strip})")
    if still and kind != "png":
        raise invalid_argument(f"{name}: one frame or a strip is a still image: write .png "
                               f"({extension} is for the animation)")
    if not still and kind == "png":
        raise invalid_argument(f"{name}: a .png is one still image: give {at} for the frame at T or {strip} "
                               f"for a strip, or write {_ANIMATIONS} for the animation (.apng is the "
                               f"animated PNG)")
    return kind


def check_dependencies() -> None:
    """Imports what drawing needs, Pillow then skia-python: a
    :class:`~ghostframe.MissingDependencyError` naming the first one missing."""
    load_pillow()
    load_skia()


def _num(value: Any, default: float = 0.0) -> float:  # a JSON number of an animation's timing
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return default
    return float(value)


def _layout_items(layout: Any) -> Optional[List[Any]]:
    """The layout report for ``layout=``: None, a list of :class:`~ghostframe.LayoutItem`, a
    :class:`~ghostframe.ViewTree`, or a view tree :func:`ghostframe.layout` reads."""
    from .layout import LayoutItem
    from .layout import layout as layout_report

    if layout is None:
        return None
    if isinstance(layout, (list, tuple)) and all(isinstance(item, LayoutItem) for item in layout):
        return list(layout)
    return layout_report(layout)


class Renderer:
    """Draws a scene's frames: ``Renderer(scene).render(t)`` → a Pillow RGB image.

    Args:
        scene: any :class:`~ghostframe.Scene`; skeleton scenes get the extras described in
            the module docstring (holes, list clipping, the layout behind).
        scale: pixels per point (1: a 375 × 667 viewport gives a 375 × 667 image).
        size: the drawn area in points, ``(width, height)``; default: the extent of the
            root layers' frames (a skeleton's viewport).
        background: the RGB colour behind everything.
        layout: the real views to draw faintly behind the bones (over the skeleton's
            backgrounds) and in holes: a view tree (anything :func:`ghostframe.skeleton`
            accepts, or a :class:`~ghostframe.ViewTree`), laid out by the engine
            (:func:`ghostframe.layout`), or such a report already made.
        supersample: 1 turns anti-aliasing off; 2...8 (default 2) keep Skia's exact-coverage
            anti-aliasing on (the factor is accepted for compatibility: coverage is no longer
            counted on a grid, so every value above 1 draws the same).
        use_numpy: ignored (a DeprecationWarning when given): the renderer no longer has a
            numpy backend; Skia draws every frame.
        images: a directory in which a layer's contents name is an image file; without it
            (or without the file) contents are drawn as a glyph.

    Raises:
        GhostframeError: a bad option (:class:`~ghostframe.InvalidArgumentError`, or
            :class:`~ghostframe.ArgumentTypeError` for a ``scene`` that is not a Scene); a
            layout tree the engine refuses; :class:`~ghostframe.MissingDependencyError` (an
            ImportError too) when skia-python or Pillow is missing.

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
        layout: Any = None,
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
        if use_numpy is not None:
            warnings.warn("Renderer(use_numpy=...) is ignored: the renderer draws with Skia and has no numpy backend",
                          DeprecationWarning, stacklevel=2)
        check_dependencies()
        self.scene = scene
        self.scale = float(scale)
        self.supersample = supersample
        self.antialias = supersample > 1
        try:
            self.background = tuple(int(c) for c in background)[:3]
        except (TypeError, ValueError):
            raise invalid_argument(f"background must be (r, g, b) in 0...255, got {background!r}") from None
        if len(self.background) != 3 or any(not 0 <= c <= 255 for c in self.background):
            raise invalid_argument(f"background must be (r, g, b) in 0...255, got {background!r}")
        #: The layout report drawn behind the bones, or None.
        self.layout = _layout_items(layout)
        self.images = None if images is None else os.fspath(images)
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
        underlay = overlay = None
        if self.layout is not None:
            overlay = draw_layout(self.layout, self.size, self.scale, self.antialias)
            underlay = compose_underlay(load_skia(), self.size, self.background, overlay)
        self._painter = FramePainter(self.size, self.scale, self.background, self.antialias,
                                     underlay=underlay, overlay=overlay, images=self.images)

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
        return list(states) if isinstance(states, list) else list(states.tolist())

    # -- frames ----------------------------------------------------------------------------

    def render(self, t: float) -> Any:
        """The scene at time ``t`` as a Pillow RGB image of :attr:`size`."""
        t = float(t)
        states = self._states(t)
        if len(states) != len(self._ids):
            self.refresh()
        holes = self.scene.sample_custom("hole", t)
        paints = layer_paints(states, holes, self.scale, self.size, self._is_container, self._is_background)
        return self._painter.paint(paints, states, self._contents)


# ---------------------------------------------------------------------------------------
# Frames, GIFs, strips
# ---------------------------------------------------------------------------------------


def render(scene: Scene, t: float, **options: Any) -> Any:
    """``Renderer(scene, **options).render(t)``: one frame as a Pillow RGB image."""
    return Renderer(scene, **options).render(t)


def frame_times(duration: float, fps: float) -> List[float]:
    """The sample times of an animation of ``duration`` seconds at ``fps``: ``i / fps`` for
    ``i`` in ``0 ..< round(duration * fps)`` (at least one frame)."""
    if not (isinstance(fps, (int, float)) and math.isfinite(fps) and fps > 0):
        raise invalid_argument(f"fps must be a number > 0, got {fps!r}")
    if not (isinstance(duration, (int, float)) and math.isfinite(duration) and duration > 0):
        raise invalid_argument(f"duration must be a number of seconds > 0, got {duration!r}")
    count = max(1, int(round(duration * fps)))
    return [i / fps for i in range(count)]


def render_frames(scene: Scene, times: Iterable[float], **options: Any) -> List[Any]:
    """The scene at each of ``times`` (one :class:`Renderer`, so ids and layout are read once)."""
    renderer = Renderer(scene, **options)
    return [renderer.render(t) for t in times]


def _cycle_of(timing: Mapping[str, Any]) -> Tuple[Optional[float], float]:
    """(the period of a repeating animation or None, the end time of a finite one)."""
    duration = _num(timing.get("duration"), 0.0)
    rate = _num(timing.get("playbackRate"), 1.0) or 1.0
    delay = _num(timing.get("delay"), 0.0)
    iterations = timing.get("iterations", 1)
    direction = timing.get("direction", "normal")
    if iterations == "infinity":
        period = duration / abs(rate)
        if direction in ("alternate", "alternate-reverse"):
            period *= 2
        return (period if period > 0 else None), delay
    count = _num(iterations, 1.0)
    return None, delay + (duration * count + _num(timing.get("endDelay"), 0.0)) / abs(rate)


def _cycles(scene: Scene) -> Tuple[List[float], List[float]]:
    """(the periods of the scene's repeating animations, the end times of its finite ones)."""
    document = json.loads(scene.to_json())
    periods: List[float] = []
    ends: List[float] = []
    for animation in document.get("animations", []):
        period, end = _cycle_of(animation.get("timing") or {})
        if period is not None:
            periods.append(period)
        else:
            ends.append(end)
    return periods, ends


def effect_cycle(scene: Scene, *, default: float = 2.0, longest: float = 6.0) -> float:
    """How long one full cycle of the scene's effects lasts, for a GIF that loops seamlessly:
    the least common multiple of the repeating animations' periods (an alternating one
    counts both ways), when it is at most ``longest`` seconds, else the longest period; a
    scene of finite animations only lasts until the last one ends; ``default`` when the
    scene has no animation."""
    periods, ends = _cycles(scene)
    if periods:
        millis = sorted({max(1, int(round(p * 1000))) for p in periods})
        lcm = 1
        for m in millis:
            lcm = lcm * m // math.gcd(lcm, m)
            if lcm > longest * 1000:
                return max(periods)
        return lcm / 1000.0
    if ends and max(ends) > 0:
        return max(ends)
    return default


def _durations_ms(count: int, fps: float) -> List[int]:
    """GIF frame durations (10 ms units) whose running sum tracks ``i / fps`` exactly."""
    out = []
    for i in range(count):
        start = int(round(i * 100 / fps))
        end = int(round((i + 1) * 100 / fps))
        out.append(max(1, end - start) * 10)
    return out


def _exact_colors(frames: Sequence[Any], limit: int) -> Optional[List[Tuple[int, int, int]]]:
    """Every colour of the frames, when there are at most ``limit`` together, else None."""
    seen: Dict[Tuple[int, int, int], None] = {}
    for frame in frames:
        found = frame.getcolors(limit)
        if found is None:
            return None
        for _, color in found:
            seen[color] = None
        if len(seen) > limit:
            return None
    return list(seen)


def _indexed_frames(frames: Sequence[Any], colors: int) -> List[Any]:
    """The frames as 'P' images. Skeletons use a few dozen colours in all, so with numpy they
    share one exact palette (Pillow's own palette mapping works at reduced precision and would
    merge the close greys of a shimmer); otherwise each frame gets its own median-cut palette,
    which is exact when the frame has at most ``colors`` colours."""
    Image, _, _ = _pil()
    np = numpy_or_none()
    exact = _exact_colors(frames, colors) if np is not None else None
    if exact is not None:
        keys = np.array(sorted((r << 16) | (g << 8) | b for r, g, b in exact), dtype=np.int64)
        flat: List[int] = []
        for key in keys.tolist():
            flat += [(key >> 16) & 255, (key >> 8) & 255, key & 255]
        flat += [0] * (768 - len(flat))
        out = []
        for frame in frames:
            rgb = np.asarray(frame, dtype=np.int64)
            index = np.searchsorted(keys, (rgb[..., 0] << 16) | (rgb[..., 1] << 8) | rgb[..., 2])
            image = Image.fromarray(index.astype(np.uint8), "P")
            image.putpalette(flat)
            out.append(image)
        return out
    return [frame.quantize(colors=colors, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
            for frame in frames]


def save_gif(frames: Sequence[Any], path: Union[str, "os.PathLike[str]"], fps: float, *, colors: int = 255) -> None:
    """Writes frames as a looping GIF: exact colours when a frame (or, with numpy, all frames
    together) uses at most ``colors`` colours, as skeletons do; no dithering, so flat colours
    stay flat; frame durations that add up to ``len(frames) / fps`` (in the format's 10 ms
    steps); Pillow's delta frames. Identical consecutive frames are merged by Pillow (their
    durations added), so a still stretch costs one frame."""
    if not frames:
        raise invalid_argument("no frames to write")
    if isinstance(fps, bool) or not isinstance(fps, (int, float)) or not math.isfinite(fps) or fps <= 0:
        raise invalid_argument(f"fps must be a number > 0, got {fps!r}")
    if isinstance(colors, bool) or not isinstance(colors, int) or not 1 <= colors <= 256:
        raise invalid_argument(f"colors must be an int in 1...256, got {colors!r}")
    indexed = _indexed_frames(frames, colors)
    durations = _durations_ms(len(indexed), fps)
    indexed[0].save(
        os.fspath(path),
        format="GIF",
        save_all=True,
        append_images=indexed[1:],
        duration=durations if len(indexed) > 1 else durations[0],
        loop=0,
        optimize=True,
        disposal=1,
    )


def _durations_1ms(count: int, fps: float) -> List[int]:
    """Frame durations in whole milliseconds whose running sum tracks ``i / fps`` exactly
    (APNG and WebP store milliseconds)."""
    return [max(1, int(round((i + 1) * 1000 / fps)) - int(round(i * 1000 / fps))) for i in range(count)]


def _check_frames(frames: Sequence[Any], fps: float) -> None:
    if not frames:
        raise invalid_argument("no frames to write")
    if isinstance(fps, bool) or not isinstance(fps, (int, float)) or not math.isfinite(fps) or fps <= 0:
        raise invalid_argument(f"fps must be a number > 0, got {fps!r}")


def save_apng(frames: Sequence[Any], path: Union[str, "os.PathLike[str]"], fps: float) -> None:
    """Writes frames as a looping animated PNG (APNG): lossless RGB, frame durations in whole
    milliseconds that add up to ``len(frames) / fps`` (to the millisecond). Identical
    consecutive frames are merged by Pillow (their durations added)."""
    _check_frames(frames, fps)
    durations = _durations_1ms(len(frames), fps)
    frames[0].save(os.fspath(path), format="PNG", save_all=True, append_images=list(frames[1:]),
                   duration=durations if len(frames) > 1 else durations[0], loop=0, default_image=False)


def save_webp(frames: Sequence[Any], path: Union[str, "os.PathLike[str]"], fps: float) -> None:
    """Writes frames as a looping animated WebP: lossless (flat colours stay exact), frame
    durations in whole milliseconds that add up to ``len(frames) / fps``. libwebp may merge
    identical consecutive frames (their durations added)."""
    _check_frames(frames, fps)
    from PIL import features

    if not features.check("webp"):
        raise MissingDependencyError(GF_E_NOT_FOUND, "this Pillow was built without WebP support: "
                                                     "pip install --force-reinstall Pillow")
    durations = _durations_1ms(len(frames), fps)
    frames[0].save(os.fspath(path), format="WEBP", save_all=True, append_images=list(frames[1:]),
                   duration=durations, loop=0, lossless=True, quality=80, method=4)


def save_mp4(frames: Sequence[Any], path: Union[str, "os.PathLike[str]"], fps: float) -> None:
    """Writes frames as an MP4 video (H.264, yuv420p, ``fps`` frames per second, CRF 10) with
    the ffmpeg that imageio-ffmpeg ships (the ``video`` extra). H.264 in yuv420p needs even
    sizes: an odd width or height gets one more column or row of :data:`BACKGROUND` on the
    right or bottom. Lossy, as video is.

    Raises:
        MissingDependencyError: imageio-ffmpeg is not installed (the message names the extra).
        OSError: the file cannot be written, or ffmpeg fails (the message is ffmpeg's last line).
    """
    _check_frames(frames, fps)
    imageio_ffmpeg = load_imageio_ffmpeg()
    Image, _, _ = _pil()
    target = os.fspath(path)
    with open(target, "wb"):  # an OSError naming the file when it cannot be written, before ffmpeg runs
        pass
    width, height = frames[0].size
    even = (width + width % 2, height + height % 2)
    command = [imageio_ffmpeg.get_ffmpeg_exe(), "-y", "-nostdin", "-loglevel", "error",
               "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", f"{even[0]}x{even[1]}", "-r", repr(float(fps)),
               "-i", "pipe:0", "-an", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "10",
               "-movflags", "+faststart", os.path.abspath(target)]  # absolute: never read as an option
    with tempfile.TemporaryFile() as messages:
        process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=messages)
        stdin = process.stdin
        try:
            if stdin is not None:
                try:
                    for frame in frames:
                        rgb = frame.convert("RGB")
                        if rgb.size != even:
                            padded = Image.new("RGB", even, BACKGROUND)
                            padded.paste(rgb, (0, 0))
                            rgb = padded
                        stdin.write(rgb.tobytes())
                except BrokenPipeError:  # ffmpeg stopped early: its status and message say why
                    pass
                finally:
                    try:
                        stdin.close()
                    except BrokenPipeError:
                        pass
            status = process.wait()
        finally:
            if process.poll() is None:  # interrupted: do not leave ffmpeg behind
                process.kill()
                process.wait()
        if status != 0:
            messages.seek(0)
            said = [line.strip() for line in messages.read().decode("utf-8", "replace").splitlines() if line.strip()]
            detail = said[-1] if said else f"exit status {status}"
            try:  # no half-written video left behind
                os.remove(target)
            except OSError:
                pass
            raise OSError(errno.EIO, f"ffmpeg could not write the video: {detail}", target)


def save_strip(frames: Sequence[Any], path: Union[str, "os.PathLike[str]"]) -> None:
    """Writes frames side by side as one PNG (``len(frames)`` × the frame width)."""
    Image, _, _ = _pil()
    if not frames:
        raise invalid_argument("no frames to write")
    width, height = frames[0].size
    strip = Image.new("RGB", (width * len(frames), height))
    for k, frame in enumerate(frames):
        strip.paste(frame, (k * width, 0))
    strip.save(os.fspath(path), format="PNG", optimize=True)


def _render_each(renderer: "Renderer", times: Sequence[float],
                 progress: Optional[Callable[[int, int], None]]) -> List[Any]:
    """The frames at ``times``, calling ``progress(done, total)`` after each one."""
    frames: List[Any] = []
    total = len(times)
    for t in times:
        frames.append(renderer.render(t))
        if progress is not None:
            progress(len(frames), total)
    return frames


class PreviewResult:
    """What :func:`preview` wrote."""

    def __init__(self, path: str, kind: str, frames: int, size: Tuple[int, int], duration: float,
                 fps: float, seconds: float, bytes_written: int, document: str = "tree") -> None:
        self.path = path
        self.kind = kind  # the file's format: "gif", "apng", "webp", "mp4" or "png"
        self.frames = frames
        self.size = size
        self.duration = duration
        self.fps = fps
        self.seconds = seconds
        self.bytes = bytes_written
        self.document = document  # what was drawn: "tree", "scene" or "timeline"

    def __repr__(self) -> str:
        return (f"PreviewResult(path={self.path!r}, kind={self.kind!r}, document={self.document!r}, "
                f"frames={self.frames}, size={self.size}, duration={self.duration:g}, fps={self.fps:g}, "
                f"seconds={self.seconds:.2f}, bytes={self.bytes})")


_WRITERS: Dict[str, Callable[[Sequence[Any], Union[str, "os.PathLike[str]"], float], None]] = {
    "gif": save_gif,
    "apng": save_apng,
    "webp": save_webp,
    "mp4": save_mp4,
}


def _play_length(document: Document, scene: Scene) -> Tuple[float, Optional[float]]:
    """(the default seconds to render, the time the last frame must show or None): one cycle
    of a view tree's effects; a scene's cycle when it repeats forever, else its end and
    :data:`REST`; a timeline's duration and :data:`REST`. The last frame of a finite one
    shows its end, whatever the frame rate."""
    if isinstance(document.value, Timeline):
        end = float(document.value.duration)
    elif document.kind == "scene":
        periods, ends = _cycles(scene)
        if periods or not ends or max(ends) <= 0:
            return effect_cycle(scene), None
        end = max(ends)
    else:
        return effect_cycle(scene), None
    return end + REST, end


def preview(
    tree: Any,
    output: Union[str, "os.PathLike[str]"],
    *,
    scale: float = 1.0,
    fps: float = 20.0,
    duration: Optional[float] = None,
    layout: bool = False,
    strip: Optional[int] = None,
    end_at: Optional[float] = None,
    use_numpy: Optional[bool] = None,
    images: Union[None, str, "os.PathLike[str]"] = None,
    progress: Optional[Callable[[int, int], None]] = None,
    at: Optional[float] = None,
    stage: Any = None,
) -> PreviewResult:
    """Renders a view tree's skeleton, a scene or a timeline on its stage to the file
    ``output``, in the format its extension chooses (:func:`output_format`): an animated
    ``.gif``, ``.apng``, ``.webp`` or ``.mp4``; with ``at=T`` the one frame at time T, or with
    ``strip=N`` N frames side by side, as a ``.png``.

    Args:
        tree: the document, recognised by its content (:func:`ghostframe._documents.load_document`):
            a view tree, a scene or a timeline, as a dict, JSON text, bytes or a path; or a
            ``Document`` already loaded.
        output: the file to write; its extension chooses the format.
        scale: pixels per point.
        fps: frames per second; frame i shows scene time ``i / fps``.
        duration: seconds; default: one full effect cycle of a skeleton (:func:`effect_cycle`),
            or with ``end_at`` until 0.5 s after it (the 0.2 s fade, then the real layout); a
            scene's cycle when it repeats forever; the whole animation of a finite scene or of
            a timeline and :data:`REST` seconds (its last frame shows the end).
        layout: draw the tree's real views faintly behind the bones (view trees only).
        strip: write N frames, evenly spread over the duration (``i * duration / N``), side
            by side in a PNG.
        end_at: fade the skeleton out from this time (:func:`ghostframe.end_skeleton`; view
            trees only).
        images: where placeholder image names are files (:class:`Renderer`); default the
            document file's directory when ``tree`` is a path.
        use_numpy: ignored (a DeprecationWarning when given), as in :class:`Renderer`.
        at: render only the frame at this time (seconds, finite, >= 0) to a PNG: the
            reference a live host's screenshot is compared with. Not with ``strip``.
        progress: called after each frame is drawn as ``progress(done, total)`` (frames
            drawn so far, frames in all), so the last call is ``(total, total)``; writing
            the file follows it. ``None`` (the default): no calls. The command line draws
            its progress bar with it.
        stage: a timeline's stage (``load_document``'s ``stage``): default ``stages/NAME.json``
            beside the timeline file.

    Raises:
        GhostframeError: the document is refused (the message names the JSON path), or an
            option is: :class:`~ghostframe.InvalidArgumentError` (a ValueError) for a bad
            value, an unknown extension, ``.png`` without ``at`` or ``strip`` (or an
            animation's extension with them), ``layout`` or ``end_at`` for a scene or a
            timeline; :class:`~ghostframe.ArgumentTypeError` (a TypeError) when ``progress``
            is not callable.
        MissingDependencyError: skia-python or Pillow is missing, or imageio-ffmpeg for
            ``.mp4`` (an ImportError too).
        OSError: the document cannot be read or the output cannot be written.
    """
    if progress is not None and not callable(progress):  # before any work, not after frame 1
        raise argument_type_error(f"progress must be a callable (done, total), not {type(progress).__name__}")
    if at is not None and strip is not None:
        raise invalid_argument("at and strip cannot be combined")
    kind = output_format(output, still=at is not None or strip is not None)
    if kind == "mp4":
        load_imageio_ffmpeg()  # before the frames are drawn
    started = time.perf_counter()
    if isinstance(tree, Document) and stage is not None:
        raise invalid_argument("stage goes with a document to load, not with a loaded Document (it has its stage)")
    document = tree if isinstance(tree, Document) else load_document(tree, stage=stage)
    try:
        return _preview_document(document, output, kind, scale=scale, fps=fps, duration=duration, layout=layout,
                                 strip=strip, end_at=end_at, use_numpy=use_numpy, images=images, progress=progress,
                                 at=at, started=started)
    finally:
        if document is not tree:
            document.close()


def _preview_document(document: Document, output: Union[str, "os.PathLike[str]"], kind: str, *, scale: float,
                      fps: float, duration: Optional[float], layout: bool, strip: Optional[int],
                      end_at: Optional[float], use_numpy: Optional[bool],
                      images: Union[None, str, "os.PathLike[str]"],
                      progress: Optional[Callable[[int, int], None]], at: Optional[float],
                      started: float) -> PreviewResult:
    if document.kind != "tree":
        what = "a scene" if document.kind == "scene" else "a timeline"
        if layout:
            raise invalid_argument(f"layout draws a view tree's real views behind its bones: {what} has none")
        if end_at is not None:
            raise invalid_argument(f"end_at fades a skeleton out: it takes a view tree, not {what}")
    scene = document.to_scene(end_at=end_at)
    last: Optional[float] = None
    if duration is None:
        if end_at is not None:
            duration = max(0.05, float(end_at) + 0.5)
        else:
            duration, last = _play_length(document, scene)
    if use_numpy is not None:
        warnings.warn("preview(use_numpy=...) is ignored: the renderer draws with Skia and has no numpy backend",
                      DeprecationWarning, stacklevel=3)
    if images is None and document.path is not None:
        images = os.path.dirname(os.path.abspath(document.path))
    # The real views are the engine's layout report of the same tree (gf_view_tree_layout).
    renderer = Renderer(scene, scale=scale, layout=document.value if layout else None, images=images)
    if at is not None:
        if isinstance(at, bool) or not isinstance(at, (int, float)) or not math.isfinite(at) or at < 0:
            raise invalid_argument(f"at must be a time in seconds >= 0, got {at!r}")
        frames = _render_each(renderer, [float(at)], progress)
        frames[0].save(os.fspath(output), format="PNG", optimize=True)
    elif strip is not None:
        if isinstance(strip, bool) or not isinstance(strip, int) or strip < 1:
            raise invalid_argument(f"strip must be a number of frames >= 1, got {strip!r}")
        frame_times(duration, fps)  # validates both
        times = [i * duration / strip for i in range(strip)]
        frames = _render_each(renderer, times, progress)
        save_strip(frames, output)
    else:
        times = frame_times(duration, fps)
        if last is not None:  # the last frame shows where things come to rest
            times[-1] = max(times[-1], last)
        frames = _render_each(renderer, times, progress)
        _WRITERS[kind](frames, output, fps)
    path = os.fspath(output)
    return PreviewResult(path, kind, len(frames), renderer.size, float(duration), float(fps),
                         time.perf_counter() - started, os.path.getsize(path), document.kind)
