"""The preload overlay from Python (gf.PreloadOverlay): the seed's centring, the marker and the
shadow at hand-computed times of the jump cycle, forever, the 0.375 s ease-in-out dismissal and
its removal event once per crossing, and bad input.

Hand values come from s = 1/2 on Core Animation's curves: ease-out (0, 0, 0.58, 1) reaches 1/2
at x = 3/8 * 0.58 + 1/8 = 0.3425, ease-in (0.42, 0, 1, 1) at x = 0.6575, ease-in-out at 0.5.
Between them a bisection reference of the bezier (a second algorithm; the engine uses Newton).
The engine solves x to 1e-7, so eased progress is compared within 1e-6 and motion of up to 20 points
within 2e-5.
"""

from __future__ import annotations

import math

import pytest

import ghostframe as gf
from _support import bezier, needs_numpy

POSITION_TOL = 2e-5
CURVE_TOL = 1e-6


def states(overlay: gf.PreloadOverlay, t: float):
    with overlay.scene as scene:
        return scene.sample(t)


@needs_numpy
def test_centring_follows_the_seed() -> None:
    overlay = gf.PreloadOverlay(375, 667)
    s = states(overlay, 0)
    assert len(s) == 4
    assert [s[0]["x"], s[0]["y"], s[0]["width"], s[0]["height"]] == [0, 0, 375, 667]
    # JESRefreshIcon's 32-point icon, centred at (375 / 2, (667 - 32) / 2) = (187.5, 317.5); the
    # marker the icon's (3, 0, 26, 26), the shadow its (3, 29, 26, 3).
    assert [s[1]["x"], s[1]["y"], s[1]["width"], s[1]["height"]] == [171.5, 301.5, 32, 32]
    assert [s[2]["x"], s[2]["y"], s[2]["width"], s[2]["height"]] == [174.5, 301.5, 26, 26]
    assert [s[3]["x"], s[3]["y"], s[3]["width"], s[3]["height"]] == [174.5, 330.5, 26, 3]
    other = gf.PreloadOverlay(200, 100, loading_size=(40, 20), marker_size=(6, 6), shadow_size=(6, 2),
                              jump_height=10, background_color="#336699")
    o = states(other, 0)
    assert [o[1]["x"], o[1]["y"]] == [80, 30]
    assert o[0]["r"] == pytest.approx(0x33 / 255, abs=1e-12)


@needs_numpy
def test_marker_and_shadow_follow_the_jump_forever() -> None:
    overlay = gf.PreloadOverlay(375, 667)
    # JESRefreshIcon's constants: maxOffsetY 14, jumpDuration 0.235 (ease-out), downDuration
    # 0.475 (ease-in), shadowScale 1.6. Marker frame top = 301.5 + centre - 13; centre 13 at
    # rest, -1 at the top; shadow 26 wide at rest, 26 / 1.6 at the top.
    up, down = 0.235, 0.475
    for cycle in (0, 3, 1000):
        for i in range(15):
            local = i * 0.05
            if local <= up:
                rise = bezier(0, 0, 0.58, 1, local / up)
            else:
                rise = 1 - bezier(0.42, 0, 1, 1, (local - up) / down)
            centre = 13 - 14 * rise
            width = 26 - (26 - 26 / 1.6) * rise
            s = states(overlay, cycle * (up + down) + local)
            assert s[2]["y"] == pytest.approx(301.5 + centre - 13, abs=POSITION_TOL)
            assert s[3]["width"] == pytest.approx(width, abs=POSITION_TOL)
            assert s[3]["x"] + s[3]["width"] / 2 == pytest.approx(187.5, abs=1e-9)
    assert states(overlay, up * 0.3425)[2]["y"] == pytest.approx(294.5, abs=POSITION_TOL)
    assert states(overlay, up + down * 0.6575)[3]["width"] == pytest.approx(21.125, abs=POSITION_TOL)


@needs_numpy
def test_dismissal_fades_everything_and_reports_removal_once() -> None:
    overlay = gf.PreloadOverlay(375, 667)
    assert overlay.removal_time is None
    overlay.dismiss(2)
    assert overlay.removal_time == 2.375
    assert all(s == 1 for s in states(overlay, 2)["opacity"])
    for u in (0.1, 0.25, 0.5, 0.8):
        expected = 1 - bezier(0.42, 0, 0.58, 1, u)
        for value in states(overlay, 2 + 0.375 * u)["opacity"]:
            assert value == pytest.approx(expected, abs=CURVE_TOL)
    assert states(overlay, 2.1875)["opacity"][2] == pytest.approx(0.5, abs=CURVE_TOL)
    assert all(s == 0 for s in states(overlay, 2.375)["opacity"])
    with overlay.scene as scene:
        removals = []
        for i in range(41):
            removals += [e for e in scene.advance(i * 0.125) if gf.PreloadOverlay.is_removal(e)]
        assert [e.time for e in removals] == [2.375]
        scene.advance(1.0)
        again = [e for e in scene.advance(3.0) if gf.PreloadOverlay.is_removal(e)]
        assert len(again) == 1
    with pytest.raises(gf.InvalidArgumentError):
        overlay.dismiss(3)
    assert overlay.removal_time == 2.375


@pytest.mark.parametrize("args,kwargs", [
    ((math.nan, 100), {}), ((100, 0), {}), ((-5, 100), {}), ((100, math.inf), {}),
    ((100, 100), {"loading_size": (0, 60)}), ((100, 100), {"marker_size": (30, math.nan)}),
    ((100, 100), {"jump_height": -1}), ((100, 100), {"jump_duration": 0}),
    ((100, 100), {"shadow_narrowing": 2}), ((100, 100), {"shadow_color": (0, 0, 0, 1.5)}),
])
def test_bad_input_builds_nothing(args, kwargs) -> None:
    with pytest.raises(gf.InvalidArgumentError):
        gf.PreloadOverlay(*args, **kwargs)


def test_bad_types_and_times() -> None:
    with pytest.raises(TypeError):
        gf.PreloadOverlay("wide", 100)
    with pytest.raises(TypeError):
        gf.PreloadOverlay(100, 100, loading_size="big")
    overlay = gf.PreloadOverlay(100, 100)
    with pytest.raises(gf.InvalidArgumentError):
        overlay.dismiss(math.nan)
    assert overlay.removal_time is None
    overlay.close()
    with pytest.raises(gf.InvalidArgumentError):
        overlay.scene


def test_overflowing_geometry_is_refused_naming_it() -> None:
    """Issue 28: a loading view 1.8e308 points tall with a jump as high puts the marker's top at
    -inf; refused naming the marker. A rise and fall whose sum overflows names them."""
    big = 1.7976931348623157e308
    with pytest.raises(gf.InvalidArgumentError, match="marker"):
        gf.PreloadOverlay(big, big, loading_size=(32, big), jump_height=big)
    with pytest.raises(gf.InvalidArgumentError, match="down duration"):
        gf.PreloadOverlay(100, 100, jump_duration=big, down_duration=big)
