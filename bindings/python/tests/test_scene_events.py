"""Scene.advance: events forwards and backwards, the callback, exceptions raised inside it,
and what ending does to an animation."""

from __future__ import annotations

import gc

import pytest

import ghostframe as gf

A = gf.Animation


@pytest.fixture
def two():
    """'a' runs 0.5..1.5 (key "fade"), 'b' runs 1.0..1.75 (no key); both kept after end."""
    scene = gf.Scene()
    scene.add_layer("a")
    scene.add_layer("b")
    ida = scene.add_animation("a", A.basic("opacity", to=0, timing=gf.Timing(1, delay=0.5), keep_after_end=True),
                              key="fade")
    idb = scene.add_animation("b", A.basic("position.x", by=5, timing=gf.Timing(0.75, delay=1), keep_after_end=True))
    return scene, ida, idb


def test_forwards_then_backwards(two) -> None:
    scene, ida, idb = two
    assert scene.advance(0) == []  # the first call reports everything up to t: nothing yet
    events = scene.advance(2)
    assert events == [
        gf.Event("started", ida, 0.5, "a", "fade", False),
        gf.Event("started", idb, 1.0, "b", None, False),
        gf.Event("ended", ida, 1.5, "a", "fade", False),
        gf.Event("ended", idb, 1.75, "b", None, False),
    ]
    # Backwards: crossing an end "starts" an animation from its end, crossing a start ends it.
    assert scene.advance(0.75) == [
        gf.Event("started", idb, 1.75, "b", None, True),
        gf.Event("started", ida, 1.5, "a", "fade", True),
        gf.Event("ended", idb, 1.0, "b", None, True),
    ]
    assert scene.advance(0.75) == []  # no time passed
    assert scene.advance(0) == [gf.Event("ended", ida, 0.5, "a", "fade", True)]


def test_event_fields(two) -> None:
    scene, ida, _ = two
    event = scene.advance(1)[0]
    assert event.kind == "started" and event.animation_id == ida and event.time == 0.5
    assert event.layer_id == "a" and event.key == "fade" and event.reversed is False
    assert event._fields == ("kind", "animation_id", "time", "layer_id", "key", "reversed")


def test_callback_sees_the_events_in_order(two) -> None:
    scene, ida, idb = two
    seen = []
    returned = scene.advance(2, callback=seen.append)
    assert seen == returned and len(seen) == 4
    seen.clear()
    back = scene.advance(-1, lambda e: seen.append((e.kind, e.animation_id, e.reversed)))
    assert seen == [("started", idb, True), ("started", ida, True), ("ended", idb, True), ("ended", ida, True)]
    assert [(e.kind, e.animation_id, e.reversed) for e in back] == seen


def test_first_call_reports_everything_up_to_t() -> None:
    scene = gf.Scene()
    scene.add_layer("a")
    first = scene.add_animation("a", A.basic("opacity", to=0, timing=0.5))
    assert [(e.kind, e.time) for e in scene.advance(0.25)] == [("started", 0.0)]
    assert [(e.kind, e.animation_id) for e in scene.advance(1)] == [("ended", first)]


def test_ended_animation_leaves_the_scene_unless_kept(numpy_mode) -> None:
    scene = gf.Scene()
    scene.add_layer("gone", opacity=1)
    scene.add_layer("kept", opacity=1)
    fill = gf.Timing(1, fill="forwards")
    gone = scene.add_animation("gone", A.basic("opacity", to=0.5, timing=fill))
    kept = scene.add_animation("kept", A.basic("opacity", to=0.5, timing=fill, keep_after_end=True))

    def opacities(t):
        states = scene.sample(t)
        return [float(s["opacity"]) if numpy_mode is not None else s.opacity for s in states]

    assert opacities(0.5) == [0.75, 0.75]
    scene.advance(2)
    assert opacities(0.5) == [1.0, 0.75]  # 'gone' was removed when it ended
    assert [e.animation_id for e in scene.advance(0.5)] == [kept]  # only the kept one restarts
    with pytest.raises(gf.NotFoundError):
        scene.remove_animation(gone)
    scene.remove_animation(kept)


def test_exception_in_callback_is_reraised_after_the_call(two) -> None:
    scene, ida, idb = two

    class Boom(Exception):
        pass

    calls = []
    boom = Boom("second event")

    def callback(event):
        calls.append(event)
        if len(calls) == 2:
            raise boom

    with pytest.raises(Boom) as err:
        scene.advance(2, callback)
    assert err.value is boom
    assert len(calls) == 2  # not called again after it raised
    assert scene.advance(2) == []  # the clock moved to 2 all the same
    assert [e.animation_id for e in scene.advance(1.6)] == [idb]


def test_base_exceptions_in_callback_are_reraised_too(two) -> None:
    scene, _, _ = two

    def callback(event):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        scene.advance(2, callback)


def test_callback_must_not_call_into_the_scene(two) -> None:
    scene, _, _ = two
    with pytest.raises(RuntimeError, match="must not call into the scene"):
        scene.advance(2, lambda e: scene.sample(0))
    assert len(scene.sample(0)) == 2  # usable again afterwards
    other = gf.Scene()
    other.add_layer("x")
    seen = []
    scene.advance(0, lambda e: seen.append(len(other.sample(0))))  # other scenes are fine
    assert seen and all(n == 1 for n in seen)


def test_callback_type_is_checked(two) -> None:
    scene, _, _ = two
    with pytest.raises(TypeError, match="callable"):
        scene.advance(1, callback=5)


def test_callback_trampoline_is_released() -> None:
    """The CFUNCTYPE lives only for the call: no cycle keeps the scene or callback alive."""
    import weakref

    scene = gf.Scene()
    scene.add_layer("a")
    scene.add_animation("a", A.basic("opacity", to=0, timing=1))

    class Sink:
        def __call__(self, event):
            pass

    sink = Sink()
    ref = weakref.ref(sink)
    scene.advance(2, sink)
    del sink
    gc.collect()
    assert ref() is None


def test_nonfinite_time_is_refused(two) -> None:
    scene, _, _ = two
    for bad in (float("nan"), float("inf"), -float("inf")):
        with pytest.raises(gf.InvalidArgumentError, match=r"\bt\b|time|finite"):
            scene.advance(bad)
    with pytest.raises(TypeError):
        scene.advance("1")
    assert len(scene.advance(2)) == 4  # the refused calls did not move the clock


def test_group_and_transition_events() -> None:
    scene = gf.Scene()
    scene.add_layer("old")
    scene.add_layer("new")
    g = scene.add_animation("old", A.group([A.basic("opacity", to=0, timing=1)], timing=gf.Timing(2, delay=1)))
    t = scene.add_animation("new", A.transition("fade", from_layer="old", timing=gf.Timing(0.5)))
    events = scene.advance(10)
    assert [(e.kind, e.animation_id, e.time) for e in events] == [
        ("started", t, 0.0), ("ended", t, 0.5), ("started", g, 1.0), ("ended", g, 3.0)]


def test_callback_must_not_close_the_scene(two) -> None:
    scene, _, _ = two
    with pytest.raises(RuntimeError, match="must not close"):
        scene.advance(2, lambda e: scene.close())
    assert not scene.closed
    with scene:
        pass
    assert scene.closed
