#!/usr/bin/env python3
"""The public C header as one text: ``Include/ghostframe.h`` with its parts expanded.

``Include/ghostframe.h`` is an umbrella: the conventions, then ``#include "ghostframe/base.h"``,
``"ghostframe/curve.h"``, ... (one part per concern), and each part includes the parts it needs
(``#include "base.h"``). Every reader of the header that is not a C compiler (the ABI layout and
version checks, the Python tests) reads it through this module, so none keeps a list of the parts:

    expanded()        the umbrella's text with each ``#include "..."`` line replaced by the text of
                      the file it names, expanded in turn, the first time that file is reached, and
                      by nothing later (as its include guard does): the declarations in the order
                      the preprocessor reads them
    header_files()    the umbrella and every part, in that order

A quoted include is resolved as the C preprocessor does first: relative to the including file's
folder. Includes in angle brackets (``<stdint.h>``) are left as they are.

    header_text.py [HEADER]     prints the expanded text (default: Include/ghostframe.h)
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
UMBRELLA = ROOT / "Include" / "ghostframe.h"
INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]+"([^"]+)"[ \t]*$')


def _walk(path: Path, seen: set[Path], files: list[Path]) -> list[str]:
    """The expanded lines of ``path`` (nothing if it was reached before)."""
    path = path.resolve()
    if path in seen:
        return []
    seen.add(path)
    files.append(path)
    lines: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        match = INCLUDE.match(line)
        if match is None:
            lines.append(line)
            continue
        included = path.parent / match.group(1)
        if not included.is_file():
            raise FileNotFoundError(f"{path}: #include \"{match.group(1)}\": no file {included}")
        lines.extend(_walk(included, seen, files))
    return lines


def expanded(header: Path = UMBRELLA) -> str:
    """The text of ``header`` with its quoted includes expanded (each file once, where first reached)."""
    return "\n".join(_walk(Path(header), set(), [])) + "\n"


def header_files(header: Path = UMBRELLA) -> list[Path]:
    """``header`` and every file its quoted includes reach, in the order they are first reached."""
    files: list[Path] = []
    _walk(Path(header), set(), files)
    return files


if __name__ == "__main__":
    sys.stdout.write(expanded(Path(sys.argv[1]) if len(sys.argv) > 1 else UMBRELLA))
