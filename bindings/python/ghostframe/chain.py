"""Chains: AXAnimationChain-style chains of animations on one layer, :class:`Chain`.

A chain is built fluently, link by link, in AXAnimationChain's chain-animator vocabulary with
Python names::

    chain = gf.Chain("card").spring.center_by(0, 100).ease_out.next_to_spring.size_by(100, 100)
    chain.apply(scene)   # the size springs when the centre has settled

(The seed's view one-liner, whose shorthands run together, is
:class:`~ghostframe.ViewAnimationChain`.)

The builder is immutable: :class:`Chain`, :class:`ChainLink` and
:class:`~ghostframe.ViewAnimationChain` are values, and every step - a property such as
``spring`` or ``ease_out`` as much as a method such as ``duration(1)`` - returns a *new* value
and leaves the one it was called on exactly as it was. Reading a property therefore changes
nothing, and raises nothing but an AttributeError (:attr:`Chain.duration` of a chain the library
refuses), so ``hasattr``, ``dir``, debuggers and ``inspect.getmembers`` are safe on any chain; a
chain can be kept and extended in two ways, and a statement whose result is not kept builds
nothing: write ``chain = chain.basic.opacity_to(0)``, not ``chain.basic.opacity_to(0)``.

``basic``, ``spring``, ``keyframe`` and ``transition`` start a link (on the chain: after every
link so far; on a link: after it and everything combined with it, like ``next_to_basic`` ...);
``combine_basic`` ... add a link that runs alongside the link they are called on; ``chain[i]``
is the link ``i`` of a chain, to place a new link by an earlier one. Every modifier returns the
link (on a new chain), so the expression reads left to right; ``apply``, ``schedule`` and
``advance`` work from any link on its whole chain, :attr:`ChainLink.chain` (whose
:attr:`Chain.duration` is the chain's length; on a link, ``duration(s)`` sets the link's).
The rules (the engine's, through ``gf_chain_*``):

- a link placed *next* starts when the previous link and everything combined with it have
  finished; a *combined* link runs alongside, and the pair ends with the longer;
- a link lasts ``duration x max(repeat_count, 1) x (2 if autoreverses)``; a spring lasts its
  settling duration (epsilon 1e-3) unless given a duration;
- a by-only change adds to what is under the link, so the links' changes add up.

Applying compiles the chain to ordinary scene animations with begin times on the scene clock;
:meth:`Chain.advance` moves the scene's clock and calls each link's completion once per crossing
of its end, forwards and backwards.

>>> scene = Scene()
>>> scene.add_layer("card", frame=(0, 0, 100, 100))
0
>>> chain = Chain("card").basic.opacity_to(0).duration(1).combine_basic.corner_radius_by(4).duration(2)
>>> [(e.name, e.begin, e.end) for e in chain.schedule()]
[('cornerRadius', 0.0, 2.0), ('opacity', 0.0, 1.0)]
>>> empty = Chain("card")
>>> fade = empty.basic.opacity_to(0)
>>> len(empty), len(fade.chain), len(fade.chain.basic.chain), len(fade.chain)
(0, 1, 2, 1)
"""

from __future__ import annotations

import functools
import math
from ctypes import byref, c_double, c_size_t, c_uint32
from typing import (TYPE_CHECKING, Any, Callable, Dict, Iterator, List, NamedTuple, Optional, Sequence, Tuple, Type,
                    TypeVar)

from . import _native
from ._convert import as_choice, as_double, c_text
from ._callbacks import Receiver, check_callback
from ._handle import NativeHandle, Serialised, holding
from ._native import (
    gf_chain_completion_fn,
    gf_chain_link_desc,
    gf_chain_p,
    gf_curve_p,
    gf_event_fn,
    gf_timeline_entry,
    lib,
)
from .errors import BufferTooSmallError, GhostframeError, _rebuild_error, argument_type_error, invalid_argument
from .scene import Event, Scene, _event_reader

__all__ = ["Chain", "ChainLink", "ChainCompletion", "ChainEntry"]


class ChainEntry(NamedTuple):
    """One link in :meth:`Chain.schedule`: the same fields as a timeline's entries."""

    #: The link's name: :meth:`ChainLink.named`, else the key path it animates, else "transition".
    name: str
    #: The chain's layer.
    layer: str
    #: Seconds from the chain's start.
    begin: float
    #: ``begin`` + the link's active duration (repeats and autoreverses included).
    end: float


class ChainCompletion(NamedTuple):
    """What a link's completion callback receives."""

    name: str
    index: int  # type: ignore[assignment]  # a field named as tuple.index, by design
    layer: str
    #: The scene time of the link's end.
    time: float
    #: True when the clock moved backwards across the end.
    reversed: bool


Vector = Tuple[float, ...]


class _LinkSpec(NamedTuple):
    """One link's settings, as the desc gf_chain_add takes: a frozen value (``_replace``)."""

    kind: int
    combined: bool
    #: The index of the link this one is placed by (gf_chain_link_desc.anchor).
    anchor: int
    #: The stage it falls in, by the engine's rule (kept here to anchor chain-level links).
    stage: int
    name: Optional[str] = None
    key_path: Optional[str] = None
    #: The key path's number of components (gf_key_path_components); 0 without a key path.
    width: int = 0
    from_: Optional[Vector] = None
    to: Optional[Vector] = None
    by: Optional[Vector] = None
    duration: float = 0.0
    begin_time: float = 0.0
    repeat_count: float = 0.0
    autoreverses: int = 0
    additive: int = 0
    timing: Optional[str] = None
    mass: float = 1.0
    stiffness: float = 100.0
    damping: float = 10.0
    initial_velocity: float = 0.0
    values: Optional[Tuple[Vector, ...]] = None
    key_times: Optional[Vector] = None
    mode: Optional[str] = None
    transition_type: Optional[str] = None
    transition_subtype: Optional[str] = None
    from_layer: Optional[str] = None
    start_progress: float = 0.0
    end_progress: float = 1.0
    completion: Optional[Callable[[ChainCompletion], Any]] = None


class _Links:
    """A persistent sequence of link specs: :attr:`prefix` (shared, never changed) and then
    :attr:`last`. Appending a link or replacing the last one costs O(1) whatever the length, so
    a chain built step by step stays linear; :meth:`items` is worked out once per node."""

    __slots__ = ("prefix", "last", "count", "top_stage", "first_in_top", "_items")

    count: int
    top_stage: int
    first_in_top: int

    def __init__(self, prefix: Optional["_Links"], last: _LinkSpec) -> None:
        self.prefix = prefix
        self.last = last
        self.count = 1 if prefix is None else prefix.count + 1
        # The last stage and the first link in it: where a chain-level link is placed next.
        if prefix is None or last.stage > prefix.top_stage:
            self.top_stage, self.first_in_top = last.stage, self.count - 1
        else:
            self.top_stage, self.first_in_top = prefix.top_stage, prefix.first_in_top
        self._items: Optional[Tuple[_LinkSpec, ...]] = None

    def items(self) -> Tuple[_LinkSpec, ...]:
        """Every link, in creation order."""
        if self._items is None:
            tail: List[_LinkSpec] = []
            node: Optional[_Links] = self
            while node is not None and node._items is None:
                tail.append(node.last)
                node = node.prefix
            head = () if node is None or node._items is None else node._items
            self._items = head + tuple(reversed(tail))
        return self._items

    def spec(self, index: int) -> _LinkSpec:
        """The link ``index`` (0 <= index < count)."""
        return self.last if index == self.count - 1 else self.items()[index]

    def stage(self, index: int) -> int:
        """The stage of the link ``index``: the first link's is 0."""
        return 0 if index == 0 else self.spec(index).stage

    def replaced(self, index: int, spec: _LinkSpec) -> "_Links":
        """A sequence with the link ``index`` replaced by ``spec`` (placed as before)."""
        if index == self.count - 1:
            return _Links(self.prefix, spec)
        node: Optional[_Links] = None
        for i, old in enumerate(self.items()):
            node = _Links(node, spec if i == index else old)
        assert node is not None
        return node


def _doubles(values: Sequence[float]) -> Any:
    array = (c_double * max(len(values), 1))()
    for i, v in enumerate(values):
        array[i] = v
    return array


# Each setter checks its argument when given, as gf_chain_add would check it (types, finite
# numbers, the names the library takes, curve specs by the library's parser), so a mistake fails
# at the call that made it. What needs the whole link or chain (a key path missing, a spring's or
# a transition's ranges, keyframe counts) is the library's, when the chain is sent to it.


def _finite(value: Any, name: str) -> float:
    """``value`` as a float (:func:`as_double`); InvalidArgumentError unless it is finite."""
    number = as_double(value, name)
    if not math.isfinite(number):
        raise invalid_argument(f"{name} must be finite (got {number!r})")
    return number


def _non_negative(value: Any, name: str) -> float:
    """``value`` as a float; InvalidArgumentError unless it is finite and >= 0 (a link's
    duration, begin time and repeat count, for every kind of link)."""
    number = as_double(value, name)
    if not (math.isfinite(number) and number >= 0):
        raise invalid_argument(f"{name} must be finite and >= 0 (got {number!r})")
    return number


def _text(value: Any, name: str) -> Any:
    """``value``, checked as text for a ``const char *`` (str or UTF-8 bytes, no NUL)."""
    c_text(value, name)
    return value


def _items(values: Any, name: str) -> List[Any]:
    """The items of a sequence argument; ArgumentTypeError for text or a non-iterable."""
    if isinstance(values, (str, bytes, bytearray, memoryview)) or not hasattr(values, "__iter__"):
        raise argument_type_error(f"{name} must be a sequence of numbers, not {type(values).__name__}")
    return list(values)


#: The names gf_chain_link_desc takes (the library's lists; each name maps to itself).
_CALCULATION_MODES = {m: m for m in ("linear", "discrete", "paced", "cubic", "cubicPaced")}
_TRANSITION_TYPES = {t: t for t in ("fade", "moveIn", "push", "reveal")}
_TRANSITION_SUBTYPES = {d: d for d in ("fromLeft", "fromRight", "fromTop", "fromBottom")}


def _parse_curve(encoded: bytes) -> None:
    """ParseError (or InvalidArgumentError) with the library's message unless ``encoded`` is a
    curve spec the library reads now (gf_curve_parse_n; the curve is released at once)."""
    handle = gf_curve_p()
    lib.gf_curve_parse_n(encoded, len(encoded), byref(handle))
    lib.gf_curve_free(handle)


#: Specs read once are remembered (a cubic-bezier takes a while to parse, and the curve
#: properties give the same few specs again and again); long ones are parsed each time. A host
#: curve unregistered after its name was given fails when the chain is sent to the library.
_remembered_curve = functools.lru_cache(maxsize=256)(_parse_curve)
_REMEMBERED_SPEC_BYTES = 256


def _curve_spec(spec: Any, name: str) -> Any:
    """``spec``, checked as a curve spec by the library's parser."""
    encoded = c_text(spec, name)
    if len(encoded) <= _REMEMBERED_SPEC_BYTES:
        _remembered_curve(encoded)
    else:
        _parse_curve(encoded)
    return spec


def _completion(callback: Any) -> Callable[[ChainCompletion], Any]:
    """``callback``, checked to be callable (ArgumentTypeError)."""
    if not callable(callback):
        raise argument_type_error(f"completion must be callable, not {type(callback).__name__}")
    return callback  # type: ignore[no-any-return]


def _vector(values: Sequence[Any], name: str) -> Vector:
    if len(values) == 1 and not isinstance(values[0], (int, float)) and hasattr(values[0], "__iter__"):
        values = tuple(values[0])
    if not values:
        raise invalid_argument(f"{name} needs at least one number")
    return tuple(_finite(v, f"{name}[{i}]") for i, v in enumerate(values))


@functools.lru_cache(maxsize=256)
def _components(encoded: bytes) -> int:
    out = c_uint32()
    lib.gf_key_path_components(encoded, byref(out))  # NotFoundError with the library's message
    return int(out.value)


def _key_path_width(key_path: str) -> int:
    """The number of components a value of ``key_path`` has (``position`` 2, ``frame`` 4,
    ``opacity`` 1), by ``gf_key_path_components``; :class:`~ghostframe.NotFoundError` with the
    library's message for an unknown key path."""
    return _components(c_text(key_path, "key_path"))


def _check_width(spec: _LinkSpec, what: str, count: int) -> None:
    """InvalidArgumentError when the link's key path is known and a value of ``count``
    components does not fit it (the check gf_chain_add makes, made when the value is given)."""
    if spec.width and count != spec.width:
        raise invalid_argument(f"{what}: {spec.key_path!r} takes {spec.width} value(s), got {count}")


class _NativeChain(NativeHandle):
    """The gf_chain a :class:`Chain` compiles to."""

    __slots__ = ()
    _kind = "Chain"

    def __init__(self, layer: bytes) -> None:
        self._handle = None
        self._finalizer = None
        handle = gf_chain_p()
        lib.gf_chain_create(layer, byref(handle))
        self._adopt(handle, lib.gf_chain_free)


class Chain(Serialised):
    """A chain of animations on the layer ``layer`` (its id): an immutable value.

    Start links with :attr:`basic`, :attr:`spring`, :attr:`keyframe` or :attr:`transition`;
    each returns a :class:`ChainLink` on a *new* chain and leaves this one as it was. Every
    setter checks its argument when given: text where text is expected, finite numbers (a
    duration, begin time or repeat count also >= 0), the names the library takes (calculation
    modes, transition types and subtypes), a key path (by the library) and a value against its
    width, a timing spec by the library's curve parser. What needs the whole link or chain (a
    link without a key path, a spring that never settles, a transition's progress range) is
    checked when the chain is sent to the library (``gf_chain_add`` per link), the first time it
    is scheduled, applied or measured, and surfaces as :class:`~ghostframe.GhostframeError` with
    the library's message.

    The library chain is made once per value and kept with it. :meth:`apply` records the runs
    it adds on that library chain, and :meth:`advance` on *the same value* calls their
    completions. An applied chain simply stays a value: building from it (``applied.basic...``,
    ``link.duration(2)``) makes a new, unapplied chain and changes neither the applied one nor
    the scene; apply the new one to use it.
    """

    __slots__ = ("_layer", "_layer_bytes", "_links", "_mistake", "_built", "_trampolines", "_failures",
                 "__weakref__")

    _layer: str
    _layer_bytes: bytes
    _links: Optional[_Links]
    _mistake: Optional[str]
    _built: Optional[_NativeChain]
    # The ctypes trampolines of the completions: alive as long as the native chain.
    _trampolines: List[Any]
    _failures: List[BaseException]

    def __init__(self, layer: str) -> None:
        self._layer_bytes = c_text(layer, "layer")
        self._layer = layer
        self._links = None
        # A mistake the view shorthand found while a property was read (reading never
        # raises): raised when the chain is first used.
        self._mistake = None
        self._built = None
        self._trampolines = []
        self._failures = []

    @property
    def layer(self) -> str:
        """The id of the layer the chain animates."""
        return self._layer

    # -- building ---------------------------------------------------------------------------

    def _derive(self, links: Optional[_Links], mistake: Optional[str] = None) -> "Chain":
        """A new chain on the same layer with ``links`` (and the first mistake recorded)."""
        new = type(self).__new__(type(self))
        new._layer, new._layer_bytes, new._links = self._layer, self._layer_bytes, links
        new._mistake = self._mistake if self._mistake is not None else mistake
        new._built, new._trampolines, new._failures = None, [], []
        return new

    def _recording(self, mistake: str) -> "Chain":
        """This chain with ``mistake`` kept to be raised when it is used."""
        return self._derive(self._links, mistake)

    def _node(self) -> _Links:
        if self._links is None:  # pragma: no cover - links are only asked of chains that have them
            raise invalid_argument("the chain has no links")
        return self._links

    def _add(self, kind: int, combined: bool, anchor: Optional[int] = None, **fields: Any) -> "ChainLink":
        """A new chain with a link beside (``combined``) or after the link ``anchor``; None: a
        new last stage. ``fields`` set the new link's settings."""
        links = self._links
        if links is None:
            spec = _LinkSpec(kind, False, 0, 0)
        elif anchor is None:
            spec = _LinkSpec(kind, False, links.first_in_top, links.top_stage + 1)
        else:
            spec = _LinkSpec(kind, combined, anchor, links.stage(anchor) + (0 if combined else 1))
        if fields:
            spec = spec._replace(**fields)
        node = _Links(links, spec)
        return ChainLink._make(self._derive(node), node.count - 1)

    @property
    def basic(self) -> "ChainLink":
        """A basic link (Core Animation's CABasicAnimation), after the links so far, on a new chain."""
        return self._add(_native.GF_CHAIN_BASIC, False)

    @property
    def spring(self) -> "ChainLink":
        """A spring link (CASpringAnimation), after the links so far, on a new chain."""
        return self._add(_native.GF_CHAIN_SPRING, False)

    @property
    def keyframe(self) -> "ChainLink":
        """A keyframe link (CAKeyframeAnimation), after the links so far, on a new chain."""
        return self._add(_native.GF_CHAIN_KEYFRAME, False)

    @property
    def transition(self) -> "ChainLink":
        """A transition link (CATransition), after the links so far, on a new chain."""
        return self._add(_native.GF_CHAIN_TRANSITION, False)

    def __len__(self) -> int:
        return 0 if self._links is None else self._links.count

    def __getitem__(self, index: int) -> "ChainLink":
        """The link ``index`` of this chain (negative counts from the end), to continue from:
        ``chain[0].combine_basic...`` places a new link beside the first one."""
        return ChainLink(self, index)

    def __iter__(self) -> Iterator["ChainLink"]:
        return (ChainLink._make(self, i) for i in range(len(self)))

    def _specs(self) -> Tuple[_LinkSpec, ...]:
        return () if self._links is None else self._links.items()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Chain):
            return NotImplemented
        return (self._layer, self._mistake, self._specs()) == (other._layer, other._mistake, other._specs())

    def __hash__(self) -> int:
        return hash((self._layer, self._mistake, self._specs()))

    def __copy__(self) -> "Chain":
        return self  # a value: a copy would be the same

    def __deepcopy__(self, memo: Any) -> "Chain":
        return self

    # -- compiling --------------------------------------------------------------------------

    def _native_chain(self) -> _NativeChain:
        if self._mistake is not None:
            raise invalid_argument(self._mistake)
        if self._built is not None and not self._built.closed:
            return self._built
        built = _NativeChain(self._layer_bytes)
        trampolines: List[Any] = []
        try:
            for index, link in enumerate(self._specs()):
                self._send(built, index, link, trampolines)
        except BaseException:
            built.close()
            raise
        self._built, self._trampolines = built, trampolines
        return built

    def _send(self, built: _NativeChain, index: int, link: _LinkSpec, trampolines: List[Any]) -> None:
        d = gf_chain_link_desc()
        lib.gf_chain_link_desc_init(byref(d))
        d.kind = link.kind
        d.placement = _native.GF_CHAIN_COMBINE if link.combined else _native.GF_CHAIN_NEXT
        d.anchor = link.anchor if index > 0 else _native.GF_CHAIN_LAST
        d.autoreverses = link.autoreverses
        d.additive = link.additive
        keep: List[Any] = []  # buffers alive until gf_chain_add returns
        width = 0
        for value, field in ((link.from_, "from_value"), (link.to, "to_value"), (link.by, "by_value")):
            if value is not None:
                if width and len(value) != width:
                    raise invalid_argument(
                        f"link {index}: from, to and by values must have the same number of components")
                width = len(value)
                buffer = _doubles(value)
                keep.append(buffer)
                setattr(d, field, buffer)
        if link.values is not None:
            widths = {len(v) for v in link.values}
            if len(widths) != 1 or (width and widths != {width}):
                raise invalid_argument(f"link {index}: every keyframe needs the same number of components")
            width = widths.pop()
            flat = _doubles([x for v in link.values for x in v])
            keep.append(flat)
            d.values = flat
            d.keyframe_count = len(link.values)
        if link.key_times is not None:
            times = _doubles(link.key_times)
            keep.append(times)
            d.key_times = times
            d.key_time_count = len(link.key_times)
        d.value_count = width
        d.name = None if link.name is None else c_text(link.name, "name")
        d.property = None if link.key_path is None else c_text(link.key_path, "property")
        d.timing = None if link.timing is None else c_text(link.timing, "timing")
        d.calculation_mode = None if link.mode is None else c_text(link.mode, "calculation_mode")
        d.transition_type = None if link.transition_type is None else c_text(link.transition_type, "type")
        d.transition_subtype = None if link.transition_subtype is None else c_text(link.transition_subtype, "subtype")
        d.from_layer = None if link.from_layer is None else c_text(link.from_layer, "from_layer")
        d.duration, d.begin_time, d.repeat_count = link.duration, link.begin_time, link.repeat_count
        d.mass, d.stiffness, d.damping, d.initial_velocity = (
            link.mass, link.stiffness, link.damping, link.initial_velocity)
        d.start_progress, d.end_progress = link.start_progress, link.end_progress
        if link.completion is not None:
            trampoline = self._completion_trampoline(link.completion)
            trampolines.append(trampoline)
            d.completion = trampoline
        lib.gf_chain_add(built._ptr(), byref(d), None)

    def _completion_trampoline(self, callback: Callable[[ChainCompletion], Any]) -> Any:
        """The gf_chain_completion_fn of one link: its failures go to the chain's list, which
        :meth:`advance` raises from."""
        return Receiver(gf_chain_completion_fn, _read_completion, callback, failures=self._failures,
                        collect=False).trampoline

    # -- using ------------------------------------------------------------------------------

    def schedule(self) -> List[ChainEntry]:
        """One entry per link, sorted by begin, then layer, then name, then creation order."""
        handle = self._native_chain()._ptr()
        count = c_size_t()
        try:
            lib.gf_chain_schedule(handle, None, 0, byref(count))
        except BufferTooSmallError:
            pass
        entries = (gf_timeline_entry * max(count.value, 1))()
        lib.gf_chain_schedule(handle, entries, count.value, byref(count))
        return [
            ChainEntry(e.name.decode("utf-8"), e.layer.decode("utf-8"), e.begin, e.end)
            for e in entries[: count.value]
        ]

    @property
    def duration(self) -> float:
        """When the chain's last link ends, in seconds from its start (0 for an empty chain).

        A property, as Swift's ``AnimationChain.duration`` and
        :attr:`ghostframe.Timeline.duration`: the library computes it (``gf_chain_duration``),
        sending the chain to it first if this value has not been used yet.

        A chain the library refuses has no duration: reading it raises what :meth:`schedule`
        raises (the same class and message: ``except InvalidArgumentError`` catches it), as an
        error that is also an :class:`AttributeError`, the way a property says that the value it
        stands for does not exist. So ``hasattr(chain, "duration")`` is False for such a chain,
        and introspection (``inspect.getmembers``, a debugger's variable pane) passes over it
        instead of failing.

        Raises:
            GhostframeError: what :meth:`schedule` raises for a chain the library refuses (a
                mistake kept while the chain was built, a link without a key path, ...), also an
                AttributeError.
        """
        out = c_double()
        try:
            lib.gf_chain_duration(self._native_chain()._ptr(), byref(out))
        except GhostframeError as error:
            raise _without_attribute(error) from error.__cause__
        return out.value

    def apply(self, scene: Scene, layer: Optional[str] = None, start: float = 0.0) -> None:
        """Adds the chain's animations to ``scene``, all or nothing: one per link, from
        ``start`` on the scene's clock, kept after their ends. ``layer`` animates another layer
        than the chain's. This value then delivers their completions through :meth:`advance`;
        it stays a value (building from it makes a new, unapplied chain).

        An empty chain adds nothing and is not an error, as in Swift (``AnimationChain.animate``)
        and C (``gf_chain_apply``): the layer and ``start`` are still checked.

        Raises:
            NotFoundError: ``scene`` has no such layer (an empty chain too).
            GhostframeError: ``start`` is not finite; what :meth:`schedule` raises.
        """
        if not isinstance(scene, Scene):
            raise argument_type_error(f"scene must be a ghostframe.Scene, not {type(scene).__name__}")
        start = as_double(start, "start")
        target = None if layer is None else c_text(layer, "layer")
        built = self._native_chain()
        with holding(scene):
            lib.gf_chain_apply(built._ptr(), scene._changed(), target, start)

    def advance(self, scene: Scene, t: float, callback: Optional[Callable[[Event], Any]] = None) -> List[Event]:
        """Moves ``scene``'s clock to ``t`` (as :meth:`Scene.advance`) and calls the completion
        of each link of this chain applied to ``scene`` whose end was crossed, right after the
        event that crossed it: once per crossing, forwards and backwards. Only the runs that
        this very value applied complete: advance the value you applied (a chain built from
        it was not applied). ``callback`` gets every event. Callbacks must not call into the
        chain or the scene (RuntimeError); if one raises, no further callback runs, the clock
        still moves and the exception is raised when the call returns.

        Returns:
            The scene's events, in order.
        """
        if not isinstance(scene, Scene):
            raise argument_type_error(f"scene must be a ghostframe.Scene, not {type(scene).__name__}")
        check_callback(callback)
        t = as_double(t, "t")
        with holding(scene):
            handle = scene._ptr()
            built = self._native_chain()
            self._failures.clear()
            # Completions (their trampolines made by _send) and events share the chain's list.
            receiver = Receiver(gf_event_fn, _READ_CHAIN_EVENT, callback, failures=self._failures)
            scene._advancing = True
            try:
                lib.gf_chain_advance(built._ptr(), handle, t, receiver.trampoline, None)
            finally:
                scene._advancing = False
        receiver.raise_failure()
        return receiver.values

    def close(self) -> None:
        """Releases the library object now (it is made again if the chain is used, without the
        runs the released one had applied: their completions are no longer called)."""
        if self._built is not None:
            self._built.close()
        self._built = None

    def __enter__(self) -> "Chain":
        """``with`` releases the library object on leaving, as the other handles do."""
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        count = len(self)
        return f"<Chain on {self._layer!r} with {count} link{'' if count == 1 else 's'}>"


# The timing-curve names of AXAnimationChain (CAMediaTimingFunction+Extends), moving as on iOS:
# Core Animation's; its cubic-bezier approximations for Sine ... Back (ease_in_back is
# cubic-bezier(0.6, -0.28, 0.735, 0.045), not Penner's equation: that one is timing("easeInBack"));
# Penner's exact equations for Elastic and Bounce, as AXAnimationChain computes them.
_AX_BEZIERS: Dict[str, str] = {
    "Sine": "0.47, 0, 0.745, 0.715 | 0.39, 0.575, 0.565, 1 | 0.445, 0.05, 0.55, 0.95",
    "Quad": "0.55, 0.085, 0.68, 0.53 | 0.25, 0.46, 0.45, 0.94 | 0.455, 0.03, 0.515, 0.955",
    "Cubic": "0.55, 0.055, 0.675, 0.19 | 0.215, 0.61, 0.355, 1 | 0.645, 0.045, 0.355, 1",
    "Quart": "0.895, 0.03, 0.685, 0.22 | 0.165, 0.84, 0.44, 1 | 0.77, 0, 0.175, 1",
    "Quint": "0.755, 0.05, 0.855, 0.06 | 0.23, 1, 0.32, 1 | 0.86, 0, 0.07, 1",
    "Expo": "0.95, 0.05, 0.795, 0.035 | 0.19, 1, 0.22, 1 | 1, 0, 0, 1",
    "Circ": "0.6, 0.04, 0.98, 0.335 | 0.075, 0.82, 0.165, 1 | 0.785, 0.135, 0.15, 0.86",
    "Back": "0.6, -0.28, 0.735, 0.045 | 0.175, 0.885, 0.32, 1.275 | 0.68, -0.55, 0.265, 1.55",
}
_CURVES: Dict[str, str] = {
    "linear": "linear", "ease_default": "default", "ease_in": "easeIn", "ease_out": "easeOut",
    "ease_in_out": "easeInEaseOut",
}
for _family in ("Sine", "Quad", "Cubic", "Quart", "Quint", "Expo", "Circ", "Back", "Elastic", "Bounce"):
    _points = _AX_BEZIERS[_family].split(" | ") if _family in _AX_BEZIERS else None
    for _i, (_way, _snake) in enumerate((("In", "in"), ("Out", "out"), ("InOut", "in_out"))):
        _CURVES[f"ease_{_snake}_{_family.lower()}"] = (
            f"cubic-bezier({_points[_i]})" if _points else f"ease{_way}{_family}")


_READ_CHAIN_EVENT = _event_reader("gf_chain_advance")


#: Each error class raised by a property so far -> its AttributeError flavour (made once).
_FLAVOURS: Dict[type, Optional[Type[GhostframeError]]] = {}


def _attribute_flavour(cls: Type[GhostframeError]) -> Optional[Type[GhostframeError]]:
    """``cls`` that is also an AttributeError, named and documented as ``cls`` (the pattern of
    Django's ``RelatedObjectDoesNotExist``); None when the two cannot be combined (a class that
    is already an ImportError or an OSError). It pickles as ``cls``. One class per ``cls``."""
    if cls in _FLAVOURS:
        return _FLAVOURS[cls]

    def __reduce__(self: GhostframeError) -> Tuple[Any, ...]:
        return (_rebuild_error, (cls, self.status, self.message, self.status_name, self.function))

    try:
        made: Optional[Type[GhostframeError]] = type(cls.__name__, (cls, AttributeError), {
            "__module__": cls.__module__, "__qualname__": cls.__qualname__, "__doc__": cls.__doc__,
            "__reduce__": __reduce__})
    except TypeError:  # pragma: no cover - no such class reaches a chain's duration
        made = None
    return _FLAVOURS.setdefault(cls, made)  # a thread that made one first wins


def _without_attribute(error: GhostframeError) -> GhostframeError:
    """``error`` again, as an instance of its class that is also an AttributeError (same status,
    message, function and traceback): what a property raises when the library refuses to
    compute its value, so ``hasattr`` and introspection pass over the property."""
    flavour = _attribute_flavour(type(error))
    if flavour is None:  # pragma: no cover - see _attribute_flavour
        return error
    again = flavour(error.status, error.message, status_name=error.status_name, function=error.function)
    return again.with_traceback(error.__traceback__)


def _read_completion(raw: Any) -> ChainCompletion:
    return ChainCompletion(
        (raw.name or b"").decode("utf-8", "replace"), int(raw.index),
        (raw.layer or b"").decode("utf-8", "replace"), float(raw.time), bool(raw.reversed))


_W = TypeVar("_W", bound="_WholeChain")


class _WholeChain(Serialised):
    """What a link and the view shorthand do on their whole chain, :attr:`chain`, from its root.
    Such a value shares its chain's lock, so threads take turns on the chain's library object."""

    __slots__ = ("_chain",)

    _chain: Chain

    @property
    def chain(self) -> Chain:
        """The whole chain this value is part of: a value, as this one."""
        return self._chain

    def apply(self, scene: Scene, layer: Optional[str] = None, start: float = 0.0) -> None:
        """:meth:`Chain.apply` on the whole chain, from its root."""
        self._chain.apply(scene, layer, start)

    animate = apply

    def schedule(self) -> List[ChainEntry]:
        """:meth:`Chain.schedule` of the whole chain."""
        return self._chain.schedule()

    def advance(self, scene: Scene, t: float, callback: Optional[Callable[[Event], Any]] = None) -> List[Event]:
        """:meth:`Chain.advance` of the whole chain (the one applied: see :meth:`Chain.advance`)."""
        return self._chain.advance(scene, t, callback)

    def __enter__(self: "_W") -> "_W":
        """``with`` releases the whole chain's library object on leaving."""
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._chain.close()


class ChainLink(_WholeChain):
    """The link :attr:`index` of the chain :attr:`chain`: an immutable value. Every modifier
    (``duration(1)``, ``ease_out``, ``next_to_spring``, ...) returns a new link on a new chain
    and leaves this one, and its chain, as they were. ``ChainLink(chain, i)`` is ``chain[i]``."""

    __slots__ = ("_index",)

    def __init__(self, chain: Chain, index: int) -> None:
        if not isinstance(chain, Chain):
            raise argument_type_error(f"chain must be a ghostframe.Chain, not {type(chain).__name__}")
        if isinstance(index, bool) or not isinstance(index, int):
            raise argument_type_error(f"a link index must be an int, not {type(index).__name__}")
        count = len(chain)
        if not -count <= index < count:
            raise IndexError(f"link index {index} out of range for a chain of {count} link(s)")
        self._chain = chain
        self._index = index % count
        self._lock = chain._lock

    @classmethod
    def _make(cls, chain: Chain, index: int) -> "ChainLink":
        """The link ``index`` (known to exist) of ``chain``, sharing its lock."""
        link = object.__new__(cls)  # not Serialised.__new__: the link takes its chain's lock
        link._chain, link._index, link._lock = chain, index, chain._lock
        return link

    @property
    def index(self) -> int:
        """The link's index in creation order."""
        return self._index

    if TYPE_CHECKING:  # pragma: no cover
        # The timing-curve properties (ease_out, ease_in_out_back, ...: the names of _CURVES)
        # are made below the class, one per curve.
        def __getattr__(self, name: str) -> "ChainLink": ...

    def _spec(self) -> _LinkSpec:
        return self._chain._node().spec(self._index)

    def _set(self, **fields: Any) -> "ChainLink":
        """A new link (on a new chain) with ``fields`` changed."""
        chain = self._chain
        links = chain._node()
        spec = links.spec(self._index)._replace(**fields)
        return ChainLink._make(chain._derive(links.replaced(self._index, spec)), self._index)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ChainLink):
            return NotImplemented
        return self._index == other._index and self._chain == other._chain

    def __hash__(self) -> int:
        return hash((self._index, self._chain))

    def __copy__(self) -> "ChainLink":
        return self  # a value: a copy would be the same

    def __deepcopy__(self, memo: Any) -> "ChainLink":
        return self

    # -- placing ----------------------------------------------------------------------------

    @property
    def next_to_basic(self) -> "ChainLink":
        """A basic link that starts when this link's stage has finished (on a new chain)."""
        return self._chain._add(_native.GF_CHAIN_BASIC, False, self._index)

    @property
    def next_to_spring(self) -> "ChainLink":
        """A spring link that starts when this link's stage has finished (on a new chain)."""
        return self._chain._add(_native.GF_CHAIN_SPRING, False, self._index)

    @property
    def next_to_keyframe(self) -> "ChainLink":
        """A keyframe link that starts when this link's stage has finished (on a new chain)."""
        return self._chain._add(_native.GF_CHAIN_KEYFRAME, False, self._index)

    @property
    def next_to_transition(self) -> "ChainLink":
        """A transition link that starts when this link's stage has finished (on a new chain)."""
        return self._chain._add(_native.GF_CHAIN_TRANSITION, False, self._index)

    basic = next_to_basic
    spring = next_to_spring
    keyframe = next_to_keyframe
    transition = next_to_transition

    @property
    def combine_basic(self) -> "ChainLink":
        """A basic link that runs alongside this one (on a new chain)."""
        return self._chain._add(_native.GF_CHAIN_BASIC, True, self._index)

    @property
    def combine_spring(self) -> "ChainLink":
        """A spring link that runs alongside this one (on a new chain)."""
        return self._chain._add(_native.GF_CHAIN_SPRING, True, self._index)

    @property
    def combine_keyframe(self) -> "ChainLink":
        """A keyframe link that runs alongside this one (on a new chain)."""
        return self._chain._add(_native.GF_CHAIN_KEYFRAME, True, self._index)

    @property
    def combine_transition(self) -> "ChainLink":
        """A transition link that runs alongside this one (on a new chain)."""
        return self._chain._add(_native.GF_CHAIN_TRANSITION, True, self._index)

    # -- timing -----------------------------------------------------------------------------

    def duration(self, seconds: float) -> "ChainLink":
        """Seconds (0: Core Animation's 0.25 s; a spring's settling duration); a spring given
        one is stretched over it."""
        return self._set(duration=_non_negative(seconds, "duration"))

    def begin_time(self, seconds: float) -> "ChainLink":
        """Seconds after the start of the link's stage (>= 0)."""
        return self._set(begin_time=_non_negative(seconds, "begin_time"))

    def repeat_count(self, count: float) -> "ChainLink":
        """Core Animation's repeatCount: cycles, finite, >= 0 (0 = once)."""
        return self._set(repeat_count=_non_negative(count, "repeat_count"))

    @property
    def autoreverses(self) -> "ChainLink":
        """Each cycle plays forwards, then backwards."""
        return self._set(autoreverses=1)

    @property
    def additive(self) -> "ChainLink":
        """The link's values add to what is under it (a by-only change always does)."""
        return self._set(additive=1)

    def timing(self, spec: str) -> "ChainLink":
        """The timing curve as curve spec text (``"ease-out"``, ``"cubic-bezier(...)"``,
        ``"easeInBack"``), read by the library's parser at once (a host curve must be registered
        first): :class:`~ghostframe.ParseError` with its message for an unknown name or bad
        syntax, :class:`~ghostframe.InvalidArgumentError` for a number out of range. On a spring
        it warps the spring's time."""
        return self._set(timing=_curve_spec(spec, "timing"))

    def named(self, name: str) -> "ChainLink":
        """The link's name in schedules and completions (default: its key path); text."""
        return self._set(name=_text(name, "name"))

    def completion(self, callback: Callable[[ChainCompletion], Any]) -> "ChainLink":
        """Called with a :class:`ChainCompletion` each time :meth:`Chain.advance` crosses the
        link's end, forwards or backwards."""
        return self._set(completion=_completion(callback))

    # -- values -----------------------------------------------------------------------------

    def key_path(self, key_path: str) -> "ChainLink":
        """The animated key path (``"position"``, ``"bounds.size"``, ``"opacity"``, ...),
        checked at once: :class:`~ghostframe.NotFoundError` with the library's message for an
        unknown one (``gf_key_path_components``), as ``gf_chain_add`` refuses it."""
        return self._set(key_path=key_path, width=_key_path_width(key_path))

    def _value(self, field: str, what: str, components: Sequence[Any]) -> "ChainLink":
        value = _vector(components, what)
        _check_width(self._spec(), what, len(value))
        return self._set(**{field: value})

    def _shorthand(self, key_path: str, field: str, components: Sequence[float]) -> "ChainLink":
        """``key_path(key_path)`` and its ``to`` or ``by`` value in one step (the shorthands'
        arities are their key paths' widths)."""
        value = _vector(components, f"{field}_value")
        return self._set(**{"key_path": key_path, "width": _key_path_width(key_path), field: value})

    def from_value(self, *components: float) -> "ChainLink":
        """The start value (numbers, or one sequence); given after the key path, its number of
        components is checked against it at once (InvalidArgumentError)."""
        return self._value("from_", "from_value", components)

    def to_value(self, *components: float) -> "ChainLink":
        """The end value (checked as :meth:`from_value`'s)."""
        return self._value("to", "to_value", components)

    def by_value(self, *components: float) -> "ChainLink":
        """The change; alone, it adds to whatever is under the link (checked as :meth:`from_value`'s)."""
        return self._value("by", "by_value", components)

    def center_by(self, dx: float, dy: float) -> "ChainLink":
        """Moves the centre (``position``) by (dx, dy)."""
        return self._shorthand("position", "by", (dx, dy))

    def center_to(self, x: float, y: float) -> "ChainLink":
        """Moves the centre (``position``) to (x, y)."""
        return self._shorthand("position", "to", (x, y))

    def size_by(self, dw: float, dh: float) -> "ChainLink":
        """Grows ``bounds.size`` by (dw, dh) about the anchor point."""
        return self._shorthand("bounds.size", "by", (dw, dh))

    def size_to(self, width: float, height: float) -> "ChainLink":
        """Sizes ``bounds.size`` to (width, height)."""
        return self._shorthand("bounds.size", "to", (width, height))

    def corner_radius_by(self, delta: float) -> "ChainLink":
        """Changes the corner radius by ``delta``."""
        return self._shorthand("cornerRadius", "by", (delta,))

    def corner_radius_to(self, radius: float) -> "ChainLink":
        """Changes the corner radius to ``radius``."""
        return self._shorthand("cornerRadius", "to", (radius,))

    def opacity_by(self, delta: float) -> "ChainLink":
        """Changes the opacity by ``delta``."""
        return self._shorthand("opacity", "by", (delta,))

    def opacity_to(self, opacity: float) -> "ChainLink":
        """Changes the opacity to ``opacity``."""
        return self._shorthand("opacity", "to", (opacity,))

    def scale_by(self, delta: float) -> "ChainLink":
        """Changes ``transform.scale`` by ``delta``."""
        return self._shorthand("transform.scale", "by", (delta,))

    def scale_to(self, scale: float) -> "ChainLink":
        """Changes ``transform.scale`` to ``scale``."""
        return self._shorthand("transform.scale", "to", (scale,))

    def rotate_by(self, radians: float) -> "ChainLink":
        """Rotates (``transform.rotation``) by ``radians``."""
        return self._shorthand("transform.rotation", "by", (radians,))

    def rotate_to(self, radians: float) -> "ChainLink":
        """Rotates (``transform.rotation``) to ``radians``."""
        return self._shorthand("transform.rotation", "to", (radians,))

    def translate_by(self, dx: float, dy: float) -> "ChainLink":
        """Translates (``transform.translation``) by (dx, dy)."""
        return self._shorthand("transform.translation", "by", (dx, dy))

    def translate_to(self, x: float, y: float) -> "ChainLink":
        """Translates (``transform.translation``) to (x, y)."""
        return self._shorthand("transform.translation", "to", (x, y))

    # -- springs, keyframes, transitions ----------------------------------------------------

    def mass(self, mass: float) -> "ChainLink":
        """A spring's mass (> 0)."""
        return self._set(mass=_finite(mass, "mass"))

    def stiffness(self, stiffness: float) -> "ChainLink":
        """A spring's stiffness (> 0)."""
        return self._set(stiffness=_finite(stiffness, "stiffness"))

    def damping(self, damping: float) -> "ChainLink":
        """A spring's damping (> 0)."""
        return self._set(damping=_finite(damping, "damping"))

    def initial_velocity(self, velocity: float) -> "ChainLink":
        """A spring's initial velocity, in distances per second toward the end."""
        return self._set(initial_velocity=_finite(velocity, "initial_velocity"))

    def values(self, values: Sequence[Any]) -> "ChainLink":
        """Keyframe values: numbers (one component) or sequences of the property's width
        (checked against the key path at once when it was given first)."""
        rows = tuple((_finite(v, f"values[{i}]"),) if not hasattr(v, "__iter__") else _vector((v,), f"values[{i}]")
                     for i, v in enumerate(_items(values, "values")))
        spec = self._spec()
        for i, row in enumerate(rows):
            _check_width(spec, f"values[{i}]", len(row))
        return self._set(values=rows)

    def key_times(self, times: Optional[Sequence[float]]) -> "ChainLink":
        """When each keyframe is reached, in [0, 1] (finite numbers); None spaces them evenly."""
        if times is None:
            return self._set(key_times=None)
        return self._set(key_times=tuple(_finite(x, f"key_times[{i}]")
                                         for i, x in enumerate(_items(times, "key_times"))))

    def calculation_mode(self, mode: str) -> "ChainLink":
        """``"linear"``, ``"discrete"``, ``"paced"``, ``"cubic"`` or ``"cubicPaced"``
        (InvalidArgumentError for another name)."""
        return self._set(mode=as_choice(mode, "calculation_mode", _CALCULATION_MODES))

    def type(self, kind: str) -> "ChainLink":
        """A transition's kind: ``"fade"``, ``"moveIn"``, ``"push"`` or ``"reveal"``
        (InvalidArgumentError for another name)."""
        return self._set(transition_type=as_choice(kind, "transition type", _TRANSITION_TYPES))

    def subtype(self, direction: str) -> "ChainLink":
        """A transition's direction: ``"fromLeft"``, ``"fromRight"``, ``"fromTop"``, ``"fromBottom"``
        (InvalidArgumentError for another name)."""
        return self._set(transition_subtype=as_choice(direction, "transition subtype", _TRANSITION_SUBTYPES))

    def from_layer(self, layer: str) -> "ChainLink":
        """A transition's old-content layer (its id: text)."""
        return self._set(from_layer=_text(layer, "from_layer"))

    def start_progress(self, progress: float) -> "ChainLink":
        """A transition's progress at its start (finite; the library wants 0 <= start <= end <= 1)."""
        return self._set(start_progress=_finite(progress, "start_progress"))

    def end_progress(self, progress: float) -> "ChainLink":
        """A transition's progress at its end (finite)."""
        return self._set(end_progress=_finite(progress, "end_progress"))

    def __repr__(self) -> str:
        return f"<ChainLink {self._index} of {self._chain!r}>"

    # Last in the body: the name shadows the builtin for what follows.
    property = key_path  # noqa: A003 - the seed's name


def _curve_property(spec: str) -> Any:
    def get(self: ChainLink) -> ChainLink:
        return self.timing(spec)

    get.__doc__ = f"The timing curve ``{spec}`` (on a new link)."
    return property(get)


for _name, _spec in _CURVES.items():
    setattr(ChainLink, _name, _curve_property(_spec))
del _name, _spec, _family, _way, _snake, _i, _points
