"""Timelines: Anim-style timelines compiled to begin and end times.

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

Or written in code, GSAP's way: ``gf.Timeline()`` with :meth:`Timeline.to`, :meth:`Timeline.from_`,
:meth:`Timeline.from_to`, :meth:`Timeline.add_label`, :meth:`Timeline.add` and
:meth:`Timeline.call`, chainable, building the same document (:meth:`Timeline.to_json` gives it
back):

>>> tl = (Timeline(repeat=1, yoyo=True)
...       .to(["a", "b"], {"opacity": 0}, duration=1, stagger=0.5)
...       .add_label("out")
...       .from_to("c", {"x": 0}, {"x": 100}, duration=2, position="out-=0.5"))
>>> [(e.name, e.layer, e.begin, e.end) for e in tl.schedule()]
[('to-1', 'a', 0.0, 1.0), ('to-1', 'b', 0.5, 1.5), ('fromTo-2', 'c', 1.0, 3.0)]
>>> tl.duration
6.0
"""

from __future__ import annotations

import itertools
import json
import math
import os
import weakref
from ctypes import POINTER, byref, c_char_p, c_double, c_size_t, c_void_p
from typing import Any, Callable, Dict, List, Mapping, NamedTuple, Optional, Sequence, Tuple, Union

from . import _native
from ._convert import as_double, as_text, c_text
from ._source import PathSource, naming_the_file, read_file, read_source
from .documents import TimelineDocument
from ._handle import NativeHandle, holding
from ._limits import MAX_TIMELINE_JSON_DEPTH, MAX_TIMELINE_JSON_VALUES, check_json_shape
from ._native import (
    gf_timeline_builder_p,
    gf_timeline_entry,
    gf_timeline_p,
    gf_timeline_timing,
    gf_tween_options,
    lib,
)
from .curve import Curve
from .errors import BufferTooSmallError, GhostframeError, NotFoundError, argument_type_error, invalid_argument
from .scene import Scene
from .timeline_player import _PLAYING, TimelineEvent, TimelinePlayerMixin

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

#: GSAP's position parameter: a number (an absolute time) or text (``"<"``, ``">-0.5"``,
#: ``"+=1"``, ``"label+=2"``).
Position = Union[float, str, None]

#: Numbers of generated call names, unique in the process (so timelines added to others keep them).
_CALL_NUMBERS = itertools.count(1)


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

    Made by :meth:`from_json` (``Timeline(source)`` is the same), or written in code:
    ``Timeline()`` (optionally ``repeat=``, ``yoyo=``, ``repeat_delay=``, ``time_scale=``, GSAP's
    ``gsap.timeline({...})``) and then :meth:`to`, :meth:`from_`, :meth:`from_to`, :meth:`anim`,
    :meth:`add_label`, :meth:`add` and :meth:`call`, each returning the timeline so they chain. A
    timeline written in code is scheduled again at the first use after a step (its player then
    starts again at 0). Holds a library object, released by :meth:`close`, a ``with`` block or
    garbage collection; threads sharing it take turns, call by call. Copies (``copy.copy``,
    ``pickle``) go through the JSON (a call's function is not copied).

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

    __slots__ = ("_builder", "_builder_finalizer", "_stale", "_calls")
    _kind = "Timeline"

    #: GSAP's default tween duration, in seconds.
    DEFAULT_DURATION = 0.5
    #: GSAP's default ease (``"power1.out"``).
    DEFAULT_EASE = "easeOutQuad"

    def __init__(
        self, source: Optional[TimelineSource] = None, *, repeat: int = 0, yoyo: bool = False,
        repeat_delay: float = 0.0, time_scale: float = 1.0,
    ) -> None:
        self._handle = None
        self._finalizer = None
        self._builder = None
        self._builder_finalizer = None
        self._stale = False
        self._calls: Dict[str, Callable[[], Any]] = {}
        if source is None:
            timing = gf_timeline_timing()
            lib.gf_timeline_timing_init(byref(timing))
            if isinstance(repeat, bool) or not isinstance(repeat, int):
                raise argument_type_error(f"repeat must be an int, not {type(repeat).__name__}")
            if not isinstance(yoyo, bool):
                raise argument_type_error(f"yoyo must be a bool, not {type(yoyo).__name__}")
            if not -(2 ** 31) <= repeat < 2 ** 31:
                raise invalid_argument(f"repeat must be -1 (for ever) or from 0 to 2147483647 (got {repeat})")
            timing.repeat = repeat
            timing.yoyo = int(yoyo)
            timing.repeat_delay = as_double(repeat_delay, "repeat_delay")
            timing.time_scale = as_double(time_scale, "time_scale")
            builder = gf_timeline_builder_p()
            lib.gf_timeline_builder_create(byref(timing), byref(builder))
            self._builder = builder
            self._builder_finalizer = weakref.finalize(self, lib.gf_timeline_builder_free, builder)
            self._stale = True
            return
        if (repeat, yoyo, repeat_delay, time_scale) != (0, False, 0.0, 1.0):
            raise argument_type_error("repeat, yoyo, repeat_delay and time_scale are for a timeline written in "
                                      "code (gf.Timeline()); a document gives them on its \"timeline\" object")
        data, path = _document_text(source, "source")
        self._load(data, path)

    def _load(self, data: bytes, path: Optional[str]) -> None:
        handle = gf_timeline_p()
        with naming_the_file(path):
            lib.gf_timeline_from_json(data, len(data), byref(handle))
        self._adopt(handle, lib.gf_timeline_free)

    # -- the handle: built again after a step ---------------------------------------------

    def _ptr(self) -> Any:
        if self._builder is not None and self._stale:
            if id(self) in _PLAYING:
                raise RuntimeError("a seek() or advance() callback must not call into the timeline it is playing")
            handle = gf_timeline_p()
            lib.gf_timeline_builder_build(self._builder, byref(handle))
            old = self._finalizer
            self._handle = None
            if old is not None:
                self._finalizer = None
                old()
            self._adopt(handle, lib.gf_timeline_free)
            self._stale = False
        return super()._ptr()

    @property
    def closed(self) -> bool:
        """True once :meth:`close` has released the library objects."""
        return self._handle is None and self._builder is None

    def close(self) -> None:
        """Releases the library objects now. Calling it again does nothing."""
        super().close()
        finalizer = self._builder_finalizer
        self._builder = None
        self._stale = False
        if finalizer is not None:
            self._builder_finalizer = None
            finalizer()

    def _step(self) -> Any:
        """The builder, for a step; refused on a timeline read from JSON, a closed one, and
        from a callback of this timeline's seek() or advance()."""
        if id(self) in _PLAYING:
            raise RuntimeError("a seek() or advance() callback must not change the timeline it is playing")
        if self._builder is None:
            if self._handle is None:
                raise invalid_argument("operation on a closed Timeline")
            raise argument_type_error("to(), from_(), from_to(), anim(), add_label(), add() and call() extend a "
                                      "timeline written in code (gf.Timeline()); this one was read from JSON "
                                      "(nest it in one with add())")
        return self._builder

    # -- GSAP's timeline API ----------------------------------------------------------------

    def to(
        self, layers: Union[str, Sequence[str]], changes: Changes, duration: float = DEFAULT_DURATION,
        ease: Union[str, Curve, None] = None, position: Position = None, stagger: Any = None,
    ) -> "Timeline":
        """GSAP's ``to()``: the layers' properties go to the absolute values of ``changes``
        (``{"opacity": 0, "x": 100, "position": [10, 20]}``; Anim's view properties or key paths)
        over ``duration`` seconds, eased by ``ease`` (GSAP's ``power1.out``, ``easeOutQuad``, by
        default), at the end or at ``position`` (GSAP's position parameter: a number or text),
        with an optional ``stagger`` (a number, or a dict as in the JSON format:
        ``{"each": 0.1, "from": "center", "grid": [3, 3]}``). Returns the timeline.

        The values are resolved when the timeline is applied, against each property's value at
        the tween's begin (docs/timeline-format.md)."""
        return self._tween(lib.gf_timeline_builder_to, layers, ((changes, "changes"),), duration, ease,
                           position, stagger)

    def from_(
        self, layers: Union[str, Sequence[str]], changes: Changes, duration: float = DEFAULT_DURATION,
        ease: Union[str, Curve, None] = None, position: Position = None, stagger: Any = None,
    ) -> "Timeline":
        """GSAP's ``from()``: the properties start at ``changes`` (shown from the start, GSAP's
        immediate render) and go back to what they were. Arguments as :meth:`to`."""
        return self._tween(lib.gf_timeline_builder_from, layers, ((changes, "changes"),), duration,
                           ease, position, stagger)

    def from_to(
        self, layers: Union[str, Sequence[str]], from_changes: Changes, to_changes: Changes,
        duration: float = DEFAULT_DURATION, ease: Union[str, Curve, None] = None, position: Position = None,
        stagger: Any = None,
    ) -> "Timeline":
        """GSAP's ``fromTo()``: from ``from_changes`` to ``to_changes`` (the same keys).
        Arguments as :meth:`to`."""
        values = ((from_changes, "from_changes"), (to_changes, "to_changes"))
        return self._tween(lib.gf_timeline_builder_from_to, layers, values, duration, ease, position, stagger)

    def _tween(
        self, call: Any, layers: Union[str, Sequence[str]], values: Tuple[Tuple[Changes, str], ...], duration: float,
        ease: Union[str, Curve, None], position: Position, stagger: Any,
    ) -> "Timeline":
        """One ``to``/``from``/``fromTo`` step: the builder, the layers and the options read as
        every step reads them, then the C call with its values."""
        builder = self._step()
        ids, count = _layer_array(layers)
        options = _tween_options(duration, ease, position, stagger)
        call(builder, ids, count, *(_values_json(v, name) for v, name in values), byref(options))
        self._stale = True
        return self

    def anim(
        self, name: str, layers: Union[str, Sequence[str]], duration: float, position: Position = None,
        stagger: Any = None,
    ) -> "Timeline":
        """Anim's instance: the registry definition ``name`` (:func:`define_timeline_animation`,
        looked up when the timeline is next scheduled) on ``layers`` for ``duration`` seconds,
        at the end or at ``position``. Returns the timeline."""
        builder = self._step()
        ids, count = _layer_array(layers)
        options = _tween_options(duration, None, position, stagger, default_ease=False)
        lib.gf_timeline_builder_anim(builder, c_text(name, "name"), ids, count, byref(options))
        self._stale = True
        return self

    def add_label(self, name: str, position: Position = None) -> "Timeline":
        """GSAP's ``addLabel()``: names the end so far, or ``position``; later positions may
        name it (``"name"``, ``"name+=1"``). Returns the timeline."""
        builder = self._step()
        lib.gf_timeline_builder_add_label(builder, c_text(name, "name"), _position_text(position))
        self._stale = True
        return self

    def add(self, other: "Timeline", position: Position = None) -> "Timeline":
        """GSAP's ``add(timeline)``: a copy of ``other`` (written in code or read from JSON)
        nested at the end or at ``position``, with its repeats, yoyo and time scale, its
        definitions and its calls' functions. Returns the timeline."""
        builder = self._step()
        if not isinstance(other, Timeline):
            raise argument_type_error(f"other must be a ghostframe.Timeline, not {type(other).__name__}")
        if other is self:
            raise invalid_argument("a timeline cannot be added to itself")
        text = _position_text(position)
        with holding(other):
            lib.gf_timeline_builder_add(builder, other._ptr(), text)
            self._calls.update(other._calls)
        self._stale = True
        return self

    def call(self, fn: Callable[[], Any], position: Position = None, name: Optional[str] = None) -> "Timeline":
        """GSAP's ``call()``: ``fn()`` runs each time the player crosses this point, either way
        (from :meth:`seek` and :meth:`advance`, as their events are reported: it must not call
        into this timeline), at the end or at ``position``. ``name`` names the point in the JSON
        and in the ``"call"`` events (``call-N`` by default). Returns the timeline."""
        builder = self._step()
        if not callable(fn):
            raise argument_type_error(f"fn must be callable, not {type(fn).__name__}")
        if name is None:
            name = f"call-{next(_CALL_NUMBERS)}"
        lib.gf_timeline_builder_call(builder, c_text(name, "name"), _position_text(position))
        self._calls[name] = fn
        self._stale = True
        return self

    def _play(self, function: Any, handle: Any, value: float, callback: Any) -> List[TimelineEvent]:
        if not self._calls:
            return super()._play(function, handle, value, callback)
        calls, user = self._calls, callback

        def fire(event: TimelineEvent) -> None:
            if event.kind == "call":
                fn = calls.get(event.name)
                if fn is not None:
                    fn()
            if user is not None:
                user(event)

        return super()._play(function, handle, value, fire)

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
        self._builder = None
        self._builder_finalizer = None
        self._stale = False
        self._calls = {}
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


# -- GSAP's timeline API: arguments ------------------------------------------------------------


def _layer_array(layers: Any) -> Any:
    """A C array of layer ids (a str is one id) and its length."""
    if isinstance(layers, str):
        ids = [layers]
    elif isinstance(layers, (list, tuple)):
        ids = list(layers)
    else:
        raise argument_type_error(f"layers must be a layer id or a list of them, not {type(layers).__name__}")
    encoded = [c_text(layer, "layers[i]") for layer in ids]
    array = (c_char_p * max(len(encoded), 1))(*encoded)
    return array, len(encoded)


def _values_json(values: Any, name: str) -> bytes:
    """A values object as JSON text (numbers, or sequences of numbers)."""
    if not isinstance(values, Mapping):
        raise argument_type_error(f"{name} must be a dict of key paths or view properties, not {type(values).__name__}")
    try:
        text = json.dumps(dict(values), ensure_ascii=False, allow_nan=False)
    except TypeError as error:
        raise argument_type_error(f"{name}: {error}") from None
    except ValueError as error:
        raise invalid_argument(f"{name}: {error} (NaN and infinities are not values)") from None
    return c_text(text, name)


def _position_text(position: Any) -> Optional[bytes]:
    """GSAP's position as the library reads it: None, a finite number, or text."""
    if position is None:
        return None
    if isinstance(position, bool):
        raise argument_type_error("position must be a number or text, not bool")
    if isinstance(position, (int, float)):
        value = float(position)
        if not math.isfinite(value):
            raise invalid_argument(f"position must be finite (got {value})")
        return repr(value).encode()
    if isinstance(position, str):
        return c_text(position, "position")
    raise argument_type_error(f"position must be a number or text, not {type(position).__name__}")


def _tween_options(duration: Any, ease: Any, position: Any, stagger: Any, default_ease: bool = True) -> gf_tween_options:
    """A gf_tween_options: GSAP's defaults, then what was given."""
    options = gf_tween_options()
    lib.gf_tween_options_init(byref(options))
    options.duration = as_double(duration, "duration")
    if ease is None:
        options.ease = c_text(Timeline.DEFAULT_EASE, "ease") if default_ease else None
    elif isinstance(ease, Curve):
        options.ease = c_text(ease.spec, "ease")
    elif isinstance(ease, str):
        options.ease = c_text(ease, "ease")
    else:
        raise argument_type_error(f"ease must be a curve spec, a ghostframe.Curve or None, not {type(ease).__name__}")
    options.position = _position_text(position)
    if stagger is not None:
        if isinstance(stagger, bool) or not isinstance(stagger, (int, float, Mapping)):
            raise argument_type_error(f"stagger must be a number or a dict, not {type(stagger).__name__}")
        try:
            options.stagger_json = c_text(json.dumps(stagger if not isinstance(stagger, Mapping) else dict(stagger),
                                                     allow_nan=False), "stagger")
        except TypeError as error:
            raise argument_type_error(f"stagger: {error}") from None
        except ValueError as error:
            raise invalid_argument(f"stagger: {error} (NaN and infinities are not staggers)") from None
    return options
