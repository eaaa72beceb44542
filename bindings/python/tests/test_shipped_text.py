"""What ships to users cites no issue or seed numbers: the header, the sources (their doc comments
and comments), the Python package, the C helpers and the examples say what they mean instead of
pointing into this project's tracker or seed folders ("Preload overlay: ...", not "Preload overlay
(seed 003)"). The tests and docs/ may keep them."""

from __future__ import annotations

import os
import re
from typing import List

import pytest

from _support import find_repository

REPO = find_repository()
pytestmark = pytest.mark.skipif(REPO is None, reason="the repository is not here (tests run outside it)")

#: The folders whose files ship: in the library, the wheel, the installed tree or as examples.
SHIPPED = ("Include", "Sources", os.path.join("bindings", "python", "ghostframe"),
           os.path.join("bindings", "c", "helpers"), "examples")

#: "issue 16", "(issue 30)", "issues 9 and 13", "issue #31", "seed 003", "Seed 004's".
NUMBERED = re.compile(r"\b(?:issue|seed)s?[ \t]*(?:#|no\.?)?[ \t]*\d", re.IGNORECASE)


def numbered_lines(text: str) -> List[str]:
    """The lines of `text` that cite an issue or seed number, each as "line N: text"."""
    return [f"line {number}: {line.strip()}" for number, line in enumerate(text.splitlines(), 1)
            if NUMBERED.search(line)]


def test_the_pattern_finds_what_it_should() -> None:
    for cited in ("A host callback failed (issue 16): a", "Preload overlay (seed 003): a", "Seed 004's feed",
                  "issues 9 and 13", "see issue #31", "(issue 15 section 1)", "seed 001"):
        assert numbered_lines(cited), cited
    for plain in ("The seed's pull-to-refresh control", "the seeds' ready-made pieces", "an issue with 3 layers",
                  "misuse 16", "reissue 4", "seeded 3 times", "examples/timelines/seed-array.json"):
        assert not numbered_lines(plain), plain


def test_no_issue_or_seed_numbers_in_shipped_files() -> None:
    assert REPO is not None
    found: List[str] = []
    scanned = 0
    for folder in SHIPPED:
        for directory, _, files in os.walk(os.path.join(REPO, folder)):
            for name in sorted(files):
                path = os.path.join(directory, name)
                try:
                    with open(path, encoding="utf-8") as handle:
                        text = handle.read()
                except UnicodeDecodeError:
                    continue  # images and other binary files
                scanned += 1
                found += [f"{os.path.relpath(path, REPO)} {hit}" for hit in numbered_lines(text)]
    assert scanned > 300, f"only {scanned} text files under {SHIPPED}"
    assert not found, "issue or seed numbers in shipped files (say what they mean instead):\n  " + "\n  ".join(found)
