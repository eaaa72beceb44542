"""gf.Scrub: the mapping against t = t0 + (t1 - t0)(v - a)/(b - a), sampling equal to the
scene's at the mapped time, a curve (easeInQuad: u^2, 1e-12), spring-back against the critically
damped closed form (w = 10): (u0 + (v + w u0) tau) e^(-w tau), tolerance 1e-9 x range, bad input."""

import math

import pytest

import ghostframe as gf


def moving_scene():
    scene = gf.Scene()
    scene.add_layer("a", frame=(0, 0, 10, 10))
    timing = gf.Timing(duration=2, delay=1, fill="both")
    scene.add_animation("a", gf.Animation.basic("position.x", from_=0, to=100, timing=timing, keep_after_end=True))
    return scene


def test_ends_outside_inside():
    scene = moving_scene()
    scrub = gf.Scrub(scene, input_range=(0, 80), time_range=(0, 4))
    assert scrub.time(0) == 0 and scrub.time(80) == 4
    assert scrub.time(-1e300) == 0 and scrub.time(81) == 4
    for v in [0, 80, -5, 500, 13.7, 41, 79.9]:
        t = scrub.time(v)
        assert abs(t - min(max(v, 0), 80) / 20) <= 1e-12
        assert scrub.sample(v).tobytes() == scene.sample(t).tobytes()
        x = 100 * min(max((t - 1) / 2, 0), 1) - 5  # frame origin: position - 5
        assert abs(float(scrub.sample(v)["x"][0]) - x) <= 1e-9


def test_curve():
    scene = moving_scene()
    scrub = gf.Scrub(scene, input_range=(10, 20), time_range=(3, 1), curve="easeInQuad")
    assert scrub.time(10) == 3 and scrub.time(20) == 1
    for i in range(14):
        v = 10 + 0.75 * i
        u = (v - 10) / 10
        assert abs(scrub.time(v) - (3 - 2 * u * u)) <= 1e-12


def test_spring_back():
    scene = moving_scene()
    scrub = gf.Scrub(scene, input_range=(0, 80), time_range=(0, 4))
    with pytest.raises(gf.InvalidArgumentError):
        scrub.value_at_clock(0)
    scrub.release(2, 60, -150)
    assert scrub.value_at_clock(1) == 60
    for i in range(151):
        tau = i / 100
        want = (60 + (-150 + 10 * 60) * tau) * math.exp(-10 * tau)
        got = scrub.value_at_clock(2 + tau)
        assert abs(got - want) <= 1e-9 * 80
        assert scrub.sample_at_clock(2 + tau).tobytes() == scene.sample(scrub.time(got)).tobytes()
    assert abs(scrub.value_at_clock(7)) <= 1e-9


def test_bad_input():
    scene = moving_scene()
    for a, b in [(1, 1), (2, 1), (math.nan, 1), (0, math.inf)]:
        with pytest.raises(gf.InvalidArgumentError):
            gf.Scrub(scene, input_range=(a, b), time_range=(0, 1))
    with pytest.raises(gf.InvalidArgumentError):
        gf.Scrub(scene, input_range=(0, 1), time_range=(0, math.nan))
    with pytest.raises(gf.InvalidArgumentError):
        gf.Scrub(scene, input_range=(0, 1, 2), time_range=(0, 1))
    with pytest.raises(TypeError):
        gf.Scrub("scene", input_range=(0, 1), time_range=(0, 1))
    scrub = gf.Scrub(scene, input_range=(0, 1), time_range=(0, 1))
    for v in [math.nan, math.inf]:
        with pytest.raises(gf.InvalidArgumentError):
            scrub.sample(v)
        with pytest.raises(gf.InvalidArgumentError):
            scrub.time(v)
    with pytest.raises(gf.InvalidArgumentError):
        scrub.release(0, math.nan, 0)
    with pytest.raises(gf.InvalidArgumentError):
        scrub.value_at_clock(0)  # the failed release left it unreleased
    scrub.close()
    with pytest.raises(gf.InvalidArgumentError):
        scrub.time(0.5)
