"""Animations: :class:`Animation`, a description of what changes and when.

An :class:`Animation` is made by one of its constructors - :meth:`Animation.basic`,
:meth:`Animation.keyframes`, :meth:`Animation.spring`, :meth:`Animation.group`,
:meth:`Animation.transition` - and attached to a layer with
:meth:`ghostframe.Scene.add_animation`, which copies it (so one animation may be attached
to many layers and scenes, and closed right after).

Values are numbers or sequences of numbers: a key path with one component (``opacity``,
``position.x``) takes a number, one with more takes as many numbers as it has components
(``position`` 2, ``frame`` 4, ``backgroundColor`` 4, ``gradient.colors`` 16). A colour may
also be written as text the library reads (:func:`ghostframe.parse_color`): ``"#RGB"``,
``"#RRGGBB"``, ``"#RRGGBBAA"`` or a CSS colour name.

The library checks each animation while it is built, so a mistake (an unknown key path,
a wrong number of components, NaN, unordered key times) raises a
:class:`~ghostframe.GhostframeError` with the library's message from the constructor, not
later from ``add_animation``. Only what needs a scene (that ``from_layer`` of a transition
exists) is checked when the animation is attached.

>>> fade = Animation.basic("opacity", from_=1, to=0, timing=Timing(0.3))
>>> fade
Animation.basic('opacity')
"""

from __future__ import annotations

import numbers
import sys
from array import array
from ctypes import byref, c_double
from typing import Any, Callable, Dict, Iterable, List, Literal, Optional, Sequence, Tuple, Union

from . import _native
from ._convert import as_choice, as_double, as_flag, c_text, parse_color
from ._handle import NativeHandle, holding
from ._limits import MAX_ARRAY_DOUBLES, MAX_SEGMENT_CURVES, bounded_list, limit_error
from ._native import gf_animation_p, gf_curve_p, lib
from .curve import Curve
from .errors import GhostframeError, argument_type_error, error_for_status, invalid_argument
from .spring import Spring
from .timing import Timing

__all__ = ["Animation", "Value", "CalculationMode", "TransitionKind", "TransitionDirection"]

#: A value: a number, a sequence of numbers, or colour text (``"#RRGGBB"``, ``"#F00"``, ``"white"``:
#: :func:`ghostframe.parse_color`).
Value = Union[float, Sequence[float], str]
CalculationMode = Literal["linear", "discrete", "paced", "cubic", "cubic-paced"]
TransitionKind = Literal["fade", "move-in", "push", "reveal"]
TransitionDirection = Literal["from-left", "from-right", "from-top", "from-bottom"]
TimingArg = Union[Timing, float]

_MODES: Dict[str, int] = {
    "linear": _native.GF_CALCULATION_LINEAR,
    "discrete": _native.GF_CALCULATION_DISCRETE,
    "paced": _native.GF_CALCULATION_PACED,
    "cubic": _native.GF_CALCULATION_CUBIC,
    "cubic-paced": _native.GF_CALCULATION_CUBIC_PACED,
}
_TRANSITION_KINDS: Dict[str, int] = {
    "fade": _native.GF_TRANSITION_FADE,
    "move-in": _native.GF_TRANSITION_MOVE_IN,
    "push": _native.GF_TRANSITION_PUSH,
    "reveal": _native.GF_TRANSITION_REVEAL,
}
_TRANSITION_DIRECTIONS: Dict[str, int] = {
    "from-left": _native.GF_TRANSITION_FROM_LEFT,
    "from-right": _native.GF_TRANSITION_FROM_RIGHT,
    "from-top": _native.GF_TRANSITION_FROM_TOP,
    "from-bottom": _native.GF_TRANSITION_FROM_BOTTOM,
}

# ---------------------------------------------------------------------------------------
# Conversions shared with scene.py (private)
# ---------------------------------------------------------------------------------------


def components(value: Any, name: str) -> List[float]:
    """A value as its list of doubles: a number, a colour string, or a flat sequence."""
    if isinstance(value, str):
        return list(parse_color(value, name))  # the library's parser: hex or a CSS name
    if value is None or isinstance(value, (bytes, bytearray, memoryview)):
        raise argument_type_error(f"{name} must be a number or a sequence of numbers, not {type(value).__name__}")
    if isinstance(value, numbers.Real) or _is_numpy_scalar(value):
        return [as_double(value, name)]
    try:
        items = bounded_list(value, name, MAX_ARRAY_DOUBLES, "numbers")
    except TypeError:
        raise argument_type_error(
            f"{name} must be a number or a sequence of numbers, not {type(value).__name__}"
        ) from None
    return [as_double(item, f"{name}[{i}]") for i, item in enumerate(items)]


def _is_numpy_scalar(value: Any) -> bool:
    np = sys.modules.get("numpy")
    return np is not None and isinstance(value, np.generic) and getattr(value, "ndim", 1) == 0


def doubles(values: Optional[Iterable[Any]], name: str) -> Optional[List[float]]:
    """An optional sequence of numbers as a list of doubles (``None`` stays ``None``)."""
    if values is None:
        return None
    if isinstance(values, (str, bytes, bytearray, memoryview)) or isinstance(values, numbers.Number):
        raise argument_type_error(f"{name} must be a sequence of numbers, not {type(values).__name__}")
    try:
        items = bounded_list(values, name, MAX_ARRAY_DOUBLES, "numbers")
    except TypeError:
        raise argument_type_error(f"{name} must be a sequence of numbers, not {type(values).__name__}") from None
    return [as_double(item, f"{name}[{i}]") for i, item in enumerate(items)]


def c_doubles(values: Any) -> Any:
    """A ctypes double array over ``values`` (a list of floats or an ``array('d')``;
    ``None`` for None or empty). Built from a compact buffer, not by unpacking arguments."""
    if values is None or len(values) == 0:
        return None
    buffer = values if isinstance(values, array) else array("d", values)
    return (c_double * len(buffer)).from_buffer(buffer)  # keeps `buffer` alive


_END = object()


def _keyframe_values(values: Any) -> Tuple[Any, int, bool]:
    """Keyframe values as one flat ``array('d')``, its width and whether there were any.

    Streams the rows into the buffer, refusing with LimitError past the library's limit of
    doubles per array before going further: from ``len(values)`` and the first row's width
    when ``values`` has a length, else once the rows read exceed it. So a huge (or endless)
    sequence costs neither a Python copy nor more memory than the limit allows.
    """
    try:
        iterator = iter(values)
    except TypeError:
        raise argument_type_error(f"values must be a sequence of values, not {type(values).__name__}") from None
    first_raw = next(iterator, _END)
    if first_raw is _END:
        return array("d"), 0, False
    first = components(first_raw, "values[0]")
    width = len(first)
    max_rows = MAX_ARRAY_DOUBLES // max(width, 1)
    size = len(values) if hasattr(values, "__len__") else None
    if size is not None and size > max_rows:
        raise limit_error(
            f"values: {size:,} keyframes of {width} component(s) exceed the limit of "
            f"{MAX_ARRAY_DOUBLES:,} doubles"
        )
    flat = array("d", first)
    for i, raw in enumerate(iterator, start=1):
        if i >= max_rows:
            raise limit_error(
                f"values: more than {max_rows:,} keyframes of {width} component(s) exceed the limit of "
                f"{MAX_ARRAY_DOUBLES:,} doubles"
            )
        row = components(raw, f"values[{i}]")
        if len(row) != width:
            raise invalid_argument(
                f"values[{i}] has {len(row)} component(s) but values[0] has {width}; "
                f"every keyframe needs the key path's number of components"
            )
        flat.extend(row)
    return flat, width, True


class _TimingRef:
    """The ``const gf_timing *`` for a timing argument, keeping a temporary Timing alive."""

    __slots__ = ("timing", "ptr")

    def __init__(self, timing: Any, name: str, required: bool) -> None:
        if timing is None:
            if required:
                raise argument_type_error(f"{name} is required: a Timing or a duration in seconds")
            self.timing: Optional[Timing] = None
            self.ptr: Any = None
        elif isinstance(timing, Timing):
            self.timing = timing
            self.ptr = timing._ptr()
        elif isinstance(timing, (bool, str, bytes)) or not (
            isinstance(timing, numbers.Real) or _is_numpy_scalar(timing)
        ):
            raise argument_type_error(f"{name} must be a Timing or a duration in seconds, not {type(timing).__name__}")
        else:
            self.timing = Timing(timing)  # the library copies it; released with this object
            self.ptr = self.timing._ptr()


def _value_list(*entries: Tuple[int, Any, str]) -> List[Tuple[int, List[float], str]]:
    """The (GF_VALUE_*, components, argument name) triples of the values that were given."""
    return [(which, components(v, name), name) for which, v, name in entries if v is not None]


def _set_values(handle: Any, values: List[Tuple[int, List[float], str]]) -> None:
    """gf_animation_set_values for each (which, components, argument name); the library's
    message is prefixed with the argument it is about ("to: values[0] must be finite")."""
    for which, comps, name in values:
        try:
            lib.gf_animation_set_values(handle, which, c_doubles(comps), len(comps))
        except GhostframeError as exc:
            raise error_for_status(
                exc.status, f"{name}: {exc.message}", status_name=exc.status_name, function=exc.function
            ) from None


def _flags(additive: Any, cumulative: Any, keep_after_end: Any) -> int:
    return (
        (_native.GF_ANIMATION_ADDITIVE if as_flag(additive, "additive") else 0)
        | (_native.GF_ANIMATION_CUMULATIVE if as_flag(cumulative, "cumulative") else 0)
        | (_native.GF_ANIMATION_KEEP_AFTER_END if as_flag(keep_after_end, "keep_after_end") else 0)
    )


_probe_timing: Optional[Timing] = None


def _probe_group_timing() -> Any:
    global _probe_timing
    if _probe_timing is None:
        _probe_timing = Timing(1.0)
    return _probe_timing._ptr()


# ---------------------------------------------------------------------------------------
# Animation
# ---------------------------------------------------------------------------------------


class Animation(NativeHandle):
    """An animation description: timing, what changes, and how.

    Made by :meth:`basic`, :meth:`keyframes`, :meth:`spring`, :meth:`group` or
    :meth:`transition`; attached with :meth:`ghostframe.Scene.add_animation` (which copies
    it). Immutable once made. Holds a library object, released by :meth:`close`, a
    ``with`` block, or garbage collection.

    Common keyword arguments:
        timing: a :class:`~ghostframe.Timing`, or a number (a duration in seconds, linear,
            no fill). The timing is copied.
        additive: the value adds to what is under the animation instead of replacing it.
        cumulative: each repeat continues from where the previous one ended.
        keep_after_end: keep the animation after it ends (Core Animation's
            ``removedOnCompletion = NO``); by default an animation leaves the scene when
            :meth:`~ghostframe.Scene.advance` moves past its end, and shows nothing after
            its active interval whatever its fill.

    Raises (every constructor), always a :class:`~ghostframe.GhostframeError`:
        ArgumentTypeError: a wrong type (a timing that is neither Timing nor number, a
            value that is not a number or sequence, ``None`` where a value is required);
            also a TypeError.
        InvalidArgumentError: an unknown choice string (mode, kind, direction), a
            malformed colour string, keyframe values with differing numbers of components,
            a closed Timing or child; and from the library a wrong number of components,
            NaN or infinite values, bad key times.
        NotFoundError: an unknown key path (the library's message).
        LimitError: a list past the library's limits (more than 2**24 doubles of keyframe
            values, key times or tension/continuity/bias, more than 2**20 curves), refused
            before the list is converted.
    """

    __slots__ = ("_anim_kind", "_key_path", "_detail")
    _kind = "Animation"

    _anim_kind: str
    _key_path: Optional[str]
    _detail: str

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise argument_type_error(
            "make animations with Animation.basic, .keyframes, .spring, .group or .transition"
        )

    # -- construction helpers ------------------------------------------------------------

    @classmethod
    def _blank(cls, kind: str, key_path: Optional[str], detail: str) -> "Animation":
        self = cls.__new__(cls)
        self._handle = None
        self._finalizer = None
        self._anim_kind = kind
        self._key_path = key_path
        self._detail = detail  # what repr shows inside the parentheses
        return self

    def _finish(self, flags: int) -> "Animation":
        """Sets the flags and has the library check the whole description now."""
        handle = self._handle
        try:
            if flags:
                lib.gf_animation_set_flags(handle, flags)
            if self._anim_kind != "transition":  # transitions are checked when created
                # gf_animation_add_child builds (and validates) a copy of the description,
                # exactly as gf_scene_add_animation will; a scratch group receives it.
                group = gf_animation_p()
                lib.gf_animation_create_group(_probe_group_timing(), byref(group))
                try:
                    lib.gf_animation_add_child(group, handle)
                finally:
                    lib.gf_animation_free(group)
        except BaseException:
            self.close()
            raise
        return self

    # -- constructors --------------------------------------------------------------------

    @classmethod
    def basic(
        cls,
        key_path: str,
        *,
        from_: Optional[Value] = None,
        to: Optional[Value] = None,
        by: Optional[Value] = None,
        timing: TimingArg,
        additive: bool = False,
        cumulative: bool = False,
        keep_after_end: bool = False,
    ) -> "Animation":
        """A basic animation of ``key_path`` (Core Animation's CABasicAnimation).

        Any of ``from_``, ``to`` and ``by`` may be given, with Core Animation's rules: from
        + to interpolates between them; from + by runs from ``from_`` to ``from_ + by``; by
        + to from ``to - by`` to ``to``; one alone runs from or to the value under the
        animation (the layer's model value, or what earlier animations made of it).

        >>> Animation.basic("position.x", from_=0, to=100, timing=Timing(1, easing="ease-in-out"))
        Animation.basic('position.x')
        """
        path = c_text(key_path, "key_path")
        values = _value_list(
            (_native.GF_VALUE_FROM, from_, "from_"),
            (_native.GF_VALUE_TO, to, "to"),
            (_native.GF_VALUE_BY, by, "by"),
        )
        flags = _flags(additive, cumulative, keep_after_end)
        ref = _TimingRef(timing, "timing", required=True)
        return cls._with_values(
            "basic", path, values, flags, lambda out: lib.gf_animation_create_basic(path, ref.ptr, out))

    @classmethod
    def _with_values(
        cls, kind: str, path: bytes, values: List[Tuple[int, List[float], str]], flags: int,
        create: Callable[[Any], Any],
    ) -> "Animation":
        """Creates a basic or spring animation with ``create(out)``, then sets its values."""
        key_text = path.decode("utf-8", "replace")
        self = cls._blank(kind, key_text, repr(key_text))
        handle = gf_animation_p()
        create(byref(handle))
        self._adopt(handle, lib.gf_animation_free)
        try:
            _set_values(handle, values)
        except BaseException:
            self.close()
            raise
        return self._finish(flags)

    @classmethod
    def keyframes(
        cls,
        key_path: str,
        values: Sequence[Value],
        *,
        key_times: Optional[Sequence[float]] = None,
        curves: Optional[Sequence[Union[Curve, str, None]]] = None,
        mode: CalculationMode = "linear",
        tension: Optional[Sequence[float]] = None,
        continuity: Optional[Sequence[float]] = None,
        bias: Optional[Sequence[float]] = None,
        timing: TimingArg,
        additive: bool = False,
        cumulative: bool = False,
        keep_after_end: bool = False,
    ) -> "Animation":
        """A keyframe animation of ``key_path`` (Core Animation's CAKeyframeAnimation).

        Args:
            values: the keyframe values, at least one; each a number or sequence with
                the key path's number of components.
            key_times: ``None`` (evenly spaced) or one time per keyframe in [0, 1],
                non-decreasing, from 0 to 1 (one more than values for ``"discrete"``).
            curves: ``None`` or one curve per segment (a :class:`~ghostframe.Curve`, a
                spec string, or ``None`` for linear).
            mode: ``"linear"``, ``"discrete"``, ``"paced"``, ``"cubic"`` or
                ``"cubic-paced"`` (Core Animation's calculation modes; cubic is a
                Kochanek-Bartels spline, Catmull-Rom by default).
            tension, continuity, bias: ``None`` or one number per keyframe (cubic modes).

        >>> Animation.keyframes("opacity", [0, 1, 0.5], key_times=[0, 0.8, 1], timing=Timing(2))
        Animation.keyframes('opacity')
        """
        path = c_text(key_path, "key_path")
        if isinstance(values, (str, bytes)) or values is None:
            raise argument_type_error(f"values must be a sequence of values, not {type(values).__name__}")
        flat, width, have_rows = _keyframe_values(values)
        times = doubles(key_times, "key_times")
        mode_value = as_choice(mode, "mode", _MODES)
        curve_list: Optional[List[Any]] = None
        if curves is not None:
            if isinstance(curves, (str, bytes, Curve)):
                raise argument_type_error("curves must be a sequence of curves (one per segment), not a single curve")
            try:
                curve_list = bounded_list(curves, "curves", MAX_SEGMENT_CURVES, "curves")
            except TypeError:
                raise argument_type_error(f"curves must be a sequence of curves, not {type(curves).__name__}") from None
            for i, curve in enumerate(curve_list):
                if curve is not None and not isinstance(curve, (Curve, str, bytes)):
                    raise argument_type_error(
                        f"curves[{i}] must be a Curve, a curve spec or None, not {type(curve).__name__}"
                    )
        tcb = {
            "tension": doubles(tension, "tension"),
            "continuity": doubles(continuity, "continuity"),
            "bias": doubles(bias, "bias"),
        }
        given = {name: len(v) for name, v in tcb.items() if v is not None}
        if len(set(given.values())) > 1:
            raise invalid_argument(f"tension, continuity and bias must have the same length (got {given})")
        flags = _flags(additive, cumulative, keep_after_end)
        ref = _TimingRef(timing, "timing", required=True)

        if have_rows:
            # The number of components per keyframe is the key path's: let the library
            # check the first row (a keyframe draft only sees the flat count).
            probe = gf_animation_p()
            lib.gf_animation_create_basic(path, ref.ptr, byref(probe))
            try:
                _set_values(probe, [(_native.GF_VALUE_TO, flat[:width].tolist(), "values[0]")])
            finally:
                lib.gf_animation_free(probe)

        key_text = path.decode("utf-8", "replace")
        self = cls._blank("keyframes", key_text, repr(key_text))
        handle = gf_animation_p()
        lib.gf_animation_create_keyframes(path, ref.ptr, byref(handle))
        self._adopt(handle, lib.gf_animation_free)
        try:
            lib.gf_animation_set_keyframes(
                handle, c_doubles(flat), len(flat), c_doubles(times), 0 if times is None else len(times)
            )
            lib.gf_animation_set_calculation_mode(handle, mode_value)
            if curve_list is not None:
                owned = []  # curves parsed here stay alive until the library has copied them
                pointers = (gf_curve_p * max(len(curve_list), 1))()
                for i, curve in enumerate(curve_list):
                    if curve is None:
                        continue
                    if not isinstance(curve, Curve):
                        curve = Curve(curve)
                        owned.append(curve)
                    pointers[i] = curve._ptr()
                lib.gf_animation_set_segment_curves(handle, pointers, len(curve_list))
                for curve in owned:
                    curve.close()
            if given:
                count = next(iter(given.values()))
                lib.gf_animation_set_tcb(
                    handle,
                    c_doubles(tcb["tension"]) if tcb["tension"] is not None else None,
                    c_doubles(tcb["continuity"]) if tcb["continuity"] is not None else None,
                    c_doubles(tcb["bias"]) if tcb["bias"] is not None else None,
                    count,
                )
        except BaseException:
            self.close()
            raise
        return self._finish(flags)

    @classmethod
    def spring(
        cls,
        key_path: str,
        *,
        to: Value,
        from_: Optional[Value] = None,
        velocity: Optional[Value] = None,
        spring: Optional[Spring] = None,
        timing: Optional[TimingArg] = None,
        additive: bool = False,
        keep_after_end: bool = False,
    ) -> "Animation":
        """A spring animation of ``key_path`` in physical seconds (CASpringAnimation).

        Args:
            to: the end value (required).
            from_: the start value; ``None`` starts from the value under the animation.
            velocity: the initial velocity in the property's units per second.
            spring: a :class:`~ghostframe.Spring` (default ``Spring()``).
            timing: ``None`` runs the spring for its settling duration (epsilon 1e-3) and
                holds the end value; a timing replaces that.

        >>> Animation.spring("position.y", to=200, spring=Spring(stiffness=300, damping=20))
        Animation.spring('position.y')
        """
        path = c_text(key_path, "key_path")
        if spring is None:
            spring = Spring()
        elif not isinstance(spring, Spring):
            raise argument_type_error(f"spring must be a ghostframe.Spring, not {type(spring).__name__}")
        if to is None:
            raise argument_type_error("to is required: the spring's end value")
        values = _value_list(
            (_native.GF_VALUE_TO, to, "to"),
            (_native.GF_VALUE_FROM, from_, "from_"),
            (_native.GF_VALUE_VELOCITY, velocity, "velocity"),
        )
        flags = _flags(additive, False, keep_after_end)
        ref = _TimingRef(timing, "timing", required=False)
        return cls._with_values(
            "spring", path, values, flags,
            lambda out: lib.gf_animation_create_spring(path, byref(spring._struct), ref.ptr, out))

    @classmethod
    def group(
        cls, children: Iterable["Animation"], *, timing: TimingArg, keep_after_end: bool = False
    ) -> "Animation":
        """A group: ``children`` (copied) run in the group's time, clipped to its duration.

        The group's own timing (delay, repeats, direction, easing) applies to the whole
        composition; its duration must be finite. Transitions cannot be children.

        >>> Animation.group([Animation.basic("opacity", to=0, timing=1)], timing=Timing(2))
        Animation.group(1 child)
        """
        if children is None or isinstance(children, (Animation, str, bytes)):
            raise argument_type_error("children must be a sequence of Animation objects")
        try:
            kids = list(children)
        except TypeError:
            raise argument_type_error(f"children must be a sequence of Animation objects, not {type(children).__name__}") from None
        for i, child in enumerate(kids):
            if not isinstance(child, Animation):
                raise argument_type_error(f"children[{i}] must be an Animation, not {type(child).__name__}")
            child._ptr()  # closed children fail here
        flags = _flags(False, False, keep_after_end)
        ref = _TimingRef(timing, "timing", required=True)
        self = cls._blank("group", None, f"{len(kids)} child" if len(kids) == 1 else f"{len(kids)} children")
        handle = gf_animation_p()
        lib.gf_animation_create_group(ref.ptr, byref(handle))
        self._adopt(handle, lib.gf_animation_free)
        try:
            for child in kids:
                with holding(child):
                    lib.gf_animation_add_child(handle, child._ptr())
        except BaseException:
            self.close()
            raise
        return self._finish(flags)

    @classmethod
    def transition(
        cls,
        kind: TransitionKind,
        direction: TransitionDirection = "from-right",
        *,
        from_layer: str,
        start_progress: float = 0.0,
        end_progress: float = 1.0,
        timing: TimingArg,
        keep_after_end: bool = False,
    ) -> "Animation":
        """A transition from the layer ``from_layer`` (the old content) to the layer the
        animation is attached to (the new content).

        Args:
            kind: ``"fade"``, ``"move-in"``, ``"push"`` or ``"reveal"``.
            direction: ``"from-left"``, ``"from-right"`` (default, as the Swift API),
                ``"from-top"`` or ``"from-bottom"``; fade ignores it.
            from_layer: the id of the layer with the old content; it must exist when the
                transition is attached.
            start_progress, end_progress: 0 <= start <= end <= 1.

        >>> Animation.transition("push", "from-left", from_layer="old", timing=0.4)
        Animation.transition('push', 'from-left')
        """
        kind_value = as_choice(kind, "kind", _TRANSITION_KINDS)
        direction_value = as_choice(direction, "direction", _TRANSITION_DIRECTIONS)
        source = c_text(from_layer, "from_layer")
        start = as_double(start_progress, "start_progress")
        end = as_double(end_progress, "end_progress")
        flags = _flags(False, False, keep_after_end)
        ref = _TimingRef(timing, "timing", required=True)
        self = cls._blank("transition", None, f"{kind!r}, {direction!r}")
        handle = gf_animation_p()
        lib.gf_animation_create_transition(
            kind_value, direction_value, source, start, end, ref.ptr, byref(handle)
        )
        self._adopt(handle, lib.gf_animation_free)
        return self._finish(flags)

    # -- introspection -------------------------------------------------------------------

    @property
    def kind(self) -> str:
        """``"basic"``, ``"keyframes"``, ``"spring"``, ``"group"`` or ``"transition"``."""
        return self._anim_kind

    @property
    def key_path(self) -> Optional[str]:
        """The animated key path (``None`` for groups and transitions)."""
        return self._key_path

    def __repr__(self) -> str:
        text = f"Animation.{self._anim_kind}({self._detail})"
        return f"<closed {text}>" if self.closed else text

    _no_copy_reason = (
        "the library cannot read an animation back; build a new one (Scene.add_animation copies it, "
        "so one Animation can be attached many times)"
    )

