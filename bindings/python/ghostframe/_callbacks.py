"""The one trampoline every library callback goes through (private).

The library reports events (``gf_scene_advance``, ``gf_chain_advance``, ``gf_timeline_seek``
and ``gf_timeline_advance``) and chain completions by calling a C function pointer during the
call. :class:`Receiver` makes that pointer for a converter (raw C struct -> Python value) and
the user's callback, with the rules every such method documents:

- each value is collected (:attr:`Receiver.values`) and passed to the callback, in order;
- an exception - from the converter or the callback - is kept, not lost in ctypes (which
  would print and drop it); after one, the callback is not called again for this call, and
  :meth:`Receiver.raise_failure` raises it once the library call has returned (the library
  still completes the move, so the object stays consistent).
"""

from __future__ import annotations

from typing import Any, Callable, Generic, List, Optional, TypeVar

from .errors import argument_type_error

_T = TypeVar("_T")


def check_callback(callback: Any, name: str = "callback") -> None:
    """ArgumentTypeError unless ``callback`` is None or callable."""
    if callback is not None and not callable(callback):
        raise argument_type_error(f"{name} must be callable, not {type(callback).__name__}")


class Receiver(Generic[_T]):
    """A ctypes trampoline (:attr:`trampoline`, of the CFUNCTYPE ``function_type``) that
    converts each reported struct with ``convert`` and hands it to ``callback``.

    Args:
        function_type: the ctypes function type the library expects.
        convert: the raw struct (``pointer.contents``) -> the Python value.
        callback: the user's callable, or None.
        failures: where a failure is kept; a chain shares one list between the completions
            of all its links. A new list when None.
        collect: keep the values in :attr:`values` (the methods that return them).

    The trampoline must stay alive as long as the library may call it: the method's frame
    for an event callback, the native chain's lifetime for a completion.
    """

    __slots__ = ("values", "failures", "trampoline", "_convert", "_callback", "_collect")

    def __init__(
        self,
        function_type: Any,
        convert: Callable[[Any], _T],
        callback: Optional[Callable[[_T], Any]] = None,
        *,
        failures: Optional[List[BaseException]] = None,
        collect: bool = True,
    ) -> None:
        self.values: List[_T] = []
        self.failures: List[BaseException] = [] if failures is None else failures
        self._convert = convert
        self._callback = callback
        self._collect = collect
        self.trampoline: Any = function_type(self._receive)

    def _receive(self, _user_data: Any, pointer: Any) -> None:
        failures = self.failures
        try:
            value = self._convert(pointer.contents)
            if self._collect:
                self.values.append(value)
            if self._callback is not None and not failures:
                self._callback(value)
        except BaseException as exc:  # noqa: BLE001 - ctypes would print and drop it
            if not failures:
                failures.append(exc)

    def raise_failure(self) -> None:
        """Raises (and forgets) the first exception a conversion or the callback raised."""
        if self.failures:
            failure = self.failures[0]
            self.failures.clear()
            raise failure
