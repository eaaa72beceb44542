"""Colours: :func:`parse_color`, the library's one colour parser (``gf_color_parse``).

Every colour argument of the package (a layer's ``background_color`` and gradient colours, a
``backgroundColor`` animation value, the preload overlay's and pull-to-refresh control's colours,
a skeleton effect's result) takes ``(r, g, b)`` or ``(r, g, b, a)`` in [0, 1], or colour text read
by the library, exactly as the scene and view-tree formats read it: ``"#RGB"``, ``"#RRGGBB"``,
``"#RRGGBBAA"`` (hex digits in either case) or a CSS colour name in any case (``"white"``,
``"CornflowerBlue"``, ``"transparent"``).

>>> parse_color("#F00")
(1.0, 0.0, 0.0, 1.0)
>>> parse_color("transparent")
(0.0, 0.0, 0.0, 0.0)
>>> [round(c, 4) for c in parse_color("CornflowerBlue")]
[0.3922, 0.5843, 0.9294, 1.0]
"""

from __future__ import annotations

import functools
from ctypes import c_double
from typing import Any, List, Sequence, Tuple, Union

from ._convert import as_double
from ._native import lib
from .errors import InvalidArgumentError, argument_type_error, invalid_argument

__all__ = ["parse_color", "ColorLike", "RGBA"]

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
