"""Timing: the Web Animations effect timing model, with Core Animation's parameters mapped on.

A :class:`Timing` says when an animation runs and how its progress moves;
:meth:`Timing.at` computes the phase, iteration and (eased) progress at a local time.
"""

from __future__ import annotations

import contextlib
from ctypes import byref, c_double, c_void_p
from typing import Any, Dict, Iterator, Literal, NamedTuple, Optional, Union

from . import _native
from ._convert import as_choice, as_double, as_flag
from ._handle import NativeHandle
from ._native import (
    GF_TIMING_STATE_RESOLVED,
    gf_core_animation_timing,
    gf_timing_p,
    gf_timing_params,
    gf_timing_state,
    lib,
)
from .curve import Curve
from .errors import InternalError, argument_type_error

__all__ = ["Timing", "TimingState", "Direction", "Fill", "FillMode", "Phase"]

Direction = Literal["normal", "reverse", "alternate", "alternate-reverse"]
Fill = Literal["none", "forwards", "backwards", "both", "auto"]
FillMode = Literal["removed", "forwards", "backwards", "both"]
Phase = Literal["before", "active", "after"]
Easing = Union[str, Curve, None]

_DIRECTIONS: Dict[str, int] = {
    "normal": _native.GF_DIRECTION_NORMAL,
    "reverse": _native.GF_DIRECTION_REVERSE,
    "alternate": _native.GF_DIRECTION_ALTERNATE,
    "alternate-reverse": _native.GF_DIRECTION_ALTERNATE_REVERSE,
}
_FILLS: Dict[str, int] = {
    "none": _native.GF_FILL_NONE,
    "forwards": _native.GF_FILL_FORWARDS,
    "backwards": _native.GF_FILL_BACKWARDS,
    "both": _native.GF_FILL_BOTH,
    "auto": _native.GF_FILL_NONE,  # Web Animations' "auto" is "none" for effects
}
_FILL_MODES: Dict[str, int] = {
    "removed": _native.GF_FILL_NONE,  # kCAFillModeRemoved
    "forwards": _native.GF_FILL_FORWARDS,
    "backwards": _native.GF_FILL_BACKWARDS,
    "both": _native.GF_FILL_BOTH,
}
_DIRECTION_NAMES = {v: k for k, v in _DIRECTIONS.items()}
_FILL_NAMES = {v: k for k, v in _FILLS.items() if k != "auto"}
_PHASE_NAMES: Dict[int, Phase] = {
    _native.GF_PHASE_BEFORE: "before",
    _native.GF_PHASE_ACTIVE: "active",
    _native.GF_PHASE_AFTER: "after",
}


class TimingState(NamedTuple):
    """The computed timing at one local time.

    Attributes:
        phase: ``"before"``, ``"active"`` or ``"after"``.
        current_iteration: 0-based iteration index as a float (``math.inf`` possible);
            ``None`` when the model says unresolved (outside the active phase without a
            matching fill).
        progress: the transformed progress (after direction and easing), or ``None``.
        active_time: seconds into the active interval, or ``None``.
    """

    phase: Phase
    current_iteration: Optional[float]
    progress: Optional[float]
    active_time: Optional[float]

    @property
    def resolved(self) -> bool:
        """True when the numbers are resolved (not ``None``)."""
        return self.progress is not None


@contextlib.contextmanager
def _easing_handle(easing: Easing) -> Iterator[Any]:
    """The ``const gf_curve *`` to put in a params struct, valid inside the block."""
    if easing is None:
        yield None
    elif isinstance(easing, Curve):
        yield easing._ptr()
    elif isinstance(easing, (str, bytes)):
        with Curve(easing) as curve:  # the timing keeps its own reference
            yield curve._ptr()
    else:
        raise argument_type_error(f"easing must be a curve spec str or a Curve, not {type(easing).__name__}")


def _check_easing_type(easing: Any) -> None:
    if easing is not None and not isinstance(easing, (str, bytes, Curve)):
        raise argument_type_error(f"easing must be a curve spec str or a Curve, not {type(easing).__name__}")


class Timing(NativeHandle):
    """Web Animations effect timing (all times in seconds).

    Args:
        duration: iteration duration, >= 0.
        delay: before the active interval; finite, may be negative.
        end_delay: after the active interval; finite, may be negative.
        iterations: >= 0, fractional or ``math.inf``.
        iteration_start: >= 0.
        direction: ``"normal"``, ``"reverse"``, ``"alternate"`` or ``"alternate-reverse"``.
        fill: ``"none"``, ``"forwards"``, ``"backwards"``, ``"both"`` or ``"auto"`` (= none).
        easing: a curve spec (``"ease-in-out"``) or a :class:`Curve`; applied per iteration.
        playback_rate: finite, non-zero; only its sign is read (boundary tie-breaks).
        time_offset: >= 0, Core Animation's timeOffset in local time (keyword only; 0 for
            pure Web Animations timing).
        time_scale: finite, > 0: the animation's own seconds per second of this timing (Core
            Animation's ``speed``; keyword only). A group's children and a spring run on it.

    Raises:
        GhostframeError: every rejection. :class:`~ghostframe.ArgumentTypeError` (also a
            TypeError) for a wrong type, :class:`~ghostframe.InvalidArgumentError` for an
            unknown direction or fill name or a number the library rejects (NaN, infinite,
            out of range), :class:`~ghostframe.ParseError` for a bad easing spec.

    >>> t = Timing(1, delay=0.5)
    >>> t.at(1.0)
    TimingState(phase='active', current_iteration=0.0, progress=0.5, active_time=0.5)
    """

    __slots__ = ("_params",)
    _kind = "Timing"

    def __init__(
        self,
        duration: float,
        delay: float = 0.0,
        end_delay: float = 0.0,
        iterations: float = 1.0,
        iteration_start: float = 0.0,
        direction: Direction = "normal",
        fill: Fill = "none",
        easing: Easing = "linear",
        playback_rate: float = 1.0,
        *,
        time_offset: float = 0.0,
        time_scale: float = 1.0,
    ) -> None:
        self._handle = None
        self._finalizer = None
        self._params: Optional[gf_timing_params] = None
        params = gf_timing_params()
        lib.gf_timing_params_init(byref(params))
        params.duration = as_double(duration, "duration")
        params.delay = as_double(delay, "delay")
        params.end_delay = as_double(end_delay, "end_delay")
        params.iterations = as_double(iterations, "iterations")
        params.iteration_start = as_double(iteration_start, "iteration_start")
        params.direction = as_choice(direction, "direction", _DIRECTIONS)
        params.fill = as_choice(fill, "fill", _FILLS)
        params.playback_rate = as_double(playback_rate, "playback_rate")
        params.time_offset = as_double(time_offset, "time_offset")
        params.time_scale = as_double(time_scale, "time_scale")
        _check_easing_type(easing)
        handle = gf_timing_p()
        with _easing_handle(easing) as curve:
            params.easing = curve
            lib.gf_timing_create(byref(params), byref(handle))
        self._adopt(handle, lib.gf_timing_free)

    @classmethod
    def core_animation(
        cls,
        duration: float,
        begin_time: float = 0.0,
        speed: float = 1.0,
        time_offset: float = 0.0,
        repeat_count: float = 0.0,
        repeat_duration: float = 0.0,
        autoreverses: bool = False,
        fill_mode: FillMode = "removed",
        easing: Easing = "linear",
    ) -> "Timing":
        """A timing from Core Animation (CAMediaTiming) parameters, mapped onto Web Animations.

        Args:
            duration: > 0; 0 means Core Animation's default of 0.25 s.
            begin_time: finite, in the parent's time.
            speed: > 0.
            time_offset: >= 0, in the animation's active time; it shifts the start point
                and wraps around (it does not shorten the active interval).
            repeat_count: >= 0, fractional or ``math.inf`` (0 = once).
            repeat_duration: >= 0 or ``math.inf`` (0 = unused; when both are set the
                shorter interval wins).
            autoreverses: a cycle is forward plus back (so 1.5 repeats end on the to-value).
            fill_mode: ``"removed"``, ``"forwards"``, ``"backwards"`` or ``"both"``.
            easing: a curve spec or a :class:`Curve` (``"linear"`` = Core Animation's nil
                timingFunction).

        The properties of the result (``duration``, ``delay``, ``iterations``, ...) are the
        mapped Web Animations parameters.

        Raises:
            GhostframeError: as :class:`Timing` (an unknown ``fill_mode`` is an
                :class:`~ghostframe.InvalidArgumentError`).
        """
        params = gf_core_animation_timing()
        lib.gf_core_animation_timing_init(byref(params))
        params.duration = as_double(duration, "duration")
        params.begin_time = as_double(begin_time, "begin_time")
        params.speed = as_double(speed, "speed")
        params.time_offset = as_double(time_offset, "time_offset")
        params.repeat_count = as_double(repeat_count, "repeat_count")
        params.repeat_duration = as_double(repeat_duration, "repeat_duration")
        params.autoreverses = as_flag(autoreverses, "autoreverses")
        params.fill_mode = as_choice(fill_mode, "fill_mode", _FILL_MODES)
        _check_easing_type(easing)
        handle = gf_timing_p()
        with _easing_handle(easing) as curve:
            params.easing = curve
            lib.gf_timing_create_core_animation(byref(params), byref(handle))
        self = cls.__new__(cls)
        self._params = None
        self._adopt(handle, lib.gf_timing_free)
        return self

    # -- sampling --------------------------------------------------------------------

    def at(self, local_time: float) -> TimingState:
        """The computed timing at ``local_time`` (finite).

        Returns:
            A :class:`TimingState`; its numbers are ``None`` where the Web Animations
            model says unresolved.

        Raises:
            GhostframeError: ``local_time`` is NaN or infinite.
        """
        state = gf_timing_state()
        lib.gf_timing_at(self._ptr(), as_double(local_time, "local_time"), byref(state))
        try:
            phase = _PHASE_NAMES[state.phase]
        except KeyError:
            raise InternalError(-100, f"gf_timing_at returned an unknown phase {state.phase}") from None
        if state.flags & GF_TIMING_STATE_RESOLVED:
            return TimingState(phase, state.current_iteration, state.progress, state.active_time)
        return TimingState(phase, None, None, None)

    @property
    def active_duration(self) -> float:
        """duration x iterations (``math.inf`` possible)."""
        out = c_double()
        lib.gf_timing_active_duration(self._ptr(), byref(out))
        return out.value

    @property
    def end_time(self) -> float:
        """max(delay + active duration + end delay, 0) (``math.inf`` possible)."""
        out = c_double()
        lib.gf_timing_end_time(self._ptr(), byref(out))
        return out.value

    # -- parameters (read back from the library) --------------------------------------

    def _read_params(self) -> gf_timing_params:
        if self._params is None:
            params = gf_timing_params()
            lib.gf_timing_params_init(byref(params))
            lib.gf_timing_get_params(self._ptr(), byref(params))
            self._params = params
        else:
            self._ptr()  # closed timings answer nothing
        return self._params

    @property
    def duration(self) -> float:
        """The iteration duration (for Core Animation timing: the mapped one)."""
        return float(self._read_params().duration)

    @property
    def delay(self) -> float:
        return float(self._read_params().delay)

    @property
    def end_delay(self) -> float:
        return float(self._read_params().end_delay)

    @property
    def iterations(self) -> float:
        return float(self._read_params().iterations)

    @property
    def iteration_start(self) -> float:
        return float(self._read_params().iteration_start)

    @property
    def playback_rate(self) -> float:
        return float(self._read_params().playback_rate)

    @property
    def time_offset(self) -> float:
        return float(self._read_params().time_offset)

    @property
    def time_scale(self) -> float:
        """The animation's own seconds per second of this timing (Core Animation's ``speed``)."""
        return float(self._read_params().time_scale)

    @property
    def direction(self) -> Direction:
        """``"normal"``, ``"reverse"``, ``"alternate"`` or ``"alternate-reverse"``."""
        value = self._read_params().direction
        try:
            return _DIRECTION_NAMES[value]  # type: ignore[return-value]
        except KeyError:
            raise InternalError(-100, f"gf_timing_get_params returned an unknown direction {value}") from None

    @property
    def fill(self) -> Fill:
        """``"none"``, ``"forwards"``, ``"backwards"`` or ``"both"`` (never ``"auto"``)."""
        value = self._read_params().fill
        try:
            return _FILL_NAMES[value]  # type: ignore[return-value]
        except KeyError:
            raise InternalError(-100, f"gf_timing_get_params returned an unknown fill {value}") from None

    @property
    def easing(self) -> Curve:
        """A new :class:`Curve` equal to the timing's easing (``linear`` if it has none)."""
        params = self._read_params()
        if not params.easing:
            return Curve("linear")
        out = c_void_p()
        lib.gf_curve_spec(params.easing, byref(out))  # borrowed: lives as long as the timing
        return Curve(_native.take_string(out))

    def params(self) -> Dict[str, Any]:
        """The Web Animations parameters as keyword arguments for :class:`Timing`.

        ``Timing(**t.params())`` makes an equivalent timing (for Core Animation timings,
        the mapped one); ``easing`` is given as its canonical spec.
        """
        return {
            "duration": self.duration,
            "delay": self.delay,
            "end_delay": self.end_delay,
            "iterations": self.iterations,
            "iteration_start": self.iteration_start,
            "direction": self.direction,
            "fill": self.fill,
            "easing": self.easing.spec,
            "playback_rate": self.playback_rate,
            "time_offset": self.time_offset,
            "time_scale": self.time_scale,
        }

    def __repr__(self) -> str:
        if self.closed:
            return "<closed Timing>"
        try:
            params = self.params()
        except Exception as exc:  # never let repr fail (e.g. a partial library build)
            return f"<Timing ({type(exc).__name__}: {exc})>"
        defaults = {
            "delay": 0.0,
            "end_delay": 0.0,
            "iterations": 1.0,
            "iteration_start": 0.0,
            "direction": "normal",
            "fill": "none",
            "easing": "linear",
            "playback_rate": 1.0,
            "time_offset": 0.0,
            "time_scale": 1.0,
        }
        parts = [f"duration={params['duration']!r}"]
        parts += [f"{k}={v!r}" for k, v in params.items() if k in defaults and v != defaults[k]]
        return f"Timing({', '.join(parts)})"

    def _copy(self) -> "Timing":
        return _rebuild_timing(self.params())

    def __reduce__(self) -> Any:
        self._ptr()
        return (_rebuild_timing, (self.params(),))


def _rebuild_timing(params: Dict[str, Any]) -> Timing:
    return Timing(**params)
