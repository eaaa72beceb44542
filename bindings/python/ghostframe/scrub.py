"""Scrubbing: a scene driven by a host value instead of the clock, :class:`Scrub`.

A scrub maps an input range ``(a, b)`` (a scroll offset, a pull distance) to a time range
``(t0, t1)``: the input is clamped to the range, normalised to ``u = (v - a) / (b - a)``, eased
through an optional curve (none is linear) to ``e`` and mapped to ``t = t0 (1 - e) + t1 e``,
exactly ``t0`` and ``t1`` at the ends. ``scrub.sample(v)`` gives the same bytes as
``scene.sample(scrub.time(v))``. When the host lets go, :meth:`Scrub.release` hands the value to
a spring (by default critically damped: mass 1, stiffness 100, damping 20; any
:class:`~ghostframe.Spring` may be given) that brings it back to rest, and
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

from ._convert import as_double, c_text
from ._handle import NativeHandle, holding
from ._native import gf_curve_p, gf_pull_to_refresh_p, gf_pull_to_refresh_params, gf_scene_p, gf_scrub_p, lib
from .curve import Curve
from .errors import BufferTooSmallError, argument_type_error, invalid_argument
from ._convert import color_components as _color
from ._states import STATE_SIZE, dtype_for, numpy_or_none, states_from_buffer
from .scene import Scene
from .spring import Spring

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
            ``"easeInQuad"``: the easing from the normalised input to the normalised time.
        spring: ``None`` (critically damped: mass 1, stiffness 100, damping 20) or a
            :class:`~ghostframe.Spring` (its mass, stiffness, damping and overdamping; its
            initial velocity is not used: :meth:`release` gives the velocity).

    Raises:
        InvalidArgumentError: an inverted or empty input range, NaN or infinities.
        ArgumentTypeError: a scene, curve or spring of the wrong type.
    """

    __slots__ = ("_count", "input_range", "time_range")
    _kind = "Scrub"

    def __init__(
        self,
        scene: Scene,
        input_range: Sequence[float] = (0.0, 1.0),
        time_range: Sequence[float] = (0.0, 1.0),
        curve: Union[None, str, Curve] = None,
        spring: Optional[Spring] = None,
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
        if spring is not None and not isinstance(spring, Spring):
            raise argument_type_error(f"spring must be None or a Spring, not {type(spring).__name__}")
        spring_ptr = byref(spring._struct) if spring is not None else None
        handle = gf_scrub_p()
        with holding(scene):
            lib.gf_scrub_create_with_spring(scene._ptr(), a, b, t0, t1, curve_ptr, spring_ptr, byref(handle))
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

    def __repr__(self) -> str:
        if self.closed:
            return "<closed Scrub>"
        (a, b), (t0, t1) = self.input_range, self.time_range
        return (f"<Scrub of a {self._count}-layer scene: input {a:g} ... {b:g} "
                f"to time {t0:g} ... {t1:g}>")


def _sample_states(owner: Any, function: Any, x: float) -> Any:
    """``function(handle, x, states, capacity, &count)`` with the two-call pattern: a numpy
    array of LAYER_STATE_DTYPE, or a list of LayerState without numpy."""
    handle = owner._ptr()
    n = owner._count
    count = c_size_t()
    np = numpy_or_none()
    while True:
        if np is not None:
            states = np.empty(n, dtype=dtype_for(np))
            address = states.ctypes.data if n else None
        else:
            buffer = bytearray(n * STATE_SIZE)
            address = addressof((c_char * len(buffer)).from_buffer(buffer)) if n else None
        try:
            function(handle, x, address, n, byref(count))
        except BufferTooSmallError:
            n = owner._count = count.value
            continue
        if np is not None:
            return states
        view = memoryview(buffer)[: n * STATE_SIZE]
        return states_from_buffer(view)


class PullToRefresh(NativeHandle):
    """The seed's pull-to-refresh control (``gf_pull_to_refresh_*``): four layers
    ``refresh.area``, ``refresh.circle``, ``refresh.hole``, ``refresh.logo`` centred at
    ``(width / 2, pull / 2)``; the circle's radius ``maximum_radius * min(p / trigger, 1)``, the
    hole (the area's colour) ``(maximum_radius - ring_width) * clamp((p - threshold) / (trigger -
    threshold), 0, 1)`` so the ring thins; :meth:`begin_refreshing` holds it at the trigger and
    spins the logo a turn every ``spin_duration`` s until :meth:`end_refreshing`, after which the
    area closes on ``spring``.

    Args:
        width, trigger_distance, maximum_pull, threshold_distance, maximum_radius, ring_width,
            logo_size, spin_duration: the geometry (the seed gives no sizes; these defaults are
            the tool's), finite and > 0 with threshold < trigger < maximum pull and ring width <
            radius.
        fill_color: the circle's colour, ``(r, g, b[, a])`` in 0...1 or colour text (``"#RRGGBB"``, ``"gold"``);
            default the original's ``rgb(72, 70, 109)``.
        background_color: the pull area's colour, also the hole's; default the seed's
            ``rgb(224, 231, 235)``, with which the original fills both.
        logo_image: the logo layer's contents (an image name); default the seed's
            ``"refresh_logo"``.
        spring: how the area closes after :meth:`end_refreshing`: a :class:`~ghostframe.Spring`
            (its initial velocity unused) or ``None`` for the critically damped mass 1,
            stiffness 100, damping 20.

    Raises:
        InvalidArgumentError: NaN, infinities, non-positive sizes, threshold >= trigger,
            trigger >= maximum pull, ring width >= radius, a colour outside 0...1, an empty logo
            name; begin twice, end before begin.
        ArgumentTypeError: a colour, logo or spring of the wrong type.
    """

    __slots__ = ("_count", "trigger_distance", "maximum_pull")
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
        *,
        fill_color: Any = None,
        background_color: Any = None,
        logo_image: Optional[str] = None,
        spring: Optional[Spring] = None,
    ) -> None:
        self._handle = None
        self._finalizer = None
        params = gf_pull_to_refresh_params()
        lib.gf_pull_to_refresh_params_init(byref(params))
        for name, value in (
            ("width", width), ("trigger_distance", trigger_distance), ("maximum_pull", maximum_pull),
            ("threshold_distance", threshold_distance), ("maximum_radius", maximum_radius),
            ("ring_width", ring_width), ("logo_size", logo_size), ("spin_duration", spin_duration),
        ):
            setattr(params, name, as_double(value, name))
        if fill_color is not None:
            params.fill_r, params.fill_g, params.fill_b, params.fill_a = _color(fill_color, "fill_color")
        if background_color is not None:
            (params.background_r, params.background_g, params.background_b,
             params.background_a) = _color(background_color, "background_color")
        if logo_image is not None:
            params.logo_image = c_text(logo_image, "logo_image")
        if spring is not None:
            if not isinstance(spring, Spring):
                raise argument_type_error(f"spring must be None or a Spring, not {type(spring).__name__}")
            params.spring = spring._struct
            params.spring.initial_velocity = 0.0
        handle = gf_pull_to_refresh_p()
        lib.gf_pull_to_refresh_create_with_params(byref(params), byref(handle))
        self._adopt(handle, lib.gf_pull_to_refresh_free)
        self._count = 4
        #: The pull past which the host should call :meth:`begin_refreshing`.
        self.trigger_distance = float(params.trigger_distance)
        #: The largest pull drawn.
        self.maximum_pull = float(params.maximum_pull)

    @property
    def scene(self) -> Scene:
        """A copy of the pulled scene: its four layers, animated on a clock running from 0 at no
        pull to 1 at :attr:`maximum_pull` (the drawing at pull ``p`` is the scene at ``p /
        maximum_pull``); handy for layer ids, contents and a renderer."""
        out = gf_scene_p()
        lib.gf_pull_to_refresh_scene(self._ptr(), byref(out))
        return Scene._adopting(out)

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

    def __repr__(self) -> str:
        if self.closed:
            return "<closed PullToRefresh>"
        return (f"<PullToRefresh: triggers at a pull of {self.trigger_distance:g}, "
                f"drawn up to {self.maximum_pull:g}>")
