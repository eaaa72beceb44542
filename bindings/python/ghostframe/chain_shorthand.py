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

    # -- shorthands -------------------------------------------------------------------------

    def center_by(self, dx: float, dy: float) -> "ViewAnimationChain":
        """Moves the centre (``position``) by (dx, dy)."""
        self._add().center_by(dx, dy)
        return self

    def center_to(self, x: float, y: float) -> "ViewAnimationChain":
        """Moves the centre (``position``) to (x, y)."""
        self._add().center_to(x, y)
        return self

    def size_by(self, dw: float, dh: float) -> "ViewAnimationChain":
        """Grows the size (``bounds.size``) by (dw, dh) about the anchor point."""
        self._add().size_by(dw, dh)
        return self

    def size_to(self, width: float, height: float) -> "ViewAnimationChain":
        """Sizes the layer (``bounds.size``) to (width, height)."""
        self._add().size_to(width, height)
        return self

    def corner_radius_by(self, delta: float) -> "ViewAnimationChain":
        """Changes the corner radius by ``delta``."""
        self._add().corner_radius_by(delta)
        return self

    def corner_radius_to(self, radius: float) -> "ViewAnimationChain":
        """Changes the corner radius to ``radius``."""
        self._add().corner_radius_to(radius)
        return self

    def opacity_by(self, delta: float) -> "ViewAnimationChain":
        """Changes the opacity by ``delta``."""
        self._add().opacity_by(delta)
        return self

    def opacity_to(self, opacity: float) -> "ViewAnimationChain":
        """Changes the opacity to ``opacity``."""
        self._add().opacity_to(opacity)
        return self

    def scale_by(self, delta: float) -> "ViewAnimationChain":
        """Changes the uniform scale (``transform.scale``) by ``delta``."""
        self._add().scale_by(delta)
        return self

    def scale_to(self, scale: float) -> "ViewAnimationChain":
        """Changes the uniform scale (``transform.scale``) to ``scale``."""
        self._add().scale_to(scale)
        return self

    def rotate_by(self, radians: float) -> "ViewAnimationChain":
        """Rotates (``transform.rotation``) by ``radians``."""
        self._add().rotate_by(radians)
        return self

    def translate_by(self, dx: float, dy: float) -> "ViewAnimationChain":
        """Translates (``transform.translation``) by (dx, dy)."""
        self._add().translate_by(dx, dy)
        return self

    def __len__(self) -> int:
        return len(self.chain)

    def __repr__(self) -> str:
        return f"<ViewAnimationChain on {self.chain.layer!r}, {len(self.chain)} shorthands>"
