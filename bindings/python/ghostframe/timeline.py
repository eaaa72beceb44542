"""Timelines: Anim-style timelines (seed 002) compiled to begin and end times.

A :class:`Timeline` is read from the timeline format (docs/timeline-format.md): named
definitions placed on layers in nested sequences and parallels, with delays (negative ones
overlap), staggers, labels and GSAP positions. :meth:`Timeline.schedule` gives when each
instance runs on each layer, and :meth:`Timeline.apply` adds the animations to a
:class:`~ghostframe.Scene` whose layer ids match, so ``scene.sample(t)`` plays it.

Definitions may also live in the process-wide registry (:func:`define_timeline_animation`):
define once, use in any timeline. A timeline copies the registry definitions it uses when it is
made, so later changes to the registry do not reach it.

>>> timeline = Timeline.from_json({
...     "definitions": {"fade": {"curve": "ease-out", "changes": {"opacity": -1}}},
...     "timeline": {"sequence": [
...         {"anim": "fade", "layers": ["a", "b"], "duration": 0.6},
...         {"delay": 0.2},
...         {"stagger": 0.1},
...         {"anim": "fade", "layers": ["a", "b"], "duration": 0.2}]}})
>>> [(e.layer, e.begin, e.end) for e in timeline.schedule()]
[('a', 0.0, 0.6), ('b', 0.0, 0.6), ('a', 0.8, 1.0), ('b', 0.9, 1.1)]
>>> timeline.duration
1.1
"""

from __future__ import annotations

import json
import os
from ctypes import byref, c_double, c_size_t, c_void_p
from typing import Any, List, Mapping, NamedTuple, Optional, Sequence, Tuple, Union

from . import _native
from ._source import PathSource, naming_the_file, read_file, read_source
from .documents import TimelineDocument
from ._handle import NativeHandle, holding
from ._limits import MAX_TIMELINE_JSON_DEPTH, MAX_TIMELINE_JSON_VALUES, check_json_shape
from ._native import gf_timeline_entry, gf_timeline_p, lib
from .curve import Curve
from .animation import c_text
from .errors import BufferTooSmallError, GhostframeError, NotFoundError, argument_type_error, invalid_argument
from .scene import Scene
from .timeline_player import TimelinePlayerMixin

__all__ = [
    "Timeline",
    "TimelineEntry",
    "TimelineSource",
    "define_timeline_animation",
    "undefine_timeline_animation",
]

#: What :meth:`Timeline.from_json` accepts: a dict (typed as
#: :class:`~ghostframe.documents.TimelineDocument`, so a type checker reads its keys), JSON text,
#: UTF-8 bytes or a path: the rule of every loader.
TimelineSource = Union[TimelineDocument, str, bytes, bytearray, memoryview, "os.PathLike[str]"]

#: A change per view property (``"y"``, ``"height"``, ...) or key path: a number, or a sequence of
#: numbers for a vector.
Changes = Mapping[str, Union[float, Sequence[float]]]


class TimelineEntry(NamedTuple):
    """One instance of a definition on one layer (``gf_timeline_entry``).

    Attributes:
        name: the definition's name.
        layer: the layer's id.
        begin: when the layer's span begins, in seconds from the timeline's start (>= 0).
        end: when it ends (``begin`` + the instance's duration).
    """

    name: str
    layer: str
    begin: float
    end: float


def _encode_timeline(source: Mapping[str, Any]) -> bytes:
    """UTF-8 JSON text for a timeline dict, checked against the limits first."""
    try:
        check_json_shape(source, "source", MAX_TIMELINE_JSON_DEPTH, MAX_TIMELINE_JSON_VALUES)
        text = json.dumps(source, ensure_ascii=False, allow_nan=False)
    except TypeError as error:  # a value json cannot encode (a set, an object)
        raise argument_type_error(f"source: {error}") from None
    except ValueError as error:
        if isinstance(error, GhostframeError):
            raise
        # json's "Out of range float values are not JSON compliant": NaN and infinities.
        raise invalid_argument(f"source: {error} (NaN and infinities cannot be written in JSON)") from None
    return text.encode("utf-8", "surrogatepass")


def _document_text(source: Any, name: str) -> Tuple[bytes, Optional[str]]:
    """The JSON bytes of a timeline source (the rule of every loader) and its file, if any."""
    return read_source(source, "timeline", name, _encode_timeline)


class Timeline(TimelinePlayerMixin, NativeHandle):
    """A compiled timeline: its schedule, its duration, and the animations it adds to a scene.

    Made by :meth:`from_json` (``Timeline(source)`` is the same); scheduled once when made.
    Holds a library object, released by :meth:`close`, a ``with`` block or garbage collection;
    threads sharing it take turns, call by call. Copies (``copy.copy``, ``pickle``) go through the JSON.

    Raises (every method), always a :class:`~ghostframe.GhostframeError`:
        ArgumentTypeError: a source or scene of the wrong type (also a TypeError).
        ParseError: malformed JSON, curve spec or position text.
        InvalidArgumentError: a wrong shape or value (an unknown key, a negative duration, an
            empty layer list, a timeline that would start before 0, NaN in a dict).
        NotFoundError: an unknown definition, key path or label; in :meth:`apply`, a layer the
            scene does not have.
        LimitError: past the documented limits (64 MiB, 6,000,000 values, 128 levels, 1,000,000
            entries).
    """

    __slots__ = ()
    _kind = "Timeline"

    def __init__(self, source: TimelineSource) -> None:
        self._handle = None
        self._finalizer = None
        data, path = _document_text(source, "source")
        self._load(data, path)

    def _load(self, data: bytes, path: Optional[str]) -> None:
        handle = gf_timeline_p()
        with naming_the_file(path):
            lib.gf_timeline_from_json(data, len(data), byref(handle))
        self._adopt(handle, lib.gf_timeline_free)

    @classmethod
    def from_json(cls, source: TimelineSource) -> "Timeline":
        """Reads and schedules a timeline (docs/timeline-format.md) from a dict, JSON text,
        UTF-8 bytes or a file: the rule of every loader (a ``str`` is JSON text when it is blank
        or starts with ``{`` or ``[``, else a path; an ``os.PathLike`` is always a path). The
        document's ``"definitions"`` shadow the registry's; other names are looked up in the
        registry now, and copied into the timeline.

        The messages of errors name the JSON path of the problem
        (``timeline.sequence[2].duration: a duration must be >= 0 (got -1)``), after the file's
        name for a file; a missing file raises FileNotFoundError naming it.
        """
        return cls(source)

    @classmethod
    def from_file(cls, path: PathSource) -> "Timeline":
        """Reads and schedules the timeline in the JSON file ``path`` (a str is a path here,
        whatever it starts with); errors about its content start with the file's name.

        Raises:
            FileNotFoundError: no such file (naming it); OSError: it cannot be read; the
                library's errors as for :meth:`from_json`.
        """
        data, name = read_file(path, "timeline")
        self = cls.__new__(cls)
        self._handle = None
        self._finalizer = None
        self._load(data, name)
        return self

    @classmethod
    def run_one(cls, name: str, layers: Sequence[str], duration: float, delay: float = 0.0) -> "Timeline":
        """Anim's ``runOneAnim:views:duration:delay:``: one instance of the definition ``name``
        on ``layers`` for ``duration`` seconds, after ``delay`` seconds (the registry's
        definitions; see :func:`define_timeline_animation`).

        >>> import ghostframe as gf
        >>> gf.define_timeline_animation("doc.highlight", {"opacity": 0.5})
        >>> [tuple(e) for e in gf.Timeline.run_one("doc.highlight", ["a", "b"], 2, delay=0.5).schedule()]
        [('doc.highlight', 'a', 0.5, 2.5), ('doc.highlight', 'b', 0.5, 2.5)]
        >>> gf.undefine_timeline_animation("doc.highlight")
        True
        """
        if isinstance(layers, (str, bytes)):
            raise argument_type_error("layers must be a sequence of layer ids, not one string")
        for value, what in ((duration, "duration"), (delay, "delay")):
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise argument_type_error(f"{what} must be a number of seconds, not {type(value).__name__}")
        document: TimelineDocument = {"timeline": {"sequence": [
            {"delay": delay}, {"anim": name, "layers": list(layers), "duration": duration}]}}
        return cls(document)

    def schedule(self) -> List[TimelineEntry]:
        """Every instance on every layer, sorted by begin, then layer, then name (then the
        order in the timeline)."""
        handle = self._ptr()
        count = c_size_t(0)
        try:
            lib.gf_timeline_schedule(handle, None, 0, byref(count))
            return []  # GF_OK with capacity 0: no entries
        except BufferTooSmallError:
            pass  # the count it needs is in `count`
        entries = (gf_timeline_entry * count.value)()
        lib.gf_timeline_schedule(handle, entries, count.value, byref(count))
        return [
            TimelineEntry(e.name.decode("utf-8"), e.layer.decode("utf-8"), e.begin, e.end)
            for e in entries[: count.value]
        ]

    @property
    def duration(self) -> float:
        """The timeline's length in seconds: when its root ends (a trailing delay counts)."""
        out = c_double(0)
        lib.gf_timeline_duration(self._ptr(), byref(out))
        return out.value

    def apply(self, scene: Scene) -> None:
        """Adds the timeline's animations to ``scene``: one additive animation per entry and
        key path, shaped by its definition's curve and kept after its end, so a property's value
        is ``model + sum(change * curve(clamp((t - begin) / duration, 0, 1)))``.

        All or nothing: on an error (a layer the scene lacks: NotFoundError) the scene is
        unchanged. Applying twice adds the changes twice.
        """
        if not isinstance(scene, Scene):
            raise argument_type_error(f"scene must be a ghostframe.Scene, not {type(scene).__name__}")
        with holding(scene):
            lib.gf_timeline_apply(self._ptr(), scene._ptr())

    def to_json(self) -> str:
        """The timeline as JSON, with every definition it uses written into it (its own and
        those it copied from the registry): ``Timeline.from_json(t.to_json())`` has the same
        schedule whatever the registry holds."""
        out = c_void_p()
        lib.gf_timeline_to_json(self._ptr(), byref(out))
        return _native.take_string(out)

    def _copy(self) -> "Timeline":
        return Timeline(self.to_json())

    def __reduce__(self) -> Any:
        return (Timeline, (self.to_json(),))

    def __repr__(self) -> str:
        if self.closed:
            return "<closed Timeline>"
        try:
            entries, duration = len(self.schedule()), self.duration
        except Exception as exc:  # never let repr fail
            return f"<Timeline ({type(exc).__name__}: {exc})>"
        return f"<Timeline of {entries} entr{'y' if entries == 1 else 'ies'} over {duration:g} s>"


def define_timeline_animation(
    name: str, changes: Union[Changes, str], curve: Union[str, Curve, None] = None
) -> None:
    """Defines (or replaces) ``name`` in the process-wide registry timelines look names up in
    (Anim's ``[Anim anim:options:animations:]``); thread-safe.

    Args:
        name: a non-empty name.
        changes: the relative change per view property or key path: Anim's ``view.y += -100;
            view.height += 100`` is ``{"y": -100, "height": 100}`` (UIKit's frame rules: a size
            change keeps the origin); ``{"position.y": -100, "bounds.size": [0, 100]}`` keeps Core
            Animation's (docs/timeline-format.md). Or that object as JSON text.
        curve: a curve spec or :class:`~ghostframe.Curve`; linear when None.

    Raises:
        ArgumentTypeError: a wrong type (also a TypeError).
        ParseError: a malformed curve spec.
        InvalidArgumentError: an empty name, a wrong number of values, NaN or infinity.
        NotFoundError: an unknown key path or view property (with a suggestion).
    """
    if not isinstance(name, str):
        raise argument_type_error(f"name must be a str, not {type(name).__name__}")
    if isinstance(changes, Mapping):
        try:
            text = json.dumps(dict(changes), ensure_ascii=False, allow_nan=False)
        except TypeError as error:
            raise argument_type_error(f"changes: {error}") from None
        except ValueError as error:
            raise invalid_argument(f"changes: {error} (NaN and infinities are not changes)") from None
    elif isinstance(changes, str):
        text = changes
    else:
        raise argument_type_error(f"changes must be a dict or JSON text, not {type(changes).__name__}")
    if curve is None:
        spec = None
    elif isinstance(curve, Curve):
        spec = c_text(curve.spec, "curve")
    elif isinstance(curve, str):
        spec = c_text(curve, "curve")
    else:
        raise argument_type_error(f"curve must be a str, a ghostframe.Curve or None, not {type(curve).__name__}")
    lib.gf_timeline_define(c_text(name, "name"), spec, c_text(text, "changes"))


def undefine_timeline_animation(name: str) -> bool:
    """Removes ``name`` from the registry; returns whether it was defined. Thread-safe;
    timelines already made keep their copy."""
    if not isinstance(name, str):
        raise argument_type_error(f"name must be a str, not {type(name).__name__}")
    try:
        lib.gf_timeline_undefine(c_text(name, "name"))
    except NotFoundError:
        return False
    return True
