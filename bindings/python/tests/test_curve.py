"""Curve: known values, eval_many (lists and numpy), spec, lifetime, properties."""

from __future__ import annotations

import copy
import gc
import math
import pickle
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

import ghostframe as gf
from ghostframe import _native
from _support import numpy_available

# -- known values (tolerance 1e-6 unless stated; references: shared/research/animation.md) --


def test_ease_at_half() -> None:
    assert gf.Curve("ease")(0.5) == pytest.approx(0.8024034, abs=1e-6)


def test_steps_jump_start_and_the_before_flag() -> None:
    curve = gf.Curve("steps(1, jump-start)")
    assert curve(0) == 1.0  # exact: a step value
    assert curve(0, before_flag=True) == 0.0
    assert curve(0, True) == 0.0


def test_linear_function_interpolates_its_points() -> None:
    assert gf.Curve("linear(0, 0.25, 1)")(0.75) == pytest.approx(0.625, abs=1e-12)


def test_penner_bounce() -> None:
    assert gf.Curve("easeOutBounce")(0.5) == pytest.approx(0.765625, abs=1e-12)


@pytest.mark.parametrize(
    "spec, x, y",
    [
        ("linear", 0.3, 0.3),
        ("ease", 0.25, 0.408511),
        ("ease-in", 0.5, 0.315357),
        ("default", 0.5, 0.8024034),  # Core Animation's default is CSS ease
        ("easeInEaseOut", 0.0, 0.0),
        ("easeInEaseOut", 1.0, 1.0),
        ("cubic-bezier(0.42, 0, 1, 1)", 0.5, 0.315357),
        ("step-start", 0.5, 1.0),
        ("step-end", 0.5, 0.0),
        ("steps(4)", 0.3, 0.25),
        ("steps(4, jump-none)", 0.5, 2 / 3),
        ("steps(4, jump-both)", 0.0, 0.2),
        ("easeInQuad", 0.5, 0.25),
        ("easeOutCubic", 0.5, 0.875),
    ],
)
def test_known_values(spec: str, x: float, y: float) -> None:
    assert gf.Curve(spec)(x) == pytest.approx(y, abs=1e-6)


def test_spring_curve_spans_the_settling_time() -> None:
    """spring(...) as a curve: progress x is the spring at x * settling_duration(1e-3), cut
    to exactly 1 at x = 1 (the engine's definition; tolerance 1e-9)."""
    spring = gf.Spring(mass=1, stiffness=100, damping=10)
    curve = gf.Curve("spring(1, 100, 10, 0)")
    settle = spring.settling_duration(1e-3)
    for x in (0.05, 0.1, 0.5, 0.9):
        assert curve(x) == pytest.approx(spring.value(x * settle), abs=1e-9)
    assert curve(0) == 0.0 and curve(1) == 1.0
    assert gf.Curve("spring(1, 100)") == gf.Curve("spring(1, 100, 10, 0)")  # trailing defaults


def test_int_and_numpy_scalar_inputs(numpy_mode) -> None:
    curve = gf.Curve("linear")
    assert curve(1) == 1.0
    if numpy_mode is not None:
        assert curve(numpy_mode.float32(0.5)) == 0.5
        assert curve(0.0, numpy_mode.bool_(True)) == 0.0


# -- eval_many -----------------------------------------------------------------------------


def test_eval_many_list_returns_a_list(numpy_mode) -> None:
    curve = gf.Curve("ease")
    xs = [0.0, 0.25, 0.5, 1.0]
    ys = curve.eval_many(xs)
    assert type(ys) is list and all(type(y) is float for y in ys)
    assert ys == [curve(x) for x in xs]
    assert xs == [0.0, 0.25, 0.5, 1.0]  # input untouched


def test_eval_many_takes_any_iterable(numpy_mode) -> None:
    curve = gf.Curve("linear")
    assert curve.eval_many(x / 4 for x in range(5)) == [0.0, 0.25, 0.5, 0.75, 1.0]
    assert curve.eval_many((0, 1)) == [0.0, 1.0]
    assert curve.eval_many(range(2)) == [0.0, 1.0]
    assert curve.eval_many([]) == []


def test_eval_many_does_not_read_the_before_flag() -> None:
    assert gf.Curve("steps(1, jump-start)").eval_many([0.0]) == [1.0]


def test_eval_many_numpy_keeps_shape(np) -> None:
    curve = gf.Curve("ease-in-out")
    xs = np.linspace(0, 1, 24).reshape(2, 3, 4)
    ys = curve.eval_many(xs)
    assert isinstance(ys, np.ndarray) and ys.dtype == np.float64 and ys.shape == (2, 3, 4)
    expected = np.array([curve(x) for x in xs.ravel()]).reshape(xs.shape)
    assert np.array_equal(ys, expected)
    assert ys is not xs and not np.shares_memory(ys, xs)
    assert np.array_equal(xs, np.linspace(0, 1, 24).reshape(2, 3, 4))  # input untouched


@pytest.mark.parametrize("dtype", ["float32", "float16", "int64", "uint8", ">f8", "bool"])
def test_eval_many_numpy_converts_dtypes(np, dtype: str) -> None:
    curve = gf.Curve("linear")
    xs = np.array([0, 1, 0, 1], dtype=dtype)
    ys = curve.eval_many(xs)
    assert ys.dtype == np.float64 and ys.shape == (4,)
    assert ys.tolist() == [0.0, 1.0, 0.0, 1.0]
    assert xs.dtype == np.dtype(dtype)  # input untouched


def test_eval_many_numpy_views_and_orders(np) -> None:
    curve = gf.Curve("ease")
    base = np.linspace(0, 1, 40).reshape(5, 8)
    for xs in (base[:, ::3], base.T, np.asfortranarray(base), base[::-1]):
        ys = curve.eval_many(xs)
        assert ys.shape == xs.shape
        assert np.array_equal(ys, np.vectorize(curve)(xs))


def test_eval_many_numpy_zero_d_and_empty(np) -> None:
    curve = gf.Curve("linear")
    zero_d = curve.eval_many(np.array(0.5))
    assert zero_d.shape == () and float(zero_d) == 0.5
    empty = curve.eval_many(np.empty((0, 3)))
    assert empty.shape == (0, 3)


def test_eval_many_numpy_passes_the_buffer_straight_through(np, monkeypatch) -> None:
    """One gf_curve_eval_n call, with the array's own buffer when it is already float64 C-contiguous."""
    curve = gf.Curve("linear")
    xs = np.linspace(0, 1, 1000)
    calls = []
    real = _native.lib.gf_curve_eval_n

    def spy(handle, xs_ptr, ys_ptr, n):
        calls.append((ctypes_address(xs_ptr), n))
        return real(handle, xs_ptr, ys_ptr, n)

    monkeypatch.setattr(_native.lib, "gf_curve_eval_n", spy)
    ys = curve.eval_many(xs)
    assert len(calls) == 1
    assert calls[0] == (xs.ctypes.data, 1000)
    assert np.array_equal(ys, xs)


def ctypes_address(pointer) -> int:
    import ctypes

    return ctypes.cast(pointer, ctypes.c_void_p).value


def test_eval_many_error_writes_nothing(np) -> None:
    curve = gf.Curve("linear")
    xs = np.array([0.1, 0.2, math.nan])
    with pytest.raises(gf.InvalidArgumentError, match=r"\b2\b"):
        curve.eval_many(xs)
    assert np.array_equal(xs[:2], [0.1, 0.2]) and math.isnan(xs[2])


def test_eval_many_when_numpy_is_hidden_treats_arrays_as_iterables(np, monkeypatch) -> None:
    xs = np.array([0.0, 0.5])
    monkeypatch.setitem(sys.modules, "numpy", None)
    assert gf.Curve("linear").eval_many(xs) == [0.0, 0.5]


# -- property tests --------------------------------------------------------------------------

SPECS = [
    "linear",
    "ease",
    "ease-in",
    "ease-out",
    "ease-in-out",
    "cubic-bezier(0.1, -0.6, 0.2, 1.6)",
    "steps(3)",
    "steps(5, jump-both)",
    "linear(0, 0.8 30%, 0.2, 1)",
    "easeInOutBack",
    "easeOutElastic",
    "easeInOutBounce",
    "spring(1, 100, 10, 0)",
]
finite = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False, allow_infinity=False)


@given(spec=st.sampled_from(SPECS), xs=st.lists(finite, max_size=50))
def test_eval_many_equals_per_call_evaluation(spec: str, xs: list) -> None:
    """Tolerance 0: the header defines ys[i] = curve(xs[i])."""
    curve = gf.Curve(spec)
    assert curve.eval_many(xs) == [curve(x) for x in xs]


@given(spec=st.sampled_from(SPECS), xs=st.lists(finite, min_size=1, max_size=50))
def test_eval_many_numpy_equals_per_call_evaluation(spec: str, xs: list) -> None:
    if not numpy_available():
        pytest.skip("numpy is not installed")
    import numpy as np

    curve = gf.Curve(spec)
    assert curve.eval_many(np.array(xs)).tolist() == [curve(x) for x in xs]


EASE_FAMILY = ["linear", "ease", "ease-in", "ease-out", "ease-in-out", "default", "easeIn", "easeOut", "easeInEaseOut"]
unit = st.floats(min_value=0.0, max_value=1.0)


@given(spec=st.sampled_from(EASE_FAMILY), x=unit)
def test_ease_family_stays_in_the_unit_interval(spec: str, x: float) -> None:
    """Tolerance 1e-12 for rounding at the ends."""
    y = gf.Curve(spec)(x)
    assert -1e-12 <= y <= 1 + 1e-12


@given(x1=unit, y1=unit, x2=unit, y2=unit, x=unit)
def test_cubic_bezier_with_unit_controls_stays_in_the_unit_interval(x1, y1, x2, y2, x) -> None:
    curve = gf.Curve(f"cubic-bezier({x1!r}, {y1!r}, {x2!r}, {y2!r})")
    assert -1e-9 <= curve(x) <= 1 + 1e-9


@given(spec=st.sampled_from(EASE_FAMILY), a=unit, b=unit)
def test_ease_family_is_monotonic(spec: str, a: float, b: float) -> None:
    """Tolerance 1e-12 (the bezier solver's rounding)."""
    lo, hi = min(a, b), max(a, b)
    curve = gf.Curve(spec)
    assert curve(lo) <= curve(hi) + 1e-12


@given(spec=st.sampled_from(SPECS))
def test_spec_round_trips(spec: str) -> None:
    curve = gf.Curve(spec)
    again = gf.Curve(curve.spec)
    assert again.spec == curve.spec
    xs = [i / 16 for i in range(-4, 21)]
    assert again.eval_many(xs) == curve.eval_many(xs)


# -- spec, repr, equality, pickling ------------------------------------------------------------


def test_spec_is_canonical_text() -> None:
    curve = gf.Curve("linear")
    assert isinstance(curve.spec, str) and curve.spec
    assert curve.spec == gf.Curve(curve.spec).spec


def test_repr_shows_the_spec() -> None:
    curve = gf.Curve("ease")
    assert repr(curve) == f"Curve({curve.spec!r})"
    curve.close()
    assert "Curve" in repr(curve)


def test_equality_and_hash_by_canonical_spec() -> None:
    a, b = gf.Curve("ease"), gf.Curve("default")  # the same bezier
    assert a == b and hash(a) == hash(b)
    assert gf.Curve("ease") != gf.Curve("ease-in")
    assert a != "ease"
    assert len({a, b, gf.Curve("linear")}) == 2


def test_bytes_spec_is_accepted() -> None:
    assert gf.Curve(b"ease") == gf.Curve("ease")


def test_pickle_and_copy() -> None:
    curve = gf.Curve("cubic-bezier(0.1, 0.2, 0.3, 0.4)")
    for clone in (pickle.loads(pickle.dumps(curve)), copy.copy(curve), copy.deepcopy(curve)):
        assert clone == curve and clone is not curve
        clone.close()
        assert curve(0.5) == curve(0.5)  # the original is untouched


# -- lifetime ----------------------------------------------------------------------------------


def test_close_and_context_manager() -> None:
    with gf.Curve("linear") as curve:
        assert curve(0.5) == 0.5
        assert not curve.closed
    assert curve.closed
    with pytest.raises(ValueError, match="closed"):
        curve(0.5)
    curve.close()  # again: nothing happens


def test_free_runs_exactly_once(monkeypatch) -> None:
    freed = []
    real = _native.lib.gf_curve_free
    monkeypatch.setattr(_native.lib, "gf_curve_free", lambda h: (freed.append(1), real(h)))
    curve = gf.Curve("linear")
    finalizer = curve._finalizer
    curve.close()
    curve.close()
    del curve
    gc.collect()
    assert freed == [1]
    assert not finalizer.alive


def test_finalizer_frees_on_collection(monkeypatch) -> None:
    freed = []
    real = _native.lib.gf_curve_free
    monkeypatch.setattr(_native.lib, "gf_curve_free", lambda h: (freed.append(1), real(h)))
    curve = gf.Curve("linear")
    del curve
    gc.collect()
    assert freed == [1]


def test_curve_is_usable_from_threads() -> None:
    import threading

    curve = gf.Curve("ease")
    expected = [curve(i / 100) for i in range(101)]
    results = []

    def worker() -> None:
        results.append([curve(i / 100) for i in range(101)] == expected)

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [True] * 4
