"""The layout report: a view tree's real views where the host shows them (``gf_view_tree_layout``).

The engine lays the tree out by the rules it generates skeletons with (docs/view-tree-format.md):
every view that is not hidden, whatever its ``skeleton`` mode, and every header, row, item and
footer of its lists that overlaps the visible area, each followed by its cell template's views.
Frames are in the root's points, so every bone lies on the view it stands for; a previewer draws
these faintly behind the bones (:mod:`ghostframe.preview`), and nothing in Python lays out a
list a second time.

>>> import ghostframe as gf
>>> tree = {"viewport": [100, 100], "root": {"frame": [0, 0, 100, 100], "children": [
...     {"id": "list", "type": "table", "frame": [0, 10, 100, 60],
...      "sections": [{"cell": "row", "rowHeight": 25}]}]},
...     "cells": {"row": {"size": [100, 25], "children": [
...         {"id": "name", "type": "label", "frame": [8, 4, 50, 16]}]}}}
>>> [(v.kind, v.frame) for v in gf.layout(tree) if v.kind in ("row", "label")]  # doctest: +NORMALIZE_WHITESPACE
[('row', (0.0, 10.0, 100.0, 25.0)), ('label', (8.0, 14.0, 50.0, 16.0)),
 ('row', (0.0, 35.0, 100.0, 25.0)), ('label', (8.0, 39.0, 50.0, 16.0)),
 ('row', (0.0, 60.0, 100.0, 25.0)), ('label', (8.0, 64.0, 50.0, 16.0))]
"""

from __future__ import annotations

from ctypes import byref, c_size_t
from typing import TYPE_CHECKING, Any, List, NamedTuple, Optional, Tuple, Union

from ._native import (
    GF_LAYOUT_FOOTER,
    GF_LAYOUT_HAS_CHILDREN,
    GF_LAYOUT_HAS_CORNER_RADIUS,
    GF_LAYOUT_HEADER,
    GF_LAYOUT_ITEM,
    GF_LAYOUT_RIGHT_TO_LEFT,
    GF_LAYOUT_ROW,
    gf_layout_item,
    lib,
)
from .errors import BufferTooSmallError

if TYPE_CHECKING:  # pragma: no cover
    from .skeleton import TreeSource, ViewTree

__all__ = ["LayoutItem", "layout"]

_KIND_NAMES = {
    0: "view", 1: "label", 2: "image", 3: "button", 4: "textField", 5: "textView", 6: "table", 7: "collection",
    GF_LAYOUT_HEADER: "header", GF_LAYOUT_ROW: "row", GF_LAYOUT_ITEM: "item", GF_LAYOUT_FOOTER: "footer",
}
_ALIGN_NAMES = {0: "natural", 1: "left", 2: "center", 3: "right"}
_MODE_NAMES = {0: "auto", 1: "skip", 2: "block", 3: "keep"}

Rect = Tuple[float, float, float, float]


class LayoutItem(NamedTuple):
    """One real view of a laid-out tree (``gf_layout_item``)."""

    #: The view's type (``"view"``, ``"label"``, ... ``"collection"``), or for a list's cell
    #: ``"header"``, ``"row"``, ``"item"`` or ``"footer"``.
    kind: str
    #: The index of the item that holds this one (a list its cells, a cell its template's
    #: views), always smaller; -1 for the root.
    parent: int
    #: The view's id, a cell's template name, or None.
    id: Optional[str]
    #: ``(x, y, width, height)`` in the root's points (mirrored for a right-to-left tree).
    frame: Rect
    #: Where the view can show: the viewport narrowed by the lists, scrolled views and cells
    #: around it; zero-sized when none of it can.
    clip: Rect
    #: The view's own corner radius, or None.
    corner_radius: Optional[float]
    #: The node's ``lines`` (labels: 0 = as many as fit); 1 for a cell.
    lines: int
    #: ``"natural"``, ``"left"``, ``"center"`` or ``"right"``.
    align: str
    #: The node's skeleton mode: ``"auto"``, ``"skip"``, ``"block"`` or ``"keep"``.
    skeleton: str
    #: Whether the node (for a cell, its template) has children: a container, not a leaf.
    has_children: bool
    #: A cell's section in its list; None for a view.
    section: Optional[int]
    #: A row's or item's number in its section; 0 otherwise.
    index: int  # type: ignore[assignment]  # a field named as tuple.index, by design
    #: Whether the tree lays out right to left (natural alignment is then to the right).
    right_to_left: bool


def _item(raw: Any) -> LayoutItem:
    flags = int(raw.flags)
    return LayoutItem(
        kind=_KIND_NAMES.get(int(raw.kind), "view"),
        parent=int(raw.parent),
        id=raw.id.decode("utf-8") if raw.id is not None else None,
        frame=(raw.x, raw.y, raw.width, raw.height),
        clip=(raw.clip_x, raw.clip_y, raw.clip_width, raw.clip_height),
        corner_radius=raw.corner_radius if flags & GF_LAYOUT_HAS_CORNER_RADIUS else None,
        lines=int(raw.lines),
        align=_ALIGN_NAMES.get(int(raw.align), "natural"),
        skeleton=_MODE_NAMES.get(int(raw.skeleton), "auto"),
        has_children=bool(flags & GF_LAYOUT_HAS_CHILDREN),
        section=None if raw.section < 0 else int(raw.section),
        index=int(raw.index),
        right_to_left=bool(flags & GF_LAYOUT_RIGHT_TO_LEFT),
    )


def _layout_of(handle: Any) -> List[LayoutItem]:
    """``gf_view_tree_layout`` on a live tree handle: asks for the count, then the items."""
    count = c_size_t(0)
    try:
        lib.gf_view_tree_layout(handle, None, 0, byref(count))
        return []  # GF_OK with capacity 0: nothing to report (a hidden root)
    except BufferTooSmallError:
        pass  # the count it needs is in `count`
    # Nothing changes the tree between the two calls (the caller, a ViewTree method, holds its lock).
    items = (gf_layout_item * count.value)()
    lib.gf_view_tree_layout(handle, items, count.value, byref(count))
    return [_item(items[i]) for i in range(count.value)]


def layout(tree: "Union[TreeSource, ViewTree]") -> List[LayoutItem]:
    """The real views of ``tree`` (anything :func:`ghostframe.skeleton` accepts, or a
    :class:`~ghostframe.ViewTree`), as the engine lays them out.

    Raises:
        GhostframeError: the tree is refused, with the message :func:`ghostframe.skeleton`
            gives for it; :class:`~ghostframe.LimitError` past ``GF_MAX_LAYOUT_ITEMS`` views.
    """
    from .skeleton import ViewTree

    if isinstance(tree, ViewTree):
        return tree.layout()
    with ViewTree.from_json(tree) as view_tree:
        return view_tree.layout()
