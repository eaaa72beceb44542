"""Previews: a scene's frames drawn with Skia, to images, animated GIFs and PNG strips.

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

import json
import math
import os
import time
import warnings
from typing import Any, Callable, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

from . import scene as _scene_module
from .errors import argument_type_error, invalid_argument
from .render import FramePainter, compose_underlay, draw_layout, layer_paints, load_pillow, load_skia
from .scene import Scene

__all__ = [
    "Renderer",
    "render",
    "render_frames",
    "frame_times",
    "effect_cycle",
    "save_gif",
    "save_strip",
    "preview",
    "PreviewResult",
    "BACKGROUND",
]

#: The colour behind everything (the page the skeleton sits on).
BACKGROUND = (255, 255, 255)


def _pil() -> Any:
    """Pillow's ``Image``, ``ImageDraw`` and ``ImageChops`` (MissingDependencyError without it)."""
    Image, ImageDraw = load_pillow()
    from PIL import ImageChops

    return Image, ImageDraw, ImageChops


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


def effect_cycle(scene: Scene, *, default: float = 2.0, longest: float = 6.0) -> float:
    """How long one full cycle of the scene's effects lasts, for a GIF that loops seamlessly:
    the least common multiple of the repeating animations' periods (an alternating one
    counts both ways), when it is at most ``longest`` seconds, else the longest period; a
    scene of finite animations only lasts until the last one ends; ``default`` when the
    scene has no animation."""
    document = json.loads(scene.to_json())
    periods: List[float] = []
    ends: List[float] = []
    for animation in document.get("animations", []):
        period, end = _cycle_of(animation.get("timing") or {})
        if period is not None:
            periods.append(period)
        else:
            ends.append(end)
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
    np = _scene_module._numpy()
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
                 fps: float, seconds: float, bytes_written: int) -> None:
        self.path = path
        self.kind = kind  # "gif" or "png"
        self.frames = frames
        self.size = size
        self.duration = duration
        self.fps = fps
        self.seconds = seconds
        self.bytes = bytes_written

    def __repr__(self) -> str:
        return (f"PreviewResult(path={self.path!r}, kind={self.kind!r}, frames={self.frames}, size={self.size}, "
                f"duration={self.duration:g}, fps={self.fps:g}, seconds={self.seconds:.2f}, bytes={self.bytes})")


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
) -> PreviewResult:
    """Renders a view tree's skeleton to an animated GIF (or, with ``strip=N``, a PNG of N
    frames side by side; with ``at=T``, the one frame at time T as a PNG).

    Args:
        tree: anything :func:`ghostframe.skeleton` accepts (dict, JSON text, bytes, path).
        output: the file to write.
        scale: pixels per point.
        fps: frames per second; frame i shows scene time ``i / fps``.
        duration: seconds; default one full effect cycle (:func:`effect_cycle`), or with
            ``end_at`` until 0.5 s after it (the 0.2 s fade, then the real layout).
        layout: draw the tree's real views faintly behind the bones.
        strip: write N frames, evenly spread over the duration (``i * duration / N``), side
            by side in a PNG instead of a GIF.
        end_at: fade the skeleton out from this time (:func:`ghostframe.end_skeleton`).
        images: where placeholder image names are files (:class:`Renderer`); default the
            tree file's directory when ``tree`` is a path.
        use_numpy: ignored (a DeprecationWarning when given), as in :class:`Renderer`.
        at: render only the frame at this time (seconds, finite, >= 0) to a PNG: the
            reference a live host's screenshot is compared with. Not with ``strip``.
        progress: called after each frame is drawn as ``progress(done, total)`` (frames
            drawn so far, frames in all), so the last call is ``(total, total)``; writing
            the file follows it. ``None`` (the default): no calls. The command line draws
            its progress bar with it.

    Raises:
        GhostframeError: the tree is refused (the message names the JSON path), or an
            option is: :class:`~ghostframe.InvalidArgumentError` (a ValueError) for a bad
            value, :class:`~ghostframe.ArgumentTypeError` (a TypeError) when ``progress``
            is not callable.
        MissingDependencyError: skia-python or Pillow is missing (an ImportError too).
        OSError: the tree file cannot be read or the output cannot be written.
    """
    from .skeleton import read_tree_source, skeleton

    if progress is not None and not callable(progress):  # before any work, not after frame 1
        raise argument_type_error(f"progress must be a callable (done, total), not {type(progress).__name__}")
    started = time.perf_counter()
    data, tree_path = read_tree_source(tree)
    scene = skeleton(data, end_at=end_at)
    if duration is None:
        duration = effect_cycle(scene) if end_at is None else max(0.05, float(end_at) + 0.5)
    if use_numpy is not None:
        warnings.warn("preview(use_numpy=...) is ignored: the renderer draws with Skia and has no numpy backend",
                      DeprecationWarning, stacklevel=2)
    if images is None and tree_path is not None:
        images = os.path.dirname(os.path.abspath(tree_path))
    # The real views are the engine's layout report of the same tree (gf_view_tree_layout).
    renderer = Renderer(scene, scale=scale, layout=data if layout else None, images=images)
    if at is not None:
        if strip is not None:
            raise invalid_argument("at and strip cannot be combined")
        if isinstance(at, bool) or not isinstance(at, (int, float)) or not math.isfinite(at) or at < 0:
            raise invalid_argument(f"at must be a time in seconds >= 0, got {at!r}")
        frames = _render_each(renderer, [float(at)], progress)
        frames[0].save(os.fspath(output), format="PNG", optimize=True)
        kind = "png"
    elif strip is not None:
        if isinstance(strip, bool) or not isinstance(strip, int) or strip < 1:
            raise invalid_argument(f"strip must be a number of frames >= 1, got {strip!r}")
        frame_times(duration, fps)  # validates both
        times = [i * duration / strip for i in range(strip)]
        frames = _render_each(renderer, times, progress)
        save_strip(frames, output)
        kind = "png"
    else:
        times = frame_times(duration, fps)
        frames = _render_each(renderer, times, progress)
        save_gif(frames, output, fps)
        kind = "gif"
    path = os.fspath(output)
    return PreviewResult(path, kind, len(frames), renderer.size, float(duration), float(fps),
                         time.perf_counter() - started, os.path.getsize(path))
