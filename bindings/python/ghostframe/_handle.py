"""The base of every Python object that owns a library handle (private).

A handle is released exactly once: by :meth:`NativeHandle.close`, by leaving a ``with``
block, or by a :func:`weakref.finalize` finalizer when the object is collected (or at
interpreter exit). After ``close()`` every method raises
:class:`~ghostframe.InvalidArgumentError` (a ValueError, as for a closed file).
"""

from __future__ import annotations

import weakref
from typing import Any, Callable, ClassVar, Optional, TypeVar

from .errors import invalid_argument

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

    def __enter__(self: _Self) -> _Self:
        self._ptr()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
