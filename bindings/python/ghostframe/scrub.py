"""Scrubbing: a scene driven by a host value instead of the clock, :class:`Scrub`.

A scrub maps an input range ``(a, b)`` (a scroll offset, a pull distance) to a time range
``(t0, t1)``: the input is clamped to the range, normalised to ``u = (v - a) / (b - a)``, eased
through an optional curve (none is linear) to ``e`` and mapped to ``t = t0 (1 - e) + t1 e``,
exactly ``t0`` and ``t1`` at the ends. ``scrub.sample(v)`` gives the same bytes as
``scene.sample(scrub.time(v))``. When the host lets go, :meth:`Scrub.release` hands the value to
a critically damped spring (mass 1, stiffness 100, damping 20) that brings it back to rest, and
:meth:`Scrub.sample_at_clock` follows it on the clock (``gf_scrub_*``).

The scrub keeps a copy of the scene as it was when made: later changes to the scene do not
reach it.

>>> scene = Scene()
>>> scene.add_layer("a", frame=(0, 0, 10, 10))
0
>>> scrub = Scrub(scene, input_range=(0, 100), time_range=(0, 2))
>>> scrub.time(50), scrub.time(-5), scrub.time(1000)
(1.0, 0.0, 2.0)
"""

from __future__ import annotations

from ctypes import addressof, byref, c_char, c_double, c_size_t
from typing import Any, Optional, Sequence, Union

from ._convert import as_double
from ._handle import NativeHandle, holding
from ._native import gf_curve_p, gf_pull_to_refresh_p, gf_scrub_p, lib
from .curve import Curve
from .errors import BufferTooSmallError, argument_type_error, invalid_argument
from .scene import _STATE_FORMAT, _STATE_SIZE, Scene, _dtype_for, _numpy, _state_from_fields

__all__ = ["Scrub", "PullToRefresh"]


def _pair(value: Any, name: str) -> "tuple[float, float]":
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        raise invalid_argument(f"{name} must be a pair (start, end), got {value!r}")
    return as_double(value[0], f"{name}[0]"), as_double(value[1], f"{name}[1]")


class Scrub(NativeHandle):
    """A scene sampled at the time a host value chooses (see the module's documentation).

    Args:
        scene: the :class:`~ghostframe.Scene` to drive (copied as it is now).
        input_range: ``(a, b)``, finite, ``a < b``.
        time_range: ``(t0, t1)``, finite (``t1 < t0`` plays backwards).
        curve: ``None`` (linear), a :class:`~ghostframe.Curve` or a curve spec such as
            ``"easeInQuad"``.

    Raises:
        InvalidArgumentError: an inverted or empty input range, NaN or infinities.
        ArgumentTypeError: a scene or curve of the wrong type.
    """

    __slots__ = ("_count", "input_range", "time_range")
    _kind = "Scrub"

    def __init__(
        self,
        scene: Scene,
        input_range: Sequence[float] = (0.0, 1.0),
        time_range: Sequence[float] = (0.0, 1.0),
        curve: Union[None, str, Curve] = None,
    ) -> None:
        self._handle = None
        self._finalizer = None
        if not isinstance(scene, Scene):
            raise argument_type_error(f"scene must be a Scene, not {type(scene).__name__}")
        a, b = _pair(input_range, "input_range")
        t0, t1 = _pair(time_range, "time_range")
        if isinstance(curve, str):
            curve = Curve(curve)
        if curve is not None and not isinstance(curve, Curve):
            raise argument_type_error(f"curve must be None, a Curve or a spec, not {type(curve).__name__}")
        curve_ptr = curve._ptr() if curve is not None else gf_curve_p()
        handle = gf_scrub_p()
        with holding(scene):
            lib.gf_scrub_create(scene._ptr(), a, b, t0, t1, curve_ptr, byref(handle))
        self._adopt(handle, lib.gf_scrub_free)
        #: ``(a, b)`` as given.
        self.input_range = (a, b)
        #: ``(t0, t1)`` as given.
        self.time_range = (t0, t1)
        self._count = len(scene)

    def time(self, value: float) -> float:
        """The scene time for input ``value`` (finite; clamped to the input range)."""
        out = c_double()
        lib.gf_scrub_time(self._ptr(), as_double(value, "value"), byref(out))
        return out.value

    def sample(self, value: float) -> Any:
        """The layer states at input ``value``: as :meth:`Scene.sample` at :meth:`time`."""
        return self._sample(lib.gf_scrub_sample, as_double(value, "value"))

    def release(self, at: float, value: float, velocity: float = 0.0, rest: Optional[float] = None) -> None:
        """Lets go at clock time ``at`` with the value at ``value`` moving at ``velocity``
        (input units per second); it springs back to ``rest`` (default: the input range's
        start). All finite; on error the scrub is unchanged."""
        rest_value = self.input_range[0] if rest is None else as_double(rest, "rest")
        lib.gf_scrub_release(
            self._ptr(), as_double(at, "at"), as_double(value, "value"), as_double(velocity, "velocity"), rest_value
        )

    def value_at_clock(self, t: float) -> float:
        """The released value at clock time ``t`` (InvalidArgumentError before any release)."""
        out = c_double()
        lib.gf_scrub_value_at_clock(self._ptr(), as_double(t, "t"), byref(out))
        return out.value

    def sample_at_clock(self, t: float) -> Any:
        """The layer states at clock time ``t`` after :meth:`release`: :meth:`sample` at
        :meth:`value_at_clock`."""
        return self._sample(lib.gf_scrub_sample_at_clock, as_double(t, "t"))

    def _sample(self, function: Any, x: float) -> Any:
        return _sample_states(self, function, x)


def _sample_states(owner: Any, function: Any, x: float) -> Any:
    """``function(handle, x, states, capacity, &count)`` with the two-call pattern: a numpy
    array of LAYER_STATE_DTYPE, or a list of LayerState without numpy."""
    handle = owner._ptr()
    n = owner._count
    count = c_size_t()
    np = _numpy()
    while True:
        if np is not None:
            states = np.empty(n, dtype=_dtype_for(np))
            address = states.ctypes.data if n else None
        else:
            buffer = bytearray(n * _STATE_SIZE)
            address = addressof((c_char * len(buffer)).from_buffer(buffer)) if n else None
        try:
            function(handle, x, address, n, byref(count))
        except BufferTooSmallError:
            n = owner._count = count.value
            continue
        if np is not None:
            return states
        view = memoryview(buffer)[: n * _STATE_SIZE]
        return [_state_from_fields(f) for f in _STATE_FORMAT.iter_unpack(view)]


class PullToRefresh(NativeHandle):
    """The seed's pull-to-refresh control (``gf_pull_to_refresh_*``): four layers
    ``refresh.area``, ``refresh.circle``, ``refresh.hole``, ``refresh.logo`` centred at
    ``(width / 2, pull / 2)``; the circle's radius ``maximum_radius * min(p / trigger, 1)``, the
    hole (the area's colour) ``(maximum_radius - ring_width) * clamp((p - threshold) / (trigger -
    threshold), 0, 1)`` so the ring thins; :meth:`begin_refreshing` holds it at the trigger and
    spins the logo a turn every ``spin_duration`` s until :meth:`end_refreshing`, after which the
    area closes on a critically damped spring. The seed's colours (fill rgb(224, 231, 235) on
    white) and logo ``refresh_logo``; the sizes are this tool's defaults.

    Raises:
        InvalidArgumentError: NaN, infinities, non-positive sizes, threshold >= trigger,
            trigger >= maximum pull, ring width >= radius; begin twice, end before begin.
    """

    __slots__ = ("_count", "trigger_distance")
    _kind = "PullToRefresh"

    def __init__(
        self,
        width: float = 375.0,
        trigger_distance: float = 95.0,
        maximum_pull: float = 160.0,
        threshold_distance: float = 50.0,
        maximum_radius: float = 20.0,
        ring_width: float = 2.5,
        logo_size: float = 24.0,
        spin_duration: float = 1.0,
    ) -> None:
        self._handle = None
        self._finalizer = None
        values = [
            as_double(v, name)
            for v, name in [
                (width, "width"), (trigger_distance, "trigger_distance"), (maximum_pull, "maximum_pull"),
                (threshold_distance, "threshold_distance"), (maximum_radius, "maximum_radius"),
                (ring_width, "ring_width"), (logo_size, "logo_size"), (spin_duration, "spin_duration"),
            ]
        ]
        handle = gf_pull_to_refresh_p()
        lib.gf_pull_to_refresh_create(*values, byref(handle))
        self._adopt(handle, lib.gf_pull_to_refresh_free)
        self._count = 4
        #: The pull past which the host should call :meth:`begin_refreshing`.
        self.trigger_distance = values[1]

    def is_triggered(self, pull: float) -> bool:
        """Whether ``pull`` is at or past the trigger distance."""
        return as_double(pull, "pull") >= self.trigger_distance

    def sample(self, pull: float) -> Any:
        """The drawing at pull distance ``pull`` (finite; clamped to [0, maximum_pull])."""
        return _sample_states(self, lib.gf_pull_to_refresh_sample, as_double(pull, "pull"))

    def begin_refreshing(self, at: float) -> None:
        """Starts the refreshing state at clock time ``at``."""
        lib.gf_pull_to_refresh_begin(self._ptr(), as_double(at, "at"))

    def end_refreshing(self, at: float) -> None:
        """Ends the refreshing state at clock time ``at`` (>= the begin time)."""
        lib.gf_pull_to_refresh_end(self._ptr(), as_double(at, "at"))

    def sample_at_clock(self, t: float) -> Any:
        """The drawing at clock time ``t`` once refreshing has begun."""
        return _sample_states(self, lib.gf_pull_to_refresh_sample_at_clock, as_double(t, "t"))
