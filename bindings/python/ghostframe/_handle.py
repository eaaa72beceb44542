"""The base of every Python object that owns a library handle (private).

A handle is released exactly once: by :meth:`NativeHandle.close`, by leaving a ``with``
block, or by a :func:`weakref.finalize` finalizer when the object is collected (or at
interpreter exit). After ``close()`` every method raises
:class:`~ghostframe.InvalidArgumentError` (a ValueError, as for a closed file).

Copying and pickling never share a handle: by default ``copy.copy``, ``copy.deepcopy`` and
``pickle`` raise :class:`~ghostframe.ArgumentTypeError` (a TypeError) naming the class; a
class whose library object can be written out and read back (a curve by its spec, a timing by
its parameters, a scene by its JSON) overrides :meth:`NativeHandle._copy` to make an
independent object, and ``__reduce__``.
"""

from __future__ import annotations

import weakref
from typing import Any, Callable, ClassVar, Optional, TypeVar

from .errors import argument_type_error, invalid_argument

_Self = TypeVar("_Self", bound="NativeHandle")


class NativeHandle:
    """Owns one opaque library handle (``gf_curve *``, ``gf_timing *``, ...)."""

    __slots__ = ("_handle", "_finalizer", "__weakref__")

    #: Shown in messages: "Curve", "Timing", ...
    _kind: ClassVar[str] = "handle"

    _handle: Any
    _finalizer: Optional[weakref.finalize]

    def _adopt(self, handle: Any, free: Callable[[Any], None]) -> None:
        """Takes ownership of a non-NULL handle; ``free(handle)`` runs at most once."""
        self._handle = handle
        self._finalizer = weakref.finalize(self, free, handle)

    def _ptr(self) -> Any:
        """The handle, for passing to the library; InvalidArgumentError once closed."""
        handle = getattr(self, "_handle", None)
        if handle is None:
            raise invalid_argument(f"operation on a closed {self._kind}")
        return handle

    @property
    def closed(self) -> bool:
        """True once :meth:`close` has released the handle."""
        return getattr(self, "_handle", None) is None

    def close(self) -> None:
        """Releases the library object now. Calling it again does nothing."""
        finalizer = getattr(self, "_finalizer", None)
        self._handle = None
        if finalizer is not None:
            self._finalizer = None
            finalizer()

    # -- copying and pickling ----------------------------------------------------------

    #: Why this class cannot be copied (shown in the TypeError; classes that copy ignore it).
    _no_copy_reason: ClassVar[str] = "the library has no way to copy it"

    def _copy(self: _Self) -> _Self:
        """An independent object equal to this one, with its own handle. Subclasses that
        can copy override it; closed objects raise ValueError first."""
        raise argument_type_error(f"{self._kind} objects cannot be copied or pickled: {self._no_copy_reason}")

    def __copy__(self: _Self) -> _Self:
        self._ptr()
        return self._copy()

    def __deepcopy__(self: _Self, memo: Any) -> _Self:
        self._ptr()
        copied = self._copy()
        memo[id(self)] = copied
        return copied

    def __reduce__(self) -> Any:
        self._ptr()
        raise argument_type_error(f"{self._kind} objects cannot be pickled: {self._no_copy_reason}")

    def __enter__(self: _Self) -> _Self:
        self._ptr()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
