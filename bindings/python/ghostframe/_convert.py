"""Python-side argument conversion (private).

Only types and names are checked here: a wrong type raises
:class:`~ghostframe.ArgumentTypeError` (also a TypeError), an unknown choice string
:class:`~ghostframe.InvalidArgumentError` (also a ValueError), both with status
``GF_E_INVALID_ARGUMENT``, as if the library had refused them. Numeric validation (NaN,
infinity, ranges) is the library's job, so values pass through unchanged and the library's
message reaches the caller.
"""

from __future__ import annotations

import math
import numbers
import sys
from typing import Any, Mapping, TypeVar

from .errors import argument_type_error, invalid_argument

T = TypeVar("T")


def _type_name(value: Any) -> str:
    return type(value).__name__


def _numpy_bool(value: Any) -> bool:
    np = sys.modules.get("numpy")
    return np is not None and isinstance(value, np.bool_)


def as_double(value: Any, name: str) -> float:
    """``value`` as a Python float, for a C ``double`` argument.

    Accepts real numbers (int, float, Fraction, Decimal, numpy scalars, anything with
    ``__float__`` that is not text or complex). Integers too large for a double become
    +-infinity, which the library then accepts or rejects as for any infinity.
    """
    if type(value) is float:
        return value
    if value is None or isinstance(value, (str, bytes, bytearray, memoryview)):
        raise argument_type_error(f"{name} must be a real number, not {_type_name(value)}")
    if isinstance(value, numbers.Complex) and not isinstance(value, numbers.Real):
        raise argument_type_error(f"{name} must be a real number, not {_type_name(value)}")
    if isinstance(value, numbers.Real) or hasattr(type(value), "__float__"):
        try:
            return float(value)
        except OverflowError:
            return math.inf if value > 0 else -math.inf
        except TypeError:
            raise argument_type_error(f"{name} must be a real number, not {_type_name(value)}") from None
        except ValueError as exc:  # e.g. Decimal("sNaN")
            raise invalid_argument(f"{name}: {value!r} cannot be converted to a float ({exc})") from None
    raise argument_type_error(f"{name} must be a real number, not {_type_name(value)}")


def as_flag(value: Any, name: str) -> int:
    """A C ``int32_t`` flag (0 or 1) from a bool (or the ints 0 and 1)."""
    if isinstance(value, bool) or _numpy_bool(value):
        return 1 if value else 0
    if isinstance(value, numbers.Integral):
        as_int = int(value)
        if as_int in (0, 1):
            return as_int
        raise invalid_argument(f"{name} must be True or False (or 0 or 1), not {as_int}")
    raise argument_type_error(f"{name} must be a bool, not {_type_name(value)}")


def as_choice(value: Any, name: str, choices: Mapping[str, T]) -> T:
    """Looks up a choice string (``direction="alternate"``) in ``choices``."""
    if not isinstance(value, str):
        raise argument_type_error(f"{name} must be a str, not {_type_name(value)}")
    try:
        return choices[value]
    except KeyError:
        options = ", ".join(repr(k) for k in choices)
        raise invalid_argument(f"unknown {name} {value!r}; expected one of {options}") from None


def as_text(value: Any, name: str) -> bytes:
    """UTF-8 bytes for a text argument (str, or bytes passed through unchanged).

    A str is encoded with ``surrogatepass``, so lone surrogates reach the library as the
    invalid UTF-8 they are and the library reports GF_E_INVALID_UTF8; bytes are passed
    as they are, for the library to check.
    """
    if isinstance(value, str):
        return value.encode("utf-8", "surrogatepass")
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value)
    raise argument_type_error(f"{name} must be a str (or UTF-8 bytes), not {_type_name(value)}")
