"""AXAnimationChain's view shorthand (``UIView+AnimationChain``): :class:`ViewAnimationChain`.

The shorthands all run together, each from the begin time ``after`` sets::

    view = gf.ViewAnimationChain("card").spring.center_by(0, 100).ease_out.spring.size_by(100, 100)
    view = view.spring.corner_radius_by(4)   # a value: keep what each step returns
    view.apply(scene)   # three springs, all from t = 0

The original's rules:

- ``spring`` and ``basic`` only choose the kind of the *next* shorthand (basic when neither was
  given since the last shorthand);
- every shorthand (``center_by``, ``size_by``, ``corner_radius_by``, ...) adds a link *combined*
  with the chain's first link (AXAnimationChain's top animator), beginning at the ``after`` time;
- ``after(t)`` adds ``t`` to that time (0 at first; a total below 0 is 0);
- ``duration``, the curves (``ease_out``, ...), ``named`` and ``completion`` apply to the last
  shorthand.

A :class:`ViewAnimationChain` is an immutable value, as :class:`~ghostframe.Chain` is: each step
returns a new one and leaves the one it was read from as it was.

>>> view = ViewAnimationChain("card").opacity_to(0).duration(1).after(0.5).corner_radius_by(4).duration(1)
>>> [(e.name, e.begin, e.end) for e in view.schedule()]
[('opacity', 0.0, 1.0), ('cornerRadius', 0.5, 1.5)]
>>> longer = view.after(1).center_by(0, 10)
>>> len(view), len(longer)
(2, 3)
"""

from __future__ import annotations

import math
from typing import Any, Callable, Dict, Optional

from . import _native
from ._convert import as_double
from .chain import (Chain, ChainCompletion, ChainLink, _completion, _curve_spec, _key_path_width, _non_negative, _text,
                    _vector, _WholeChain)
from .errors import invalid_argument

__all__ = ["ViewAnimationChain"]


class ViewAnimationChain(_WholeChain):
    """AXAnimationChain's view shorthand on the layer ``layer``: an immutable value. Each step
    returns a new ``ViewAnimationChain`` and leaves this one as it was. :attr:`chain` is the
    :class:`~ghostframe.Chain` underneath, for the chain-animator vocabulary. ``apply`` (or
    ``animate``), ``schedule`` and ``advance`` work on that chain. It takes turns between threads
    with its chain (it holds the chain's lock)."""

    __slots__ = ("_kind", "_begin", "_last")

    def __init__(self, layer: str) -> None:
        self._setup(Chain(layer), _native.GF_CHAIN_BASIC, 0.0, None)

    def _setup(self, chain: Chain, kind: int, begin: float, last: Optional[int]) -> None:
        self._chain = chain
        self._lock = chain._lock
        #: The kind of the next shorthand.
        self._kind = kind
        #: The begin time of the shorthands that follow (``after``).
        self._begin = begin
        #: The index of the last shorthand's link.
        self._last = last

    def _with(self, chain: Optional[Chain] = None, kind: Optional[int] = None, begin: Optional[float] = None,
              last: Optional[int] = None) -> "ViewAnimationChain":
        """A new value: this one with the given parts changed."""
        new = object.__new__(type(self))  # not Serialised.__new__: it takes its chain's lock
        new._setup(self._chain if chain is None else chain, self._kind if kind is None else kind,
                   self._begin if begin is None else begin, self._last if last is None else last)
        return new

    # -- kind and time ----------------------------------------------------------------------

    @property
    def spring(self) -> "ViewAnimationChain":
        """A value whose next shorthand is a spring (CASpringAnimation)."""
        return self._with(kind=_native.GF_CHAIN_SPRING)

    @property
    def basic(self) -> "ViewAnimationChain":
        """A value whose next shorthand is a basic animation (the default)."""
        return self._with(kind=_native.GF_CHAIN_BASIC)

    def after(self, seconds: float) -> "ViewAnimationChain":
        """Moves the begin time of the shorthands that follow by ``seconds`` (finite); the total
        is held at 0 or more, as AXAnimationChain's ``after``."""
        value = as_double(seconds, "after")
        if not math.isfinite(value):
            raise invalid_argument(f"after({value}) must be finite")
        return self._with(begin=max(self._begin + value, 0.0))

    def _on_last(self, what: str) -> ChainLink:
        if self._last is None:
            raise invalid_argument(f"{what} needs a shorthand before it (center_by, size_by, ...)")
        return ChainLink._make(self._chain, self._last)

    def _last_changed(self, link: ChainLink) -> "ViewAnimationChain":
        return self._with(chain=link.chain)

    # -- the last shorthand -----------------------------------------------------------------

    # The forwarding methods check their argument first, as ChainLink's do, then that there is a
    # last shorthand.

    def duration(self, seconds: float) -> "ViewAnimationChain":
        """The last shorthand's duration (:meth:`ChainLink.duration`: finite, >= 0)."""
        seconds = _non_negative(seconds, "duration")
        return self._last_changed(self._on_last("duration").duration(seconds))

    def timing(self, spec: str) -> "ViewAnimationChain":
        """The last shorthand's timing curve, as curve spec text, read by the library's parser
        at once (:meth:`ChainLink.timing`)."""
        spec = _curve_spec(spec, "timing")
        return self._last_changed(self._on_last("timing").timing(spec))

    def _curve(self, name: str, spec: str) -> "ViewAnimationChain":
        # A property: reading it must not raise (hasattr, debuggers). Before any shorthand the
        # mistake is kept on the chain and raised when it is used, as the Swift shorthand does.
        if self._last is None:
            return self._with(chain=self._chain._recording(
                f"{name} needs a shorthand before it (center_by, size_by, ...)"))
        return self.timing(spec)

    @property
    def linear(self) -> "ViewAnimationChain":
        """The last shorthand's curve: linear."""
        return self._curve("linear", "linear")

    @property
    def ease_in(self) -> "ViewAnimationChain":
        """The last shorthand's curve: Core Animation's easeIn."""
        return self._curve("ease_in", "easeIn")

    @property
    def ease_out(self) -> "ViewAnimationChain":
        """The last shorthand's curve: Core Animation's easeOut."""
        return self._curve("ease_out", "easeOut")

    @property
    def ease_in_out(self) -> "ViewAnimationChain":
        """The last shorthand's curve: Core Animation's easeInEaseOut."""
        return self._curve("ease_in_out", "easeInEaseOut")

    def named(self, name: str) -> "ViewAnimationChain":
        """The last shorthand's name in schedules and completions (text)."""
        name = _text(name, "name")
        return self._last_changed(self._on_last("named").named(name))

    def completion(self, callback: Callable[[ChainCompletion], Any]) -> "ViewAnimationChain":
        """The last shorthand's completion (:meth:`ChainLink.completion`)."""
        callback = _completion(callback)
        return self._last_changed(self._on_last("completion").completion(callback))

    def _shorthand(self, key_path: str, kind: str, *values: float) -> "ViewAnimationChain":
        chain = self._chain
        what = "to_value" if kind == "to" else "by_value"
        fields: Dict[str, Any] = {
            "begin_time": self._begin, "key_path": key_path, "width": _key_path_width(key_path),
            ("to" if kind == "to" else "by"): _vector(values, what)}
        link = chain._add(self._kind, True, 0, **fields) if len(chain) else chain._add(self._kind, False, **fields)
        return self._with(chain=link.chain, kind=_native.GF_CHAIN_BASIC, last=link.index)

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
        return len(self._chain)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ViewAnimationChain):
            return NotImplemented
        return ((self._kind, self._begin, self._last, self._chain)
                == (other._kind, other._begin, other._last, other._chain))

    def __hash__(self) -> int:
        return hash((self._kind, self._begin, self._last, self._chain))

    def __copy__(self) -> "ViewAnimationChain":
        return self  # a value: a copy would be the same

    def __deepcopy__(self, memo: Any) -> "ViewAnimationChain":
        return self

    def __repr__(self) -> str:
        return f"<ViewAnimationChain on {self._chain.layer!r}, {len(self._chain)} shorthands>"
