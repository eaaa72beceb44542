"""Python-side argument conversion (private): one place for every module that passes
arguments to the library (numbers, flags, choices, text, ``const char *`` names, colours).

Only types and names are checked here: a wrong type raises
:class:`~ghostframe.ArgumentTypeError` (also a TypeError), an unknown choice string
:class:`~ghostframe.InvalidArgumentError` (also a ValueError), both with status
``GF_E_INVALID_ARGUMENT``, as if the library had refused them. Numeric validation (NaN,
infinity, ranges) is the library's job, so values pass through unchanged and the library's
message reaches the caller. Colour text is read by the library's own parser
(:func:`parse_color`, public as :func:`ghostframe.parse_color` and in :mod:`ghostframe.color`).
"""

from __future__ import annotations

import functools
import math
import numbers
import sys
from ctypes import c_double
from typing import Any, List, Mapping, Sequence, Tuple, TypeVar, Union

from ._native import lib
from .errors import InvalidArgumentError, argument_type_error, invalid_argument

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


def c_text(value: Any, name: str) -> bytes:
    """UTF-8 bytes for a ``const char *`` argument; NUL inside would silently cut it short."""
    if value is None:
        raise argument_type_error(f"{name} must be a str, not None")
    data = as_text(value, name)
    if b"\0" in data:
        raise invalid_argument(f"{name} must not contain NUL characters")
    return data


# ---------------------------------------------------------------------------------------
# Colours (public through ghostframe.color and ghostframe.parse_color)
# ---------------------------------------------------------------------------------------

#: Red, green, blue and alpha in [0, 1] (non-premultiplied sRGB).
RGBA = Tuple[float, float, float, float]

#: What a colour argument takes: colour text (see :func:`parse_color`) or 3 or 4 numbers in [0, 1].
ColorLike = Union[str, Sequence[float]]

_FORMS = "(r, g, b[, a]) in [0, 1], '#RGB', '#RRGGBB', '#RRGGBBAA' or a CSS colour name"


@functools.lru_cache(maxsize=512)
def _parsed(text: str) -> RGBA:
    out = (c_double * 4)()
    lib.gf_color_parse(text.encode("utf-8", "surrogatepass"), out)
    return (out[0], out[1], out[2], out[3])


def parse_color(text: str, name: str = "color") -> RGBA:
    """Colour text as RGBA in [0, 1], read by the library (``gf_color_parse``).

    Args:
        text: ``"#RGB"``, ``"#RRGGBB"``, ``"#RRGGBBAA"`` or a CSS colour name (CSS Color 4's
            148 names and ``"transparent"``, in any case). Surrounding spaces are not allowed.
        name: how error messages name the value.

    Raises:
        InvalidArgumentError: anything else, naming the text and the closest CSS name
            (``color: expected "#RGB", ... found 'whtie' (did you mean 'white'?)``).
        InvalidUTF8Error: text with lone surrogates.
        ArgumentTypeError: not a str.
    """
    if not isinstance(text, str):
        raise argument_type_error(f"{name} must be colour text (a str), not {type(text).__name__}")
    try:
        return _parsed(text)
    except InvalidArgumentError as error:
        # The library names its argument "text"; say which of ours it was.
        message = error.message
        if message.startswith("text: "):
            message = message[len("text: "):]
        raise invalid_argument(f"{name}: {message}") from None


def color_components(value: Any, name: str) -> List[float]:
    """A colour argument as its 4 channels: colour text (:func:`parse_color`), or 3 or 4 numbers
    (alpha 1 when left out). Numbers are passed on unchanged: the library checks their range."""
    if isinstance(value, str):
        return list(parse_color(value, name))
    if value is None or isinstance(value, (bytes, bytearray, memoryview)):
        raise argument_type_error(f"{name} must be {_FORMS}, not {type(value).__name__}")
    try:
        items = list(value)
    except TypeError:
        raise argument_type_error(f"{name} must be {_FORMS}, not {type(value).__name__}") from None
    if len(items) == 3:
        items.append(1.0)
    if len(items) != 4:
        raise invalid_argument(f"{name} must have 4 components (r, g, b, a) or 3 (alpha 1), got {len(items)}")
    return [as_double(item, f"{name}[{i}]") for i, item in enumerate(items)]
