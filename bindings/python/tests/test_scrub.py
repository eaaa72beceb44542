"""gf.Scrub: the mapping against t = t0 + (t1 - t0)(v - a)/(b - a), sampling equal to the
scene's at the mapped time, a curve (easeInQuad: u^2, 1e-12), spring-back against the critically
damped closed form (w = 10): (u0 + (v + w u0) tau) e^(-w tau), tolerance 1e-9 x range, bad input."""

import math

import pytest

import ghostframe as gf
from _support import needs_numpy


def moving_scene():
    scene = gf.Scene()
    scene.add_layer("a", frame=(0, 0, 10, 10))
    timing = gf.Timing(duration=2, delay=1, fill="both")
    scene.add_animation("a", gf.Animation.basic("position.x", from_=0, to=100, timing=timing, keep_after_end=True))
    return scene


@needs_numpy
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


@needs_numpy
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


# -- the pull-to-refresh control: radii by hand (outer 20 min(p/95, 1), inner 17.5 clamp((p-50)/45, 0, 1)),
#    centre (187.5, p/2), tolerance 1e-9; the loop (a turn a second); the spring close (w = 10).


@needs_numpy
def test_pull_to_refresh_radii_and_trigger():
    control = gf.PullToRefresh()
    for p, drawn, outer, inner in [(0, 0, 0, 0), (30, 30, 600 / 95, 0), (50, 50, 1000 / 95, 0),
                                   (72.5, 72.5, 1450 / 95, 8.75), (95, 95, 20, 17.5), (200, 160, 20, 17.5)]:
        s = control.sample(p)
        assert len(s) == 4
        assert abs(float(s["height"][0]) - drawn) <= 1e-9
        for i, r in [(1, outer), (2, inner)]:
            assert abs(float(s["corner_radius"][i]) - r) <= 1e-9
            assert abs(float(s["width"][i]) - 2 * r) <= 1e-9
            assert abs(float(s["x"][i]) - (187.5 - r)) <= 1e-9
            assert abs(float(s["y"][i]) - (drawn / 2 - r)) <= 1e-9
        assert abs(float(s["y"][3]) - (drawn / 2 - 12)) <= 1e-9
        # The original's colours: the circle rgb(72, 70, 109); the area and the hole
        # rgb(224, 231, 235), with which JESPullToRefreshView fills both.
        for i, rgb in [(0, (224, 231, 235)), (1, (72, 70, 109)), (2, (224, 231, 235))]:
            for channel, value in zip(("r", "g", "b"), rgb):
                assert abs(float(s[channel][i]) - value / 255) <= 1e-12
            assert float(s["a"][i]) == 1
    assert not control.is_triggered(94.9) and control.is_triggered(95)


@needs_numpy
def test_pull_to_refresh_loop_and_end():
    control = gf.PullToRefresh()
    with pytest.raises(gf.InvalidArgumentError):
        control.sample_at_clock(0)
    control.begin_refreshing(10)
    with pytest.raises(gf.InvalidArgumentError):
        control.begin_refreshing(11)
    for t in [10.0, 10.25, 11.6, 13.2]:
        s = control.sample_at_clock(t)
        angle = 2 * math.pi * ((t - 10) % 1)
        transform = s["transform"][3]
        assert abs(float(transform[0]) - math.cos(angle)) <= 1e-9
        assert abs(float(transform[1]) - math.sin(angle)) <= 1e-9
        assert abs(float(s["height"][0]) - 95) <= 1e-9
    control.end_refreshing(13.3)
    for i in range(21):
        tau = i / 20
        p = 95 * (1 + 10 * tau) * math.exp(-10 * tau)
        assert abs(float(control.sample_at_clock(13.3 + tau)["height"][0]) - p) <= 1e-7
    with pytest.raises(gf.InvalidArgumentError):
        control.end_refreshing(14)


def test_pull_to_refresh_bad_input():
    for kwargs in [{"width": math.nan}, {"trigger_distance": 40}, {"maximum_pull": 95}, {"ring_width": 20},
                   {"spin_duration": 0}]:
        with pytest.raises(gf.InvalidArgumentError):
            gf.PullToRefresh(**kwargs)
    control = gf.PullToRefresh()
    with pytest.raises(gf.InvalidArgumentError):
        control.sample(math.nan)
    with pytest.raises(gf.InvalidArgumentError):
        control.end_refreshing(1)


# -- chosen springs and every pull-to-refresh parameter. Underdamped spring m 1, k 100, c 10:
#    alpha 5, wd sqrt(75); u(tau) = e^(-alpha tau)(u0 cos(wd tau) + (v + alpha u0)/wd sin(wd tau)).


def _underdamped(u0, v, tau):
    wd = math.sqrt(75)
    return math.exp(-5 * tau) * (u0 * math.cos(wd * tau) + (v + 5 * u0) / wd * math.sin(wd * tau))


def test_scrub_with_a_chosen_spring():
    scene = moving_scene()
    scrub = gf.Scrub(scene, input_range=(0, 80), time_range=(0, 4), curve=gf.Curve("easeOutCubic"),
                     spring=gf.Spring(mass=1, stiffness=100, damping=10, initial_velocity=99))
    scrub.release(2, 60, -150, rest=10)
    for i in range(201):
        tau = i / 100
        assert abs(scrub.value_at_clock(2 + tau) - (10 + _underdamped(50, -150, tau))) <= 1e-9 * 80
    # The curve maps the input: t = 4 (1 - (1 - u)^3).
    for v in [0, 20, 40, 80]:
        u = v / 80
        assert abs(scrub.time(v) - 4 * (1 - (1 - u) ** 3)) <= 1e-12
    default = gf.Scrub(scene, input_range=(0, 80), time_range=(0, 4))
    explicit = gf.Scrub(scene, input_range=(0, 80), time_range=(0, 4), spring=None)
    default.release(0, 30, 20)
    explicit.release(0, 30, 20)
    assert [default.value_at_clock(t / 8) for t in range(9)] == [explicit.value_at_clock(t / 8) for t in range(9)]
    with pytest.raises(TypeError):
        gf.Scrub(scene, input_range=(0, 1), time_range=(0, 1), spring=(1, 100, 10))


@needs_numpy
def test_pull_to_refresh_every_parameter():
    control = gf.PullToRefresh(200, maximum_radius=10, ring_width=1, fill_color=(0.25, 0.5, 0.75, 0.5),
                               background_color="#1A334D", logo_image="brand",
                               spring=gf.Spring(stiffness=100, damping=10))
    s = control.sample(95)
    assert abs(float(s["x"][1]) - 90) <= 1e-9 and abs(float(s["width"][1]) - 20) <= 1e-9
    assert abs(float(s["width"][2]) - 18) <= 1e-9
    assert [float(s[c][1]) for c in ("r", "g", "b", "a")] == [0.25, 0.5, 0.75, 0.5]
    assert abs(float(s["g"][0]) - 0x33 / 255) <= 1e-12 and float(s["b"][2]) == float(s["b"][0])
    scene = control.scene
    assert len(scene) == 4
    assert '"brand"' in scene.to_json()
    for p in [0, 40, 95, 160]:
        assert scene.sample(p / 160).tobytes() == control.sample(p).tobytes()
    control.begin_refreshing(1)
    control.end_refreshing(2)
    for i in range(41):
        tau = i / 20
        want = max(_underdamped(95, 0, tau), 0)  # from 95 at rest to 0; the overshoot is drawn clamped at 0
        assert abs(float(control.sample_at_clock(2 + tau)["height"][0]) - want) <= 1e-7


def test_pull_to_refresh_parameter_errors():
    for kwargs in [{"fill_color": (0, math.nan, 0)}, {"background_color": (0, 0, 2)}, {"logo_image": ""}]:
        with pytest.raises(gf.InvalidArgumentError):
            gf.PullToRefresh(**kwargs)
    with pytest.raises(TypeError):
        gf.PullToRefresh(spring="stiff")
    with pytest.raises(TypeError):
        gf.PullToRefresh(fill_color=None, logo_image=3)


def test_overflow_is_refused_naming_it():
    """Issue 28: a curve overshooting [0, 1] (this cubic-bezier dips below 0 near the start) maps
    the time range (DBL_MAX, 0) past the largest double at input 2: refused naming the time range
    (it returned inf); where the curve stays in [0, 1] the ends still map exactly. A release whose
    underdamped spring (zeta 0.5) could swing past DBL_MAX is refused naming it (value_at_clock
    returned inf) and the scrub stays unreleased."""
    scene = moving_scene()
    big = 1.7976931348623157e308
    scrub = gf.Scrub(scene, input_range=(0.001, 375), time_range=(big, 0), curve="cubic-bezier(0.5, -2, 0.5, 3)")
    with pytest.raises(gf.InvalidArgumentError, match="time range"):
        scrub.time(2)
    assert scrub.time(375) == 0 and scrub.time(0.001) == big
    springy = gf.Scrub(scene, input_range=(0, 80), time_range=(0, 4), spring=gf.Spring(1, 100, 10))
    with pytest.raises(gf.InvalidArgumentError, match="rest 1.7e[+]308 overflows"):
        springy.release(0, 0, 0, rest=1.7e308)
    with pytest.raises(gf.InvalidArgumentError, match="nothing was released"):
        springy.value_at_clock(1)


def test_pull_to_refresh_radius_overflow_names_it():
    """Issue 28: a maximum radius whose circle's side (twice it) overflows was refused naming an
    internal animation's value; now it names the maximum radius."""
    with pytest.raises(gf.InvalidArgumentError, match="maximum radius"):
        gf.PullToRefresh(maximum_radius=1.7976931348623157e308 / 1.5)
