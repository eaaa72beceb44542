"""Chains: AXAnimationChain-style chains of animations on one layer, :class:`Chain`.

A chain is built fluently, link by link, in AXAnimationChain's chain-animator vocabulary with
Python names::

    chain = gf.Chain("card").spring.center_by(0, 100).ease_out.next_to_spring.size_by(100, 100)
    chain.apply(scene)   # the size springs when the centre has settled

(The seed's view one-liner, whose shorthands run together, is
:class:`~ghostframe.ViewAnimationChain`.)

``basic``, ``spring``, ``keyframe`` and ``transition`` start a link (on the chain: after every
link so far; on a link: after it and everything combined with it, like ``next_to_basic`` ...);
``combine_basic`` ... add a link that runs alongside the link they are called on. Every modifier
returns the link, so the expression reads left to right; ``apply``, ``schedule``, ``duration``
and ``advance`` work from any link on the whole chain. The rules (the engine's, through
``gf_chain_*``):

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
"""

from __future__ import annotations

from ctypes import byref, c_double, c_size_t
from typing import TYPE_CHECKING, Any, Callable, Dict, List, NamedTuple, Optional, Sequence

from . import _native
from ._convert import as_double, as_flag
from ._callbacks import Receiver, check_callback
from ._handle import NativeHandle, Serialised, holding
from ._native import (
    gf_chain_completion_fn,
    gf_chain_link_desc,
    gf_chain_p,
    gf_event_fn,
    gf_timeline_entry,
    lib,
)
from .animation import c_text
from .errors import BufferTooSmallError, argument_type_error, invalid_argument
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


class _Link:
    """One link's settings, as the desc gf_chain_add takes."""

    __slots__ = (
        "kind", "combined", "anchor", "stage", "name", "property", "from_", "to", "by", "duration", "begin_time",
        "repeat_count", "autoreverses", "additive", "timing", "mass", "stiffness", "damping",
        "initial_velocity", "values", "key_times", "mode", "transition_type", "transition_subtype",
        "from_layer", "start_progress", "end_progress", "completion",
    )

    def __init__(self, kind: int, combined: bool, anchor: int, stage: int) -> None:
        self.kind = kind
        self.combined = combined
        #: The index of the link this one is placed by (gf_chain_link_desc.anchor).
        self.anchor = anchor
        #: The stage it falls in, by the engine's rule (kept here to anchor chain-level links).
        self.stage = stage
        self.name: Optional[str] = None
        self.property: Optional[str] = None
        self.from_: Optional[List[float]] = None
        self.to: Optional[List[float]] = None
        self.by: Optional[List[float]] = None
        self.duration = 0.0
        self.begin_time = 0.0
        self.repeat_count = 0.0
        self.autoreverses = 0
        self.additive = 0
        self.timing: Optional[str] = None
        self.mass, self.stiffness, self.damping, self.initial_velocity = 1.0, 100.0, 10.0, 0.0
        self.values: Optional[List[List[float]]] = None
        self.key_times: Optional[List[float]] = None
        self.mode: Optional[str] = None
        self.transition_type: Optional[str] = None
        self.transition_subtype: Optional[str] = None
        self.from_layer: Optional[str] = None
        self.start_progress, self.end_progress = 0.0, 1.0
        self.completion: Optional[Callable[[ChainCompletion], Any]] = None


def _doubles(values: Sequence[float]) -> Any:
    array = (c_double * max(len(values), 1))()
    for i, v in enumerate(values):
        array[i] = v
    return array


def _vector(values: Sequence[Any], name: str) -> List[float]:
    if len(values) == 1 and not isinstance(values[0], (int, float)) and hasattr(values[0], "__iter__"):
        values = tuple(values[0])
    if not values:
        raise invalid_argument(f"{name} needs at least one number")
    return [as_double(v, f"{name}[{i}]") for i, v in enumerate(values)]


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
    """A chain of animations on the layer ``layer`` (its id).

    Start links with :attr:`basic`, :attr:`spring`, :attr:`keyframe` or :attr:`transition`.
    The chain is sent to the library (``gf_chain_add`` per link) when it is first scheduled,
    applied or measured; mistakes (an unknown key path, a negative duration) surface then, as
    :class:`~ghostframe.GhostframeError` with the library's message. A chain that has been
    applied is frozen: its completions belong to the scenes it was applied to.
    """

    def __init__(self, layer: str) -> None:
        self.layer = layer
        self._layer_bytes = c_text(layer, "layer")
        self._links: List[_Link] = []
        self._built: Optional[_NativeChain] = None
        self._applied = False
        # The ctypes trampolines of the completions: alive as long as the native chain.
        self._trampolines: List[Any] = []
        self._failures: List[BaseException] = []

    # -- building ---------------------------------------------------------------------------

    def _add(self, kind: int, combined: bool, anchor: Optional[int] = None) -> "ChainLink":
        """A new link beside (``combined``) or after the link ``anchor``; None: a new last stage."""
        self._changing()
        links = self._links
        if not links:
            link = _Link(kind, False, 0, 0)
        elif anchor is None:
            last_stage = max(l.stage for l in links)
            first_in_last = next(i for i, l in enumerate(links) if l.stage == last_stage)
            link = _Link(kind, False, first_in_last, last_stage + 1)
        else:
            link = _Link(kind, combined, anchor, links[anchor].stage + (0 if combined else 1))
        links.append(link)
        return ChainLink(self, len(links) - 1)

    def _changing(self) -> None:
        if self._applied:
            raise invalid_argument("this chain was applied to a scene and can no longer change; build a new Chain")
        self._built = None

    @property
    def basic(self) -> "ChainLink":
        """A basic link (Core Animation's CABasicAnimation), after the links so far."""
        return self._add(_native.GF_CHAIN_BASIC, False)

    @property
    def spring(self) -> "ChainLink":
        """A spring link (CASpringAnimation), after the links so far."""
        return self._add(_native.GF_CHAIN_SPRING, False)

    @property
    def keyframe(self) -> "ChainLink":
        """A keyframe link (CAKeyframeAnimation), after the links so far."""
        return self._add(_native.GF_CHAIN_KEYFRAME, False)

    @property
    def transition(self) -> "ChainLink":
        """A transition link (CATransition), after the links so far."""
        return self._add(_native.GF_CHAIN_TRANSITION, False)

    def __len__(self) -> int:
        return len(self._links)

    # -- compiling --------------------------------------------------------------------------

    def _native_chain(self) -> _NativeChain:
        if self._built is not None and not self._built.closed:
            return self._built
        built = _NativeChain(self._layer_bytes)
        trampolines: List[Any] = []
        try:
            for index, link in enumerate(self._links):
                self._send(built, index, link, trampolines)
        except BaseException:
            built.close()
            raise
        self._built, self._trampolines = built, trampolines
        return built

    def _send(self, built: _NativeChain, index: int, link: _Link, trampolines: List[Any]) -> None:
        d = gf_chain_link_desc()
        lib.gf_chain_link_desc_init(byref(d))
        d.kind = link.kind
        d.placement = _native.GF_CHAIN_COMBINE if link.combined else _native.GF_CHAIN_NEXT
        d.anchor = link.anchor if index > 0 else _native.GF_CHAIN_LAST
        d.autoreverses = link.autoreverses
        d.additive = link.additive
        keep: List[Any] = []  # buffers alive until gf_chain_add returns
        width = 0
        for attr, field in (("from_", "from_value"), ("to", "to_value"), ("by", "by_value")):
            value = getattr(link, attr)
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
        d.property = None if link.property is None else c_text(link.property, "property")
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
        """When the chain's last link ends (0 for an empty chain)."""
        out = c_double()
        lib.gf_chain_duration(self._native_chain()._ptr(), byref(out))
        return out.value

    def apply(self, scene: Scene, layer: Optional[str] = None, start: float = 0.0) -> None:
        """Adds the chain's animations to ``scene``, all or nothing: one per link, from
        ``start`` on the scene's clock, kept after their ends. ``layer`` animates another layer
        than the chain's. The chain then delivers completions through :meth:`advance`."""
        if not isinstance(scene, Scene):
            raise argument_type_error(f"scene must be a ghostframe.Scene, not {type(scene).__name__}")
        start = as_double(start, "start")
        target = None if layer is None else c_text(layer, "layer")
        built = self._native_chain()
        with holding(scene):
            lib.gf_chain_apply(built._ptr(), scene._changed(), target, start)
        self._applied = True

    def advance(self, scene: Scene, t: float, callback: Optional[Callable[[Event], Any]] = None) -> List[Event]:
        """Moves ``scene``'s clock to ``t`` (as :meth:`Scene.advance`) and calls the completion
        of each link of this chain applied to ``scene`` whose end was crossed, right after the
        event that crossed it: once per crossing, forwards and backwards. ``callback`` gets
        every event. Callbacks must not call into the chain or the scene (RuntimeError); if one
        raises, no further callback runs, the clock still moves and the exception is raised
        when the call returns.

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
        """Releases the library object now (it is made again if the chain is used)."""
        if self._built is not None:
            self._built.close()
        self._built = None

    def __repr__(self) -> str:
        return f"<Chain on {self.layer!r} with {len(self._links)} link{'' if len(self._links) == 1 else 's'}>"


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


def _read_completion(raw: Any) -> ChainCompletion:
    return ChainCompletion(
        (raw.name or b"").decode("utf-8", "replace"), int(raw.index),
        (raw.layer or b"").decode("utf-8", "replace"), float(raw.time), bool(raw.reversed))


class _WholeChain(Serialised):
    """What a link and the view shorthand do on their whole chain, :attr:`chain`, from its root."""

    __slots__ = ()

    chain: Chain

    def apply(self, scene: Scene, layer: Optional[str] = None, start: float = 0.0) -> None:
        """:meth:`Chain.apply` on the whole chain, from its root."""
        self.chain.apply(scene, layer, start)

    animate = apply

    def schedule(self) -> List[ChainEntry]:
        """:meth:`Chain.schedule` of the whole chain."""
        return self.chain.schedule()

    def advance(self, scene: Scene, t: float, callback: Optional[Callable[[Event], Any]] = None) -> List[Event]:
        """:meth:`Chain.advance` of the whole chain."""
        return self.chain.advance(scene, t, callback)


class ChainLink(_WholeChain):
    """One link of a :class:`Chain`. Every modifier changes the link and returns it. A link
    takes turns between threads with its chain (it holds the chain's lock)."""

    __slots__ = ("chain", "index")

    def __init__(self, chain: Chain, index: int) -> None:
        #: The chain the link belongs to.
        self.chain = chain
        #: The link's index in creation order.
        self.index = index
        self._lock = chain._lock

    if TYPE_CHECKING:  # pragma: no cover
        # The timing-curve properties (ease_out, ease_in_out_back, ...: the names of _CURVES)
        # are made below the class, one per curve.
        def __getattr__(self, name: str) -> "ChainLink": ...

    def _set(self, **fields: Any) -> "ChainLink":
        self.chain._changing()
        link = self.chain._links[self.index]
        for name, value in fields.items():
            setattr(link, name, value)
        return self

    # -- placing ----------------------------------------------------------------------------

    @property
    def next_to_basic(self) -> "ChainLink":
        """A basic link that starts when this link's stage has finished."""
        return self.chain._add(_native.GF_CHAIN_BASIC, False, self.index)

    @property
    def next_to_spring(self) -> "ChainLink":
        """A spring link that starts when this link's stage has finished."""
        return self.chain._add(_native.GF_CHAIN_SPRING, False, self.index)

    @property
    def next_to_keyframe(self) -> "ChainLink":
        """A keyframe link that starts when this link's stage has finished."""
        return self.chain._add(_native.GF_CHAIN_KEYFRAME, False, self.index)

    @property
    def next_to_transition(self) -> "ChainLink":
        """A transition link that starts when this link's stage has finished."""
        return self.chain._add(_native.GF_CHAIN_TRANSITION, False, self.index)

    basic = next_to_basic
    spring = next_to_spring
    keyframe = next_to_keyframe
    transition = next_to_transition

    @property
    def combine_basic(self) -> "ChainLink":
        """A basic link that runs alongside this one."""
        return self.chain._add(_native.GF_CHAIN_BASIC, True, self.index)

    @property
    def combine_spring(self) -> "ChainLink":
        """A spring link that runs alongside this one."""
        return self.chain._add(_native.GF_CHAIN_SPRING, True, self.index)

    @property
    def combine_keyframe(self) -> "ChainLink":
        """A keyframe link that runs alongside this one."""
        return self.chain._add(_native.GF_CHAIN_KEYFRAME, True, self.index)

    @property
    def combine_transition(self) -> "ChainLink":
        """A transition link that runs alongside this one."""
        return self.chain._add(_native.GF_CHAIN_TRANSITION, True, self.index)

    # -- timing -----------------------------------------------------------------------------

    def duration(self, seconds: float) -> "ChainLink":
        """Seconds (0: Core Animation's 0.25 s; a spring's settling duration); a spring given
        one is stretched over it."""
        return self._set(duration=as_double(seconds, "duration"))

    def begin_time(self, seconds: float) -> "ChainLink":
        """Seconds after the start of the link's stage (>= 0)."""
        return self._set(begin_time=as_double(seconds, "begin_time"))

    def repeat_count(self, count: float) -> "ChainLink":
        """Core Animation's repeatCount: cycles, finite, >= 0 (0 = once)."""
        return self._set(repeat_count=as_double(count, "repeat_count"))

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
        ``"easeInBack"``). On a spring it warps the spring's time."""
        return self._set(timing=spec)

    def named(self, name: str) -> "ChainLink":
        """The link's name in schedules and completions (default: its key path)."""
        return self._set(name=name)

    def completion(self, callback: Callable[[ChainCompletion], Any]) -> "ChainLink":
        """Called with a :class:`ChainCompletion` each time :meth:`Chain.advance` crosses the
        link's end, forwards or backwards."""
        if not callable(callback):
            raise argument_type_error(f"completion must be callable, not {type(callback).__name__}")
        return self._set(completion=callback)

    # -- values -----------------------------------------------------------------------------

    def key_path(self, key_path: str) -> "ChainLink":
        """The animated key path (``"position"``, ``"bounds.size"``, ``"opacity"``, ...)."""
        return self._set(property=key_path)

    def from_value(self, *components: float) -> "ChainLink":
        """The start value (numbers, or one sequence)."""
        return self._set(from_=_vector(components, "from_value"))

    def to_value(self, *components: float) -> "ChainLink":
        """The end value."""
        return self._set(to=_vector(components, "to_value"))

    def by_value(self, *components: float) -> "ChainLink":
        """The change; alone, it adds to whatever is under the link."""
        return self._set(by=_vector(components, "by_value"))

    def center_by(self, dx: float, dy: float) -> "ChainLink":
        """Moves the centre (``position``) by (dx, dy)."""
        return self.key_path("position").by_value(dx, dy)

    def center_to(self, x: float, y: float) -> "ChainLink":
        """Moves the centre (``position``) to (x, y)."""
        return self.key_path("position").to_value(x, y)

    def size_by(self, dw: float, dh: float) -> "ChainLink":
        """Grows ``bounds.size`` by (dw, dh) about the anchor point."""
        return self.key_path("bounds.size").by_value(dw, dh)

    def size_to(self, width: float, height: float) -> "ChainLink":
        """Sizes ``bounds.size`` to (width, height)."""
        return self.key_path("bounds.size").to_value(width, height)

    def corner_radius_by(self, delta: float) -> "ChainLink":
        """Changes the corner radius by ``delta``."""
        return self.key_path("cornerRadius").by_value(delta)

    def corner_radius_to(self, radius: float) -> "ChainLink":
        """Changes the corner radius to ``radius``."""
        return self.key_path("cornerRadius").to_value(radius)

    def opacity_by(self, delta: float) -> "ChainLink":
        """Changes the opacity by ``delta``."""
        return self.key_path("opacity").by_value(delta)

    def opacity_to(self, opacity: float) -> "ChainLink":
        """Changes the opacity to ``opacity``."""
        return self.key_path("opacity").to_value(opacity)

    def scale_by(self, delta: float) -> "ChainLink":
        """Changes ``transform.scale`` by ``delta``."""
        return self.key_path("transform.scale").by_value(delta)

    def scale_to(self, scale: float) -> "ChainLink":
        """Changes ``transform.scale`` to ``scale``."""
        return self.key_path("transform.scale").to_value(scale)

    def rotate_by(self, radians: float) -> "ChainLink":
        """Rotates (``transform.rotation``) by ``radians``."""
        return self.key_path("transform.rotation").by_value(radians)

    def rotate_to(self, radians: float) -> "ChainLink":
        """Rotates (``transform.rotation``) to ``radians``."""
        return self.key_path("transform.rotation").to_value(radians)

    def translate_by(self, dx: float, dy: float) -> "ChainLink":
        """Translates (``transform.translation``) by (dx, dy)."""
        return self.key_path("transform.translation").by_value(dx, dy)

    def translate_to(self, x: float, y: float) -> "ChainLink":
        """Translates (``transform.translation``) to (x, y)."""
        return self.key_path("transform.translation").to_value(x, y)

    # -- springs, keyframes, transitions ----------------------------------------------------

    def mass(self, mass: float) -> "ChainLink":
        """A spring's mass (> 0)."""
        return self._set(mass=as_double(mass, "mass"))

    def stiffness(self, stiffness: float) -> "ChainLink":
        """A spring's stiffness (> 0)."""
        return self._set(stiffness=as_double(stiffness, "stiffness"))

    def damping(self, damping: float) -> "ChainLink":
        """A spring's damping (> 0)."""
        return self._set(damping=as_double(damping, "damping"))

    def initial_velocity(self, velocity: float) -> "ChainLink":
        """A spring's initial velocity, in distances per second toward the end."""
        return self._set(initial_velocity=as_double(velocity, "initial_velocity"))

    def values(self, values: Sequence[Any]) -> "ChainLink":
        """Keyframe values: numbers (one component) or sequences of the property's width."""
        rows = [[as_double(v, f"values[{i}]")] if not hasattr(v, "__iter__") else _vector((v,), f"values[{i}]")
                for i, v in enumerate(values)]
        return self._set(values=rows)

    def key_times(self, times: Optional[Sequence[float]]) -> "ChainLink":
        """When each keyframe is reached, in [0, 1]; None spaces them evenly."""
        return self._set(key_times=None if times is None else [as_double(x, "key_times") for x in times])

    def calculation_mode(self, mode: str) -> "ChainLink":
        """``"linear"``, ``"discrete"``, ``"paced"``, ``"cubic"`` or ``"cubicPaced"``."""
        return self._set(mode=mode)

    def type(self, kind: str) -> "ChainLink":
        """A transition's kind: ``"fade"``, ``"moveIn"``, ``"push"`` or ``"reveal"``."""
        return self._set(transition_type=kind)

    def subtype(self, direction: str) -> "ChainLink":
        """A transition's direction: ``"fromLeft"``, ``"fromRight"``, ``"fromTop"``, ``"fromBottom"``."""
        return self._set(transition_subtype=direction)

    def from_layer(self, layer: str) -> "ChainLink":
        """A transition's old-content layer."""
        return self._set(from_layer=layer)

    def start_progress(self, progress: float) -> "ChainLink":
        """A transition's progress at its start."""
        return self._set(start_progress=as_double(progress, "start_progress"))

    def end_progress(self, progress: float) -> "ChainLink":
        """A transition's progress at its end."""
        return self._set(end_progress=as_double(progress, "end_progress"))

    def __repr__(self) -> str:
        return f"<ChainLink {self.index} of {self.chain!r}>"

    # Last in the body: the name shadows the builtin for what follows.
    property = key_path  # noqa: A003 - the seed's name


def _curve_property(spec: str) -> Any:
    def get(self: ChainLink) -> ChainLink:
        return self.timing(spec)

    get.__doc__ = f"The timing curve ``{spec}``."
    return property(get)


for _name, _spec in _CURVES.items():
    setattr(ChainLink, _name, _curve_property(_spec))
del _name, _spec, _family, _way, _snake, _i, _points
