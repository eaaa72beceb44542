"""copy.copy, copy.deepcopy and pickle of every class that holds a library handle.

Each either makes a real copy with its own handle (Curve by its spec, Timing by its
parameters, Scene by its JSON), which lives on after the original is collected or closed, or
raises a TypeError naming the class (Animation, ViewTree: the library cannot read them back).
Never is a handle shared: a shared handle would be freed with the original and the copy would
then read freed memory (the library answers such a use with MisuseError, see test_misuse.py).
"""

from __future__ import annotations

import copy
import gc
import math
import pickle
from ctypes import c_void_p, cast

import pytest

import ghostframe as gf
from ghostframe._handle import NativeHandle

PROTOCOLS = range(pickle.HIGHEST_PROTOCOL + 1)
TIMES = [-0.5, 0.0, 0.1, 0.25, 0.5, 0.75, 1.0, 1.5, 3.0]


def address(obj: NativeHandle) -> int:
    return cast(obj._handle, c_void_p).value


def make_scene() -> gf.Scene:
    scene = gf.Scene()
    scene.add_layer("root", frame=(0, 0, 200, 100), background_color="#336699")
    scene.add_layer("card", parent="root", frame=(10, 10, 50, 40), corner_radius=4)
    scene.add_animation("card", gf.Animation.basic("position.x", from_=10, to=110, timing=gf.Timing(1, easing="ease")))
    scene.add_animation("card", gf.Animation.keyframes("opacity", [1, 0.2, 1], timing=gf.Timing(2, iterations=math.inf)))
    scene.set_custom("root", "glow", 0.5)
    return scene


def frames(scene: gf.Scene) -> list:
    """The sampled states at TIMES, comparable with == whether or not numpy is installed."""
    out = []
    for t in TIMES:
        states = scene.sample(t)
        out.append(states.tobytes() if hasattr(states, "tobytes") else states)
    return out


def makers():
    return {
        "Curve": lambda: gf.Curve("cubic-bezier(0.3, 0.1, 0.2, 1.4)"),
        "Timing": lambda: gf.Timing(2, delay=0.25, iterations=2.5, direction="alternate", fill="both", easing="ease-in"),
        "Timing.core_animation": lambda: gf.Timing.core_animation(
            0.5, begin_time=0.1, speed=2, repeat_count=1.5, autoreverses=True, fill_mode="both", easing="easeOut"
        ),
        "Scene": make_scene,
    }


def same_behaviour(a, b) -> None:
    """a and b are equal objects that compute the same, bit for bit."""
    if isinstance(a, gf.Curve):
        assert a == b and a.spec == b.spec
        xs = [i / 64 for i in range(-8, 73)]
        assert a.eval_many(xs) == b.eval_many(xs)
    elif isinstance(a, gf.Timing):
        assert a.params() == b.params()
        assert [a.at(t) for t in TIMES] == [b.at(t) for t in TIMES]
    else:
        assert a.to_json() == b.to_json()
        assert frames(a) == frames(b)


COPIERS = {
    "copy.copy": copy.copy,
    "copy.deepcopy": copy.deepcopy,
    **{f"pickle protocol {p}": (lambda obj, p=p: pickle.loads(pickle.dumps(obj, protocol=p))) for p in PROTOCOLS},
}


@pytest.mark.parametrize("copier", list(COPIERS), ids=list(COPIERS))
@pytest.mark.parametrize("kind", list(makers()))
def test_real_copies_have_their_own_handle(kind: str, copier: str) -> None:
    original = makers()[kind]()
    copied = COPIERS[copier](original)
    assert type(copied) is type(original) and copied is not original
    assert address(copied) != address(original)
    same_behaviour(original, copied)


@pytest.mark.parametrize("copier", ["copy.copy", "copy.deepcopy", "pickle protocol 2"])
@pytest.mark.parametrize("kind", list(makers()))
def test_copy_outlives_the_collected_original(kind: str, copier: str) -> None:
    reference = makers()[kind]()
    original = makers()[kind]()
    copied = COPIERS[copier](original)
    del original
    gc.collect()
    same_behaviour(reference, copied)
    # And the other way round: closing the copy leaves a second copy working.
    second = COPIERS[copier](copied)
    copied.close()
    same_behaviour(reference, second)


def test_scene_copy_is_independent() -> None:
    original = make_scene()
    copied = copy.copy(original)
    copied.add_layer("extra", parent="root")
    copied.remove_layer("card")
    assert len(original) == 2 and "card" in original and "extra" not in original
    assert len(copied) == 2 and "extra" in copied


def test_deepcopy_keeps_sharing_within_the_copied_structure() -> None:
    curve = gf.Curve("ease")
    timing = gf.Timing(1)
    copied = copy.deepcopy({"a": curve, "b": [curve, timing], "t": timing})
    assert copied["a"] is copied["b"][0] and copied["t"] is copied["b"][1]
    assert address(copied["a"]) != address(curve) and address(copied["t"]) != address(timing)


def animations():
    return {
        "basic": lambda: gf.Animation.basic("opacity", to=0, timing=1),
        "keyframes": lambda: gf.Animation.keyframes("opacity", [0, 1], timing=1),
        "spring": lambda: gf.Animation.spring("position.y", to=10),
        "group": lambda: gf.Animation.group([gf.Animation.basic("opacity", to=0, timing=1)], timing=2),
        "transition": lambda: gf.Animation.transition("fade", from_layer="old", timing=1),
    }


def tree() -> gf.ViewTree:
    t = gf.ViewTree((375, 667))
    t.set_root(frame=(0, 0, 375, 667))
    return t


UNCOPYABLE = {**{f"Animation.{k}": v for k, v in animations().items()}, "ViewTree": tree}


@pytest.mark.parametrize("copier", list(COPIERS), ids=list(COPIERS))
@pytest.mark.parametrize("kind", list(UNCOPYABLE))
def test_uncopyable_classes_refuse_with_a_clear_type_error(kind: str, copier: str) -> None:
    obj = UNCOPYABLE[kind]()
    name = type(obj).__name__
    with pytest.raises(gf.ArgumentTypeError, match=rf"^GF_E_INVALID_ARGUMENT: {name} objects cannot be (copied or )?pickled: the library cannot"):
        COPIERS[copier](obj)
    # The refusal left the object working.
    if isinstance(obj, gf.ViewTree):
        assert "bone:0" not in obj.skeleton()
        obj.add_node(0, kind="label", frame=(16, 16, 100, 20))
        assert "bone:0" in obj.skeleton()
    else:
        scene = gf.Scene()
        scene.add_layer("old")
        scene.add_layer("new")
        scene.add_animation("new", obj)


def test_view_tree_copy_no_longer_shares_the_handle() -> None:
    """The reported bug: copy.copy(ViewTree) shared the handle, and the copy read freed memory
    once the original was collected; deepcopy failed with an accidental ValueError."""
    original = tree()
    with pytest.raises(TypeError, match="ViewTree"):
        copy.copy(original)
    with pytest.raises(TypeError, match="ViewTree"):
        copy.deepcopy(original)
    with pytest.raises(TypeError, match="ViewTree"):
        pickle.dumps(original)


@pytest.mark.parametrize("copier", list(COPIERS), ids=list(COPIERS))
@pytest.mark.parametrize("kind", [*makers(), *UNCOPYABLE])
def test_closed_objects_cannot_be_copied(kind: str, copier: str) -> None:
    obj = {**makers(), **UNCOPYABLE}[kind]()
    obj.close()
    with pytest.raises(ValueError, match="closed"):
        COPIERS[copier](obj)


def test_a_new_handle_class_refuses_by_default() -> None:
    class Gadget(NativeHandle):
        __slots__ = ()
        _kind = "Gadget"

    gadget = Gadget()
    gadget._adopt(c_void_p(1), lambda handle: None)
    for copier in (copy.copy, copy.deepcopy, pickle.dumps):
        with pytest.raises(gf.ArgumentTypeError, match="^GF_E_INVALID_ARGUMENT: Gadget objects cannot be"):
            copier(gadget)
