"""The expanding-card transition and scene coordinate conversions through the Python binding.

Geometry against the seed's formulas computed by hand; sampling against
start + (end - start) * t / D with a linear curve; the exit as the reverse of the entry and
begun mid-flight; the defaults against JPAnimationTool's animateWithDuration:0.35 delay:0.1
options:UIViewAnimationOptionCurveEaseOut (entry, and the dismissal of a finished entry, by a
bisection ease-out written here); conversions against a hand-computed rotation; bad input.
Tolerance 1e-9 on sampled and converted values (a few roundings), exact on geometry (exact in
binary here), 825 * 3.5e-7 where the engine's bezier solver is involved (1e-7 in x, slopes under
3.5, travel up to 825 points).
"""

import math

import pytest

import ghostframe as gf
from _support import bezier, needs_numpy

WINDOW = (375, 667)
IMAGES = [(-60, 300, 150, 125), (105, 300, 150, 125), (270, 300, 150, 125), (105, 100, 150, 125)]


def frames(scene, t):
    states = scene.sample(t)
    return [(float(s["x"]), float(s["y"]), float(s["width"]), float(s["height"])) for s in states[1:]]


def close(a, b, tol=1e-9):
    return len(a) == len(b) and all(abs(x - y) <= tol for p, q in zip(a, b) for x, y in zip(p, q))


@pytest.mark.parametrize(
    "tapped, expected_ends",
    [
        # kx = 375/150 = 2.5, ky = 375*(2/3)/125 = 2; other image end ((x - tx)*kx, (y - ty)*ky, ...)
        (0, [(0, 0, 375, 250), (412.5, 0, 375, 250), (825, 0, 375, 250), (412.5, -400, 375, 250)]),
        (1, [(-412.5, 0, 375, 250), (0, 0, 375, 250), (412.5, 0, 375, 250), (0, -400, 375, 250)]),
        (2, [(-825, 0, 375, 250), (-412.5, 0, 375, 250), (0, 0, 375, 250), (-412.5, -400, 375, 250)]),
    ],
)
def test_geometry_by_hand(tapped, expected_ends):
    t = gf.ExpandTransition(window=WINDOW, images=IMAGES, tapped=tapped)
    assert [p.kind for p in t.parts] == ["up", "down"] + ["tapped" if i == tapped else "image" for i in range(4)]
    assert t.parts[0].start == (0, 0, 375, 300) and t.parts[0].end == (0, -300, 375, 300)
    # d = ty + th = 425
    assert t.parts[1].start == (0, 425, 375, 242) and t.parts[1].end == (0, 667, 375, 242)
    assert [p.start for p in t.parts[2:]] == [tuple(float(v) for v in r) for r in IMAGES]
    assert [p.source for p in t.parts] == [p.start for p in t.parts]
    assert [p.end for p in t.parts[2:]] == [tuple(float(v) for v in r) for r in expected_ends]
    assert [p.image_index for p in t.parts] == [None, None, 0, 1, 2, 3]


def test_ratio_and_partly_scrolled_out_above():
    t = gf.ExpandTransition(window=WINDOW, images=[(105, -50, 150, 125), (270, -50, 150, 125)], tapped=0, ratio=0.5)
    assert t.parts[0].start == (0, 0, 375, 0)  # the up cut clamps to the window
    assert t.parts[1].start == (0, 75, 375, 592)
    assert t.parts[2].end == (0, 0, 375, 187.5)
    assert t.parts[3].end == (412.5, 0, 375, 187.5)  # ky = 187.5 / 125 = 1.5, y: 0


@needs_numpy
def test_entry_exit_and_mid_flight():
    t = gf.ExpandTransition(window=WINDOW, images=IMAGES, tapped=1, duration=0.5, curve="linear", delay=0)
    for time in (0.0, 0.1, 0.25, 0.5, 0.7):
        p = min(time / 0.5, 1.0)
        want = [tuple(s + (e - s) * p for s, e in zip(part.start, part.end)) for part in t.parts]
        assert close(frames(t.scene, time), want), time
    full = t.exit(0.5)
    for s in (0.0, 0.05, 0.2, 0.45, 0.5):
        assert close(frames(full, s), frames(t.scene, 0.5 - s)), s
    mid = t.exit(0.3)
    assert close(frames(mid, 0), frames(t.scene, 0.3))
    assert close(frames(mid, 0.1), frames(t.scene, 0.2))
    assert close(frames(mid, 1.0), [p.start for p in t.parts])
    with pytest.raises(gf.InvalidArgumentError):
        t.exit(math.nan)


def ease_out(x):
    """Core Animation's ease-out, cubic-bezier(0, 0, 0.58, 1), by the bisection reference."""
    return bezier(0, 0, 0.58, 1, x)


@needs_numpy
def test_curve_object():
    eased = gf.ExpandTransition(window=WINDOW, images=IMAGES, tapped=1, curve=gf.Curve("ease-in"), delay=0.2)
    p = gf.Curve("ease-in")(0.5)
    part = eased.parts[3]
    want = part.start[1] + (part.end[1] - part.start[1]) * p
    assert abs(frames(eased.scene, 0.2 + 0.175)[3][1] - want) < 1e-9
    assert eased.delay == 0.2


@needs_numpy
def test_defaults_are_jpanimationtools():
    t = gf.ExpandTransition(window=WINDOW, images=IMAGES, tapped=1)
    assert (t.duration, t.delay) == (0.35, 0.1)
    dismissal = t.exit(0.1 + 0.35)
    tol = 825 * 3.5e-7
    for i in range(27):
        time = -0.05 + 0.025 * i
        e = ease_out((time - 0.1) / 0.35)
        entry = [tuple(s + (f - s) * e for s, f in zip(part.start, part.end)) for part in t.parts]
        assert close(frames(t.scene, time), entry, tol), time
        # The finished entry's exit: the original's close block, end -> start, forwards.
        back = [tuple(f + (s - f) * e for s, f in zip(part.start, part.end)) for part in t.parts]
        assert close(frames(dismissal, time), back, tol), time
    # The up part 0.1 s into the dismissal's motion: -172.1, not the backwards entry's -264.4.
    assert frames(dismissal, 0.2)[0][1] == pytest.approx(-172.1, abs=0.05)
    assert frames(t.scene, 0.35)[0][1] == pytest.approx(-264.4, abs=0.05)


@pytest.mark.parametrize(
    "kwargs, error",
    [
        (dict(images=IMAGES, tapped=4), gf.InvalidArgumentError),
        (dict(images=IMAGES, tapped=-1), gf.InvalidArgumentError),
        (dict(images=[(400, 0, 10, 10)], tapped=0), gf.InvalidArgumentError),  # not visible
        (dict(images=[(0, 0, 0, 10)], tapped=0), gf.InvalidArgumentError),  # empty
        (dict(images=[(0, 0, 10, -3)], tapped=0), gf.InvalidArgumentError),  # negative
        (dict(images=IMAGES + [(0, 0, 10, 0)], tapped=0), gf.InvalidArgumentError),
        (dict(images=[(0, math.nan, 10, 10)], tapped=0), gf.InvalidArgumentError),
        (dict(images=IMAGES, tapped=1, ratio=math.nan), gf.InvalidArgumentError),
        (dict(images=IMAGES, tapped=1, duration=0), gf.InvalidArgumentError),
        (dict(images=IMAGES, tapped=1, delay=-0.1), gf.InvalidArgumentError),
        (dict(images=IMAGES, tapped=1, delay=math.nan), gf.InvalidArgumentError),
        (dict(images=IMAGES, tapped=1, delay=math.inf), gf.InvalidArgumentError),
        (dict(images=IMAGES, tapped=1, window=(math.inf, 667)), gf.InvalidArgumentError),
        (dict(images=IMAGES, tapped=1, curve="cubic-bezier(1,"), gf.ParseError),
        (dict(images=[(0, 0, 10)], tapped=0), gf.InvalidArgumentError),
        (dict(images=IMAGES, tapped="1"), TypeError),
    ],
)
def test_bad_input(kwargs, error):
    kwargs.setdefault("window", WINDOW)
    with pytest.raises(error):
        gf.ExpandTransition(**kwargs)


def test_convert_overflow_names_the_layer():
    """Issue 28: finite frames whose conversion overflows gave inf with no error."""
    scene = gf.Scene()
    scene.add_layer("big", frame=(1e308, 0, 1, 1))
    scene.add_layer("far", parent="big", frame=(1e308, 0, 1, 1))
    with pytest.raises(gf.InvalidArgumentError, match="layer 'far': its transform to the root space overflows at layer 'big'"):
        scene.convert_point((0, 0), "far", None)
    with pytest.raises(gf.InvalidArgumentError, match="overflows converted from layer 'big' to the root space"):
        scene.convert_rect((1e308, 0, 1, 1), "big", None)
    assert scene.convert_point((0, 0), "big", None) == (1e308, 0)


def test_convert_rect_through_a_rotated_parent():
    scene = gf.Scene()
    scene.add_layer("parent", frame=(10, 20, 100, 50), rotation=math.pi / 2, scale=(2, 2), translation=(5, -3))
    scene.add_layer("child", parent="parent", frame=(4, 6, 10, 10))
    # By hand (see bindings/c/tests/test_card.c): (1, 2) -> (99, -48); the child's bounds -> (83, -50, 20, 20).
    x, y = scene.convert_point((1, 2), "child", None)
    assert abs(x - 99) < 1e-9 and abs(y + 48) < 1e-9
    r = scene.convert_rect((0, 0, 10, 10), "child", None)
    assert all(abs(a - b) < 1e-9 for a, b in zip(r, (83, -50, 20, 20)))
    back = scene.convert_rect(r, None, "child")
    assert all(abs(a - b) < 1e-9 for a, b in zip(back, (0, 0, 10, 10)))
    with pytest.raises(gf.NotFoundError):
        scene.convert_rect((0, 0, 1, 1), "nope", None)
    with pytest.raises(gf.InvalidArgumentError):
        scene.convert_rect((0, 0, -1, 1), None, None)
    with pytest.raises(gf.InvalidArgumentError):
        scene.convert_rect((0, 0, 1), None, None)
    with pytest.raises(gf.InvalidArgumentError):
        scene.convert_point((math.nan, 0), None, "child")


def test_window_overflow_is_refused_naming_the_part():
    """Issue 28: a 375 x 1.8e308 window whose tapped image starts at y = 1e300 moves the down
    part to y = H with height H - 1e300, its centre past the largest double (sampled as y = inf
    with no error); refused naming the down part."""
    images = [(0, 1e300, 1e16, 1e154), (5e-324, 1e-12, 2.2250738585072014e-308, 1e308)]
    with pytest.raises(gf.InvalidArgumentError, match="down part"):
        gf.ExpandTransition(window=(375, 1.7976931348623157e308), images=images, tapped=0)
