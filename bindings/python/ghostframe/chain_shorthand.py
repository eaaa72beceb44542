"""AXAnimationChain's view shorthand (``UIView+AnimationChain``): :class:`ViewAnimationChain`.

The shorthands all run together, each from the begin time ``after`` sets::

    view = gf.ViewAnimationChain("card")
    view.spring.center_by(0, 100).ease_out.spring.size_by(100, 100).spring.corner_radius_by(4)
    view.apply(scene)   # three springs, all from t = 0

The original's rules:

- ``spring`` and ``basic`` only choose the kind of the *next* shorthand (basic when neither was
  given since the last shorthand);
- every shorthand (``center_by``, ``size_by``, ``corner_radius_by``, ...) adds a link *combined*
  with the chain's first link (AXAnimationChain's top animator), beginning at the ``after`` time;
- ``after(t)`` adds ``t`` to that time (0 at first; a total below 0 is 0);
- ``duration``, the curves (``ease_out``, ...), ``named`` and ``completion`` apply to the last
  shorthand.

>>> view = ViewAnimationChain("card").opacity_to(0).duration(1).after(0.5).corner_radius_by(4).duration(1)
>>> [(e.name, e.begin, e.end) for e in view.schedule()]
[('opacity', 0.0, 1.0), ('cornerRadius', 0.5, 1.5)]
"""

from __future__ import annotations

import math
from typing import Any, Callable, Optional

from . import _native
from ._convert import as_double
from .chain import Chain, ChainCompletion, ChainLink, _WholeChain
from .errors import invalid_argument

__all__ = ["ViewAnimationChain"]


class ViewAnimationChain(_WholeChain):
    """AXAnimationChain's view shorthand on the layer ``layer``; :attr:`chain` is the
    :class:`~ghostframe.Chain` underneath, for the chain-animator vocabulary. ``apply`` (or
    ``animate``), ``schedule`` and ``advance`` work on that chain. It takes turns between threads
    with its chain (it holds the chain's lock)."""

    __slots__ = ("chain", "_kind", "_begin", "_last")

    def __init__(self, layer: str) -> None:
        #: The chain the shorthands add to.
        self.chain = Chain(layer)
        self._lock = self.chain._lock
        self._kind = _native.GF_CHAIN_BASIC
        self._begin = 0.0
        self._last: Optional[ChainLink] = None

    # -- kind and time ----------------------------------------------------------------------

    @property
    def spring(self) -> "ViewAnimationChain":
        """Makes the next shorthand a spring (CASpringAnimation)."""
        self._kind = _native.GF_CHAIN_SPRING
        return self

    @property
    def basic(self) -> "ViewAnimationChain":
        """Makes the next shorthand a basic animation (the default)."""
        self._kind = _native.GF_CHAIN_BASIC
        return self

    def after(self, seconds: float) -> "ViewAnimationChain":
        """Moves the begin time of the shorthands that follow by ``seconds`` (finite); the total
        is held at 0 or more, as AXAnimationChain's ``after``."""
        value = as_double(seconds, "after")
        if not math.isfinite(value):
            raise invalid_argument(f"after({value}) must be finite")
        self._begin = max(self._begin + value, 0.0)
        return self

    def _add(self) -> ChainLink:
        chain = self.chain
        link = chain._add(self._kind, True, 0) if len(chain) else chain._add(self._kind, False)
        link.begin_time(self._begin)
        self._kind = _native.GF_CHAIN_BASIC
        self._last = link
        return link

    def _on_last(self, what: str) -> ChainLink:
        if self._last is None:
            raise invalid_argument(f"{what} needs a shorthand before it (center_by, size_by, ...)")
        return self._last

    # -- the last shorthand -----------------------------------------------------------------

    def duration(self, seconds: float) -> "ViewAnimationChain":
        """The last shorthand's duration (:meth:`ChainLink.duration`)."""
        self._on_last("duration").duration(seconds)
        return self

    def timing(self, spec: str) -> "ViewAnimationChain":
        """The last shorthand's timing curve, as curve spec text."""
        self._on_last("timing").timing(spec)
        return self

    @property
    def linear(self) -> "ViewAnimationChain":
        """The last shorthand's curve: linear."""
        return self.timing("linear")

    @property
    def ease_in(self) -> "ViewAnimationChain":
        """The last shorthand's curve: Core Animation's easeIn."""
        return self.timing("easeIn")

    @property
    def ease_out(self) -> "ViewAnimationChain":
        """The last shorthand's curve: Core Animation's easeOut."""
        return self.timing("easeOut")

    @property
    def ease_in_out(self) -> "ViewAnimationChain":
        """The last shorthand's curve: Core Animation's easeInEaseOut."""
        return self.timing("easeInEaseOut")

    def named(self, name: str) -> "ViewAnimationChain":
        """The last shorthand's name in schedules and completions."""
        self._on_last("named").named(name)
        return self

    def completion(self, callback: Callable[[ChainCompletion], Any]) -> "ViewAnimationChain":
        """The last shorthand's completion (:meth:`ChainLink.completion`)."""
        self._on_last("completion").completion(callback)
        return self

    def _shorthand(self, key_path: str, kind: str, *values: float) -> "ViewAnimationChain":
        link = self._add().key_path(key_path)
        if kind == "to":
            link.to_value(*values)
        else:
            link.by_value(*values)
        return self

    # -- shorthands: frame and origin ------------------------------------------------------

    def origin_to(self, x: float, y: float) -> "ViewAnimationChain":
        """Moves the frame's origin to (x, y); the size stays (``frame.origin``)."""
        return self._shorthand("frame.origin", "to", x, y)

    def origin_x_to(self, x: float) -> "ViewAnimationChain":
        """Moves the frame's origin x to ``x``."""
        return self._shorthand("frame.origin.x", "to", x)

    def origin_y_to(self, y: float) -> "ViewAnimationChain":
        """Moves the frame's origin y to ``y``."""
        return self._shorthand("frame.origin.y", "to", y)

    def origin_by(self, dx: float, dy: float) -> "ViewAnimationChain":
        """Moves the frame's origin by (dx, dy)."""
        return self._shorthand("frame.origin", "by", dx, dy)

    def origin_x_by(self, dx: float) -> "ViewAnimationChain":
        """Moves the frame's origin x by ``dx``."""
        return self._shorthand("frame.origin.x", "by", dx)

    def origin_y_by(self, dy: float) -> "ViewAnimationChain":
        """Moves the frame's origin y by ``dy``."""
        return self._shorthand("frame.origin.y", "by", dy)

    def frame_to(self, x: float, y: float, width: float, height: float) -> "ViewAnimationChain":
        """Animates the frame to (x, y, width, height): one ``frame`` link ending on that rect."""
        return self._shorthand("frame", "to", x, y, width, height)

    def frame_by(self, dx: float, dy: float, dw: float, dh: float) -> "ViewAnimationChain":
        """Changes the frame by (dx, dy, dw, dh)."""
        return self._shorthand("frame", "by", dx, dy, dw, dh)

    def bounds_to(self, x: float, y: float, width: float, height: float) -> "ViewAnimationChain":
        """Sizes the bounds to (width, height) about the anchor point (``bounds``; the origin must be 0)."""
        return self._shorthand("bounds", "to", x, y, width, height)

    def bounds_by(self, dx: float, dy: float, dw: float, dh: float) -> "ViewAnimationChain":
        """Grows the bounds by (dw, dh) about the anchor point (``bounds``; the origin change must be 0)."""
        return self._shorthand("bounds", "by", dx, dy, dw, dh)

    # -- shorthands: centre ----------------------------------------------------------------

    def center_to(self, x: float, y: float) -> "ViewAnimationChain":
        """Moves the centre (``position``) to (x, y)."""
        return self._shorthand("position", "to", x, y)

    def center_x_to(self, x: float) -> "ViewAnimationChain":
        """Moves the centre's x (``position.x``) to ``x``."""
        return self._shorthand("position.x", "to", x)

    def center_y_to(self, y: float) -> "ViewAnimationChain":
        """Moves the centre's y (``position.y``) to ``y``."""
        return self._shorthand("position.y", "to", y)

    def center_by(self, dx: float, dy: float) -> "ViewAnimationChain":
        """Moves the centre (``position``) by (dx, dy)."""
        return self._shorthand("position", "by", dx, dy)

    def center_x_by(self, dx: float) -> "ViewAnimationChain":
        """Moves the centre's x (``position.x``) by ``dx``."""
        return self._shorthand("position.x", "by", dx)

    def center_y_by(self, dy: float) -> "ViewAnimationChain":
        """Moves the centre's y (``position.y``) by ``dy``."""
        return self._shorthand("position.y", "by", dy)

    # -- shorthands: size ------------------------------------------------------------------

    def size_to(self, width: float, height: float) -> "ViewAnimationChain":
        """Sizes the layer (``bounds.size``) to (width, height) about the anchor point."""
        return self._shorthand("bounds.size", "to", width, height)

    def width_to(self, width: float) -> "ViewAnimationChain":
        """Sizes the width (``bounds.size.width``) about the anchor point."""
        return self._shorthand("bounds.size.width", "to", width)

    def height_to(self, height: float) -> "ViewAnimationChain":
        """Sizes the height (``bounds.size.height``) about the anchor point."""
        return self._shorthand("bounds.size.height", "to", height)

    def size_by(self, dw: float, dh: float) -> "ViewAnimationChain":
        """Grows the size (``bounds.size``) by (dw, dh) about the anchor point."""
        return self._shorthand("bounds.size", "by", dw, dh)

    def width_by(self, dw: float) -> "ViewAnimationChain":
        """Grows the width (``bounds.size.width``) by ``dw`` about the anchor point."""
        return self._shorthand("bounds.size.width", "by", dw)

    def height_by(self, dh: float) -> "ViewAnimationChain":
        """Grows the height (``bounds.size.height``) by ``dh`` about the anchor point."""
        return self._shorthand("bounds.size.height", "by", dh)

    # -- shorthands: appearance ------------------------------------------------------------

    def opacity_to(self, opacity: float) -> "ViewAnimationChain":
        """Changes the opacity to ``opacity``."""
        return self._shorthand("opacity", "to", opacity)

    def opacity_by(self, delta: float) -> "ViewAnimationChain":
        """Changes the opacity by ``delta``."""
        return self._shorthand("opacity", "by", delta)

    def corner_radius_to(self, radius: float) -> "ViewAnimationChain":
        """Changes the corner radius to ``radius``."""
        return self._shorthand("cornerRadius", "to", radius)

    def corner_radius_by(self, delta: float) -> "ViewAnimationChain":
        """Changes the corner radius by ``delta``."""
        return self._shorthand("cornerRadius", "by", delta)

    def background_color_to(self, red: float, green: float, blue: float, alpha: float) -> "ViewAnimationChain":
        """Changes the background colour to (red, green, blue, alpha), each in [0, 1]."""
        return self._shorthand("backgroundColor", "to", red, green, blue, alpha)

    def background_color_by(self, red: float, green: float, blue: float, alpha: float) -> "ViewAnimationChain":
        """Changes the background colour by (red, green, blue, alpha) added."""
        return self._shorthand("backgroundColor", "by", red, green, blue, alpha)

    # -- shorthands: transform and anchor --------------------------------------------------

    def scale_to(self, scale: float) -> "ViewAnimationChain":
        """Changes the uniform scale (``transform.scale``) to ``scale``."""
        return self._shorthand("transform.scale", "to", scale)

    def scale_x_to(self, scale: float) -> "ViewAnimationChain":
        """Changes the horizontal scale (``transform.scale.x``) to ``scale``."""
        return self._shorthand("transform.scale.x", "to", scale)

    def scale_y_to(self, scale: float) -> "ViewAnimationChain":
        """Changes the vertical scale (``transform.scale.y``) to ``scale``."""
        return self._shorthand("transform.scale.y", "to", scale)

    def scale_by(self, delta: float) -> "ViewAnimationChain":
        """Changes the uniform scale (``transform.scale``) by ``delta``."""
        return self._shorthand("transform.scale", "by", delta)

    def scale_x_by(self, delta: float) -> "ViewAnimationChain":
        """Changes the horizontal scale by ``delta``."""
        return self._shorthand("transform.scale.x", "by", delta)

    def scale_y_by(self, delta: float) -> "ViewAnimationChain":
        """Changes the vertical scale by ``delta``."""
        return self._shorthand("transform.scale.y", "by", delta)

    def rotate_to(self, radians: float) -> "ViewAnimationChain":
        """Rotates (``transform.rotation``) to ``radians``."""
        return self._shorthand("transform.rotation", "to", radians)

    def rotate_by(self, radians: float) -> "ViewAnimationChain":
        """Rotates (``transform.rotation``) by ``radians``."""
        return self._shorthand("transform.rotation", "by", radians)

    def translate_to(self, x: float, y: float) -> "ViewAnimationChain":
        """Translates (``transform.translation``) to (x, y)."""
        return self._shorthand("transform.translation", "to", x, y)

    def translate_x_to(self, x: float) -> "ViewAnimationChain":
        """Translates along x to ``x``."""
        return self._shorthand("transform.translation.x", "to", x)

    def translate_y_to(self, y: float) -> "ViewAnimationChain":
        """Translates along y to ``y``."""
        return self._shorthand("transform.translation.y", "to", y)

    def translate_by(self, dx: float, dy: float) -> "ViewAnimationChain":
        """Translates (``transform.translation``) by (dx, dy)."""
        return self._shorthand("transform.translation", "by", dx, dy)

    def translate_x_by(self, dx: float) -> "ViewAnimationChain":
        """Translates along x by ``dx``."""
        return self._shorthand("transform.translation.x", "by", dx)

    def translate_y_by(self, dy: float) -> "ViewAnimationChain":
        """Translates along y by ``dy``."""
        return self._shorthand("transform.translation.y", "by", dy)

    def anchor_to(self, x: float, y: float) -> "ViewAnimationChain":
        """Moves the anchor point to (x, y) in unit coordinates; the position stays."""
        return self._shorthand("anchorPoint", "to", x, y)

    def anchor_by(self, dx: float, dy: float) -> "ViewAnimationChain":
        """Moves the anchor point by (dx, dy) in unit coordinates."""
        return self._shorthand("anchorPoint", "by", dx, dy)

    def __len__(self) -> int:
        return len(self.chain)

    def __repr__(self) -> str:
        return f"<ViewAnimationChain on {self.chain.layer!r}, {len(self.chain)} shorthands>"
