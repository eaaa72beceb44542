"""Ghostframe's three JSON documents - a view tree, a scene, a timeline - told apart by their
content, and the packaged examples found by name (private: the command line's, shared by its
commands).

>>> import ghostframe as gf
>>> from ghostframe._documents import load_document
>>> with load_document('{"format": "ghostframe-scene", "version": 1, "layers": []}') as doc:
...     doc.kind, type(doc.value).__name__
('scene', 'Scene')

:func:`load_document` reads any of the three and returns a :class:`Document`: its ``kind``
(``"tree"``, ``"scene"`` or ``"timeline"``), its ``value`` (the library object it became) and,
for a timeline, the ``stage`` it plays on. :meth:`Document.to_scene` turns any of them into a
new :class:`~ghostframe.Scene` to sample, draw or export. :func:`find_examples` lists the
examples that come with the package (``ghostframe preview feed``).
"""

from __future__ import annotations

import copy
import glob
import json
import os
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Dict, Literal, Mapping, Optional, Tuple, Type, Union

from ._limits import MAX_VIEW_TREE_JSON_DEPTH, json_text
from ._source import is_json_text, read_source
from .errors import GhostframeError, argument_type_error, invalid_argument
from .scene import Scene
from .skeleton import ViewTree
from .timeline import Timeline

__all__ = [
    "DocumentKind",
    "Document",
    "DOCUMENTS_TAKEN",
    "EXAMPLE_FOLDERS",
    "document_kind",
    "load_document",
    "stage_path",
    "bundled_examples",
    "find_examples",
]

#: What a document is: a view tree (skeleton input), a scene, or a timeline (played on a stage).
DocumentKind = Literal["tree", "scene", "timeline"]

#: The one line that says which documents are taken, and how each is recognised.
DOCUMENTS_TAKEN = ('takes a view tree (with "root"), a scene (with "format": "ghostframe-scene") '
                   'or a timeline (with "timeline", played on its stage)')

#: The example folders whose documents are reachable by name, in the order names are looked up.
EXAMPLE_FOLDERS: Tuple[str, ...] = ("trees", "scenes", "timelines")

_KIND_NAMES: Dict[str, str] = {"tree": "a view tree", "scene": "a scene", "timeline": "a timeline"}


@dataclass(frozen=True)
class Document:
    """A document read by :func:`load_document`.

    Holds library objects (released by :meth:`close`, a ``with`` block or garbage collection).
    """

    kind: DocumentKind
    """``"tree"``, ``"scene"`` or ``"timeline"``."""
    value: Union[ViewTree, Scene, Timeline]
    """The library object the document became: a :class:`~ghostframe.ViewTree` for a view tree
    (``value.skeleton()``, ``value.layout()``), a :class:`~ghostframe.Scene`, a
    :class:`~ghostframe.Timeline`."""
    path: Optional[str] = None
    """The file it was read from; ``None`` for a dict, text or bytes."""
    stage: Optional[Scene] = None
    """A timeline's stage: the scene whose layers it animates (``None`` for the other kinds)."""

    def to_scene(self, *, end_at: Optional[float] = None) -> Scene:
        """A new scene to sample: a view tree's skeleton (fading out from ``end_at`` when
        given), a copy of the scene, or a copy of the stage with the timeline applied at
        scene time 0. The document is left as it was.

        Raises:
            InvalidArgumentError: ``end_at`` for a scene or a timeline (it ends a skeleton).
            NotFoundError: a layer the timeline animates is not on its stage.
        """
        if self.kind == "tree" and isinstance(self.value, ViewTree):
            return self.value.skeleton(end_at=end_at)
        if end_at is not None:
            raise invalid_argument(f"end_at fades a skeleton out: it takes a view tree, not {_KIND_NAMES[self.kind]}")
        if self.kind == "scene" and isinstance(self.value, Scene):
            return copy.copy(self.value)
        if isinstance(self.value, Timeline) and self.stage is not None:
            scene = copy.copy(self.stage)
            self.value.apply(scene)
            return scene
        raise invalid_argument(f"a {self.kind} document holding a {type(self.value).__name__}")  # pragma: no cover

    def close(self) -> None:
        """Releases the library objects now (the value, and the stage). Calling it again does nothing."""
        self.value.close()
        if self.stage is not None:
            self.stage.close()

    def __enter__(self) -> "Document":
        return self

    def __exit__(self, kind: Optional[Type[BaseException]], error: Optional[BaseException],
                 traceback: Optional[TracebackType]) -> None:
        self.close()


def document_kind(document: Any) -> Optional[DocumentKind]:
    """The kind of a parsed JSON document by its top-level keys, or ``None`` for none of them:
    ``"format"`` is a scene's (the scene reader then checks it says ``"ghostframe-scene"``),
    ``"timeline"`` or ``"definitions"`` a timeline's, ``"root"`` or ``"viewport"`` a view
    tree's, and ``"layers"`` or ``"animations"`` without those a scene's too (whose reader says
    that ``"format"`` is missing)."""
    if not isinstance(document, Mapping):
        return None
    if "format" in document:
        return "scene"
    if "timeline" in document or "definitions" in document:
        return "timeline"
    if "root" in document or "viewport" in document:
        return "tree"
    if "layers" in document or "animations" in document:
        return "scene"
    return None


def _read(source: Any, name: str) -> Tuple[bytes, Optional[str], Any]:
    """(the UTF-8 JSON, the file it came from or None, the dict when given one or None), under
    the loaders' one rule (:mod:`ghostframe._source`: a str is JSON text when its first non-blank
    character is ``{`` or ``[``, else a path)."""
    def encode(mapping: Mapping[str, Any]) -> bytes:
        return json_text(mapping, name, MAX_VIEW_TREE_JSON_DEPTH, allow_nan=True).encode("utf-8", "surrogatepass")

    data, path = read_source(source, "document", name, encode)
    return data, path, source if isinstance(source, Mapping) else None


def _with_prefix(error: GhostframeError, prefix: str) -> GhostframeError:
    """The same error (class, status, function) with its message prefixed."""
    return type(error)(error.status, prefix + (error.message or str(error)), status_name=error.status_name,
                       function=error.function)


def stage_path(timeline_path: str) -> str:
    """Where a timeline file's stage is by default: ``stages/NAME.json`` beside
    ``NAME.json``, as in ``examples/timelines/`` (and as the gallery plays them)."""
    folder, base = os.path.split(timeline_path)
    return os.path.join(folder, "stages", base)


def _load_stage(stage: Any, timeline_path: Optional[str]) -> Scene:
    if isinstance(stage, Scene):
        return copy.copy(stage)
    if stage is None:
        if timeline_path is None:
            raise invalid_argument("a timeline is drawn on its stage, the scene whose layers it animates: "
                                   "give one (stage=, or --stage SCENE.json)")
        stage = stage_path(timeline_path)
        if not os.path.isfile(stage):
            raise invalid_argument(f"a timeline is drawn on its stage, the scene whose layers it animates: "
                                   f"no {stage}; give one (stage=, or --stage SCENE.json)")
    where = stage if isinstance(stage, os.PathLike) or (isinstance(stage, str) and not is_json_text(stage)) else None
    prefix = f"stage {os.fsdecode(os.fspath(where))}: " if where is not None else "stage: "
    try:
        document = load_document(stage)
    except GhostframeError as exc:
        raise _with_prefix(exc, prefix) from None
    if not isinstance(document.value, Scene):
        kind = _KIND_NAMES[document.kind]
        document.close()
        raise invalid_argument(f"{prefix}the stage must be a scene, not {kind}")
    return document.value


def load_document(source: Any, *, stage: Any = None) -> Document:
    """Reads a view tree, a scene or a timeline, recognised by its content, into a
    :class:`Document` for the library object it becomes.

    The kind is decided by the top-level keys (:func:`document_kind`); the library then reads
    the document as that kind, so its refusals are the library's own messages, naming the JSON
    path of the problem. A document that is none of the three is refused in one line
    (:data:`DOCUMENTS_TAKEN`). Text that is not JSON is refused by the library's reader (its
    message gives the line and column).

    Args:
        source: a dict, JSON text (a ``str`` whose first non-blank character is ``{``),
            UTF-8 ``bytes``, or a path (any other ``str``, or an ``os.PathLike``).
        stage: a timeline's stage, the scene whose layers it animates: a
            :class:`~ghostframe.Scene` (copied) or any scene ``source``. Default: for a
            timeline read from ``DIR/NAME.json``, the scene ``DIR/stages/NAME.json``
            (:func:`stage_path`), as the gallery plays the examples; a timeline from text has
            none, and must be given one. Refused for the other kinds.

    Returns:
        The :class:`Document` (``kind``, ``value``, ``path``, ``stage``); close it, or use it
        in a ``with`` block, to release its library objects at once.

    Raises:
        GhostframeError: the library refused the document (its class says why:
            :class:`~ghostframe.ParseError` for malformed JSON, ...) or the stage (the message
            then begins ``stage PATH: ``); :class:`~ghostframe.InvalidArgumentError` for a
            document of none of the three kinds, a timeline without a stage, a stage that is
            not a scene, a stage for a tree or a scene; :class:`~ghostframe.ArgumentTypeError`
            (also a TypeError) for a source of another type.
        OSError: a path that does not exist (:class:`FileNotFoundError`), is a folder
            (:class:`IsADirectoryError`) or cannot be read.
    """
    data, path, given = _read(source, "source")
    parsed: Any = given
    if parsed is None:
        try:
            parsed = json.loads(data)
        except (ValueError, RecursionError):  # not JSON (or not UTF-8): the library says where
            # The library's ParseError (or InvalidUTF8Error, LimitError), with its line and column.
            return Document("scene", Scene.from_json(data), path)
    kind = document_kind(parsed)
    if kind is None:
        found = "an object without those keys" if isinstance(parsed, Mapping) else f"a JSON {_json_type(parsed)}"
        raise invalid_argument(f"not a Ghostframe document: {found}; Ghostframe {DOCUMENTS_TAKEN}")
    if stage is not None and kind != "timeline":
        raise invalid_argument(f"a stage is for a timeline, and this is {_KIND_NAMES[kind]}")
    if kind == "tree":
        return Document("tree", ViewTree.from_json(data), path)
    if kind == "scene":
        return Document("scene", Scene.from_json(data), path)
    timeline = Timeline.from_json(data)
    try:
        scene = _load_stage(stage, path)
    except BaseException:
        timeline.close()
        raise
    return Document("timeline", timeline, path, scene)


def _json_type(value: Any) -> str:
    if isinstance(value, list):
        return "array"
    if isinstance(value, str):
        return "string"
    if isinstance(value, bool) or value is None:
        return "literal"
    return "number"


# ---------------------------------------------------------------------------------------
# The packaged examples
# ---------------------------------------------------------------------------------------


def bundled_examples() -> Optional[str]:
    """The examples folder an installed package carries (``ghostframe/examples``: trees,
    scenes, timelines with their stages; package data of the wheel), or ``None`` (the source
    package has none: a checkout's are in ``examples/`` at its root)."""
    folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "examples")
    return folder if os.path.isdir(folder) else None


def find_examples(folder: Optional[str]) -> Dict[str, Tuple[str, str]]:
    """The example documents of ``folder`` by name: ``{name: (kind folder, path)}`` for every
    ``trees/NAME.json``, ``scenes/NAME.json`` and ``timelines/NAME.json`` (not the stages),
    sorted by name. Names are unique across the folders (a test checks it); were one not, the
    first folder of :data:`EXAMPLE_FOLDERS` would win. An empty dict for ``None``."""
    found: Dict[str, Tuple[str, str]] = {}
    if folder is None:
        return found
    for kind in EXAMPLE_FOLDERS:
        for path in sorted(glob.glob(os.path.join(glob.escape(os.path.join(folder, kind)), "*.json"))):
            found.setdefault(os.path.splitext(os.path.basename(path))[0], (kind, path))
    return dict(sorted(found.items()))
