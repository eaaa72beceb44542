"""The repository's conformance cases (Tests/ConformanceTests/Cases/*.json), through Python.

The Swift API and the C ABI run the same files; this makes Python the third side. Skipped
when the tests do not run inside the repository.
"""

from __future__ import annotations

import json
import os

import pytest

import ghostframe as gf
from _support import find_repository


def _load(name: str) -> list:
    repo = find_repository()
    path = os.path.join(repo, "Tests", "ConformanceTests", "Cases", name) if repo else None
    if not path or not os.path.isfile(path):
        return []
    with open(path, encoding="utf-8") as f:
        return json.load(f)["cases"]


CURVE_CASES = _load("curves.json")
SPRING_CASES = _load("springs.json")


@pytest.mark.skipif(not CURVE_CASES, reason="no Tests/ConformanceTests/Cases/curves.json")
@pytest.mark.parametrize("spec", sorted({c["spec"] for c in CURVE_CASES}))
def test_curve_cases(spec: str) -> None:
    """Each case carries its own tolerance (absolute)."""
    cases = [c for c in CURVE_CASES if c["spec"] == spec]
    curve = gf.Curve(spec)
    ys = curve.eval_many([c["x"] for c in cases])
    for case, y in zip(cases, ys):
        assert y == pytest.approx(case["y"], abs=case["tolerance"]), f"{spec} at {case['x']}"
        assert curve(case["x"], case.get("beforeFlag", False)) == pytest.approx(case["y"], abs=case["tolerance"])


def _spring(case: dict) -> "gf.Spring":
    s = case["spring"]
    return gf.Spring(
        mass=s["mass"],
        stiffness=s["stiffness"],
        damping=s["damping"],
        initial_velocity=s.get("initialVelocity", 0),
        allows_overdamping=bool(s.get("allowsOverdamping", False)),
    )


@pytest.mark.skipif(not SPRING_CASES, reason="no Tests/ConformanceTests/Cases/springs.json")
@pytest.mark.parametrize("case", SPRING_CASES, ids=[c["name"] for c in SPRING_CASES])
def test_spring_cases(case: dict) -> None:
    spring = _spring(case)
    tol = case["tolerance"]
    if "t" in case:
        if "value" in case:
            assert spring.value(case["t"]) == pytest.approx(case["value"], abs=tol)
        if "velocity" in case:
            assert spring.velocity(case["t"]) == pytest.approx(case["velocity"], abs=tol)
    if "settlingDuration" in case:
        assert spring.settling_duration(case["epsilon"]) == pytest.approx(case["settlingDuration"], abs=tol)
