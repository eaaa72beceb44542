"""Skeletons: a host's view tree in, an animated skeleton :class:`~ghostframe.Scene` out.

:func:`skeleton` reads a view tree (docs/view-tree-format.md) - a dict, JSON text, UTF-8
bytes or a file - and returns the skeleton as an ordinary scene: a root layer
``"skeleton"``, one ``"container:<group>"`` per background, one ``"bone:<i>"`` (or
``"bone:<i>:line:<k>"``) per bone, and the effect (shimmer, breathe, drop, long/short) as
animations, so ``scene.sample(t)`` is what the skeleton looks like at time ``t``.
:class:`ViewTree` builds the same tree node by node (``gf_view_tree_*``), for a toolkit
that walks its own widgets. :func:`end_skeleton` fades a skeleton (or one list section)
out when the real content arrives.

>>> tree = {"viewport": [375, 667],
...         "root": {"frame": [0, 0, 375, 667],
...                  "children": [{"type": "label", "frame": [16, 16, 100, 20]}]}}
>>> scene = skeleton(tree)
>>> len(scene)                      # skeleton, container:root, bone:0
3
>>> bar = scene.sample(0.0)[scene.layer("bone:0")]
>>> [float(bar[k] if hasattr(bar, "dtype") else getattr(bar, k)) for k in ("x", "y", "width", "height")]
[16.0, 16.0, 100.0, 15.0]
"""

from __future__ import annotations

import numbers
import os
import re
from ctypes import byref, c_size_t, c_uint32
from typing import Any, List, Mapping, NamedTuple, Optional, Sequence, Tuple, Union

from . import _native
from ._convert import as_double, as_flag, as_text, c_text
from ._handle import NativeHandle, holding
from ._limits import MAX_JSON_DEPTH, MAX_VIEW_TREE_JSON_DEPTH, json_text
from ._source import DocumentSource, PathSource, naming_the_file, read_file, read_source
from .documents import ListSection, ViewTreeDocument
from ._native import (
    GF_LAYOUT_FOOTER,
    GF_LAYOUT_HAS_CHILDREN,
    GF_LAYOUT_HAS_CORNER_RADIUS,
    GF_LAYOUT_HEADER,
    GF_LAYOUT_ITEM,
    GF_LAYOUT_RIGHT_TO_LEFT,
    GF_LAYOUT_ROW,
    GF_VIEW_TREE_GLOBAL,
    gf_layout_item,
    gf_scene_p,
    gf_skeleton_end_params,
    gf_view_node_desc,
    gf_view_tree_p,
    lib,
)
from .curve import Curve
from .errors import (
    BufferTooSmallError,
    GhostframeError,
    InvalidArgumentError,
    LimitError,
    argument_type_error,
    invalid_argument,
)
from .scene import Scene

__all__ = ["skeleton", "end_skeleton", "ViewTree", "read_tree_source", "TreeSource", "DocumentSource"]

#: What :func:`skeleton` accepts: a dict (typed as :class:`~ghostframe.documents.ViewTreeDocument`,
#: so a type checker reads its keys), JSON text (a str starting with ``{``), UTF-8 bytes, or a path
#: (any other str, or an os.PathLike) to a JSON file: the rule of every loader.
TreeSource = Union[ViewTreeDocument, str, bytes, bytearray, memoryview, "os.PathLike[str]"]

# The header's GF_VIEW_*, GF_SKELETON_* and GF_ALIGN_* values, by the names the view tree format uses.
_KINDS = {
    "view": _native.GF_VIEW_VIEW,
    "label": _native.GF_VIEW_LABEL,
    "image": _native.GF_VIEW_IMAGE,
    "button": _native.GF_VIEW_BUTTON,
    "textField": _native.GF_VIEW_TEXT_FIELD,
    "textView": _native.GF_VIEW_TEXT_VIEW,
    "table": _native.GF_VIEW_TABLE,
    "collection": _native.GF_VIEW_COLLECTION,
}
_KIND_ALIASES = {"text_field": "textField", "text_view": "textView"}
_MODES = {
    "auto": _native.GF_SKELETON_AUTO,
    "skip": _native.GF_SKELETON_SKIP,
    "block": _native.GF_SKELETON_BLOCK,
    "keep": _native.GF_SKELETON_KEEP,
}
_ALIGNS = {
    "natural": _native.GF_ALIGN_NATURAL,
    "left": _native.GF_ALIGN_LEFT,
    "center": _native.GF_ALIGN_CENTER,
    "right": _native.GF_ALIGN_RIGHT,
}


def _encode_tree(tree: Mapping[str, Any]) -> bytes:
    text = _json_dumps(tree, "the view tree dict", "tree", MAX_VIEW_TREE_JSON_DEPTH)
    return text.encode("utf-8", "surrogatepass")


def read_tree_source(tree: Any) -> Tuple[bytes, Optional[str]]:
    """The JSON bytes of a view tree given as :func:`skeleton` accepts it, and the file it
    came from (``None`` unless it was a path).

    A ``str`` is JSON when it is blank or its first non-blank character is ``{`` or ``[``, else a
    path (the rule of every loader: docs/python-guide.md, "Documents in").

    Raises:
        ArgumentTypeError: an unsupported type, or a dict holding a value ``json.dumps``
            cannot encode (also a TypeError).
        InvalidArgumentError: a dict ``json.dumps`` refuses otherwise (a circular reference).
        FileNotFoundError, OSError: the path cannot be read (the error names the file).
        LimitError: a dict nested deeper than the view tree format allows (256 levels of
            arrays and objects) or holding more than 10,000,000 values, refused before it
            is encoded.
    """
    return read_source(tree, "view tree", "tree", _encode_tree)


def _json_dumps(value: Any, what: str, name: str, max_depth: int) -> str:
    """``json.dumps(value)`` (NaN and infinities as the library's parser reports them), once
    its shape is within the limits (LimitError naming ``name`` past ``max_depth`` levels), with
    its refusals as GhostframeErrors naming ``what``."""
    try:
        return json_text(value, name, max_depth, allow_nan=True)
    except LimitError:
        raise
    except InvalidArgumentError as exc:  # a container that contains itself
        raise invalid_argument(f"{what} is not JSON-serialisable: {exc.message}") from None
    except TypeError as exc:
        raise argument_type_error(f"{what} is not JSON-serialisable: {exc}") from None
    except ValueError as exc:  # a circular reference
        raise invalid_argument(f"{what} is not JSON-serialisable: {exc}") from None


def skeleton(tree: TreeSource, *, end_at: Optional[float] = None) -> Scene:
    """The skeleton of a view tree, as a :class:`~ghostframe.Scene` (``gf_skeleton_from_json``).

    Args:
        tree: a dict (encoded with ``json.dumps``), JSON text (a ``str`` that is blank or
            whose first non-blank character is ``{`` or ``[``), UTF-8 ``bytes``, or a path (any
            other ``str``, or an ``os.PathLike``) to a JSON file; errors about a file's content
            start with its name.
        end_at: when given, the skeleton ends from this scene time (:func:`end_skeleton`
            with no group and its defaults: 0.2 s, ease-in-out).

    Returns:
        A new scene; its effects start at time 0.

    Raises:
        GhostframeError: the library refused the tree. The message starts with the JSON
            path of the problem (``root.children[3].fram: unknown key 'fram' (did you mean
            'frame'?)``), or names the adjust line and column (``adjust[0], column 14:
            ...``); :class:`~ghostframe.ParseError` for text that is not JSON (with line and
            column), :class:`~ghostframe.InvalidUTF8Error` for bytes that are not UTF-8,
            :class:`~ghostframe.NotFoundError` for a section naming a missing cell,
            :class:`~ghostframe.LimitError` past the format's limits.
        ArgumentTypeError: an unsupported type for ``tree`` (a GhostframeError and a
            TypeError).
        FileNotFoundError: a path that does not exist (naming it).
    """
    data, path = read_tree_source(tree)
    handle = gf_scene_p()
    with naming_the_file(path):
        lib.gf_skeleton_from_json(data, len(data), byref(handle))
    scene = Scene._adopting(handle)
    if end_at is not None:
        end_skeleton(scene, end_at)
    return scene


def end_skeleton(
    scene: Scene,
    t: float,
    group: Optional[str] = None,
    duration: float = 0.2,
    curve: "Union[str, Curve]" = "easeInEaseOut",
) -> None:
    """Ends a skeleton scene from scene time ``t`` as a cross-dissolve
    (``gf_skeleton_end_with``): the skeleton fades out while its content opacity
    (:meth:`Scene.content_opacity <ghostframe.Scene.content_opacity>`) fades in.

    Args:
        scene: a scene made by :func:`skeleton` or :meth:`ViewTree.skeleton`.
        t: the scene time the end starts (finite).
        group: ``None`` ends the whole skeleton; a list section's group
            (``"LIST/section/N"``, as in the container layer ids ``"container:LIST/section/N"``)
            ends that section and the lists nested in it, while the others keep animating.
        duration: seconds of both fades (finite, >= 0; 0: at once).
        curve: the easing of both, a curve spec (``"easeInEaseOut"``, ``"linear"``,
            ``"cubic-bezier(...)"``, a registered host curve) or a :class:`~ghostframe.Curve`.

    A skeleton ended before its style's ``showDelay`` passed never shows: the content is at 1
    from ``t``. Ending the same group again replaces the earlier end.

    Raises:
        GhostframeError: ``t`` or ``duration`` is not finite, ``duration`` is negative, a bad
            curve spec (:class:`~ghostframe.InvalidArgumentError` or
            :class:`~ghostframe.ParseError`), or ``group`` names no container
            (:class:`~ghostframe.NotFoundError`); ``scene`` is not a Scene
            (:class:`~ghostframe.ArgumentTypeError`).
    """
    if not isinstance(scene, Scene):
        raise argument_type_error(f"scene must be a ghostframe.Scene, not {type(scene).__name__}")
    t = as_double(t, "t")
    group_bytes = None if group is None else c_text(group, "group")
    params = gf_skeleton_end_params()
    lib.gf_skeleton_end_params_init(byref(params))
    params.duration = as_double(duration, "duration")
    if isinstance(curve, Curve):
        curve = curve.spec
    elif not isinstance(curve, str):
        raise argument_type_error(f"curve must be a curve spec (str) or a ghostframe.Curve, not {type(curve).__name__}")
    params.curve = c_text(curve, "curve")
    with holding(scene):
        lib.gf_skeleton_end_with(scene._changed(), t, group_bytes, byref(params))


# ---------------------------------------------------------------------------------------
# The builder
# ---------------------------------------------------------------------------------------


# ---------------------------------------------------------------------------------------
# The layout report (gf_view_tree_layout): read from a ViewTree, public in ghostframe.layout
# ---------------------------------------------------------------------------------------

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


def _pair(value: Any, name: str) -> Tuple[float, float]:
    if isinstance(value, (str, bytes, bytearray)) or value is None:
        raise argument_type_error(f"{name} must be a pair of numbers, not {type(value).__name__}")
    try:
        items = list(value)
    except TypeError:
        raise argument_type_error(f"{name} must be a pair of numbers, not {type(value).__name__}") from None
    if len(items) != 2:
        raise invalid_argument(f"{name} must have 2 numbers, got {len(items)}")
    return as_double(items[0], f"{name}[0]"), as_double(items[1], f"{name}[1]")


def _frame(value: Any) -> Tuple[float, float, float, float]:
    if isinstance(value, (str, bytes, bytearray)) or value is None:
        raise argument_type_error(f"frame must be (x, y, width, height), not {type(value).__name__}")
    try:
        items = list(value)
    except TypeError:
        raise argument_type_error(f"frame must be (x, y, width, height), not {type(value).__name__}") from None
    if len(items) != 4:
        raise invalid_argument(f"frame must have 4 numbers (x, y, width, height), got {len(items)}")
    x, y, w, h = (as_double(v, f"frame[{i}]") for i, v in enumerate(items))
    return x, y, w, h


def _choice(value: Any, name: str, choices: Mapping[str, int], aliases: Mapping[str, str] = {}) -> int:
    if not isinstance(value, str):
        raise argument_type_error(f"{name} must be a str, not {type(value).__name__}")
    key = aliases.get(value, value)
    if key not in choices:
        options = ", ".join(repr(k) for k in choices)
        raise invalid_argument(f"unknown {name} {value!r}; expected one of {options}")
    return choices[key]


def _handle_arg(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise argument_type_error(f"{name} must be a node handle (an int), not {type(value).__name__}")
    as_int = int(value)
    if not 0 <= as_int < 2**32:
        raise invalid_argument(f"{name} must be a node handle in [0, 2**32), got {as_int}")
    return as_int


def _number(value: float) -> str:
    return f"{value:.4g}"


_CAMEL = re.compile(r"_([a-z])")


def style_key(name: str) -> str:
    """A style key as the view tree format spells it: ``shimmer_direction`` →
    ``shimmerDirection`` (keys already in camelCase pass unchanged)."""
    return _CAMEL.sub(lambda m: m.group(1).upper(), name)


class ViewTree(NativeHandle):
    """A view tree built node by node (``gf_view_tree_*``), for hosts that walk their widgets.

    >>> tree = ViewTree((375, 667))
    >>> root = tree.set_root(frame=(0, 0, 375, 667))
    >>> name = tree.add_node(root, kind="label", frame=(16, 16, 100, 20), id="name")
    >>> tree.set_style(None, animation="shimmer")
    >>> scene = tree.skeleton()
    >>> "bone:0" in scene
    True

    Nodes are referred to by the handles (small ints) :meth:`set_root`, :meth:`add_node`
    and :meth:`add_cell` return. A tree holds a library object, released by :meth:`close`,
    a ``with`` block or garbage collection; threads sharing it take turns (docs: Threads).

    Raises (every method), always a :class:`~ghostframe.GhostframeError`:
        ArgumentTypeError: a wrong type (also a TypeError) - checked before the library is
            called.
        InvalidArgumentError: an unknown kind/skeleton/align name, a wrong tuple length
            (checked before the library is called); from the library a negative size, a
            second root, an unknown style key or a bad value. Style and section errors
            name the node (``node 'avatar' (handle 1): style.color: ...``, or the
            ``global style``) and the key.
        NotFoundError: an unknown node handle.
    """

    __slots__ = ("_origin", "_counts")
    _kind = "ViewTree"
    _no_copy_reason = (
        "the library cannot write a view tree back; keep its JSON and call ViewTree.from_json again"
    )

    def __init__(self, viewport: Sequence[float]) -> None:
        """An empty tree whose visible size is ``viewport`` = ``(width, height)`` (> 0)."""
        self._handle = None
        self._finalizer = None
        width, height = _pair(viewport, "viewport")
        handle = gf_view_tree_p()
        lib.gf_view_tree_create(width, height, byref(handle))
        self._adopt(handle, lib.gf_view_tree_free)
        #: What the repr says the tree came from, and the nodes and cells added since.
        self._origin = f"{_number(width)} x {_number(height)}"
        self._counts = [0, 0]

    @classmethod
    def create(cls, viewport: Sequence[float]) -> "ViewTree":
        """Same as ``ViewTree(viewport)``."""
        return cls(viewport)

    @classmethod
    def from_json(cls, tree: TreeSource) -> "ViewTree":
        """Reads a whole tree (``gf_view_tree_load_json``) from anything :func:`skeleton`
        accepts (a dict, JSON text, bytes or a path), to add to it or generate it later."""
        data, path = read_tree_source(tree)
        return cls._loaded(data, path)

    @classmethod
    def from_file(cls, path: PathSource) -> "ViewTree":
        """Reads a whole tree from the JSON file ``path`` (a str is a path here, whatever it
        starts with); errors about its content start with the file's name.

        Raises:
            FileNotFoundError: no such file (naming it); OSError: it cannot be read.
        """
        data, name = read_file(path, "view tree")
        return cls._loaded(data, name)

    @classmethod
    def _loaded(cls, data: bytes, path: Optional[str]) -> "ViewTree":
        handle = gf_view_tree_p()
        with naming_the_file(path):
            lib.gf_view_tree_load_json(data, len(data), byref(handle))
        self = cls.__new__(cls)
        self._adopt(handle, lib.gf_view_tree_free)
        self._origin = f"read from {os.path.basename(path)}" if path is not None else "read from JSON"
        self._counts = [0, 0]
        return self

    @staticmethod
    def _desc(
        kind: str,
        frame: Any,
        id: Optional[str],
        skeleton: str,
        align: str,
        hidden: bool,
        lines: int,
        corner_radius: Optional[float],
        content_offset: Any,
    ) -> Tuple[gf_view_node_desc, Optional[bytes]]:
        desc = gf_view_node_desc()
        lib.gf_view_node_desc_init(byref(desc))
        desc.kind = _choice(kind, "kind", _KINDS, _KIND_ALIASES)
        desc.skeleton = _choice(skeleton, "skeleton", _MODES)
        desc.align = _choice(align, "align", _ALIGNS)
        desc.hidden = as_flag(hidden, "hidden")
        if isinstance(lines, bool) or not isinstance(lines, numbers.Integral):
            raise argument_type_error(f"lines must be an int, not {type(lines).__name__}")
        if not -(2**31) <= int(lines) < 2**31:
            raise invalid_argument(f"lines must fit in 32 bits, got {lines}")
        desc.lines = int(lines)
        if corner_radius is not None:
            desc.has_corner_radius = 1
            desc.corner_radius = as_double(corner_radius, "corner_radius")
        desc.x, desc.y, desc.width, desc.height = _frame(frame)
        desc.content_offset_x, desc.content_offset_y = _pair(content_offset, "content_offset")
        id_bytes = None if id is None else c_text(id, "id")
        desc.id = id_bytes
        return desc, id_bytes

    def set_root(
        self,
        *,
        frame: Sequence[float],
        kind: str = "view",
        id: Optional[str] = None,
        skeleton: str = "auto",
        align: str = "natural",
        hidden: bool = False,
        lines: int = 1,
        corner_radius: Optional[float] = None,
        content_offset: Sequence[float] = (0.0, 0.0),
    ) -> int:
        """Sets the root view (once) and returns its node handle. Arguments as :meth:`add_node`."""
        desc, _keep = self._desc(kind, frame, id, skeleton, align, hidden, lines, corner_radius, content_offset)
        out = c_uint32()
        lib.gf_view_tree_set_root(self._ptr(), byref(desc), byref(out))
        self._counts[0] += 1
        return out.value

    def add_node(
        self,
        parent: int,
        *,
        frame: Sequence[float],
        kind: str = "view",
        id: Optional[str] = None,
        skeleton: str = "auto",
        align: str = "natural",
        hidden: bool = False,
        lines: int = 1,
        corner_radius: Optional[float] = None,
        content_offset: Sequence[float] = (0.0, 0.0),
    ) -> int:
        """Adds a view under ``parent`` (a node handle: the root, a node, or a cell's
        content node) and returns its handle.

        Args:
            frame: ``(x, y, width, height)`` in the parent's coordinates.
            kind: ``"view"``, ``"label"``, ``"image"``, ``"button"``, ``"textField"``,
                ``"textView"``, ``"table"`` or ``"collection"``.
            id: the host's identifier (``named(id)`` in adjust lines).
            skeleton: ``"auto"``, ``"skip"``, ``"block"`` or ``"keep"``.
            align: labels: ``"natural"``, ``"left"``, ``"center"`` or ``"right"``.
            lines: labels: the text lines, 0 = as many as fit.
            corner_radius: the view's own radius (``None``: the style cascade decides).
            content_offset: scroll containers: how far the content is scrolled.
        """
        parent_handle = _handle_arg(parent, "parent")
        desc, _keep = self._desc(kind, frame, id, skeleton, align, hidden, lines, corner_radius, content_offset)
        out = c_uint32()
        lib.gf_view_tree_add_node(self._ptr(), parent_handle, byref(desc), byref(out))
        self._counts[0] += 1
        return out.value

    def add_cell(self, name: str, size: Sequence[float]) -> int:
        """Adds the cell template ``name`` of ``size`` = ``(width, height)`` and returns the
        handle of its content node, under which the cell's views are added (and on which
        :meth:`set_style` and :meth:`add_adjust` address the cell)."""
        width, height = _pair(size, "size")
        out = c_uint32()
        lib.gf_view_tree_add_cell(self._ptr(), c_text(name, "name"), width, height, byref(out))
        self._counts[1] += 1
        return out.value

    def add_section(self, list_node: int, section: Union[ListSection, str]) -> None:
        """Adds a section to a table or collection node: a dict (or JSON text) with the view
        tree format's section keys, e.g. ``{"cell": "news", "rowHeight": 100}``. An error names
        the list and the section's place in it: ``node 'list' (handle 2): sections[0].rowHeight:
        ...``."""
        node = _handle_arg(list_node, "list_node")
        if isinstance(section, Mapping):
            text = _json_dumps(section, "the section dict", "section", MAX_JSON_DEPTH)
        elif isinstance(section, str):
            text = section
        else:
            raise argument_type_error(f"section must be a dict or JSON text, not {type(section).__name__}")
        lib.gf_view_tree_add_section(self._ptr(), node, c_text(text, "section"))

    def set_style(self, node: Optional[int], **styles: Any) -> None:
        """Sets style keys on a node (a control view), a cell's content node, or, with
        ``node=None``, the tree's global level: ``tree.set_style(None, animation="shimmer",
        shimmer_direction="left")``. Keys are the format's (``shimmerDirection``; snake_case
        is converted); values are JSON-encoded (``"#EEEEEE"``, ``0.5``, ``True``,
        ``[1, 0, 0, 1]``). Keys are set in the order given; on an error the keys before it
        stay set. An error names the node and the key (``node 'avatar' (handle 1):
        style.color: ...``; ``global style: animation: ...`` for ``node=None``)."""
        target = GF_VIEW_TREE_GLOBAL if node is None else _handle_arg(node, "node")
        handle = self._ptr()
        for name, value in styles.items():
            value_json = _json_dumps(value, f"style {name}: the value", f"style {name}", MAX_JSON_DEPTH)
            lib.gf_view_tree_set_style(handle, target, c_text(style_key(name), "key"), c_text(value_json, "value"))

    def add_adjust(self, node: int, line: str) -> None:
        """Appends an adjust line (docs/adjust-syntax.md) for the root's bones (``node`` = the
        root) or a cell's (``node`` = its content node). Lines are checked by :meth:`skeleton`,
        whose error names the line and column."""
        target = _handle_arg(node, "node")
        lib.gf_view_tree_add_adjust(self._ptr(), target, c_text(line, "line"))

    def skeleton(self, *, end_at: Optional[float] = None) -> Scene:
        """Generates the skeleton scene (``gf_skeleton_generate``); the tree stays usable.
        ``end_at`` as in :func:`skeleton`."""
        handle = gf_scene_p()
        lib.gf_skeleton_generate(self._ptr(), byref(handle))
        scene = Scene._adopting(handle)
        if end_at is not None:
            end_skeleton(scene, end_at)
        return scene

    def layout(self) -> List[LayoutItem]:
        """The tree's real views where the host shows them (``gf_view_tree_layout``), by the
        rules :meth:`skeleton` places bones with: see :mod:`ghostframe.layout`."""
        return _layout_of(self._ptr())

    def __repr__(self) -> str:
        if self.closed:
            return "<closed ViewTree>"
        nodes, cells = getattr(self, "_counts", (0, 0))
        added = [f"{n} {what}{'' if n == 1 else 's'}" for n, what in ((nodes, "node"), (cells, "cell template")) if n]
        origin = getattr(self, "_origin", "")
        if origin.startswith("read"):
            return f"<ViewTree {origin}{', then ' + ' and '.join(added) + ' added' if added else ''}>"
        return f"<ViewTree {origin} with {' and '.join(added) if added else 'no root yet'}>"

    def _repr_png_(self) -> Optional[bytes]:
        """Jupyter's display of a tree: its skeleton at t = 0 (see :meth:`Scene._repr_png_`), or
        None without skia-python and Pillow or when the tree cannot be generated yet."""
        if self.closed:
            return None
        try:
            scene = self.skeleton()
        except GhostframeError:
            return None
        with scene:
            return scene._repr_png_()

