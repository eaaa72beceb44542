"""Shared fixtures for the ghostframe tests.

Environment:
  GHOSTFRAME_LIBRARY           the library under test (else the package's own search).
  GHOSTFRAME_TEST_HIDE_NUMPY=1 run the whole suite as if numpy were not installed.
"""

from __future__ import annotations

import os
import sys

if os.environ.get("GHOSTFRAME_TEST_HIDE_NUMPY") == "1":
    # Before anything imports numpy: `import numpy` now raises ImportError.
    sys.modules["numpy"] = None  # type: ignore[assignment]

import pytest

from _support import numpy_available

try:
    from hypothesis import HealthCheck, settings

    # Debug builds of the library are slow on first calls; the properties are cheap anyway.
    settings.register_profile(
        "ghostframe", deadline=None, max_examples=200, suppress_health_check=[HealthCheck.too_slow]
    )
    settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ghostframe"))
except ImportError:  # pragma: no cover - hypothesis is a test requirement
    pass


@pytest.fixture(params=["with-numpy", "without-numpy"])
def numpy_mode(request, monkeypatch):
    """Runs a test twice: with numpy importable, and with numpy hidden.

    Yields the numpy module, or None when hidden (or not installed).
    """
    if request.param == "with-numpy":
        if not numpy_available():
            pytest.skip("numpy is not installed")
        import numpy

        yield numpy
    else:
        monkeypatch.setitem(sys.modules, "numpy", None)
        yield None


@pytest.fixture
def np():
    """numpy, or skip."""
    if not numpy_available():
        pytest.skip("numpy is not installed")
    import numpy

    return numpy


@pytest.fixture(scope="session")
def gf():
    import ghostframe

    return ghostframe


@pytest.fixture(scope="session")
def crashing_cases():
    """Runs the whole bad-input battery in subprocesses first.

    Returns {case id: description} for the cases that killed the interpreter. The
    in-process tests of those cases fail with the description instead of crashing pytest.
    """
    import subprocess

    from _support import TESTS_DIR, subprocess_env

    runner = os.path.join(TESTS_DIR, "_crash_runner.py")
    crashed = {}
    for _ in range(20):  # at most 20 distinct crashing cases are isolated
        args = [sys.executable, runner]
        for case_id in crashed:
            args += ["--skip", case_id]
        env = subprocess_env()
        if sys.modules.get("numpy", False) is None:
            env["GHOSTFRAME_TEST_HIDE_NUMPY"] = "1"
        proc = subprocess.run(args, capture_output=True, text=True, env=env, timeout=600)
        lines = proc.stdout.splitlines()
        if proc.returncode == 0 and lines and lines[-1] == "FINISHED":
            return crashed
        started = [line[6:] for line in lines if line.startswith("START ")]
        done = {line[5:] for line in lines if line.startswith("DONE ")}
        culprit = next((c for c in reversed(started) if c not in done), None)
        detail = f"exit status {proc.returncode}; stderr tail:\n{proc.stderr[-2000:]}"
        if culprit is None:
            crashed["<battery>"] = detail
            return crashed
        crashed[culprit] = detail
    return crashed
