"""The examples in the package docstrings and in docs/python-guide.md run; the links of README.md and
docs/*.md resolve, and the README's performance headlines are numbers of docs/performance.md."""

from __future__ import annotations

import doctest
import importlib
import os
import re

import pytest

from _support import find_repository, numpy_available

MODULES = [
    "ghostframe",
    "ghostframe.curve",
    "ghostframe.color",
    "ghostframe.scene",
    "ghostframe.spring",
    "ghostframe.timing",
    "ghostframe.errors",
    "ghostframe.layout",
    "ghostframe.timeline",
    "ghostframe.chain",
    "ghostframe.chain_shorthand",
    "ghostframe.timeline_player",
    "ghostframe.card",
    "ghostframe.card_tools",
    "ghostframe.scrub",
    "ghostframe.plugins",
]


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
def test_guide_examples_run(monkeypatch) -> None:
    """Runs every ```python block of the guide in one namespace (the later ones use earlier names),
    from the repository's root, as a reader of the guide runs them (its paths are relative to it)."""
    repo = find_repository()
    if repo:
        monkeypatch.chdir(repo)
    namespace: dict = {}
    ran = 0
    for block in BLOCKS:
        if "import numpy" in block and not numpy_available():
            continue
        exec(block, namespace)  # noqa: S102
        ran += 1
    assert ran >= 5


def _markdown_files() -> list:
    repo = find_repository()
    if not repo or not os.path.isfile(os.path.join(repo, "README.md")):
        return []
    docs = os.path.join(repo, "docs")
    names = sorted(n for n in os.listdir(docs) if n.endswith(".md")) if os.path.isdir(docs) else []
    return [os.path.join(repo, "README.md")] + [os.path.join(docs, n) for n in names]


MARKDOWN = _markdown_files()


@pytest.mark.skipif(not MARKDOWN, reason="README.md not found (tests run outside the repository)")
def test_relative_links_resolve() -> None:
    """Every relative link of README.md and docs/*.md names a file or folder that exists."""
    checked = 0
    for path in MARKDOWN:
        text = open(path, encoding="utf-8").read()
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue  # URLs and anchors in the same page
            resolved = os.path.join(os.path.dirname(path), target.split("#")[0])
            assert os.path.exists(resolved), f"{os.path.basename(path)} links to {target}, which does not exist"
            checked += 1
    assert checked >= 10


@pytest.mark.skipif(not MARKDOWN, reason="README.md not found (tests run outside the repository)")
def test_readme_performance_headlines_come_from_the_log() -> None:
    """The README keeps a headline table of docs/performance.md: each number it shows is in the log."""
    readme = open(MARKDOWN[0], encoding="utf-8").read()
    section = readme.split("## Performance", 1)[1].split("\n## ", 1)[0]
    assert "(docs/performance.md)" in section
    log = open(os.path.join(os.path.dirname(MARKDOWN[0]), "docs", "performance.md"), encoding="utf-8").read()
    rows = [line for line in section.splitlines() if line.startswith("| ") and "---" not in line][1:]
    assert len(rows) >= 4 and len(section.splitlines()) < 20  # a headline table, not the log
    for row in rows:
        measured = row.split("|")[2]
        for number in re.findall(r"\d[\d.,–]*\s*(?:ns|µs|ms|×)", measured):
            assert number in log, f"the README's {number!r} is not in docs/performance.md"
