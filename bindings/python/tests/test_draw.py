"""ghostframe.draw (issue 34): each helper held to the preview.

The feed (examples/trees/feed.json) drawn by each helper is compared with the preview's frame
(``ghostframe preview feed.json --at T``) by the live hosts' comparison (_live_hosts.compare): per
bone the mean colour within HELPER_MEAN_TOLERANCE (2 levels), under HELPER_MISMATCH_FRACTION (1 %)
of the pixels off by more than 8. The frames: the shimmer's (0.5 and 0.9 s), the fade's (2.6 s of
a skeleton ended at 2.5 s) and the card transition's (its entry at 0.2 s, cut from the helper's
frame as the snapshot, against the same cut from the preview's, with the transition's
tolerances). skia is the preview's own painter: its frames must be the preview's, pixel for pixel.
"""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
np = pytest.importorskip("numpy")
Image = pytest.importorskip("PIL.Image")
pytest.importorskip("skia")

import ghostframe as gf  # noqa: E402
from ghostframe import draw  # noqa: E402

import _live_hosts as live  # noqa: E402
from _support import find_repository  # noqa: E402

W, H = 375, 667


def _tree() -> str:
    return live.feed_tree(find_repository())


def _skia_frame(scene, t):
    import skia

    surface = skia.Surface(W, H)
    canvas = surface.getCanvas()
    canvas.clear(skia.ColorWHITE)
    draw.skia(canvas, scene.sample(t), holes=scene.sample_custom("hole", t))
    bgra = surface.makeImageSnapshot().toarray()
    return Image.fromarray(np.ascontiguousarray(bgra[..., 2::-1]))


def _pygame_frame(scene, t):
    pygame = pytest.importorskip("pygame")
    pygame.display.init()
    surface = pygame.Surface((W, H))
    surface.fill((255, 255, 255))
    draw.pygame(surface, scene.sample(t), holes=scene.sample_custom("hole", t))
    return Image.frombytes("RGB", (W, H), pygame.image.tobytes(surface, "RGB"))


def _qt_application():
    """The process's one Qt application: a widgets QApplication, as test_qt.py needs after these
    tests (a QGuiApplication made first makes its widgets abort the interpreter)."""
    QtWidgets = pytest.importorskip("PySide6.QtWidgets")
    return QtWidgets.QApplication.instance() or QtWidgets.QApplication([])


def _qt_frame(scene, t):
    QtGui = pytest.importorskip("PySide6.QtGui")
    _qt_application()
    image = QtGui.QImage(W, H, QtGui.QImage.Format.Format_RGB888)
    image.fill(QtGui.QColor(255, 255, 255))
    painter = QtGui.QPainter(image)
    try:
        draw.qpainter(painter, scene.sample(t), holes=scene.sample_custom("hole", t))
    finally:
        painter.end()
    return Image.frombytes("RGB", (W, H), bytes(image.constBits()), "raw", "RGB", image.bytesPerLine())


HELPERS = {"skia": _skia_frame, "pygame": _pygame_frame, "qpainter": _qt_frame}


@pytest.mark.parametrize("helper", sorted(HELPERS))
@pytest.mark.parametrize("t, end_at", [(0.5, None), (0.9, None), (2.6, 2.5)])
def test_helper_draws_the_preview(tmp_path, helper, t, end_at):
    tree = _tree()
    scene = gf.skeleton(tree, end_at=end_at)
    frame = HELPERS[helper](scene, t)
    reference = live.reference_frame(tree, t, str(tmp_path / "preview.png"), end_at=end_at)
    bones = [(n, r) for n, r, _ in live.bone_rects(tree, t, end_at=end_at)]
    if helper == "skia":
        assert np.array_equal(np.asarray(frame), np.asarray(reference)), "the preview's painter draws the preview"
        return
    result = live.compare(frame, reference, bones, mean_tolerance=live.HELPER_MEAN_TOLERANCE,
                          fraction=live.HELPER_MISMATCH_FRACTION)
    assert result["bones"] == 33


@pytest.mark.parametrize("helper", ["pygame", "qpainter"])
def test_helper_snapshot_gives_the_transition(tmp_path, helper):
    tree = _tree()
    cards = [i.frame for i in gf.layout(tree) if i.kind == "row" and i.clip[3] > 0]
    snapshot = HELPERS[helper](gf.skeleton(tree), 1.0)
    reference = live.reference_frame(tree, 1.0, str(tmp_path / "snapshot.png"))
    got, frames = live.expected_transition(snapshot, cards, 2, 0.2)
    want, _ = live.expected_transition(reference, cards, 2, 0.2)
    live.compare(got, want, [(f"part {k}", f) for k, f in enumerate(frames)],
                 mean_tolerance=live.TRANSITION_MEAN_TOLERANCE, pixel_tolerance=live.TRANSITION_PIXEL_TOLERANCE,
                 fraction=live.TRANSITION_MISMATCH_FRACTION)


@pytest.mark.parametrize("helper", sorted(HELPERS))
def test_holes_show_the_background_and_hidden_layers_nothing(helper):
    # A kept bone (a hole) over the grey container shows the background (here red) through it;
    # the layers' own colours elsewhere. A hidden view produces no bone at all.
    tree = {"viewport": [100, 60], "style": {"backgroundColor": "#808080"},
            "root": {"frame": [0, 0, 100, 60], "children": [
                {"type": "view", "frame": [10, 10, 30, 20], "skeleton": "keep"},
                {"type": "label", "frame": [50, 10, 40, 20]}]}}
    scene = gf.skeleton(tree)
    global W, H
    saved = (W, H)
    W, H = 100, 60
    try:
        if helper == "skia":
            import skia as sk

            surface = sk.Surface(W, H)
            canvas = surface.getCanvas()
            canvas.clear(sk.ColorWHITE)
            draw.skia(canvas, scene.sample(0), holes=scene.sample_custom("hole", 0), background=(255, 0, 0))
            pixels = surface.makeImageSnapshot().toarray()[..., 2::-1]
        elif helper == "pygame":
            pygame = pytest.importorskip("pygame")
            pygame.display.init()
            surface = pygame.Surface((W, H))
            surface.fill((255, 255, 255))
            draw.pygame(surface, scene.sample(0), holes=scene.sample_custom("hole", 0), background=(255, 0, 0))
            pixels = np.asarray(Image.frombytes("RGB", (W, H), pygame.image.tobytes(surface, "RGB")))
        else:
            QtGui = pytest.importorskip("PySide6.QtGui")
            _qt_application()
            image = QtGui.QImage(W, H, QtGui.QImage.Format.Format_RGB888)
            image.fill(QtGui.QColor(255, 255, 255))
            painter = QtGui.QPainter(image)
            draw.qpainter(painter, scene.sample(0), holes=scene.sample_custom("hole", 0), background=(255, 0, 0))
            painter.end()
            pixels = np.asarray(Image.frombytes("RGB", (W, H), bytes(image.constBits()), "raw", "RGB",
                                                image.bytesPerLine()))
    finally:
        W, H = saved
    assert tuple(pixels[20, 25]) == (255, 0, 0)        # the hole
    assert tuple(pixels[5, 5]) == (128, 128, 128)      # the container
    assert tuple(pixels[15, 70]) == (238, 238, 238)    # the label's bar (#EEEEEE, 15 high)
    assert tuple(pixels[27, 70]) == (128, 128, 128)    # under the bar: the container


def test_missing_toolkit_and_bad_scale_are_reported(monkeypatch):
    import sys

    scene = gf.skeleton(_tree())
    monkeypatch.setitem(sys.modules, "pygame", None)
    with pytest.raises(gf.MissingDependencyError, match="ghostframe\\[pygame\\]"):
        draw.pygame(object(), scene.sample(0))
    monkeypatch.setitem(sys.modules, "PySide6", None)
    with pytest.raises(gf.MissingDependencyError, match="ghostframe\\[qt\\]"):
        draw.qpainter(object(), scene.sample(0))
    monkeypatch.undo()
    pg = pytest.importorskip("pygame")
    with pytest.raises(gf.InvalidArgumentError, match="scale"):
        draw.pygame(pg.Surface((10, 10)), scene.sample(0), scale=0)
