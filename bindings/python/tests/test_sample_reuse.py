"""``Scene.sample`` returns a new array each call (issue 30; issue 19 point 4 had it reuse one),
reuse is the ``out=`` path (``sample_buffer()``), which caches its checks and address and
allocates nothing, and ``Curve.eval_many`` reads any buffer-protocol object. Every fast path is
compared byte for byte with the general one."""

from __future__ import annotations

import ctypes
import struct
import sys
import tracemalloc
from array import array

import pytest

import ghostframe as gf
from ghostframe import Animation as A


def _scene(layers: int = 30) -> gf.Scene:
    scene = gf.Scene()
    for i in range(layers):
        scene.add_layer(f"l{i}", frame=(i, 0, 10, 10))
        scene.add_animation(f"l{i}", A.basic("position.x", by=100, timing=gf.Timing(1, easing="ease")))
    return scene


# -- sample(t): a new array each call (numpy's habit); reuse only through out= ---------------


def test_two_default_calls_return_independent_arrays(np) -> None:
    scene = _scene()
    a = scene.sample(0.25)
    kept = a.copy()
    b = scene.sample(0.75)
    assert b is not a and not np.may_share_memory(a, b)
    assert a.tobytes() == kept.tobytes()  # a is still the frame at t = 0.25
    assert a.tobytes() != b.tobytes()
    # Each equals what out= writes into a fresh buffer at its time (an independent call path).
    for t, states in ((0.25, a), (0.75, b)):
        fresh = np.zeros(len(scene), dtype=gf.LAYER_STATE_DTYPE)
        assert states.tobytes() == scene.sample(t, out=fresh).tobytes()
    frames = [scene.sample(t) for t in (0.0, 0.25, 0.5)]
    assert len({f.tobytes() for f in frames}) == 3  # three frames, not one array three times


def test_out_reuses_the_buffer(np) -> None:
    scene = _scene()
    buffer = scene.sample_buffer()
    assert buffer.dtype == gf.LAYER_STATE_DTYPE and buffer.shape == (len(scene),)
    first = scene.sample(0.25, out=buffer)
    assert first is buffer
    second = scene.sample(0.75, out=buffer)
    assert second is buffer and buffer.tobytes() == scene.sample(0.75).tobytes()


def test_sample_buffer_and_empty_states(np) -> None:
    scene = _scene(3)
    roomy = scene.sample_buffer(extra=2)
    assert roomy.shape == (5,) and roomy.tobytes() == bytes(roomy.nbytes)
    view = scene.sample(0.5, out=roomy)
    assert view.base is roomy and len(view) == 3
    assert gf.empty_states(4).dtype == gf.LAYER_STATE_DTYPE and len(gf.empty_states(0)) == 0
    with pytest.raises(gf.InvalidArgumentError):
        gf.empty_states(-1)
    with pytest.raises(TypeError):
        scene.sample_buffer(extra=1.5)  # type: ignore[arg-type]


def test_copy_is_gone(np) -> None:
    with pytest.raises(TypeError):
        _scene(1).sample(0, copy=True)  # type: ignore[call-overload]


def test_new_arrays_follow_the_layer_count(np) -> None:
    scene = _scene(3)
    before = scene.sample(0)
    scene.add_layer("extra", frame=(7, 0, 1, 1))
    after = scene.sample(0)
    assert len(before) == 3 and len(after) == 4
    assert after[scene.layer("extra")]["x"] == 7
    scene.remove_layer("l0")
    assert len(scene.sample(0)) == 3


def test_sample_with_out_does_not_allocate(np) -> None:
    scene = _scene(1000)
    states = scene.sample_buffer()
    scene.sample(0.5, out=states)  # compile, and prepare the out= arguments
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        tracemalloc.reset_peak()
        for i in range(100):
            assert scene.sample(i / 100, out=states) is states
        peak = tracemalloc.get_traced_memory()[1] - base
    finally:
        tracemalloc.stop()
    assert peak < 20_000, f"sample(t, out=) allocated {peak} bytes (one array is {states.nbytes})"


def test_list_mode_returns_new_lists(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "numpy", None)
    scene = _scene(4)
    a = scene.sample(0.2)
    b = scene.sample(0.2)
    assert isinstance(a, list) and a == b and a is not b
    assert scene.sample_list(0.2) == a
    with pytest.raises(ImportError, match="sample_list"):
        scene.sample_buffer()


def test_sample_list_with_numpy_matches_the_array(np) -> None:
    scene = _scene(5)
    rows = scene.sample_list(0.3)
    array_ = scene.sample(0.3)
    assert [type(r).__name__ for r in rows] == ["LayerState"] * 5
    assert [r.x for r in rows] == array_["x"].tolist()
    assert [r.transform for r in rows] == [tuple(v) for v in array_["transform"].tolist()]


# -- out=: the cached path -----------------------------------------------------------------


def test_out_cache_switches_between_arrays(np) -> None:
    scene = _scene()
    a = np.zeros(len(scene), dtype=gf.LAYER_STATE_DTYPE)
    b = np.zeros(len(scene) + 5, dtype=gf.LAYER_STATE_DTYPE)
    for t in (0.1, 0.4, 0.8):
        assert scene.sample(t, out=a) is a
        view = scene.sample(t, out=b)
        assert view.base is b and len(view) == len(scene)
        assert a.tobytes() == view.tobytes() == scene.sample(t).tobytes()


def test_out_made_read_only_after_caching_is_refused(np) -> None:
    scene = _scene(2)
    out = np.zeros(2, dtype=gf.LAYER_STATE_DTYPE)
    scene.sample(0, out=out)
    out.flags.writeable = False
    before = out.tobytes()
    with pytest.raises(ValueError, match="writeable"):
        scene.sample(0.5, out=out)
    assert out.tobytes() == before


def test_cached_out_cannot_be_resized_under_the_cache(np) -> None:
    scene = _scene(2)
    out = np.zeros(2, dtype=gf.LAYER_STATE_DTYPE)
    scene.sample(0, out=out)
    with pytest.raises(ValueError):
        out.resize(100)  # numpy's reference check: the cache holds the array
    assert scene.sample(0.5, out=out) is out


def test_errors_on_the_cached_path(np) -> None:
    scene = _scene(2)
    out = np.zeros(2, dtype=gf.LAYER_STATE_DTYPE)
    scene.sample(0, out=out)
    with pytest.raises(gf.InvalidArgumentError):
        scene.sample(float("nan"), out=out)
    with pytest.raises(TypeError):
        scene.sample("0", out=out)  # type: ignore[arg-type]
    scene.close()
    with pytest.raises(ValueError, match="closed"):
        scene.sample(0, out=out)


# -- eval_many: any buffer ----------------------------------------------------------------

_XS = [i / 37 for i in range(38)] + [-0.5, 1.5, 1e-300]


@pytest.mark.parametrize("spec", ["ease", "cubic-bezier(0.3, -0.4, 0.6, 1.5)", "easeOutBounce", "steps(4)"])
def test_buffers_give_the_list_paths_bits(spec: str) -> None:
    curve = gf.Curve(spec)
    expected = curve.eval_many(list(_XS))
    doubles = array("d", _XS)
    result = curve.eval_many(doubles)
    assert isinstance(result, array) and result.typecode == "d"
    assert result.tolist() == expected
    assert doubles.tolist() == _XS  # the input is not touched
    assert curve.eval_many(memoryview(doubles)).tolist() == expected
    assert curve.eval_many((ctypes.c_double * len(_XS))(*_XS)).tolist() == expected
    assert curve.eval_many(memoryview(doubles)[::3]).tolist() == expected[::3]  # not contiguous
    square = memoryview(array("d", _XS[:36]).tobytes()).cast("d", (6, 6))
    assert curve.eval_many(square).tolist() == expected[:36]  # 2-d: flattened in C order


@pytest.mark.parametrize("code", ["f", "i", "h", "B", "q"])
def test_other_item_formats_convert_exactly(code: str, monkeypatch) -> None:
    curve = gf.Curve("ease-in-out")
    raw = [0.25, 0.5, 0.75] if code == "f" else [0, 1, 2]
    expected = curve.eval_many([float(v) for v in array(code, raw)])
    assert curve.eval_many(array(code, raw)).tolist() == expected
    monkeypatch.setitem(sys.modules, "numpy", None)  # the struct path
    assert curve.eval_many(array(code, raw)).tolist() == expected


def test_big_endian_doubles(monkeypatch) -> None:
    curve = gf.Curve("ease")
    big = (ctypes.c_double.__ctype_be__ * 3)(0.1, 0.2, 0.3)  # type: ignore[attr-defined]
    assert memoryview(big).format == ">d"
    expected = curve.eval_many([0.1, 0.2, 0.3])
    assert curve.eval_many(big).tolist() == expected
    monkeypatch.setitem(sys.modules, "numpy", None)
    assert curve.eval_many(big).tolist() == expected


def test_buffer_errors() -> None:
    curve = gf.Curve("ease")
    with pytest.raises(gf.InvalidArgumentError, match=r"\b2\b"):
        curve.eval_many(array("d", [0.0, 0.5, float("nan")]))
    with pytest.raises(TypeError, match="item format"):
        curve.eval_many(memoryview(b"ab").cast("c"))
    with pytest.raises(TypeError):
        curve.eval_many(b"\x00\x01")  # bytes stay text
    assert curve.eval_many(array("d")).tolist() == []


def test_each_thread_gets_new_arrays(np) -> None:
    import threading

    scene = _scene(5)
    mine = scene.sample(0.1)
    kept = mine.tobytes()
    theirs = []
    thread = threading.Thread(target=lambda: theirs.extend([scene.sample(0.9), scene.sample(0.9)]))
    thread.start()
    thread.join()
    assert theirs[0] is not theirs[1] and theirs[0].tobytes() == theirs[1].tobytes()
    assert mine.tobytes() == kept  # the other thread left this thread's frame alone
