"""Runs bad-input cases in this process and reports each on stdout (used by conftest).

    python _crash_runner.py [--skip ID]... [ID ...]

Prints "START <id>" before and "DONE <id>" after each case (flushed), so that when the
interpreter dies the last START without a DONE names the case that killed it.
"""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from _support import hide_numpy, numpy_available  # noqa: E402

if os.environ.get("GHOSTFRAME_TEST_HIDE_NUMPY") == "1":
    hide_numpy()

import _cases  # noqa: E402


def main(argv: list) -> int:
    skip = set()
    only = []
    args = iter(argv)
    for arg in args:
        if arg == "--skip":
            skip.add(next(args))
        else:
            only.append(arg)
    import ghostframe as gf

    have_numpy = numpy_available()
    cases = [_cases.CASES_BY_ID[i] for i in only] if only else _cases.CASES
    out = sys.stdout
    for case in cases:
        if case.id in skip or (case.needs_numpy and not have_numpy):
            continue
        out.write(f"START {case.id}\n")
        out.flush()
        try:
            _cases.run(gf, case)
        except BaseException:  # noqa: BLE001 - only survival matters here
            pass
        out.write(f"DONE {case.id}\n")
        out.flush()
    out.write("FINISHED\n")
    out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
