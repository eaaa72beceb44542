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

from typing import List, Union

# LayoutItem and the reading of gf_layout_item live beside the ViewTree they are read from
# (ViewTree.layout); this module is the report's public name and its one-call form.
from .skeleton import LayoutItem, TreeSource, ViewTree

__all__ = ["LayoutItem", "layout"]


def layout(tree: Union[TreeSource, ViewTree]) -> List[LayoutItem]:
    """The real views of ``tree`` (anything :func:`ghostframe.skeleton` accepts, or a
    :class:`~ghostframe.ViewTree`), as the engine lays them out.

    Raises:
        GhostframeError: the tree is refused, with the message :func:`ghostframe.skeleton`
            gives for it; :class:`~ghostframe.LimitError` past ``GF_MAX_LAYOUT_ITEMS`` views.
    """
    if isinstance(tree, ViewTree):
        return tree.layout()
    with ViewTree.from_json(tree) as view_tree:
        return view_tree.layout()
