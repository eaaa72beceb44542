"""Issue 30: typed code type-checks. ``mypy --strict`` on the guide's user script
(``examples/python/typed_script.py``, shown verbatim in docs/python-guide.md, "Typed code")
finds nothing; the same script with a misspelt key in each document finds each one; the script
runs. Skipped against an installed package and outside the repository (the source is checked)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from typing import List

import pytest

from _support import PACKAGE_ROOT, find_repository, is_testing_installed, numpy_available

pytestmark = pytest.mark.skipif(is_testing_installed(), reason="the source package is type-checked, not the copy")

SCRIPT = os.path.join(PACKAGE_ROOT, "..", "..", "examples", "python", "typed_script.py")


def _repository() -> str:
    repo = find_repository()
    if repo is None:
        pytest.skip("not inside the Ghostframe repository (pyproject.toml's [tool.mypy])")
    return repo


def _mypy(repo: str, path: str) -> List[str]:
    try:
        import mypy  # noqa: F401
    except ImportError:
        pytest.fail("mypy is not installed: `make setup` installs scripts/requirements-dev.txt")
    env = dict(os.environ, MYPYPATH=PACKAGE_ROOT)
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--config-file", os.path.join(repo, "pyproject.toml"), path],
        capture_output=True, text=True, cwd=repo, env=env, timeout=600,
    )
    return [line for line in proc.stdout.splitlines() if ": error:" in line]


def test_the_guide_shows_the_script_as_it_is() -> None:
    repo = _repository()
    guide = open(os.path.join(repo, "docs", "python-guide.md"), encoding="utf-8").read()
    section = guide.split("## Typed code", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", section, flags=re.S)
    assert blocks == [open(SCRIPT, encoding="utf-8").read()]


def test_mypy_strict_passes_on_the_script() -> None:
    repo = _repository()
    assert _mypy(repo, SCRIPT) == []


def test_mypy_strict_catches_a_misspelt_key_in_each_document(tmp_path) -> None:
    repo = _repository()
    text = open(SCRIPT, encoding="utf-8").read()
    typos = [
        ('"root": {"frame": [0, 0, 375, 200]', '"root": {"fram": [0, 0, 375, 200]', 'Extra key "fram" for TypedDict "ViewNode"'),
        ('"keyPath": "opacity"', '"keypath": "opacity"', "List item 0 has incompatible type"),
        ('"layers": ["v1"], "duration": 0.6', '"layer": ["v1"], "duration": 0.6', "List item 0 has incompatible type"),
        ('"style": {"animation": "shimmer"', '"style": {"animaton": "shimmer"', 'Extra key "animaton" for TypedDict "ViewStyle"'),
        ("first: gf.StatesArray = scene.sample(0.25)", "first: list[gf.LayerState] = scene.sample(0.25)",
         "Incompatible types in assignment"),
    ]
    for index, (right, wrong, expected) in enumerate(typos):
        assert right in text, right
        path = tmp_path / f"typo_{index}.py"
        path.write_text(text.replace(right, wrong, 1))
        errors = _mypy(repo, str(path))
        assert errors and all(f"typo_{index}.py" in e for e in errors), (wrong, errors)
        assert any(expected in e for e in errors), (wrong, errors)


@pytest.mark.skipif(not numpy_available(), reason="the typed path uses numpy")
def test_the_script_runs() -> None:
    proc = subprocess.run([sys.executable, SCRIPT], capture_output=True, text=True, timeout=300,
                          env=dict(os.environ, PYTHONPATH=PACKAGE_ROOT + os.pathsep + os.environ.get("PYTHONPATH", "")))
    assert proc.returncode == 0, proc.stderr
    assert "LayerInfo(id='bone:0', view_id='avatar', kind='image', line=None)" in proc.stdout
