"""Issue 16 from Python: host curves, skeleton effects, node kinds and plugin libraries.

Every registration path, callables that raise or return non-finite values (the error reaches
the evaluating call as a CallbackError whose __cause__ is the original exception), re-entrant
callables, the binding keeping callables alive exactly as long as the library holds them,
threads registering and sampling at once, and the example plugin (examples/c/plugins), taken
from the CMake build ($GF_EXAMPLE_PLUGIN) or built here with cc.
"""

from __future__ import annotations

import gc
import json
import math
import os
import shutil
import subprocess
import sys
import threading
import weakref
from typing import Any, Callable, Dict, List, Optional

import pytest

import ghostframe as gf
from ghostframe import plugins as _plugins

from _support import PACKAGE_ROOT, needs_numpy, subprocess_env

REPO = os.path.dirname(os.path.dirname(PACKAGE_ROOT))
PLUGIN_SOURCE = os.path.join(REPO, "examples", "c", "plugins", "example_plugin.c")


def _build_plugin(directory: str, abi: Optional[int] = None) -> str:
    cc = shutil.which(os.environ.get("CC", "cc"))
    if cc is None:
        pytest.skip("no C compiler to build the example plugin")
    out = os.path.join(directory, f"libacme{abi or ''}.so")
    defines = [f"-DACME_PLUGIN_ABI={abi}"] if abi is not None else []
    subprocess.run([cc, "-shared", "-fPIC", *defines, "-I", os.path.join(REPO, "Include"), PLUGIN_SOURCE,
                    "-o", out, "-lm"], check=True)
    return out


@pytest.fixture(scope="module")
def plugin_paths(tmp_path_factory: pytest.TempPathFactory) -> Dict[str, str]:
    good, wrong = os.environ.get("GF_EXAMPLE_PLUGIN"), os.environ.get("GF_EXAMPLE_PLUGIN_ABI99")
    if good is None or wrong is None:
        directory = str(tmp_path_factory.mktemp("plugins"))
        good, wrong = _build_plugin(directory), _build_plugin(directory, 99)
    return {"good": good, "abi99": wrong}


def _field(states: Any, name: str) -> List[float]:
    if hasattr(states, "dtype"):
        return [float(v) for v in states[name]]
    return [float(getattr(s, name)) for s in states]


def _opacity_scene(easing: str) -> gf.Scene:
    return gf.Scene.from_json(json.dumps({
        "format": "ghostframe-scene", "version": 1,
        "layers": [{"id": "a", "frame": [0, 0, 10, 10]}],
        "animations": [{"layer": "a", "key": "fade", "type": "basic", "keyPath": "opacity", "from": 0, "to": 1,
                        "timing": {"duration": 1, "fill": "both", "easing": easing}}],
    }))


def _tree(effect: str, first_type: str = "image") -> Dict[str, Any]:
    return {"viewport": [200, 100], "style": {"animation": effect},
            "root": {"frame": [0, 0, 200, 100], "children": [
                {"type": first_type, "frame": [10, 10, 40, 40]},
                {"type": "label", "frame": [60, 10, 100, 20]}]}}


def _bones(states: Any) -> List[int]:
    widths, parents = _field(states, "width"), _field(states, "parent")
    return [i for i in range(len(widths)) if parents[i] >= 0 and widths[i] != 200]


# ---- curves ------------------------------------------------------------------------------


def test_a_registered_curve_is_a_curve_spec_everywhere() -> None:
    gf.register_curve("py.cube", lambda x: x ** 3)
    try:
        curve = gf.Curve("py.cube")
        assert curve(0.5) == 0.125  # the callable's value, exactly
        assert [float(y) for y in curve.eval_many([0, 0.25, 1])] == [0, 0.015625, 1]
        assert curve.spec == "py.cube"
        assert gf.Timing(2, easing="py.cube").at(1).progress == pytest.approx(0.125, abs=1e-15)
        scene = _opacity_scene("py.cube")
        assert _field(scene.sample(0.5), "opacity")[0] == pytest.approx(0.125, abs=1e-12)
    finally:
        gf.unregister_curve("py.cube")
    with pytest.raises(gf.NotFoundError):
        gf.Curve("py.cube")
    # What was made keeps working after unregistering.
    assert curve(0.5) == 0.125
    assert _field(scene.sample(0.5), "opacity")[0] == pytest.approx(0.125, abs=1e-12)


class Boom(Exception):
    """What the raising curves below raise."""


def explode(x: float) -> float:
    """A curve that raises past 0.5."""
    if x > 0.5:
        raise Boom(f"no value at {x}")
    return x


def test_a_raising_callable_reaches_the_caller_as_the_cause() -> None:
    gf.register_curve("py.boom", explode)
    try:
        curve = gf.Curve("py.boom")
        assert curve(0.25) == 0.25
        with pytest.raises(gf.CallbackError) as info:
            curve(0.75)
        assert isinstance(info.value, gf.GhostframeError) and info.value.status == -9
        assert isinstance(info.value.__cause__, Boom) and "0.75" in str(info.value.__cause__)
        assert "py.boom" in info.value.message
        with pytest.raises(gf.CallbackError) as info:
            curve.eval_many([0.1, 0.9])
        assert isinstance(info.value.__cause__, Boom)
        scene = _opacity_scene("py.boom")
        with pytest.raises(gf.CallbackError) as info:
            scene.sample(0.8)
        assert isinstance(info.value.__cause__, Boom)
        assert _field(scene.sample(0.3), "opacity")[0] == pytest.approx(0.3, abs=1e-12)  # and it recovers
    finally:
        gf.unregister_curve("py.boom")


def test_a_raising_callable_on_the_pool_threads_reaches_the_caller() -> None:
    """The half of the frame a pool thread samples fails; the calling thread gets the error with
    the raised exception as its cause (gf_scene_sample_threads hands the failure over)."""
    layers = [{"id": f"l{i}", "frame": [0, 0, 10, 10]} for i in range(16)]
    # At t = 0.9 the first eight layers (delay 0.5) are at progress 0.4, the others at 0.9.
    animations = [{"layer": f"l{i}", "type": "basic", "keyPath": "opacity", "from": 0, "to": 1,
                   "timing": {"duration": 1, "delay": 0.5 if i < 8 else 0, "fill": "both",
                              "easing": "py.poolboom"}} for i in range(16)]
    gf.register_curve("py.poolboom", explode)
    try:
        scene = gf.Scene.from_json(json.dumps({"format": "ghostframe-scene", "version": 1,
                                               "layers": layers, "animations": animations}))
        for _ in range(3):
            with pytest.raises(gf.CallbackError) as info:
                scene.sample(0.9, threads=2)
            assert isinstance(info.value.__cause__, Boom) and "py.poolboom" in info.value.message
        with pytest.raises(gf.CallbackError) as info:
            scene.sample_range(0.9, 8, 16)
        assert isinstance(info.value.__cause__, Boom)
        scene.sample_range(0.9, 0, 8)  # the first half alone does not fail
        scene.sample(0.2, threads=2)  # nor does a frame after a failed one
    finally:
        gf.unregister_curve("py.poolboom")


# Run in a child interpreter: before the fix the inner call waited forever on the pool's frame.
_NESTED_THREADS_SCRIPT = """
import json, threading
import ghostframe as gf

def fading(easing):
    layers = [{"id": f"l{i}", "frame": [0, 10 * i, 10, 10]} for i in range(8)]
    animations = [{"layer": f"l{i}", "type": "basic", "keyPath": "opacity", "from": 0, "to": 1,
                   "timing": {"duration": 1, "fill": "both", "easing": easing}} for i in range(8)]
    return gf.Scene.from_json(json.dumps({"format": "ghostframe-scene", "version": 1,
                                          "layers": layers, "animations": animations}))

def opacities(states):  # a numpy array or a list of LayerState
    return [float(x) for x in states["opacity"]] if hasattr(states, "dtype") else [s.opacity for s in states]

depth = threading.local()
inner = []

def nesting(x):
    if getattr(depth, "n", 0) == 0:
        depth.n = 1
        try:
            inner.append(opacities(target.sample(0.5, threads=2)))
        finally:
            depth.n = 0
    return x * x

gf.register_curve("py.nesting", nesting)
outer = fading("py.nesting")
for target, expected in ((fading("linear"), 0.5), (outer, 0.25)):
    inner.clear()
    states = opacities(outer.sample(0.5, threads=2))
    assert states == [0.25] * 8, states
    assert inner and all(row == [expected] * 8 for row in inner), inner
print("nested ok")
"""


def test_threaded_sampling_inside_a_callable_that_the_pool_runs() -> None:
    """A callable called by sample(threads=2) that itself samples on 2 threads, another scene
    and the same one: the inner frame runs on the callable's thread (issue 28, point 2). Every
    opacity at t = 0.5 is exact: 0.5 (linear) or 0.25 (x^2 of a power of two)."""
    try:
        done = subprocess.run([sys.executable, "-c", _NESTED_THREADS_SCRIPT], capture_output=True, text=True,
                              env=subprocess_env(), timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail("the nested sample(threads=2) hung (killed after 60 s)")
    assert done.returncode == 0 and "nested ok" in done.stdout, done.stderr[-2000:]


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
def test_a_non_finite_result_is_an_error(value: float) -> None:
    gf.register_curve("py.nonfinite", lambda x: value)
    try:
        with pytest.raises(gf.CallbackError) as info:
            gf.Curve("py.nonfinite")(0.5)
        assert info.value.__cause__ is None
        assert "py.nonfinite" in info.value.message
    finally:
        gf.unregister_curve("py.nonfinite")


def _custom_scene(easing: str) -> gf.Scene:
    """One layer whose opacity and custom property "k" go 0 -> 1 over 1 s with ``easing``."""
    animation = {"layer": "a", "type": "basic", "from": 0, "to": 1,
                 "timing": {"duration": 1, "fill": "both", "easing": easing}}
    return gf.Scene.from_json(json.dumps({
        "format": "ghostframe-scene", "version": 1, "layers": [{"id": "a", "frame": [0, 0, 10, 10]}],
        "animations": [dict(animation, key="fade", keyPath="opacity"), dict(animation, keyPath="custom.k")]}))


def _skeleton_with(easing: str) -> gf.Scene:
    """A static skeleton whose root's opacity is animated with ``easing``."""
    scene = gf.skeleton({"viewport": [100, 100], "style": {"animation": "none"},
                         "root": {"frame": [0, 0, 100, 100], "children": [{"type": "image", "frame": [0, 0, 40, 40]}]}})
    scene.add_animation("skeleton", gf.Animation.basic("opacity", from_=1, to=0.5, timing=gf.Timing(1, easing=easing)))
    return scene


def _stagger_timeline(ease: str) -> gf.Timeline:
    return gf.Timeline.from_json({"definitions": {"up": {"changes": {"opacity": 1}}},
                                  "timeline": {"sequence": [{"stagger": {"each": 1, "ease": ease}},
                                                            {"anim": "up", "layers": ["a", "b", "c"], "duration": 1}]}})


def _released_scrub(curve: str) -> gf.Scrub:
    scrub = gf.Scrub(_opacity_scene("linear"), curve=curve)
    scrub.release(0, 1.0)
    return scrub


# Every call that evaluates a host curve at progress > 0.5 (explode raises there), by name.
_EVALUATING_CALLS: Dict[str, Callable[[str], Any]] = {
    "Curve.__call__": lambda name: gf.Curve(name)(0.75),
    "Timing.at": lambda name: gf.Timing(1, easing=name).at(0.75),
    "Scene.sample": lambda name: _custom_scene(name).sample(0.75),
    "Scene.sample_custom": lambda name: _custom_scene(name).sample_custom("k", 0.75),
    "Scene.add_animation(handoff_time)": lambda name: _custom_scene(name).add_animation(
        "a", gf.Animation.basic("opacity", to=0.5, timing=gf.Timing(1)), key="fade", handoff_time=0.75),
    "Scrub.time": lambda name: gf.Scrub(_opacity_scene("linear"), curve=name).time(0.75),
    "Scrub.sample": lambda name: gf.Scrub(_opacity_scene("linear"), curve=name).sample(0.75),
    "Scrub.sample_at_clock": lambda name: _released_scrub(name).sample_at_clock(0.01),
    "Timeline.from_json (stagger ease)": _stagger_timeline,
    "end_skeleton": lambda name: gf.end_skeleton(_skeleton_with(name), 0.75),
}


@pytest.mark.parametrize("call", sorted(_EVALUATING_CALLS))
def test_every_call_evaluating_a_raising_curve_raises_callback_error(call: str) -> None:
    """Issue 28 point 4: each raises CallbackError naming the curve, the exception its cause."""
    gf.register_curve("py.boom", explode)
    try:
        with pytest.raises(gf.CallbackError) as info:
            _EVALUATING_CALLS[call]("py.boom")
        assert isinstance(info.value.__cause__, Boom)
        assert "py.boom" in info.value.message
    finally:
        gf.unregister_curve("py.boom")


def test_a_swallowed_exception_is_not_the_cause_of_a_later_unrelated_error() -> None:
    """Issue 28 point 4: an exception stashed during one call is forgotten when that call
    returns, whatever it returned: it never becomes the cause of a later CallbackError."""
    gf.register_curve("py.boom", explode)
    gf.register_curve("py.nan", lambda x: math.nan)
    try:
        # The scrub's curve raises; once gf_scrub_time returned GF_OK and kept the exception.
        try:
            gf.Scrub(_opacity_scene("linear"), curve="py.boom").time(0.75)
        except gf.CallbackError:
            pass
        with pytest.raises(gf.CallbackError) as info:
            gf.Curve("py.nan")(0.5)
        assert info.value.__cause__ is None
        # A call that returns GF_OK although a callback raised (here the trampoline is called
        # with no library call around it) leaves nothing behind for a later failure either.
        token = _plugins._keep(explode)
        try:
            assert math.isnan(_plugins._curve_trampoline(token, 0.75))
        finally:
            _plugins._release(token)
        assert gf.Curve("linear")(0.5) == 0.5  # a call that succeeds: the stash is forgotten here
        with pytest.raises(gf.CallbackError) as info:
            gf.Curve("py.nan")(0.5)
        assert info.value.__cause__ is None
    finally:
        gf.unregister_curve("py.boom")
        gf.unregister_curve("py.nan")


def test_a_cause_survives_a_callback_that_calls_the_library() -> None:
    """The exception of the outer call's callback stays its cause when a later callback of the
    same call makes library calls, that succeed or fail with causes of their own (each call
    takes or forgets only what its own callbacks kept)."""
    calls = []
    inner_causes = []

    def outer(x: float) -> float:
        calls.append(x)
        if len(calls) == 1:
            raise Boom("first")
        if len(calls) == 2:
            try:
                gf.Curve("py.boom")(0.9)  # explode raises there: a failure of the inner call
            except gf.CallbackError as error:
                inner_causes.append(error.__cause__)
        return gf.Curve("ease")(x)

    gf.register_curve("py.outer_boom", outer)
    gf.register_curve("py.boom", explode)
    try:
        with pytest.raises(gf.CallbackError) as info:
            gf.Curve("py.outer_boom").eval_many([0.1, 0.2, 0.3])
        assert isinstance(info.value.__cause__, Boom) and str(info.value.__cause__) == "first"
        assert len(calls) == 3
        assert len(inner_causes) == 1 and str(inner_causes[0]) == "no value at 0.9"
    finally:
        gf.unregister_curve("py.outer_boom")
        gf.unregister_curve("py.boom")


def test_a_result_that_is_no_number_is_an_error() -> None:
    gf.register_curve("py.text", lambda x: "half")  # type: ignore[arg-type, return-value]
    try:
        with pytest.raises(gf.CallbackError) as info:
            gf.Curve("py.text")(0.5)
        assert isinstance(info.value.__cause__, ValueError)
    finally:
        gf.unregister_curve("py.text")


def test_a_callable_may_evaluate_other_curves() -> None:
    ease = gf.Curve("ease-in")
    gf.register_curve("py.outer", lambda x: 1 - ease(1 - x))
    gf.register_curve("py.nested", lambda x: gf.Curve("py.outer")(x) / 2)
    try:
        for x in (0.0, 0.3, 0.5, 1.0):
            assert gf.Curve("py.nested")(x) == pytest.approx((1 - ease(1 - x)) / 2, abs=1e-15)
        # An inner failure surfaces from the outer call, with the chain of causes kept.
        gf.register_curve("py.failing_inner", lambda x: gf.Curve("py.missing")(x))
        with pytest.raises(gf.CallbackError) as info:
            gf.Curve("py.failing_inner")(0.5)
        assert isinstance(info.value.__cause__, gf.NotFoundError)
    finally:
        for name in ("py.outer", "py.nested", "py.failing_inner"):
            gf.unregister_curve(name)


def test_the_binding_keeps_the_callable_exactly_as_long_as_the_library_does() -> None:
    class Square:
        def __call__(self, x: float) -> float:
            return x * x

    square = Square()
    alive = weakref.ref(square)
    gf.register_curve("py.kept", square)
    del square
    gc.collect()
    assert alive() is not None
    curve = gf.Curve("py.kept")
    gf.unregister_curve("py.kept")
    gc.collect()
    assert alive() is not None and curve(0.5) == 0.25  # the curve still holds it
    curve.close()
    gc.collect()
    assert alive() is None  # freed with the last reference


def test_replacing_keeps_what_was_made() -> None:
    gf.register_curve("py.power", lambda x: x ** 2)
    old = gf.Curve("py.power")
    gf.register_curve("py.power", lambda x: x ** 3)
    try:
        assert gf.Curve("py.power")(0.5) == 0.125 and old(0.5) == 0.25
    finally:
        gf.unregister_curve("py.power")


@pytest.mark.parametrize("name", ["wobble", "ease", "acme.", ".x", "acme..x", "1a.b", "a.b c", "a" * 129 + ".b"])
def test_names_must_be_namespaced(name: str) -> None:
    before = len(_plugins._callables)
    with pytest.raises(gf.InvalidArgumentError):
        gf.register_curve(name, lambda x: x)
    assert len(_plugins._callables) == before  # the binding released what the library refused


def test_bad_arguments() -> None:
    with pytest.raises(TypeError):
        gf.register_curve("py.x", 3)  # type: ignore[arg-type]
    with pytest.raises(gf.NotFoundError):
        gf.unregister_curve("py.never")
    with pytest.raises(gf.InvalidArgumentError):
        gf.register_effect("py.e", lambda b: None, samples=1)
    with pytest.raises(gf.InvalidArgumentError):
        gf.register_effect("py.e", lambda b: None, duration=0)
    with pytest.raises(gf.InvalidArgumentError):
        gf.register_node_kind("py.List", "table")
    with pytest.raises(gf.InvalidArgumentError):
        gf.register_node_kind("py.X", "image", corner=3)
    # A percentage is a decimal number: "0x10%" was once read as 16 % (issue 28 point 10).
    with pytest.raises(gf.InvalidArgumentError, match="0x10%"):
        gf.register_node_kind("py.X", "image", cornerRadius="0x10%")


def test_threads_register_and_sample_at_once() -> None:
    errors: List[BaseException] = []
    stop = threading.Event()

    def registrar() -> None:
        try:
            for i in range(150):
                gf.register_curve("py.race", lambda x: x * x)
                if i % 3 == 0:
                    try:
                        gf.unregister_curve("py.race")
                    except gf.NotFoundError:
                        pass
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)
        finally:
            stop.set()

    def sampler() -> None:
        try:
            while not stop.is_set():
                try:
                    scene = _opacity_scene("py.race")
                except gf.NotFoundError:
                    continue
                assert _field(scene.sample(0.5), "opacity")[0] == pytest.approx(0.25, abs=1e-12)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=registrar)] + [threading.Thread(target=sampler) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    try:
        gf.unregister_curve("py.race")
    except gf.NotFoundError:
        pass
    assert errors == []


# ---- effects and node kinds ----------------------------------------------------------------


def test_a_python_effect_is_sampled_like_a_built_in() -> None:
    calls: List[gf.EffectBone] = []

    def fade(bone: gf.EffectBone) -> Dict[str, Any]:
        calls.append(bone)
        return {"opacity": 1 - 0.5 * bone.progress, "scale": (1 + bone.progress, 1)}

    gf.register_effect("py.fade", fade, duration=2, samples=11)
    try:
        scene = gf.skeleton(_tree("py.fade"))
    finally:
        gf.unregister_effect("py.fade")
    assert len(calls) == 2 * 11 and {b.count for b in calls} == {2} and {b.index for b in calls} == {0, 1}
    assert calls[0].width == 40 and calls[0].progress == 0 and calls[10].progress == 1
    states = scene.sample(1.0)  # progress 0.5, a sample: opacity 0.75, scale x 1.5
    bones = _bones(states)
    opacity, scale_x = _field(states, "opacity"), [float(t[0]) for t in (
        states["transform"] if hasattr(states, "dtype") else [s.transform for s in states])]
    assert len(bones) == 2
    for i in bones:
        assert opacity[i] == pytest.approx(0.75, abs=1e-9) and scale_x[i] == pytest.approx(1.5, abs=1e-9)


def test_a_raising_effect_fails_the_skeleton_with_the_cause() -> None:
    def broken(bone: gf.EffectBone) -> None:
        raise ZeroDivisionError("bad bone")

    gf.register_effect("py.broken", broken)
    gf.register_effect("py.badkeys", lambda bone: {"opacty": 1})
    try:
        with pytest.raises(gf.CallbackError) as info:
            gf.skeleton(_tree("py.broken"))
        assert isinstance(info.value.__cause__, ZeroDivisionError)
        with pytest.raises(gf.CallbackError) as info:
            gf.skeleton(_tree("py.badkeys"))
        assert isinstance(info.value.__cause__, gf.InvalidArgumentError)
    finally:
        gf.unregister_effect("py.broken")
        gf.unregister_effect("py.badkeys")
    with pytest.raises(gf.NotFoundError):
        gf.skeleton(_tree("py.broken"))


@pytest.mark.parametrize("result, field", [
    ({"color": (2, 0, 0)}, "red 2"),
    ({"opacity": 5}, "opacity 5"),
    ({"gradient": {"colors": [(0, 0, 0), (-5, 0, 0), (1, 1, 1)]}}, "gradient colour 1 red -5"),
])
def test_an_effect_value_out_of_its_range_fails_the_skeleton(result: Dict[str, Any], field: str) -> None:
    """Issue 28 point 10: one rule (colours and opacity in [0, 1]), a CallbackError naming the
    effect, the bone and the field; once a red of 2 was drawn, an opacity of 5 clamped and a
    gradient colour of -5 an InvalidArgumentError naming an internal layer."""
    gf.register_effect("py.range", lambda bone: result if bone.index == 1 and bone.progress > 0.5 else None)
    try:
        with pytest.raises(gf.CallbackError) as info:
            gf.skeleton(_tree("py.range"))
        assert "py.range" in info.value.message and "bone 1" in info.value.message
        assert field in info.value.message
        assert info.value.__cause__ is None
    finally:
        gf.unregister_effect("py.range")


def test_a_node_kind_maps_a_host_type_with_defaults() -> None:
    gf.register_node_kind("py.AvatarView", "image", cornerRadius="50%")
    try:
        states = gf.skeleton(_tree("shimmer", "py.AvatarView")).sample(0)
    finally:
        gf.unregister_node_kind("py.AvatarView")
    radii = dict(zip(_field(states, "width"), _field(states, "corner_radius")))
    assert radii[40] == 20  # half its width
    with pytest.raises(gf.InvalidArgumentError):
        gf.skeleton(_tree("shimmer", "py.AvatarView"))


# ---- plugins -------------------------------------------------------------------------------


def test_the_example_plugin(plugin_paths: Dict[str, str]) -> None:
    with gf.load_plugin(plugin_paths["good"]) as plugin:
        assert "loaded" in repr(plugin)
        wobble = gf.Curve("acme.wobble")
        for x in (0, 0.2, 0.5, 1):
            assert wobble(x) == pytest.approx(1 - math.cos(4.5 * math.pi * x) * math.exp(-6 * x), abs=1e-15)
        scene = _opacity_scene("acme.wobble")
        states = gf.skeleton(_tree("acme.glow", "acme.AvatarView")).sample(6 * 1.2 / 24)
        bones = _bones(states)
        opacity = _field(states, "opacity")
        for k, i in enumerate(bones):
            wave = 0.5 - 0.5 * math.cos(2 * math.pi * (0.25 - k / 2))
            assert opacity[i] == pytest.approx(1 - 0.4 * wave, abs=1e-9)
    assert plugin.closed
    with pytest.raises(gf.NotFoundError):
        gf.Curve("acme.wobble")
    # The scene made while loaded still samples the plugin's curve.
    assert _field(scene.sample(0.5), "opacity")[0] == pytest.approx(
        1 - math.cos(4.5 * math.pi * 0.5) * math.exp(-3), abs=1e-12)
    plugin.unload()  # again: nothing


def test_a_plugin_for_another_abi_is_refused(plugin_paths: Dict[str, str]) -> None:
    with pytest.raises(gf.InvalidArgumentError, match="ABI version 99"):
        gf.load_plugin(plugin_paths["abi99"])
    with pytest.raises(gf.NotFoundError):
        gf.Curve("acme.wobble")
    with pytest.raises(gf.NotFoundError):
        gf.load_plugin("/nonexistent/libnothing.so")


def test_the_console_command_loads_plugins(plugin_paths: Dict[str, str], tmp_path: Any,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("skia")
    pytest.importorskip("PIL")
    from ghostframe.__main__ import main

    tree = os.path.join(REPO, "examples", "plugins", "glow.json")
    out = str(tmp_path / "glow.png")
    # Without the plugin the tree's host type is unknown: exit 2, naming the JSON path.
    assert main(["preview", tree, "-o", out, "--strip", "3"]) == 2
    assert "root.children[0].type" in capsys.readouterr().err
    assert main(["preview", tree, "-o", out, "--strip", "3", "--plugin", plugin_paths["abi99"]]) == 2
    assert "ABI version 99" in capsys.readouterr().err
    assert main(["preview", tree, "-o", out, "--strip", "3", "--plugin", plugin_paths["good"]]) == 0
    assert os.path.getsize(out) > 0
    for plugin in list(_plugins._loaded.values()):  # the command leaves them loaded: tidy up
        plugin.unload()


@needs_numpy
def test_a_scene_document_read_after_re_registration_uses_the_new_curve() -> None:
    """Scene JSON caches parsed built-in curves by spec; a host curve's name must be looked up
    again each time (a cached one would keep the replaced curve and its user data alive)."""
    gf.register_curve("py.reread", lambda x: x)
    try:
        first = _opacity_scene("py.reread")
        assert first.sample(0.5)[0]["opacity"] == pytest.approx(0.5, abs=1e-12)
        gf.register_curve("py.reread", lambda x: x * x)
        second = _opacity_scene("py.reread")
        assert second.sample(0.5)[0]["opacity"] == pytest.approx(0.25, abs=1e-12)
        # The scene made before the replacement keeps the curve it was made with.
        assert first.sample(0.5)[0]["opacity"] == pytest.approx(0.5, abs=1e-12)
        gf.unregister_curve("py.reread")
        with pytest.raises(gf.GhostframeError):
            _opacity_scene("py.reread")
    finally:
        try:
            gf.unregister_curve("py.reread")
        except gf.GhostframeError:
            pass
