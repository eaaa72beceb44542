"""Bad input through every entry point: each case raises the documented error with a
message that names the problem, or (for absurd but legal input) returns a sane value, and
none crashes the interpreter (checked in a subprocess first; see conftest.crashing_cases)."""

from __future__ import annotations

import math
import re

import pytest

import ghostframe as gf
from _cases import CASES, Case, run
from _support import numpy_available, raised_inside_package

_PYTHON_ERRORS = {"TypeError": TypeError, "ValueError": ValueError}
#: What the binding raises for the cases it refuses before calling the library.
_BINDING_ERRORS = {"TypeError": gf.ArgumentTypeError, "ValueError": gf.InvalidArgumentError}


def _assert_sane_result(result: object) -> None:
    if isinstance(result, float):
        assert not math.isnan(result), "a legal input gave NaN"
    elif isinstance(result, list):
        assert not any(math.isnan(y) for y in result), f"a legal input gave NaN: {result}"
    elif isinstance(result, gf.TimingState):
        for name in ("current_iteration", "progress", "active_time"):
            value = getattr(result, name)
            assert value is None or not math.isnan(value), f"{name} is NaN in {result}"
    elif hasattr(result, "dtype"):  # numpy array
        assert not bool((result != result).any()), f"a legal input gave NaN: {result}"


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_bad_input(case: Case, crashing_cases) -> None:
    if case.id in crashing_cases:
        pytest.fail(f"{case.id} crashed the interpreter in a child process ({crashing_cases[case.id]})", pytrace=False)
    if "<battery>" in crashing_cases and case.id not in crashing_cases["<done>"]:
        pytest.fail(
            f"{case.id} not run in-process: the battery's child process died "
            f"({crashing_cases['<battery>']})",
            pytrace=False,
        )
    if case.needs_numpy and not numpy_available():
        pytest.skip("numpy is not installed")

    try:
        result = run(gf, case)
    except gf.MissingFunctionError:
        raise
    except Exception as exc:  # noqa: BLE001 - classified below
        _check_exception(case, exc)
    else:
        assert "ok" in case.expect, (
            f"{case.id}: expected {' or '.join(case.expect)}, but the call returned {result!r}"
        )
        _assert_sane_result(result)


def _check_exception(case: Case, exc: Exception) -> None:
    python_side = [name for name in case.expect if name in _PYTHON_ERRORS]
    library_side = [name for name in case.expect if name not in _PYTHON_ERRORS and name != "ok"]
    if isinstance(exc, gf.GhostframeError):
        # A rejection by the binding is a GhostframeError too: InvalidArgumentError for a
        # "ValueError" case, ArgumentTypeError (also a TypeError) for a "TypeError" case.
        allowed = tuple(getattr(gf, name) for name in library_side)
        allowed += tuple(_BINDING_ERRORS[name] for name in python_side)
        assert allowed and isinstance(exc, allowed), (
            f"{case.id}: expected {' or '.join(case.expect)}, got {type(exc).__name__}: {exc}"
        )
        assert exc.status < 0
        assert exc.status_name in str(exc)
        assert exc.message, f"{case.id}: {type(exc).__name__} without a message"
        if case.match:
            assert re.search(case.match, exc.message, re.IGNORECASE), (
                f"{case.id}: message {exc.message!r} does not name the problem (/{case.match}/)"
            )
        return
    # Only Python's own error for a call that matches no signature may be something else.
    assert not raised_inside_package(exc, gf), (
        f"{case.id}: the package raised {type(exc).__name__} ({exc}), not a GhostframeError"
    )
    allowed = tuple(_PYTHON_ERRORS[name] for name in python_side)
    assert allowed and isinstance(exc, allowed), (
        f"{case.id}: expected {' or '.join(case.expect)}, got {type(exc).__name__}: {exc}"
    )
    if case.match:
        assert re.search(case.match, str(exc), re.IGNORECASE), (
            f"{case.id}: message {str(exc)!r} does not name the problem (/{case.match}/)"
        )


def test_battery_is_broad() -> None:
    """Every entry point appears in the battery (guards against cases silently vanishing)."""
    ids = " ".join(c.id for c in CASES)
    for prefix in ("curve-spec-", "curve-eval-", "curve-many-", "spring-", "spring-value-",
                   "spring-velocity-", "spring-settling-", "timing-", "timing-at-", "ca-"):
        assert prefix in ids, prefix
    assert len(CASES) > 150
