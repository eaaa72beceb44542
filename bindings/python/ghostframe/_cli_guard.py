"""The command line's friendly exit when libghostframe.so cannot be loaded (private).

``import ghostframe`` loads the library, and ``python -m ghostframe`` (like the
``ghostframe`` console script) imports the package before ``ghostframe.__main__`` runs, so
a missing library would end the command line with an ImportError traceback before it could
say anything. ``ghostframe/__init__.py`` calls :func:`exit_if_command_line` when the import
fails: in the command line it prints one line and exits with status 2; anywhere else it
returns, and the package re-raises the ImportError unchanged for library users.

This module must import nothing that needs the library: only the standard library.
"""

from __future__ import annotations

import os
import re
import sys
from typing import List, Optional, Sequence, Union, cast

__all__ = ["is_command_line", "friendly_message", "exit_if_command_line"]

PROG = "ghostframe"
#: The exit status of every failure of the command line.
EXIT_FAILURE = 2

# Interpreter options that take a value (`python -X dev -m ghostframe`): skipped with it.
_OPTIONS_WITH_VALUE = frozenset("WX")
_LONG_OPTIONS_WITH_VALUE = frozenset({"--check-hash-based-pycs"})

# is_command_line's default for orig_argv: read sys.orig_argv (None means "not available").
_FROM_SYS = object()


def _module_run_by(argv: Sequence[str]) -> Optional[str]:
    """The module an interpreter command line runs with ``-m``, else None.

    Reads the interpreter's own options (``sys.orig_argv``) up to the first thing that
    ends them: ``-m MODULE``, ``-c CMD``, a script or ``-``.
    """
    args = list(argv[1:])
    i = 0
    while i < len(args):
        arg = args[i]
        i += 1
        if arg == "--" or arg == "-" or not arg.startswith("-"):
            return None  # a script (or stdin): not -m
        if arg.startswith("--"):
            if arg in _LONG_OPTIONS_WITH_VALUE:
                i += 1
            continue
        # Short options may be bundled (`-Bm ghostframe`, `-mghostframe`).
        for k, letter in enumerate(arg[1:], start=1):
            rest = arg[k + 1:]
            if letter == "m":
                if rest:
                    return rest
                return args[i] if i < len(args) else None
            if letter == "c":
                return None
            if letter in _OPTIONS_WITH_VALUE:
                if not rest:
                    i += 1
                break
    return None


def is_command_line(
    argv: Optional[Sequence[str]] = None, orig_argv: Union[Sequence[str], None, object] = _FROM_SYS
) -> bool:
    """True when this process is the ghostframe command line.

    That is the console script (``sys.argv[0]`` is a file named ``ghostframe``), or
    ``python -m ghostframe``: ``sys.orig_argv`` (Python 3.10+) shows ``-m ghostframe``;
    on 3.9, ``sys.argv[0]`` is ``"-m"`` while ``-m`` imports the package.

    ``argv`` and ``orig_argv`` default to ``sys.argv`` and ``sys.orig_argv``; an
    ``orig_argv`` of None stands for Python 3.9, which has none.
    """
    if argv is None:
        argv = sys.argv
    if orig_argv is _FROM_SYS:
        orig_argv = getattr(sys, "orig_argv", None)
    if argv:
        name = re.split(r"[\\/]", argv[0])[-1]  # either separator: a Windows path too
        if name.lower().endswith(".exe"):  # the console script on Windows
            name = name[:-4]
        if name == PROG:
            return True
    if orig_argv is not None:
        module = _module_run_by(cast(Sequence[str], orig_argv))
        return module == PROG or module == PROG + ".__main__"
    return bool(argv) and argv[0] == "-m"


def _one_line(text: str, limit: int = 160) -> str:
    line = " ".join(str(text).split())
    return line if len(line) <= limit else line[: limit - 3] + "..."


def friendly_message(exc: BaseException) -> str:
    """The one line the command line prints for a library that cannot be loaded."""
    attempts: List[str] = [a for a in getattr(exc, "attempts", ()) or () if a]
    env_set = bool(os.environ.get("GHOSTFRAME_LIBRARY"))
    fix = "check GHOSTFRAME_LIBRARY" if env_set else "set GHOSTFRAME_LIBRARY"
    if attempts:
        count = len(attempts)
        places = "1 place" if count == 1 else f"{count} places"
        # The place the user chose, when they chose one; else the first (the bundled library).
        chosen = [a for a in attempts if a.startswith("$GHOSTFRAME_LIBRARY:")] if env_set else []
        shown = chosen[0] if chosen else attempts[0]
        which = "" if count == 1 else ("" if chosen else "first ")
        return (f"{PROG}: libghostframe.so not found (tried {places}; {which}{_one_line(shown)}); "
                f"{fix} or reinstall the package")
    # An ABI mismatch, or a loader error without a list of places: its own first line says it.
    detail = _one_line(str(exc).splitlines()[0] if str(exc) else type(exc).__name__, 300)
    return f"{PROG}: cannot use libghostframe.so: {detail}"


def exit_if_command_line(exc: BaseException) -> None:
    """In the command line, prints :func:`friendly_message` to stderr and exits with status 2.

    Returns otherwise (the caller re-raises ``exc``).
    """
    if not is_command_line():
        return
    try:
        stream = sys.stderr
        if stream is not None:
            print(friendly_message(exc), file=stream)
    except Exception:  # never hide the real error behind a second one
        return
    raise SystemExit(EXIT_FAILURE)
