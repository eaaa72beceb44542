"""Animations: every kind builds and samples to hand-computed values; flags, keys,
hand-off, removal; the Animation object's lifetime and introspection."""

from __future__ import annotations

import gc
import json
import math
import pickle

import pytest

import ghostframe as gf
from _support import LEAK_BOUND_BYTES, resident_growth

A = gf.Animation
approx = lambda v: pytest.approx(v, abs=1e-9)  # noqa: E731


def one(key_path, animation, t, *, field=None, **layer):
    """Samples a one-layer scene with `animation` at t and returns field (default by key path)."""
    scene = gf.Scene()
    scene.add_layer("a", **layer)
    scene.add_animation("a", animation)
    return value(scene.sample(t), 0, field or _FIELD[key_path])


_FIELD = {"opacity": "opacity", "position.x": "x", "position.y": "y", "cornerRadius": "corner_radius",
          "transform.rotation": "transform"}


def value(states, i, name):
    v = states[i][name] if hasattr(states, "dtype") else getattr(states[i], name)
    return v.tolist() if hasattr(v, "tolist") else (list(v) if isinstance(v, tuple) else v)


# -- basic -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "values, expected",
    [
        (dict(from_=0.2, to=0.6), 0.3),          # from + to
        (dict(from_=0.2, by=0.4), 0.3),          # from + by: 0.2 -> 0.6
        (dict(by=0.4, to=0.6), 0.3),             # by + to: 0.2 -> 0.6
        (dict(to=0.2), 1 - 0.8 * 0.25),          # to alone: from the model value (1)
        (dict(from_=0.2), 0.2 + 0.8 * 0.25),     # from alone: to the model value
        (dict(by=-0.4), 1 - 0.4 * 0.25),         # by alone: model -> model + by
    ],
)
def test_basic_value_combinations(values, expected, numpy_mode) -> None:
    assert one("opacity", A.basic("opacity", **values, timing=1), 0.25) == approx(expected)


def test_basic_with_multi_component_values(numpy_mode) -> None:
    scene = gf.Scene()
    scene.add_layer("a", frame=(0, 0, 10, 10))
    scene.add_animation("a", A.basic("frame", from_=(0, 0, 10, 10), to=(100, 50, 30, 20), timing=1))
    scene.add_animation("a", A.basic("backgroundColor", from_="#000000", to=(1, 0.5, 0, 1), timing=1))
    s = scene.sample(0.5)
    assert [value(s, 0, k) for k in ("x", "y", "width", "height")] == approx([50, 25, 20, 15])
    assert [value(s, 0, k) for k in "rgba"] == approx([0.5, 0.25, 0, 1])


def test_basic_additive_and_cumulative(numpy_mode) -> None:
    add = A.basic("opacity", from_=0, to=0.2, additive=True, timing=1)
    assert one("opacity", add, 0.5, opacity=0.5) == approx(0.6)
    cumulative = A.basic("position.x", from_=0, to=10, cumulative=True, timing=gf.Timing(1, iterations=2))
    assert one("position.x", cumulative, 1.5) == approx(15)  # the second run continues from 10
    plain = A.basic("position.x", from_=0, to=10, timing=gf.Timing(1, iterations=2))
    assert one("position.x", plain, 1.5) == approx(5)


def test_basic_uses_the_timings_easing_and_delay(numpy_mode) -> None:
    timing = gf.Timing(2, delay=1, easing="ease-in")
    got = one("position.x", A.basic("position.x", from_=0, to=100, timing=timing), 2.0)
    assert got == approx(100 * gf.Curve("ease-in")(0.5))
    # A number is a linear duration.
    assert one("position.x", A.basic("position.x", from_=0, to=100, timing=4), 1.0) == approx(25)


def test_after_the_end(numpy_mode) -> None:
    assert one("opacity", A.basic("opacity", to=0, timing=1), 2, opacity=0.7) == approx(0.7)
    # Core Animation's removedOnCompletion: a fill holds the end value only for an animation
    # kept after its end.
    filled = gf.Timing(1, fill="forwards")
    assert one("opacity", A.basic("opacity", to=0, timing=filled), 2, opacity=0.7) == approx(0.7)
    held = A.basic("opacity", to=0, timing=filled, keep_after_end=True)
    assert one("opacity", held, 2, opacity=0.7) == approx(0)
    unfilled = A.basic("opacity", to=0, timing=1, keep_after_end=True)
    assert one("opacity", unfilled, 2, opacity=0.7) == approx(0.7)


def test_rotation_basic(numpy_mode) -> None:
    got = one("transform.rotation", A.basic("transform.rotation", from_=0, to=math.pi, timing=1), 0.5,
              frame=(0, 0, 10, 10))
    assert got[:4] == approx([0, 1, -1, 0])


def test_custom_key_path(numpy_mode) -> None:
    scene = gf.Scene()
    scene.add_layer("a")
    scene.set_custom("a", "progress", 1)
    scene.add_animation("a", A.basic("custom.progress", by=2, timing=1))
    assert list(scene.sample_custom("progress", 0.5)) == approx([2])


# -- keyframes -----------------------------------------------------------------------------------


def test_keyframes_linear_with_key_times(numpy_mode) -> None:
    anim = A.keyframes("opacity", [0, 1, 0.5], key_times=[0, 0.8, 1], timing=2)
    assert one("opacity", anim, 0.8) == approx(0.5)    # progress 0.4: half of the first segment
    assert one("opacity", anim, 1.8) == approx(0.75)   # progress 0.9: half of the second
    assert one("opacity", anim, 1.6) == approx(1.0)    # on a key time


def test_keyframes_discrete(numpy_mode) -> None:
    anim = A.keyframes("opacity", [0.2, 0.6, 1.0], mode="discrete", timing=1)
    assert [one("opacity", anim, t) for t in (0.1, 0.4, 0.7)] == approx([0.2, 0.6, 1.0])
    timed = A.keyframes("opacity", [0.2, 0.6], key_times=[0, 0.9, 1], mode="discrete", timing=1)
    assert [one("opacity", timed, t) for t in (0.85, 0.95)] == approx([0.2, 0.6])


def test_keyframes_paced(numpy_mode) -> None:
    anim = A.keyframes("position.x", [0, 10, 30], mode="paced", timing=1)
    assert [one("position.x", anim, t) for t in (0.25, 0.5, 0.75)] == approx([7.5, 15, 22.5])


def test_keyframes_cubic_and_tcb(numpy_mode) -> None:
    values = [0, 10, 0, 10]
    cubic = A.keyframes("position.x", values, mode="cubic", timing=1)
    linear = A.keyframes("position.x", values, timing=1)
    for i, t in enumerate((0, 1 / 3, 2 / 3)):  # passes through every keyframe
        assert one("position.x", cubic, t) == approx(values[i])
    assert one("position.x", cubic, 1 / 6) != approx(one("position.x", linear, 1 / 6))
    # Tension 1 flattens every tangent: the spline is then a smoothstep between keyframes.
    tight = A.keyframes("position.x", values, mode="cubic", tension=[1, 1, 1, 1], timing=1)
    assert one("position.x", tight, 1 / 6) == approx(5)
    biased = A.keyframes("position.x", values, mode="cubic", continuity=[0, 0.5, 0, 0], bias=[0, 1, 0, 0],
                         timing=1)
    assert one("position.x", biased, 1 / 6) != approx(one("position.x", cubic, 1 / 6))
    paced = A.keyframes("position", [(0, 0), (10, 0), (10, 30)], mode="cubic-paced", timing=1)
    assert one("position", paced, 1, field="x", frame=(0, 0, 0, 0)) == approx(0)  # no fill: model


def test_keyframes_segment_curves(numpy_mode) -> None:
    anim = A.keyframes("position.x", [0, 10, 20], curves=["ease-in", None], timing=1)
    assert one("position.x", anim, 0.25) == approx(10 * gf.Curve("ease-in")(0.5))
    assert one("position.x", anim, 0.75) == approx(15)
    with gf.Curve("steps(2)") as steps:
        stepped = A.keyframes("position.x", [0, 10], curves=[steps], timing=1)
    assert one("position.x", stepped, 0.6) == approx(5)  # the curve was copied; closing it is fine


def test_keyframes_multi_component(numpy_mode) -> None:
    anim = A.keyframes("position", [(0, 0), (100, 50)], timing=1)
    scene = gf.Scene()
    scene.add_layer("a", frame=(0, 0, 10, 20))
    scene.add_animation("a", anim)
    s = scene.sample(0.5)
    assert (value(s, 0, "x"), value(s, 0, "y")) == approx((50 - 5, 25 - 10))
    colors = A.keyframes("backgroundColor", ["#000000", "#FFFFFF"], timing=1)
    assert one("backgroundColor", colors, 0.5, field="r") == approx(0.5)


def test_keyframes_accept_numpy_values(np) -> None:
    anim = A.keyframes("position", np.array([[0.0, 0.0], [10.0, 20.0]]), key_times=np.array([0.0, 1.0]), timing=1)
    assert one("position", anim, 0.5, field="y", frame=(0, 0, 0, 0)) == approx(10)
    assert one("opacity", A.basic("opacity", to=np.float64(0), timing=1), 0.5) == approx(0.5)


# -- springs -------------------------------------------------------------------------------------


def test_spring_follows_the_spring_formula(numpy_mode) -> None:
    spring = gf.Spring(stiffness=200, damping=15)
    anim = A.spring("position.y", from_=0, to=200, spring=spring)
    for t in (0.05, 0.2, 0.6):
        assert one("position.y", anim, t) == approx(200 * spring.value(t))
    settle = spring.settling_duration()
    assert one("position.y", anim, settle + 5) == approx(0)  # over: the model value
    kept = A.spring("position.y", from_=0, to=200, spring=spring, keep_after_end=True)
    held = one("position.y", kept, settle + 5)  # holds the value where its timing ends:
    assert held == approx(200 * spring.value(settle))  # within 1e-3 of the distance of `to`
    assert abs(held - 200) <= 200 * 1e-3


def test_spring_velocity_is_in_units_per_second(numpy_mode) -> None:
    anim = A.spring("position.y", from_=0, to=200, velocity=100, spring=gf.Spring())
    expected = 200 * gf.Spring(initial_velocity=100 / 200).value(0.1)
    assert one("position.y", anim, 0.1) == approx(expected)


def test_spring_from_the_model_value_and_with_timing(numpy_mode) -> None:
    anim = A.spring("opacity", to=0, spring=gf.Spring())
    assert one("opacity", anim, 0.1) == approx(1 - gf.Spring().value(0.1))
    timed = A.spring("opacity", to=0, timing=gf.Timing(0.2))
    assert one("opacity", timed, 0.5) == approx(1)  # its own timing: over at 0.2, no fill


# -- groups --------------------------------------------------------------------------------------


def test_group_runs_children_in_its_time(numpy_mode) -> None:
    children = [
        A.basic("opacity", from_=0, to=1, timing=2),
        A.basic("position.x", from_=0, to=10, timing=gf.Timing(1, delay=0.5)),
    ]
    group = A.group(children, timing=gf.Timing(1, delay=1))
    scene = gf.Scene()
    scene.add_layer("a", frame=(0, 0, 0, 0), opacity=0.9)
    scene.add_animation("a", group)
    s = scene.sample(1.5)  # group time 0.5
    assert value(s, 0, "opacity") == approx(0.25) and value(s, 0, "x") == approx(0)
    s = scene.sample(1.75)  # group time 0.75
    assert value(s, 0, "opacity") == approx(0.375) and value(s, 0, "x") == approx(2.5)
    assert value(scene.sample(2.5), 0, "opacity") == approx(0.9)  # clipped at the group's end
    assert group.kind == "group" and group.key_path is None
    assert repr(group) == "Animation.group(2 children)"


def test_group_time_scale_reaches_its_children(numpy_mode) -> None:
    # The case: a Core Animation group {duration 2, speed 2} and a child 0 -> 10
    # {beginTime 0.5, duration 1}. At t = 0.5 the group's local time is 1.0, so the child is
    # halfway: 5 (CAAnimationGroup: children run in the group's time space). A Web Animations
    # timing with time_scale 2 over 1 s is the same group, written the other way.
    child = A.basic("position.x", from_=0, to=10, timing=gf.Timing.core_animation(1, begin_time=0.5))
    for timing in (gf.Timing.core_animation(2, speed=2), gf.Timing(1, time_scale=2)):
        assert timing.time_scale == 2
        assert one("position.x", A.group([child], timing=timing), 0.5) == approx(5)
        assert one("position.x", A.group([child], timing=timing), 0.6) == approx(7)


def test_time_scale_survives_copies_and_is_checked() -> None:
    import copy

    timing = gf.Timing.core_animation(2, speed=4)
    assert copy.copy(timing).time_scale == 4 and timing.params()["time_scale"] == 4
    assert "time_scale=4.0" in repr(timing)
    for bad in (0.0, -1.0, float("nan"), float("inf")):
        with pytest.raises(gf.InvalidArgumentError, match="time scale"):
            gf.Timing(1, time_scale=bad)


def test_nested_groups(numpy_mode) -> None:
    inner = A.group([A.basic("opacity", from_=0, to=1, timing=1)], timing=gf.Timing(1, delay=0.5))
    outer = A.group([inner], timing=3)
    assert one("opacity", outer, 1.0) == approx(0.5)


# -- transitions ---------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["fade", "move-in", "push", "reveal"])
@pytest.mark.parametrize("direction", ["from-left", "from-right", "from-top", "from-bottom"])
def test_every_transition_builds_and_samples(kind, direction) -> None:
    scene = gf.Scene()
    scene.add_layer("old", frame=(0, 0, 100, 80))
    scene.add_layer("new", frame=(0, 0, 100, 80))
    anim = A.transition(kind, direction, from_layer="old", timing=1)
    scene.add_animation("new", anim)
    middle, after = scene.sample(0.5), scene.sample(1)  # two new arrays
    assert len(middle) == 2
    changed = middle != after if isinstance(middle, list) else middle.tobytes() != after.tobytes()
    assert changed, f"{kind} {direction} does nothing"
    assert anim.kind == "transition" and anim.key_path is None


def test_fade_and_push_values(numpy_mode) -> None:
    scene = gf.Scene()
    scene.add_layer("old", frame=(0, 0, 100, 80))
    scene.add_layer("new", frame=(0, 0, 100, 80))
    scene.add_animation("new", A.transition("fade", from_layer="old", timing=1))
    s = scene.sample(0.25)
    assert (value(s, 0, "opacity"), value(s, 1, "opacity")) == approx((0.75, 0.25))
    scene = gf.Scene()
    scene.add_layer("old", frame=(0, 0, 100, 80))
    scene.add_layer("new", frame=(0, 0, 100, 80))
    scene.add_animation("new", A.transition("push", "from-left", from_layer="old", timing=1))
    s = scene.sample(0.25)  # the new content comes in from the left, pushing the old out
    assert (value(s, 0, "transform")[4], value(s, 1, "transform")[4]) == approx((25, -75))


def test_transition_progress_range(numpy_mode) -> None:
    scene = gf.Scene()
    scene.add_layer("old")
    scene.add_layer("new")
    scene.add_animation("new", A.transition("fade", from_layer="old", start_progress=0.5, end_progress=1,
                                            timing=1))
    assert value(scene.sample(0), 1, "opacity") == approx(0.5)


# -- attaching -----------------------------------------------------------------------------------


def test_keys_replace_and_ids_are_unique(numpy_mode) -> None:
    scene = gf.Scene()
    scene.add_layer("a")
    first = scene.add_animation("a", A.basic("opacity", to=0, timing=1), key="k")
    second = scene.add_animation("a", A.basic("opacity", to=0.5, timing=1), key="k")
    assert first != second
    assert value(scene.sample(0.5), 0, "opacity") == approx(0.75)  # only the second one runs
    with pytest.raises(gf.NotFoundError):
        scene.remove_animation(first)
    scene.remove_animation(second)
    assert value(scene.sample(0.5), 0, "opacity") == approx(1)


def test_one_animation_attached_many_times(numpy_mode) -> None:
    anim = A.basic("opacity", from_=0, to=1, timing=1)
    scene = gf.Scene()
    ids = set()
    for i in range(5):
        scene.add_layer(f"l{i}")
        ids.add(scene.add_animation(f"l{i}", anim))
    anim.close()  # the scene holds copies
    assert len(ids) == 5
    assert [value(scene.sample(0.5), i, "opacity") for i in range(5)] == approx([0.5] * 5)


def test_handoff_continues_from_the_presentation_value(numpy_mode) -> None:
    scene = gf.Scene()
    scene.add_layer("a", frame=(0, 0, 0, 0))
    scene.add_animation("a", A.basic("position.x", from_=0, to=100, timing=1, keep_after_end=True), key="move")
    # At 0.5 the layer is at 50; a new animation without a from value starts there.
    scene.add_animation("a", A.basic("position.x", to=0, timing=gf.Timing(1, delay=0.5)), key="move",
                        handoff_time=0.5)
    assert value(scene.sample(1.0), 0, "x") == approx(25)
    # A spring without from or velocity takes both from the motion it replaces.
    scene = gf.Scene()
    scene.add_layer("a", frame=(0, 0, 0, 0))
    scene.add_animation("a", A.basic("position.x", from_=0, to=100, timing=1), key="move")
    spring = gf.Spring()
    scene.add_animation("a", A.spring("position.x", to=0, spring=spring, timing=gf.Timing(5, delay=0.5)),
                        key="move", handoff_time=0.5)
    t = 0.75  # 0.25 s into the spring: from 50 towards 0, starting at 100 units/s
    expected = 50 - 50 * gf.Spring(initial_velocity=100 / -50).value(0.25)
    assert value(scene.sample(t), 0, "x") == approx(expected)


# -- the Animation object ------------------------------------------------------------------------


def test_introspection_and_repr() -> None:
    anim = A.basic("opacity", to=0, timing=1)
    assert anim.kind == "basic" and anim.key_path == "opacity"
    assert repr(anim) == "Animation.basic('opacity')"
    assert A.keyframes("position.x", [0, 1], timing=1).kind == "keyframes"
    assert A.spring("opacity", to=0).kind == "spring"
    assert repr(A.group([], timing=1)) == "Animation.group(0 children)"
    assert repr(A.transition("fade", from_layer="x", timing=1)) == "Animation.transition('fade', 'from-right')"
    anim.close()
    assert anim.closed and repr(anim) == "<closed Animation.basic('opacity')>"


def test_closed_animation_cannot_be_used() -> None:
    anim = A.basic("opacity", to=0, timing=1)
    anim.close()
    scene = gf.Scene()
    scene.add_layer("a")
    with pytest.raises(ValueError, match="closed Animation"):
        scene.add_animation("a", anim)
    with pytest.raises(ValueError, match="closed Animation"):
        A.group([anim], timing=1)


def test_context_manager_and_finalizer() -> None:
    import weakref

    with A.basic("opacity", to=0, timing=1) as anim:
        assert not anim.closed
    assert anim.closed
    anim = A.basic("opacity", to=0, timing=1)
    finalizer = anim._finalizer
    ref = weakref.ref(anim)
    del anim
    gc.collect()
    assert ref() is None and not finalizer.alive


def test_not_constructible_directly_nor_picklable() -> None:
    with pytest.raises(TypeError, match="Animation.basic"):
        gf.Animation()
    with pytest.raises(TypeError, match="pickled"):
        pickle.dumps(A.basic("opacity", to=0, timing=1))


def test_the_timing_is_copied() -> None:
    timing = gf.Timing(1)
    anim = A.basic("opacity", from_=0, to=1, timing=timing)
    timing.close()
    assert one("opacity", anim, 0.5) == approx(0.5)


def test_many_animations_do_not_leak() -> None:
    """Thousands of animations made, attached under one key (each replaces the last) and dropped:
    every one's handle is released (its finalizer ran), the scene holds one animation, and
    resident memory grows by at most LEAK_BOUND_BYTES (1 MiB) over 6,000 of them after a warm-up
    of 1,000 - an animation left unreleased costs about 660 bytes, 4 MB for the loop."""
    scene = gf.Scene()
    scene.add_layer("a")
    finalizers = []

    def step(i: int) -> None:
        anim = A.keyframes("opacity", [0, 1], curves=["ease"], timing=1)
        scene.add_animation("a", anim, key="k")
        finalizers.append(anim._finalizer)

    growth = resident_growth(step, warmup=1000, count=6000)
    assert len(finalizers) == 7000 and not any(f.alive for f in finalizers)
    assert len(json.loads(scene.to_json())["animations"]) == 1
    if growth is None:
        pytest.skip("resident memory says nothing here (no /proc, or AddressSanitizer's quarantine)")
    assert growth <= LEAK_BOUND_BYTES, f"resident memory grew by {growth} bytes over 6,000 animations"
