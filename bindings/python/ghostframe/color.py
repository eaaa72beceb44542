"""Colours: :func:`parse_color`, the library's one colour parser (``gf_color_parse``).

Every colour argument of the package (a layer's ``background_color`` and gradient colours, a
``backgroundColor`` animation value, the preload overlay's and pull-to-refresh control's colours,
a skeleton effect's result) takes ``(r, g, b)`` or ``(r, g, b, a)`` in [0, 1], or colour text read
by the library, exactly as the scene and view-tree formats read it: ``"#RGB"``, ``"#RRGGBB"``,
``"#RRGGBBAA"`` (hex digits in either case) or a CSS colour name in any case (``"white"``,
``"CornflowerBlue"``, ``"transparent"``).

The parser and the conversion of colour arguments live with the package's other argument
conversions (``ghostframe._convert``); this module is their public name.

>>> parse_color("#F00")
(1.0, 0.0, 0.0, 1.0)
>>> parse_color("transparent")
(0.0, 0.0, 0.0, 0.0)
>>> [round(c, 4) for c in parse_color("CornflowerBlue")]
[0.3922, 0.5843, 0.9294, 1.0]
"""

from __future__ import annotations

from ._convert import RGBA, ColorLike, parse_color

__all__ = ["parse_color", "ColorLike", "RGBA"]
