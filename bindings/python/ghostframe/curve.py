"""Easing curves: :class:`Curve` maps input progress to eased progress."""

from __future__ import annotations

import struct
import sys
from array import array
from ctypes import POINTER, byref, c_double, c_void_p
from typing import TYPE_CHECKING, Any, Iterable, List, Optional, Union, cast, overload

from . import _native
from ._convert import as_double, as_flag, as_text
from ._handle import NativeHandle
from ._native import gf_curve_p, lib
from .errors import argument_type_error

if TYPE_CHECKING:  # pragma: no cover
    import numpy
    import numpy as np

__all__ = ["Curve"]

_c_double_p = POINTER(c_double)
_PLAIN_NUMBERS = frozenset((float, int, bool))
#: Buffer item formats (struct codes, PEP 3118) that hold one real number.
_REAL_CODES = frozenset("bBhHiIlLqQnNefd?")
_BYTE_ORDERS = frozenset("@=<>!")
_NATIVE_ORDER = "<" if sys.byteorder == "little" else ">"


def _as_doubles(values: List[Any]) -> List[float]:
    return [as_double(x, f"xs[{i}]") for i, x in enumerate(values)]


class Curve(NativeHandle):
    """An immutable easing curve, parsed from a CSS-style spec.

    Specs: ``linear``, ``ease``, ``ease-in``, ``ease-out``, ``ease-in-out``,
    ``cubic-bezier(x1, y1, x2, y2)``, ``steps(n[, jump-start|jump-end|jump-none|jump-both|
    start|end])``, ``step-start``, ``step-end``, ``linear(...)`` (CSS Easing 2), the Core
    Animation names ``default``, ``easeIn``, ``easeOut``, ``easeInEaseOut``, the 30 Penner
    names of easings.net (``easeInQuad`` ... ``easeInOutBounce``) and
    ``spring(mass, stiffness, damping, velocity)``.

    >>> ease = Curve("ease")
    >>> round(ease(0.5), 6)
    0.802403
    >>> Curve("steps(4)").eval_many([0.1, 0.3, 0.6])
    [0.0, 0.25, 0.5]

    Raises:
        ArgumentTypeError: ``spec`` is not a str (or bytes); a GhostframeError and a
            TypeError.
        GhostframeError: the library rejected the spec - :class:`ParseError` for an
            unknown name or bad syntax, :class:`InvalidArgumentError` for an out-of-range
            number, :class:`InvalidUTF8Error` for bytes that are not UTF-8.

    A curve owns a library object; it is released by :meth:`close`, by a ``with`` block,
    or when the curve is garbage collected. Curves compare equal when their canonical
    specs are equal.
    """

    __slots__ = ("_spec",)
    _kind = "Curve"

    def __init__(self, spec: Union[str, bytes]) -> None:
        self._handle = None
        self._finalizer = None
        self._spec: Optional[str] = None
        data = as_text(spec, "spec")
        handle = gf_curve_p()
        lib.gf_curve_parse_n(data, len(data), byref(handle))
        self._adopt(handle, lib.gf_curve_free)

    @classmethod
    def _from_handle(cls, handle: Any) -> "Curve":
        """Wraps a ``gf_curve *`` the caller owns (for other modules of the package)."""
        self = cls.__new__(cls)
        self._spec = None
        self._adopt(handle, lib.gf_curve_free)
        return self

    # -- evaluation ------------------------------------------------------------------

    def __call__(self, x: float, before_flag: bool = False) -> float:
        """The eased progress at input progress ``x``.

        Args:
            x: input progress; finite. Values outside [0, 1] extrapolate as CSS Easing
                specifies.
            before_flag: the Web Animations before flag; only step curves read it.

        Raises:
            GhostframeError: ``x`` is NaN or infinite; ``x`` is not a number or
                ``before_flag`` not a bool (:class:`~ghostframe.ArgumentTypeError`).
        """
        if type(x) is not float:
            x = as_double(x, "x")
        flag = 0 if before_flag is False else as_flag(before_flag, "before_flag")
        out = c_double()
        lib.gf_curve_eval(self._ptr(), x, flag, byref(out))
        return out.value

    @overload
    def eval_many(self, xs: "np.ndarray") -> "np.ndarray": ...

    @overload
    def eval_many(self, xs: "Union[array[Any], memoryview]") -> "array[float]": ...

    @overload
    def eval_many(self, xs: Iterable[float]) -> List[float]: ...

    def eval_many(self, xs: Any) -> Any:
        """Evaluates the curve at many inputs in one library call (before flag clear).

        Args:
            xs: a numpy array of real numbers, of any shape; any other object with the
                buffer protocol and a real item format (``array.array``, ``memoryview``,
                a ctypes array, ``bytes`` and ``bytearray`` excepted: they are text); or
                any other iterable of real numbers.

        Returns:
            For a numpy array, a new float64 array of the same shape (the input is
            converted to contiguous float64 at most once and its pointer handed straight
            to ``gf_curve_eval_n``). For another buffer, a new ``array.array("d")`` of its
            items in C order (flattened): the bytes are copied (or converted, for an
            item format other than native double) by one C-level call, with no Python
            loop, and evaluated in place. Otherwise a list of floats.

        Raises:
            ArgumentTypeError: ``xs`` is text, not iterable, or holds something that is
                not a real number (or is a numpy array of a non-real dtype); a
                GhostframeError and a TypeError.
            GhostframeError: an input is NaN or infinite (the message names its index);
                nothing is returned.
        """
        np = sys.modules.get("numpy")
        if np is not None and isinstance(xs, np.ndarray):
            return self._eval_array(np, xs)
        if isinstance(xs, (str, bytes, bytearray)):
            raise argument_type_error(f"eval_many needs numbers, not {type(xs).__name__}")
        if type(xs).__module__ != "numpy":  # an ndarray while numpy is hidden: an iterable, as before
            try:
                view = memoryview(xs)
            except TypeError:
                pass
            else:
                with view:
                    return self._eval_buffer(np, view)
        try:
            iterator = iter(xs)
        except TypeError:
            raise argument_type_error(
                f"eval_many needs an iterable of numbers or a numpy array, not {type(xs).__name__}"
            ) from None
        values = xs if type(xs) is list else list(iterator)
        if not set(map(type, values)) <= _PLAIN_NUMBERS:
            values = _as_doubles(values)
        try:
            buffer = array("d", values)
        except OverflowError:  # an int beyond the double range: +-inf, as for single values
            buffer = array("d", _as_doubles(values))
        n = len(buffer)
        pointer = (c_double * n).from_buffer(buffer) if n else None
        lib.gf_curve_eval_n(self._ptr(), pointer, pointer, n)  # in place: allowed by the header
        return buffer.tolist()

    def _eval_buffer(self, np: Any, view: memoryview) -> "array[float]":
        fmt = view.format
        order, code = (fmt[0], fmt[1:]) if fmt[:1] in _BYTE_ORDERS else ("@", fmt)
        if code not in _REAL_CODES:
            raise argument_type_error(f"eval_many needs a buffer of real numbers, not item format {fmt!r}")
        handle = self._ptr()
        count = view.nbytes // view.itemsize if view.itemsize else 0
        values: "array[float]" = array("d")
        if code == "d" and order in ("@", "=", _NATIVE_ORDER):
            values.frombytes(view.cast("B") if view.c_contiguous else view.tobytes())  # one copy, C order
        elif np is not None:  # numpy reads every PEP 3118 item format: one C loop
            values.frombytes(np.asarray(view).astype(np.float64).tobytes())
        else:  # struct unpacks every item in one C call
            try:
                values.fromlist(list(struct.unpack(f"{order}{count}{code}", view.tobytes())))
            except struct.error as error:
                raise argument_type_error(f"eval_many cannot read item format {fmt!r}: {error}") from None
        pointer = (c_double * count).from_buffer(values) if count else None
        lib.gf_curve_eval_n(handle, pointer, pointer, count)  # in place: allowed by the header
        return values

    def _eval_array(self, np: Any, xs: "np.ndarray") -> "np.ndarray":
        if xs.dtype.kind not in "biuf":
            raise argument_type_error(f"eval_many needs a real-valued numpy array, not dtype {xs.dtype}")
        handle = self._ptr()
        contiguous = np.asarray(xs, dtype=np.float64, order="C")
        if contiguous is xs or np.may_share_memory(contiguous, xs):
            out = np.empty_like(contiguous)
        else:
            out = contiguous  # already a private copy: evaluate in place
        lib.gf_curve_eval_n(
            handle, contiguous.ctypes.data_as(_c_double_p), out.ctypes.data_as(_c_double_p), contiguous.size
        )
        return cast("numpy.ndarray", out)

    # -- introspection ---------------------------------------------------------------

    @property
    def spec(self) -> str:
        """The canonical spec; ``Curve(curve.spec)`` is the same curve."""
        if self._spec is None:
            out = c_void_p()
            lib.gf_curve_spec(self._ptr(), byref(out))
            self._spec = _native.take_string(out)
        return self._spec

    def __repr__(self) -> str:
        if self._spec is None and self.closed:
            return "<closed Curve>"
        return f"Curve({self.spec!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Curve):
            return NotImplemented
        return self is other or self.spec == other.spec

    def __hash__(self) -> int:
        return hash(("Curve", self.spec))

    def _copy(self) -> "Curve":
        # Curves are immutable, but a copy has its own handle, so closing one leaves the other.
        return Curve(self.spec)

    def __reduce__(self) -> Any:
        self._ptr()
        return (Curve, (self.spec,))
