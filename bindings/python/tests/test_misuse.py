"""GF_E_MISUSE through the binding: gf.MisuseError for a freed handle, a double free and a
handle of the wrong type, made deliberately with raw library calls (the package's own objects
never do this), and concurrent use of one scene refused while a callback is inside it.
"""

from __future__ import annotations

import threading
from ctypes import byref, c_double, c_size_t, cast

import pytest

import ghostframe as gf
from ghostframe import errors
from ghostframe._native import (
    gf_curve_p,
    gf_event_fn,
    gf_scene_p,
    gf_view_tree_p,
    lib,
)


def raw_curve(spec: bytes = b"ease") -> gf_curve_p:
    handle = gf_curve_p()
    lib.gf_curve_parse(spec, byref(handle))
    return handle


def test_misuse_error_is_a_ghostframe_error() -> None:
    assert gf.MisuseError.code == errors.GF_E_MISUSE == -8
    assert issubclass(gf.MisuseError, gf.GhostframeError) and issubclass(gf.MisuseError, ValueError)
    assert gf.status_string(-8) == "GF_E_MISUSE"
    assert "MisuseError" in gf.__all__


def test_double_free() -> None:
    curve = raw_curve()
    lib.gf_curve_free(curve)
    with pytest.raises(gf.MisuseError, match="double free of a gf_curve") as info:
        lib.gf_curve_free(curve)
    assert info.value.status == -8 and info.value.function == "gf_curve_free"


def test_use_after_free() -> None:
    curve = raw_curve()
    lib.gf_curve_free(curve)
    out = c_double(-1.0)
    with pytest.raises(gf.MisuseError, match="gf_curve that was already freed"):
        lib.gf_curve_eval(curve, 0.5, 0, byref(out))
    assert out.value == -1.0


def test_wrong_type() -> None:
    timing = gf.Timing(1)
    out = c_double(-1.0)
    as_curve = cast(timing._ptr(), gf_curve_p)
    with pytest.raises(gf.MisuseError, match="curve is a gf_timing, not a gf_curve"):
        lib.gf_curve_eval(as_curve, 0.5, 0, byref(out))
    with pytest.raises(gf.MisuseError, match="not a gf_scene"):
        lib.gf_scene_free(cast(timing._ptr(), gf_scene_p))
    assert timing.at(0.5).progress == 0.5  # untouched by either


def test_not_a_handle() -> None:
    block = (c_double * 8)()
    count = c_size_t(7)
    with pytest.raises(gf.MisuseError, match="is not a gf_scene"):
        lib.gf_scene_layer_count(cast(block, gf_scene_p), byref(count))
    assert count.value == 7


def test_free_is_ok_for_null_and_live_handles() -> None:
    assert lib.gf_curve_free(None) == 0
    assert lib.gf_view_tree_free(gf_view_tree_p()) == 0
    assert lib.gf_curve_free(raw_curve()) == 0


def test_the_package_objects_never_misuse() -> None:
    """Closing, collecting and copying the package's objects frees each handle once."""
    for make in (lambda: gf.Curve("ease"), lambda: gf.Timing(1), gf.Scene, lambda: gf.ViewTree((10, 10))):
        obj = make()
        obj.close()
        obj.close()
        del obj


def test_a_scene_used_from_another_thread_during_a_callback() -> None:
    """While gf_scene_advance is inside its callback on one thread, another thread's call on
    the same scene is refused with MisuseError (the header: one thread at a time)."""
    scene = gf.Scene()
    scene.add_layer("card")
    scene.add_animation("card", gf.Animation.basic("opacity", to=0, timing=1))
    handle = scene._ptr()
    inside, done = threading.Event(), threading.Event()
    seen = []

    def callback(_user_data, _event) -> None:
        if not inside.is_set():
            inside.set()
            done.wait(10)

    trampoline = gf_event_fn(callback)
    worker = threading.Thread(target=lambda: seen.append(lib.gf_scene_advance(handle, 0.5, trampoline, None)))
    worker.start()
    assert inside.wait(10)
    try:
        count = c_size_t(99)
        with pytest.raises(gf.MisuseError, match="is in use by another call"):
            lib.gf_scene_layer_count(handle, byref(count))
        assert count.value == 99
        with pytest.raises(gf.MisuseError, match="it was not freed"):
            lib.gf_scene_free(handle)
    finally:
        done.set()
        worker.join(10)
    assert seen == [0]
    assert len(scene) == 1
    scene.close()

