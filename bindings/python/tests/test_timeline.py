"""gf.Timeline (gf_timeline_*, docs/timeline-format.md): the example timelines, every position
form, every stagger distribution, negative delays and nested nodes with schedules computed by
hand; applying to a scene against the closed form; the registry; errors per status; and a
hypothesis property comparing schedule() with an independent pure-Python scheduler written
below from the issue's rules.

Tolerances: hand-computed times 1e-12 (sums and products of a few decimal literals); sampled
values 1e-9 (the sampler goes through timing and compiled tracks); the property 1e-9.
"""

from __future__ import annotations

import copy
import json
import math
import os
import pickle
from typing import Any, Dict, List, Optional, Tuple

import pytest

import ghostframe as gf
from _support import find_repository, needs_numpy

try:
    from hypothesis import given, strategies as st

    HAVE_HYPOTHESIS = True
except ImportError:  # pragma: no cover - hypothesis is a test requirement
    HAVE_HYPOTHESIS = False

REPO = find_repository()
EXAMPLES = os.path.join(REPO, "examples", "timelines") if REPO else None

Expected = List[Tuple[str, str, float, float]]


def check_schedule(timeline: gf.Timeline, expected: Expected, duration: float, tol: float = 1e-12) -> None:
    entries = timeline.schedule()
    assert [(e.name, e.layer) for e in entries] == [(n, l) for n, l, _, _ in expected], entries
    for entry, (_, _, begin, end) in zip(entries, expected):
        assert abs(entry.begin - begin) <= tol and abs(entry.end - end) <= tol, (entry, begin, end)
    assert abs(timeline.duration - duration) <= tol


def doc(items: List[Dict[str, Any]], root: str = "sequence", **definitions: Any) -> Dict[str, Any]:
    """A document with the definitions "a" (opacity) and "b" (cornerRadius) around `items`."""
    defs = {"a": {"changes": {"opacity": -0.1}}, "b": {"curve": "ease-in", "changes": {"cornerRadius": 1}}}
    defs.update(definitions)
    return {"definitions": defs, "timeline": {root: items}}


def anim(name: str, layers: Any, duration: float, position: Any = None) -> Dict[str, Any]:
    item: Dict[str, Any] = {"anim": name, "layers": [layers] if isinstance(layers, str) else list(layers),
                            "duration": duration}
    if position is not None:
        item["position"] = position
    return item


# ---- the examples ------------------------------------------------------------------------------

_R = 0.3 / math.sqrt(2)
EXAMPLE_SCHEDULES: Dict[str, Tuple[Expected, float]] = {
    "seed-array.json": ([
        ("slideUp", "v1", 0, 0.6), ("slideUp", "v2", 0, 0.6), ("slideUp", "v3", 0, 0.6),
        ("slideOver", "v1", 0.8, 1.0), ("slideOver", "v2", 0.8, 1.0), ("slideOver", "v3", 0.8, 1.0),
    ], 1.0),
    "seed-set.json": ([
        ("glow", "box1", 0, 5), ("slideUp", "box1", 0, 0.6), ("glow", "box2", 0, 5), ("slideUp", "box2", 0, 0.6),
        ("fadeIn", "box1", 0.2, 0.4), ("fadeIn", "box2", 0.2, 0.4), ("rotate", "myLabel", 0.6, 1.1),
    ], 5.0),
    "staggers.json": ([  # GSAP's distribution: worked in docs/timeline-format.md
        ("pop", "a", 0, 0.5), ("pop", "b", 0.1, 0.6), ("pop", "c", 0.2, 0.7), ("pop", "d", 0.3, 0.8),
        ("pop", "e", 0.4, 0.9), ("pop", "c", 0.5, 0.7), ("pop", "b", 0.7, 0.9), ("pop", "d", 0.7, 0.9),
        ("pop", "a", 0.9, 1.1), ("pop", "e", 0.9, 1.1), ("fade", "e", 1.1, 1.2), ("fade", "d", 1.2, 1.3),
        ("fade", "c", 1.3, 1.4), ("fade", "b", 1.4, 1.5), ("fade", "a", 1.5, 1.6), ("pop", "a", 1.6, 1.7),
        ("pop", "e", 1.6, 1.7), ("pop", "b", 1.8, 1.9), ("pop", "d", 1.8, 1.9), ("pop", "c", 2.0, 2.1),
        ("fade", "b", 2.1, 2.2), ("fade", "a", 2.1 + 0.4 / 9, 2.2 + 0.4 / 9), ("fade", "c", 2.1 + 0.4 / 9, 2.2 + 0.4 / 9),
        ("fade", "d", 2.1 + 1.6 / 9, 2.2 + 1.6 / 9), ("fade", "e", 2.5, 2.6),
    ], 3.1),
    # A 3 x 3 grid from the centre, then from the edges (docs/timeline-format.md): r = 0.3 / sqrt 2.
    "grid-center.json": (
        [("shrink", "g4", 0, 0.5)] + [("shrink", g, _R, _R + 0.5) for g in ("g1", "g3", "g5", "g7")]
        + [("shrink", g, 0.3, 0.8) for g in ("g0", "g2", "g6", "g8")] + [("grow", g, 0.8, 1.3) for g in ("g0", "g2", "g6", "g8")]
        + [("grow", g, 1.1 - _R, 1.6 - _R) for g in ("g1", "g3", "g5", "g7")] + [("grow", "g4", 1.1, 1.6)],
        2.0),
    "labels-positions.json": ([
        ("fade", "title", 0, 1), ("fade", "subtitle", 0.25, 1.25), ("fade", "image", 0.5, 1.5),
        ("fade", "body", 1.0, 1.5), ("pop", "title", 1.0, 1.5), ("pop", "icon", 1.5, 1.75),
        ("pop", "button", 2.0, 2.5), ("fade", "footer", 2.5, 3.0), ("fade", "title", 3.5, 4.0),
        ("fade", "image", 4.0, 4.5), ("pop", "subtitle", 4.0, 4.25), ("pop", "body", 4.25, 4.5),
        ("fade", "button", 4.25, 4.75),
    ], 4.75),
}


@pytest.mark.skipif(EXAMPLES is None, reason="examples/ not found (tests run outside the repository)")
@pytest.mark.parametrize("name", sorted(EXAMPLE_SCHEDULES))
def test_examples(name: str) -> None:
    path = os.path.join(EXAMPLES, name)
    with open(path, encoding="utf-8") as f:
        text = f.read()
    expected, duration = EXAMPLE_SCHEDULES[name]
    for source in (text, json.loads(text), text.encode()):
        with gf.Timeline.from_json(source) as timeline:
            check_schedule(timeline, expected, duration)
            again = gf.Timeline.from_json(timeline.to_json())
            assert again.schedule() == timeline.schedule()
            assert again.to_json() == timeline.to_json()


# ---- positions ---------------------------------------------------------------------------------

# The state before the positioned item: label "start" at 0, x 0 -> 1, y 1 -> 2, a -0.5 delay
# (cursor 1.5, latest end 2), label "mid" at the cursor 1.5.
BASE = [{"label": "start"}, anim("a", "x", 1), anim("a", "y", 1), {"delay": -0.5}, {"label": "mid"}]

POSITIONS = [
    (0.25, 0.25),       # absolute
    (3, 3.0),
    ("<", 1.0),          # the previous item's start
    ("<0.5", 1.5),
    ("<-0.25", 0.75),
    ("<+=0.5", 1.5),
    (">", 2.0),          # the previous item's end
    (">0.5", 2.5),
    (">-0.5", 1.5),
    (">-=0.5", 1.5),
    ("+=0.5", 2.5),      # the current end: max(cursor 1.5, latest end 2), not the cursor
    ("-=0.5", 1.5),
    ("+=0", 2.0),
    ("start", 0.0),      # labels
    ("mid", 1.5),
    ("mid+=1", 2.5),
    ("mid-=1", 0.5),
]


@pytest.mark.parametrize("position,begin", POSITIONS)
def test_every_position_form(position: Any, begin: float) -> None:
    # The positioned item z (1 s), then w at the cursor, which moved to z's end.
    timeline = gf.Timeline.from_json(doc(BASE + [anim("b", "z", 1, position), anim("a", "w", 0.5)]))
    entries = {e.layer: e for e in timeline.schedule()}
    assert abs(entries["z"].begin - begin) <= 1e-12 and abs(entries["z"].end - (begin + 1)) <= 1e-12
    assert abs(entries["w"].begin - (begin + 1)) <= 1e-12
    assert abs(timeline.duration - max(2.0, begin + 1.5)) <= 1e-12


def test_positions_without_a_previous_item_and_on_nested_nodes() -> None:
    # "<0.5" and ">" with no previous item measure from the sequence's start (here the nested
    # sequence's, 1); a nested parallel positioned at "-=0.25" of the outer sequence.
    timeline = gf.Timeline.from_json(doc([
        anim("a", "x", 1),
        {"sequence": [anim("a", "y", 1, "<0.5"), {"delay": 1}, anim("a", "z", 1, ">")]},
        {"parallel": [anim("b", "p", 0.5), anim("b", "q", 1)], "position": "-=0.25"},
        {"label": "end", "position": ">"},
        anim("a", "r", 0.25, "end+=0.5"),
    ]))
    # x 0-1; nested sequence from 1: y 1.5-2.5, the delay moves its cursor to 3.5, z at ">" (y's
    # end 2.5) 2.5-3.5; the nested sequence ends at 3.5. Parallel at 3.5 - 0.25 = 3.25: p
    # 3.25-3.75, q 3.25-4.25. Label end = the parallel's end 4.25; r 4.75-5.
    check_schedule(timeline, [
        ("a", "x", 0, 1), ("a", "y", 1.5, 2.5), ("a", "z", 2.5, 3.5), ("b", "p", 3.25, 3.75),
        ("b", "q", 3.25, 4.25), ("a", "r", 4.75, 5.0),
    ], 5.0)


# ---- staggers ----------------------------------------------------------------------------------

LAYERS4 = ["l0", "l1", "l2", "l3"]
STAGGERS = [
    # GSAP's distribute(): distances normalised to [0, 1], a total of each * (n - 1) = 0.3 here.
    (0.1, [0, 0.1, 0.2, 0.3]),                                        # Anim's index offset
    ({"each": 0.1}, [0, 0.1, 0.2, 0.3]),                              # from start: u = i / 3
    ({"each": 0.1, "from": "start"}, [0, 0.1, 0.2, 0.3]),
    ({"each": 0.1, "from": "end"}, [0.3, 0.2, 0.1, 0]),
    ({"each": 0.1, "from": "center"}, [0.3, 0, 0, 0.3]),              # |i - 1.5| = 1.5, .5, .5, 1.5
    ({"each": 0.1, "from": "edges"}, [0, 0.3, 0.3, 0]),               # the centre's, inverted
    ({"each": 0.1, "from": 3}, [0.3, 0.2, 0.1, 0]),                   # |i - 3|
    ({"each": 0.1, "from": 5}, [0.3, 0.2, 0.1, 0]),                   # an index past the end: 5,4,3,2
    ({"each": 0.1, "from": -1}, [0, 0.1, 0.2, 0.3]),
    ({"each": 0.1, "from": [0.25, 0]}, [0, 0, 0.15, 0.3]),            # x0 = 0.5: d = .5, .5, 1.5, 2.5
    ({"amount": 0.6}, [0, 0.2, 0.4, 0.6]),
    ({"amount": 0.6, "from": "center"}, [0.6, 0, 0, 0.6]),
    ({"each": 0.1, "ease": "easeInQuad"}, [0, 0.3 / 9, 0.3 * 4 / 9, 0.3]),  # 0.3 * (i/3)^2
    ({"amount": 1, "from": "edges", "ease": "easeInQuad"}, [0, 1, 1, 0]),   # 1 * (1 - u)^2, u = 1,0,0,1
    # A 2 x 2 grid from the centre: every layer is as far (sqrt(0.5)), so no offsets.
    ({"each": 0.1, "from": "center", "grid": [2, 2]}, [0, 0, 0, 0]),
    # From layer 0 of a 2 x 2 grid: distances 0, 1, 1, sqrt 2; total 0.1 * max(2, 4 / 2) = 0.2.
    ({"each": 0.1, "from": 0, "grid": [2, 2]}, [0, 0.2 / math.sqrt(2), 0.2 / math.sqrt(2), 0.2]),
    # Along y only: rows 0, 0, 1, 1; total 0.1 * 4 / 2.
    ({"each": 0.1, "from": 0, "grid": [2, 2], "axis": "y"}, [0, 0, 0.2, 0.2]),
    ({"each": 0.1, "from": 0, "grid": "auto", "axis": "x"}, [0, 0.2, 0, 0.2]),
    (-0.1, [0, -0.1, -0.2, -0.3]),  # a negative offset, placed after a 0.5 delay (below)
]


@pytest.mark.parametrize("stagger,offsets", STAGGERS)
def test_every_stagger_distribution(stagger: Any, offsets: List[float]) -> None:
    start = 0.5 if min(offsets) < 0 else 0.0
    items = ([{"delay": start}] if start else []) + [{"stagger": stagger}, anim("a", LAYERS4, 1), anim("b", LAYERS4, 1)]
    timeline = gf.Timeline.from_json(doc(items))
    begins = {(e.name, e.layer): e.begin for e in timeline.schedule()}
    want = [start + o for o in offsets]
    got = [begins[("a", layer)] for layer in LAYERS4]
    assert all(abs(g - w) <= 1e-12 for g, w in zip(got, want)), (got, want)
    # The stagger applies to the next instance only: b starts every layer at a's end.
    end_a = start + max(offsets) + 1
    assert all(abs(begins[("b", layer)] - end_a) <= 1e-12 for layer in LAYERS4)


def test_one_layer_and_a_stagger_in_a_parallel() -> None:
    # One layer: D = 0, so no offset. In a parallel, the stagger applies to the next instance.
    timeline = gf.Timeline.from_json(doc([
        {"stagger": {"each": 1, "from": "center"}}, anim("a", "solo", 1),
        {"parallel": [{"stagger": 0.5}, anim("b", ["p", "q"], 1), anim("a", ["p", "q"], 1)]},
    ]))
    check_schedule(timeline, [
        ("a", "solo", 0, 1), ("a", "p", 1, 2), ("b", "p", 1, 2), ("a", "q", 1, 2), ("b", "q", 1.5, 2.5),
    ], 2.5)


# ---- delays and nesting ------------------------------------------------------------------------


def test_negative_delays() -> None:
    # a 0-1; -0.25 overlaps: b 0.75-1.75; a trailing -2 does not shorten the sequence.
    check_schedule(gf.Timeline.from_json(doc([anim("a", "x", 1), {"delay": -0.25}, anim("a", "y", 1), {"delay": -2}])),
                   [("a", "x", 0, 1), ("a", "y", 0.75, 1.75)], 1.75)
    # A trailing positive delay extends it; a delay in a parallel is an empty item.
    check_schedule(gf.Timeline.from_json(doc([anim("a", "x", 1), {"delay": 0.5}])), [("a", "x", 0, 1)], 1.5)
    check_schedule(gf.Timeline.from_json(doc([{"delay": 4}, anim("a", "x", 1)], root="parallel")),
                   [("a", "x", 0, 1)], 4.0)
    # Going below 0 is an error (Anim: "it won't work if it's first in a timeline").
    with pytest.raises(gf.InvalidArgumentError, match="before 0"):
        gf.Timeline.from_json(doc([{"delay": -0.5}, anim("a", "x", 1)]))
    with pytest.raises(gf.InvalidArgumentError, match="before 0"):
        gf.Timeline.from_json(doc([anim("a", "x", 1), {"delay": -2}, anim("a", "y", 1)]))


def test_nested_parallels_in_sequences_in_parallels() -> None:
    timeline = gf.Timeline.from_json(doc([
        {"sequence": [
            anim("a", "a", 1),
            {"parallel": [anim("b", "b", 0.5), {"sequence": [{"delay": 0.25}, anim("a", "c", 1)]}]},
            anim("b", "d", 0.5),
        ]},
        anim("a", "e", 3),
    ], root="parallel"))
    # a 0-1; the inner parallel at 1: b 1-1.5, c 1.25-2.25, so it ends at 2.25; d 2.25-2.75; e 0-3.
    check_schedule(timeline, [
        ("a", "a", 0, 1), ("a", "e", 0, 3), ("b", "b", 1, 1.5), ("a", "c", 1.25, 2.25), ("b", "d", 2.25, 2.75),
    ], 3.0)


def test_sorted_by_begin_then_layer_then_name() -> None:
    timeline = gf.Timeline.from_json(doc([anim("b", ["z", "y"], 1), anim("a", ["y", "z"], 1)], root="parallel"))
    assert [(e.name, e.layer) for e in timeline.schedule()] == [("a", "y"), ("b", "y"), ("a", "z"), ("b", "z")]
    assert gf.Timeline.from_json(doc([])).schedule() == []
    assert gf.Timeline.from_json(doc([])).duration == 0


# ---- applying ----------------------------------------------------------------------------------


def scene() -> gf.Scene:
    s = gf.Scene()
    s.add_layer("x", frame=(0, 0, 10, 10), corner_radius=1)
    s.add_layer("y", frame=(20, 0, 10, 10), corner_radius=2, opacity=0.5)
    return s


def field(state: Any, name: str) -> float:
    return float(state[name] if hasattr(state, "dtype") else getattr(state, name))


def test_apply_samples_the_closed_form() -> None:
    # round: linear, +8; fadeq: x^2, -0.8. round on x 0-1, on y 0.5-1.5; fadeq on x 1-3.
    timeline = gf.Timeline.from_json({
        "definitions": {"round": {"changes": {"cornerRadius": 8}},
                        "fadeq": {"curve": "easeInQuad", "changes": {"opacity": -0.8}}},
        "timeline": {"sequence": [{"stagger": 0.5}, anim("round", ["x", "y"], 1), {"delay": -0.5},
                                  anim("fadeq", "x", 2)]}})
    s = scene()
    timeline.apply(s)
    clamp = lambda v: min(1.0, max(0.0, v))  # noqa: E731
    for t in (0, 0.25, 0.75, 1.25, 2.0, 2.999, 5.0):
        states = s.sample(t)
        x, y = states[s.layer("x")], states[s.layer("y")]
        assert abs(field(x, "corner_radius") - (1 + 8 * clamp(t))) <= 1e-9
        assert abs(field(y, "corner_radius") - (2 + 8 * clamp(t - 0.5))) <= 1e-9
        assert abs(field(x, "opacity") - (1 - 0.8 * clamp((t - 1) / 2) ** 2)) <= 1e-9


def test_seed_blocks_in_view_properties_end_on_uikit_frames() -> None:
    # Seed 002's blocks one to one: view.y += -100; view.height += 100, then view.x += 50;
    # view.width += 50. UIKit's frames, by hand: (x, 160, 60, 40) -> (x, 60, 60, 140) ->
    # (x + 50, 60, 110, 140), whatever the anchor point (a size change keeps the origin).
    definitions = {"slideUp": {"curve": "easeOut", "changes": {"y": -100, "height": 100}},
                   "slideOver": {"curve": "easeOut", "changes": {"x": 50, "width": 50}}}
    timeline = gf.Timeline.from_json({"definitions": definitions, "timeline": {"sequence": [
        anim("slideUp", ["v1", "v2", "v3"], 0.6), {"delay": 0.2}, anim("slideOver", ["v1", "v2", "v3"], 0.2)]}})
    s = gf.Scene()
    anchors = [(0.5, 0.5), (0.0, 0.0), (0.25, 1.0)]
    for i, anchor_point in enumerate(anchors):
        s.add_layer(f"v{i + 1}", frame=(20 + 80 * i, 160, 60, 40), anchor_point=anchor_point)
    timeline.apply(s)
    for i in range(3):
        x = 20 + 80 * i
        for t, frame in ((0.0, (x, 160, 60, 40)), (0.6, (x, 60, 60, 140)), (0.7, (x, 60, 60, 140)),
                         (1.0, (x + 50, 60, 110, 140)), (4.0, (x + 50, 60, 110, 140))):
            state = s.sample(t)[s.layer(f"v{i + 1}")]
            got = tuple(field(state, name) for name in ("x", "y", "width", "height"))
            assert all(abs(a - b) <= 1e-9 for a, b in zip(got, frame)), (i, t, got, frame)
    # The names are written back as given; a misspelt one is refused with a suggestion.
    written = json.loads(timeline.to_json())
    assert written["definitions"]["slideUp"]["changes"] == {"height": 100, "y": -100}
    with pytest.raises(gf.NotFoundError, match=r"did you mean 'height'"):
        gf.Timeline.from_json({"definitions": {"d": {"changes": {"heigth": 1}}}, "timeline": {"sequence": []}})
    with pytest.raises(gf.InvalidArgumentError, match="'size' takes 2"):
        gf.define_timeline_animation("py-bad-size", {"size": 1})


def test_apply_is_all_or_nothing() -> None:
    timeline = gf.Timeline.from_json(doc([anim("b", ["x", "y", "missing"], 1)]))
    s = scene()
    before = s.to_json()
    with pytest.raises(gf.NotFoundError, match="missing"):
        timeline.apply(s)
    assert s.to_json() == before
    with pytest.raises(gf.ArgumentTypeError):
        timeline.apply("not a scene")  # type: ignore[arg-type]


# ---- the registry ------------------------------------------------------------------------------


def test_registry_definitions_are_copied_when_a_timeline_is_made() -> None:
    name = "py-test-grow"
    gf.define_timeline_animation(name, {"cornerRadius": 3, "position": [1, 2]}, curve=gf.Curve("ease-out"))
    try:
        timeline = gf.Timeline.from_json({"timeline": {"sequence": [anim(name, "x", 2)]}})
    finally:
        assert gf.undefine_timeline_animation(name) is True
    assert gf.undefine_timeline_animation(name) is False
    # The timeline kept its copy: it schedules, applies and writes it.
    assert timeline.schedule() == [gf.TimelineEntry(name, "x", 0.0, 2.0)]
    s = scene()
    timeline.apply(s)
    assert abs(field(s.sample(2.0)[s.layer("x")], "corner_radius") - 4) <= 1e-9
    assert json.loads(timeline.to_json())["definitions"][name]["curve"] == "ease-out"
    with pytest.raises(gf.NotFoundError, match=name):
        gf.Timeline.from_json({"timeline": {"sequence": [anim(name, "x", 2)]}})
    # The document's definitions shadow the registry's.
    gf.define_timeline_animation("a", '{"opacity": 5}')
    try:
        t = gf.Timeline.from_json(doc([anim("a", "x", 1)]))
        assert json.loads(t.to_json())["definitions"]["a"]["changes"] == {"opacity": -0.1}
    finally:
        gf.undefine_timeline_animation("a")


def test_define_errors() -> None:
    with pytest.raises(gf.NotFoundError, match="did you mean 'opacity'"):
        gf.define_timeline_animation("py-bad", {"opactiy": 1})
    with pytest.raises(gf.InvalidArgumentError, match="takes 2"):
        gf.define_timeline_animation("py-bad", {"position": 1})
    with pytest.raises(gf.InvalidArgumentError):
        gf.define_timeline_animation("", {"opacity": 1})
    with pytest.raises(gf.InvalidArgumentError):
        gf.define_timeline_animation("py-bad", {"opacity": float("nan")})
    with pytest.raises(gf.InvalidArgumentError, match="NUL"):
        gf.define_timeline_animation("py\0bad", {"opacity": 1})
    with pytest.raises(gf.ParseError):
        gf.define_timeline_animation("py-bad", {"opacity": 1}, curve="ease-sideways")
    with pytest.raises(gf.ArgumentTypeError):
        gf.define_timeline_animation("py-bad", [("opacity", 1)])  # type: ignore[arg-type]
    assert gf.undefine_timeline_animation("py-bad") is False


# ---- errors and the handle ---------------------------------------------------------------------


@pytest.mark.parametrize("source,error,fragment", [
    ("{", gf.ParseError, "line 1"),
    (doc([anim("a", "x", -1)]), gf.InvalidArgumentError, r"timeline\.sequence\[0\]\.duration"),
    (doc([anim("a", [], 1)]), gf.InvalidArgumentError, "at least one layer"),
    (doc([{"anim": "a", "layers": ["x"], "duraton": 1}]), gf.InvalidArgumentError, "did you mean 'duration'"),
    (doc([anim("nowhere", "x", 1)]), gf.NotFoundError, "nowhere"),
    (doc([anim("a", "x", 1, "intro")]), gf.NotFoundError, "no label 'intro'"),
    (doc([anim("a", "x", 1, "<<")]), gf.ParseError, "malformed position"),
    (doc([{"delay": 1, "position": 0}]), gf.InvalidArgumentError, "takes no position"),
    (doc([anim("a", "x", 1, 0)], root="parallel"), gf.InvalidArgumentError, "within a sequence"),
    (doc([], c={"changes": {"positon.y": 1}}), gf.NotFoundError, "did you mean 'position.y'"),
    (doc([], c={"curve": "cubic-bezier(", "changes": {}}), gf.ParseError, "definitions.c.curve"),
    (doc([{"delay": float("nan")}]), gf.InvalidArgumentError, "NaN"),
    (b'{"timeline": {"sequence": [{"label": "\xff"}]}}', gf.InvalidUTF8Error, None),
    ('{"timeline": {"sequence": [{"delay": NaN}]}}', gf.ParseError, None),
    ('{"timeline": {"sequence": [' + '{"sequence": [' * 200 + ']}' * 200 + ']}}', gf.LimitError, None),
    (3, gf.ArgumentTypeError, "dict"),
    (doc([{"delay": {1, 2}}]), gf.ArgumentTypeError, None),
])
def test_errors(source: Any, error: type, fragment: Optional[str]) -> None:
    with pytest.raises(error, match=fragment):
        gf.Timeline.from_json(source)


def test_deep_dicts_are_refused_before_json_dumps() -> None:
    deep: Dict[str, Any] = {"sequence": []}
    for _ in range(100_000):
        deep = {"sequence": [deep]}
    with pytest.raises(gf.LimitError):
        gf.Timeline.from_json({"timeline": deep})


def test_close_context_manager_and_copies() -> None:
    timeline = gf.Timeline.from_json(doc([anim("a", "x", 1)]))
    assert copy.deepcopy(timeline).schedule() == timeline.schedule()
    assert pickle.loads(pickle.dumps(timeline)).schedule() == timeline.schedule()
    assert repr(timeline) == "<Timeline of 1 entry over 1 s>"
    with timeline as same:
        assert same is timeline
    assert timeline.closed
    assert repr(timeline) == "<closed Timeline>"
    with pytest.raises(gf.InvalidArgumentError, match="closed"):
        timeline.schedule()
    with pytest.raises(gf.InvalidArgumentError, match="closed"):
        timeline.duration
    timeline.close()  # again: nothing


# ---- the property: the library against an independent scheduler ---------------------------------


class BeforeZero(Exception):
    pass


class BeforeItsRepeatingNode(Exception):
    pass


def reference_schedule(document: Dict[str, Any]) -> Tuple[List[Tuple[str, str, float, float]], float]:
    """The issue's rules, written out again: (entries in timeline order, duration)."""
    placed: List[Tuple[str, str, float, float]] = []

    def offsets(stagger: Any, n: int) -> List[float]:
        """GSAP's distribute(), as docs/timeline-format.md states it."""
        if stagger is None:
            return [0.0] * n
        if not isinstance(stagger, dict):
            return [stagger * i for i in range(n)]
        origin = stagger.get("from", "start")
        grid, axis = stagger.get("grid"), stagger.get("axis")
        cols = None if grid is None else (math.ceil(math.sqrt(n) - 1e-9) if grid == "auto" else grid[1])
        if isinstance(origin, int):
            x0, y0 = (math.fmod(origin, cols), float(int(origin / cols))) if cols else (float(origin), 0.0)
        else:
            rx, ry = {"start": (0, 0), "end": (1, 1), "center": (0.5, 0.5), "edges": (0.5, 0.5)}.get(origin, origin)
            x0 = (min(cols, n) if cols else n) * rx - 0.5
            y0 = n * ry / cols - 0.5 if cols else 0.0
        dist = []
        for j in range(n):
            x = (j % cols if cols else j) - x0
            y = y0 - (j // cols if cols else 0)
            dist.append(abs(x) if axis == "x" else abs(y) if axis == "y" else math.sqrt(x * x + y * y))
        low, spread = min(dist), max(dist) - min(dist)
        if cols is None or cols > n:
            along = n - 1
        else:
            along = cols if axis == "x" else n / cols if axis == "y" else max(cols, n / cols)
        total = stagger["amount"] if "amount" in stagger else stagger["each"] * along
        if origin == "edges":
            total = -total
        ease = (lambda x: x * x) if stagger.get("ease") == "easeInQuad" else (lambda x: x)
        result = []
        for d in dist:
            u = (d - low) / spread if spread > 0 else 0.0
            result.append(-total + (1 - ease(1 - u)) * total if total < 0 else ease(u) * total)
        return result

    def place(item: Dict[str, Any], at: float, stagger: Any, scale: float) -> Tuple[float, float]:
        if "anim" in item:
            offs = offsets(stagger, len(item["layers"]))
            end = -math.inf
            for layer, off in zip(item["layers"], offs):
                begin = at + off * scale
                placed.append((item["anim"], layer, begin, begin + item["duration"] * scale))
                end = max(end, begin + item["duration"] * scale)
            return at, end
        # A nested timeline: its items at its own time scale; its first play laid out here, its
        # repeats only lengthening it (GSAP: plays * D + (plays - 1) * repeatDelay, or 1e10 s for -1).
        inner = scale / item.get("timeScale", 1)
        first = len(placed)
        if "sequence" in item:
            end = sequence(item["sequence"], at, inner)
        else:
            end = parallel(item["parallel"], at, inner)
        repeat = item.get("repeat", 0)
        if repeat == 0:
            return at, end
        if any(begin < at for _, _, begin, _ in placed[first:]):
            raise BeforeItsRepeatingNode()
        if repeat < 0:
            return at, at + 1e10 * inner
        delay = item.get("repeatDelay", 0) * inner
        return at, at + (repeat + 1) * (end - at) + repeat * delay

    def number(text: str) -> float:
        return float(text) if text else 0.0

    def sequence(items: List[Dict[str, Any]], start: float, scale: float) -> float:
        cursor, latest, previous, labels, stagger = start, None, None, {}, None

        def resolve(position: Any) -> float:
            if not isinstance(position, str):
                return start + position * scale
            if position[0] in "<>":
                rest = position[1:]
                offset = (-1 if rest.startswith("-=") else 1) * number(rest[2:]) if rest[:2] in ("+=", "-=") else number(rest)
                base = previous[0 if position[0] == "<" else 1] if previous else start
                return base + offset * scale
            if position[:2] in ("+=", "-="):
                current = max(cursor, latest if latest is not None else cursor)
                return current + (1 if position[0] == "+" else -1) * float(position[2:]) * scale
            for op in ("+=", "-="):
                if op in position:
                    name, value = position.rsplit(op, 1)
                    return labels[name] + (1 if op == "+=" else -1) * float(value) * scale
            return labels[position]

        for item in items:
            if "delay" in item:
                cursor += item["delay"] * scale
            elif "stagger" in item:
                stagger = item["stagger"]
            elif "label" in item:
                labels[item["label"]] = resolve(item["position"]) if "position" in item else cursor
            else:
                at = resolve(item["position"]) if "position" in item else cursor
                span = place(item, at, stagger, scale)
                if "anim" in item:
                    stagger = None
                previous = span
                latest = span[1] if latest is None else max(latest, span[1])
                cursor = span[1]
        return max(cursor, latest if latest is not None else cursor)

    def parallel(items: List[Dict[str, Any]], start: float, scale: float) -> float:
        end, stagger = start, None
        for item in items:
            if "delay" in item:
                end = max(end, start + item["delay"] * scale)
            elif "stagger" in item:
                stagger = item["stagger"]
            else:
                end = max(end, place(item, start, stagger, scale)[1])
                if "anim" in item:
                    stagger = None
        return end

    duration = sequence([document["timeline"]], 0.0, 1.0)
    if any(begin < 0 for _, _, begin, _ in placed):
        raise BeforeZero()
    return placed, max(duration, 0.0)


if HAVE_HYPOTHESIS:
    EIGHTHS = st.integers(-8, 16).map(lambda k: k / 8)
    NONNEGATIVE = st.integers(0, 16).map(lambda k: k / 8)
    STAGGER = st.one_of(
        NONNEGATIVE,
        st.fixed_dictionaries(
            {"each": NONNEGATIVE},
            optional={"from": st.one_of(st.sampled_from(["start", "end", "center", "edges"]), st.integers(-2, 6)),
                      "ease": st.sampled_from(["linear", "easeInQuad"]),
                      "grid": st.one_of(st.just("auto"), st.tuples(st.integers(1, 3), st.integers(1, 3)).map(list)),
                      "axis": st.sampled_from(["x", "y"])}),
        st.fixed_dictionaries({"amount": NONNEGATIVE}, optional={"from": st.sampled_from(["end", "center", "edges"])}),
    )

    # GSAP's nested-timeline keys, any subset (timeScale a power of 2, so times stay exact).
    TIMING = st.fixed_dictionaries({}, optional={
        "repeat": st.integers(-1, 2), "yoyo": st.booleans(), "repeatDelay": NONNEGATIVE,
        "timeScale": st.sampled_from([0.5, 1, 2])})

    def offset_text(value: float) -> str:
        return ("+=" if value >= 0 else "-=") + repr(abs(value))

    @st.composite
    def positions(draw: Any, labels: List[str]) -> Any:
        x = draw(EIGHTHS)
        forms = [x, "<", ">", "<" + repr(x), ">" + repr(x), offset_text(x)]
        if labels:
            label = draw(st.sampled_from(labels))
            forms += [label, label + offset_text(x)]
        return draw(st.sampled_from(forms))

    @st.composite
    def items(draw: Any, depth: int, in_sequence: bool) -> List[Dict[str, Any]]:
        result: List[Dict[str, Any]] = []
        labels: List[str] = []
        kinds = ["anim", "anim", "anim", "delay", "stagger"] + (["label"] if in_sequence else [])
        if depth < 3:
            kinds += ["sequence", "parallel"]
        for _ in range(draw(st.integers(0, 5))):
            kind = draw(st.sampled_from(kinds))
            if kind == "anim":
                item: Dict[str, Any] = {
                    "anim": draw(st.sampled_from(["a", "b"])),
                    "layers": draw(st.lists(st.sampled_from(["p", "q", "r", "s", "t"]), min_size=1, max_size=5, unique=True)),
                    "duration": draw(NONNEGATIVE),
                }
            elif kind == "delay":
                item = {"delay": draw(EIGHTHS)}
            elif kind == "stagger":
                item = {"stagger": draw(STAGGER)}
            elif kind == "label":
                item = {"label": f"L{len(labels)}"}
            else:
                item = {kind: draw(items(depth + 1, kind == "sequence"))}
                item.update(draw(TIMING))
            if in_sequence and kind not in ("delay", "stagger") and draw(st.booleans()):
                item["position"] = draw(positions(labels))
            if kind == "label":
                labels.append(item["label"])
            result.append(item)
        return result

    @st.composite
    def documents(draw: Any) -> Dict[str, Any]:
        root = draw(st.sampled_from(["sequence", "parallel"]))
        document = doc(draw(items(0, root == "sequence")), root=root)
        document["timeline"].update(draw(TIMING))
        return document

    @given(documents())
    def test_schedule_matches_an_independent_scheduler(document: Dict[str, Any]) -> None:
        try:
            want, duration = reference_schedule(document)
        except BeforeZero:
            with pytest.raises(gf.InvalidArgumentError, match="before 0|before its repeating node"):
                gf.Timeline.from_json(document)
            return
        except BeforeItsRepeatingNode:
            with pytest.raises(gf.InvalidArgumentError, match="before its repeating node|before 0"):
                gf.Timeline.from_json(document)
            return
        timeline = gf.Timeline.from_json(document)
        got = timeline.schedule()
        # The library's order: sorted by begin, then layer, then name (exactly, on its own values).
        keys = [(e.begin, e.layer, e.name) for e in got]
        assert keys == sorted(keys)
        # The same entries: matched after sorting both by layer, name and begin; times within 1e-9.
        mine = sorted(want, key=lambda e: (e[1], e[0], e[2]))
        theirs = sorted(got, key=lambda e: (e.layer, e.name, e.begin))
        assert len(mine) == len(theirs)
        for (name, layer, begin, end), entry in zip(mine, theirs):
            assert (entry.name, entry.layer) == (name, layer)
            assert abs(entry.begin - begin) <= 1e-9 and abs(entry.end - end) <= 1e-9, (entry, begin, end)
        assert abs(timeline.duration - duration) <= 1e-9
        # Whatever it writes reads back to the same schedule.
        assert gf.Timeline.from_json(timeline.to_json()).schedule() == got


# ---- run_one (Anim's runOneAnim:views:duration:delay:) ----------------------------------------


@needs_numpy
def test_run_one_is_a_delay_then_one_instance():
    gf.define_timeline_animation("test.runone", {"opacity": -0.5}, curve="linear")
    try:
        timeline = gf.Timeline.run_one("test.runone", ["b", "a"], 2, delay=0.25)
        # By hand: both layers begin after the delay and end 2 s later; sorted by layer.
        assert [tuple(e) for e in timeline.schedule()] == [
            ("test.runone", "a", 0.25, 2.25), ("test.runone", "b", 0.25, 2.25)]
        assert timeline.duration == 2.25
        scene = gf.Scene()
        scene.add_layer("a", frame=(0, 0, 10, 10))
        scene.add_layer("b", frame=(0, 0, 10, 10))
        timeline.apply(scene)
        # value(t) = 1 − 0.5 · clamp((t − 0.25) / 2, 0, 1): 0.75 at t = 1.25.
        assert abs(scene.sample(1.25)[0]["opacity"] - 0.75) < 1e-12
        with pytest.raises(gf.InvalidArgumentError, match="before 0"):
            gf.Timeline.run_one("test.runone", ["a"], 1, delay=-0.5)
        with pytest.raises(gf.NotFoundError):
            gf.Timeline.run_one("test.nothing", ["a"], 1)
        with pytest.raises(gf.ArgumentTypeError):
            gf.Timeline.run_one("test.runone", "a", 1)
    finally:
        gf.undefine_timeline_animation("test.runone")


def test_times_past_the_largest_float_are_refused_naming_the_item() -> None:
    """Issue 28: two 1e308 delays, or a label and a position at 1e308, loaded with a duration of
    inf; now the document is refused with the item's path, and one just below stays finite."""
    for items in ([{"delay": 1e308}, {"delay": 1e308}],
                  [{"label": "x", "position": 1e308}, anim("a", "x", 1, "x+=1e308")],
                  [{"stagger": 1e308}, anim("a", ["x", "y", "z"], 1)]):
        with pytest.raises(gf.InvalidArgumentError, match=r"sequence\[1\]: times pass the largest duration"):
            gf.Timeline.from_json(doc(items))
    with gf.Timeline.from_json(doc([{"delay": 1e308}, {"delay": 7e307}, anim("a", "x", 1)])) as timeline:
        assert timeline.duration == 1e308 + 7e307 + 1
        assert gf.Timeline.from_json(timeline.to_json()).duration == timeline.duration


# ---- GSAP's absolute values ----------------------------------------------------------------------


@needs_numpy
def test_to_from_and_from_to_resolve_against_the_value_at_each_begin() -> None:
    # GSAP: tl.to(a, {opacity: 0}).to(a, {opacity: 0.5}).fromTo(a, {x: 0}, {x: 100, duration: 2}, "<"),
    # on a layer at x = 20, opacity 0.8 (docs/timeline-format.md works it by hand).
    document = {
        "definitions": {"out": {"to": {"opacity": 0}}, "half": {"to": {"opacity": 0.5}},
                        "slide": {"fromTo": {"from": {"x": 0}, "to": {"x": 100}}}, "pop": {"from": {"alpha": 0}}},
        "timeline": {"sequence": [anim("out", "a", 1), anim("half", "a", 1), anim("slide", "a", 2, "<"),
                                  anim("pop", "b", 1, 0.5)]}}
    timeline = gf.Timeline.from_json(document)
    scene = gf.Scene()
    scene.add_layer("a", frame=(20, 0, 10, 10), opacity=0.8)
    scene.add_layer("b", frame=(0, 0, 10, 10))
    timeline.apply(scene)
    for t, opacity, x, b in ((0.25, 0.6, 0.0, 0.0), (1.0, 0.0, 0.0, 0.5), (1.5, 0.25, 25.0, 1.0), (3.0, 0.5, 100.0, 1.0)):
        a_state, b_state = scene.sample(t)
        assert abs(a_state["opacity"] - opacity) < 1e-12 and abs(a_state["x"] - x) < 1e-12, t
        assert abs(b_state["opacity"] - b) < 1e-12, t
    assert json.loads(timeline.to_json())["definitions"]["slide"] == {
        "curve": "linear", "fromTo": {"from": {"x": 0}, "to": {"x": 100}}}
    with pytest.raises(gf.InvalidArgumentError, match=r"definitions.bad: a definition gives one of"):
        gf.Timeline.from_json({"definitions": {"bad": {"to": {}, "from": {}}}, "timeline": {"sequence": []}})


# ---- GSAP's repeat, yoyo, repeatDelay, timeScale -------------------------------------------------


@needs_numpy
def test_a_repeating_yoyo_timeline_plays_and_reports_each_crossing_once() -> None:
    # A (opacity -1) [0, 1] on a, B (x + 10) [1, 1.5] on b; repeat 1, yoyo, 0.5 s between: the
    # second play runs backwards over [2, 3.5] (t -> 3.5 - t), so B's second span is [2, 2.5].
    document = {"definitions": {"A": {"changes": {"opacity": -1}}, "B": {"changes": {"position.x": 10}}},
                "timeline": {"sequence": [anim("A", "a", 1), anim("B", "b", 0.5)],
                             "repeat": 1, "yoyo": True, "repeatDelay": 0.5}}
    timeline = gf.Timeline.from_json(document)
    assert timeline.duration == 3.5
    assert [tuple(e) for e in timeline.schedule()] == [("A", "a", 0.0, 1.0), ("B", "b", 1.0, 1.5)]
    got = [(e.kind[0].upper(), e.instance, e.time) for e in timeline.seek(3.5)]
    assert got == [("S", 0, 0), ("E", 0, 1), ("S", 1, 1), ("E", 1, 1.5), ("S", 1, 2), ("S", 0, 2.5), ("E", 1, 2.5),
                   ("E", 0, 3.5)]
    back = [(e.kind[0].upper(), e.instance, e.time, e.reversed) for e in timeline.seek(1.75)]
    assert back == [("S", 0, 3.5, True), ("S", 1, 2.5, True), ("E", 0, 2.5, True), ("E", 1, 2, True)]
    scene = gf.Scene()
    scene.add_layer("a", frame=(0, 0, 10, 10))
    scene.add_layer("b", frame=(0, 0, 10, 10))
    timeline.apply(scene)
    for t, opacity, x in ((0.5, 0.5, 0), (1.75, 0, 10), (2.25, 0, 5), (3, 0.5, 0), (4, 1, 0)):
        a_state, b_state = scene.sample(t)
        assert abs(a_state["opacity"] - opacity) < 1e-9 and abs(b_state["x"] - x) < 1e-9, t
    assert json.loads(timeline.to_json())["timeline"] == document["timeline"]
    with pytest.raises(gf.InvalidArgumentError, match=r"timeline.timeScale: timeScale must be > 0"):
        gf.Timeline.from_json({"timeline": {"sequence": [], "timeScale": 0}})
