"""The players the exports are checked in, and the comparison with Ghostframe's own preview frames
(importable as `_export_players`; used by test_export_players.py and scripts/export_figure.py).

Players: rlottie (rlottie-python; its frames are premultiplied BGRA although labelled RGBA) at whole
frames, ThorVG (thorvg-python; premultiplied ABGR8888, little-endian RGBA bytes) at any frame, and
headless Chromium from Debian (chromium-headless-shell, driven by Playwright with executable_path:
nothing is downloaded), seeked through ``document.getAnimations()``. Every player draws on a
transparent canvas; its frame is composited over the preview's white page.

The comparison (issue 32): per visible axis-aligned layer, the mean colour inside its rectangle
shrunk by 2 px (in whole 8-bit levels) within ``MEAN_LEVELS`` levels per channel, and under ``OFF_FRACTION`` of all pixels off
by more than ``OFF_LEVELS``.
"""

from __future__ import annotations

import glob
import io
import json
import math
import os
import shutil
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple

try:  # the players' frames need numpy; the cases do not (test_export.py runs without it too)
    import numpy as np
except ImportError:  # pragma: no cover
    np = None  # type: ignore[assignment]

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
EXAMPLES = os.path.join(REPO, "examples")

MEAN_LEVELS = 2.0
#: For a layer drawn translucent (its opacity through its ancestors, or its colour's alpha, below
#: 1): every renderer composites in 8 bits its own way (rlottie's 0.75 fill over a colour lands 3
#: levels from Skia's, each within 2 of the exact mix).
TRANSLUCENT_LEVELS = 3.0
OFF_LEVELS = 8
OFF_FRACTION = 0.01

#: A palette where the shimmer band is deep (the default one's is ~19 grey levels): dark bones, a
#: highlight 150 levels above the base, and a strong drop colour.
HIGH_CONTRAST = {"color": "#303030", "shimmerColor": "#202020", "shimmerBrightness": 6, "dropColor": "#E04010",
                 "backgroundColor": "#FFFFFF"}


def over_white(premultiplied_rgb: Any, alpha: Any) -> Any:
    """Premultiplied RGB over white, as uint8."""
    return np.clip(premultiplied_rgb.astype(np.int32) + 255 - alpha.astype(np.int32)[..., None], 0, 255).astype(np.uint8)


def rlottie_frames(text: str, size: Tuple[int, int], frames: Sequence[int]) -> List[Any]:
    """rlottie's frames (whole frame numbers) over white."""
    from rlottie_python import LottieAnimation

    animation = LottieAnimation.from_data(text)
    out = []
    for frame in frames:
        buffer = animation.lottie_animation_render(frame_num=int(frame), width=size[0], height=size[1])
        pixels = np.frombuffer(buffer, np.uint8).reshape(size[1], size[0], 4)
        out.append(over_white(pixels[..., [2, 1, 0]], pixels[..., 3]))
    return out


_ENGINE: List[Any] = []


def thorvg_frames(text: str, size: Tuple[int, int], frames: Sequence[float]) -> List[Any]:
    """ThorVG's frames (fractional frame numbers allowed) over white."""
    import thorvg_python as tvg

    if not _ENGINE:
        _ENGINE.append(tvg.Engine())
    engine = _ENGINE[0]
    animation = tvg.LottieAnimation(engine)
    picture = animation.get_picture()
    result = picture.load_data(text.encode("utf-8"), "lottie", None, True)
    assert result == tvg.Result.SUCCESS, f"ThorVG refused the document: {result}"
    picture.set_size(size[0], size[1])
    canvas = tvg.SwCanvas(engine)
    canvas.set_target(size[0], size[1])
    canvas.add(picture)
    out = []
    for frame in frames:
        animation.set_frame(float(frame))
        canvas.update()
        canvas.draw(True)
        canvas.sync()
        pixels = np.frombuffer(bytes(canvas.buffer_arr), np.uint8).reshape(size[1], size[0], 4)
        out.append(over_white(pixels[..., :3], pixels[..., 3]))
    canvas.destroy()
    return out


def chromium_path() -> Optional[str]:
    """Debian's headless Chromium, or None."""
    for name in ("chromium-headless-shell", "chromium"):
        path = shutil.which(name)
        if path:
            return path
    return None


class Browser:
    """One headless Chromium (Playwright over the system browser) for a test session."""

    def __init__(self) -> None:
        from playwright.sync_api import sync_playwright

        path = chromium_path()
        if path is None:
            raise RuntimeError("no chromium-headless-shell or chromium on PATH (make setup installs it)")
        self._manager = sync_playwright()
        self._playwright = self._manager.start()
        # Without ASan's runtime, which the sanitizer run preloads into Python: Chromium would hang.
        from ghostframe.page import _browser_environment

        self._browser = self._playwright.chromium.launch(executable_path=path, env=_browser_environment(),
                                                         timeout=60_000)
        self.animations = 0

    def close(self) -> None:
        self._browser.close()
        self._manager.__exit__(None, None, None)

    def frames(self, document: str, svg: bool, size: Tuple[int, int], times: Sequence[float],
               scale: float = 1) -> List[Any]:
        """The document (``size`` in points, drawn at ``scale`` pixels a point) seeked to each time
        (seconds) through ``document.getAnimations()``: every animation paused, its currentTime set."""
        from PIL import Image

        page = self._browser.new_page(viewport={"width": size[0], "height": size[1]}, device_scale_factor=scale)
        try:
            if svg:
                document = ("<!DOCTYPE html><html><head><style>body{margin:0;background:#fff}svg{display:block}</style></head>"
                            "<body>" + document + "</body></html>")
            page.set_content(document)
            settle = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
            page.evaluate(settle)
            self.animations = int(page.evaluate("() => document.getAnimations().length"))
            out = []
            for t in times:
                page.evaluate("ms => { for (const a of document.getAnimations()) { a.pause(); a.currentTime = ms; } }",
                              t * 1000)
                page.evaluate(settle)
                png = page.screenshot(clip={"x": 0, "y": 0, "width": size[0], "height": size[1]}, scale="device")
                out.append(np.asarray(Image.open(io.BytesIO(png)).convert("RGB")))
            return out
        finally:
            page.close()


    def values(self, document: str, svg: bool, size: Tuple[int, int], times: Sequence[float], script: str) -> List[Any]:
        """What the JavaScript expression ``script`` gives with the document (as in :meth:`frames`)
        seeked to each time (seconds) through ``document.getAnimations()``."""
        page = self._browser.new_page(viewport={"width": size[0], "height": size[1]})
        try:
            if svg:
                document = "<!DOCTYPE html><html><body>" + document + "</body></html>"
            page.set_content(document)
            page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
            out = []
            for t in times:
                page.evaluate("ms => { for (const a of document.getAnimations()) { a.pause(); a.currentTime = ms; } }",
                              t * 1000)
                out.append(page.evaluate("() => " + script))
            return out
        finally:
            page.close()


def layer_boxes(scene: Any, t: float, size: Tuple[int, int], scale: float = 1,
                contents: bool = False) -> List[Tuple[int, Tuple[int, int, int, int], bool]]:
    """(index, (left, top, right, bottom), translucent) of every visible, axis-aligned layer at ``t``: its
    rectangle in pixels (``scale`` a point) shrunk by 2 px (and by the corners' depth for a
    rounded one), clipped to the image, at least 1 px
    each way. Layers that show contents (an image the exports do not carry: the preview draws a
    glyph) are left out, or with ``contents`` are the only ones given, unshrunk."""
    states = scene.sample(t)
    rows = states.tolist() if hasattr(states, "tolist") else list(states)
    hidden = [False] * len(rows)
    boxes = []
    for i, s in enumerate(rows):
        parent = int(s[1])
        hidden[i] = bool(int(s[2]) & 1) or (0 <= parent < i and hidden[parent])
        a, b, c, d, tx, ty = (float(v) for v in s[14])
        w, h = float(s[6]), float(s[7])
        if hidden[i] or float(s[13]) <= 0 or abs(b) > 1e-9 or abs(c) > 1e-9 or a <= 0 or d <= 0:
            continue
        if bool(int(s[2]) & 4) != contents:
            continue
        # Rounded corners: the rectangle inside them as well (their curved edges are anti-aliased
        # a little differently by every rasteriser, and they are edges, not fill).
        radius = max(0.0, min(float(s[8]), w / 2, h / 2))
        inset = radius * (1 - 0.5 ** 0.5) * min(a, d) * scale
        margin = -1 if contents else 2 + inset
        left, top = tx * scale + margin, ty * scale + margin
        right, bottom = (tx + a * w) * scale - margin, (ty + d * h) * scale - margin
        box = (max(0, int(np.ceil(left))), max(0, int(np.ceil(top))), min(size[0], int(np.floor(right))),
               min(size[1], int(np.floor(bottom))))
        if box[2] - box[0] >= 1 and box[3] - box[1] >= 1:
            translucent = float(s[13]) < 1 or float(s[12]) < 1
            boxes.append((i, box, translucent))
    return boxes


def compare(frame: Any, reference: Any, boxes: Sequence[Tuple[int, Tuple[int, int, int, int], bool]],
            ignored: Sequence[Tuple[int, Tuple[int, int, int, int], bool]] = ()) -> Tuple[float, float, int]:
    """(the worst layer's mean difference in levels beyond its allowance - ``MEAN_LEVELS``, or
    ``TRANSLUCENT_LEVELS`` for a translucent layer - as a ratio (above 1 fails), the fraction of pixels
    off by more than OFF_LEVELS outside the ``ignored`` boxes, the worst layer's index or -1)."""
    assert frame.shape == reference.shape, (frame.shape, reference.shape)
    a, b = frame.astype(np.float64), reference.astype(np.float64)
    wrong = np.abs(a - b).max(axis=2) > OFF_LEVELS
    kept = np.ones(wrong.shape, dtype=bool)
    for _, (x0, y0, x1, y1), _ in ignored:
        kept[y0:y1, x0:x1] = False
    off = float((wrong & kept).mean())
    worst, worst_index = 0.0, -1
    for index, (x0, y0, x1, y1), translucent in boxes:
        inside = kept[y0:y1, x0:x1]
        if not inside.any():
            continue
        # Means in whole 8-bit levels: a flat fill's mean is its level (69.01 is level 69).
        mean_a = np.round(a[y0:y1, x0:x1][inside].mean(axis=0))
        mean_b = np.round(b[y0:y1, x0:x1][inside].mean(axis=0))
        d = float(np.abs(mean_a - mean_b).max()) / (TRANSLUCENT_LEVELS if translucent else MEAN_LEVELS)
        if d > worst:
            worst, worst_index = d, index
    return worst, off, worst_index


# -- the cases: every example tree, scene and timeline, the one-liner chain, the preload overlay and
#    the pull-to-refresh control -------------------------------------------------------------------


def tree_document(path: str, palette: Optional[Dict[str, Any]] = None) -> Dict[str, Any]:
    """A view tree, with ``palette`` over its global style."""
    with open(path, encoding="utf-8") as handle:
        tree = json.load(handle)
    if palette:
        style = dict(tree.get("style") or {})
        style.update(palette)
        tree["style"] = style
    return tree


def cases(palette: bool = False) -> List[Tuple[str, Callable[[], Any]]]:
    """(name, a function making the scene) for every case; ``palette`` applies HIGH_CONTRAST to
    the view trees (the scenes keep their own colours)."""
    import ghostframe as gf
    from ghostframe import motion_gallery

    made: List[Tuple[str, Callable[[], Any]]] = []
    for path in sorted(glob.glob(os.path.join(EXAMPLES, "trees", "*.json"))):
        name = "tree-" + os.path.splitext(os.path.basename(path))[0]
        made.append((name, lambda p=path: gf.skeleton(tree_document(p, HIGH_CONTRAST if palette else None))))
    if palette:
        return made
    for path in sorted(glob.glob(os.path.join(EXAMPLES, "scenes", "*.json"))):
        name = "scene-" + os.path.splitext(os.path.basename(path))[0]

        def scene(p: str = path) -> Any:
            with open(p, encoding="utf-8") as handle:
                return gf.Scene.from_json(handle.read())

        made.append((name, scene))
    for path in sorted(glob.glob(os.path.join(EXAMPLES, "timelines", "*.json"))):
        base = os.path.splitext(os.path.basename(path))[0]
        stage = os.path.join(EXAMPLES, "timelines", "stages", base + ".json")

        def timeline(p: str = path, s: str = stage) -> Any:
            with open(s, encoding="utf-8") as handle:
                scene = gf.Scene.from_json(handle.read())
            with open(p, encoding="utf-8") as handle:
                with gf.Timeline.from_json(handle.read()) as t:
                    t.apply(scene)
            return scene

        made.append(("timeline-" + base, timeline))
    made.append(("chain-oneliner", lambda: motion_gallery.chain_oneliner_scene()[0]))
    made.append(("preload", lambda: motion_gallery.preload_scene()[0]))

    def pull() -> Any:
        control = gf.PullToRefresh(motion_gallery.PULL_WIDTH)
        control.begin_refreshing(0.2)
        control.end_refreshing(1.2)
        return control.scene

    made.append(("pull-to-refresh", pull))
    return made


#: The lifecycle of issue 34 on the feed: shown after 0.4 s, fading in over 0.3 s, each sweep
#: followed by a 0.4 s pause, stopping after two whole cycles (3.8 s: static from 4.2 s).
LIFECYCLE = {"showDelay": 0.4, "appearDuration": 0.3, "shimmerPauseDuration": 0.4, "maxAnimationDuration": 3.8}


def edge_cases() -> List[Tuple[str, Callable[[], Any], List[float], Optional[float]]]:
    """(name, a function making the scene, the times to compare at, the export's duration or
    None for its default) of the cases whose edges matter: a list whose last row its clip cuts,
    and the skeleton's lifecycle (issue 34) at times around its edges, all with the
    high-contrast palette."""
    import ghostframe as gf

    feed = os.path.join(EXAMPLES, "trees", "feed.json")

    def clipped() -> Any:
        tree = tree_document(feed, HIGH_CONTRAST)
        tree["root"]["children"][3]["frame"] = [0, 100, 375, 250]  # the list: 2.2 rows, the third cut
        return gf.skeleton(tree)

    def lifecycle(end: Optional[float] = None) -> Any:
        tree = tree_document(feed, HIGH_CONTRAST)
        tree["style"].update(LIFECYCLE)
        scene = gf.skeleton(tree)
        if end is not None:
            gf.end_skeleton(scene, end, duration=0.3)
        return scene

    def breathing() -> Any:
        # Breathe takes the root's opacity, so the appear fade goes on its children: two opacities
        # with their own timings multiply (baked where both move).
        tree = tree_document(os.path.join(EXAMPLES, "trees", "bin.json"))
        tree["style"].update({"showDelay": 0.3, "appearDuration": 0.4, "maxAnimationDuration": 2})
        return gf.skeleton(tree)

    return [
        ("clip-list+contrast", clipped, [0.0, 0.263, 0.777, 1.113], None),
        # Before the delay, the fade's start, middle and end, a sweep, the pause, the next sweep,
        # the last moment of the last cycle, and after it (the static skeleton).
        ("lifecycle+contrast", lifecycle, [0.2, 0.413, 0.55, 0.713, 1.2, 2.05, 2.37, 4.18, 4.37], 4.6),
        # The end: before it, just after its start, its middle, its last moment and after it (the
        # skeleton gone). Not the very first frame of the fade (frame 151, opacity 0.994): there
        # rlottie composites the shimmer's gradient 4 levels light (2 for the layer alone; ThorVG
        # and Chromium are exact), its 8-bit rounding at its worst; one frame later it is 2.
        ("lifecycle-end+contrast", lambda: lifecycle(2.5), [2.47, 2.53, 2.65, 2.79, 2.9], None),
        ("breathe-appear", breathing, [0.1, 0.313, 0.5, 0.69, 1.5, 2.4, 2.6], 3.0),
    ]


def scale_for(size: Tuple[int, int]) -> int:
    """Pixels a point for a stage: enough for 400,000 pixels, at most 3, so that the anti-aliased
    edges (drawn a little differently by every rasteriser) stay a small share of a small stage's."""
    area = max(1, size[0] * size[1])
    return int(min(3, max(1, math.ceil((400_000 / area) ** 0.5 - 1e-9))))


def sample_times(duration: float, fps: float, count: int = 5) -> List[float]:
    """``count`` times across the export, none on a frame boundary of ``fps`` (so between
    keyframes of baked tracks too), plus the first frame."""
    times = [0.0]
    for k in range(1, count):
        t = duration * (k - 0.37) / count
        times.append(t)
    return times
