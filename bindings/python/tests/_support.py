"""Helpers shared by the tests (importable as `_support`: pytest puts tests/ on sys.path)."""

from __future__ import annotations

import functools
import importlib.util
import os
import pathlib
import sys
import threading
from typing import Any, Callable, List, Optional

TESTS_DIR = os.path.dirname(os.path.abspath(__file__))
PACKAGE_ROOT = os.path.dirname(TESTS_DIR)  # bindings/python


class _NumpyBlocker:
    """A meta path finder that makes `import numpy` (and numpy.*) fail as a missing module does.

    ModuleNotFoundError, as when numpy is not installed: `pytest.importorskip` skips only on that
    (another ImportError is an error in recent pytest), and `except ImportError` still catches it.
    """

    def find_spec(self, name, path=None, target=None):
        if name == "numpy" or name.startswith("numpy."):
            raise ModuleNotFoundError(f"{name} is hidden by GHOSTFRAME_TEST_HIDE_NUMPY", name=name)
        return None


def bezier(x1: float, y1: float, x2: float, y2: float, x: float) -> float:
    """A cubic bezier timing curve at x, by bisection on the parameter: a reference beside the
    engine's Newton iteration (accurate to ~1e-15)."""
    if x <= 0 or x >= 1:
        return min(max(x, 0.0), 1.0)
    lo, hi = 0.0, 1.0
    for _ in range(200):
        s = (lo + hi) / 2
        xs = 3 * (1 - s) ** 2 * s * x1 + 3 * (1 - s) * s * s * x2 + s ** 3
        if xs < x:
            lo = s
        else:
            hi = s
    s = (lo + hi) / 2
    return 3 * (1 - s) ** 2 * s * y1 + 3 * (1 - s) * s * s * y2 + s ** 3


def hide_numpy() -> None:
    """Makes the process behave as if numpy were not installed (call before numpy is imported)."""
    if "numpy" in sys.modules:
        raise RuntimeError("numpy was imported before it could be hidden")
    sys.meta_path.insert(0, _NumpyBlocker())


def numpy_available() -> bool:
    if sys.modules.get("numpy", False) is None:
        return False
    try:
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True


def needs_numpy(test: Any) -> Any:
    """Skips a test that reads states as numpy structured arrays (fields by name, `tobytes`)
    when numpy is missing or hidden (GHOSTFRAME_TEST_HIDE_NUMPY=1)."""
    import pytest

    return pytest.mark.skipif(not numpy_available(), reason="reads states as numpy structured arrays")(test)


def run_threads(count: int, work: Callable[[int], None]) -> List[BaseException]:
    """Runs `work(0)` … `work(count - 1)` on `count` threads released together (a barrier), and
    returns what they raised; fails if a thread is still running after 10 minutes (a deadlock)."""
    errors: List[BaseException] = []
    start = threading.Barrier(count)

    def body(index: int) -> None:
        try:
            start.wait()
            work(index)
        except BaseException as exc:  # noqa: BLE001 - reported by the test
            errors.append(exc)

    threads = [threading.Thread(target=body, args=(index,)) for index in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=600)
        assert not thread.is_alive(), "a thread is stuck (deadlock?)"
    return errors


#: The most resident memory a leak test's loop may add, in all (the loops run thousands of
#: iterations; a handle that is never freed costs from about 660 bytes - an animation - to about
#: 4,300 - a scene with a layer - measured with the debug library).
LEAK_BOUND_BYTES = 1 << 20


def resident_bytes() -> Optional[int]:
    """The process's resident memory now (Linux's /proc/self/statm), or None where it says nothing
    about leaks: no /proc, or AddressSanitizer loaded (its quarantine keeps freed memory resident)."""
    try:
        with open("/proc/self/statm") as statm:
            pages = int(statm.read().split()[1])
        with open("/proc/self/maps") as maps:
            if "asan" in maps.read():
                return None
    except OSError:
        return None
    return pages * os.sysconf("SC_PAGE_SIZE")


def resident_growth(step: Callable[[int], None], warmup: int, count: int) -> Optional[int]:
    """How much resident memory ``count`` calls of ``step(i)`` add, in bytes, measured after
    ``warmup`` calls (allocators' pools and caches filled) and a garbage collection each side;
    None where it cannot be measured (:func:`resident_bytes`)."""
    import gc

    for i in range(warmup):
        step(i)
    gc.collect()
    before = resident_bytes()
    for i in range(count):
        step(warmup + i)
    gc.collect()
    after = resident_bytes()
    return None if before is None or after is None else after - before


def is_testing_installed() -> bool:
    """True when the suite tests the installed package (GHOSTFRAME_TEST_INSTALLED=1), not the source."""
    return os.environ.get("GHOSTFRAME_TEST_INSTALLED") == "1"


def subprocess_env(**overrides: str) -> dict:
    """os.environ plus the package under test on PYTHONPATH, with overrides (value None removes)."""
    env = dict(os.environ)
    if not is_testing_installed():
        env["PYTHONPATH"] = PACKAGE_ROOT + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    for key, value in overrides.items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return env


def package_without_library(folder: Any) -> str:
    """A copy of the package under test (source or installed) in ``folder``, without a bundled
    library; returns the folder to put on PYTHONPATH. A subprocess importing it finds the
    library through ``GHOSTFRAME_LIBRARY`` or the system's search, whichever package is tested
    (an installed wheel's bundled library would otherwise come first)."""
    import shutil

    import ghostframe

    source = os.path.dirname(os.path.abspath(ghostframe.__file__))
    target = os.path.join(str(folder), "unbundled")
    shutil.copytree(source, os.path.join(target, "ghostframe"),
                    ignore=shutil.ignore_patterns("libghostframe.so*", "__pycache__"))
    return target


def find_repository() -> Optional[str]:
    """The directory holding Package.swift above the tests, if the tests run in the repo."""
    directory = TESTS_DIR
    while True:
        if os.path.isfile(os.path.join(directory, "Package.swift")):
            return directory
        parent = os.path.dirname(directory)
        if parent == directory:
            return None
        directory = parent


@functools.lru_cache(maxsize=None)
def _header_text_module(repository: str) -> Any:
    """scripts/header_text.py of the repository, loaded as a module (it needs only the standard library)."""
    path = os.path.join(repository, "scripts", "header_text.py")
    spec = importlib.util.spec_from_file_location("_ghostframe_header_text", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def header_text(path: str) -> str:
    """The C header at ``path`` (Include/ghostframe.h) as one text, each ``#include "..."`` of its
    parts expanded where the preprocessor reads it: the repository's scripts/header_text.py, which the
    ABI layout and version checks read it with too. Only inside the repository (callers skip outside)."""
    repository = find_repository()
    if repository is None:
        raise RuntimeError("the header is read inside the Ghostframe repository only")
    return str(_header_text_module(repository).expanded(pathlib.Path(path)))


def raised_inside_package(exc: BaseException, package: Any) -> bool:
    """Whether ``exc`` was raised by the code of ``package`` (the innermost frame of its
    traceback is in the package's directory), rather than by Python at the call itself (a
    call that matches no signature: an unknown keyword, too many positional arguments)."""
    import traceback

    # The lock every method takes (ghostframe/_handle.py) calls the method: a call that matches
    # no signature fails in that frame, as it would in the caller's without it.
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.name != "_serialised_call"]
    root = os.path.dirname(os.path.abspath(package.__file__))
    return bool(frames) and os.path.abspath(frames[-1].filename).startswith(root + os.sep)


#: A small view tree for the command-line tests: a label that stretches and a rounded image.
CLI_TREE = {
    "viewport": [120, 100],
    "style": {"animation": "none", "lengthDuration": 0.5},
    "root": {"frame": [0, 0, 120, 100], "children": [
        {"id": "title", "type": "label", "frame": [10, 10, 60, 20]},
        {"id": "photo", "type": "image", "frame": [10, 40, 50, 50], "cornerRadius": 8},
    ]},
    "adjust": ["animation(0).toLongAnimation()"],
}
