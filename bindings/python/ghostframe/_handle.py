"""The base of every Python object that owns a library handle (private).

A handle is released exactly once: by :meth:`NativeHandle.close`, by leaving a ``with``
block, or by a :func:`weakref.finalize` finalizer when the object is collected (or at
interpreter exit). After ``close()`` every method raises
:class:`~ghostframe.InvalidArgumentError` (a ValueError, as for a closed file).

Threads: every object serialises its native calls. :class:`Serialised` (the base of
:class:`NativeHandle`) gives each object its own :class:`threading.RLock`, and every public
method, property and listed special method of a subclass - those it defines and those it takes
from a mixin - runs holding it (:func:`_serialise`, applied by ``__init_subclass__``, so a class
added later inherits the rule without writing anything). Threads sharing one object therefore
take turns, call by call; separate objects run in parallel. (One exception: a scene's shared
reads, ``Scene.sample_range`` and ``Scene.sample(threads=n)``, release the lock during the library
call, and the scene's other calls wait for them: the readers-writer protocol of
:class:`SharedHandle`, below.) The lock is re-entrant: a callback
that the library runs during a method (``advance``'s events, a chain's completions) runs on
the calling thread, which already holds the lock, so calling back into the same object does
not deadlock (the methods that forbid it raise RuntimeError, as before). A method that passes
another handle to the library holds that handle's lock too (:func:`holding`).

Copying and pickling never share a handle: by default ``copy.copy``, ``copy.deepcopy`` and
``pickle`` raise :class:`~ghostframe.ArgumentTypeError` (a TypeError) naming the class; a
class whose library object can be written out and read back (a curve by its spec, a timing by
its parameters, a scene by its JSON) overrides :meth:`NativeHandle._copy` to make an
independent object, and ``__reduce__``.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import threading
import types
import weakref
from threading import get_ident
from typing import Any, Callable, ClassVar, Dict, Iterator, Optional, TypeVar

from .errors import argument_type_error, invalid_argument

_Self = TypeVar("_Self", bound="NativeHandle")
_S = TypeVar("_S", bound="Serialised")
_H = TypeVar("_H", bound="SharedHandle")
_F = TypeVar("_F", bound=Callable[..., Any])

#: The special methods that run under the object's lock (besides every public name).
_LOCKED_SPECIAL = frozenset({
    "__len__", "__contains__", "__iter__", "__getitem__", "__setitem__", "__delitem__", "__call__",
    "__repr__", "__str__", "__eq__", "__ne__", "__bool__", "__copy__", "__deepcopy__", "__reduce__",
    "__reduce_ex__", "__enter__", "__exit__",
})


def _locked_function(function: Callable[..., Any]) -> Callable[..., Any]:
    """``function`` (a method) run holding ``self._lock``; the same name, doc and signature,
    and the same module globals (so doctest still finds the docstring's examples)."""

    def _serialised_call(self: Any, *args: Any, **kwargs: Any) -> Any:
        with self._lock:
            return function(self, *args, **kwargs)

    wrapper = types.FunctionType(
        _serialised_call.__code__, function.__globals__, function.__name__, None, _serialised_call.__closure__
    )
    functools.update_wrapper(wrapper, function)
    wrapper.__dict__["_gf_serialised"] = True
    return wrapper


def locks_itself(function: _F) -> _F:
    """Marks a method that takes ``self._lock`` itself, so :func:`_serialise` leaves it
    unwrapped: for hot paths (``Scene.sample``), where the wrapper's extra frame and
    argument packing cost more than the call into the library."""
    function.__dict__["_gf_serialised"] = True
    return function


def _locked_attribute(value: Any) -> Any:
    """The locked version of a class attribute, or None for one that needs no lock (data, a
    slot, a static or class method: they do not reach an object's handle)."""
    if inspect.isfunction(value):
        return None if _is_locked(value) else _locked_function(value)
    if isinstance(value, property):
        if all(p is None or _is_locked(p) for p in (value.fget, value.fset, value.fdel)):
            return None
        return property(_lock_part(value.fget), _lock_part(value.fset), _lock_part(value.fdel), value.__doc__)
    return None


def _is_locked(function: Any) -> bool:
    return bool(getattr(function, "__dict__", {}).get("_gf_serialised"))


def _lock_part(function: Optional[Callable[..., Any]]) -> Any:
    """A property's getter, setter or deleter, locked (None stays None)."""
    if function is None or _is_locked(function) or not inspect.isfunction(function):
        return function
    return _locked_function(function)


def _serialise(cls: type) -> None:
    """Makes every public method and property of ``cls`` (its own and its mixins') and the
    special methods of :data:`_LOCKED_SPECIAL` hold the object's lock."""
    names: Dict[str, None] = {}
    for klass in cls.__mro__:
        if klass is object:
            continue
        names.update(dict.fromkeys(vars(klass)))
    for name in names:
        if name.startswith("_") and name not in _LOCKED_SPECIAL:
            continue
        locked = _locked_attribute(inspect.getattr_static(cls, name))
        if locked is not None:
            setattr(cls, name, locked)


class Serialised:
    """An object whose methods take turns between threads: one re-entrant lock per object,
    held by every public method and property (see the module's documentation)."""

    __slots__ = ("_lock",)

    _lock: "threading.RLock"

    def __new__(cls: type[_S], *args: Any, **kwargs: Any) -> _S:
        self = super().__new__(cls)
        self._lock = threading.RLock()
        return self

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _serialise(cls)


@contextlib.contextmanager
def holding(*objects: Any) -> Iterator[None]:
    """Holds the locks of the :class:`Serialised` objects among ``objects`` (others are
    ignored), taken in one global order (by id) so two threads never wait on each other."""
    locks = sorted({id(o): o._lock for o in objects if isinstance(o, Serialised)}.items())
    with contextlib.ExitStack() as stack:
        for _, lock in locks:
            stack.enter_context(lock)
        yield


class NativeHandle(Serialised):
    """Owns one opaque library handle (``gf_curve *``, ``gf_timing *``, ...); its methods
    serialise their native calls (:class:`Serialised`)."""

    __slots__ = ("_handle", "_finalizer", "__weakref__")

    #: Shown in messages: "Curve", "Timing", ...
    _kind: ClassVar[str] = "handle"

    _handle: Any
    _finalizer: Optional["weakref.finalize[Any, Any]"]

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


class SharedHandle(NativeHandle):
    """A handle some of whose calls, *shared reads*, may run on many threads at once while
    every other call needs the library object alone: a readers-writer protocol over the
    per-object lock (a scene: ``Scene.sample_range`` and ``Scene.sample(threads=n)`` read, the
    rest of its calls need it alone; the library allows exactly that).

    - A shared read takes the object's lock only to start: holding it, the read checks the handle
      (:meth:`_shared_ptr`), prepares its arguments and registers the calling thread as a reader
      (:meth:`_start_read`); it then releases the lock, calls the library, and unregisters
      (:meth:`_end_read`, in a ``finally``).
    - Every other call holds the lock, as in any :class:`Serialised`, and gets the handle through
      :meth:`_ptr`, which first waits until no *other* thread's read is in flight
      (:meth:`_wait_for_readers`). A read needs the lock to start, so none starts meanwhile and
      the wait ends; then the call has the object alone. :meth:`close` waits the same way.
    - A thread's own reads are not waited for: a host callback run during one (a host curve)
      that calls back into the object gets the library's GF_E_MISUSE instead of a deadlock.

    Entries of ``_readers`` (thread id -> reads in flight) are added holding the object's lock
    and removed holding ``_readers_lock``; a waiting call counts itself in ``_waiting`` (under
    ``_readers_lock``), so that a read returning notifies ``_readers_gone`` only when someone
    waits. A hot path that inlines :meth:`_ptr` (``Scene.sample``) checks ``_readers`` and calls
    :meth:`_wait_for_readers` itself.
    """

    __slots__ = ("_readers", "_readers_lock", "_readers_gone", "_waiting")

    _readers: Dict[int, int]
    _readers_lock: "threading.Lock"
    _readers_gone: "threading.Condition"
    _waiting: int

    def __new__(cls: type[_H], *args: Any, **kwargs: Any) -> _H:
        self = super().__new__(cls, *args, **kwargs)
        self._readers = {}
        self._readers_lock = threading.Lock()
        self._readers_gone = threading.Condition(self._readers_lock)
        self._waiting = 0
        return self

    def _ptr(self) -> Any:
        """The handle, for a call that needs the object alone: called holding the lock, it first
        waits for the shared reads of other threads to return."""
        if self._readers:
            self._wait_for_readers()
        return NativeHandle._ptr(self)

    def _shared_ptr(self) -> Any:
        """The handle, for a shared read (called holding the lock): other threads' reads may be
        in flight; InvalidArgumentError once closed."""
        return NativeHandle._ptr(self)

    def _wait_for_readers(self) -> None:
        """Waits until no other thread is in a shared read. Called holding the object's lock,
        which a shared read takes to start, so none starts meanwhile and this ends. The calling
        thread's own reads are not waited for."""
        me = get_ident()
        readers = self._readers
        with self._readers_lock:
            self._waiting += 1
            try:
                while any(thread != me for thread in readers):
                    self._readers_gone.wait()
            finally:
                self._waiting -= 1

    def _start_read(self, thread: int) -> None:
        """Registers a shared read of ``thread`` (called holding the object's lock, right before
        the lock is released for the library call; :meth:`_end_read` must follow)."""
        readers = self._readers
        readers[thread] = readers.get(thread, 0) + 1

    def _end_read(self, thread: int) -> None:
        """A shared read of ``thread`` returned: wakes the calls waiting for the object."""
        with self._readers_lock:
            readers = self._readers
            left = readers[thread] - 1
            if left:
                readers[thread] = left
            else:
                del readers[thread]
                if self._waiting:
                    self._readers_gone.notify_all()

    def close(self) -> None:
        """Releases the library object now, after the shared reads of other threads return.
        Calling it again does nothing."""
        if self._readers:
            self._wait_for_readers()
        NativeHandle.close(self)
