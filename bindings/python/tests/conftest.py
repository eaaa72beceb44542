"""Shared fixtures for the ghostframe tests.

Environment:
  GHOSTFRAME_LIBRARY           the library under test (else the package's own search).
  GHOSTFRAME_TEST_HIDE_NUMPY=1 run the whole suite as if numpy were not installed.
  GHOSTFRAME_TEST_INSTALLED=1  test the installed package (a wheel) instead of the source in
                               bindings/python.
"""

from __future__ import annotations

import os
import sys

import pytest

from _support import PACKAGE_ROOT, hide_numpy, numpy_available, is_testing_installed

if not is_testing_installed():
    sys.path.insert(0, PACKAGE_ROOT)  # the source package, ahead of any installed one

if os.environ.get("GHOSTFRAME_TEST_HIDE_NUMPY") == "1":
    hide_numpy()  # before anything imports numpy: `import numpy` now raises ImportError

try:
    from hypothesis import HealthCheck, settings
    from hypothesis.configuration import set_hypothesis_home_dir

    # Keep hypothesis' files in bindings/python/.hypothesis wherever pytest runs from
    # (CTest runs it from the repository root).
    set_hypothesis_home_dir(os.path.join(PACKAGE_ROOT, ".hypothesis"))

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
    """Runs the whole bad-input battery in a child process first.

    Returns {case id: description} for the cases that killed the interpreter (the battery
    resumes after each). The in-process tests of those cases fail with the description
    instead of crashing pytest. The key "<battery>" means the child died outside any case
    (or too many cases crashed); then every case that did not finish is treated as unsafe,
    and the set of finished ones is under "<done>".
    """
    import subprocess

    from _support import TESTS_DIR, subprocess_env

    runner = os.path.join(TESTS_DIR, "_crash_runner.py")
    crashed: dict = {}
    done: set = set()
    after = None
    while True:
        args = [sys.executable, runner] + (["--after", after] if after else [])
        proc = subprocess.run(args, capture_output=True, text=True, env=subprocess_env(), timeout=600)
        lines = proc.stdout.splitlines()
        done |= {line[5:] for line in lines if line.startswith("DONE ")}
        if proc.returncode == 0 and lines and lines[-1] == "FINISHED":
            return crashed
        started = [line[6:] for line in lines if line.startswith("START ")]
        culprit = next((c for c in reversed(started) if c not in done), None)
        stderr = proc.stderr if len(proc.stderr) <= 3000 else proc.stderr[:3000] + "\n[...]"
        detail = f"exit status {proc.returncode}; stderr:\n{stderr}"
        if culprit is None or len(crashed) >= 50:
            crashed["<battery>"] = detail
            crashed["<done>"] = done
            return crashed
        crashed[culprit] = detail
        after = culprit
