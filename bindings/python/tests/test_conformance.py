"""The repository's conformance cases (Tests/ConformanceTests/Cases/*.json), through Python.

The Swift API and the C ABI run the same files (Tests/ConformanceTests); this makes the
Python binding a third side. Each case carries its own tolerance (absolute; infinities
must match exactly), as in the Swift runner. Skipped when the tests do not run inside the
repository; a file that cannot be read fails one test instead of stopping collection.
"""

from __future__ import annotations

import json
import math
import os
from typing import Any, Dict, List, Optional, Tuple

import pytest

import ghostframe as gf
from _support import find_repository

_REPO = find_repository()
_CASES_DIR = os.path.join(_REPO, "Tests", "ConformanceTests", "Cases") if _REPO else None
_LOAD_ERRORS: Dict[str, str] = {}


def _load(name: str) -> Dict[str, Any]:
    path = os.path.join(_CASES_DIR, name) if _CASES_DIR else None
    if not path or not os.path.isfile(path):
        return {}
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError) as exc:
        _LOAD_ERRORS[name] = f"{type(exc).__name__}: {exc}"
        return {}


CURVES = _load("curves.json")
EASING_WPT = _load("easing-wpt.json")
SPRINGS = _load("springs.json")
ERRORS = _load("errors.json")
TIMING_HAND = _load("timing-hand.json")
TIMING_WPT = _load("timing-wpt.json")

needs_repo = pytest.mark.skipif(_CASES_DIR is None, reason="not inside the Ghostframe repository")


def num(value: Any) -> float:
    """A case-file number: a JSON number or "Infinity" / "-Infinity" / "NaN"."""
    if isinstance(value, str):
        return {"Infinity": math.inf, "-Infinity": -math.inf, "NaN": math.nan}[value]
    return float(value)


def close(a: float, b: float, tolerance: float) -> bool:
    if math.isinf(a) or math.isinf(b):
        return a == b
    return abs(a - b) <= tolerance


def _ids(cases: List[dict], key: str = "name") -> List[str]:
    return [str(c.get(key, i)) for i, c in enumerate(cases)]


@needs_repo
def test_case_files_are_readable() -> None:
    assert not _LOAD_ERRORS, f"unreadable case files: {_LOAD_ERRORS}"


# -- curves --------------------------------------------------------------------------------

_EASING_CASES = CURVES.get("cases", []) + EASING_WPT.get("cases", [])


def _easing_id(c: dict) -> str:
    return f"{c['spec']}@{c['x']}" + ("-before" if c.get("beforeFlag") else "")


@needs_repo
@pytest.mark.parametrize("case", _EASING_CASES, ids=[_easing_id(c) for c in _EASING_CASES])
def test_easing_values(case: dict) -> None:
    curve = gf.Curve(case["spec"])
    y = curve(num(case["x"]), bool(case.get("beforeFlag", False)))
    expected = num(case["y"])
    assert close(y, expected, case["tolerance"]), f"{_easing_id(case)}: {y} != {expected} ± {case['tolerance']}"
    if not case.get("beforeFlag"):
        assert curve.eval_many([num(case["x"])]) == [y]


_EQUIVALENCES = EASING_WPT.get("equivalences", [])


@needs_repo
@pytest.mark.parametrize("case", _EQUIVALENCES, ids=[f"{c['a']} ~ {c['b']}" for c in _EQUIVALENCES])
def test_easing_equivalences(case: dict) -> None:
    a, b = gf.Curve(case["a"]), gf.Curve(case["b"])
    flag = bool(case.get("beforeFlag", False))
    for x in map(num, case["xs"]):
        assert close(a(x, flag), b(x, flag), case["tolerance"]), f"at {x}"


_COMPOUND = EASING_WPT.get("compound", [])


@needs_repo
@pytest.mark.parametrize(
    "case", _COMPOUND, ids=[f"{c['effectEasing']}|{c['keyframeEasing']}@{c['t']}" for c in _COMPOUND]
)
def test_effect_easing_feeding_a_keyframe_easing(case: dict) -> None:
    """Timing (effect easing) then Curve (keyframe easing), end to end, as wpt asserts it."""
    timing = gf.Timing(case["duration"], fill=case.get("fill", "none"), easing=case["effectEasing"])
    state = timing.at(case["t"])
    assert state.progress is not None
    progress = gf.Curve(case["keyframeEasing"])(state.progress)
    assert close(progress, num(case["expectedProgress"]), case["tolerance"]), (
        f"effect progress {state.progress}, keyframe progress {progress}"
    )


# -- springs -------------------------------------------------------------------------------

_SPRING_FIELDS = {
    "mass": "mass",
    "stiffness": "stiffness",
    "damping": "damping",
    "initialVelocity": "initial_velocity",
    "allowsOverdamping": "allows_overdamping",
}


def _spring(spec: Optional[dict]) -> "gf.Spring":
    kwargs = {}
    for key, value in (spec or {}).items():
        name = _SPRING_FIELDS[key]
        kwargs[name] = bool(value) if name == "allows_overdamping" else num(value)
    return gf.Spring(**kwargs)


_SPRING_CASES = SPRINGS.get("cases", [])


@needs_repo
@pytest.mark.parametrize("case", _SPRING_CASES, ids=_ids(_SPRING_CASES))
def test_spring_values(case: dict) -> None:
    spring = _spring(case["spring"])
    tol = case["tolerance"]
    if "t" in case:
        if "value" in case:
            assert close(spring.value(num(case["t"])), num(case["value"]), tol)
        if "velocity" in case:
            assert close(spring.velocity(num(case["t"])), num(case["velocity"]), tol)
    if "settlingDuration" in case:
        assert close(spring.settling_duration(num(case["epsilon"])), num(case["settlingDuration"]), tol)


# -- timing --------------------------------------------------------------------------------

_WEB_FIELDS = {
    "duration": "duration",
    "delay": "delay",
    "endDelay": "end_delay",
    "iterations": "iterations",
    "iterationStart": "iteration_start",
    "direction": "direction",
    "fill": "fill",
    "easing": "easing",
    "playbackRate": "playback_rate",
    "timeOffset": "time_offset",
}
_CA_FIELDS = {
    "duration": "duration",
    "beginTime": "begin_time",
    "speed": "speed",
    "timeOffset": "time_offset",
    "repeatCount": "repeat_count",
    "repeatDuration": "repeat_duration",
    "autoreverses": "autoreverses",
    "fillMode": "fill_mode",
    "easing": "easing",
}
_TEXT_FIELDS = {"direction", "fill", "easing", "fill_mode"}


def _kwargs(spec: dict, fields: Dict[str, str]) -> Dict[str, Any]:
    out: Dict[str, Any] = {}
    for key, value in spec.items():
        name = fields[key]
        if name in _TEXT_FIELDS:
            out[name] = value
        elif name == "autoreverses":
            out[name] = bool(value)
        else:
            out[name] = num(value)
    return out


def _timing(case: dict) -> "gf.Timing":
    if "coreAnimation" in case:
        kwargs = _kwargs(case["coreAnimation"], _CA_FIELDS)
        kwargs.setdefault("duration", 0.0)
        return gf.Timing.core_animation(**kwargs)
    kwargs = _kwargs(case.get("timing", {}), _WEB_FIELDS)
    kwargs.setdefault("duration", 0.0)
    return gf.Timing(**kwargs)


_TIMING_CASES: List[Tuple[str, dict]] = [("hand", c) for c in TIMING_HAND.get("cases", [])] + [
    ("wpt", c) for c in TIMING_WPT.get("cases", [])
]


@needs_repo
@pytest.mark.parametrize("source, case", _TIMING_CASES, ids=[f"{s}:{c['name']}" for s, c in _TIMING_CASES])
def test_timing_samples(source: str, case: dict) -> None:
    timing = _timing(case)
    tolerance = case.get("tolerance", 1e-9)
    problems = []
    for sample in case["samples"]:
        t = num(sample["t"])
        state = timing.at(t)
        if "phase" in sample and sample["phase"] != state.phase:
            problems.append(f"t={t}: phase {state.phase!r}, expected {sample['phase']!r}")
        for key, attr in (("activeTime", "active_time"), ("currentIteration", "current_iteration"), ("progress", "progress")):
            if key not in sample:
                continue
            expected, got = sample[key], getattr(state, attr)
            if expected is None:
                if got is not None:
                    problems.append(f"t={t}: {attr} {got}, expected unresolved")
            elif got is None or not close(got, num(expected), tolerance):
                problems.append(f"t={t}: {attr} {got}, expected {num(expected)} ± {tolerance}")
    assert not problems, f"{case['name']}: " + "; ".join(problems)


# -- errors --------------------------------------------------------------------------------

_ERROR_CASES = ERRORS.get("cases", [])


def _error_action(case: dict):
    op = case["operation"]
    if op == "parse":
        return lambda: gf.Curve(case["spec"])
    if op == "spring":
        return lambda: _spring(case["spring"])
    if op == "settling":
        return lambda: _spring(case.get("spring")).settling_duration(num(case["epsilon"]))
    if op == "timing":
        return lambda: _timing({"timing": {"duration": 1, **case["timing"]}})
    if op == "coreAnimation":
        return lambda: _timing({"coreAnimation": {"duration": 1, **case["coreAnimation"]}})
    raise AssertionError(f"unknown operation {op!r} in errors.json")


@needs_repo
@pytest.mark.parametrize("case", _ERROR_CASES, ids=_ids(_ERROR_CASES))
def test_errors(case: dict) -> None:
    with pytest.raises(gf.GhostframeError) as info:
        _error_action(case)()
    err = info.value
    assert err.status_name == case["status"], f"{err.status_name}: {err.message}"
    assert err.status == {v: k for k, v in gf.errors._STATUS_NAMES.items()}[case["status"]]
    if "messageContains" in case:
        assert case["messageContains"].lower() in err.message.lower(), err.message
