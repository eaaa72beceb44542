"""Timing: Web Animations cases, Core Animation cases, parameters read back, lifetime.

Tolerance 1e-12 for progress and times unless a case says otherwise (the cases are exact in
binary floating point or nearly so).
"""

from __future__ import annotations

import gc
import math
import pickle

import pytest

import ghostframe as gf
from ghostframe import _native

approx = lambda v: pytest.approx(v, abs=1e-12)  # noqa: E731


# -- Web Animations ----------------------------------------------------------------------------


def test_before_phase_without_fill_is_unresolved() -> None:
    state = gf.Timing(1, delay=0.5, fill="none").at(0)
    assert state.phase == "before"
    assert state.progress is None and state.current_iteration is None and state.active_time is None
    assert not state.resolved


def test_start_of_active_phase() -> None:
    state = gf.Timing(1, delay=0.5, fill="none").at(0.5)
    assert state == ("active", 0.0, 0.0, 0.0)
    assert state.resolved


def test_timing_state_is_a_named_tuple() -> None:
    state = gf.Timing(1).at(0.25)
    phase, iteration, progress, active_time = state
    assert (phase, iteration, progress, active_time) == (state.phase, state.current_iteration, state.progress, state.active_time)
    assert state._fields == ("phase", "current_iteration", "progress", "active_time")


def test_alternate_second_iteration() -> None:
    timing = gf.Timing(1, iterations=2, direction="alternate", fill="both")
    state = timing.at(1.5)
    assert state.phase == "active"
    assert state.current_iteration == 1.0
    assert state.progress == approx(0.5)
    assert timing.at(1.25).progress == approx(0.75)  # going back


def test_end_of_active_interval_reports_the_last_iteration() -> None:
    """At the end, progress is 1 of the last iteration: current_iteration = floor(overall) - 1."""
    timing = gf.Timing(1, iterations=2, fill="forwards")
    state = timing.at(2.0)
    assert state.phase == "after"
    assert state.progress == 1.0
    assert state.current_iteration == 1.0  # floor(2) - 1
    interior = timing.at(1.0)  # an interior boundary belongs to the next iteration
    assert (interior.current_iteration, interior.progress) == (1.0, 0.0)


def test_end_with_fractional_iterations() -> None:
    state = gf.Timing(1, iterations=1.5, fill="forwards").at(10)
    assert state.current_iteration == 1.0 and state.progress == approx(0.5)


def test_after_phase_without_fill_is_unresolved() -> None:
    state = gf.Timing(1).at(1.0)
    assert state.phase == "after" and state.progress is None


def test_backwards_fill_holds_the_start() -> None:
    state = gf.Timing(1, delay=1, fill="backwards", iteration_start=0.25).at(0)
    assert state.phase == "before" and state.progress == approx(0.25) and state.current_iteration == 0.0


def test_auto_fill_is_none() -> None:
    timing = gf.Timing(1, delay=1, fill="auto")
    assert timing.fill == "none"
    assert timing.at(0).progress is None


def test_negative_end_delay() -> None:
    """end_delay < 0 cuts the effect short: end_time = max(delay + active + end_delay, 0)."""
    timing = gf.Timing(2, end_delay=-0.5, fill="forwards")
    assert timing.end_time == approx(1.5)
    assert timing.active_duration == approx(2.0)
    assert timing.at(1.4).phase == "active"
    state = timing.at(1.5)  # the after phase starts at the end time, not the active end
    assert state.phase == "after"
    assert state.progress == approx(0.75)
    assert gf.Timing(1, end_delay=-5).end_time == 0.0


def test_negative_delay_starts_midway() -> None:
    state = gf.Timing(1, delay=-0.25).at(0)
    assert state.phase == "active" and state.progress == approx(0.25)


def test_zero_duration_infinite_iterations() -> None:
    timing = gf.Timing(0, iterations=math.inf, fill="both")
    assert timing.active_duration == 0.0
    state = timing.at(0)
    assert state.phase == "after"
    assert state.current_iteration == math.inf
    assert state.progress == 1.0


def test_infinite_iterations() -> None:
    timing = gf.Timing(1, iterations=math.inf)
    assert timing.active_duration == math.inf and timing.end_time == math.inf
    state = timing.at(1e6 + 0.25)
    assert state.current_iteration == 1e6 and state.progress == pytest.approx(0.25, abs=1e-9)


def test_infinite_duration() -> None:
    """Allowed by Web Animations: the first iteration never ends, progress stays 0."""
    timing = gf.Timing(math.inf, delay=1)
    assert timing.active_duration == math.inf and timing.end_time == math.inf
    state = timing.at(1e9)
    assert state.phase == "active" and state.current_iteration == 0.0 and state.progress == 0.0
    assert state.active_time == 1e9 - 1


@pytest.mark.parametrize(
    "direction, progress",
    [("normal", 0.25), ("reverse", 0.75), ("alternate", 0.25), ("alternate-reverse", 0.75)],
)
def test_directions(direction: str, progress: float) -> None:
    assert gf.Timing(1, direction=direction).at(0.25).progress == approx(progress)


def test_negative_playback_rate_breaks_ties_at_boundaries() -> None:
    """At the very start a reversing animation is already 'before' (Web Animations)."""
    assert gf.Timing(1, playback_rate=1).at(0).phase == "active"
    assert gf.Timing(1, playback_rate=-1).at(0).phase == "before"


def test_easing_is_applied_per_iteration() -> None:
    ease = gf.Curve("ease")
    by_spec = gf.Timing(1, easing="ease").at(0.5)
    by_curve = gf.Timing(1, easing=ease).at(0.5)
    assert by_spec.progress == pytest.approx(0.8024034, abs=1e-6)
    assert by_curve.progress == by_spec.progress
    assert gf.Timing(1, easing=None).at(0.3).progress == approx(0.3)


def test_timing_keeps_its_own_easing_reference() -> None:
    curve = gf.Curve("ease-in")
    timing = gf.Timing(1, easing=curve)
    curve.close()
    del curve
    gc.collect()
    assert timing.at(0.5).progress == pytest.approx(0.315357, abs=1e-6)


def test_time_offset_wraps_web_animations_timing() -> None:
    timing = gf.Timing(1, time_offset=0.25)
    assert timing.at(0).progress == approx(0.25)
    assert timing.at(0.5).progress == approx(0.75)
    assert timing.at(0.9).progress == pytest.approx(0.15, abs=1e-12)


# -- Core Animation ----------------------------------------------------------------------------


def test_core_animation_worked_example() -> None:
    """D=1, autoreverses, repeatCount 1.5, beginTime 0.5, speed 2 (animation.md §1.1)."""
    timing = gf.Timing.core_animation(
        1, begin_time=0.5, speed=2, repeat_count=1.5, autoreverses=True, fill_mode="forwards"
    )
    assert timing.at(1.0).progress == approx(1.0)
    assert timing.at(1.25).progress == approx(0.5)
    end = timing.at(2.0)
    assert end.phase == "after" and end.progress == approx(1.0)  # ends on the to-value
    assert timing.at(0.25).progress is None  # removed/forwards: nothing before begin_time


def test_core_animation_removed_fill() -> None:
    timing = gf.Timing.core_animation(1, fill_mode="removed")
    assert timing.fill == "none"
    assert timing.at(1.0).progress is None


def test_core_animation_maps_onto_web_animations() -> None:
    timing = gf.Timing.core_animation(
        1, begin_time=0.5, speed=2, repeat_count=1.5, autoreverses=True, fill_mode="both", easing="ease-in"
    )
    assert timing.duration == approx(0.5)
    assert timing.delay == approx(0.5)
    assert timing.iterations == approx(3.0)
    assert timing.direction == "alternate"
    assert timing.fill == "both"
    assert timing.easing == gf.Curve("ease-in")
    assert timing.active_duration == approx(1.5)
    assert timing.end_time == approx(2.0)


def test_core_animation_zero_duration_is_a_quarter_second() -> None:
    assert gf.Timing.core_animation(0).duration == approx(0.25)


def test_core_animation_repeat_duration() -> None:
    timing = gf.Timing.core_animation(1, repeat_duration=2.5)
    assert timing.active_duration == approx(2.5)
    both = gf.Timing.core_animation(1, repeat_count=2, repeat_duration=5)  # the shorter wins
    assert both.active_duration == approx(2.0)


def test_core_animation_time_offset_wraps() -> None:
    """timeOffset shifts the start point and wraps; the active interval keeps its length."""
    timing = gf.Timing.core_animation(1, time_offset=0.25, fill_mode="forwards")
    assert timing.active_duration == approx(1.0)
    assert timing.at(0).progress == approx(0.25)
    assert timing.at(0.5).progress == approx(0.75)
    assert timing.at(0.9).progress == pytest.approx(0.15, abs=1e-12)  # wrapped around
    fast = gf.Timing.core_animation(1, time_offset=0.25, speed=2)  # the offset is in active time
    assert fast.at(0.25).progress == approx(0.75)


def test_core_animation_infinite_repeat() -> None:
    timing = gf.Timing.core_animation(1, repeat_count=math.inf, autoreverses=True)
    assert timing.active_duration == math.inf
    assert timing.at(1.5).progress == approx(0.5)
    assert timing.at(1000.25).progress == approx(0.25)


# -- parameters, repr, lifetime ----------------------------------------------------------------


def test_parameters_read_back() -> None:
    timing = gf.Timing(
        2, delay=0.5, end_delay=-0.25, iterations=3, iteration_start=0.5,
        direction="alternate-reverse", fill="backwards", easing="ease-out", playback_rate=-2,
    )
    assert (timing.duration, timing.delay, timing.end_delay) == (2.0, 0.5, -0.25)
    assert (timing.iterations, timing.iteration_start, timing.playback_rate) == (3.0, 0.5, -2.0)
    assert (timing.direction, timing.fill, timing.time_offset) == ("alternate-reverse", "backwards", 0.0)
    assert timing.easing == gf.Curve("ease-out")
    params = timing.params()
    assert params["easing"] == gf.Curve("ease-out").spec
    clone = gf.Timing(**params)
    assert [clone.at(t) for t in (0, 1, 2.5, 7)] == [timing.at(t) for t in (0, 1, 2.5, 7)]


def test_default_easing_reads_back_as_linear() -> None:
    assert gf.Timing(1).easing == gf.Curve("linear")


def test_repr_and_pickle() -> None:
    timing = gf.Timing(1, delay=0.5, fill="both", easing="ease")
    text = repr(timing)
    assert text.startswith("Timing(duration=1.0") and "delay=0.5" in text and "fill='both'" in text
    back = pickle.loads(pickle.dumps(timing))
    assert back.at(0.9) == timing.at(0.9)
    timing.close()
    assert repr(timing) == "<closed Timing>"


def test_close_and_context_manager(monkeypatch) -> None:
    freed = []
    real = _native.lib.gf_timing_free
    monkeypatch.setattr(_native.lib, "gf_timing_free", lambda h: (freed.append(1), real(h)))
    with gf.Timing(1) as timing:
        assert timing.at(0.5).progress == 0.5
    assert timing.closed and freed == [1]
    with pytest.raises(ValueError, match="closed"):
        timing.at(0.5)
    timing.close()
    ca = gf.Timing.core_animation(1)
    del ca
    gc.collect()
    assert freed == [1, 1]


def test_numbers_accept_ints_and_fractions() -> None:
    from fractions import Fraction

    timing = gf.Timing(Fraction(1, 2), iterations=2)
    assert timing.duration == 0.5 and timing.active_duration == 1.0
