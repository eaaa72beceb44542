"""docs/differences.md states numbers for Ghostframe's rule and the original's; each is checked here.

Ghostframe's side runs through the library (the C ABI, by ctypes). The originals' side is computed
in this file from the originals' own formulas (AXSpringAnimation's settlingDuration, TABAnimated's
line count and post-order walk), never from Ghostframe's code. Every bold number of the page must
be one this file checks, so a number added to the page without a test fails here.
"""

from __future__ import annotations

import json
import math
import os
import re

import pytest

import ghostframe as gf

from _support import find_repository


def _page() -> str:
    repo = find_repository()
    path = os.path.join(repo, "docs", "differences.md") if repo else None
    if not path or not os.path.isfile(path):
        pytest.skip("docs/differences.md not found (tests run outside the repository)")
    return open(path, encoding="utf-8").read()


# Every bold text with a digit that the page may hold, each checked by a test below.
CHECKED_BOLD = {
    "1.2702 s", "1.4732 s",             # test_spring_settling_times
    "0, 0, 0 s",                        # test_view_shorthand_runs_together
    "−0.0994", "−0.0935",               # test_chain_curve_names_are_ax_beziers
    "0, 0.2, 0.4", "0.6",               # test_stagger_applies_to_the_next_instance
    "0", "1",                           # test_bones_in_document_order
    "5", "3",                           # test_lines_zero_fills_the_label
    "1.5 s", "1.0 s",                   # test_effect_duration_defaults
    "60, 50", "10, 0",                  # test_frame_shorthands_move_by_the_value_given
    "80", "40", "0, 0", "50, 50",       # test_frame_shorthands_move_by_the_value_given
    "3 s",                              # test_max_animation_duration_stops_after_whole_sweeps
}


def test_every_bold_number_of_the_page_is_checked() -> None:
    bold = {b for b in re.findall(r"\*\*([^*]+)\*\*", _page()) if re.fullmatch(r"[\d., ]+( s)?", b)}
    assert bold, "the page states no numbers in bold"
    unchecked = bold - CHECKED_BOLD
    assert not unchecked, f"docs/differences.md states {sorted(unchecked)} with no test in this file"


def _spring_error(t: float, beta: float, omega_d: float) -> float:
    """x(t) − 1 of an underdamped unit step from rest (closed form)."""
    return -math.exp(-beta * t) * (math.cos(omega_d * t) + beta / omega_d * math.sin(omega_d * t))


def _exact_settling(mass: float, stiffness: float, damping: float, eps: float = 1e-3) -> float:
    """The last time |x(t) − 1| = eps: a 1e-4 s scan up to the envelope bound, then bisection."""
    beta = damping / (2 * mass)
    omega_d = math.sqrt(stiffness / mass - beta * beta)
    amplitude = math.sqrt(1 + (beta / omega_d) ** 2)
    bound = math.log(amplitude / eps) / beta  # |e(t)| < eps for every t past it
    step = 1e-4
    t = bound
    while abs(_spring_error(t, beta, omega_d)) < eps:
        t -= step
    lo, hi = t, t + step  # |e(lo)| >= eps > |e(hi)|
    for _ in range(60):
        mid = (lo + hi) / 2
        if abs(_spring_error(mid, beta, omega_d)) >= eps:
            lo = mid
        else:
            hi = mid
    return hi


def _ax_settling_estimate(mass: float, stiffness: float, damping: float) -> float:
    """AXSpringAnimation.settlingDuration (AXAnimationChain/Classes/CoreAnimation/AXSpringAnimation.m)."""
    beta = damping / (2 * mass)
    omega0 = math.sqrt(stiffness / mass)
    return (-math.log(0.001) - math.log(0.0004)) / 2 / min(beta, omega0)


def test_spring_settling_times() -> None:
    page = _page()
    engine = gf.Spring(mass=1, stiffness=100, damping=10).settling_duration()
    reference = _exact_settling(1, 100, 10)
    # The engine against the closed form: the bisection brackets the crossing to 1e-4 / 2^60.
    assert abs(engine - reference) < 1e-9, (engine, reference)
    # The page rounds to 4 decimals: within 5e-5 of the value.
    assert "**1.2702 s**" in page and abs(reference - 1.2702) < 5e-5
    assert "**1.4732 s**" in page and abs(_ax_settling_estimate(1, 100, 10) - 1.4732) < 5e-5


def test_view_shorthand_runs_together() -> None:
    """AXAnimationChain's rule (UIView+AnimationChain.m): every shorthand is combined with the top
    animator at the `after` time, 0 here, so all three begin at 0 and end when the spring settles."""
    page = _page()
    assert "**0, 0, 0 s**" in page
    view = gf.ViewAnimationChain("card").spring.center_by(0, 100).ease_out.spring.size_by(100, 100)
    view = view.spring.corner_radius_by(4)  # a value: each step returns a new one
    entries = view.schedule()
    settle = _exact_settling(1, 100, 10)
    assert [e.begin for e in entries] == [0.0, 0.0, 0.0]
    assert all(abs(e.end - settle) < 1e-9 for e in entries)
    # The old begins the page names: one after another, each after the previous one settles.
    assert "0, 1.270 and 2.540 s" in page
    assert [f"{b:.3f}" for b in (0.0, settle, 2 * settle)] == ["0.000", "1.270", "2.540"]


def test_chain_curve_names_are_ax_beziers() -> None:
    """A chain link's ease_in_back is AXAnimationChain's bezier; the spec "easeInBack" Penner's.
    Tolerance 5e-5 (the page rounds to 4 decimals; the engine solves the bezier to 1e-7 in x)."""
    page = _page()
    assert "**−0.0994**" in page and "**−0.0935**" in page
    scene = gf.Scene()
    scene.add_layer("card", frame=(0, 0, 100, 100))
    gf.Chain("card").basic.center_to(150, 50).duration(1).ease_in_back.apply(scene)
    state = scene.sample(0.4)[0]
    ax = float(state["x"] if hasattr(state, "dtype") else state.x) / 100
    s = 1.70158
    penner = 0.4 * 0.4 * ((s + 1) * 0.4 - s)  # Penner's equation, p^2((s + 1)p - s)
    assert abs(gf.Curve("easeInBack")(0.4) - penner) < 1e-12
    assert abs(penner - -0.0994) < 5e-5 and abs(ax - -0.0935) < 5e-5, (penner, ax)


def test_stagger_applies_to_the_next_instance() -> None:
    page = _page()
    assert "**0, 0.2, 0.4**" in page and "**0.6**" in page
    timeline = gf.Timeline.from_json({
        "definitions": {"spin": {"changes": {"opacity": -0.5}}, "fade": {"changes": {"opacity": 0.5}}},
        "timeline": {"sequence": [
            {"stagger": 0.2},
            {"anim": "spin", "layers": ["v0", "v1", "v2"], "duration": 0.2},
            {"anim": "fade", "layers": ["v0", "v1", "v2"], "duration": 0.2},
        ]},
    })
    begins = {(e.name, e.layer): e.begin for e in timeline.schedule()}
    # By hand: spin's layer i begins at 0.2·i and ends 0.2 later; the instance ends at 0.6.
    for i in range(3):
        assert abs(begins[("spin", f"v{i}")] - 0.2 * i) < 1e-12
        assert abs(begins[("fade", f"v{i}")] - 0.6) < 1e-12


def test_a_leading_negative_delay_is_an_error() -> None:
    with pytest.raises(gf.GhostframeError, match="before 0"):
        gf.Timeline.from_json({
            "definitions": {"spin": {"changes": {"opacity": -0.5}}},
            "timeline": {"sequence": [{"delay": -0.2}, {"anim": "spin", "layers": ["v0"], "duration": 0.2}]},
        })


def _post_order(node: dict) -> list:
    """TABAnimated's walk (_recurseProductLayerWithView): each subview's descendants, then the subview."""
    out = []
    for child in node.get("children", []):
        out += _post_order(child)
        out.append(child["id"])
    return out


def test_bones_in_document_order() -> None:
    page = _page()
    assert "bone **0** and the image bone **1**" in page
    label = {"id": "label", "type": "label", "frame": [10, 200, 100, 20],
             "children": [{"id": "image", "type": "image", "frame": [0, 0, 10, 10]}]}
    root = {"frame": [0, 0, 375, 667], "children": [label]}
    assert _post_order(root) == ["image", "label"]  # TABAnimated: the image 0, the label 1
    skeleton = gf.skeleton({"viewport": [375, 667], "root": root})
    states = skeleton.sample(0.0)
    bone0, bone1 = states[skeleton.layer("bone:0")], states[skeleton.layer("bone:1")]
    # The label's bar is 0.75 of its height; the image keeps its frame (in the label's coordinates).
    assert (bone0["x"], bone0["y"], bone0["width"], bone0["height"]) == (10, 200, 100, 15)
    assert (bone1["x"], bone1["y"], bone1["width"], bone1["height"]) == (10, 200, 10, 10)


def test_lines_zero_fills_the_label() -> None:
    page = _page()
    assert "Ghostframe draws **5** lines" in page and "TABAnimated **3** (75 / 20)" in page
    height, line_height, spacing = 100, 12, 8
    # TABAnimated (-_addLinesLayer): (NSInteger)(reduced h / (textHeight + space)), 3 for 0 or 1.
    tab = int(height * 0.75 / (line_height + spacing))
    tab = 3 if tab in (0, 1) else tab
    assert tab == 3
    expected = math.floor((height + spacing) / (line_height + spacing))
    assert expected == 5
    skeleton = gf.skeleton({"viewport": [375, 667], "root": {"frame": [0, 0, 375, 667], "children": [
        {"type": "label", "frame": [10, 20, 200, height], "lines": 0}]}})
    states = skeleton.sample(0.0)
    lines = [states[skeleton.layer(f"bone:0:line:{k}")] for k in range(expected)]
    with pytest.raises(gf.GhostframeError):
        skeleton.layer(f"bone:0:line:{expected}")
    assert [line["y"] for line in lines] == [20 + k * (line_height + spacing) for k in range(expected)]
    assert lines[-1]["y"] + lines[-1]["height"] - 20 == 92  # the page: they end at y + 92


def _durations(scene: gf.Scene, key_prefix: str) -> set:
    """The timing durations of the scene's animations (and their parents) on keys with this prefix."""
    found = set()

    def walk(node, parent_duration=None):
        if isinstance(node, dict):
            duration = node.get("timing", {}).get("duration", parent_duration) if isinstance(node.get("timing"), dict) else parent_duration
            if str(node.get("keyPath", "")).startswith(key_prefix):
                found.add(parent_duration if parent_duration is not None else duration)
            for value in node.values():
                walk(value, duration)
        elif isinstance(node, list):
            for value in node:
                walk(value, parent_duration)

    walk(json.loads(scene.to_json())["animations"])
    return found


def test_effect_duration_defaults() -> None:
    page = _page()
    assert "`shimmerDuration` **1.5 s**" in page and "`lengthDuration` **1.0 s**" in page
    tree = {"viewport": [375, 667], "style": {"animation": "shimmer"}, "adjust": ["animation(0).toLongAnimation()"],
            "root": {"frame": [0, 0, 375, 667], "children": [{"type": "label", "frame": [10, 200, 100, 20]}]}}
    skeleton = gf.skeleton(tree)
    assert _durations(skeleton, "gradient.") == {1.5}  # one sweep: the shimmer group's duration
    assert _durations(skeleton, "transform.scale.x") == {1.0}  # one leg of the long bar


def test_max_animation_duration_stops_after_whole_sweeps() -> None:
    # The rule's number: floor(4 / 1.5) whole sweeps of 1.5 s end at 3 s.
    assert "**3 s** on" in _page()
    stop = math.floor(4 / 1.5) * 1.5
    assert stop == 3.0
    tree = {"viewport": [375, 667], "style": {"animation": "shimmer", "maxAnimationDuration": 4},
            "root": {"frame": [0, 0, 375, 667], "children": [{"type": "label", "frame": [10, 200, 100, 20]}]}}
    scene = gf.skeleton(tree)
    bone = scene.layer("bone:0")

    def start_x(t: float) -> float:
        state = scene.sample(t)[bone]
        return float(state["gradient_start_x"] if hasattr(state, "dtype") else state.gradient_start_x)

    assert start_x(stop - 0.01) > 0.9          # the second sweep is nearly done
    assert [start_x(t) for t in (stop, stop + 0.5, 3.99, 4.5, 60.0)] == [-1.0] * 5  # still: the model band


def _ax_position_from_origin(origin, anchor, size):
    """AXAnimationChain's `_positionFromOrigin:` (UIView+AnimationChain.m)."""
    return (origin[0] + anchor[0] * size[0], origin[1] + anchor[1] * size[1])


def _frame_after(build, frame) -> tuple:
    """The layer's frame at the end of a linear 1 s shorthand, through the library."""
    scene = gf.Scene()
    scene.add_layer("v", frame=frame)
    build(gf.ViewAnimationChain("v")).linear.duration(1).apply(scene)
    end = scene.sample(0.999999)[0]
    return tuple(round(float(end[k] if hasattr(end, "dtype") else getattr(end, k)), 3)
                 for k in ("x", "y", "width", "height"))


def test_frame_shorthands_move_by_the_value_given() -> None:
    """The originals' numbers from their own arithmetic; Ghostframe's through the library
    (sampled 1e-6 s before the end of a linear second: within 1e-3 points of the end)."""
    page = _page()
    # originBy(10, 0) on 100 x 100, anchor at the centre: AX's position change.
    assert _ax_position_from_origin((10, 0), (0.5, 0.5), (100, 100)) == (60, 50)
    assert "**60, 50**" in page and "**10, 0**" in page
    assert _frame_after(lambda v: v.origin_by(10, 0), (0, 0, 100, 100)) == (10, 0, 100, 100)
    # widthBy(20) on 100 x 40: AX's bounds.size change (20, 40) doubles the height.
    ax_height = 40 + 40
    assert "**80**" in page and "**40**" in page and ax_height == 80
    assert _frame_after(lambda v: v.width_by(20), (0, 0, 100, 40))[2:] == (120, 40)
    # frameTo(50, 50, 200, 200) on 100 x 100 at the origin: AX's position from the old size,
    # then a 200 x 200 size about the centre.
    px, py = _ax_position_from_origin((50, 50), (0.5, 0.5), (100, 100))
    assert (px - 0.5 * 200, py - 0.5 * 200) == (0, 0)
    assert "**0, 0**" in page and "**50, 50**" in page
    assert _frame_after(lambda v: v.frame_to(50, 50, 200, 200), (0, 0, 100, 100)) == (50, 50, 200, 200)
