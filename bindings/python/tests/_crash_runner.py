"""Runs bad-input cases in this process and reports each on stdout (used by conftest).

    python _crash_runner.py [--after ID] [ID ...]

--after ID skips the cases up to and including ID (to resume after a crash).

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
    after = None
    only = []
    args = iter(argv)
    for arg in args:
        if arg == "--after":
            after = next(args)
        else:
            only.append(arg)
    try:
        import ghostframe as gf
    except ImportError:  # run directly, without the package on sys.path
        from _support import PACKAGE_ROOT

        sys.path.insert(0, PACKAGE_ROOT)
        import ghostframe as gf

    have_numpy = numpy_available()
    cases = [_cases.CASES_BY_ID[i] for i in only] if only else list(_cases.CASES)
    if after is not None:
        ids = [c.id for c in cases]
        cases = cases[ids.index(after) + 1 :]
    out = sys.stdout
    for case in cases:
        if case.needs_numpy and not have_numpy:
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
