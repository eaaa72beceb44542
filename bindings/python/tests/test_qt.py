"""Skeletons from a Qt widget tree and the overlay (issue 33, point 2), offscreen.

The fixed screen is examples/python/qt_feed.py's ``FeedScreen``. Every node's frame
must be its widget's own geometry, exactly; a wrapped label's lines are what Qt's own font
metrics give; the list's rows where the view's ``visualRect`` puts them; and the overlay's
screenshot (the whole screen grabbed with the overlay on it) against ``ghostframe preview --at
T`` of the same tree: per bone the mean colour inside its rect shrunk by 2 px within 2 levels,
under 1 % of the pixels off by more than 8.
"""

from __future__ import annotations

import importlib.util
import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
pytest.importorskip("PySide6.QtWidgets")

from PySide6 import QtCore, QtGui, QtWidgets  # noqa: E402

import ghostframe as gf  # noqa: E402
import ghostframe.qt as gfqt  # noqa: E402
from _support import find_repository  # noqa: E402

REPO = find_repository()
EXAMPLE = os.path.join(REPO, "examples", "python", "qt_feed.py") if REPO else None
pytestmark = pytest.mark.skipif(EXAMPLE is None, reason="the repository's examples are not here")


@pytest.fixture(scope="module")
def app():
    return QtWidgets.QApplication.instance() or QtWidgets.QApplication([])


@pytest.fixture(scope="module")
def example():
    spec = importlib.util.spec_from_file_location("qt_feed_example", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def screen(app, example):
    widget = example.FeedScreen()
    widget.show()
    app.processEvents()
    yield widget
    widget.close()
    widget.deleteLater()
    app.processEvents()


def _absolute(tree):
    out = {}

    def walk(nodes, ox, oy):
        for node in nodes:
            x, y, w, h = node["frame"]
            out[node["id"]] = (node, (ox + x, oy + y, w, h))
            dx, dy = node.get("contentOffset", [0, 0])
            walk(node.get("children", []), ox + x - dx, oy + y - dy)

    walk([tree["root"]], 0, 0)
    return out


def test_frames_are_the_widgets_geometry(screen):
    widgets = {}
    tree = gfqt.view_tree(screen, widgets=widgets)
    nodes = _absolute(tree)
    checked = 0
    for node_id, (node, frame) in nodes.items():
        widget = widgets[node_id]
        at = widget.mapTo(screen, QtCore.QPoint(0, 0)) if widget is not screen else QtCore.QPoint(0, 0)
        if isinstance(widget.parentWidget(), QtWidgets.QWidget) and widget.parentWidget().objectName() == "chip-strip":
            pass  # inside the scroll area: mapTo already includes the scroll
        assert tuple(frame) == (at.x(), at.y(), widget.width(), widget.height()), node_id
        checked += 1
    kinds = {i: n["type"] for i, (n, _) in nodes.items()}
    assert kinds["avatar"] == "image" and kinds["name"] == "label" and kinds["bio"] == "label"
    assert kinds["follow"] == "button" and kinds["chip-1"] == "button" and kinds["search"] == "textField"
    assert kinds["stories"] == "table" and kinds["chips"] == "view"
    assert nodes["chips"][0]["contentOffset"] == [screen.chips.horizontalScrollBar().value(), 0] != [0, 0]
    assert "advert" not in nodes and "hidden-note" not in nodes  # skeleton="ignore", hidden
    assert "chip-5" not in nodes  # scrolled out of the scroll area's viewport
    assert nodes["avatar"][0]["cornerRadius"] == 24 and nodes["follow"][0]["cornerRadius"] == 8
    assert checked >= 11
    gf.skeleton(tree)


def test_wrapped_label_lines_and_list_rows_follow_qt(screen, app):
    tree = gfqt.view_tree(screen)
    bio = _absolute(tree)["bio"][0]
    metrics = QtGui.QFontMetrics(screen.bio.font())
    flags = int(QtCore.Qt.AlignmentFlag.AlignLeft | QtCore.Qt.TextFlag.TextWordWrap)
    block = metrics.boundingRect(screen.bio.contentsRect(), flags, screen.bio.text())
    assert bio["lines"] == round(block.height() / metrics.lineSpacing()) >= 2
    assert bio["style"]["lineHeight"] == pytest.approx(0.75 * QtGui.QFontMetricsF(screen.bio.font()).lineSpacing())
    # the last line's own width: the widest line of the text's last line as Qt breaks it
    last = [a for a in tree["adjust"] if a.startswith('named("bio").targetLineWidth(%d,' % (bio["lines"] - 1))]
    assert len(last) == 1
    # rows where the view draws them, filling its visible height
    screen.fill()
    app.processEvents()
    tree = gfqt.view_tree(screen)
    view = screen.stories
    origin = view.viewport().mapTo(screen, QtCore.QPoint(0, 0))
    rows = [i for i in gf.layout(tree) if i.kind == "row" and i.clip[3] > 0]
    model = view.model()
    shown = [view.visualRect(model.index(k, 0)) for k in range(model.rowCount())]
    shown = [r for r in shown if r.y() < view.viewport().height()]
    assert len(rows) == len(shown) >= 5
    for row, rect in zip(rows, shown):
        assert row.frame[1] == origin.y() + rect.y() and row.frame[3] == rect.height()


def _grab(widget):
    from PIL import Image

    image = widget.grab().toImage().convertToFormat(QtGui.QImage.Format.Format_RGB888)
    data = bytes(image.constBits())[: image.bytesPerLine() * image.height()]
    return Image.frombuffer("RGB", (image.width(), image.height()), data, "raw", "RGB", image.bytesPerLine(), 1).copy()


@pytest.mark.parametrize("t", [0.0, 0.5])
def test_overlay_screenshot_matches_the_preview(screen, app, tmp_path, t):
    pytest.importorskip("skia")
    import json

    import _live_hosts as live

    style = {"animation": "shimmer"}
    tree = gfqt.view_tree(screen, style=style)
    path = tmp_path / "tree.json"
    path.write_text(json.dumps(tree))
    overlay = gfqt.SkeletonOverlay(screen, style=style, clock=lambda: t)
    overlay.start()
    app.processEvents()
    host = _grab(screen)
    reference = live.reference_frame(str(path), t, str(tmp_path / "preview.png"))
    rects = [(n, r) for n, r, _ in live.bone_rects(str(path), t)]
    result = live.compare(host, reference, rects, mean_tolerance=2.0, fraction=0.01)
    assert result["bones"] >= 15
    print(result)
    overlay.end()


def test_overlay_ends_with_its_fade_then_removes_itself(screen, app):
    now = [0.0]
    overlay = gfqt.SkeletonOverlay(screen, style={"animation": "shimmer"}, clock=lambda: now[0])
    finished = []
    overlay.finished.connect(lambda: finished.append(now[0]))
    with pytest.raises(gf.InvalidArgumentError):
        overlay.end()  # not started
    overlay.start()
    assert overlay.running and overlay.geometry() == screen.rect()
    now[0] = 1.0
    overlay.end()
    now[0] = 1.1
    overlay._tick()
    assert overlay.isVisible() and not finished  # half way through the fade
    states = overlay.scene.sample(1.1)
    rows = list(states.tolist()) if hasattr(states, "tolist") else [tuple(s) for s in states]
    assert 0.05 < min(float(r[13]) for r in rows) < 0.95
    now[0] = 1.2
    overlay._tick()
    assert finished == [1.2] and not overlay.isVisible()
    destroyed = []
    overlay.destroyed.connect(lambda: destroyed.append(True))
    app.sendPostedEvents(None, QtCore.QEvent.Type.DeferredDelete)
    assert destroyed == [True]


def test_skeleton_property_and_bad_values(screen, app):
    screen.bio.setProperty("skeleton", {"kind": "image"})
    screen.name.setProperty("skeleton", "block")
    tree = gfqt.view_tree(screen)
    nodes = _absolute(tree)
    assert nodes["bio"][0]["type"] == "image" and nodes["name"][0]["skeleton"] == "block"
    assert 'named("handle").reducedWidth(30)' in tree["adjust"]
    screen.bio.setProperty("skeleton", {"kind": "picture"})
    with pytest.raises(gf.InvalidArgumentError, match="bio"):
        gfqt.view_tree(screen)
    screen.bio.setProperty("skeleton", "sideways")
    with pytest.raises(gf.InvalidArgumentError):
        gfqt.view_tree(screen)
    with pytest.raises(gf.ArgumentTypeError):
        gfqt.view_tree("not a widget")  # type: ignore[arg-type]
