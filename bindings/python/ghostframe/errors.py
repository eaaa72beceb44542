"""Exceptions raised by the ghostframe package.

Two families:

* :class:`GhostframeError` (a :class:`ValueError`) - a call was refused, by the library or
  by the binding before the library was called. It carries the negative ``gf_status`` code
  in :attr:`~GhostframeError.status` and the explanation in
  :attr:`~GhostframeError.message`: the library's own (``gf_last_error_message()``, read
  right after the failing call), or the binding's. There is one subclass per known status
  code, so ``except gf.ParseError`` works, and ``except ValueError`` catches them all.

  Every rejection of an argument is one, wherever it is detected: a value the binding
  refuses itself (an unknown choice such as ``direction="sideways"``, a tuple of the wrong
  length, a malformed colour string, a closed handle) is an :class:`InvalidArgumentError`
  with status ``GF_E_INVALID_ARGUMENT``, exactly as if the library had refused it; an
  argument of the wrong *type* is an :class:`ArgumentTypeError`, which is both an
  :class:`InvalidArgumentError` and a :class:`TypeError`, so ``except gf.GhostframeError``
  and ``except TypeError`` both catch it. Errors of the binding have no
  :attr:`~GhostframeError.function` (no C function failed).

  Not rejections, and so not GhostframeErrors: Python's own :class:`TypeError` for a call
  that does not match a signature (a missing or unknown keyword argument), :class:`OSError`
  when a file cannot be read or written, :class:`ImportError` when numpy is missing where it
  is required, and :class:`RuntimeError` when an
  :meth:`~ghostframe.Scene.advance` callback calls back into the scene being advanced.
  A preview without its drawing packages (skia-python, Pillow) raises
  :class:`MissingDependencyError`, which is both a :class:`NotFoundError` and an
  :class:`ImportError`.
* :class:`LibraryLoadError` (an :class:`ImportError`) - ``libghostframe.so`` could not be
  found or loaded (:class:`LibraryNotFoundError`), or it speaks another ABI version
  (:class:`ABIVersionError`). These are raised by ``import ghostframe``.
"""

from __future__ import annotations

import sys
import threading
from types import CodeType, FrameType
from typing import Any, Callable, Dict, Optional, Sequence, Set, Tuple, Type

__all__ = [
    "GhostframeError",
    "NullArgumentError",
    "InvalidArgumentError",
    "ArgumentTypeError",
    "ParseError",
    "BufferTooSmallError",
    "InvalidUTF8Error",
    "NotFoundError",
    "LimitError",
    "MisuseError",
    "CallbackError",
    "FileReadError",
    "MissingDependencyError",
    "InternalError",
    "LibraryLoadError",
    "LibraryNotFoundError",
    "ABIVersionError",
    "MissingFunctionError",
]

# The status codes of Include/ghostframe.h. Kept here (not read from the library) so that
# errors can be classified even if gf_status_string is unavailable.
GF_OK = 0
GF_E_NULL_ARGUMENT = -1
GF_E_INVALID_ARGUMENT = -2
GF_E_PARSE = -3
GF_E_BUFFER_TOO_SMALL = -4
GF_E_INVALID_UTF8 = -5
GF_E_NOT_FOUND = -6
GF_E_LIMIT = -7
GF_E_MISUSE = -8
GF_E_CALLBACK = -9
GF_E_IO = -10
GF_E_INTERNAL = -100

_STATUS_NAMES: Dict[int, str] = {
    GF_OK: "GF_OK",
    GF_E_NULL_ARGUMENT: "GF_E_NULL_ARGUMENT",
    GF_E_INVALID_ARGUMENT: "GF_E_INVALID_ARGUMENT",
    GF_E_PARSE: "GF_E_PARSE",
    GF_E_BUFFER_TOO_SMALL: "GF_E_BUFFER_TOO_SMALL",
    GF_E_INVALID_UTF8: "GF_E_INVALID_UTF8",
    GF_E_NOT_FOUND: "GF_E_NOT_FOUND",
    GF_E_LIMIT: "GF_E_LIMIT",
    GF_E_MISUSE: "GF_E_MISUSE",
    GF_E_CALLBACK: "GF_E_CALLBACK",
    GF_E_IO: "GF_E_IO",
    GF_E_INTERNAL: "GF_E_INTERNAL",
}


class GhostframeError(ValueError):
    """The library refused a call.

    Attributes:
        status: the negative ``gf_status`` code the C function returned.
        status_name: its name, e.g. ``"GF_E_PARSE"`` (from ``gf_status_string``).
        message: the library's explanation (``gf_last_error_message()``), possibly ``""``.
        function: the name of the C function that failed, when known.

    ``str(err)`` is ``"<status_name>: <message>"``.
    """

    #: The status code this class stands for (``None`` on the base class).
    code: Optional[int] = None

    status: int
    status_name: str
    message: str
    function: Optional[str]

    def __init__(
        self,
        status: int,
        message: str = "",
        *,
        status_name: Optional[str] = None,
        function: Optional[str] = None,
    ) -> None:
        if status_name is None:
            status_name = _STATUS_NAMES.get(status, "unknown status")
        self.status = int(status)
        self.status_name = status_name
        self.message = message
        self.function = function
        text = f"{status_name}: {message}" if message else f"{status_name} (status {status})"
        super().__init__(text)

    def __reduce__(self) -> Tuple[Any, ...]:  # keep pickling working despite the custom signature
        return (
            _rebuild_error,
            (type(self), self.status, self.message, self.status_name, self.function),
        )

    def __repr__(self) -> str:
        return f"{type(self).__name__}(status={self.status}, message={self.message!r})"


def _rebuild_error(
    cls: Type["GhostframeError"], status: int, message: str, status_name: Optional[str], function: Optional[str]
) -> "GhostframeError":
    return cls(status, message, status_name=status_name, function=function)


class NullArgumentError(GhostframeError):
    """GF_E_NULL_ARGUMENT: a required pointer was NULL (a bug in the binding if you see it)."""

    code = GF_E_NULL_ARGUMENT


class InvalidArgumentError(GhostframeError):
    """GF_E_INVALID_ARGUMENT: an argument was refused - a number NaN, infinite where not
    allowed, or out of range (by the library), or a value the binding checks itself: an
    unknown choice string, a sequence of the wrong length, a malformed colour string, a
    closed handle."""

    code = GF_E_INVALID_ARGUMENT


class ArgumentTypeError(InvalidArgumentError, TypeError):
    """GF_E_INVALID_ARGUMENT for an argument of the wrong type (a str where a number goes,
    ``None`` where a value is required), refused by the binding before the library is
    called. Also a :class:`TypeError`, so ``except TypeError`` keeps working."""


class ParseError(GhostframeError):
    """GF_E_PARSE: text (a curve spec, JSON, ...) could not be parsed; the message says where."""

    code = GF_E_PARSE


class BufferTooSmallError(GhostframeError):
    """GF_E_BUFFER_TOO_SMALL: a caller buffer was too small (handled inside the binding)."""

    code = GF_E_BUFFER_TOO_SMALL


class InvalidUTF8Error(GhostframeError):
    """GF_E_INVALID_UTF8: text was not valid UTF-8."""

    code = GF_E_INVALID_UTF8


class NotFoundError(GhostframeError):
    """GF_E_NOT_FOUND: a named or indexed item does not exist."""

    code = GF_E_NOT_FOUND


class LimitError(GhostframeError):
    """GF_E_LIMIT: an input exceeded a documented size or depth limit."""

    code = GF_E_LIMIT


class MissingDependencyError(NotFoundError, ImportError):
    """An optional package the call needs cannot be imported: the previews draw with
    skia-python and write images with Pillow (``pip install 'ghostframe[preview]'``). Both a
    :class:`NotFoundError` (status ``GF_E_NOT_FOUND``: the named module does not exist here)
    and an :class:`ImportError`, so ``except ImportError`` keeps working; the message names
    the package and how to install it. Raised by the binding, never by the library."""


class MisuseError(GhostframeError):
    """GF_E_MISUSE: the library was used against its rules - a handle that was already freed,
    a handle of another type, or one handle used by two calls at once (a bug in the binding
    or the caller if you see it; the package's own objects never do this)."""

    code = GF_E_MISUSE


class CallbackError(GhostframeError):
    """GF_E_CALLBACK: a host callback failed - a registered curve returned a non-finite value
    or raised, a skeleton effect failed or raised (:func:`ghostframe.register_curve`,
    :func:`ghostframe.register_effect`). When a Python callable raised, the original exception
    is this error's ``__cause__``."""

    code = GF_E_CALLBACK


class FileReadError(GhostframeError):
    """GF_E_IO: a file could not be opened or read - no permission, a directory or other file
    that is not a regular file, a read error; the message names the file and the system's
    reason. Only the C calls that read a file (``gf_scene_from_file`` ...) return it; the
    package's own loaders read files in Python, which raises :class:`OSError`."""

    code = GF_E_IO


class InternalError(GhostframeError):
    """GF_E_INTERNAL: a bug in Ghostframe; please report it with the message."""

    code = GF_E_INTERNAL


_BY_STATUS: Dict[int, Type[GhostframeError]] = {
    cls.code: cls
    for cls in (
        NullArgumentError,
        InvalidArgumentError,
        ParseError,
        BufferTooSmallError,
        InvalidUTF8Error,
        NotFoundError,
        LimitError,
        MisuseError,
        CallbackError,
        FileReadError,
        InternalError,
    )
}


# The exceptions Python callbacks raised, per thread, until the library call that ran them
# returns: the call that reports the failure (GF_E_CALLBACK) takes the first as its cause, any
# other return forgets them (plugins.py stashes, the errcheck in _native.py takes or forgets).
# A callback may call the library itself, so calls nest: an exception is kept under its level,
# the number of trampoline frames on the stack when it was raised (1 for a callback of a call
# made outside any callback); it belongs to the library call made one level down. The level is
# counted from the stack only when an exception is kept or taken, so a callback that succeeds
# costs nothing more.
_callback_exceptions = threading.local()
# How many exceptions are kept, on all threads: the errcheck of a call that succeeds looks no
# further while it is 0 (changed under _pool_lock; read without it).
_kept = 0
# The code objects of the trampolines the library calls (plugins.py registers them).
_trampolines: Set[CodeType] = set()
# A callback the library ran on one of its own threads (the pool of gf_scene_sample_threads)
# fails the call of the thread that asked for the frame: the first such exception waits here.
# Two frames sampled on the pool at once from two Python threads, both failing, may swap causes.
_pool_exception: Optional[BaseException] = None
_pool_lock = threading.Lock()


def _on_library_thread() -> bool:
    """Whether this thread was started by the library (Python knows it only as a dummy thread)."""
    dummy = getattr(threading, "_DummyThread", None)
    return dummy is not None and isinstance(threading.current_thread(), dummy)


def register_trampoline(function: Callable[..., Any]) -> None:
    """Declares ``function`` a trampoline the library calls, which stashes what it catches."""
    _trampolines.add(function.__code__)


def _callback_level() -> int:
    """How many trampolines are running on this thread's stack (C frames between them are
    invisible, but a callback's Python frame links to the frame that called the library)."""
    level = 0
    frame: Optional[FrameType] = sys._getframe(1)
    while frame is not None:
        if frame.f_code in _trampolines:
            level += 1
        frame = frame.f_back
    return level


def stash_callback_exception(exception: BaseException) -> None:
    """Keeps the exception a trampoline caught for the library call that ran it (the first one:
    the library reports the first failure): this thread's, or, on one of the library's threads,
    the thread's that asked for the frame."""
    global _pool_exception, _kept
    level = _callback_level()
    if level <= 1 and _on_library_thread():
        with _pool_lock:
            if _pool_exception is None:
                _pool_exception = exception
                _kept += 1
        return
    local = _callback_exceptions
    pending: Optional[Dict[int, BaseException]] = getattr(local, "pending", None)
    if pending is None:
        pending = local.pending = {}
    if level not in pending:
        pending[level] = exception
        with _pool_lock:
            _kept += 1


def take_callback_exception(cause: bool = True, pool: bool = False) -> Optional[BaseException]:
    """For a library call returning on this thread: forgets what its callbacks (and callbacks of
    calls they made) kept, and returns the exception its own callbacks raised first when
    ``cause`` (the call reports GF_E_CALLBACK), else None. With ``pool`` (a frame sampled on the
    library's threads that failed) the exception kept for the pool is the call's too (only such
    a call takes it: another thread's frame may be running). Cheap while nothing is kept."""
    global _pool_exception, _kept
    if not _kept:
        return None
    pending: Optional[Dict[int, BaseException]] = getattr(_callback_exceptions, "pending", None)
    exception: Optional[BaseException] = None
    forgotten = 0
    if pending:
        level = _callback_level()
        exception = pending.get(level + 1)
        for kept in [k for k in pending if k > level]:
            del pending[kept]
            forgotten += 1
    with _pool_lock:
        if pool and _pool_exception is not None:
            if exception is None:
                exception = _pool_exception
            _pool_exception = None
            forgotten += 1
        _kept -= forgotten
    return exception if cause else None


def invalid_argument(message: str) -> InvalidArgumentError:
    """The :class:`InvalidArgumentError` the binding raises for a value it refuses itself."""
    return InvalidArgumentError(GF_E_INVALID_ARGUMENT, message)


def argument_type_error(message: str) -> ArgumentTypeError:
    """The :class:`ArgumentTypeError` the binding raises for an argument of the wrong type."""
    return ArgumentTypeError(GF_E_INVALID_ARGUMENT, message)


def error_for_status(
    status: int,
    message: str = "",
    *,
    status_name: Optional[str] = None,
    function: Optional[str] = None,
) -> GhostframeError:
    """Builds the most specific :class:`GhostframeError` subclass for ``status``."""
    cls = _BY_STATUS.get(status, GhostframeError)
    return cls(status, message, status_name=status_name, function=function)


class LibraryLoadError(ImportError):
    """libghostframe.so could not be used; raised by ``import ghostframe``."""


class LibraryNotFoundError(LibraryLoadError):
    """No loadable libghostframe.so was found.

    Attributes:
        attempts: one line per place tried, with the reason it was rejected.
    """

    attempts: Sequence[str]

    def __init__(self, message: str, attempts: Sequence[str] = ()) -> None:
        self.attempts = tuple(attempts)
        super().__init__(message)


class ABIVersionError(LibraryLoadError):
    """The loaded libghostframe.so reports another ABI version than the binding's.

    Attributes:
        path: the library file that was loaded.
        expected: the ABI version this binding was written for.
        found: the ABI version the library reported (``gf_abi_version()``).
    """

    def __init__(self, path: str, expected: int, found: int) -> None:
        self.path = path
        self.expected = expected
        self.found = found
        super().__init__(
            f"{path} implements Ghostframe ABI version {found}, but this ghostframe Python "
            f"package was written for ABI version {expected}; install matching versions "
            f"(or point GHOSTFRAME_LIBRARY at a matching libghostframe.so)",
            path=path,
        )


class MissingFunctionError(NotImplementedError):
    """The loaded library does not export a function the binding declares.

    A correctly built libghostframe.so of the right ABI version exports them all; this
    points at a partial or broken build.
    """
