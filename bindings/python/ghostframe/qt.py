"""Skeletons from a Qt widget tree, and drawn over it (PySide6; ``pip install 'ghostframe[qt]'``).

:func:`view_tree` walks a widget and its visible children into a view tree
(docs/view-tree-format.md) by the mapping of docs/toolkits.md: ``QLabel`` → label (lines
from the font's metrics and the word wrap) or image (a pixmap), ``QAbstractButton`` →
button, ``QLineEdit`` / ``QTextEdit`` / ``QComboBox`` → text field, item views → a table
whose visible rows are cells, ``QScrollArea`` with its offsets; frames are the widgets' own
geometry. :class:`SkeletonOverlay` is a child widget covering its target that paints the
skeleton with ``QPainter`` every frame, from a ``QElapsedTimer`` clock, until :meth:`end
<SkeletonOverlay.end>` fades it out (TABAnimated's ``tab_startAnimation`` /
``tab_endAnimation``)::

    overlay = SkeletonOverlay(screen, style={"animation": "shimmer"})
    overlay.start()
    ...                         # the data arrives
    overlay.end()               # 0.2 s fade, then the overlay removes itself

Per widget, ``widget.setProperty("skeleton", ...)`` does what the page's ``data-skeleton-*``
attributes do: ``"ignore"`` (left out with its children), ``"block"``, ``"keep"``, or a dict
``{"kind": "image", "lines": 2, "adjust": "reducedWidth(20)", "mode": "block"}``.

Importing this module needs PySide6 (:class:`~ghostframe.MissingDependencyError` otherwise);
the rest of the package never imports it.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple, cast

if TYPE_CHECKING:
    from .documents import ViewTreeDocument

from .errors import GF_E_NOT_FOUND, MissingDependencyError, argument_type_error, invalid_argument

try:
    from PySide6 import QtCore, QtGui, QtWidgets
except ImportError as _error:
    raise MissingDependencyError(
        GF_E_NOT_FOUND, f"ghostframe.qt needs PySide6 ({_error}): pip install 'ghostframe[qt]' (or PySide6-Essentials)"
    ) from None

from .render.layers import LayerPaint, layer_paints
from .scene import Scene
from .skeleton import end_skeleton, skeleton, style_key

__all__ = ["view_tree", "SkeletonOverlay", "END_FADE"]

#: Seconds the end fade takes (``gf_skeleton_end``'s 0.2 s).
END_FADE = 0.2
_KINDS = ("view", "label", "image", "button", "textField", "textView", "table", "collection")
_MODES = ("auto", "block", "keep")
_RADIUS = re.compile(r"border-radius\s*:\s*([0-9.]+)\s*px", re.I)
_PAINTS = re.compile(r"(background|border)(-color|-image)?\s*:", re.I)


def _settings(widget: QtWidgets.QWidget) -> Dict[str, Any]:
    """The widget's ``skeleton`` property as a dict (``mode``, ``kind``, ``lines``, ``adjust``)."""
    value = widget.property("skeleton")
    if value is None:
        return {}
    where = widget.objectName() or type(widget).__name__
    if isinstance(value, str):
        if value in ("ignore", "skip"):
            return {"mode": "ignore"}
        if value in _MODES:
            return {"mode": value}
        if value in _KINDS:
            return {"kind": value}
        raise invalid_argument(f"{where}: skeleton property {value!r}: expected 'ignore', 'block', 'keep', "
                               "'auto', a kind or a dict")
    if not isinstance(value, Mapping):
        raise argument_type_error(f"{where}: the skeleton property must be a str or a dict, "
                                  f"not {type(value).__name__}")
    out = dict(value)
    unknown = set(out) - {"mode", "kind", "lines", "adjust", "rowHeight"}
    if unknown:
        raise invalid_argument(f"{where}: skeleton property: unknown key {sorted(unknown)[0]!r}; "
                               "expected mode, kind, lines, adjust, rowHeight")
    if "kind" in out and out["kind"] not in _KINDS:
        raise invalid_argument(f"{where}: skeleton kind {out['kind']!r}: expected one of {', '.join(_KINDS)}")
    if "mode" in out and out["mode"] not in _MODES + ("ignore",):
        raise invalid_argument(f"{where}: skeleton mode {out['mode']!r}: expected ignore, block, keep or auto")
    if "lines" in out and (isinstance(out["lines"], bool) or not isinstance(out["lines"], int) or out["lines"] < 0):
        raise invalid_argument(f"{where}: skeleton lines must be a whole number >= 0, got {out['lines']!r}")
    return out


def _radius(widget: QtWidgets.QWidget) -> Optional[float]:
    found = _RADIUS.search(widget.styleSheet() or "")
    if not found:
        return None
    radius = min(float(found.group(1)), widget.width() / 2, widget.height() / 2)
    return radius if radius > 0 else None


def _paints(widget: QtWidgets.QWidget) -> bool:
    if widget.autoFillBackground() or _PAINTS.search(widget.styleSheet() or ""):
        return True
    return isinstance(widget, QtWidgets.QFrame) and widget.frameShape() != QtWidgets.QFrame.Shape.NoFrame


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def label_lines(label: QtWidgets.QLabel) -> List[float]:
    """The widths of a plain-text label's lines as Qt lays them out: the text's own lines, and
    with word wrap the lines ``QTextLayout`` breaks them into at the label's contents width."""
    text = label.text()
    rect = label.contentsRect()
    width = rect.width() - 2 * max(label.margin(), 0)
    metrics = QtGui.QFontMetricsF(label.font())
    widths: List[float] = []
    for paragraph in text.split("\n"):
        if not label.wordWrap():
            widths.append(metrics.horizontalAdvance(paragraph))
            continue
        layout = QtGui.QTextLayout(paragraph, label.font())
        option = QtGui.QTextOption()
        option.setWrapMode(QtGui.QTextOption.WrapMode.WordWrap)
        layout.setTextOption(option)
        layout.beginLayout()
        count = 0
        while True:
            line = layout.createLine()
            if not line.isValid():
                break
            line.setLineWidth(width)
            widths.append(line.naturalTextWidth())
            count += 1
        layout.endLayout()
        if count == 0:
            widths.append(0.0)
    return widths


class _Walk:
    """One walk of a widget tree: the nodes, the cell templates, the adjust lines."""

    def __init__(self, root: QtWidgets.QWidget, widgets: Optional[Dict[str, QtWidgets.QWidget]]) -> None:
        self.root = root
        self.cells: Dict[str, Any] = {}
        self.adjust: List[str] = []
        self.count = 0
        self.widgets = widgets if widgets is not None else {}

    def node_id(self, widget: QtWidgets.QWidget) -> str:
        name = widget.objectName()
        if not name or name in self.widgets:
            self.count += 1
            name = f"{name or type(widget).__name__}#{self.count}"
        self.widgets[name] = widget
        return name

    def visible_children(self, widget: QtWidgets.QWidget) -> List[QtWidgets.QWidget]:
        return [c for c in widget.children() if isinstance(c, QtWidgets.QWidget) and not c.isWindow()
                and not c.isHidden() and not isinstance(c, SkeletonOverlay)]

    def visit_children(self, widget: QtWidgets.QWidget, parent: QtWidgets.QWidget, offset: Tuple[int, int],
                       clip: QtCore.QRect, adjust: List[str]) -> List[Dict[str, Any]]:
        out: List[Dict[str, Any]] = []
        for child in self.visible_children(widget):
            self.visit(child, parent, offset, clip, adjust, out)
        return out

    def visit(self, w: QtWidgets.QWidget, parent: QtWidgets.QWidget, offset: Tuple[int, int], clip: QtCore.QRect,
              adjust: List[str], out: List[Dict[str, Any]]) -> None:
        settings = _settings(w)
        if settings.get("mode") == "ignore" or w.width() <= 0 or w.height() <= 0:
            return
        at = w.mapTo(self.root, QtCore.QPoint(0, 0))
        if not clip.intersects(QtCore.QRect(at, w.size())):
            return  # outside the visible area: the root's, narrowed by scroll areas
        pos = w.mapTo(parent, QtCore.QPoint(0, 0)) if parent is not w else QtCore.QPoint(0, 0)
        frame = [pos.x() + offset[0], pos.y() + offset[1], w.width(), w.height()]
        kind = settings.get("kind") or self.kind(w)
        node: Dict[str, Any] = {"id": self.node_id(w), "type": kind or "view", "frame": frame}
        radius = _radius(w)
        if radius is not None:
            node["cornerRadius"] = radius
        mode = settings.get("mode")
        if mode in ("block", "keep"):
            node["skeleton"] = mode
        if isinstance(w, QtWidgets.QAbstractItemView) and kind in (None, "table"):
            self.item_view(w, node, settings)
        elif kind == "label" and isinstance(w, QtWidgets.QLabel):
            self.label(w, node, adjust)
        elif kind is None and mode is None:
            children, content = self.container(w, clip, adjust)
            if isinstance(w, QtWidgets.QAbstractScrollArea) or _paints(w) or settings or not children:
                if content != (0, 0):
                    node["contentOffset"] = list(content)
                if children:
                    node["children"] = children
                if not children and not _paints(w) and not settings:
                    return  # a leaf that paints nothing: a spacer
            else:  # a plain container: its children join the parent
                for child in children:
                    child["frame"][0] += frame[0]
                    child["frame"][1] += frame[1]
                out.extend(children)
                return
        elif kind == "image" and mode is None:
            children, _ = self.container(w, clip, adjust)
            if children:
                node["children"] = children
        if "lines" in settings:
            node["lines"] = settings["lines"]
        if settings.get("adjust"):
            for chain in str(settings["adjust"]).split(";"):
                if chain.strip():
                    adjust.append(f"named({_quote(node['id'])}).{chain.strip().lstrip('.')}")
        out.append(node)

    @staticmethod
    def kind(w: QtWidgets.QWidget) -> Optional[str]:
        if isinstance(w, QtWidgets.QLabel):
            pixmap = w.pixmap()
            if (pixmap is not None and not pixmap.isNull()) or w.movie() is not None:
                return "image"
            return "label" if w.text().strip() else None
        if isinstance(w, QtWidgets.QAbstractButton):
            return "button"
        if isinstance(w, (QtWidgets.QLineEdit, QtWidgets.QTextEdit, QtWidgets.QPlainTextEdit,
                          QtWidgets.QComboBox, QtWidgets.QAbstractSpinBox)):
            return "textField"
        if isinstance(w, QtWidgets.QAbstractItemView):
            return "table"
        return None

    def container(self, w: QtWidgets.QWidget, clip: QtCore.QRect,
                  adjust: List[str]) -> Tuple[List[Dict[str, Any]], Tuple[int, int]]:
        """The children's nodes in ``w``'s coordinates, and its content offset."""
        if isinstance(w, QtWidgets.QScrollArea):
            content = (w.horizontalScrollBar().value(), w.verticalScrollBar().value())
            viewport = w.viewport()
            at = viewport.mapTo(self.root, QtCore.QPoint(0, 0))
            inner = clip.intersected(QtCore.QRect(at, viewport.size()))
            inside = w.widget()
            out: List[Dict[str, Any]] = []
            if inside is not None and not inside.isHidden():
                self.visit(inside, w, content, inner, adjust, out)
            return out, content
        if isinstance(w, QtWidgets.QAbstractScrollArea):
            return [], (0, 0)  # its viewport draws what a widget tree does not hold
        return self.visit_children(w, w, (0, 0), clip, adjust), (0, 0)

    def label(self, w: QtWidgets.QLabel, node: Dict[str, Any], adjust: List[str]) -> None:
        widths = label_lines(w)
        alignment = w.alignment()
        if alignment & QtCore.Qt.AlignmentFlag.AlignHCenter:
            node["align"] = "center"
        elif alignment & QtCore.Qt.AlignmentFlag.AlignRight:
            node["align"] = "right"
        if len(widths) > 1:
            pitch = QtGui.QFontMetricsF(w.font()).lineSpacing()
            node["lines"] = len(widths)
            node["style"] = {"lineHeight": pitch * 0.75, "lineSpacing": pitch * 0.25}
            width = float(w.width())
            for k, line in enumerate(widths):
                if k == len(widths) - 1 or abs(line - width) > 0.5:
                    adjust.append(f"named({_quote(node['id'])}).targetLineWidth({k}, {round(min(line, width), 4)})")

    def item_view(self, view: QtWidgets.QAbstractItemView, node: Dict[str, Any], settings: Mapping[str, Any]) -> None:
        """A table whose rows are the view's rows: the first row's cells as the template."""
        node["type"] = "table"
        viewport = view.viewport()
        top = viewport.mapTo(view, QtCore.QPoint(0, 0))
        model = view.model()
        name = f"{node['id']}/row"
        children: List[Dict[str, Any]] = []
        metrics = view.fontMetrics()
        margin = view.style().pixelMetric(QtWidgets.QStyle.PixelMetric.PM_FocusFrameHMargin, None, view) + 1
        rows = model.rowCount(view.rootIndex()) if model is not None else 0
        if rows > 0 and model is not None:
            first = view.visualRect(model.index(0, 0, view.rootIndex()))
            row_height = first.height()
            if rows > 1:
                second = view.visualRect(model.index(1, 0, view.rootIndex()))
                if second.y() > first.y():
                    row_height = second.y() - first.y()
            scrolled = -first.y()
            for column in _columns(view, model):
                index = model.index(0, column, view.rootIndex())
                cell = view.visualRect(index)
                if cell.width() <= 0 or cell.right() < 0 or cell.left() > viewport.width():
                    continue
                x = top.x() + cell.x() + margin
                icon = index.data(QtCore.Qt.ItemDataRole.DecorationRole)
                if icon is not None:
                    side = min(view.iconSize().height() if view.iconSize().isValid() else 16, cell.height())
                    children.append({"type": "image", "frame": [x, (cell.height() - side) / 2, side, side]})
                    x += side + margin
                text = str(index.data(QtCore.Qt.ItemDataRole.DisplayRole) or "")
                lines = text.split("\n")
                width = min(max(metrics.horizontalAdvance(line) for line in lines),
                            max(top.x() + cell.right() + 1 - margin - x, 0))
                if text.strip() and width > 0:  # the text's lines, centred in the row as drawn
                    height = min(len(lines) * metrics.lineSpacing(), cell.height())
                    item: Dict[str, Any] = {"type": "label", "frame": [x, (cell.height() - height) / 2, width, height]}
                    if len(lines) > 1:
                        pitch = metrics.lineSpacing()
                        item["lines"] = len(lines)
                        item["style"] = {"lineHeight": pitch * 0.75, "lineSpacing": pitch * 0.25}
                    children.append(item)
        else:
            row_height = int(settings.get("rowHeight") or metrics.lineSpacing() + 8)
            scrolled = 0
            children.append({"type": "label", "frame": [top.x() + margin, 0, viewport.width() * 0.6, row_height]})
        row_height = max(int(settings.get("rowHeight") or row_height), 1)
        self.cells[name] = {"size": [view.width(), row_height], "children": children}
        section: Dict[str, Any] = {"cell": name, "rowHeight": row_height}
        if top.y() > 0:
            self.cells[name + "/top"] = {"size": [view.width(), top.y()], "children": []}
            section["header"] = {"cell": name + "/top", "height": top.y()}
        node["sections"] = [section]
        if scrolled:
            node["contentOffset"] = [0, scrolled]


def _columns(view: QtWidgets.QAbstractItemView, model: QtCore.QAbstractItemModel) -> List[int]:
    """The model columns a view shows (a list view one; tables and trees as their headers)."""
    if isinstance(view, QtWidgets.QListView):
        return [view.modelColumn()]
    if isinstance(view, QtWidgets.QTableView):
        return list(range(view.horizontalHeader().count()))
    if isinstance(view, QtWidgets.QTreeView):
        return list(range(view.header().count()))
    try:
        return list(range(model.columnCount(view.rootIndex())))
    except TypeError:  # a model whose columnCount PySide keeps private (the list models)
        return [0]


def view_tree(widget: QtWidgets.QWidget, *, style: Optional[Mapping[str, Any]] = None,
              widgets: Optional[Dict[str, QtWidgets.QWidget]] = None) -> Dict[str, Any]:
    """The view tree of ``widget`` and its visible children: a dict in the view tree format,
    the widget as the root (its size the viewport), ``style`` as the global style.

    ``widgets``, when given, is filled with ``{node id: widget}`` (ids are object names, made
    unique with ``#n``, or the class name and a number).

    Raises:
        ArgumentTypeError: ``widget`` is not a QWidget.
        InvalidArgumentError: a ``skeleton`` property with no valid value (the message names
            the widget).
    """
    if not isinstance(widget, QtWidgets.QWidget):
        raise argument_type_error(f"widget must be a QWidget, not {type(widget).__name__}")
    walk = _Walk(widget, widgets)
    width, height = max(widget.width(), 1), max(widget.height(), 1)
    root: Dict[str, Any] = {"id": walk.node_id(widget), "type": "view", "frame": [0, 0, width, height]}
    children = walk.visit_children(widget, widget, (0, 0), QtCore.QRect(0, 0, width, height), walk.adjust)
    if children:
        root["children"] = children
    tree: Dict[str, Any] = {"viewport": [width, height], "root": root}
    if style:
        if not isinstance(style, Mapping):
            raise argument_type_error(f"style must be a dict of style keys, not {type(style).__name__}")
        tree["style"] = {style_key(str(k)): v for k, v in style.items()}
    if walk.cells:
        tree["cells"] = walk.cells
    if walk.adjust:
        tree["adjust"] = walk.adjust
    return tree


def _color(rgba: Sequence[float], alpha: float = 1.0) -> QtGui.QColor:
    def clamp(v: float) -> float:
        return min(1.0, max(0.0, float(v)))

    return QtGui.QColor.fromRgbF(clamp(rgba[0]), clamp(rgba[1]), clamp(rgba[2]), clamp(rgba[3]) * clamp(alpha))


class SkeletonOverlay(QtWidgets.QWidget):
    """A child widget covering ``widget`` that paints its skeleton with ``QPainter`` every frame.

    Args:
        widget: the screen to cover; its view tree is walked by :meth:`start`.
        style: the tree's global style (``{"animation": "shimmer"}``).
        tree: a view tree to draw instead of the widget's own (anything
            :func:`ghostframe.skeleton` accepts).
        clock: seconds since :meth:`start`, read at every frame; default a ``QElapsedTimer``.
        fps: how often it repaints while running (default 60).

    Signals: ``finished`` once the end fade is over, just before the overlay removes itself
    (``deleteLater``). Use it as a context manager to end it on leaving the block.
    """

    finished = QtCore.Signal()

    def __init__(self, widget: QtWidgets.QWidget, *, style: Optional[Mapping[str, Any]] = None, tree: Any = None,
                 clock: Optional[Callable[[], float]] = None, fps: float = 60.0) -> None:
        if not isinstance(widget, QtWidgets.QWidget):
            raise argument_type_error(f"widget must be a QWidget, not {type(widget).__name__}")
        if isinstance(fps, bool) or not isinstance(fps, (int, float)) or not 0 < fps <= 1000:
            raise invalid_argument(f"fps must be a number in (0, 1000], got {fps!r}")
        super().__init__(widget)
        self.setProperty("skeleton", "ignore")
        self.hide()
        self._target = widget
        self._style = dict(style) if style else None
        self._tree = tree
        self._clock = clock
        self._elapsed = QtCore.QElapsedTimer()
        self._timer = QtCore.QTimer(self)
        self._timer.setInterval(max(1, int(round(1000 / fps))))
        self._timer.timeout.connect(self._tick)
        self.scene: Optional[Scene] = None
        self.ended_at: Optional[float] = None
        self._is_container: List[bool] = []
        self._is_background: List[bool] = []
        widget.installEventFilter(self)

    # -- the clock ---------------------------------------------------------------------------

    def now(self) -> float:
        """Seconds since :meth:`start` (the ``clock`` given, else the ``QElapsedTimer``)."""
        if self._clock is not None:
            return float(self._clock())
        return self._elapsed.nsecsElapsed() / 1e9 if self._elapsed.isValid() else 0.0

    @property
    def running(self) -> bool:
        """Whether the overlay is showing (started, and not yet removed)."""
        return self.scene is not None and self.isVisible()

    def start(self) -> None:
        """Walks the widget (or takes ``tree``), generates the skeleton, covers the widget and
        starts painting; the skeleton's time 0 is now."""
        tree = self._tree if self._tree is not None else view_tree(self._target, style=self._style)
        self.scene = skeleton(cast("ViewTreeDocument", tree))
        layers = json.loads(self.scene.to_json()).get("layers", [])
        ids = [""] * len(layers)
        for layer in layers:
            ids[self.scene.layer(layer["id"])] = layer["id"]
        self._is_container = [i.startswith("container:") for i in ids]
        self._is_background = [i == "skeleton" or i.startswith("container:") for i in ids]
        self.ended_at = None
        self.setGeometry(self._target.rect())
        self.raise_()
        self.show()
        self._elapsed.start()
        self._timer.start()

    def end(self) -> None:
        """Fades the skeleton out over :data:`END_FADE` seconds from now; then the overlay
        hides, emits ``finished`` and deletes itself."""
        if self.scene is None:
            raise invalid_argument("the overlay was not started")
        if self.ended_at is None:
            self.ended_at = self.now()
            end_skeleton(self.scene, self.ended_at)

    def __enter__(self) -> "SkeletonOverlay":
        self.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        if self.scene is not None and self.ended_at is None:
            self.end()

    def _tick(self) -> None:
        if self.ended_at is not None and self.now() >= self.ended_at + END_FADE:
            self._timer.stop()
            self.hide()
            self._target.removeEventFilter(self)
            self.finished.emit()
            self.deleteLater()
            return
        self.update()

    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
        if watched is self._target and event.type() == QtCore.QEvent.Type.Resize:
            self.setGeometry(self._target.rect())
        return False

    # -- painting ----------------------------------------------------------------------------

    def paint_frame(self, painter: QtGui.QPainter, t: float) -> None:
        """Paints the skeleton at time ``t`` with ``painter`` (in the widget's coordinates)."""
        if self.scene is None:
            return
        states = self.scene.sample(t)
        rows = list(states.tolist()) if hasattr(states, "tolist") else [tuple(s) for s in states]
        holes = self.scene.sample_custom("hole", t)
        size = (max(self.width(), 1), max(self.height(), 1))
        paints = layer_paints(rows, holes, 1.0, size, self._is_container, self._is_background)
        painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing, True)
        kept = [p for p in paints if p.hole]
        if kept:  # the real view shows through: nothing is painted there
            area = QtGui.QPainterPath()
            area.addRect(QtCore.QRectF(0, 0, size[0], size[1]))
            for p in kept:
                area = area.subtracted(self._shape(p, mapped=True))
            painter.setClipPath(area)
        for p in paints:
            if not p.hole:
                self._layer(painter, p)

    @staticmethod
    def _shape(p: LayerPaint, mapped: bool = False) -> QtGui.QPainterPath:
        path = QtGui.QPainterPath()
        rect = QtCore.QRectF(0, 0, p.w, p.h)
        if p.radius > 0:
            path.addRoundedRect(rect, p.radius, p.radius)
        else:
            path.addRect(rect)
        if mapped:
            a, b, c, d, tx, ty = p.m
            return QtGui.QTransform(a, b, c, d, tx, ty).map(path)
        return path

    def _layer(self, painter: QtGui.QPainter, p: LayerPaint) -> None:
        painter.save()
        if p.clip is not None:
            left, top, right, bottom = p.clip
            painter.setClipRect(QtCore.QRectF(left, top, right - left, bottom - top),
                                QtCore.Qt.ClipOperation.IntersectClip)
        a, b, c, d, tx, ty = p.m
        painter.setTransform(QtGui.QTransform(a, b, c, d, tx, ty), True)
        shape = self._shape(p)
        painter.setOpacity(p.opacity)
        if p.gradient is None:
            painter.fillPath(shape, _color(p.rgba))
        else:
            locations, colors, start, end = p.gradient
            sx, sy = start[0] * p.w, start[1] * p.h
            dx, dy = end[0] * p.w - sx, end[1] * p.h - sy
            opaque = all(color[3] >= 1.0 for color in colors)
            if p.rgba[3] > 0 and not opaque:
                painter.fillPath(shape, _color(p.rgba))
            if dx * dx + dy * dy <= 0 or len(locations) < 2:
                painter.fillPath(shape, _color(colors[0]))
            else:
                lo, hi = locations[0], locations[-1]
                if hi - lo <= 1e-9:
                    hi = lo + 1e-9
                gradient = QtGui.QLinearGradient(sx + lo * dx, sy + lo * dy, sx + hi * dx, sy + hi * dy)
                for location, color in zip(locations, colors):
                    gradient.setColorAt(min(1.0, max(0.0, (location - lo) / (hi - lo))), _color(color))
                painter.fillPath(shape, QtGui.QBrush(gradient))
        painter.restore()

    def paintEvent(self, event: QtGui.QPaintEvent) -> None:
        painter = QtGui.QPainter(self)
        try:
            self.paint_frame(painter, self.now())
        finally:
            painter.end()
