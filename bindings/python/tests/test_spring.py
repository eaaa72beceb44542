"""Spring: known values, eager validation, value semantics, properties."""

from __future__ import annotations

import dataclasses
import math
import pickle
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

import ghostframe as gf


def test_default_spring_value_at_a_tenth() -> None:
    # m=1 k=100 c=10: 1 - e^{-5t}(cos(wd t) + (5/wd) sin(wd t)), wd = sqrt(75)
    assert gf.Spring(mass=1, stiffness=100, damping=10).value(0.1) == pytest.approx(0.3402998, abs=1e-7)


def test_default_spring_settling_duration() -> None:
    assert gf.Spring().settling_duration() == pytest.approx(1.270, abs=1e-3)
    assert gf.Spring().settling_duration(1e-3) == pytest.approx(1.2701652, abs=1e-6)


def test_settling_duration_is_the_last_epsilon_crossing() -> None:
    """|value(t) - 1| < eps after the settling time; it touched eps just before (tolerance 1e-6 s)."""
    spring = gf.Spring()
    eps = 1e-2
    settle = spring.settling_duration(eps)
    assert all(abs(spring.value(settle + k * 0.01) - 1) <= eps for k in range(1, 300))
    assert abs(spring.value(settle) - 1) == pytest.approx(eps, abs=1e-6)


def test_velocity() -> None:
    spring = gf.Spring()
    assert spring.velocity(0) == 0.0
    assert spring.velocity(-1) == 0.0
    assert spring.velocity(0.1) == pytest.approx(5.33507195, abs=1e-6)
    assert gf.Spring(initial_velocity=3).velocity(0) == pytest.approx(3, abs=1e-12)


def test_negative_time_is_zero() -> None:
    assert gf.Spring().value(-5) == 0.0


def test_overdamped_moves_as_critically_damped_unless_allowed() -> None:
    """Tolerance 1e-12: with allows_overdamping False any over-critical damping gives one curve."""
    critical = gf.Spring(damping=20)  # 2 * sqrt(k m)
    heavy = gf.Spring(damping=80)
    free = gf.Spring(damping=80, allows_overdamping=True)
    assert heavy.value(0.2) == pytest.approx(critical.value(0.2), abs=1e-12)
    assert free.value(0.2) < heavy.value(0.2) - 1e-3  # a truly overdamped spring is slower


def test_parameters_are_attributes() -> None:
    spring = gf.Spring(mass=2, stiffness=50, damping=3, initial_velocity=-1, allows_overdamping=True)
    assert (spring.mass, spring.stiffness, spring.damping, spring.initial_velocity, spring.allows_overdamping) == (
        2.0, 50.0, 3.0, -1.0, True,
    )
    assert all(type(v) is float for v in (spring.mass, spring.stiffness, spring.damping, spring.initial_velocity))
    assert "stiffness=50.0" in repr(spring)


def test_value_semantics() -> None:
    a = gf.Spring(stiffness=200)
    assert a == gf.Spring(stiffness=200.0) and hash(a) == hash(gf.Spring(stiffness=200))
    assert a != gf.Spring()
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.mass = 3  # type: ignore[misc]
    b = dataclasses.replace(a, damping=5)
    assert b.damping == 5.0 and b.stiffness == 200.0
    assert pickle.loads(pickle.dumps(a)) == a


def test_bad_parameters_fail_at_construction() -> None:
    with pytest.raises(gf.InvalidArgumentError, match="mass"):
        gf.Spring(mass=0)
    with pytest.raises(gf.InvalidArgumentError, match="damping"):
        dataclasses.replace(gf.Spring(), damping=-1)


def test_undamped_spring_exists_but_never_settles() -> None:
    spring = gf.Spring(damping=0)
    assert spring.value(0.1) == pytest.approx(1 - __import__("math").cos(1.0), abs=1e-9)  # w0 = 10
    with pytest.raises(gf.InvalidArgumentError):
        spring.settling_duration()


def test_hardly_damped_spring_settles_at_its_envelope() -> None:
    """Issue 28: damping 1e-12 gave 0.157 s. With v0 = 0 the extrema have |e| = exp(-beta t)
    exactly, so T is within one half-period (pi/10 s, wd = 10) of L = ln(1/eps) / (c/2), plus
    8 ulp of L; past the largest float it is a LimitError."""
    for c in [10.0**-e for e in range(1, 308)] + [sys.float_info.min]:
        limit = math.log(1e3) / (c / 2)
        spring = gf.Spring(damping=c)
        if math.isinf(limit):
            with pytest.raises(gf.LimitError):
                spring.settling_duration()
            continue
        assert abs(spring.settling_duration() - limit) <= math.pi / 9.9999 + 8 * math.ulp(limit), c


masses = st.floats(min_value=0.05, max_value=20)
stiffnesses = st.floats(min_value=1, max_value=2000)
dampings = st.floats(min_value=0.5, max_value=200)
velocities = st.floats(min_value=-50, max_value=50)


@given(m=masses, k=stiffnesses, c=dampings, v=velocities, over=st.booleans())
def test_spring_starts_at_zero(m, k, c, v, over) -> None:
    """Exact: the header says t <= 0 gives 0."""
    assert gf.Spring(m, k, c, v, over).value(0) == 0.0


@given(m=masses, k=stiffnesses, c=dampings, v=velocities, over=st.booleans())
def test_spring_tends_to_one(m, k, c, v, over) -> None:
    """Within eps after settling_duration(eps), for eps 1e-3 and 1e-6."""
    spring = gf.Spring(m, k, c, v, over)
    for eps in (1e-3, 1e-6):
        settle = spring.settling_duration(eps)
        assert settle >= 0
        for factor in (1.0001, 1.5, 4.0):
            assert abs(spring.value(settle * factor + 1e-9) - 1) < eps
