"""The examples in the package docstrings and in docs/python-guide.md run."""

from __future__ import annotations

import doctest
import importlib
import os
import re

import pytest

from _support import find_repository, numpy_available

MODULES = ["ghostframe", "ghostframe.curve", "ghostframe.spring", "ghostframe.timing", "ghostframe.errors", "ghostframe.layout"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} doctest examples failed in {name}"


def _guide_blocks() -> list:
    repo = find_repository()
    path = os.path.join(repo, "docs", "python-guide.md") if repo else None
    if not path or not os.path.isfile(path):
        return []
    text = open(path, encoding="utf-8").read()
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


BLOCKS = _guide_blocks()


@pytest.mark.skipif(not BLOCKS, reason="docs/python-guide.md not found (tests run outside the repository)")
def test_guide_examples_run() -> None:
    """Runs every ```python block of the guide in one namespace (the later ones use earlier names)."""
    namespace: dict = {}
    ran = 0
    for block in BLOCKS:
        if "import numpy" in block and not numpy_available():
            continue
        exec(block, namespace)  # noqa: S102
        ran += 1
    assert ran >= 5
