"""Chains from Python (gf.Chain, gf.ViewAnimationChain): the seed's one-liner (AXAnimationChain's
view shorthand: all together from the `after` time) and three springs placed next-to against the
spring's closed form, next against combine, repeats, completions once per crossing both ways, and mistakes.

The settling time reference is found here by a second algorithm (a backwards scan of the
closed form, then bisection), independent of the engine's extrema-based solver.
"""

from __future__ import annotations

import copy
import inspect
import math
import pickle
from fractions import Fraction
from typing import Any, Callable, List, Tuple

import pytest

import ghostframe as gf
from _support import bezier


def spring_x(t: float) -> float:
    """The default spring (m 1, k 100, c 10): 1 - e^(-5t)(cos wd t + (5/wd) sin wd t)."""
    if t <= 0:
        return 0.0
    wd = math.sqrt(75.0)
    return 1 - math.exp(-5 * t) * (math.cos(wd * t) + 5 / wd * math.sin(wd * t))


def settling() -> float:
    t = 5.0
    while abs(spring_x(t) - 1) < 1e-3:
        t -= 1e-4
    low, high = t, t + 1e-4
    while high - low > 1e-14:
        middle = (low + high) / 2
        if abs(spring_x(middle) - 1) >= 1e-3:
            low = middle
        else:
            high = middle
    return high


def ease_out(x: float) -> float:
    """cubic-bezier(0, 0, 0.58, 1), solved by bisection."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    low, high = 0.0, 1.0
    for _ in range(200):
        m = (low + high) / 2
        if 3 * 0.58 * m * m * (1 - m) + m ** 3 < x:
            low = m
        else:
            high = m
    s = (low + high) / 2
    return 3 * s * s * (1 - s) + s ** 3


def field(state, name: str) -> float:
    return float(state[name] if hasattr(state, "dtype") else getattr(state, name))


def card_scene() -> gf.Scene:
    scene = gf.Scene()
    scene.add_layer("card", frame=(0, 0, 100, 100))
    return scene


def expect_card(state, move: float, grow: float, round_: float) -> None:
    """The 100 x 100 card at the origin, its centre moved down 100 x move, grown by 100 x grow,
    its corners rounded by 4 x round_; 2e-4 points on the warped spring's y, 1e-5 elsewhere."""
    side = 100 + 100 * grow
    assert field(state, "width") == pytest.approx(side, abs=1e-5)
    assert field(state, "y") == pytest.approx(50 + 100 * move - side / 2, abs=2e-4)
    assert field(state, "corner_radius") == pytest.approx(4 * round_, abs=1e-5)


def one_liner() -> gf.ViewAnimationChain:
    return (gf.ViewAnimationChain("card")
            .spring.center_by(0, 100).ease_out.spring.size_by(100, 100).spring.corner_radius_by(4))


def test_one_liner_runs_its_three_springs_together() -> None:
    """AXAnimationChain's rule: every shorthand combined with the top animator at after = 0."""
    T = settling()
    entries = one_liner().schedule()
    assert [(e.name, e.begin) for e in entries] == [("bounds.size", 0), ("cornerRadius", 0), ("position", 0)]
    assert all(e.end == pytest.approx(T, abs=1e-9) for e in entries)
    assert one_liner().chain.duration == pytest.approx(T, abs=1e-9)


def test_one_liner_samples_the_closed_form_together() -> None:
    """Tolerances as below: 2e-4 points on the warped spring, 1e-5 elsewhere."""
    T = settling()
    scene = card_scene()
    one_liner().apply(scene)
    for step in range(61):
        t = step * (T + 0.2) / 60
        move = 1 if t >= T else spring_x(T * ease_out(t / T))
        grow = 1 if t >= T else spring_x(t)
        expect_card(scene.sample(t)[0], move, grow, grow)


def test_after_accumulates_and_is_held_at_zero() -> None:
    """Begins by hand from AX's `after`: after = max(after + t, 0), for the shorthands after it."""
    view = (gf.ViewAnimationChain("card")
            .center_by(10, 0).duration(1).named("a")              # 0 -> [0, 1]
            .after(0.5).size_by(5, 5).duration(2).named("b")      # 0.5 -> [0.5, 2.5]
            .after(0.25).opacity_to(0.5).named("c")               # 0.75, CA's 0.25 s -> [0.75, 1.0]
            .after(-2).corner_radius_by(3).duration(1).named("d"))  # max(-1.25, 0) = 0 -> [0, 1]
    assert [(e.name, e.begin, e.end) for e in view.schedule()] == [
        ("a", 0, 1), ("d", 0, 1), ("b", 0.5, 2.5), ("c", 0.75, 1.0)]


def test_spring_and_basic_choose_the_next_shorthand_only() -> None:
    view = gf.ViewAnimationChain("card").spring.center_by(0, 10).opacity_to(0).duration(0.5)
    # The spring lasts its settling time; the basic one CA's given 0.5 s: both from 0.
    assert [(e.name, e.begin, round(e.end, 6)) for e in view.schedule()] == [
        ("opacity", 0, 0.5), ("position", 0, round(settling(), 6))]


def test_view_shorthand_mistakes() -> None:
    with pytest.raises(gf.GhostframeError, match="finite"):
        gf.ViewAnimationChain("card").after(float("nan"))
    with pytest.raises(gf.GhostframeError, match="duration needs a shorthand"):
        gf.ViewAnimationChain("card").duration(1)  # a method: at once
    # A property only reads (hasattr, debuggers): the mistake is kept and raised when used.
    early = gf.ViewAnimationChain("card").ease_out.center_by(0, 10)
    assert len(early) == 1
    with pytest.raises(gf.InvalidArgumentError, match="ease_out needs a shorthand"):
        early.schedule()
    scene = card_scene()
    with pytest.raises(gf.InvalidArgumentError, match="ease_out needs a shorthand"):
        early.apply(scene)
    assert scene.advance(10) == []  # nothing was added


def next_to_springs() -> gf.ChainLink:
    """The chain-animator vocabulary keeps its meaning: `.spring` after a link is next_to_spring."""
    return gf.Chain("card").spring.center_by(0, 100).ease_out.spring.size_by(100, 100).spring.corner_radius_by(4)


def test_next_to_springs_schedule_is_the_settling_durations_summed() -> None:
    T = settling()
    entries = next_to_springs().schedule()
    assert [(e.name, e.layer) for e in entries] == [
        ("position", "card"), ("bounds.size", "card"), ("cornerRadius", "card")]
    for entry, (begin, end) in zip(entries, [(0, T), (T, 2 * T), (2 * T, 3 * T)]):
        assert entry.begin == pytest.approx(begin, abs=1e-9)
        assert entry.end == pytest.approx(end, abs=1e-9)
    assert next_to_springs().chain.duration == pytest.approx(3 * T, abs=1e-9)


def test_next_to_springs_sample_the_closed_form() -> None:
    """Tolerances as the Swift and C suites': 2e-4 points where the engine's bezier tolerance
    (1e-7 in x) reaches the warped spring, 1e-5 elsewhere."""
    T = settling()
    scene = card_scene()
    next_to_springs().apply(scene)
    for step in range(61):
        t = step * (3 * T + 0.2) / 60
        move = 1 if t >= T else spring_x(T * ease_out(t / T))
        grow = 0 if t <= T else (1 if t >= 2 * T else spring_x(t - T))
        round_ = 0 if t <= 2 * T else (1 if t >= 3 * T else spring_x(t - 2 * T))
        expect_card(scene.sample(t)[0], move, grow, round_)


# AXAnimationChain's control points (CAMediaTimingFunction+Extends.m), as data.
AX_BEZIERS = {
    "ease_in_sine": (0.47, 0, 0.745, 0.715), "ease_out_back": (0.175, 0.885, 0.32, 1.275),
    "ease_in_back": (0.6, -0.28, 0.735, 0.045), "ease_in_out_expo": (1, 0, 0, 1),
    "ease_in_out_back": (0.68, -0.55, 0.265, 1.55), "ease_out_quint": (0.23, 1, 0.32, 1),
}


def moved(curve: str, progress: float, spec: bool = False) -> float:
    """The x of a 100-point card moved by 100 over 1 s with the link curve ``curve`` (a name, or a spec)."""
    scene = card_scene()
    link = gf.Chain("card").basic.center_to(150, 50).duration(1)
    link = link.timing(curve) if spec else getattr(link, curve)
    link.apply(scene)
    return field(scene.sample(progress)[0], "x")


def test_curve_names_are_ax_beziers() -> None:
    """Tolerance 1e-3 points (1e-5 in progress): the engine solves to 1e-7 in x, slopes here < 100."""
    for name, points in AX_BEZIERS.items():
        for progress in (0.1, 0.25, 0.4, 0.6, 0.75, 0.9):
            assert moved(name, progress) == pytest.approx(100 * bezier(*points, progress), abs=1e-3), (name, progress)


def test_penner_by_spec_and_elastic_bounce_stay_penner() -> None:
    s = 1.70158
    for progress in (0.25, 0.4, 0.6):
        penner = moved("easeInBack", progress, spec=True)
        assert penner == pytest.approx(100 * progress * progress * ((s + 1) * progress - s), abs=1e-9)
        assert abs(moved("ease_in_back", progress) - penner) > 0.1
    x = 0.5 - 1.5 / 2.75  # Penner's easeOutBounce at 0.5
    assert moved("ease_out_bounce", 0.5) == pytest.approx(100 * (7.5625 * x * x + 0.75), abs=1e-9)


def test_bounds_is_a_rect_key_path() -> None:
    """The seed's property(@"bounds") with a rect: the size changes about the centre; by hand, 1e-12."""
    scene = card_scene()
    gf.Chain("card").basic.property("bounds").to_value(0, 0, 200, 200).linear.duration(1).apply(scene)
    state = scene.sample(0.5)[0]
    assert field(state, "width") == pytest.approx(150, abs=1e-12)
    assert field(state, "x") == pytest.approx(-25, abs=1e-12)


def test_bounds_origin_is_refused_with_its_reason() -> None:
    """A bounds value with a non-zero origin is refused when applied; the scene is unchanged."""
    scene = card_scene()
    before = scene.sample(0.5)[0]
    with pytest.raises(gf.GhostframeError, match=r"bounds origin must be \(0, 0\)"):
        gf.ViewAnimationChain("card").bounds_to(5, 0, 200, 200).apply(scene)
    assert field(scene.sample(0.5)[0], "x") == field(before, "x")


# Halfway through a linear 1 s shorthand on a 100 x 40 layer at (10, 20), anchor at its centre:
# each frame worked by hand from UIKit's frame and Core Animation's bounds rules. 1e-12 points.
FRAME_SHORTHANDS = [
    (lambda v: v.origin_to(50, 60), (30, 40, 100, 40)),
    (lambda v: v.origin_x_to(50), (30, 20, 100, 40)),
    (lambda v: v.origin_y_by(10), (10, 25, 100, 40)),
    (lambda v: v.origin_by(10, -10), (15, 15, 100, 40)),
    (lambda v: v.frame_to(50, 60, 200, 80), (30, 40, 150, 60)),
    (lambda v: v.frame_by(10, 0, 100, 0), (15, 20, 150, 40)),
    (lambda v: v.bounds_to(0, 0, 200, 80), (-15, 10, 150, 60)),
    (lambda v: v.center_x_to(160), (60, 20, 100, 40)),
    (lambda v: v.center_y_by(10), (10, 25, 100, 40)),
    (lambda v: v.width_to(200), (-15, 20, 150, 40)),
    (lambda v: v.height_by(40), (10, 10, 100, 60)),
    (lambda v: v.anchor_to(0, 0), (35, 30, 100, 40)),
]


@pytest.mark.parametrize("build,want", FRAME_SHORTHANDS)
def test_frame_shorthands_follow_the_frame_rules(build, want) -> None:
    scene = gf.Scene()
    scene.add_layer("card", frame=(10, 20, 100, 40))
    build(gf.ViewAnimationChain("card")).linear.duration(1).apply(scene)
    state = scene.sample(0.5)[0]
    got = tuple(field(state, k) for k in ("x", "y", "width", "height"))
    assert got == pytest.approx(want, abs=1e-12)


def test_next_and_combine() -> None:
    chain = (gf.Chain("v").basic.opacity_to(0.5).duration(1)
             .combine_basic.center_by(10, 0).duration(2).begin_time(0.5).named("slide")
             .next_to_basic.corner_radius_by(3).duration(0.5).repeat_count(2).autoreverses
             .combine_basic.opacity_to(1)).chain
    got = [(e.name, e.begin, e.end) for e in chain.schedule()]
    assert got == [("opacity", 0, 1), ("slide", 0.5, 2.5), ("cornerRadius", 2.5, 4.5), ("opacity", 2.5, 2.75)]
    assert chain.duration == 4.5


def test_any_link_may_be_continued() -> None:
    """combine joins the link's stage, next the stage after it, the chain a new last stage (the
    same rules as the Swift API's, sent to the library as anchors). ``chain[i]`` is the link i of
    the latest chain value, to place a new link by an earlier one."""
    a = gf.Chain("v").basic.opacity_to(0).duration(1).named("a")
    b = a.next_to_basic.corner_radius_to(1).duration(2).named("b")
    c = b.chain[a.index].combine_basic.corner_radius_by(1).duration(1.5).named("c")
    d = c.chain[0].next_to_basic.opacity_to(1).duration(0.5).named("d")
    chain = d.chain.basic.opacity_to(0.5).duration(1).named("e").chain
    got = [(e.name, e.begin, e.end) for e in chain.schedule()]
    assert got == [("a", 0, 1), ("c", 0, 1.5), ("b", 1.5, 3.5), ("d", 1.5, 2), ("e", 3.5, 4.5)]
    assert [link.index for link in chain] == [0, 1, 2, 3, 4] and chain[-1].index == 4
    # Each step left the values it was built from as they were.
    assert [len(x.chain) for x in (a, b, c, d)] == [1, 2, 3, 4]
    assert [e.name for e in b.schedule()] == ["a", "b"]
    with pytest.raises(IndexError):
        chain[5]


def test_completions_once_per_crossing_both_ways() -> None:
    log: List[str] = []

    def note(c: gf.ChainCompletion) -> None:
        log.append(f"{c.name}{'<' if c.reversed else '>'}{c.time:g}")

    chain = (gf.Chain("card").basic.opacity_to(0).duration(1).named("a").completion(note)
             .combine_basic.corner_radius_by(2).duration(1.5).named("b").completion(note)
             .next_to_basic.center_by(5, 5).duration(1).named("c").completion(note)).chain
    scene = card_scene()
    chain.apply(scene)
    events = chain.advance(scene, 1.2)
    assert [e.kind for e in events] == ["started", "started", "ended"]
    assert log == ["a>1"]
    chain.advance(scene, 1.2)
    assert log == ["a>1"]
    chain.advance(scene, 9)
    assert log == ["a>1", "b>1.5", "c>2.5"]
    chain.advance(scene, 0.1)
    assert log[3:] == ["c<2.5", "b<1.5", "a<1"]
    seen: List[str] = []
    chain.advance(scene, 3, callback=lambda e: seen.append(e.kind))
    assert log[6:] == ["a>1", "b>1.5", "c>2.5"]
    assert seen == ["ended", "ended", "started", "ended"]  # the host sees every event too (a, b end; c runs 1.5 to 2.5)


def test_callbacks_raise_after_the_call_and_may_not_reenter() -> None:
    scene = card_scene()

    def boom(_c: gf.ChainCompletion) -> None:
        raise KeyError("boom")

    chain = gf.Chain("card").basic.opacity_to(0).duration(1).completion(boom)
    chain.apply(scene)
    with pytest.raises(KeyError):
        chain.advance(scene, 2)
    assert scene.advance(3) == []  # the clock moved to 2 anyway

    other = card_scene()
    reentering = gf.Chain("card").basic.opacity_to(0).duration(1).completion(lambda _c: reentering.schedule())
    reentering.apply(other)
    with pytest.raises(gf.MisuseError):
        reentering.advance(other, 2)
    third = card_scene()
    touching_scene = gf.Chain("card").basic.opacity_to(0).duration(1).completion(lambda _c: third.sample(0))
    touching_scene.apply(third)
    with pytest.raises(RuntimeError):
        touching_scene.advance(third, 2)


def test_mistakes_surface_with_the_library_message_and_change_nothing() -> None:
    with pytest.raises(gf.NotFoundError, match="opacityy"):
        gf.Chain("card").basic.key_path("opacityy")  # at once (test_a_bad_key_path_...)
    with pytest.raises(gf.InvalidArgumentError):
        gf.Chain("card").basic.key_path("position").by_value(1)
    with pytest.raises(gf.InvalidArgumentError, match="takes 2 value"):
        gf.Chain("card").basic.by_value(1).key_path("position").schedule()  # the library's check
    with pytest.raises(gf.InvalidArgumentError):
        gf.Chain("card").basic.opacity_to(1).duration(-1).schedule()
    with pytest.raises(gf.InvalidArgumentError):
        gf.Chain("card").basic.opacity_to(1).duration(math.nan).schedule()
    with pytest.raises(gf.ParseError):
        gf.Chain("card").basic.opacity_to(1).timing("ease-outt").schedule()
    with pytest.raises(TypeError):
        gf.Chain("card").basic.opacity_to("x")
    with pytest.raises(TypeError):
        gf.Chain("card").basic.opacity_to(1).apply("not a scene")
    # An empty layer id, as timelines refuse one (issue 28 point 10: it was accepted).
    with pytest.raises(gf.InvalidArgumentError, match="layer id must not be empty"):
        gf.Chain("").basic.opacity_to(1).schedule()
    with pytest.raises(gf.InvalidArgumentError, match="layer id must not be empty"):
        gf.Chain("").basic.opacity_to(1).apply(card_scene(), layer="card")

    scene = card_scene()
    before = scene.sample(0.5)
    link = gf.Chain("nobody").basic.opacity_to(0)
    with pytest.raises(gf.NotFoundError):
        link.apply(scene)
    assert field(scene.sample(0.5)[0], "opacity") == field(before[0], "opacity") == 1
    assert len(scene.advance(10)) == 0  # nothing was added
    link.apply(scene, layer="card")
    # An applied value stays a value: building from it makes a new chain, the scene unchanged.
    longer = link.duration(2)
    assert [e.end for e in longer.schedule()] == [2.0] and [e.end for e in link.schedule()] == [0.25]
    assert field(scene.sample(1.0)[0], "opacity") == 0  # the 0.25 s fade, not a 2 s one


def test_links_that_end_past_the_largest_float_are_refused() -> None:
    """Issue 28: two 1e308 stages, or 1e308 repeats of 1e308 s, gave a duration of inf."""
    with pytest.raises(gf.InvalidArgumentError, match="chain link 1.*largest duration"):
        gf.Chain("card").basic.opacity_to(1).duration(1e308).basic.opacity_to(0).duration(1e308).schedule()
    with pytest.raises(gf.InvalidArgumentError, match="chain link 1.*largest duration"):
        gf.Chain("card").basic.opacity_to(1).basic.opacity_to(0).duration(1e308).repeat_count(1e308).schedule()
    assert gf.Chain("card").basic.opacity_to(1).duration(1e308).schedule()[0].end == 1e308


def test_the_property_spelling_and_keyframes_and_transitions() -> None:
    scene = card_scene()
    scene.add_layer("old", frame=(0, 0, 100, 100))
    chain = (gf.Chain("card").keyframe.property("opacity").values([1, 0, 1]).key_times([0, 0.2, 1]).linear.duration(1)
             .next_to_transition.type("push").subtype("fromLeft").from_layer("old").duration(0.5)).chain
    assert [(e.name, e.begin, e.end) for e in chain.schedule()] == [("opacity", 0, 1), ("transition", 1, 1.5)]
    chain.apply(scene)
    # Keyframes (linear timing): 0 at 0.2 s, back to 0.5 at 0.6 s.
    assert field(scene.sample(0.2)[0], "opacity") == pytest.approx(0, abs=1e-12)
    assert field(scene.sample(0.6)[0], "opacity") == pytest.approx(0.5, abs=1e-12)


# -- the builder is immutable (issue 30, point 1) -------------------------------------------


def _whole(value: Any) -> gf.Chain:
    return value if isinstance(value, gf.Chain) else value.chain


BUILDERS: List[Callable[[], Any]] = [
    lambda: gf.Chain("card"),
    lambda: gf.Chain("card").spring.center_by(0, 100).ease_out.combine_basic.opacity_to(0.5).chain,
    lambda: gf.Chain("card").basic.opacity_to(0).duration(1).next_to_spring.size_by(10, 10),
    lambda: gf.Chain("card").basic.opacity_to(0).duration(1).next_to_basic.corner_radius_by(2).chain[0],
    lambda: gf.ViewAnimationChain("card"),
    lambda: gf.ViewAnimationChain("card").spring.center_by(0, 100).ease_out.after(0.5).size_by(10, 10),
]


@pytest.mark.parametrize("build", BUILDERS)
def test_reading_any_attribute_changes_nothing_and_raises_nothing(build) -> None:
    """hasattr / getattr on every name and inspect.getmembers (as debuggers and IDE variable panes
    read an object) leave the value equal to a twin built the same way: same length, same
    schedule, and the next step builds what it would have built before the reads."""
    value, twin = build(), build()
    chain = _whole(value)
    length, schedule = len(chain), chain.schedule()
    for name in dir(value):
        assert hasattr(value, name)
        getattr(value, name)
    members = dict(inspect.getmembers(value))
    assert "spring" in members and "basic" in members
    if isinstance(value, gf.Chain):  # a chain the library accepts has its duration
        assert members["duration"] == max((e.end for e in schedule), default=0.0)
    assert value == twin and hash(value) == hash(twin)
    assert len(_whole(value)) == length and _whole(value).schedule() == schedule
    # `spring` was read above: on the view shorthand it must not have chosen the next kind.
    if isinstance(value, gf.ViewAnimationChain):
        after = value.opacity_to(0).schedule()
        assert after == twin.opacity_to(0).schedule()
        opacity = [e for e in after if e.name == "opacity"]
        assert len(opacity) == 1 and opacity[0].end - opacity[0].begin == pytest.approx(0.25)  # basic, not a spring


def _gone_curve_link() -> Any:
    """A chain whose link names a host curve unregistered after the link was given it (checked
    then; the library refuses it when the chain is sent)."""
    gf.register_curve("test.gone", lambda x: x)
    try:
        return gf.Chain("card").basic.opacity_to(0).timing("test.gone").chain
    finally:
        gf.unregister_curve("test.gone")


#: Values whose chain the library refuses, each with the error its schedule() raises: every link
#: kept, so a debugger may show them while they are being built.
INVALID: List[Tuple[Callable[[], Any], type]] = [
    (lambda: gf.Chain("card").basic.chain, gf.InvalidArgumentError),  # a basic link without a key path
    (lambda: gf.Chain("card").basic, gf.InvalidArgumentError),  # the link itself
    (lambda: gf.Chain("card").basic.opacity_to(0).next_to_spring.chain[0], gf.InvalidArgumentError),
    (lambda: gf.Chain(""), gf.InvalidArgumentError),  # an empty layer id
    (lambda: gf.ViewAnimationChain("card").ease_out, gf.InvalidArgumentError),  # a curve before a shorthand
    (lambda: gf.ViewAnimationChain("card").ease_out.spring, gf.InvalidArgumentError),  # kept by the steps after it
    (_gone_curve_link, gf.NotFoundError),
    (lambda: gf.Chain("card").spring.opacity_to(1).damping(0).chain, gf.InvalidArgumentError),  # never settles
    (lambda: gf.Chain("card").transition.type("push").chain, gf.InvalidArgumentError),  # no from_layer
]


@pytest.mark.parametrize("build, error", INVALID)
def test_reading_any_attribute_of_an_invalid_chain_raises_nothing(build: Callable[[], Any], error: type) -> None:
    """dir, hasattr, getattr, inspect.getmembers and repr on a value whose chain the library
    refuses: nothing raises but the AttributeError of ``duration`` (the chain has none), nothing
    changes, and a user who asks for the duration gets schedule()'s error, class and message."""
    value, twin = build(), build()
    chain = _whole(value)
    with pytest.raises(error) as refused:
        chain.schedule()
    missing = {name for name in dir(value) if not hasattr(value, name)}
    assert missing == ({"duration"} if isinstance(value, gf.Chain) else set())
    for name in dir(value):
        getattr(value, name, None)
    members = dict(inspect.getmembers(value))
    assert {"spring", "basic", "apply", "schedule"} <= set(members) and "Chain" in repr(value)
    assert "duration" not in dict(inspect.getmembers(chain))  # passed over, as a missing attribute
    assert value == twin and hash(value) == hash(twin) and repr(value) == repr(twin)
    assert len(_whole(value)) == len(_whole(twin))
    # Asked for, the duration fails as the schedule does, and is also an AttributeError.
    assert not hasattr(chain, "duration")
    with pytest.raises(error) as asked:
        chain.duration
    assert isinstance(asked.value, AttributeError) and isinstance(asked.value, gf.GhostframeError)
    assert (asked.value.status, asked.value.message) == (refused.value.status, refused.value.message)
    assert str(asked.value) == str(refused.value)
    copied = pickle.loads(pickle.dumps(asked.value))
    assert type(copied) is type(refused.value) and copied.message == refused.value.message
    with pytest.raises(error) as again:  # the reads changed nothing
        _whole(value).schedule()
    assert again.value.message == refused.value.message


def test_issue_example_leaves_the_first_chain_empty() -> None:
    a = gf.Chain("card")
    assert hasattr(a, "spring") and len(a) == 0
    b = a.spring.center_by(0, 100)
    assert len(a) == 0 and a.schedule() == [] and a.duration == 0
    assert len(b.chain) == 1 and [e.name for e in b.schedule()] == ["position"]
    inspect.getmembers(gf.Chain("card"))  # raised before: reading `basic` added a link without a key path
    assert copy.copy(b) is b and copy.deepcopy(b.chain) is b.chain  # values: nothing to copy
    with pytest.raises(AttributeError):
        b.chain.layer = "other"  # type: ignore[misc]


def test_an_empty_chain_applies_as_a_no_op_with_its_checks() -> None:
    """As Swift's AnimationChain.animate(in:) and gf_chain_apply: an empty chain adds nothing, its
    advance reports nothing and completes nothing, and its layer and start are still checked."""
    scene = gf.Scene()
    scene.add_layer("card", frame=(0, 0, 100, 100))
    empty = gf.Chain("card")
    before = scene.to_json()
    empty.apply(scene)
    empty.apply(scene, start=2.5)
    assert scene.to_json() == before
    assert empty.advance(scene, 10.0) == [] and empty.schedule() == [] and empty.duration == 0
    with pytest.raises(gf.NotFoundError, match="no layer 'nope'"):
        empty.apply(scene, layer="nope")
    with pytest.raises(gf.NotFoundError, match="no layer 'other'"):
        gf.Chain("other").apply(scene)
    with pytest.raises(gf.InvalidArgumentError, match="finite"):
        empty.apply(scene, start=math.inf)
    assert scene.to_json() == before


def test_duration_is_the_librarys_and_raises_what_schedule_raises() -> None:
    chain = gf.Chain("card").basic.opacity_to(0).duration(1).next_to_basic.opacity_to(1).duration(0.5).chain
    assert chain.duration == max(e.end for e in chain.schedule()) == 1.5
    for refused in (gf.Chain(""), gf.ViewAnimationChain("card").ease_out.chain):
        with pytest.raises(gf.InvalidArgumentError) as from_schedule:
            refused.schedule()
        with pytest.raises(gf.InvalidArgumentError) as from_duration:
            refused.duration
        assert from_duration.value.message == from_schedule.value.message


def test_old_values_stay_usable_after_new_ones_are_built_from_them() -> None:
    """Two chains grown from one link, a modifier on an earlier value, and an applied value that
    keeps delivering its own completions after values were built from it."""
    log: List[str] = []
    fade = gf.Chain("card").basic.opacity_to(0).duration(1).linear.named("fade").completion(
        lambda c: log.append(f"{c.name}{'<' if c.reversed else '>'}{c.time:g}"))
    slow = fade.duration(3)
    then_round = fade.next_to_basic.corner_radius_by(4).duration(1).named("round")
    then_move = fade.combine_basic.center_by(10, 0).duration(2).named("move")
    assert [(e.name, e.end) for e in fade.schedule()] == [("fade", 1.0)]
    assert [(e.name, e.end) for e in slow.schedule()] == [("fade", 3.0)]
    assert [(e.name, e.begin, e.end) for e in then_round.schedule()] == [("fade", 0, 1), ("round", 1, 2)]
    assert [(e.name, e.begin, e.end) for e in then_move.schedule()] == [("fade", 0, 1), ("move", 0, 2)]

    scene = card_scene()
    fade.apply(scene)
    grown = fade.next_to_basic.opacity_to(1).duration(1)  # built from an applied value: a new chain
    assert len(fade.chain) == 1 and len(grown.chain) == 2
    fade.advance(scene, 2)
    assert log == ["fade>1"]
    assert field(scene.sample(2)[0], "opacity") == 0  # `grown` was never applied: it changed nothing
    fade.advance(scene, 0.5)
    assert log == ["fade>1", "fade<1"]
    assert field(scene.sample(0.5)[0], "opacity") == pytest.approx(0.5, abs=1e-12)


def test_a_bad_key_path_is_refused_when_the_link_gets_it() -> None:
    """As gf_chain_add refuses it at once: NotFoundError with the library's message, from
    `.property()` / `.key_path()` itself, and the link it was called on unchanged."""
    link = gf.Chain("card").basic
    with pytest.raises(gf.NotFoundError, match="unknown key path 'positon'"):
        link.property("positon")
    with pytest.raises(gf.NotFoundError, match="unknown key path 'positon'"):
        link.key_path("positon")
    with pytest.raises(gf.NotFoundError, match="unknown key path"):
        gf.Chain("card").keyframe.property("")
    with pytest.raises(TypeError):
        link.key_path(None)  # type: ignore[arg-type]
    with pytest.raises(gf.InvalidArgumentError, match="needs a property"):
        link.schedule()  # nothing was set on it
    assert link.property("position").to_value(1, 2).schedule()[0].name == "position"


def test_a_value_of_the_wrong_width_is_refused_when_given() -> None:
    """With the key path known, a value's number of components is checked against its width
    (gf_key_path_components) when given, the library's wording; before it, the library checks."""
    with pytest.raises(gf.InvalidArgumentError, match=r"to_value: 'position' takes 2 value\(s\), got 1"):
        gf.Chain("card").basic.property("position").to_value(1)
    with pytest.raises(gf.InvalidArgumentError, match=r"from_value: 'frame' takes 4 value\(s\), got 2"):
        gf.Chain("card").basic.property("frame").from_value(0, 0)
    with pytest.raises(gf.InvalidArgumentError, match=r"values\[1\]: 'opacity' takes 1 value\(s\), got 2"):
        gf.Chain("card").keyframe.property("opacity").values([1, (0, 0)])
    with pytest.raises(gf.InvalidArgumentError, match="'position' takes 2 value"):
        gf.Chain("card").basic.to_value(1).property("position").schedule()  # given first: the library's check
    ok = gf.Chain("card").keyframe.property("position").values([(0, 0), (10, 10)]).duration(1)
    assert [(e.name, e.end) for e in ok.schedule()] == [("position", 1.0)]


def test_the_example_runs_and_draws_the_one_liner(tmp_path) -> None:
    """examples/python/chain_oneliner.py prints the schedule and, with --gif, draws it."""
    import os
    import subprocess
    import sys

    pytest.importorskip("skia")
    pytest.importorskip("PIL")
    from PIL import Image

    example = os.path.join(os.path.dirname(__file__), "..", "..", "..", "examples", "python", "chain_oneliner.py")
    gif = tmp_path / "chain.gif"
    done = subprocess.run([sys.executable, example, "--gif", str(gif)], capture_output=True, text=True, timeout=120,
                          env=dict(os.environ))
    assert done.returncode == 0, done.stderr
    assert "position      card  0.0000 -> 1.2702" in done.stdout
    assert "cornerRadius  card  0.0000 -> 1.2702" in done.stdout
    assert "link 2 (cornerRadius) completed at 1.2702 s" in done.stdout
    with Image.open(gif) as image:
        assert image.n_frames > 10


def test_a_chain_is_a_context_manager_like_the_other_handles() -> None:
    """Leaving ``with`` releases the library object; the value stays usable (it is made again)."""
    scene = card_scene()
    with gf.Chain("card").basic.opacity_to(0).duration(1) as link:
        link.apply(scene)
        assert link.chain._built is not None and not link.chain._built.closed
    assert link.chain._built is None
    assert [e.name for e in link.schedule()] == ["opacity"]
    with gf.ViewAnimationChain("card").opacity_to(0) as view:
        assert len(view.schedule()) == 1
    assert view.chain._built is None


# -- every setter checks its argument when given ---------------------------------------------


def _link() -> Any:
    return gf.Chain("card").basic.opacity_to(1)


def _view() -> Any:
    return gf.ViewAnimationChain("card").opacity_to(1)


#: (a call with a wrong argument, the error it raises at once, the start of the message).
AT_ONCE: List[Tuple[str, Callable[[], Any], type, str]] = [
    ("named-int", lambda: _link().named(5), gf.ArgumentTypeError, "name must be a str"),
    ("named-none", lambda: _link().named(None), gf.ArgumentTypeError, "name must be a str"),
    ("named-nul", lambda: _link().named("a\0b"), gf.InvalidArgumentError, "name must not contain NUL"),
    ("timing-int", lambda: _link().timing(5), gf.ArgumentTypeError, "timing must be a str"),
    ("timing-typo", lambda: _link().timing("easeOutt"), gf.ParseError, "unknown curve 'easeOutt'"),
    ("timing-empty", lambda: _link().timing(""), gf.ParseError, "expected a curve name"),
    ("timing-range", lambda: _link().timing("cubic-bezier(2, 0, 1, 1)"), gf.InvalidArgumentError,
     "cubic-bezier: x1 = 2.0 is outside"),
    ("duration-text", lambda: _link().duration("1"), gf.ArgumentTypeError, "duration must be a real number"),
    ("duration-nan", lambda: _link().duration(math.nan), gf.InvalidArgumentError, "duration must be finite"),
    ("duration-negative", lambda: _link().duration(-1), gf.InvalidArgumentError, "duration must be finite and >= 0"),
    ("begin-inf", lambda: _link().begin_time(math.inf), gf.InvalidArgumentError, "begin_time must be finite"),
    ("begin-negative", lambda: _link().begin_time(-0.5), gf.InvalidArgumentError, "begin_time must be finite and"),
    ("repeat-inf", lambda: _link().repeat_count(math.inf), gf.InvalidArgumentError, "repeat_count must be finite"),
    ("repeat-negative", lambda: _link().repeat_count(-2), gf.InvalidArgumentError, "repeat_count must be finite"),
    ("mass-nan", lambda: _link().mass(math.nan), gf.InvalidArgumentError, "mass must be finite"),
    ("stiffness-none", lambda: _link().stiffness(None), gf.ArgumentTypeError, "stiffness must be a real number"),
    ("damping-inf", lambda: _link().damping(-math.inf), gf.InvalidArgumentError, "damping must be finite"),
    ("velocity-nan", lambda: _link().initial_velocity(math.nan), gf.InvalidArgumentError, "initial_velocity must"),
    ("start-nan", lambda: _link().start_progress(math.nan), gf.InvalidArgumentError, "start_progress must be finite"),
    ("end-text", lambda: _link().end_progress("1"), gf.ArgumentTypeError, "end_progress must be a real number"),
    ("to-nan", lambda: _link().to_value(math.nan), gf.InvalidArgumentError, "to_value[0] must be finite"),
    ("shorthand-inf", lambda: gf.Chain("card").basic.center_by(0, math.inf), gf.InvalidArgumentError,
     "by_value[1] must be finite"),
    ("values-nan", lambda: _link().values([0, math.nan]), gf.InvalidArgumentError, "values[1] must be finite"),
    ("values-number", lambda: _link().values(5), gf.ArgumentTypeError, "values must be a sequence"),
    ("key-times-nan", lambda: _link().key_times([0, math.nan]), gf.InvalidArgumentError, "key_times[1] must be finite"),
    ("key-times-text", lambda: _link().key_times("01"), gf.ArgumentTypeError, "key_times must be a sequence"),
    ("mode-typo", lambda: _link().calculation_mode("cubic-paced"), gf.InvalidArgumentError,
     "unknown calculation_mode 'cubic-paced'"),
    ("mode-int", lambda: _link().calculation_mode(1), gf.ArgumentTypeError, "calculation_mode must be a str"),
    ("type-typo", lambda: _link().type("move-in"), gf.InvalidArgumentError, "unknown transition type 'move-in'"),
    ("subtype-typo", lambda: _link().subtype("fromLef"), gf.InvalidArgumentError, "unknown transition subtype"),
    ("from-layer-int", lambda: _link().from_layer(3), gf.ArgumentTypeError, "from_layer must be a str"),
    ("completion", lambda: _link().completion("done"), gf.ArgumentTypeError, "completion must be callable"),
    ("view-named-int", lambda: _view().named(5), gf.ArgumentTypeError, "name must be a str"),
    ("view-timing-int", lambda: _view().timing(5), gf.ArgumentTypeError, "timing must be a str"),
    ("view-timing-typo", lambda: _view().timing("ease-outt"), gf.ParseError, "unknown curve 'ease-outt'"),
    ("view-duration-nan", lambda: _view().duration(math.nan), gf.InvalidArgumentError, "duration must be finite"),
    ("view-duration-negative", lambda: _view().duration(-1), gf.InvalidArgumentError, "duration must be finite and"),
    ("view-completion", lambda: _view().completion(3), gf.ArgumentTypeError, "completion must be callable"),
    ("view-shorthand-nan", lambda: _view().size_by(1, math.nan), gf.InvalidArgumentError, "by_value[1] must be"),
    # The argument is checked before the view shorthand asks for a last shorthand.
    ("view-first-named", lambda: gf.ViewAnimationChain("card").named(5), gf.ArgumentTypeError, "name must be"),
    ("view-first-timing", lambda: gf.ViewAnimationChain("card").timing("nope"), gf.ParseError, "unknown curve"),
]


@pytest.mark.parametrize("call, error, message", [c[1:] for c in AT_ONCE], ids=[c[0] for c in AT_ONCE])
def test_a_bad_argument_fails_at_the_call_that_gives_it(call: Callable[[], Any], error: type, message: str) -> None:
    with pytest.raises(error) as raised:
        call()
    assert type(raised.value) is error  # not a subclass: an ArgumentTypeError is an InvalidArgumentError too
    assert raised.value.status_name == ("GF_E_PARSE" if error is gf.ParseError else "GF_E_INVALID_ARGUMENT")
    assert raised.value.message.startswith(message), raised.value.message


def test_a_bad_timing_spec_fails_with_the_librarys_message() -> None:
    """The message is the library's own (gf.Curve reads specs with the same parser)."""
    with pytest.raises(gf.ParseError) as direct:
        gf.Curve("easeOutt")
    with pytest.raises(gf.ParseError) as on_link:
        _link().timing("easeOutt")
    with pytest.raises(gf.ParseError) as on_view:
        _view().timing("easeOutt")
    assert on_link.value.message == on_view.value.message == direct.value.message
    long_typo = "linear(" + ", ".join(str(i / 400) for i in range(401)) + ", x)"  # past the remembered length
    with pytest.raises(gf.ParseError):
        _link().timing(long_typo)


def test_good_arguments_are_kept_as_given() -> None:
    """The checks pass what the library takes, bytes text and numbers of other types included,
    and build what they built before."""
    scene = card_scene()
    scene.add_layer("old", frame=(0, 0, 100, 100))
    chain = (gf.Chain("card").keyframe.property("opacity").values((1, 0, 1)).key_times(iter([0, 0.5, 1]))
             .calculation_mode("cubicPaced").named(b"fade").timing("cubic-bezier(0.25, 0.1, 0.25, 1)").duration(1)
             .repeat_count(0).begin_time(0).combine_transition.type("moveIn").subtype("fromBottom")
             .from_layer("old").start_progress(0).end_progress(1).duration(Fraction(1)).chain)
    assert [(e.name, e.begin, e.end) for e in chain.schedule()] == [("fade", 0, 1), ("transition", 0, 1)]
    chain.apply(scene)
    long_spec = "linear(" + ", ".join(str(i / 400) for i in range(401)) + ")"
    assert _link().timing(long_spec).duration(2).schedule()[0].end == 2
    assert _view().timing("easeInOutBack").named("f").duration(0).schedule()[0].name == "f"


def test_every_curve_property_names_a_spec_the_library_reads() -> None:
    """The ease_* properties pass their specs through the same check (and it caches them)."""
    link = _link()
    names = [n for n in dir(gf.ChainLink) if n.startswith("ease_") or n == "linear"]
    assert len(names) == 35
    for name in names:
        assert getattr(link, name).schedule()[0].end == 0.25
