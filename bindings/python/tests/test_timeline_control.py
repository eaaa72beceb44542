"""Timeline playback through the binding: seek, advance, rate, reverse and time, with events
once per crossing in order (by hand, and against a brute-force reference that steps time
finely), callbacks, and bad input and misuse refused with the player left as it was.

Every time here is a multiple of 1/64, exact in binary, so times compare exactly."""

from __future__ import annotations

import copy
import math
import random
from typing import Dict, List, Tuple

import pytest

import ghostframe as gf
from ghostframe.timeline_player import TimelineEvent

#: 0 A [0, 1] on a; a parallel of 1 B [1, 1.5] on b and 2 C [1, 2] on c; 3 D of duration 0 at
#: "<0.5" = 1.5 on a; 4 E [1.5, 2.25] on a, b staggered by 0.25; a trailing delay: duration 2.5.
DOCUMENT = {
    "definitions": {name: {"changes": {"opacity": 1}} for name in "ABCDE"},
    "timeline": {"sequence": [
        {"anim": "A", "layers": ["a"], "duration": 1},
        {"parallel": [{"anim": "B", "layers": ["b"], "duration": 0.5},
                      {"anim": "C", "layers": ["c"], "duration": 1}]},
        {"anim": "D", "layers": ["a"], "duration": 0, "position": "<0.5"},
        {"stagger": 0.25}, {"anim": "E", "layers": ["a", "b"], "duration": 0.5},
        {"delay": 0.25},
    ]},
}
LAYERS = {0: ("a",), 1: ("b",), 2: ("c",), 3: ("a",), 4: ("a", "b")}


def timeline() -> gf.Timeline:
    return gf.Timeline.from_json(DOCUMENT)


def short(events: List[TimelineEvent]) -> str:
    """'S0@0 E0@1 ...', a trailing '<' for reversed."""
    return " ".join(f"{e.kind[0].upper()}{e.instance}@{e.time:g}{'<' if e.reversed else ''}" for e in events)


FORWARD = "S0@0 E0@1 S1@1 S2@1 E1@1.5 S3@1.5 E3@1.5 S4@1.5 E2@2 E4@2.25"


def test_forwards_in_steps() -> None:
    t = timeline()
    assert t.time == 0 and t.rate == 1
    events = []
    for _ in range(12):
        events += t.advance(0.25)
    assert short(events) == FORWARD
    assert t.time == 2.5 == t.duration
    for event in events:
        assert event.name == "ABCDE"[event.instance] and event.layers == LAYERS[event.instance]
    assert events[0] == TimelineEvent("started", 0, "A", ("a",), 0.0, False)
    assert events[0]._fields == ("kind", "instance", "name", "layers", "time", "reversed")
    assert t.advance(1) == [] and t.time == 2.5  # clamped at the end


def test_first_call_starts_before_zero() -> None:
    t = timeline()
    assert short(t.advance(0)) == "S0@0"
    assert t.advance(0) == [] and t.seek(0) == []


def test_backwards_mirrors_forwards() -> None:
    t = timeline()
    forwards = t.seek(2.5)
    assert short(forwards) == FORWARD
    back = t.seek(0)
    assert short(back) == "S4@2.25< S2@2< E4@1.5< S3@1.5< E3@1.5< S1@1.5< E2@1< E1@1< S0@1< E0@0<"
    assert [(e.instance, e.time) for e in back] == [(e.instance, e.time) for e in reversed(forwards)]
    assert all(b.kind != f.kind for b, f in zip(back, reversed(forwards)))
    assert t.seek(2.5) == forwards


def test_back_and_forth_on_a_boundary() -> None:
    t = timeline()
    assert short(t.seek(1)) == "S0@0 E0@1 S1@1 S2@1"
    assert short(t.seek(0.5)) == "E2@1< E1@1< S0@1<"
    assert short(t.seek(1)) == "E0@1 S1@1 S2@1"
    assert t.seek(1) == []
    t.reverse()
    assert short(t.advance(0.25)) == "E2@1< E1@1< S0@1<"
    assert t.time == 0.75


def test_rates_and_reverse() -> None:
    t = timeline()
    t.rate = 2
    assert t.rate == 2.0
    assert short(t.advance(0.25)) == "S0@0" and t.time == 0.5
    assert short(t.advance(0.25)) == "E0@1 S1@1 S2@1" and t.time == 1
    t.rate = -0.5
    assert short(t.advance(0.25)) == "E2@1< E1@1< S0@1<" and t.time == 0.875
    t.reverse()
    assert t.rate == 0.5
    assert short(t.advance(0.25)) == "E0@1 S1@1 S2@1" and t.time == 1
    t.rate = -1e300
    assert short(t.advance(1e300)) == "E2@1< E1@1< S0@1< E0@0<" and t.time == 0  # clamped, not an error


def test_zero_duration_instances() -> None:
    t = gf.Timeline.from_json({
        "definitions": {"Z": {"changes": {"opacity": 1}}},
        "timeline": {"sequence": [{"anim": "Z", "layers": ["a"], "duration": 0}, {"delay": 0.5},
                                  {"anim": "Z", "layers": ["b"], "duration": 0}, {"delay": 0.5}]},
    })
    assert short(t.advance(0)) == "S0@0 E0@0"
    assert short(t.seek(0.5)) == "S1@0.5 E1@0.5"
    assert t.seek(0.75) == []
    assert short(t.seek(0.25)) == "S1@0.5< E1@0.5<"
    assert short(t.seek(0)) == "S0@0< E0@0<"


def test_callback_sees_the_events_and_its_exception_is_raised_after() -> None:
    t = timeline()
    seen: List[TimelineEvent] = []
    assert t.seek(1.5, callback=seen.append) == seen and len(seen) == 8

    calls = []

    def boom(event: TimelineEvent) -> None:
        calls.append(event)
        raise KeyError("from the callback")

    with pytest.raises(KeyError, match="from the callback"):
        t.seek(2.5, callback=boom)
    assert len(calls) == 1  # not called again
    assert t.time == 2.5  # the move happened
    with pytest.raises(TypeError):
        t.seek(0, callback=42)  # type: ignore[arg-type]
    assert t.time == 2.5


def test_callback_must_not_call_into_its_timeline() -> None:
    t, other = timeline(), timeline()
    problems: List[BaseException] = []

    def reenter(event: TimelineEvent) -> None:
        for action in (lambda: t.time, lambda: t.seek(0), lambda: t.reverse(), t.close):
            try:
                action()
            except RuntimeError as exc:
                problems.append(exc)
        other.seek(1)  # another timeline is fine

    t.advance(0, callback=reenter)
    assert len(problems) == 4 and all("callback" in str(p) for p in problems)
    assert not t.closed and t.time == 0 and t.rate == 1
    assert other.time == 1
    assert short(t.seek(1)) == "E0@1 S1@1 S2@1"


def test_bad_input_changes_nothing() -> None:
    t = timeline()
    t.seek(1.25)
    t.rate = -2
    for bad in (math.nan, math.inf, -math.inf):
        with pytest.raises(gf.InvalidArgumentError):
            t.seek(bad)
        with pytest.raises(gf.InvalidArgumentError):
            t.advance(bad)
        with pytest.raises(gf.InvalidArgumentError):
            t.rate = bad
    for bad in (0, 0.0, -0.0):
        with pytest.raises(gf.InvalidArgumentError):
            t.rate = bad
    with pytest.raises(gf.InvalidArgumentError):
        t.advance(-0.25)
    for bad in ("1", None, [1]):
        with pytest.raises(TypeError):
            t.seek(bad)  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            t.rate = bad  # type: ignore[assignment]
    assert t.time == 1.25 and t.rate == -2
    assert short(t.advance(0.25)) == "E2@1< E1@1< S0@1<" and t.time == 0.75
    t.close()
    for action in (lambda: t.time, lambda: t.rate, lambda: t.seek(0), lambda: t.advance(0), t.reverse):
        with pytest.raises(gf.InvalidArgumentError, match="closed"):
            action()


def test_a_copy_has_a_player_of_its_own() -> None:
    t = timeline()
    t.seek(1)
    t.rate = -2
    c = copy.copy(t)
    assert (c.time, c.rate) == (0, 1) and (t.time, t.rate) == (1, -2)
    assert short(c.seek(2.5)) == FORWARD
    assert t.time == 1 and short(t.advance(0.25)) == "E2@1< E1@1< S0@1<"


def test_sampled_at_time() -> None:
    fade = gf.Timeline.from_json({
        "definitions": {"fade": {"curve": "linear", "changes": {"opacity": -0.5}}},
        "timeline": {"sequence": [{"anim": "fade", "layers": ["card"], "duration": 2}]},
    })
    scene = gf.Scene()
    scene.add_layer("card")
    fade.apply(scene)
    fade.rate = 2
    for host, expected in [(0.25, 0.5), (0.125, 0.75), (1.0, 2.0)]:
        fade.advance(host)
        assert fade.time == expected
        # Closed form 1 - 0.5 * t / 2; tolerance 1e-12.
        state = scene.sample(fade.time)[0]  # a numpy record, or a LayerState without numpy
        opacity = state.opacity if hasattr(state, "opacity") else float(state["opacity"])
        assert abs(opacity - (1 - 0.25 * expected)) < 1e-12


# -- against a brute-force reference ---------------------------------------------------------


class Reference:
    """Walks time in steps of 1/128 from the old position to the new, and reports where each
    instance's "has started" / "has ended" flips. A position is a time and a side: arriving
    forwards it is just after the boundaries at its time, backwards just before; it starts
    just before 0. Spans come from the schedule's entries (one definition name per instance)."""

    STEP = 1 / 128

    def __init__(self, spans: List[Tuple[float, float]], duration: float) -> None:
        self.spans, self.duration = spans, duration
        self.time, self.after, self.rate = 0.0, False, 1.0

    @staticmethod
    def passed(boundary: float, t: float, after: bool) -> bool:
        return t > boundary or (t == boundary and after)

    def move(self, raw: float) -> List[Tuple[str, int, float, bool]]:
        target = min(max(raw, 0.0), self.duration)
        forwards = self.rate > 0 if target == self.time else target > self.time
        events: List[Tuple[str, int, float, bool]] = []
        previous = (self.time, self.after)
        points = [self.time]
        k = 1
        while True:
            t = self.time + (k if forwards else -k) * self.STEP
            if (t >= target) if forwards else (t <= target):
                break
            points.append(t)
            k += 1
        points.append(target)
        for t in points:
            order = range(len(self.spans)) if forwards else reversed(range(len(self.spans)))
            for i in order:
                start, end = self.spans[i]
                s = self.passed(start, *previous) != self.passed(start, t, forwards)
                e = self.passed(end, *previous) != self.passed(end, t, forwards)
                crossed = [("started", i, start, False)] * s + [("ended", i, end, False)] * e if forwards else \
                    [("started", i, end, True)] * e + [("ended", i, start, True)] * s
                assert all(c[2] == t for c in crossed), "the reference stepped over a boundary off its grid"
                events += crossed
            previous = (t, forwards)
        self.time, self.after = target, forwards
        return events


def random_document(rng: random.Random) -> Tuple[dict, int]:
    """A random timeline whose instances are named i0, i1, ... in order of appearance."""
    count = 0

    def items(depth: int) -> list:
        nonlocal count
        out = []
        for _ in range(rng.randint(1, 4)):
            roll = rng.randrange(7 if depth < 2 else 5)
            if roll <= 2:
                out.append({"anim": f"i{count}", "layers": rng.sample(["a", "b", "c", "d"], rng.randint(1, 3)),
                            "duration": rng.randint(0, 12) / 16})
                count += 1
            elif roll == 3:
                out.append({"delay": rng.randint(-4, 6) / 16})
            elif roll == 4:
                out.append({"stagger": rng.randint(0, 3) / 16})
            else:
                out.append({"sequence" if roll == 5 else "parallel": items(depth + 1)})
        return out

    root = {"sequence" if rng.random() < 0.5 else "parallel": items(0)}
    return {"definitions": {f"i{n}": {"changes": {"opacity": 1}} for n in range(count)}, "timeline": root}, count


def test_random_timelines_against_the_reference() -> None:
    rng = random.Random(14)
    timelines = moves = events = 0
    while timelines < 40:
        document, count = random_document(rng)
        try:
            t = gf.Timeline.from_json(document)
        except gf.InvalidArgumentError:  # a negative delay put something before 0
            continue
        timelines += 1
        spans: Dict[int, Tuple[float, float]] = {}
        for entry in t.schedule():
            i = int(entry.name[1:])
            start, end = spans.get(i, (math.inf, -math.inf))
            spans[i] = (min(start, entry.begin), max(end, entry.end))
        assert sorted(spans) == list(range(count))
        reference = Reference([spans[i] for i in range(count)], t.duration)
        boundaries = [b for span in spans.values() for b in span]
        history: Dict[int, List[str]] = {}
        for _ in range(30):
            roll = rng.randrange(6)
            if roll == 0:
                target = rng.randint(-8, int(t.duration * 16) + 8) / 16
                got, want = t.seek(target), reference.move(target)
            elif roll == 1 and boundaries:
                target = rng.choice(boundaries)
                got, want = t.seek(target), reference.move(target)
            elif roll == 2:
                t.reverse()
                reference.rate = -reference.rate
                continue
            elif roll == 3:
                t.rate = reference.rate = rng.choice([1, 2, 0.5, -1, -0.5, -2])
                continue
            else:
                host = rng.randint(0, 8) / 16
                got, want = t.advance(host), reference.move(reference.time + host * reference.rate)
            moves += 1
            events += len(got)
            assert [(e.kind, e.instance, e.time, e.reversed) for e in got] == want, document
            assert t.time == reference.time
            for e in got:
                history.setdefault(e.instance, []).append(e.kind)
        for kinds in history.values():  # each instance alternates started, ended, ...
            assert kinds == [("started", "ended")[k % 2] for k in range(len(kinds))]
    assert moves > 600 and events > 600
