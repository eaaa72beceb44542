"""The installed package (a wheel, `pip install .`) carries its own library.

Runs only when the suite tests an installed package (GHOSTFRAME_TEST_INSTALLED=1, as
scripts/check_python_package.sh sets it); skipped against the source tree.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

import ghostframe as gf
from _support import PACKAGE_ROOT, subprocess_env, is_testing_installed

pytestmark = pytest.mark.skipif(not is_testing_installed(), reason="tests the source, not an installed package")


def test_the_installed_package_is_under_test() -> None:
    source = os.path.realpath(os.path.join(PACKAGE_ROOT, "ghostframe"))
    installed = os.path.realpath(os.path.dirname(gf.__file__))
    assert installed != source, f"the source package {source} was imported, not the installed one"
    assert "site-packages" in installed.split(os.sep), installed


def test_the_library_is_the_bundled_one() -> None:
    assert "GHOSTFRAME_LIBRARY" not in os.environ
    folder = os.path.realpath(os.path.dirname(gf.__file__))
    assert os.path.dirname(os.path.realpath(gf.library_path)) == folder, gf.library_path
    assert os.path.basename(gf.library_path) == "libghostframe.so"


def test_the_console_command_is_installed() -> None:
    command = os.path.join(os.path.dirname(sys.executable), "ghostframe")
    assert os.access(command, os.X_OK), f"no console command at {command}"
    proc = subprocess.run([command, "--version"], capture_output=True, text=True,
                          env=subprocess_env(), timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(f"ghostframe {gf.__version__} "), proc.stdout


def test_the_examples_are_package_data() -> None:
    """The example view trees, scenes and timelines (with their stages) come with the package,
    so `ghostframe preview NAME` finds them by name anywhere."""
    folder = os.path.join(os.path.dirname(gf.__file__), "examples")
    trees = sorted(n for n in os.listdir(os.path.join(folder, "trees")) if n.endswith(".json"))
    scenes = sorted(n for n in os.listdir(os.path.join(folder, "scenes")) if n.endswith(".json"))
    timelines = sorted(n for n in os.listdir(os.path.join(folder, "timelines")) if n.endswith(".json"))
    assert "card.json" in trees and len(trees) >= 7, trees
    assert "chain.json" in scenes and len(scenes) >= 4, scenes
    assert timelines and all(os.path.isfile(os.path.join(folder, "timelines", "stages", n)) for n in timelines)
    repo = os.path.dirname(os.path.dirname(PACKAGE_ROOT))
    for kind, names in (("trees", trees), ("scenes", scenes), ("timelines", timelines)):
        if os.path.isdir(os.path.join(repo, "examples", kind)):  # the same files as the checkout's
            assert names == sorted(n for n in os.listdir(os.path.join(repo, "examples", kind)) if n.endswith(".json"))


def test_an_installed_package_belongs_to_no_checkout(tmp_path, monkeypatch) -> None:
    """Outside a checkout, `ghostframe gallery` takes the package's examples and writes to
    ./gallery - even when the environment itself lives inside a checkout."""
    from ghostframe.__main__ import _examples, _repository

    monkeypatch.chdir(tmp_path)
    assert _repository() is None
    assert _examples(None) == os.path.join(os.path.dirname(os.path.abspath(gf.__file__)), "examples")
